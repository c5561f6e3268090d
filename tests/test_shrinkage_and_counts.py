"""Tests of GaussianClassifier(shrinkage=...), parameter_count, within_class_correlations,
off_diagonal and plot_correlation_matrices."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from lecture_utils.experiments import (
    error_against_dimension,
    off_diagonal,
    within_class_correlations,
)
from lecture_utils.gaussian import GaussianClassifier, parameter_count
from lecture_utils.plotting import plot_correlation_matrices


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    scales = [np.diag([1.0, 2.0, 0.5]), np.array([[1.0, 0.0, 0.0], [0.8, 0.6, 0.0], [0, 0, 1]])]
    X = np.vstack([rng.standard_normal((60, 3)) @ a.T + 3 * k for k, a in enumerate(scales)])
    return X, np.repeat([0, 1], 60)


def test_shrinkage_mixes_each_covariance_with_the_pooled_one(data):
    X, y = data
    full = GaussianClassifier(covariance="full").fit(X, y).covariances_
    pooled = GaussianClassifier(covariance="tied").fit(X, y).covariances_
    shrunk = GaussianClassifier(covariance="full", shrinkage=0.3).fit(X, y).covariances_
    np.testing.assert_allclose(shrunk, 0.7 * full + 0.3 * pooled, atol=1e-12)
    ends = GaussianClassifier(covariance="full", shrinkage=1.0).fit(X, y).covariances_
    np.testing.assert_allclose(ends, pooled, atol=1e-12)


def test_shrinkage_of_the_naive_model_goes_to_the_naive_tied_one(data):
    X, y = data
    ends = GaussianClassifier(covariance="diag", shrinkage=1.0).fit(X, y).covariances_
    naive_tied = GaussianClassifier(covariance="tied_diag").fit(X, y).covariances_
    np.testing.assert_allclose(ends, naive_tied, atol=1e-12)


def test_shrinkage_zero_and_tied_models_are_unchanged(data):
    X, y = data
    for covariance in ("full", "tied"):
        plain = GaussianClassifier(covariance=covariance).fit(X, y)
        shrinkage = 0.0 if covariance == "full" else 0.5
        other = GaussianClassifier(covariance=covariance, shrinkage=shrinkage)
        np.testing.assert_allclose(other.fit(X, y).covariances_, plain.covariances_)


def test_shrunk_error_against_dimension_equals_refitting(data):
    X, y = data
    errors = error_against_dimension(X, y, X, y, [1, 2, 3], shrinkage=0.4)
    refitted = [np.mean(GaussianClassifier(covariance="full", shrinkage=0.4).fit(X[:, :m], y)
                        .predict(X[:, :m]) != y) for m in (1, 2, 3)]
    np.testing.assert_allclose(errors, refitted)


@pytest.mark.parametrize("bad", [-0.1, 1.5, np.nan])
def test_shrinkage_outside_zero_one_is_refused(data, bad):
    with pytest.raises(ValueError, match="shrinkage"):
        GaussianClassifier(covariance="full", shrinkage=bad).fit(*data)


@pytest.mark.parametrize("covariance, expected", [
    ("full", 2 * 3 + 2 * 6), ("diag", 2 * 3 + 2 * 3),
    ("tied", 2 * 3 + 6), ("tied_diag", 2 * 3 + 3)])
def test_parameter_count_of_each_model(covariance, expected):
    assert parameter_count(covariance, 3, 2) == expected


def test_parameter_count_refuses_bad_input():
    with pytest.raises(ValueError, match="covariance"):
        parameter_count("spherical", 3, 2)
    with pytest.raises(ValueError, match="n_features"):
        parameter_count("full", 0, 2)


def test_within_class_correlations_match_numpy(data):
    X, y = data
    correlations = within_class_correlations(X, y)
    assert correlations.shape == (2, 3, 3)
    for k in (0, 1):
        np.testing.assert_allclose(correlations[k], np.corrcoef(X[y == k], rowvar=False),
                                   atol=1e-12)
    np.testing.assert_allclose(correlations[1, 1, 0], 0.8, atol=0.15)


def test_within_class_correlations_needs_two_features():
    with pytest.raises(ValueError, match="two features"):
        within_class_correlations(np.ones((4, 1)), [0, 0, 1, 1])


def test_off_diagonal_takes_each_pair_once():
    matrix = np.arange(16.0).reshape(4, 4)
    np.testing.assert_array_equal(off_diagonal(matrix), [1, 2, 3, 6, 7, 11])
    assert off_diagonal(np.stack([matrix, matrix])).shape == (2, 6)
    with pytest.raises(ValueError, match="square"):
        off_diagonal(np.ones((2, 3)))


def test_plot_correlation_matrices_draws_absolute_values():
    matrices = np.array([[[1.0, -0.5], [-0.5, 1.0]], [[1.0, 0.2], [0.2, 1.0]]])
    fig, axes = plt.subplots(1, 2)
    images = plot_correlation_matrices(matrices, axes, titles=["a", "b"], tick_labels=("x", "y"))
    assert len(images) == 2 and images[0].get_array()[0, 1] == 0.5
    assert axes[1].get_title() == "b"
    with pytest.raises(ValueError, match="one Axes per matrix"):
        plot_correlation_matrices(matrices, axes[:1])
    plt.close(fig)


def test_whitened_residuals_are_the_cholesky_solves(data):
    X, y = data
    model = GaussianClassifier(covariance="full").fit(X, y)
    residuals = model.whitened_residuals(X, y)
    for k in (0, 1):
        factor = np.linalg.cholesky(model.covariances_[k])
        expected = np.linalg.solve(factor, (X[y == k] - model.means_[k]).T).T
        np.testing.assert_allclose(residuals[y == k], expected, atol=1e-10)
    # under its own class each whitened coordinate has mean 0 and variance 1 (ML fit)
    np.testing.assert_allclose(residuals[y == 0].var(axis=0), 1.0, atol=1e-10)


def test_whitened_residuals_need_known_labels(data):
    X, y = data
    model = GaussianClassifier(covariance="full").fit(X, y)
    with pytest.raises(ValueError, match="not one of the classes"):
        model.whitened_residuals(X, np.full(len(y), 7))


@pytest.mark.parametrize("covariance", ["diag", "tied", "tied_diag"])
def test_whitened_residuals_of_every_model(data, covariance):
    X, y = data
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    residuals = model.whitened_residuals(X, y)
    for k in (0, 1):
        factor = np.linalg.cholesky(model.covariances_[k])
        expected = np.linalg.solve(factor, (X[y == k] - model.means_[k]).T).T
        np.testing.assert_allclose(residuals[y == k], expected, atol=1e-10)
