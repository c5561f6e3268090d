"""The figure check (tests/figure_check.py): a figure made to break each rule fails, a clean
figure passes, and the hook records what every rendered figure breaks."""

import io
import json

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from figure_check import figure_problems, install
from matplotlib.backend_bases import FigureCanvasBase

from lecture_utils.style import apply_style


@pytest.fixture(autouse=True)
def _style():
    """The collection's style for each test, and matplotlib's own again after it."""
    with matplotlib.rc_context():
        apply_style()
        yield


def _curves(figsize=(6, 3)):
    fig, ax = plt.subplots(figsize=figsize)
    x = np.linspace(0, 10, 200)
    ax.plot(x, np.sin(x), label="sin")
    ax.plot(x, np.cos(x), linestyle="--", label="cos")
    return fig, ax


def test_a_clean_figure_passes():
    fig, ax = _curves()
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set(xlabel="x", ylabel="y", title="two curves")
    ax.annotate("a peak", xy=(np.pi / 2, 1.0), xytext=(3.5, 1.6), arrowprops={"arrowstyle": "->"})
    ax.set_ylim(-1.2, 2.0)
    assert figure_problems(fig) == []


def test_a_legend_over_a_line_fails():
    fig, ax = _curves()
    ax.legend(loc="center")
    problems = figure_problems(fig)
    assert len(problems) == 1 and "legend" in problems[0] and "covers" in problems[0]


def test_a_legend_over_scatter_points_fails():
    fig, ax = plt.subplots(figsize=(4, 3))
    grid = np.mgrid[0:1:10j, 0:1:10j].reshape(2, -1)
    ax.scatter(*grid, label="points")
    ax.legend(loc="center")
    assert any("covers" in p and "data points" in p for p in figure_problems(fig))


def test_a_legend_over_bars_fails():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.bar(["a", "b", "c"], [3, 3, 3], label="counts")
    ax.legend(loc="center")
    assert any("covers" in p for p in figure_problems(fig))


def test_a_legend_over_another_axes_fails():
    fig, (left, right) = plt.subplots(1, 2, figsize=(6, 3), layout="none")
    left.plot([0, 1], [0, 1], label="a line")
    left.legend(loc="center left", bbox_to_anchor=(1.0, 0.5))
    assert any("covers axes 2" in p for p in figure_problems(fig))


def test_tick_labels_that_run_together_fail():
    fig, ax = plt.subplots(figsize=(3, 3))
    ax.bar(["blackish", "orangeish", "whiteish", "calicoish"], [1, 2, 3, 4])
    problems = figure_problems(fig)
    assert any('"blackish" overlaps' in p and '"orangeish"' in p for p in problems)


def test_a_legend_over_tick_labels_fails():
    fig, ax = _curves()
    ax.set_ylim(-1.2, 4.0)
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, -0.12))
    assert any("tick label" in p and "legend" in p for p in figure_problems(fig))


def test_an_annotation_over_a_curve_fails():
    fig, ax = _curves()
    ax.text(np.pi / 2, 1.0, "over the curve", ha="center", va="center")
    problems = figure_problems(fig)
    assert any("is drawn over" in p and "over the curve" in p for p in problems)


def test_overlapping_annotations_fail():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.set(xlim=(0, 1), ylim=(0, 1))
    ax.text(0.3, 0.5, "first label")
    ax.text(0.35, 0.5, "second label")
    assert any('"first label" overlaps' in p for p in figure_problems(fig))


def test_text_outside_the_saved_image_fails():
    fig, ax = plt.subplots(figsize=(4, 3))
    fig.text(1.05, 0.5, "past the edge")
    assert any("cut off" in p for p in figure_problems(fig, bbox_inches=None))
    # Cropped tightly, the image grows to hold it.
    assert not any("cut off" in p for p in figure_problems(fig, bbox_inches="tight"))


def test_tick_labels_outside_the_view_are_not_counted():
    """matplotlib keeps labels for ticks just outside the view but does not draw them."""
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0.05, 0.95], [0.05, 0.95])
    ax.set_xticks([-10.0, 0.0, 0.5, 1.0, 10.0], ["far left", "0", "0.5", "1", "far right"])
    ax.set_xlim(0, 1)
    ax.legend(["line"], loc="upper left", bbox_to_anchor=(1.01, 1.0))
    assert figure_problems(fig) == []


def test_data_clipped_away_is_not_counted():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0, 1], [0, 1], label="in view")
    ax.plot([5, 6], [5, 6], label="out of view")
    ax.set(xlim=(0, 1), ylim=(0, 1), yticks=[0.5, 1.0])
    ax.legend(loc="lower right")
    assert figure_problems(fig) == []


def test_text_over_an_image_is_fine():
    fig, ax = plt.subplots(figsize=(3, 3))
    ax.imshow(np.arange(4.0).reshape(2, 2))
    for (i, j), value in np.ndenumerate(np.arange(4).reshape(2, 2)):
        ax.text(j, i, str(value), ha="center", va="center")
    assert figure_problems(fig) == []


def test_the_hook_records_every_rendered_figure(tmp_path, monkeypatch):
    log = tmp_path / "figures.jsonl"
    monkeypatch.setattr(FigureCanvasBase, "print_figure", FigureCanvasBase.print_figure)
    install(str(log))
    clean, ax = _curves()
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    clean.savefig(io.BytesIO(), format="png", bbox_inches="tight")
    crowded, ax = _curves()
    ax.legend(loc="center")
    crowded.savefig(io.BytesIO(), format="png", bbox_inches="tight")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [len(record["problems"]) for record in records] == [0, 1]
    assert all("execution_count" in record for record in records)
