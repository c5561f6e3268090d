"""Tests of GaussianClassifier.linear_discriminants and LinearDiscriminants: LDA posteriors as
a softmax."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import softmax
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from lecture_utils.datasets import load_iris
from lecture_utils.gaussian import GaussianClassifier, tied_linear_scores


@pytest.mark.parametrize("covariance", ["tied", "tied_diag"])
def test_softmax_of_the_linear_scores_is_the_posterior(covariance):
    data = load_iris()
    model = GaussianClassifier(covariance=covariance).fit(data.X, data.y)
    W, w0 = model.linear_scores()
    assert W.shape == (3, 4) and w0.shape == (3,)
    np.testing.assert_allclose(softmax(data.X @ W.T + w0, axis=1), model.predict_proba(data.X),
                               atol=1e-12)


def test_the_scores_are_the_lecture_formula():
    data = load_iris()
    model = GaussianClassifier(covariance="tied", priors=[0.2, 0.3, 0.5]).fit(data.X, data.y)
    discriminants = model.linear_scores()
    precision = np.linalg.inv(model.covariances_[0])
    for k, mean in enumerate(model.means_):
        np.testing.assert_allclose(discriminants.W[k], precision @ mean, rtol=1e-9)
        expected = np.log(model.priors_[k]) - 0.5 * mean @ precision @ mean
        np.testing.assert_allclose(discriminants.w0[k], expected, rtol=1e-9)
    np.testing.assert_allclose(discriminants.evaluate(data.X),
                               data.X @ discriminants.W.T + discriminants.w0)


def test_the_scores_agree_with_sklearn_lda():
    data = load_iris()
    model = GaussianClassifier(covariance="tied").fit(data.X, data.y)
    reference = LinearDiscriminantAnalysis(solver="lsqr").fit(data.X, data.y)
    W, w0 = model.linear_scores()
    # scikit-learn's scores differ from ours by the same vector in every class
    np.testing.assert_allclose(reference.coef_ - W, (reference.coef_ - W)[[0, 0, 0]], atol=1e-8)
    np.testing.assert_allclose(reference.predict_proba(data.X), softmax(data.X @ W.T + w0, axis=1),
                               atol=1e-10)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), offset=st.sampled_from([0.0, 10.0, -100.0]),
       scale=st.sampled_from([1e-3, 1.0, 1e2]))
def test_softmax_identity_holds_for_random_data(seed, offset, scale):
    # offsets are in units of the spread: far from the origin the raw-unit scores
    # cancel (see the method's docstring)
    rng = np.random.default_rng(seed)
    X = (rng.standard_normal((60, 3)) + offset) * scale
    y = np.arange(60) % 3
    X[:, 0] += scale * y
    model = GaussianClassifier(covariance="tied").fit(X, y)
    W, w0 = model.linear_scores()
    np.testing.assert_allclose(softmax(X @ W.T + w0, axis=1), model.predict_proba(X),
                               atol=1e-6)


@pytest.mark.parametrize("covariance", ["full", "diag"])
def test_class_covariances_are_refused_with_the_fix(covariance):
    data = load_iris()
    model = GaussianClassifier(covariance=covariance).fit(data.X, data.y)
    with pytest.raises(ValueError, match="needs a shared covariance.*covariance='tied'"):
        model.linear_scores()


@pytest.mark.parametrize("priors", [None, [0.2, 0.3, 0.5]])
def test_scores_from_any_gaussians_are_those_of_the_fitted_model(priors):
    data = load_iris()
    model = GaussianClassifier(covariance="tied", priors=priors).fit(data.X, data.y)
    fitted = model.linear_scores()
    from_parameters = tied_linear_scores(model.means_, model.covariances_[0],
                                                         model.priors_)
    np.testing.assert_allclose(from_parameters.W, fitted.W, rtol=1e-9)
    np.testing.assert_allclose(from_parameters.w0, fitted.w0, rtol=1e-9)


def test_scores_from_another_covariance_follow_the_formula():
    data = load_iris()
    model = GaussianClassifier(covariance="tied").fit(data.X, data.y)
    total = np.cov(data.X, rowvar=False, bias=True)
    scores = tied_linear_scores(model.means_, total, model.priors_)
    precision = np.linalg.inv(total)
    np.testing.assert_allclose(scores.W, model.means_ @ precision, rtol=1e-9)
    expected = np.log(model.priors_) - 0.5 * np.einsum("kj,jl,kl->k", model.means_, precision,
                                                      model.means_)
    np.testing.assert_allclose(scores.w0, expected, rtol=1e-9)


@pytest.mark.parametrize(
    ("covariance", "priors", "message"),
    [(np.eye(3), [0.5, 0.5], r"covariance must be the one 2 x 2 matrix that the classes share"),
     (np.stack([np.eye(2)] * 2), [0.5, 0.5], r"got shape \(2, 2, 2\)"),
     ([[1.0, 0.5], [0.0, 1.0]], [0.5, 0.5], r"not symmetric"),
     ([[1.0, 2.0], [2.0, 1.0]], [0.5, 0.5], r"not positive definite"),
     (np.eye(2), [0.5, 0.3, 0.2], r"give one prior per class"),
     (np.eye(2), [0.7, 0.7], r"priors sum to 1\.4, not 1"),
     (np.eye(2), None, r"priors is None; give one prior per class")],
)
def test_scores_from_bad_gaussians_say_what_is_wrong(covariance, priors, message):
    with pytest.raises(ValueError, match=message):
        tied_linear_scores([[0.0, 0.0], [1.0, 1.0]], covariance, priors)
