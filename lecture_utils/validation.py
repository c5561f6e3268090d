"""Input checks shared by every estimator, with errors that say how to fix them.

scikit-learn's ``validate_data`` does the bookkeeping (``n_features_in_``,
``feature_names_in_``, shapes); this module adds the checks whose messages
should be plainer than a library default: non-finite values, mismatched
lengths, too few classes and priors that are not a distribution.
"""

import numpy as np
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

PRIOR_SUM_TOLERANCE = 1e-8


def _check_finite(X, name):
    """Raise a ValueError that locates the first NaN or infinite entry of ``X``."""
    bad = ~np.isfinite(X)
    if not bad.any():
        return
    row, col = np.argwhere(bad)[0]
    kind = "NaN" if np.isnan(X[row, col]) else "infinite values (infinity)"
    raise ValueError(
        f"{name} contains {kind}: {int(bad.sum())} entr{'y' if bad.sum() == 1 else 'ies'}, "
        f"the first at row {row}, column {col}. Remove those rows or impute the "
        "missing values (for example with sklearn.impute.SimpleImputer) first."
    )


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
        Passed to scikit-learn; ``None`` keeps the input dtype (categories).

    Returns
    -------
    ndarray of shape (n_samples, n_features)
    """
    if not reset:
        check_is_fitted(estimator)
    try:
        X = validate_data(estimator, X, reset=reset, dtype=dtype, ensure_all_finite=False)
    except ValueError as error:
        if "features, but" in str(error):
            raise ValueError(
                f"{error} Predict with the same feature columns, in the same order, as in fit."
            ) from None
        raise
    if X.dtype.kind in "fc":
        _check_finite(X, "X")
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
    """
    if y is None:
        raise ValueError(
            f"{type(estimator).__name__} is a classifier and needs labels: call fit(X, y)."
        )
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        raise ValueError(
            "y has shape (n, 1); pass the labels as a 1-D array, e.g. y.ravel()."
        )
    n_rows = np.shape(X)[0] if np.ndim(X) >= 1 else 0
    if y.ndim != 1:
        raise ValueError(f"y must be a 1-D array of labels; got shape {y.shape}.")
    if y.shape[0] != n_rows:
        raise ValueError(
            f"X has {n_rows} rows but y has {y.shape[0]} labels: give exactly one "
            "label per row of X."
        )
    X = check_features(estimator, X, reset=True, dtype=dtype)
    if y.dtype.kind in "fc" and not np.all(np.isfinite(y)):
        raise ValueError("y contains NaN or infinite labels: drop those rows first.")
    check_classification_targets(y)
    classes, y_index = np.unique(y, return_inverse=True)
    if classes.size < 2:
        raise ValueError(
            f"y has only one class ({classes[0]!r}); a classifier needs at least two "
            "classes in the training data."
        )
    return X, classes, y_index


def check_priors(priors, classes):
    """Return class priors as an array aligned with ``classes``.

    Parameters
    ----------
    priors : None, array-like of shape (n_classes,), or mapping label -> prior
        A sequence is read in the order of ``classes`` (sorted labels).
    classes : ndarray of shape (n_classes,)

    Returns
    -------
    ndarray of shape (n_classes,) or None
        ``None`` when ``priors`` is None (the caller uses class frequencies).
    """
    if priors is None:
        return None
    if isinstance(priors, dict):
        unknown = set(priors) - set(classes.tolist())
        missing = [c for c in classes.tolist() if c not in priors]
        if unknown or missing:
            raise ValueError(
                f"priors names labels {sorted(map(str, unknown))} that are not in y and "
                f"misses {[str(m) for m in missing]}; give one prior per class "
                f"{classes.tolist()}."
            )
        priors = [priors[c] for c in classes.tolist()]
    priors = np.asarray(priors, dtype=float)
    if priors.ndim != 1 or priors.size != classes.size:
        raise ValueError(
            f"priors has {priors.size} entries but there are {classes.size} classes "
            f"{classes.tolist()}; give one prior per class, in that order."
        )
    if not np.all(np.isfinite(priors)) or np.any(priors < 0):
        raise ValueError(f"priors must be finite and non-negative; got {priors.tolist()}.")
    if abs(priors.sum() - 1.0) > PRIOR_SUM_TOLERANCE:
        raise ValueError(
            f"priors sum to {priors.sum():.10g}, not 1; divide them by their sum "
            "(priors / priors.sum()) if they are relative weights."
        )
    return priors


def check_option(name, value, options):
    """Return ``value`` if it is one of ``options``; otherwise a ValueError listing them."""
    if not isinstance(value, str) or value not in options:
        raise ValueError(
            f"{name}={value!r} is not a valid choice; choose one of "
            f"{', '.join(map(repr, options))}."
        )
    return value


def check_number(name, value, *, minimum, inclusive=True, integer=False):
    """Return ``value`` as a float (or int) after checking it is finite and large enough.

    Parameters
    ----------
    name : str
        The parameter's name, used in the message.
    value : object
    minimum : float
        The smallest allowed value.
    inclusive : bool, default=True
        Whether ``minimum`` itself is allowed.
    integer : bool, default=False
        Require a whole number and return an int.
    """
    kind = "an integer" if integer else "a number"
    bound = f"{'>=' if inclusive else '>'} {minimum}"
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TypeError(f"{name} must be {kind} {bound}; got {value!r} of type "
                        f"{type(value).__name__}.")
    if integer and int(value) != value:
        raise TypeError(f"{name} must be {kind} {bound}; got {value!r}.")
    too_small = value < minimum if inclusive else value <= minimum
    if not np.isfinite(value) or too_small:
        raise ValueError(f"{name} must be a finite number {bound}; got {value!r}.")
    return int(value) if integer else float(value)
