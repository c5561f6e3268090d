"""Generate the student edition of the exercise notebooks from their source, with nbgrader.

Usage, from the repository root::

    python notebooks/exercises/student_edition.py               # is the committed edition current?
    python notebooks/exercises/student_edition.py --write       # regenerate it in place
    python notebooks/exercises/student_edition.py --out DIR     # write it into DIR instead
    python notebooks/exercises/student_edition.py --course DIR  # keep an nbgrader course in DIR

Each exercise notebook comes in two editions made from one source:

- ``notebooks/exercises/solutions/NN_*_exercises.ipynb``: the nbgrader *source* notebooks,
  which are also the solutions edition. Each answer cell holds its worked solution between
  ``### BEGIN SOLUTION`` and ``### END SOLUTION``; each check cell is a graded test (with
  points), some with hidden tests; the written answers are manually graded cells; every
  other cell is locked (read-only, restored by the grader).
- ``notebooks/exercises/NN_*_exercises.ipynb``: the student edition, committed, generated
  from the source by nbgrader's own ``generate_assignment``: every solution replaced by a
  blank (``raise NotImplementedError()`` in code, "YOUR ANSWER HERE" in text), outputs
  cleared, hidden tests removed, locked cells marked read-only. It has no solutions, so
  "Run all" can never run a solution after a student's cell.

This script sets up an nbgrader course directory (``source/<assignment>/``, one assignment
per exercise notebook), runs ``generate_assignment`` on it and compares the release with
the committed student edition (exit status 1 if any notebook differs), or writes it with
``--write``. A test does the same, so the two editions never drift apart: after changing
a source notebook, re-execute it (``notebooks/execute.py``) and run this script with
``--write``. With ``--course DIR`` the course directory is kept in DIR, with its
``nbgrader_config.py`` and gradebook, ready for nbgrader's ``collect``, ``autograde`` and
``formgrader`` (see the README's section for instructors).
"""

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat
from nbgrader.apps import NbGraderAPI
from traitlets.config import Config

EXERCISE_DIR = Path(__file__).resolve().parent
#: The source notebooks (the solutions edition); the student edition is in EXERCISE_DIR.
SOLUTIONS_DIR = EXERCISE_DIR / "solutions"
REPOSITORY = EXERCISE_DIR.parents[1]
COURSE_ID = "generative-classifiers"

#: The course's nbgrader_config.py, so that nbgrader's own commands, run in the course
#: directory, do what this script does.
CONFIG_FILE = f"""\
import sys

sys.path.insert(0, {str(EXERCISE_DIR)!r})
from student_edition import configure  # noqa: E402

configure(get_config())  # noqa: F821
"""


def exercise_notebooks():
    """The source notebooks, in order: ``solutions/NN_<lecture>_exercises.ipynb``."""
    return sorted(SOLUTIONS_DIR.glob("[0-9][0-9]_*_exercises.ipynb"))


def student_notebook(notebook):
    """The committed student edition of the source notebook ``notebook``."""
    return EXERCISE_DIR / Path(notebook).name


def assignment_id(notebook):
    """The nbgrader assignment of one exercise notebook: its file name without the suffix."""
    return Path(notebook).stem


def configure(config):
    """The course's nbgrader settings: its id, and how autograde ends a submission's kernel
    (nbgrader's own preprocessors do the rest).

    The kernel is stopped at once after a submission's last cell, not asked to shut down:
    every output and score has arrived by then (each cell's reply and outputs are awaited),
    and a graceful shutdown only adds the kernel's own clean-up, the interpreter's teardown
    of numpy, scikit-learn and matplotlib, about half a second of CPU per submission.
    """
    config.CourseDirectory.course_id = COURSE_ID
    config.Execute.shutdown_kernel = "immediate"
    return config


def course_config(course):
    """nbgrader's configuration for the course directory ``course``."""
    config = configure(Config())
    config.CourseDirectory.root = str(course)
    return config


def check_result(result, what):
    """Raise if an nbgrader API call failed, with nbgrader's log."""
    if not result["success"]:
        raise RuntimeError(f"nbgrader {what} failed:\n{result.get('log', '')}\n"
                           f"{result.get('error', '')}")


def put_executables_on_path():
    """nbgrader runs ``alembic`` by name: put this interpreter's ``bin/`` on PATH."""
    scripts = str(Path(sys.executable).parent)
    if scripts not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = scripts + os.pathsep + os.environ.get("PATH", "")


def build_course(course, notebooks=None):
    """Set up an nbgrader course in ``course`` and generate each assignment's student edition.

    Returns the course's `NbGraderAPI`, for grading.
    """
    course = Path(course)
    put_executables_on_path()
    notebooks = exercise_notebooks() if notebooks is None else notebooks
    if not notebooks:
        raise FileNotFoundError(f"no source notebooks (NN_*_exercises.ipynb) in {SOLUTIONS_DIR}")
    for notebook in notebooks:
        source = course / "source" / assignment_id(notebook)
        source.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, source / Path(notebook).name)
    (course / "nbgrader_config.py").write_text(CONFIG_FILE)
    api = NbGraderAPI(config=course_config(course))
    for notebook in notebooks:
        check_result(api.generate_assignment(assignment_id(notebook)), "generate_assignment")
    return api


def release_notebook(course, notebook):
    """The student edition of ``notebook`` inside the course directory ``course``."""
    return Path(course) / "release" / assignment_id(notebook) / Path(notebook).name


def edition_text(path):
    """The student edition at ``path`` as the text it is committed as (nbformat's JSON)."""
    return nbformat.writes(nbformat.read(path, as_version=4)) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true",
                      help="rewrite the committed student edition, notebooks/exercises/NN_*.ipynb")
    mode.add_argument("--out", type=Path,
                      help="write the student edition into this folder instead")
    parser.add_argument("--course", type=Path,
                        help="keep the nbgrader course directory here (default: a temporary one)")
    args = parser.parse_args(argv)
    stale = []
    with tempfile.TemporaryDirectory() as scratch:
        course = args.course or Path(scratch) / "course"
        notebooks = exercise_notebooks()
        build_course(course, notebooks)
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
        for notebook in notebooks:
            fresh = edition_text(release_notebook(course, notebook))
            committed = student_notebook(notebook)
            if args.out or args.write:
                target = args.out / committed.name if args.out else committed
                target.write_text(fresh)
                print(f"wrote {target}")
            elif not committed.exists() or committed.read_text() != fresh:
                stale.append(committed)
                print(f"out of date: {committed} (run with --write)")
            else:
                print(f"up to date: {committed}")
    if args.course:
        print(f"nbgrader course directory: {args.course} (run nbgrader's commands there)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
