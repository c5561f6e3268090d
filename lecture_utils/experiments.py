r"""Experiments that measure test error: learning curves and error tables.

`learning_curve` runs the experiment of Ng and Jordan (2002), "On
discriminative vs. generative classifiers": fit a generative and a
discriminative classifier on training sets of growing size :math:`m` and
compare their test errors,

.. math::

    \bar e(m) = \frac{1}{R}\sum_{r=1}^{R} \operatorname{err}_r(m),

where repetition :math:`r` draws its own test set and its own training set of
size :math:`m` (both stratified by class) from a seeded generator, so that the
whole curve is reproducible. Every model sees the same training and test sets
in a repetition, so the curves are compared pair by pair.

`sample_exponential_classes` draws a seeded sample in which the logistic
model is exactly right and the Gaussian one is wrong (skewed features whose
variance grows with their mean), the case in which the discriminative model
should win with enough data.

`covariance_error_table` and `error_against_dimension` compute the test error
of `GaussianClassifier` for every covariance model on every feature set, and
against the number of leading (principal) components: the MNIST tables.

`posterior_agreement` compares two fitted classifiers (ours and scikit-learn's twin)
point by point, and `printed_against_computed` sets numbers a lecture prints beside
the computed ones, checked to the digits printed (`agrees_to_printed_digits`);
`printed_label_edits` aligns a lecture's printed labels (`LECTURE_PRINTED_PREDICTIONS`)
with computed ones. `repeated_split_scores` gives the held-out accuracy over repeated
stratified splits.
"""

from dataclasses import dataclass
from functools import partial, wraps

import numpy as np
import pandas as pd
from scipy.stats import gamma
from sklearn.base import clone
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from threadpoolctl import threadpool_limits  # installed with scikit-learn

from .decision import error_rate, most_probable
from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .validation import check_dimensions, check_number, check_option


def _one_blas_thread(experiment):
    """Run ``experiment`` with one BLAS thread.

    The experiments that use it refit small models hundreds of times. With more
    than one BLAS thread, the idle threads of numpy's and scipy's separate BLAS
    libraries compete for the cores after every small call, which made these loops
    about four times slower on a two-core machine.
    """

    @wraps(experiment)
    def run(*args, **kwargs):
        with threadpool_limits(limits=1, user_api="blas"):
            return experiment(*args, **kwargs)

    return run


@dataclass(frozen=True)
class Agreement:
    """How closely two fitted classifiers agree on a set of points."""

    max_posterior_gap: float
    same_decisions: float


def posterior_agreement(ours, theirs, X):
    r"""Compare two fitted classifiers point by point.

    .. math::

        \text{gap} = \max_{i, c} \lvert P_1(c \mid x_i) - P_2(c \mid x_i) \rvert, \qquad
        \text{same} = \frac1n \sum_i [\hat y_1(x_i) = \hat y_2(x_i)]

    Parameters
    ----------
    ours, theirs : fitted classifiers with ``classes_``, ``predict_proba`` and ``predict``
        Their ``classes_`` must be the same, in the same order.
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    Agreement
    """
    if list(ours.classes_) != list(theirs.classes_):
        raise ValueError(
            f"the classifiers order their classes differently ({list(ours.classes_)} and "
            f"{list(theirs.classes_)}), so their posterior columns cannot be compared."
        )
    gap = np.max(np.abs(ours.predict_proba(X) - theirs.predict_proba(X)))
    return Agreement(float(gap), float(np.mean(ours.predict(X) == theirs.predict(X))))


def agrees_to_printed_digits(value, printed):
    r"""Whether ``value`` rounds to the number a text prints, at the digits it prints.

    ``"0.05395"`` has five decimals, so it agrees with any value in
    :math:`[0.053945, 0.053955]`; a decimal comma (``"0,05395"``) counts as a point.

    Parameters
    ----------
    value : float
    printed : str
        The number as printed, e.g. ``"52.89"``, ``"4.5"`` or ``"12"``.

    Returns
    -------
    bool
    """
    if not isinstance(printed, str):
        raise TypeError(f"printed must be the number as a string, e.g. '52.89'; got {printed!r}.")
    text = printed.strip().replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"printed must be a plain decimal number; got {printed!r}.") from None
    decimals = len(text.split(".")[1]) if "." in text else 0
    return bool(abs(float(value) - number) <= 0.5 * 10.0 ** -decimals * (1 + 1e-9))


def printed_against_computed(printed, computed):
    """A table of numbers a text prints beside the computed ones, and whether they agree.

    Parameters
    ----------
    printed : dict of str -> str
        Quantity -> the number as printed (see `agrees_to_printed_digits`).
    computed : dict of str -> float
        Quantity -> computed value; the same keys.

    Returns
    -------
    pandas.DataFrame
        Columns "printed", "computed" (six significant digits) and "agrees".
    """
    if set(printed) != set(computed):
        raise ValueError(
            f"printed and computed must name the same quantities; only in printed: "
            f"{sorted(set(printed) - set(computed))}, only in computed: "
            f"{sorted(set(computed) - set(printed))}."
        )
    return pd.DataFrame({
        "printed": {key: text for key, text in printed.items()},
        "computed": {key: f"{float(computed[key]):.6g}" for key in printed},
        "agrees": {key: agrees_to_printed_digits(computed[key], text)
                   for key, text in printed.items()},
    })


@dataclass(frozen=True)
class LearningCurve:
    """Test errors of several models at several training-set sizes.

    Attributes
    ----------
    train_sizes : ndarray of int of shape (n_sizes,)
    errors : dict of str to ndarray of shape (n_repeats, n_sizes)
        The test error of each model, one row per repetition.
    """

    train_sizes: np.ndarray
    errors: dict

    def mean_errors(self):
        r"""The mean test error :math:`\bar e(m)`: a DataFrame, one column per model."""
        return pd.DataFrame(
            {name: errors.mean(axis=0) for name, errors in self.errors.items()},
            index=pd.Index(self.train_sizes, name="training samples"),
        )

    def standard_errors(self):
        r"""Standard error of each mean, :math:`s / \sqrt{R}` (a DataFrame like `mean_errors`)."""
        return pd.DataFrame(
            {name: errors.std(axis=0, ddof=1) / np.sqrt(errors.shape[0])
             for name, errors in self.errors.items()},
            index=pd.Index(self.train_sizes, name="training samples"),
        )


@_one_blas_thread
def learning_curve(models, X, y, train_sizes, *, n_repeats=10, test_size=0.3,
                   random_state=None):
    """Average test error of each model against the number of training samples.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted scikit-learn style classifiers; each is cloned for every fit.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    train_sizes : sequence of int
        Training-set sizes :math:`m`, each at least the number of classes and
        at most the number of samples left after the test set.
    n_repeats : int, default=10
        Repetitions :math:`R` averaged at each size.
    test_size : float, default=0.3
        Fraction of the samples held out for testing in each repetition.
    random_state : int or None, default=None
        Seed of the generator that draws every split.

    Returns
    -------
    LearningCurve
    """
    if not isinstance(models, dict) or not models:
        raise ValueError("models must be a non-empty dict of name -> unfitted classifier.")
    n_repeats = check_number("n_repeats", n_repeats, minimum=1, integer=True)
    test_size = check_number("test_size", test_size, minimum=0.0, inclusive=False)
    if test_size >= 1.0:
        raise ValueError(f"test_size is a fraction of the samples, below 1; got {test_size}.")
    X, y = np.asarray(X), np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D with one label in y per row; got shapes {X.shape} and {y.shape}."
        )
    n_classes = np.unique(y).size
    pool_size = X.shape[0] - int(np.ceil(test_size * X.shape[0]))
    sizes = np.array([check_number("train_sizes", m, minimum=n_classes, integer=True)
                      for m in np.atleast_1d(train_sizes)])
    if sizes.size == 0 or sizes.max() > pool_size:
        raise ValueError(
            f"train_sizes must be non-empty and at most {pool_size}, the samples left after "
            f"holding out test_size={test_size}; got {sizes.tolist()}."
        )
    rng = np.random.default_rng(random_state)
    errors = {name: np.empty((n_repeats, sizes.size)) for name in models}
    for r in range(n_repeats):
        test = stratified_sample(y, X.shape[0] - pool_size, rng)
        pool = np.setdiff1d(np.arange(X.shape[0]), test)
        for j, m in enumerate(sizes):
            train = pool[stratified_sample(y[pool], m, rng)]
            for name, model in models.items():
                fitted = clone(model).fit(X[train], y[train])
                errors[name][r, j] = error_rate(y[test], fitted.predict(X[test]))
    return LearningCurve(sizes, errors)


@_one_blas_thread
def accuracy_over_splits(model, X, y, feature_sets, *, n_splits=50, test_size=0.3,
                         random_state=None):
    r"""Test accuracy of one model on several feature sets, over repeated random splits.

    Split :math:`r = 0, \dots, R - 1` is ``train_test_split(..., stratify=y,
    random_state=random_state + r)``; every feature set sees the same split, so
    the columns can be compared row by row. The mean over splits,
    :math:`\bar a = \frac{1}{R} \sum_r a_r`, says more than one split.

    Parameters
    ----------
    model : estimator
        Unfitted scikit-learn style classifier; cloned for every fit.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    feature_sets : dict of str to list of int
        Name -> the columns of ``X`` the model uses.
    n_splits : int, default=50
    test_size : float or int, default=0.3
        As in ``train_test_split``.
    random_state : int or None, default=None
        Seed of the first split (0 if None).

    Returns
    -------
    pandas.DataFrame of shape (n_splits, len(feature_sets))
        One accuracy per split and feature set.
    """
    if not isinstance(feature_sets, dict) or not feature_sets:
        raise ValueError("feature_sets must be a non-empty dict of name -> list of columns.")
    n_splits = check_number("n_splits", n_splits, minimum=1, integer=True)
    X, y = np.asarray(X), np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D with one label in y per row; got shapes {X.shape} and {y.shape}."
        )
    seed = 0 if random_state is None else int(random_state)
    rows = []
    for r in range(n_splits):
        X_train, X_test, y_train, y_test = train_test_split(
            X, y, test_size=test_size, stratify=y, random_state=seed + r)
        rows.append({name: clone(model).fit(X_train[:, cols], y_train)
                     .score(X_test[:, cols], y_test) for name, cols in feature_sets.items()})
    return pd.DataFrame(rows, index=pd.RangeIndex(n_splits, name="split"))


def confidence_summary(model, X, y, threshold=0.9):
    r"""How accurate a fitted classifier is on test data, and how sure.

    With :math:`p_n = \max_k P(k \mid x_n)` the largest posterior of sample :math:`n`:

    .. math::

        \text{accuracy} = \frac{1}{N}\sum_n [\hat y_n = y_n], \qquad
        \text{mean max P} = \frac{1}{N}\sum_n p_n, \qquad
        \text{log-loss} = -\frac{1}{N}\sum_n \log P(y_n \mid x_n).

    A model whose mean max P exceeds its accuracy is overconfident.

    Parameters
    ----------
    model : fitted classifier with ``predict_proba`` and ``classes_``
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        True labels.
    threshold : float, default=0.9
        In (0, 1): the samples with :math:`p_n` above it are counted.

    Returns
    -------
    dict
        ``"accuracy"``, ``"mean max P"``, ``"log-loss"`` (floats);
        ``"max P > {threshold}"`` (count) and ``"right among those"`` (share,
        NaN if none); ``"P = 1"`` and ``"P = 1, wrong"`` (counts of certain
        posteriors, and of those that are wrong).
    """
    threshold = check_number("threshold", threshold, minimum=0.0, inclusive=False)
    if threshold >= 1.0:
        raise ValueError(f"threshold is a probability below 1; got {threshold}.")
    proba = np.asarray(model.predict_proba(X), dtype=float)
    y = np.asarray(y)
    if y.shape != (proba.shape[0],):
        raise ValueError(
            f"y must hold one label per row of X ({proba.shape[0]}); got shape {y.shape}."
        )
    largest = proba.max(axis=1)
    right = model.classes_[proba.argmax(axis=1)] == y
    sure, certain = largest > threshold, largest == 1.0
    return {"accuracy": float(right.mean()), "mean max P": float(largest.mean()),
            "log-loss": float(log_loss(y, proba, labels=model.classes_)),
            f"max P > {threshold:g}": int(sure.sum()),
            "right among those": float(right[sure].mean()) if sure.any() else float("nan"),
            "P = 1": int(certain.sum()), "P = 1, wrong": int((certain & ~right).sum())}


def stratified_sample(y, size, rng):
    r"""Indices of ``size`` rows drawn without replacement, keeping the class proportions.

    Class :math:`c` gets :math:`\lfloor size \cdot N_c / N \rfloor` rows, at least
    one, and the rows left over go to the classes with the largest remainders.

    Parameters
    ----------
    y : ndarray of shape (n_samples,)
    size : int
        At least the number of classes, at most ``n_samples``.
    rng : numpy Generator

    Returns
    -------
    ndarray of int of shape (size,), sorted
    """
    classes, y_index, counts = np.unique(y, return_inverse=True, return_counts=True)
    if not classes.size <= size <= y.size:
        raise ValueError(
            f"a stratified sample of {size} rows needs between {classes.size} (one per "
            f"class) and {y.size} (all) rows."
        )
    share = size * counts / y.size
    take = np.minimum(np.maximum(np.floor(share).astype(int), 1), counts)
    by_remainder = np.argsort(take - share, kind="stable")
    while take.sum() < size:
        for k in by_remainder:
            if take.sum() < size and take[k] < counts[k]:
                take[k] += 1
    while take.sum() > size:
        k = int(np.argmax(take))
        take[k] -= 1
    chosen = [rng.choice(np.flatnonzero(y_index == k), take[k], replace=False)
              for k in range(classes.size)]
    return np.sort(np.concatenate(chosen))


def sample_exponential_classes(n_samples, n_features=10, mean_ratio=3.0, random_state=None):
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
    random_state : int or None, default=None

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of int of shape (n_samples,)
        Labels 0 and 1.
    """
    n_samples = check_number("n_samples", n_samples, minimum=1, integer=True)
    n_features = check_number("n_features", n_features, minimum=1, integer=True)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    rng = np.random.default_rng(random_state)
    y = rng.integers(0, 2, n_samples)
    means = np.where(y == 1, mean_ratio, 1.0)[:, None]
    return rng.exponential(1.0, (n_samples, n_features)) * means, y


def exponential_log_odds(X, mean_ratio=3.0):
    r"""The exact log-odds :math:`\log P(y=1 \mid x) - \log P(y=0 \mid x)` of
    `sample_exponential_classes` (positive: the Bayes decision is class 1).

    .. math::

        \sum_j \Big(\log\frac{1}{r} + \big(1 - \tfrac{1}{r}\big)\,x_j\Big)
    """
    X = np.asarray(X, dtype=float)
    mean_ratio = check_number("mean_ratio", mean_ratio, minimum=0.0, inclusive=False)
    return np.sum(-np.log(mean_ratio) + (1.0 - 1.0 / mean_ratio) * X, axis=1)


def exponential_threshold_error(threshold, n_features=10, mean_ratio=3.0):
    r"""Population error of the rule "class 1 if :math:`\sum_j x_j > t`" on
    `sample_exponential_classes`.

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
    r"""The Bayes rule's threshold on :math:`\sum_j x_j` for `sample_exponential_classes`.

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


def covariance_error_table(feature_sets, y_train, y_test, covariances=COVARIANCE_TYPES,
                           priors=None):
    r"""Test error rate of each covariance model on each feature set.

    Entry :math:`(m, f)` is :math:`\frac{1}{n}\sum_i [\hat c_i \ne c_i]` over the
    test samples, for a `GaussianClassifier` with covariance model :math:`m`
    fitted on the training samples of feature set :math:`f`.

    Parameters
    ----------
    feature_sets : dict of str -> (X_train, X_test)
        Training and test features, one pair per column of the table.
    y_train, y_test : array-like
        Labels of the training and test rows (the same for every feature set).
    covariances : sequence of str, default=COVARIANCE_TYPES
        The rows of the table.
    priors : array-like or dict, default=None
        Passed to every classifier; ``None`` uses the training frequencies.

    Returns
    -------
    pandas.DataFrame
        Error rates in [0, 1]; index ``covariances``, columns the feature-set names.
    """
    table = pd.DataFrame(index=pd.Index(list(covariances), name="covariance"),
                         columns=list(feature_sets), dtype=float)
    for name, (X_train, X_test) in feature_sets.items():
        for covariance in covariances:
            model = GaussianClassifier(covariance, priors=priors).fit(X_train, y_train)
            table.loc[covariance, name] = error_rate(y_test, model.predict(X_test))
    return table


def error_against_dimension(X_train, y_train, X_test, y_test, dimensions, covariance="full",
                            priors=None, shrinkage=0.0):
    r"""Test error rate of a `GaussianClassifier` on the first :math:`m` features, for each m.

    With principal components as features, column :math:`j` is the
    :math:`j`-th direction of largest variance, so the first :math:`m`
    columns are exactly the PCA projection to :math:`m` dimensions. One model
    is fitted, on the largest :math:`m`; the model of every smaller
    :math:`m` is its leading block (see
    `GaussianClassifier.nested_log_likelihoods`), identical to a model fitted
    on those columns alone.

    Parameters
    ----------
    X_train, X_test : ndarray of shape (n_samples, n_features)
    y_train, y_test : array-like
    dimensions : sequence of int
        Numbers of leading features :math:`m`, each between 1 and ``n_features``.
    covariance : str, default="full"
    priors : array-like or dict, default=None
    shrinkage : float in [0, 1], default=0.0
        Passed to `GaussianClassifier`. The shrunk covariance of the first
        :math:`m` features is still the leading block of the shrunk one, so one
        fit serves every :math:`m` here too.

    Returns
    -------
    ndarray of shape (len(dimensions),)
        Error rates in [0, 1]. Pass the training rows as ``X_test, y_test`` for
        the training error.
    """
    X_train, X_test = np.asarray(X_train), np.asarray(X_test)
    dimensions = check_dimensions(dimensions, X_train.shape[1])
    largest = dimensions.max()
    model = GaussianClassifier(covariance, priors=priors, shrinkage=shrinkage).fit(
        X_train[:, :largest], y_train)
    nested = model.nested_log_likelihoods(X_test[:, :largest], dimensions)
    errors = []
    for log_likelihoods in nested:
        predicted = model.classes_[most_probable(log_likelihoods, model.priors_)]
        errors.append(error_rate(y_test, predicted))
    return np.array(errors)


#: The scikit-learn estimator that fits the same model as each covariance option of
#: `GaussianClassifier` (``tied_diag`` has none).
SCIKIT_LEARN_COUNTERPARTS = {
    "full": QuadraticDiscriminantAnalysis,
    "tied": LinearDiscriminantAnalysis,
    "diag": partial(GaussianNB, var_smoothing=0.0),
}


def compare_with_scikit_learn(X, y, covariances=("full", "tied", "diag"), atol=1e-8):
    r"""Fit `GaussianClassifier` and its scikit-learn counterpart on the same data and compare.

    The two agree when their log posteriors :math:`\log P(y = k \mid x_n)` differ by
    at most ``atol`` for every sample and class, and their predictions are identical.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    covariances : sequence of {"full", "tied", "diag"}
        See `SCIKIT_LEARN_COUNTERPARTS`.
    atol : float, default=1e-8

    Returns
    -------
    pandas.DataFrame
        One row per covariance model: the scikit-learn class, whether the log posteriors
        agree to ``atol``, and whether the predictions are identical.
    """
    atol = check_number("atol", atol, minimum=0.0)
    rows = {}
    for covariance in covariances:
        check_option("covariance", covariance, tuple(SCIKIT_LEARN_COUNTERPARTS),
                     kind="a covariance model with a scikit-learn counterpart")
        ours = GaussianClassifier(covariance=covariance).fit(X, y)
        theirs = SCIKIT_LEARN_COUNTERPARTS[covariance]().fit(X, y)
        rows[covariance] = {
            "scikit-learn model": type(theirs).__name__,
            "log posteriors agree": bool(np.allclose(
                ours.predict_log_proba(X), theirs.predict_log_proba(X), rtol=0.0, atol=atol)),
            "same predictions": bool(np.array_equal(ours.predict(X), theirs.predict(X))),
        }
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("covariance")


def within_class_correlations(X, y):
    r"""The correlation matrix of the features within each class.

    .. math::

        \rho_{c,ij} = \frac{\Sigma_{c,ij}}{\sqrt{\Sigma_{c,ii}\,\Sigma_{c,jj}}},

    with :math:`\Sigma_c` the ML covariance of class :math:`c` (the divisor
    cancels, so N or N - 1 gives the same :math:`\rho`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        At least two features, none constant within a class.
    y : array-like of shape (n_samples,)

    Returns
    -------
    ndarray of shape (n_classes, n_features, n_features)
        One matrix per class, in the order of ``np.unique(y)``.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if X.ndim != 2 or X.shape[1] < 2 or y.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D with at least two features and one label in y per row; got "
            f"shapes {X.shape} and {y.shape}."
        )
    covariances = GaussianClassifier("full").fit(X, y).covariances_
    deviations = np.sqrt(np.diagonal(covariances, axis1=1, axis2=2))
    return covariances / (deviations[:, :, None] * deviations[:, None, :])


def squared_multiple_correlations(covariances):
    r"""How well each feature is predicted linearly by all the others: :math:`R^2_j`.

    For a covariance :math:`\Sigma` with precision :math:`\Lambda = \Sigma^{-1}`, the
    residual variance of feature :math:`j` after its best linear prediction from the
    other features is :math:`1 / \Lambda_{jj}`, so

    .. math::

        R^2_j = 1 - \frac{1}{\Sigma_{jj}\,\Lambda_{jj}}.

    :math:`R^2_j = 0` when feature :math:`j` is uncorrelated with all others; near 1
    when the others nearly determine it. Unlike a pairwise :math:`\rho_{ij}`, it counts
    all the other features together.

    Parameters
    ----------
    covariances : array-like of shape (d, d) or (n, d, d)
        Symmetric positive definite, d >= 2 (e.g. ``GaussianClassifier("full").covariances_``).

    Returns
    -------
    ndarray of shape (d,) or (n, d)
    """
    covariances = np.asarray(covariances, dtype=float)
    if (covariances.ndim not in (2, 3) or covariances.shape[-1] != covariances.shape[-2]
            or covariances.shape[-1] < 2):
        raise ValueError(
            f"covariances must be a square matrix (at least 2 x 2) or a stack of them; got "
            f"shape {covariances.shape}."
        )
    try:
        np.linalg.cholesky(covariances)
    except np.linalg.LinAlgError:
        raise ValueError("covariances must be positive definite.") from None
    variances = np.diagonal(covariances, axis1=-2, axis2=-1)
    precisions = np.diagonal(np.linalg.inv(covariances), axis1=-2, axis2=-1)
    return 1.0 - 1.0 / (variances * precisions)


def off_diagonal(matrices):
    r"""The entries above the diagonal of a square matrix (or of each in a stack).

    For a correlation matrix these are the :math:`D(D-1)/2` correlations
    :math:`\rho_{ij}`, :math:`i < j`, of distinct pairs of features, each once.

    Parameters
    ----------
    matrices : array-like of shape (d, d) or (n, d, d)

    Returns
    -------
    ndarray of shape (d(d-1)/2,) or (n, d(d-1)/2)
    """
    matrices = np.asarray(matrices)
    if matrices.ndim not in (2, 3) or matrices.shape[-1] != matrices.shape[-2]:
        raise ValueError(
            f"off_diagonal needs a square matrix or a stack of them; got shape {matrices.shape}."
        )
    rows, columns = np.triu_indices(matrices.shape[-1], k=1)
    return matrices[..., rows, columns]


#: The class codes the lecture prints (Lecture 6, "Generative Classifiers", Part 3 and Part 4:
#: the output of ``print(idx)`` after ``gda_predictions``, 0 = setosa, 1 = versicolor,
#: 2 = virginica), copied row by row as the lecture's text gives them. The text is an
#: extraction of the printed arrays: it holds 117 entries for 150 flowers (runs of leading
#: zeros collapsed, rows of 38 entries where numpy prints 37).
LECTURE_PRINTED_PREDICTIONS = {
    "GDA": (
    "0 0\n"
    "0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 1 2 1 1 1 1 1 1 2 1\n"
    "2 2 2 2 1 1 1 1 1 1 1 2 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 2 2 2\n"
    "2 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 2 2\n"
    "2 1\n"
    ),
    "LDA": (
    "0 0\n"
    "0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 1 2 1 1 1 1 2 1 1 1\n"
    "2 2 2 2 1 1 1 1 1 1 1 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 1 2 2\n"
    "1 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 1 2\n"
    "2 1\n"
    ),
}


def printed_label_edits(printed, computed):
    r"""The fewest edits that turn a printed sequence of labels into the computed one.

    The alignment minimises the edit (Levenshtein) distance: the number of
    entries missing from the print, extra in the print, or different,

    .. math::

        D(i, j) = \min\big(D(i - 1, j) + 1,\; D(i, j - 1) + 1,\;
        D(i - 1, j - 1) + [p_i \ne c_j]\big), \qquad D(i, 0) = i,\; D(0, j) = j,

    with :math:`p` the printed and :math:`c` the computed labels. Among equally
    short alignments, the one that matches entries as late as possible is kept,
    so a run of missing leading entries is reported at the start.

    Parameters
    ----------
    printed : str or sequence
        The printed labels, e.g. ``LECTURE_PRINTED_PREDICTIONS["GDA"]``
        (whitespace-separated) or a list.
    computed : array-like of shape (n_samples,)
        The labels computed for samples 0, 1, ..., n_samples - 1.

    Returns
    -------
    pandas.DataFrame
        One row per run of like edits, with columns "edit" ("missing from the
        print", "extra in the print" or "different"), "samples" (the computed
        positions, e.g. "0-34"; an extra entry stands after the sample named),
        "printed", "computed" and "count". Empty when the two agree.
    """
    p = printed.split() if isinstance(printed, str) else [str(v) for v in printed]
    c = [str(v) for v in np.asarray(computed).ravel()]
    if not p or not c:
        raise ValueError("printed and computed must both hold at least one label.")
    D = np.zeros((len(p) + 1, len(c) + 1), dtype=int)
    D[:, 0], D[0, :] = np.arange(len(p) + 1), np.arange(len(c) + 1)
    for i in range(1, len(p) + 1):
        for j in range(1, len(c) + 1):
            D[i, j] = min(D[i - 1, j] + 1, D[i, j - 1] + 1,
                          D[i - 1, j - 1] + (p[i - 1] != c[j - 1]))
    edits, i, j = [], len(p), len(c)
    while i or j:
        if i and j and D[i, j] == D[i - 1, j - 1] + (p[i - 1] != c[j - 1]):
            if p[i - 1] != c[j - 1]:
                edits.append(("different", j - 1, p[i - 1], c[j - 1]))
            i, j = i - 1, j - 1
        elif j and D[i, j] == D[i, j - 1] + 1:
            edits.append(("missing from the print", j - 1, "", c[j - 1]))
            j -= 1
        else:
            edits.append(("extra in the print", j - 1, p[i - 1], ""))
            i -= 1
    runs = []
    for kind, at, shown, value in reversed(edits):
        last = runs[-1] if runs else None
        if last and last[0] == kind and last[2] == shown and last[3] == value and at == last[5] + 1:
            last[5], last[4] = at, last[4] + 1
        else:
            runs.append([kind, at, shown, value, 1, at])
    return pd.DataFrame(
        [{"edit": kind, "samples": f"{first}" if first == last else f"{first}-{last}",
          "printed": shown, "computed": value, "count": count}
         for kind, first, shown, value, count, last in runs],
        columns=["edit", "samples", "printed", "computed", "count"])


@_one_blas_thread
def repeated_split_scores(model, X, y, *, n_splits=20, test_size=0.4, random_state=0):
    r"""Held-out accuracy of ``model`` over repeated stratified random splits.

    Split :math:`r` holds out a stratified share ``test_size`` of the samples,
    fits a fresh copy of the model on the rest and scores it on the held-out part:

    .. math::

        a_r = \frac{1}{|T_r|} \sum_{n \in T_r} [\hat y_r(x_n) = y_n], \qquad r = 1, \dots, R,

    so the spread of :math:`a_1, \dots, a_R` shows how much one split's accuracy
    depends on which samples it happened to hold out.

    Parameters
    ----------
    model : unfitted scikit-learn classifier (cloned for every split)
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    n_splits : int, default=20
        :math:`R`, at least 2.
    test_size : float, default=0.4
        Share held out, in (0, 1).
    random_state : int, default=0
        Seed of the splits, so the scores are reproducible.

    Returns
    -------
    ndarray of shape (n_splits,)
        The held-out accuracies :math:`a_r`.
    """
    from sklearn.model_selection import StratifiedShuffleSplit

    n_splits = check_number("n_splits", n_splits, minimum=2, integer=True)
    test_size = check_number("test_size", test_size, minimum=0.0, inclusive=False)
    if test_size >= 1.0:
        raise ValueError(f"test_size is the share held out and must be below 1; got {test_size}.")
    X, y = np.asarray(X), np.asarray(y)
    splits = StratifiedShuffleSplit(n_splits=n_splits, test_size=test_size,
                                    random_state=random_state)
    return np.array([clone(model).fit(X[train], y[train]).score(X[test], y[test])
                     for train, test in splits.split(X, y)])
