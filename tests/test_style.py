"""The shared figure style: legible on a projector, colour-blind-safe class colours, no LaTeX."""

import ast
import inspect
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import nbformat
import numpy as np
import pytest
from matplotlib.colors import to_rgb
from matplotlib.text import Text

from lecture_utils import widgets
from lecture_utils.style import (
    CLASS_COLORS,
    CLASS_MARKERS,
    MAX_FIGURE_PX,
    MIN_FONT_SIZE,
    SLIDE_BODY_PX,
    SLIDE_FIGSIZE,
    apply_style,
    class_color,
    class_marker,
    region_colormap,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


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
    assert mpl.rcParams["font.size"] >= MIN_FONT_SIZE  # legible from the back of a room
    cycle = [to_rgb(c) for c in mpl.rcParams["axes.prop_cycle"].by_key()["color"]]
    assert cycle == [to_rgb(c) for c in CLASS_COLORS]


def test_class_colours_and_markers_are_distinct_and_cycle():
    assert len(set(CLASS_COLORS)) == len(CLASS_COLORS) == 10
    assert len(set(CLASS_MARKERS)) == len(CLASS_MARKERS)
    for k in range(25):
        assert class_color(k) == CLASS_COLORS[k % 10]
        assert class_marker(k) == CLASS_MARKERS[k % len(CLASS_MARKERS)]


@pytest.mark.parametrize("n_classes", [2, 3, 7])
def test_region_colormap_is_a_pale_version_of_the_class_colours(n_classes):
    cmap = region_colormap(n_classes, lightness=0.6)
    assert cmap.N == n_classes
    for k in range(n_classes):
        expected = 0.4 * np.array(to_rgb(class_color(k))) + 0.6
        np.testing.assert_allclose(cmap(k)[:3], expected)


def _default_figsizes():
    """The shared style's figure size and each widget's default one."""
    sizes = {"style": SLIDE_FIGSIZE}
    for name, function in inspect.getmembers(widgets, inspect.isfunction):
        figsize = inspect.signature(function).parameters.get("figsize")
        if figsize is not None:
            sizes[name] = figsize.default
    return sizes


def test_the_widgets_have_default_figure_sizes():
    assert len(_default_figsizes()) > 1


@pytest.mark.parametrize("figsize", _default_figsizes().values(), ids=_default_figsizes())
def test_default_figures_fit_a_slide_unscaled_with_legible_text(restore_rcparams, figsize):
    apply_style()
    fig, (left, right) = plt.subplots(1, 2, figsize=figsize)
    left.plot([0, 1], [0, 1], label="a line")
    left.set(title="a title", xlabel="x label", ylabel="y label")
    left.legend()
    left.annotate("a note", (0.5, 0.5))
    right.bar(["one", "two"], [1, 2])
    fig.suptitle("a figure title")
    fig.colorbar(right.imshow([[0, 1]]), ax=right)
    fig.canvas.draw()
    sizes = {text.get_text(): text.get_fontsize() for text in fig.findobj(Text)
             if text.get_visible() and text.get_text()}
    assert len(sizes) > 10
    small = {text: size for text, size in sizes.items() if size < MIN_FONT_SIZE}
    assert not small, f"text smaller than {MIN_FONT_SIZE} pt: {small}"
    # Shown at full size on the slide, so a point stays a point.
    width, height = fig.get_size_inches() * fig.dpi
    assert width <= MAX_FIGURE_PX[0] and height <= MAX_FIGURE_PX[1]


def test_figure_text_is_as_large_as_the_slides_body_text(restore_rcparams):
    """A figure is shown at full size (one figure pixel, one slide pixel), so its smallest
    text, in pixels at the style's dpi, is at least the slide's body text (rise.css)."""
    apply_style()
    assert MIN_FONT_SIZE * mpl.rcParams["figure.dpi"] / 72 >= SLIDE_BODY_PX
    css = (ROOT / "notebooks" / "rise.css").read_text()
    assert f"font-size: {SLIDE_BODY_PX}px" in css


def _font_sizes_set_in(source):
    """Literal font sizes passed as ``fontsize=`` or ``labelsize=`` in Python ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg in ("fontsize", "labelsize", "titlesize") \
                and isinstance(node.value, ast.Constant):
            found.append(node.value.value)
    return found


def _too_small(size):
    if isinstance(size, str):
        return size in ("xx-small", "x-small", "small", "smaller")
    return size < MIN_FONT_SIZE


def test_font_size_scan_finds_literal_sizes():
    assert _font_sizes_set_in("ax.legend(fontsize=9)\nax.tick_params(labelsize='small')") \
        == [9, "small"]


def test_no_code_sets_a_font_smaller_than_the_minimum():
    sources = {path.name: path.read_text() for path in (ROOT / "lecture_utils").glob("*.py")}
    for path in NOTEBOOKS:
        for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
            if cell.cell_type == "code":
                code = "\n".join(line for line in cell.source.splitlines()
                                 if not line.lstrip().startswith(("%", "!")))
                sources[f"{path.name}, cell {index}"] = code
    small = {where: sizes for where, source in sources.items()
             if (sizes := [s for s in _font_sizes_set_in(source) if _too_small(s)])}
    assert not small, f"font sizes below {MIN_FONT_SIZE} pt: {small}"
