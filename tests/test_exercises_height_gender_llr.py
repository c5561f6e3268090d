"""The checks of the heights / LLR exercise notebook: right answers pass, typical mistakes
are named, other wrong answers get the plain message, and no message shows the right value.

Every mistaken answer here is computed the way a student would make it, independently of
the check's own list of mistakes.
"""

import numpy as np
import pytest
from scipy.stats import multivariate_normal, norm

from lecture_utils.datasets import load_heights
from lecture_utils.exercises.checking import NotYetRight
from lecture_utils.exercises.height_gender_llr import (
    check_height_llr,
    check_naive_posterior,
    check_threshold_height,
)
from lecture_utils.synthetic import make_gaussian_classes

HEIGHTS = load_heights()
X, Y = HEIGHTS.X, HEIGHTS.y
X_SMALL, Y_SMALL = X[:300], Y[:300]
AT = np.array([150.0, 174.0, 190.0])

BINARY = make_gaussian_classes(means=[[0.0, 0.0], [2.0, 1.5]],
                               covariances=[[[1.0, 0.5], [0.5, 1.0]], [[2.5, -0.8], [-0.8, 0.7]]],
                               n_per_class=200, random_state=0, labels=["h0", "h1"])
X2, Y2 = BINARY.X, BINARY.y
POINTS = np.array([[1.0, 1.0], [2.0, 0.0], [0.5, 2.0]])
PRIOR_H1 = 0.25


def shown_forms(value):
    """Ways the right value could appear in a message."""
    values = np.atleast_1d(np.asarray(value, dtype=float))[:3]
    return [form for v in values for form in (str(v), repr(float(v)), f"{v:.3g}", f"{v:.4f}")]


def assert_not_yet(call, phrase, expected):
    with pytest.raises(NotYetRight, match=phrase) as error:
        call()
    message = str(error.value)
    for form in shown_forms(expected):
        assert form not in message, (form, message)
    return message


# ----------------------------------------------------------------------------- exercise 1

def log_gauss(x, sample, ddof=0):
    mean, var = sample.mean(), sample.var(ddof=ddof)
    return -0.5 * np.log(2 * np.pi * var) - (x - mean) ** 2 / (2 * var)


def log_gauss_with_sd(x, sample):
    """The log-density written with the standard deviation where the variance belongs."""
    mean, sd = sample.mean(), sample.std()
    return -0.5 * np.log(2 * np.pi * sd) - (x - mean) ** 2 / (2 * sd)


def exponent_only(x, sample):
    """Only the exponent of the log-density: the normalising term left out."""
    return -(x - sample.mean()) ** 2 / (2 * sample.var())


def right_llr(x, X, y):
    return log_gauss(x, X[y == "M", 0]) - log_gauss(x, X[y == "F", 0])


EXPECTED_LLR = right_llr(AT, X, Y)


def test_right_llr_function_passes(capsys):
    check_height_llr(right_llr, X, Y, AT)
    check_height_llr(right_llr, X_SMALL, Y_SMALL, np.array([155.0, 168.0, 181.0]))
    assert capsys.readouterr().out.count("Right") == 2


def test_scipy_logpdf_with_the_standard_deviation_passes(capsys):
    def with_scipy(x, X, y):
        def log_density(v):
            return norm.logpdf(x, v.mean(), v.std())
        return log_density(X[y == "M", 0]) - log_density(X[y == "F", 0])
    check_height_llr(with_scipy, X, Y, AT)
    assert "Right" in capsys.readouterr().out


@pytest.mark.parametrize("data", [(X, Y), (X_SMALL, Y_SMALL)], ids=["all", "subset"])
@pytest.mark.parametrize("student, phrase", [
    (lambda x, X, y: log_gauss(x, X[y == "F", 0]) - log_gauss(x, X[y == "M", 0]),
     "wrong way round"),
    (lambda x, X, y: (log_gauss(x, X[y == "M", 0]) - log_gauss(x, X[y == "F", 0])) / np.log(10),
     "base-10"),
    (lambda x, X, y: np.exp(log_gauss(x, X[y == "M", 0])) / np.exp(log_gauss(x, X[y == "F", 0])),
     "not its logarithm"),
    (lambda x, X, y: log_gauss(x, X[y == "M", 0], ddof=1) - log_gauss(x, X[y == "F", 0], ddof=1),
     "N_k - 1"),
    (lambda x, X, y: (norm.logpdf(x, X[y == "M", 0].mean(), X[y == "M", 0].var())
                      - norm.logpdf(x, X[y == "F", 0].mean(), X[y == "F", 0].var())),
     "standard deviation belongs"),
    (lambda x, X, y: log_gauss_with_sd(x, X[y == "M", 0]) - log_gauss_with_sd(x, X[y == "F", 0]),
     "standard deviation s_k where the variance"),
    (lambda x, X, y: exponent_only(x, X[y == "M", 0]) - exponent_only(x, X[y == "F", 0]),
     "normalising term"),
    (lambda x, X, y: (log_gauss(x, X[y == "M"]) - log_gauss(x, X[y == "F"]))[:, None],
     "column of shape"),
    (lambda x, X, y: log_gauss(X[:, 0], X[y == "M", 0]) - log_gauss(X[:, 0], X[y == "F", 0]),
     "training heights X"),
], ids=["F over M", "log10", "ratio", "N-1", "variance as scale", "sd for variance",
        "normaliser left out", "column", "at X"])
def test_llr_mistakes_are_named(student, phrase, data):
    X_, y_ = data
    assert_not_yet(lambda: check_height_llr(student, X_, y_, AT), phrase, right_llr(AT, X_, y_))


def test_column_mistake_is_really_a_column():
    def column(x, X, y):
        return (log_gauss(x, X[y == "M"]) - log_gauss(x, X[y == "F"]))[:, None]
    assert column(AT, X, Y).shape == (3, 1)


def test_llr_unrecognised_mistake_gets_the_plain_message():
    message = assert_not_yet(lambda: check_height_llr(lambda x, X, y: right_llr(x, X, y) + 0.1,
                                                      X, Y, AT),
                             "not yet right", EXPECTED_LLR)
    assert "none of the usual mistakes" in message


def test_llr_none_nan_errors_and_non_functions():
    with pytest.raises(NotYetRight, match="still None"):
        check_height_llr(None, X, Y, AT)
    assert_not_yet(lambda: check_height_llr(lambda x, X, y: np.full(3, np.nan), X, Y, AT),
                   "NaN", EXPECTED_LLR)

    def no_return(x, X, y):
        right_llr(x, X, y)
    message = assert_not_yet(lambda: check_height_llr(no_return, X, Y, AT), "returned None",
                             EXPECTED_LLR)
    assert "still None" not in message

    def unfinished(x, X, y):
        raise NotImplementedError()
    with pytest.raises(NotYetRight, match="not written yet"):
        check_height_llr(unfinished, X, Y, AT)
    with pytest.raises(NotYetRight, match="raised KeyError"):
        check_height_llr(lambda x, X, y: {}["M"], X, Y, AT)
    with pytest.raises(NotYetRight, match="should be a function"):
        check_height_llr(EXPECTED_LLR, X, Y, AT)


def test_llr_check_rejects_bad_data():
    with pytest.raises(ValueError, match="2-D"):
        check_height_llr(right_llr, X[:, 0], Y, AT)
    with pytest.raises(ValueError, match="two classes"):
        check_height_llr(right_llr, X[:3], np.array(["F", "M", "X"]), AT)
    with pytest.raises(ValueError, match="1-D array"):
        check_height_llr(right_llr, X, Y, AT[:, None])
    with pytest.raises(ValueError, match="one label per row"):
        check_height_llr(right_llr, X, Y[:-1], AT)


# ----------------------------------------------------------------------------- exercise 2

def quadratic(X, y):
    """a, b, c of llr(x) = log p(x | M) - log p(x | F), from the formula of notebook 02."""
    m, f = X[y == "M", 0], X[y == "F", 0]
    vm, vf = m.var(), f.var()
    a = -0.5 * (1 / vm - 1 / vf)
    b = m.mean() / vm - f.mean() / vf
    c = -0.5 * (m.mean() ** 2 / vm - f.mean() ** 2 / vf) - 0.5 * np.log(vm / vf)
    return a, b, c


def roots_at(level, X=X, y=Y):
    a, b, c = quadratic(X, y)
    lower, upper = np.sort(np.roots([a, b, c - level]).real)
    return lower, upper


PI, Q = 0.1, 0.2
RIGHT_LEVEL = np.log(Q / (1 - Q)) - np.log(PI / (1 - PI))
EXPECTED_HEIGHT = roots_at(RIGHT_LEVEL)[1]


def test_right_threshold_passes(capsys):
    check_threshold_height(EXPECTED_HEIGHT, X, Y, prior=PI, posterior=Q)
    a, b, c = quadratic(X, Y)
    posterior = 1 / (1 + np.exp(-(a * EXPECTED_HEIGHT ** 2 + b * EXPECTED_HEIGHT + c
                                  + np.log(PI / (1 - PI)))))
    assert posterior == pytest.approx(Q)
    assert "Right" in capsys.readouterr().out


@pytest.mark.parametrize("height, phrase", [
    (roots_at(np.log(Q / (1 - Q)) + np.log(PI / (1 - PI)))[1], "added the prior log-odds"),
    (roots_at(np.log((1 - PI) / PI))[1], "threshold of the Bayes decision"),
    (roots_at(np.log(Q / (1 - Q)))[1], "left out the prior"),
    (roots_at(RIGHT_LEVEL)[0], "other root"),
    (roots_at(np.log10(Q / (1 - Q)) - np.log10(PI / (1 - PI)))[1], "base-10"),
    (roots_at(-RIGHT_LEVEL)[1], "opposite sign"),
    (np.array(roots_at(RIGHT_LEVEL)), "both roots"),
    (np.roots([*quadratic(X, Y)[:2], quadratic(X, Y)[2] - RIGHT_LEVEL]), "both roots"),
    (np.array([roots_at(RIGHT_LEVEL)[1]]), "one-element array"),
    (RIGHT_LEVEL, "gave the level"),
    (roots_at(np.log(Q) - np.log(PI))[1], "probabilities where odds belong"),
    (roots_at(np.log(Q / (1 - Q)) - np.log(PI))[1], "subtracted log\\(pi\\)"),
    (np.roots([0.001210, -0.13602, -11.448 - RIGHT_LEVEL]).real.max(), "rounded"),
    (round(EXPECTED_HEIGHT, 2), "rounded"),
], ids=["prior odds inverted", "posterior target forgotten", "prior forgotten", "other root",
        "log10", "level negated", "both roots", "both roots, np.roots", "one-element array",
        "level", "probabilities", "log prior", "printed coefficients", "rounded result"])
def test_threshold_mistakes_are_named(height, phrase):
    assert_not_yet(lambda: check_threshold_height(height, X, Y, prior=PI, posterior=Q),
                   phrase, EXPECTED_HEIGHT)


def test_rounded_answers_are_not_near_the_other_mistakes():
    printed = np.roots([0.001210, -0.13602, -11.448 - RIGHT_LEVEL]).real.max()
    assert 0 < abs(printed - EXPECTED_HEIGHT) < 0.1
    assert abs(roots_at(np.log(Q) - np.log(PI))[1] - EXPECTED_HEIGHT) > 0.1
    assert abs(roots_at(np.log(Q / (1 - Q)) - np.log(PI))[1] - EXPECTED_HEIGHT) > 0.1
    message = assert_not_yet(lambda: check_threshold_height(EXPECTED_HEIGHT - 0.3, X, Y,
                                                            prior=PI, posterior=Q),
                             "not yet right", EXPECTED_HEIGHT)
    assert "rounded" not in message


def test_threshold_other_prior_and_target():
    level = np.log(0.9 / 0.1) - np.log(0.3 / 0.7)
    check_threshold_height(roots_at(level)[1], X, Y, prior=0.3, posterior=0.9)
    assert_not_yet(lambda: check_threshold_height(roots_at(np.log(0.7 / 0.3))[1], X, Y,
                                                  prior=0.3, posterior=0.9),
                   "threshold of the Bayes decision", roots_at(level)[1])


def test_threshold_unrecognised_none_and_nan():
    message = assert_not_yet(lambda: check_threshold_height(170.0, X, Y, prior=PI, posterior=Q),
                             "not yet right", EXPECTED_HEIGHT)
    assert "none of the usual mistakes" in message
    with pytest.raises(NotYetRight, match="still None"):
        check_threshold_height(None, X, Y, prior=PI, posterior=Q)
    assert_not_yet(lambda: check_threshold_height(np.nan, X, Y, prior=PI, posterior=Q),
                   "NaN", EXPECTED_HEIGHT)


def test_threshold_check_rejects_bad_data():
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        check_threshold_height(170.0, X, Y, prior=0.0, posterior=Q)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        check_threshold_height(170.0, X, Y, prior=PI, posterior=1.5)
    with pytest.raises(ValueError, match="number"):
        check_threshold_height(170.0, X, Y, prior="a tenth", posterior=Q)
    with pytest.raises(ValueError, match="1 feature"):
        check_threshold_height(170.0, np.hstack([X, X]), Y, prior=PI, posterior=Q)
    with pytest.raises(ValueError, match="NaN"):
        check_threshold_height(170.0, np.where(X > 200, np.nan, X), Y, prior=PI, posterior=Q)


# ----------------------------------------------------------------------------- exercise 4

def naive_posterior(prior, ddof=0, full=False, full_ddof=0):
    """P(h1 | x) for POINTS, computed as a student would, with scipy's densities."""
    log_lik = []
    for k in ("h0", "h1"):
        sample = X2[Y2 == k]
        if full:
            covariance = np.cov(sample.T, ddof=full_ddof)
        else:
            covariance = np.diag(sample.var(axis=0, ddof=ddof))
        log_lik.append(multivariate_normal(sample.mean(axis=0), covariance).logpdf(POINTS))
    joint0 = log_lik[0] + np.log(1 - prior)
    joint1 = log_lik[1] + np.log(prior)
    return np.exp(joint1 - np.logaddexp(joint0, joint1))


def naive_by_features(transform="posterior", scale_is_variance=False):
    """Naive Bayes from 1-D scipy densities per feature; ``transform`` picks what is returned,
    as a student who stops early (or adds log pi) would."""
    log_lik = []
    for k in ("h0", "h1"):
        sample = X2[Y2 == k]
        scale = sample.var(axis=0) if scale_is_variance else sample.std(axis=0)
        log_lik.append(norm.logpdf(POINTS, sample.mean(axis=0), scale).sum(axis=1))
    llr = log_lik[1] - log_lik[0]
    log_odds = llr + np.log(PRIOR_H1 / (1 - PRIOR_H1))
    return {"posterior": 1 / (1 + np.exp(-log_odds)),
            "log-odds": log_odds,
            "odds": np.exp(log_odds),
            "numerator": norm.pdf(POINTS, X2[Y2 == "h1"].mean(axis=0),
                                  X2[Y2 == "h1"].std(axis=0)).prod(axis=1) * PRIOR_H1,
            "log pi": 1 / (1 + np.exp(-(llr + np.log(PRIOR_H1))))}[transform]


EXPECTED_POSTERIOR = naive_posterior(PRIOR_H1)


def test_right_naive_posterior_passes(capsys):
    check_naive_posterior(EXPECTED_POSTERIOR, POINTS, X2, Y2, prior=PRIOR_H1)
    check_naive_posterior(naive_by_features(), POINTS, X2, Y2, prior=PRIOR_H1)
    assert capsys.readouterr().out.count("Right") == 2


@pytest.mark.parametrize("answer, phrase", [
    (naive_posterior(0.5), "left out the prior"),
    (naive_posterior(1 - PRIOR_H1), "swapped the priors"),
    (1 - naive_posterior(PRIOR_H1), "posterior of the other class"),
    (naive_posterior(PRIOR_H1, full=True), "full covariance"),
    (naive_posterior(PRIOR_H1, full=True, full_ddof=1), "full covariance matrices from np.cov"),
    (naive_posterior(PRIOR_H1, ddof=1), "N_k - 1"),
    (naive_by_features(scale_is_variance=True), "standard deviation belongs"),
    (naive_by_features("log pi"), "added log\\(pi\\)"),
    (naive_by_features("log-odds"), "posterior log-odds"),
    (naive_by_features("odds"), "posterior odds"),
    (naive_by_features("numerator"), "numerator of Bayes' rule"),
    (np.column_stack([1 - naive_posterior(PRIOR_H1), naive_posterior(PRIOR_H1)]),
     "both classes"),
    (np.log(naive_posterior(PRIOR_H1)), "log-probability"),
], ids=["prior forgotten", "priors swapped", "P(h0 | x)", "full covariance", "np.cov",
        "N-1", "variance as scale", "log prior", "log-odds", "odds", "numerator",
        "both columns", "log"])
def test_naive_mistakes_are_named(answer, phrase):
    assert_not_yet(lambda: check_naive_posterior(answer, POINTS, X2, Y2, prior=PRIOR_H1),
                   phrase, EXPECTED_POSTERIOR)


def test_naive_unrecognised_shape_none_and_nan():
    message = assert_not_yet(
        lambda: check_naive_posterior(EXPECTED_POSTERIOR + 0.01, POINTS, X2, Y2, prior=PRIOR_H1),
        "not yet right", EXPECTED_POSTERIOR)
    assert "none of the usual mistakes" in message
    assert_not_yet(lambda: check_naive_posterior(EXPECTED_POSTERIOR[:, None], POINTS, X2, Y2,
                                                 prior=PRIOR_H1),
                   "broadcast", EXPECTED_POSTERIOR)
    with pytest.raises(NotYetRight, match="still None"):
        check_naive_posterior(None, POINTS, X2, Y2, prior=PRIOR_H1)
    assert_not_yet(lambda: check_naive_posterior([np.nan, 0.5, 0.5], POINTS, X2, Y2,
                                                 prior=PRIOR_H1),
                   "NaN", EXPECTED_POSTERIOR)


def test_naive_check_rejects_bad_data():
    with pytest.raises(ValueError, match="points must be"):
        check_naive_posterior(EXPECTED_POSTERIOR, POINTS[:, :1], X2, Y2, prior=PRIOR_H1)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        check_naive_posterior(EXPECTED_POSTERIOR, POINTS, X2, Y2, prior=1.0)
    with pytest.raises(ValueError, match="at least 3 samples"):
        check_naive_posterior(EXPECTED_POSTERIOR, POINTS, X2[198:202], Y2[198:202],
                              prior=PRIOR_H1)


# ----------------------------------------------------------------------------- wrong answers as
# students write them: named, fairly described, never an oracle

from exercise_attempts import Attempt, attempt_tests  # noqa: E402


def _llr_attempt(what, student, phrase):
    return Attempt("check_height_llr", what, lambda: check_height_llr(student, X, Y, AT), phrase,
                   EXPECTED_LLR)


def _threshold_attempt(what, height, phrase):
    return Attempt("check_threshold_height", what,
                   lambda: check_threshold_height(height, X, Y, prior=PI, posterior=Q), phrase,
                   EXPECTED_HEIGHT, height)


def _naive_attempt(what, answer, phrase):
    return Attempt("check_naive_posterior", what,
                   lambda: check_naive_posterior(answer, POINTS, X2, Y2, prior=PRIOR_H1), phrase,
                   EXPECTED_POSTERIOR, answer)


def _pooled_llr(x, X, y):
    """Both classes with the pooled within-class variance (as LDA would)."""
    m, f = X[y == "M", 0], X[y == "F", 0]
    pooled = (np.sum((m - m.mean()) ** 2) + np.sum((f - f.mean()) ** 2)) / len(X)
    return (norm.logpdf(x, m.mean(), np.sqrt(pooled)) - norm.logpdf(x, f.mean(), np.sqrt(pooled)))


ATTEMPTS = [
    _llr_attempt("F over M", lambda x, X, y: log_gauss(x, X[y == "F", 0])
                 - log_gauss(x, X[y == "M", 0]), "wrong way round"),
    _llr_attempt("log10", lambda x, X, y: right_llr(x, X, y) / np.log(10), "base-10"),
    _llr_attempt("density ratio", lambda x, X, y: np.exp(right_llr(x, X, y)),
                 "not its logarithm"),
    _llr_attempt("pandas var", lambda x, X, y: log_gauss(x, X[y == "M", 0], ddof=1)
                 - log_gauss(x, X[y == "F", 0], ddof=1), "N_k - 1"),
    _llr_attempt("variance as scale", lambda x, X, y: (
        norm.logpdf(x, X[y == "M", 0].mean(), X[y == "M", 0].var())
        - norm.logpdf(x, X[y == "F", 0].mean(), X[y == "F", 0].var())),
        "standard deviation belongs"),
    _llr_attempt("sd for variance", lambda x, X, y: log_gauss_with_sd(x, X[y == "M", 0])
                 - log_gauss_with_sd(x, X[y == "F", 0]), "where the variance"),
    _llr_attempt("exponents only", lambda x, X, y: exponent_only(x, X[y == "M", 0])
                 - exponent_only(x, X[y == "F", 0]), "normalising term"),
    _llr_attempt("column", lambda x, X, y: right_llr(x, X, y)[:, None], "column of shape"),
    _llr_attempt("at X", lambda x, X, y: right_llr(X[:, 0], X, y), "training heights X"),
    _llr_attempt("pooled variance", _pooled_llr, "pooled"),
    _llr_attempt("summed", lambda x, X, y: right_llr(x, X, y).sum(), "added up the LLR"),
    _llr_attempt("variance of all heights", lambda x, X, y: (
        norm.logpdf(x, X[y == "M", 0].mean(), X.std()) - norm.logpdf(x, X[y == "F", 0].mean(),
                                                                     X.std())),
        "variance of all heights"),
    _llr_attempt("medians for means", lambda x, X, y: (
        norm.logpdf(x, np.median(X[y == "M", 0]), X[y == "M", 0].std())
        - norm.logpdf(x, np.median(X[y == "F", 0]), X[y == "F", 0].std())), None),
    _threshold_attempt("prior odds added", roots_at(np.log(Q / (1 - Q)) + np.log(PI / (1 - PI)))[1],
                       "added the prior log-odds"),
    _threshold_attempt("Bayes threshold", roots_at(np.log((1 - PI) / PI))[1],
                       "threshold of the Bayes decision"),
    _threshold_attempt("no prior", roots_at(np.log(Q / (1 - Q)))[1], "left out the prior"),
    _threshold_attempt("other root", roots_at(RIGHT_LEVEL)[0], "other root"),
    _threshold_attempt("log10", roots_at(np.log10(Q / (1 - Q)) - np.log10(PI / (1 - PI)))[1],
                       "base-10"),
    _threshold_attempt("level negated", roots_at(-RIGHT_LEVEL)[1], "opposite sign"),
    _threshold_attempt("the level", RIGHT_LEVEL, "gave the level"),
    _threshold_attempt("llr = 0", roots_at(0.0)[1], "solved llr(x) = 0"),
    _threshold_attempt("probabilities", roots_at(np.log(Q) - np.log(PI))[1],
                       "probabilities where odds belong"),
    _threshold_attempt("printed coefficients",
                       np.roots([0.001210, -0.13602, -11.448 - RIGHT_LEVEL]).real.max(),
                       "as notebook 02 prints them"),
    _threshold_attempt("read off the table", round(EXPECTED_HEIGHT, 1), "rounded"),
    _threshold_attempt("a guess", 170.0, None),
    _naive_attempt("no prior", naive_posterior(0.5), "left out the prior"),
    _naive_attempt("priors swapped", naive_posterior(1 - PRIOR_H1), "swapped the priors"),
    _naive_attempt("P(h0 | x)", 1 - EXPECTED_POSTERIOR, "posterior of the other class"),
    _naive_attempt("full covariance", naive_posterior(PRIOR_H1, full=True), "full covariance"),
    _naive_attempt("N - 1", naive_posterior(PRIOR_H1, ddof=1), "N_k - 1"),
    _naive_attempt("variance as scale", naive_by_features(scale_is_variance=True),
                   "standard deviation belongs"),
    _naive_attempt("log-odds", naive_by_features("log-odds"), "posterior log-odds"),
    _naive_attempt("numerator only", naive_by_features("numerator"), "numerator of Bayes' rule"),
    _naive_attempt("both columns", np.column_stack([1 - EXPECTED_POSTERIOR, EXPECTED_POSTERIOR]),
                   "both classes"),
    _naive_attempt("log posterior", np.log(EXPECTED_POSTERIOR), "log-probability"),
    _naive_attempt("rounded", EXPECTED_POSTERIOR.round(3), "rounded"),
    _naive_attempt("posterior of another point set", naive_posterior(PRIOR_H1)[::-1], None),
]


(test_a_students_wrong_answer_gets_a_fair_message,
 test_three_quarters_of_the_wrong_answers_are_named) = attempt_tests(ATTEMPTS)


def test_right_answers_in_other_forms_pass(capsys):
    check_threshold_height(np.float32(EXPECTED_HEIGHT), X, Y, prior=PI, posterior=Q)
    check_naive_posterior(EXPECTED_POSTERIOR.astype(np.float32).tolist(), POINTS, X2, Y2,
                          prior=PRIOR_H1)
    check_height_llr(lambda x, X, y: right_llr(x, X, y).astype(np.float32), X, Y, AT)
    assert capsys.readouterr().out.count("Right") == 3


def test_right_answers_computed_with_scikit_learn_pass(capsys):
    from sklearn.naive_bayes import GaussianNB

    model = GaussianNB(priors=[1 - PRIOR_H1, PRIOR_H1]).fit(X2, Y2)
    check_naive_posterior(model.predict_proba(POINTS)[:, 1], POINTS, X2, Y2, prior=PRIOR_H1)
    assert "Right" in capsys.readouterr().out


def test_the_threshold_message_depends_on_the_answer_only():
    """No oracle: heights on a grid around the answer, none a typical mistake, get one
    message for full-precision heights and one for heights with a decimal, whatever their
    distance from the answer (the student's own value aside)."""
    messages = {}
    for offset in (-3.1415926, -0.3183098, -0.0271828, 0.0271828, 0.3183098, 3.1415926):
        for height in (EXPECTED_HEIGHT + offset, round(EXPECTED_HEIGHT + offset, 1)):
            with pytest.raises(NotYetRight) as caught:
                check_threshold_height(height, X, Y, prior=PI, posterior=Q)
            text = str(caught.value).replace(f"{height:.6g}", "<yours>")
            messages.setdefault(height == round(height, 1), set()).add(text)
    assert [len(texts) for texts in messages.values()] == [1, 1], messages
