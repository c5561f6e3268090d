"""Each lecture notebook is one lecture: a core that fits its slot, then an appendix.

The core is at most `MAX_CORE_SCREENS` screens (slides plus sub-slides) and ends with a
Summary and a Further reading screen; an Appendix follows, opened by a heading with
"Appendix" in it, with the checks a careful reader wants but a lecture does not need.
The title slide's notes give the timing plan as a list, one line per screen or group of
at most `MAX_GROUP` consecutive core screens (numbered from 1, the title slide, in the
order RISE shows them), for example::

    **Plan (60 min):**
    - Screens 1-3: 4 min (title, what you will learn, set-up)
    - Screen 4: 3 min (...)

The groups cover every core screen once, in order, and their minutes add up to the slot.
"""

import re
from pathlib import Path

import nbformat
import pytest
from test_speaker_notes import _notebook  # markdown cells of given slide types

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MAX_CORE_SCREENS = 32
MAX_GROUP = 4
MAX_SLOT_MINUTES = 60
PLAN_HEADER = re.compile(r"\*\*Plan \((\d+) min\):\*\*")
PLAN_LINE = re.compile(r"^\s*[-*]\s*Screens?\s+(\d+)(?:\s*[-–]\s*(\d+))?:\s*(\d+)\s*min\b",
                       re.MULTILINE)


def _slide_type(cell):
    return cell.metadata.get("slideshow", {}).get("slide_type")


def _heading(cell):
    first = cell.source.lstrip().split("\n", 1)[0]
    return first.lstrip("#").strip() if first.startswith("#") else ""


def screens(notebook):
    """(cell index, heading) of every slide and sub-slide, in order."""
    return [(i, _heading(cell)) for i, cell in enumerate(notebook.cells)
            if _slide_type(cell) in ("slide", "subslide")]


def appendix_start(notebook):
    """Index of the cell whose heading opens the Appendix, or None."""
    return next((i for i, cell in enumerate(notebook.cells)
                 if cell.cell_type == "markdown" and "appendix" in _heading(cell).lower()),
                None)


def core_screens(notebook):
    start = appendix_start(notebook)
    return [(i, h) for i, h in screens(notebook) if start is None or i < start]


def plan_problems(notebook):
    """What is wrong with the title slide's timing plan, as sentences (empty if right)."""
    notes = []
    for cell in notebook.cells[1:]:
        if _slide_type(cell) in ("slide", "subslide"):
            break
        if _slide_type(cell) == "notes":
            notes.append(cell.source)
    text = "\n".join(notes)
    header = PLAN_HEADER.search(text)
    if header is None:
        return ["the title slide's notes have no '**Plan (N min):**' line"]
    slot = int(header.group(1))
    problems = [] if slot <= MAX_SLOT_MINUTES else [f"the slot is {slot} min, over "
                                                    f"{MAX_SLOT_MINUTES}"]
    groups = [(int(a), int(b or a), int(m)) for a, b, m in PLAN_LINE.findall(text)]
    core = len(core_screens(notebook))
    expected = 1
    for first, last, _ in groups:
        if first != expected:
            problems.append(f"the plan jumps to screen {first} where screen {expected} is next")
        if last - first + 1 > MAX_GROUP:
            problems.append(f"screens {first}-{last} are more than {MAX_GROUP} in one group")
        expected = last + 1
    if expected != core + 1:
        problems.append(f"the plan covers screens 1-{expected - 1}; the core has {core}")
    total = sum(minutes for *_, minutes in groups)
    if total != slot:
        problems.append(f"the plan's minutes add up to {total}, not the slot's {slot}")
    return problems


PLAN = "**Plan (10 min):**\n- Screens 1-2: 4 min\n- Screen 3: 6 min\n"


def _lecture(plan=PLAN):
    return _notebook(("slide", "# Title"), ("notes", plan), ("subslide", "## Point one"),
                     ("slide", "## Summary"), ("slide", "## Appendix: checks"),
                     ("subslide", "## A check"))


def test_the_core_stops_at_the_appendix_heading():
    lecture = _lecture()
    assert appendix_start(lecture) == 4
    assert [h for _, h in core_screens(lecture)] == ["Title", "Point one", "Summary"]


def test_a_right_plan_passes():
    assert plan_problems(_lecture()) == []


@pytest.mark.parametrize(("plan", "problem"), [
    ("no plan", "no '**Plan (N min):**' line"),
    ("**Plan (10 min):**\n- Screens 1-2: 4 min\n- Screen 3: 5 min\n", "add up to 9"),
    ("**Plan (10 min):**\n- Screens 1-2: 10 min\n", "covers screens 1-2; the core has 3"),
    ("**Plan (10 min):**\n- Screen 1: 4 min\n- Screen 3: 6 min\n", "jumps to screen 3"),
    ("**Plan (70 min):**\n- Screens 1-3: 70 min\n", "over 60"),
])
def test_a_wrong_plan_is_named(plan, problem):
    assert any(problem in p for p in plan_problems(_lecture(plan)))


def test_a_group_of_more_than_four_screens_is_refused():
    cells = [("slide", "# T"), ("notes", "**Plan (5 min):**\n- Screens 1-5: 5 min\n")]
    cells += [("slide", f"## S{k}") for k in range(4)]
    assert any("more than 4" in p for p in plan_problems(_notebook(*cells)))


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: p.name)
def lecture(request):
    return nbformat.read(request.param, as_version=4)


def test_the_core_fits_one_lecture(lecture):
    core = core_screens(lecture)
    assert len(core) <= MAX_CORE_SCREENS, (
        f"{len(core)} screens before the Appendix; a lecture's core is at most "
        f"{MAX_CORE_SCREENS}")


def test_the_core_ends_with_summary_and_further_reading_then_an_appendix(lecture):
    core = core_screens(lecture)
    assert appendix_start(lecture) is not None, "no heading with 'Appendix' in it"
    last_two = [heading.lower() for _, heading in core[-2:]]
    assert last_two[0].startswith("summary") and last_two[1].startswith("further reading"), (
        f"the core ends with {last_two}, not Summary then Further reading")
    assert len(screens(lecture)) > len(core), "the Appendix holds no slides"


def test_the_timing_plan_covers_the_core_and_adds_up_to_the_slot(lecture):
    assert plan_problems(lecture) == []
