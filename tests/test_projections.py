"""Tests of lecture_utils.projections: PCA and the Fisher projection against scikit-learn and
scipy, and Fisher's criterion (the Rayleigh quotient: scale-free, maximised by the Fisher
projection's first direction, and for two classes by the tied Gaussian model's direction
Sigma^-1 (mu_1 - mu_0)).

Bad input to either projection is in tests/test_bad_input.py.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.linalg import eigh, subspace_angles
from sklearn.base import clone
from sklearn.decomposition import PCA as SklearnPCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.pipeline import make_pipeline

from lecture_utils.datasets import load_mnist
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.projections import PCA, FisherProjection, centred_scatter, rayleigh_quotient


def blobs(seed, n_classes=4, n_features=6, per_class=80):
    r"""Gaussian classes with different means and a shared, correlated covariance.

    The covariance is :math:`Q^T \operatorname{diag}(s^2) Q`, with :math:`Q` a random rotation and
    every :math:`s_i` in [0.5, 2]: correlated for every seed, and never close to singular.
    """
    rng = np.random.default_rng(seed)
    rotation = np.linalg.qr(rng.normal(size=(n_features, n_features)))[0]
    mixing = rng.uniform(0.5, 2.0, size=n_features)[:, None] * rotation
    means = rng.normal(scale=3.0, size=(n_classes, n_features))
    X = np.concatenate([m + rng.normal(size=(per_class, n_features)) @ mixing for m in means])
    y = np.repeat(np.arange(n_classes), per_class)
    return X, y


def abs_correlations(A, B):
    """|correlation| between matching columns of A and B."""
    A = A - A.mean(axis=0)
    B = B - B.mean(axis=0)
    return np.abs((A * B).sum(axis=0)) / np.linalg.norm(A, axis=0) / np.linalg.norm(B, axis=0)


def within_class_covariance(Y, y):
    """ML covariance of Y around its class means."""
    centred = Y - np.stack([Y[y == c].mean(axis=0) for c in np.unique(y)])[np.searchsorted(
        np.unique(y), y)]
    return centred.T @ centred / len(Y)


@pytest.fixture(scope="module")
def mnist_subset():
    data = load_mnist()
    return data.X_train[:2000], data.y_train[:2000]


# --------------------------------------------------------------------- PCA
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_pca_matches_scikit_learn(seed):
    X, _ = blobs(seed)
    ours = PCA(n_components=4).fit(X)
    theirs = SklearnPCA(n_components=4, svd_solver="full").fit(X)
    n = X.shape[0]
    np.testing.assert_allclose(ours.explained_variance_ratio_, theirs.explained_variance_ratio_,
                               rtol=1e-9)
    # ML variances divide by N, scikit-learn's by N - 1.
    np.testing.assert_allclose(ours.explained_variance_ * n / (n - 1),
                               theirs.explained_variance_, rtol=1e-9)
    np.testing.assert_allclose(np.abs(ours.components_ @ theirs.components_.T), np.eye(4),
                               atol=1e-6)
    np.testing.assert_allclose(abs_correlations(ours.transform(X), theirs.transform(X)), 1.0,
                               rtol=1e-9)


def test_pca_on_mnist_images_matches_scikit_learn(mnist_subset):
    X, _ = mnist_subset
    ours = PCA(n_components=20).fit(X)
    theirs = SklearnPCA(n_components=20, svd_solver="full").fit(X.astype(float))
    np.testing.assert_allclose(ours.explained_variance_ratio_, theirs.explained_variance_ratio_,
                               rtol=1e-8)
    assert np.max(subspace_angles(ours.components_.T, theirs.components_.T)) < 1e-8


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_pca_projections_are_uncorrelated_with_the_explained_variances(seed):
    X, _ = blobs(seed)
    Y = PCA().fit(X).transform(X)
    np.testing.assert_allclose(np.cov(Y, rowvar=False, bias=True),
                               np.diag(PCA().fit(X).explained_variance_), atol=1e-8)


def test_pca_components_are_orthonormal_sorted_and_nested():
    X, _ = blobs(1)
    full = PCA().fit(X)
    np.testing.assert_allclose(full.components_ @ full.components_.T, np.eye(6), atol=1e-12)
    assert np.all(np.diff(full.explained_variance_) <= 0)
    assert full.explained_variance_ratio_.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(PCA(n_components=3).fit(X).components_, full.components_[:3],
                               atol=1e-12)


def test_pca_inverse_transform_reconstructs():
    X, _ = blobs(2)
    full = PCA().fit(X)
    np.testing.assert_allclose(full.inverse_transform(full.transform(X)), X, atol=1e-9)
    # With fewer components: the orthogonal projection onto the principal subspace.
    pca = PCA(n_components=2).fit(X)
    residual = X - pca.inverse_transform(pca.transform(X))
    np.testing.assert_allclose(residual @ pca.components_.T, 0.0, atol=1e-9)
    # The leading columns of a larger PCA reconstruct the same.
    np.testing.assert_allclose(full.inverse_transform(full.transform(X)[:, :2]),
                               pca.inverse_transform(pca.transform(X)), atol=1e-9)


def test_pca_sign_convention_makes_the_largest_coefficient_positive():
    X, _ = blobs(3)
    components = PCA().fit(X).components_
    largest = components[np.arange(6), np.argmax(np.abs(components), axis=1)]
    assert np.all(largest > 0)
    np.testing.assert_array_equal(components, PCA().fit(X).components_)


@pytest.mark.parametrize("projection", [PCA(), FisherProjection()], ids=["PCA", "LDA"])
def test_directions_do_not_depend_on_the_sign_the_eigen_solver_returns(projection,
                                                                         monkeypatch):
    """Another processor's eigen-solver may return -v for v; the fitted directions do not change."""
    X, y = blobs(3)
    expected = clone(projection).fit(X, y).components_
    solve = np.linalg.eigh

    def flipped(matrix):
        values, vectors = solve(matrix)
        return values, -vectors

    monkeypatch.setattr(np.linalg, "eigh", flipped)
    np.testing.assert_allclose(clone(projection).fit(X, y).components_, expected, atol=1e-12)


def test_pca_keeps_uint8_input_exact():
    X, _ = blobs(4)
    pixels = np.clip(np.round(X * 10 + 128), 0, 255).astype(np.uint8)
    np.testing.assert_allclose(PCA(n_components=3).fit(pixels).transform(pixels),
                               PCA(n_components=3).fit(pixels.astype(float)).transform(pixels.astype(float)),
                               atol=1e-9)


def test_centred_scatter_works_block_by_block():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(20_000, 3))
    mean = X.mean(axis=0)
    np.testing.assert_allclose(centred_scatter(X, mean), (X - mean).T @ (X - mean), rtol=1e-10)


# --------------------------------------------------------------------- LDA
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_lda_matches_scikit_learn_up_to_sign_and_scale(seed):
    X, y = blobs(seed)
    ours = FisherProjection().fit(X, y).transform(X)
    for solver in ("svd", "eigen"):
        theirs = LinearDiscriminantAnalysis(solver=solver).fit(X, y).transform(X)
        assert ours.shape == theirs.shape == (X.shape[0], 3)
        assert np.max(subspace_angles(ours - ours.mean(0), theirs - theirs.mean(0))) < 1e-6
        np.testing.assert_allclose(abs_correlations(ours, theirs), 1.0, atol=1e-6)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_lda_solves_the_generalised_eigenproblem(seed):
    X, y = blobs(seed)
    lda = FisherProjection().fit(X, y)
    S_B, S_W = lda.between_class_scatter_, lda.within_class_scatter_
    reference = eigh(S_B, S_W, eigvals_only=True)[::-1][:3]
    np.testing.assert_allclose(lda.eigenvalues_, reference, rtol=1e-8)
    for w, lam in zip(lda.components_, lda.eigenvalues_, strict=True):
        np.testing.assert_allclose(S_B @ w, lam * (S_W @ w), atol=1e-8 * np.abs(S_B).max())


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_lda_whitens_the_within_class_covariance(seed):
    X, y = blobs(seed)
    Y = FisherProjection().fit(X, y).transform(X)
    np.testing.assert_allclose(within_class_covariance(Y, y), np.eye(3), atol=1e-9)
    tied = GaussianClassifier(covariance="tied").fit(Y, y)
    np.testing.assert_allclose(tied.covariances_[0], np.eye(3), atol=1e-9)


def test_within_class_scatter_is_the_tied_models_covariance_and_means_its_means():
    X, y = blobs(3)
    lda, tied = FisherProjection().fit(X, y), GaussianClassifier(covariance="tied").fit(X, y)
    np.testing.assert_array_equal(lda.within_class_scatter_, tied.covariances_[0])
    np.testing.assert_array_equal(lda.means_, tied.means_)
    np.testing.assert_allclose(lda.within_class_scatter_, within_class_covariance(X, y),
                               rtol=1e-12)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_tied_model_decides_the_same_with_or_without_lda(seed):
    X, y = blobs(seed, n_features=8)
    X_test, _ = blobs(seed + 1, n_features=8)
    lda = FisherProjection().fit(X, y)
    without = GaussianClassifier(covariance="tied").fit(X, y)
    after = GaussianClassifier(covariance="tied").fit(lda.transform(X), y)
    naive_after = GaussianClassifier(covariance="tied_diag").fit(lda.transform(X), y)
    np.testing.assert_allclose(after.predict_proba(lda.transform(X_test)),
                               without.predict_proba(X_test), atol=1e-8)
    np.testing.assert_array_equal(naive_after.predict(lda.transform(X_test)),
                                  after.predict(lda.transform(X_test)))


def test_lda_on_mnist_after_pca_matches_scikit_learn(mnist_subset):
    X, y = mnist_subset
    Z = PCA(n_components=30).fit_transform(X)
    ours = FisherProjection(n_components=9).fit(Z, y).transform(Z)
    theirs = LinearDiscriminantAnalysis(n_components=9).fit(Z, y).transform(Z)
    np.testing.assert_allclose(abs_correlations(ours, theirs), 1.0, atol=1e-8)


def test_lda_keeps_the_leading_directions():
    X, y = blobs(6)
    np.testing.assert_allclose(FisherProjection(n_components=2).fit(X, y).components_,
                               FisherProjection().fit(X, y).components_[:2],
                               atol=1e-12)


def test_lda_works_with_string_labels_and_in_a_pipeline():
    X, y = blobs(7)
    names = np.array(["ant", "bee", "cat", "dog"])[y]
    model = make_pipeline(PCA(n_components=5), FisherProjection(n_components=2),
                          GaussianClassifier(covariance="tied"))
    assert model.fit(X, names).score(X, names) > 0.9
    assert clone(FisherProjection(n_components=2)).get_params() == {"n_components": 2}


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
