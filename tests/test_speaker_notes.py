"""Every slide carries speaker notes for the instructor, and the audience never sees them.

Every notebook follows one convention: after each slide's or sub-slide's content comes
a cell of slide type ``notes`` with the slide's point, a question for the room and the
answer to expect, and the confusion students typically have there; the title slide's
notes give a plan (how long the notebook takes, what to skip when time is short). RISE
shows notes only in its speaker window; nbconvert's reveal.js export turns them into
``<aside class="notes">``, which reveal.js shows only in its speaker view (``S``). That
the notes stay hidden on the audience's slide is checked in the browser, by the tests of
the exported slides (test_export_slides.py) and of RISE (test_browser.py); that every
note reaches the exported slides, by test_export_slides.py too (on the slides it exports).
"""

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: What the notes of a slide say, and of the title slide.
SLIDE_NOTE_PARTS = ("**Point:**", "**Ask the room:**", "**Expect:**", "**Watch for:**")
TITLE_NOTE_PARTS = ("**Plan", "**Short of time")


def slide_type(cell):
    return cell.metadata.get("slideshow", {}).get("slide_type")


def slides(notebook):
    """The cells of each slide and sub-slide, from its first cell up to the next one's."""
    starts = [i for i, cell in enumerate(notebook.cells)
              if slide_type(cell) in ("slide", "subslide")]
    return [(start, notebook.cells[start:end])
            for start, end in zip(starts, starts[1:] + [len(notebook.cells)], strict=True)]


def missing_notes(notebook):
    """(first cell, problem) of every slide whose notes are missing or incomplete."""
    problems = []
    for number, (start, cells) in enumerate(slides(notebook)):
        notes = [cell.source for cell in cells if slide_type(cell) == "notes"]
        if not notes:
            problems.append((start, "no notes cell"))
            continue
        if slide_type(cells[0]) == "notes":
            problems.append((start, "the notes come before the slide's content"))
        text = "\n".join(notes)
        needed = TITLE_NOTE_PARTS if number == 0 else SLIDE_NOTE_PARTS
        absent = [part for part in needed if part not in text]
        if absent:
            problems.append((start, f"notes without {', '.join(absent)}"))
    return problems


def _notebook(*cells):
    made = []
    for kind, source in cells:
        cell = nbformat.v4.new_markdown_cell(source)
        cell.metadata["slideshow"] = {"slide_type": kind}
        made.append(cell)
    return nbformat.v4.new_notebook(cells=made)


TITLE_NOTES = "**Plan:** 40 minutes.\n**Short of time:** skip the last part."
SLIDE_NOTES = ("**Point:** p.\n**Ask the room:** q? **Expect:** a.\n"
               "**Watch for:** a confusion.")


def test_missing_notes_finds_a_slide_without_notes_and_incomplete_notes():
    notebook = _notebook(("slide", "# Title"), ("notes", TITLE_NOTES),
                         ("slide", "## A point"), ("-", "text"),
                         ("subslide", "### Another"), ("notes", "**Point:** only the point"),
                         ("slide", "## Third"), ("notes", SLIDE_NOTES))
    assert missing_notes(notebook) == [
        (2, "no notes cell"),
        (4, "notes without **Ask the room:**, **Expect:**, **Watch for:**"),
    ]


def test_missing_notes_wants_a_plan_on_the_title_slide_and_notes_after_the_content():
    notebook = _notebook(("slide", "# Title"), ("notes", SLIDE_NOTES),
                         ("slide", "## A point"), ("notes", SLIDE_NOTES))
    assert missing_notes(notebook) == [(0, "notes without **Plan, **Short of time")]
    good = _notebook(("slide", "# Title"), ("notes", TITLE_NOTES),
                     ("slide", "## A point"), ("fragment", "more"), ("notes", SLIDE_NOTES))
    assert missing_notes(good) == []


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: p.stem)
def notebook_path(request):
    return request.param


def test_every_slide_has_complete_speaker_notes(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    assert missing_notes(notebook) == []


def test_the_title_notes_give_the_length_in_minutes(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    title_notes = "\n".join(cell.source for cell in slides(notebook)[0][1]
                            if slide_type(cell) == "notes")
    assert re.search(r"\d+\s*min", title_notes), "the plan does not say how many minutes"
