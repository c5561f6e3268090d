"""Every bad input to every estimator and loader, and the error it must give: one table.

Each row names what is called and what is wrong with its input, and the error
that must follow: the exception type (exactly: a subclass does not do), the key
phrase of the problem the message must name, and the key phrase of the fix (or,
for scikit-learn's own messages, of the requirement) it must state. The phrases
are short on purpose: a message may be reworded, but not lose its point. For
every row the test also requires that

* the message shows plain values, not numpy reprs such as ``np.float64(2.0)``;
* no traceback the user sees ends deep inside numpy or scipy (the error is
  raised by lecture_utils, or by scikit-learn's own input validation).

The first part of the table crosses the inputs every estimator must refuse
(`COMMON_FIT`, `COMMON_USE`) with every estimator (`ESTIMATORS`); the rest
lists the inputs particular to one model or loader.
"""

import re
import shutil
import traceback
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import NotFittedError

from lecture_utils import datasets, synthetic
from lecture_utils.discrete import CategoricalClassifier, MultinomialClassifier
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.logistic import SoftmaxRegression
from lecture_utils.projections import PCA, FisherProjection

# ------------------------------------------------------------------ good data
RNG = np.random.default_rng(0)
#: Three overlapping classes of two features: every numeric model fits them
#: (they are not linearly separable, so SoftmaxRegression needs no penalty).
X_NUMBERS = RNG.normal(size=(30, 2))
Y_NUMBERS = np.repeat([0, 1, 2], 10)
#: Two categorical features with every value in every class.
X_CATEGORIES = np.array([["a", "x"], ["b", "y"], ["c", "x"], ["a", "y"], ["b", "x"],
                         ["c", "y"]] * 5, dtype=object)
Y_CATEGORIES = np.repeat([0, 1, 2], 10)
#: Counts of three events; every class has some of each.
X_COUNTS = RNG.integers(1, 6, size=(30, 3))
Y_COUNTS = np.repeat([0, 1, 2], 10)


@dataclass(frozen=True)
class Estimator:
    """An estimator with data it fits without complaint."""

    name: str
    make: Any
    X: np.ndarray
    y: np.ndarray
    kind: str  # "numbers", "categories" or "counts": what X holds
    methods: tuple  # the methods that need a fitted estimator, all called as method(X)

    @property
    def supervised(self):
        return self.y is not None

    def fitted(self):
        return self.make().fit(self.X, self.y)


BAYES_METHODS = ("predict", "predict_proba", "predict_log_proba", "log_likelihood", "score")
ESTIMATORS = [
    *[Estimator(f"GaussianClassifier({c!r})", lambda c=c: GaussianClassifier(covariance=c),
                X_NUMBERS,
                Y_NUMBERS, "numbers", (*BAYES_METHODS, "log_marginal_density"))
      for c in ("full", "diag", "tied", "tied_diag")],
    Estimator("CategoricalClassifier", CategoricalClassifier, X_CATEGORIES, Y_CATEGORIES,
              "categories", BAYES_METHODS),
    Estimator("MultinomialClassifier", MultinomialClassifier, X_COUNTS, Y_COUNTS, "counts",
              BAYES_METHODS),
    *[Estimator(f"SoftmaxRegression({s!r})",
                lambda s=s: SoftmaxRegression(solver=s, penalty=0.0, random_state=0, max_iter=5000),
                X_NUMBERS, Y_NUMBERS, "numbers",
                ("predict", "predict_proba", "predict_log_proba", "decision_function", "score"))
      for s in ("newton", "gd", "sgd")],
    Estimator("PCA", PCA, X_NUMBERS, None, "numbers", ("transform", "inverse_transform")),
    Estimator("FisherProjection", FisherProjection, X_NUMBERS, Y_NUMBERS, "numbers",
              ("transform",)),
]
BY_NAME = {estimator.name: estimator for estimator in ESTIMATORS}


# ---------------------------------------------------------------- calls
@dataclass(frozen=True)
class Fit:
    """``make().fit(X, y)`` after ``set_params(**params)``, on an estimator fitted before."""

    estimator: Estimator
    X: Any
    y: Any
    params: dict = field(default_factory=dict)

    def __call__(self, tmp_path):
        model = self.estimator.fitted()
        model.set_params(**self.params)
        model.fit(self.X, self.y)


@dataclass(frozen=True)
class Use:
    """``getattr(model, method)(*args)`` on the estimator, fitted on its good data unless told."""

    estimator: Estimator
    method: str
    args: tuple
    fitted: bool = True
    params: dict = field(default_factory=dict)

    def __call__(self, tmp_path):
        model = self.estimator.make().set_params(**self.params)
        if self.fitted:
            model.fit(self.estimator.X, self.estimator.y)
        args = self.args + ((self.estimator.y,) if self.method == "score" else ())
        return getattr(model, self.method)(*args)


def use_rows(estimator, method):
    """Rows for calling ``method`` before fit and with each input of `COMMON_USE`."""
    yield Row(f"{estimator.name}.{method} before fit",
              Use(estimator, method, (estimator.X,), fitted=False), NotFittedError,
              rf"This {estimator.name.split('(')[0]} instance is not fitted yet",
              r"Call 'fit' with appropriate arguments")
    if method in ("score", "inverse_transform"):
        return
    for bad in COMMON_USE:
        if estimator.kind in bad.kinds:
            yield Row(f"{estimator.name}.{method}: {bad.what}",
                      Use(estimator, method, bad.make_args(estimator)), bad.error,
                      *bad.expected(estimator.kind))


def with_entry(X, row, col, value):
    """A copy of ``X`` with ``X[row, col] = value`` (an object array if either holds words)."""
    X = X.astype(object if X.dtype == object or isinstance(value, str) else float)
    X[row, col] = value
    return X


# ------------------------------------------------- inputs every estimator refuses
@dataclass(frozen=True)
class Common:
    """A bad input, made from an estimator's good data, and the error it must give.

    ``problem`` and ``fix`` may depend on the kind of data (a dict by kind).
    """

    what: str
    make_args: Any  # Estimator -> (X, y) for fit, or (X,) for a method
    error: type
    problem: Any
    fix: Any
    kinds: tuple = ("numbers", "categories", "counts")
    labels: bool = False  # about the labels: only for estimators fitted with y

    def expected(self, kind):
        return tuple(value[kind] if isinstance(value, dict) else value
                     for value in (self.problem, self.fix))


NAN_PROBLEM = {"numbers": r"X contains NaN: 1 entry, the first at row 3, column 1",
               "counts": r"X contains NaN: 1 entry, the first at row 3, column 1",
               "categories": r"X has a missing category \(nan\) at row 3, column 1"}
NAN_FIX = {"numbers": r"Remove those rows or impute", "counts": r"Remove those rows or impute",
           "categories": r"give missing values a category of their own"}

COMMON_FIT = [
    Common("NaN in X", lambda e: (with_entry(e.X, 3, 1, np.nan), e.y), ValueError,
           NAN_PROBLEM, NAN_FIX),
    Common("infinity in X", lambda e: (with_entry(e.X, 4, 0, -np.inf), e.y), ValueError,
           r"X contains infinite values \(infinity\): 1 entry, the first at row 4, column 0",
           r"Remove those rows or impute", kinds=("numbers", "counts")),
    Common("empty X", lambda e: (e.X[:0], None if e.y is None else e.y[:0]), ValueError,
           r"0 sample\(s\)", r"minimum of 1 is required"),
    Common("X without columns", lambda e: (e.X[:, :0], e.y), ValueError,
           r"0 feature\(s\)", r"minimum of 1 is required"),
    Common("1-D X", lambda e: (e.X[:, 0], e.y), ValueError,
           r"Expected 2D array, got 1D array", r"reshape\(-1, 1\)"),
    Common("3-D X", lambda e: (e.X[:, :, None], e.y), ValueError, r"array with dim 3",
           r"dim <= 2 is required"),
    Common("strings for numbers", lambda e: (e.X.astype(str), e.y), ValueError,
           r"not compatible with arrays of bytes/strings", r"Convert your data to numeric",
           kinds=("numbers", "counts")),
    Common("words for numbers", lambda e: (with_entry(e.X, 0, 0, "seven"), e.y), ValueError,
           r"could not convert string to float: 'seven'", r"'seven'",
           kinds=("numbers", "counts")),
    Common("lengths differ", lambda e: (e.X, e.y[:-1]), ValueError,
           r"X has 30 rows but y has 29 labels", r"give exactly one label per row",
           labels=True),
    Common("no labels", lambda e: (e.X, None), ValueError, r"the target y is None",
           r"call fit\(X, y\)",
           labels=True),
    Common("2-D labels", lambda e: (e.X, np.column_stack([e.y, e.y])), ValueError,
           r"y must be a 1-D array of labels.*got shape \(30, 2\)", r"one label per row of X",
           labels=True),
    Common("NaN label", lambda e: (e.X, np.r_[e.y[:-1], np.nan]), ValueError,
           r"y contains NaN or infinite labels", r"drop those rows",
           labels=True),
    Common("continuous labels", lambda e: (e.X, np.linspace(0.0, 1.0, 30)), ValueError,
           r"Unknown label type: continuous", r"expects discrete classes",
           labels=True),
    Common("one class", lambda e: (e.X, np.zeros(30, dtype=int)), ValueError,
           r"y has only one class \(0\)",
           r"needs at least two\s+classes.*every posterior would be 1.*StratifiedKFold",
           labels=True),
]

COMMON_USE = [
    Common("NaN in X", lambda e: (with_entry(e.X, 3, 1, np.nan),), ValueError,
           NAN_PROBLEM, NAN_FIX),
    Common("too few features", lambda e: (e.X[:, :1],), ValueError,
           r"X has 1 features", r"expecting [23] features"),
    Common("1-D X (one sample)", lambda e: (e.X[0],), ValueError,
           r"Expected 2D array, got 1D array", r"reshape\(1, -1\)"),
    Common("empty X", lambda e: (e.X[:0],), ValueError, r"0 sample\(s\)",
           r"minimum of 1 is required"),
]


@dataclass(frozen=True)
class Row:
    id: str
    call: Any  # a callable of tmp_path
    error: type
    problem: str
    fix: str


def common_rows():
    for estimator in ESTIMATORS:
        for bad in COMMON_FIT:
            if estimator.kind in bad.kinds and (estimator.supervised or not bad.labels):
                X, y = bad.make_args(estimator)
                yield Row(f"{estimator.name}.fit: {bad.what}",
                          Fit(estimator, X, y if estimator.supervised else None), bad.error,
                          *bad.expected(estimator.kind))
        for method in estimator.methods:
            yield from use_rows(estimator, method)


# ------------------------------------------------------- inputs particular to a model
GAUSSIAN = {c: BY_NAME[f"GaussianClassifier({c!r})"] for c in ("full", "diag", "tied",
                                                                  "tied_diag")}
FULL, DIAG, TIED = GAUSSIAN["full"], GAUSSIAN["diag"], GAUSSIAN["tied"]
CATEGORICAL = BY_NAME["CategoricalClassifier"]
MULTINOMIAL = BY_NAME["MultinomialClassifier"]
NEWTON, SGD = BY_NAME["SoftmaxRegression('newton')"], BY_NAME["SoftmaxRegression('sgd')"]

ONE_SAMPLE_IN_CLASS_1 = np.r_[np.zeros(29, dtype=int), 1]
CONSTANT_FEATURE = with_entry(X_NUMBERS, slice(None), 1, 3.0)
CONSTANT_IN_CLASS_0 = with_entry(X_NUMBERS, slice(0, 10), 1, 2.0)
DUPLICATED_COLUMN = np.column_stack([X_NUMBERS, X_NUMBERS[:, 0]])
LINEAR_COMBINATION = np.column_stack([X_NUMBERS, X_NUMBERS @ [2.0, -1.0]])
SEPARABLE = X_NUMBERS + 10.0 * Y_NUMBERS[:, None]
TWO_CLASSES = (X_NUMBERS[:20], Y_NUMBERS[:20])


def fit_two_classes(estimator):
    return Use(estimator, "fit", TWO_CLASSES)


def gaussian_rows():
    for name, estimator in GAUSSIAN.items():
        yield Row(f"GaussianClassifier({name!r}).fit: constant feature",
                  Fit(estimator, CONSTANT_FEATURE, Y_NUMBERS), ValueError,
                  r"feature 1 has zero variance", r"Drop that feature")
    yield from [
        Row("GaussianClassifier('full').fit: a class with one sample",
            Fit(FULL, X_NUMBERS, ONE_SAMPLE_IN_CLASS_1), ValueError,
            r"class 1 has 1 sample, but a 'full' covariance in 2 dimensions needs at least 3",
            r"use covariance='diag' or 'tied'"),
        Row("GaussianClassifier('full').fit: a class with two samples, string labels",
            Fit(FULL, X_NUMBERS, np.array(["a"] * 28 + ["b"] * 2, dtype=object)), ValueError,
            r"class 'b' has 2 samples, but a 'full' covariance in 2 dimensions needs at least 3",
            r"use covariance='diag' or 'tied'"),
        Row("GaussianClassifier('diag').fit: a class with one sample",
            Fit(DIAG, X_NUMBERS, ONE_SAMPLE_IN_CLASS_1), ValueError,
            r"class 1 has 1 sample, but a 'diag' covariance in 2 dimensions needs at least 2",
            r"use covariance='tied' \(or 'tied_diag'\), which pools all classes"),
        Row("GaussianClassifier('tied').fit: as many samples as classes",
            Fit(TIED, X_NUMBERS[:3], [0, 1, 2]), ValueError,
            r"needs N - K >= 2 \(samples minus classes\); there are 3 samples in 3 classes",
            r"Collect more data or reduce the number of features"),
        Row("GaussianClassifier('full').fit: feature constant within a class",
            Fit(FULL, CONSTANT_IN_CLASS_0, Y_NUMBERS), ValueError,
            r"the covariance of class 0 is singular: feature 1 has zero variance within the "
            r"class\.", r"Drop that feature, or use covariance='tied'"),
        Row("GaussianClassifier('diag').fit: feature constant within a class",
            Fit(DIAG, CONSTANT_IN_CLASS_0, Y_NUMBERS), ValueError,
            r"the covariance of class 0 is singular: feature 1 has zero variance",
            r"Drop that feature, or use covariance='tied'"),
        Row("GaussianClassifier('full').fit: singular covariance (duplicated column)",
            Fit(FULL, DUPLICATED_COLUMN, Y_NUMBERS), ValueError,
            r"the covariance of class 0 is singular: some features are \(almost\) linear "
            r"combinations of others", r"Remove redundant features \(for example with PCA\)"),
        Row("GaussianClassifier('full').fit: singular covariance (linear combination)",
            Fit(FULL, LINEAR_COMBINATION, Y_NUMBERS), ValueError,
            r"the covariance of class 0 is singular", r"or use covariance='diag' or 'tied_diag'"),
        Row("GaussianClassifier('tied').fit: singular shared covariance",
            Fit(TIED, DUPLICATED_COLUMN, Y_NUMBERS), ValueError,
            r"the shared covariance is singular", r"use covariance='diag' or 'tied_diag'"),
        Row("GaussianClassifier.fit: unknown covariance model",
            Fit(FULL, X_NUMBERS, Y_NUMBERS, {"covariance": "spherical"}), ValueError,
            r"covariance='spherical' is not a covariance model",
            r"choose one of 'full', 'diag', 'tied', 'tied_diag'"),
        Row("GaussianClassifier.fit: covariance model checked before the data",
            Fit(FULL, np.full((4, 2), np.nan), [0, 0, 1, 1], {"covariance": "Full"}),
            ValueError, r"covariance='Full' is not a covariance model", r"choose one of"),
        Row("GaussianClassifier.llr: three classes", Use(FULL, "llr", (X_NUMBERS,)),
            ValueError, r"llr compares two classes, but this model has 3 \(\[0, 1, 2\]\)",
            r"use log_likelihood for several classes"),
        Row("GaussianClassifier.llr_coefficients: three classes",
            Use(FULL, "llr_coefficients", ()), ValueError,
            r"llr_coefficients compares two classes", r"use log_likelihood"),
        Row("GaussianClassifier('full').linear_scores: not tied",
            Use(FULL, "linear_scores", ()), ValueError,
            r"needs a shared covariance, but this model has covariance='full'",
            r"fit GaussianClassifier\(covariance='tied'\)"),
        Row("GaussianClassifier.linear_scores before fit",
            Use(TIED, "linear_scores", (), fitted=False), NotFittedError,
            r"not fitted yet", r"Call 'fit'"),
        Row("GaussianClassifier.sample before fit", Use(FULL, "sample", (3,), fitted=False),
            NotFittedError, r"not fitted yet", r"Call 'fit'"),
        Row("GaussianClassifier.sample: no samples", Use(FULL, "sample", (np.int64(0),)),
            ValueError, r"n_samples == 0", r"must be >= 1"),
        Row("GaussianClassifier.sample: a fraction of a sample", Use(FULL, "sample", (2.5,)),
            TypeError, r"n_samples must be an instance of int", r"not float"),
        Row("GaussianClassifier.sample: a word", Use(FULL, "sample", ("ten",)), TypeError,
            r"n_samples must be an instance of int", r"not str"),
        Row("GaussianClassifier.sample: a word for a seed", Use(FULL, "sample", (3, "seed")),
            TypeError, r"random_state must be None, an integer seed or a numpy Generator",
            r"np\.random\.default_rng\(seed\)"),
        Row("GaussianClassifier.sample: a negative seed", Use(FULL, "sample", (3, -1)),
            ValueError, r"random_state must be a non-negative seed", r"got -1"),
        Row("GaussianClassifier.impute before fit",
            Use(FULL, "impute", (X_NUMBERS,), fitted=False), NotFittedError,
            r"not fitted yet", r"Call 'fit'"),
        Row("GaussianClassifier.impute: a row without observed values",
            Use(FULL, "impute", ([[1.0, np.nan], [np.nan, np.nan]],)), ValueError,
            r"row 1 of X has no observed value", r"drop that row or give at least one"),
        Row("GaussianClassifier.impute: infinity",
            Use(FULL, "impute", ([[np.inf, np.nan]],)), ValueError,
            r"X contains infinite values", r"only NaN marks a missing entry"),
        Row("GaussianClassifier.impute: too many features",
            Use(FULL, "impute", ([[1.0, np.nan, 2.0]],)), ValueError,
            r"X must have shape \(n_samples, 2\); got \(1, 3\)", r"shape \(n_samples, 2\)"),
        Row("GaussianClassifier.impute: labels for another number of rows",
            Use(FULL, "impute", ([[1.0, np.nan]], [0, 1])), ValueError,
            r"y must hold one label per row of X \(1\); got shape \(2,\)",
            r"one label per row of X"),
        Row("GaussianClassifier.llr before fit", Use(FULL, "llr", (X_NUMBERS,), fitted=False),
            NotFittedError, r"not fitted yet", r"Call 'fit'"),
        Row("GaussianClassifier.llr_coefficients before fit",
            Use(FULL, "llr_coefficients", (), fitted=False), NotFittedError, r"not fitted yet",
            r"Call 'fit'"),
        Row("GaussianClassifier.impute: unknown label",
            Use(FULL, "impute", ([[1.0, np.nan]], [7])), ValueError,
            r"label 7 is not one of the classes", r"one of the classes \[0, 1, 2\]"),
    ]


PRIOR_MODELS = [FULL, CATEGORICAL, MULTINOMIAL]


def prior_rows():
    for estimator in PRIOR_MODELS:
        for what, priors, error, problem, fix in [
            ("too few", [0.5, 0.5], ValueError,
             r"priors has shape \(2,\) but there are 3 classes \[0, 1, 2\]",
             r"give one prior per class, in that order"),
            ("a 2-D array", [[0.2, 0.3, 0.5]], ValueError,
             r"priors has shape \(1, 3\) but there are 3 classes", r"one prior per class"),
            ("negative", [-0.5, 0.5, 1.0], ValueError,
             r"priors must be finite and non-negative; got \[-0\.5, 0\.5, 1\.0\]",
             r"non-negative"),
            ("NaN", [np.nan, 0.5, 0.5], ValueError, r"priors must be finite",
             r"finite and non-negative"),
            ("not summing to one", np.array([0.5, 0.5, 0.5]), ValueError,
             r"priors sum to 1\.5, not 1", r"divide them by their sum \(priors / priors\.sum"),
            ("words", ["a", "b", "c"], TypeError, r"priors must be numbers.*got \['a', 'b', 'c'\]",
             r"one probability per class \[0, 1, 2\]"),
            ("a mapping", {0: 0.5, 1: 0.25, 2: 0.25}, TypeError, r"priors must be numbers",
             r"one probability per class \[0, 1, 2\]"),
        ]:
            yield Row(f"{estimator.name}.fit: priors {what}",
                      Fit(estimator, estimator.X, estimator.y, {"priors": priors}),
                      error, problem, fix)


def discrete_rows():
    impossible = CategoricalClassifier().fit([["a", "x"], ["b", "y"]], ["p", "q"])
    no_zero_counts = MultinomialClassifier().fit([[3, 0], [0, 2]], ["p", "q"])
    named = CategoricalClassifier().fit(pd.DataFrame(X_CATEGORIES, columns=["fur", "size"]),
                                        Y_CATEGORIES)
    for estimator in (CATEGORICAL, MULTINOMIAL):
        for alpha, error, problem in [
            (-1.0, ValueError, r"alpha must be a finite number >= 0 .*got -1\.0"),
            (np.float64(np.inf), ValueError, r"alpha must be a finite number >= 0 .*got inf"),
            ("one", TypeError, r"alpha must be a number .*got 'one'"),
        ]:
            yield Row(f"{estimator.name}.fit: alpha {alpha!s}",
                      Fit(estimator, estimator.X, estimator.y, {"alpha": alpha}), error,
                      problem, r"0 gives the ML estimates|a pseudo-count such as 0, 0\.5 or 1")
    yield from [
        Row("CategoricalClassifier.predict: unseen category",
            Use(CATEGORICAL, "predict", ([["a", "x"], ["d", "y"]],)), ValueError,
            r"feature 0 has the value 'd' \(row 1\), which is not one of its known categories "
            r"\['a', 'b', 'c'\]", r"Declare every possible value when fitting.*alpha > 0"),
        Row("CategoricalClassifier.predict: unseen category in a named column",
            lambda tmp_path: named.predict(pd.DataFrame({"fur": ["a"], "size": ["huge"]})),
            ValueError, r"feature 1 \('size'\) has the value 'huge'", r"categories=\[\[\.\.\.\]"),
        Row("CategoricalClassifier.fit: None as a category",
            Fit(CATEGORICAL, with_entry(X_CATEGORIES, 2, 0, None), Y_CATEGORIES), ValueError,
            r"X has a missing category \(None\) at row 2, column 0",
            r"give missing values a category of their own \(e\.g\. the string 'unknown'\)"),
        Row("CategoricalClassifier.fit: strings and numbers in one column",
            Fit(CATEGORICAL, with_entry(X_CATEGORIES, 2, 1, 7), Y_CATEGORIES), TypeError,
            r"feature 1 mixes values of different types", r"X\[:, 1\]\.astype\(str\)"),
        Row("CategoricalClassifier.fit: numeric categories with infinity",
            Fit(CATEGORICAL, with_entry(np.ones((30, 2)), 0, 1, np.inf), Y_CATEGORIES),
            ValueError, r"X contains infinite values", r"Remove those rows"),
        Row("CategoricalClassifier.fit: declared categories for too few features",
            Fit(CATEGORICAL, X_CATEGORIES, Y_CATEGORIES, {"categories": [["a", "b", "c"]]}),
            ValueError, r"categories lists 1 features but X has 2",
            r"give one list of possible values per column"),
        Row("CategoricalClassifier.fit: declared categories repeat a value",
            Fit(CATEGORICAL, X_CATEGORIES, Y_CATEGORIES,
                {"categories": [["a", "b", "c", "a"], ["x", "y"]]}), ValueError,
            r"categories\[0\] must be a flat list of distinct values; got \['a', 'b', 'c', 'a'\]",
            r"flat list of distinct values"),
        Row("CategoricalClassifier.fit: a training value not declared",
            Fit(CATEGORICAL, X_CATEGORIES, Y_CATEGORIES, {"categories": [["a", "b"], ["x", "y"]]}),
            ValueError, r"feature 0 has the value 'c' \(row 2\), which is not one of its known",
            r"Declare every possible value"),
        Row("CategoricalClassifier.predict_proba: impossible under every class",
            lambda tmp_path: impossible.predict_proba([["a", "y"]]), ValueError,
            r"sample 0 has probability zero under every class, so its posterior is undefined",
            r"smooth the estimates \(for example alpha > 0"),
        Row("CategoricalClassifier.llr: impossible under both classes",
            lambda tmp_path: impossible.llr([["a", "y"]]), ValueError,
            r"probability zero under both classes", r"alpha > 0"),
        Row("CategoricalClassifier.llr: three classes", Use(CATEGORICAL, "llr", (X_CATEGORIES,)),
            ValueError, r"llr compares two classes, but this model has 3", r"use log_likelihood"),
        Row("MultinomialClassifier.fit: negative counts",
            Fit(MULTINOMIAL, with_entry(X_COUNTS, 2, 1, -2), Y_COUNTS), ValueError,
            r"Negative values in data", r"X \(counts\)"),
        Row("MultinomialClassifier.fit: fractional counts",
            Fit(MULTINOMIAL, with_entry(X_COUNTS, 2, 1, 2.5), Y_COUNTS), ValueError,
            r"X holds counts, which are whole numbers, but has 2\.5 at row 2, column 1",
            r"not frequencies, proportions or tf-idf weights"),
        Row("MultinomialClassifier.predict: negative counts",
            Use(MULTINOMIAL, "predict", (with_entry(X_COUNTS, 0, 0, -1),)), ValueError,
            r"Negative values in data", r"X \(counts\)"),
        Row("MultinomialClassifier.predict_proba: fractional counts",
            Use(MULTINOMIAL, "predict_proba", (with_entry(X_COUNTS, 0, 0, 0.25),)), ValueError,
            r"whole numbers, but has 0\.25 at row 0, column 0", r"not frequencies"),
        Row("MultinomialClassifier.fit: a class without counts",
            Fit(MULTINOMIAL, with_entry(X_COUNTS, slice(20, 30), slice(None), 0), Y_COUNTS),
            ValueError, r"class 2 has no counts at all in the training data",
            r"use alpha > 0 or remove the empty samples"),
        Row("MultinomialClassifier.predict: impossible under every class",
            lambda tmp_path: no_zero_counts.predict([[1, 1]]), ValueError,
            r"probability zero under every class", r"alpha > 0"),
        Row("MultinomialClassifier.llr_coefficients: three classes",
            Use(MULTINOMIAL, "llr_coefficients", ()), ValueError,
            r"llr_coefficients compares two classes", r"use log_likelihood"),
        Row("MultinomialClassifier.llr_coefficients before fit",
            Use(MULTINOMIAL, "llr_coefficients", (), fitted=False), NotFittedError,
            r"not fitted yet", r"Call 'fit'"),
    ]


def softmax_rows():
    for what, params, error, problem, fix in [
        ("unknown solver", {"solver": "lbfgs"}, ValueError,
         r"solver='lbfgs' is not a valid choice", r"choose one of 'newton', 'gd', 'sgd'"),
        ("negative penalty", {"penalty": np.float64(-1.0)}, ValueError,
         r"penalty == -1\.0", r"must be >= 0"),
        ("penalty a word", {"penalty": "l2"}, TypeError,
         r"penalty must be an instance of float", r"not str"),
        ("NaN tolerance", {"tol": np.nan}, ValueError,
         r"tol must be a finite number", r"got nan"),
        ("no iterations", {"max_iter": np.int64(0)}, ValueError,
         r"max_iter == 0", r"must be >= 1"),
        ("infinite iterations", {"max_iter": np.inf}, TypeError,
         r"max_iter must be an instance of int", r"not float"),
        ("a fraction of an iteration", {"max_iter": 1.5}, TypeError,
         r"max_iter must be an instance of int", r"not float"),
        ("empty batches", {"solver": "sgd", "batch_size": 0}, ValueError,
         r"batch_size == 0", r"must be >= 1"),
        ("a word for a seed", {"solver": "sgd", "random_state": "seed"}, TypeError,
         r"random_state must be None, an integer seed or a numpy Generator",
         r"np\.random\.default_rng\(seed\)"),
    ]:
        yield Row(f"SoftmaxRegression.fit: {what}", Fit(NEWTON, X_NUMBERS, Y_NUMBERS, params),
                  error, problem, fix)
    yield from [
        Row("SoftmaxRegression.fit: separable classes without a penalty",
            Fit(NEWTON, SEPARABLE, Y_NUMBERS), ValueError,
            r"the training data are linearly separable \(class \d can be split from class \d "
            r"by a hyperplane\)", r"add a penalty \(penalty>0\), e.g\. "
            r"SoftmaxRegression\(penalty=1e-3\)"),
        Row("SoftmaxRegression.fit: a constant feature without a penalty",
            Fit(NEWTON, CONSTANT_FEATURE, Y_NUMBERS), ValueError,
            r"the features \(with the bias\) are linearly dependent: a constant, duplicated or "
            r"collinear column", r"drop the redundant features or add a penalty"),
        Row("SoftmaxRegression.fit: a duplicated column without a penalty",
            Fit(SGD, DUPLICATED_COLUMN, Y_NUMBERS), ValueError,
            r"linearly dependent", r"add a penalty \(penalty>0\)"),
        Row("SoftmaxRegression.fit: more features than samples without a penalty",
            Fit(NEWTON, X_NUMBERS[:2], [0, 1]), ValueError,
            r"linearly dependent.*or fewer samples than features", r"add a penalty"),
    ]


def projection_rows():
    pca, lda = BY_NAME["PCA"], BY_NAME["FisherProjection"]
    for estimator, available in ((pca, 2), (lda, 2)):
        name = estimator.name
        for n_components, error, problem in [
            (np.int64(0), ValueError, r"n_components == 0"),
            (1.5, TypeError, r"n_components must be an instance of int"),
            ("all", TypeError, r"n_components must be an instance of int"),
            (np.int64(3), ValueError,
             rf"n_components=3, but {name}.* gives between 1 and {available} directions"),
        ]:
            yield Row(f"{name}.fit: n_components={n_components!s}",
                      Fit(estimator, estimator.X, estimator.y, {"n_components": n_components}),
                      error, problem, r"must be >= 1|not float|not str|choose n_components in")
    yield from [
        Row("PCA.fit: one sample", Fit(pca, X_NUMBERS[:1], None), ValueError,
            r"PCA needs at least 2 samples to estimate a covariance; got 1 sample",
            r"Pass at least two rows"),
        Row("PCA.inverse_transform: more coordinates than components",
            Use(pca, "inverse_transform", (np.zeros((3, 4)),), params={"n_components": 1}),
            ValueError, r"Y must have shape \(n_samples, m\) with 1 <= m <= 1.*got \(3, 4\)",
            r"coordinates on the leading components as transform returns them"),
        Row("PCA.inverse_transform: NaN", Use(pca, "inverse_transform", ([[np.nan, 0.0]],)),
            ValueError, r"Y contains NaN: 1 entry, the first at row 0, column 0",
            r"Remove those rows"),
        Row("FisherProjection.fit: more directions than classes allow",
            Fit(lda, X_NUMBERS, np.repeat([0, 1], 15), {"n_components": 2}), ValueError,
            r"n_components=2, but FisherProjection with 2 classes gives between 1 and 1",
            r"choose n_components in that range"),
        Row("FisherProjection.fit: singular within-class scatter (a constant feature)",
            Fit(lda, CONSTANT_FEATURE, Y_NUMBERS), ValueError,
            r"the within-class scatter S_W is singular", r"Project the data with PCA first"),
        Row("FisherProjection.fit: singular within-class scatter (a duplicated column)",
            Fit(lda, DUPLICATED_COLUMN, Y_NUMBERS), ValueError,
            r"S_W is singular: some direction has no variance inside the classes",
            r"Project the data with PCA first"),
    ]


# ---------------------------------------------------------------------- loaders
LOADERS = [
    ("load_iris", {}, "iris.csv"),
    ("load_iris_2d", {}, "iris.csv"),
    ("load_heights", {}, "heights.csv"),
    ("load_cat_fur", {}, "cat_fur.csv"),
    ("load_cat_shelter", {}, "cat_shelter.csv"),
    ("load_code_punctuation", {"split": "all"}, "code_punctuation.csv"),
    ("load_code_corpus", {}, "code_corpus_counts.csv"),
]


def missing(loader, kwargs):
    def call(tmp_path):
        return getattr(datasets, loader)(data_dir=tmp_path, **kwargs)

    return call


def altered(loader, kwargs, file_name, position):
    def call(tmp_path):
        content = bytearray((datasets.DATA_DIR / file_name).read_bytes())
        content[position] = ord("9") if content[position] != ord("9") else ord("8")
        (tmp_path / file_name).write_bytes(bytes(content))
        return getattr(datasets, loader)(data_dir=tmp_path, **kwargs)

    return call


def truncated(loader, kwargs, file_name):
    def call(tmp_path):
        shutil.copy(datasets.DATA_DIR / file_name, tmp_path / file_name)
        with open(tmp_path / file_name, "r+b") as handle:
            handle.truncate(handle.seek(0, 2) // 2)
        return getattr(datasets, loader)(data_dir=tmp_path, **kwargs)

    return call


def loader_rows():
    for loader, kwargs, file_name in LOADERS:
        name = re.escape(file_name)
        restore = rf"restore it with `git checkout -- data/{name}`"
        yield Row(f"{loader}: file missing", missing(loader, kwargs), FileNotFoundError,
                  rf"data file \S+/{name} is missing", restore)
        for position in (0, -2):
            yield Row(f"{loader}: file altered at byte {position}",
                      altered(loader, kwargs, file_name, position), ValueError,
                      rf"data file \S+/{name} has been altered or corrupted: its SHA-256 is "
                      rf"[0-9a-f]{{64}}, expected {datasets.CHECKSUMS[file_name]}", restore)
        yield Row(f"{loader}: file truncated", truncated(loader, kwargs, file_name), ValueError,
                  rf"{name} has been altered or corrupted", restore)
    eye = np.eye(2)
    make = synthetic.make_gaussian_classes
    yield from [
        Row("load_code_punctuation: unknown split",
            lambda tmp_path: datasets.load_code_punctuation("valid"), ValueError,
            r"split='valid' is not a valid choice", r"choose one of 'train', 'test', 'all'"),
        Row("read_csv: unknown file", lambda tmp_path: datasets.read_csv("iris.xlsx"),
            ValueError, r"name='iris\.xlsx' is not a known data file",
            r"choose one of 'cat_fur\.csv', 'cat_shelter\.csv'"),
        Row("make_gaussian_classes: means not one row per class",
            lambda tmp_path: make([0.0, 1.0], eye[None], 5), ValueError,
            r"means must have shape \(n_classes, n_features\); got \(2,\)",
            r"Give one row per class, e\.g\. \[\[0, 0\], \[2, 1\]\]"),
        Row("make_gaussian_classes: covariances of the wrong shape",
            lambda tmp_path: make([[0.0, 1.0]], eye, 5), ValueError,
            r"covariances must have shape \(1, 2, 2\)", r"one 2 x 2 matrix per class"),
        Row("make_gaussian_classes: covariance not symmetric",
            lambda tmp_path: make([[0.0, 1.0]], [[[1.0, 0.5], [0.0, 1.0]]], 5), ValueError,
            r"covariance 0 is not symmetric", r"use \(S \+ S\.T\) / 2"),
        Row("make_gaussian_classes: covariance not positive definite",
            lambda tmp_path: make([[0.0, 1.0]], [[[1.0, 2.0], [2.0, 1.0]]], 5), ValueError,
            r"covariance 0 is not positive definite", r"add a small multiple of the identity"),
        Row("make_gaussian_classes: NaN in the means",
            lambda tmp_path: make([[0.0, np.nan]], eye[None], 5), ValueError,
            r"means contains NaN: 1 entry, the first at row 0, column 1", r"Remove those rows"),
        Row("make_gaussian_classes: no samples",
            lambda tmp_path: make([[0.0, 1.0]], eye[None], np.int64(0)), ValueError,
            r"n_per_class must be a positive integer",
            r"a positive integer or one per class"),
        Row("make_gaussian_classes: a fraction of a sample",
            lambda tmp_path: make([[0.0, 1.0]], eye[None], 2.5), ValueError,
            r"n_per_class must be a positive integer .*got 2\.5", r"a positive integer"),
        Row("make_gaussian_classes: repeated labels",
            lambda tmp_path: make([[0.0, 1.0], [1.0, 1.0]], [eye, eye], 5, labels=[1, 1]),
            ValueError, r"labels must be 2 distinct values, one per class; got \[1, 1\]",
            r"distinct values, one per class"),
    ]


def mnist(change):
    """``load_mnist`` from a folder where ``change(path)`` has put a bad ``mnist.npz``."""
    def call(tmp_path):
        change(tmp_path / "mnist.npz")
        return datasets.load_mnist(data_dir=tmp_path)

    return call


def no_file(path):
    pass


def flipped_byte(path):
    content = bytearray((datasets.DATA_DIR / "mnist.npz").read_bytes())
    content[len(content) // 2] ^= 0xFF
    path.write_bytes(bytes(content))


def truncated_npz(path):
    content = (datasets.DATA_DIR / "mnist.npz").read_bytes()
    path.write_bytes(content[: len(content) // 2])


def without_labels(path):
    np.savez(path, x_train=np.zeros((2, 784), dtype=np.uint8))


def with_pickled_objects(path):
    arrays = {key: np.array([{"pickled": key}], dtype=object) for key in datasets.MNIST_KEYS}
    np.savez(path, **arrays)


def with_one_pixel_changed(path):
    with np.load(datasets.DATA_DIR / "mnist.npz") as archive:
        arrays = {key: archive[key] for key in archive.files}
    arrays["x_train"][0, 400] ^= 1
    np.savez(path, **arrays)


def mnist_rows():
    restore = r"restore it with `git checkout -- data/mnist\.npz`"
    unreadable = r"data file \S+/mnist\.npz cannot be read as an \.npz archive of plain arrays"
    yield from [
        Row("load_mnist: file missing", mnist(no_file), FileNotFoundError,
            r"data file \S+/mnist\.npz is missing", restore),
        Row("load_mnist: file altered (a byte flipped)", mnist(flipped_byte), ValueError,
            unreadable, restore),
        Row("load_mnist: file truncated", mnist(truncated_npz), ValueError, unreadable, restore),
        Row("load_mnist: file altered (arrays missing)", mnist(without_labels), ValueError,
            r"data file \S+/mnist\.npz has no array named 'y_train'", restore),
        Row("load_mnist: pickled objects in the file", mnist(with_pickled_objects), ValueError,
            unreadable + r" \(ValueError: Object arrays cannot be loaded when "
            r"allow_pickle=False\)", restore),
        Row("load_mnist: file altered (one pixel changed)", mnist(with_one_pixel_changed),
            ValueError, r"data file \S+/mnist\.npz has been altered or corrupted: its arrays "
            rf"SHA-256 is [0-9a-f]{{64}}, expected {datasets.ARRAY_CHECKSUMS['mnist.npz']}",
            restore),
    ]


TABLE = [*common_rows(), *gaussian_rows(), *prior_rows(), *discrete_rows(), *softmax_rows(),
         *projection_rows(), *loader_rows(), *mnist_rows()]

#: A numpy repr in a message: np.float64(2.0), np.int64(0), array([...]), dtype=int64.
NUMPY_REPR = re.compile(r"\bnp\.\w+\(|\barray\(|dtype=(?!'numeric')")
INTERNALS = re.compile(r"[\\/](numpy|scipy)[\\/]")


def _chain(error):
    """The exceptions a printed traceback shows: ``error`` and what it was raised from."""
    while error is not None:
        yield error
        error = error.__cause__ or (None if error.__suppress_context__ else error.__context__)


@pytest.mark.parametrize("row", TABLE, ids=[row.id for row in TABLE])
def test_bad_input_gives_the_right_error_naming_problem_and_fix(row, tmp_path):
    with pytest.raises(Exception) as caught:
        row.call(tmp_path)
    error, message = caught.value, str(caught.value)
    assert type(error) is row.error, f"{type(error).__name__}: {message}"
    assert re.search(row.problem, message), f"the problem is not named in: {message}"
    assert re.search(row.fix, message), f"no fix is suggested in: {message}"
    assert not NUMPY_REPR.search(message), f"a numpy repr in: {message}"
    for shown in _chain(error):
        innermost = traceback.extract_tb(shown.__traceback__)[-1].filename
        assert not INTERNALS.search(innermost), f"raised inside {innermost}: {message}"


def test_the_table_covers_every_estimator_and_loader():
    ids = " | ".join(row.id for row in TABLE)
    for estimator in ESTIMATORS:
        assert f"{estimator.name}.fit: NaN in X" in ids
        for method in estimator.methods:
            assert f"{estimator.name}.{method} before fit" in ids
    public = {name for name in vars(datasets) if name.startswith("load_")}
    for loader in public:
        assert f"{loader}: file missing" in ids and f"{loader}: file altered" in ids, loader
