"""The checks of the Iris GDA exercise notebook: right answers pass, typical mistakes are named,
and no message gives the right value away.

Every wrong answer here is computed the way a student would compute it (numpy, scipy), not taken
from the check's own list of mistakes.
"""

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy.linalg import solve_triangular
from scipy.special import logsumexp
from scipy.stats import multivariate_normal
from sklearn.model_selection import train_test_split

from lecture_utils.datasets import load_iris, load_iris_2d
from lecture_utils.exercises.checking import Mistake, NotYetRight
from lecture_utils.exercises.iris_gda import (
    check_class_covariances,
    check_class_means,
    check_log_density,
    check_posteriors,
)
from lecture_utils.gaussian import GaussianClassifier

LOG_2PI = np.log(2 * np.pi)


@pytest.fixture(scope="module")
def split():
    iris = load_iris_2d()
    X_train, X_test, y_train, y_test = train_test_split(
        iris.X, iris.y, test_size=0.4, stratify=iris.y, random_state=0)
    return X_train, X_test, y_train, y_test


@pytest.fixture(scope="module")
def train(split):
    return split[0], split[2]


def _rows(X, y):
    return [X[y == c] for c in np.unique(y)]


def _leaks(message, value):
    """Whether ``message`` shows any of a few entries of ``value``, in common formats."""
    entries = np.ravel(np.asarray(value, dtype=float))
    picks = entries[np.linspace(0, entries.size - 1, num=min(entries.size, 6)).astype(int)]
    texts = [str(v) for v in picks] + [repr(v) for v in picks]
    texts += [f"{v:.3g}" for v in picks] + [f"{v:.4f}" for v in picks]
    return [t for t in texts if len(t) > 3 and t in message]


def _not_yet(check, *args, match):
    with pytest.raises(NotYetRight, match=match) as info:
        check(*args)
    return str(info.value)


# ---- means ----------------------------------------------------------------------------------

def _means(X, y):
    return np.array([X_k.mean(axis=0) for X_k in _rows(X, y)])


def test_right_means_pass(train, capsys):
    check_class_means(_means(*train), *train)
    assert capsys.readouterr().out.startswith("Right: `means`")


@pytest.mark.parametrize("wrong, phrase", [
    (lambda X, y: _means(X, y).T, "transposed"),
    (lambda X, y: np.tile(X.mean(axis=0), (3, 1)), "averaged over all samples"),
    (lambda X, y: np.array([X_k.sum(axis=0) for X_k in _rows(X, y)]), "without dividing by N_k"),
    (lambda X, y: np.array([X[y == c].mean(axis=0) for c in pd.unique(y)]), "another order"),
    (lambda X, y: np.array([X_k.mean() for X_k in _rows(X, y)]), "without axis=0"),
    (lambda X, y: _means(X, y) + 0.01, "matches none of the usual mistakes"),
])
def test_mean_mistakes_are_named_without_the_answer(train, wrong, phrase):
    message = _not_yet(check_class_means, wrong(*train), *train, match=phrase)
    assert not _leaks(message, _means(*train))


# ---- covariances ----------------------------------------------------------------------------

def _ml_covariances(X, y):
    out = []
    for X_k in _rows(X, y):
        centred = X_k - X_k.mean(axis=0)
        out.append(centred.T @ centred / len(X_k))
    return np.array(out)


def _pooled(X, y):
    scatter = sum((X_k - X_k.mean(axis=0)).T @ (X_k - X_k.mean(axis=0)) for X_k in _rows(X, y))
    return np.array([scatter / len(X)] * 3)


def test_the_split_lists_the_classes_out_of_sorted_order(train):
    # so that the class-order tests below test something
    assert list(pd.unique(train[1])) != sorted(pd.unique(train[1]))


def test_right_covariances_pass(train, capsys):
    check_class_covariances(_ml_covariances(*train), *train)
    assert capsys.readouterr().out.startswith("Right: `covariances`")


@pytest.mark.parametrize("wrong, phrase", [
    (lambda X, y: np.array([np.cov(X_k.T) for X_k in _rows(X, y)]), "N_k - 1 instead of N_k"),
    (_pooled, "pooled"),
    (lambda X, y: np.array([np.cov(X.T, bias=True)] * 3), "covariance of all the data, around"),
    (lambda X, y: np.array([np.cov(X.T)] * 3), r"np\.cov\(X\.T\)"),
    (lambda X, y: np.array([X_k.T @ X_k / len(X_k) for X_k in _rows(X, y)]), "forgot to centre"),
    (lambda X, y: _ml_covariances(X, y) * 30 / len(X), "by N, the number of all samples"),
    (lambda X, y: np.array([(X_k - X.mean(axis=0)).T @ (X_k - X.mean(axis=0)) / len(X_k)
                            for X_k in _rows(X, y)]), "on the overall mean"),
    (lambda X, y: np.array([np.cov(X_k) for X_k in _rows(X, y)]), "one row and column per sample"),
    (lambda X, y: np.array([np.cov(X_k, bias=True) for X_k in _rows(X, y)]), "rowvar=False"),
    (lambda X, y: np.array([(X_k - X_k.mean(axis=0)) @ (X_k - X_k.mean(axis=0)).T / len(X_k)
                            for X_k in _rows(X, y)]), r"not R R\^T"),
    (lambda X, y: np.array([np.cov(X[y == c].T, bias=True) for c in pd.unique(y)]),
     "another order"),
    (lambda X, y: np.array([np.diag(X_k.var(axis=0)) for X_k in _rows(X, y)]),
     "only the variances"),
    (lambda X, y: _ml_covariances(X, y).reshape(3, 4), r"shape \(3, 4\)"),
    (lambda X, y: 1.02 * _ml_covariances(X, y), "matches none of the usual mistakes"),
])
def test_covariance_mistakes_are_named_without_the_answer(train, wrong, phrase):
    message = _not_yet(check_class_covariances, wrong(*train), *train, match=phrase)
    assert not _leaks(message, _ml_covariances(*train))


def test_covariance_mistakes_are_named_with_unequal_classes():
    iris = load_iris_2d()
    X, y = iris.X[:120], iris.y[:120]
    check_class_covariances(_ml_covariances(X, y), X, y)
    _not_yet(check_class_covariances, _pooled(X, y), X, y, match="pooled")
    _not_yet(check_class_covariances, [np.cov(X_k.T) for X_k in _rows(X, y)], X, y, match="N_k - 1")


# ---- log-density ----------------------------------------------------------------------------

def _cholesky_log_density(X, mean, covariance):
    L = np.linalg.cholesky(covariance)
    z = solve_triangular(L, (X - mean).T, lower=True)
    return -0.5 * (X.shape[1] * LOG_2PI + np.sum(z**2, axis=0)) - np.sum(np.log(np.diag(L)))


def _with_distance(distance, *, half_log_det=True, two_pi=True, half_distance=True):
    """A student's log-density with the given squared-distance code and optional slips."""
    def log_density(X, mean, covariance):
        _, log_det = np.linalg.slogdet(covariance)
        D = X.shape[1]
        return (-(0.5 if two_pi else 0.0) * D * LOG_2PI
                - (0.5 if half_log_det else 1.0) * log_det
                - (0.5 if half_distance else 1.0)
                * distance(X - mean, np.linalg.cholesky(covariance)))
    return log_density


def _solved(d, L):
    return np.sum(solve_triangular(L, d.T, lower=True) ** 2, axis=0)


def _uncentred_log_density(X, mean, covariance):
    L = np.linalg.cholesky(covariance)
    z = solve_triangular(L, X.T, lower=True)   # x where x - mu belongs
    return -0.5 * (X.shape[1] * LOG_2PI + np.sum(z**2, axis=0)) - np.sum(np.log(np.diag(L)))


STUDENT_MISTAKES = [
    (lambda X, m, S: multivariate_normal.pdf(X, m, S), "probability where its logarithm"),
    (lambda X, m, S: multivariate_normal.logpdf(X, m, S) / np.log(10), "base-10"),
    (_with_distance(_solved, half_log_det=False), r"log\|Sigma\| without its factor 1/2"),
    (_with_distance(_solved, two_pi=False), "log\\(2 pi\\) term"),
    (_with_distance(_solved, half_distance=False), "1/2 in front of the squared Mahalanobis"),
    (lambda X, m, S: (-0.5 * X.shape[1] * LOG_2PI
                      - 0.5 * np.sum(np.log(np.diag(np.linalg.cholesky(S))))
                      - 0.5 * _solved(X - m, np.linalg.cholesky(S))), "forgetting its factor 2"),
    (_uncentred_log_density, "subtract the mean"),
    (_with_distance(lambda d, L: np.sum(solve_triangular(L, d.T) ** 2, axis=0)), "lower=True"),
    (_with_distance(lambda d, L: np.sum(solve_triangular(L, d.T, lower=True) ** 2, axis=1)),
     "over the samples instead of over the features"),
    (_with_distance(lambda d, L: np.sum((d @ L) ** 2, axis=1)), "multiplied by the Cholesky"),
    (_with_distance(lambda d, L: np.sum((L @ d.T) ** 2, axis=0)), "multiplied by the Cholesky"),
    (_with_distance(lambda d, L: np.sum(solve_triangular(L.T, d.T, lower=False) ** 2, axis=0)),
     "solved with L\\^T"),
    (lambda X, m, S: _cholesky_log_density(X, m, S).reshape(-1, 1), r"shape \(N, 1\)"),
    (lambda X, m, S: _cholesky_log_density(X, m, S) + 0.1, "matches none of the usual mistakes"),
]


def test_right_log_density_passes_with_one_line(train, capsys):
    check_log_density(_cholesky_log_density, *train)
    out = capsys.readouterr().out
    assert out.startswith("Right: `log_density`") and out.count("\n") == 1


def test_right_log_density_passes_in_four_dimensions(capsys):
    iris = load_iris()
    check_log_density(lambda X, m, S: multivariate_normal.logpdf(X, m, S), iris.X, iris.y)
    assert "Right" in capsys.readouterr().out


@pytest.mark.parametrize("student, phrase", STUDENT_MISTAKES)
def test_log_density_mistakes_are_named_without_the_answer(train, student, phrase):
    message = _not_yet(check_log_density, student, *train, match=phrase)
    assert "means[0]" in message
    X, y = train
    expected = np.column_stack([
        multivariate_normal.logpdf(X, X_k.mean(axis=0), np.cov(X_k.T, bias=True))
        for X_k in _rows(X, y)])
    assert not _leaks(message, expected)


def test_log_density_that_is_not_written_or_fails(train):
    def not_written(X, mean, covariance):
        raise NotImplementedError()

    _not_yet(check_log_density, not_written, *train, match="not written yet")
    _not_yet(check_log_density, lambda X, m, S: np.linalg.cholesky(-S), *train, match="LinAlgError")
    _not_yet(check_log_density, lambda X, m, S: None, *train, match="returned None")
    _not_yet(check_log_density, np.zeros(3), *train, match="should be a function")
    # a name that is not defined yet: the answer cell was never run
    _not_yet(check_log_density, "log_density", *train, match="`log_density`: not attempted yet")
    _not_yet(check_log_density, lambda X, m, S: np.full(len(X), np.nan), *train, match="NaN")


# ---- posteriors -----------------------------------------------------------------------------

PRIORS = np.array([0.5, 0.3, 0.2])


@pytest.fixture(scope="module")
def scores(split):
    X_train, X_test, y_train, _ = split
    typo = np.vstack([X_test, [[58.0, 2.8]]])
    return GaussianClassifier(covariance="full").fit(X_train, y_train).log_likelihood(typo)


def _student_posteriors(log_likelihoods, priors, axis=1):
    a = log_likelihoods + np.log(priors)
    return np.exp(a - logsumexp(a, axis=axis, keepdims=True))


def test_right_posteriors_pass(scores, capsys):
    check_posteriors(_student_posteriors(scores, PRIORS), scores, PRIORS)
    assert capsys.readouterr().out.startswith("Right: `posteriors`")


def _naive(log_likelihoods, priors):
    with np.errstate(invalid="ignore"):
        joint = np.exp(log_likelihoods) * priors
        return joint / joint.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("wrong, phrase", [
    (lambda ll, p: _student_posteriors(ll, np.ones(3)), "left out the priors"),
    (lambda ll, p: np.exp(ll + p - logsumexp(ll + p, axis=1, keepdims=True)), "instead of its log"),
    (lambda ll, p: np.exp(ll) * p, "did not normalise"),
    (lambda ll, p: ll + np.log(p) - logsumexp(ll + np.log(p), axis=1, keepdims=True),
     "log-posteriors"),
    (lambda ll, p: _student_posteriors(ll, p, axis=0), "over the samples"),
    (lambda ll, p: _student_posteriors(ll, p).T, "transposed"),
    (_naive, "underflows"),
    (lambda ll, p: np.nan_to_num(_naive(ll, p)), "replaced the nan by 0"),
    (lambda ll, p: np.exp(ll + np.log(p) - logsumexp(ll + np.log(p))), "all entries at once"),
    (lambda ll, p: np.exp(ll + np.log10(p) - logsumexp(ll + np.log10(p), axis=1, keepdims=True)),
     "base-10"),
    (lambda ll, p: np.exp(ll * p - logsumexp(ll * p, axis=1, keepdims=True)),
     "multiplied the log-likelihoods by the priors"),
    (lambda ll, p: _student_posteriors(ll, p)[:, ::-1], "matches none of the usual mistakes"),
])
def test_posterior_mistakes_are_named_without_the_answer(scores, wrong, phrase):
    message = _not_yet(check_posteriors, wrong(scores, PRIORS), scores, PRIORS, match=phrase)
    assert not _leaks(message, _student_posteriors(scores, PRIORS)[:-1])


def test_predict_proba_of_the_balanced_model_is_named_as_equal_priors(split, scores):
    X_train, X_test, y_train, _ = split
    model = GaussianClassifier(covariance="full").fit(X_train, y_train)
    proba = model.predict_proba(np.vstack([X_test, [[58.0, 2.8]]]))
    message = _not_yet(check_posteriors, proba, scores, PRIORS, match="used equal ones")
    assert "predict_proba" in message


def test_class_order_mistakes_are_every_other_order():
    expected = np.arange(6.0).reshape(3, 2)
    orders = [m.answer[:, 0].tolist() for m in Mistake.class_orders(expected)]
    assert len(orders) == 5 and [0.0, 2.0, 4.0] not in orders
    assert len({tuple(o) for o in orders}) == 5
    assert Mistake.class_orders(np.zeros((5, 2))) == []


def test_posteriors_still_none_or_nan(scores):
    _not_yet(check_posteriors, None, scores, PRIORS, match="still None")
    _not_yet(check_posteriors, np.full(scores.shape, np.nan), scores, PRIORS, match="NaN")


# ---- bad inputs to the checks ---------------------------------------------------------------

def test_bad_data_gets_a_value_error(train):
    X, y = train
    means = _means(X, y)
    with pytest.raises(ValueError, match="one label per row"):
        check_class_means(means, X, y[:-1])
    with pytest.raises(ValueError, match="one label per row"):
        check_class_means(means, X[:, 0], y)
    bad = X.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        check_class_covariances(_ml_covariances(X, y), bad, y)
    with pytest.raises(ValueError, match="more samples than features"):
        check_log_density(_cholesky_log_density, X[:4], np.array(["a", "a", "b", "b"]))
    with pytest.raises(ValueError, match="hold numbers"):
        check_class_means(means, np.array([["a", "b"]] * 6), np.repeat([0, 1], 3))


def test_bad_posterior_inputs_get_a_value_error(scores):
    answer = _student_posteriors(scores, PRIORS)
    with pytest.raises(ValueError, match="sum to one"):
        check_posteriors(answer, scores, [0.5, 0.5, 0.5])
    with pytest.raises(ValueError, match=r"shape \(N, K\)"):
        check_posteriors(answer, scores, PRIORS[:2])
    with pytest.raises(ValueError, match="NaN"):
        check_posteriors(answer, np.full(scores.shape, np.nan), PRIORS)


# ---- wrong answers as students write them: named, fairly described, never an oracle -----------

from exercise_attempts import Attempt, assert_no_oracle, attempt_tests  # noqa: E402

_IRIS = load_iris_2d()
_X_TRAIN, _X_TEST, _Y_TRAIN, _Y_TEST = train_test_split(
    _IRIS.X, _IRIS.y, test_size=0.4, stratify=_IRIS.y, random_state=0)
_RIGHT_MEANS = _means(_X_TRAIN, _Y_TRAIN)
_RIGHT_COVARIANCES = _ml_covariances(_X_TRAIN, _Y_TRAIN)
_MODEL = GaussianClassifier(covariance="full").fit(_X_TRAIN, _Y_TRAIN)
_SCORES = _MODEL.log_likelihood(np.vstack([_X_TEST, [[58.0, 2.8]]]))
_RIGHT_POSTERIORS = _student_posteriors(_SCORES, PRIORS)


def _means_attempt(what, answer, phrase):
    return Attempt("check_class_means", what,
                   lambda: check_class_means(answer, _X_TRAIN, _Y_TRAIN), phrase, _RIGHT_MEANS,
                   answer)


def _covariances_attempt(what, answer, phrase):
    return Attempt("check_class_covariances", what,
                   lambda: check_class_covariances(answer, _X_TRAIN, _Y_TRAIN), phrase,
                   _RIGHT_COVARIANCES, answer)


def _density_attempt(what, student, phrase):
    expected = np.column_stack([multivariate_normal.logpdf(_X_TRAIN, m, S) for m, S in
                                zip(_MODEL.means_, _MODEL.covariances_, strict=True)])
    return Attempt("check_log_density", what,
                   lambda: check_log_density(student, _X_TRAIN, _Y_TRAIN), phrase, expected)


def _posterior_attempt(what, answer, phrase):
    return Attempt("check_posteriors", what,
                   lambda: check_posteriors(answer, _SCORES, PRIORS), phrase,
                   _RIGHT_POSTERIORS, answer)


def _empty_class_means():
    """Means by class number, range(K), while the labels are species names."""
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.array([_X_TRAIN[_Y_TRAIN == k].mean(axis=0) for k in range(3)])


def _by_class(statistic):
    return np.array([statistic(_X_TRAIN[_Y_TRAIN == c]) for c in np.unique(_Y_TRAIN)])


def _mahalanobis_with(matrix_of):
    """A student's log-density whose squared distance uses ``matrix_of(S)`` for Sigma^-1."""
    def log_density(X, m, S):
        d = X - m
        return (-0.5 * X.shape[1] * LOG_2PI - 0.5 * np.linalg.slogdet(S)[1]
                - 0.5 * np.einsum("ni,ij,nj->n", d, matrix_of(S), d))
    return log_density


def _diagonal_only(X, m, S):
    variances = np.diag(S)
    return (-0.5 * X.shape[1] * LOG_2PI - 0.5 * np.sum(np.log(variances))
            - 0.5 * np.sum((X - m) ** 2 / variances, axis=1))


ATTEMPTS = [
    _means_attempt("means as columns", _RIGHT_MEANS.T, "transposed"),
    _means_attempt("overall mean", np.tile(_X_TRAIN.mean(axis=0), (3, 1)),
                   "averaged over all samples"),
    _means_attempt("class sums", _by_class(lambda R: R.sum(axis=0)), "without dividing by N_k"),
    _means_attempt("set(y) order", np.array([_X_TRAIN[_Y_TRAIN == c].mean(axis=0)
                                             for c in pd.unique(_Y_TRAIN)]), "another order"),
    _means_attempt("mean() without axis", _by_class(lambda R: R.mean()), "without axis=0"),
    _means_attempt("sum / N", _by_class(lambda R: R.sum(axis=0)) / len(_X_TRAIN),
                   "instead of N_k"),
    _means_attempt("mean(axis=1)", _by_class(lambda R: R.mean(axis=1)), "axis=1"),
    _means_attempt("rounded to 2 decimals", _RIGHT_MEANS.round(2), "rounded"),
    _means_attempt("medians", _by_class(lambda R: np.median(R, axis=0)), None),
    _means_attempt("range(K) with string labels", _empty_class_means(), "selected no samples"),
    _means_attempt("a class left out", _RIGHT_MEANS[:2], None),
    _covariances_attempt("np.cov default", _by_class(lambda R: np.cov(R.T)), "N_k - 1"),
    _covariances_attempt("pooled", _pooled(_X_TRAIN, _Y_TRAIN), "pooled"),
    _covariances_attempt("all data", np.array([np.cov(_X_TRAIN.T, bias=True)] * 3),
                         "covariance of all the data"),
    _covariances_attempt("not centred", _by_class(lambda R: R.T @ R / len(R)),
                         "forgot to centre"),
    _covariances_attempt("np.cov without rowvar", _by_class(np.cov), "rowvar=False"),
    _covariances_attempt("variances only", _by_class(lambda R: np.diag(R.var(axis=0))),
                         "only the variances"),
    _covariances_attempt("set(y) order", np.array([np.cov(_X_TRAIN[_Y_TRAIN == c].T, bias=True)
                                                   for c in pd.unique(_Y_TRAIN)]),
                         "another order"),
    _covariances_attempt("centred on overall mean",
                         _by_class(lambda R: (R - _X_TRAIN.mean(axis=0)).T
                                   @ (R - _X_TRAIN.mean(axis=0)) / len(R)), "overall mean"),
    _covariances_attempt("standard deviations", _by_class(lambda R: np.diag(R.std(axis=0))),
                         None),
    _covariances_attempt("scatter", _by_class(lambda R: (R - R.mean(axis=0)).T
                                              @ (R - R.mean(axis=0))), "divide the scatter"),
    _covariances_attempt("correlations", _by_class(lambda R: np.corrcoef(R.T)), "correlation"),
    _density_attempt("pdf, not logpdf", lambda X, m, S: multivariate_normal.pdf(X, m, S),
                     "probability where its logarithm"),
    _density_attempt("Sigma for its inverse", _mahalanobis_with(lambda S: S),
                     "used Sigma where its inverse belongs"),
    _density_attempt("only the diagonal", _diagonal_only, "only the variances"),
    _density_attempt("log det without 1/2", _with_distance(_solved, half_log_det=False),
                     "without its factor 1/2"),
    _density_attempt("no 2 pi", _with_distance(_solved, two_pi=False), "log(2 pi) term"),
    _density_attempt("D log 2 pi", lambda X, m, S: multivariate_normal.logpdf(X, m, S)
                     - 0.5 * X.shape[1] * LOG_2PI, "without its factor 1/2"),
    _density_attempt("det, not log det", lambda X, m, S: (
        -0.5 * X.shape[1] * LOG_2PI - 0.5 * np.linalg.det(S)
        - 0.5 * _solved(X - m, np.linalg.cholesky(S))), "determinant |Sigma| itself"),
    _density_attempt("log of the variances for log det", lambda X, m, S: (
        -0.5 * X.shape[1] * LOG_2PI - 0.5 * np.sum(np.log(np.diag(S)))
        - 0.5 * _solved(X - m, np.linalg.cholesky(S))), "sum of the logs of Sigma's diagonal"),
    _density_attempt("summed over samples", lambda X, m, S: multivariate_normal.logpdf(
        X, m, S).sum(), "summed the log-densities over the samples"),
    _density_attempt("not centred", _uncentred_log_density, "subtract the mean"),
    _density_attempt("no lower=True", _with_distance(
        lambda d, L: np.sum(solve_triangular(L, d.T) ** 2, axis=0)), "lower=True"),
    _density_attempt("N x N distances", lambda X, m, S: (
        -0.5 * X.shape[1] * LOG_2PI - 0.5 * np.linalg.slogdet(S)[1]
        - 0.5 * (X - m) @ np.linalg.inv(S) @ (X - m).T), "N x N matrix"),
    _density_attempt("inverse of the variances", _mahalanobis_with(
        lambda S: 1 / S), None),
    _posterior_attempt("no priors", _student_posteriors(_SCORES, np.ones(3)),
                       "left out the priors"),
    _posterior_attempt("prior not logged", np.exp(
        _SCORES + PRIORS - logsumexp(_SCORES + PRIORS, axis=1, keepdims=True)),
        "instead of its log"),
    _posterior_attempt("joint", np.exp(_SCORES) * PRIORS, "did not normalise"),
    _posterior_attempt("log posteriors", np.log(_RIGHT_POSTERIORS, where=_RIGHT_POSTERIORS > 0,
                                                out=np.full_like(_RIGHT_POSTERIORS, -np.inf)),
                       "log-posteriors"),
    _posterior_attempt("axis 0", _student_posteriors(_SCORES, PRIORS, axis=0), "over the samples"),
    _posterior_attempt("transposed", _RIGHT_POSTERIORS.T, "transposed"),
    _posterior_attempt("exp overflow", _naive(_SCORES, PRIORS), "underflows"),
    _posterior_attempt("decisions", np.argmax(_SCORES + np.log(PRIORS), axis=1),
                       "gave the decisions"),
    _posterior_attempt("priors reversed", _student_posteriors(_SCORES, PRIORS[::-1]),
                       "priors in another order"),
    _posterior_attempt("normalise, then multiply", _student_posteriors(_SCORES, np.ones(3))
                       * PRIORS, "without normalising again"),
    _posterior_attempt("classes swapped", _RIGHT_POSTERIORS[:, ::-1], None),
]


(test_a_students_wrong_answer_gets_a_fair_message,
 test_three_quarters_of_the_wrong_answers_are_named) = attempt_tests(ATTEMPTS)


@pytest.mark.parametrize("form", ["list", "float32", "pandas"])
def test_right_answers_in_other_forms_pass(form, capsys):
    convert = {"list": lambda a: np.asarray(a).tolist(),
               "float32": lambda a: np.asarray(a, dtype=np.float32),
               "pandas": lambda a: pd.DataFrame(np.asarray(a))}[form]
    check_class_means(convert(_RIGHT_MEANS), _X_TRAIN, _Y_TRAIN)
    check_posteriors(convert(_RIGHT_POSTERIORS), _SCORES, PRIORS)
    check_class_covariances(np.asarray(_RIGHT_COVARIANCES, dtype=np.float32), _X_TRAIN, _Y_TRAIN)
    check_log_density(lambda X, m, S: np.float32(multivariate_normal.logpdf(X, m, S)),
                      _X_TRAIN, _Y_TRAIN)
    assert capsys.readouterr().out.count("Right") == 4


def test_right_answers_computed_with_pandas_and_scikit_learn_pass(capsys):
    from sklearn.naive_bayes import GaussianNB

    frame = pd.DataFrame(_X_TRAIN).assign(species=_Y_TRAIN)
    check_class_means(frame.groupby("species").mean(), _X_TRAIN, _Y_TRAIN)
    check_class_means(GaussianNB().fit(_X_TRAIN, _Y_TRAIN).theta_, _X_TRAIN, _Y_TRAIN)
    check_class_covariances([frame[frame.species == c].drop(columns="species").cov(ddof=0)
                             for c in np.unique(_Y_TRAIN)], _X_TRAIN, _Y_TRAIN)
    assert capsys.readouterr().out.count("Right") == 3


def test_a_students_answer_is_found_by_its_name(capsys):
    means = _RIGHT_MEANS  # noqa: F841 - looked up by name, as in a notebook
    check_class_means("means", _X_TRAIN, _Y_TRAIN)
    assert capsys.readouterr().out.startswith("Right: `means` matches")
    message = _not_yet(check_class_means, "class_means", _X_TRAIN, _Y_TRAIN,
                       match="`class_means`: not attempted yet")
    assert_no_oracle(message, _RIGHT_MEANS)
    posteriors = None  # noqa: F841 - the answer cell of the student edition, not filled in
    _not_yet(check_posteriors, "posteriors", _SCORES, PRIORS, match="not attempted yet")

    def log_density(X, mean, covariance):
        raise NotImplementedError()

    _not_yet(check_log_density, "log_density", _X_TRAIN, _Y_TRAIN, match="not attempted yet")
