"""Static checks of every notebook: slides, stored outputs, figure sizes, setup, no errors
or warnings."""

import base64
import html
import re
import struct
from pathlib import Path

import nbformat
import pytest

from lecture_utils.style import MAX_FIGURE_PX

ROOT = Path(__file__).resolve().parents[1]
#: The lecture notebooks and their exercise notebooks: all present as slides and run in one go.
#: The exercise notebooks run are the source, the solutions edition; the student edition is
#: generated from it without outputs (tests/test_exercise_notebooks.py checks it).
NOTEBOOKS = [*sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")),
             *sorted((ROOT / "notebooks" / "exercises" / "solutions").glob("[0-9][0-9]_*.ipynb"))]
SLIDE_TYPES = {"slide", "subslide", "fragment", "-", "skip", "notes"}
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


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


def _png_size(encoded):
    """Width and height of a base64-encoded PNG, from its header."""
    data = base64.b64decode(encoded)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


#: An image in an HTML output, as `lecture_utils.plotting.show_figure` writes it.
HTML_IMAGE = re.compile(r"<img\b[^>]*>")
HTML_ALT = re.compile(r'\balt="([^"]*)"')
HTML_PNG = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def _figures_of(output):
    """(PNG, alt text or None) of every image in one output."""
    data = output.get("data", {})
    if "image/png" in data:
        yield data["image/png"], output.get("metadata", {}).get("image/png", {}).get("alt")
    for tag in HTML_IMAGE.findall(data.get("text/html", "")):
        png, alt = HTML_PNG.search(tag), HTML_ALT.search(tag)
        yield (png and png.group(1)), (alt and html.unescape(alt.group(1)))


def _stored_figures(notebook, with_alt=False):
    """(where, PNG) of every figure in the outputs and in the stored widget views, or
    (where, PNG, alt text) with ``with_alt``."""
    outputs = [(f"cell {index}", output) for index, cell in enumerate(notebook.cells)
               for output in cell.get("outputs", [])]
    widgets = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    outputs += [("a widget", output) for model in widgets.values()
                for output in model.get("state", {}).get("outputs", []) or []]
    for where, output in outputs:
        for png, alt in _figures_of(output):
            yield (where, png, alt) if with_alt else (where, png)


def test_every_figure_has_a_description_of_at_least_six_words(notebook):
    """Every stored image, in a cell or a widget, carries alt text that says what it shows."""
    short = [f"{where}: {alt!r}" for where, _, alt in _stored_figures(notebook, with_alt=True)
             if len((alt or "").split()) < 6]
    assert not short, ("figures without alt text of at least six words (show them with "
                       "lecture_utils.plotting.show_figure): " + "; ".join(short))


def test_no_two_figures_share_a_description():
    """Alt text is each figure's own: no two figures of the collection share it."""
    seen = {}
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        for where, _, alt in _stored_figures(notebook, with_alt=True):
            if alt:
                seen.setdefault(" ".join(alt.split()).lower(), []).append(f"{path.name} {where}")
    shared = {alt: places for alt, places in seen.items() if len(places) > 1}
    assert not shared, f"figures that share their alt text: {shared}"


def test_png_size_reads_the_header():
    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 640, 480)
    assert _png_size(base64.b64encode(header + b"\x08\x06\x00\x00\x00")) == (640, 480)


def test_every_figure_fits_a_slide_at_full_size(notebook):
    """No figure is wider than a slide shows unscaled (which would shrink its text), or
    taller than fits below a heading (`lecture_utils.style.MAX_FIGURE_PX`)."""
    sizes = [(where, _png_size(png)) for where, png in _stored_figures(notebook)]
    too_big = [f"{where}: {w}x{h} px" for where, (w, h) in sizes
               if w > MAX_FIGURE_PX[0] or h > MAX_FIGURE_PX[1]]
    assert not too_big, (f"figures larger than {MAX_FIGURE_PX[0]}x{MAX_FIGURE_PX[1]} px; "
                         "make their figsize smaller: " + "; ".join(too_big))
