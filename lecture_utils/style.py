"""One look for every figure, in the notebook and on a projected slide.

Class colours come from the Okabe-Ito palette, which stays distinguishable
under the common forms of colour blindness; class ``k`` (in the order of a
classifier's ``classes_``) always has colour ``CLASS_COLORS[k]`` and marker
``CLASS_MARKERS[k]``, so colour is never the only cue. No LaTeX install or
special font is needed: text uses matplotlib's bundled DejaVu Sans and its
own mathtext.
"""

import matplotlib as mpl
from matplotlib.colors import ListedColormap, to_rgb

CLASS_COLORS = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
    "#F0E442",  # yellow
    "#000000",  # black
    "#999999",  # grey
    "#882255",  # wine
)
CLASS_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<")

#: Colour maps for continuous values: one for values of one sign (counts, densities,
#: probabilities), one for signed values centred on zero (component weights).
SEQUENTIAL_CMAP = "viridis"
DIVERGING_CMAP = "RdBu_r"

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
    "figure.autolayout": False,
    "figure.constrained_layout.use": True,
    "font.family": "DejaVu Sans",
    "font.size": 16,
    "axes.titlesize": 18,
    "axes.labelsize": 17,
    "figure.titlesize": 18,
    "legend.fontsize": 16,
    "legend.title_fontsize": 16,
    "xtick.labelsize": 16,
    "ytick.labelsize": 16,
    "lines.linewidth": 2.2,
    "lines.markersize": 7,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "image.cmap": SEQUENTIAL_CMAP,
    "text.usetex": False,
    "svg.hashsalt": "lecture-utils",
    "axes.prop_cycle": mpl.cycler(color=list(CLASS_COLORS)),
}


def apply_style():
    """Set matplotlib's rcParams to the collection's style and return them."""
    mpl.rcParams.update(STYLE)
    return dict(STYLE)


def class_color(k):
    """Colour of class index ``k`` (cycles after ten classes)."""
    return CLASS_COLORS[k % len(CLASS_COLORS)]


def class_marker(k):
    """Marker of class index ``k`` (cycles after ten classes)."""
    return CLASS_MARKERS[k % len(CLASS_MARKERS)]


def region_colormap(n_classes, lightness=0.75):
    """A colormap of ``n_classes`` pale class colours for decision regions.

    Parameters
    ----------
    n_classes : int
    lightness : float in [0, 1)
        How far each colour is mixed towards white.
    """
    pale = [
        tuple(c + (1.0 - c) * lightness for c in to_rgb(class_color(k)))
        for k in range(n_classes)
    ]
    return ListedColormap(pale, name=f"regions{n_classes}")
