"""Re-executing a notebook reproduces every stored output, figures included.

nbval compares text and HTML outputs but not images; this test executes each notebook
afresh (with notebooks/execute.py's client), from a temporary working directory, and
requires every text and HTML output of every cell to be identical to the committed one
(after the same sanitising rules nbval uses), and every figure to show the same thing:
same size, and pixels equal up to the last-bit numerical noise of another processor or
BLAS kernel (tests/figure_comparison.py says what that allows).

The kernel runs with every DeprecationWarning, PendingDeprecationWarning and FutureWarning
shown (Python hides most of them by default), so a warning of a coming change in numpy,
pandas, matplotlib or scikit-learn, triggered by a notebook or by lecture_utils, appears
in the cell's output and fails the comparison. Two third-party warnings that do not come
from our code are left hidden (`KNOWN_THIRD_PARTY_WARNINGS`).
"""

import base64
import configparser
import copy
import os
import re
from pathlib import Path

import nbformat
import pytest
from figure_comparison import figure_difference
from test_execute import execute  # notebooks/execute.py

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PNG = "image/png"

#: (start of the message, why it is hidden) of each third-party warning left hidden.
KNOWN_THIRD_PARTY_WARNINGS = [
    ("`ipykernel.pylab.backend_inline` is deprecated",
     "ipywidgets 8.1.2 imports it; newer ipywidgets do not, but they do not render in RISE "
     "slides (see requirements.txt)"),
    ("InlineBackend._print_figure_kwargs_changed is deprecated",
     "matplotlib-inline's own use of an old traitlets API, triggered by the setup cell's "
     "%config InlineBackend.print_figure_kwargs"),
]
#: Python's warning filters for the kernel: later entries take precedence.
KERNEL_WARNINGS = ",".join(
    ["always::DeprecationWarning", "always::PendingDeprecationWarning", "always::FutureWarning"]
    + [f"ignore:{start}:DeprecationWarning" for start, _ in KNOWN_THIRD_PARTY_WARNINGS]
)


def _sanitizers():
    config = configparser.ConfigParser()
    config.read(ROOT / "tests" / "nbval_sanitize.cfg")
    return [(re.compile(config[s]["regex"]), config[s]["replace"]) for s in config.sections()]


SANITIZERS = _sanitizers()


def _clean(text):
    for pattern, replacement in SANITIZERS:
        text = pattern.sub(replacement, text)
    return text


def _compared(cell):
    """The parts of a cell's outputs that must not change between runs, and its figures.

    Returns (parts, figures): every output with each PNG replaced by a placeholder, and
    the PNG files in order, which are compared with a tolerance.
    """
    parts, figures = [], []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            # A stream may arrive in several pieces; only its text matters.
            if parts and parts[-1][0] == output.name:
                parts[-1] = (output.name, parts[-1][1] + _clean(output.text))
            else:
                parts.append((output.name, _clean(output.text)))
        elif output.output_type == "error":
            parts.append(("error", output.ename, _clean(output.evalue)))
        else:
            data = output.get("data", {})
            if PNG in data:
                figures.append(base64.b64decode(data[PNG]))
            parts.append(tuple(sorted(
                (mime, "<PNG>" if mime == PNG else
                 _clean(value) if isinstance(value, str) else repr(value))
                for mime, value in data.items() if mime != WIDGET_VIEW
            )))
    return parts, figures


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_re_executing_reproduces_every_stored_output(path, tmp_path):
    stored = nbformat.read(path, as_version=4)
    fresh = copy.deepcopy(stored)
    execute.notebook_client(fresh, tmp_path).execute(
        env={**os.environ, "PYTHONWARNINGS": KERNEL_WARNINGS})
    for index, (old, new) in enumerate(zip(stored.cells, fresh.cells, strict=True)):
        if old.cell_type != "code" or "nbval-ignore-output" in old.metadata.get("tags", []):
            continue
        (old_parts, old_figures), (new_parts, new_figures) = _compared(old), _compared(new)
        assert new_parts == old_parts, (
            f"{path.name}, cell {index} gives a different output when re-executed:\n"
            f"{old.source[:200]}"
        )
        pairs = zip(old_figures, new_figures, strict=True)
        for number, (old_png, new_png) in enumerate(pairs, start=1):
            difference = figure_difference(old_png, new_png)
            assert difference is None, (
                f"{path.name}, cell {index}, figure {number} looks different when "
                f"re-executed: {difference}\n{old.source[:200]}"
            )
