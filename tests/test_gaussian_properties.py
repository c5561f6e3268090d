"""Properties of GaussianClassifier that must hold for any well-conditioned data.

Hypothesis draws the problem (classes, features, label type, seed); the
invariances and the numerical-stability cases follow the issue list: posteriors
sum to one, relabelling and reordering change nothing but the order of columns,
translation and extreme scaling leave the posteriors alone, and points far from
every class, 784-dimensional data and near-singular covariances give finite,
correct answers.
"""

import numpy as np
import pytest
from conftest import (
    covariance_types,
    labelled_data,
    make_labels,
    priors_for,
    random_rotation,
)
from hypothesis import given
from hypothesis import strategies as st
from scipy.special import logsumexp
from scipy.stats import multivariate_normal, norm
from sklearn.naive_bayes import GaussianNB

from lecture_utils.gaussian import GaussianClassifier


def fit(covariance, X, y, priors=None):
    return GaussianClassifier(covariance=covariance, priors=priors).fit(X, y)


def spread_points(X, seed=0, n=30):
    rng = np.random.default_rng(seed)
    return X.mean(axis=0) + 3.0 * X.std(axis=0) * rng.standard_normal((n, X.shape[1]))


def reference_log_joint(X, means, covariances, priors):
    """log N(x; mu_k, Sigma_k) + log pi_k with an explicit inverse and slogdet."""
    columns = []
    for mean, sigma, prior in zip(means, covariances, priors, strict=True):
        diff = X - mean
        mahalanobis = np.einsum("ni,ij,nj->n", diff, np.linalg.inv(sigma), diff)
        log_det = np.linalg.slogdet(sigma)[1]
        columns.append(
            -0.5 * (X.shape[1] * np.log(2 * np.pi) + log_det + mahalanobis) + np.log(prior)
        )
    return np.column_stack(columns)


# ---------------------------------------------------------------- normalisation
@given(data=labelled_data(), covariance=covariance_types)
def test_posteriors_sum_to_one(data, covariance):
    X, y = data
    model = fit(covariance, X, y)
    points = np.vstack([X, spread_points(X)])
    log_proba = model.predict_log_proba(points)
    assert np.all(np.isfinite(log_proba)) and np.all(log_proba <= 0.0)
    np.testing.assert_allclose(logsumexp(log_proba, axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(model.predict_proba(points).sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_array_equal(
        model.predict(points), model.classes_[np.argmax(log_proba, axis=1)]
    )


# ------------------------------------------------------------------ invariances
@given(data=labelled_data(), covariance=covariance_types, choice=st.data())
def test_relabelling_classes_permutes_columns_and_nothing_else(data, covariance, choice):
    X, y = data
    classes = np.unique(y)
    n_classes = classes.size
    permutation = np.array(choice.draw(st.permutations(range(n_classes))))
    kind = choice.draw(st.sampled_from(["int", "sparse_int", "str"]))
    new_names = make_labels(kind, n_classes, np.random.default_rng(n_classes))
    rename = dict(zip(classes.tolist(), new_names[permutation].tolist(), strict=True))
    priors = choice.draw(priors_for(n_classes))

    old_priors = dict(zip(classes.tolist(), priors, strict=True))
    old = fit(covariance, X, y, old_priors)
    new_y = np.array([rename[label] for label in y.tolist()])
    new = fit(covariance, X, new_y, {rename[c]: p for c, p in old_priors.items()})

    # Old class j is new class permutation[j]: column permutation[j] of the new model.
    np.testing.assert_array_equal(new.classes_, new_names)
    np.testing.assert_allclose(new.priors_[permutation], old.priors_, rtol=1e-15)
    np.testing.assert_array_equal(new.class_count_[permutation], old.class_count_)
    np.testing.assert_allclose(new.means_[permutation], old.means_, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(
        new.covariances_[permutation], old.covariances_, rtol=1e-12, atol=1e-13
    )
    points = np.vstack([X, spread_points(X)])
    np.testing.assert_allclose(
        new.log_likelihood(points)[:, permutation], old.log_likelihood(points), rtol=1e-11,
        atol=1e-11,
    )
    np.testing.assert_allclose(
        new.predict_log_proba(points)[:, permutation], old.predict_log_proba(points),
        rtol=1e-10, atol=1e-10,
    )
    np.testing.assert_array_equal(
        new.predict(points), [rename[label] for label in old.predict(points).tolist()]
    )


@given(data=labelled_data(), covariance=covariance_types, seed=st.integers(0, 2**32 - 1))
def test_order_of_training_samples_does_not_matter(data, covariance, seed):
    X, y = data
    order = np.random.default_rng(seed).permutation(len(y))
    first, second = fit(covariance, X, y), fit(covariance, X[order], y[order])
    np.testing.assert_array_equal(first.classes_, second.classes_)
    np.testing.assert_array_equal(first.priors_, second.priors_)
    np.testing.assert_allclose(first.means_, second.means_, rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(first.covariances_, second.covariances_, rtol=1e-11, atol=1e-13)
    points = spread_points(X)
    np.testing.assert_allclose(
        first.predict_log_proba(points), second.predict_log_proba(points), rtol=1e-10, atol=1e-10
    )


@given(
    data=labelled_data(),
    covariance=covariance_types,
    shift=st.lists(st.floats(-1e3, 1e3), min_size=4, max_size=4),
)
def test_translation_moves_the_means_and_nothing_else(data, covariance, shift):
    X, y = data
    t = np.array(shift[: X.shape[1]])
    model, moved = fit(covariance, X, y), fit(covariance, X + t, y)
    np.testing.assert_allclose(moved.means_, model.means_ + t, rtol=1e-12, atol=1e-10)
    np.testing.assert_allclose(moved.covariances_, model.covariances_, rtol=1e-8, atol=1e-9)
    np.testing.assert_array_equal(moved.priors_, model.priors_)
    points = np.vstack([X, spread_points(X)])
    np.testing.assert_allclose(
        moved.log_likelihood(points + t), model.log_likelihood(points), rtol=1e-8, atol=1e-8
    )
    np.testing.assert_allclose(
        moved.predict_log_proba(points + t), model.predict_log_proba(points),
        rtol=1e-8, atol=1e-8,
    )


@pytest.mark.parametrize("scale", [1e-150, 1e150])
@given(data=labelled_data(), covariance=covariance_types)
def test_extreme_scales_give_the_same_posteriors(scale, data, covariance):
    X, y = data
    model, scaled = fit(covariance, X, y), fit(covariance, X * scale, y)
    size = np.abs(X).max() * scale
    np.testing.assert_allclose(scaled.means_, model.means_ * scale, rtol=1e-12, atol=1e-13 * size)
    np.testing.assert_allclose(
        scaled.covariances_, model.covariances_ * scale**2, rtol=1e-10,
        atol=1e-12 * scale**2,
    )
    points = np.vstack([X, spread_points(X)])
    log_lik = scaled.log_likelihood(points * scale)
    assert np.all(np.isfinite(log_lik))
    # The density of x * s is the density of x divided by s**d.
    np.testing.assert_allclose(
        log_lik, model.log_likelihood(points) - X.shape[1] * np.log(scale), rtol=1e-10
    )
    np.testing.assert_allclose(
        scaled.predict_log_proba(points * scale), model.predict_log_proba(points),
        rtol=1e-9, atol=1e-9,
    )
    np.testing.assert_array_equal(scaled.predict(points * scale), model.predict(points))


@given(data=labelled_data(min_classes=2, max_classes=2), covariance=covariance_types)
def test_swapping_the_two_labels_negates_the_llr(data, covariance):
    X, y = data
    first, second = np.unique(y)
    swapped = np.where(y == first, second, first)
    model, mirror = fit(covariance, X, y), fit(covariance, X, swapped)
    points = np.vstack([X, spread_points(X)])
    np.testing.assert_allclose(mirror.llr(points), -model.llr(points), rtol=1e-10, atol=1e-10)
    coefficients, mirrored = model.llr_coefficients(), mirror.llr_coefficients()
    np.testing.assert_allclose(mirrored.A, -coefficients.A, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(mirrored.b, -coefficients.b, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(mirrored.c, -coefficients.c, rtol=1e-9, atol=1e-12)


# ------------------------------------------------------------ numerical range
@given(data=labelled_data(), covariance=covariance_types, seed=st.integers(0, 2**32 - 1))
def test_far_points_get_finite_correct_log_posteriors(data, covariance, seed):
    X, y = data
    model = fit(covariance, X, y)
    rng = np.random.default_rng(seed)
    directions = rng.standard_normal((5, X.shape[1]))
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    largest_sd = np.sqrt(max(np.linalg.eigvalsh(s).max() for s in model.covariances_))
    centre_gap = np.abs(model.means_ - X.mean(axis=0)).max()
    far = X.mean(axis=0) + (1e6 * largest_sd + centre_gap) * directions * 2.0

    reference = reference_log_joint(far, model.means_, model.covariances_, model.priors_)
    for k, sigma in enumerate(model.covariances_):
        diff = far - model.means_[k]
        distance = np.sqrt(np.einsum("ni,ij,nj->n", diff, np.linalg.inv(sigma), diff))
        assert np.all(distance >= 1e6), "test points are not 1e6 standard deviations away"

    log_post = model.predict_log_proba(far)
    assert np.all(np.isfinite(log_post))
    expected = reference - logsumexp(reference, axis=1, keepdims=True)
    # The losing classes sit ~1e6..1e12 nats below the winner; both are computed
    # as differences of numbers of size 1e12, hence the relative tolerance.
    np.testing.assert_allclose(log_post, expected, rtol=1e-6, atol=1e-6)
    winners = np.argmax(reference, axis=1)
    margin = np.sort(reference, axis=1)[:, -1] - np.sort(reference, axis=1)[:, -2]
    decided = margin > 1e-6 * np.abs(reference).max()
    np.testing.assert_array_equal(model.predict(far)[decided], model.classes_[winners[decided]])


def mnist_sized(n_per_class, seed=0, d=784):
    """Two Gaussian classes in 784 dimensions, correlated features, well conditioned.

    The features are mixed by ``I + 0.3 G / sqrt(d)`` (G standard normal), whose
    singular values lie within about [0.4, 1.6].
    """
    rng = np.random.default_rng(seed)
    mixing = np.eye(d) + 0.3 * rng.standard_normal((d, d)) / np.sqrt(d)
    sds = rng.uniform(0.5, 2.0, size=d)
    shift = rng.normal(scale=0.15, size=d)
    y = np.repeat([0, 1], n_per_class)
    return (rng.standard_normal((2 * n_per_class, d)) * sds) @ mixing + np.outer(y, shift), y


def check_high_dimensional(model, points):
    """Log-likelihoods below the smallest float's log (so exp() underflows), yet
    finite and equal to scipy's; log posteriors finite and equal to Bayes' rule."""
    if model.covariance.endswith("diag"):
        sds = np.sqrt(np.diagonal(model.covariances_, axis1=1, axis2=2))
        expected = np.column_stack(
            [norm.logpdf(points, m, s).sum(axis=1) for m, s in zip(model.means_, sds, strict=True)]
        )
    elif model.covariance == "tied":
        shared = multivariate_normal(np.zeros(points.shape[1]), model.covariances_[0])
        expected = np.column_stack([shared.logpdf(points - m) for m in model.means_])
    else:
        expected = np.column_stack(
            [multivariate_normal(m, s).logpdf(points)
             for m, s in zip(model.means_, model.covariances_, strict=True)]
        )
    assert np.all(np.exp(expected) == 0.0), "the densities were supposed to underflow"
    log_lik = model.log_likelihood(points)
    np.testing.assert_allclose(log_lik, expected, rtol=1e-10)
    joint = expected + np.log(model.priors_)
    log_post = model.predict_log_proba(points)
    assert np.all(np.isfinite(log_post))
    np.testing.assert_allclose(
        log_post, joint - logsumexp(joint, axis=1, keepdims=True), rtol=1e-8, atol=1e-8
    )
    np.testing.assert_allclose(np.exp(log_post).sum(axis=1), 1.0, atol=1e-12)


@pytest.mark.parametrize(
    ("covariance", "n_per_class"), [("diag", 60), ("tied_diag", 60), ("tied", 500), ("full", 800)]
)
def test_784_dimensions(covariance, n_per_class):
    X, y = mnist_sized(n_per_class, seed=n_per_class)
    model = fit(covariance, X, y)
    check_high_dimensional(model, X[:: n_per_class // 5])


def test_784_dimensions_diag_agrees_with_gaussian_nb():
    X, y = mnist_sized(60, seed=1)
    points = X[::10]
    means = np.array([X[y == k].mean(axis=0) for k in (0, 1)])
    sds = np.array([X[y == k].std(axis=0) for k in (0, 1)])
    naive = np.array([[np.prod(norm.pdf(x, means[k], sds[k])) for k in (0, 1)] for x in points])
    assert np.all(naive == 0.0), "the product of 784 densities was supposed to underflow"
    model = fit("diag", X, y)
    reference = GaussianNB(var_smoothing=0.0).fit(X, y)
    np.testing.assert_allclose(
        model.predict_log_proba(points), reference.predict_log_proba(points), rtol=1e-8, atol=1e-8
    )


def exact_cloud(rng, n, variances, rotation):
    """n points whose ML mean is 0 and ML covariance is rotation diag(variances) rotation^T."""
    d = len(variances)
    centred = rng.standard_normal((n, d))
    centred -= centred.mean(axis=0)
    orthonormal, _ = np.linalg.qr(centred)  # columns orthonormal and still centred
    return np.sqrt(n) * orthonormal * np.sqrt(variances) @ rotation.T


@given(
    thinnest=st.floats(-10.0, -3.0),
    d=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    covariance=st.sampled_from(["full", "tied"]),
)
def test_near_singular_covariances_fit_and_are_right(thinnest, d, seed, covariance):
    rng = np.random.default_rng(seed)
    variances = np.r_[10.0**thinnest, rng.uniform(0.5, 2.0, size=d - 1)]
    rotations = [random_rotation(rng, d) for _ in range(2)]
    if covariance == "tied":
        rotations[1] = rotations[0]  # equal class covariances: the pooled one is the same
    means = rng.normal(scale=1e-3, size=(2, d))
    X = np.vstack([m + exact_cloud(rng, 4 * d + 10, variances, r)
                   for m, r in zip(means, rotations, strict=True)])
    y = np.repeat([0, 1], 4 * d + 10)
    model = fit(covariance, X, y)

    # Query points drawn from each class: thin along its thinnest axis too.
    points = np.vstack([m + rng.standard_normal((10, d)) * np.sqrt(variances) @ r.T
                        for m, r in zip(means, rotations, strict=True)])
    expected = []
    for m, r in zip(means, rotations, strict=True):
        z = (points - m) @ r  # coordinates along the covariance's axes
        expected.append(
            -0.5 * (d * np.log(2 * np.pi) + np.log(variances).sum() + (z**2 / variances).sum(1))
        )
    expected = np.column_stack(expected)
    # A density that thin is as sensitive to the rounding of the data as its
    # condition number says: any float64 method is good to about eps / thinnest
    # variance, relatively, and no better. Within that, it must be right.
    tolerance = max(1e-10, 100 * np.finfo(float).eps / variances.min())
    np.testing.assert_allclose(
        model.log_likelihood(points), expected, rtol=tolerance,
        atol=tolerance * np.abs(expected).max(),
    )
    joint = expected + np.log(0.5)
    np.testing.assert_allclose(
        model.predict_log_proba(points), joint - logsumexp(joint, axis=1, keepdims=True),
        rtol=tolerance, atol=1e-8,
    )
