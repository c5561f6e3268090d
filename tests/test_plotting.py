"""Tests of lecture_utils.plotting: decision regions, covariance ellipses and class scatter;
boundaries, loss curves and learning curves; the density map of a fitted model; one-feature
density, LLR and posterior curves and pairwise boundaries.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.collections import PathCollection, QuadMesh
from matplotlib.colors import to_rgb
from matplotlib.contour import ContourSet
from matplotlib.patches import Polygon
from scipy.stats import norm
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from lecture_utils.datasets import load_iris_2d
from lecture_utils.experiments import LearningCurve
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.plotting import (
    covariance_ellipse,
    plot_category_probabilities,
    plot_class_densities_1d,
    plot_confusion_matrix,
    plot_correlation_matrices,
    plot_decision_regions,
    plot_density_2d,
    plot_image_grid,
    plot_learning_curves,
    plot_llr_curve,
    plot_loss_curves,
    plot_pairwise_boundaries,
    plot_posterior_curve,
    scatter_classes,
)
from lecture_utils.style import (
    ERROR_CMAP,
    GREY_CMAP,
    HATCH_STYLE,
    class_color,
    class_hatch,
    class_linestyle,
    region_colormap,
)
from lecture_utils.synthetic import make_gaussian_classes
from lecture_utils.validation import class_index

RESOLUTION = 60


@pytest.fixture(scope="module")
def iris():
    return load_iris_2d()


@pytest.fixture(scope="module")
def model(iris):
    return GaussianClassifier().fit(iris.X, iris.y)


def mahalanobis(points, mean, covariance):
    diff = points - mean
    return np.sqrt(np.einsum("ni,ij,nj->n", diff, np.linalg.inv(covariance), diff))


def on_ellipse(ellipse):
    """The points of a drawn ellipse, in data coordinates (the closing point left out)."""
    return ellipse.get_xy()[:-1]


def grid_of(X, resolution, padding=0.5):
    """The grid that plot_decision_regions predicts on (scikit-learn's DecisionBoundaryDisplay)."""
    X = np.asarray(X)
    axes = [np.linspace(X[:, j].min() - padding, X[:, j].max() + padding, resolution)
            for j in range(2)]
    xx, yy = np.meshgrid(*axes)
    return xx, yy, np.column_stack([xx.ravel(), yy.ravel()])


# ------------------------------------------------------------------------ grid
# ------------------------------------------------------------- decision regions
def test_plot_decision_regions_returns_what_it_drew(iris, model):
    drawn = plot_decision_regions(model, iris.X, iris.y, resolution=RESOLUTION)
    ax = drawn["display"].ax_
    assert isinstance(drawn["display"].surface_, QuadMesh)
    assert len(drawn["points"]) == 3 and all(isinstance(p, PathCollection)
                                             for p in drawn["points"])
    assert len(drawn["ellipses"]) == 6 and all(e.axes is ax for e in drawn["ellipses"])
    for k, (points, label) in enumerate(zip(drawn["points"], model.classes_, strict=True)):
        np.testing.assert_array_equal(points.get_offsets(), iris.X[iris.y == label])
        assert points.get_label() == label
        np.testing.assert_allclose(points.get_facecolor()[0, :3], to_rgb(class_color(k)))
    assert [text.get_text() for text in ax.get_legend().get_texts()] == list(model.classes_)


def test_plot_decision_regions_draws_on_the_given_axes(iris, model):
    fig, (left, right) = plt.subplots(1, 2)
    drawn = plot_decision_regions(
        model, iris.X, iris.y, right, resolution=RESOLUTION, feature_names=("a", "b"),
        title="QDA", legend=False, point_size=12,
    )
    assert drawn["display"].ax_ is right and len(fig.axes) == 2 and not left.has_data()
    assert (right.get_xlabel(), right.get_ylabel(), right.get_title()) == ("a", "b", "QDA")
    assert right.get_legend() is None
    assert all(points.get_sizes()[0] == 12 for points in drawn["points"])
    np.testing.assert_allclose(right.get_xlim(), [iris.X[:, 0].min() - 0.5,
                                                  iris.X[:, 0].max() + 0.5])
    np.testing.assert_allclose(right.get_ylim(), [iris.X[:, 1].min() - 0.5,
                                                  iris.X[:, 1].max() + 0.5])
    plt.close(fig)


def test_region_colours_are_the_predicted_classes(iris, model):
    drawn = plot_decision_regions(model, iris.X, iris.y, resolution=RESOLUTION, ellipses=False)
    mesh = drawn["display"].surface_
    xx, yy, _ = grid_of(iris.X, RESOLUTION)
    cell_colours = mesh.to_rgba(mesh.get_array()).reshape(RESOLUTION, RESOLUTION, 4)
    pale = region_colormap(3)
    rng = np.random.default_rng(0)
    rows, cols = rng.integers(0, RESOLUTION, size=(2, 25))
    seen = set()
    for i, j in zip(rows, cols, strict=True):
        label = model.predict([[xx[i, j], yy[i, j]]])[0]
        k = model.classes_.tolist().index(label)
        seen.add(k)
        np.testing.assert_allclose(cell_colours[i, j], pale(k))
    assert len(seen) >= 2, "the sampled cells should cover several regions"
    assert drawn["ellipses"] == []
    # The pale colours are the class colours mixed three quarters of the way to white.
    for k in range(3):
        np.testing.assert_allclose(pale(k)[:3], 0.25 * np.array(to_rgb(class_color(k))) + 0.75)


@pytest.mark.parametrize("covariance", ["full", "tied", "diag"])
def test_ellipses_are_the_one_and_two_sigma_contours_of_each_class_density(iris, covariance):
    fitted = GaussianClassifier(covariance=covariance).fit(iris.X, iris.y)
    drawn = plot_decision_regions(fitted, iris.X, iris.y, resolution=RESOLUTION)
    assert len(drawn["ellipses"]) == 6
    assert all(isinstance(e, Polygon) and e.axes is drawn["display"].ax_
               for e in drawn["ellipses"])
    for index, ellipse in enumerate(drawn["ellipses"]):
        k, second = divmod(index, 2)
        boundary = on_ellipse(ellipse)
        np.testing.assert_allclose(boundary.mean(axis=0), fitted.means_[k], atol=1e-9)
        np.testing.assert_allclose(
            mahalanobis(boundary, fitted.means_[k], fitted.covariances_[k]), 1.0 + second,
            rtol=1e-9)
        # on the contour the class density is the same everywhere
        log_density = fitted.log_likelihood(boundary)[:, k]
        np.testing.assert_allclose(log_density, log_density[0], atol=1e-9)
        np.testing.assert_allclose(ellipse.get_edgecolor()[:3], to_rgb(class_color(k)))
    plt.close("all")


@pytest.mark.parametrize(
    "classifier",
    [KNeighborsClassifier(5), LogisticRegression(), DecisionTreeClassifier(random_state=0)],
    ids=["knn", "logistic", "tree"],
)
def test_any_sklearn_classifier_gets_regions_without_ellipses(iris, classifier):
    classifier.fit(iris.X, iris.y)
    drawn = plot_decision_regions(classifier, iris.X, iris.y, resolution=RESOLUTION)
    assert len(drawn["points"]) == 3 and drawn["ellipses"] == []
    xx, yy, grid = grid_of(iris.X, RESOLUTION)
    expected = class_index(classifier.classes_, classifier.predict(grid)).reshape(xx.shape)
    np.testing.assert_array_equal(drawn["display"].response, expected)
    plt.close("all")


def test_integer_labels():
    X = np.array([[0.0, 0.0], [0.2, 0.1], [0.1, 0.3], [2.0, 2.0], [2.2, 1.9], [1.9, 2.3]])
    y = np.array([5, 5, 5, 9, 9, 9])
    classifier = KNeighborsClassifier(1).fit(X, y)
    drawn = plot_decision_regions(classifier, X, y, resolution=20)
    assert [points.get_label() for points in drawn["points"]] == ["5", "9"]
    assert set(np.unique(drawn["display"].response).tolist()) == {0, 1}
    plt.close("all")


def test_plot_decision_regions_errors(iris, model):
    X3 = np.column_stack([iris.X, iris.X[:, 0]])
    with pytest.raises(ValueError, match=r"two dimensions; X has shape \(150, 3\)") as caught:
        plot_decision_regions(model, X3, iris.y)
    assert "Select two features" in str(caught.value)


# ------------------------------------------------------------------- ellipses
@pytest.mark.parametrize("n_std", [1.0, 2.0, 3.0])
@pytest.mark.parametrize(
    "covariance",
    [[[2.0, 0.0], [0.0, 0.5]], [[1.0, 0.8], [0.8, 1.0]], [[0.3, -0.2], [-0.2, 4.0]]],
    ids=["axis-aligned", "positive correlation", "negative correlation"],
)
def test_covariance_ellipse_axes_and_boundary(covariance, n_std):
    covariance = np.array(covariance)
    mean = np.array([1.5, -2.0])
    ellipse = covariance_ellipse(mean, covariance, n_std=n_std, color="red")
    boundary = on_ellipse(ellipse)
    np.testing.assert_allclose(mahalanobis(boundary, mean, covariance), n_std, rtol=1e-9)
    # its longest half-axis is n_std standard deviations along the first principal axis
    longest = np.max(np.linalg.norm(boundary - mean, axis=1))
    assert longest == pytest.approx(n_std * np.sqrt(np.linalg.eigvalsh(covariance).max()))
    assert not ellipse.get_fill() and ellipse.get_closed()
    assert ellipse.axes is plt.gca()
    plt.close("all")


# --------------------------------------------------------------------- scatter
def test_scatter_classes_one_collection_per_class_in_class_order():
    X = np.arange(12.0).reshape(6, 2)
    y = np.array(["b", "a", "b", "c", "a", "b"])
    drawn = scatter_classes(X, y, ["a", "b", "c"], label_prefix="train ")
    assert [p.get_label() for p in drawn] == ["train a", "train b", "train c"]
    for k, label in enumerate("abc"):
        np.testing.assert_array_equal(drawn[k].get_offsets(), X[y == label])
        np.testing.assert_allclose(drawn[k].get_facecolor()[0, :3], to_rgb(class_color(k)))
    markers = [p.get_paths()[0].vertices for p in drawn]
    assert not np.array_equal(markers[0], markers[1])  # a different marker per class


def test_class_index_maps_labels_and_rejects_unknown_ones():
    np.testing.assert_array_equal(class_index([10, 20, 30], [30, 10, 10]), [2, 0, 0])
    with pytest.raises(ValueError, match=r"label 'x' is not one of the classes \['a', 'b'\]"):
        class_index(np.array(["a", "b"]), ["a", "x"])


def test_plot_loss_curves_draws_gaps_on_a_log_axis():
    fig, ax = plt.subplots()
    curves = {"a": [1.0, 0.5, 0.4, 0.4], "b": [1.0, 0.9, 0.8]}
    lines = plot_loss_curves(curves, ax, optimum=0.4)
    assert len(lines) == 2 and ax.get_yscale() == "log"
    np.testing.assert_allclose(lines[0].get_ydata(), [0.6, 0.1])
    plt.close(fig)


def test_plot_learning_curves_draws_means_and_floor():
    curve = LearningCurve(np.array([10, 100]),
                          {"x": np.array([[0.3, 0.1], [0.5, 0.3]]), "y": np.ones((2, 2)) * 0.2})
    fig, ax = plt.subplots()
    lines = plot_learning_curves(curve, ax, floor=0.05)
    assert len(lines) == 3
    np.testing.assert_allclose(lines[0].get_ydata(), [0.4, 0.2])
    assert ax.get_xscale() == "log"
    plt.close(fig)


def test_the_image_is_the_model_density_and_the_points_are_drawn():
    iris = load_iris_2d()
    model = GaussianClassifier().fit(iris.X, iris.y)
    fig, ax = plt.subplots()
    drawn = plot_density_2d(model, iris.X, iris.y, ax, resolution=50)
    image = np.asarray(drawn["image"].get_array())
    assert image.shape == (50, 50) and image.min() >= 0.0
    peak = np.exp(model.log_marginal_density(model.means_)).max()
    assert 0.5 * peak < image.max() <= peak * 1.01
    assert len(drawn["points"]) == 3
    plt.close(fig)


@pytest.fixture(scope="module")
def one_feature():
    data = make_gaussian_classes([[0.0], [3.0]], [[[1.0]], [[2.0]]], [200, 300], random_state=0,
                                 labels=["a", "b"])
    return data.X, data.y, GaussianClassifier().fit(data.X, data.y)


@pytest.fixture(scope="module")
def three_classes():
    data = make_gaussian_classes(
        [[0.0, 0.0], [3.0, 0.0], [1.5, 2.5]],
        [np.eye(2), [[1.0, 0.4], [0.4, 0.6]], [[0.5, 0.0], [0.0, 1.5]]],
        60, random_state=1, labels=["p", "q", "r"],
    )
    return data.X, data.y, GaussianClassifier().fit(data.X, data.y)


def test_class_densities_draw_each_class(one_feature):
    X, y, model = one_feature
    drawn = plot_class_densities_1d(model, X, y, bins=25, feature_name="value")
    assert len(drawn["histograms"]) == len(drawn["curves"]) == 2
    for k, curve in enumerate(drawn["curves"]):
        sd = np.sqrt(model.covariances_[k, 0, 0])
        np.testing.assert_allclose(curve.get_ydata(),
                                   norm.pdf(curve.get_xdata(), model.means_[k, 0], sd), rtol=1e-10)
        assert curve.get_color() == class_color(k)
    # each histogram is a density of its own class: bar areas sum to one
    for bars in drawn["histograms"]:
        area = sum(patch.get_width() * patch.get_height() for patch in bars)
        assert area == pytest.approx(1.0)
    assert drawn["curves"][0].axes.get_xlabel() == "value"
    plt.close("all")


def test_class_densities_label_the_curves_as_asked(one_feature):
    X, y, model = one_feature
    drawn = plot_class_densities_1d(model, X, y)
    assert [curve.get_label() for curve in drawn["curves"]] == ["f(x | a)", "f(x | b)"]
    drawn = plot_class_densities_1d(model, X, y, density_label="p(x | y = {label})")
    assert [curve.get_label() for curve in drawn["curves"]] == ["p(x | y = a)", "p(x | y = b)"]


def test_class_densities_accept_a_1d_array(one_feature):
    X, y, model = one_feature
    drawn = plot_class_densities_1d(model, X[:, 0], y)
    assert len(drawn["curves"]) == 2


def test_class_densities_reject_two_columns(one_feature):
    _, y, model = one_feature
    with pytest.raises(ValueError, match="one feature.*X\\[:, \\[0\\]\\]"):
        plot_class_densities_1d(model, np.zeros((len(y), 2)), y)


def test_llr_curve_levels_and_crossings():
    grid = np.linspace(-2.0, 2.0, 50)
    drawn = plot_llr_curve(grid, grid**2 - 1.0, levels={"half": 0.0, "other": 1.0},
                           crossings=[-1.0, 1.0, 5.0])
    np.testing.assert_array_equal(drawn["curve"].get_ydata(), grid**2 - 1.0)
    assert [line.get_ydata()[0] for line in drawn["levels"]] == [0.0, 1.0]
    # the crossing at 5 lies outside the grid and is not drawn
    assert [line.get_xdata()[0] for line in drawn["crossings"]] == [-1.0, 1.0]
    assert drawn["curve"].axes.get_xlim() == (-2.0, 2.0)
    plt.close("all")


def test_posterior_curve_draws_both_classes_and_the_point():
    grid = np.linspace(0.0, 1.0, 11)
    posterior = grid.copy()
    drawn = plot_posterior_curve(grid, posterior, classes=("F", "M"), crossings=[0.5],
                                 point=(0.3, 0.3), title="t")
    np.testing.assert_allclose(drawn["curves"][0].get_ydata(), posterior)
    np.testing.assert_allclose(drawn["curves"][1].get_ydata(), 1.0 - posterior)
    assert [c.get_label() for c in drawn["curves"]] == ["P(M | x)", "P(F | x)"]
    np.testing.assert_allclose(drawn["point"].get_offsets(), [[0.3, 0.3]])
    assert len(drawn["crossings"]) == 1
    assert drawn["curves"][0].axes.get_title() == "t"
    plt.close("all")


@pytest.mark.parametrize("function", [plot_llr_curve, plot_posterior_curve])
def test_curves_reject_mismatched_lengths(function):
    with pytest.raises(ValueError, match="same length"):
        function(np.arange(5.0), np.arange(4.0))


def test_pairwise_boundaries_tie_the_two_classes(three_classes):
    X, _, model = three_classes
    drawn = plot_pairwise_boundaries(model, X, resolution=120)
    assert set(drawn) == {("p", "q"), ("p", "r"), ("q", "r")}
    joint = model.log_likelihood  # on each curve, classes i and j have equal joint density
    for (i, j), contours in drawn.items():
        ki, kj = model.classes_.tolist().index(i), model.classes_.tolist().index(j)
        vertices = np.concatenate(contours.allsegs[0])
        assert len(vertices) > 10
        log_odds = (joint(vertices) + np.log(model.priors_)) @ (np.eye(3)[ki] - np.eye(3)[kj])
        assert np.max(np.abs(log_odds)) < 0.05


# ------------------------------------------------ a second cue besides colour
def _dashes(line):
    """A Line2D's dash pattern, comparable between lines (None for a solid line)."""
    return line.get_linestyle(), line._unscaled_dash_pattern[1]


def _distinct(values):
    return len({repr(v) for v in values}) == len(values)


def test_decision_regions_carry_one_hatch_per_class(iris, model):
    drawn = plot_decision_regions(model, iris.X, iris.y, resolution=RESOLUTION)
    hatches = drawn["hatches"]
    assert isinstance(hatches, ContourSet) and hatches.axes is drawn["display"].ax_
    assert list(hatches.hatches) == [class_hatch(k) for k in range(3)]
    assert _distinct(hatches.hatches)
    np.testing.assert_allclose(hatches.levels, [-0.5, 0.5, 1.5, 2.5])
    # Faint: thin, half-transparent lines over the pale colours; no fill of their own.
    assert hatches.get_hatch_linewidth() == HATCH_STYLE["hatch_linewidth"]
    np.testing.assert_allclose(hatches.get_hatchcolor()[0], HATCH_STYLE["hatchcolor"])
    assert np.all(hatches.get_facecolor()[:, 3] == 0)
    # Band k is the region predicted as class k: it holds the class mean.
    for k, mean in enumerate(model.means_):
        assert model.predict([mean])[0] == model.classes_[k]
        assert hatches.get_paths()[k].contains_point(mean)
        others = [j for j in range(3) if j != k]
        assert not any(hatches.get_paths()[j].contains_point(mean) for j in others)
    plt.close("all")


def test_the_region_legend_shows_each_class_hatch_and_marker(iris, model):
    drawn = plot_decision_regions(model, iris.X, iris.y, resolution=RESOLUTION)
    legend = drawn["display"].ax_.get_legend()
    patches = legend.legend_handles  # the first artist of each (region, points) entry
    assert [patch.get_hatch() or "" for patch in patches] == [class_hatch(k) for k in range(3)]
    for k, patch in enumerate(patches):
        np.testing.assert_allclose(patch.get_facecolor(), region_colormap(3)(k))
    drawn["display"].ax_.figure.canvas.draw()
    markers = [child for child in legend.findobj(PathCollection)]
    assert len(markers) == 3


def test_ellipses_have_the_class_line_style(iris):
    tied = GaussianClassifier(covariance="tied").fit(iris.X, iris.y)
    drawn = plot_decision_regions(tied, iris.X, iris.y, resolution=RESOLUTION)
    styles = [(e.get_linestyle(), e._unscaled_dash_pattern[1]) for e in drawn["ellipses"][::2]]
    assert _distinct(styles)
    for k, ellipse in enumerate(drawn["ellipses"][::2]):
        assert ellipse.get_linestyle() in (class_linestyle(k), "solid")
    assert [e.get_linewidth() for e in drawn["ellipses"][:2]] == [2.0, 1.2]
    plt.close("all")


def test_class_densities_differ_in_line_style_and_hatch(one_feature):
    X, y, model = one_feature
    drawn = plot_class_densities_1d(model, X, y)
    assert _distinct([_dashes(curve) for curve in drawn["curves"]])
    assert [bars[0].get_hatch() or "" for bars in drawn["histograms"]] == [class_hatch(0),
                                                                            class_hatch(1)]
    assert _distinct([bars[0].get_hatch() for bars in drawn["histograms"]])


def test_posterior_curves_differ_in_line_style():
    grid = np.linspace(0.0, 1.0, 11)
    drawn = plot_posterior_curve(grid, grid, classes=("F", "M"))
    m_curve, f_curve = drawn["curves"]  # P(c1 | x) first
    assert _dashes(m_curve) == _dashes(plt.plot([0], [0], linestyle=class_linestyle(1))[0])
    assert _distinct([_dashes(m_curve), _dashes(f_curve)])


def test_llr_thresholds_differ_in_line_style():
    grid = np.linspace(-2.0, 2.0, 50)
    drawn = plot_llr_curve(grid, grid, levels={"a": 0.0, "b": 1.0, "c": -1.0})
    assert _distinct([_dashes(line) for line in [drawn["curve"], *drawn["levels"]]])


def test_loss_and_learning_curves_differ_in_line_style_and_marker():
    fig, (left, right) = plt.subplots(1, 2)
    lines = plot_loss_curves({"a": [1.0, 0.5], "b": [1.0, 0.9], "c": [1.0, 0.7]}, left)
    curve = LearningCurve(np.array([10, 100]), {"x": np.ones((2, 2)), "y": np.ones((2, 2))})
    for drawn in (lines, plot_learning_curves(curve, right)):
        assert _distinct([_dashes(line) for line in drawn])
        assert _distinct([line.get_marker() for line in drawn])
    plt.close(fig)


def test_category_bars_of_each_class_differ_in_hatch():
    bars = plot_category_probabilities([[0.2, 0.8], [0.5, 0.5], [0.3, 0.7]], ["u", "v"],
                                       ["a", "b", "c"])
    hatches = [[bar.get_hatch() or "" for bar in container] for container in bars]
    assert hatches == [[class_hatch(k)] * 2 for k in range(3)]
    assert _distinct([row[0] for row in hatches])
    legend = bars[0][0].axes.get_legend()
    assert [h.get_hatch() or "" for h in legend.legend_handles] == [class_hatch(k)
                                                                      for k in range(3)]


def test_grey_and_error_images_use_the_style_maps():
    fig, axes = plt.subplots(1, 4)
    density = plot_density_2d(GaussianClassifier().fit(load_iris_2d().X, load_iris_2d().y),
                              *load_iris_2d(), ax=axes[0], resolution=20)
    digits = plot_image_grid(np.zeros((2, 4)), (2, 2), 2, axes[1])
    errors = plot_confusion_matrix([0, 1, 1], [0, 0, 1], ax=axes[2])
    correlations = plot_correlation_matrices([np.eye(2)], [axes[3]])
    assert density["image"].get_cmap().name == GREY_CMAP.name
    assert digits.get_cmap().name == GREY_CMAP.name
    assert errors.im_.get_cmap().name == ERROR_CMAP.name
    assert correlations[0].get_cmap().name == GREY_CMAP.name
    plt.close(fig)


def test_plot_error_areas_shades_each_class_where_the_other_wins():
    from lecture_utils.gaussian import univariate_rule_error
    from lecture_utils.plotting import plot_error_areas

    data = make_gaussian_classes([[0.0], [3.0]], [[[1.0]], [[4.0]]], 400, random_state=0)
    model = GaussianClassifier(priors=[0.3, 0.7]).fit(*data)
    drawn = plot_error_areas(model, np.linspace(-12.0, 15.0, 4001), feature_name="x")
    exact = univariate_rule_error(model.means_[:, 0], model.covariances_[:, 0, 0], (0.3, 0.7))
    assert drawn["error"] == pytest.approx(exact.error, abs=1e-5)
    assert len(drawn["curves"]) == 2 and len(drawn["areas"]) == 2
    assert [line.get_linestyle() for line in drawn["curves"]] == ["-", "--"]
    assert drawn["areas"][1].get_hatch() == class_hatch(1)
    assert drawn["curves"][0].axes.get_xlabel() == "x"
    plt.close("all")


def test_plot_projections_projects_on_unit_directions_with_equal_aspect():
    from lecture_utils.plotting import plot_projections

    data = make_gaussian_classes([[0.0, 0.0], [2.0, 1.0]], [np.eye(2)] * 2, 50, random_state=0)
    fig, axes = plt.subplots(1, 3)
    drawn = plot_projections(data.X, data.y, {"a": [3.0, 0.0], "b": [1.0, 1.0]}, axes)
    centred = data.X - data.X.mean(axis=0)
    assert np.allclose(drawn["projections"]["a"], centred[:, 0])
    assert np.allclose(drawn["projections"]["b"], centred.sum(axis=1) / np.sqrt(2))
    assert [line.get_label() for line in drawn["lines"]] == ["a", "b"]
    assert axes[0].get_aspect() == 1.0
    assert len(drawn["histograms"]) == 2 and len(drawn["histograms"][0]) == 2
    with pytest.raises(ValueError, match="one per direction; got 2 axes"):
        plot_projections(data.X, data.y, {"a": [1.0, 0.0], "b": [0.0, 1.0]}, axes[:2])
    plt.close(fig)


# ---------------------------------------------------------------- the Dirichlet simplex
def test_dirichlet_simplex_draws_points_where_they_belong_and_shades_the_density():
    from lecture_utils.plotting import SIMPLEX_CORNERS, plot_dirichlet_update

    fig, axes = plt.subplots(1, 2)
    drawn = plot_dirichlet_update([4, 0, 0], [1, 2, 2], axes, categories=("a", "b", "c"))
    xy = [line.get_xydata()[0] for line in drawn["posterior"]["points"]]
    np.testing.assert_allclose(xy[0], SIMPLEX_CORNERS[0])        # ML: the corner of "a"
    np.testing.assert_allclose(xy[2], [5 / 9, 2 / 9, 2 / 9] @ SIMPLEX_CORNERS)
    assert _distinct([line.get_marker() for line in drawn["posterior"]["points"]])
    assert [t.get_text() for t in axes[1].get_legend().get_texts()][0] == "ML (1.00, 0.00, 0.00)"
    assert {"a", "b", "c"} <= {t.get_text() for t in axes[1].texts}
    density = drawn["posterior"]["density"]
    assert density.get_cmap().name == GREY_CMAP.name
    assert density.levels.max() > 5      # Dir(5, 2, 2) peaks well above the uniform 2
    plt.close(fig)


@pytest.mark.parametrize(("concentration", "categories"), [
    ([1.0, 0.0, 1.0], "abc"), ([1.0, 1.0], "abc"), ([1.0, np.inf, 1.0], "abc"), (1.0, "ab"),
])
def test_dirichlet_update_rejects_bad_input(concentration, categories):
    from lecture_utils.plotting import plot_dirichlet_update

    fig, axes = plt.subplots(1, 2)
    with pytest.raises(ValueError, match="concentration must be 3 finite numbers"):
        plot_dirichlet_update([1, 2, 3], concentration, axes, categories=categories)
    plt.close(fig)


def test_dirichlet_update_marks_ml_map_and_posterior_mean():
    from lecture_utils.discrete import maximise_on_simplex
    from lecture_utils.plotting import plot_dirichlet_update

    fig, axes = plt.subplots(1, 2)
    counts, a = np.array([3.0, 2.0, 0.0]), np.array([2.0, 2.0, 2.0])
    drawn = plot_dirichlet_update(counts, a, axes, categories=("x", "y", "z"))
    estimates = drawn["estimates"]
    np.testing.assert_allclose(estimates["ML"], counts / 5)
    np.testing.assert_allclose(estimates["MAP"], maximise_on_simplex(counts, concentration=a),
                               atol=1e-4)
    np.testing.assert_allclose(estimates["posterior mean"], (counts + a) / 11)
    assert axes[0].get_title() == "prior Dir(2, 2, 2)"
    assert axes[1].get_title() == "posterior Dir(5, 4, 2)"
    assert axes[0].get_legend() is None
    assert [t.get_text() for t in axes[1].get_legend().get_texts()][0] == "ML (0.60, 0.40, 0.00)"
    with pytest.raises(ValueError, match="at least 1"):
        plot_dirichlet_update(counts, 0.5, axes)
    with pytest.raises(ValueError, match="positive total"):
        plot_dirichlet_update([0, 0, 0], 2.0, axes)
    plt.close(fig)


def test_weight_pairs_differ_in_hatch_and_keep_class_colours_free():
    from lecture_utils.plotting import plot_weight_pairs

    bars = plot_weight_pairs({"a": [1.0, -0.5], "b": [0.8, -0.7]}, ["x", "y"],
                             favours=("C", "Python"))
    assert [container[0].get_hatch() or "" for container in bars] == [class_hatch(0),
                                                                       class_hatch(1)]
    colours = {to_rgb(container[0].get_facecolor()) for container in bars}
    assert len(colours) == 2 and not colours & {to_rgb(class_color(0)), to_rgb(class_color(1))}
    assert "C" in bars[0][0].axes.get_ylabel()
    with pytest.raises(ValueError, match="finite"):
        plot_weight_pairs({"a": [1.0, np.inf]}, ["x", "y"])
    plt.close("all")


def test_llr_calibration_plot_draws_both_rates_on_a_log_scale():
    import pandas as pd

    from lecture_utils.plotting import plot_llr_calibration

    table = pd.DataFrame({"samples": [4, 10], "wrong": [1, 0], "claimed error": [0.2, 1e-30],
                          "observed error": [0.25, 0.0], "95 % low": [0.006, 0.0],
                          "95 % high": [0.81, 0.31]}, index=["0–5", "≥ 5"])
    drawn = plot_llr_calibration(table)
    ax = drawn["claimed"].axes
    assert ax.get_yscale() == "log"
    assert drawn["claimed"].get_linestyle() == "--"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0–5\n(4)", "≥ 5\n(10)"]
    with pytest.raises(ValueError, match="columns"):
        plot_llr_calibration(table.drop(columns="95 % high"))
    plt.close("all")


def test_plot_covariance_ellipses_draws_each_class_and_its_whole_axes():
    from lecture_utils.plotting import plot_covariance_ellipses

    fig, ax = plt.subplots()
    covariances = np.array([[[4.0, 0.0], [0.0, 1.0]], [[1.0, 0.5], [0.5, 1.0]]])
    drawn = plot_covariance_ellipses([[0.0, 0.0], [3.0, 3.0]], covariances, ["a", "b"], ax)
    assert len(drawn["ellipses"]) == 4 and len(drawn["axes"]) == 4 and len(drawn["means"]) == 2
    assert np.ptp(drawn["ellipses"][0].get_xy()[:, 0]) == pytest.approx(4.0)  # 2 * 1 sd
    assert drawn["ellipses"][0].get_linestyle() != drawn["ellipses"][2].get_linestyle()
    # whole axes, centred on the mean: an eigenvector's sign cannot point them anywhere else
    lengths = [np.linalg.norm(np.diff(line.get_xydata(), axis=0)) for line in drawn["axes"][:2]]
    assert sorted(lengths) == pytest.approx([2.0, 4.0])
    centres = [line.get_xydata().mean(axis=0) for line in drawn["axes"]]
    np.testing.assert_allclose(centres, [[0, 0], [0, 0], [3, 3], [3, 3]], atol=1e-12)
    with pytest.raises(ValueError, match="classes"):
        plot_covariance_ellipses([[0.0, 0.0]], covariances[:1], ["a", "b"], ax)
    plt.close(fig)


def test_plot_scaled_covariance_log_likelihood_peaks_at_one_on_its_formula():
    from lecture_utils.plotting import plot_scaled_covariance_log_likelihood

    data = load_iris_2d()
    model = GaussianClassifier().fit(data.X, data.y)
    fig, ax = plt.subplots()
    drawn = plot_scaled_covariance_log_likelihood(model, data.X, data.y, np.geomspace(0.5, 2, 13),
                                                  ax, mark=50 / 49, mark_label="N - 1")
    assert len(drawn["points"]) == 3 and len(drawn["curves"]) == 1 and drawn["mark"] is not None
    for line in drawn["points"]:
        c, drop = line.get_data()
        np.testing.assert_allclose(drop, -50 * (np.log(c) + 1 / c - 1), atol=1e-9)
    with pytest.raises(ValueError, match="full"):
        plot_scaled_covariance_log_likelihood(GaussianClassifier(covariance="tied").fit(
            data.X, data.y), data.X, data.y, [1.0], ax)
    plt.close(fig)


def test_plot_loss_along_is_flat_along_a_shared_bias_shift_and_curved_elsewhere():
    from lecture_utils.logistic import add_bias, one_hot
    from lecture_utils.plotting import plot_loss_along

    rng = np.random.default_rng(0)
    X1, C = add_bias(rng.normal(size=(30, 2))), one_hot(rng.integers(0, 3, 30), 3)
    lines = plot_loss_along(np.zeros((3, 3)), {"shared": np.outer([1, 0, 0], [1, 1, 1]),
                                              "apart": np.outer([1, 0, 0], [1, -1, 0])}, X1, C)
    flat, curved = (np.asarray(line.get_ydata()) for line in lines)
    assert np.ptp(flat) < 1e-12 and np.ptp(curved) > 0.1
    assert lines[0].get_linestyle() != lines[1].get_linestyle()
    with pytest.raises(ValueError, match="shape"):
        plot_loss_along(np.zeros((3, 3)), {"bad": np.ones((2, 3))}, X1, C)
    plt.close("all")


def test_plot_class_histograms_hatches_each_class_and_styles_each_threshold():
    from lecture_utils.plotting import plot_class_histograms

    drawn = plot_class_histograms([1.0, 2.0, 3.0, 7.0, 8.0, 9.0], ["a", "a", "a", "b", "b", "b"],
                                  bins=6, thresholds={"one": 4.0, "two": 5.0})
    hatches = [bars[0].get_hatch() for bars in drawn["bars"]]
    assert len(set(hatches)) == 2 and all(hatches)
    styles = [line.get_linestyle() for line in drawn["thresholds"]]
    assert len(set(styles)) == 2
    with pytest.raises(ValueError, match="same length"):
        plot_class_histograms([1.0, 2.0], ["a"])
    plt.close("all")


def test_llr_calibration_plot_with_a_floor_marks_claims_below_it_and_writes_their_values():
    import pandas as pd

    from lecture_utils.plotting import plot_llr_calibration

    table = pd.DataFrame({"samples": [4, 10, 20], "wrong": [1, 1, 1],
                          "claimed error": [0.2, 1e-9, 1e-46], "observed error": [0.25, 0.1, 0.05],
                          "95 % low": [0.006, 0.003, 0.001], "95 % high": [0.81, 0.45, 0.25]},
                         index=["0–5", "5–50", "≥ 50"])
    drawn = plot_llr_calibration(table, floor=1e-4)
    ax = drawn["claimed"].axes
    assert 1e-5 < ax.get_ylim()[0] < 1e-4          # the axis spans a few decades, not 46
    assert drawn["below"].get_ydata().tolist() == [1e-4, 1e-4]
    assert [t.get_text() for t in ax.texts] == ["1e-09", "1e-46"]
    assert np.isnan(drawn["claimed"].get_ydata()[2])   # the dashed line stops at the first
    with pytest.raises(ValueError, match="floor"):
        plot_llr_calibration(table, floor=2.0)
    plt.close("all")


def test_plot_error_curves_draws_one_styled_curve_per_column():
    import pandas as pd

    from lecture_utils.plotting import plot_error_curves
    from lecture_utils.style import class_linestyle

    errors = pd.DataFrame({"training": [0.2, 0.05, 0.04], "test": [0.25, 0.06, 0.07]},
                          index=[2, 10, 50])
    drawn = plot_error_curves(errors, log=True)
    assert list(drawn) == ["training", "test"]
    curve = drawn["test"][0]
    np.testing.assert_allclose(curve.get_ydata(), [25.0, 6.0, 7.0])  # in per cent
    assert curve.get_linestyle() == class_linestyle(1) and len(drawn["test"]) == 1
    ax = curve.axes
    assert ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["training", "test"]
    with pytest.raises(ValueError, match="DataFrame"):
        plot_error_curves(np.zeros((3, 2)))
    plt.close("all")


def test_plot_shared_covariance_comparison_draws_both_ellipses_at_each_class_mean():
    from lecture_utils.gaussian import GaussianClassifier
    from lecture_utils.plotting import plot_shared_covariance_comparison

    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(size=(50, 2)) * [3.0, 1.0], rng.normal(size=(50, 2)) + 8.0])
    y = np.repeat(["wide", "round"], 50)
    full, tied = (GaussianClassifier(covariance=c).fit(X, y) for c in ("full", "tied"))
    drawn = plot_shared_covariance_comparison(full, tied, ["round", "wide"])
    k = list(full.classes_).index("round")
    shared = on_ellipse(drawn["shared"][0])
    np.testing.assert_allclose(shared.mean(axis=0), full.means_[k], atol=1e-9)
    assert np.linalg.norm(shared - full.means_[k], axis=1).max() == pytest.approx(
        2.0 * np.sqrt(np.linalg.eigvalsh(tied.covariances_[0]).max()))
    ax = drawn["shared"][0].axes
    assert ax.get_aspect() == 1.0
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["shared (tied)", "round",
                                                                   "wide"]
    with pytest.raises(ValueError, match="covariance='tied'"):
        plot_shared_covariance_comparison(full, full, ["round"])
    plt.close("all")
