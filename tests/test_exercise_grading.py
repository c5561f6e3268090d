"""The exercise notebooks grade fairly, end to end, with nbgrader's own commands.

One nbgrader course is built for the whole module (``student_edition.build_course``): its
release is the student edition, generated from the source notebooks in
``notebooks/exercises/solutions/``. On it:

- the committed student edition is exactly the release (the two editions never drift), and
  gives no answer away: no text and no output of a given cell shows an expected answer
  (rounded as a student would print it), a line of a worked solution, or the package call
  that computes an answer in one line;
- three submissions per notebook are autograded: the worked solutions (full marks), the
  untouched student edition (zero), and a submission with about half the exercises done
  where the instructions say, which also edits every given code cell, its data cells so that
  one of its wrong answers would pass. It scores what its answers earn, never more: each
  right check full points, every other check zero (autograde restores every locked cell),
  every written answer flagged for a person. The submissions are in
  tests/exercise_submissions.py.

The module's run time is dominated by the 18 autogrades (one kernel run each); autograde
runs once per notebook, for the three students together.
"""

import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import nbgrader.api
import pytest
from alembic.script import ScriptDirectory
from exercise_submissions import (
    CHEATS,
    DATA_EDITS,
    HALF_DONE,
    PASSES,
    SENTINEL,
    code_as_it_stands,
    submission,
)
from nbgrader.api import Gradebook
from sqlalchemy import event
from sqlalchemy.engine import Engine
from test_exercise_notebooks import checked_names

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "notebooks" / "exercises"))
import student_edition  # noqa: E402

# nbgrader 0.9.6 adds grades to its gradebook in a way that SQLAlchemy 2 warns about.
pytestmark = pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")

NOTEBOOKS = student_edition.exercise_notebooks()
STUDENTS = ("solutions", "blank", "half-done")
#: A cell appended to the solutions' submission (an extra cell, which the grader runs and
#: does not grade): it prints the values of the checked answers, for the leak search.
DUMP = """\
import json as _json
_answers = {}
for _name in %r:
    try:
        _answers[_name] = np.asarray(globals()[_name], dtype=float).ravel().tolist()
    except (TypeError, ValueError):
        pass   # a function or a model: its code is searched for instead
print("EXPECTED " + _json.dumps(_answers))
"""
#: The package calls that computed an answer in one line in a visible cell, before these
#: were removed (issue 24), or a formula that gave one away: none may come back.
FORBIDDEN = {
    "02_height_gender_llr_exercises": ["1 / (1 + np.exp(llr_174))"],
    "04_cat_fur_categorical_exercises": ["feature_log_prob_"],
    "05_c_vs_python_multinomial_exercises": ["llr_coefficients(", "feature_log_prob_"],
    "06_mnist_pca_gaussians_exercises": ["feature_log_prob_", "log_likelihood(B_test)",
                                         "m(m+1)/2"],
}
SOLUTION_REGION = re.compile(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", re.DOTALL)


def _grade_id(cell):
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _submit(course, student, notebook, edition):
    folder = course / "submitted" / student / student_edition.assignment_id(notebook)
    folder.mkdir(parents=True)
    nbformat.write(edition, folder / notebook.name)


def _unsynchronised(connection, record):
    cursor = connection.cursor()
    cursor.execute("PRAGMA synchronous=OFF")
    cursor.execute("PRAGMA journal_mode=MEMORY")
    cursor.close()


def _alembic_head():
    """The gradebook schema's version, read in this process (nbgrader runs `alembic heads`)."""
    return ScriptDirectory(str(Path(nbgrader.api.__file__).parent / "alembic")).get_current_head()


@pytest.fixture(scope="module")
def throwaway_gradebook():
    """The gradebook of this module's course is thrown away: SQLite need not wait for the disk
    at each of nbgrader's commits, nor nbgrader start a process to learn the version of its
    schema. Together they cost more time than generating the six assignments."""
    event.listen(Engine, "connect", _unsynchronised)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nbgrader.api, "get_alembic_version", _alembic_head)
        yield
    event.remove(Engine, "connect", _unsynchronised)


@pytest.fixture(scope="module")
def course(tmp_path_factory, throwaway_gradebook):
    """One nbgrader course for every test here: the assignments generated once."""
    course = tmp_path_factory.mktemp("course")
    return course, student_edition.build_course(course, NOTEBOOKS)


@pytest.fixture(scope="module")
def graded(course):
    """Autograde the three submissions of every notebook (one autograde per notebook, for
    every student); return each grade, by student and notebook:
    {grade_id: (score, max_score, needs_manual_grade)}."""
    course, api = course
    for notebook in NOTEBOOKS:
        released = nbformat.read(student_edition.release_notebook(course, notebook), 4)
        solutions = nbformat.read(notebook, as_version=4)
        solutions.cells.append(nbformat.v4.new_code_cell(DUMP % (checked_names(solutions),)))
        stem = notebook.stem
        editions = {
            "solutions": solutions,
            "blank": released,
            "half-done": submission(released, HALF_DONE[stem], edit_given_cells=True,
                                    data_edits=DATA_EDITS.get(stem, {})),
        }
        for student in STUDENTS:
            _submit(course, student, notebook, editions[student])
        student_edition.check_result(api.autograde(student_edition.assignment_id(notebook), "*"),
                                     "autograde")
    grades = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", student_edition.COURSE_ID) as book:
        for student in STUDENTS:
            for notebook in NOTEBOOKS:
                submitted = book.find_submission_notebook(
                    notebook.stem, student_edition.assignment_id(notebook), student)
                grades[student, notebook.stem] = {
                    grade.name: (grade.score, grade.max_score, grade.needs_manual_grade)
                    for grade in submitted.grades}
    return course, grades


def _autograded(course, student, notebook):
    path = (course / "autograded" / student / student_edition.assignment_id(notebook)
            / notebook.name)
    return nbformat.read(path, as_version=4)


def _is_check(cell):
    return cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade")


def _checks(notebook):
    return {_grade_id(c) for c in nbformat.read(notebook, as_version=4).cells if _is_check(c)}


def _written(notebook):
    return {_grade_id(c) for c in nbformat.read(notebook, as_version=4).cells
            if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("grade")}


# ------------------------------------------------------------------------- the two editions

def test_every_lecture_notebook_has_an_exercise_notebook():
    lectures = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [p.stem for p in NOTEBOOKS] == [f"{stem}_exercises" for stem in lectures]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_committed_student_edition_is_what_nbgrader_generates(course, notebook):
    course, _ = course
    fresh = student_edition.edition_text(student_edition.release_notebook(course, notebook))
    committed = student_edition.student_notebook(notebook)
    assert committed.exists() and committed.read_text() == fresh, (
        f"{committed.name} is out of date: run "
        "`python notebooks/exercises/student_edition.py --write`")


def test_the_command_checks_and_writes_the_student_edition(course, tmp_path, monkeypatch):
    # nbgrader's generation is tested above; here the command's own logic, on the release
    # the fixture generated (copied, not generated again).
    built, _ = course

    def copy_release(folder, notebooks):
        shutil.copytree(built / "release", Path(folder) / "release")

    monkeypatch.setattr(student_edition, "build_course", copy_release)
    out = tmp_path / "out"
    assert student_edition.main(["--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [p.name for p in NOTEBOOKS]
    for notebook in NOTEBOOKS:
        assert ((out / notebook.name).read_text()
                == student_edition.student_notebook(notebook).read_text())
    assert student_edition.main([]) == 0      # the committed edition is current
    monkeypatch.setattr(student_edition, "student_notebook", lambda nb: out / "missing.ipynb")
    assert student_edition.main([]) == 1      # ... and this one is not


# ------------------------------------------------------------------------- nothing given away

#: A number as printed: an optional sign, digits, decimals, an optional per cent sign.
NUMBER = re.compile(r"-?\d+(?:\.\d+)?%?")


def _significant_digits(form):
    digits = form.lstrip("-").rstrip("%").replace(".", "").lstrip("0")
    return len(digits) if "." in form else len(digits.rstrip("0"))


def _forms(value, digits, percent):
    """How a student would print ``value``: rounded to each number of significant digits in
    ``digits`` (trailing zeros kept or dropped), and, with ``percent``, as a percentage (with
    or without the sign, as in a table headed "error (%)"). Forms that the rounding leaves
    with fewer significant digits (0.99999 printed as "1") are left out: such numbers are on
    every page."""
    forms = set()
    numbers = [(value, [""])] + ([(100 * value, ["%", ""])] if percent and 0 < abs(value) < 1
                                 else [])
    for number, suffixes in numbers:
        magnitude = math.floor(math.log10(abs(number)))
        for k in digits:
            decimals = max(k - 1 - magnitude, 0)
            for form in (f"{number:.{decimals}f}", f"{number:.{k}g}"):
                if "e" not in form and _significant_digits(form) >= min(digits):
                    forms |= {form + suffix for suffix in suffixes}
    return forms


def _printed_numbers(text):
    """Every number in ``text`` as printed ("6.0 %" read as "6.0%", a minus sign as "-")."""
    text = re.sub(r"(\d)\s%", r"\1%", text.replace("\u2212", "-"))
    return set(NUMBER.findall(text))


def _shown_text(notebook, released):
    """Everything a student sees: the student edition's cells, and what its given cells
    print when run (the stored outputs of the same cells in the source notebook)."""
    texts = [cell.source for cell in released.cells]
    source = nbformat.read(notebook, as_version=4)
    for cell in source.cells:
        grading = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code" or grading.get("solution") or grading.get("grade"):
            continue
        for output in cell.outputs:
            texts.append(output.get("text", ""))
            texts += [str(v) for k, v in output.get("data", {}).items()
                      if k in ("text/plain", "text/html")]
    return "\n".join(texts)


def _expected_answers(course, notebook):
    cell = _autograded(course, "solutions", notebook).cells[-1]
    printed = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
    return json.loads(printed.split("EXPECTED ", 1)[1])


def _solution_lines(notebook):
    """The code lines of the worked solutions, without comments or whitespace."""
    lines = []
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution"):
            for region in SOLUTION_REGION.findall(cell.source):
                for line in region.splitlines():
                    code = re.sub(r"\s+", "", line.split("#", 1)[0])
                    if len(code) >= 20:
                        lines.append((line.strip(), code))
    return lines


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_student_edition_gives_no_answer_away(graded, notebook):
    course, _ = graded
    released = nbformat.read(student_edition.release_notebook(course, notebook), 4)
    shown = _shown_text(notebook, released)
    printed, leaks = _printed_numbers(shown), []
    for name, values in _expected_answers(course, notebook).items():
        # A single number is given away by any rounding to 2 to 4 significant digits (or
        # as a percentage); an array by two or more of its entries to 3 or 4 digits (one
        # entry of 7,840 may coincide with some other number on the page).
        scalar = len(values) == 1
        found = {}
        for value in values:
            if not math.isfinite(value) or abs(value) < 1e-12 or float(value).is_integer():
                continue
            shown_as = _forms(value, (2, 3, 4) if scalar else (3, 4), percent=scalar) & printed
            if shown_as:
                found[value] = sorted(shown_as)
        if len(found) >= (1 if scalar else min(2, len(values))):
            leaks += [f"`{name}` ({value!r}) appears as {forms}" for value, forms in found.items()]
    code = re.sub(r"\s+", "", "\n".join(c.source for c in released.cells))
    leaks += [f"a solution line appears: {line}" for line, normalised in _solution_lines(notebook)
              if normalised in code]
    leaks += [f"{pattern!r} appears" for pattern in FORBIDDEN.get(notebook.stem, [])
              if re.sub(r"\s+", "", pattern) in code]
    assert not leaks, "\n".join(leaks)


# ------------------------------------------------------------------------- grading

@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_worked_solutions_score_full_marks_on_every_check(graded, notebook):
    _, grades = graded
    checks = {g: grades["solutions", notebook.stem][g] for g in _checks(notebook)}
    assert sum(m for _, m, _ in checks.values()) >= 3
    assert all(score == maximum for score, maximum, _ in checks.values()), checks
    assert _written(notebook), "no manually graded answer (derivation, experiment question)"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_untouched_student_edition_scores_zero(graded, notebook):
    _, grades = graded
    blank = grades["blank", notebook.stem]
    assert not {g: score for g, (score, _, _) in blank.items() if score}
    # an untouched written answer is scored 0 without asking anyone
    assert not any(blank[g][2] for g in _written(notebook))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_half_done_submission_scores_what_its_answers_earn_whatever_it_edits(graded, notebook):
    # Answers written where the instructions say: each right one gets its check's points,
    # each wrong or missing one zero, and each written answer waits for a person. Every given
    # code cell is edited too: every check cell replaced by `pass`, every data cell changed
    # (in most notebooks so that a wrong answer passes its check): autograde restores them all,
    # so the edits gain nothing.
    course, grades = graded
    half = grades["half-done", notebook.stem]
    passes, written = PASSES[notebook.stem], set(HALF_DONE[notebook.stem]) & _written(notebook)
    assert written, "the submission should include a written answer"
    assert 0 < len(passes) < len(_checks(notebook))
    for grade_id in _checks(notebook):
        score, maximum, _ = half[grade_id]
        assert score == (maximum if grade_id in passes else 0), (grade_id, score, maximum)
    for grade_id in _written(notebook):
        needs_person = half[grade_id][2]
        assert needs_person == (grade_id in written), grade_id
    # restored from the source: a check cell with its hidden tests
    original = {_grade_id(c): c.source for c in nbformat.read(notebook, as_version=4).cells
                if c.metadata.get("nbgrader", {}).get("locked")}
    restored = _autograded(course, "half-done", notebook)
    for cell in restored.cells:
        if _grade_id(cell) in original:
            assert cell.source == original[_grade_id(cell)], f"{_grade_id(cell)} not restored"
    assert SENTINEL not in nbformat.writes(restored)


def test_each_cheat_is_a_wrong_answer_of_the_half_done_submission():
    # so that a point gained by editing a data cell would show in the grades above
    for stem, (answer_cell, check) in CHEATS.items():
        assert answer_cell in HALF_DONE[stem] and stem in DATA_EDITS, stem
        assert check not in PASSES[stem], (stem, check)
        assert check in _checks(student_edition.SOLUTIONS_DIR / f"{stem}.ipynb"), (stem, check)


def test_each_cheat_would_gain_without_the_grader():
    # The cheats are real: with the data cells as the submission edits them (nothing
    # restored), each cheat passes its check. Run in a process of its own: notebook code
    # changes global settings.
    code = {stem: code_as_it_stands(nbformat.read(student_edition.EXERCISE_DIR / f"{stem}.ipynb",
                                                  as_version=4), stem) for stem in CHEATS}
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "exercise_submissions.py")],
                         input=json.dumps(code), capture_output=True, text=True, check=True,
                         cwd=ROOT, env={**os.environ, "MPLBACKEND": "Agg"})
    messages = json.loads(run.stdout.splitlines()[-1])
    assert sorted(messages) == sorted(CHEATS)
    assert all(message is None for message in messages.values()), messages
