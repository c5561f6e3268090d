"""Re-executing a notebook reproduces every stored output, and every figure shows its point.

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

The same run checks every figure the notebook draws, widgets' figures included, at the
moment it is rendered (tests/figure_check.py): no legend over data or over other axes,
no text over text, no annotation over data, nothing outside the saved image. Each
notebook is executed once, for both tests.
"""

import base64
import configparser
import functools
import json
import os
import re
import tempfile
from pathlib import Path

import nbformat
import pytest
from figure_check import LOG_VARIABLE
from figure_comparison import figure_difference
from test_execute import execute  # notebooks/execute.py

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = execute.ALL_NOTEBOOKS
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PNG = "image/png"
HTML = "text/html"
#: A figure shown by `lecture_utils.plotting.show_figure`: a PNG inside an <img>.
EMBEDDED_PNG = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')
#: Run by the kernel before the notebook (PYTHONSTARTUP): check each figure as it is drawn.
STARTUP = """
def _check_figures():
    import sys
    sys.path.insert(0, {tests!r})
    import figure_check
    sys.path.remove({tests!r})
    figure_check.install({log!r})
_check_figures()
del _check_figures
"""

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
            if HTML in data:
                figures += [base64.b64decode(png) for png in EMBEDDED_PNG.findall(data[HTML])]
            parts.append(tuple(sorted(
                (mime, "<PNG>" if mime == PNG else
                 _clean(EMBEDDED_PNG.sub('src="<PNG>"', value)) if isinstance(value, str)
                 else repr(value))
                for mime, value in data.items() if mime != WIDGET_VIEW
            )))
    return parts, figures


@functools.cache
def executed(path):
    """Run the notebook at ``path`` afresh; return it and its figures' problems.

    Returns
    -------
    fresh : nbformat.NotebookNode
    problems : list of (cell index or None, problem)
    """
    fresh = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as work:
        log, startup = Path(work) / "figures.jsonl", Path(work) / "startup.py"
        startup.write_text(STARTUP.format(tests=str(ROOT / "tests"), log=str(log)))
        log.touch()
        execute.notebook_client(fresh, work).execute(env={
            **os.environ, "PYTHONWARNINGS": KERNEL_WARNINGS, "PYTHONSTARTUP": str(startup),
            LOG_VARIABLE: str(log)})
        records = [json.loads(line) for line in log.read_text().splitlines()]
    cell_of = {cell.execution_count: index for index, cell in enumerate(fresh.cells)
               if cell.cell_type == "code" and cell.get("execution_count")}
    problems = [(cell_of.get(record["execution_count"]), problem)
                for record in records for problem in record["problems"]]
    return fresh, problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_figure_shows_its_point(path):
    _, problems = executed(path)
    report = "\n".join(f"  cell {index}: {problem}" for index, problem in problems)
    assert not problems, f"{path.name}: {len(problems)} figure problems\n{report}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_re_executing_reproduces_every_stored_output(path):
    stored = nbformat.read(path, as_version=4)
    fresh, _ = executed(path)
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
