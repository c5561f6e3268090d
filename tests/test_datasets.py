"""Offline data loaders: contents, checksums, provenance table and failure messages."""

import hashlib
import importlib.util
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from sklearn import datasets as sklearn_datasets

from lecture_utils import datasets
from lecture_utils.datasets import (
    CHECKSUMS,
    DATA_DIR,
    IRIS_FEATURES,
    load_iris,
    load_iris_2d,
    read_csv,
    sha256_of,
    verified_path,
)

README = DATA_DIR / "README.md"


def readme_checksums():
    """``{file: sha256}`` from the table in data/README.md."""
    table = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and re.fullmatch(r"`[^`]+`", cells[0]):
            digest = re.fullmatch(r"`([0-9a-f]{64})`", cells[-1])
            if digest:
                table[cells[0].strip("`")] = digest.group(1)
    return table


# -------------------------------------------------------------------- contents
def test_iris_equals_the_copy_bundled_with_scikit_learn():
    iris = load_iris()
    reference = sklearn_datasets.load_iris()
    np.testing.assert_array_equal(iris.X, reference.data)
    np.testing.assert_array_equal(iris.y, reference.target_names[reference.target])
    assert iris.X.dtype == float and iris.X.shape == (150, 4)
    assert iris.feature_names == IRIS_FEATURES
    assert iris.target_name == "species"
    assert sorted(set(iris.y.tolist())) == ["setosa", "versicolor", "virginica"]


def test_iris_2d_is_the_two_sepal_columns():
    full, two = load_iris(), load_iris_2d()
    np.testing.assert_array_equal(two.X, full.X[:, :2])
    np.testing.assert_array_equal(two.y, full.y)
    assert two.feature_names == ("sepal_length_cm", "sepal_width_cm")


def test_dataset_frame():
    iris = load_iris_2d()
    frame = iris.frame
    assert list(frame.columns) == ["sepal_length_cm", "sepal_width_cm", "species"]
    np.testing.assert_array_equal(frame[list(iris.feature_names)].to_numpy(), iris.X)
    assert frame["species"].tolist() == iris.y.tolist()


def test_iris_build_script_reproduces_the_file(tmp_path):
    spec = importlib.util.spec_from_file_location("build_iris", DATA_DIR / "build_iris.py")
    build_iris = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_iris)
    build_iris.build(tmp_path / "iris.csv")
    assert sha256_of(tmp_path / "iris.csv") == CHECKSUMS["iris.csv"]


# ------------------------------------------------------------------- checksums
def test_checksums_match_the_readme_table():
    assert readme_checksums() == CHECKSUMS


def test_every_data_file_has_a_checksum_and_matches_it():
    shipped = {
        path.name for path in DATA_DIR.iterdir()
        if path.is_file() and path.suffix not in (".md", ".py")
    }
    assert shipped == set(CHECKSUMS)
    for name, digest in CHECKSUMS.items():
        assert hashlib.sha256((DATA_DIR / name).read_bytes()).hexdigest() == digest


def test_sha256_of_reads_large_files_in_blocks(tmp_path):
    payload = bytes(range(256)) * 10_000  # 2.5 MB: several blocks
    (tmp_path / "blob").write_bytes(payload)
    assert sha256_of(tmp_path / "blob") == hashlib.sha256(payload).hexdigest()


# --------------------------------------------------------------------- failures
def test_missing_file_says_which_and_how_to_restore(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"iris\.csv is missing") as caught:
        load_iris(data_dir=tmp_path)
    assert "git checkout -- data/iris.csv" in str(caught.value)
    assert str(tmp_path) in str(caught.value)


def test_an_unaltered_copy_elsewhere_loads(tmp_path):
    shutil.copy(DATA_DIR / "iris.csv", tmp_path / "iris.csv")
    np.testing.assert_array_equal(load_iris(data_dir=tmp_path).X, load_iris().X)


@pytest.mark.parametrize("position", [0, 200, -2])
def test_an_altered_file_is_refused(tmp_path, position):
    content = bytearray((DATA_DIR / "iris.csv").read_bytes())
    content[position] = ord("9") if content[position] != ord("9") else ord("8")
    (tmp_path / "iris.csv").write_bytes(bytes(content))
    with pytest.raises(ValueError, match=r"iris\.csv has been altered or corrupted") as caught:
        load_iris_2d(data_dir=tmp_path)
    message = str(caught.value)
    assert CHECKSUMS["iris.csv"] in message
    assert "git checkout -- data/iris.csv" in message


def test_a_truncated_file_is_refused(tmp_path):
    content = (DATA_DIR / "iris.csv").read_bytes()
    (tmp_path / "iris.csv").write_bytes(content[: len(content) // 2])
    with pytest.raises(ValueError, match="altered"):
        read_csv("iris.csv", data_dir=tmp_path)


def test_unknown_file_names_are_refused():
    with pytest.raises(ValueError, match=r"'mnist\.npz' is not a known data file; known: \["):
        verified_path("mnist.npz")


def test_no_loader_uses_pickle():
    source = Path(datasets.__file__).read_text(encoding="utf-8")
    for unsafe in ("import pickle", "pickle.load", "read_pickle", "allow_pickle=True", "joblib"):
        assert unsafe not in source
