"""Tests of the punctuation data: the lecture's table, the corpus and its build scripts."""

import doctest
import importlib.util
import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecture_utils import datasets
from lecture_utils.datasets import (
    CHECKSUMS,
    DATA_DIR,
    load_code_corpus,
    load_code_punctuation,
    read_csv,
    sha256_of,
)
from lecture_utils.punctuation import (
    BIGRAM_NAMES,
    CLASS_NAMES,
    count_bigrams,
    count_punctuation,
)

CODE_FILES = ("code_punctuation.csv", "code_corpus_counts.csv", "code_corpus_features.csv")

# The "C total" and "Py total" rows of the lecture's training table.
LECTURE_TOTALS = {
    "C": [30, 46, 72, 3, 48, 5, 31],
    "Python": [12, 36, 70, 16, 5, 40, 38],
}


def load_data_script(name):
    """Import ``data/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, DATA_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_script = load_data_script("build_code_corpus")
features_script = load_data_script("build_code_features")


@pytest.mark.parametrize("name", CODE_FILES)
def test_checksums_match_the_files_and_the_readme(name):
    assert sha256_of(DATA_DIR / name) == CHECKSUMS[name]
    readme = (DATA_DIR / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith(f"| `{name}` |"))
    assert f"`{CHECKSUMS[name]}`" in row
    assert f"## {name}" in readme


def test_lecture_training_table_reproduces_the_lecture_totals():
    train = load_code_punctuation()
    assert train.feature_names == CLASS_NAMES
    assert train.X.dtype == np.int64
    assert sorted(train.y.tolist()) == ["C"] * 4 + ["Python"] * 3
    for language, totals in LECTURE_TOTALS.items():
        assert train.X[train.y == language].sum(axis=0).tolist() == totals


def test_lecture_test_scripts():
    test = load_code_punctuation("test")
    assert test.y.tolist() == ["C", "Python"]
    assert test.X.shape == (2, 7)
    everything = load_code_punctuation("all")
    assert everything.X.shape == (9, 7)
    frame = read_csv("code_punctuation.csv")
    assert frame["split"].tolist() == ["train"] * 7 + ["test"] * 2
    assert frame["script"].is_unique


def test_unknown_split_is_named():
    with pytest.raises(ValueError, match="split='validation' is not a valid choice; choose one of "
                                         "'train', 'test', 'all'"):
        load_code_punctuation("validation")


def test_corpus_rows_are_real_source_files():
    corpus = load_code_corpus()
    frame = read_csv("code_corpus_counts.csv")
    assert corpus.X.dtype == np.int64
    assert set(corpus.y) == {"C", "Python"}
    assert np.all(corpus.X >= 0)
    assert np.all(corpus.X.sum(axis=1) > 0)
    assert not frame.duplicated(["root", "file"]).any()
    for language, suffixes in (("C", (".h", ".c")), ("Python", (".py",))):
        files = frame.loc[frame["language"] == language, "file"]
        assert files.str.endswith(suffixes).all()
        assert 0 < len(files) <= build_script.FILES_PER_LANGUAGE
    folders = frame["file"].str.split("/").str[:-1]
    assert not folders.map(lambda parts: bool(build_script.EXCLUDED_FOLDERS & set(parts))).any()
    assert np.array_equal(corpus.X, frame[list(CLASS_NAMES)].to_numpy())


def test_an_altered_file_is_refused(tmp_path):
    for name in CODE_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    load_code_punctuation(data_dir=tmp_path)
    with open(tmp_path / "code_punctuation.csv", "a") as handle:
        handle.write("extra script,C,train,1,1,1,1,1,1,1\n")
    with pytest.raises(ValueError, match="altered or corrupted"):
        load_code_punctuation(data_dir=tmp_path)
    (tmp_path / "code_corpus_counts.csv").unlink()
    with pytest.raises(FileNotFoundError, match="git checkout"):
        load_code_corpus(data_dir=tmp_path)


# ------------------------------------------------------------------ build script
def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def source_tree(tmp_path):
    """A small tree of C and Python files, with files the script must skip."""
    c_root, py_root = tmp_path / "include", tmp_path / "lib"
    write(c_root / "a.h", "int f(int x, int y);\n")
    write(c_root / "sub" / "b.c", "int g(void) { return a[0]; }\n")
    write(c_root / "tests" / "t.h", "int t(void);\n")
    write(c_root / "notes.txt", "f(x);\n")
    write(py_root / "m.py", "def f(x):\n    return x.real, x[0]\n")
    write(py_root / "pkg" / "n.py", "import os\nos.path.join('a', 'b')\n")
    write(py_root / "empty.py", "")
    write(py_root / "pkg" / "test" / "test_m.py", "assert f(1) == 1\n")
    write(py_root / "site-packages" / "x.py", "x = [1, 2]\n")
    write(py_root / "big.py", "x = (1)\n" * 20)
    return c_root, py_root


def test_candidate_files_skip_tests_other_suffixes_and_big_files(source_tree):
    c_root, py_root = source_tree
    assert build_script.candidate_files(c_root, (".h", ".c")) == [Path("a.h"), Path("sub/b.c")]
    found = build_script.candidate_files(py_root, (".py",), max_bytes=100)
    assert found == [Path("empty.py"), Path("m.py"), Path("pkg/n.py")]


def test_count_files_drops_files_without_punctuation(source_tree):
    _, py_root = source_tree
    paths = [Path("empty.py"), Path("m.py")]
    frame = build_script.count_files("Python", "lib", py_root, paths)
    assert frame["file"].tolist() == ["m.py"]
    text = (py_root / "m.py").read_text(encoding="utf-8")
    assert frame.loc[0, list(CLASS_NAMES)].tolist() == count_punctuation(text).tolist()


def test_draw_is_a_seeded_ordered_subset():
    frame = pd.DataFrame({"file": [f"f{i:03d}" for i in range(50)]})
    first = build_script.draw(frame, 10, seed=0)
    assert first.equals(build_script.draw(frame, 10, seed=0))
    assert len(first) == 10 and first["file"].is_monotonic_increasing
    assert set(first["file"]) <= set(frame["file"])
    assert not first.equals(build_script.draw(frame, 10, seed=1))
    assert build_script.draw(frame, 80, seed=0).equals(frame)


def test_build_writes_the_loader_format(source_tree, tmp_path, monkeypatch):
    c_root, py_root = source_tree
    monkeypatch.setattr(build_script, "sources", lambda: [
        ("C", "include", c_root, (".h", ".c")),
        ("Python", "lib", py_root, (".py",)),
    ])
    target = tmp_path / "code_corpus_counts.csv"
    built = build_script.build(target, n_per_language=1, seed=0)
    written = pd.read_csv(target)
    assert written.columns.tolist() == ["language", "root", "file", *CLASS_NAMES]
    assert written["language"].tolist() == ["C", "Python"]
    assert written.equals(built)
    monkeypatch.setitem(CHECKSUMS, target.name, sha256_of(target))
    assert datasets.load_code_corpus(data_dir=tmp_path).X.shape == (2, 7)


def test_build_names_a_missing_source(tmp_path, monkeypatch):
    monkeypatch.setattr(build_script, "sources", lambda: [
        ("C", "include", tmp_path / "nowhere", (".h",)),
    ])
    with pytest.raises(FileNotFoundError, match=re.escape("python3-dev")):
        build_script.build(tmp_path / "out.csv")


# ------------------------------------------------------------------ the features file
def test_features_file_has_the_corpus_rows_in_the_same_order():
    corpus = read_csv("code_corpus_counts.csv")
    table = read_csv("code_corpus_features.csv")
    assert table[["language", "root", "file"]].equals(corpus[["language", "root", "file"]])
    bigrams = load_code_corpus(features="bigrams")
    code = load_code_corpus(features="code_punctuation")
    everything = load_code_corpus()
    assert bigrams.X.shape == (len(corpus), 49) and bigrams.feature_names == BIGRAM_NAMES
    assert np.array_equal(bigrams.y, everything.y) and np.array_equal(code.y, everything.y)
    # n symbols make n - 1 pairs; the code alone never has more symbols than the whole file
    assert np.array_equal(bigrams.X.sum(axis=1), everything.X.sum(axis=1) - 1)
    assert np.all(code.X <= everything.X)
    assert np.all(table["lines"] >= 1)


def test_unknown_corpus_features_are_named():
    with pytest.raises(ValueError, match="features='trigrams' is not a valid choice; choose one "
                                         "of 'punctuation', 'code_punctuation', 'bigrams'"):
        load_code_corpus(features="trigrams")


def test_features_script_recounts_the_files_and_refuses_other_ones(source_tree):
    c_root, py_root = source_tree
    corpus = pd.concat([
        build_script.count_files("C", "include", c_root, [Path("sub/b.c")]),
        build_script.count_files("Python", "lib", py_root, [Path("m.py")]),
    ], ignore_index=True)
    roots = {"include": c_root, "lib": py_root}
    table = features_script.features(corpus, roots)
    text = (py_root / "m.py").read_text(encoding="utf-8")
    row = table.iloc[1]
    assert row["lines"] == 3
    assert row[list(features_script.CODE_COLUMNS)].tolist() == (
        features_script.count_code_punctuation(text, "Python").tolist())
    assert row[list(BIGRAM_NAMES)].tolist() == count_bigrams(text).tolist()
    write(py_root / "m.py", "x = 1\n")
    with pytest.raises(ValueError, match="no longer has the punctuation counts"):
        features_script.features(corpus, roots)


# ------------------------------------------ code without comments and strings (build only)
code_counts = features_script.count_code_punctuation
strip = features_script.strip_comments_and_strings


def counts_of(**named):
    """A count vector from keyword counts, zeros elsewhere."""
    return [named.get(name, 0) for name in CLASS_NAMES]


def test_c_comments_strings_and_characters_are_removed():
    source = """
#include <stdio.h>
/* a block comment: with, punctuation; inside. */
int f(int x) {  // a line comment; (ignored)
    char c = ';', q = '\\'';
    puts("a string (with) an \\"escaped\\" quote;");
    return x;
}
"""
    counts = code_counts(source, "C")
    # <stdio.h> keeps its period; the comments, the three literals and their contents go
    assert counts.tolist() == counts_of(
        braces=2, parentheses=4, semicolons=3, periods=1, commas=1
    )


def test_python_comments_docstrings_and_strings_are_removed():
    source = '''
def f(x):
    """A docstring: with, punctuation (inside)."""
    s = "a string; {x}"  # a comment, too.
    return x.real, f"{x}."
'''
    assert code_counts(source, "Python").tolist() == counts_of(
        parentheses=2, colons=1, periods=1, commas=1
    )


def test_an_unterminated_c_comment_or_string_ends_the_removal_safely():
    assert strip("f(x); /* open", "C") == "f(x);  "
    assert code_counts('x = "open;\ny;', "C").tolist() == counts_of(semicolons=1)


def test_stripping_never_adds_punctuation():
    for text, language in [("a = [1, 2]  # b.\n", "Python"), ("a[1] = 2; // b.", "C")]:
        assert np.all(code_counts(text, language) <= count_punctuation(text))


def test_unknown_language_and_bad_python_are_named():
    with pytest.raises(ValueError, match="language must be one of"):
        strip("x", "Rust")
    with pytest.raises(ValueError, match="not valid Python"):
        strip('x = """never closed\n', "Python")


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet=st.sampled_from("{}[]():;.,ab \n")))
def test_text_without_comment_or_string_characters_is_unchanged_in_c(text):
    assert code_counts(text, "C").tolist() == count_punctuation(text).tolist()


def test_the_build_scripts_examples():
    result = doctest.testmod(features_script)
    assert result.attempted >= 2 and result.failed == 0
