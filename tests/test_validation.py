"""The shared input checks, called directly (GaussianClassifier's tests call them through fit)."""


import numpy as np
import pandas as pd
import pytest
from sklearn.base import BaseEstimator
from sklearn.exceptions import NotFittedError

from lecture_utils.validation import (
    MIN_PIVOT_RATIO,
    PRIOR_SUM_TOLERANCE,
    check_dimensions,
    check_features,
    check_gaussian_parameters,
    check_number,
    check_priors,
    check_training_data,
    cholesky_factors,
    plain,
)


class Bare(BaseEstimator):
    """An estimator with nothing but what the checks need."""

    def fit(self, X, y=None):
        check_features(self, X, reset=True)
        return self


def test_check_priors_none_means_class_frequencies():
    assert check_priors(None, np.array([0, 1])) is None


def test_check_priors_reads_a_sequence_in_class_order():
    result = check_priors((0.25, 0.75), np.array(["a", "b"]))
    assert result.dtype == float
    np.testing.assert_array_equal(result, [0.25, 0.75])


def test_check_priors_tolerates_rounding_but_not_more():
    classes = np.array([0, 1, 2])
    third = 1 / 3
    np.testing.assert_array_equal(check_priors([third] * 3, classes), [third] * 3)
    check_priors([0.5, 0.5 + PRIOR_SUM_TOLERANCE / 2], classes[:2])
    with pytest.raises(ValueError, match="priors sum to"):
        check_priors([0.5, 0.5 + 10 * PRIOR_SUM_TOLERANCE], classes[:2])


def test_check_features_keeps_feature_names_and_counts():
    estimator = Bare()
    frame = pd.DataFrame({"length": [1.0, 2.0], "width": [3.0, 4.0]})
    X = check_features(estimator, frame, reset=True)
    assert isinstance(X, np.ndarray) and X.shape == (2, 2)
    assert estimator.n_features_in_ == 2
    assert list(estimator.feature_names_in_) == ["length", "width"]


def test_check_features_before_fit_is_not_fitted():
    with pytest.raises(NotFittedError):
        check_features(Bare(), np.zeros((2, 2)), reset=False)


def test_check_features_locates_the_first_bad_entry():
    X = np.zeros((4, 3))
    X[2, 1] = np.nan
    X[3, 0] = np.inf
    with pytest.raises(ValueError, match=r"2 entries, the first at row 2, column 1"):
        check_features(Bare(), X, reset=True)


def test_check_features_can_keep_categories():
    X = check_features(Bare(), np.array([["red", "long"], ["tabby", "short"]]), reset=True,
                       dtype=None)
    assert X.dtype.kind == "U"


def test_check_training_data_encodes_labels():
    X = np.arange(12.0).reshape(6, 2)
    y = np.array(["b", "a", "c", "a", "b", "c"], dtype=object)
    X_checked, classes, y_index = check_training_data(Bare(), X, y)
    np.testing.assert_array_equal(X_checked, X)
    np.testing.assert_array_equal(classes, ["a", "b", "c"])
    np.testing.assert_array_equal(classes[y_index], y)


def test_check_training_data_needs_labels():
    with pytest.raises(ValueError, match=r"requires y to be passed.*call fit\(X, y\)"):
        check_training_data(Bare(), np.zeros((3, 2)), None)


def test_check_training_data_rejects_continuous_targets():
    with pytest.raises(ValueError, match="Unknown label type: continuous"):
        check_training_data(Bare(), np.zeros((3, 2)), [0.1, 0.2, 0.3])


def test_plain_turns_numpy_values_into_python_values_for_messages():
    assert repr(plain(np.float64(2.0))) == "2.0" and type(plain(np.int64(3))) is int
    assert plain(np.array([[1, 2]])) == [[1, 2]]
    assert plain((np.str_("a"), [np.bool_(True)])) == ("a", [True])
    assert plain("text") == "text" and plain(None) is None


@pytest.mark.parametrize("inclusive, allowed", [(True, [0.0, 0.5, 1.0]), (False, [0.5])])
def test_check_number_allows_the_bounds_only_when_inclusive(inclusive, allowed):
    for value in (0.0, 0.5, 1.0):
        if value in allowed:
            assert check_number("p", value, minimum=0.0, maximum=1.0, inclusive=inclusive) == value
        else:
            with pytest.raises(ValueError, match="p == "):
                check_number("p", value, minimum=0.0, maximum=1.0, inclusive=inclusive)
    with pytest.raises(ValueError, match="must be a finite number"):
        check_number("p", np.inf, minimum=0.0)
    with pytest.raises(TypeError, match="must be a number"):
        check_number("p", True, minimum=0.0)


def test_check_dimensions_returns_whole_numbers_in_order():
    np.testing.assert_array_equal(check_dimensions([3, 1.0, np.int64(5)], 5), [3, 1, 5])


@pytest.mark.parametrize(
    ("dimensions", "message"),
    [([], "dimensions is empty"), ([0], "dimension 0 is not between 1 and the 5"),
     ([6], "dimension 6 is not between 1 and the 5"), ([2.5], "dimension 2.5 is not"),
     ([True], "dimension True is not"), (["3"], "dimension '3' is not"),
     ([np.nan], "dimension nan is not")],
)
def test_check_dimensions_names_the_bad_dimension(dimensions, message):
    with pytest.raises(ValueError, match=message):
        check_dimensions(dimensions, 5)


# ------------------------------------------------------------ covariance matrices
def test_check_gaussian_parameters_factors_each_matrix_or_the_shared_one():
    means, factors = check_gaussian_parameters([[0.0], [1.0]], [[[4.0]], [[9.0]]])
    assert factors.tolist() == [[[2.0]], [[3.0]]]
    means, factor = check_gaussian_parameters([[0.0], [1.0]], [[4.0]], shared=True)
    assert factor.tolist() == [[2.0]] and means.shape == (2, 1)
    with pytest.raises(ValueError, match=r"cov_matrix must be the one 1 x 1 matrix .* \(2, 1, 1\)"):
        check_gaussian_parameters([[0.0], [1.0]], [[[4.0]], [[9.0]]], shared=True)
    with pytest.raises(ValueError, match=r"cov_matrix is not positive definite"):
        check_gaussian_parameters([[0.0, 0.0]], [[1.0, 2.0], [2.0, 1.0]], shared=True)


def test_cholesky_factors_are_the_lower_factors():
    rng = np.random.default_rng(0)
    A = rng.normal(size=(3, 4, 4))
    covariances = A @ A.transpose(0, 2, 1) + np.eye(4)
    factors = cholesky_factors(covariances, ["a", "b", "c"], model="full")
    np.testing.assert_allclose(factors @ factors.transpose(0, 2, 1), covariances, rtol=1e-12)
    np.testing.assert_array_equal(factors, np.tril(factors))


SINGULAR = np.array([[1.0, 1.0], [1.0, 1.0]])


@pytest.mark.parametrize(("matrix", "model", "message"), [
    (np.diag([1.0, 0.0]), "full", r"^c is singular: feature 1 has zero variance within the "
     r"class\. Drop that feature, or use covariance='tied' if only some classes are constant\.$"),
    (np.diag([1.0, 0.0]), "tied", r"^c is singular: feature 1 has zero variance within the "
     r"classes\. Drop that feature\.$"),
    (SINGULAR, "tied", r"^c is singular: some features are \(almost\) linear combinations"),
    (SINGULAR + np.diag([0.0, 1e-13]), "full", r"linear combinations"),
    (np.diag([1.0, np.inf]), "diag", r"^c overflows: .*StandardScaler"),
    (np.diag([1.0, 1e-310]), "diag", r"^c underflows: feature 1 has variance 1e-310, .*Scaler"),
    (SINGULAR, None, r"^c is not positive definite .* add a small multiple of the identity\.$"),
    (-np.eye(2), None, r"^c is not positive definite"),
])
def test_cholesky_factors_say_why_a_covariance_has_none(matrix, model, message):
    with pytest.raises(ValueError, match=message):
        cholesky_factors(np.stack([np.eye(2), matrix]), ["fine", "c"], model=model)


def test_a_feature_is_redundant_below_the_pivot_ratio():
    kept = SINGULAR + np.diag([0.0, 1e-10])  # the second feature keeps 1e-10 of its variance
    assert cholesky_factors(kept[None], ["c"], model="full")[0, 1, 1] ** 2 > MIN_PIVOT_RATIO
    with pytest.raises(ValueError, match="linear combinations"):
        cholesky_factors((SINGULAR + np.diag([0.0, 1e-14]))[None], ["c"], model="full")
