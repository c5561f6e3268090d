"""The fast fit and predict paths of GaussianClassifier, against scipy and scikit-learn."""

import numpy as np
import pytest
from conftest import ml_estimates, scipy_log_likelihood
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.naive_bayes import GaussianNB

from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier


def classes(seed, n_classes=3, n_features=4, per_class=60, offset=0.0, scale=1.0):
    """Gaussian classes with their own means and correlated covariances, shuffled."""
    rng = np.random.default_rng(seed)
    X, y = [], []
    for k in range(n_classes):
        rotation = np.linalg.qr(rng.normal(size=(n_features, n_features)))[0]
        mixing = rotation * rng.uniform(0.5, 2.0, size=n_features)  # well conditioned
        X.append(rng.normal(scale=2.0, size=n_features) + rng.normal(size=(per_class, n_features))
                 @ mixing)
        y.append(np.full(per_class, k))
    order = rng.permutation(n_classes * per_class)
    return offset + scale * np.concatenate(X)[order], np.concatenate(y)[order]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(COVARIANCE_TYPES))
def test_log_likelihood_matches_scipy(seed, covariance):
    X, y = classes(seed)
    points, _ = classes(seed + 1)
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    expected = scipy_log_likelihood(points, means, covariances)
    np.testing.assert_allclose(model.log_likelihood(points), expected, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(model.means_, np.stack(means), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.covariances_, np.stack(covariances), rtol=1e-11,
                               atol=1e-12)


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
@pytest.mark.parametrize(
    ("offset", "scale"), [(1e6, 1e-3), (0.0, 1e150), (-1e150, 1e148), (0.0, 1e-150)]
)
def test_extreme_offsets_and_scales_give_the_same_decisions(covariance, offset, scale):
    X, y = classes(3)
    points, _ = classes(4)
    plain = GaussianClassifier(covariance=covariance).fit(X, y)
    moved = GaussianClassifier(covariance=covariance).fit(offset + scale * X, y)
    np.testing.assert_allclose(moved.predict_proba(offset + scale * points),
                               plain.predict_proba(points), atol=1e-6)


def test_fit_leaves_the_input_alone():
    X, y = classes(5)
    before = X.copy()
    for covariance in COVARIANCE_TYPES:
        GaussianClassifier(covariance=covariance).fit(X, y)
    np.testing.assert_array_equal(X, before)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_predictions_agree_with_scikit_learn(seed):
    X, y = classes(seed, per_class=200)
    points, _ = classes(seed + 1)
    pairs = {
        "full": QuadraticDiscriminantAnalysis(),
        "tied": LinearDiscriminantAnalysis(solver="lsqr"),
        "diag": GaussianNB(var_smoothing=0.0),
    }
    for covariance, reference in pairs.items():
        ours = GaussianClassifier(covariance=covariance).fit(X, y)
        np.testing.assert_array_equal(ours.predict(points), reference.fit(X, y).predict(points))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(COVARIANCE_TYPES))
def test_nested_log_likelihoods_equal_models_fitted_on_the_leading_features(seed, covariance):
    X, y = classes(seed, n_features=5)
    points, _ = classes(seed + 1, n_features=5)
    dimensions = [3, 1, 5, 2]
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    nested = model.nested_log_likelihoods(points, dimensions)
    assert nested.shape == (4, points.shape[0], 3)
    for m, log_likelihoods in zip(dimensions, nested, strict=True):
        alone = GaussianClassifier(covariance=covariance).fit(X[:, :m], y)
        np.testing.assert_allclose(log_likelihoods, alone.log_likelihood(points[:, :m]),
                                   rtol=1e-10, atol=1e-10)


def test_nested_log_likelihoods_of_all_features_are_the_log_likelihoods():
    X, y = classes(13, offset=1e6, scale=1e-3)
    model = GaussianClassifier(covariance="full").fit(X, y)
    np.testing.assert_allclose(model.nested_log_likelihoods(X, [4])[0], model.log_likelihood(X),
                               rtol=1e-12)
