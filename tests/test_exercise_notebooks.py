"""Each exercise notebook is built as the exercises are meant to be, in both editions.

The source notebooks (``notebooks/exercises/solutions/``, the solutions edition): a
derivation, code exercises verified by checks that diagnose, an experiment with a question,
a worked solution in every answer cell, valid nbgrader metadata, every cell a student should
not change locked, and check cells that name the answer and store no output.

The student edition (``notebooks/exercises/NN_*_exercises.ipynb``, committed; that it is
exactly what nbgrader generates from the source is tests/test_exercise_grading.py's job):
blanks in every answer cell, no outputs, and instructions that point at the cells the
grader reads.
"""

import ast
import importlib
import inspect
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "notebooks" / "exercises"
SOURCES = sorted((EXERCISES / "solutions").glob("[0-9][0-9]_*_exercises.ipynb"))
EDITION = sorted(EXERCISES.glob("[0-9][0-9]_*_exercises.ipynb"))
EXERCISE_HEADING = re.compile(r"^## Exercise (\d+) · \S", re.MULTILINE)
SOLUTION_REGION = re.compile(r"### BEGIN SOLUTION.*?### END SOLUTION", re.DOTALL)
#: What a text must not say: the collapsed solutions and "a cell of your own" are gone, and
#: an answer written anywhere but in its answer cell is invisible to the grader.
MISLEADING = re.compile(r"collapsed|click (?:its|the) bar|of your own|new cell|insert a cell|"
                        r"\(`B`|markdown cell below", re.IGNORECASE)


@pytest.fixture(params=SOURCES, ids=lambda p: p.stem)
def notebook(request):
    return nbformat.read(request.param, as_version=4)


@pytest.fixture(params=EDITION, ids=lambda p: p.stem)
def edition(request):
    return nbformat.read(request.param, as_version=4)


def _grading(cell):
    return cell.metadata.get("nbgrader", {})


def _answers(notebook, cell_type):
    return [c for c in notebook.cells if c.cell_type == cell_type and _grading(c).get("solution")]


def _checks(notebook):
    return [c for c in notebook.cells if c.cell_type == "code" and _grading(c).get("grade")]


def _check_calls(source):
    """Every call of a ``check_...`` function in ``source``, as `ast.Call` nodes."""
    return [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id.startswith("check_")]


def checked_names(notebook):
    """The names of the answers the check cells check (their first argument)."""
    names = []
    for cell in _checks(notebook):
        for call in _check_calls(cell.source):
            for value in [call.args[0], *(k.value for k in call.keywords if k.arg == "model")]:
                if isinstance(value, ast.Constant) and value.value not in names:
                    names.append(value.value)
    return names


# ----------------------------------------------------------------------- the source notebooks

def test_there_is_an_exercise_notebook_per_lecture_notebook_in_both_editions():
    lectures = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    expected = [f"{p.stem}_exercises.ipynb" for p in lectures]
    assert [p.name for p in SOURCES] == expected
    assert [p.name for p in EDITION] == expected


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


def test_every_solution_is_worked_and_shown_in_its_answer_cell(notebook):
    # Shown, not collapsed: the source is the solutions edition. The student edition has
    # no solutions at all, so "Run all" can never run a solution after a student's cell.
    for cell in _answers(notebook, "code") + _answers(notebook, "markdown"):
        assert "source_hidden" not in cell.metadata.get("jupyter", {}), cell.source[:60]
        begin, end = cell.source.find("### BEGIN SOLUTION"), cell.source.find("### END SOLUTION")
        assert 0 <= begin < end, cell.source[:60]
        assert len(cell.source[begin:end].splitlines()) >= 3, f"not worked: {cell.source[:60]}"


def test_answer_cells_show_nothing_that_would_give_the_answer_away(notebook):
    for cell in _answers(notebook, "code"):
        assert not cell.outputs, f"an answer cell shows output: {cell.source[:60]}"


def test_check_cells_run_under_nbval_but_store_no_output(notebook):
    # notebooks/execute.py clears them: a stored "Right: ..." says nothing, and nbval,
    # told by the tag not to compare, still runs each check and fails on an error.
    for cell in _checks(notebook):
        assert "check_" in cell.source and _grading(cell).get("points", 0) > 0
        assert cell.execution_count is not None, cell.source[:60]
        assert not cell.outputs, f"a check cell stores output: {cell.source[:60]}"
        assert "nbval-ignore-output" in cell.metadata.get("tags", []), cell.source[:60]


def test_checks_name_the_answer_so_that_a_blank_one_is_not_attempted_yet(notebook):
    # check_means("means", ...): a name not defined yet (or still None) is reported as
    # "not attempted yet", where the object itself would be a NameError.
    for cell in _checks(notebook):
        for call in _check_calls(cell.source):
            first = call.args[0]
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{ast.unparse(call)}: pass the answer's name as a string")


def test_every_checked_name_has_its_stub_outside_the_solution(notebook):
    # The student edition replaces each solution region: what stays is the stub, a `def`
    # line or `name = None`, so that the answer has one place and its name is visible.
    outside = "\n".join(SOLUTION_REGION.sub("", c.source) for c in _answers(notebook, "code"))
    for name in checked_names(notebook):
        assert re.search(rf"^(def {name}\(|{name} = None$)", outside, re.MULTILINE), (
            f"no stub for `{name}` outside the solution regions")


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


def test_every_cell_a_student_should_not_change_is_locked(notebook):
    # autograde restores locked cells from the source: an edited data cell, given code or
    # check gains nothing. A cell without nbgrader metadata would be graded as the
    # student left it.
    for index, cell in enumerate(notebook.cells):
        grading = _grading(cell)
        assert grading, f"cell {index} has no nbgrader metadata: {cell.source[:60]!r}"
        if grading["solution"]:
            assert not grading["locked"], f"cell {index}: an answer cell must be editable"
        else:
            assert grading["locked"], f"cell {index} is not locked: {cell.source[:60]!r}"


def test_every_check_of_the_module_is_used_in_its_notebook():
    for path in SOURCES:
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
    # and the check could only say "not attempted yet", whatever the student wrote.
    for cell in _answers(notebook, "code"):
        lines = cell.source.splitlines()
        begin = next(i for i, line in enumerate(lines) if "### BEGIN SOLUTION" in line)
        assert not lines[begin + 1].startswith("def "), cell.source[:80]


# ----------------------------------------------------------------------- the student edition

def test_the_student_edition_has_blanks_no_solutions_and_no_outputs(edition):
    text = nbformat.writes(edition)
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS"):
        assert marker not in text
    code = [c for c in edition.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code)
    answers = _answers(edition, "code") + _answers(edition, "markdown")
    assert all("raise NotImplementedError()" in c.source for c in _answers(edition, "code"))
    assert all(c.source.strip() == "YOUR ANSWER HERE" for c in _answers(edition, "markdown"))
    assert answers and all(not c.metadata.get("jupyter", {}).get("source_hidden")
                           for c in answers)


def test_given_cells_are_read_only_in_the_student_edition(edition):
    for cell in edition.cells:
        if not _grading(cell).get("solution"):
            assert cell.metadata.get("editable") is False, cell.source[:60]
            assert cell.metadata.get("deletable") is False, cell.source[:60]


def test_no_text_mentions_collapsed_solutions_or_a_cell_of_ones_own(edition):
    for cell in edition.cells:
        if cell.cell_type == "markdown":
            found = MISLEADING.search(cell.source)
            assert not found, f"{found[0]!r} in: {cell.source[:80]!r}"


def _sections(notebook):
    """The cells of each exercise: from its "## Exercise N" heading to the next one."""
    sections, current = [], None
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and EXERCISE_HEADING.search(cell.source):
            current = []
            sections.append(current)
        if current is not None:
            current.append(cell)
    return sections


def test_every_instruction_to_write_points_to_a_graded_answer_cell(edition):
    # One place per answer: each exercise says "answer cell below", and what follows it
    # in the same exercise is an answer cell that nbgrader grades (a code cell its checks
    # call, or a manually graded markdown cell).
    intro = edition.cells[0].source
    assert "answer cell" in intro and "The grader reads only the answer cells" in intro
    for section in _sections(edition):
        heading = section[0].source.splitlines()[0]
        pointers = [i for i, c in enumerate(section)
                    if c.cell_type == "markdown" and "answer cell below" in c.source]
        answers = [i for i, c in enumerate(section) if _grading(c).get("solution")]
        assert pointers, f"{heading}: no instruction says where to write the answer"
        for pointer in pointers:
            following = [i for i in answers if i > pointer]
            assert following, f"{heading}: 'answer cell below' points at no answer cell"
            cell = section[following[0]]
            graded = _grading(cell).get("grade") if cell.cell_type == "markdown" else any(
                _grading(c).get("grade") for c in section[following[0] + 1:])
            assert graded, f"{heading}: the answer cell below is not graded"
        for i in answers:
            assert any(p < i for p in pointers), (
                f"{heading}: an answer cell that no instruction points to")
