"""Write data/code_corpus_counts.csv: punctuation counts of real C and Python files.

Run from the repository root: ``python data/build_code_corpus.py``. Nothing is
downloaded; the files come from the Python installation itself:

- Python: modules of the standard library (the folder of the ``os`` module);
- C: the headers and C sources inside numpy's include folder
  (``numpy.get_include()``) and the C headers of CPython
  (``sysconfig.get_paths()["include"]``).

Folders of tests (``test``, ``tests``, ``idle_test``, ...), third-party
packages (``site-packages``), files larger than `MAX_BYTES` and files without
a single punctuation symbol are left out. From what remains, at most
`FILES_PER_LANGUAGE` files per language are drawn without replacement by a
generator seeded with `SEED`, from the list sorted by root and path, so the
selection depends only on the files installed. The counts come from
`lecture_utils.punctuation.count_punctuation` (every character counts,
comments and strings included).

The result depends on the exact Python and numpy versions (their files
change between releases); the script prints both, and data/README.md records
the ones the committed CSV was made with. CPython's headers are part of
python.org, conda, pyenv and Docker builds of Python; a Debian or Ubuntu
system Python needs the ``python3-dev`` package for them.
"""

import os
import platform
import sysconfig
from pathlib import Path

import numpy as np
import pandas as pd

from lecture_utils.punctuation import CLASS_NAMES, count_punctuation

SEED = 0
FILES_PER_LANGUAGE = 300
MAX_BYTES = 100_000
EXCLUDED_FOLDERS = frozenset(
    {"test", "tests", "testing", "idle_test", "site-packages", "__pycache__"}
)


def candidate_files(root, suffixes, max_bytes=MAX_BYTES):
    """Files under ``root`` with one of ``suffixes``, sorted by relative path.

    Files inside an `EXCLUDED_FOLDERS` folder (at any depth below ``root``)
    and files larger than ``max_bytes`` are skipped.

    Returns
    -------
    list of pathlib.Path
        Paths relative to ``root``.
    """
    root = Path(root)
    found = []
    for path in root.rglob("*"):
        relative = path.relative_to(root)
        if path.suffix not in suffixes or not path.is_file():
            continue
        if EXCLUDED_FOLDERS.intersection(relative.parts[:-1]):
            continue
        if path.stat().st_size > max_bytes:
            continue
        found.append(relative)
    return sorted(found, key=lambda p: p.as_posix())


def count_files(language, root_label, root, relative_paths):
    """One row per file: language, root label, relative path and the seven counts.

    Files without any punctuation symbol are dropped (a multinomial model has
    nothing to say about them).
    """
    rows = []
    for relative in relative_paths:
        text = (Path(root) / relative).read_text(encoding="utf-8", errors="replace")
        counts = count_punctuation(text)
        if counts.sum() == 0:
            continue
        rows.append([language, root_label, relative.as_posix(), *counts.tolist()])
    return pd.DataFrame(rows, columns=["language", "root", "file", *CLASS_NAMES])


def draw(frame, n, seed):
    """At most ``n`` rows of ``frame``, drawn without replacement, in their original order."""
    if len(frame) <= n:
        return frame.reset_index(drop=True)
    rng = np.random.default_rng(seed)
    chosen = np.sort(rng.choice(len(frame), size=n, replace=False))
    return frame.iloc[chosen].reset_index(drop=True)


def sources():
    """The (language, root label, root folder, suffixes) of every source of files."""
    return [
        ("C", "numpy-include", Path(np.get_include()), (".h", ".c")),
        ("C", "python-include", Path(sysconfig.get_paths()["include"]), (".h",)),
        ("Python", "python-stdlib", Path(os.__file__).resolve().parent, (".py",)),
    ]


def build(path, n_per_language=FILES_PER_LANGUAGE, seed=SEED):
    """Count the punctuation of the drawn files and write the CSV to ``path``."""
    per_language = {}
    for language, label, root, suffixes in sources():
        if not root.is_dir():
            raise FileNotFoundError(
                f"{root} ({label}) is missing; install the headers of your Python "
                "(on Debian or Ubuntu: the python3-dev package) and run again."
            )
        files = count_files(language, label, root, candidate_files(root, suffixes))
        per_language.setdefault(language, []).append(files)
    frames = [
        draw(pd.concat(parts, ignore_index=True), n_per_language, seed)
        for _, parts in sorted(per_language.items())
    ]
    corpus = pd.concat(frames, ignore_index=True)
    corpus.to_csv(path, index=False, lineterminator="\n")
    return corpus


if __name__ == "__main__":
    target = Path(__file__).resolve().parent / "code_corpus_counts.csv"
    corpus = build(target)
    print(f"Python {platform.python_version()}, numpy {np.__version__}")
    print(corpus.groupby(["language", "root"]).size().to_string())
    print(f"wrote {target}")
