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

The data of the learning curves come from `lecture_utils.synthetic` (e.g.
`make_exponential_classes`, where the logistic model is exactly right and the
Gaussian one is wrong) or from real data sets.

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
from functools import partial

import numpy as np
import pandas as pd
from scipy.stats import binomtest
from scipy.stats import t as student_t
from sklearn.base import clone
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.model_selection import StratifiedShuffleSplit, train_test_split
from sklearn.naive_bayes import GaussianNB

from .decision import error_rate, most_confused_pairs, most_probable
from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .logistic import SoftmaxRegression
from .validation import (
    check_dimensions,
    check_number,
    check_option,
    check_random_state,
    plain,
)


def _seed(rng):
    """A seed for scikit-learn's ``random_state`` (an int), drawn from a numpy Generator."""
    return int(rng.integers(2**32 - 1))


def _stratified_subset(rows, y, size, rng):
    """``size`` of ``rows``, drawn without replacement with the class proportions of ``y[rows]``."""
    split = StratifiedShuffleSplit(n_splits=1, train_size=int(size), random_state=_seed(rng))
    chosen, _ = next(split.split(rows, y[rows]))
    return rows[np.sort(chosen)]


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

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    >>> iris = load_iris()
    >>> ours = GaussianClassifier().fit(iris.X, iris.y)
    >>> theirs = QuadraticDiscriminantAnalysis(store_covariance=True).fit(iris.X, iris.y)
    >>> agreement = posterior_agreement(ours, theirs, iris.X)
    >>> agreement.same_decisions > 0.95, agreement.max_posterior_gap < 1.0
    (True, True)
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

    Examples
    --------
    >>> agrees_to_printed_digits(0.053951, "0.05395"), agrees_to_printed_digits(0.05396, "0.05395")
    (True, False)
    >>> agrees_to_printed_digits(12.4, "12")
    True
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

    Examples
    --------
    >>> printed_against_computed({"mean": "52.89", "sd": "4.5"}, {"mean": 52.8912, "sd": 4.61})
         printed computed  agrees
    mean   52.89  52.8912    True
    sd       4.5     4.61   False
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
    random_state : None, int or numpy Generator, default=None
        Seed of the generator that draws every split (stratified, with
        scikit-learn's ``train_test_split`` and ``StratifiedShuffleSplit``).

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
    largest = pool_size - n_classes  # a stratified split leaves out one sample per class
    if sizes.size == 0 or np.any((sizes > largest) & (sizes != pool_size)):
        raise ValueError(
            f"train_sizes must be non-empty and each at most {largest}, or all {pool_size} "
            f"samples left after holding out test_size={test_size}; got {sizes.tolist()}."
        )
    rng = check_random_state(random_state)
    errors = {name: np.empty((n_repeats, sizes.size)) for name in models}
    rows = np.arange(X.shape[0])
    for r in range(n_repeats):
        pool, test = train_test_split(rows, test_size=X.shape[0] - pool_size, stratify=y,
                                      random_state=_seed(rng))
        for j, m in enumerate(sizes):
            train = pool if m == pool.size else _stratified_subset(pool, y, m, rng)
            for name, model in models.items():
                fitted = clone(model).fit(X[train], y[train])
                errors[name][r, j] = error_rate(y[test], fitted.predict(X[test]))
    return LearningCurve(sizes, errors)


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

    A model whose mean max P exceeds its accuracy is overconfident. The log-loss is
    infinite when a sample's true class gets probability 0 (a certain, wrong
    posterior). Here it is not clipped; scikit-learn's ``log_loss`` clips such a
    probability at machine epsilon and reports a finite number.

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
    column = {label: k for k, label in enumerate(model.classes_.tolist())}
    unknown = sorted({label for label in y.tolist() if label not in column}, key=str)
    if unknown:
        raise ValueError(f"y holds labels the model has no class for: {unknown}.")
    true_class = proba[np.arange(y.size), [column[label] for label in y.tolist()]]
    with np.errstate(divide="ignore"):
        log_loss = float(-np.mean(np.log(true_class)))        # inf if some P(true) = 0
    return {"accuracy": float(right.mean()), "mean max P": float(largest.mean()),
            "log-loss": log_loss,
            f"max P > {threshold:g}": int(sure.sum()),
            "right among those": float(right[sure].mean()) if sure.any() else float("nan"),
            "P = 1": int(certain.sum()), "P = 1, wrong": int((certain & ~right).sum())}


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
            model = GaussianClassifier(covariance=covariance, priors=priors).fit(X_train, y_train)
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
    model = GaussianClassifier(covariance=covariance, priors=priors, shrinkage=shrinkage).fit(
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

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 2.0], [2.0, 4.1], [5.0, 1.0], [6.0, 0.0], [7.0, -1.2]])
    >>> within_class_correlations(X, [0, 0, 0, 1, 1, 1]).round(3)
    array([[[ 1.   ,  1.   ],
            [ 1.   ,  1.   ]],
    <BLANKLINE>
           [[ 1.   , -0.999],
            [-0.999,  1.   ]]])
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if X.ndim != 2 or X.shape[1] < 2 or y.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D with at least two features and one label in y per row; got "
            f"shapes {X.shape} and {y.shape}."
        )
    covariances = GaussianClassifier(covariance="full").fit(X, y).covariances_
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
        Symmetric positive definite, d >= 2 (e.g. the ``covariances_`` of a
        ``GaussianClassifier(covariance="full")``).

    Returns
    -------
    ndarray of shape (d,) or (n, d)

    Examples
    --------
    >>> squared_multiple_correlations([[1.0, 0.6, 0.0], [0.6, 1.0, 0.0], [0.0, 0.0, 2.0]])
    array([0.36, 0.36, 0.  ])
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

    Examples
    --------
    >>> off_diagonal(np.array([[1.0, 0.2, 0.3], [0.2, 1.0, 0.4], [0.3, 0.4, 1.0]]))
    array([0.2, 0.3, 0.4])
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


@dataclass(frozen=True)
class OutlierEffect:
    r"""How one added sample changes LDA and logistic regression (see `outlier_effect`).

    Attributes
    ----------
    X, y : the two-class training data without the outlier
    outlier : ndarray of shape (2,)
    label : the outlier's class
    models : dict of str to (fitted model, fitted model)
        ``"LDA"`` and ``"logistic regression"``, each fitted without and with the outlier.
    boundaries : dict of str to ((ndarray, float), (ndarray, float))
        Each model's boundary :math:`w^T x + b = 0` without and with the outlier,
        as ``(w, b)`` with :math:`w = w_1 - w_0`, :math:`b = w_{01} - w_{00}`.
    rotation_degrees : dict of str to float
        Angle between each model's boundary without and with the outlier.
    changed_decisions : dict of str to float
        Fraction of the original samples whose predicted class the outlier changes.
    own_log_odds : dict of str to float
        Each model fitted *without* the outlier: the log-odds
        :math:`\log P(\text{label} \mid x) - \log P(\text{other} \mid x)` of the
        outlier's own class at the outlier. Large and positive: the point lies
        far on its own side; large and negative: it is confidently misclassified.
    title : str
    """

    X: np.ndarray
    y: np.ndarray
    outlier: np.ndarray
    label: object
    models: dict
    boundaries: dict
    rotation_degrees: dict
    changed_decisions: dict
    own_log_odds: dict
    title: str


def _angle_between(u, v):
    cosine = u @ v / (np.linalg.norm(u) * np.linalg.norm(v))
    return float(np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0))))


def outlier_effect(X, y, outlier, label=None, penalty=1e-3):
    r"""Fit LDA and logistic regression without and with one added sample, and compare.

    LDA's boundary depends on every sample through the class means and the
    shared covariance, so one far-away point can turn it; logistic regression
    is fitted to :math:`P(y \mid x)` only, and a point far on its own class's
    side hardly changes its loss (its gradient :math:`x(\hat y - c)` vanishes).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Exactly two classes.
    outlier : array-like of shape (2,)
        The added sample.
    label : object, default=None
        Its class; ``None`` means the second class (``np.unique(y)[1]``).
    penalty : float, default=1e-3
        L2 strength of the logistic regression (keeps it defined on separable data).

    Returns
    -------
    OutlierEffect
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    classes = np.unique(y)
    if X.ndim != 2 or X.shape[1] != 2 or classes.size != 2:
        raise ValueError(
            f"outlier_effect compares two-class boundaries in two dimensions; X has shape "
            f"{X.shape} and y has {classes.size} classes {classes.tolist()}. Select two "
            "features and two classes first."
        )
    outlier = np.asarray(outlier, dtype=float)
    if outlier.shape != (2,) or not np.all(np.isfinite(outlier)):
        raise ValueError(f"outlier must be two finite numbers (x1, x2); got {plain(outlier)!r}.")
    label = classes[1] if label is None else label
    if label not in classes.tolist():
        raise ValueError(f"label {plain(label)!r} is not one of the classes {classes.tolist()}.")
    X_more, y_more = np.vstack([X, outlier]), np.append(y, label)
    makers = {"LDA": lambda: GaussianClassifier(covariance="tied"),
              "logistic regression": lambda: SoftmaxRegression(penalty=penalty)}
    own = int(np.flatnonzero(classes == label)[0])
    models, boundaries, rotation, changed, log_odds = {}, {}, {}, {}, {}
    for name, make in makers.items():
        before, after = make().fit(X, y), make().fit(X_more, y_more)
        models[name] = (before, after)
        boundaries[name] = (before.linear_scores().boundary(), after.linear_scores().boundary())
        rotation[name] = _angle_between(boundaries[name][0][0], boundaries[name][1][0])
        changed[name] = float(np.mean(before.predict(X) != after.predict(X)))
        log_posteriors = before.predict_log_proba(outlier[None, :])[0]
        log_odds[name] = float(log_posteriors[own] - log_posteriors[1 - own])
    title = "turned by: " + ", ".join(f"{name} {rotation[name]:.0f}°" for name in models)
    return OutlierEffect(X, y, outlier, label, models, boundaries, rotation, changed, log_odds,
                         title)


def outlier_summary(effects):
    """One column per outlier position: how far each boundary turns, and why.

    Rows, for each model: the angle (degrees) between its boundaries without and
    with the outlier; the decisions it changes, as a percentage of the original
    training samples; and the log-odds of the outlier's own class under the
    model fitted without it (see `OutlierEffect`).

    Parameters
    ----------
    effects : sequence of OutlierEffect

    Returns
    -------
    pandas.DataFrame
        Columns named by the outlier positions ``"(x1, x2)"``.
    """
    views = list(effects)
    if not views or not all(isinstance(view, OutlierEffect) for view in views):
        raise ValueError(
            "effects must be a non-empty sequence of OutlierEffect (see outlier_effect)."
        )
    columns = {}
    for view in views:
        n_samples = len(view.y)
        rows = {}
        for name in view.models:
            rows[f"{name}: turned (degrees)"] = view.rotation_degrees[name]
            rows[f"{name}: decisions changed (% of {n_samples} samples)"] = (
                100.0 * view.changed_decisions[name])
            rows[f"{name}: log-odds of its class, fitted without it"] = view.own_log_odds[name]
        columns["({:g}, {:g})".format(*view.outlier)] = rows
    return pd.DataFrame(columns)


def llr_calibration(llr, numerator_true, edges):
    r"""How often a decision by the sign of an llr is wrong, against how often the model says.

    With uniform priors, sample :math:`n` goes to the numerator class when
    :math:`\mathrm{llr}_n > 0`, and the model's own probability that this decision
    is wrong is
    :math:`\sigma(-\lvert\mathrm{llr}_n\rvert) = 1 / (1 + e^{\lvert\mathrm{llr}_n\rvert})`.
    For the samples of bin :math:`b`, :math:`e_b \le \lvert\mathrm{llr}_n\rvert < e_{b+1}`,

    .. math::

        \text{claimed}_b = \frac{1}{n_b} \sum_{n \in b} \sigma(-\lvert\mathrm{llr}_n\rvert),
        \qquad
        \text{observed}_b = \frac{1}{n_b} \sum_{n \in b} [\text{decision}_n \ne y_n],

    with an exact (Clopper-Pearson) 95 % interval for the observed rate. A
    calibrated model has observed :math:`\approx` claimed; an observed rate far
    above the claimed one is overconfidence.

    Parameters
    ----------
    llr : array-like of shape (n_samples,)
        Log-likelihood ratios, numerator class on top; may be infinite.
    numerator_true : array-like of bool, shape (n_samples,)
        Whether each sample belongs to the numerator class.
    edges : array-like of shape (n_bins + 1,)
        Increasing bin edges for :math:`\lvert\mathrm{llr}\rvert`, from 0; the
        last may be ``np.inf``.

    Returns
    -------
    pandas.DataFrame
        One row per non-empty bin, indexed ``"lo–hi"`` (``"≥ lo"`` for an infinite
        upper edge), with columns ``"samples"``, ``"wrong"``, ``"claimed error"``,
        ``"observed error"``, ``"95 % low"`` and ``"95 % high"``.

    Examples
    --------
    >>> table = llr_calibration([0.5, -2.0, 30.0, 40.0], [True, True, True, False],
    ...                         edges=[0, 10, np.inf])
    >>> table[["samples", "wrong"]].to_numpy().tolist()
    [[2, 1], [2, 1]]
    >>> table["claimed error"].round(3).tolist()
    [0.248, 0.0]
    """
    from scipy.special import expit
    from scipy.stats import binomtest

    llr = np.asarray(llr, dtype=float)
    truth = np.asarray(numerator_true)
    edges = np.asarray(edges, dtype=float)
    if llr.ndim != 1 or truth.shape != llr.shape or truth.dtype != bool or np.isnan(llr).any():
        raise ValueError(
            f"llr must be a 1-D array without NaN and numerator_true one bool per llr; got "
            f"shapes {llr.shape} and {truth.shape}, dtype {truth.dtype}."
        )
    if edges.ndim != 1 or edges.size < 2 or edges[0] != 0 or np.any(np.diff(edges) <= 0):
        raise ValueError(f"edges must increase from 0, with at least two; got {edges.tolist()}.")
    size = np.abs(llr)
    wrong = (llr > 0) != truth
    rows = {}
    for low, high in zip(edges[:-1], edges[1:], strict=True):
        inside = (size >= low) & (size < high) if np.isfinite(high) else size >= low
        n, k = int(inside.sum()), int(wrong[inside].sum())
        if n == 0:
            continue
        interval = binomtest(k, n).proportion_ci(confidence_level=0.95, method="exact")
        name = f"{low:g}–{high:g}" if np.isfinite(high) else f"≥ {low:g}"
        rows[name] = {"samples": n, "wrong": k,
                      "claimed error": float(expit(-size[inside]).mean()),
                      "observed error": k / n, "95 % low": float(interval.low),
                      "95 % high": float(interval.high)}
    return pd.DataFrame.from_dict(rows, orient="index")


def confidence_over_draws(model, draw, feature_sets, *, n_draws=50, test_size=0.3,
                          random_state=0, threshold=0.9, stratify=False):
    r"""`confidence_summary` of one model on several feature sets, over fresh samples.

    Draw :math:`r = 0, \dots, R - 1` is ``draw(random_state=random_state + r)``: a new
    sample from the same generating model, split once at random (seeded with
    ``random_state + r``); every feature set sees the same split. Unlike repeated splits
    of one sample (`accuracy_over_splits`), the draws are independent, so the mean over
    draws and its standard error :math:`s / \sqrt R` describe the model on new data.
    The split is not stratified by default: a random split of i.i.d. cases leaves the
    test cases independent of the training cases, as new cases would be. A stratified
    split gives the test set the training set's class balance, which the fitted priors
    :math:`N_k / N` then match; that biases the accuracy upwards, most where the
    features leave classes tied.

    .. math::

        \bar a = \frac{1}{R}\sum_{r} a_r, \qquad
        \mathrm{SE}(\bar a) = \frac{1}{\sqrt R}\sqrt{\frac{1}{R - 1}\sum_r (a_r - \bar a)^2}.

    Parameters
    ----------
    model : estimator
        Unfitted scikit-learn style classifier; cloned for every fit.
    draw : callable
        ``draw(random_state=seed)`` returns a `lecture_utils.datasets.Dataset` (or
        ``X, y``), e.g. `lecture_utils.synthetic.make_cat_shelter`.
    feature_sets : dict of str to list of int
        Name -> the columns of ``X`` the model uses (a column may repeat).
    n_draws : int, default=50
    test_size : float or int, default=0.3
        As in ``train_test_split``.
    random_state : int, default=0
        Seed of the first draw and its split.
    threshold : float, default=0.9
        As in `confidence_summary`.
    stratify : bool, default=False
        Split each draw stratified by class (biased upwards; see above).

    Returns
    -------
    pandas.DataFrame of shape (n_draws, len(feature_sets) * 7)
        One row per draw; columns ``(feature set, measure)``, the measures of
        `confidence_summary`.

    Examples
    --------
    >>> from lecture_utils.discrete import CategoricalClassifier
    >>> from lecture_utils.synthetic import make_cat_shelter
    >>> table = confidence_over_draws(CategoricalClassifier(alpha=1.0), make_cat_shelter,
    ...                               {"fur": [0]}, n_draws=2, test_size=100)
    >>> table.shape, table.columns[0]
    ((2, 7), ('fur', 'accuracy'))
    """
    if not isinstance(feature_sets, dict) or not feature_sets:
        raise ValueError("feature_sets must be a non-empty dict of name -> list of columns.")
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    seed = int(check_number("random_state", random_state, minimum=0, integer=True))
    rows = []
    for r in range(n_draws):
        X, y = (np.asarray(part) for part in draw(random_state=seed + r))
        X_train, X_test, y_train, y_test = train_test_split(
            X, y, test_size=test_size, stratify=y if stratify else None, random_state=seed + r)
        rows.append({(name, measure): value for name, cols in feature_sets.items()
                     for measure, value in confidence_summary(
                         clone(model).fit(X_train[:, cols], y_train), X_test[:, cols], y_test,
                         threshold=threshold).items()})
    table = pd.DataFrame(rows, index=pd.RangeIndex(n_draws, name="draw"))
    table.columns = pd.MultiIndex.from_tuples(table.columns, names=["features", "measure"])
    return table


def _feature_sets(feature_sets, n_features):
    if feature_sets is None:
        return {"all features": list(range(n_features))}
    if not isinstance(feature_sets, dict) or not feature_sets:
        raise ValueError(
            "feature_sets must be None or a non-empty dict of name -> list of columns.")
    return feature_sets


def _training_and_held_out(models, feature_sets, X_train, X_test, y_train, y_test):
    """{(model, features, part): accuracy} of every model on every feature set of one split."""
    row = {}
    for name, model in models.items():
        for features, cols in feature_sets.items():
            fitted = clone(model).fit(X_train[:, cols], y_train)
            row[(name, features, "training")] = fitted.score(X_train[:, cols], y_train)
            row[(name, features, "held out")] = fitted.score(X_test[:, cols], y_test)
    return row


def _score_table(rows, index_name):
    table = pd.DataFrame(rows, index=pd.RangeIndex(len(rows), name=index_name))
    table.columns = pd.MultiIndex.from_tuples(table.columns, names=["model", "features", "part"])
    return table


def scores_over_splits(models, X, y, *, feature_sets=None, n_splits=20, test_size=0.4,
                       random_state=0):
    r"""Training and held-out accuracy of several models, over the same repeated splits.

    Split :math:`r` is the :math:`r`-th stratified split of ``StratifiedShuffleSplit``
    (the splits of `repeated_split_scores` with the same arguments); every model and
    feature set is fitted on its training part :math:`F_r` and scored on both parts,

    .. math::

        a^{\text{train}}_r = \frac{1}{|F_r|}\sum_{n \in F_r} [\hat y_r(x_n) = y_n], \qquad
        a^{\text{held out}}_r = \frac{1}{|T_r|}\sum_{n \in T_r} [\hat y_r(x_n) = y_n],

    so that two columns can be compared split by split (`paired_difference`). The
    splits share samples, so they are not independent draws of the data.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted scikit-learn style classifiers; cloned for every fit.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    feature_sets : dict of str to list of int, default=None
        Name -> the columns of ``X`` a model uses; None: ``{"all features": every column}``.
    n_splits : int, default=20
    test_size : float, default=0.4
        Share held out, in (0, 1).
    random_state : int, default=0
        Seed of the splits.

    Returns
    -------
    pandas.DataFrame of shape (n_splits, 2 * len(models) * len(feature_sets))
        Columns ``(model, features, part)`` with ``part`` ``"training"`` or ``"held out"``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(0, 1, (20, 2)), rng.normal(3, 1, (20, 2))])
    >>> lda = {"LDA": GaussianClassifier(covariance="tied")}
    >>> table = scores_over_splits(lda, X, np.repeat([0, 1], 20), n_splits=3)
    >>> table.shape, table.columns[0]
    ((3, 2), ('LDA', 'all features', 'training'))
    """
    n_splits = check_number("n_splits", n_splits, minimum=2, integer=True)
    test_size = check_number("test_size", test_size, minimum=0.0, inclusive=False)
    if test_size >= 1.0:
        raise ValueError(f"test_size is the share held out and must be below 1; got {test_size}.")
    X, y = np.asarray(X), np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D with one label in y per row; got shapes {X.shape} and {y.shape}."
        )
    feature_sets = _feature_sets(feature_sets, X.shape[1])
    splits = StratifiedShuffleSplit(n_splits=n_splits, test_size=test_size,
                                    random_state=random_state)
    return _score_table([_training_and_held_out(models, feature_sets, X[train], X[test],
                                                y[train], y[test])
                         for train, test in splits.split(X, y)], "split")


def scores_over_draws(models, draw, *, feature_sets=None, n_draws=100, test_size=0.4,
                      random_state=0):
    r"""Training and held-out accuracy of several models on independent samples of the data.

    Draw :math:`r` is ``draw(random_state=random_state + r)``, a fresh sample from a
    generating model (e.g. ``partial(fitted_model.sample, 150)``), split once
    (stratified, seeded with ``random_state + r``) and scored as in `scores_over_splits`.
    Unlike repeated splits of one sample, the draws are independent, so the standard
    error of a mean over draws, :math:`s / \sqrt R`, is a fair one.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted scikit-learn style classifiers; cloned for every fit.
    draw : callable
        ``draw(random_state=seed)`` returns ``X, y``.
    feature_sets : dict of str to list of int, default=None
        As in `scores_over_splits`.
    n_draws : int, default=100
    test_size : float, default=0.4
        As in ``train_test_split``.
    random_state : int, default=0
        Seed of the first draw and its split.

    Returns
    -------
    pandas.DataFrame of shape (n_draws, 2 * len(models) * len(feature_sets))
        Columns ``(model, features, part)``, as in `scores_over_splits`.

    Examples
    --------
    >>> from functools import partial
    >>> truth = GaussianClassifier().fit([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1])
    >>> table = scores_over_draws({"QDA": GaussianClassifier()}, partial(truth.sample, 40),
    ...                           n_draws=2)
    >>> table.shape
    (2, 2)
    """
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    seed = int(check_number("random_state", random_state, minimum=0, integer=True))
    rows = []
    for r in range(n_draws):
        X, y = (np.asarray(part) for part in draw(random_state=seed + r))
        X_train, X_test, y_train, y_test = train_test_split(
            X, y, test_size=test_size, stratify=y, random_state=seed + r)
        rows.append(_training_and_held_out(models, _feature_sets(feature_sets, X.shape[1]),
                                           X_train, X_test, y_train, y_test))
    return _score_table(rows, "draw")


@dataclass(frozen=True)
class PairedDifference:
    r"""Summary of paired differences :math:`d_r = a_r - b_r` (see `paired_difference`).

    Attributes
    ----------
    mean : float
        :math:`\bar d`.
    standard_error : float
        :math:`s_d / \sqrt R`, with :math:`s_d` the sample standard deviation (divisor
        :math:`R - 1`).
    greater, less, equal : int
        How many :math:`d_r` are above, below and at zero.
    """

    mean: float
    standard_error: float
    greater: int
    less: int
    equal: int


def paired_difference(a, b):
    r"""Mean, standard error and signs of the paired differences :math:`d_r = a_r - b_r`.

    .. math::

        \bar d = \frac1R \sum_{r=1}^R d_r, \qquad
        \mathrm{SE}(\bar d) = \frac{1}{\sqrt R}\sqrt{\frac{1}{R - 1}\sum_r (d_r - \bar d)^2}.

    Pairing (the same split or the same draw for both) removes what the two share, so
    the standard error of :math:`\bar d` is smaller than that of either mean. The
    formula treats the :math:`R` pairs as independent: true for independent draws, not
    for repeated splits of one sample, whose overlap makes it too small.

    Parameters
    ----------
    a, b : array-like of shape (R,)
        Paired values, :math:`R \ge 2`.

    Returns
    -------
    PairedDifference

    Examples
    --------
    >>> result = paired_difference([0.9, 0.8, 0.85], [0.8, 0.8, 0.8])
    >>> round(result.mean, 4), round(result.standard_error, 4), result.greater, result.equal
    (0.05, 0.0289, 2, 1)
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.ndim != 1 or a.shape != b.shape or a.size < 2:
        raise ValueError(
            f"a and b must be 1-D arrays of the same length, at least 2; got shapes "
            f"{a.shape} and {b.shape}."
        )
    if not (np.all(np.isfinite(a)) and np.all(np.isfinite(b))):
        raise ValueError("a and b contain NaN or infinite values; pass finite numbers.")
    d = a - b
    return PairedDifference(mean=float(d.mean()),
                            standard_error=float(d.std(ddof=1) / np.sqrt(d.size)),
                            greater=int(np.sum(d > 0)), less=int(np.sum(d < 0)),
                            equal=int(np.sum(d == 0)))


def sampled_bayes_accuracy(model, n_samples=100_000, random_state=0):
    r"""Accuracy of the Bayes rule on data drawn from a generative model, by Monte Carlo.

    When the data come from ``model`` itself, its own posterior is the Bayes rule, and
    the best achievable accuracy is

    .. math::

        a^* = E_{x \sim p(x)}\big[\max_k P(k \mid x)\big]
            \approx \frac1M \sum_{m=1}^M \max_k P(k \mid x_m), \qquad x_m \sim p(x),

    with Monte Carlo standard error :math:`s / \sqrt M` (averaging the largest
    posterior has a smaller variance than counting right answers). The Bayes error is
    :math:`1 - a^*`.

    Parameters
    ----------
    model : fitted generative classifier
        With ``sample(n, random_state=...)`` and ``predict_proba``.
    n_samples : int, default=100_000
        :math:`M`.
    random_state : int, default=0

    Returns
    -------
    (float, float)
        :math:`a^*` and its standard error.

    Examples
    --------
    >>> from lecture_utils.gaussian import tied_bayes_error
    >>> model = GaussianClassifier(covariance="tied").fit([[-1.0], [1.0], [1.0], [3.0]],
    ...                                                   [0, 0, 1, 1])
    >>> accuracy, error = sampled_bayes_accuracy(model)
    >>> bool(abs(accuracy - (1 - tied_bayes_error([0.0], [2.0], [[1.0]]))) < 4 * error)
    True
    """
    n_samples = check_number("n_samples", n_samples, minimum=2, integer=True)
    X, _ = model.sample(n_samples, random_state=random_state)
    largest = model.predict_proba(X).max(axis=1)
    return float(largest.mean()), float(largest.std(ddof=1) / np.sqrt(n_samples))


def imputation_over_splits(model, X, y, column, *, n_splits=20, test_size=0.4, random_state=0):
    r"""Held-out error of four guesses of a hidden feature, over repeated stratified splits.

    On each split (those of `scores_over_splits`) ``model`` is fitted on the training
    part; then feature :math:`m` = ``column`` of every held-out sample is hidden and
    guessed by the training mean of :math:`x_m`, the sample's class mean
    :math:`\mu_{y,m}`, and the model's conditional mean with the class known,
    :math:`E[x_m \mid x_o, y]`, and unknown, :math:`\sum_k P(k \mid x_o)\, E[x_m \mid x_o, k]`
    (``model.impute``). Each guess is scored by its mean absolute error,

    .. math::

        \mathrm{MAE}_r = \frac{1}{|T_r|}\sum_{n \in T_r} |\hat x_{nm} - x_{nm}|.

    Parameters
    ----------
    model : unfitted generative classifier
        With ``means_`` and ``impute(X, y=None)`` once fitted (`GaussianClassifier`).
    X : array-like of shape (n_samples, n_features), n_features >= 2
    y : array-like of shape (n_samples,)
    column : int
        The feature to hide.
    n_splits, test_size, random_state
        As in `scores_over_splits`.

    Returns
    -------
    pandas.DataFrame of shape (n_splits, 4)
        Columns ``"overall mean"``, ``"class mean"``, ``"model, class known"``,
        ``"model, class unknown"``; index ``split``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=60)
    >>> X, y = np.column_stack([x, x + rng.normal(0, 0.1, 60)]), np.repeat([0, 1], 30)
    >>> errors = imputation_over_splits(GaussianClassifier(), X, y, 1, n_splits=2).mean()
    >>> bool(errors["model, class known"] < errors["class mean"])
    True
    """
    n_splits = check_number("n_splits", n_splits, minimum=2, integer=True)
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if X.ndim != 2 or X.shape[1] < 2 or y.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D with at least two features and y one label per row; got shapes "
            f"{X.shape} and {y.shape}."
        )
    column = check_number("column", column, minimum=0, maximum=X.shape[1] - 1, integer=True)
    splits = StratifiedShuffleSplit(n_splits=n_splits, test_size=test_size,
                                    random_state=random_state)
    rows = []
    for train, test in splits.split(X, y):
        fitted = clone(model).fit(X[train], y[train])
        hidden, truth = X[test].copy(), X[test, column]
        hidden[:, column] = np.nan
        guesses = {
            "overall mean": np.full(truth.shape, X[train, column].mean()),
            "class mean": fitted.means_[np.searchsorted(fitted.classes_, y[test]), column],
            "model, class known": fitted.impute(hidden, y[test])[:, column],
            "model, class unknown": fitted.impute(hidden)[:, column],
        }
        rows.append({name: float(np.mean(np.abs(guess - truth)))
                     for name, guess in guesses.items()})
    return pd.DataFrame(rows, index=pd.RangeIndex(n_splits, name="split"))


def paired_error_summary(accuracies, first, second, *, test_to_train=None):
    r"""Mean test errors of two columns of `accuracy_over_splits`, and their paired difference.

    With :math:`e_r = 100\,(1 - a_r)` the error in per cent on split :math:`r = 1, \dots, R`
    and :math:`d_r = e^{\text{second}}_r - e^{\text{first}}_r` (both on the same split),

    .. math::

        \bar d = \frac{1}{R} \sum_r d_r, \qquad
        \operatorname{se}(\bar d) = \frac{1}{\sqrt R}
            \sqrt{\frac{1}{R - 1} \sum_r (d_r - \bar d)^2}.

    The paired difference cancels what the two share on a split (which files are
    hard), so its standard error is smaller than that of either mean. Random splits of
    one sample share their samples, which makes this standard error too small; with
    ``test_to_train`` :math:`= n_{\text{test}}/n_{\text{train}}` it is replaced by the
    corrected one of Nadeau and Bengio, with its two-sided p-value
    (`paired_difference_test`),

    .. math::

        \operatorname{se}_{\text{corr}}(\bar d) = \sqrt{\frac{1}{R - 1} \sum_r (d_r - \bar d)^2}
            \sqrt{\frac1R + \frac{n_{\text{test}}}{n_{\text{train}}}},
        \qquad p = 2\,P\big(T_{R-1} > |\bar d| / \operatorname{se}_{\text{corr}}\big).

    Parameters
    ----------
    accuracies : pandas.DataFrame
        One row per split, as returned by `accuracy_over_splits`.
    first, second : str
        Two of its columns; the difference is ``second`` minus ``first``.
    test_to_train : float or None, default=None
        :math:`n_{\text{test}}/n_{\text{train}}` of the splits (1 for halves); None for the
        plain standard error.

    Returns
    -------
    str
        ``"first e1 %, second e2 %; paired difference d ± se points (sem); second lower on
        n of R splits, higher on m"``; with ``test_to_train``, ``"(sem)"`` becomes
        ``"(corrected se), p = ..."``.

    Examples
    --------
    >>> table = pd.DataFrame({"a": [0.90, 0.92, 0.94], "b": [0.93, 0.93, 0.95]})
    >>> print(paired_error_summary(table, "a", "b"))  # doctest: +NORMALIZE_WHITESPACE
    a 8.00 %, b 6.33 %; paired difference -1.67 ± 0.67 points (sem);
    b lower on 3 of 3 splits, higher on 0
    >>> print(paired_error_summary(table, "a", "b", test_to_train=1.0))
    ... # doctest: +NORMALIZE_WHITESPACE
    a 8.00 %, b 6.33 %; paired difference -1.67 ± 1.33 points (corrected se), p = 0.34;
    b lower on 3 of 3 splits, higher on 0
    """
    if not isinstance(accuracies, pd.DataFrame) or len(accuracies) < 2 or not {
            first, second} <= set(accuracies.columns):
        raise ValueError(
            f"accuracies must be a DataFrame of at least two splits with columns {first!r} and "
            f"{second!r}, as returned by accuracy_over_splits."
        )
    errors = 100.0 * (1.0 - accuracies[[first, second]].astype(float))
    difference = errors[second] - errors[first]
    spread = f"{difference.sem():.2f} points (sem)"
    if test_to_train is not None:
        test = paired_difference_test(errors[second], errors[first], test_to_train=test_to_train)
        spread = f"{test.standard_error:.2f} points (corrected se), p = {test.p_value:.2f}"
    return (f"{first} {errors[first].mean():.2f} %, {second} {errors[second].mean():.2f} %; "
            f"paired difference {difference.mean():.2f} ± {spread}; "
            f"{second} lower on {int(np.sum(difference < 0))} of {difference.size} splits, "
            f"higher on {int(np.sum(difference > 0))}")


def times_lower(curve, first, second):
    r"""In how many repetitions ``first`` has a lower test error than ``second``, at each size.

    The two models of a `LearningCurve` are trained and tested on the same sets in each
    repetition :math:`r`, so their errors are paired; the count

    .. math::

        n(m) = \#\{r : e_{first}(r, m) < e_{second}(r, m)\}

    says how often ``first`` wins, ties counting for neither. Out of :math:`R` repetitions,
    a count near :math:`R/2` is no evidence of a difference (a sign test).

    Parameters
    ----------
    curve : LearningCurve
    first, second : str
        Names of two models in ``curve.errors``.

    Returns
    -------
    pandas.Series of int
        Indexed by the training-set sizes.

    Examples
    --------
    >>> curve = LearningCurve(np.array([10, 20]), {"a": np.array([[0.1, 0.2], [0.3, 0.1]]),
    ...                                             "b": np.array([[0.2, 0.2], [0.2, 0.3]])})
    >>> times_lower(curve, "a", "b").tolist()
    [1, 1]
    """
    missing = [name for name in (first, second) if name not in curve.errors]
    if missing:
        raise ValueError(f"no model named {missing} in the curve; it has {list(curve.errors)}.")
    wins = np.sum(curve.errors[first] < curve.errors[second], axis=0)
    return pd.Series(wins, index=pd.Index(curve.train_sizes, name="training samples"))


def predictions_against_dimension(X_train, y_train, X_test, dimensions, covariance="full",
                                  priors=None, shrinkage=0.0):
    r"""Predicted class of every test sample by a `GaussianClassifier` on the first m features.

    For each :math:`m` in ``dimensions``, the Bayes decision on the leading
    :math:`m` features,

    .. math::

        \hat c_n(m) = \arg\max_k \big(\log f(x_{n,1:m} \mid k) + \log \pi_k\big),

    from one fit on the largest :math:`m` (its leading blocks are the models of the
    smaller ones, see `GaussianClassifier.nested_log_likelihoods`), as in
    `error_against_dimension`. Keeping the predictions, not only the error rates, lets
    two values of :math:`m` be compared on the same test samples (`mcnemar_test`).

    Parameters
    ----------
    X_train, X_test : ndarray of shape (n_samples, n_features)
    y_train : array-like
    dimensions : sequence of int
        Numbers of leading features :math:`m`, each between 1 and ``n_features``.
    covariance, priors, shrinkage
        Passed to `GaussianClassifier`.

    Returns
    -------
    ndarray of shape (len(dimensions), n_test_samples)
        Row ``j`` holds the labels predicted on the first ``dimensions[j]`` features.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, y = rng.normal(size=(200, 3)) + np.repeat([[0, 0, 0], [2, 0, 0]], 100, axis=0), \
    ...     np.repeat([0, 1], 100)
    >>> predicted = predictions_against_dimension(X, y, X, [1, 3])
    >>> predicted.shape
    (2, 200)
    >>> bool(np.allclose(np.mean(predicted != y, axis=1),
    ...                  error_against_dimension(X, y, X, y, [1, 3])))
    True
    """
    X_train, X_test = np.asarray(X_train), np.asarray(X_test)
    dimensions = check_dimensions(dimensions, X_train.shape[1])
    largest = dimensions.max()
    model = GaussianClassifier(covariance=covariance, priors=priors, shrinkage=shrinkage).fit(
        X_train[:, :largest], y_train)
    nested = model.nested_log_likelihoods(X_test[:, :largest], dimensions)
    return np.stack([model.classes_[most_probable(log_likelihoods, model.priors_)]
                     for log_likelihoods in nested])


def confusion_directions(confusion, spread, n_pairs=5):
    r"""The most confused pairs of classes, which way their errors go, and whether by chance.

    For a pair :math:`\{a, b\}` (chosen as in `most_confused_pairs`) with :math:`C_{ab}`
    samples of class :math:`a` predicted as :math:`b` and :math:`C_{ba}` the reverse: if an
    error of the pair were equally likely to go either way,
    :math:`C_{ab} \sim \mathrm{Binomial}(C_{ab} + C_{ba}, \tfrac12)`, and the two-sided
    exact binomial test gives the p-value (as in `mcnemar_test`). ``spread`` gives one
    number per class, such as the log-determinant :math:`\log|\Sigma_k|` (the log-volume
    of the class's Gaussian); the last column says whether most of the pair's errors go
    from the class with the smaller spread to the one with the larger.

    Parameters
    ----------
    confusion : array-like of shape (n_classes, n_classes)
        Rows are true classes, columns predicted ones.
    spread : array-like of shape (n_classes,)
    n_pairs : int, default=5

    Returns
    -------
    pandas.DataFrame
        One row per pair, most confused first; columns ``"a"``, ``"b"``,
        ``"a read as b"``, ``"b read as a"``, ``"p, either way alike"``,
        ``"wider class"``, ``"spread difference"`` (wider minus narrower, at least 0)
        and ``"most go to the wider"`` (False on a tie).

    Examples
    --------
    >>> confusion = [[50, 9, 1], [1, 40, 0], [0, 2, 60]]
    >>> table = confusion_directions(confusion, spread=[0.0, 3.0, 4.0], n_pairs=2)
    >>> table[["a", "b", "a read as b", "b read as a", "wider class"]].values.tolist()
    [[0, 1, 9, 1, 1], [1, 2, 0, 2, 2]]
    >>> table["most go to the wider"].tolist(), table["spread difference"].tolist()
    ([True, False], [3.0, 1.0])
    >>> round(float(table["p, either way alike"].iloc[0]), 4)
    0.0215
    """
    confusion = np.asarray(confusion)
    spread = np.asarray(spread, dtype=float)
    if spread.shape != (confusion.shape[0],):
        raise ValueError(f"spread must give one number per class ({confusion.shape[0]}); "
                         f"got shape {spread.shape}.")
    rows = []
    for a, b, _, a_as_b, b_as_a in most_confused_pairs(confusion, n_pairs=n_pairs):
        wider, narrower = (a, b) if spread[a] > spread[b] else (b, a)
        into_wider = confusion[narrower, wider]
        rows.append({"a": a, "b": b, "a read as b": a_as_b, "b read as a": b_as_a,
                     "p, either way alike": float(binomtest(a_as_b, a_as_b + b_as_a).pvalue),
                     "wider class": wider, "spread difference": spread[wider] - spread[narrower],
                     "most go to the wider": bool(into_wider > confusion[wider, narrower])})
    return pd.DataFrame(rows, columns=["a", "b", "a read as b", "b read as a",
                                       "p, either way alike", "wider class",
                                       "spread difference", "most go to the wider"])


@dataclass(frozen=True)
class PairedTest:
    r"""Paired difference with its (corrected) standard error, interval and p-value.

    See `paired_difference_test`.

    Attributes
    ----------
    mean : float
        :math:`\bar d`.
    standard_error : float
        :math:`s_d \sqrt{1/R + n_{\text{test}}/n_{\text{train}}}`.
    low, high : float
        Ends of the interval :math:`\bar d \pm t_{R-1} \cdot \mathrm{SE}`.
    p_value : float
        Two-sided, for :math:`E[d] = 0`.
    greater, less, equal : int
        How many :math:`d_r` are above, below and at zero.
    """

    mean: float
    standard_error: float
    low: float
    high: float
    p_value: float
    greater: int
    less: int
    equal: int


def paired_difference_test(a, b, *, test_to_train=0.0, confidence=0.95):
    r"""Paired t-test of :math:`d_r = a_r - b_r`, corrected for overlapping splits.

    Over :math:`R` pairs with mean :math:`\bar d` and sample standard deviation
    :math:`s_d` (divisor :math:`R - 1`), the standard error, t statistic, two-sided
    p-value and interval are

    .. math::

        \mathrm{SE} = s_d \sqrt{\frac1R + \frac{n_{\text{test}}}{n_{\text{train}}}},
        \qquad t = \frac{\bar d}{\mathrm{SE}}, \qquad
        p = 2\,P(T_{R-1} > |t|), \qquad
        \bar d \pm t_{R-1,\,(1 + \text{confidence})/2}\, \mathrm{SE}.

    With ``test_to_train`` :math:`= n_{\text{test}}/n_{\text{train}} = 0` this is the
    ordinary paired t-test, right for independent draws (`scores_over_draws`). Repeated
    random splits of one sample (`scores_over_splits`) share their samples, so their
    :math:`d_r` are correlated and :math:`s_d/\sqrt R` is too small; the extra term
    :math:`n_{\text{test}}/n_{\text{train}}` is the correction of Nadeau and Bengio
    (2003), "Inference for the generalization error", *Machine Learning* 52, 239-281.

    Parameters
    ----------
    a, b : array-like of shape (R,)
        Paired values, :math:`R \ge 2`.
    test_to_train : float, default=0.0
        :math:`n_{\text{test}}/n_{\text{train}}` of the splits (e.g. 60 / 90), 0 for
        independent draws.
    confidence : float in (0, 1), default=0.95

    Returns
    -------
    PairedTest
        If every :math:`d_r` is equal, :math:`\mathrm{SE} = 0` and :math:`p` is 1 for
        :math:`\bar d = 0`, else 0.

    Examples
    --------
    >>> a, b = [0.80, 0.90, 0.85, 0.85], [0.80, 0.80, 0.80, 0.80]
    >>> plain = paired_difference_test(a, b)
    >>> round(plain.standard_error, 4), round(plain.p_value, 3)
    (0.0204, 0.092)
    >>> corrected = paired_difference_test(a, b, test_to_train=60 / 90)
    >>> round(corrected.standard_error, 4), round(corrected.p_value, 3)
    (0.0391, 0.291)
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.ndim != 1 or a.shape != b.shape or a.size < 2:
        raise ValueError(
            f"a and b must be 1-D arrays of the same length, at least 2; got shapes "
            f"{a.shape} and {b.shape}."
        )
    if not (np.all(np.isfinite(a)) and np.all(np.isfinite(b))):
        raise ValueError("a and b contain NaN or infinite values; pass finite numbers.")
    test_to_train = check_number("test_to_train", test_to_train, minimum=0.0)
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence is a probability strictly between 0 and 1; got {confidence}.")
    d = a - b
    mean = float(d.mean())
    se = float(d.std(ddof=1) * np.sqrt(1.0 / d.size + test_to_train))
    if se > 0.0:
        p_value = float(2.0 * student_t.sf(abs(mean) / se, d.size - 1))
    else:
        p_value = 1.0 if mean == 0.0 else 0.0
    half = float(student_t.ppf((1.0 + confidence) / 2.0, d.size - 1) * se)
    return PairedTest(mean=mean, standard_error=se, low=mean - half, high=mean + half,
                      p_value=p_value, greater=int(np.sum(d > 0)), less=int(np.sum(d < 0)),
                      equal=int(np.sum(d == 0)))


def outlier_turn_against_log_odds(X, y, log_odds, along=0.0, penalty=1e-3):
    r"""How far one added class-1 sample turns each boundary, against the log-odds that
    logistic regression, fitted without it, gives its class there.

    Logistic regression fitted on ``(X, y)`` has the boundary :math:`w^T x + b = 0` with
    log-odds :math:`w^T x + b` of the second class. The outlier is placed on the line
    along :math:`w` through :math:`\bar x + a\,u`, the mean :math:`\bar x` of ``X`` moved by
    :math:`a` (``along``) along the boundary (:math:`u \perp w`, :math:`\lVert u\rVert = 1`; the
    farther out, the longer its lever), where the log-odds are :math:`t`:

    .. math::

        x(t) = \bar x + a\,u + \big(t - (w^T\bar x + b)\big)\,\frac{w}{\lVert w\rVert^2},
        \qquad w^T x(t) + b = t,

    and `outlier_effect` refits both models with it.

    Parameters
    ----------
    X, y : as in `outlier_effect` (two features, two classes)
    log_odds : sequence of float
        The values :math:`t`; large and positive: far on its own side; negative: misclassified.
    along : float, default=0.0
        :math:`a`, the distance along the boundary from the mean, in the units of ``X``.
    penalty : float, default=1e-3
        L2 strength of the logistic regression.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``"log-odds"``; columns ``"logistic regression (degrees)"`` and
        ``"LDA (degrees)"`` (the angle each boundary turns) and ``"position"``.

    Examples
    --------
    >>> from lecture_utils.synthetic import make_gaussian_classes
    >>> data = make_gaussian_classes([[0, 0], [2, 0]], [np.eye(2)] * 2, 30, random_state=0)
    >>> table = outlier_turn_against_log_odds(data.X, data.y, [20.0, -2.0], along=4.0)
    >>> bool(table.loc[20.0, "logistic regression (degrees)"] < 0.01)
    True
    >>> bool(table.loc[-2.0, "logistic regression (degrees)"] > 1)
    True
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    fitted = SoftmaxRegression(penalty=penalty).fit(X, y)
    w, b = fitted.linear_scores().boundary()
    centre = X.mean(axis=0) + along * np.array([-w[1], w[0]]) / np.linalg.norm(w)
    rows = []
    for t in np.asarray(log_odds, dtype=float):
        position = centre + (t - (w @ centre + b)) * w / (w @ w)
        effect = outlier_effect(X, y, position, penalty=penalty)
        rows.append({"log-odds": float(t),
                     "logistic regression (degrees)": effect.rotation_degrees[
                         "logistic regression"],
                     "LDA (degrees)": effect.rotation_degrees["LDA"],
                     "position": "({:.1f}, {:.1f})".format(*position)})
    return pd.DataFrame(rows).set_index("log-odds")
