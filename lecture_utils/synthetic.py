r"""Synthetic labelled data, drawn from seeded generators: classes whose true model is known.

===========================  ================================================
`make_gaussian_classes`      one Gaussian per class, :math:`x = \mu_k + L_k z`
`make_exponential_classes`   independent exponential features whose mean
                             depends on the class: the logistic model is exact,
                             every Gaussian model is wrong
`make_cat_shelter`           the shelter cats: three categorical features,
                             independent given the sex (`cat_shelter_probabilities`)
===========================  ================================================

For the exponential classes the exact log-odds (`exponential_log_odds`), the error
of a threshold on the feature sum (`exponential_threshold_error`) and the Bayes
rule's threshold (`exponential_bayes_threshold`) are known in closed form, so a
learning curve can be compared with the Bayes error. For the shelter cats the best
achievable accuracy is exact too (`cat_shelter_best_accuracy`).

Every ``random_state`` is a seed (or Generator) for ``numpy.random.default_rng``.
"""

from itertools import product

import numpy as np
from scipy.stats import gamma

from .datasets import CAT_SHELTER_CATEGORIES, Dataset
from .gaussian import log_class_density
from .validation import check_gaussian_parameters, check_number, check_random_state


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
    counts = np.asarray(n_per_class if np.ndim(n_per_class) else [n_per_class] * n_classes)
    if counts.shape != (n_classes,) or counts.dtype.kind not in "iu" or np.any(counts < 1):
        raise ValueError(f"n_per_class must be a positive integer or one per class; got "
                         f"{np.asarray(n_per_class).tolist()!r}.")
    labels = np.arange(n_classes) if labels is None else np.asarray(labels)
    if labels.shape != (n_classes,) or np.unique(labels).size != n_classes:
        raise ValueError(f"labels must be {n_classes} distinct values, one per class; got "
                         f"{labels.tolist()}.")
    rng = check_random_state(random_state)
    X = np.concatenate([means[k] + rng.standard_normal((counts[k], n_features)) @ factors[k].T
                        for k in range(n_classes)])
    return _numbered(X, np.repeat(labels, counts))


def _numbered(X, y):
    """A `Dataset` whose features are named ``x1, x2, ...`` and whose target ``class``."""
    return Dataset(X, y, tuple(f"x{j + 1}" for j in range(X.shape[1])), "class")


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
    return _numbered(rng.exponential(1.0, (n_samples, n_features)) * means, y)


def exponential_log_odds(X, mean_ratio=3.0):
    r"""The exact log-odds :math:`\log P(y=1 \mid x) - \log P(y=0 \mid x)` of
    `make_exponential_classes` (positive: the Bayes decision is class 1).

    .. math::

        \sum_j \Big(\log\frac{1}{r} + \big(1 - \tfrac{1}{r}\big)\,x_j\Big)

    Examples
    --------
    >>> exponential_log_odds([[0.0, 0.0], [3.0, 3.0]], mean_ratio=3.0).round(3)
    array([-2.197,  1.803])
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

    Examples
    --------
    >>> round(exponential_threshold_error(exponential_bayes_threshold()), 4)   # the Bayes error
    0.0438
    """
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    threshold = np.asarray(threshold, dtype=float)
    if not np.all(np.isfinite(threshold)):
        raise ValueError("threshold must be finite (no NaN or inf).")
    error = 0.5 * gamma.sf(threshold, n_features) + 0.5 * gamma.cdf(threshold, n_features,
                                                                     scale=mean_ratio)
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

    Examples
    --------
    >>> round(exponential_bayes_threshold(n_features=1, mean_ratio=3.0), 4)     # 1.5 log 3
    1.6479
    """
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=1.0, inclusive=False)
    return float(n_features * np.log(mean_ratio) / (1.0 - 1.0 / mean_ratio))


#: The sexes of the shelter cats and their probabilities (`make_cat_shelter`).
CAT_SHELTER_SEXES = ("female", "male")
CAT_SHELTER_SEX_PROBABILITIES = (0.5, 0.5)

#: The model that drew the shelter cats of ``data/cat_shelter.csv``, the one place its numbers
#: are written: ``{feature: {sex: P(value | sex)}}``, the values in the order of
#: `lecture_utils.datasets.CAT_SHELTER_CATEGORIES`. Each feature is drawn independently given
#: the sex, so naive Bayes is the right model. The numbers are illustrative, not measured:
#: calico cats are almost always female (a male calico is about one in three thousand) and
#: orange cats are more often male (the colour is carried on the X chromosome); males tend to
#: be larger; coat length does not depend on sex.
_SHELTER_PROBABILITIES = {
    "fur": {"female": (0.35, 0.10, 0.30, 0.25), "male": (0.35, 0.3497, 0.30, 0.0003)},
    "size": {"female": (0.50, 0.40, 0.10), "male": (0.15, 0.45, 0.40)},
    "coat": {"female": (0.75, 0.25), "male": (0.75, 0.25)},
}


def make_cat_shelter(n_cats=300, random_state=None):
    r"""Draw shelter cats from their model: a sex, then each feature given the sex.

    .. math::

        y_n \sim \mathrm{Cat}(P(\text{female}), P(\text{male})), \qquad
        x_{n,d} \mid y_n = k \;\sim\; \mathrm{Cat}(\boldsymbol\pi^{(d)}_k)
        \quad \text{independently for } d = \text{fur, size, coat},

    with the probabilities of `cat_shelter_probabilities`. ``make_cat_shelter(300, 0)``
    gives the cats of ``data/cat_shelter.csv`` (`lecture_utils.datasets.load_cat_shelter`);
    other seeds give fresh shelters from the same model.

    Parameters
    ----------
    n_cats : int, default=300
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    Dataset
        ``X`` has three columns of strings (fur, size, coat), ``y`` is ``"female"`` or
        ``"male"``; unpacks as ``X, y``.

    Examples
    --------
    >>> make_cat_shelter(3, random_state=1).X.tolist()
    [['black', 'medium', 'long'], ['orange', 'medium', 'short'], ['calico', 'medium', 'short']]
    """
    n_cats = check_number("n_cats", n_cats, minimum=1, integer=True)
    rng = check_random_state(random_state)
    sex = rng.choice(np.array(CAT_SHELTER_SEXES), size=n_cats, p=CAT_SHELTER_SEX_PROBABILITIES)
    X = np.empty((n_cats, len(CAT_SHELTER_CATEGORIES)), dtype=object)
    for d, (feature, categories) in enumerate(CAT_SHELTER_CATEGORIES.items()):
        for label in CAT_SHELTER_SEXES:
            rows = sex == label
            X[rows, d] = rng.choice(np.array(categories), size=int(rows.sum()),
                                    p=_SHELTER_PROBABILITIES[feature][label])
    return Dataset(X.astype(str), sex.astype(str), tuple(CAT_SHELTER_CATEGORIES), "sex")


def cat_shelter_probabilities():
    r"""The probabilities :math:`\pi^{(d)}_{k,v} = P(x_{[d]} = v \mid y = k)` that drew the
    shelter cats.

    Returns
    -------
    dict
        ``{feature: {sex: ndarray of P(value | sex)}}``, the values in the order of
        `lecture_utils.datasets.CAT_SHELTER_CATEGORIES`, for ``sex`` in ``("female", "male")``.

    Examples
    --------
    >>> cat_shelter_probabilities()["size"]["male"].tolist()
    [0.15, 0.45, 0.4]
    """
    return {feature: {sex: np.array(p) for sex, p in by_sex.items()}
            for feature, by_sex in _SHELTER_PROBABILITIES.items()}


def cat_shelter_true_log_ratios():
    r"""The true llr term of every value of every shelter-cat feature (not estimated).

    .. math::

        w^{(d)}_v = \log P(x_{[d]} = v \mid \text{male}) - \log P(x_{[d]} = v \mid \text{female}),

    what a fitted ``CategoricalClassifier``'s ``llr_coefficients().b`` estimate (classes
    female, male).

    Returns
    -------
    dict
        ``{feature: ndarray}``, the values in the order of
        `lecture_utils.datasets.CAT_SHELTER_CATEGORIES`.

    Examples
    --------
    >>> cat_shelter_true_log_ratios()["coat"].tolist()
    [0.0, 0.0]
    """
    return {feature: np.log(p["male"] / p["female"])
            for feature, p in cat_shelter_probabilities().items()}


def _true_joint(X, features):
    """``P(y = k) * prod_d pi_d[k, x_d]`` of each row of ``X``, for the two sexes."""
    if not len(features) or any(name not in CAT_SHELTER_CATEGORIES for name in features):
        raise ValueError(f"features must name some of {list(CAT_SHELTER_CATEGORIES)}; got "
                         f"{list(features)}.")
    X = np.asarray(X, dtype=object)
    if X.ndim != 2 or X.shape[1] != len(features):
        raise ValueError(f"X must be 2-D with one column per feature ({len(features)}: "
                         f"{list(features)}); got shape {X.shape}.")
    joint = np.tile(CAT_SHELTER_SEX_PROBABILITIES, (X.shape[0], 1))
    for values, name in zip(X.T.tolist(), features, strict=True):
        by_sex = [_SHELTER_PROBABILITIES[name][sex] for sex in CAT_SHELTER_SEXES]
        by_value = dict(zip(CAT_SHELTER_CATEGORIES[name], zip(*by_sex, strict=True), strict=True))
        unknown = sorted(set(map(str, values)) - set(by_value))
        if unknown:
            raise ValueError(f"feature {name!r} has values {unknown} not among {list(by_value)}.")
        joint = joint * np.array([by_value[value] for value in values])
    return joint


def cat_shelter_bayes_decisions(X, features=("fur", "size", "coat")):
    r"""The Bayes rule's sex for each shelter cat, from the true probabilities (nothing
    estimated).

    .. math::

        \hat y(x) = \arg\max_k \; P(y = k) \prod_{d \in \text{features}} \pi^{(d)}_{k, x_{[d]}}

    (a tie goes to the first sex, female). Its expected accuracy on new cats is
    `cat_shelter_best_accuracy`; on a finite sample its accuracy scatters around that.

    Parameters
    ----------
    X : array-like of shape (n_cats, len(features))
        Row :math:`n`: the values of ``features`` of cat :math:`n`, in that order.
    features : sequence of str, default=("fur", "size", "coat")
        Names from `lecture_utils.datasets.CAT_SHELTER_CATEGORIES`.

    Returns
    -------
    ndarray of str, shape (n_cats,)
        ``"female"`` or ``"male"``.

    Examples
    --------
    >>> cat_shelter_bayes_decisions([["orange", "large"], ["calico", "large"]],
    ...                             ["fur", "size"]).tolist()
    ['male', 'female']
    """
    return np.array(CAT_SHELTER_SEXES)[np.argmax(_true_joint(X, features), axis=1)]


def cat_shelter_best_accuracy(features=("fur", "size", "coat")):
    r"""The best accuracy any classifier can reach on shelter cats described by ``features``:
    one minus the Bayes error of the model that drew them.

    The Bayes rule (`cat_shelter_bayes_decisions`) gives each combination :math:`x` of
    values the sex with the largest joint probability, and is right with that probability:

    .. math::

        \text{accuracy}^* = \sum_{x} \max_k \; P(y = k) \prod_{d \in \text{features}}
        \pi^{(d)}_{k, x_{[d]}}

    (the sum runs over all combinations of the features' values). A sample's accuracy can
    exceed it by luck; the expected accuracy of a classifier on new cats cannot.

    Parameters
    ----------
    features : sequence of str, default=("fur", "size", "coat")

    Returns
    -------
    float

    Examples
    --------
    >>> round(cat_shelter_best_accuracy(["coat"]), 3)     # coat says nothing about sex
    0.5
    """
    every_cat = list(product(*(CAT_SHELTER_CATEGORIES.get(name, ()) for name in features)))
    return float(_true_joint(every_cat, features).max(axis=1).sum())   # checks the features


def gaussian_bayes_error(means, covariances, *, n_samples=100_000, random_state=None):
    r"""The Bayes error of Gaussian classes, estimated by Monte Carlo, with its standard error.

    The :math:`K` classes are equally likely, :math:`\pi_k = 1/K`. The Bayes rule knows the
    true model and picks :math:`\arg\max_k \log\pi_k + \log\mathcal N(x; \mu_k, \Sigma_k)`;
    its error is

    .. math::

        \operatorname{err}^* = \sum_k \pi_k\, P\big(\text{rule} \ne k \mid y = k\big)
        \approx \sum_k \pi_k\, \hat e_k, \qquad
        \operatorname{se} = \sqrt{\textstyle\sum_k \pi_k^2\, \hat e_k(1 - \hat e_k) / n_k},

    where :math:`\hat e_k` is the rule's error rate on :math:`n_k = \pi_k n` fresh samples
    of class :math:`k`. With unequal covariances (QDA's model) there is no closed form;
    for two classes with a shared covariance use `tied_bayes_error`, which is exact.

    Parameters
    ----------
    means : array-like of shape (n_classes, n_features)
    covariances : array-like of shape (n_classes, n_features, n_features)
    n_samples : int, default=100_000
        :math:`n`, the samples drawn in all.
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    error, standard_error : float

    Examples
    --------
    >>> from lecture_utils.gaussian import tied_bayes_error
    >>> error, se = gaussian_bayes_error([[0.0], [2.0]], [[[1.0]], [[1.0]]], random_state=0)
    >>> bool(abs(error - tied_bayes_error([0.0], [2.0], [[1.0]])) < 3 * se)
    True
    """
    means, factors = check_gaussian_parameters(means, covariances)
    n_classes = means.shape[0]
    priors = np.full(n_classes, 1 / n_classes)
    n_samples = check_number("n_samples", n_samples, minimum=n_classes, integer=True)
    counts = np.maximum(np.round(priors * n_samples).astype(int), 1)
    data = make_gaussian_classes(means, covariances, counts, random_state=random_state)
    joint = np.column_stack([np.log(priors[k]) + log_class_density(data.X, means[k], factors[k])
                             for k in range(n_classes)])
    wrong = np.argmax(joint, axis=1) != data.y
    rates = np.array([wrong[data.y == k].mean() for k in range(n_classes)])
    return float(priors @ rates), float(np.sqrt(np.sum(priors**2 * rates * (1 - rates) / counts)))
