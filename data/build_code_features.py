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
  and string literals removed with the file's own language (`count_code_punctuation`;
  knowing the language is an oracle that a classifier of unknown files lacks: these
  counts measure what comments and strings contribute);
- ``<first>_<second>``: the 49 counts of consecutive pairs of punctuation
  classes (`lecture_utils.punctuation.count_bigrams`), every character counted
  as in the corpus.
"""

import importlib.util
import io
import tokenize
from pathlib import Path

import pandas as pd

from lecture_utils.punctuation import (
    BIGRAM_NAMES,
    CLASS_NAMES,
    count_bigrams,
    count_punctuation,
)

HERE = Path(__file__).resolve().parent
CODE_COLUMNS = tuple(f"code_{name}" for name in CLASS_NAMES)
#: The languages whose comments and string literals `strip_comments_and_strings` knows.
LANGUAGES = ("C", "Python")


def _strip_c(text):
    """C source without its comments, string literals and character literals."""
    kept = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        pair = text[i:i + 2]
        if pair == "//":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif pair == "/*":
            end = text.find("*/", i + 2)
            kept.append(" ")
            i = n if end < 0 else end + 2
        elif c in "\"'":
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
            kept.append(" ")
        else:
            kept.append(c)
            i += 1
    return "".join(kept)


def _strip_python(text):
    """Python source without its comments and string literals (docstrings included)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError) as error:
        raise ValueError(
            f"text is not valid Python, so its comments and strings cannot be found: {error}"
        ) from None
    skipped = (tokenize.COMMENT, tokenize.STRING)
    return " ".join(token.string for token in tokens if token.type not in skipped)


def strip_comments_and_strings(text, language):
    """``text`` with the comments and string literals of ``language`` removed.

    Parameters
    ----------
    text : str
        Source code.
    language : {"C", "Python"}
        C: ``// ...`` and ``/* ... */`` comments, ``"..."`` strings and
        ``'.'`` character literals (with backslash escapes) are removed;
        preprocessor lines stay. Python: the ``COMMENT`` and ``STRING``
        tokens of the standard `tokenize` module are removed (docstrings and
        f-strings included); every other token is kept.

    Returns
    -------
    str
        The remaining code; removed pieces leave at most a space.

    Raises
    ------
    ValueError
        An unknown language, or Python text that does not tokenize.

    Examples
    --------
    >>> strip_comments_and_strings('f(x); /* a, b. */ s = "{;}";', "C")
    'f(x);   s =  ;'
    """
    if language == "C":
        return _strip_c(text)
    if language == "Python":
        return _strip_python(text)
    raise ValueError(f"language must be one of {LANGUAGES}; got {language!r}.")


def count_code_punctuation(text, language):
    """`count_punctuation` of the code alone: comments and string literals left out.

    Parameters
    ----------
    text : str
    language : {"C", "Python"}
        The language whose comments and strings are removed first (see
        `strip_comments_and_strings`). Knowing it is an oracle: a classifier
        of unknown files cannot do this; the counts serve to measure what
        comments and strings contribute.

    Returns
    -------
    ndarray of int64, shape (7,)

    Examples
    --------
    >>> count_code_punctuation("x = f(a)  # see f.\\n", "Python").tolist()
    [0, 0, 2, 0, 0, 0, 0]
    """
    return count_punctuation(strip_comments_and_strings(text, language))


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
