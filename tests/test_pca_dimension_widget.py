"""Tests of the PCA-dimension control (pure function and shell) and its image plots."""

import ipywidgets
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecture_utils.plotting import image_mosaic, plot_error_against_dimension, plot_image_grid
from lecture_utils.projections import PCA
from lecture_utils.widgets import PCADimensionView, pca_dimension_view, pca_dimension_widget

matplotlib.use("Agg")

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
    assert (view.best_dimension, view.best_error) == (4, 0.1)
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
def test_mosaic_places_every_image_and_leaves_gaps():
    images = np.arange(5 * 12, dtype=float).reshape(5, 12)
    mosaic = image_mosaic(images, SHAPE, n_columns=3)
    assert mosaic.shape == (2 * 3 + 1, 3 * 4 + 2)
    np.testing.assert_array_equal(mosaic[:3, :4], images[0].reshape(SHAPE))
    np.testing.assert_array_equal(mosaic[4:7, 5:9], images[4].reshape(SHAPE))
    assert np.isnan(mosaic[3]).all() and np.isnan(mosaic[:, 4]).all()
    assert np.isnan(mosaic[4:, 10:]).all()  # the empty last tile


def test_mosaic_checks_the_image_size():
    with pytest.raises(ValueError, match=r"shape \(n_images, 12\)"):
        image_mosaic(np.zeros((2, 10)), SHAPE, 2)
    with pytest.raises(ValueError, match="positive integer"):
        image_mosaic(np.zeros((2, 12)), SHAPE, 0)


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


def test_widget_clips_the_error_axis(fitted):
    _, pca, projections = fitted
    control = pca_dimension_widget(DIMENSIONS, ERRORS, pca, projections, SHAPE, n_columns=3,
                                   max_error=0.4)
    plt.close("all")
    control.update()
    assert len(plt.get_fignums()) == 1
    assert plt.gcf().axes[0].get_ylim() == (0.0, 40.0)
