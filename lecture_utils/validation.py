"""Input checks shared by every estimator, with errors that say how to fix them.

scikit-learn's ``validate_data`` does the bookkeeping (``n_features_in_``,
``feature_names_in_``, shapes); this module adds the checks whose messages
should be plainer than a library default: non-finite values, mismatched
lengths, too few classes, priors that are not a distribution, pseudo-counts,
counts that are not counts, and categories that were never declared.
Scalar parameters are checked with scikit-learn's ``check_scalar`` (plus
finiteness), and every ``random_state`` becomes a numpy ``Generator``.
"""

import numbers
from collections.abc import Hashable

import numpy as np
import pandas as pd
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import (
    check_is_fitted,
    check_non_negative,
    check_scalar,
    column_or_1d,
    validate_data,
)

PRIOR_SUM_TOLERANCE = 1e-8
#: A covariance is called singular when some feature keeps less than this
#: fraction of its variance once the features before it are known
#: (the squared Cholesky pivot over the diagonal entry, :math:`L_{jj}^2 / \Sigma_{jj}`).
MIN_PIVOT_RATIO = 1e-12


def plain(value):
    """``value`` with numpy scalars and arrays made plain Python numbers and lists.

    For error messages: ``repr(np.float64(2.0))`` is ``'np.float64(2.0)'``.

    Examples
    --------
    >>> plain((np.float64(2.0), [np.int64(3)]))
    (2.0, [3])
    """
    if isinstance(value, np.generic | np.ndarray):
        return value.tolist()
    if isinstance(value, list | tuple):
        return type(value)(plain(item) for item in value)
    return value


def class_index(classes, labels, n_rows=None):
    """Position of each label in ``classes``.

    Parameters
    ----------
    classes : array-like of shape (n_classes,)
    labels : array-like of shape (n_labels,)
    n_rows : int, optional
        The number of rows of X when ``labels`` is its ``y``.

    Returns
    -------
    ndarray of int, shape (n_labels,)

    Raises
    ------
    ValueError
        For a label that is not one of ``classes``, or, given ``n_rows``, unless there
        is exactly one label per row.

    Examples
    --------
    >>> class_index(["a", "b", "c"], ["c", "a"])
    array([2, 0])
    """
    classes, labels = np.asarray(classes), np.asarray(labels)
    if n_rows is not None and labels.shape != (n_rows,):
        raise ValueError(f"y must hold one label per row of X ({n_rows}); got shape "
                         f"{labels.shape}.")
    lookup = {c: k for k, c in enumerate(classes.tolist())}
    try:
        return np.array([lookup[v] for v in labels.tolist()], dtype=int)
    except KeyError as error:
        raise ValueError(f"label {error.args[0]!r} is not one of the classes {classes.tolist()}."
                         ) from None


def check_finite(X, name):
    """Raise a ValueError that locates the first NaN or infinite entry of ``X``.

    Examples
    --------
    >>> check_finite(np.array([[1.0, np.nan]]), "X")
    Traceback (most recent call last):
    ValueError: X contains NaN: 1 entry, the first at row 0, column 1. Remove those rows or
    impute the missing values (for example with sklearn.impute.SimpleImputer) first.
    """
    if np.isfinite(np.sum(X)) or np.all(np.isfinite(X)):  # the sum: one pass, no copy
        return
    bad = ~np.isfinite(X)
    row, col = np.argwhere(bad)[0]
    kind = "NaN" if np.isnan(X[row, col]) else "infinite values (infinity)"
    raise ValueError(f"{name} contains {kind}: {int(bad.sum())} entr"
                     f"{'y' if bad.sum() == 1 else 'ies'}, the first at row {row}, column {col}. "
                     "Remove those rows or impute the missing values (for example with "
                     "sklearn.impute.SimpleImputer) first.")


def check_features(estimator, X, *, reset, dtype="numeric"):
    """Validate a feature matrix for ``fit`` (``reset=True``) or prediction.

    Parameters
    ----------
    estimator : BaseEstimator
        The estimator whose ``n_features_in_`` is set (fit) or checked (predict).
    X : array-like of shape (n_samples, n_features)
    reset : bool
        True in ``fit``; False in every method that uses a fitted model.
    dtype : str or type, default="numeric"
        Passed to scikit-learn; ``None`` keeps the input dtype (categories), and then
        no entry may be missing (`check_no_missing_categories`).

    Returns
    -------
    ndarray of shape (n_samples, n_features)

    Examples
    --------
    >>> from sklearn.base import BaseEstimator
    >>> check_features(BaseEstimator(), [[1, 2]], reset=True)
    array([[1, 2]])
    """
    if not reset:
        check_is_fitted(estimator)
    X = validate_data(estimator, X, reset=reset, dtype=dtype, ensure_all_finite=False)
    if X.dtype.kind in "fc":
        check_finite(X, "X")
    elif dtype is None:
        check_no_missing_categories(X)
    return X


def check_training_data(estimator, X, y, *, dtype="numeric"):
    """Validate ``(X, y)`` for ``fit`` and encode the labels.

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    classes : ndarray of shape (n_classes,)
        The sorted distinct labels; any label type numpy can sort.
    y_index : ndarray of shape (n_samples,)
        ``classes[y_index] == y``.

    Raises
    ------
    ValueError
        Among others, when ``y`` holds a single class. scikit-learn's naive Bayes
        models accept that (every prediction is then that class, with probability
        one), its discriminant analyses refuse it; here every classifier refuses it,
        because a model that cannot compare classes teaches nothing and usually
        means a bad split of the data.

    Examples
    --------
    >>> from sklearn.base import BaseEstimator
    >>> check_training_data(BaseEstimator(), [[0.0], [1.0], [2.0]], ["b", "a", "b"])[1:]
    (array(['a', 'b'], dtype='<U1'), array([1, 0, 1]))
    """
    if y is None:
        raise ValueError(f"{type(estimator).__name__} requires y to be passed, but the target y "
                         "is None: a classifier learns from labels, so call fit(X, y).")
    X = check_features(estimator, X, reset=True, dtype=dtype)
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        # scikit-learn's convention: accept a column vector, with a DataConversionWarning.
        y = column_or_1d(y, warn=True)
    if y.ndim != 1:
        raise ValueError(f"y must be a 1-D array of labels, one label per row of X; got shape "
                         f"{y.shape}. A classifier here predicts one target: pass a single "
                         "column of labels.")
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"X has {X.shape[0]} rows but y has {y.shape[0]} labels: give exactly "
                         "one label per row of X.")
    if y.dtype.kind in "fc" and not np.all(np.isfinite(y)):
        raise ValueError("y contains NaN or infinite labels: drop those rows first.")
    check_classification_targets(y)
    classes, y_index = np.unique(y, return_inverse=True)
    if classes.size < 2:
        raise ValueError(f"y has only one class ({classes.tolist()[0]!r}); a classifier needs at "
                         "least two classes in the training data: Bayes' rule compares classes, "
                         "and with one class every posterior would be 1 whatever x is. If this "
                         "is a cross-validation fold, split with StratifiedKFold so that every "
                         "fold holds every class.")
    return X, classes, y_index


def check_priors(priors, classes):
    """Return class priors as an array aligned with ``classes``.

    Parameters
    ----------
    priors : None or array-like of shape (n_classes,)
        Read in the order of ``classes`` (sorted labels).
    classes : ndarray of shape (n_classes,)

    Returns
    -------
    ndarray of shape (n_classes,) or None
        ``None`` when ``priors`` is None (the caller uses class frequencies).

    Examples
    --------
    >>> check_priors([0.25, 0.75], np.array(["a", "b"]))
    array([0.25, 0.75])
    """
    if priors is None:
        return None
    try:
        # A copy, never the caller's array: the fitted model must not change when the
        # caller later edits the array it passed (nor the other way round).
        priors = np.array(priors, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"priors must be numbers, one probability per class {classes.tolist()}; "
                        f"got {plain(priors)!r}.") from None
    if priors.ndim != 1 or priors.size != classes.size:
        raise ValueError(f"priors has shape {priors.shape} but there are {classes.size} classes "
                         f"{classes.tolist()}; give one prior per class, in that order.")
    if not np.all(np.isfinite(priors)) or np.any(priors < 0):
        raise ValueError(f"priors must be finite and non-negative; got {priors.tolist()}.")
    if abs(priors.sum() - 1.0) > PRIOR_SUM_TOLERANCE:
        raise ValueError(f"priors sum to {priors.sum():.10g}, not 1; divide them by their sum "
                         "(priors / priors.sum()) if they are relative weights.")
    return priors


def check_alpha(alpha):
    r"""Return the pseudo-count :math:`\alpha` as a float after checking it.

    Parameters
    ----------
    alpha : float
        Added to every count before normalising; 0 gives the ML estimates.

    Examples
    --------
    >>> check_alpha(1)
    1.0
    """
    try:
        value = float(alpha)
    except (TypeError, ValueError):
        raise TypeError(f"alpha must be a number (a pseudo-count such as 0, 0.5 or 1); got "
                        f"{plain(alpha)!r}.") from None
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"alpha must be a finite number >= 0 (0 gives the ML estimates, 1 is "
                         f"Laplace smoothing); got {plain(alpha)!r}.")
    return value


def _raise_at_first(X, mask, problem, fix):
    """Raise a ValueError naming the first entry of ``X`` where ``mask`` holds."""
    if not mask.any():
        return
    row, col = (int(i) for i in np.argwhere(mask)[0])
    raise ValueError(f"{problem.format(value=plain(X[row, col]))} at row {row}, column {col} "
                     f"({int(mask.sum())} such entr{'y' if mask.sum() == 1 else 'ies'} in all). "
                     f"{fix}")


def check_counts(X):
    """Check that a validated numeric matrix holds occurrence counts.

    Counts are finite (checked by `check_features`), non-negative (scikit-learn's
    ``check_non_negative``) and whole numbers; they may be stored as floats.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
        Output of `check_features`.

    Returns
    -------
    ndarray of float, shape (n_samples, n_features)

    Examples
    --------
    >>> check_counts(np.array([[0, 3], [1, 2]]))
    array([[0., 3.],
           [1., 2.]])
    """
    X = np.asarray(X, dtype=float)
    check_non_negative(X, "X (counts)")
    _raise_at_first(X, X != np.round(X),
                    "X holds counts, which are whole numbers, but has {value:g}",
                    "Pass the raw number of occurrences of each event, not frequencies, "
                    "proportions or tf-idf weights.")
    return X


def check_no_missing_categories(X):
    """Raise a ValueError if a categorical matrix has a missing entry (None, NaN, NA).

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
        Output of `check_features` with ``dtype=None``.

    Examples
    --------
    >>> check_no_missing_categories(np.array([["red"], [None]], dtype=object))
    Traceback (most recent call last):
    ValueError: X has a missing category (None) at row 1, column 0 (1 such entry in all). Drop
    those rows, or give missing values a category of their own (e.g. the string 'unknown').
    """
    missing = np.asarray(pd.isna(X), dtype=bool).reshape(X.shape)
    _raise_at_first(X, missing, "X has a missing category ({value!r})",
                    "Drop those rows, or give missing values a category of their own "
                    "(e.g. the string 'unknown').")
    return X


def encode_categories(X, categories, feature_names=None):
    """Replace every category by its position in the known categories of its feature.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    categories : list of ndarray
        ``categories[j]`` lists the known values of feature ``j``.
    feature_names : sequence of str, default=None
        Used to name a feature in error messages.

    Returns
    -------
    ndarray of int, shape (n_samples, n_features)
        ``categories[j][codes[i, j]] == X[i, j]``.

    Raises
    ------
    ValueError
        A value that is not among the known categories of its feature.

    Examples
    --------
    >>> encode_categories(np.array([["red"], ["blue"]]), [np.array(["blue", "red"])])
    array([[1],
           [0]])
    """
    codes = np.empty(X.shape, dtype=np.intp)
    for j, known in enumerate(categories):
        lookup = {value: k for k, value in enumerate(np.asarray(known).tolist())}
        column = X[:, j].tolist()
        try:
            codes[:, j] = [lookup[value] for value in column]
        except (KeyError, TypeError):
            row = next(i for i, value in enumerate(column)
                       if not isinstance(value, Hashable) or value not in lookup)
            name = "" if feature_names is None else f" ({feature_names[j]!r})"
            raise ValueError(
                f"feature {j}{name} has the value {column[row]!r} (row {row}), which is not one "
                f"of its known categories {np.asarray(known).tolist()}. Declare every possible "
                "value when fitting, e.g. categories=[[...], ...], and use alpha > 0 so that a "
                "value never seen in training gets a non-zero probability.") from None
    return codes


def check_gaussian_parameters(means, covariances, shared=False):
    """Check the means and covariance matrices of Gaussian classes given as parameters.

    Parameters
    ----------
    means : array-like of shape (n_classes, n_features)
    covariances : array-like of shape (n_classes, n_features, n_features)
        Symmetric positive-definite matrices, one per class; with ``shared=True`` the
        one matrix, of shape (n_features, n_features), that all classes share.
    shared : bool, default=False

    Returns
    -------
    means : ndarray of shape (n_classes, n_features)
    cholesky_factors : ndarray of shape (n_classes, n_features, n_features)
        The lower Cholesky factor of each covariance (`cholesky_factors`); of shape
        (n_features, n_features) with ``shared=True``.

    Examples
    --------
    >>> means, factor = check_gaussian_parameters([[0.0], [2.0]], [[4.0]], shared=True)
    >>> means.tolist(), factor.tolist()
    ([[0.0], [2.0]], [[2.0]])
    """
    means, covariances = np.asarray(means, dtype=float), np.asarray(covariances, dtype=float)
    if means.ndim != 2:
        raise ValueError(f"means must have shape (n_classes, n_features); got {means.shape}. "
                         "Give one row per class, e.g. [[0, 0], [2, 1]].")
    n_classes, d = means.shape
    if shared and covariances.shape != (d, d):
        raise ValueError(f"cov_matrix must be the one {d} x {d} matrix that the classes share; "
                         f"got shape {covariances.shape}.")
    if not shared and covariances.shape != (n_classes, d, d):
        raise ValueError(f"covariances must have shape {(n_classes, d, d)} (one {d} x {d} matrix "
                         f"per class); got {covariances.shape}.")
    stack = covariances.reshape(-1, d, d)
    names = ["cov_matrix"] if shared else [f"covariance {k}" for k in range(n_classes)]
    check_finite(means, "means")
    check_finite(stack.reshape(len(stack), -1), "covariances")
    for sigma, name in zip(stack, names, strict=True):
        if not np.allclose(sigma, sigma.T):
            raise ValueError(f"{name} is not symmetric; use (S + S.T) / 2 or build it as A @ A.T.")
    factors = cholesky_factors(stack, names)
    return means, factors[0] if shared else factors


def cholesky_factors(covariances, names, model=None):
    r"""Lower Cholesky factors :math:`L_k` of covariance matrices, :math:`\Sigma_k = L_k L_k^T`.

    The one place where a covariance that has no usable factor is diagnosed. One
    estimated from data is positive semi-definite by construction, so it fails only
    when it is singular: a feature with zero variance within the classes; features
    that are (almost) linear combinations of others, so that some feature keeps less
    than `MIN_PIVOT_RATIO` of its variance once the features before it are known
    (:math:`L_{jj}^2 / \Sigma_{jj}`); or entries beyond the floating-point range
    (overflowing, or variances below the smallest normal number). A matrix given as
    a parameter must be positive definite.

    Parameters
    ----------
    covariances : ndarray of shape (n_matrices, d, d)
        Symmetric matrices.
    names : sequence of str
        How a message names each matrix, e.g. ``"the covariance of class 'a'"``.
    model : {"full", "diag", "tied", "tied_diag"}, default=None
        The covariance model that estimated the matrices, so that a message can name
        the feature at fault and a model that avoids it; None for given matrices.

    Returns
    -------
    ndarray of shape (n_matrices, d, d)

    Examples
    --------
    >>> cholesky_factors(np.array([[[4.0, 2.0], [2.0, 2.0]]]), ["covariance 0"]).tolist()
    [[[2.0, 0.0], [1.0, 1.0]]]
    """
    factors = np.zeros_like(covariances)
    for k, (sigma, who) in enumerate(zip(covariances, names, strict=True)):
        variances = np.diag(sigma)
        with np.errstate(all="ignore"):
            try:
                factors[k] = np.linalg.cholesky(sigma)
            except np.linalg.LinAlgError:
                pass  # the zero factor fails the pivot test below
            pivots = np.diag(factors[k]) ** 2 / variances
        if (np.min(pivots) >= MIN_PIVOT_RATIO and np.all(np.isfinite(sigma))
                and (model is None or np.all(variances >= np.finfo(float).tiny))):
            continue
        raise ValueError(_why_no_factor(who, sigma, model))
    return factors


def _why_no_factor(who, sigma, model):
    """The message of `cholesky_factors` for a matrix without a usable factor."""
    variances = np.diag(sigma)
    zero, tiny = np.flatnonzero(variances <= 0), np.flatnonzero(variances < np.finfo(float).tiny)
    rescale = "Rescale the features first (e.g. with sklearn.preprocessing.StandardScaler)."
    if model is None:
        return (f"{who} is not positive definite (some eigenvalue is <= 0); every direction "
                "needs a positive variance, e.g. add a small multiple of the identity.")
    if not np.all(np.isfinite(sigma)):
        return f"{who} overflows: the features are too large to square in floating point. {rescale}"
    if zero.size:
        within, fix = ("classes", "") if model.startswith("tied") else (
            "class", ", or use covariance='tied' if only some classes are constant")
        return (f"{who} is singular: feature {zero[0]} has zero variance within the {within}. "
                f"Drop that feature{fix}.")
    if tiny.size:
        return (f"{who} underflows: feature {tiny[0]} has variance {variances[tiny[0]]:.3g}, "
                f"below the smallest normal floating-point number. {rescale}")
    return (f"{who} is singular: some features are (almost) linear combinations of others. "
            "Remove redundant features (for example with PCA), or use covariance='diag' or "
            "'tied_diag'.")


def check_option(name, value, options, kind="a valid choice"):
    """Return ``value`` if it is one of ``options``; otherwise a ValueError listing them.

    ``kind`` names what the options are in the message: "... is not {kind}".

    Examples
    --------
    >>> check_option("covariance", "tied", ("full", "tied"), kind="a covariance model")
    'tied'
    """
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name}={plain(value)!r} is not {kind}; choose one of "
                         f"{', '.join(map(repr, options))}.")
    return value


def check_number(name, value, *, minimum, maximum=None, inclusive=True, integer=False):
    """Return ``value`` as a float (or int) after checking its type and range.

    scikit-learn's ``check_scalar`` checks the type and the bounds; this adds what
    it lets through: booleans, NaN and infinity.

    Parameters
    ----------
    name : str
        The parameter's name, used in the message.
    value : object
    minimum : float
        The smallest allowed value.
    maximum : float, default=None
        The largest allowed value; None for no bound.
    inclusive : bool, default=True
        Whether ``minimum`` and ``maximum`` themselves are allowed.
    integer : bool, default=False
        Require a whole number and return an int.

    Examples
    --------
    >>> check_number("alpha", 0.5, minimum=0.0)
    0.5
    >>> check_number("alpha", -1, minimum=0.0)
    Traceback (most recent call last):
    ...
    ValueError: alpha == -1, must be >= 0.0.
    """
    kind = numbers.Integral if integer else numbers.Real
    if isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be {'an integer' if integer else 'a number'}; got "
                        f"{value!r}.")
    if integer and isinstance(value, float | np.floating) and float(value).is_integer():
        value = int(value)
    value = check_scalar(value, name, kind, min_val=minimum, max_val=maximum,
                         include_boundaries=("both" if maximum is not None else "left")
                         if inclusive else "neither")
    if not np.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {plain(value)!r}.")
    return int(value) if integer else float(value)


def check_dimensions(dimensions, n_features):
    """Return numbers of leading features as an int array, after checking each is usable.

    Parameters
    ----------
    dimensions : sequence of int
        Each between 1 and ``n_features``.
    n_features : int
        The number of features available.

    Returns
    -------
    ndarray of int of shape (len(dimensions),)

    Examples
    --------
    >>> check_dimensions([1, 3.0], n_features=5)
    array([1, 3])
    """
    dimensions = list(np.atleast_1d(np.asarray(dimensions, dtype=object)))
    if not dimensions:
        raise ValueError("dimensions is empty; give at least one number of leading features.")
    for m in dimensions:
        whole = isinstance(m, int | float | np.integer | np.floating) and not isinstance(m, bool)
        if not whole or not np.isfinite(m) or int(m) != m or not 1 <= m <= n_features:
            raise ValueError(f"dimension {plain(m)!r} is not between 1 and the {n_features} "
                             "available features; choose dimensions in that range.")
    return np.array([int(m) for m in dimensions])


def check_random_state(random_state, name="random_state"):
    """Return a numpy ``Generator`` for ``random_state``: one convention everywhere.

    Parameters
    ----------
    random_state : None, int or numpy.random.Generator
        ``None`` gives fresh, unpredictable randomness; a non-negative int seeds
        ``numpy.random.default_rng``, so one seed gives one stream wherever it is
        used; a Generator is used as it is (and advanced).
    name : str, default="random_state"
        The parameter's name, used in the message.

    Returns
    -------
    numpy.random.Generator

    Examples
    --------
    >>> rng = check_random_state(0)
    >>> bool(rng.standard_normal() == np.random.default_rng(0).standard_normal())
    True
    """
    if isinstance(random_state, np.random.Generator):
        return random_state
    if random_state is not None and (isinstance(random_state, bool)
                                     or not isinstance(random_state, int | np.integer)):
        raise TypeError(f"{name} must be None, an integer seed or a numpy Generator "
                        f"(np.random.default_rng(seed)); got {plain(random_state)!r}.")
    if random_state is not None and random_state < 0:
        raise ValueError(f"{name} must be a non-negative seed; got {plain(random_state)!r}.")
    return np.random.default_rng(random_state)
