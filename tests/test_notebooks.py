"""Static checks of every notebook: slides, stored outputs, setup, no errors or warnings."""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SLIDE_TYPES = {"slide", "subslide", "fragment", "-", "skip", "notes"}


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found in notebooks/"


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: p.name)
def notebook(request):
    return nbformat.read(request.param, as_version=4)


def test_every_cell_has_slide_metadata(notebook):
    missing = [i for i, cell in enumerate(notebook.cells)
               if cell.metadata.get("slideshow", {}).get("slide_type") not in SLIDE_TYPES]
    assert not missing, f"cells without a valid slideshow.slide_type: {missing}"


def test_notebook_opens_with_a_title_and_starts_a_slide(notebook):
    first = notebook.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert first.metadata["slideshow"]["slide_type"] == "slide"


def test_every_code_cell_is_executed_in_order_without_errors(notebook):
    code = [cell for cell in notebook.cells if cell.cell_type == "code" and cell.source.strip()]
    counts = [cell.execution_count for cell in code]
    assert None not in counts, "unexecuted code cells: nbval would not compare them"
    assert counts == list(range(1, len(code) + 1)), "cells were not run top to bottom in one go"
    errors = [o for cell in code for o in cell.outputs if o.output_type == "error"]
    assert not errors


def test_no_warnings_or_stderr_in_stored_outputs(notebook):
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert not (output.output_type == "stream" and output.name == "stderr"), output.text


def test_setup_cell_applies_the_shared_style_and_a_seed(notebook):
    setup = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert "apply_style()" in setup.source and "SEED" in setup.source
    assert "'Software': None" in setup.source or '"Software": None' in setup.source


def test_widget_cells_are_ignored_by_nbval(notebook):
    for cell in notebook.cells:
        shows_widget = any(
            "application/vnd.jupyter.widget-view+json" in o.get("data", {})
            for o in cell.get("outputs", [])
        )
        if shows_widget:
            assert "nbval-ignore-output" in cell.metadata.get("tags", []), cell.source[:80]


def test_notebook_uses_the_python3_kernel(notebook):
    assert notebook.metadata["kernelspec"]["name"] == "python3"
