"""Write the student edition of the exercise notebooks, with nbgrader's ``generate_assignment``.

Usage, from the repository root::

    python notebooks/exercises/student_edition.py                 # into student_edition/
    python notebooks/exercises/student_edition.py --out DIR       # into DIR
    python notebooks/exercises/student_edition.py --course DIR    # keep an nbgrader course in DIR

The exercise notebooks in this folder are nbgrader *source* notebooks: each worked solution
sits between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, each check cell is a graded
test (with points), some hold hidden tests, and the written answers are manually graded
cells. This script sets up an nbgrader course directory (``source/<assignment>/``, one
assignment per exercise notebook) and runs nbgrader's own ``generate_assignment`` on it,
which replaces the solutions by blanks, clears the outputs, removes the hidden tests and
locks the check cells. One step is added to nbgrader's: the answer cells, collapsed in the
source notebooks so that a student tries before reading the solution, are shown again,
since in the student edition they are where the student writes.

The student edition is written to ``student_edition/`` (ignored by git), one notebook per
assignment. With ``--course DIR`` the course directory is kept in DIR, with its
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
from nbgrader.converters import GenerateAssignment
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets.config import Config

EXERCISE_DIR = Path(__file__).resolve().parent
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

class ShowAnswerCells(NbGraderPreprocessor):
    """Un-collapse the answer cells: in the student edition they are where students write."""

    def preprocess_cell(self, cell, resources, index):
        if cell.metadata.get("nbgrader", {}).get("solution"):
            cell.metadata.get("jupyter", {}).pop("source_hidden", None)
            if "jupyter" in cell.metadata and not cell.metadata["jupyter"]:
                del cell.metadata["jupyter"]
        return cell, resources


def exercise_notebooks():
    """The exercise notebooks, in order: ``NN_<lecture>_exercises.ipynb``."""
    return sorted(EXERCISE_DIR.glob("[0-9][0-9]_*_exercises.ipynb"))


def assignment_id(notebook):
    """The nbgrader assignment of one exercise notebook: its file name without the suffix."""
    return Path(notebook).stem


def configure(config):
    """Set the course id, and add `ShowAnswerCells` to nbgrader's ``generate_assignment``."""
    config.CourseDirectory.course_id = COURSE_ID
    config.GenerateAssignment.preprocessors = [
        ShowAnswerCells, *GenerateAssignment.class_traits()["preprocessors"].default()]
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
        raise FileNotFoundError(f"no exercise notebooks (NN_*_exercises.ipynb) in {EXERCISE_DIR}")
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPOSITORY / "student_edition",
                        help="folder for the student notebooks (default: student_edition/)")
    parser.add_argument("--course", type=Path,
                        help="keep the nbgrader course directory here (default: a temporary one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        course = args.course or Path(scratch) / "course"
        notebooks = exercise_notebooks()
        build_course(course, notebooks)
        args.out.mkdir(parents=True, exist_ok=True)
        for notebook in notebooks:
            released = nbformat.read(release_notebook(course, notebook), as_version=4)
            nbformat.write(released, args.out / Path(notebook).name)
            print(f"wrote {args.out / Path(notebook).name}")
    if args.course:
        print(f"nbgrader course directory: {args.course} (run nbgrader's commands there)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
