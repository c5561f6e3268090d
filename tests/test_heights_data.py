"""The synthetic heights file and its build script (the generator, make_gaussian_classes, is
tested in tests/test_synthetic.py)."""

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
