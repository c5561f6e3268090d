"""Tests of the pseudo-count control of the categorical model and its bar chart."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from lecture_utils.datasets import FUR_COLOURS, load_cat_fur  # noqa: E402
from lecture_utils.plotting import plot_category_probabilities  # noqa: E402
from lecture_utils.widgets import (  # noqa: E402
    categorical_alpha_view,
    categorical_alpha_widget,
    draw_categorical_alpha_view,
)


def counts_table():
    data = load_cat_fur()
    table = pd.crosstab(data.y, data.X[:, 0]).reindex(columns=list(FUR_COLOURS), fill_value=0)
    return data, table.to_numpy(dtype=float)


@pytest.mark.parametrize("alpha", [0.0, 0.5, 1.0, 7.0])
def test_view_shows_the_smoothed_frequencies(alpha):
    data, counts = counts_table()
    view = categorical_alpha_view(data.X, data.y, alpha, categories=[FUR_COLOURS])
    expected = (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * 4)
    np.testing.assert_allclose(view.probabilities, expected)
    assert view.categories == FUR_COLOURS and view.classes == ("female", "male")
    assert view.alpha == alpha and view.undefined == ()
    np.testing.assert_allclose(view.posteriors.sum(axis=1), 1.0)
    # equal class counts: the posterior is the normalised likelihood
    np.testing.assert_allclose(view.posteriors, expected.T / expected.sum(axis=0)[:, None])


def test_view_shows_the_zero_probability_problem_and_its_cure():
    data, _ = counts_table()
    ml = categorical_alpha_view(data.X, data.y, 0.0, categories=[FUR_COLOURS])
    calico = FUR_COLOURS.index("calico")
    assert ml.posteriors[calico].tolist() == [1.0, 0.0]
    smoothed = categorical_alpha_view(data.X, data.y, 1.0, categories=[FUR_COLOURS])
    assert ml.title.endswith("(ML)") and "ML" not in smoothed.title
    assert 0 < smoothed.posteriors[calico, 1] < 0.5


def test_view_marks_categories_no_class_can_produce():
    data, _ = counts_table()
    declared = [list(FUR_COLOURS) + ["grey"]]
    view = categorical_alpha_view(data.X, data.y, 0.0, categories=declared)
    assert view.undefined == ("grey",)
    assert np.all(np.isnan(view.posteriors[-1])) and not np.isnan(view.posteriors[:-1]).any()
    assert categorical_alpha_view(data.X, data.y, 0.1, categories=declared).undefined == ()


def test_view_respects_priors():
    data, _ = counts_table()
    view = categorical_alpha_view(data.X, data.y, 1.0, priors=[0.2, 0.8])
    np.testing.assert_allclose(view.posteriors, view.model.predict_proba(
        np.array(view.categories)[:, None]))
    assert view.model.priors_.tolist() == [0.2, 0.8]


def test_view_needs_one_feature():
    with pytest.raises(ValueError, match="one categorical feature.*X\\[:, \\[0\\]\\]"):
        categorical_alpha_view([["a", "b"], ["b", "a"]], [0, 1], 1.0)


# ipywidgets asks ipykernel for its (deprecated) inline backend after each redraw.
@pytest.mark.filterwarnings("ignore:`ipykernel.pylab.backend_inline` is deprecated")
def test_drawing_and_widget():
    data, _ = counts_table()
    view = categorical_alpha_view(data.X, data.y, 2.0, categories=[FUR_COLOURS])
    _, axes = plt.subplots(1, 2)
    estimates, posteriors = draw_categorical_alpha_view(view, axes, "fur", "sex")
    np.testing.assert_allclose([bar.get_height() for bar in estimates[1]], view.probabilities[1])
    np.testing.assert_allclose([bar.get_height() for bar in posteriors[0]], view.posteriors[:, 0])
    assert axes[0].get_ylabel() == "P(fur | sex)" and axes[1].get_ylabel() == "P(sex | fur)"
    control = categorical_alpha_widget(data.X, data.y, categories=[FUR_COLOURS])
    slider = control.children[0]
    assert (slider.min, slider.max, slider.value) == (0.0, 10.0, 0.0)
    slider.value = 3.0
    assert control.kwargs == {"alpha": 3.0}


def test_bar_chart_checks_shapes_and_skips_missing_values():
    with pytest.raises(ValueError, match="one row per class"):
        plot_category_probabilities(np.ones((2, 3)), ["a", "b"], ["p", "q"])
    drawn = plot_category_probabilities([[0.5, np.nan]], ["a", "b"], ["p"])
    assert [bar.get_height() for bar in drawn[0]] == [0.5, 0.0]
    labels = [text.get_text() for text in drawn[0][0].axes.texts]
    assert labels == ["0.50", ""]


def test_x_axes_name_the_categories():
    data = load_cat_fur()
    view = categorical_alpha_view(data.X, data.y, 1.0, categories=[FUR_COLOURS])
    fig, axes = plt.subplots(1, 2)
    draw_categorical_alpha_view(view, axes, feature="fur", target="sex")
    assert [ax.get_xlabel() for ax in axes] == ["fur", "fur"]
    for ax in axes:
        ax.cla()
    draw_categorical_alpha_view(view, axes, feature="fur", target="sex", xlabel="fur colour")
    assert [ax.get_xlabel() for ax in axes] == ["fur colour", "fur colour"]
    plt.close(fig)
    fig, ax = plt.subplots()
    plot_category_probabilities([[0.5, 0.5]], ["a", "b"], ["k"], ax)
    assert ax.get_xlabel() == ""
    plt.close(fig)
