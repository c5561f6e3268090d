"""Bayes decisions: log posteriors, prior log-odds thresholds, posteriors from the LLR."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from lecture_utils.decision import (
    LinearScores,
    QuadraticLLR,
    bayes_decision,
    error_rate,
    log_joint,
    log_posteriors,
    posterior_from_llr,
    prior_log_odds_threshold,
)

finite_logs = st.floats(-700.0, 700.0)
open_unit = st.floats(1e-6, 1 - 1e-6)


@st.composite
def log_likelihoods_and_priors(draw):
    n_classes = draw(st.integers(2, 5))
    log_lik = draw(arrays(float, (draw(st.integers(1, 6)), n_classes), elements=finite_logs))
    weights = np.array(draw(st.lists(st.floats(0.01, 1.0), min_size=n_classes,
                                     max_size=n_classes)))
    return log_lik, weights / weights.sum()


# ------------------------------------------------------------------ posteriors
def test_log_posteriors_by_bayes_rule_by_hand():
    likelihoods = np.array([[0.2, 0.05, 0.1], [1e-3, 2e-3, 4e-3]])
    priors = np.array([0.5, 0.3, 0.2])
    joint = likelihoods * priors
    expected = np.log(joint / joint.sum(axis=1, keepdims=True))
    np.testing.assert_allclose(
        log_posteriors(np.log(likelihoods), priors), expected, rtol=1e-13
    )
    np.testing.assert_allclose(log_joint(np.log(likelihoods), priors), np.log(joint), rtol=1e-13)


@given(log_likelihoods_and_priors())
def test_log_posteriors_match_the_direct_computation(case):
    log_lik, priors = case
    joint = log_lik + np.log(priors)
    # Direct Bayes' rule, shifted by the row maximum so that exp() neither
    # overflows nor underflows for the winning class.
    shifted = np.exp(joint - joint.max(axis=1, keepdims=True))
    with np.errstate(divide="ignore"):
        expected = np.log(shifted / shifted.sum(axis=1, keepdims=True))
    result = log_posteriors(log_lik, priors)
    finite = shifted > 1e-300  # beyond that exp() underflows or loses digits (subnormals)
    np.testing.assert_allclose(result[finite], expected[finite], rtol=1e-12, atol=1e-12)
    # Where exp() underflowed, the log posterior is still the gap to the winner
    # minus the log of the (shifted) normaliser.
    gap = joint - joint.max(axis=1, keepdims=True) - np.log(shifted.sum(axis=1, keepdims=True))
    np.testing.assert_allclose(result[~finite], gap[~finite], rtol=1e-12)
    assert np.all(np.isfinite(result))
    np.testing.assert_allclose(np.exp(result).sum(axis=1), 1.0, atol=1e-12)


def test_log_posteriors_do_not_underflow():
    # Densities of 1e-400 and 1e-401 are 0 in float64, but their ratio is 10.
    log_lik = np.log(10.0) * np.array([[-400.0, -401.0]])
    posterior = np.exp(log_posteriors(log_lik, [0.5, 0.5]))
    np.testing.assert_allclose(posterior, [[10 / 11, 1 / 11]], rtol=1e-13)


def test_a_class_with_zero_prior_gets_zero_posterior():
    result = log_posteriors(np.log([[0.2, 0.4, 0.1]]), [0.5, 0.0, 0.5])
    assert result[0, 1] == -np.inf
    np.testing.assert_allclose(np.exp(result), [[2 / 3, 0.0, 1 / 3]], rtol=1e-13)


def test_a_sample_impossible_under_every_class_is_an_error():
    log_lik = np.array([[-1.0, -2.0], [-np.inf, -np.inf], [-np.inf, -np.inf]])
    with pytest.raises(ValueError, match=r"sample 1 has probability zero under every class") as e:
        log_posteriors(log_lik, [0.4, 0.6])
    assert "smooth the estimates" in str(e.value)


def test_impossible_under_the_only_classes_with_prior_mass_is_an_error():
    with pytest.raises(ValueError, match="probability zero under every class"):
        log_posteriors(np.array([[-np.inf, -1.0]]), [1.0, 0.0])


def test_priors_must_match_the_columns():
    with pytest.raises(ValueError, match=r"priors has shape \(2,\) but .* 3 columns") as e:
        log_posteriors(np.zeros((1, 3)), [0.5, 0.5])
    assert "one prior per class" in str(e.value)


# ------------------------------------------------------------------- two classes
@given(open_unit)
def test_prior_log_odds_threshold_formula(prior):
    assert prior_log_odds_threshold(prior) == pytest.approx(
        np.log(1 - prior) - np.log(prior), rel=1e-12, abs=1e-12
    )


def test_prior_log_odds_threshold_values():
    assert prior_log_odds_threshold(0.5) == 0.0
    assert prior_log_odds_threshold(0.9) == pytest.approx(-np.log(9.0), rel=1e-14)
    assert prior_log_odds_threshold(0.1) == pytest.approx(np.log(9.0), rel=1e-14)
    np.testing.assert_allclose(
        prior_log_odds_threshold(np.array([0.25, 0.75])), [np.log(3.0), -np.log(3.0)]
    )


@pytest.mark.parametrize("prior", [0.0, 1.0, -0.2, 1.5, np.nan, np.inf, [0.5, 1.0]])
def test_prior_log_odds_threshold_domain(prior):
    with pytest.raises(ValueError, match="strictly between 0 and 1") as e:
        prior_log_odds_threshold(prior)
    assert "finite threshold" in str(e.value)


@given(llr=st.floats(-30.0, 30.0), prior=open_unit)
def test_posterior_from_llr_is_bayes_rule(llr, prior):
    # Pick densities with the given ratio and apply Bayes' rule directly.
    f0, f1 = 1.0, np.exp(llr)
    expected = prior * f1 / (prior * f1 + (1 - prior) * f0)
    assert posterior_from_llr(llr, prior) == pytest.approx(expected, rel=1e-9, abs=1e-300)


def test_posterior_from_llr_at_extremes():
    assert posterior_from_llr(1e4, 0.5) == 1.0
    assert posterior_from_llr(-1e4, 0.5) == 0.0
    np.testing.assert_allclose(posterior_from_llr([-np.log(3), 0.0], 0.75), [0.5, 0.75])


@given(llr=arrays(float, st.integers(1, 20), elements=st.floats(-50.0, 50.0)), prior=open_unit)
def test_bayes_decision_agrees_with_the_posterior(llr, prior):
    decision = bayes_decision(llr, prior)
    posterior = posterior_from_llr(llr, prior)
    assert decision.dtype.kind == "i"
    assert set(np.unique(decision).tolist()) <= {0, 1}
    clear = posterior != 0.5  # exactly 1/2 is a tie up to rounding: either answer
    np.testing.assert_array_equal(decision[clear], (posterior > 0.5)[clear])


def test_bayes_decision_threshold_moves_with_the_prior():
    llr = np.array([-1.0, 0.5, 2.0])
    np.testing.assert_array_equal(bayes_decision(llr, 0.5), [0, 1, 1])
    np.testing.assert_array_equal(bayes_decision(llr, 0.1), [0, 0, 0])  # t = log 9 = 2.2
    np.testing.assert_array_equal(bayes_decision(llr, 0.9), [1, 1, 1])  # t = -2.2


# -------------------------------------------------------------------- error rate
def test_error_rate():
    assert error_rate([0, 1, 1, 0], [0, 1, 0, 0]) == 0.25
    assert error_rate(["a", "b"], ["a", "b"]) == 0.0
    assert error_rate(np.array(["x", "y", "z"]), np.array(["y", "z", "x"])) == 1.0
    assert isinstance(error_rate([1], [0]), float)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=50))
def test_error_rate_is_one_minus_accuracy(pairs):
    y_true, y_pred = np.array(pairs).T
    assert error_rate(y_true, y_pred) == pytest.approx(
        sum(a != b for a, b in pairs) / len(pairs)
    )


@pytest.mark.parametrize(
    ("y_true", "y_pred"),
    [([0, 1], [0]), ([], []), ([[0, 1]], [[0, 1]])],
    ids=["lengths differ", "empty", "2-D"],
)
def test_error_rate_rejects_bad_shapes(y_true, y_pred):
    with pytest.raises(ValueError, match="non-empty 1-D arrays of the same length"):
        error_rate(y_true, y_pred)


def test_quadratic_llr_counts_an_infinite_weight_only_where_the_event_occurs():
    llr = QuadraticLLR(None, np.array([np.inf, -np.inf, 0.5]), 0.0)
    np.testing.assert_array_equal(llr.evaluate([[1, 0, 2], [0, 3, 0], [0, 0, 2]]),
                                  [np.inf, -np.inf, 1.0])
    with pytest.raises(ValueError, match="sample 1 has probability zero under both classes"):
        llr.evaluate([[0, 0, 1], [1, 1, 0]])


def test_a_linear_ratio_has_no_quadratic_part():
    X = np.array([[1.0, 2.0], [-3.0, 0.5]])
    linear = QuadraticLLR(A=None, b=np.array([2.0, -1.0]), c=0.5)
    np.testing.assert_array_equal(linear.evaluate(X), X @ linear.b + 0.5)
    np.testing.assert_array_equal(linear.evaluate(X),
                                  QuadraticLLR(np.zeros((2, 2)), linear.b, 0.5).evaluate(X))
    one_feature = QuadraticLLR(A=None, b=np.array([4.0]), c=-2.0)
    np.testing.assert_array_equal(one_feature.crossings(level=2.0), [1.0])
    assert QuadraticLLR(A=None, b=np.array([0.0]), c=1.0).crossings().size == 0


def test_linear_scores_count_a_minus_infinite_weight_only_where_the_feature_is_used():
    scores = LinearScores(W=np.array([[0.0, -np.inf], [-1.0, -2.0]]), w0=np.array([0.5, 0.0]))
    np.testing.assert_array_equal(scores.evaluate([[2.0, 0.0], [1.0, 1.0]]),
                                  [[0.5, -2.0], [-np.inf, -3.0]])
    w, w0 = LinearScores(np.array([[-np.inf, 0.0], [-np.inf, 1.0]]), np.zeros(2)).boundary()
    np.testing.assert_array_equal(w, [0.0, 1.0])       # an event neither class shows: 0
    with pytest.raises(ValueError, match="needs two classes"):
        LinearScores(np.zeros((3, 2)), np.zeros(3)).boundary()


def test_augmented_weights_stack_the_biases_over_the_transposed_weights():
    scores = LinearScores(W=np.arange(6.0).reshape(3, 2), w0=np.array([-1.0, 0.0, 1.0]))
    augmented = scores.augmented()
    assert augmented.shape == (3, 3)
    X = np.array([[0.5, -2.0], [3.0, 1.0]])
    np.testing.assert_array_equal(np.column_stack([np.ones(2), X]) @ augmented,
                                  scores.evaluate(X))


def test_linear_scores_of_lda_and_softmax_regression_give_their_boundaries():
    from lecture_utils.gaussian import GaussianClassifier
    from lecture_utils.logistic import SoftmaxRegression

    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(size=(40, 2)), rng.normal(size=(40, 2)) + [2.0, 1.0]])
    y = np.repeat(["a", "b"], 40)
    for model in (GaussianClassifier(covariance="tied"), SoftmaxRegression(penalty=0.01)):
        model.fit(X, y)
        w, w0 = model.linear_scores().boundary()
        decided = np.where(X @ w + w0 > 0, "b", "a")
        np.testing.assert_array_equal(decided, model.predict(X))


def test_conic_axes_finds_the_centre_and_vertices_on_the_tie_curve():
    from lecture_utils.decision import conic_axes

    rotation = np.array([[np.cos(0.6), -np.sin(0.6)], [np.sin(0.6), np.cos(0.6)]])
    for diagonal, kind in [([-0.5, -2.0], "ellipse"), ([0.5, -2.0], "hyperbola"),
                           ([0.5, 2.0], "empty")]:
        A = rotation @ np.diag(diagonal) @ rotation.T
        llr = QuadraticLLR(A, np.array([1.0, -2.0]), 3.0)
        tie = conic_axes(llr, level=-1.0)
        assert tie.kind == kind
        np.testing.assert_allclose(2 * A @ tie.centre + llr.b, 0.0, atol=1e-12)  # gradient 0
        ends = tie.vertices.reshape(-1, 2)
        assert len(ends) == 2 * np.sum(np.isfinite(tie.half_lengths))
        np.testing.assert_allclose(llr.evaluate(ends), -1.0, atol=1e-9)
    np.testing.assert_allclose(conic_axes(QuadraticLLR(  # longest axis first
        np.diag([-2.0, -0.5]), np.zeros(2), 1.0)).half_lengths, [np.sqrt(2), np.sqrt(0.5)])
    for linear in (QuadraticLLR(np.zeros((2, 2)), np.ones(2), 0.0),
                   QuadraticLLR(None, np.ones(2), 0.0)):
        with pytest.raises(ValueError, match="None or singular"):
            conic_axes(linear)
