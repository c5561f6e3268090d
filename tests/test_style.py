"""The shared figure style: legible, colour-blind-safe class colours, no LaTeX."""

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from lecture_utils.style import (
    CLASS_COLORS,
    CLASS_MARKERS,
    SLIDE_FIGSIZE,
    apply_style,
    class_color,
    class_marker,
    region_colormap,
)


@pytest.fixture
def restore_rcparams():
    with mpl.rc_context():
        yield


def test_apply_style_sets_and_returns_the_style(restore_rcparams):
    returned = apply_style()
    expected = mpl.RcParams(returned)  # rcParams' own normalisation (lists, cyclers)
    for key in returned:
        assert mpl.rcParams[key] == expected[key], key
    assert mpl.rcParams["text.usetex"] is False
    assert list(mpl.rcParams["figure.figsize"]) == list(SLIDE_FIGSIZE)
    assert mpl.rcParams["font.size"] >= 12  # legible from the back of a room
    cycle = [to_rgb(c) for c in mpl.rcParams["axes.prop_cycle"].by_key()["color"]]
    assert cycle == [to_rgb(c) for c in CLASS_COLORS]


def test_class_colours_and_markers_are_distinct_and_cycle():
    assert len(set(CLASS_COLORS)) == len(CLASS_COLORS) == 10
    assert len(set(CLASS_MARKERS)) == len(CLASS_MARKERS)
    for k in range(25):
        assert class_color(k) == CLASS_COLORS[k % 10]
        assert class_marker(k) == CLASS_MARKERS[k % len(CLASS_MARKERS)]
    # The first three (Iris) are Okabe-Ito blue, orange and bluish green.
    assert CLASS_COLORS[:3] == ("#0072B2", "#E69F00", "#009E73")


@pytest.mark.parametrize("n_classes", [2, 3, 7])
def test_region_colormap_is_a_pale_version_of_the_class_colours(n_classes):
    cmap = region_colormap(n_classes, lightness=0.6)
    assert cmap.N == n_classes
    for k in range(n_classes):
        expected = 0.4 * np.array(to_rgb(class_color(k))) + 0.6
        np.testing.assert_allclose(cmap(k)[:3], expected)
