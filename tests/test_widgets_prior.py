"""The prior control: posterior curve, exact thresholds and the decision for one sample."""

import ipywidgets
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm

from lecture_utils.datasets import load_heights
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.synthetic import make_gaussian_classes
from lecture_utils.widgets import default_grid, draw_prior_view, prior_view, prior_widget


@pytest.fixture(scope="module")
def heights_model():
    data = load_heights()
    return GaussianClassifier().fit(data.X, data.y)


def _by_hand(model, prior, x):
    """Bayes' rule with scipy's normal densities: P(c1 | x)."""
    mean, sd = model.means_[:, 0], np.sqrt(model.covariances_[:, 0, 0])
    joint1 = norm.pdf(x, mean[1], sd[1]) * prior
    joint0 = norm.pdf(x, mean[0], sd[0]) * (1.0 - prior)
    return joint1 / (joint1 + joint0)


@settings(max_examples=50, deadline=None)
@given(prior=st.floats(0.01, 0.99), x=st.floats(140.0, 200.0))
def test_posterior_is_bayes_rule(heights_model, prior, x):
    view = prior_view(heights_model, prior, x)
    np.testing.assert_allclose(view.posterior, _by_hand(heights_model, prior, view.grid),
                               rtol=1e-9, atol=1e-12)
    assert view.posterior_at_x == pytest.approx(_by_hand(heights_model, prior, x), rel=1e-9)
    assert view.decision == ("M" if view.posterior_at_x > 0.5 else "F")
    assert view.threshold == pytest.approx(-np.log(prior / (1.0 - prior)))


@settings(max_examples=25, deadline=None)
@given(prior=st.floats(0.02, 0.98))
def test_thresholds_are_where_the_posterior_crosses_one_half(heights_model, prior):
    grid = np.linspace(-150.0, 300.0, 45_001)  # spacing 0.01 cm
    view = prior_view(heights_model, prior, 174.0, grid)
    above = view.posterior > 0.5
    changes = np.flatnonzero(above[1:] != above[:-1])
    brute_force = (grid[changes] + grid[changes + 1]) / 2
    assert view.crossings.shape == brute_force.shape == (2,)
    np.testing.assert_allclose(view.crossings, brute_force, atol=0.005)
    # men's larger variance: the rule says M above the upper threshold (and, in
    # theory, below an implausible lower one), F in between
    assert view.crossings[0] < 0 < 140 < view.crossings[1] < 190


def test_lecture_example_at_174_cm(heights_model):
    equal = prior_view(heights_model, 0.5, 174.0)
    assert equal.decision == "M"
    assert equal.posterior_at_x / (1 - equal.posterior_at_x) == pytest.approx(
        np.exp(equal.llr_at_x))
    mostly_women = prior_view(heights_model, 0.1, 174.0)
    assert mostly_women.decision == "F"
    assert mostly_women.crossings[1] > 174.0 > equal.crossings[1]
    assert "P(M) = 0.10" in mostly_women.title and mostly_women.title.endswith("-> F")


def test_equal_variances_give_one_threshold_halfway():
    data = make_gaussian_classes([[0.0], [4.0]], [[[1.0]], [[1.0]]], 100, random_state=0)
    model = GaussianClassifier(covariance="tied").fit(data.X, data.y)
    view = prior_view(model, 0.5, 1.0)
    np.testing.assert_allclose(view.crossings, [model.means_[:, 0].mean()])
    assert view.decision == 0


def test_default_grid_spans_both_classes(heights_model):
    grid = default_grid(heights_model, n_std=3.0, resolution=7)
    sd = np.sqrt(heights_model.covariances_[:, 0, 0])
    assert grid[0] == pytest.approx(heights_model.means_[0, 0] - 3 * sd[0])
    assert grid[-1] == pytest.approx(heights_model.means_[1, 0] + 3 * sd[1])
    assert grid.shape == (7,)


def test_draw_prior_view(heights_model):
    view = prior_view(heights_model, 0.3, 174.0)
    drawn = draw_prior_view(view, feature_name="height (cm)")
    np.testing.assert_allclose(drawn.curves[0].get_ydata(), view.posterior)
    assert len(drawn.crossing_lines) == 1  # the lower threshold lies far outside the grid
    assert drawn.ax.get_title() == view.title
    plt.close(drawn.ax.figure)


def test_widget_has_a_prior_slider(heights_model):
    control = prior_widget(heights_model, 174.0)
    assert isinstance(control, ipywidgets.interactive)
    slider = control.children[0]
    assert isinstance(slider, ipywidgets.FloatSlider)
    assert slider.description == "P(M)"
    assert 0 < slider.min < slider.value < slider.max < 1
    plt.close("all")  # building the control draws it once


@pytest.mark.parametrize("prior", [0.0, 1.0, -0.2, np.nan])
def test_prior_must_lie_strictly_between_0_and_1(heights_model, prior):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        prior_view(heights_model, prior, 174.0)


def test_needs_two_classes_and_one_feature():
    three = make_gaussian_classes([[0.0], [2.0], [4.0]], [[[1.0]]] * 3, 20, random_state=0)
    with pytest.raises(ValueError, match="compares two classes"):
        prior_view(GaussianClassifier().fit(three.X, three.y), 0.5, 1.0)
    two_d = make_gaussian_classes([[0.0, 0.0], [2.0, 2.0]], [np.eye(2)] * 2, 20, random_state=0)
    with pytest.raises(ValueError, match="one feature"):
        prior_view(GaussianClassifier().fit(two_d.X, two_d.y), 0.5, 1.0)
