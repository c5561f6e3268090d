"""Tests of lecture_utils.synthetic: Gaussian classes with given means and covariances, and
the exponential classes whose log-odds are linear (their Bayes rule, threshold and error,
and which classifier reaches that error)."""

import numpy as np
import pytest
from scipy.stats import expon

from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.logistic import SoftmaxRegression
from lecture_utils.synthetic import (
    exponential_bayes_threshold,
    exponential_log_odds,
    exponential_threshold_error,
    make_exponential_classes,
    make_gaussian_classes,
)

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


# ------------------------------------------------------------ exponential classes
def test_exponential_classes_have_the_stated_distribution():
    X, y = make_exponential_classes(20_000, n_features=3, mean_ratio=3.0, random_state=0)
    assert abs(y.mean() - 0.5) < 0.02
    np.testing.assert_allclose(X[y == 0].mean(axis=0), 1.0, rtol=0.05)
    np.testing.assert_allclose(X[y == 1].mean(axis=0), 3.0, rtol=0.05)
    np.testing.assert_allclose(X[y == 1].std(axis=0), 3.0, rtol=0.05)
    again = make_exponential_classes(20_000, n_features=3, mean_ratio=3.0, random_state=0)
    np.testing.assert_array_equal(again.X, X)


def test_exponential_log_odds_is_bayes_rule():
    X, _ = make_exponential_classes(50, n_features=4, mean_ratio=2.5, random_state=1)
    by_densities = (expon.logpdf(X, scale=2.5).sum(axis=1) - expon.logpdf(X).sum(axis=1))
    np.testing.assert_allclose(exponential_log_odds(X, 2.5), by_densities)


def test_logistic_regression_reaches_the_bayes_error_and_lda_does_not():
    X, y = make_exponential_classes(6000, n_features=10, random_state=4)
    X_test, y_test = make_exponential_classes(20_000, n_features=10, random_state=5)
    bayes = np.mean((exponential_log_odds(X_test) > 0) != y_test)
    logistic = 1 - SoftmaxRegression(penalty=1e-4).fit(X, y).score(X_test, y_test)
    lda = 1 - GaussianClassifier(covariance="tied_diag").fit(X, y).score(X_test, y_test)
    assert logistic - bayes < 0.005
    assert lda - bayes > 0.01


def test_exponential_bayes_threshold_is_where_the_log_odds_vanish():
    threshold = exponential_bayes_threshold(n_features=4, mean_ratio=2.5)
    on_boundary = np.full((1, 4), threshold / 4)
    assert abs(exponential_log_odds(on_boundary, 2.5)[0]) < 1e-12
    assert exponential_bayes_threshold() == pytest.approx(15 * np.log(3))


def test_exponential_threshold_error_matches_a_large_sample():
    X, y = make_exponential_classes(200_000, n_features=3, mean_ratio=2.0, random_state=2)
    for threshold in (2.0, exponential_bayes_threshold(3, 2.0), 6.0):
        sampled = np.mean((X.sum(axis=1) > threshold) != y)
        assert exponential_threshold_error(threshold, 3, 2.0) == pytest.approx(sampled, abs=0.004)


def test_the_bayes_threshold_has_the_smallest_error():
    best = exponential_bayes_threshold()
    errors = exponential_threshold_error(best + np.array([-1.0, -0.1, 0.0, 0.1, 1.0]))
    assert np.argmin(errors) == 2
    assert errors[2] == pytest.approx(0.04376, abs=1e-5)


@pytest.mark.parametrize("kwargs, message", [
    ({"threshold": np.nan}, "finite"),
    ({"threshold": 1.0, "n_features": 0}, "n_features"),
    ({"threshold": 1.0, "mean_ratio": -1.0}, "mean_ratio"),
])
def test_exponential_threshold_error_rejects_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        exponential_threshold_error(**kwargs)


def test_exponential_bayes_threshold_needs_a_ratio_above_one():
    with pytest.raises(ValueError, match="mean_ratio"):
        exponential_bayes_threshold(mean_ratio=1.0)



# ------------------------------------------------------------ the shelter cats
def test_make_cat_shelter_draws_the_committed_cats_and_fresh_ones():
    from lecture_utils.datasets import CAT_SHELTER_CATEGORIES, load_cat_shelter
    from lecture_utils.synthetic import make_cat_shelter

    committed, drawn = load_cat_shelter(), make_cat_shelter(300, random_state=0)
    assert np.array_equal(drawn.X, committed.X) and np.array_equal(drawn.y, committed.y)
    assert drawn.feature_names == tuple(CAT_SHELTER_CATEGORIES) and drawn.target_name == "sex"
    fresh = make_cat_shelter(300, random_state=1)
    assert not np.array_equal(fresh.X, committed.X)
    for d, values in enumerate(CAT_SHELTER_CATEGORIES.values()):
        assert set(fresh.X[:, d].tolist()) <= set(values)
    with pytest.raises(ValueError, match="n_cats"):
        make_cat_shelter(0)


def test_make_cat_shelter_follows_its_model():
    from lecture_utils.datasets import CAT_SHELTER_CATEGORIES
    from lecture_utils.synthetic import cat_shelter_probabilities, make_cat_shelter

    X, y = make_cat_shelter(40_000, random_state=2)
    assert abs(np.mean(y == "male") - 0.5) < 0.01
    for d, (feature, by_sex) in enumerate(cat_shelter_probabilities().items()):
        for sex, expected in by_sex.items():
            values = X[y == sex, d]
            observed = [np.mean(values == v) for v in CAT_SHELTER_CATEGORIES[feature]]
            np.testing.assert_allclose(observed, expected, atol=0.015)


def test_cat_shelter_best_accuracy_is_the_bayes_rules_accuracy_by_hand():
    from lecture_utils.synthetic import cat_shelter_best_accuracy, cat_shelter_probabilities

    fur = cat_shelter_probabilities()["fur"]
    # one feature: each colour goes to the sex with the larger P(sex) P(colour | sex)
    by_hand = sum(max(0.5 * fur["female"][v], 0.5 * fur["male"][v]) for v in range(4))
    assert cat_shelter_best_accuracy(["fur"]) == pytest.approx(by_hand)
    with pytest.raises(ValueError, match="features must name"):
        cat_shelter_best_accuracy([])


def test_cat_shelter_best_accuracy():
    from lecture_utils.datasets import load_cat_shelter
    from lecture_utils.discrete import CategoricalClassifier
    from lecture_utils.synthetic import cat_shelter_best_accuracy, make_cat_shelter

    assert cat_shelter_best_accuracy(["coat"]) == pytest.approx(0.5)
    every = cat_shelter_best_accuracy()
    assert every == pytest.approx(cat_shelter_best_accuracy(["fur", "size"]))   # coat adds nothing
    assert cat_shelter_best_accuracy(["fur"]) < every
    # no fitted classifier does better on many new cats (up to sampling noise)
    X, y = load_cat_shelter()
    X_new, y_new = make_cat_shelter(50_000, random_state=3)
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    assert model.score(X_new, y_new) < every + 3 * np.sqrt(every * (1 - every) / 50_000)
    with pytest.raises(ValueError, match="features must name"):
        cat_shelter_best_accuracy(["tail"])


def test_cat_shelter_bayes_decisions_reach_the_best_accuracy():
    from itertools import product

    from lecture_utils.datasets import CAT_SHELTER_CATEGORIES
    from lecture_utils.synthetic import (
        CAT_SHELTER_SEX_PROBABILITIES,
        cat_shelter_bayes_decisions,
        cat_shelter_best_accuracy,
        cat_shelter_probabilities,
    )

    features = ["fur", "size"]
    p = cat_shelter_probabilities()
    combos = np.array(list(product(*(CAT_SHELTER_CATEGORIES[name] for name in features))))
    decided = cat_shelter_bayes_decisions(combos, features)
    # the accuracy of the decisions, summed over every combination, is the best achievable
    accuracy = 0.0
    for (fur, size), sex in zip(combos, decided, strict=True):
        k = ["female", "male"].index(sex)
        accuracy += (CAT_SHELTER_SEX_PROBABILITIES[k]
                     * p["fur"][sex][list(CAT_SHELTER_CATEGORIES["fur"]).index(fur)]
                     * p["size"][sex][list(CAT_SHELTER_CATEGORIES["size"]).index(size)])
    assert accuracy == pytest.approx(cat_shelter_best_accuracy(features))
    with pytest.raises(ValueError, match="features must name"):
        cat_shelter_bayes_decisions(combos, ["tail", "size"])
    with pytest.raises(ValueError, match="one column per feature"):
        cat_shelter_bayes_decisions(combos, ["fur"])
    with pytest.raises(ValueError, match="not among"):
        cat_shelter_bayes_decisions([["grey", "small"]], features)


def test_gaussian_bayes_error_agrees_with_the_closed_form_for_a_shared_covariance():
    from lecture_utils.gaussian import tied_bayes_error
    from lecture_utils.synthetic import gaussian_bayes_error

    covariance = np.array([[1.0, 0.4], [0.4, 2.0]])
    error, se = gaussian_bayes_error([[0.0, 0.0], [1.5, 1.0]], [covariance, covariance],
                                     n_samples=200_000, random_state=1)
    assert abs(error - tied_bayes_error([0.0, 0.0], [1.5, 1.0], covariance)) < 4 * se
    assert 0 < se < 0.002
