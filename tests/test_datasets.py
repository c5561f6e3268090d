"""Offline data loaders: contents, checksums, provenance table and failure messages."""

import hashlib
import importlib.util
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from sklearn import datasets as sklearn_datasets

from lecture_utils import datasets
from lecture_utils.datasets import (
    ARRAY_CHECKSUMS,
    CHECKSUMS,
    DATA_DIR,
    IRIS_FEATURES,
    MNIST_KEYS,
    arrays_sha256,
    load_iris,
    load_iris_2d,
    load_mnist,
    read_csv,
    sha256_of,
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
    with pytest.raises(ValueError, match=r"name='digits\.csv' is not a known data file; choose one "
                                         r"of 'cat_fur\.csv', "):
        read_csv("digits.csv")


def test_no_loader_uses_pickle():
    source = Path(datasets.__file__).read_text(encoding="utf-8")
    for unsafe in ("import pickle", "pickle.load", "read_pickle", "allow_pickle=True", "joblib"):
        assert unsafe not in source


# ------------------------------------------------------------------------ MNIST
# Published numbers of images per digit 0..9 in the MNIST training and test sets.
MNIST_TRAIN_COUNTS = [5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949]
MNIST_TEST_COUNTS = [980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009]


@pytest.fixture(scope="module")
def mnist():
    return load_mnist()


@pytest.fixture(scope="module")
def mnist_arrays(mnist):
    return {
        "x_train": mnist.X_train, "y_train": mnist.y_train.astype(np.uint8),
        "x_test": mnist.X_test, "y_test": mnist.y_test.astype(np.uint8),
    }


def _load_build_script():
    spec = importlib.util.spec_from_file_location("build_mnist", DATA_DIR / "build_mnist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mnist_shapes_and_types(mnist):
    assert mnist.X_train.shape == (60_000, 784) and mnist.X_train.dtype == np.uint8
    assert mnist.X_test.shape == (10_000, 784) and mnist.X_test.dtype == np.uint8
    assert mnist.y_train.shape == (60_000,) and mnist.y_train.dtype == np.int64
    assert mnist.y_test.shape == (10_000,) and mnist.y_test.dtype == np.int64
    assert mnist.image_shape == (28, 28)
    assert np.prod(mnist.image_shape) == mnist.X_train.shape[1]


def test_mnist_label_counts_are_the_published_ones(mnist):
    assert np.bincount(mnist.y_train, minlength=10).tolist() == MNIST_TRAIN_COUNTS
    assert np.bincount(mnist.y_test, minlength=10).tolist() == MNIST_TEST_COUNTS


def test_mnist_images_look_like_digits(mnist):
    # Ink on a blank background, centred: the corners are never inked, the
    # centre far more often than the border, and the full grey range is used.
    images = mnist.X_train.reshape(-1, *mnist.image_shape)
    assert images[:, [0, 0, -1, -1], [0, -1, 0, -1]].max() == 0
    inked = (images > 0).mean(axis=0)
    assert inked[10:18, 10:18].mean() > 20 * inked[[0, -1], :].mean()
    assert mnist.X_train.min() == 0 and mnist.X_train.max() == 255
    assert 0.05 < np.mean(mnist.X_train > 0) < 0.5


def test_mnist_unpacks_like_a_tuple(mnist):
    X_train, y_train, X_test, y_test = mnist
    assert X_train is mnist.X_train and y_test is mnist.y_test
    assert y_train is mnist.y_train and X_test is mnist.X_test


def test_mnist_arrays_checksum_is_the_recorded_one(mnist_arrays):
    assert arrays_sha256(mnist_arrays, MNIST_KEYS) == ARRAY_CHECKSUMS["mnist.npz"]


def test_build_script_uses_the_loader_checksum(mnist_arrays):
    build = _load_build_script()
    assert build.arrays_sha256(mnist_arrays) == ARRAY_CHECKSUMS["mnist.npz"]
    build.check_arrays(mnist_arrays)  # shapes, dtypes and published counts
    assert list(build.TRAIN_COUNTS) == MNIST_TRAIN_COUNTS


def test_build_script_byte_conversion_is_exact():
    build = _load_build_script()
    pixels = np.arange(256, dtype=np.uint8).reshape(2, 128)
    scaled = pixels.astype(np.float32) / np.float32(256)
    assert build.detect_scale(scaled) == 256
    np.testing.assert_array_equal(build.to_uint8(scaled, 256), pixels)
    with pytest.raises(ValueError, match="not all integers"):
        build.to_uint8(scaled + np.float32(1e-4), 256)


# ------------------------------------------------------ error paths (MNIST)
def test_missing_mnist_file_says_how_to_restore_it(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"missing.*git checkout -- data/mnist\.npz"):
        load_mnist(data_dir=tmp_path)


def test_altered_mnist_pixel_is_detected(tmp_path, mnist_arrays):
    altered = dict(mnist_arrays)
    altered["x_test"] = mnist_arrays["x_test"].copy()
    altered["x_test"][123, 400] ^= 1
    np.savez(tmp_path / "mnist.npz", **altered)
    with pytest.raises(ValueError, match=r"altered or corrupted: its arrays SHA-256"):
        load_mnist(data_dir=tmp_path)


def test_recompressed_copy_with_the_same_arrays_loads(tmp_path, mnist_arrays):
    # The checksum is over the arrays, so an uncompressed copy is accepted.
    np.savez(tmp_path / "mnist.npz", **mnist_arrays)
    copy = load_mnist(data_dir=tmp_path)
    np.testing.assert_array_equal(copy.X_test, mnist_arrays["x_test"])


def test_truncated_mnist_file_is_reported(tmp_path):
    data = (DATA_DIR / "mnist.npz").read_bytes()
    (tmp_path / "mnist.npz").write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match=r"cannot be read as an \.npz archive.*git checkout"):
        load_mnist(data_dir=tmp_path)


def test_mnist_file_without_an_array_is_reported(tmp_path, mnist_arrays):
    partial = {key: mnist_arrays[key] for key in ("x_train", "y_train", "x_test")}
    np.savez(tmp_path / "mnist.npz", **partial)
    with pytest.raises(ValueError, match="no array named 'y_test'"):
        load_mnist(data_dir=tmp_path)


def test_pickled_objects_are_refused(tmp_path):
    labels = np.array([{"digit": 1}], dtype=object)
    np.savez(tmp_path / "mnist.npz", x_train=labels, y_train=labels, x_test=labels,
             y_test=labels)
    with pytest.raises(ValueError, match="plain arrays"):
        load_mnist(data_dir=tmp_path)


# ------------------------------------------------------------ arrays_sha256
arrays_strategy = st.lists(
    hnp.arrays(dtype=st.sampled_from([np.uint8, np.int64, np.float64]),
               shape=hnp.array_shapes(min_dims=1, max_dims=2, max_side=6)),
    min_size=1, max_size=3,
)


@settings(max_examples=50, deadline=None)
@given(arrays_strategy)
def test_arrays_sha256_ignores_memory_layout_and_storage(arrays):
    keys = [f"a{i}" for i in range(len(arrays))]
    named = dict(zip(keys, arrays, strict=True))
    fortran = {key: np.asfortranarray(value) for key, value in named.items()}
    assert arrays_sha256(fortran, keys) == arrays_sha256(named, keys)


@settings(max_examples=50, deadline=None)
@given(hnp.arrays(np.uint8, hnp.array_shapes(max_dims=2, max_side=8)), st.data())
def test_arrays_sha256_sees_every_byte(array, data):
    position = data.draw(st.integers(0, array.size - 1))
    changed = array.copy()
    changed.flat[position] ^= data.draw(st.integers(1, 255))
    assert arrays_sha256({"a": changed}, ["a"]) != arrays_sha256({"a": array}, ["a"])


def test_arrays_sha256_depends_on_the_key_order():
    arrays = {"a": np.array([1], np.uint8), "b": np.array([2], np.uint8)}
    assert arrays_sha256(arrays, ["a", "b"]) != arrays_sha256(arrays, ["b", "a"])


def test_every_npz_file_has_an_arrays_checksum():
    npz = {name for name in CHECKSUMS if name.endswith(".npz")}
    assert npz == set(ARRAY_CHECKSUMS)
