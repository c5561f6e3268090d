"""Tests of lecture_utils.logistic: the objective, its derivatives, the solvers, the estimator."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import softmax
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from lecture_utils.datasets import load_iris, load_iris_2d
from lecture_utils.logistic import (
    DEFAULT_PENALTY,
    SoftmaxRegression,
    add_bias,
    centred_curvature_ratio,
    centred_weights,
    cross_entropy,
    cross_entropy_gradient,
    cross_entropy_hessian,
    irls_step,
    multiclass_irls_step,
    one_hot,
    separating_pair,
    softmax_jacobian,
    solver_curvature_ratio,
)


def overlapping_classes(n_samples=300, n_features=3, n_classes=3, seed=0):
    """Gaussian blobs whose means differ by less than the noise: never separable."""
    rng = np.random.default_rng(seed)
    y = np.arange(n_samples) % n_classes
    X = rng.standard_normal((n_samples, n_features))
    X[:, 0] += 0.8 * y
    X[:, 1] -= 0.5 * (y == 1)
    return X * [1.0, 3.0, 0.5][:n_features] + [5.0, -2.0, 10.0][:n_features], y


def random_problem(seed, n_samples=40, n_features=3, n_classes=4):
    rng = np.random.default_rng(seed)
    X1 = add_bias(rng.standard_normal((n_samples, n_features)))
    C = one_hot(rng.integers(0, n_classes, n_samples), n_classes)
    W = rng.standard_normal((n_features + 1, n_classes))
    return W, X1, C


def sklearn_reference(X, y, C):
    """scikit-learn's fit, by its own Newton solver (lbfgs stops near 1e-7 in the gradient)."""
    return LogisticRegression(C=C, solver="newton-cholesky", tol=1e-12, max_iter=1000).fit(X, y)


def equivalent_c(penalty, y):
    """scikit-learn's C for our penalty: 1 / (penalty N), 2 / (penalty N) for two classes."""
    return (2.0 if np.unique(y).size == 2 else 1.0) / (penalty * len(y))


# ------------------------------------------------------------ pure functions
@pytest.mark.parametrize("penalty", [0.0, 0.7, np.array([0.0, 0.3, 1.5, 0.2])])
def test_gradient_equals_finite_differences(penalty):
    W, X1, C = random_problem(1)
    gradient = cross_entropy_gradient(W, X1, C, penalty)
    step = 1e-6
    numeric = np.zeros_like(W)
    for index in np.ndindex(W.shape):
        bump = np.zeros_like(W)
        bump[index] = step
        numeric[index] = (cross_entropy(W + bump, X1, C, penalty)
                          - cross_entropy(W - bump, X1, C, penalty)) / (2 * step)
    np.testing.assert_allclose(gradient, numeric, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("penalty", [0.0, 0.7])
def test_hessian_equals_finite_differences_of_the_gradient(penalty):
    W, X1, C = random_problem(2)
    hessian = cross_entropy_hessian(W, X1, C, penalty)
    step = 1e-6
    flat = W.ravel(order="F")
    numeric = np.empty_like(hessian)
    for j in range(flat.size):
        bump = np.zeros_like(flat)
        bump[j] = step
        plus = cross_entropy_gradient((flat + bump).reshape(W.shape, order="F"), X1, C, penalty)
        minus = cross_entropy_gradient((flat - bump).reshape(W.shape, order="F"), X1, C, penalty)
        numeric[:, j] = (plus - minus).ravel(order="F") / (2 * step)
    np.testing.assert_allclose(hessian, numeric, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(hessian, hessian.T)


def test_hessian_is_the_kronecker_sum_of_the_lecture():
    W, X1, C = random_problem(3, n_samples=7)
    P = softmax(X1 @ W, axis=1)
    expected = sum(np.kron(np.diag(p) - np.outer(p, p), np.outer(x, x))
                   for p, x in zip(P, X1, strict=True)) / len(X1)
    np.testing.assert_allclose(cross_entropy_hessian(W, X1, C), expected, atol=1e-14)


def test_hessian_null_space_is_a_common_shift_of_all_weight_vectors():
    W, X1, C = random_problem(4)
    hessian = cross_entropy_hessian(W, X1, C)
    shift = np.tile(np.random.default_rng(0).standard_normal(X1.shape[1]), C.shape[1])
    np.testing.assert_allclose(hessian @ shift, 0.0, atol=1e-12)
    eigenvalues = np.linalg.eigvalsh(hessian)
    assert eigenvalues.min() > -1e-12
    assert np.sum(eigenvalues < 1e-10) == X1.shape[1]
    penalised = cross_entropy_hessian(W, X1, C, penalty=0.5)
    assert np.sum(np.linalg.eigvalsh(penalised) < 1e-10) == 1  # only the common bias shift


def test_separating_pair_finds_separable_and_overlapping_data():
    X, y = overlapping_classes()
    assert separating_pair(add_bias(X), y) is None
    X_sep = np.array([[0.0, 0.0], [1.0, 0.2], [0.1, 1.0], [3.0, 3.0], [4.0, 3.5], [3.2, 4.0]])
    y_sep = np.array([0, 0, 0, 1, 1, 1])
    assert set(separating_pair(add_bias(X_sep), y_sep)) == {0, 1}


# ------------------------------------------------------ agreement with sklearn
@pytest.mark.parametrize("n_classes", [2, 3, 4])
def test_unpenalised_fit_matches_sklearn(n_classes):
    X, y = overlapping_classes(n_classes=n_classes)
    ours = SoftmaxRegression(penalty=0.0).fit(X, y)
    reference = sklearn_reference(X, y, C=np.inf)
    np.testing.assert_allclose(ours.predict_proba(X), reference.predict_proba(X), atol=1e-4)
    np.testing.assert_array_equal(ours.predict(X), reference.predict(X))
    if n_classes == 2:
        np.testing.assert_allclose(ours.coef_[1] - ours.coef_[0], reference.coef_[0], rtol=1e-4)
    else:
        centred = reference.coef_ - reference.coef_.mean(axis=0)
        np.testing.assert_allclose(ours.coef_, centred, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("n_classes", [2, 3, 4])
@pytest.mark.parametrize("penalty", [1e-3, 0.1])
def test_penalised_fit_matches_sklearn_with_the_documented_scaling(n_classes, penalty):
    X, y = overlapping_classes(n_classes=n_classes)
    ours = SoftmaxRegression(penalty=penalty, tol=1e-10).fit(X, y)
    reference = sklearn_reference(X, y, C=equivalent_c(penalty, y))
    np.testing.assert_allclose(ours.predict_proba(X), reference.predict_proba(X), atol=1e-9)
    if n_classes > 2:
        np.testing.assert_allclose(ours.coef_, reference.coef_, rtol=1e-8, atol=1e-10)
    else:
        np.testing.assert_allclose(ours.coef_[1] - ours.coef_[0], reference.coef_[0], rtol=1e-8)
    wrong = sklearn_reference(X, y, C=equivalent_c(penalty, y) / 2)
    assert np.abs(wrong.predict_proba(X) - ours.predict_proba(X)).max() > 1e-6


@pytest.mark.parametrize("data", [load_iris(), load_iris_2d()], ids=["four", "sepals"])
def test_the_default_fits_what_logistic_regression_fits_with_the_documented_c(data):
    # Iris is (nearly) separable: without a penalty there are no maximum-likelihood weights.
    with pytest.raises(ValueError, match="linearly separable"):
        SoftmaxRegression(penalty=0.0).fit(data.X, data.y)
    assert LogisticRegression(max_iter=1000).fit(data.X, data.y).score(data.X, data.y) > 0.8
    ours = SoftmaxRegression(tol=1e-10).fit(data.X, data.y)
    assert ours.penalty == DEFAULT_PENALTY
    reference = sklearn_reference(data.X, data.y, C=equivalent_c(DEFAULT_PENALTY, data.y))
    np.testing.assert_allclose(ours.predict_proba(data.X), reference.predict_proba(data.X),
                               atol=1e-8)
    np.testing.assert_allclose(ours.coef_, reference.coef_, rtol=1e-6, atol=1e-8)
    np.testing.assert_array_equal(ours.predict(data.X), reference.predict(data.X))


def test_fitted_weights_sum_to_zero_over_the_classes():
    X, y = overlapping_classes(n_classes=4)
    for solver in ("newton", "gd", "sgd"):
        model = SoftmaxRegression(solver=solver, penalty=0.01, random_state=0).fit(X, y)
        np.testing.assert_allclose(model.coef_.sum(axis=0), 0.0, atol=1e-10)
        np.testing.assert_allclose(model.intercept_.sum(), 0.0, atol=1e-8)


# -------------------------------------------------------------------- solvers
def test_newton_converges_in_a_few_iterations_and_never_increases_the_loss():
    X, y = overlapping_classes(n_classes=3)
    model = SoftmaxRegression(solver="newton", penalty=0.0).fit(X, y)
    assert model.n_iter_ <= 8
    assert model.loss_curve_.shape == (model.n_iter_ + 1,)
    assert model.loss_curve_[0] == pytest.approx(np.log(3))
    assert np.all(np.diff(model.loss_curve_) <= 0)


@pytest.mark.filterwarnings("error::sklearn.exceptions.ConvergenceWarning")
def test_newton_reaches_a_tolerance_finer_than_the_loss_can_show():
    # Near the optimum the predicted decrease is below the rounding of the loss. On these
    # data a line search then kept accepting ever shorter steps that merely tied, and
    # stopped after max_iter=1000 short of tol; the full Newton step gets there at once.
    rng = np.random.default_rng(2400073094)
    y = np.arange(60) % 3
    X = rng.standard_normal((60, 2)) + 0.7 * np.column_stack([y, -y])
    order = np.random.default_rng(2713610768).permutation(60)
    model = SoftmaxRegression(penalty=0.0, tol=1e-10).fit(X[order], 2 - y[order])
    assert model.n_iter_ <= 10


def test_gradient_descent_reaches_the_newton_optimum():
    X, y = overlapping_classes(n_classes=3)
    newton = SoftmaxRegression(penalty=0.01).fit(X, y)
    gd = SoftmaxRegression(solver="gd", penalty=0.01, max_iter=20_000, tol=1e-8).fit(X, y)
    assert gd.n_iter_ > 10 * newton.n_iter_
    assert np.all(np.diff(gd.loss_curve_) <= 1e-15)
    assert gd.loss_curve_[-1] == pytest.approx(newton.loss_curve_[-1], abs=1e-12)
    np.testing.assert_allclose(gd.coef_, newton.coef_, atol=1e-5)


def test_sgd_approaches_the_newton_optimum_and_is_reproducible():
    X, y = overlapping_classes(n_classes=3)
    newton = SoftmaxRegression(penalty=0.01).fit(X, y)
    sgd = SoftmaxRegression(solver="sgd", penalty=0.01, batch_size=16, random_state=3)
    sgd.fit(X, y)
    assert sgd.loss_curve_[-1] - newton.loss_curve_[-1] < 0.01
    np.testing.assert_allclose(sgd.predict_proba(X), newton.predict_proba(X), atol=0.05)
    again = clone(sgd).fit(X, y)
    np.testing.assert_array_equal(again.coef_, sgd.coef_)
    other = SoftmaxRegression(solver="sgd", penalty=0.01, batch_size=16, random_state=4)
    assert not np.array_equal(other.fit(X, y).coef_, sgd.coef_)


def test_sgd_with_batch_size_one_is_the_lecture_update():
    X, y = overlapping_classes(n_samples=60)
    model = SoftmaxRegression(solver="sgd", batch_size=1, random_state=0).fit(X, y)
    assert model.loss_curve_[-1] < model.loss_curve_[0]


def test_too_few_iterations_warn_with_the_fix():
    X, y = overlapping_classes()
    with pytest.warns(ConvergenceWarning, match="increase max_iter") as caught:
        SoftmaxRegression(solver="gd", max_iter=3).fit(X, y)
    # The warning points at the line that called fit, not inside lecture_utils.
    assert [warning.filename for warning in caught] == [__file__]


# ------------------------------------------------------------- the estimator
@pytest.mark.parametrize("labels", [
    np.array(["cat", "dog", "emu"]), np.array([-5, 2, 40]), np.array([0.0, 10.0, 20.0]),
])
def test_any_label_type(labels):
    X, y = overlapping_classes()
    reference = SoftmaxRegression().fit(X, y)
    model = SoftmaxRegression().fit(X, labels[y])
    np.testing.assert_array_equal(model.classes_, labels)
    np.testing.assert_array_equal(model.predict(X), labels[reference.predict(X)])
    np.testing.assert_allclose(model.predict_proba(X), reference.predict_proba(X))


def test_methods_are_consistent_and_follow_sklearn_shapes():
    X, y = overlapping_classes(n_classes=3)
    model = SoftmaxRegression().fit(X, y)
    assert model.coef_.shape == (3, 3) and model.intercept_.shape == (3,)
    np.testing.assert_allclose(model.predict_log_proba(X), np.log(model.predict_proba(X)))
    scores = model.linear_scores().evaluate(X)
    np.testing.assert_allclose(scores, X @ model.coef_.T + model.intercept_)
    np.testing.assert_array_equal(model.predict(X), model.classes_[np.argmax(scores, axis=1)])
    assert model.score(X, y) == np.mean(model.predict(X) == y)
    np.testing.assert_array_equal(model.decision_function(X), scores)
    binary = SoftmaxRegression().fit(X, y == 2)
    log_odds = binary.decision_function(X)
    assert log_odds.shape == (len(y),)
    np.testing.assert_allclose(log_odds, np.diff(binary.predict_log_proba(X), axis=1)[:, 0])


def test_works_in_pipelines_and_cross_validation():
    X, y = overlapping_classes()
    pipeline = make_pipeline(StandardScaler(), SoftmaxRegression(penalty=0.01))
    scores = cross_val_score(pipeline, X, y, cv=3)
    assert scores.shape == (3,) and np.all(scores > 0.4)


def test_separable_data_ask_for_a_penalty():
    X = np.array([[0.0, 0.0], [1.0, 0.2], [0.1, 1.0], [3.0, 3.0], [4.0, 3.5], [3.2, 4.0]])
    y = np.array(["a", "a", "a", "b", "b", "b"])
    for solver in ("newton", "gd", "sgd"):
        with pytest.raises(ValueError, match=r"linearly separable.*add a penalty \(penalty>0\)"):
            SoftmaxRegression(solver=solver, penalty=0.0).fit(X, y)
    with pytest.raises(ValueError, match=r"e\.g\. SoftmaxRegression\(penalty=1e-3\), the default"):
        SoftmaxRegression(penalty=0.0).fit(X, y)
    assert DEFAULT_PENALTY == 1e-3                                # the value the message names
    assert SoftmaxRegression().fit(X, y).score(X, y) == 1.0    # the default penalty


def test_quasi_separable_data_ask_for_a_penalty():
    X, y = overlapping_classes(n_classes=2)
    X = np.vstack([X, [[100.0, 0.0, 0.0]]])  # a third class far from the others
    y = np.append(y, 2)
    with pytest.raises(ValueError, match="add a penalty"):
        SoftmaxRegression(penalty=0.0).fit(X, y)


def test_collinear_features_ask_for_a_penalty():
    X, y = overlapping_classes()
    X = np.column_stack([X, 2 * X[:, 0] - X[:, 1]])
    with pytest.raises(ValueError, match="linearly dependent.*add a penalty"):
        SoftmaxRegression(penalty=0.0).fit(X, y)
    assert SoftmaxRegression(penalty=0.01).fit(X, y).n_iter_ < 15


# ------------------------------------------------------------ property tests
@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), n_classes=st.integers(2, 4),
       scale=st.sampled_from([1e-3, 1.0, 1e3]))
def test_probabilities_are_distributions_at_any_scale(seed, n_classes, scale):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((30, 2)) * scale
    y = np.arange(30) % n_classes
    model = SoftmaxRegression(penalty=0.1).fit(X, y)
    far = np.array([[1e6, -1e6], [0.0, 0.0]]) * scale
    for points in (X, far):
        probabilities = model.predict_proba(points)
        assert np.all(np.isfinite(probabilities)) and np.all(probabilities >= 0)
        np.testing.assert_allclose(probabilities.sum(axis=1), 1.0)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), permutation=st.permutations([0, 1, 2]))
def test_relabelling_the_classes_permutes_the_columns(seed, permutation):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((45, 2))
    y = np.arange(45) % 3
    model = SoftmaxRegression(penalty=0.05).fit(X, y)
    relabelled = SoftmaxRegression(penalty=0.05).fit(X, np.asarray(permutation)[y])
    np.testing.assert_allclose(relabelled.predict_proba(X)[:, permutation],
                               model.predict_proba(X), atol=1e-8)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), shift=st.floats(-1e3, 1e3))
def test_translating_the_data_changes_only_the_biases(seed, shift):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((40, 2))
    y = np.arange(40) % 2
    model = SoftmaxRegression(penalty=0.05).fit(X, y)
    moved = SoftmaxRegression(penalty=0.05).fit(X + shift, y)
    np.testing.assert_allclose(moved.coef_, model.coef_, atol=1e-7)
    np.testing.assert_allclose(moved.predict_proba(X + shift), model.predict_proba(X),
                               atol=1e-7)


def test_softmax_jacobian_equals_finite_differences_and_the_matrix_form():
    scores = np.array([[0.3, -1.2, 2.0], [5.0, 5.0, -3.0]])
    jacobian = softmax_jacobian(scores)
    step = 1e-6
    for j in range(3):
        shift = step * np.eye(3)[j]
        numeric = (softmax(scores + shift, axis=1) - softmax(scores - shift, axis=1)) / (2 * step)
        np.testing.assert_allclose(jacobian[:, :, j], numeric, atol=1e-8)
    p = softmax(scores[0])
    np.testing.assert_allclose(softmax_jacobian(scores[0]), np.diag(p) - np.outer(p, p))
    np.testing.assert_allclose(jacobian.sum(axis=1), 0.0, atol=1e-15)  # columns sum to 0
    with pytest.raises(ValueError, match="one score vector"):
        softmax_jacobian(np.zeros((2, 2, 2)))


def test_centred_weights_keep_the_probabilities_and_minimise_the_penalty():
    W, X1, C = random_problem(3)
    centred = centred_weights(W + np.array([[2.0], [-1.0], [0.5], [3.0]]))
    np.testing.assert_allclose(centred.sum(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(softmax(X1 @ centred, axis=1), softmax(X1 @ W, axis=1))
    shifted = centred + np.array([[0.1], [0.2], [-0.3], [0.05]])
    assert cross_entropy(centred, X1, C, 1.0) < cross_entropy(shifted, X1, C, 1.0)
    with pytest.raises(ValueError, match="2-D"):
        centred_weights(np.zeros(3))


def test_irls_step_is_the_newton_step_and_converges_to_sklearn():
    X, y = overlapping_classes(n_classes=2)
    X1, t = add_bias(X), (y == 1).astype(float)
    rng = np.random.default_rng(1)
    w = 0.1 * rng.standard_normal(X1.shape[1])
    p = 1.0 / (1.0 + np.exp(-X1 @ w))
    hessian = X1.T @ (X1 * (p * (1 - p))[:, None])
    newton = w - np.linalg.solve(hessian, X1.T @ (p - t))
    np.testing.assert_allclose(irls_step(w, X1, t), newton, rtol=1e-10)
    w = np.zeros(X1.shape[1])
    for _ in range(10):
        w = irls_step(w, X1, t)
    reference = LogisticRegression(C=np.inf, solver="newton-cholesky", tol=1e-12).fit(X, y)
    np.testing.assert_allclose(w, np.r_[reference.intercept_, reference.coef_[0]], rtol=1e-6)
    with pytest.raises(ValueError, match="targets 0 and 1"):
        irls_step(w, X1, t + 1)
    with pytest.raises(ValueError, match="shape"):
        irls_step(w[:-1], X1, t)


def test_without_standardisation_the_optimum_is_the_same_but_gradient_descent_is_slower():
    X, y = overlapping_classes()
    scaled = SoftmaxRegression(penalty=0.01).fit(X, y)
    raw = SoftmaxRegression(penalty=0.01, standardise=False).fit(X, y)
    np.testing.assert_allclose(raw.coef_, scaled.coef_, rtol=1e-6, atol=1e-8)
    fast = SoftmaxRegression(solver="gd", penalty=0.01).fit(X, y)
    with pytest.warns(ConvergenceWarning):
        slow = SoftmaxRegression(solver="gd", penalty=0.01, standardise=False).fit(X, y)
    assert slow.n_iter_ > fast.n_iter_
    assert slow.loss_curve_[-1] > fast.loss_curve_[-1]
    with pytest.raises(ValueError, match="standardise must be True or False"):
        SoftmaxRegression(standardise="yes").fit(X, y)


def test_centred_curvature_ratio_is_the_eigenvalue_ratio_among_centred_weights():
    rng = np.random.default_rng(0)
    X1 = add_bias(rng.standard_normal((40, 2)) * [1.0, 10.0])
    W = rng.standard_normal((3, 3))
    hessian = cross_entropy_hessian(W, X1, np.zeros((40, 3)), 0.01)
    centring = np.eye(9) - np.kron(np.full((3, 3), 1 / 3), np.eye(3))
    eigenvalues = np.linalg.eigvalsh(centring @ hessian @ centring)[3:]   # drop the 3 shared shifts
    expected = eigenvalues[-1] / eigenvalues[0]
    assert centred_curvature_ratio(W, X1, 0.01) == pytest.approx(expected)


def test_centred_curvature_ratio_grows_when_one_feature_is_rescaled():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((60, 2))
    W = np.zeros((3, 2))
    even = centred_curvature_ratio(W, add_bias(X), 0.01)
    stretched = centred_curvature_ratio(W, add_bias(X * [1.0, 30.0]), 0.01)
    assert 1.0 <= even < 10.0 < stretched


def test_centred_curvature_ratio_is_infinite_without_a_unique_optimum():
    X1 = add_bias(np.column_stack([np.arange(5.0), np.arange(5.0)]))   # duplicated feature
    assert centred_curvature_ratio(np.zeros((3, 2)), X1) == np.inf


def test_centred_curvature_ratio_rejects_mismatched_shapes():
    with pytest.raises(ValueError, match="shape"):
        centred_curvature_ratio(np.zeros((3, 2)), np.ones((5, 4)))


def test_multiclass_irls_step_is_the_newton_step_among_centred_weights():
    rng = np.random.default_rng(4)
    X1 = add_bias(rng.normal(size=(40, 2)))
    C = one_hot(rng.integers(0, 3, 40), 3)
    W = centred_weights(rng.normal(size=(3, 3)))
    hessian = cross_entropy_hessian(W, X1, C, 0.01)
    projector = np.kron(np.full((3, 3), 1 / 3), np.eye(3))
    step = np.linalg.solve(hessian + projector, cross_entropy_gradient(W, X1, C, 0.01).ravel("F"))
    newton = W - step.reshape(W.shape, order="F")
    np.testing.assert_allclose(multiclass_irls_step(W, X1, C, 0.01), newton, atol=1e-10)


def test_multiclass_irls_steps_reach_the_fitted_weights():
    iris = load_iris_2d()
    classes = np.unique(iris.y)
    X1, C = add_bias(iris.X), one_hot(np.searchsorted(classes, iris.y), classes.size)
    W = np.zeros((3, 3))
    for _ in range(10):
        W = multiclass_irls_step(W, X1, C, 1e-3)
    model = SoftmaxRegression(penalty=1e-3, standardise=False, tol=1e-10).fit(iris.X, iris.y)
    np.testing.assert_allclose(W, model.linear_scores().augmented(), atol=1e-6)
    assert np.allclose(W.sum(axis=1), 0)                     # centred, as SoftmaxRegression's


def test_multiclass_irls_step_rejects_mismatched_shapes():
    with pytest.raises(ValueError, match="shape"):
        multiclass_irls_step(np.zeros((3, 2)), np.ones((5, 4)), np.zeros((5, 2)))


def test_solver_curvature_ratio_is_that_of_the_problem_the_solver_solves():
    iris = load_iris_2d()
    raw = SoftmaxRegression(penalty=1e-3, standardise=False).fit(iris.X, iris.y)
    W = raw.linear_scores().augmented()
    assert solver_curvature_ratio(raw, iris.X) == pytest.approx(
        centred_curvature_ratio(W, add_bias(iris.X), 1e-3))
    # standardised: the solver sees z and lambda / s_j^2, the same for (X, lambda) and
    # (10 X, 100 lambda), so kappa is too
    ratios = [solver_curvature_ratio(SoftmaxRegression(penalty=1e-3 * scale**2).fit(
        scale * iris.X, iris.y), scale * iris.X) for scale in (1.0, 10.0)]
    assert ratios[0] == pytest.approx(ratios[1], rel=1e-5)
    assert ratios[0] < solver_curvature_ratio(raw, iris.X) / 100


def test_augmented_weights_are_the_lecture_layout_of_the_fitted_scores():
    X, y = overlapping_classes(n_classes=3)
    model = SoftmaxRegression(standardise=False).fit(X, y)
    W = model.linear_scores().augmented()
    assert W.shape == (X.shape[1] + 1, 3)
    X1, C = add_bias(X), one_hot(y, 3)
    np.testing.assert_allclose(X1 @ W, model.linear_scores().evaluate(X), atol=1e-12)
    assert cross_entropy(W, X1, C, DEFAULT_PENALTY) == pytest.approx(model.loss_curve_[-1],
                                                                     rel=1e-12)
    np.testing.assert_allclose(cross_entropy_gradient(W, X1, C, DEFAULT_PENALTY), 0.0, atol=1e-6)
