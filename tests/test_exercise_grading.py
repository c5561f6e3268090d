"""The exercise notebooks grade as nbgrader source notebooks should: the student edition
comes from nbgrader's own generate_assignment; autograding the worked solutions gives full
marks for every graded check, and the untouched student edition gives zero, without
crashing the grader."""

import shutil
import sys
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "notebooks" / "exercises"))
import student_edition  # noqa: E402

# nbgrader 0.9.6 adds grades to its gradebook in a way that SQLAlchemy 2 warns about.
pytestmark = pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")

NOTEBOOKS = student_edition.exercise_notebooks()


def test_every_lecture_notebook_has_an_exercise_notebook():
    lectures = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [p.stem for p in NOTEBOOKS] == [f"{stem}_exercises" for stem in lectures]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Generate every assignment, submit the solutions and the blank edition, autograde."""
    course = tmp_path_factory.mktemp("course")
    api = student_edition.build_course(course, NOTEBOOKS)
    submissions = {"solutions": lambda nb: nb,
                   "blank": lambda nb: student_edition.release_notebook(course, nb)}
    for student, notebook_of in submissions.items():
        for notebook in NOTEBOOKS:
            folder = course / "submitted" / student / student_edition.assignment_id(notebook)
            folder.mkdir(parents=True)
            shutil.copy2(notebook_of(notebook), folder / notebook.name)
            student_edition.check_result(
                api.autograde(student_edition.assignment_id(notebook), student), "autograde")
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", student_edition.COURSE_ID) as book:
        for student in submissions:
            for notebook in NOTEBOOKS:
                submitted = book.find_submission_notebook(
                    notebook.stem, student_edition.assignment_id(notebook), student)
                scores[student, notebook.stem] = (
                    submitted.code_score, submitted.max_code_score,
                    submitted.written_score, submitted.max_written_score)
    return course, scores


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_worked_solutions_score_full_marks_on_every_check(graded, notebook):
    _, scores = graded
    code, max_code, _, max_written = scores["solutions", notebook.stem]
    assert max_code >= 3 and code == max_code
    assert max_written > 0, "no manually graded answer (derivation, experiment question)"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_untouched_student_edition_scores_zero(graded, notebook):
    _, scores = graded
    code, max_code, written, _ = scores["blank", notebook.stem]
    assert max_code > 0 and code == 0 and written == 0


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_student_edition_has_blanks_and_no_hidden_tests_or_outputs(graded, notebook):
    course, _ = graded
    source = notebook.read_text()
    released = student_edition.release_notebook(course, notebook)
    text = released.read_text()
    assert "### BEGIN HIDDEN TESTS" in source
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS"):
        assert marker not in text
    edition = nbformat.read(released, as_version=4)
    assert all(not cell.get("outputs") for cell in edition.cells if cell.cell_type == "code")
    answers = [cell for cell in edition.cells if cell.metadata.get("nbgrader", {}).get("solution")]
    assert answers and all("source_hidden" not in cell.metadata.get("jupyter", {})
                           for cell in answers)
    assert any("raise NotImplementedError()" in cell.source for cell in answers)


def test_the_command_writes_the_student_edition_into_a_folder(tmp_path, monkeypatch):
    # One notebook is enough to test the command; the fixture above generates all six.
    monkeypatch.setattr(student_edition, "exercise_notebooks", lambda: NOTEBOOKS[:1])
    assert student_edition.main(["--out", str(tmp_path)]) == 0
    written = sorted(tmp_path.iterdir())
    assert [p.name for p in written] == [NOTEBOOKS[0].name]
    assert "BEGIN SOLUTION" not in written[0].read_text()
