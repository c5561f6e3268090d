"""Tests of the cat data sets: files, checksums, loaders and the build script."""

import runpy
import shutil

import numpy as np
import pandas as pd
import pytest

from lecture_utils.datasets import (
    CAT_SHELTER_CATEGORIES,
    CHECKSUMS,
    DATA_DIR,
    FUR_COLOURS,
    load_cat_fur,
    load_cat_shelter,
    sha256_of,
)
from lecture_utils.discrete import CategoricalClassifier
from lecture_utils.synthetic import (
    cat_shelter_probabilities,
    cat_shelter_true_log_ratios,
    make_cat_shelter,
)

CAT_FILES = ("cat_fur.csv", "cat_shelter.csv")


@pytest.mark.parametrize("name", CAT_FILES)
def test_checksums_match_files_and_readme(name):
    assert sha256_of(DATA_DIR / name) == CHECKSUMS[name]
    readme = (DATA_DIR / "README.md").read_text()
    assert f"`{name}`" in readme and CHECKSUMS[name] in readme
    assert f"## {name}" in readme


def test_cat_fur_is_the_lectures_list_of_ten_cats():
    data = load_cat_fur()
    pairs = list(zip(data.X[:, 0].tolist(), data.y.tolist(), strict=True))
    assert pairs == [
        ("black", "male"), ("orange", "male"), ("black", "female"), ("orange", "male"),
        ("white", "male"), ("white", "female"), ("white", "male"), ("white", "female"),
        ("black", "female"), ("calico", "female"),
    ]
    assert data.feature_names == ("fur",) and data.target_name == "sex"


def test_cat_fur_gives_the_lectures_counts():
    data = load_cat_fur()
    model = CategoricalClassifier(categories=[FUR_COLOURS]).fit(data.X, data.y)
    np.testing.assert_array_equal(model.category_count_[0], [[2, 0, 2, 1], [1, 2, 2, 0]])


def test_cat_shelter_values_are_the_declared_categories():
    data = load_cat_shelter()
    assert data.X.shape == (300, 3)
    assert data.feature_names == tuple(CAT_SHELTER_CATEGORIES)
    for j, categories in enumerate(CAT_SHELTER_CATEGORIES.values()):
        assert set(data.X[:, j].tolist()) <= set(categories)
    assert set(data.y.tolist()) == {"female", "male"}


def test_the_generator_reproduces_the_committed_file(tmp_path):
    rebuilt = tmp_path / "cat_shelter.csv"
    make_cat_shelter(300, random_state=0).frame.to_csv(rebuilt, index=False, lineterminator="\n")
    assert sha256_of(rebuilt) == CHECKSUMS["cat_shelter.csv"]
    # the build script draws the same cats with its own seed and size
    script = runpy.run_path(str(DATA_DIR / "build_cat_shelter.py"))
    assert (script["N_CATS"], script["SEED"]) == (300, 0)


def test_the_generator_draws_from_its_model():
    frame = make_cat_shelter(20_000, random_state=1).frame
    for name, by_sex in cat_shelter_probabilities().items():
        for sex, expected in by_sex.items():
            column = frame.loc[frame["sex"] == sex, name]
            observed = column.value_counts(normalize=True).reindex(
                CAT_SHELTER_CATEGORIES[name], fill_value=0)
            np.testing.assert_allclose(observed.to_numpy(), expected, atol=0.02)


def test_a_changed_file_is_refused(tmp_path):
    for name in CAT_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    frame = pd.read_csv(tmp_path / "cat_fur.csv")
    frame.loc[0, "sex"] = "female"
    frame.to_csv(tmp_path / "cat_fur.csv", index=False)
    with pytest.raises(ValueError, match="altered or corrupted.*git checkout"):
        load_cat_fur(tmp_path)
    assert load_cat_shelter(tmp_path).X.shape == (300, 3)
    (tmp_path / "cat_shelter.csv").unlink()
    with pytest.raises(FileNotFoundError, match="missing"):
        load_cat_shelter(tmp_path)


def test_generating_probabilities_are_distributions_over_the_declared_categories():
    probabilities = cat_shelter_probabilities()
    assert list(probabilities) == list(CAT_SHELTER_CATEGORIES)
    for feature, order in CAT_SHELTER_CATEGORIES.items():
        for sex in ("female", "male"):
            assert probabilities[feature][sex].shape == (len(order),)
            assert probabilities[feature][sex].sum() == pytest.approx(1.0)
    assert probabilities["fur"]["male"][order_of("fur", "calico")] == 0.0003


def order_of(feature, value):
    return CAT_SHELTER_CATEGORIES[feature].index(value)


def test_true_log_ratios():
    ratios = cat_shelter_true_log_ratios()
    assert list(ratios) == list(CAT_SHELTER_CATEGORIES)
    fur = dict(zip(CAT_SHELTER_CATEGORIES["fur"], ratios["fur"], strict=True))
    assert fur["calico"] == pytest.approx(np.log(0.0003 / 0.25))
    assert fur["black"] == 0.0 and fur["white"] == 0.0
    assert ratios["size"][-1] == pytest.approx(np.log(0.40 / 0.10))
    np.testing.assert_array_equal(ratios["coat"], [0.0, 0.0])
