r"""Synthetic labelled data, drawn from seeded generators: classes whose true model is known.

===========================  ================================================
`make_gaussian_classes`      one Gaussian per class, :math:`x = \mu_k + L_k z`
`make_exponential_classes`   independent exponential features whose mean
                             depends on the class: the logistic model is exact,
                             every Gaussian model is wrong
`make_cat_shelter`           the shelter cats: three categorical features,
                             independent given the sex (`CAT_SHELTER_FEATURES`)
===========================  ================================================

For the exponential classes the exact log-odds (`exponential_log_odds`), the error
of a threshold on the feature sum (`exponential_threshold_error`) and the Bayes
rule's threshold (`exponential_bayes_threshold`) are known in closed form, so a
learning curve can be compared with the Bayes error. For the shelter cats the best
achievable accuracy is exact too (`cat_shelter_best_accuracy`).

Every ``random_state`` is a seed (or Generator) for ``numpy.random.default_rng``.
"""

import numpy as np
import pandas as pd
from scipy.stats import gamma
from sklearn.base import clone

from .datasets import CAT_SHELTER_CATEGORIES, Dataset
from .experiments import LearningCurve, outlier_effect
from .gaussian import gaussian_log_density, linear_rule_error
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


#: The sexes of the shelter cats and their probabilities (`make_cat_shelter`).
CAT_SHELTER_SEXES = ("female", "male")
CAT_SHELTER_SEX_PROBABILITIES = (0.5, 0.5)

#: The model that drew the shelter cats of ``data/cat_shelter.csv``, the one place its numbers
#: are written (``data/build_cat_shelter.py`` draws the file with `make_cat_shelter`):
#: ``{feature: (categories, {sex: P(value | sex) for the categories in order})}``. Each feature
#: is drawn independently given the sex, so naive Bayes is the right model. The numbers are
#: illustrative, not measured: calico cats are almost always female (a male calico is about
#: one in three thousand) and orange cats are more often male (the colour is carried on the
#: X chromosome); males tend to be larger; coat length does not depend on sex.
CAT_SHELTER_FEATURES = {
    "fur": (
        ("black", "orange", "white", "calico"),
        {"female": (0.35, 0.10, 0.30, 0.25), "male": (0.35, 0.3497, 0.30, 0.0003)},
    ),
    "size": (
        ("small", "medium", "large"),
        {"female": (0.50, 0.40, 0.10), "male": (0.15, 0.45, 0.40)},
    ),
    "coat": (
        ("short", "long"),
        {"female": (0.75, 0.25), "male": (0.75, 0.25)},
    ),
}


def make_cat_shelter(n_cats=300, random_state=0):
    r"""Draw shelter cats from `CAT_SHELTER_FEATURES`: a sex, then each feature given the sex.

    .. math::

        y_n \sim \mathrm{Cat}(P(\text{female}), P(\text{male})), \qquad
        x_{n,d} \mid y_n = k \;\sim\; \mathrm{Cat}(\boldsymbol\pi^{(d)}_k)
        \quad \text{independently for } d = \text{fur, size, coat}.

    ``make_cat_shelter(300, 0)`` gives the cats of ``data/cat_shelter.csv``
    (`lecture_utils.datasets.load_cat_shelter`); other seeds give fresh shelters from
    the same model.

    Parameters
    ----------
    n_cats : int, default=300
    random_state : None, int or numpy Generator, default=0

    Returns
    -------
    Dataset
        ``X`` has three columns of strings (fur, size, coat), ``y`` is ``"female"`` or
        ``"male"``; unpacks as ``X, y``.

    Examples
    --------
    >>> X, y = make_cat_shelter(4, random_state=1)
    >>> X.shape, set(y.tolist()) <= {"female", "male"}
    ((4, 3), True)
    """
    n_cats = check_number("n_cats", n_cats, minimum=1, integer=True)
    rng = check_random_state(random_state)
    sex = rng.choice(np.array(CAT_SHELTER_SEXES), size=n_cats, p=CAT_SHELTER_SEX_PROBABILITIES)
    columns = []
    for categories, by_sex in CAT_SHELTER_FEATURES.values():
        values = np.empty(n_cats, dtype=object)
        for label in CAT_SHELTER_SEXES:
            rows = sex == label
            values[rows] = rng.choice(np.array(categories), size=int(rows.sum()),
                                      p=by_sex[label])
        columns.append(values.astype(str))
    return Dataset(X=np.column_stack(columns), y=sex.astype(str),
                   feature_names=tuple(CAT_SHELTER_FEATURES), target_name="sex")


def cat_shelter_probabilities():
    r"""The probabilities :math:`\pi^{(d)}_{k,v} = P(x_{[d]} = v \mid y = k)` that drew the
    shelter cats, from `CAT_SHELTER_FEATURES`.

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
    probabilities = {}
    for feature, order in CAT_SHELTER_CATEGORIES.items():
        categories, by_sex = CAT_SHELTER_FEATURES[feature]
        position = [categories.index(value) for value in order]
        probabilities[feature] = {sex: np.asarray(by_sex[sex], dtype=float)[position]
                                  for sex in CAT_SHELTER_SEXES}
    return probabilities


def cat_shelter_true_log_ratios():
    r"""The true llr term of every value of every shelter-cat feature (not estimated).

    .. math::

        w^{(d)}_v = \log P(x_{[d]} = v \mid \text{male}) - \log P(x_{[d]} = v \mid \text{female}),

    with the probabilities of `cat_shelter_probabilities`: what a fitted
    ``CategoricalClassifier``'s ``llr_coefficients().b`` estimate (classes female, male).

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


def categorical_bayes_accuracy(class_probabilities, feature_probabilities):
    r"""The best accuracy any classifier can reach on categorical features that are
    independent given the class, with known probabilities: one minus the Bayes error.

    The Bayes rule gives each combination :math:`x = (x_{[1]}, \dots, x_{[D]})` of values
    the class with the largest joint probability, and is right with that probability:

    .. math::

        \text{accuracy}^* = \sum_{x} \max_k \; P(y = k) \prod_{d=1}^{D} \pi^{(d)}_{k, x_{[d]}}

    (the sum runs over all :math:`\prod_d m_d` combinations).

    Parameters
    ----------
    class_probabilities : array-like of shape (n_classes,)
        :math:`P(y = k)`, summing to one.
    feature_probabilities : sequence of array-like of shape (n_classes, m_d)
        One table per feature; row :math:`k` is :math:`\boldsymbol\pi^{(d)}_k`, summing to one.

    Returns
    -------
    float

    Examples
    --------
    >>> round(categorical_bayes_accuracy([0.5, 0.5], [[[0.9, 0.1], [0.2, 0.8]]]), 6)   # 0.45 + 0.40
    0.85
    """
    priors = np.asarray(class_probabilities, dtype=float)
    if priors.ndim != 1 or np.any(priors < 0) or not np.isclose(priors.sum(), 1.0):
        raise ValueError(
            f"class_probabilities must be one non-negative probability per class, summing to "
            f"one; got {plain(class_probabilities)!r}."
        )
    joint = priors
    for d, table in enumerate(feature_probabilities):
        table = np.asarray(table, dtype=float)
        if (table.ndim != 2 or table.shape[0] != priors.size or np.any(table < 0)
                or not np.allclose(table.sum(axis=1), 1.0)):
            raise ValueError(
                f"feature_probabilities[{d}] must have one row per class ({priors.size}), "
                f"each non-negative and summing to one; got {plain(table)!r}."
            )
        joint = joint[..., None] * table.reshape(priors.size, *([1] * (joint.ndim - 1)), -1)
    return float(joint.reshape(priors.size, -1).max(axis=0).sum())


def cat_shelter_best_accuracy(features=("fur", "size", "coat")):
    r"""The best accuracy any classifier can reach on shelter cats described by ``features``:
    `categorical_bayes_accuracy` of the model `CAT_SHELTER_FEATURES` that drew them.

    .. math::

        \text{accuracy}^* = \sum_{x} \max_k \; P(y = k) \prod_{d \in \text{features}}
        \pi^{(d)}_{k, x_{[d]}}

    A sample's accuracy can exceed it by luck; the expected accuracy of a classifier
    on new cats cannot.

    Parameters
    ----------
    features : sequence of str, default=("fur", "size", "coat")
        Names from `CAT_SHELTER_FEATURES`.

    Returns
    -------
    float

    Examples
    --------
    >>> round(cat_shelter_best_accuracy(["coat"]), 3)     # coat says nothing about sex
    0.5
    """
    unknown = [name for name in features if name not in CAT_SHELTER_FEATURES]
    if unknown or not len(features):
        raise ValueError(
            f"features must name some of {list(CAT_SHELTER_FEATURES)}; got {list(features)}."
        )
    probabilities = cat_shelter_probabilities()
    return categorical_bayes_accuracy(
        CAT_SHELTER_SEX_PROBABILITIES,
        [np.stack([probabilities[name][sex] for sex in CAT_SHELTER_SEXES]) for name in features])


def gaussian_bayes_error(means, covariances, priors=None, n_samples=100_000, random_state=None):
    r"""The Bayes error of Gaussian classes, estimated by Monte Carlo, with its standard error.

    The Bayes rule knows the true model and picks
    :math:`\arg\max_k \log\pi_k + \log\mathcal N(x; \mu_k, \Sigma_k)`; its error is

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
    priors : array-like of shape (n_classes,), default=None
        Equal priors if None.
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
    priors = (np.full(n_classes, 1.0 / n_classes) if priors is None
              else np.asarray(priors, dtype=float))
    if priors.shape != (n_classes,) or np.any(priors <= 0) or not np.isclose(priors.sum(), 1):
        raise ValueError(
            f"priors must be {n_classes} positive numbers summing to one; got {priors}."
        )
    n_samples = check_number("n_samples", n_samples, minimum=n_classes, integer=True)
    counts = np.maximum(np.round(priors * n_samples).astype(int), 1)
    data = make_gaussian_classes(means, np.einsum("kij,klj->kil", factors, factors), counts,
                                 random_state=random_state)
    joint = np.column_stack([np.log(priors[k]) + gaussian_log_density(data.X, means[k], factors[k])
                             for k in range(n_classes)])
    wrong = np.argmax(joint, axis=1) != data.y
    rates = np.array([wrong[data.y == k].mean() for k in range(n_classes)])
    return (float(priors @ rates),
            float(np.sqrt(np.sum(priors**2 * rates * (1.0 - rates) / counts))))


def gaussian_learning_curve(models, means, covariances, train_sizes, *, n_draws=20,
                            random_state=None):
    r"""Exact test error of linear classifiers trained on fresh samples of two Gaussian classes.

    For each of ``n_draws`` draws and each size :math:`m`, a new training set of
    :math:`\lceil m/2\rceil` samples of class 0 and :math:`\lfloor m/2\rfloor` of class 1 is
    drawn from :math:`\mathcal N(\mu_k, \Sigma_k)`, and each model is fitted to it. A model
    whose log-odds :math:`\log P(1 \mid x) - \log P(0 \mid x) = w^T x + b` are linear in
    :math:`x` (LDA, its diagonal form, logistic regression) is a linear rule, whose error on
    the whole population is exact (`lecture_utils.gaussian.linear_rule_error`, equal priors):

    .. math::

        \operatorname{err}(w, b) = \tfrac12\,\Phi\Big(\frac{w^T\mu_0 + b}{\sqrt{w^T\Sigma_0 w}}\Big)
            + \tfrac12\,\Phi\Big(-\frac{w^T\mu_1 + b}{\sqrt{w^T\Sigma_1 w}}\Big).

    So the curve has no test-set noise, and every point is at least the Bayes error; its
    spread over the draws is the spread over training sets, the one a learning curve is about.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted classifiers with ``predict_log_proba``, cloned for every fit.
    means : array-like of shape (2, n_features)
    covariances : array-like of shape (2, n_features, n_features)
    train_sizes : sequence of int
        Training-set sizes :math:`m \ge 2`.
    n_draws : int, default=20
        Training sets drawn at each size (the rows of each error table).
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    lecture_utils.experiments.LearningCurve
        ``errors[name]`` of shape (n_draws, n_sizes): population errors.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> curve = gaussian_learning_curve({"LDA": GaussianClassifier(covariance="tied")},
    ...                                 [[0.0], [2.0]], [[[1.0]], [[1.0]]], [4, 40], n_draws=5,
    ...                                 random_state=0)
    >>> curve.errors["LDA"].shape, bool(np.all(curve.errors["LDA"] >= 0.1586))
    ((5, 2), True)
    """
    if not isinstance(models, dict) or not models:
        raise ValueError("models must be a non-empty dict of name -> unfitted classifier.")
    means, factors = check_gaussian_parameters(means, covariances)
    covariances = np.einsum("kij,klj->kil", factors, factors)
    if means.shape[0] != 2:
        raise ValueError(f"gaussian_learning_curve needs two classes; got {means.shape[0]}.")
    sizes = np.array([check_number("train_sizes", m, minimum=2, integer=True)
                      for m in np.atleast_1d(train_sizes)])
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    rng = check_random_state(random_state)
    n_features = means.shape[1]
    probes = np.vstack([np.zeros(n_features), np.eye(n_features), means])
    errors = {name: np.empty((n_draws, sizes.size)) for name in models}
    for r in range(n_draws):
        for j, m in enumerate(sizes):
            train = make_gaussian_classes(means, covariances, [m - m // 2, m // 2],
                                          random_state=rng)
            for name, model in models.items():
                log_posteriors = clone(model).fit(*train).predict_log_proba(probes)
                log_odds = log_posteriors[:, 1] - log_posteriors[:, 0]
                b, w = log_odds[0], log_odds[1:n_features + 1] - log_odds[0]
                if not np.allclose(means @ w + b, log_odds[n_features + 1:],
                                   rtol=1e-6, atol=1e-6 * (1 + np.abs(log_odds).max())):
                    raise ValueError(
                        f"model {name!r} does not have log-odds linear in x (a QDA?), so it is "
                        "not a linear rule; gaussian_learning_curve needs linear models."
                    )
                errors[name][r, j] = linear_rule_error(w, b, means, covariances)
    return LearningCurve(sizes, errors)


def exponential_learning_curve(models, train_sizes, *, n_draws=15, n_test=20_000, n_features=10,
                               mean_ratio=3.0, random_state=None):
    r"""Test error against training-set size on fresh samples of `make_exponential_classes`.

    For each of ``n_draws`` draws, one test set of ``n_test`` samples is drawn from the
    population, and for each size :math:`m` a new training set of
    :math:`\lceil m/2\rceil` samples of class 0 and :math:`\lfloor m/2\rfloor` of class 1
    (so that both classes are always present); each model is fitted to it and scored on
    the test set. Because every training and test set is new, the spread over the draws
    is the spread over samples of the population, and the mean error of a model cannot
    settle below the Bayes error (``exponential_threshold_error(exponential_bayes_threshold())``)
    except by its standard error, about :math:`\sqrt{e(1 - e)/(R\,n_{test})}` for
    :math:`R` draws.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted classifiers, cloned for every fit.
    train_sizes : sequence of int
        Training-set sizes :math:`m \ge 2`.
    n_draws : int, default=15
    n_test : int, default=20_000
    n_features : int, default=10
    mean_ratio : float, default=3.0
        :math:`r`, as in `make_exponential_classes`.
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    lecture_utils.experiments.LearningCurve

    Examples
    --------
    >>> from lecture_utils.logistic import SoftmaxRegression
    >>> curve = exponential_learning_curve({"LR": SoftmaxRegression(penalty=0.01)}, [8, 200],
    ...                                    n_draws=3, n_test=2_000, random_state=0)
    >>> means = curve.mean_errors()["LR"]
    >>> bool(means[200] < means[8])
    True
    """
    if not isinstance(models, dict) or not models:
        raise ValueError("models must be a non-empty dict of name -> unfitted classifier.")
    sizes = np.array([check_number("train_sizes", m, minimum=2, integer=True)
                      for m in np.atleast_1d(train_sizes)])
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    n_test = check_number("n_test", n_test, minimum=1, integer=True)
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    rng = check_random_state(random_state)
    errors = {name: np.empty((n_draws, sizes.size)) for name in models}
    for r in range(n_draws):
        test = make_exponential_classes(n_test, n_features, mean_ratio, random_state=rng)
        for j, m in enumerate(sizes):
            y = np.repeat([0, 1], [m - m // 2, m // 2])
            X = rng.exponential(1.0, (m, n_features)) * np.where(y == 1, mean_ratio, 1.0)[:, None]
            for name, model in models.items():
                errors[name][r, j] = np.mean(clone(model).fit(X, y).predict(test.X) != test.y)
    return LearningCurve(sizes, errors)


def outlier_effects_over_draws(means, covariance, n_per_class, positions, *, n_draws=10,
                               penalty=1e-3, random_state=None):
    r"""`lecture_utils.experiments.outlier_effect` on many samples of two Gaussian classes.

    For each of ``n_draws`` draws, a new sample of ``n_per_class`` points per class is drawn
    from :math:`\mathcal N(\mu_0, \Sigma)` and :math:`\mathcal N(\mu_1, \Sigma)`; one more
    sample of class 1 is added at each position in turn, and LDA and logistic regression
    are fitted without and with it. One sample shows what can happen; the spread over
    draws shows whether it always does.

    Parameters
    ----------
    means : array-like of shape (2, 2)
    covariance : array-like of shape (2, 2)
        Shared by both classes.
    n_per_class : int
    positions : sequence of (float, float)
        Where the class-1 outlier is placed.
    n_draws : int, default=10
    penalty : float, default=1e-3
        L2 strength of the logistic regression.
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    pandas.DataFrame
        One row per draw, position and model, with columns ``"draw"``, ``"position"``
        (``"(x1, x2)"``), ``"model"``, ``"turned (degrees)"``, ``"decisions changed (%)"``
        and ``"log-odds of its class, fitted without it"`` (see `OutlierEffect`).

    Examples
    --------
    >>> table = outlier_effects_over_draws([[0, 0], [2, 0]], np.eye(2), 20, [(8.0, 0.0)],
    ...                                    n_draws=2, random_state=0)
    >>> table.shape, sorted(table["model"].unique())
    ((4, 6), ['LDA', 'logistic regression'])
    """
    covariance = np.asarray(covariance, dtype=float)
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    rng = check_random_state(random_state)
    rows = []
    for draw in range(n_draws):
        data = make_gaussian_classes(means, [covariance, covariance], n_per_class,
                                     random_state=rng)
        for position in positions:
            effect = outlier_effect(data.X, data.y, position, penalty=penalty)
            for model in effect.models:
                rows.append({"draw": draw, "position": "({:g}, {:g})".format(*position),
                             "model": model,
                             "turned (degrees)": effect.rotation_degrees[model],
                             "decisions changed (%)": 100.0 * effect.changed_decisions[model],
                             "log-odds of its class, fitted without it":
                                 effect.own_log_odds[model]})
    return pd.DataFrame(rows)


def gaussian_accuracy_over_draws(models, means, covariances, n_per_class, *, n_draws=20,
                                 n_test_per_class=2_000, random_state=None):
    r"""Held-out accuracy of several classifiers, each fitted on the same fresh Gaussian samples.

    Draw :math:`r = 1, \dots, R` makes a new training set of ``n_per_class`` samples per
    class and a new test set of ``n_test_per_class`` per class from
    :math:`\mathcal N(\mu_k, \Sigma_k)`; every model is fitted on that training set and
    scored on that test set, so models are compared draw by draw (paired):

    .. math::

        a_{m,r} = \frac{1}{|T_r|}\sum_{n \in T_r} [\hat y_{m,r}(x_n) = y_n], \qquad
        \bar a_m = \frac1R \sum_r a_{m,r}.

    The spread over draws is the spread over training and test samples of the same
    population, the one a claim "model A is more accurate than B" has to beat.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted classifiers, cloned for every fit.
    means : array-like of shape (n_classes, n_features)
    covariances : array-like of shape (n_classes, n_features, n_features)
    n_per_class : int
        Training samples per class in every draw.
    n_draws : int, default=20
        :math:`R`.
    n_test_per_class : int, default=2_000
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    pandas.DataFrame of shape (n_draws, len(models))
        :math:`a_{m,r}`: one row per draw, one column per model.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> table = gaussian_accuracy_over_draws(
    ...     {"tied": GaussianClassifier(covariance="tied")}, [[0.0], [2.0]],
    ...     [[[1.0]], [[1.0]]], 20, n_draws=3, n_test_per_class=500, random_state=0)
    >>> table.shape, bool(table["tied"].between(0.7, 0.95).all())
    ((3, 1), True)
    """
    if not isinstance(models, dict) or not models:
        raise ValueError("models must be a non-empty dict of name -> unfitted classifier.")
    means, factors = check_gaussian_parameters(means, covariances)
    covariances = np.einsum("kij,klj->kil", factors, factors)
    n_per_class = check_number("n_per_class", n_per_class, minimum=1, integer=True)
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    n_test_per_class = check_number("n_test_per_class", n_test_per_class, minimum=1,
                                    integer=True)
    rng = check_random_state(random_state)
    rows = []
    for _ in range(n_draws):
        train = make_gaussian_classes(means, covariances, n_per_class, random_state=rng)
        test = make_gaussian_classes(means, covariances, n_test_per_class, random_state=rng)
        rows.append({name: clone(model).fit(*train).score(*test)
                     for name, model in models.items()})
    return pd.DataFrame(rows, index=pd.RangeIndex(n_draws, name="draw"))


def cat_shelter_bayes_decisions(X, features=("fur", "size", "coat")):
    r"""The Bayes rule's sex for each shelter cat, from the true probabilities of
    `CAT_SHELTER_FEATURES` (nothing estimated).

    .. math::

        \hat y(x) = \arg\max_k \; P(y = k) \prod_{d \in \text{features}} \pi^{(d)}_{k, x_{[d]}}

    (a tie goes to the first sex, female). Its expected accuracy on new cats is
    `cat_shelter_best_accuracy`; on a finite sample its accuracy scatters around that.

    Parameters
    ----------
    X : array-like of shape (n_cats, len(features))
        Row :math:`n`: the values of ``features`` of cat :math:`n`, in that order.
    features : sequence of str, default=("fur", "size", "coat")
        Names from `CAT_SHELTER_FEATURES`.

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
    unknown = [name for name in features if name not in CAT_SHELTER_FEATURES]
    if unknown or not len(features):
        raise ValueError(
            f"features must name some of {list(CAT_SHELTER_FEATURES)}; got {list(features)}."
        )
    X = np.asarray(X, dtype=object)
    if X.ndim != 2 or X.shape[1] != len(features):
        raise ValueError(
            f"X must be 2-D with one column per feature ({len(features)}: {list(features)}); "
            f"got shape {X.shape}."
        )
    probabilities = cat_shelter_probabilities()
    log_joint = np.tile(np.log(CAT_SHELTER_SEX_PROBABILITIES), (X.shape[0], 1))
    for d, name in enumerate(features):
        order = list(CAT_SHELTER_CATEGORIES[name])
        bad = sorted(set(map(str, X[:, d].tolist())) - set(order))
        if bad:
            raise ValueError(f"feature {name!r} has values {bad} not among {order}.")
        rows = [order.index(value) for value in X[:, d].tolist()]
        with np.errstate(divide="ignore"):
            log_joint += np.column_stack([np.log(probabilities[name][sex])[rows]
                                          for sex in CAT_SHELTER_SEXES])
    return np.array(CAT_SHELTER_SEXES)[np.argmax(log_joint, axis=1)]
