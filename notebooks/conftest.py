"""nbval runs every notebook here; this adds, cell by cell, the checks nbval cannot make.

nbval re-executes each notebook (lectures, and the exercises' solutions edition) and
compares every text and HTML output with the stored one, after the sanitising rules in
``tests/nbval_sanitize.cfg``. In the same run, for every cell:

- **every figure shows its point**: the kernel checks each figure as it is rendered,
  widgets' figures included (``tests/figure_check.py``: no legend over data or over other
  axes, no text over text, no annotation over data, nothing outside the saved image); a
  problem fails the cell that drew the figure;
- **every figure is reproduced**: the figures nbval's sanitising hides (a PNG embedded in an
  ``<img>``, or an ``image/png`` output) are compared with the stored ones with the
  tolerance of ``tests/figure_comparison.py`` (same size; last-bit colour-map noise only);
- **no warning of a coming change**: the kernel shows every DeprecationWarning,
  PendingDeprecationWarning and FutureWarning, so one triggered by a notebook or by
  lecture_utils appears in the cell's output and fails nbval's comparison. Two third-party
  warnings that do not come from our code stay hidden (`KNOWN_THIRD_PARTY_WARNINGS`).

The kernel is given these settings through its environment when nbval starts it, and
only then: other tests' kernels (JupyterLab's, nbgrader's) start as usual.
"""

import base64
import json
import os
import re
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from nbval.plugin import IPyNbCell

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))
from figure_check import LOG_VARIABLE  # noqa: E402
from figure_comparison import figure_difference  # noqa: E402

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
WORK = Path(tempfile.mkdtemp(prefix="nbval-figures-"))


def _figure_log(item):
    """The file the kernel of ``item``'s notebook writes each figure's problems to."""
    return WORK / f"{Path(str(item.parent.path)).stem}.jsonl"


@contextmanager
def _kernel_environment(item):
    log, startup = _figure_log(item), WORK / f"{Path(str(item.parent.path)).stem}.py"
    log.touch()
    startup.write_text(STARTUP.format(tests=str(TESTS), log=str(log)))
    settings = {"PYTHONWARNINGS": KERNEL_WARNINGS, "PYTHONSTARTUP": str(startup),
                LOG_VARIABLE: str(log)}
    saved = {name: os.environ.get(name) for name in settings}
    os.environ.update(settings)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def figures(outputs):
    """The PNG images among a cell's outputs, in order (bytes)."""
    found = []
    for output in outputs:
        data = output.get("data", {})
        if "image/png" in data:
            found.append(base64.b64decode(data["image/png"]))
        if "text/html" in data:
            html = data["text/html"]
            html = "".join(html) if isinstance(html, list) else html
            found += [base64.b64decode(png) for png in EMBEDDED_PNG.findall(html)]
    return found


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    """nbval starts a notebook's kernel in the set-up of its first cell: give it our settings."""
    if not isinstance(item, IPyNbCell):
        return (yield)
    with _kernel_environment(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After nbval has run and compared a cell: its figures' problems, and their pixels."""
    if not isinstance(item, IPyNbCell):
        return (yield)
    log = _figure_log(item)
    start = log.stat().st_size
    result = yield
    with open(log, encoding="utf-8") as records:
        records.seek(start)
        problems = [p for line in records for p in json.loads(line)["problems"]]
    assert not problems, "a figure of this cell hides its point:\n  " + "\n  ".join(problems)
    if "nbval-ignore-output" not in item.cell.metadata.get("tags", []):
        stored, fresh = figures(item.cell.outputs), figures(item.test_outputs or [])
        assert len(fresh) == len(stored), f"{len(fresh)} figures drawn, {len(stored)} stored"
        for number, (old, new) in enumerate(zip(stored, fresh, strict=True), start=1):
            difference = figure_difference(old, new)
            assert difference is None, f"figure {number} looks different: {difference}"
    return result
