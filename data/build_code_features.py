"""Write data/code_corpus_features.csv: more features of the files in code_corpus_counts.csv.

Run from the repository root after ``build_code_corpus.py``:
``python data/build_code_features.py``. For every row of
``code_corpus_counts.csv`` (same order) the script reads the file again from
the installation that ``build_code_corpus.sources()`` names, checks that its
punctuation counts are still the ones recorded (otherwise the installation
differs from the one the corpus was made with, and the script stops), and
writes:

- ``lines``: the number of lines of the file;
- ``code_<class>``: the seven punctuation counts of the code alone, comments
  and string literals removed with the file's own language
  (`lecture_utils.punctuation.count_code_punctuation`);
- ``<first>_<second>``: the 49 counts of consecutive pairs of punctuation
  classes (`lecture_utils.punctuation.count_bigrams`), every character counted
  as in the corpus.
"""

import importlib.util
from pathlib import Path

import pandas as pd

from lecture_utils.punctuation import (
    BIGRAM_NAMES,
    CLASS_NAMES,
    count_bigrams,
    count_code_punctuation,
    count_punctuation,
)

HERE = Path(__file__).resolve().parent
CODE_COLUMNS = tuple(f"code_{name}" for name in CLASS_NAMES)


def corpus_module():
    """The module ``build_code_corpus`` beside this script."""
    path = HERE / "build_code_corpus.py"
    spec = importlib.util.spec_from_file_location("build_code_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def features(corpus, roots):
    """One row of features per row of ``corpus``, the files read below ``roots[root label]``."""
    rows = []
    for row in corpus.itertuples(index=False):
        path = Path(roots[row.root]) / row.file
        text = path.read_text(encoding="utf-8", errors="replace")
        recorded = [getattr(row, name) for name in CLASS_NAMES]
        if count_punctuation(text).tolist() != recorded:
            raise ValueError(
                f"{path} no longer has the punctuation counts recorded in the corpus; "
                "build this file with the Python and numpy versions data/README.md names."
            )
        rows.append([row.language, row.root, row.file, text.count("\n") + 1,
                     *count_code_punctuation(text, row.language).tolist(),
                     *count_bigrams(text).tolist()])
    return pd.DataFrame(rows, columns=["language", "root", "file", "lines",
                                       *CODE_COLUMNS, *BIGRAM_NAMES])


def build(path, corpus_path=HERE / "code_corpus_counts.csv"):
    """Compute the features of every corpus file and write the CSV to ``path``."""
    roots = {label: root for _, label, root, _ in corpus_module().sources()}
    table = features(pd.read_csv(corpus_path), roots)
    table.to_csv(path, index=False, lineterminator="\n")
    return table


if __name__ == "__main__":
    target = HERE / "code_corpus_features.csv"
    table = build(target)
    print(f"{len(table)} files, {table.shape[1]} columns; wrote {target}")
