"""The synthetic heights file, its build script and the Gaussian-classes generator."""

import importlib.util
import re

import numpy as np
import pytest

from lecture_utils.datasets import (
    CHECKSUMS,
    DATA_DIR,
    load_heights,
    sha256_of,
)
from lecture_utils.synthetic import make_gaussian_classes


def _build_script():
    spec = importlib.util.spec_from_file_location("build_heights", DATA_DIR / "build_heights.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_script()


def test_load_heights_shape_and_labels():
    data = load_heights()
    assert data.X.shape == (10000, 1)
    assert data.feature_names == ("height_cm",)
    labels, counts = np.unique(data.y, return_counts=True)
    assert labels.tolist() == ["F", "M"]
    assert counts.tolist() == [5000, 5000]


def test_ml_estimates_round_to_the_targets():
    data = load_heights()
    for sex, mean, variance in BUILD.TARGETS:
        heights = data.X[data.y == sex, 0]
        assert round(heights.mean(), 2) == mean
        assert round(heights.var(), 2) == variance  # ML variance: divides by N


def test_build_script_rewrites_the_same_bytes(tmp_path):
    target = tmp_path / "heights.csv"
    BUILD.build(target)
    assert sha256_of(target) == CHECKSUMS["heights.csv"]


def test_standardised_normal_is_exactly_standard():
    z = BUILD.standardised_normal(np.random.default_rng(3), 50)
    assert abs(z.mean()) < 1e-14
    assert z.var() == pytest.approx(1.0, abs=1e-14)


def test_too_coarse_rounding_is_caught():
    frame = BUILD.build_frame(decimals=0)
    with pytest.raises(ValueError, match="keep more decimals"):
        BUILD.check_estimates(frame)


def test_readme_lists_the_checksum():
    readme = (DATA_DIR / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `heights.csv`"))
    assert re.search(CHECKSUMS["heights.csv"], row)
    assert "synthetic" in row.lower()


# ------------------------------------------------------------ make_gaussian_classes
MEANS = [[0.0, 0.0], [3.0, 1.0]]
COVARIANCES = [[[1.0, 0.5], [0.5, 2.0]], [[0.5, 0.0], [0.0, 0.3]]]


def test_gaussian_classes_shapes_labels_and_seed():
    data = make_gaussian_classes(MEANS, COVARIANCES, [3, 4], random_state=1, labels=["a", "b"])
    assert data.X.shape == (7, 2)
    assert data.y.tolist() == ["a"] * 3 + ["b"] * 4
    assert data.feature_names == ("x1", "x2")
    again = make_gaussian_classes(MEANS, COVARIANCES, [3, 4], random_state=1, labels=["a", "b"])
    np.testing.assert_array_equal(data.X, again.X)
    other = make_gaussian_classes(MEANS, COVARIANCES, [3, 4], random_state=2)
    assert not np.allclose(data.X, other.X)
    assert other.y.tolist() == [0, 0, 0, 1, 1, 1, 1]


def test_gaussian_classes_follow_their_parameters():
    n = 40000
    data = make_gaussian_classes(MEANS, COVARIANCES, n, random_state=0)
    for k in range(2):
        sample = data.X[data.y == k]
        # standard errors are about sqrt(2 / n) < 0.01; allow five of them
        np.testing.assert_allclose(sample.mean(axis=0), MEANS[k], atol=0.05)
        np.testing.assert_allclose(np.cov(sample.T, bias=True), COVARIANCES[k], atol=0.05)


@pytest.mark.parametrize(
    ("means", "covariances", "n", "labels", "message"),
    [
        ([0.0, 1.0], COVARIANCES, 5, None, "one row per class"),
        (MEANS, np.eye(2), 5, None, "one 2 x 2 matrix per class"),
        (MEANS, [[[1.0, 0.2], [0.0, 1.0]], np.eye(2)], 5, None, "not symmetric"),
        (MEANS, [[[1.0, 2.0], [2.0, 1.0]], np.eye(2)], 5, None, "not positive definite"),
        ([[0.0, np.nan], [1.0, 1.0]], COVARIANCES, 5, None, "means contains NaN"),
        (MEANS, COVARIANCES, 0, None, "positive integer"),
        (MEANS, COVARIANCES, [3, 4, 5], None, "one per class"),
        (MEANS, COVARIANCES, 2.5, None, "positive integer"),
        (MEANS, COVARIANCES, 5, ["a", "a"], "distinct values"),
    ],
)
def test_gaussian_classes_reject_bad_parameters(means, covariances, n, labels, message):
    with pytest.raises(ValueError, match=message):
        make_gaussian_classes(means, covariances, n, random_state=0, labels=labels)
