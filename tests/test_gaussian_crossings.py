"""Exact thresholds on one feature: where a quadratic log-likelihood ratio equals a level."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq
from scipy.stats import norm

from lecture_utils.decision import QuadraticLLR, prior_log_odds_threshold
from lecture_utils.gaussian import GaussianClassifier

SPAN = 100.0
GRID = np.linspace(-SPAN, SPAN, 200_001)  # spacing 0.001


def _quadratic(a, b, c):
    return QuadraticLLR(np.array([[a]]), np.array([b]), c)


def _grid_roots(a, b, c, level):
    """Brute force: sign changes of a x^2 + b x + c - level on a fine grid, refined by brentq."""
    def g(x):
        return a * x * x + b * x + (c - level)

    values = g(GRID)
    changes = np.flatnonzero(np.sign(values[:-1]) * np.sign(values[1:]) < 0)
    roots = [brentq(g, GRID[i], GRID[i + 1], xtol=1e-13) for i in changes]
    roots += GRID[values == 0].tolist()
    return np.sort(np.array(roots))


coefficient = st.floats(-5, 5, allow_nan=False, allow_infinity=False)
# for the grid: zero or of a size a grid of spacing 0.001 can resolve
moderate = st.one_of(st.just(0.0), coefficient.filter(lambda v: abs(v) >= 1e-6))


@settings(max_examples=50, deadline=None)
@given(a=moderate, b=moderate, c=moderate, level=st.floats(-3, 3))
def test_crossings_match_a_brute_force_grid(a, b, c, level):
    assume(a != 0 or b != 0 or c != level)  # a ratio equal to the level everywhere
    exact = _quadratic(a, b, c).crossings(level)
    inside = exact[np.abs(exact) < SPAN - 1e-3]
    # two roots closer than the grid spacing look like none to the grid: skip that comparison
    if inside.size == 2 and inside[1] - inside[0] < 1e-2:
        return
    found = _grid_roots(a, b, c, level)
    assert found.shape == inside.shape
    np.testing.assert_allclose(inside, found, atol=1e-8, rtol=1e-9)


@settings(max_examples=50, deadline=None)
@given(a=coefficient, b=coefficient, c=coefficient, level=st.floats(-3, 3))
def test_crossings_solve_the_equation(a, b, c, level):
    llr = _quadratic(a, b, c)
    for x in llr.crossings(level):
        if abs(x) > 1e100:  # x * x would overflow: the residual cannot be evaluated
            continue
        scale = max(1.0, abs(a) * x * x, abs(b * x), abs(c), abs(level))
        assert abs(llr.evaluate([[x]])[0] - level) <= 1e-12 * scale


def test_no_cancellation_when_the_ratio_is_almost_linear():
    # a tiny quadratic term: one root near 1, the other near -1e10
    near, far = _quadratic(1e-10, 1.0, -1.0).crossings(0.0)[::-1]
    assert near == pytest.approx(1.0 - 1e-10, rel=1e-14)
    assert far == pytest.approx(-1e10, rel=1e-9)


def test_special_cases():
    np.testing.assert_allclose(_quadratic(0.0, 2.0, 1.0).crossings(5.0), [2.0])  # linear
    assert _quadratic(1.0, 0.0, 1.0).crossings(0.0).size == 0  # x^2 + 1 > 0
    np.testing.assert_allclose(_quadratic(1.0, -2.0, 1.0).crossings(0.0), [1.0])  # tangent
    np.testing.assert_allclose(_quadratic(-1.0, 0.0, 4.0).crossings(0.0), [-2.0, 2.0])
    assert _quadratic(0.0, 0.0, 1.0).crossings(0.0).size == 0  # constant
    assert _quadratic(0.0, 0.0, 1.0).crossings(1.0).size == 0  # equal to the level everywhere


def test_fitted_one_feature_model_crosses_its_prior_threshold():
    rng = np.random.default_rng(0)
    X = np.concatenate([rng.normal(0.0, 1.0, 300), rng.normal(2.0, 2.0, 300)])[:, None]
    y = np.repeat(["neg", "pos"], 300)
    model = GaussianClassifier().fit(X, y)
    for prior in (0.1, 0.3, 0.5):
        threshold = prior_log_odds_threshold(prior)
        crossings = model.llr_coefficients().crossings(threshold)
        assert crossings.size == 2
        np.testing.assert_allclose(model.llr(crossings[:, None]), threshold, atol=1e-9)
        # between the crossings the narrower class wins
        middle = crossings.mean()
        mean, sd = model.means_[:, 0], np.sqrt(model.covariances_[:, 0, 0])
        by_hand = norm.logpdf(middle, mean[1], sd[1]) - norm.logpdf(middle, mean[0], sd[0])
        assert by_hand < threshold


def test_tied_model_has_one_crossing():
    rng = np.random.default_rng(1)
    X = np.concatenate([rng.normal(0.0, 1.0, 200), rng.normal(3.0, 1.5, 200)])[:, None]
    model = GaussianClassifier(covariance="tied").fit(X, np.repeat([0, 1], 200))
    crossing = model.llr_coefficients().crossings(0.0)
    assert crossing.shape == (1,)
    assert model.llr(crossing[:, None])[0] == pytest.approx(0.0, abs=1e-10)


def test_errors():
    two_features = QuadraticLLR(np.zeros((2, 2)), np.ones(2), 0.0)
    with pytest.raises(ValueError, match="one feature.*plot_decision_regions"):
        two_features.crossings(0.0)
    with pytest.raises(ValueError, match="finite"):
        _quadratic(1.0, 0.0, -1.0).crossings(np.inf)
