"""Tests of the pseudo-count control (pure function and shell) and the weight plot."""

import ipywidgets
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from matplotlib.colors import to_rgba
from sklearn.naive_bayes import MultinomialNB

from lecture_utils.plotting import plot_llr_weights
from lecture_utils.style import class_color
from lecture_utils.widgets import (
    UNDEFINED,
    PseudoCountView,
    pseudo_count_view,
    pseudo_count_widget,
)

matplotlib.use("Agg")

# Three events; class "b" never produced event 2, and neither class produced event 3.
X_TRAIN = np.array([[3, 1, 2, 0], [1, 2, 1, 0], [2, 4, 0, 0], [1, 3, 0, 0]])
Y_TRAIN = np.array(["a", "a", "b", "b"])
X_TEST = np.array([[2, 1, 0, 0], [0, 1, 1, 0], [1, 1, 0, 1], [0, 3, 0, 0]])
Y_TEST = np.array(["a", "a", "b", "b"])


def test_ml_view_reports_infinite_and_undefined_ratios():
    view = pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=0.0)
    assert isinstance(view, PseudoCountView)
    assert view.classes == ("b", "a")
    # event 2 was only seen in class "a" (the denominator): b = -inf
    assert view.weights[2] == -np.inf
    assert view.llr[1] == -np.inf
    assert np.isnan(view.llr[2])
    assert view.predictions[2] == UNDEFINED
    assert view.n_certain == 1 and view.n_undefined == 1
    expected_errors = np.mean(view.predictions != Y_TEST)
    assert view.error_rate == pytest.approx(expected_errors)
    assert "α = 0" in view.title


def test_numerator_flips_the_ratio_not_the_decisions():
    top_b = pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=0.5)
    top_a = pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=0.5, numerator="a")
    assert top_a.classes == ("a", "b")
    np.testing.assert_allclose(top_a.weights, -top_b.weights)
    np.testing.assert_allclose(top_a.llr, -top_b.llr)
    np.testing.assert_allclose(top_a.frequencies, top_b.frequencies[::-1])
    assert top_a.predictions.tolist() == top_b.predictions.tolist()


@pytest.mark.parametrize("alpha", [0.1, 1.0, 3.5])
def test_agrees_with_scikit_learn(alpha):
    view = pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=alpha, numerator="b")
    sk = MultinomialNB(alpha=alpha, class_prior=[0.5, 0.5]).fit(X_TRAIN, Y_TRAIN)
    np.testing.assert_allclose(view.frequencies, np.exp(sk.feature_log_prob_[::-1]), rtol=1e-12)
    joint = sk.predict_joint_log_proba(X_TEST)
    np.testing.assert_allclose(view.llr, joint[:, 1] - joint[:, 0], rtol=1e-10, atol=1e-10)
    assert view.predictions.tolist() == sk.predict(X_TEST).tolist()
    assert view.n_certain == 0 and view.n_undefined == 0


@settings(max_examples=50, deadline=None)
@given(
    arrays(np.int64, (6, 3), elements=st.integers(0, 20)),
    arrays(np.int64, (5, 3), elements=st.integers(0, 20)),
    st.floats(0.01, 10.0),
)
def test_weights_are_log_ratios_of_smoothed_frequencies(X, X_test, alpha):
    y = np.array(["C", "C", "C", "Py", "Py", "Py"])
    view = pseudo_count_view(X, y, X_test, np.array(["C"] * 5), alpha=alpha, numerator="C")
    smoothed = [X[y == c].sum(axis=0) + alpha for c in ("C", "Py")]
    expected = np.log(smoothed[0] / smoothed[0].sum()) - np.log(smoothed[1] / smoothed[1].sum())
    np.testing.assert_allclose(view.weights, expected, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(view.llr, X_test @ expected, rtol=1e-9, atol=1e-9)
    assert np.all(view.frequencies.sum(axis=1) == pytest.approx(1.0))


def test_large_alpha_flattens_the_weights():
    weights = [
        np.abs(pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=a).weights[:3]).max()
        for a in (0.5, 5.0, 500.0)
    ]
    assert weights[0] > weights[1] > weights[2]
    assert weights[2] < 0.01


def test_bad_numerator_and_too_many_classes_are_named():
    with pytest.raises(ValueError, match="numerator='z' is not one of the classes"):
        pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=1.0, numerator="z")
    three = np.array(["a", "b", "c", "c"])
    with pytest.raises(ValueError, match="compares two classes"):
        pseudo_count_view(X_TRAIN, three, X_TEST, Y_TEST, alpha=1.0)


def test_negative_alpha_is_refused():
    with pytest.raises(ValueError, match="alpha"):
        pseudo_count_view(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, alpha=-1.0)


@pytest.mark.filterwarnings("ignore:.*ipykernel.pylab.backend_inline:DeprecationWarning")
def test_widget_is_a_slider_over_the_pure_function():
    control = pseudo_count_widget(X_TRAIN, Y_TRAIN, X_TEST, Y_TEST, ["e0", "e1", "e2", "e3"])
    assert isinstance(control, ipywidgets.interactive)
    slider = control.children[0]
    assert isinstance(slider, ipywidgets.FloatSlider)
    assert slider.min == 0.0 and slider.value == 0.0
    slider.value = 1.0
    control.update()
    assert control.kwargs == {"alpha": 1.0}


# ---------------------------------------------------------------- the weight plot
def test_weight_plot_clips_and_marks_infinite_bars():
    weights = np.array([1.0, -np.inf, 0.5, np.inf])
    bars = plot_llr_weights(weights, ["a", "b", "c", "d"])
    heights = [bar.get_height() for bar in bars]
    assert heights[0] == 1.0 and heights[2] == 0.5
    assert heights[1] == -heights[3] and heights[3] > 1.0
    assert [bar.get_hatch() for bar in bars] == [None, "//", None, "//"]
    texts = [t.get_text() for t in bars[0].axes.texts]
    assert sorted(texts) == sorted(["+∞", "−∞"])


def test_weight_plot_colours_follow_the_sign():
    bars = plot_llr_weights([0.3, -0.2], ["x", "y"])
    assert bars[0].get_facecolor() == to_rgba(class_color(1))
    assert bars[1].get_facecolor() == to_rgba(class_color(0))
    bars = plot_llr_weights([0.3, -0.2], ["x", "y"], colors=("red", "blue"))
    assert bars[0].get_facecolor() == to_rgba("red")


def test_weight_plot_shared_limit():
    _, ax = plt.subplots()
    plot_llr_weights([0.3, -0.2], ["x", "y"], ax, limit=4.0, favours=("C", "Py"), title="t")
    low, high = ax.get_ylim()
    assert low == pytest.approx(-4.2) and high == pytest.approx(4.2)
    assert "C" in ax.get_ylabel() and ax.get_title() == "t"
    with pytest.raises(ValueError, match="limit must be a positive"):
        plot_llr_weights([0.3], ["x"], limit=0.0)


@pytest.mark.parametrize("weights", [[np.nan, 1.0], [1.0], [[1.0, 2.0]]])
def test_weight_plot_rejects_bad_weights(weights):
    with pytest.raises(ValueError, match="one entry per label"):
        plot_llr_weights(weights, ["x", "y"])


def test_weight_plot_infinite_bars_run_out_of_the_axes():
    _, ax = plt.subplots()
    bars = plot_llr_weights([-np.inf, -3.0, 1.0], ["a", "b", "c"], ax, limit=4.0)
    low, _ = ax.get_ylim()
    assert bars[0].get_height() < low < bars[1].get_height()


def test_weight_plot_legend_names_the_classes_of_the_colours():
    _, ax = plt.subplots()
    plot_llr_weights([0.3, -0.2], ["x", "y"], ax, favours=("C", "Py"), colors=("red", "blue"),
                     legend=True)
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["for C", "for Py"]
    assert legend.legend_handles[0].get_facecolor() == to_rgba("red")
    with pytest.raises(ValueError, match="give favours"):
        plot_llr_weights([0.3], ["x"], legend=True)
