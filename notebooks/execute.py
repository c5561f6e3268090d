"""Execute notebooks in place so that their stored outputs are current, and time them.

Usage, from the repository root::

    python notebooks/execute.py                      # every notebook, exercises too
    python notebooks/execute.py notebooks/01_*.ipynb # some of them
    python notebooks/execute.py --check              # time them, leave the files alone

Notebooks run with the current interpreter's ``python3`` kernel and their own
folder as working directory, without per-cell timestamps, so that re-running
an unchanged notebook rewrites the same file.

The exercise notebooks executed are the nbgrader source notebooks, the solutions
edition in ``notebooks/exercises/solutions/``; the student edition next to it is
generated from them, without outputs (``notebooks/exercises/student_edition.py``).
The outputs of their graded check cells are not stored: a stored "Right: ..." under
every check would tell a reader nothing, and in the student edition it could only
mislead. Those cells are tagged ``nbval-ignore-output``, so nbval still runs them and
fails on an error, without comparing what they print.

The kernel's log may end with "KeyboardInterrupt caught in kernel": jupyter_client sends
every kernel an interrupt (SIGINT) before it asks it to shut down, and ipykernel logs the
interrupt when it lands while a message handler is finishing. It comes after the last
cell, changes no output, and is not this script's doing.
"""

import argparse
import sys
import time
from pathlib import Path
from queue import Empty

import nbformat
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parent
#: The exercise notebooks' source: the solutions edition, which nbgrader turns into the
#: student edition (``notebooks/exercises/NN_*_exercises.ipynb``, never executed here).
SOLUTIONS_DIR = NOTEBOOK_DIR / "exercises" / "solutions"
#: The lecture notebooks, then their exercise notebooks (solutions edition).
ALL_NOTEBOOKS = [*sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb")),
                 *sorted(SOLUTIONS_DIR.glob("[0-9][0-9]_*_exercises.ipynb"))]
TIMEOUT_SECONDS = 300
#: Longest single wait for a message from the kernel's shell channel; see `wait_in_slices`.
WAIT_SLICE_SECONDS = 0.5


def wait_in_slices(get_msg, slice_seconds=WAIT_SLICE_SECONDS):
    """Wrap a channel's ``get_msg(timeout)`` so that it waits in short slices.

    While a cell that shows an ipywidgets Output widget runs, nbclient sends messages on
    the kernel's shell channel as it waits on that channel for the cell's reply, and the
    reply can go unnoticed until the wait times out (an open nbclient bug): the cell then
    takes the whole cell timeout, with no error. A wait that is repeated every
    ``slice_seconds`` sees the reply at the latest when the current slice ends.
    """

    async def get_msg_in_slices(timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = slice_seconds if deadline is None else deadline - time.monotonic()
            try:
                return await get_msg(timeout=max(0.0, min(slice_seconds, left)))
            except Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    raise

    return get_msg_in_slices


def notebook_client(notebook, working_dir, timeout=TIMEOUT_SECONDS):
    """An nbclient `NotebookClient` for ``notebook``, run in ``working_dir`` with the
    current interpreter's ``python3`` kernel, which does not stall on widget cells."""
    client = NotebookClient(
        notebook, timeout=timeout, kernel_name="python3", record_timing=False,
        resources={"metadata": {"path": str(working_dir)}},
    )

    def patch_shell_channel(notebook):
        channel = client.kc.shell_channel
        channel.get_msg = wait_in_slices(channel.get_msg)

    client.on_notebook_start = patch_shell_channel
    return client


def merge_streams(notebook):
    """Join consecutive pieces of the same output stream, which arrive split at
    timing-dependent points, so that re-running an unchanged notebook rewrites the same file."""
    for cell in notebook.cells:
        merged = []
        for output in cell.get("outputs", []):
            if (output.output_type == "stream" and merged
                    and merged[-1].output_type == "stream" and merged[-1].name == output.name):
                merged[-1].text += output.text
            else:
                merged.append(output)
        if cell.cell_type == "code":
            cell.outputs = merged
    return notebook


def is_check_cell(cell):
    """Whether ``cell`` is a graded check cell of an exercise notebook (nbgrader ``grade``)."""
    return cell.cell_type == "code" and bool(cell.metadata.get("nbgrader", {}).get("grade"))


def clear_check_outputs(notebook):
    """Drop the outputs of the graded check cells, keeping their execution counts.

    A check cell prints one line, "Right: ..." for the worked solution; stored, it would
    sit under every check of the source notebook. The cells are tagged
    ``nbval-ignore-output``: nbval runs them and fails on an error, and compares nothing.
    """
    for cell in notebook.cells:
        if is_check_cell(cell):
            cell.outputs = []
    return notebook


def execute(path):
    """Run every cell of the notebook at ``path``; return (notebook, seconds).

    The outputs of graded check cells are cleared afterwards (`clear_check_outputs`).
    """
    notebook = nbformat.read(path, as_version=4)
    client = notebook_client(notebook, Path(path).parent)
    start = time.perf_counter()
    client.execute()
    return clear_check_outputs(merge_streams(notebook)), time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="only run and time the notebooks; do not write them")
    args = parser.parse_args(argv)
    paths = args.notebooks or ALL_NOTEBOOKS
    for path in paths:
        notebook, seconds = execute(path)
        if not args.check:
            nbformat.write(notebook, path)
        print(f"{seconds:6.1f} s  {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
