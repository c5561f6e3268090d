"""Tests of the simplex helpers in lecture_utils.discrete (log-likelihood, Dirichlet density,
numerical maximisation, random search, posterior mean by sampling) and of llr_terms."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import dirichlet

from lecture_utils.discrete import (
    CategoricalClassifier,
    categorical_log_likelihood,
    dirichlet_log_density,
    maximise_on_simplex,
    posterior_mean_by_sampling,
    random_search_on_simplex,
    smoothed_log_probabilities,
)

COUNTS = np.array([2.0, 0.0, 2.0, 1.0])  # the lecture's female cats: black, orange, white, calico


# ---------------------------------------------------------------- log-likelihood
def test_log_likelihood_is_the_counts_times_the_log_probabilities():
    pi = np.array([0.1, 0.2, 0.3, 0.4])
    assert categorical_log_likelihood(COUNTS, pi) == pytest.approx(COUNTS @ np.log(pi))


def test_unobserved_category_costs_nothing_and_observed_impossible_one_is_minus_inf():
    assert categorical_log_likelihood(COUNTS, [0.4, 0.0, 0.4, 0.2]) == pytest.approx(
        2 * np.log(0.4) + 2 * np.log(0.4) + np.log(0.2))
    assert categorical_log_likelihood(COUNTS, [0.5, 0.5, 0.0, 0.0]) == -np.inf


def test_log_likelihood_takes_one_point_per_row():
    points = np.array([[0.25] * 4, [0.4, 0.0, 0.4, 0.2]])
    values = categorical_log_likelihood(COUNTS, points)
    assert values.shape == (2,)
    assert values[1] > values[0]


@pytest.mark.parametrize("counts, pi", [
    ([1.0, -1.0], [0.5, 0.5]), ([1.0], [1.0]), ([1.0, 2.0], [0.5, 0.6]),
    ([1.0, 2.0], [0.2, 0.3, 0.5]), ([1.0, 2.0], [1.5, -0.5]), ([np.nan, 1.0], [0.5, 0.5]),
])
def test_log_likelihood_rejects_bad_counts_and_points_off_the_simplex(counts, pi):
    with pytest.raises(ValueError):
        categorical_log_likelihood(counts, pi)


# ---------------------------------------------------------------- Dirichlet density
@pytest.mark.parametrize("a", [1.0, 2.0, [0.5, 1.0, 3.0, 2.0], [5.0, 1.0, 1.0, 2.5]])
def test_dirichlet_log_density_agrees_with_scipy(a):
    points = np.random.default_rng(0).dirichlet(np.ones(4), size=5)
    expected = [dirichlet.logpdf(p, np.broadcast_to(a, (4,))) for p in points]
    np.testing.assert_allclose(dirichlet_log_density(points, a), expected, rtol=1e-10)


def test_uniform_dirichlet_density_is_the_inverse_area_of_the_simplex():
    # Dir(1, ..., 1) is uniform with density Gamma(m) = (m - 1)! on the m-simplex.
    assert dirichlet_log_density([0.1, 0.2, 0.7], 1.0) == pytest.approx(np.log(2.0))
    assert dirichlet_log_density([0.25] * 4, 1.0) == pytest.approx(np.log(6.0))


@pytest.mark.parametrize("a", [0.0, -1.0, [1.0, np.inf, 1.0], [1.0, 1.0]])
def test_dirichlet_rejects_bad_concentrations(a):
    with pytest.raises(ValueError, match="concentration"):
        dirichlet_log_density([0.2, 0.3, 0.5], a)


# ---------------------------------------------------------------- numerical maximisation
@settings(max_examples=25, deadline=None)
@given(arrays(np.int64, st.integers(2, 5), elements=st.integers(0, 30)).filter(
    lambda n: n.sum() > 0))
def test_numerical_maximum_is_the_relative_frequency(counts):
    np.testing.assert_allclose(maximise_on_simplex(counts), counts / counts.sum(), atol=1e-5)


@pytest.mark.parametrize("alpha", [0.5, 1.0, 3.0])
def test_map_under_dirichlet_alpha_plus_one_is_adding_alpha_to_every_count(alpha):
    expected = np.exp(smoothed_log_probabilities(COUNTS, alpha))
    np.testing.assert_allclose(maximise_on_simplex(COUNTS, alpha + 1.0), expected, atol=1e-6)
    if alpha >= 1:  # a prior with parameter alpha (not alpha + 1) gives another answer
        assert np.abs(maximise_on_simplex(COUNTS, alpha) - expected).max() > 0.01


def test_maximisation_refuses_a_posterior_without_a_maximum():
    with pytest.raises(ValueError, match="no|maximum"):
        maximise_on_simplex(COUNTS, 0.5)  # N_orange + a - 1 < 0: unbounded at pi_orange = 0
    with pytest.raises(ValueError):
        maximise_on_simplex([0.0, 0.0, 0.0])


# ---------------------------------------------------------------- random search
def test_random_search_finds_nothing_better_than_the_maximum_and_is_reproducible():
    best, value = random_search_on_simplex(COUNTS, n_points=20_000, random_state=1)
    at_maximum = categorical_log_likelihood(COUNTS, COUNTS / COUNTS.sum())
    assert value < at_maximum
    assert value > at_maximum - 0.1  # and comes close to it
    assert best.sum() == pytest.approx(1.0)
    again, _ = random_search_on_simplex(COUNTS, n_points=20_000, random_state=1)
    np.testing.assert_array_equal(best, again)


def test_random_search_rejects_a_bad_number_of_points():
    with pytest.raises(ValueError):
        random_search_on_simplex(COUNTS, n_points=0)


# ---------------------------------------------------------------- posterior mean
@pytest.mark.parametrize("a", [1.0, 2.0, 0.5])
def test_posterior_mean_by_sampling_matches_the_dirichlet_mean(a):
    mean = posterior_mean_by_sampling(COUNTS, a, n_points=200_000, random_state=0)
    np.testing.assert_allclose(mean, (COUNTS + a) / (COUNTS.sum() + 4 * a), atol=5e-3)


def test_laplace_rule_is_the_posterior_mean_under_the_uniform_prior_not_the_ml_estimate():
    mean = posterior_mean_by_sampling(COUNTS, 1.0, n_points=200_000, random_state=0)
    np.testing.assert_allclose(mean, np.exp(smoothed_log_probabilities(COUNTS, 1.0)), atol=5e-3)
    assert abs(mean[1] - 0.0) > 0.05  # the unseen colour is not given zero


# ---------------------------------------------------------------- llr terms
def shelter_like(seed=0, n=60):
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.choice(list("abc"), n), rng.choice(list("xy"), n)])
    y = rng.choice(["f", "m"], n)
    return X, y


def test_llr_terms_add_up_to_the_llr():
    X, y = shelter_like()
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    terms = model.llr_terms(X[:7])
    assert terms.shape == (7, 2)
    np.testing.assert_allclose(terms.sum(axis=1), model.llr(X[:7]), atol=1e-12)


def test_llr_term_is_the_log_ratio_of_the_feature_probabilities():
    X, y = shelter_like(1)
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    v = list(model.categories_[1]).index(X[0, 1])
    expected = model.feature_log_prob_[1][1, v] - model.feature_log_prob_[1][0, v]
    assert model.llr_terms(X[:1])[0, 1] == pytest.approx(expected)


def test_llr_terms_are_infinite_for_values_one_class_never_showed():
    X = np.array([["black"], ["calico"], ["orange"]])
    model = CategoricalClassifier().fit(X, ["female", "female", "male"])
    np.testing.assert_array_equal(model.llr_terms([["calico"], ["orange"]])[:, 0],
                                  [-np.inf, np.inf])


def test_llr_terms_refuse_three_classes_and_values_impossible_in_both():
    X, _ = shelter_like()
    with pytest.raises(ValueError, match="two classes"):
        CategoricalClassifier(alpha=1.0).fit(X, np.arange(X.shape[0]) % 3).llr_terms(X)
    model = CategoricalClassifier(categories=[["a", "b", "grey"]]).fit([["a"], ["b"]], [0, 1])
    with pytest.raises(ValueError, match="probability zero in both"):
        model.llr_terms([["grey"]])


# ---------------------------------------------------------------- own-label log-likelihoods
def test_log_likelihood_of_labels_picks_each_samples_own_class():
    X, y = shelter_like(2)
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    own = model.log_likelihood_of_labels(X, y)
    columns = np.searchsorted(model.classes_, y)
    np.testing.assert_array_equal(own, model.log_likelihood(X)[np.arange(y.size), columns])


def test_training_log_likelihood_is_the_sum_over_classes_of_counts_times_log_probabilities():
    X = np.array([["black"], ["orange"], ["black"], ["white"], ["calico"], ["white"]])
    y = np.array(["male", "male", "female", "male", "female", "female"])
    model = CategoricalClassifier().fit(X, y)
    grouped = sum(categorical_log_likelihood(n, np.exp(log_pi))
                  for n, log_pi in zip(model.category_count_[0], model.feature_log_prob_[0],
                                          strict=True))
    assert model.log_likelihood_of_labels(X, y).sum() == pytest.approx(grouped)


def test_log_likelihood_of_labels_rejects_unknown_labels_and_wrong_lengths():
    X, y = shelter_like(3)
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    with pytest.raises(ValueError, match="not one of"):
        model.log_likelihood_of_labels(X[:2], ["f", "cat"])
    with pytest.raises(ValueError, match="one label per row"):
        model.log_likelihood_of_labels(X[:2], ["f"])
