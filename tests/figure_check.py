"""Does a figure show its point? Overlaps that hide data or text, found at render time.

`figure_problems(fig)` draws a matplotlib figure and returns one sentence per problem:

- a legend that covers data: a point of a scatter, a sample along a line (taken every
  few pixels), a bar, or another set of axes;
- text that overlaps other text: tick labels, axis labels, titles, annotations, bar
  labels, legends (a legend counts as one block of text);
- an annotation (text placed in the axes, bar labels included) drawn over data;
- anything drawn outside the image that is saved.

Only what is drawn counts: hidden artists, empty strings, and the tick labels of ticks
outside the axes' view (which matplotlib does not draw) are left out, and so are data
outside the axes when the artist is clipped to them. Images and filled regions are
backgrounds, not data: text over a decision region or a heat map is fine.

`install()` wraps `FigureCanvasBase.print_figure`, through which every figure a notebook
shows is rendered (the inline backend, ``display(fig)``, ``savefig`` and
`lecture_utils.plotting.show_figure` alike), so that each rendered figure is checked and
its problems recorded with the IPython execution count of the cell that drew it.
"""

import json
import os
from itertools import combinations

import numpy as np
from matplotlib.axis import XAxis
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.patches import Rectangle
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox

#: Line samples are taken at most this many pixels apart.
SAMPLE_STEP_PX = 2.0
#: Two boxes overlap when they share more than this many pixels in both directions; text
#: boxes are also grown by `TEXT_GAP_PX` on every side, so that text set closer than
#: twice that reads as one word ("blackorangewhite").
OVERLAP_PX = 0.5
TEXT_GAP_PX = 1.0
#: How far (pixels) a drawn box may stray past the saved image before it counts as cut.
EDGE_TOLERANCE_PX = 1.0
#: Environment variable naming the JSON-lines file that `install` appends problems to.
LOG_VARIABLE = "FIGURE_CHECK_LOG"


def _overlaps(a, b, margin=OVERLAP_PX):
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return width > margin and height > margin


def _grown(box, pixels):
    return Bbox.from_extents(box.x0 - pixels, box.y0 - pixels, box.x1 + pixels, box.y1 + pixels)


def _shows(artist):
    return artist.get_visible() and (artist.get_alpha() is None or artist.get_alpha() > 0)


def _describe_text(text):
    words = " ".join(text.get_text().split())
    return f'"{words[:40]}"'


def _densify(points, step=SAMPLE_STEP_PX):
    """Points along the polyline through ``points`` (display pixels), ``step`` apart."""
    points = points[np.all(np.isfinite(points), axis=1)]
    if len(points) < 2:
        return points
    pieces = [points[:1]]
    for start, end in zip(points[:-1], points[1:], strict=True):
        count = max(1, int(np.ceil(np.hypot(*(end - start)) / step)))
        fractions = np.linspace(0.0, 1.0, count + 1)[1:, None]
        pieces.append(start + fractions * (end - start))
    return np.concatenate(pieces)


def _inside(points, box):
    return points[(points[:, 0] >= box.x0) & (points[:, 0] <= box.x1)
                  & (points[:, 1] >= box.y0) & (points[:, 1] <= box.y1)]


class _Data:
    """The data drawn in one set of axes, in display pixels: points and boxes."""

    def __init__(self, ax):
        self.ax = ax
        area = ax.get_window_extent()
        points, self.boxes = [], []
        for line in ax.lines:
            if not _shows(line):
                continue
            path = line.get_transform().transform_path(line.get_path())
            drawn = line.get_linestyle() not in ("None", "none", "", " ")
            vertices = _densify(path.vertices) if drawn else path.vertices
            points.append(self._clip(vertices, line, area))
        for collection in ax.collections:
            if not _shows(collection):
                continue
            if isinstance(collection, PathCollection) and len(collection.get_offsets()):
                offsets = collection.get_offset_transform().transform(collection.get_offsets())
                points.append(self._clip(offsets, collection, area))
            elif isinstance(collection, LineCollection):
                transform = collection.get_transform()
                for segment in collection.get_segments():
                    if len(segment):
                        points.append(self._clip(_densify(transform.transform(segment)),
                                                 collection, area))
        for patch in ax.patches:
            if not _shows(patch):
                continue
            if isinstance(patch, Rectangle):
                box = patch.get_window_extent()
                if patch.get_clip_on():
                    box = Bbox.intersection(box, area)
                if box is not None and box.width > 0 and box.height > 0:
                    self.boxes.append(box)
            else:
                outline = patch.get_transform().transform_path(patch.get_path())
                points.append(self._clip(_densify(outline.vertices), patch, area))
        self.points = np.concatenate(points) if points else np.empty((0, 2))

    @staticmethod
    def _clip(points, artist, area):
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        points = points[np.all(np.isfinite(points), axis=1)]
        return _inside(points, area) if artist.get_clip_on() else points

    def covered_by(self, box):
        """How many points and boxes of this axes' data lie under ``box``."""
        hits = len(_inside(self.points, box))
        hits += sum(_overlaps(box, other) for other in self.boxes)
        return hits


def _tick_labels(axis, renderer):
    """The tick labels matplotlib draws for ``axis``: in view, visible, not empty."""
    if not axis.get_visible():
        return []
    low, high = sorted(axis.get_view_interval())
    tolerance = 1e-9 * max(1.0, abs(high - low))
    drawn = []
    for tick in axis.get_major_ticks() + axis.get_minor_ticks():
        location = tick.get_loc()
        if location is None or not low - tolerance <= location <= high + tolerance:
            continue
        for label in (tick.label1, tick.label2):
            if _shows(label) and label.get_text().strip():
                drawn.append(label)
    return drawn


def _axes_name(fig, ax):
    if len(fig.axes) == 1:
        return "the axes"
    title = ax.get_title() or ax.get_ylabel() or ax.get_xlabel()
    return f'axes {fig.axes.index(ax) + 1}' + (f' ("{title[:30]}")' if title else "")


def _texts(fig, renderer):
    """Every drawn text box of ``fig`` as (description, box, owner, is_annotation)."""
    found = []

    def add(text, owner, what, annotation=False):
        if isinstance(text, Text) and _shows(text) and text.get_text().strip():
            box = text.get_window_extent(renderer)
            if box.width > 0 and box.height > 0:
                found.append((f"{what} {_describe_text(text)}", box, owner, annotation))

    titles = (fig._suptitle, fig._supxlabel, fig._supylabel)
    for text in fig.texts:
        add(text, None, "figure title" if text in titles else "figure text")
    for legend in fig.legends:
        if _shows(legend):
            found.append(("the figure legend", legend.get_window_extent(renderer), None, False))
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        name = _axes_name(fig, ax)
        for title in (ax.title, ax._left_title, ax._right_title):
            add(title, ax, f"the title of {name},")
        if ax.axison:
            for axis in (ax.xaxis, ax.yaxis):
                which = "x" if isinstance(axis, XAxis) else "y"
                for label in _tick_labels(axis, renderer):
                    add(label, ax, f"{which} tick label of {name},")
                add(axis.label, ax, f"the {which} label of {name},")
                add(axis.get_offset_text(), ax, f"the {which} offset text of {name},")
        for text in ax.texts:
            what = "annotation" if isinstance(text, Annotation) else "text"
            add(text, ax, f"{what} in {name},", annotation=True)
        legend = ax.get_legend()
        if legend is not None and _shows(legend):
            found.append((f"the legend of {name}", legend.get_window_extent(renderer), ax, False))
    return found


def _legends(fig):
    legends = [(legend, None) for legend in fig.legends]
    legends += [(ax.get_legend(), ax) for ax in fig.axes if ax.get_legend() is not None]
    return [(legend, ax) for legend, ax in legends if _shows(legend)]


def saved_area(fig, renderer, bbox_inches=None, pad_inches=None):
    """The part of the canvas (display pixels) that `savefig` writes to the image."""
    if bbox_inches != "tight":
        return fig.bbox
    pad = (0.1 if pad_inches in (None, "layout") else pad_inches) * fig.dpi
    return _grown(fig.get_tightbbox(renderer).transformed(fig.dpi_scale_trans), pad)


def figure_problems(fig, bbox_inches="tight", pad_inches=None):
    """The problems of ``fig`` as it is saved with ``bbox_inches`` and ``pad_inches``.

    Returns
    -------
    list of str
        One sentence per problem, naming the artists involved; empty when the figure
        is clean.
    """
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    problems = []
    data = [_Data(ax) for ax in fig.axes if ax.get_visible()]

    for legend, owner in _legends(fig):
        box = legend.get_window_extent(renderer)
        where = "the figure legend" if owner is None else f"the legend of {_axes_name(fig, owner)}"
        for drawn in data:
            hits = drawn.covered_by(box)
            if hits:
                problems.append(f"{where} covers {hits} data points or bars of "
                                f"{_axes_name(fig, drawn.ax)}")
        for ax in fig.axes:
            if ax is not owner and ax.get_visible() and _overlaps(box, ax.get_window_extent()):
                problems.append(f"{where} covers {_axes_name(fig, ax)}")

    texts = _texts(fig, renderer)
    for (name_a, box_a, _, _), (name_b, box_b, _, _) in combinations(texts, 2):
        if _overlaps(_grown(box_a, TEXT_GAP_PX), _grown(box_b, TEXT_GAP_PX)):
            problems.append(f"{name_a} overlaps {name_b}")

    for name, box, _, annotation in texts:
        if annotation:
            for drawn in data:
                hits = drawn.covered_by(box)
                if hits:
                    problems.append(f"{name} is drawn over {hits} data points or bars of "
                                    f"{_axes_name(fig, drawn.ax)}")

    area = saved_area(fig, renderer, bbox_inches, pad_inches)
    outside = _grown(area, EDGE_TOLERANCE_PX)
    for name, box, _, _ in texts:
        if not (outside.x0 <= box.x0 and box.x1 <= outside.x1
                and outside.y0 <= box.y0 and box.y1 <= outside.y1):
            problems.append(f"{name} is cut off by the edge of the saved image")
    return problems


def install(log_path=None):
    """Check every figure as it is rendered, appending its problems to ``log_path``.

    Each line of the log is a JSON object: the IPython ``execution_count`` of the cell
    being run (None outside IPython) and the figure's ``problems``.
    """
    log_path = log_path or os.environ[LOG_VARIABLE]
    original = FigureCanvasBase.print_figure

    def print_figure(self, filename, *args, **kwargs):
        try:
            from IPython import get_ipython

            shell = get_ipython()
            # IPython counts the running cell before it runs it: its number is one less.
            count = None if shell is None else shell.execution_count - 1
        except ImportError:
            count = None
        # Render first: the check draws the figure again, and a figure with constrained
        # layout can settle a pixel or two differently on a second draw, which must not
        # reach the image the notebook stores.
        result = original(self, filename, *args, **kwargs)
        problems = figure_problems(self.figure, kwargs.get("bbox_inches"),
                                   kwargs.get("pad_inches"))
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"execution_count": count, "problems": problems}) + "\n")
        return result

    FigureCanvasBase.print_figure = print_figure
    return print_figure
