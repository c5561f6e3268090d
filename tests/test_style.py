"""The shared figure style: legible on a projector, colour-blind-safe class colours with a second
cue besides colour, perceptually uniform colour maps, no LaTeX."""

import ast
import inspect
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import nbformat
import numpy as np
import pytest
from colorspacious import cspace_convert
from matplotlib.colors import to_rgb
from matplotlib.text import Text

from lecture_utils import plotting, widgets
from lecture_utils.style import (
    CLASS_COLORS,
    CLASS_HATCHES,
    CLASS_LINESTYLES,
    CLASS_MARKERS,
    DIVERGING_CMAP,
    ERROR_CMAP,
    GREY_CMAP,
    MAX_FIGURE_PX,
    MIN_FONT_SIZE,
    SEQUENTIAL_CMAP,
    SLIDE_BODY_PX,
    SLIDE_FIGSIZE,
    apply_style,
    class_color,
    class_hatch,
    class_linestyle,
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
        assert class_linestyle(k) == CLASS_LINESTYLES[k % len(CLASS_LINESTYLES)]
        assert class_hatch(k) == CLASS_HATCHES[k % len(CLASS_HATCHES)]


def test_every_class_has_its_own_cue_besides_colour():
    """Marker (points), line style (curves) and hatch (bars, regions): ten classes, ten of each,
    so that any two classes differ in more than colour, however close their colours look."""
    for cues in (CLASS_MARKERS, CLASS_LINESTYLES, CLASS_HATCHES):
        assert len(cues) == len(CLASS_COLORS)
        assert len({str(cue) for cue in cues}) == len(cues), cues
    # Each is something matplotlib draws.
    fig, ax = plt.subplots()
    for k in range(len(CLASS_COLORS)):
        ax.plot([0, 1], [k, k], linestyle=class_linestyle(k), marker=class_marker(k))
        ax.bar([k], [1], hatch=class_hatch(k))
    fig.canvas.draw()
    plt.close(fig)


# ------------------------------------------------------- colour-vision deficiency
#: How a viewer sees colours: normal vision, and the three dichromacies simulated at full
#: severity (Machado, Oliveira & Fernandes 2009), as colorspacious implements them.
VISIONS = {
    "normal": "sRGB1",
    **{name: {"name": "sRGB1+CVD", "cvd_type": cvd_type, "severity": 100}
       for name, cvd_type in (("deuteranopia", "deuteranomaly"),
                              ("protanopia", "protanomaly"),
                              ("tritanopia", "tritanomaly"))},
}

#: Smallest CAM02-UCS distance (Delta E') at which two colours count as distinguishable.
#: CAM02-UCS (Luo, Cui & Li 2006) is scaled so that a distance of about 1 is just noticeable
#: between two large patches side by side; the marks here are small (7 pt markers, 2 pt
#: lines) and seen apart, not side by side, and the difference noticed for marks that
#: small is several times larger (Stone, Szafir & Setlur 2014, "An engineering model for
#: color difference as a function of size"). 10 is well above that, so that two classes
#: are told apart at a glance, not only noticed to differ.
DISTINGUISHABLE = 10.0


def _ucs(colors, vision):
    """CAM02-UCS coordinates (J', a', b') of ``colors`` as a viewer with ``vision`` sees them."""
    return cspace_convert(np.array([to_rgb(c) for c in colors]), VISIONS[vision], "CAM02-UCS")


def _pair_distances(colors, vision):
    """``{(i, j): Delta E'}`` for every pair ``i < j`` of ``colors``."""
    ucs = _ucs(colors, vision)
    return {(i, j): float(np.linalg.norm(ucs[i] - ucs[j]))
            for i in range(len(colors)) for j in range(i + 1, len(colors))}


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_class_colours_stays_distinguishable(vision):
    """All 45 pairs of the ten class colours, under each dichromacy too: not only the first
    three, which the 2- and 3-class figures use, but any two classes of a 10-class figure
    (MNIST). Smallest distances (normal, deuteranopia, protanopia, tritanopia): 20.8, 14.8,
    14.0, 11.0; the first three colours: 34.6, 30.5, 23.8, 13.1."""
    close = {f"{CLASS_COLORS[i]}-{CLASS_COLORS[j]}": round(d, 1)
             for (i, j), d in _pair_distances(CLASS_COLORS, vision).items()
             if d < DISTINGUISHABLE}
    assert not close, f"class colours closer than {DISTINGUISHABLE} under {vision}: {close}"


@pytest.mark.parametrize("vision", VISIONS)
def test_class_colours_stand_out_from_the_white_background(vision):
    ucs = _ucs(CLASS_COLORS, vision)
    white = _ucs(["white"], vision)[0]
    faint = {color: round(float(np.linalg.norm(u - white)), 1)
             for color, u in zip(CLASS_COLORS, ucs, strict=True)
             if np.linalg.norm(u - white) < DISTINGUISHABLE}
    assert not faint, f"class colours too close to white under {vision}: {faint}"


def test_the_simulation_finds_colours_that_a_dichromat_confuses():
    """The grey that the palette had as its ninth colour is far from reddish purple for
    normal vision (23.6) but not for a deuteranope (6.5): the check sees what it should."""
    pair = ["#CC79A7", "#999999"]
    assert _pair_distances(pair, "normal")[0, 1] > 2 * DISTINGUISHABLE
    assert _pair_distances(pair, "deuteranopia")[0, 1] < DISTINGUISHABLE


# ------------------------------------------------------------ continuous colour maps
#: Samples along a colour map (or along each half of a diverging one: 32 per half).
SAMPLES = 64
#: Largest ratio of the largest to the smallest perceptual step (CAM02-UCS distance between
#: neighbouring samples) along a map, or along each half of a diverging one. The ratio says
#: how much more strongly the same difference in the data shows in one part of the map
#: than in another: 1.25 allows a quarter. Maps made for uniformity measure 1.03 (viridis)
#: to 1.19; those replaced here, 1.8 (gray_r) to 4.6 (Greys), which hide differences in a
#: part of the range (for Greys, among the small values).
MAX_STEP_RATIO = 1.25


def _colormap(cmap):
    return mpl.colormaps[cmap] if isinstance(cmap, str) else cmap


def _along(cmap, start=0.0, stop=1.0, samples=SAMPLES):
    """CAM02-UCS coordinates of ``samples`` equally spaced entries of the map's lookup table
    from ``start`` to ``stop`` (fractions of its length): entries, not interpolated values,
    so that every step spans the same number of them."""
    cmap = _colormap(cmap)
    lut = cmap(np.arange(cmap.N))[:, :3]
    first, last = round(start * (cmap.N - 1)), round(stop * (cmap.N - 1))
    stride = (last - first) // (samples - 1)
    assert stride >= 1, f"{cmap.name} has too few entries ({cmap.N}) for {samples} samples"
    return cspace_convert(lut[first:first + stride * samples:stride], "sRGB1", "CAM02-UCS")


def _step_ratio(ucs):
    steps = np.linalg.norm(np.diff(ucs, axis=0), axis=1)
    return steps.max() / steps.min()


def _monotonic(values):
    change = np.diff(values)
    return bool(np.all(change > 0) or np.all(change < 0))


#: Every map for values of one sign that the package uses.
SEQUENTIAL_MAPS = {"SEQUENTIAL_CMAP": SEQUENTIAL_CMAP, "GREY_CMAP": GREY_CMAP,
                   "ERROR_CMAP": ERROR_CMAP}


@pytest.mark.parametrize("cmap", SEQUENTIAL_MAPS.values(), ids=SEQUENTIAL_MAPS)
def test_sequential_maps_are_perceptually_uniform(cmap):
    """Lightness J' changes in one direction and each step looks as large as any other.
    viridis: J' 18.6 to 91.5, step ratio 1.03; GREY_CMAP: 100 to 11.0, 1.05; ERROR_CMAP:
    97.0 to 28.7, 1.19."""
    ucs = _along(cmap)
    assert _monotonic(ucs[:, 0]), "lightness goes up and down"
    assert ucs[:, 0].max() - ucs[:, 0].min() > 60, "too short a range of lightness"
    assert _step_ratio(ucs) < MAX_STEP_RATIO


def test_the_diverging_map_is_uniform_on_each_side_of_zero():
    """From the lightest colour at 0, lightness falls monotonically to either end, in equal
    steps (ratios 1.08 and 1.08), to the same darkness, so that +v and -v weigh the same."""
    low = _along(DIVERGING_CMAP, 0.0, 0.5, SAMPLES // 2)
    high = _along(DIVERGING_CMAP, 0.5, 1.0, SAMPLES // 2)
    for half in (low, high):
        assert _monotonic(half[:, 0])
        assert _step_ratio(half) < MAX_STEP_RATIO
    assert low[-1, 0] > 90 and high[0, 0] > 90  # a light centre: zero is the paper
    assert abs(low[0, 0] - high[-1, 0]) < 3


@pytest.mark.parametrize("vision", VISIONS)
def test_the_two_signs_of_the_diverging_map_stay_apart_under_colour_vision_deficiency(vision):
    cmap = _colormap(DIVERGING_CMAP)
    for v in (0.25, 0.5, 0.75, 1.0):
        negative, positive = _ucs([cmap(0.5 - v / 2), cmap(0.5 + v / 2)], vision)
        assert np.linalg.norm(positive - negative) > DISTINGUISHABLE, v


@pytest.mark.parametrize("name", ["RdBu_r", "Greys", "gray_r", "Reds"])
def test_the_uniformity_check_rejects_the_maps_it_replaced(name):
    if name == "RdBu_r":
        ratios = [_step_ratio(_along(name, 0.0, 0.5, 32)), _step_ratio(_along(name, 0.5, 1.0, 32))]
    else:
        ratios = [_step_ratio(_along(name))]
    assert max(ratios) > MAX_STEP_RATIO


def _colormap_literals(source):
    """Colour-map names written as string literals in ``source``: ``cmap="..."`` arguments
    or defaults, and ``get_cmap("...")`` calls."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg == "cmap" \
                and isinstance(node.value, ast.Constant):
            found.append(node.value.value)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "get_cmap" \
                and node.args and isinstance(node.args[0], ast.Constant):
            found.append(node.args[0].value)
        elif isinstance(node, ast.arguments):
            named = node.posonlyargs + node.args
            for arg, default in zip(named[len(named) - len(node.defaults):], node.defaults,
                                    strict=True):
                if arg.arg == "cmap" and isinstance(default, ast.Constant):
                    found.append(default.value)
            for arg, default in zip(node.kwonlyargs, node.kw_defaults, strict=True):
                if arg.arg == "cmap" and isinstance(default, ast.Constant):
                    found.append(default.value)
    return found


def test_colour_map_scan_finds_literal_names():
    source = ('def f(a, cmap="gray_r"):\n    pass\n'
              'def g(*, cmap="Greys"):\n    plt.get_cmap("Reds")\n    ax.imshow(x, cmap="jet")')
    assert sorted(_colormap_literals(source)) == ["Greys", "Reds", "gray_r", "jet"]


@pytest.mark.parametrize("module", [plotting, widgets], ids=lambda m: m.__name__)
def test_the_package_names_colour_maps_only_in_style(module):
    """plotting and widgets take their colour maps from lecture_utils.style, the one place
    where they are chosen and measured."""
    assert _colormap_literals(inspect.getsource(module)) == []


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
