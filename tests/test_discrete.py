"""Tests of lecture_utils.discrete: the categorical and multinomial classifiers; their linear
scores and one-hot LLR, the independence test and the joint feature; the
simplex helpers (log-likelihood, Dirichlet density, numerical maximisation, random search,
posterior mean by sampling) and llr_terms.
"""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.optimize import minimize
from scipy.special import log_softmax, softmax
from scipy.stats import chi2_contingency, dirichlet, dirichlet_multinomial, multinomial
from sklearn.base import clone
from sklearn.model_selection import cross_val_score
from sklearn.naive_bayes import CategoricalNB, MultinomialNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, OrdinalEncoder

from lecture_utils.discrete import (
    CategoricalClassifier,
    MultinomialClassifier,
    categorical_log_likelihood,
    dirichlet_log_density,
    dirichlet_log_evidence,
    independence_p_value,
    joint_feature,
    max_evidence_concentration,
    maximise_on_simplex,
    posterior_mean_by_sampling,
    random_search_on_simplex,
    smoothed_log_probabilities,
)
from lecture_utils.validation import check_counts, encode_categories

TIGHT = 1e-10

# The ten cats of the lecture, as (fur colour, sex) pairs in the lecture's order.
LECTURE_CATS = [
    ("black", "male"), ("orange", "male"), ("black", "female"), ("orange", "male"),
    ("white", "male"), ("white", "female"), ("white", "male"), ("white", "female"),
    ("black", "female"), ("calico", "female"),
]
COLOURS = ["black", "orange", "white", "calico"]


def lecture_cats():
    X = np.array([[colour] for colour, _ in LECTURE_CATS])
    y = np.array([sex for _, sex in LECTURE_CATS])
    return X, y


def random_categorical(seed, n=60, n_features=3, n_classes=3, n_values=4):
    """String categories and string labels; every category appears somewhere."""
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, n_values, size=(n, n_features))
    codes[:n_values] = np.arange(n_values)[:, None]
    X = np.char.add("v", codes.astype(str))
    y = np.array(["class_" + str(k) for k in rng.integers(0, n_classes, size=n)])
    y[:n_classes] = ["class_" + str(k) for k in range(n_classes)]
    return X, y


def random_counts(seed, n=40, n_features=6, n_classes=2, high=8):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, high, size=(n, n_features))
    y = rng.integers(0, n_classes, size=n)
    y[:n_classes] = np.arange(n_classes)
    return X, y


# ------------------------------------------------------------------ the lecture's example
def test_lecture_cat_fur_ml_estimates():
    X, y = lecture_cats()
    model = CategoricalClassifier(categories=[COLOURS]).fit(X, y)
    assert model.classes_.tolist() == ["female", "male"]
    assert model.class_count_.tolist() == [5, 5]
    np.testing.assert_array_equal(model.category_count_[0], [[2, 0, 2, 1], [1, 2, 2, 0]])
    np.testing.assert_allclose(
        np.exp(model.feature_log_prob_[0]), [[0.4, 0.0, 0.4, 0.2], [0.2, 0.4, 0.4, 0.0]],
        atol=1e-15,
    )


def test_zero_ml_probability_decides_with_certainty_and_alpha_cures_it():
    X, y = lecture_cats()
    ml = CategoricalClassifier(categories=[COLOURS]).fit(X, y)
    posterior = ml.predict_proba([["calico"], ["orange"]])
    np.testing.assert_array_equal(posterior, [[1.0, 0.0], [0.0, 1.0]])
    assert ml.llr([["calico"]])[0] == -np.inf and ml.llr([["orange"]])[0] == np.inf
    smoothed = CategoricalClassifier(alpha=1.0, categories=[COLOURS]).fit(X, y)
    # (1 + 1) / (5 + 4) for a female calico against (0 + 1) / (5 + 4) for a male one
    np.testing.assert_allclose(smoothed.predict_proba([["calico"]]), [[2 / 3, 1 / 3]])


def test_alpha_zero_gives_no_warnings():
    X, y = lecture_cats()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = CategoricalClassifier(categories=[COLOURS]).fit(X, y)
        model.predict_log_proba([[c] for c in COLOURS])
        model.llr([[c] for c in COLOURS])
        counts = MultinomialClassifier().fit([[2, 0, 1], [0, 3, 1]], ["a", "b"])
        counts.predict_log_proba([[1, 0, 0], [0, 1, 0], [0, 0, 2]])
        counts.llr_coefficients()


# -------------------------------------------------------------- agreement with sklearn
@pytest.mark.parametrize("alpha", [0.1, 1.0, 3.5])
@pytest.mark.parametrize("seed", [0, 1])
def test_categorical_agrees_with_sklearn_categorical_nb(alpha, seed):
    X, y = random_categorical(seed)
    encoder = OrdinalEncoder(dtype=int).fit(X)
    ours = CategoricalClassifier(alpha=alpha).fit(X, y)
    theirs = CategoricalNB(alpha=alpha).fit(encoder.transform(X), y)
    X_test, _ = random_categorical(seed + 100, n=25)
    assert ours.classes_.tolist() == theirs.classes_.tolist()
    for j in range(X.shape[1]):
        np.testing.assert_array_equal(ours.categories_[j], encoder.categories_[j])
        np.testing.assert_array_equal(ours.category_count_[j], theirs.category_count_[j])
        np.testing.assert_allclose(ours.feature_log_prob_[j], theirs.feature_log_prob_[j],
                                   rtol=0, atol=TIGHT)
    np.testing.assert_allclose(ours.predict_log_proba(X_test),
                               theirs.predict_log_proba(encoder.transform(X_test)),
                               rtol=0, atol=TIGHT)
    np.testing.assert_array_equal(ours.predict(X_test), theirs.predict(encoder.transform(X_test)))


def test_integer_codes_follow_the_values_seen_unless_declared_as_in_scikit_learn():
    """CategoricalNB counts integer codes 0..max as categories; here only the values seen
    in training count, unless ``categories`` declares the codes."""
    X = np.array([[2, 2], [2, 2], [1, 2], [1, 1], [2, 2], [2, 1]])
    y = np.array([1, 1, 1, 0, 1, 1])
    theirs = CategoricalNB(alpha=1.0).fit(X, y)
    seen = CategoricalClassifier(alpha=1.0).fit(X, y)
    codes = CategoricalClassifier(alpha=1.0, categories=[range(3), range(3)]).fit(X, y)
    point = [[1, 1]]
    # Values seen: 1 and 2 in each feature, so m_j = 2 here but 3 (0, 1, 2) there.
    assert [c.tolist() for c in seen.categories_] == [[1, 2], [1, 2]]
    assert not np.allclose(seen.predict_proba(point), theirs.predict_proba(point), atol=0.01)
    assert seen.predict(point)[0] != theirs.predict(point)[0]
    np.testing.assert_allclose(codes.predict_log_proba(X), theirs.predict_log_proba(X),
                               rtol=0, atol=TIGHT)
    # Without smoothing the unseen code 0 has probability 0 anyway: the two agree.
    with np.errstate(divide="ignore"):  # CategoricalNB takes log(0) for that code
        unsmoothed = CategoricalNB(alpha=0.0, force_alpha=True).fit(X, y).predict_proba(X)
    np.testing.assert_allclose(CategoricalClassifier().fit(X, y).predict_proba(X), unsmoothed,
                               atol=TIGHT)


def test_declared_categories_match_sklearn_min_categories():
    X, y = lecture_cats()
    declared = COLOURS + ["grey", "tabby"]
    ours = CategoricalClassifier(alpha=0.5, categories=[declared]).fit(X, y)
    codes = np.array([[declared.index(c)] for c in X[:, 0]])
    theirs = CategoricalNB(alpha=0.5, min_categories=len(declared)).fit(codes, y)
    np.testing.assert_allclose(ours.feature_log_prob_[0], theirs.feature_log_prob_[0],
                               rtol=0, atol=TIGHT)
    test = np.array([[c] for c in declared])
    np.testing.assert_allclose(ours.predict_log_proba(test),
                               theirs.predict_log_proba(np.arange(6)[:, None]),
                               rtol=0, atol=TIGHT)


def test_categorical_priors_agree_with_sklearn_class_prior():
    X, y = random_categorical(3, n_classes=2)
    ours = CategoricalClassifier(alpha=1.0, priors=[0.9, 0.1]).fit(X, y)
    encoder = OrdinalEncoder(dtype=int).fit(X)
    theirs = CategoricalNB(alpha=1.0, class_prior=[0.9, 0.1]).fit(encoder.transform(X), y)
    np.testing.assert_allclose(ours.predict_log_proba(X),
                               theirs.predict_log_proba(encoder.transform(X)),
                               rtol=0, atol=TIGHT)


@pytest.mark.parametrize("alpha", [0.01, 1.0, 2.0])
@pytest.mark.parametrize("n_classes", [2, 4])
def test_multinomial_agrees_with_sklearn_multinomial_nb(alpha, n_classes):
    X, y = random_counts(int(alpha * 100) + n_classes, n_classes=n_classes)
    ours = MultinomialClassifier(alpha=alpha).fit(X, y)
    theirs = MultinomialNB(alpha=alpha).fit(X, y)
    X_test, _ = random_counts(7, n=30)
    np.testing.assert_array_equal(ours.feature_count_, theirs.feature_count_)
    np.testing.assert_allclose(ours.feature_log_prob_, theirs.feature_log_prob_,
                               rtol=0, atol=TIGHT)
    np.testing.assert_allclose(np.log(ours.priors_), theirs.class_log_prior_, rtol=0, atol=TIGHT)
    np.testing.assert_allclose(ours.predict_log_proba(X_test), theirs.predict_log_proba(X_test),
                               rtol=0, atol=TIGHT)


def test_multinomial_priors_agree_with_sklearn_class_prior_and_uniform():
    X, y = random_counts(11, n_classes=3)
    for priors, kwargs in [([0.2, 0.5, 0.3], {"class_prior": [0.2, 0.5, 0.3]}),
                           (np.full(3, 1 / 3), {"fit_prior": False})]:
        ours = MultinomialClassifier(alpha=1.0, priors=priors).fit(X, y)
        theirs = MultinomialNB(alpha=1.0, **kwargs).fit(X, y)
        np.testing.assert_allclose(ours.predict_log_proba(X), theirs.predict_log_proba(X),
                                   rtol=0, atol=TIGHT)


def test_multinomial_log_likelihood_is_the_full_log_pmf():
    X, y = random_counts(5, n_classes=3)
    model = MultinomialClassifier(alpha=0.5).fit(X, y)
    probabilities = np.exp(model.feature_log_prob_)
    expected = np.column_stack(
        [multinomial.logpmf(X, n=X.sum(axis=1), p=p) for p in probabilities]
    )
    np.testing.assert_allclose(model.log_likelihood(X), expected, rtol=1e-12, atol=1e-10)


def test_multinomial_zero_probability_follows_zero_log_zero_convention():
    model = MultinomialClassifier().fit([[2, 0, 1], [0, 3, 1]], ["a", "b"])
    log_lik = model.log_likelihood([[1, 0, 1], [0, 0, 2]])
    assert log_lik[0, 1] == -np.inf and np.isfinite(log_lik[0, 0])
    np.testing.assert_allclose(log_lik[1], 2 * np.log([1 / 3, 1 / 4]))


# ---------------------------------------------------------------- maximum likelihood
def numerical_ml(counts):
    """Maximise sum_j N_j log pi_j over the simplex, pi = softmax(theta)."""
    result = minimize(lambda theta: -counts @ log_softmax(theta), np.zeros(counts.size),
                      jac=lambda theta: -(counts - counts.sum() * np.exp(log_softmax(theta))),
                      method="BFGS", options={"gtol": 1e-12})
    return np.exp(log_softmax(result.x)), -result.fun


@settings(max_examples=30, deadline=None)
@given(arrays(np.int64, st.integers(2, 6), elements=st.integers(1, 50)))
def test_ml_estimate_matches_numerical_maximisation_on_the_simplex(counts):
    estimate = np.exp(smoothed_log_probabilities(counts))
    numerical, best = numerical_ml(counts.astype(float))
    np.testing.assert_allclose(estimate, numerical, atol=1e-6)
    assert counts @ np.log(estimate) >= best - 1e-9


def test_fitted_categorical_estimates_maximise_the_training_likelihood():
    X, y = random_categorical(8, n=200, n_features=2, n_classes=2)
    model = CategoricalClassifier().fit(X, y)
    for j in range(2):
        for c in range(2):
            counts = model.category_count_[j][c]
            numerical, _ = numerical_ml(counts)
            np.testing.assert_allclose(np.exp(model.feature_log_prob_[j][c]), numerical,
                                       atol=1e-6)


def test_ml_multinomial_estimates_are_relative_frequencies():
    X, y = random_counts(9, n_classes=2)
    model = MultinomialClassifier().fit(X, y)
    for c in range(2):
        totals = X[y == c].sum(axis=0)
        np.testing.assert_allclose(np.exp(model.feature_log_prob_[c]), totals / totals.sum())


# ------------------------------------------------------------- llr and invariances
def test_multinomial_llr_is_linear_in_the_counts():
    X, y = random_counts(12)
    model = MultinomialClassifier(alpha=1.0).fit(X, y)
    b = model.llr_coefficients().b
    np.testing.assert_allclose(b, model.feature_log_prob_[1] - model.feature_log_prob_[0])
    np.testing.assert_allclose(model.llr(X), X @ b, rtol=1e-12, atol=1e-10)


def test_llr_changes_sign_when_the_class_order_is_reversed():
    X, y = random_counts(13)
    forward = MultinomialClassifier(alpha=0.5).fit(X, y)
    backward = MultinomialClassifier(alpha=0.5).fit(X, 1 - y)
    np.testing.assert_allclose(backward.llr(X), -forward.llr(X), atol=1e-12)
    np.testing.assert_allclose(backward.llr_coefficients().b, -forward.llr_coefficients().b,
                               atol=1e-12)
    Xc, yc = random_categorical(13, n_classes=2)
    renamed = np.where(yc == "class_0", "z", "a")  # reverses the sorted order
    one = CategoricalClassifier(alpha=1.0).fit(Xc, yc)
    other = CategoricalClassifier(alpha=1.0).fit(Xc, renamed)
    np.testing.assert_allclose(other.llr(Xc), -one.llr(Xc), atol=1e-12)


def test_llr_with_infinite_weights_follows_the_log_likelihoods():
    model = MultinomialClassifier().fit([[2, 0, 1, 0], [0, 3, 1, 0]], [0, 1])
    b = model.llr_coefficients().b
    assert b[0] == -np.inf and b[1] == np.inf and b[3] == 0.0
    np.testing.assert_allclose(b[2], np.log(1 / 4) - np.log(1 / 3))
    np.testing.assert_allclose(model.llr([[1, 0, 1, 0], [0, 2, 0, 0], [0, 0, 3, 0]]),
                               [-np.inf, np.inf, 3 * b[2]])
    with pytest.raises(ValueError, match="probability zero under both classes.*alpha > 0"):
        model.llr([[0, 0, 0, 1]])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_categorical_posteriors_invariant_to_relabelling(seed):
    X, y = random_categorical(seed)
    rng = np.random.default_rng(seed)
    base = CategoricalClassifier(alpha=0.7).fit(X, y)
    # integers instead of strings for the categories, and new names for the classes
    X_int = np.char.replace(X, "v", "").astype(int) * 10 + 3
    new_names = rng.permutation([7, 2, 5])
    names = {label: name for label, name in zip(base.classes_, new_names, strict=True)}
    y_new = np.array([names[label] for label in y])
    moved = CategoricalClassifier(alpha=0.7).fit(X_int, y_new)
    order = [moved.classes_.tolist().index(names[c]) for c in base.classes_]
    np.testing.assert_allclose(moved.predict_proba(X_int)[:, order], base.predict_proba(X),
                               atol=1e-12)
    np.testing.assert_array_equal([names[c] for c in base.predict(X)], moved.predict(X_int))


def test_multinomial_posteriors_invariant_to_permuting_features_and_classes():
    X, y = random_counts(21, n_classes=3)
    base = MultinomialClassifier(alpha=1.0).fit(X, y)
    perm = np.random.default_rng(0).permutation(X.shape[1])
    moved = MultinomialClassifier(alpha=1.0).fit(X[:, perm], np.array(["c", "b", "a"])[y])
    np.testing.assert_allclose(moved.predict_proba(X[:, perm])[:, ::-1], base.predict_proba(X),
                               atol=1e-12)


# ---------------------------------------------------------------------- pseudo-counts
def test_pseudo_counts_follow_the_formula_and_shrink_towards_uniform():
    X, y = lecture_cats()
    counts = np.array([[2, 0, 2, 1], [1, 2, 2, 0]], dtype=float)
    previous = None
    for alpha in [0.0, 0.5, 1.0, 10.0, 1e6]:
        model = CategoricalClassifier(alpha=alpha, categories=[COLOURS]).fit(X, y)
        pi = np.exp(model.feature_log_prob_[0])
        np.testing.assert_allclose(pi, (counts + alpha) / (5 + 4 * alpha))
        np.testing.assert_allclose(pi.sum(axis=1), 1.0)
        distance = np.abs(pi - 0.25).max()
        if previous is not None:
            assert distance < previous
        previous = distance
    assert previous < 1e-5


def test_declared_but_unseen_category_gets_alpha_share():
    X, y = lecture_cats()
    model = CategoricalClassifier(alpha=2.0, categories=[COLOURS + ["grey"]]).fit(X, y)
    np.testing.assert_allclose(np.exp(model.feature_log_prob_[0][:, -1]), 2.0 / (5 + 2.0 * 5))
    np.testing.assert_allclose(model.predict_proba([["grey"]]), [[0.5, 0.5]])


@settings(max_examples=50, deadline=None)
@given(
    arrays(np.int64, (3, 4), elements=st.integers(0, 20)),
    st.floats(0.01, 100.0),
)
def test_smoothed_probabilities_lie_on_the_simplex(counts, alpha):
    pi = np.exp(smoothed_log_probabilities(counts, alpha))
    assert np.all(pi > 0)
    np.testing.assert_allclose(pi.sum(axis=1), 1.0)


# ----------------------------------------------------------------- property tests
@settings(max_examples=50, deadline=None)
@given(
    arrays(np.int64, st.tuples(st.integers(4, 30), st.integers(1, 4)),
           elements=st.integers(0, 3)),
    st.integers(0, 2**32 - 1),
    st.floats(0.05, 5.0),
)
def test_categorical_posteriors_sum_to_one(codes, seed, alpha):
    y = np.random.default_rng(seed).integers(0, 3, size=codes.shape[0])
    y[:2] = [0, 1]
    model = CategoricalClassifier(alpha=alpha).fit(codes, y)
    posterior = model.predict_proba(codes)
    np.testing.assert_allclose(posterior.sum(axis=1), 1.0)
    assert np.all((posterior >= 0) & (posterior <= 1))
    joint = model.log_likelihood(codes) + np.log(model.priors_)
    np.testing.assert_array_equal(model.predict(codes), model.classes_[np.argmax(joint, axis=1)])


@settings(max_examples=50, deadline=None)
@given(
    arrays(np.int64, st.tuples(st.integers(3, 25), st.integers(1, 8)),
           elements=st.integers(0, 1000)),
    st.integers(0, 2**32 - 1),
)
def test_multinomial_posteriors_sum_to_one_even_for_long_documents(X, seed):
    y = np.random.default_rng(seed).integers(0, 2, size=X.shape[0])
    y[:2] = [0, 1]
    model = MultinomialClassifier(alpha=1.0).fit(X, y)
    posterior = model.predict_proba(X * 1000)
    assert np.all(np.isfinite(posterior))
    np.testing.assert_allclose(posterior.sum(axis=1), 1.0)


# ------------------------------------------------------------- scikit-learn API
def test_estimators_work_with_sklearn_tools():
    X, y = random_categorical(4, n=90)
    scores = cross_val_score(CategoricalClassifier(alpha=1.0), X, y, cv=3)
    assert scores.shape == (3,) and np.all((scores >= 0) & (scores <= 1))
    Xc, yc = random_counts(4, n=60)
    pipeline = make_pipeline(FunctionTransformer(), MultinomialClassifier(alpha=1.0))
    assert cross_val_score(pipeline, Xc, yc, cv=3).shape == (3,)
    model = clone(MultinomialClassifier(alpha=2.0, priors=[0.5, 0.5]))
    assert model.get_params() == {"alpha": 2.0, "priors": [0.5, 0.5]}
    assert set(CategoricalClassifier().get_params()) == {"alpha", "priors", "categories"}


def test_categorical_accepts_dataframes_and_names_features_in_errors():
    frame = pd.DataFrame({"fur": ["black", "white", "black", "orange"],
                          "size": ["big", "small", "small", "big"]})
    model = CategoricalClassifier(alpha=1.0).fit(frame, ["f", "m", "f", "m"])
    assert model.feature_names_in_.tolist() == ["fur", "size"]
    unseen = pd.DataFrame({"fur": ["black"], "size": ["huge"]})
    with pytest.raises(ValueError, match=r"feature 1 \('size'\) has the value 'huge'.*"
                                         r"\['big', 'small'\].*categories="):
        model.predict(unseen)


# ---------------------------------------- edge cases (bad input: tests/test_bad_input.py)
def test_counts_stored_as_floats_are_accepted():
    np.testing.assert_array_equal(check_counts(np.array([[1.0, 0.0], [2.0, 7.0]])),
                                  [[1, 0], [2, 7]])


def test_pseudo_counts_give_an_empty_class_uniform_frequencies():
    model = MultinomialClassifier(alpha=1.0).fit([[1, 2], [0, 0]], ["a", "b"])
    np.testing.assert_allclose(np.exp(model.feature_log_prob_[1]), [0.5, 0.5])


def test_encode_categories_maps_values_to_positions():
    X = np.array([["b", 3], ["a", 1]], dtype=object)
    codes = encode_categories(X, [np.array(["a", "b"]), np.array([1, 3])])
    np.testing.assert_array_equal(codes, [[1, 1], [0, 0]])
    with pytest.raises(ValueError, match=r"feature 1 \('n'\) has the value 2"):
        encode_categories(np.array([["a", 2]], dtype=object),
                          [np.array(["a"]), np.array([1, 3])], feature_names=["s", "n"])



# ------------------------------------------------------------- Dirichlet evidence
@pytest.mark.parametrize("a", [0.5, 1.0, [0.3, 2.0, 1.0, 4.0]])
def test_dirichlet_evidence_is_scipys_dirichlet_multinomial_without_the_coefficient(a):
    counts = np.array([[3, 0, 5, 1], [0, 0, 2, 7]])
    coefficient = [multinomial.logpmf(row, row.sum(), np.full(4, 0.25)) - row.sum() * np.log(0.25)
                   for row in counts]
    expected = [dirichlet_multinomial.logpmf(row, np.broadcast_to(a, (4,)), row.sum())
                for row in counts]
    assert np.allclose(dirichlet_log_evidence(counts, a) + coefficient, expected)


def test_dirichlet_evidence_of_one_token_is_its_prior_mean_and_of_none_is_zero():
    a = np.array([1.0, 3.0])
    assert np.isclose(dirichlet_log_evidence([0, 1], a), np.log(3.0 / 4.0))
    assert np.isclose(dirichlet_log_evidence([0, 0], a), 0.0)


def test_dirichlet_evidence_equals_numerical_integration_for_two_events():
    # Beta(2, 3) prior, 4 heads and 1 tail: integral of p^4 (1-p) Beta(p; 2, 3) dp
    p = np.linspace(0.0, 1.0, 200_001)
    density = p ** 5 * (1 - p) ** 3 / 0.25 * 3  # p^(2-1)(1-p)^(3-1) / B(2, 3) times p^4 (1 - p)
    integral = np.trapezoid(density, p)
    assert np.isclose(np.exp(dirichlet_log_evidence([4, 1], [2.0, 3.0])), integral, rtol=1e-6)


@pytest.mark.parametrize("counts, a, match", [
    ([1, -1], 1.0, "non-negative"),
    ([1, 2], 0.0, "positive"),
    ([1, 2], [1.0, np.inf], "positive"),
    ([1, 2], [1.0, 1.0, 1.0], "one value per event"),
])
def test_dirichlet_evidence_refuses_bad_input(counts, a, match):
    with pytest.raises(ValueError, match=match):
        dirichlet_log_evidence(counts, a)


def test_max_evidence_concentration_prefers_large_a_for_even_counts_and_small_for_peaked():
    grid = np.geomspace(0.01, 100, 41)
    even = np.full((2, 5), 200)
    peaked = np.array([[500, 0, 0, 1, 0], [0, 0, 400, 0, 2]])
    assert max_evidence_concentration(even, grid) == grid[-1]
    assert max_evidence_concentration(peaked, grid) < 0.1
    brute = grid[np.argmax([dirichlet_log_evidence(peaked, a).sum() for a in grid])]
    assert max_evidence_concentration(peaked, grid) == brute
    with pytest.raises(ValueError, match="non-empty 1-D"):
        max_evidence_concentration(even, [])


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
def small_shelter_like(seed=0, n=60):
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.choice(list("abc"), n), rng.choice(list("xy"), n)])
    y = rng.choice(["f", "m"], n)
    return X, y


def test_llr_terms_add_up_to_the_llr():
    X, y = small_shelter_like()
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    terms = model.llr_terms(X[:7])
    assert terms.shape == (7, 2)
    np.testing.assert_allclose(terms.sum(axis=1), model.llr(X[:7]), atol=1e-12)


def test_llr_term_is_the_log_ratio_of_the_feature_probabilities():
    X, y = small_shelter_like(1)
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
    X, _ = small_shelter_like()
    with pytest.raises(ValueError, match="two classes"):
        CategoricalClassifier(alpha=1.0).fit(X, np.arange(X.shape[0]) % 3).llr_terms(X)
    model = CategoricalClassifier(categories=[["a", "b", "grey"]]).fit([["a"], ["b"]], [0, 1])
    with pytest.raises(ValueError, match="probability zero in both"):
        model.llr_terms([["grey"]])


# ---------------------------------------------------------------- own-label log-likelihoods
def test_log_likelihood_of_labels_picks_each_samples_own_class():
    X, y = small_shelter_like(2)
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
    X, y = small_shelter_like(3)
    model = CategoricalClassifier(alpha=1.0).fit(X, y)
    with pytest.raises(ValueError, match="not one of"):
        model.log_likelihood_of_labels(X[:2], ["f", "cat"])
    with pytest.raises(ValueError, match="one label per row"):
        model.log_likelihood_of_labels(X[:2], ["f"])


# ---------------------------------------------------------------- chi-square expected counts
def test_smallest_expected_count_is_scipys_smallest_expected_frequency():
    from scipy.stats.contingency import expected_freq

    from lecture_utils.discrete import smallest_expected_count

    rng = np.random.default_rng(1)
    a, b = rng.choice(list("abcd"), 60, p=[0.4, 0.3, 0.2, 0.1]), rng.choice(list("xyz"), 60)
    table = np.array([[np.sum((a == u) & (b == v)) for v in np.unique(b)] for u in np.unique(a)])
    assert smallest_expected_count(a, b) == pytest.approx(expected_freq(table).min())
    with pytest.raises(ValueError, match="at least two values"):
        smallest_expected_count([1, 1, 1], [1, 2, 1])
    with pytest.raises(ValueError, match="one value per sample"):
        smallest_expected_count([1, 2, 1], [1, 2])


# ---------------------------------------------------------------- linear scores
@pytest.mark.parametrize("alpha", [0.0, 1.0])
def test_softmax_of_the_linear_scores_is_the_posterior(alpha):
    X, y = shelter_like()
    categorical = CategoricalClassifier(alpha=alpha, priors=[0.3, 0.7]).fit(X, y)
    scores = categorical.linear_scores()
    assert scores.W.shape == (2, 5)
    np.testing.assert_allclose(softmax(scores.evaluate(categorical.one_hot(X)), axis=1),
                               categorical.predict_proba(X), atol=1e-12)
    counts, labels = random_counts(3, n_classes=3)
    multinomial = MultinomialClassifier(alpha=alpha).fit(counts, labels)
    scores = multinomial.linear_scores()
    np.testing.assert_allclose(scores.w0, np.log(multinomial.priors_))
    np.testing.assert_allclose(softmax(scores.evaluate(counts), axis=1),
                               multinomial.predict_proba(counts), atol=1e-12)


def test_the_llr_weights_are_the_boundary_of_the_linear_scores_without_the_priors():
    X = np.array([[2, 0, 1], [0, 3, 1], [1, 1, 0]])           # event 0 never in class "b"
    model = MultinomialClassifier(priors=[0.2, 0.8]).fit(X, ["a", "b", "a"])
    w, w0 = model.linear_scores().boundary()
    ratio = model.llr_coefficients()
    assert ratio.A is None and ratio.c == 0.0
    np.testing.assert_array_equal(w, ratio.b)
    assert ratio.b[0] == -np.inf and w0 == pytest.approx(np.log(0.8 / 0.2))
    np.testing.assert_allclose(ratio.evaluate(X[1:]), model.llr(X[1:]))
    assert ratio.evaluate(X[:1])[0] == -np.inf == model.llr(X[:1])[0]
