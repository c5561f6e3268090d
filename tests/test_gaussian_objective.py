"""The Gaussian log-likelihood that ML maximises, and the lecture's prediction scores."""

import numpy as np
import pytest
from scipy.stats import multivariate_normal

from lecture_utils.gaussian import (
    GaussianClassifier,
    gaussian_log_likelihood,
    lecture_gda_scores,
)
from lecture_utils.synthetic import make_gaussian_classes

MEANS = [[0.0, 0.0], [2.0, 1.0], [0.5, 2.5]]
COVARIANCES = [[[1.0, 0.3], [0.3, 0.5]], [[0.4, -0.1], [-0.1, 0.8]], [[2.0, 0.0], [0.0, 0.3]]]


@pytest.fixture
def sample():
    data = make_gaussian_classes(MEANS, COVARIANCES, 40, random_state=3)
    return data.X, data.y


def test_log_likelihood_is_the_sum_of_log_densities(sample):
    X, _ = sample
    mean, covariance = np.array([0.2, 0.9]), np.array([[1.5, 0.4], [0.4, 1.1]])
    expected = multivariate_normal(mean, covariance).logpdf(X).sum()
    assert gaussian_log_likelihood(X, mean, covariance) == pytest.approx(expected, rel=1e-12)


def test_ml_estimates_maximise_the_log_likelihood(sample):
    X, _ = sample
    mean = X.mean(axis=0)
    covariance = np.cov(X, rowvar=False, bias=True)
    best = gaussian_log_likelihood(X, mean, covariance)
    for step in 0.01 * np.vstack([np.eye(2), -np.eye(2)]):
        assert gaussian_log_likelihood(X, mean + step, covariance) < best
    for factor in (0.99, 1.01, len(X) / (len(X) - 1)):
        assert gaussian_log_likelihood(X, mean, factor * covariance) < best


@pytest.mark.parametrize("X, mean, covariance, message", [
    (np.zeros((3, 2)), np.zeros(3), np.eye(2), "mean shape"),
    (np.zeros((0, 2)), np.zeros(2), np.eye(2), "at least one row"),
    (np.array([[np.nan, 0.0]]), np.zeros(2), np.eye(2), "NaN"),
    (np.zeros((3, 2)), np.zeros(2), -np.eye(2), "positive definite"),
])
def test_log_likelihood_rejects_bad_input(X, mean, covariance, message):
    with pytest.raises(ValueError, match=message):
        gaussian_log_likelihood(X, mean, covariance)


def lecture_formula(X, means, covariances, priors):
    """The lecture's score, written out with an explicit inverse and determinant:
    -1/2 pi_k sqrt((2 pi)^D |Sigma_k|) exp(+(x - mu_k)^T Sigma_k^-1 (x - mu_k))."""
    scores = np.empty((len(X), len(means)))
    for k, (mean, covariance, prior) in enumerate(zip(means, covariances, priors, strict=True)):
        difference = X - np.asarray(mean)
        distance = np.einsum("ni,ij,nj->n", difference, np.linalg.inv(covariance), difference)
        constant = np.sqrt((2 * np.pi) ** X.shape[1] * np.linalg.det(covariance))
        scores[:, k] = -0.5 * prior * constant * np.exp(distance)
    return scores


def test_lecture_scores_follow_the_lecture_formula(sample):
    X, _ = sample
    priors = np.array([0.5, 0.3, 0.2])
    expected = lecture_formula(X, MEANS, np.array(COVARIANCES), priors)
    ours = lecture_gda_scores(X, MEANS, COVARIANCES, priors)
    np.testing.assert_allclose(ours, expected, rtol=1e-10)
    assert np.all(ours < 0)


def test_lecture_scores_differ_from_bayes_rule_but_not_with_a_shared_covariance(sample):
    X, y = sample
    model = GaussianClassifier().fit(X, y)
    equal = np.full(3, 1 / 3)
    lecture = lecture_gda_scores(X, model.means_, model.covariances_, equal).argmax(axis=1)
    bayes = GaussianClassifier(priors=equal).fit(X, y).predict(X)
    assert np.any(model.classes_[lecture] != bayes)
    tied = GaussianClassifier(covariance="tied", priors=equal).fit(X, y)
    shared = lecture_gda_scores(X, tied.means_, tied.covariances_, equal).argmax(axis=1)
    np.testing.assert_array_equal(tied.classes_[shared], tied.predict(X))


def test_lecture_scores_reject_bad_input():
    with pytest.raises(ValueError, match="one prior per class"):
        lecture_gda_scores(np.zeros((2, 2)), MEANS, COVARIANCES, None)
    with pytest.raises(ValueError, match="2 columns"):
        lecture_gda_scores(np.zeros((2, 3)), MEANS, COVARIANCES, [0.2, 0.3, 0.5])
