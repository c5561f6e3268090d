"""One-feature density, LLR and posterior curves; posterior maps and pairwise boundaries."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgb
from scipy.stats import norm

from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.plotting import (
    grid_image,
    grid_over,
    plot_class_densities_1d,
    plot_llr_curve,
    plot_pairwise_boundaries,
    plot_posterior_curve,
    plot_posteriors,
    posterior_colors,
)
from lecture_utils.style import class_color
from lecture_utils.synthetic import make_gaussian_classes


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
    assert len(drawn.histograms) == len(drawn.curves) == 2
    for k, curve in enumerate(drawn.curves):
        sd = np.sqrt(model.covariances_[k, 0, 0])
        np.testing.assert_allclose(curve.get_ydata(), norm.pdf(drawn.grid, model.means_[k, 0], sd),
                                   rtol=1e-10)
        assert curve.get_color() == class_color(k)
    # each histogram is a density of its own class: bar areas sum to one
    for bars in drawn.histograms:
        area = sum(patch.get_width() * patch.get_height() for patch in bars)
        assert area == pytest.approx(1.0)
    assert drawn.ax.get_xlabel() == "value"


def test_class_densities_label_the_curves_as_asked(one_feature):
    X, y, model = one_feature
    drawn = plot_class_densities_1d(model, X, y)
    assert [curve.get_label() for curve in drawn.curves] == ["f(x | a)", "f(x | b)"]
    drawn = plot_class_densities_1d(model, X, y, density_label="p(x | y = {label})")
    assert [curve.get_label() for curve in drawn.curves] == ["p(x | y = a)", "p(x | y = b)"]


def test_class_densities_accept_a_1d_array(one_feature):
    X, y, model = one_feature
    drawn = plot_class_densities_1d(model, X[:, 0], y)
    assert len(drawn.curves) == 2


def test_class_densities_reject_two_columns(one_feature):
    _, y, model = one_feature
    with pytest.raises(ValueError, match="one feature.*X\\[:, \\[0\\]\\]"):
        plot_class_densities_1d(model, np.zeros((len(y), 2)), y)


def test_llr_curve_levels_and_crossings():
    grid = np.linspace(-2.0, 2.0, 50)
    drawn = plot_llr_curve(grid, grid**2 - 1.0, levels={"half": 0.0, "other": 1.0},
                           crossings=[-1.0, 1.0, 5.0])
    np.testing.assert_array_equal(drawn.curves[0].get_ydata(), grid**2 - 1.0)
    assert [line.get_ydata()[0] for line in drawn.level_lines] == [0.0, 1.0]
    # the crossing at 5 lies outside the grid and is not drawn
    assert [line.get_xdata()[0] for line in drawn.crossing_lines] == [-1.0, 1.0]
    assert drawn.ax.get_xlim() == (-2.0, 2.0)


def test_posterior_curve_draws_both_classes_and_the_point():
    grid = np.linspace(0.0, 1.0, 11)
    posterior = grid.copy()
    drawn = plot_posterior_curve(grid, posterior, classes=("F", "M"), crossings=[0.5],
                                 point=(0.3, 0.3), title="t")
    np.testing.assert_allclose(drawn.curves[0].get_ydata(), posterior)
    np.testing.assert_allclose(drawn.curves[1].get_ydata(), 1.0 - posterior)
    assert [c.get_label() for c in drawn.curves] == ["P(M | x)", "P(F | x)"]
    np.testing.assert_allclose(drawn.point.get_offsets(), [[0.3, 0.3]])
    assert len(drawn.crossing_lines) == 1
    assert drawn.ax.get_title() == "t"


@pytest.mark.parametrize("function", [plot_llr_curve, plot_posterior_curve])
def test_curves_reject_mismatched_lengths(function):
    with pytest.raises(ValueError, match="same length"):
        function(np.arange(5.0), np.arange(4.0))


def test_posterior_colors_blend_the_class_colours():
    certain = posterior_colors(np.eye(3))
    np.testing.assert_allclose(certain, [to_rgb(class_color(k)) for k in range(3)])
    mixed = posterior_colors([[0.5, 0.5]])
    np.testing.assert_allclose(mixed[0], (np.array(to_rgb(class_color(0)))
                                          + np.array(to_rgb(class_color(1)))) / 2)


def test_posterior_map_matches_predict_proba(three_classes):
    X, y, model = three_classes
    drawn = plot_posteriors(model, X, y, resolution=30, feature_names=("u", "v"), title="m")
    image = drawn.image.get_array()
    assert image.shape == (30, 30, 3)
    corner = np.array([[X[:, 0].min() - 0.5, X[:, 1].min() - 0.5]])
    blended = posterior_colors(model.predict_proba(corner))[0]
    np.testing.assert_allclose(image[0, 0], blended + (1 - blended) * 0.4)
    assert len(drawn.points) == 3
    assert drawn.ax.get_xlabel() == "u"


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


def test_grid_image_centres_pixels_on_grid_points():
    xx, yy, _ = grid_over(np.array([[0.0, 0.0], [4.0, 2.0]]), resolution=5, padding=0.0)
    _, ax = plt.subplots()
    image = grid_image(ax, xx + 10 * yy, xx, yy)
    assert image.get_extent() == pytest.approx((-0.5, 4.5, -0.25, 2.25))
    np.testing.assert_array_equal(image.get_array(), xx + 10 * yy)  # row 0 is the lowest y

