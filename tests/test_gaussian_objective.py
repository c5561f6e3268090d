"""The Gaussian log-likelihood that ML maximises, and the lecture's prediction scores."""

import numpy as np
import pytest
from scipy.stats import multivariate_normal

from lecture_utils.datasets import make_gaussian_classes
from lecture_utils.gaussian import (
    GaussianClassifier,
    gaussian_log_likelihood,
    lecture_gda_scores,
)

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


def lecture_code(x, mus, Sigmas, phis):
    """The lecture's ``gda_predictions``, as printed there (K and d from the inputs)."""
    K = len(mus)
    n, d = x.shape
    x = np.reshape(x, (1, n, d, 1))
    mus = np.reshape(mus, (K, 1, d, 1))
    Sigmas = np.reshape(Sigmas, (K, 1, d, d))
    py = np.tile(phis.reshape((K, 1)), (1, n)).reshape([K, n, 1, 1])
    pxy = (
        np.sqrt(np.abs((2 * np.pi) ** d * np.linalg.det(Sigmas))).reshape((K, 1, 1, 1))
        * -.5 * np.exp(
            np.matmul(np.matmul((x - mus).transpose([0, 1, 3, 2]), np.linalg.inv(Sigmas)),
                      x - mus)
        )
    )
    pyx = pxy * py
    return pyx.argmax(axis=0).flatten(), pyx.reshape([K, n])


def test_lecture_scores_are_the_lecture_codes(sample):
    X, _ = sample
    priors = np.array([0.5, 0.3, 0.2])
    predictions, scores = lecture_code(X, np.array(MEANS), np.array(COVARIANCES), priors)
    ours = lecture_gda_scores(X, MEANS, COVARIANCES, priors)
    np.testing.assert_allclose(ours, scores.T, rtol=1e-10)
    np.testing.assert_array_equal(ours.argmax(axis=1), predictions)


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
