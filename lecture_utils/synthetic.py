r"""Synthetic labelled data, drawn from seeded generators: classes whose true model is known.

===========================  ================================================
`make_gaussian_classes`      one Gaussian per class, :math:`x = \mu_k + L_k z`
`make_exponential_classes`   independent exponential features whose mean
                             depends on the class: the logistic model is exact,
                             every Gaussian model is wrong
===========================  ================================================

For the exponential classes the exact log-odds (`exponential_log_odds`), the error
of a threshold on the feature sum (`exponential_threshold_error`) and the Bayes
rule's threshold (`exponential_bayes_threshold`) are known in closed form, so a
learning curve can be compared with the Bayes error.

Every ``random_state`` is a seed (or Generator) for ``numpy.random.default_rng``.
"""

import numpy as np
from scipy.stats import gamma

from .datasets import Dataset
from .validation import check_gaussian_parameters, check_number, check_random_state, plain


def make_gaussian_classes(means, covariances, n_per_class, random_state=None, labels=None):
    r"""Draw a labelled sample with one Gaussian per class: :math:`x = \mu_k + L_k z`.

    Here :math:`\Sigma_k = L_k L_k^T` is the Cholesky factorisation of class
    ``k``'s covariance and :math:`z \sim N(0, I)`. The rows come class by class.

    Parameters
    ----------
    means : array-like of shape (n_classes, n_features)
    covariances : array-like of shape (n_classes, n_features, n_features)
    n_per_class : int or sequence of int
        Samples of each class (one number for all classes, or one per class).
    random_state : None, int or numpy Generator, default=None
        Seed for ``numpy.random.default_rng``; the same seed gives the same sample.
    labels : sequence, default=None
        The class labels; ``0, 1, ..., n_classes - 1`` by default.

    Returns
    -------
    Dataset
        Features named ``x1, x2, ...``; target named ``class``; unpacks as ``X, y``.

    Examples
    --------
    >>> data = make_gaussian_classes([[0, 0], [3, 3]], [np.eye(2), np.eye(2)], 5, random_state=0)
    >>> data.X.shape, data.y.tolist()
    ((10, 2), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1])
    """
    means, factors = check_gaussian_parameters(means, covariances)
    n_classes, n_features = means.shape
    counts = np.asarray(n_per_class)
    if counts.ndim == 0:
        counts = np.full(n_classes, counts)
    if counts.shape != (n_classes,) or counts.dtype.kind not in "iu" or np.any(counts < 1):
        raise ValueError(
            f"n_per_class must be a positive integer or one per class; got "
            f"{plain(n_per_class)!r}."
        )
    labels = np.arange(n_classes) if labels is None else np.asarray(labels)
    if labels.shape != (n_classes,) or np.unique(labels).size != n_classes:
        raise ValueError(
            f"labels must be {n_classes} distinct values, one per class; got {labels.tolist()}."
        )
    rng = check_random_state(random_state)
    X = np.concatenate([
        means[k] + rng.standard_normal((counts[k], n_features)) @ factors[k].T
        for k in range(n_classes)
    ])
    return Dataset(
        X=X,
        y=np.repeat(labels, counts),
        feature_names=tuple(f"x{j + 1}" for j in range(n_features)),
        target_name="class",
    )


def make_exponential_classes(n_samples, n_features=10, mean_ratio=3.0, random_state=None):
    r"""A two-class sample that logistic regression models exactly and a Gaussian does not.

    The classes are equally likely, and given the class the features are
    independent exponential waiting times, with mean 1 in class 0 and mean
    :math:`r` (``mean_ratio``) in class 1:
    :math:`f(x_j \mid y) = \lambda_y e^{-\lambda_y x_j}`, :math:`\lambda_0 = 1`,
    :math:`\lambda_1 = 1/r`. Their log-odds are linear in :math:`x`,

    .. math::

        \log\frac{P(y = 1 \mid x)}{P(y = 0 \mid x)} = \sum_{j=1}^{d}
            \Big(\log\frac{1}{r} + \big(1 - \tfrac{1}{r}\big)\,x_j\Big)

    (see `exponential_log_odds`), so the logistic model holds exactly and the
    Bayes classifier is linear; but the class densities are skewed and their
    variances differ (:math:`1` and :math:`r^2`), so every Gaussian model is wrong.

    Parameters
    ----------
    n_samples : int
    n_features : int, default=10
    mean_ratio : float, default=3.0
        :math:`r > 0`, the mean of every feature in class 1.
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    Dataset
        ``X`` of shape (n_samples, n_features), ``y`` of int labels 0 and 1;
        unpacks as ``X, y``.

    Examples
    --------
    >>> X, y = make_exponential_classes(4, n_features=2, random_state=0)
    >>> X.shape, sorted(set(y.tolist())) <= [0, 1]
    ((4, 2), True)
    """
    n_samples = check_number("n_samples", n_samples, minimum=1, integer=True)
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    rng = check_random_state(random_state)
    y = rng.integers(0, 2, n_samples)
    means = np.where(y == 1, mean_ratio, 1.0)[:, None]
    return Dataset(X=rng.exponential(1.0, (n_samples, n_features)) * means, y=y,
                   feature_names=tuple(f"x{j + 1}" for j in range(n_features)),
                   target_name="class")


def exponential_log_odds(X, mean_ratio=3.0):
    r"""The exact log-odds :math:`\log P(y=1 \mid x) - \log P(y=0 \mid x)` of
    `make_exponential_classes` (positive: the Bayes decision is class 1).

    .. math::

        \sum_j \Big(\log\frac{1}{r} + \big(1 - \tfrac{1}{r}\big)\,x_j\Big)
    """
    X = np.asarray(X, dtype=float)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    return np.sum(-np.log(mean_ratio) + (1.0 - 1.0 / mean_ratio) * X, axis=1)


def exponential_threshold_error(threshold, n_features=10, mean_ratio=3.0):
    r"""Population error of the rule "class 1 if :math:`\sum_j x_j > t`" on
    `make_exponential_classes`.

    Given the class, the sum of :math:`d` independent exponential features with
    mean :math:`\mu_y` is Gamma-distributed with shape :math:`d` and scale
    :math:`\mu_y` (:math:`\mu_0 = 1`, :math:`\mu_1 = r`), and the classes are
    equally likely, so

    .. math::

        \operatorname{err}(t) = \tfrac12 P\big(\Gamma(d, 1) > t\big)
            + \tfrac12 P\big(\Gamma(d, r) \le t\big).

    Parameters
    ----------
    threshold : float or array-like
        :math:`t`, the threshold on the sum of the features.
    n_features : int, default=10
    mean_ratio : float, default=3.0
        :math:`r > 0`.

    Returns
    -------
    float or ndarray
        One error per threshold.
    """
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    threshold = np.asarray(threshold, dtype=float)
    if not np.all(np.isfinite(threshold)):
        raise ValueError("threshold must be finite (no NaN or inf).")
    error = (0.5 * gamma.sf(threshold, n_features, scale=1.0)
             + 0.5 * gamma.cdf(threshold, n_features, scale=mean_ratio))
    return float(error) if error.ndim == 0 else error


def exponential_bayes_threshold(n_features=10, mean_ratio=3.0):
    r"""The Bayes rule's threshold on :math:`\sum_j x_j` for `make_exponential_classes`.

    The exact log-odds :math:`d\log\frac1r + (1 - \frac1r)\sum_j x_j`
    (`exponential_log_odds`) are positive when

    .. math::

        \sum_j x_j > t^* = \frac{d\log r}{1 - 1/r}
        \qquad (r > 1;\ \text{for } r < 1 \text{ the rule flips to } \sum_j x_j < t^*).

    The Bayes error is then ``exponential_threshold_error(t*)``.

    Parameters
    ----------
    n_features : int, default=10
    mean_ratio : float, default=3.0
        :math:`r > 1`, the class-1 mean.

    Returns
    -------
    float
    """
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=1.0, inclusive=False)
    return float(n_features * np.log(mean_ratio) / (1.0 - 1.0 / mean_ratio))
