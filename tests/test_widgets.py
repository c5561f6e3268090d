"""Tests of lecture_utils.widgets: each control's pure function (tested directly), its
ipywidgets shell and the plots it draws.

In order: the covariance control; the outlier control; the prior control (posterior curve,
exact thresholds and the decision for one sample); the pseudo-count control of the
categorical model and its bar chart; the PCA-dimension control and its image plots; the
pseudo-count control of the multinomial model and its weight plot.
"""

import dataclasses

import ipywidgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import norm
from sklearn.naive_bayes import MultinomialNB

from lecture_utils import widgets as widgets_module
from lecture_utils.datasets import FUR_COLOURS, load_cat_fur, load_heights, load_iris_2d
from lecture_utils.experiments import outlier_effect
from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier
from lecture_utils.logistic import SoftmaxRegression
from lecture_utils.plotting import (
    plot_category_probabilities,
    plot_error_against_dimension,
    plot_image_grid,
    plot_outlier_effect,
)
from lecture_utils.projections import PCA
from lecture_utils.synthetic import make_gaussian_classes
from lecture_utils.widgets import (
    COVARIANCE_LABELS,
    UNDEFINED,
    CovarianceView,
    PCADimensionView,
    PseudoCountView,
    categorical_alpha_view,
    categorical_alpha_widget,
    covariance_view,
    covariance_widget,
    draw_categorical_alpha_view,
    outlier_widget,
    pca_dimension_view,
    pca_dimension_widget,
    prior_view,
    prior_widget,
    pseudo_count_view,
)


@pytest.fixture
def shown(monkeypatch):
    """The figures the widgets show, each with its alt text, kept open for the test."""
    figures = []

    def record(fig, alt):
        assert len(alt.split()) >= 6, alt
        figures.append((fig, alt))

    monkeypatch.setattr(widgets_module, "show_figure", record)
    return figures


@pytest.fixture(scope="module")
def iris():
    return load_iris_2d()


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_covariance_view_equals_fitting_directly(iris, covariance):
    view = covariance_view(iris.X, iris.y, covariance)
    direct = GaussianClassifier(covariance=covariance).fit(iris.X, iris.y)
    assert isinstance(view, CovarianceView) and view.covariance == covariance
    assert view.model.covariance == covariance
    np.testing.assert_array_equal(view.model.classes_, direct.classes_)
    np.testing.assert_array_equal(view.model.means_, direct.means_)
    np.testing.assert_array_equal(view.model.covariances_, direct.covariances_)
    np.testing.assert_array_equal(view.model.priors_, direct.priors_)
    accuracy = np.mean(direct.predict(iris.X) == iris.y)
    assert view.training_accuracy == accuracy and isinstance(view.training_accuracy, float)
    assert view.title == f"{COVARIANCE_LABELS[covariance]}: training accuracy {accuracy:.1%}"


def test_the_four_views_differ(iris):
    accuracies = {c: covariance_view(iris.X, iris.y, c).training_accuracy for c in COVARIANCE_TYPES}
    assert len(set(accuracies.values())) > 1


def test_covariance_view_is_frozen(iris):
    view = covariance_view(iris.X, iris.y, "tied")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.covariance = "full"


def test_covariance_view_rejects_an_unknown_model(iris):
    with pytest.raises(ValueError, match="not a covariance model"):
        covariance_view(iris.X, iris.y, "spherical")


# ipywidgets 8.1.2 imports a deprecated ipykernel module when it first draws.
@pytest.mark.filterwarnings("ignore:`ipykernel.pylab.backend_inline` is deprecated")
def test_covariance_widget_offers_the_four_models_and_redraws(iris, shown):
    control = covariance_widget(iris.X, iris.y, feature_names=iris.feature_names,
                                figsize=(6.0, 4.0))
    assert isinstance(control, ipywidgets.interactive)
    buttons = control.children[0]
    assert isinstance(buttons, ipywidgets.ToggleButtons)
    assert list(buttons.options) == [(COVARIANCE_LABELS[c], c) for c in COVARIANCE_TYPES]
    assert buttons.value == "full"
    assert isinstance(control.children[-1], ipywidgets.Output)

    def last_title():
        figure, alt = shown[-1]
        assert "training points" in alt
        assert tuple(figure.get_size_inches()) == (6.0, 4.0)
        axes = figure.axes[0]
        assert axes.get_xlabel() == iris.feature_names[0]
        return axes.get_title()

    assert last_title() == covariance_view(iris.X, iris.y, "full").title  # drawn at once
    for covariance in ("tied", "diag", "tied_diag"):
        buttons.value = covariance
        assert last_title() == covariance_view(iris.X, iris.y, covariance).title


def two_classes(n=50, seed=0):
    rng = np.random.default_rng(seed)
    cov = [[1.0, 0.5], [0.5, 1.0]]
    X = np.vstack([rng.multivariate_normal([0, 0], cov, n),
                   rng.multivariate_normal([2.5, 0.5], cov, n)])
    return X, np.repeat(["A", "B"], n)


def test_linear_boundary_separates_the_predictions():
    X, y = two_classes()
    for model in (GaussianClassifier(covariance="tied").fit(X, y),
                  SoftmaxRegression().fit(X, y)):
        w, b = model.linear_scores().boundary()
        np.testing.assert_array_equal(model.predict(X) == "B", X @ w + b > 0)
    with pytest.raises(ValueError, match="needs a shared covariance"):
        GaussianClassifier().fit(X, y).linear_scores().boundary()


def test_a_far_outlier_on_its_own_side_turns_lda_but_not_logistic_regression():
    X, y = two_classes()
    view = outlier_effect(X, y, [15.0, -8.0])
    assert view.rotation_degrees["LDA"] > 20
    assert view.rotation_degrees["logistic regression"] < 1
    assert view.changed_decisions["logistic regression"] == 0.0
    # the boundaries after are those of models refitted with the outlier, labelled B
    refit = GaussianClassifier(covariance="tied").fit(np.vstack([X, [15.0, -8.0]]),
                                                      np.append(y, "B"))
    for got, want in zip(view.boundaries["LDA"][1], refit.linear_scores().boundary(), strict=True):
        np.testing.assert_allclose(got, want)
    assert view.label == "B"
    assert "LDA" in view.title and "logistic regression" in view.title


def test_an_outlier_inside_the_data_changes_little():
    X, y = two_classes()
    view = outlier_effect(X, y, X[y == "B"].mean(axis=0))
    assert max(view.rotation_degrees.values()) < 3


def test_outlier_view_rejects_bad_input():
    X, y = two_classes()
    with pytest.raises(ValueError, match="two finite numbers"):
        outlier_effect(X, y, [np.nan, 1.0])
    with pytest.raises(ValueError, match="Select two features and two classes"):
        outlier_effect(X, np.arange(len(y)) % 3, [1.0, 1.0])


def test_plot_and_widget_draw_the_view():
    X, y = two_classes()
    view = outlier_effect(X, y, [10.0, -5.0])
    fig, ax = plt.subplots()
    drawn = plot_outlier_effect(view, ax)
    assert len(drawn["boundaries"]) == 4 and len(drawn["points"]) == 2
    assert ax.get_xlim()[1] > 10.0 and ax.get_ylim()[0] < -5.0
    assert ax.get_title() == view.title
    # each drawn line is the model's boundary w x + w0 = 0
    for (name, when), line in drawn["boundaries"].items():
        w, w0 = view.boundaries[name][when == "after"]
        for point in (line.get_xy1(), line.get_xy2()):
            assert np.asarray(point) @ w + w0 == pytest.approx(0.0, abs=1e-9)
    plt.close(fig)
    control = outlier_widget(X, y)
    assert isinstance(control, ipywidgets.interactive)
    assert [child.description for child in control.children[:2]] == ["outlier x1", "outlier x2"]
    plt.close("all")


def test_own_log_odds_tell_a_point_on_its_side_from_a_misclassified_one():
    X, y = two_classes()
    far_side = outlier_effect(X, y, [15.0, -8.0])
    wrong_side = outlier_effect(X, y, [-6.0, 0.0])
    assert far_side.own_log_odds["LDA"] > 10
    assert wrong_side.own_log_odds["LDA"] < -5
    lda = GaussianClassifier(covariance="tied").fit(X, y)
    np.testing.assert_allclose(far_side.own_log_odds["LDA"], lda.llr([[15.0, -8.0]])[0])


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
        np.exp(heights_model.llr([[174.0]])[0]))
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


def test_prior_view_grid_spans_both_classes_and_the_widget_draws_it(heights_model, shown):
    view = prior_view(heights_model, 0.3, 174.0)
    sd = np.sqrt(heights_model.covariances_[:, 0, 0])
    assert view.grid[0] == pytest.approx(heights_model.means_[0, 0] - 4 * sd[0])
    assert view.grid[-1] == pytest.approx(heights_model.means_[1, 0] + 4 * sd[1])
    control = prior_widget(heights_model, 174.0, feature_name="height (cm)", prior=0.3)
    fig, alt = shown[-1]
    ax = fig.axes[0]
    np.testing.assert_allclose(ax.lines[0].get_ydata(), view.posterior)
    assert ax.get_title() == view.title and "P(M) = 0.30" in alt
    assert isinstance(control, ipywidgets.interactive)
    plt.close("all")


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


SHAPE = (3, 4)
DIMENSIONS = [1, 2, 4, 8]
ERRORS = [0.5, 0.2, 0.1, 0.3]


@pytest.fixture(scope="module")
def fitted():
    rng = np.random.default_rng(0)
    images = rng.normal(size=(50, 12)) @ rng.normal(size=(12, 12)) + 100.0
    pca = PCA(n_components=8).fit(images)
    return images, pca, pca.transform(images[:6])


# ----------------------------------------------------------- the pure function
def test_view_reads_the_sweep_and_reconstructs(fitted):
    images, pca, projections = fitted
    view = pca_dimension_view(DIMENSIONS, ERRORS, pca, projections, 2)
    assert isinstance(view, PCADimensionView)
    assert view.dimension == 2 and view.error == 0.2
    assert view.variance_kept == pytest.approx(pca.explained_variance_ratio_[:2].sum())
    expected = PCA(n_components=2).fit(images)
    np.testing.assert_allclose(view.reconstructions,
                               expected.inverse_transform(expected.transform(images[:6])),
                               atol=1e-9)
    assert "m = 2" in view.title and "20.00 %" in view.title


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(DIMENSIONS))
def test_more_components_keep_more_variance_and_rebuild_better(fitted, m):
    images, pca, projections = fitted
    view = pca_dimension_view(DIMENSIONS, ERRORS, pca, projections, m)
    fewer = pca_dimension_view(DIMENSIONS, ERRORS, pca, projections, DIMENSIONS[0])
    assert view.variance_kept >= fewer.variance_kept
    residual = np.linalg.norm(view.reconstructions - images[:6])
    assert residual <= np.linalg.norm(fewer.reconstructions - images[:6]) + 1e-9


def test_view_refuses_what_was_not_computed(fitted):
    _, pca, projections = fitted
    with pytest.raises(ValueError, match=r"dimension 3 was not swept; choose one of \[1, 2, 4"):
        pca_dimension_view(DIMENSIONS, ERRORS, pca, projections, 3)
    with pytest.raises(ValueError, match="one error per swept dimension"):
        pca_dimension_view(DIMENSIONS, ERRORS[:3], pca, projections, 2)
    with pytest.raises(ValueError, match="n_components >= 10"):
        pca_dimension_view([2, 10], [0.1, 0.2], pca, projections, 2)


# ------------------------------------------------------------------ the shell
def test_widget_is_a_slider_over_the_swept_dimensions(fitted):
    _, pca, projections = fitted
    control = pca_dimension_widget(DIMENSIONS, ERRORS, pca, projections, SHAPE, n_columns=3)
    assert isinstance(control, ipywidgets.interactive)
    slider = control.children[0]
    assert isinstance(slider, ipywidgets.SelectionSlider)
    assert list(slider.options) == DIMENSIONS
    slider.value = 8
    control.update()
    assert control.kwargs == {"dimension": 8}


# ------------------------------------------------------------- image plots
def test_image_grid_labels_rows_and_clips_grey_levels():
    images = np.linspace(-50, 300, 6 * 12).reshape(6, 12)
    drawn = plot_image_grid(images, SHAPE, 3, row_labels=["first", "second"], title="t")
    ax = drawn.axes
    assert [t.get_text() for t in ax.get_yticklabels()] == ["first", "second"]
    assert drawn.get_clim() == (0.0, 255.0)
    assert ax.get_title() == "t" and not ax.get_xticks().size
    with pytest.raises(ValueError, match="row_labels has 1 entries for 2 rows"):
        plot_image_grid(images, SHAPE, 3, row_labels=["only"])


def test_error_curve_is_in_percent_and_marks_points():
    lines = plot_error_against_dimension(DIMENSIONS, ERRORS, highlight=[4])
    np.testing.assert_allclose(lines[0].get_ydata(), 100 * np.array(ERRORS))
    assert lines[1].get_xdata()[0] == 4 and lines[1].get_ydata()[0] == pytest.approx(10.0)
    assert any(t.get_text() == "m = 4: 10.00 %" for t in lines[0].axes.texts)
    with pytest.raises(ValueError, match="not one of the dimensions"):
        plot_error_against_dimension(DIMENSIONS, ERRORS, highlight=[3])


def test_error_curve_labels_points_inwards_and_takes_a_ylabel():
    lines = plot_error_against_dimension(DIMENSIONS, ERRORS, highlight=[1, 8], ylabel="error (%)")
    ax = lines[0].axes
    alignment = {t.get_text(): t.get_horizontalalignment() for t in ax.texts}
    assert alignment == {"m = 1: 50.00 %": "left", "m = 8: 30.00 %": "right"}
    assert ax.get_ylabel() == "error (%)"


def test_widget_clips_the_error_axis(fitted, shown):
    _, pca, projections = fitted
    control = pca_dimension_widget(DIMENSIONS, ERRORS, pca, projections, SHAPE, n_columns=3,
                                   max_error=0.4)
    shown.clear()
    control.update()
    assert len(shown) == 1
    assert shown[0][0].axes[0].get_ylim() == (0.0, 40.0)


# Three events; class "b" never produced event 2, and neither class produced event 3.
X_TRAIN = np.array([[3, 1, 2, 0], [1, 2, 1, 0], [2, 4, 0, 0], [1, 3, 0, 0]])
Y_TRAIN = np.array(["a", "a", "b", "b"])
X_TEST = np.array([[2, 1, 0, 0], [0, 1, 1, 0], [1, 1, 0, 1], [0, 3, 0, 0]])
Y_TEST = np.array(["a", "a", "b", "b"])


def test_the_view_decides_as_the_model_predicts_ties_included():
    from lecture_utils.discrete import MultinomialClassifier

    X_tie = np.array([[0, 0, 0, 0], [2, 1, 0, 0], [1, 2, 1, 0]])        # an empty file: llr = 0
    for numerator in ("a", "b"):
        view = pseudo_count_view(X_TRAIN, Y_TRAIN, X_tie, ["b", "a", "a"], alpha=1.0,
                                 numerator=numerator)
        model = MultinomialClassifier(alpha=1.0, priors=[0.5, 0.5]).fit(X_TRAIN, Y_TRAIN)
        assert view.llr[0] == 0.0
        assert view.predictions.tolist() == model.predict(X_tie).tolist()
        assert view.predictions[0] == "a"                   # a tie goes to classes_[0]
        assert view.error_rate == pytest.approx(1 - model.score(X_tie, ["b", "a", "a"]))


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


# ---------------------------------------------------------------- posteriors over alpha
def test_posteriors_over_alpha_draws_one_panel_per_view_and_one_legend():
    from lecture_utils.widgets import draw_posteriors_over_alpha

    data, _ = counts_table()
    views = [categorical_alpha_view(data.X, data.y, a, categories=[FUR_COLOURS], priors=[0.5, 0.5])
             for a in (0.0, 1.0, 10.0)]
    fig, axes = plt.subplots(1, 3, sharey=True)
    drawn = draw_posteriors_over_alpha(views, axes, feature="fur", target="sex")
    assert len(drawn) == 3
    for view, ax, panel in zip(views, axes, drawn, strict=True):
        assert ax.get_title() == view.title
        assert len(panel) == len(view.classes)                  # one set of bars per class
        for k, bars in enumerate(panel):                        # horizontal: the widths
            np.testing.assert_allclose([bar.get_width() for bar in bars], view.posteriors[:, k])
    fig.canvas.draw()
    assert [t.get_text() for t in axes[0].get_yticklabels()] == list(FUR_COLOURS)
    assert [ax.get_legend() is not None for ax in axes] == [False, False, True]
    legend = axes[-1].get_legend()
    assert legend.get_title().get_text() == "P(sex | fur)"
    assert [t.get_text() for t in legend.get_texts()] == ["female", "male"]
    plt.close(fig)


def test_posteriors_over_alpha_needs_one_axes_per_view():
    from lecture_utils.widgets import draw_posteriors_over_alpha

    data, _ = counts_table()
    view = categorical_alpha_view(data.X, data.y, 1.0, categories=[FUR_COLOURS])
    fig, axes = plt.subplots(1, 2)
    with pytest.raises(ValueError):
        draw_posteriors_over_alpha([view], axes)
    plt.close(fig)


def test_prior_views_side_by_side_share_one_legend_and_name_each_prior():
    from lecture_utils.widgets import draw_prior_views, prior_view

    heights = load_heights()
    model = GaussianClassifier().fit(heights.X, heights.y)
    views = [prior_view(model, p, 174.0) for p in (0.1, 0.9)]
    fig, axes = plt.subplots(1, 2, sharey=True)
    drawn = draw_prior_views(views, axes, feature_name="height", ticks=[150, 190])
    assert len(drawn) == 2
    assert [ax.get_title() for ax in axes] == ["P(M) = 0.1", "P(M) = 0.9"]
    assert axes[0].get_legend() is None and axes[1].get_legend() is not None
    assert axes[0].get_ylabel() == "posterior" and axes[1].get_ylabel() == ""
    assert list(axes[1].get_xticks()) == [150, 190]
    with pytest.raises(ValueError, match="one Axes per view"):
        draw_prior_views(views, axes[:1])
    plt.close(fig)
