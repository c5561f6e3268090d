"""Execute notebooks in place so that their stored outputs are current, and time them.

Usage, from the repository root::

    python notebooks/execute.py                      # every notebook
    python notebooks/execute.py notebooks/01_*.ipynb # some of them
    python notebooks/execute.py --check              # time them, leave the files alone

Notebooks run with the current interpreter's ``python3`` kernel and their own
folder as working directory, without per-cell timestamps, so that re-running
an unchanged notebook rewrites the same file.
"""

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parent
TIMEOUT_SECONDS = 300


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


def execute(path):
    """Run every cell of the notebook at ``path``; return (notebook, seconds)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=TIMEOUT_SECONDS, kernel_name="python3", record_timing=False,
        resources={"metadata": {"path": str(Path(path).parent)}},
    )
    start = time.perf_counter()
    client.execute()
    return merge_streams(notebook), time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="only run and time the notebooks; do not write them")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        notebook, seconds = execute(path)
        if not args.check:
            nbformat.write(notebook, path)
        print(f"{seconds:6.1f} s  {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
