r"""Experiments that measure errors: error statistics, repeated fits, learning curves, tables.

Statistics of errors: `mcnemar_test` (two classifiers on the same samples),
`confusion_directions` (a confusion matrix), `llr_calibration` (claimed against observed
errors), `paired_difference_test` (paired scores, corrected for overlapping splits).

Repeated fits: `scores_over_splits` scores several models on several feature sets over
the same repeated stratified splits of one sample (scikit-learn's ``cross_validate``),
`scores_over_draws` over fresh samples of a generating model; what they score is a
parameter (accuracy, `confidence_summary`, `imputation_errors`). `learning_curve` runs
the experiment of Ng and Jordan (2002), "On discriminative vs. generative classifiers":
the test error of each model against the training-set size :math:`m`,

.. math::

    \bar e(m) = \frac{1}{R}\sum_{r=1}^{R} \operatorname{err}_r(m),

every model fitted on the same stratified training sets in repetition :math:`r`;
`gaussian_learning_curve` and `exponential_learning_curve` run it on fresh draws of
`lecture_utils.synthetic`'s classes, `gaussian_accuracy_over_draws` compares models on
them, and `outlier_effect` and `outlier_effects_over_draws` study one added sample.

Tables: `covariance_error_table` and `error_against_dimension` (the MNIST tables),
`posterior_agreement` (ours against scikit-learn's twin, point by point), and
`printed_against_computed` and `printed_label_edits` (a lecture's printed numbers and
labels against the computed ones).

Every ``random_state`` follows one convention: None gives fresh randomness, an int a
fixed stream (`lecture_utils.validation.check_random_state`).
"""

from collections import namedtuple
from itertools import groupby
from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy.special import expit
from scipy.stats import binomtest
from scipy.stats import t as student_t
from sklearn.base import clone
from sklearn.model_selection import StratifiedShuffleSplit, cross_validate, train_test_split

from .decision import error_rate, most_probable
from .gaussian import COVARIANCE_TYPES, GaussianClassifier, linear_rule_error
from .logistic import SoftmaxRegression
from .synthetic import make_exponential_classes, make_gaussian_classes
from .validation import (
    check_dimensions,
    check_gaussian_parameters,
    check_number,
    check_random_state,
    class_index,
    plain,
)


def _seed(random_state):
    """An int seed for scikit-learn: ``random_state`` itself if an int, else drawn from it."""
    if isinstance(random_state, int | np.integer) and not isinstance(random_state, bool):
        return check_number("random_state", random_state, minimum=0, integer=True)
    return int(check_random_state(random_state).integers(2**32 - 1))


def _check_dict(name, value, what="unfitted classifier"):
    if not isinstance(value, dict) or not value:
        raise ValueError(f"{name} must be a non-empty dict of name -> {what}.")


def _curve_setup(models, train_sizes, minimum, n_repeats, random_state, name="n_draws"):
    """What every learning curve starts from: the sizes (each at least ``minimum``) as an int
    array, the repetitions ``n_repeats`` (called ``name``), the generator, and an empty
    error table per model, of shape (n_repeats, n_sizes)."""
    _check_dict("models", models)
    sizes = np.array([check_number("train_sizes", m, minimum=minimum, integer=True)
                      for m in np.atleast_1d(train_sizes)])
    n_repeats = check_number(name, n_repeats, minimum=1, integer=True)
    errors = {model: np.empty((n_repeats, sizes.size)) for model in models}
    return sizes, n_repeats, check_random_state(random_state), errors


def _check_labelled(X, y, dtype=None):
    X, y = np.asarray(X, dtype=dtype), np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(f"X must be 2-D with one label in y per row; got shapes {X.shape} and "
                         f"{y.shape}.")
    return X, y


# ------------------------------------------------------------------ statistics of errors
#: Discordant counts of two classifiers and the exact McNemar p-value (`mcnemar_test`).
class McNemarResult(NamedTuple):
    """Discordant counts of two classifiers and the exact McNemar p-value (`mcnemar_test`).

    Examples
    --------
    >>> McNemarResult(3, 0, 0.25).only_a_wrong
    3
    """

    only_a_wrong: int
    only_b_wrong: int
    p_value: float


def mcnemar_test(y_true, pred_a, pred_b):
    r"""Exact McNemar test: do two classifiers make errors equally often on the same samples?

    Only the discordant samples count: :math:`n_a`, wrong for ``a`` only, and :math:`n_b`,
    wrong for ``b`` only. If both classifiers have the same error rate,
    :math:`n_a \sim \mathrm{Binomial}(n_a + n_b, 1/2)`, and the p-value is the two-sided
    exact binomial test,

    .. math::

        p = \min\Bigl(1,\; 2 \sum_{i \le \min(n_a, n_b)} \binom{n}{i} 2^{-n}\Bigr),
        \quad n = n_a + n_b.

    Parameters
    ----------
    y_true, pred_a, pred_b : array-like of shape (n_samples,)
        True labels and the two classifiers' predictions on the same samples.

    Returns
    -------
    McNemarResult
        ``(only_a_wrong, only_b_wrong, p_value)``; p = 1 when no sample is discordant.

    Examples
    --------
    >>> mcnemar_test([0, 0, 1, 1, 1], [1, 1, 1, 0, 1], [0, 0, 1, 1, 1])
    McNemarResult(only_a_wrong=3, only_b_wrong=0, p_value=0.25)
    """
    y_true, pred_a, pred_b = np.asarray(y_true), np.asarray(pred_a), np.asarray(pred_b)
    if y_true.ndim != 1 or y_true.size == 0 or not pred_a.shape == pred_b.shape == y_true.shape:
        raise ValueError(f"y_true, pred_a and pred_b must be non-empty 1-D arrays of the same "
                         f"length; got shapes {y_true.shape}, {pred_a.shape} and {pred_b.shape}.")
    only_a = int(np.sum((pred_a != y_true) & (pred_b == y_true)))
    only_b = int(np.sum((pred_b != y_true) & (pred_a == y_true)))
    p_value = binomtest(only_a, only_a + only_b).pvalue if only_a + only_b else 1.0
    return McNemarResult(only_a, only_b, float(p_value))


def confusion_directions(confusion, spread, n_pairs=5):
    r"""The most confused pairs of classes, which way their errors go, and whether by chance.

    With :math:`C_{ab}` the number of samples of class :math:`a` predicted as :math:`b`,
    the pair :math:`\{a, b\}` is confused :math:`C_{ab} + C_{ba}` times; pairs never
    confused are left out, ties keep the order of the classes. If an error of the pair
    were equally likely to go either way,
    :math:`C_{ab} \sim \mathrm{Binomial}(C_{ab} + C_{ba}, \tfrac12)` (the exact two-sided
    test of `mcnemar_test`). ``spread`` gives one number per class, such as
    :math:`\log|\Sigma_k|` (the log-volume of its Gaussian); the last column says whether
    most of the pair's errors go from the narrower class to the wider.

    Parameters
    ----------
    confusion : array-like of shape (n_classes, n_classes)
        Rows are true classes, columns predicted ones.
    spread : array-like of shape (n_classes,)
    n_pairs : int, default=5

    Returns
    -------
    pandas.DataFrame
        One row per pair, most confused first; columns ``"a"``, ``"b"``, ``"a read as b"``,
        ``"b read as a"``, ``"p, either way alike"``, ``"wider class"``, ``"spread
        difference"`` (at least 0) and ``"most go to the wider"`` (False on a tie).

    Examples
    --------
    >>> table = confusion_directions([[50, 9, 1], [1, 40, 0], [0, 2, 60]], [0.0, 3.0, 4.0], 2)
    >>> table[["a", "b", "a read as b", "b read as a", "most go to the wider"]].values.tolist()
    [[0, 1, 9, 1, True], [1, 2, 0, 2, False]]
    """
    confusion, spread = np.asarray(confusion), np.asarray(spread, dtype=float)
    if confusion.ndim != 2 or confusion.shape[0] != confusion.shape[1]:
        raise ValueError(f"confusion must be a square matrix; got shape {confusion.shape}.")
    if spread.shape != (confusion.shape[0],):
        raise ValueError(f"spread must give one number per class ({confusion.shape[0]}); "
                         f"got shape {spread.shape}.")
    a, b = np.triu_indices(confusion.shape[0], k=1)
    totals = confusion[a, b] + confusion[b, a]
    pairs = [i for i in np.argsort(-totals, kind="stable")[:n_pairs] if totals[i] > 0]
    a, b = a[pairs], b[pairs]
    a_as_b, b_as_a = confusion[a, b], confusion[b, a]
    wider = np.where(spread[a] > spread[b], a, b)
    narrower = a + b - wider
    return pd.DataFrame({
        "a": a, "b": b, "a read as b": a_as_b, "b read as a": b_as_a,
        "p, either way alike": [binomtest(k, k + j).pvalue for k, j in zip(a_as_b, b_as_a,
                                                                             strict=True)],
        "wider class": wider, "spread difference": spread[wider] - spread[narrower],
        "most go to the wider": confusion[narrower, wider] > confusion[wider, narrower]})


#: A paired difference with its standard error, interval and p-value (`paired_difference_test`).
class PairedTest(NamedTuple):
    r"""Paired difference with its (corrected) standard error, interval and p-value.

    ``mean`` :math:`\bar d`; ``standard_error``
    :math:`s_d \sqrt{1/R + n_{\text{test}}/n_{\text{train}}}`; ``low``, ``high`` the
    interval :math:`\bar d \pm t_{R-1} \cdot \mathrm{SE}`; ``p_value`` two-sided, for
    :math:`E[d] = 0`; ``greater``, ``less``, ``equal`` how many :math:`d_r` are above,
    below and at zero. See `paired_difference_test`.

    Examples
    --------
    >>> paired_difference_test([0.9, 0.8, 0.85], [0.8, 0.8, 0.8]).greater
    2
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
    :math:`s_d` (divisor :math:`R - 1`),

    .. math::

        \mathrm{SE} = s_d \sqrt{\frac1R + \frac{n_{\text{test}}}{n_{\text{train}}}},
        \qquad t = \frac{\bar d}{\mathrm{SE}}, \qquad
        p = 2\,P(T_{R-1} > |t|), \qquad
        \bar d \pm t_{R-1,\,(1 + \text{confidence})/2}\, \mathrm{SE}.

    With ``test_to_train`` :math:`= 0` this is the ordinary paired t-test, right for
    independent draws (`scores_over_draws`). Repeated random splits of one sample
    (`scores_over_splits`) share their samples, so their :math:`d_r` are correlated and
    :math:`s_d/\sqrt R` is too small; the term :math:`n_{\text{test}}/n_{\text{train}}` is
    the correction of Nadeau and Bengio (2003), "Inference for the generalization error",
    *Machine Learning* 52, 239-281.

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
        ``mean`` :math:`\bar d`; ``standard_error`` :math:`\mathrm{SE}`; ``low``, ``high``
        the interval; ``p_value`` two-sided, for :math:`E[d] = 0`; ``greater``, ``less``,
        ``equal`` how many :math:`d_r` are above, below and at zero. If every :math:`d_r`
        is equal, :math:`\mathrm{SE} = 0` and :math:`p` is 1 for :math:`\bar d = 0`, else 0.

    Examples
    --------
    >>> test = paired_difference_test([0.80, 0.90, 0.85, 0.85], [0.8] * 4, test_to_train=60 / 90)
    >>> round(test.standard_error, 4), round(test.p_value, 3), test.greater
    (0.0391, 0.291, 3)
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.ndim != 1 or a.shape != b.shape or a.size < 2:
        raise ValueError(f"a and b must be 1-D arrays of the same length, at least 2; got "
                         f"shapes {a.shape} and {b.shape}.")
    if not np.isfinite([a, b]).all():
        raise ValueError("a and b contain NaN or infinite values; pass finite numbers.")
    test_to_train = check_number("test_to_train", test_to_train, minimum=0.0)
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence is a probability strictly between 0 and 1; got {confidence}.")
    d = a - b
    mean, se = float(d.mean()), float(d.std(ddof=1) * np.sqrt(1.0 / d.size + test_to_train))
    p_value = 2.0 * student_t.sf(abs(mean) / se, d.size - 1) if se > 0.0 else float(mean == 0.0)
    half = float(student_t.ppf((1.0 + confidence) / 2.0, d.size - 1) * se)
    return PairedTest(mean, se, mean - half, mean + half, float(p_value), int(np.sum(d > 0)),
                      int(np.sum(d < 0)), int(np.sum(d == 0)))


def llr_calibration(llr, numerator_true, edges):
    r"""How often a decision by the sign of an llr is wrong, against how often the model says.

    With uniform priors, sample :math:`n` goes to the numerator class when
    :math:`\mathrm{llr}_n > 0`, and the model's own probability that this is wrong is
    :math:`\sigma(-\lvert\mathrm{llr}_n\rvert)`. For the samples of bin :math:`b`,
    :math:`e_b \le \lvert\mathrm{llr}_n\rvert < e_{b+1}`,

    .. math::

        \text{claimed}_b = \frac{1}{n_b} \sum_{n \in b} \sigma(-\lvert\mathrm{llr}_n\rvert),
        \qquad
        \text{observed}_b = \frac{1}{n_b} \sum_{n \in b} [\text{decision}_n \ne y_n],

    with the exact (Clopper-Pearson) 95 % interval of the observed rate. A calibrated
    model has observed :math:`\approx` claimed; observed far above claimed is overconfidence.

    Parameters
    ----------
    llr : array-like of shape (n_samples,)
        Log-likelihood ratios, numerator class on top; may be infinite.
    numerator_true : array-like of bool, shape (n_samples,)
        Whether each sample belongs to the numerator class.
    edges : array-like of shape (n_bins + 1,)
        Increasing bin edges for :math:`\lvert\mathrm{llr}\rvert`, from 0; the last may be
        ``np.inf``.

    Returns
    -------
    pandas.DataFrame
        One row per non-empty bin, indexed ``"lo–hi"`` (``"≥ lo"`` for an infinite upper
        edge), with columns ``"samples"``, ``"wrong"``, ``"claimed error"``, ``"observed
        error"``, ``"95 % low"`` and ``"95 % high"``.

    Examples
    --------
    >>> table = llr_calibration([0.5, -2.0, 30.0, 40.0], [True, True, True, False], [0, 10, np.inf])
    >>> table[["samples", "wrong"]].to_numpy().tolist(), table["claimed error"].round(3).tolist()
    ([[2, 1], [2, 1]], [0.248, 0.0])
    """
    llr, truth = np.asarray(llr, dtype=float), np.asarray(numerator_true)
    edges = np.asarray(edges, dtype=float)
    if llr.ndim != 1 or truth.shape != llr.shape or truth.dtype != bool or np.isnan(llr).any():
        raise ValueError(f"llr must be a 1-D array without NaN and numerator_true one bool per "
                         f"llr; got shapes {llr.shape} and {truth.shape}, dtype {truth.dtype}.")
    if edges.ndim != 1 or edges.size < 2 or edges[0] != 0 or np.any(np.diff(edges) <= 0):
        raise ValueError(f"edges must increase from 0, with at least two; got {edges.tolist()}.")
    size, wrong = np.abs(llr), (llr > 0) != truth
    rows = {}
    for low, high in zip(edges[:-1], edges[1:], strict=True):
        inside = (size >= low) & ((size < high) | (high == np.inf))
        n, k = int(inside.sum()), int(wrong[inside].sum())
        if n:
            low_end, high_end = binomtest(k, n).proportion_ci(0.95, method="exact")
            rows[f"{low:g}–{high:g}" if np.isfinite(high) else f"≥ {low:g}"] = {
                "samples": n, "wrong": k, "claimed error": float(expit(-size[inside]).mean()),
                "observed error": k / n, "95 % low": float(low_end), "95 % high": float(high_end)}
    return pd.DataFrame.from_dict(rows, orient="index")


# ------------------------------------------------------------------------ repeated fits
def confidence_summary(model, X, y, threshold=0.9):
    r"""How accurate a fitted classifier is on test data, and how sure.

    With :math:`p_n = \max_k P(k \mid x_n)` the largest posterior of sample :math:`n`:

    .. math::

        \text{accuracy} = \frac{1}{N}\sum_n [\hat y_n = y_n], \qquad
        \text{mean max P} = \frac{1}{N}\sum_n p_n, \qquad
        \text{log-loss} = -\frac{1}{N}\sum_n \log P(y_n \mid x_n).

    A model whose mean max P exceeds its accuracy is overconfident. The log-loss is
    infinite when a sample's true class gets probability 0 (a certain, wrong posterior);
    scikit-learn's ``log_loss`` would clip that probability and report a finite number.
    Its signature is a scikit-learn scorer's, so `scores_over_splits` can use it.

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
        ``"accuracy"``, ``"mean max P"``, ``"log-loss"`` (floats); ``"max P > {threshold}"``
        (count) and ``"right among those"`` (share, NaN if none); ``"P = 1"`` and
        ``"P = 1, wrong"`` (counts of certain posteriors, and of those that are wrong).

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> model = GaussianClassifier().fit([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1])
    >>> summary = confidence_summary(model, [[0.0], [4.0]], [0, 1])
    >>> summary["accuracy"], summary["max P > 0.9"]
    (1.0, 2)
    """
    if not 0.0 < threshold < 1.0:
        raise ValueError(f"threshold is a probability strictly between 0 and 1; got {threshold}.")
    proba, y = np.asarray(model.predict_proba(X), dtype=float), np.asarray(y)
    true_class = proba[np.arange(y.size), class_index(model.classes_, y, len(proba))]
    largest, right = proba.max(axis=1), model.classes_[proba.argmax(axis=1)] == y
    sure, certain = largest > threshold, largest == 1.0
    with np.errstate(divide="ignore"):
        log_loss = float(-np.mean(np.log(true_class)))        # inf if some P(true) = 0
    return {"accuracy": float(right.mean()), "mean max P": float(largest.mean()),
            "log-loss": log_loss, f"max P > {threshold:g}": int(sure.sum()),
            "right among those": float(right[sure].mean()) if sure.any() else float("nan"),
            "P = 1": int(certain.sum()), "P = 1, wrong": int((certain & ~right).sum())}


def imputation_errors(model, X, y, column):
    r"""Mean absolute errors of four guesses of one hidden feature of each sample.

    Feature :math:`m` = ``column`` of every sample is hidden and guessed by the training
    mean :math:`\sum_k \pi_k \mu_{k,m}` (the fitted priors are the class frequencies), the
    sample's class mean :math:`\mu_{y,m}`, and the model's conditional mean with the class
    known, :math:`E[x_m \mid x_o, y]`, and unknown,
    :math:`\sum_k P(k \mid x_o)\, E[x_m \mid x_o, k]` (``model.impute``); each is scored by

    .. math::

        \mathrm{MAE} = \frac{1}{N}\sum_{n} |\hat x_{nm} - x_{nm}|.

    Its first three parameters are a scikit-learn scorer's: pass
    ``partial(imputation_errors, column=m)`` as ``scoring`` of `scores_over_splits`.

    Parameters
    ----------
    model : fitted generative classifier with ``means_``, ``priors_`` and ``impute(X, y=None)``
    X : array-like of shape (n_samples, n_features), n_features >= 2
    y : array-like of shape (n_samples,)
    column : int
        The feature to hide.

    Returns
    -------
    dict
        ``"overall mean"``, ``"class mean"``, ``"model, class known"``, ``"model, class
        unknown"``.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=60)
    >>> X, y = np.column_stack([x, x + rng.normal(0, 0.1, 60)]), np.repeat([0, 1], 30)
    >>> errors = imputation_errors(GaussianClassifier().fit(X, y), X, y, column=1)
    >>> bool(errors["model, class known"] < errors["class mean"])
    True
    """
    X, y = _check_labelled(X, y, dtype=float)
    if X.shape[1] < 2:
        raise ValueError(f"X must have at least two features to hide one; got shape {X.shape}.")
    column = check_number("column", column, minimum=0, maximum=X.shape[1] - 1, integer=True)
    hidden, truth = X.copy(), X[:, column]
    hidden[:, column] = np.nan
    guesses = {"overall mean": model.priors_ @ model.means_[:, column],
               "class mean": model.means_[np.searchsorted(model.classes_, y), column],
               "model, class known": model.impute(hidden, y)[:, column],
               "model, class unknown": model.impute(hidden)[:, column]}
    return {name: float(np.mean(np.abs(guess - truth))) for name, guess in guesses.items()}


def scores_over_splits(models, X, y, *, feature_sets=None, scoring=None, cv=None,
                       n_splits=20, test_size=0.4, random_state=None, training=False):
    r"""Scores of several models on several feature sets, over the same repeated splits.

    Split :math:`r` has a training part :math:`F_r` and a held-out part :math:`T_r`; each
    model and feature set is fitted on :math:`F_r` and scored on :math:`T_r` (and on
    :math:`F_r` with ``training=True``) by scikit-learn's ``cross_validate``, e.g.

    .. math::

        a_r = \frac{1}{|T_r|}\sum_{n \in T_r} [\hat y_r(x_n) = y_n].

    The splits are drawn once, so that two columns can be compared split by split
    (`paired_difference_test`, with ``test_to_train`` for the overlap of the splits).

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted classifiers; cloned for every fit.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    feature_sets : dict of str to list of int, default=None
        Name -> the columns of ``X`` a model uses; None: ``{"all features": every column}``.
    scoring : callable, default=None
        ``scoring(fitted, X, y)`` returns a number or a dict of named numbers (e.g.
        `confidence_summary`); None: the model's ``score``, the accuracy.
    cv : splitter or iterable of (train, test) index arrays, default=None
        The splits; None: ``StratifiedShuffleSplit(n_splits, test_size=test_size,
        random_state=random_state)``.
    n_splits : int, default=20
    test_size : float, default=0.4
        Share held out, in (0, 1).
    random_state : None, int or numpy Generator, default=None
        Seed of the splits; None draws fresh ones.
    training : bool, default=False
        Also score on the training part, in columns named ``"training <measure>"``.

    Returns
    -------
    pandas.DataFrame
        One row per split (index ``"split"``), columns ``(model, features, measure)``;
        the measure is ``"accuracy"`` by default, else the names ``scoring`` returns.

    Examples
    --------
    >>> X = np.random.default_rng(0).normal(size=(20, 2)) + np.repeat([[0], [5]], 10, axis=0)
    >>> table = scores_over_splits({"LDA": GaussianClassifier(covariance="tied")}, X,
    ...                            np.repeat([0, 1], 10), n_splits=3, random_state=0, training=True)
    >>> table.shape, table.columns[1], float(table.min().min())
    ((3, 2), ('LDA', 'all features', 'training accuracy'), 1.0)
    """
    X, y = _check_labelled(X, y)
    _check_dict("models", models)
    if feature_sets is None:
        feature_sets = {"all features": list(range(X.shape[1]))}
    _check_dict("feature_sets", feature_sets, "columns (or None for all)")
    if cv is None:
        n_splits = check_number("n_splits", n_splits, minimum=2, integer=True)
        cv = StratifiedShuffleSplit(n_splits=n_splits, test_size=test_size,
                                    random_state=_seed(random_state))
    splits = list(cv.split(X, y) if hasattr(cv, "split") else cv)
    prefix, columns = {"test": "", "train": "training "}, {}
    for name, model in models.items():
        for features, cols in feature_sets.items():
            result = cross_validate(model, X[:, cols], y, cv=splits, scoring=scoring,
                                    return_train_score=training, error_score="raise")
            for key, values in result.items():
                part, _, measure = key.partition("_")        # e.g. "test_accuracy"
                if part in prefix:
                    measure = "accuracy" if measure == "score" else measure
                    columns[name, features, prefix[part] + measure] = values
    return pd.DataFrame(columns, index=pd.RangeIndex(len(splits), name="split")).rename_axis(
        columns=["model", "features", "measure"])


def scores_over_draws(models, draw, *, feature_sets=None, scoring=None, n_draws=100,
                      test_size=0.4, stratify=True, random_state=None, training=False):
    r"""`scores_over_splits` on independent samples of a generating model, one split each.

    Draw :math:`r` is ``draw(random_state=s + r)``, a fresh sample (e.g.
    ``partial(fitted_model.sample, 150)``), split once by ``train_test_split`` seeded with
    :math:`s + r`, where :math:`s` is ``random_state``. Unlike repeated splits of one
    sample the draws are independent, so the standard error of a mean over draws,
    :math:`s / \sqrt R`, is a fair one. A stratified split gives the test part the
    training part's class balance, which fitted priors :math:`N_k / N` then match; pass
    ``stratify=False`` for test cases independent of the training cases, as new cases are.

    Parameters
    ----------
    models, feature_sets, scoring, training
        As in `scores_over_splits`.
    draw : callable
        ``draw(random_state=seed)`` returns ``X, y`` (or a `lecture_utils.datasets.Dataset`).
    n_draws : int, default=100
    test_size : float or int, default=0.4
        As in ``train_test_split``.
    stratify : bool, default=True
    random_state : None or int, default=None
        :math:`s`; None draws a fresh one.

    Returns
    -------
    pandas.DataFrame
        One row per draw (index ``"draw"``), columns as in `scores_over_splits`.

    Examples
    --------
    >>> from functools import partial
    >>> truth = GaussianClassifier().fit([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1])
    >>> scores_over_draws({"QDA": GaussianClassifier()}, partial(truth.sample, 40),
    ...                   n_draws=2, random_state=0).shape
    (2, 1)
    """
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    seed = _seed(random_state)
    parts = [[np.asarray(part) for part in draw(random_state=seed + r)] for r in range(n_draws)]
    starts = np.cumsum([0] + [len(y) for _, y in parts[:-1]])
    splits = [train_test_split(np.arange(start, start + len(y)), test_size=test_size,
                               random_state=seed + r, stratify=y if stratify else None)
              for r, (start, (_, y)) in enumerate(zip(starts, parts, strict=True))]
    X, y = (np.concatenate(arrays) for arrays in zip(*parts, strict=True))
    return scores_over_splits(models, X, y, feature_sets=feature_sets, scoring=scoring, cv=splits,
                              training=training).rename_axis(index="draw")


def sampled_bayes_accuracy(model, n_samples=100_000, random_state=None):
    r"""Accuracy of the Bayes rule on data drawn from a generative model, by Monte Carlo.

    When the data come from ``model`` itself, its own posterior is the Bayes rule, and

    .. math::

        a^* = E_{x \sim p(x)}\big[\max_k P(k \mid x)\big]
            \approx \frac1M \sum_{m=1}^M \max_k P(k \mid x_m), \qquad x_m \sim p(x),

    with Monte Carlo standard error :math:`s / \sqrt M` (averaging the largest posterior
    varies less than counting right answers). The Bayes error is :math:`1 - a^*`.

    Parameters
    ----------
    model : fitted generative classifier with ``sample(n, random_state=...)`` and ``predict_proba``
    n_samples : int, default=100_000
        :math:`M`.
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    (float, float)
        :math:`a^*` and its standard error.

    Examples
    --------
    >>> model = GaussianClassifier(covariance="tied").fit([[-1.0], [1.0], [1.0], [3.0]],
    ...                                                   [0, 0, 1, 1])
    >>> accuracy, error = sampled_bayes_accuracy(model, random_state=0)
    >>> bool(abs(accuracy - 0.8413) < 4 * error)                    # 1 - Phi(-1)
    True
    """
    n_samples = check_number("n_samples", n_samples, minimum=2, integer=True)
    X, _ = model.sample(n_samples, random_state=random_state)
    largest = model.predict_proba(X).max(axis=1)
    return float(largest.mean()), float(largest.std(ddof=1) / np.sqrt(n_samples))


class LearningCurve(namedtuple("LearningCurve", "train_sizes errors")):
    """Test errors of several models at several training-set sizes.

    Attributes
    ----------
    train_sizes : ndarray of int of shape (n_sizes,)
    errors : dict of str to ndarray of shape (n_repeats, n_sizes)
        The test error of each model, one row per repetition.

    Examples
    --------
    >>> curve = LearningCurve(np.array([10, 20]), {"a": np.array([[0.2, 0.1], [0.4, 0.1]])})
    >>> curve.mean_errors()["a"].tolist()
    [0.30000000000000004, 0.1]
    """

    def mean_errors(self):
        r"""The mean test error :math:`\bar e(m)`: a DataFrame, one column per model."""
        return pd.DataFrame({name: e.mean(axis=0) for name, e in self.errors.items()},
                            index=pd.Index(self.train_sizes, name="training samples"))

    def standard_errors(self):
        r"""Standard error of each mean, :math:`s / \sqrt{R}` (a DataFrame like `mean_errors`)."""
        return pd.DataFrame({name: e.std(axis=0, ddof=1) / np.sqrt(e.shape[0])
                             for name, e in self.errors.items()},
                            index=pd.Index(self.train_sizes, name="training samples"))


def learning_curve(models, X, y, train_sizes, *, n_repeats=10, test_size=0.3,
                   random_state=None):
    """Average test error of each model against the number of training samples.

    Repetition :math:`r` holds out a stratified test set, then draws a stratified training
    set of each size :math:`m` from the rest; every model is fitted on the same sets.

    Parameters
    ----------
    models : dict of str to estimator
        Unfitted classifiers; each is cloned for every fit.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    train_sizes : sequence of int
        Training-set sizes :math:`m`, each at least the number of classes and at most the
        number of samples left after the test set.
    n_repeats : int, default=10
        Repetitions :math:`R` averaged at each size.
    test_size : float, default=0.3
        Fraction of the samples held out for testing in each repetition.
    random_state : None, int or numpy Generator, default=None
        Seed of the generator that draws every split.

    Returns
    -------
    LearningCurve

    Examples
    --------
    >>> X, y = np.random.default_rng(0).normal(size=(40, 2)), np.repeat([0, 1], 20)
    >>> curve = learning_curve({"LDA": GaussianClassifier(covariance="tied")}, X, y, [6, 20],
    ...                        n_repeats=2, random_state=0)
    >>> curve.errors["LDA"].shape
    (2, 2)
    """
    test_size = check_number("test_size", test_size, minimum=0.0, inclusive=False)
    if test_size >= 1.0:
        raise ValueError(f"test_size is a fraction of the samples, below 1; got {test_size}.")
    X, y = _check_labelled(X, y)
    n_classes = np.unique(y).size
    pool_size = X.shape[0] - int(np.ceil(test_size * X.shape[0]))
    sizes, n_repeats, rng, errors = _curve_setup(models, train_sizes, n_classes, n_repeats,
                                                 random_state, "n_repeats")
    largest = pool_size - n_classes  # a stratified split leaves out one sample per class
    if sizes.size == 0 or np.any((sizes > largest) & (sizes != pool_size)):
        raise ValueError(f"train_sizes must be non-empty and each at most {largest}, or all "
                         f"{pool_size} samples left after holding out test_size={test_size}; "
                         f"got {sizes.tolist()}.")
    for r in range(n_repeats):
        pool, test = train_test_split(np.arange(X.shape[0]), test_size=X.shape[0] - pool_size,
                                      stratify=y, random_state=_seed(rng))
        for j, m in enumerate(sizes):
            train = pool if m == pool.size else np.sort(train_test_split(
                pool, train_size=int(m), stratify=y[pool], random_state=_seed(rng))[0])
            for name, model in models.items():
                fitted = clone(model).fit(X[train], y[train])
                errors[name][r, j] = error_rate(y[test], fitted.predict(X[test]))
    return LearningCurve(sizes, errors)


def times_lower(curve, first, second):
    r"""In how many repetitions ``first`` has a lower test error than ``second``, at each size.

    The models of a `LearningCurve` are trained and tested on the same sets in each
    repetition :math:`r`, so their errors are paired; the count
    :math:`n(m) = \#\{r : e_{first}(r, m) < e_{second}(r, m)\}` says how often ``first``
    wins, ties counting for neither (near :math:`R/2`: no evidence of a difference).

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
    LearningCurve
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
    means, factors = check_gaussian_parameters(means, covariances)
    covariances = np.einsum("kij,klj->kil", factors, factors)
    if means.shape[0] != 2:
        raise ValueError(f"gaussian_learning_curve needs two classes; got {means.shape[0]}.")
    sizes, n_draws, rng, errors = _curve_setup(models, train_sizes, 2, n_draws, random_state)
    n_features = means.shape[1]
    probes = np.vstack([np.zeros(n_features), np.eye(n_features), means])
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
                    raise ValueError(f"model {name!r} does not have log-odds linear in x (a QDA?), "
                                     "so it is not a linear rule; gaussian_learning_curve needs "
                                     "linear models.")
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
    LearningCurve

    Examples
    --------
    >>> from lecture_utils.logistic import SoftmaxRegression
    >>> curve = exponential_learning_curve({"LR": SoftmaxRegression(penalty=0.01)}, [8, 200],
    ...                                    n_draws=3, n_test=2_000, random_state=0)
    >>> means = curve.mean_errors()["LR"]
    >>> bool(means[200] < means[8])
    True
    """
    sizes, n_draws, rng, errors = _curve_setup(models, train_sizes, 2, n_draws, random_state)
    for r in range(n_draws):
        test = make_exponential_classes(n_test, n_features, mean_ratio, random_state=rng)
        for j, m in enumerate(sizes):
            y = np.repeat([0, 1], [m - m // 2, m // 2])
            X = (rng.exponential(1.0, (m, test.X.shape[1]))
                 * np.where(y == 1, mean_ratio, 1.0)[:, None])
            for name, model in models.items():
                errors[name][r, j] = np.mean(clone(model).fit(X, y).predict(test.X) != test.y)
    return LearningCurve(sizes, errors)


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
    _check_dict("models", models)
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    n_test_per_class = check_number("n_test_per_class", n_test_per_class, minimum=1, integer=True)
    rng = check_random_state(random_state)
    rows = []
    for _ in range(n_draws):
        train = make_gaussian_classes(means, covariances, n_per_class, random_state=rng)
        test = make_gaussian_classes(means, covariances, n_test_per_class, random_state=rng)
        rows.append({name: clone(model).fit(*train).score(*test)
                     for name, model in models.items()})
    return pd.DataFrame(rows, index=pd.RangeIndex(n_draws, name="draw"))


# ------------------------------------------------------------------------------- tables
#: How closely two fitted classifiers agree on a set of points (`posterior_agreement`).
class Agreement(NamedTuple):
    """How closely two fitted classifiers agree on a set of points (`posterior_agreement`).

    Examples
    --------
    >>> Agreement(0.0, True, 1.0)._asdict()
    {'max_posterior_gap': 0.0, 'log_posteriors_agree': True, 'same_decisions': 1.0}
    """

    max_posterior_gap: float
    log_posteriors_agree: bool
    same_decisions: float


def posterior_agreement(ours, theirs, X):
    r"""Compare two fitted classifiers point by point: posteriors and decisions.

    .. math::

        \text{gap} = \max_{i, c} \lvert P_1(c \mid x_i) - P_2(c \mid x_i) \rvert, \qquad
        \text{same} = \frac1n \sum_i [\hat y_1(x_i) = \hat y_2(x_i)];

    the log posteriors agree when they differ by at most :math:`10^{-8}` everywhere.

    Parameters
    ----------
    ours, theirs : fitted classifiers with ``classes_``, ``predict_log_proba`` and ``predict``
        Their ``classes_`` must be the same, in the same order.
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    Agreement
        ``(max_posterior_gap, log_posteriors_agree, same_decisions)``; a list of them makes
        a table with ``pandas.DataFrame``.

    Examples
    --------
    >>> from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    >>> X, y = [[0.0], [1.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> posterior_agreement(GaussianClassifier(covariance="tied").fit(X, y),
    ...                     LinearDiscriminantAnalysis().fit(X, y), X)[1:]
    (True, 1.0)
    """
    if list(ours.classes_) != list(theirs.classes_):
        raise ValueError(f"the classifiers order their classes differently ({list(ours.classes_)} "
                         f"and {list(theirs.classes_)}), so their posterior columns cannot be "
                         "compared.")
    return Agreement(float(np.max(np.abs(ours.predict_proba(X) - theirs.predict_proba(X)))),
                     bool(np.allclose(ours.predict_log_proba(X), theirs.predict_log_proba(X),
                                      rtol=0.0, atol=1e-8)),
                     float(np.mean(ours.predict(X) == theirs.predict(X))))


def covariance_error_table(feature_sets, y_train, y_test, *, priors=None):
    r"""Test error rate of each covariance model on each feature set.

    Entry :math:`(m, f)` is :math:`\frac{1}{n}\sum_i [\hat c_i \ne c_i]` over the test
    samples, for a `GaussianClassifier` with covariance model :math:`m` (each of
    `lecture_utils.gaussian.COVARIANCE_TYPES`) fitted on the training samples of feature
    set :math:`f`.

    Parameters
    ----------
    feature_sets : dict of str -> (X_train, X_test)
        Training and test features, one pair per column of the table.
    y_train, y_test : array-like
        Labels of the training and test rows (the same for every feature set).
    priors : array-like or dict, default=None
        Passed to every classifier; ``None`` uses the training frequencies.

    Returns
    -------
    pandas.DataFrame
        Error rates in [0, 1]; index the covariance models, columns the feature-set names.

    Examples
    --------
    >>> X = np.array([[0.0], [1.0], [3.0], [4.0]])
    >>> covariance_error_table({"x": (X, X)}, [0, 0, 1, 1], [0, 0, 1, 1])["x"].tolist()
    [0.0, 0.0, 0.0, 0.0]
    """
    def test_error(covariance, X_train, X_test):
        model = GaussianClassifier(covariance=covariance, priors=priors).fit(X_train, y_train)
        return error_rate(y_test, model.predict(X_test))

    return pd.DataFrame({name: [test_error(covariance, *pair) for covariance in COVARIANCE_TYPES]
                         for name, pair in feature_sets.items()},
                        index=pd.Index(list(COVARIANCE_TYPES), name="covariance"), dtype=float)


def predictions_against_dimension(X_train, y_train, X_test, dimensions, covariance="full",
                                  priors=None, shrinkage=0.0):
    r"""Predicted class of every test sample by a `GaussianClassifier` on the first m features.

    For each :math:`m` in ``dimensions``, the Bayes decision on the leading :math:`m`
    features,

    .. math::

        \hat c_n(m) = \arg\max_k \big(\log f(x_{n,1:m} \mid k) + \log \pi_k\big),

    from one fit on the largest :math:`m`: with principal components as features, the
    model of every smaller :math:`m` is its leading block
    (`GaussianClassifier.nested_log_likelihoods`), identical to a model fitted on those
    columns alone, shrunk covariances included. Two values of :math:`m` can then be
    compared on the same test samples (`mcnemar_test`).

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
    >>> X = np.array([[0.0, 5.0], [1.0, 2.0], [3.0, 4.0], [4.0, 1.0]])
    >>> predictions_against_dimension(X, [0, 0, 1, 1], X, [1, 2], covariance="diag").tolist()
    [[0, 0, 1, 1], [0, 0, 1, 1]]
    """
    X_train, X_test = np.asarray(X_train), np.asarray(X_test)
    dimensions = check_dimensions(dimensions, X_train.shape[1])
    largest = dimensions.max()
    model = GaussianClassifier(covariance=covariance, priors=priors, shrinkage=shrinkage).fit(
        X_train[:, :largest], y_train)
    nested = model.nested_log_likelihoods(X_test[:, :largest], dimensions)
    return np.stack([model.classes_[most_probable(log_likelihoods, model.priors_)]
                     for log_likelihoods in nested])


def error_against_dimension(X_train, y_train, X_test, y_test, dimensions, covariance="full",
                            priors=None, shrinkage=0.0):
    r"""Test error rate of a `GaussianClassifier` on the first :math:`m` features, for each m.

    The error :math:`\frac1n \sum_n [\hat c_n(m) \ne c_n]` of
    `predictions_against_dimension` (one fit serves every :math:`m`). Pass the training
    rows as ``X_test, y_test`` for the training error.

    Returns
    -------
    ndarray of shape (len(dimensions),)
        Error rates in [0, 1].

    Examples
    --------
    >>> X = np.array([[0.0, 5.0], [1.0, 2.0], [3.0, 4.0], [4.0, 1.0]])
    >>> error_against_dimension(X, [0, 0, 1, 1], X, [0, 0, 1, 1], [1, 2], "diag").tolist()
    [0.0, 0.0]
    """
    predicted = predictions_against_dimension(X_train, y_train, X_test, dimensions,
                                              covariance, priors, shrinkage)
    return np.mean(predicted != np.asarray(y_test)[None, :], axis=1)


def within_class_correlations(X, y):
    r"""The correlation matrix of the features within each class.

    .. math::

        \rho_{c,ij} = \frac{\Sigma_{c,ij}}{\sqrt{\Sigma_{c,ii}\,\Sigma_{c,jj}}},

    with :math:`\Sigma_c` the ML covariance of class :math:`c` (the divisor cancels).

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
    >>> within_class_correlations(X, [0, 0, 0, 1, 1, 1])[:, 0, 1].round(3)
    array([ 1.   , -0.999])
    """
    X, y = _check_labelled(X, y, dtype=float)
    if X.shape[1] < 2:
        raise ValueError(f"X must have at least two features; got shape {X.shape}.")
    covariances = GaussianClassifier(covariance="full").fit(X, y).covariances_
    deviations = np.sqrt(np.diagonal(covariances, axis1=1, axis2=2))
    return covariances / (deviations[:, :, None] * deviations[:, None, :])


def off_diagonal(matrices):
    r"""The entries above the diagonal of a square matrix (or of each in a stack).

    For a correlation matrix these are the :math:`D(D-1)/2` correlations
    :math:`\rho_{ij}`, :math:`i < j`, of distinct pairs of features, each once.

    Examples
    --------
    >>> off_diagonal(np.array([[1.0, 0.2, 0.3], [0.2, 1.0, 0.4], [0.3, 0.4, 1.0]]))
    array([0.2, 0.3, 0.4])
    """
    matrices = np.asarray(matrices)
    if matrices.ndim not in (2, 3) or matrices.shape[-1] != matrices.shape[-2]:
        raise ValueError(f"off_diagonal needs a square matrix or a stack of them; got shape "
                         f"{matrices.shape}.")
    rows, columns = np.triu_indices(matrices.shape[-1], k=1)
    return matrices[..., rows, columns]


def agrees_to_printed_digits(value, printed):
    r"""Whether ``value`` rounds to the number a text prints, at the digits it prints.

    ``"0.05395"`` has five decimals, so it agrees with any value in
    :math:`[0.053945, 0.053955]`; a decimal comma (``"0,05395"``) counts as a point.

    Examples
    --------
    >>> agrees_to_printed_digits(0.053951, "0.05395"), agrees_to_printed_digits(0.05396, "0.05395")
    (True, False)
    """
    if not isinstance(printed, str):
        raise TypeError(f"printed must be the number as a string, e.g. '52.89'; got {printed!r}.")
    text = printed.strip().replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"printed must be a plain decimal number; got {printed!r}.") from None
    decimals = len(text.partition(".")[2])
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
        raise ValueError(f"printed and computed must name the same quantities; only in printed: "
                         f"{sorted(set(printed) - set(computed))}, only in computed: "
                         f"{sorted(set(computed) - set(printed))}.")
    return pd.DataFrame({
        "printed": printed,
        "computed": {key: f"{float(computed[key]):.6g}" for key in printed},
        "agrees": {key: agrees_to_printed_digits(computed[key], text)
                   for key, text in printed.items()},
    })


#: The class codes the lecture prints (Lecture 6, "Generative Classifiers", Part 3 and Part 4:
#: the output of ``print(idx)`` after ``gda_predictions``, 0 = setosa, 1 = versicolor,
#: 2 = virginica), copied row by row as the lecture's text gives them. The text is an
#: extraction of the printed arrays: it holds 117 entries for 150 flowers (runs of leading
#: zeros collapsed, rows of 38 entries where numpy prints 37).
LECTURE_PRINTED_PREDICTIONS = {
    "GDA": "0 0\n"
    "0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 1 2 1 1 1 1 1 1 2 1\n"
    "2 2 2 2 1 1 1 1 1 1 1 2 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 2 2 2\n"
    "2 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 2 2\n"
    "2 1\n",
    "LDA": "0 0\n"
    "0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 1 2 1 1 1 1 2 1 1 1\n"
    "2 2 2 2 1 1 1 1 1 1 1 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 1 2 2\n"
    "1 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 1 2\n"
    "2 1\n",
}


def printed_label_edits(printed, computed):
    r"""The fewest edits that turn a printed sequence of labels into the computed one.

    The alignment minimises the edit (Levenshtein) distance: the number of entries
    missing from the print, extra in the print, or different,

    .. math::

        D(i, j) = \min\big(D(i - 1, j) + 1,\; D(i, j - 1) + 1,\;
        D(i - 1, j - 1) + [p_i \ne c_j]\big), \qquad D(i, 0) = i,\; D(0, j) = j,

    with :math:`p` the printed and :math:`c` the computed labels. Among equally short
    alignments, the one that matches entries as late as possible is kept, so a run of
    missing leading entries is reported at the start.

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
        One row per run of like edits, with columns "edit" ("missing from the print",
        "extra in the print" or "different"), "samples" (the computed positions, e.g.
        "0-34"; an extra entry stands after the sample named), "printed", "computed" and
        "count". Empty when the two agree.

    Examples
    --------
    >>> printed_label_edits("1 2 2", [0, 1, 2, 1]).values.tolist()
    [['missing from the print', '0', '', '0', 1], ['different', '3', '2', '1', 1]]
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
    def run_key(indexed):     # like edits at consecutive samples: sample - index is constant
        k, (kind, at, shown, value) = indexed
        return kind, at - k, shown, value

    rows = []
    for (kind, _, shown, value), run in groupby(enumerate(reversed(edits)), key=run_key):
        at = [edit[1] for _, edit in run]
        rows.append({"edit": kind, "samples": f"{at[0]}" if len(at) == 1 else f"{at[0]}-{at[-1]}",
                     "printed": shown, "computed": value, "count": len(at)})
    return pd.DataFrame(rows, columns=["edit", "samples", "printed", "computed", "count"])


# ----------------------------------------------------------------------------- outliers
class OutlierEffect(namedtuple("OutlierEffect", ["X", "y", "outlier", "label", "boundaries",
                                                 "rotation_degrees", "changed_decisions",
                                                 "own_log_odds", "title"])):
    r"""How one added sample changes LDA and logistic regression (see `outlier_effect`).

    Attributes
    ----------
    X, y : the two-class training data without the outlier
    outlier : ndarray of shape (2,)
    label : the outlier's class, the second class (``np.unique(y)[1]``)
    boundaries : dict of str to ((ndarray, float), (ndarray, float))
        ``"LDA"`` and ``"logistic regression"``: each model's boundary
        :math:`w^T x + w_0 = 0` without and with the outlier, as ``(w, w0)`` with
        :math:`w = w_1 - w_0`.
    rotation_degrees : dict of str to float
        Angle between each model's boundary without and with the outlier.
    changed_decisions : dict of str to float
        Fraction of the original samples whose predicted class the outlier changes.
    own_log_odds : dict of str to float
        Each model fitted *without* the outlier: the log-odds
        :math:`\log P(\text{label} \mid x) - \log P(\text{other} \mid x)` of the outlier's
        own class at the outlier (large and negative: confidently misclassified).
    title : str

    Examples
    --------
    >>> effect = outlier_effect([[0, 0], [1, 1], [0, 1], [4, 4], [5, 5], [4, 5]],
    ...                         [0, 0, 0, 1, 1, 1], [20.0, 20.0])
    >>> sorted(effect.rotation_degrees)
    ['LDA', 'logistic regression']
    """


def outlier_effect(X, y, outlier, *, penalty=1e-3):
    r"""Fit LDA and logistic regression without and with one added sample, and compare.

    LDA's boundary depends on every sample through the class means and the shared
    covariance, so one far-away point can turn it; logistic regression is fitted to
    :math:`P(y \mid x)` only, and a point far on its own class's side hardly changes its
    loss (its gradient :math:`x(\hat y - c)` vanishes).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Exactly two classes.
    outlier : array-like of shape (2,)
        The added sample, of the second class (``np.unique(y)[1]``).
    penalty : float, default=1e-3
        L2 strength of the logistic regression (keeps it defined on separable data).

    Returns
    -------
    OutlierEffect

    Examples
    --------
    >>> effect = outlier_effect([[0, 0], [1, 1], [0, 1], [4, 4], [5, 5], [4, 5]],
    ...                         [0, 0, 0, 1, 1, 1], [20.0, 20.0])
    >>> effect.changed_decisions["logistic regression"]
    0.0
    """
    X, y = _check_labelled(X, y, dtype=float)
    classes = np.unique(y)
    if X.shape[1] != 2 or classes.size != 2:
        raise ValueError(f"outlier_effect compares two-class boundaries in two dimensions; X has "
                         f"shape {X.shape} and y has {classes.size} classes {classes.tolist()}. "
                         "Select two features and two classes first.")
    outlier = np.asarray(outlier, dtype=float)
    if outlier.shape != (2,) or not np.all(np.isfinite(outlier)):
        raise ValueError(f"outlier must be two finite numbers (x1, x2); got {plain(outlier)!r}.")
    label = classes[1]
    unfitted = {"LDA": GaussianClassifier(covariance="tied"),
                "logistic regression": SoftmaxRegression(penalty=penalty)}
    boundaries, rotation, changed, log_odds = {}, {}, {}, {}
    for name, model in unfitted.items():
        before = clone(model).fit(X, y)
        after = clone(model).fit(np.vstack([X, outlier]), np.append(y, label))
        boundaries[name] = (before.linear_scores().boundary(), after.linear_scores().boundary())
        (u, _), (v, _) = boundaries[name]
        cosine = u @ v / (np.linalg.norm(u) * np.linalg.norm(v))
        rotation[name] = float(np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0))))
        changed[name] = float(np.mean(before.predict(X) != after.predict(X)))
        log_posteriors = before.predict_log_proba(outlier[None, :])[0]
        log_odds[name] = float(log_posteriors[1] - log_posteriors[0])
    title = "turned by: " + ", ".join(f"{name} {turned:.0f}°" for name, turned in rotation.items())
    return OutlierEffect(X, y, outlier, label, boundaries, rotation, changed, log_odds, title)


def outlier_turn_against_log_odds(X, y, log_odds, along=0.0, penalty=1e-3):
    r"""How far one added class-1 sample turns each boundary, against the log-odds that
    logistic regression, fitted without it, gives its class there.

    Logistic regression fitted on ``(X, y)`` has the boundary :math:`w^T x + w_0 = 0`. The
    outlier is placed on the line along :math:`w` through :math:`\bar x + a\,u`, the mean
    moved by :math:`a` (``along``) along the boundary (:math:`u \perp w`, unit length), where
    the log-odds are :math:`t`:

    .. math::

        x(t) = \bar x + a\,u + \big(t - (w^T\bar x + w_0)\big)\,\frac{w}{\lVert w\rVert^2},
        \qquad w^T x(t) + w_0 = t,

    and `outlier_effect` refits both models with it.

    Parameters
    ----------
    X, y : as in `outlier_effect` (two features, two classes)
    log_odds : sequence of float
        The values :math:`t`; large and positive: far on its own side; negative: misclassified.
    along : float, default=0.0
        :math:`a`, in the units of ``X``.
    penalty : float, default=1e-3
        L2 strength of the logistic regression.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``"log-odds"``; columns ``"logistic regression (degrees)"`` and
        ``"LDA (degrees)"`` (the angle each boundary turns) and ``"position"``.

    Examples
    --------
    >>> X, y = [[0, 0], [1, 1], [0, 1], [3, 3], [4, 4], [3, 4]], [0, 0, 0, 1, 1, 1]
    >>> table = outlier_turn_against_log_odds(X, y, [20.0, -2.0], along=4.0)
    >>> turned = table["logistic regression (degrees)"]
    >>> bool(turned[20.0] < turned[-2.0])
    True
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    w, w0 = SoftmaxRegression(penalty=penalty).fit(X, y).linear_scores().boundary()
    centre = X.mean(axis=0) + along * np.array([-w[1], w[0]]) / np.linalg.norm(w)
    rows = []
    for t in np.asarray(log_odds, dtype=float):
        position = centre + (t - (w @ centre + w0)) * w / (w @ w)
        turned = outlier_effect(X, y, position, penalty=penalty).rotation_degrees
        rows.append({"log-odds": float(t),
                     "logistic regression (degrees)": turned["logistic regression"],
                     "LDA (degrees)": turned["LDA"],
                     "position": "({:.1f}, {:.1f})".format(*position)})
    return pd.DataFrame(rows).set_index("log-odds")


def outlier_effects_over_draws(means, covariance, n_per_class, positions, *, n_draws=10,
                               penalty=1e-3, random_state=None):
    r"""`outlier_effect` on many samples of two Gaussian classes.

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
    n_draws = check_number("n_draws", n_draws, minimum=1, integer=True)
    rng = check_random_state(random_state)
    rows = []
    for draw in range(n_draws):
        X, y = make_gaussian_classes(means, [covariance] * 2, n_per_class, random_state=rng)
        for position in positions:
            effect = outlier_effect(X, y, position, penalty=penalty)
            rows += [{"draw": draw, "position": "({:g}, {:g})".format(*position), "model": name,
                      "turned (degrees)": turned,
                      "decisions changed (%)": 100.0 * effect.changed_decisions[name],
                      "log-odds of its class, fitted without it": effect.own_log_odds[name]}
                     for name, turned in effect.rotation_degrees.items()]
    return pd.DataFrame(rows)
