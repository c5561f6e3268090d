"""Tests of the one-hot llr, the log-ratio standard error, the independence test and the
joint feature in lecture_utils.discrete."""

import numpy as np
import pytest
from scipy.stats import chi2_contingency

from lecture_utils.discrete import (
    CategoricalClassifier,
    independence_p_value,
    joint_feature,
    log_ratio_standard_error,
)


def shelter_like(n=400, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.choice(["f", "m"], size=n)
    fur = np.where(y == "m", rng.choice(["a", "b", "c"], size=n, p=[0.6, 0.3, 0.1]),
                   rng.choice(["a", "b", "c"], size=n, p=[0.2, 0.3, 0.5]))
    coat = rng.choice(["s", "l"], size=n)
    return np.column_stack([fur, coat]), y


@pytest.mark.parametrize("alpha", [0.0, 1.0])
def test_one_hot_times_llr_weights_is_the_llr(alpha):
    X, y = shelter_like()
    model = CategoricalClassifier(alpha=alpha).fit(X, y)
    t = model.one_hot(X)
    assert t.shape == (len(y), 5) and np.array_equal(t.sum(axis=1), np.full(len(y), 2.0))
    np.testing.assert_allclose(t @ model.llr_coefficients().b, model.llr(X), atol=1e-12)


def test_llr_weights_are_per_category_log_ratios():
    X, y = shelter_like()
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    expected = np.concatenate([lp[1] - lp[0] for lp in model.feature_log_prob_])
    np.testing.assert_allclose(model.llr_coefficients().b, expected)


def test_llr_weights_need_two_classes():
    X = np.array([["a"], ["b"], ["a"]])
    model = CategoricalClassifier(alpha=1.0).fit(X, ["x", "y", "z"])
    with pytest.raises(ValueError):
        model.llr_coefficients()


def test_one_hot_refuses_an_unknown_value():
    X, y = shelter_like()
    model = CategoricalClassifier().fit(X, y)
    with pytest.raises(ValueError, match="known categories"):
        model.one_hot([["z", "s"]])


def test_log_ratio_standard_error_formula_and_zero_count():
    counts = np.array([[30.0, 70.0, 0.0], [60.0, 40.0, 10.0]])
    se = log_ratio_standard_error(counts)
    p0, p1 = 30 / 100, 60 / 110
    assert se[0] == pytest.approx(np.sqrt((1 - p0) / (100 * p0) + (1 - p1) / (110 * p1)))
    assert np.isinf(se[2])


def test_log_ratio_standard_error_matches_simulation():
    rng = np.random.default_rng(1)
    p0, p1, n = np.array([0.3, 0.7]), np.array([0.5, 0.5]), 400
    draws = np.array([np.log((rng.multinomial(n, p1) / n) / (rng.multinomial(n, p0) / n))
                      for _ in range(4000)])
    predicted = log_ratio_standard_error([p0 * n, p1 * n])
    np.testing.assert_allclose(draws.std(axis=0), predicted, rtol=0.08)


@pytest.mark.parametrize("counts", [[[1, 2]], [[1, 2], [-1, 3]], [[0, 0], [1, 2]], [1, 2, 3]])
def test_log_ratio_standard_error_rejects_bad_counts(counts):
    with pytest.raises(ValueError, match="shape"):
        log_ratio_standard_error(counts)


def test_independence_p_value_agrees_with_scipy_and_detects_dependence():
    a = np.array(list("aabbbcca") * 20)
    b = np.array(list("xyxyyxxy") * 20)
    table = np.array([[np.sum((a == u) & (b == v)) for v in "xy"] for u in "abc"])
    expected = chi2_contingency(table, correction=False).pvalue
    assert independence_p_value(a, b) == pytest.approx(expected)
    assert independence_p_value(a, a) < 1e-10
    rng = np.random.default_rng(0)
    assert independence_p_value(rng.integers(0, 3, 2000), rng.integers(0, 2, 2000)) > 0.01


@pytest.mark.parametrize("a, b", [([1, 2, 1], [1, 2]), ([1, 1, 1], [1, 2, 1])])
def test_independence_p_value_rejects_bad_input(a, b):
    with pytest.raises(ValueError):
        independence_p_value(a, b)


def test_joint_feature_lists_every_combination():
    X = np.array([["a", "s"], ["b", "l"]])
    joined, categories = joint_feature(X, [("a", "b", "c"), ("s", "l")])
    assert joined[:, 0].tolist() == ["a / s", "b / l"]
    assert len(categories[0]) == 6 and "c / l" in categories[0]
    model = CategoricalClassifier(alpha=1.0, categories=categories).fit(joined, ["f", "m"])
    assert model.feature_log_prob_[0].shape == (2, 6)


@pytest.mark.parametrize("X", [[["a"]], [["z", "s"]]])
def test_joint_feature_rejects_bad_input(X):
    with pytest.raises(ValueError):
        joint_feature(X, [("a", "b"), ("s", "l")])
