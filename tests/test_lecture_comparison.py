"""Comparing computed numbers with the digits a lecture prints, and two fitted
classifiers with each other."""

import numpy as np
import pytest
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis

from lecture_utils.experiments import (
    agrees_to_printed_digits,
    posterior_agreement,
    printed_against_computed,
)
from lecture_utils.gaussian import GaussianClassifier


@pytest.mark.parametrize(("value", "printed", "expected"), [
    (52.8894, "52.89", True), (52.896, "52.89", False), (0.0539465, "0,05395", True),
    (4.50405, "4.5", True), (4.56, "4.5", False), (12.4, "12", True), (12.6, "12", False),
    (0.05395, "0.05395", True), (-1.2049, "-1.205", True),
])
def test_agreement_is_rounding_to_the_printed_decimals(value, printed, expected):
    assert agrees_to_printed_digits(value, printed) is expected


def test_printed_number_must_be_a_string_of_a_number():
    with pytest.raises(TypeError, match="string"):
        agrees_to_printed_digits(1.0, 1.0)
    with pytest.raises(ValueError, match="decimal"):
        agrees_to_printed_digits(1.0, "about 4")


def test_table_lists_each_quantity_once():
    table = printed_against_computed({"a": "1.5", "b": "0.2"}, {"a": 1.52, "b": 0.26})
    assert table["agrees"].tolist() == [True, False]
    assert table["computed"].tolist() == ["1.52", "0.26"]
    with pytest.raises(ValueError, match="same quantities"):
        printed_against_computed({"a": "1"}, {"b": 1.0})


def test_posterior_agreement_of_twins_and_of_different_models():
    rng = np.random.default_rng(0)
    X = np.concatenate([rng.normal(size=(50, 2)), rng.normal(size=(50, 2)) * 2 + 1])
    y = np.repeat([0, 1], 50)
    ours = GaussianClassifier(covariance="tied").fit(X, y)
    same = posterior_agreement(ours, LinearDiscriminantAnalysis().fit(X, y), X)
    assert same.max_posterior_gap < 1e-10 and same.same_decisions == 1.0
    other = posterior_agreement(ours, QuadraticDiscriminantAnalysis().fit(X, y), X)
    assert other.max_posterior_gap > 0.01


def test_posterior_agreement_needs_the_same_classes():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    ours = GaussianClassifier().fit(X, [0, 0, 1, 1])
    theirs = GaussianClassifier().fit(X, ["a", "a", "b", "b"])
    with pytest.raises(ValueError, match="order their classes"):
        posterior_agreement(ours, theirs, X)


def test_printed_label_edits_finds_missing_extra_and_different_entries():
    from lecture_utils.experiments import printed_label_edits

    computed = np.array([0] * 6 + [1, 2, 2, 1])
    # four leading zeros lost and an extra 1
    assert printed_label_edits("0 0 1 2 2 1 1", computed).to_dict("records") == [
        {"edit": "missing from the print", "samples": "0-3", "printed": "", "computed": "0",
         "count": 4},
        {"edit": "extra in the print", "samples": "8", "printed": "1", "computed": "", "count": 1},
    ]
    # a 2 printed as 0
    assert printed_label_edits("0 0 1 2 0 1", computed)["edit"].tolist() == [
        "missing from the print", "different"]
    assert printed_label_edits(list(computed), computed).empty
    with pytest.raises(ValueError, match="at least one label"):
        printed_label_edits("", computed)


def test_lecture_printed_arrays_hold_117_labels_and_differ_by_two_extra_ones():
    from lecture_utils.experiments import LECTURE_PRINTED_PREDICTIONS, printed_label_edits

    for printed in LECTURE_PRINTED_PREDICTIONS.values():
        assert len(printed.split()) == 117 and set(printed.split()) == {"0", "1", "2"}
    computed = np.array([0] * 50 + [1] * 100)
    assert printed_label_edits(LECTURE_PRINTED_PREDICTIONS["GDA"], computed)["count"].sum() > 35
