"""Sufficient statistics, the ML estimates computed from them, and the gradients of the
Gaussian log-likelihood (checked by finite differences)."""

import numpy as np
import pytest

from lecture_utils.gaussian import (
    GaussianClassifier,
    class_statistics,
    log_likelihood_gradients,
    tied_bayes_error,
)


def sample(seed=0):
    rng = np.random.default_rng(seed)
    X = np.concatenate([rng.normal(size=(40, 3)) @ rng.normal(size=(3, 3)) + 2 * k
                        for k in range(3)])
    return X, np.repeat(["a", "b", "c"], 40)


def log_likelihood(X, mean, precision):
    """Sum of Gaussian log-densities in terms of the (possibly non-symmetric) precision."""
    sign, log_det = np.linalg.slogdet(precision)
    assert sign > 0
    residual = X - mean
    quadratic = np.einsum("ni,ij,nj->", residual, precision, residual)
    return 0.5 * len(X) * (log_det - X.shape[1] * np.log(2 * np.pi)) - 0.5 * quadratic


def test_statistics_are_counts_sums_and_sums_of_outer_products():
    X, y = sample()
    stats = class_statistics(X, y)
    assert stats.classes.tolist() == ["a", "b", "c"]
    block = X[y == "b"]
    assert stats.zero[1] == 40
    np.testing.assert_allclose(stats.first[1], block.sum(axis=0))
    np.testing.assert_allclose(stats.second[1], sum(np.outer(x, x) for x in block))


def test_estimates_from_statistics_match_the_fitted_models():
    X, y = sample()
    stats = class_statistics(X, y)
    full = GaussianClassifier().fit(X, y)
    tied = GaussianClassifier(covariance="tied").fit(X, y)
    np.testing.assert_allclose(stats.means(), full.means_)
    np.testing.assert_allclose(stats.covariances(), full.covariances_, atol=1e-10)
    np.testing.assert_allclose(stats.within_class_covariance(), tied.covariances_[0], atol=1e-10)
    # the ML covariance divides by N_k, not N_k - 1
    np.testing.assert_allclose(stats.covariances()[0], np.cov(X[y == "a"].T, bias=True))


def test_gradients_match_finite_differences_away_from_the_optimum():
    X, y = sample(1)
    block = X[y == "a"]
    stats = class_statistics(X, y)
    rng = np.random.default_rng(2)
    mean = block.mean(axis=0) + rng.normal(scale=0.3, size=3)
    precision = np.linalg.inv(np.cov(block.T) + 0.5 * np.eye(3))  # symmetric, not the optimum
    g_mean, g_precision = log_likelihood_gradients(stats.zero[0], stats.first[0],
                                                   stats.second[0], mean, precision)
    h = 1e-6
    for i in range(3):
        step = np.eye(3)[i] * h
        numeric = (log_likelihood(block, mean + step, precision)
                   - log_likelihood(block, mean - step, precision)) / (2 * h)
        assert g_mean[i] == pytest.approx(numeric, rel=1e-5, abs=1e-6)
        for j in range(3):
            step = np.zeros((3, 3))
            step[i, j] = h
            numeric = (log_likelihood(block, mean, precision + step)
                       - log_likelihood(block, mean, precision - step)) / (2 * h)
            assert g_precision[i, j] == pytest.approx(numeric, rel=1e-5, abs=1e-6)
    assert np.abs(g_mean).max() > 0.1 and np.abs(g_precision).max() > 0.1  # not at the optimum


def test_gradients_vanish_at_the_ml_estimates():
    X, y = sample()
    stats = class_statistics(X, y)
    for k in range(3):
        precision = np.linalg.inv(stats.covariances()[k])
        g_mean, g_precision = log_likelihood_gradients(stats.zero[k], stats.first[k],
                                                       stats.second[k], stats.means()[k],
                                                       precision)
        assert np.abs(g_mean).max() < 1e-9 and np.abs(g_precision).max() < 1e-9


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="one label per row"):
        class_statistics(np.zeros((4, 2)), [0, 1, 0])
    with pytest.raises(ValueError, match="NaN"):
        class_statistics([[0.0, np.nan], [1.0, 2.0]], [0, 1])
    with pytest.raises(ValueError, match="shape"):
        log_likelihood_gradients(3, np.zeros(2), np.eye(3), np.zeros(2), np.eye(2))
    with pytest.raises(ValueError, match="singular"):
        log_likelihood_gradients(3, np.zeros(2), np.eye(2), np.zeros(2), np.zeros((2, 2)))


def test_expanded_form_gradient_differs_off_the_stationary_point_but_vanishes_on_it():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 2)) @ np.array([[1.0, 0.0], [0.6, 0.8]])
    stats = class_statistics(X, np.zeros(30))
    Z, F, S = stats.zero[0], stats.first[0], stats.second[0]
    mean = F / Z + np.array([0.3, -0.2])
    precision = np.linalg.inv(S / Z - np.outer(F / Z, F / Z))
    _, g_trace = log_likelihood_gradients(Z, F, S, mean, precision)
    g_expanded = 0.5 * Z * np.linalg.inv(precision).T - 0.5 * S + np.outer(mean, F) \
        - 0.5 * Z * np.outer(mean, mean)
    assert not np.allclose(g_trace, g_expanded)
    _, g_at_fit = log_likelihood_gradients(Z, F, S, F / Z, precision)
    assert np.allclose(g_at_fit, 0.0, atol=1e-9)


def test_tied_bayes_error_matches_the_normal_tail_and_a_monte_carlo_estimate():
    from scipy.stats import norm

    expected = norm.cdf(-np.sqrt(5) / 2)
    assert tied_bayes_error(np.zeros(5), np.ones(5), np.eye(5)) == pytest.approx(expected)
    covariance = np.array([[2.0, 0.6], [0.6, 0.5]])
    means = np.array([[0.0, 0.0], [1.0, 0.5]])
    rng = np.random.default_rng(0)
    n = 200_000
    noise = rng.multivariate_normal(np.zeros(2), covariance, size=2 * n)
    draws = noise + np.repeat(means, n, axis=0)
    labels = np.repeat([0, 1], n)
    model = GaussianClassifier(covariance="tied").fit(draws, labels)
    simulated = 1 - model.score(draws, labels)
    assert tied_bayes_error(means[0], means[1], covariance) == pytest.approx(simulated, abs=3e-3)
    assert tied_bayes_error(means[0], means[0], covariance) == pytest.approx(0.5)


def test_tied_bayes_error_rejects_bad_shapes_and_singular_covariances():
    with pytest.raises(ValueError, match="shape"):
        tied_bayes_error(np.zeros(2), np.zeros(3), np.eye(2))
    with pytest.raises(ValueError, match="positive definite"):
        tied_bayes_error(np.zeros(2), np.ones(2), np.zeros((2, 2)))
