"""Tests of the checks for exercise notebook 03 (LDA versus logistic regression).

Every recognised mistake is computed here as a student would make it, independently of
the check's own list, and must be named; the right answers pass; no message shows the
right value.
"""

import numpy as np
import pandas as pd
import pytest
from scipy.special import log_softmax
from scipy.stats import norm

from lecture_utils.datasets import load_iris, load_iris_2d
from lecture_utils.exercises.checking import NotYetRight
from lecture_utils.exercises.lda_vs_logistic import (
    check_bayes_error,
    check_lda_biases,
    check_lda_weights,
    check_softmax_gradient,
)
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.logistic import add_bias, one_hot

PRIORS = [0.5, 0.3, 0.2]


def _formatted(values):
    """A few renderings of the right value that a leaking message might contain."""
    values = np.atleast_1d(np.asarray(values, dtype=float)).ravel()
    shown = []
    for v in values[:4]:
        shown += [f"{v:.3g}", f"{v:.4f}", repr(float(v))]
    return [s for s in shown if s not in {"0", "-0", "0.000", "0.0000", "1", "-1"}]


def _assert_no_leak(message, expected):
    for text in _formatted(expected):
        assert text not in message, f"the message shows the right value {text}: {message}"


def _fails(check, *args, match):
    with pytest.raises(NotYetRight, match=match) as error:
        check(*args)
    return str(error.value)


# ------------------------------------------------------------------- gradient
@pytest.fixture(scope="module")
def gradient_problem():
    four = load_iris()
    classes = np.unique(four.y)
    X1 = add_bias(four.X)
    T = one_hot(np.searchsorted(classes, four.y), classes.size)
    W = np.random.default_rng(0).standard_normal((X1.shape[1], T.shape[1]))
    return W, X1, T


def _stable_softmax(S, axis):
    E = np.exp(S - S.max(axis=axis, keepdims=True))
    return E / E.sum(axis=axis, keepdims=True)


def _right_gradient(W, X1, T):
    return X1.T @ (_stable_softmax(X1 @ W, axis=1) - T) / len(X1)


def test_gradient_right_answer_passes(gradient_problem, capsys):
    check_softmax_gradient(_right_gradient, *gradient_problem)
    assert capsys.readouterr().out.startswith("Right:")


def test_gradient_loop_version_passes(gradient_problem, capsys):
    def by_loop(W, X1, T):
        total = np.zeros_like(W)
        for x, t in zip(X1, T, strict=True):
            y_hat = np.exp(x @ W) / np.exp(x @ W).sum()
            total += np.outer(x, y_hat - t)
        return total / len(X1)

    check_softmax_gradient(by_loop, *gradient_problem)
    assert "Right" in capsys.readouterr().out


@pytest.mark.parametrize("student, phrase", [
    (lambda W, X1, T: (_stable_softmax(X1 @ W, 1) - T).T @ X1 / len(X1), "transpose"),
    (lambda W, X1, T: X1.T @ (T - _stable_softmax(X1 @ W, 1)) / len(X1), "sign is flipped"),
    (lambda W, X1, T: X1.T @ (_stable_softmax(X1 @ W, 1) - T), "did not divide by N"),
    (lambda W, X1, T: X1.T @ (_stable_softmax(X1 @ W, 1) - T) / len(X1) ** 2, "by N twice"),
    (lambda W, X1, T: X1.T @ (np.exp(X1 @ W) - T) / len(X1), "without normalising"),
    (lambda W, X1, T: X1.T @ (_stable_softmax(X1 @ W, 0) - T) / len(X1), "over the samples"),
    (lambda W, X1, T: X1.T @ (log_softmax(X1 @ W, axis=1) - T) / len(X1), "log-probabilities"),
    (lambda W, X1, T: X1.T @ _stable_softmax(X1 @ W, 1) / len(X1), "left out the targets"),
    (lambda W, X1, T: X1.T @ (_stable_softmax(X1 @ W, 1) - T) / T.size, "by N K"),
])
def test_gradient_mistakes_are_named(gradient_problem, student, phrase):
    message = _fails(check_softmax_gradient, student, *gradient_problem, match=phrase)
    _assert_no_leak(message, _right_gradient(*gradient_problem))


def test_gradient_unrecognised_and_special_answers(gradient_problem):
    right = _right_gradient(*gradient_problem)
    message = _fails(check_softmax_gradient, lambda W, X1, T: 2 * right, *gradient_problem,
                     match="none of the usual mistakes")
    _assert_no_leak(message, right)
    _fails(check_softmax_gradient, lambda W, X1, T: None, *gradient_problem,
           match="returned None")
    _fails(check_softmax_gradient, lambda W, X1, T: np.full_like(W, np.nan), *gradient_problem,
           match="NaN")
    _fails(check_softmax_gradient, None, *gradient_problem, match="still None: define the function")

    def unwritten(W, X1, T):
        raise NotImplementedError()

    _fails(check_softmax_gradient, unwritten, *gradient_problem, match="not written yet")


def test_gradient_bad_inputs_raise_value_error(gradient_problem):
    W, X1, T = gradient_problem
    with pytest.raises(ValueError, match="W"):
        check_softmax_gradient(_right_gradient, W.T, X1, T)
    with pytest.raises(ValueError, match="one-hot"):
        check_softmax_gradient(_right_gradient, W, X1, 2 * T)
    with pytest.raises(ValueError, match="dummy feature"):
        check_softmax_gradient(_right_gradient, W, X1[:, ::-1], T)


# ------------------------------------------------------------------- LDA scores
@pytest.fixture(scope="module")
def lda_problem():
    iris = load_iris_2d()
    model = GaussianClassifier(covariance="tied", priors=PRIORS).fit(iris.X, iris.y)
    means, Sigma = model.means_, model.covariances_[0]
    precision = np.linalg.inv(Sigma)
    W = means @ precision
    quadratic = np.array([m @ precision @ m for m in means])
    w0 = np.log(PRIORS) - 0.5 * quadratic
    return iris.X, iris.y, W, w0, quadratic


def test_lda_right_answers_pass(lda_problem, capsys):
    X, y, W, w0, _ = lda_problem
    check_lda_weights(W, X, y, PRIORS)
    check_lda_biases(w0, X, y, PRIORS)
    out = capsys.readouterr().out
    assert out.count("Right:") == 2


def test_lda_weight_mistakes_are_named(lda_problem):
    X, y, W, _, _ = lda_problem
    model = GaussianClassifier(covariance="tied", priors=PRIORS).fit(X, y)
    classes = model.classes_
    own = np.array([np.linalg.inv(np.cov(X[y == c], rowvar=False, bias=True)) @ m
                    for c, m in zip(classes, model.means_, strict=True)])
    total = np.cov(X, rowvar=False, bias=True)
    w0 = lda_problem[3]
    cases = [
        (W.T, "as columns"),
        (np.column_stack([w0, W]), "biases in W_lda"),
        (np.vstack([w0, W.T]), r"\(D \+ 1\) x K layout"),
        (own, "own covariance"),
        ((np.linalg.inv(total) @ model.means_.T).T, "total covariance"),
        ((np.linalg.inv(np.cov(X, rowvar=False)) @ model.means_.T).T, "total covariance"),
        (model.means_ @ model.covariances_[0], "instead of solving"),
        (model.means_ @ np.linalg.inv(_pooled_unbiased(X, y, classes)), "N - K"),
        (model.means_ @ np.linalg.inv(_weighted_by_priors(X, y, classes)), "by its prior"),
    ]
    for answer, phrase in cases:
        message = _fails(check_lda_weights, answer, X, y, PRIORS, match=phrase)
        _assert_no_leak(message, W)


def _pooled_unbiased(X, y, classes):
    """The pooled covariance with np.cov's default: each class's scatter over N_k - 1,
    averaged (all classes have 50 flowers, so this is the scatter over N - K)."""
    return sum(np.cov(X[y == c], rowvar=False) for c in classes) / len(classes)


def _weighted_by_priors(X, y, classes):
    return sum(p * np.cov(X[y == c], rowvar=False, bias=True)
               for p, c in zip(PRIORS, classes, strict=True))


def _biases_with(precision, means):
    return np.log(PRIORS) - 0.5 * np.einsum("kd,de,ke->k", means, precision, means)


def test_lda_bias_mistakes_are_named(lda_problem):
    X, y, _, w0, quadratic = lda_problem
    model = GaussianClassifier(covariance="tied", priors=PRIORS).fit(X, y)
    own = []
    for c, m, pi in zip(model.classes_, model.means_, PRIORS, strict=True):
        precision = np.linalg.inv(np.cov(X[y == c], rowvar=False, bias=True))
        own.append(np.log(pi) - 0.5 * m @ precision @ m)
    cases = [
        (-0.5 * quadratic, "left out log pi_k"),
        (np.log(PRIORS) - quadratic, "left out the 1/2"),
        (np.array(PRIORS) - 0.5 * quadratic, "pi_k instead of log pi_k"),
        (np.log(PRIORS) + 0.5 * quadratic, "instead of subtracting"),
        (np.array(own), "own covariance"),
        (w0[:, None], r"\(K, 1\)"),
        (np.log10(PRIORS) - 0.5 * quadratic, "base-10"),
        (np.log(np.full(3, 1 / 3)) - 0.5 * quadratic, "class frequencies"),
        (np.log(PRIORS) - 0.5 * model.means_ @ np.linalg.inv(model.covariances_[0])
         @ model.means_.T, "K x K matrix"),
        (np.log(PRIORS)[:, None] - 0.5 * model.means_ @ np.linalg.inv(model.covariances_[0])
         @ model.means_.T, "K x K matrix"),
        (_biases_with(model.covariances_[0], model.means_), r"mu_k\^T Sigma mu_k"),
        (_biases_with(np.linalg.inv(np.cov(X, rowvar=False, bias=True)), model.means_),
         "total covariance"),
        (_biases_with(np.linalg.inv(_pooled_unbiased(X, y, model.classes_)), model.means_),
         "N - K"),
        (_biases_with(np.linalg.inv(_weighted_by_priors(X, y, model.classes_)), model.means_),
         "by its prior"),
    ]
    for answer, phrase in cases:
        message = _fails(check_lda_biases, answer, X, y, PRIORS, match=phrase)
        _assert_no_leak(message, w0)


def test_lda_unrecognised_and_special_answers(lda_problem):
    X, y, W, w0, _ = lda_problem
    message = _fails(check_lda_weights, W + 1.0, X, y, PRIORS, match="none of the usual mistakes")
    _assert_no_leak(message, W)
    message = _fails(check_lda_biases, w0 * 1.5, X, y, PRIORS, match="none of the usual mistakes")
    _assert_no_leak(message, w0)
    _fails(check_lda_weights, None, X, y, PRIORS, match="still None")
    _fails(check_lda_biases, None, X, y, PRIORS, match="still None")
    _fails(check_lda_biases, np.full(3, np.nan), X, y, PRIORS, match="NaN")


def test_lda_bad_inputs_raise_value_error(lda_problem):
    X, y, W, _, _ = lda_problem
    with pytest.raises(ValueError):
        check_lda_weights(W, X, y[:-1], PRIORS)
    with pytest.raises(ValueError):
        check_lda_weights(W, X, y, [0.5, 0.5, 0.5])


# ------------------------------------------------------------------- Bayes error
OUTLIER = ([0.0, 0.0], [2.5, 0.5], [[1.0, 0.5], [0.5, 1.0]])
LEARNING_CURVE = (np.zeros(10), np.ones(10), np.eye(10))


def _right_bayes(mean_0, mean_1, covariance):
    d = np.subtract(mean_1, mean_0)
    return norm.cdf(-0.5 * np.sqrt(d @ np.linalg.inv(covariance) @ d))


def test_bayes_right_answer_passes(capsys):
    check_bayes_error(_right_bayes, *OUTLIER)
    check_bayes_error(_right_bayes, *LEARNING_CURVE)
    assert capsys.readouterr().out.count("Right:") == 2


def _mahalanobis(mean_0, mean_1, covariance):
    d = np.subtract(mean_1, mean_0)
    return np.sqrt(d @ np.linalg.inv(covariance) @ d)


@pytest.mark.parametrize("student, phrase", [
    (lambda m0, m1, S: norm.cdf(-_mahalanobis(m0, m1, S)), "half is missing"),
    (lambda m0, m1, S: norm.cdf(-_mahalanobis(m0, m1, S) ** 2 / 2), "squared Mahalanobis"),
    (lambda m0, m1, S: norm.cdf(-np.linalg.norm(np.subtract(m1, m0)) / 2), "Euclidean"),
    (lambda m0, m1, S: norm.cdf(-np.sqrt(np.subtract(m1, m0) @ np.asarray(S)
                                         @ np.subtract(m1, m0)) / 2), "Sigma instead of Sigma"),
    (lambda m0, m1, S: norm.cdf(_mahalanobis(m0, m1, S) / 2), "accuracy"),
    (lambda m0, m1, S: norm.cdf(-_mahalanobis(m0, m1, S)) / 2, "bracket"),
    (lambda m0, m1, S: 2 * norm.cdf(-_mahalanobis(m0, m1, S) / 2), "without weighting"),
    (lambda m0, m1, S: norm.pdf(-_mahalanobis(m0, m1, S) / 2), "density norm.pdf"),
    (lambda m0, m1, S: np.array([_right_bayes(m0, m1, S)]), r"shape \(1,\) instead of a number"),
])
def test_bayes_mistakes_are_named(student, phrase):
    message = _fails(check_bayes_error, student, *OUTLIER, match=phrase)
    _assert_no_leak(message, _right_bayes(*OUTLIER))


def test_bayes_euclidean_passes_only_with_identity_covariance(capsys):
    def euclidean(m0, m1, S):
        return norm.cdf(-np.linalg.norm(np.subtract(m1, m0)) / 2)

    check_bayes_error(euclidean, *LEARNING_CURVE)       # Sigma = I: the distances coincide
    assert "Right" in capsys.readouterr().out
    _fails(check_bayes_error, euclidean, *OUTLIER, match="Euclidean")


def test_bayes_unrecognised_and_special_answers():
    right = _right_bayes(*OUTLIER)
    message = _fails(check_bayes_error, lambda m0, m1, S: 0.3, *OUTLIER,
                     match="none of the usual mistakes")
    _assert_no_leak(message, right)
    _fails(check_bayes_error, lambda m0, m1, S: None, *OUTLIER, match="returned None")
    _fails(check_bayes_error, lambda m0, m1, S: np.nan, *OUTLIER, match="NaN")
    _fails(check_bayes_error, lambda m0, m1, S: [right, right], *OUTLIER, match="shape")


def test_bayes_bad_inputs_raise_value_error():
    with pytest.raises(ValueError, match="positive definite"):
        check_bayes_error(_right_bayes, [0.0, 0.0], [1.0, 1.0], [[1.0, 2.0], [2.0, 1.0]])
    with pytest.raises(ValueError, match="shape"):
        check_bayes_error(_right_bayes, [0.0, 0.0], [1.0, 1.0, 1.0], np.eye(2))
    with pytest.raises(ValueError, match="finite"):
        check_bayes_error(_right_bayes, [0.0, np.nan], [1.0, 1.0], np.eye(2))


# ------------------------------------------------------------------- wrong answers as students
# write them: named, fairly described, never an oracle

from exercise_attempts import Attempt, attempt_tests  # noqa: E402
from scipy.special import expit  # noqa: E402

_FOUR = load_iris()
_CLASSES = np.unique(_FOUR.y)
_X1 = add_bias(_FOUR.X)
_T = one_hot(np.searchsorted(_CLASSES, _FOUR.y), _CLASSES.size)
_W = np.random.default_rng(0).standard_normal((_X1.shape[1], _T.shape[1]))
_G = _right_gradient(_W, _X1, _T)
_IRIS2 = load_iris_2d()
_X, _Y = _IRIS2.X, _IRIS2.y
_LDA = GaussianClassifier(covariance="tied", priors=PRIORS).fit(_X, _Y)
_SIGMA = _LDA.covariances_[0]
_W_LDA = np.linalg.solve(_SIGMA, _LDA.means_.T).T
_QUADRATIC = np.sum(_W_LDA * _LDA.means_, axis=1)
_W0_LDA = np.log(PRIORS) - 0.5 * _QUADRATIC


def _gradient_attempt(what, student, phrase):
    return Attempt("check_softmax_gradient", what,
                   lambda: check_softmax_gradient(student, _W, _X1, _T), phrase, _G)


def _weights_attempt(what, answer, phrase):
    return Attempt("check_lda_weights", what, lambda: check_lda_weights(answer, _X, _Y, PRIORS),
                   phrase, _W_LDA, answer)


def _biases_attempt(what, answer, phrase):
    return Attempt("check_lda_biases", what, lambda: check_lda_biases(answer, _X, _Y, PRIORS),
                   phrase, _W0_LDA, answer)


def _bayes_attempt(what, student, phrase, problem=OUTLIER):
    return Attempt("check_bayes_error", what, lambda: check_bayes_error(student, *problem),
                   phrase, _right_bayes(*problem))


def _softmax(S):
    return _stable_softmax(S, axis=1)


def _diagonal_distance(m0, m1, S):
    d = np.subtract(m1, m0)
    return np.sqrt(np.sum(d ** 2 / np.diag(S)))


ATTEMPTS = [
    _gradient_attempt("transposed", lambda W, X1, T: (_softmax(X1 @ W) - T).T @ X1 / len(X1),
                      "transpose"),
    _gradient_attempt("t - y", lambda W, X1, T: X1.T @ (T - _softmax(X1 @ W)) / len(X1),
                      "sign is flipped"),
    _gradient_attempt("no 1/N", lambda W, X1, T: X1.T @ (_softmax(X1 @ W) - T),
                      "did not divide by N"),
    _gradient_attempt("log-likelihood gradient", lambda W, X1, T: X1.T @ (T - _softmax(X1 @ W)),
                      "total log-likelihood"),
    _gradient_attempt("exp only", lambda W, X1, T: X1.T @ (np.exp(X1 @ W) - T) / len(X1),
                      "without normalising"),
    _gradient_attempt("softmax over samples", lambda W, X1, T: X1.T @ (
        _stable_softmax(X1 @ W, 0) - T) / len(X1), "over the samples"),
    _gradient_attempt("sigmoid", lambda W, X1, T: X1.T @ (expit(X1 @ W) - T) / len(X1),
                      "logistic function"),
    _gradient_attempt("no inputs", lambda W, X1, T: _softmax(X1 @ W) - T, "without multiplying"),
    _gradient_attempt("mean over all entries", lambda W, X1, T: X1.T @ (_softmax(X1 @ W) - T)
                      / T.size, "by N K"),
    _gradient_attempt("log-softmax", lambda W, X1, T: X1.T @ (log_softmax(X1 @ W, axis=1) - T)
                      / len(X1), "log-probabilities"),
    _gradient_attempt("scores instead of probabilities", lambda W, X1, T: X1.T @ (X1 @ W - T)
                      / len(X1), None),
    _weights_attempt("columns", _W_LDA.T, "as columns"),
    _weights_attempt("Sigma mu", _LDA.means_ @ _SIGMA, "instead of solving"),
    _weights_attempt("means only", _LDA.means_, "left out Sigma^-1"),
    _weights_attempt("total covariance", (np.linalg.inv(np.cov(_X.T, bias=True))
                                          @ _LDA.means_.T).T, "total covariance"),
    _weights_attempt("N - K", _LDA.means_ @ np.linalg.inv(_pooled_unbiased(_X, _Y, _CLASSES)),
                     "N - K"),
    _weights_attempt("scikit-learn's LDA", _LDA.means_ @ np.linalg.inv(
        _weighted_by_priors(_X, _Y, _CLASSES)), "by its prior"),
    _weights_attempt("variances only", _LDA.means_ / np.diag(_SIGMA), "only the variances"),
    _weights_attempt("biases in row 0", np.vstack([_W0_LDA, _W_LDA.T]), "layout"),
    _weights_attempt("own covariances", np.array([
        np.linalg.solve(np.cov(_X[_Y == c].T, bias=True), m)
        for c, m in zip(_CLASSES[:3], _LDA.means_, strict=True)]), "own covariance"),
    _weights_attempt("inverse taken elementwise", _LDA.means_ @ (1 / _SIGMA), None),
    _biases_attempt("no log prior", -0.5 * _QUADRATIC, "left out log pi_k"),
    _biases_attempt("no 1/2", np.log(PRIORS) - _QUADRATIC, "left out the 1/2"),
    _biases_attempt("prior not logged", np.array(PRIORS) - 0.5 * _QUADRATIC,
                    "pi_k instead of log pi_k"),
    _biases_attempt("plus", np.log(PRIORS) + 0.5 * _QUADRATIC, "instead of subtracting"),
    _biases_attempt("frequencies", np.log(np.full(3, 1 / 3)) - 0.5 * _QUADRATIC,
                    "class frequencies"),
    _biases_attempt("matrix", np.log(PRIORS) - 0.5 * _LDA.means_ @ np.linalg.inv(_SIGMA)
                    @ _LDA.means_.T, "K x K matrix"),
    _biases_attempt("log det kept", _W0_LDA - 0.5 * np.linalg.slogdet(_SIGMA)[1], "normaliser"),
    _biases_attempt("priors reversed", np.log(PRIORS[::-1]) - 0.5 * _QUADRATIC,
                    "priors in another order"),
    _biases_attempt("column", _W0_LDA[:, None], r"(K, 1)"),
    _biases_attempt("log10", np.log10(PRIORS) - 0.5 * _QUADRATIC, "base-10"),
    _biases_attempt("mu Sigma mu", _biases_with(_SIGMA, _LDA.means_), "mu_k^T Sigma mu_k"),
    _biases_attempt("quadratic term only", -_QUADRATIC, None),
    _bayes_attempt("no half", lambda m0, m1, S: norm.cdf(-_mahalanobis(m0, m1, S)),
                   "half is missing"),
    _bayes_attempt("squared", lambda m0, m1, S: norm.cdf(-_mahalanobis(m0, m1, S) ** 2 / 2),
                   "squared Mahalanobis"),
    _bayes_attempt("diagonal only", lambda m0, m1, S: norm.cdf(-_diagonal_distance(m0, m1, S)
                                                               / 2), "diagonal of Sigma"),
    _bayes_attempt("Sigma", lambda m0, m1, S: norm.cdf(-np.sqrt(
        np.subtract(m1, m0) @ np.asarray(S) @ np.subtract(m1, m0)) / 2), "Sigma instead of Sigma"),
    _bayes_attempt("accuracy", lambda m0, m1, S: norm.cdf(_mahalanobis(m0, m1, S) / 2),
                   "accuracy"),
    _bayes_attempt("bracket", lambda m0, m1, S: norm.cdf(-_mahalanobis(m0, m1, S)) / 2,
                   "bracket"),
    _bayes_attempt("pdf", lambda m0, m1, S: norm.pdf(-_mahalanobis(m0, m1, S) / 2),
                   "density norm.pdf"),
    _bayes_attempt("half inside the root", lambda m0, m1, S: norm.cdf(
        -np.sqrt(_mahalanobis(m0, m1, S) ** 2 / 2)), "halved the squared distance"),
    _bayes_attempt("logcdf", lambda m0, m1, S: norm.logcdf(-_mahalanobis(m0, m1, S) / 2),
                   "log of the error"),
    _bayes_attempt("both errors", lambda m0, m1, S: 2 * norm.cdf(-_mahalanobis(m0, m1, S) / 2),
                   "without weighting"),
    _bayes_attempt("one number in an array", lambda m0, m1, S: np.array([_right_bayes(m0, m1, S)]),
                   "instead of a number"),
    _bayes_attempt("a tail of the distance itself", lambda m0, m1, S: np.exp(
        -_mahalanobis(m0, m1, S)), None),
]


(test_a_students_wrong_answer_gets_a_fair_message,
 test_three_quarters_of_the_wrong_answers_are_named) = attempt_tests(ATTEMPTS)


def test_only_the_diagonal_of_sigma_is_named_as_such():
    """The issue's misdiagnosis: with unit variances (the outlier slide) the diagonal-only
    distance is the Euclidean one; the message names the diagonal first. With other
    variances only the diagonal is named."""
    def diagonal(m0, m1, S):
        return norm.cdf(-_diagonal_distance(m0, m1, S) / 2)

    message = _fails(check_bayes_error, diagonal, *OUTLIER, match="It looks like you used only "
                     "the variances, the diagonal of Sigma")
    assert "Euclidean" in message  # the same number on these data, so both are named
    other = ([0.0, 0.0], [2.5, 0.5], [[2.0, 0.5], [0.5, 1.0]])
    message = _fails(check_bayes_error, diagonal, *other, match="diagonal of Sigma")
    assert "Euclidean" not in message


def test_right_answers_in_other_forms_pass(capsys):
    from scipy.special import softmax
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    check_softmax_gradient(lambda W, X1, T: (X1.T @ (softmax(X1 @ W, axis=1) - T)
                                             / len(X1)).astype(np.float32), _W, _X1, _T)
    check_lda_weights(_W_LDA.astype(np.float32).tolist(), _X, _Y, PRIORS)
    check_lda_biases(pd.Series(_W0_LDA, index=_CLASSES[:3]), _X, _Y, PRIORS)
    check_bayes_error(lambda m0, m1, S: np.float32(_right_bayes(m0, m1, S)), *OUTLIER)
    # scikit-learn's LDA with the ML covariance: equal priors make its prior-weighted
    # covariance the ML one when the classes are equally large (50 flowers each)
    lda = LinearDiscriminantAnalysis(solver="lsqr", priors=np.full(3, 1 / 3)).fit(_X, _Y)
    check_lda_weights(lda.coef_, _X, _Y, np.full(3, 1 / 3))
    check_lda_biases(lda.intercept_, _X, _Y, np.full(3, 1 / 3))
    assert capsys.readouterr().out.count("Right") == 6
