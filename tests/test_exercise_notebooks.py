"""Each exercise notebook is built as the exercises are meant to be: a derivation, code
exercises verified by checks that diagnose, an experiment with a question, worked solutions
collapsed until opened, and valid nbgrader metadata."""

import importlib
import inspect
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks" / "exercises").glob("[0-9][0-9]_*_exercises.ipynb"))
EXERCISE_HEADING = re.compile(r"^## Exercise (\d+) · \S", re.MULTILINE)


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: p.stem)
def notebook(request):
    return nbformat.read(request.param, as_version=4)


def _grading(cell):
    return cell.metadata.get("nbgrader", {})


def _answers(notebook, cell_type):
    return [c for c in notebook.cells if c.cell_type == cell_type and _grading(c).get("solution")]


def _checks(notebook):
    return [c for c in notebook.cells if c.cell_type == "code" and _grading(c).get("grade")]


def test_there_is_an_exercise_notebook_per_lecture_notebook():
    lectures = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [p.name for p in NOTEBOOKS] == [f"{p.stem}_exercises.ipynb" for p in lectures]


def test_four_to_six_exercises_numbered_in_order(notebook):
    numbers = [int(n) for c in notebook.cells if c.cell_type == "markdown"
               for n in EXERCISE_HEADING.findall(c.source)]
    assert 4 <= len(numbers) <= 6 and numbers == list(range(1, len(numbers) + 1))


def test_a_written_answer_and_three_checked_code_exercises(notebook):
    assert _answers(notebook, "markdown"), "no derivation or question with a written answer"
    assert len(_answers(notebook, "code")) >= 3 and len(_checks(notebook)) >= 3


def test_an_experiment_asks_what_the_student_sees(notebook):
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown").lower()
    assert "what do you see" in text


def test_every_solution_is_marked_collapsed_and_worked(notebook):
    for cell in _answers(notebook, "code") + _answers(notebook, "markdown"):
        assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, cell.source[:60]
        begin, end = cell.source.find("### BEGIN SOLUTION"), cell.source.find("### END SOLUTION")
        assert 0 <= begin < end, cell.source[:60]
        assert len(cell.source[begin:end].splitlines()) >= 3, f"not worked: {cell.source[:60]}"


def test_answer_cells_show_nothing_that_would_give_the_answer_away(notebook):
    for cell in _answers(notebook, "code"):
        assert not cell.outputs, f"a collapsed solution shows output: {cell.source[:60]}"


def test_every_check_passes_in_the_stored_outputs(notebook):
    for cell in _checks(notebook):
        assert "check_" in cell.source and _grading(cell).get("points", 0) > 0
        printed = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        assert printed.startswith("Right:"), cell.source[:60]


def test_some_check_has_hidden_tests(notebook):
    assert any("### BEGIN HIDDEN TESTS" in c.source for c in _checks(notebook))


def test_nbgrader_metadata_is_complete_and_ids_unique(notebook):
    ids = [_grading(c)["grade_id"] for c in notebook.cells if _grading(c)]
    assert len(ids) == len(set(ids)), "duplicate grade_id"
    for cell in notebook.cells:
        grading = _grading(cell)
        if grading:
            assert grading["schema_version"] == 3
            assert {"grade", "solution", "locked", "grade_id"} <= set(grading)


def test_every_check_of_the_module_is_used_in_its_notebook():
    for path in NOTEBOOKS:
        text = path.read_text()
        imported = set(re.findall(r"from (lecture_utils\.exercises\.\w+) import", text))
        assert imported, f"{path.name} imports no checks"
        for module_name in imported:
            module = importlib.import_module(module_name)
            for name, function in inspect.getmembers(module, inspect.isfunction):
                if name.startswith("check_") and function.__module__ == module_name:
                    assert f"{name}(" in text, f"{name} is not used in {path.name}"


def test_a_function_to_write_keeps_its_signature_outside_the_solution(notebook):
    # The student edition replaces each solution region: a `def` inside it would vanish,
    # and the check would fail with a NameError instead of saying "not written yet".
    for cell in _answers(notebook, "code"):
        lines = cell.source.splitlines()
        begin = next(i for i, line in enumerate(lines) if "### BEGIN SOLUTION" in line)
        assert not lines[begin + 1].startswith("def "), cell.source[:80]
