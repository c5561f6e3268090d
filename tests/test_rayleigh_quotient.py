"""Fisher's criterion: scale-free, maximised by LDA's first direction, and for two
classes by the tied Gaussian model's direction Sigma^-1 (mu_1 - mu_0)."""

import numpy as np
import pytest

from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.projections import FisherProjection, rayleigh_quotient


def two_classes(seed=0):
    rng = np.random.default_rng(seed)
    mixing = np.array([[1.0, 0.8, 0.0], [0.0, 0.5, 0.3], [0.2, 0.0, 1.5]])
    X = np.concatenate([rng.normal(size=(60, 3)) @ mixing + shift
                        for shift in ([0, 0, 0], [1.0, -0.5, 0.7])])
    return X, np.repeat([0, 1], 60)


def test_quotient_is_the_formula_and_ignores_scale():
    S_B = np.array([[2.0, 1.0], [1.0, 1.0]])
    S_W = np.array([[1.0, 0.0], [0.0, 4.0]])
    w = np.array([1.0, 2.0])
    expected = (w @ S_B @ w) / (w @ S_W @ w)
    assert rayleigh_quotient(w, S_B, S_W) == pytest.approx(expected)
    assert rayleigh_quotient(-3 * w, S_B, S_W) == pytest.approx(expected)
    np.testing.assert_allclose(rayleigh_quotient([w, [1.0, 0.0]], S_B, S_W), [expected, 2.0])


def test_lda_direction_maximises_it_and_is_the_tied_models_direction():
    X, y = two_classes()
    lda = FisherProjection().fit(X, y)
    S_B, S_W = lda.between_class_scatter_, lda.within_class_scatter_
    best = rayleigh_quotient(lda.components_[0], S_B, S_W)
    assert best == pytest.approx(lda.eigenvalues_[0])
    others = np.random.default_rng(1).normal(size=(500, 3))
    assert np.all(rayleigh_quotient(others, S_B, S_W) <= best * (1 + 1e-12))
    tied = GaussianClassifier(covariance="tied").fit(X, y)
    b = tied.llr_coefficients().b
    cosine = b @ lda.components_[0] / np.linalg.norm(b) / np.linalg.norm(lda.components_[0])
    assert abs(cosine) == pytest.approx(1.0, abs=1e-12)
    # the difference of the means alone is not the best direction here
    assert rayleigh_quotient(lda.means_[1] - lda.means_[0], S_B, S_W) < 0.99 * best


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="shape"):
        rayleigh_quotient(np.ones(3), np.eye(2), np.eye(2))
    with pytest.raises(ValueError, match="positive"):
        rayleigh_quotient(np.zeros(2), np.eye(2), np.eye(2))
