"""One look for every figure, in the notebook and on a projected slide.

Class colours come from the Okabe-Ito palette, which stays distinguishable
under the common forms of colour blindness; class ``k`` (in the order of a
classifier's ``classes_``) always has colour ``CLASS_COLORS[k]`` and, as a
second cue that needs no colour vision, marker ``CLASS_MARKERS[k]`` (points),
line style ``CLASS_LINESTYLES[k]`` (curves) and hatch ``CLASS_HATCHES[k]``
(bars and regions). Continuous values use perceptually uniform colour maps.
No LaTeX install or special font is needed: text uses matplotlib's bundled
DejaVu Sans and its own mathtext.
"""

import matplotlib as mpl
from matplotlib.colors import LinearSegmentedColormap, ListedColormap, to_rgb

#: Okabe-Ito's blue, orange, bluish green, reddish purple, sky blue, vermillion, yellow and
#: black, then Paul Tol's indigo and wine (the grey that indigo replaces was confused with
#: reddish purple under deuteranopia: CAM02-UCS distance 6.5).
CLASS_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
                "#000000", "#332288", "#882255")
CLASS_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<")
#: Line style of each class's curves: solid, dashed, dotted, dash-dot, then dash patterns.
CLASS_LINESTYLES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)), (0, (8, 2)),
                    (0, (1, 2.5)), (0, (4, 1, 1, 1)), (0, (2, 1)), (0, (6, 1, 2, 1)))
#: Hatch of each class's bars and regions: none for the first class, then thin line
#: patterns (`HATCH_STYLE` keeps them light).
CLASS_HATCHES = ("", "//", "\\\\", "||", "--", "++", "xx", "..", "oo", "**")
#: How hatches are drawn: thin and half transparent, so that a hatched region stays calm
#: under the points and contours drawn on it.
HATCH_STYLE = {"hatchcolor": (0.0, 0.0, 0.0, 0.45), "hatch_linewidth": 0.6}

#: Colour maps for continuous values, each perceptually uniform: equal steps in the data
#: are equal steps in perceived colour (CAM02-UCS distance) with lightness changing in one
#: direction, as tests/test_style.py measures. One map is for values of one sign (counts,
#: densities, probabilities); one for signed values centred on zero (component weights):
#: blue for negative, a neutral light grey at 0, red for positive, each half equally
#: spaced in CAM02-UCS along a smooth path (anchors computed with colorspacious; the
#: matplotlib map RdBu_r crowds its steps near 0, where most component pixels lie).
SEQUENTIAL_CMAP = "viridis"
_DIVERGING_RGB = (
    (0.126, 0.252, 0.408), (0.111, 0.304, 0.526), (0.091, 0.360, 0.650),
    (0.096, 0.422, 0.765), (0.162, 0.490, 0.856), (0.268, 0.560, 0.913),
    (0.386, 0.629, 0.939), (0.503, 0.693, 0.945), (0.613, 0.751, 0.942),
    (0.715, 0.805, 0.937), (0.809, 0.857, 0.936), (0.895, 0.906, 0.939),
    (0.973, 0.955, 0.952),  # 0
    (0.974, 0.875, 0.860), (0.981, 0.789, 0.762), (0.986, 0.698, 0.659),
    (0.985, 0.603, 0.554), (0.973, 0.503, 0.449), (0.947, 0.398, 0.346),
    (0.902, 0.288, 0.249), (0.834, 0.178, 0.165), (0.740, 0.080, 0.104),
    (0.631, 0.047, 0.077), (0.525, 0.078, 0.077), (0.430, 0.107, 0.089),
)
DIVERGING_CMAP = LinearSegmentedColormap.from_list("blue_grey_red", _DIVERGING_RGB)
#: Grey levels from white to near-black (densities, absolute correlations, and digit
#: images: dark ink on light paper), equally spaced in CAM02-UCS lightness. matplotlib's
#: "Greys" and "gray_r" are not: they crowd their steps in the light and the dark range.
_GREY_LEVELS = (1.000, 0.925, 0.854, 0.787, 0.723, 0.661, 0.602, 0.545, 0.490,
                0.436, 0.384, 0.333, 0.282, 0.231, 0.181, 0.129, 0.074)
GREY_CMAP = LinearSegmentedColormap.from_list("greys_uniform", [(v, v, v) for v in _GREY_LEVELS])
#: Counts of errors, from none (light grey) to many (dark red): the positive half of
#: `DIVERGING_CMAP`.
ERROR_CMAP = LinearSegmentedColormap.from_list("grey_red", _DIVERGING_RGB[12:])

#: Width and height in inches of a figure that fills a 16:9 slide at 100 dpi.
SLIDE_FIGSIZE = (10.0, 5.0)

#: The screen a slideshow is projected on, in CSS pixels (width, height): a 720p
#: projector, or a 1080p one with the browser zoomed to 150 % so that code and text can
#: be read from the back of the room. A slide that fits it fits any larger 16:9 screen.
PROJECTOR_PX = (1280, 720)

#: Largest figure, in pixels (width, height), that a slide on `PROJECTOR_PX` shows at
#: full size (a wider one is scaled down, and its text with it) below a heading and a
#: one-line code cell. A figure with more code or text above it must be lower.
MAX_FIGURE_PX = (1130, 520)

#: Size in CSS pixels of Markdown body text on a slide of `PROJECTOR_PX` (notebooks/rise.css,
#: which the exported slides share); code and its text output are 19 px.
SLIDE_BODY_PX = 22

#: No text in a figure is smaller than this, in points. A figure is shown at 100 dpi at full
#: size, so 16 pt is 22.2 pixels: figure text is at least as large as the slide's body text.
MIN_FONT_SIZE = 16

STYLE = {
    "figure.figsize": SLIDE_FIGSIZE,
    "figure.dpi": 100,
    "figure.constrained_layout.use": True,
    "font.family": "DejaVu Sans",
    "font.size": 16,
    "axes.titlesize": 18,
    "axes.labelsize": 17,
    "figure.titlesize": 18,
    "lines.linewidth": 2.2,
    "lines.markersize": 7,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "image.cmap": SEQUENTIAL_CMAP,
    "text.usetex": False,
    "axes.prop_cycle": mpl.cycler(color=list(CLASS_COLORS)),
}


def apply_style():
    """Set matplotlib's rcParams to the collection's style and return them.

    Examples
    --------
    >>> apply_style()["font.size"]
    16
    """
    mpl.rcParams.update(STYLE)
    return dict(STYLE)


def class_color(k):
    """Colour of class index ``k`` (cycles after ten classes).

    Examples
    --------
    >>> class_color(0), class_color(10)
    ('#0072B2', '#0072B2')
    """
    return CLASS_COLORS[k % len(CLASS_COLORS)]


def class_marker(k):
    """Marker of class index ``k`` (cycles after ten classes).

    Examples
    --------
    >>> class_marker(1)
    's'
    """
    return CLASS_MARKERS[k % len(CLASS_MARKERS)]


def class_linestyle(k):
    """Line style of class index ``k`` (cycles after ten classes).

    Examples
    --------
    >>> class_linestyle(1)
    '--'
    """
    return CLASS_LINESTYLES[k % len(CLASS_LINESTYLES)]


def class_hatch(k):
    """Hatch pattern of class index ``k`` (cycles after ten classes).

    Examples
    --------
    >>> class_hatch(0), class_hatch(1)
    ('', '//')
    """
    return CLASS_HATCHES[k % len(CLASS_HATCHES)]


def region_colormap(n_classes, lightness=0.75):
    """A colormap of ``n_classes`` pale class colours for decision regions.

    Parameters
    ----------
    n_classes : int
    lightness : float in [0, 1)
        How far each colour is mixed towards white.

    Examples
    --------
    >>> [round(float(c), 3) for c in region_colormap(2, lightness=0.5)(1)]
    [0.951, 0.812, 0.5, 1.0]
    """
    pale = [tuple(c + (1.0 - c) * lightness for c in to_rgb(class_color(k)))
            for k in range(n_classes)]
    return ListedColormap(pale, name=f"regions{n_classes}")
