"""The checks of the C-vs-Python exercise notebook: right answers pass, typical mistakes are
named, anything else gets the plain message, and no message shows the expected value."""

import numpy as np
import pytest
from scipy.special import gammaln, logsumexp
from scipy.stats import multinomial

from lecture_utils.datasets import load_code_corpus, load_code_punctuation
from lecture_utils.exercises.c_vs_python import (
    check_llr_of_script,
    check_llr_weights,
    check_log_posterior,
    check_ml_frequencies,
    check_multinomial_log_likelihood,
)
from lecture_utils.exercises.checking import NotYetRight

TRAIN = load_code_punctuation("train")
TEST = load_code_punctuation("test")
CORPUS = load_code_corpus()
X_LONG = CORPUS.X[CORPUS.X.sum(axis=1).argmax()]
ALPHA = 1.0


# ---------------------------------------------------------------- answers, computed by hand

def pooled(X, y):
    """N_k,j (rows C, Python) and the number of files of each class."""
    classes = np.unique(y)
    return (np.array([X[y == k].sum(axis=0) for k in classes]).astype(float),
            np.array([np.sum(y == k) for k in classes], dtype=float))


N_KJ, FILES = pooled(TRAIN.X, TRAIN.y)
THETA = N_KJ / N_KJ.sum(axis=1, keepdims=True)
THETA_A = (N_KJ + ALPHA) / (N_KJ.sum(axis=1, keepdims=True) + ALPHA * 7)
B = np.log(THETA_A[0]) - np.log(THETA_A[1])
X2 = TEST.X[1]
LLR_X2 = float(X2 @ B)
PRIORS = FILES / FILES.sum()


def log_likelihood_right(x, theta):
    return gammaln(x.sum() + 1) - gammaln(x + 1).sum() + np.log(theta) @ x



# ---------------------------------------------------------------- helpers

def leaked_forms(expected):
    """Ways the expected value could appear in a message."""
    expected = np.atleast_1d(np.asarray(expected, dtype=float)).ravel()
    forms = set()
    for v in expected[np.isfinite(expected)][:4]:
        if abs(v) < 1e-12:
            continue
        forms |= {str(v), repr(v), f"{v:.3g}", f"{v:.4f}", f"{v:.6g}", f"{v:.2f}"}
    return {f for f in forms if f not in {"0.00", "-0.00", "1.00", "0.0000"}}


def message_of(check, *args, expected, **kwargs):
    with pytest.raises(NotYetRight) as error:
        check(*args, **kwargs)
    message = str(error.value)
    for form in leaked_forms(expected):
        assert form not in message, f"the message shows the expected value ({form}): {message}"
    return message


def assert_right(capsys, check, *args, **kwargs):
    check(*args, **kwargs)
    assert capsys.readouterr().out.startswith("Right:")


# ---------------------------------------------------------------- exercise 1: theta

def test_theta_right(capsys):
    assert_right(capsys, check_ml_frequencies, THETA, TRAIN.X, TRAIN.y)


def per_file_average():
    rows = []
    for k in np.unique(TRAIN.y):
        files = TRAIN.X[TRAIN.y == k].astype(float)
        rows.append((files / files.sum(axis=1, keepdims=True)).mean(axis=0))
    return np.array(rows)


@pytest.mark.parametrize("wrong, phrase", [
    (N_KJ / N_KJ.sum(axis=0), "normalised over the classes"),
    (N_KJ, "counts N_k,j, not frequencies"),
    (THETA.T, "transposed"),
    (THETA[::-1], "other order"),
    (N_KJ / N_KJ.sum(), "total number of symbols of all classes"),
    (N_KJ / FILES[:, None], "number of files"),
    (per_file_average(), "averaged the frequencies of each file"),
    (TRAIN.X / TRAIN.X.sum(axis=1, keepdims=True), "one row per file"),
    (np.log(THETA), "log-probability where the probability"),
    ((N_KJ + 1) / (N_KJ.sum(axis=1, keepdims=True) + 7), "pseudo-count of 1"),
    (THETA.round(3), "looks like you rounded it"),
    (THETA.round(4), "looks like you rounded it"),
])
def test_theta_mistakes_are_named(wrong, phrase):
    message = message_of(check_ml_frequencies, wrong, TRAIN.X, TRAIN.y, expected=THETA)
    assert phrase in message


def test_theta_unrecognised_none_nan():
    message = message_of(check_ml_frequencies, THETA + 0.01, TRAIN.X, TRAIN.y, expected=THETA)
    assert "not yet right" in message and "none of the usual mistakes" in message
    assert "still None" in message_of(check_ml_frequencies, None, TRAIN.X, TRAIN.y,
                                      expected=THETA)
    assert "NaN" in message_of(check_ml_frequencies, np.full((2, 7), np.nan), TRAIN.X, TRAIN.y,
                               expected=THETA)


def test_theta_shape_that_broadcasts_is_reported():
    message = message_of(check_ml_frequencies, THETA[:, :1], TRAIN.X, TRAIN.y, expected=THETA)
    assert "broadcast" in message


# ---------------------------------------------------------------- exercise 3: b and llr(x2)

def test_weights_right(capsys):
    assert_right(capsys, check_llr_weights, B, TRAIN.X, TRAIN.y, alpha=ALPHA, numerator="C")


@pytest.mark.parametrize("wrong, phrase", [
    (-B, "wrong way round"),
    (np.log10(THETA_A[0]) - np.log10(THETA_A[1]), "base-10"),
    (THETA_A[0] / THETA_A[1], "not its logarithm"),
    (np.log(THETA[0]) - np.log(THETA[1]), "ignored the pseudo-count"),
    (np.log(N_KJ[0] / (N_KJ[0].sum() + 7 * ALPHA)) - np.log(N_KJ[1] / (N_KJ[1].sum() + 7 * ALPHA)),
     "class totals N_k only"),
    (np.log((N_KJ[0] + ALPHA) / (N_KJ[1] + ALPHA)), "without dividing by the class totals"),
    (np.log((N_KJ[0] + ALPHA) / N_KJ[0].sum()) - np.log((N_KJ[1] + ALPHA) / N_KJ[1].sum()),
     "left the totals N_k as they were"),
    (np.log((N_KJ[0] + ALPHA) / (N_KJ[0].sum() + ALPHA))
     - np.log((N_KJ[1] + ALPHA) / (N_KJ[1].sum() + ALPHA)), "only one α to the total"),
    (B.round(2), "looks like you rounded it"),
])
def test_weights_mistakes_are_named(wrong, phrase):
    message = message_of(check_llr_weights, wrong, TRAIN.X, TRAIN.y, alpha=ALPHA, numerator="C",
                         expected=B)
    assert phrase in message


def test_weights_unrecognised_none_nan():
    message = message_of(check_llr_weights, B * 1.1, TRAIN.X, TRAIN.y, alpha=ALPHA, expected=B)
    assert "none of the usual mistakes" in message
    assert "still None" in message_of(check_llr_weights, None, TRAIN.X, TRAIN.y, alpha=ALPHA,
                                      expected=B)
    assert "NaN" in message_of(check_llr_weights, B * np.nan, TRAIN.X, TRAIN.y, alpha=ALPHA,
                               expected=B)


def test_weights_without_pseudo_counts_and_python_on_top(capsys):
    b_ml = np.log(THETA[1]) - np.log(THETA[0])
    assert_right(capsys, check_llr_weights, b_ml, TRAIN.X, TRAIN.y, numerator="Python")


def test_llr_right(capsys):
    assert_right(capsys, check_llr_of_script, LLR_X2, X2, TRAIN.X, TRAIN.y, alpha=ALPHA,
                 name="llr_x2")


@pytest.mark.parametrize("wrong, phrase", [
    (-LLR_X2, "wrong way round"),
    (LLR_X2 / np.log(10), "base-10"),
    (np.exp(LLR_X2), "not its logarithm"),
    (B.sum(), "without multiplying each by its count"),
    (LLR_X2 + np.log(4 / 3), "log prior odds"),
    (X2 @ np.log((N_KJ[0] + ALPHA) / (N_KJ[1] + ALPHA)), "ratios of the counts"),
    (X2 @ (np.log(THETA[0]) - np.log(THETA[1])), "ignored the pseudo-count"),
    (1 / (1 + np.exp(-LLR_X2)), "σ(llr(x))"),
    (X2 * B, "did not add the products up"),
    (TEST.X[1:2] @ B, "array with one entry"),
    (X2 @ (np.log(N_KJ[0] / (N_KJ[0].sum() + 7 * ALPHA))
           - np.log(N_KJ[1] / (N_KJ[1].sum() + 7 * ALPHA))), "class totals N_k only"),
    (X2 @ (np.log((N_KJ[0] + ALPHA) / N_KJ[0].sum()) - np.log((N_KJ[1] + ALPHA) / N_KJ[1].sum())),
     "left the totals N_k as they were"),
    (X2 @ (np.log((N_KJ[0] + ALPHA) / (N_KJ[0].sum() + ALPHA))
           - np.log((N_KJ[1] + ALPHA) / (N_KJ[1].sum() + ALPHA))), "only one α to the total"),
    (round(LLR_X2, 2), "looks like you rounded it"),
])
def test_llr_mistakes_are_named(wrong, phrase):
    message = message_of(check_llr_of_script, wrong, X2, TRAIN.X, TRAIN.y, alpha=ALPHA,
                         name="llr_x2", expected=LLR_X2)
    assert phrase in message and "`llr_x2`" in message


def test_llr_unrecognised_none_nan():
    message = message_of(check_llr_of_script, LLR_X2 + 0.5, X2, TRAIN.X, TRAIN.y, alpha=ALPHA,
                         expected=LLR_X2)
    assert "none of the usual mistakes" in message
    assert "still None" in message_of(check_llr_of_script, None, X2, TRAIN.X, TRAIN.y,
                                      expected=LLR_X2)
    assert "NaN" in message_of(check_llr_of_script, float("nan"), X2, TRAIN.X, TRAIN.y,
                               alpha=ALPHA, expected=LLR_X2)


# ---------------------------------------------------------------- exercise 4: log-likelihood

X_CALLS = np.vstack([X_LONG, TEST.X])                    # X_post of the notebook
EXPECTED_LL = np.array([log_likelihood_right(x, THETA) for x in X_CALLS])


def test_log_likelihood_right(capsys):
    assert_right(capsys, check_multinomial_log_likelihood, log_likelihood_right, TRAIN.X, TRAIN.y,
                 X_CALLS)


def no_coefficient(x, theta):
    return np.log(theta) @ x


def coefficient_subtracted(x, theta):
    return -(gammaln(x.sum() + 1) - gammaln(x + 1).sum()) + np.log(theta) @ x


def only_log_s_factorial(x, theta):
    return gammaln(x.sum() + 1) + np.log(theta) @ x


def base_10(x, theta):
    return (gammaln(x.sum() + 1) - gammaln(x + 1).sum()) / np.log(10) + np.log10(theta) @ x


def plain_product(x, theta):
    return np.prod(theta ** x, axis=1)


def probability_with_coefficient(x, theta):
    return np.exp(log_likelihood_right(x, theta))


def gammaln_of_n(x, theta):
    with np.errstate(invalid="ignore"):
        return gammaln(x.sum()) - gammaln(x).sum() + np.log(theta) @ x


def log10_for_theta_only(x, theta):
    return gammaln(x.sum() + 1) - gammaln(x + 1).sum() + np.log10(theta) @ x


def with_log_prior(x, theta):
    return log_likelihood_right(x, theta) + np.log(PRIORS)


def log_of_the_product(x, theta):
    with np.errstate(divide="ignore"):
        return np.log(np.prod(theta ** x, axis=1))


def log_of_scipy_probability(x, theta):
    with np.errstate(divide="ignore"):
        return np.log(multinomial.pmf(x, x.sum(), theta))


def rounded_to_two(x, theta):
    return np.round(log_likelihood_right(x, theta), 2)


@pytest.mark.parametrize("function, phrase", [
    (no_coefficient, "left out the multinomial coefficient"),
    (coefficient_subtracted, "subtracted the log multinomial coefficient"),
    (only_log_s_factorial, "log s! alone"),
    (base_10, "base-10"),
    (plain_product, "underflows to 0"),
    (probability_with_coefficient, "probability where its logarithm"),
    (gammaln_of_n, "gammaln(n), which is log (n − 1)!"),
    (log10_for_theta_only, "base-10 logarithms for θ"),
    (with_log_prior, "added the log prior"),
    (log_of_the_product, "log of the product"),
    (log_of_scipy_probability, "log of the probability after computing it"),
    (rounded_to_two, "looks like you rounded it"),
])
def test_log_likelihood_mistakes_are_named(function, phrase):
    message = message_of(check_multinomial_log_likelihood, function, TRAIN.X, TRAIN.y, X_CALLS,
                         expected=EXPECTED_LL)
    assert phrase in message


def test_log_likelihood_unrecognised_unwritten_failing_and_wrong_shape():
    message = message_of(check_multinomial_log_likelihood,
                         lambda x, theta: log_likelihood_right(x, theta) + 1.0,
                         TRAIN.X, TRAIN.y, X_CALLS, expected=EXPECTED_LL)
    assert "none of the usual mistakes" in message

    def unwritten(x, theta):
        raise NotImplementedError()

    assert "not written yet" in message_of(check_multinomial_log_likelihood, unwritten, TRAIN.X,
                                           TRAIN.y, X_CALLS, expected=EXPECTED_LL)
    assert "raised ZeroDivisionError" in message_of(
        check_multinomial_log_likelihood, lambda x, theta: 1 / 0, TRAIN.X, TRAIN.y, X_CALLS,
        expected=EXPECTED_LL)
    assert "shape (2,)" in message_of(
        check_multinomial_log_likelihood, lambda x, theta: np.log(theta) * x, TRAIN.X, TRAIN.y,
        X_CALLS, expected=EXPECTED_LL)

    def no_return(x, theta):
        log_likelihood_right(x, theta)

    assert "returned None" in message_of(check_multinomial_log_likelihood, no_return, TRAIN.X,
                                         TRAIN.y, X_CALLS, expected=EXPECTED_LL)
    assert "still None" in message_of(check_multinomial_log_likelihood, None, TRAIN.X, TRAIN.y,
                                      X_CALLS, expected=EXPECTED_LL) \
        or "should be a function" in message_of(check_multinomial_log_likelihood, None, TRAIN.X,
                                                TRAIN.y, X_CALLS, expected=EXPECTED_LL)
    assert "NaN" in message_of(check_multinomial_log_likelihood,
                               lambda x, theta: np.full(2, np.nan), TRAIN.X, TRAIN.y, X_CALLS,
                               expected=EXPECTED_LL)


def test_log_likelihood_other_data_and_a_zero_probability(capsys):
    """The data of the notebook's hidden test: every other corpus file trains."""
    assert_right(capsys, check_multinomial_log_likelihood, log_likelihood_right, CORPUS.X[::2],
                 CORPUS.y[::2], CORPUS.X[1::25])


# ---------------------------------------------------------------- exercise 4: log posterior

X_POST = X_CALLS                     # rows x_long, x1, x2, as in the notebook
LOG_LIK_POST = np.array([log_likelihood_right(x, THETA) for x in X_POST])
G_POST = LOG_LIK_POST + np.log(PRIORS)
LOG_POST = G_POST - logsumexp(G_POST, axis=1, keepdims=True)


def normalise(g):
    return g - logsumexp(g, axis=1, keepdims=True)


def by_hand(g, g_max):
    """g − (g_max + log Σ_k exp(g_k − g_max)), as a student writes it, underflow and all."""
    with np.errstate(divide="ignore"):
        return g - (g_max + np.log(np.sum(np.exp(g - g_max), axis=1, keepdims=True)))


def test_log_posterior_right(capsys):
    assert_right(capsys, check_log_posterior, LOG_POST, X_POST, TRAIN.X, TRAIN.y)
    assert_right(capsys, check_log_posterior, by_hand(G_POST, G_POST.max(axis=1, keepdims=True)),
                 X_POST, TRAIN.X, TRAIN.y)


@pytest.mark.parametrize("wrong, phrase", [
    (normalise(LOG_LIK_POST + np.log(0.5)), "left out the prior"),
    (normalise(LOG_LIK_POST + np.log(PRIORS[::-1])), "priors in the other order"),
    (normalise(LOG_LIK_POST + PRIORS), "prior π_k itself, not its log"),
    (G_POST, "without normalising"),
    (G_POST - G_POST.max(axis=1, keepdims=True), "left out log Σ_k exp(g_k − g_max)"),
    (np.exp(LOG_POST), "probability where its logarithm"),
    (by_hand(G_POST, 0.0), "underflowed to 0"),
    (by_hand(G_POST, G_POST.max()), "one maximum shared by all files"),
    (G_POST - logsumexp(G_POST, axis=0, keepdims=True), "over the files (axis=0)"),
    (G_POST - logsumexp(G_POST), "over all entries at once"),
    (LOG_POST / np.log(10), "base-10"),
    (LOG_POST.round(3), "looks like you rounded it"),
])
def test_log_posterior_mistakes_are_named(wrong, phrase):
    message = message_of(check_log_posterior, wrong, X_POST, TRAIN.X, TRAIN.y, expected=LOG_POST)
    assert phrase in message


def test_log_posterior_unrecognised_none_and_the_plain_formulas_nan():
    message = message_of(check_log_posterior, LOG_POST - 1.0, X_POST, TRAIN.X, TRAIN.y,
                         expected=LOG_POST)
    assert "none of the usual mistakes" in message
    assert "still None" in message_of(check_log_posterior, None, X_POST, TRAIN.X, TRAIN.y,
                                      expected=LOG_POST)
    product = np.prod(THETA ** X_POST[:, None, :], axis=2) * PRIORS   # x_long: 0 in both classes
    with np.errstate(invalid="ignore", divide="ignore"):
        plain = np.log(product / product.sum(axis=1, keepdims=True))  # 0 / 0 for x_long
    assert np.all(np.isnan(plain[0]))
    assert "NaN" in message_of(check_log_posterior, plain, X_POST, TRAIN.X, TRAIN.y,
                               expected=LOG_POST)


def test_log_posterior_of_one_file(capsys):
    """A single count vector gives shape (K,); g − g_max is caught on a short script only."""
    assert_right(capsys, check_log_posterior, LOG_POST[0], X_LONG, TRAIN.X, TRAIN.y)
    assert "left out the prior" in message_of(
        check_log_posterior, normalise(LOG_LIK_POST[:1] + np.log(0.5))[0], X_LONG, TRAIN.X,
        TRAIN.y, expected=LOG_POST[0])
    g = G_POST[1]
    assert "left out log Σ_k exp" in message_of(check_log_posterior, g - g.max(), TEST.X[0],
                                                TRAIN.X, TRAIN.y, expected=LOG_POST[1])


def test_log_posterior_with_given_priors(capsys):
    g = LOG_LIK_POST + np.log([0.5, 0.5])
    assert_right(capsys, check_log_posterior, normalise(g), X_POST, TRAIN.X, TRAIN.y,
                 priors=[0.5, 0.5])


# ---------------------------------------------------------------- bad inputs to the checks

@pytest.mark.parametrize("call, phrase", [
    (lambda: check_ml_frequencies(THETA, TRAIN.X[:, 0], TRAIN.y), "2-D array"),
    (lambda: check_ml_frequencies(THETA, -TRAIN.X, TRAIN.y), "non-negative"),
    (lambda: check_ml_frequencies(THETA, TRAIN.X, TRAIN.y[:3]), "one label per row"),
    (lambda: check_ml_frequencies(THETA, TRAIN.X, np.full(7, "C")), "two classes"),
    (lambda: check_llr_weights(B, TRAIN.X, TRAIN.y, alpha=-1.0), "alpha"),
    (lambda: check_llr_weights(B, TRAIN.X, TRAIN.y, numerator="Java"), "numerator"),
    (lambda: check_llr_of_script(LLR_X2, X2[:3], TRAIN.X, TRAIN.y), "length 7"),
    (lambda: check_multinomial_log_likelihood(log_likelihood_right, TRAIN.X, TRAIN.y,
                                              X_CALLS[:, :3]), "same symbols"),
    (lambda: check_log_posterior(LOG_POST, X_POST, TRAIN.X, TRAIN.y, priors=[0.9, 0.9]),
     "sum"),
    (lambda: check_log_posterior(LOG_POST, X_POST[:, :3], TRAIN.X, TRAIN.y), "same symbols"),
])
def test_bad_inputs_to_the_checks_raise_value_error(call, phrase):
    with pytest.raises(ValueError, match=phrase):
        call()


# ---------------------------------------------------------------- wrong answers as students
# write them: named, fairly described, never an oracle

from exercise_attempts import Attempt, attempt_tests  # noqa: E402


def _theta_attempt(what, answer, phrase):
    return Attempt("check_ml_frequencies", what,
                   lambda: check_ml_frequencies(answer, TRAIN.X, TRAIN.y), phrase, THETA, answer)


def _b_attempt(what, answer, phrase):
    return Attempt("check_llr_weights", what,
                   lambda: check_llr_weights(answer, TRAIN.X, TRAIN.y, alpha=ALPHA), phrase, B,
                   answer)


def _llr_attempt(what, answer, phrase):
    return Attempt("check_llr_of_script", what,
                   lambda: check_llr_of_script(answer, X2, TRAIN.X, TRAIN.y, alpha=ALPHA,
                                               name="llr_x2"), phrase, LLR_X2, answer)


def _loglik_attempt(what, function, phrase):
    return Attempt("check_multinomial_log_likelihood", what,
                   lambda: check_multinomial_log_likelihood(function, TRAIN.X, TRAIN.y, X_CALLS),
                   phrase, EXPECTED_LL)


def _posterior_attempt(what, answer, phrase):
    return Attempt("check_log_posterior", what,
                   lambda: check_log_posterior(answer, X_POST, TRAIN.X, TRAIN.y), phrase,
                   LOG_POST, answer)


THETA_POOLED_FILES = TRAIN.X / TRAIN.X.sum(axis=1, keepdims=True)

ATTEMPTS = [
    _theta_attempt("over the classes", N_KJ / N_KJ.sum(axis=0), "normalised over the classes"),
    _theta_attempt("counts", N_KJ, "counts N_k,j"),
    _theta_attempt("transposed", THETA.T, "transposed"),
    _theta_attempt("Python first", THETA[::-1], "another order"),
    _theta_attempt("grand total", N_KJ / N_KJ.sum(), "all classes together"),
    _theta_attempt("per file mean count", N_KJ / FILES[:, None], "number of files"),
    _theta_attempt("average of file frequencies", per_file_average(), "each file separately"),
    _theta_attempt("one row per file", THETA_POOLED_FILES, "one row per file"),
    _theta_attempt("logs", np.log(THETA), "log-probability"),
    _theta_attempt("Laplace", (N_KJ + 1) / (N_KJ.sum(axis=1, keepdims=True) + 7),
                   "pseudo-count of 1"),
    _theta_attempt("rounded as printed", THETA.round(4), "rounded"),
    _theta_attempt("square-rooted", np.sqrt(THETA), None),
    _b_attempt("Python on top", -B, "wrong way round"),
    _b_attempt("log10", np.log10(THETA_A[0]) - np.log10(THETA_A[1]), "base-10"),
    _b_attempt("ratio", THETA_A[0] / THETA_A[1], "not its logarithm"),
    _b_attempt("no alpha", np.log(THETA[0]) - np.log(THETA[1]), "ignored the pseudo-count"),
    _b_attempt("totals only", np.log(N_KJ[0] / (N_KJ[0].sum() + 7 * ALPHA))
               - np.log(N_KJ[1] / (N_KJ[1].sum() + 7 * ALPHA)), "class totals N_k only"),
    _b_attempt("counts ratio", np.log((N_KJ[0] + ALPHA) / (N_KJ[1] + ALPHA)),
               "without dividing by the class totals"),
    _b_attempt("totals unchanged", np.log((N_KJ[0] + ALPHA) / N_KJ[0].sum())
               - np.log((N_KJ[1] + ALPHA) / N_KJ[1].sum()), "left the totals N_k as they were"),
    _b_attempt("one alpha in the total", np.log((N_KJ[0] + ALPHA) / (N_KJ[0].sum() + ALPHA))
               - np.log((N_KJ[1] + ALPHA) / (N_KJ[1].sum() + ALPHA)), "only one α"),
    _b_attempt("rounded", B.round(2), "rounded"),
    _b_attempt("difference of probabilities", THETA_A[0] - THETA_A[1], None),
    _llr_attempt("Python on top", -LLR_X2, "wrong way round"),
    _llr_attempt("log10", LLR_X2 / np.log(10), "base-10"),
    _llr_attempt("ratio", np.exp(LLR_X2), "not its logarithm"),
    _llr_attempt("weights summed", B.sum(), "without multiplying each by its count"),
    _llr_attempt("log prior odds added", LLR_X2 + np.log(4 / 3), "log prior odds"),
    _llr_attempt("counts ratio", X2 @ np.log((N_KJ[0] + ALPHA) / (N_KJ[1] + ALPHA)),
                 "ratios of the counts"),
    _llr_attempt("sigmoid", 1 / (1 + np.exp(-LLR_X2)), "σ(llr(x))"),
    _llr_attempt("not summed", X2 * B, "did not add the products up"),
    _llr_attempt("one-entry array", TEST.X[1:2] @ B, "array with one entry"),
    _llr_attempt("rounded", round(LLR_X2, 2), "rounded"),
    _llr_attempt("the other script", float(TEST.X[0] @ B), None),
    _loglik_attempt("no coefficient", no_coefficient, "left out the multinomial coefficient"),
    _loglik_attempt("coefficient subtracted", coefficient_subtracted, "subtracted the log"),
    _loglik_attempt("log s! only", only_log_s_factorial, "log s! alone"),
    _loglik_attempt("log10", base_10, "base-10"),
    _loglik_attempt("product", plain_product, "underflows to 0"),
    _loglik_attempt("gammaln(n)", gammaln_of_n, "gammaln(n)"),
    _loglik_attempt("log prior", with_log_prior, "added the log prior"),
    _loglik_attempt("log of product", log_of_the_product, "log of the product"),
    _loglik_attempt("rounded", rounded_to_two, "rounded"),
    _loglik_attempt("sum without counts", lambda x, theta: np.log(theta).sum(axis=1), None),
    _posterior_attempt("no prior", normalise(LOG_LIK_POST + np.log(0.5)), "left out the prior"),
    _posterior_attempt("priors reversed", normalise(LOG_LIK_POST + np.log(PRIORS[::-1])),
                       "priors in the other order"),
    _posterior_attempt("prior not logged", normalise(LOG_LIK_POST + PRIORS), "not its log"),
    _posterior_attempt("joint", G_POST, "without normalising"),
    _posterior_attempt("only g_max", G_POST - G_POST.max(axis=1, keepdims=True),
                       "left out log Σ_k exp(g_k − g_max)"),
    _posterior_attempt("probabilities", np.exp(LOG_POST), "probability where its logarithm"),
    _posterior_attempt("underflow", by_hand(G_POST, 0.0), "underflowed to 0"),
    _posterior_attempt("over files", G_POST - logsumexp(G_POST, axis=0, keepdims=True),
                       "over the files"),
    _posterior_attempt("log10", LOG_POST / np.log(10), "base-10"),
    _posterior_attempt("rounded", LOG_POST.round(3), "rounded"),
    _posterior_attempt("divided by the sum", G_POST / G_POST.sum(axis=1, keepdims=True), None),
]


(test_a_students_wrong_answer_gets_a_fair_message,
 test_three_quarters_of_the_wrong_answers_are_named) = attempt_tests(ATTEMPTS)


def test_right_answers_in_other_forms_pass(capsys):
    import pandas as pd
    from sklearn.naive_bayes import MultinomialNB

    check_ml_frequencies(pd.DataFrame(THETA.astype(np.float32)), TRAIN.X, TRAIN.y)
    nb = MultinomialNB(alpha=ALPHA).fit(TRAIN.X, TRAIN.y)
    check_llr_weights(nb.feature_log_prob_[0] - nb.feature_log_prob_[1], TRAIN.X, TRAIN.y,
                      alpha=ALPHA)
    check_llr_of_script(np.float32(LLR_X2), X2, TRAIN.X, TRAIN.y, alpha=ALPHA)
    check_multinomial_log_likelihood(lambda x, theta: multinomial.logpmf(x, x.sum(), theta),
                                     TRAIN.X, TRAIN.y, X_CALLS)
    check_log_posterior(LOG_POST.tolist(), X_POST, TRAIN.X, TRAIN.y)
    assert capsys.readouterr().out.count("Right") == 5


def test_the_llr_message_depends_on_the_answer_only():
    """No oracle (the issue recovered llr_x2 in 1,086 calls from "rounded it to k decimals"):
    values on a grid around the answer get one message per number of decimals, whatever
    their distance from it (the student's own value aside)."""
    messages = {}
    for offset in (-2.718281828, -0.271828183, -0.027182818, 0.027182818, 0.271828183):
        for decimals in (None, 1, 2, 3):
            value = LLR_X2 + offset if decimals is None else round(LLR_X2 + offset, decimals)
            if abs(value - LLR_X2) <= 1e-5 * abs(LLR_X2):
                continue
            with pytest.raises(NotYetRight) as caught:
                check_llr_of_script(value, X2, TRAIN.X, TRAIN.y, alpha=ALPHA, name="llr_x2")
            text = str(caught.value).replace(f"{value:.6g}", "<yours>")
            messages.setdefault(decimals, set()).add(text)
    assert all(len(texts) == 1 for texts in messages.values()), messages
