"""Tests of lecture_utils.gaussian: GaussianClassifier, log_class_density and the
statistics, objective and closed forms around them.

In order: ML estimates, densities, agreement with scipy and scikit-learn, the LLR closed
form, sampling and imputation; exact thresholds on one feature (where a quadratic LLR
equals a level); the fit and predict paths against scipy and scikit-learn; the linear
scores of the tied model (LDA posteriors as a softmax); the log-likelihood that ML
maximises and the lecture's prediction scores; properties that hold for any
well-conditioned data (hypothesis: posteriors sum to one, relabelling and reordering
change nothing but the order of columns, translation and scaling leave the posteriors
alone, far points, 784-dimensional data and near-singular covariances give finite, correct
answers); sufficient statistics, the ML estimates from them and the gradients of the
log-likelihood (checked by finite differences).

Bad input of every kind is in tests/test_bad_input.py. Every expected value is computed
independently in the test (plain numpy formulas, scipy or scikit-learn), never copied from
the package's output.
"""

import numpy as np
import pytest
from gaussian_data import (
    covariance_types,
    gaussian_classes,
    labelled_data,
    make_labels,
    ml_estimates,
    priors_for,
    random_rotation,
    scipy_log_likelihood,
    well_conditioned_covariance,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.linalg import solve_triangular
from scipy.optimize import brentq
from scipy.special import log_softmax, logsumexp, softmax
from scipy.stats import multivariate_normal, norm
from sklearn.base import clone
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.exceptions import DataConversionWarning
from sklearn.model_selection import cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from lecture_utils import gaussian
from lecture_utils.datasets import load_iris, load_iris_2d
from lecture_utils.decision import QuadraticLLR, prior_log_odds_threshold
from lecture_utils.gaussian import (
    COVARIANCE_TYPES,
    GaussianClassifier,
    class_statistics,
    gaussian_log_likelihood,
    lecture_gda_scores,
    log_class_density,
    log_likelihood_gradients,
    tied_bayes_error,
    tied_linear_scores,
    whiten,
)
from lecture_utils.synthetic import make_gaussian_classes

TIED = ("tied", "tied_diag")


# --------------------------------------------------------------------------- helpers
def query_points(X, seed=0):
    """The training points plus points scattered around and beyond them."""
    rng = np.random.default_rng(seed)
    spread = X.std(axis=0)
    extra = X.mean(axis=0) + 3.0 * spread * rng.standard_normal((40, X.shape[1]))
    return np.vstack([X, extra])


@pytest.fixture
def three_classes():
    return gaussian_classes(seed=7, counts=(25, 40, 55), n_features=3)


@pytest.fixture
def two_classes():
    return gaussian_classes(seed=11, counts=(30, 45), n_features=3, separation=1.0)


# ------------------------------------------------------------------ ML estimates
@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_ml_estimates_match_the_textbook_formulas(three_classes, covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    classes, priors, means, covariances = ml_estimates(X, y, covariance)
    np.testing.assert_array_equal(model.classes_, classes)
    np.testing.assert_array_equal(model.class_count_, [25, 40, 55])
    np.testing.assert_allclose(model.priors_, priors, rtol=1e-15)
    np.testing.assert_allclose(model.means_, means, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.covariances_, covariances, rtol=1e-11, atol=1e-12)
    assert model.n_features_in_ == 3


def test_covariances_divide_by_n_not_n_minus_1(three_classes):
    X, y = three_classes
    model = GaussianClassifier().fit(X, y)
    for k, label in enumerate(model.classes_):
        rows = X[y == label]
        np.testing.assert_allclose(model.covariances_[k], np.cov(rows, rowvar=False, bias=True))
        assert not np.allclose(model.covariances_[k], np.cov(rows, rowvar=False, ddof=1))


def test_tied_is_the_within_class_scatter_over_all_samples(three_classes):
    X, y = three_classes
    model = GaussianClassifier(covariance="tied").fit(X, y)
    centred = X - model.means_[np.searchsorted(model.classes_, y)]
    pooled = centred.T @ centred / len(X)
    for sigma in model.covariances_:
        np.testing.assert_allclose(sigma, pooled, rtol=1e-11)
    # The pooled covariance weights classes by their size, not equally.
    equal_weights = GaussianClassifier().fit(X, y).covariances_.mean(axis=0)
    assert not np.allclose(pooled, equal_weights)


def test_diagonal_models_keep_only_the_diagonal(three_classes):
    X, y = three_classes
    full = GaussianClassifier(covariance="full").fit(X, y).covariances_
    tied = GaussianClassifier(covariance="tied").fit(X, y).covariances_
    diag = GaussianClassifier(covariance="diag").fit(X, y).covariances_
    tied_diag = GaussianClassifier(covariance="tied_diag").fit(X, y).covariances_
    for model_cov, source in ((diag, full), (tied_diag, tied)):
        np.testing.assert_allclose(
            np.diagonal(model_cov, axis1=1, axis2=2), np.diagonal(source, axis1=1, axis2=2)
        )
        off_diagonal = model_cov[:, ~np.eye(3, dtype=bool)]
        assert np.all(off_diagonal == 0)


@pytest.mark.parametrize(
    "labels",
    [
        np.array([0, 1, 2]),
        np.array([-30, 4, 1000]),
        np.array(["setosa", "versicolor", "virginica"]),
        np.array(["setosa", "versicolor", "virginica"], dtype=object),
    ],
    ids=["ints", "non-contiguous ints", "strings", "object strings"],
)
def test_any_label_type(three_classes, labels):
    X, y_index = three_classes
    reference = GaussianClassifier().fit(X, y_index)
    shuffled = labels[::-1][y_index]  # the largest label gets class 0's samples
    model = GaussianClassifier().fit(X, shuffled)
    np.testing.assert_array_equal(model.classes_, np.sort(labels))
    # classes_ is sorted, so the reversed labels reverse every per-class array.
    np.testing.assert_allclose(model.means_, reference.means_[::-1])
    np.testing.assert_allclose(model.covariances_, reference.covariances_[::-1])
    np.testing.assert_allclose(model.priors_, reference.priors_[::-1])
    np.testing.assert_array_equal(model.predict(X), labels[::-1][reference.predict(X)])
    assert model.predict(X).dtype == labels.dtype


def test_priors_follow_the_sorted_classes(three_classes):
    X, y = three_classes
    labels = np.array(["c", "a", "b"])[y]  # classes_ = a, b, c
    as_sequence = GaussianClassifier(priors=[0.5, 0.3, 0.2]).fit(X, labels)
    np.testing.assert_array_equal(as_sequence.priors_, [0.5, 0.3, 0.2])
    # The priors only move the joint densities: log P(c|x) shifts by log(pi_c / freq_c).
    free = GaussianClassifier().fit(X, labels)
    expected = log_softmax(
        free.predict_log_proba(X) - np.log(free.priors_) + np.log([0.5, 0.3, 0.2]), axis=1
    )
    np.testing.assert_allclose(as_sequence.predict_log_proba(X), expected, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(as_sequence.means_, free.means_)


def test_given_priors_do_not_change_the_tied_covariance(three_classes):
    X, y = three_classes
    free = GaussianClassifier(covariance="tied").fit(X, y)
    weighted = GaussianClassifier(covariance="tied", priors=[0.8, 0.1, 0.1]).fit(X, y)
    np.testing.assert_array_equal(weighted.covariances_, free.covariances_)


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_ml_estimates_give_one_matrix_per_class_or_the_one_they_share(three_classes, covariance):
    X, y = three_classes
    means, covariances = gaussian.ml_estimates(X, y, covariance)
    _, _, expected_means, expected = ml_estimates(X, y, covariance)
    np.testing.assert_allclose(means, expected_means, rtol=1e-12)
    shared = covariance.startswith("tied")
    assert covariances.shape == ((1, 3, 3) if shared else (3, 3, 3))
    np.testing.assert_allclose(covariances, expected[:1] if shared else expected, rtol=1e-12,
                               atol=1e-14)


def test_shrinkage_moves_each_class_covariance_towards_the_pooled_one(three_classes):
    X, y = three_classes
    _, _, _, separate = ml_estimates(X, y, "full")
    _, _, _, pooled = ml_estimates(X, y, "tied")
    for s in (0.0, 0.3, 1.0):
        _, shrunk = gaussian.ml_estimates(X, y, "full", shrinkage=s)
        np.testing.assert_allclose(shrunk, (1 - s) * separate + s * pooled, rtol=1e-12)
    np.testing.assert_array_equal(gaussian.ml_estimates(X, y, "tied", shrinkage=0.7)[1],
                                  gaussian.ml_estimates(X, y, "tied")[1])


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_the_model_is_decided_at_fit_and_not_read_when_predicting(three_classes, covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    def answers():
        return model.log_likelihood(X), model.predict_proba(X), model.nested_log_likelihoods(X, [2])

    before = answers()
    for other in COVARIANCE_TYPES:
        model.set_params(covariance=other)
        for expected, got in zip(before, answers(), strict=True):
            np.testing.assert_array_equal(got, expected)


def test_a_diagonal_factor_whitens_by_division_exactly_as_the_triangular_solve():
    rng = np.random.default_rng(4)
    X, mean, sds = rng.normal(size=(50, 4)), rng.normal(size=4), rng.uniform(0.1, 3.0, size=4)
    expected = solve_triangular(np.diag(sds), (X - mean).T, lower=True).T
    np.testing.assert_allclose(whiten(X, mean, np.diag(sds)), expected, rtol=1e-15, atol=0)
    np.testing.assert_array_equal(whiten(X, mean, np.diag(sds)), (X - mean) / sds)


def test_tied_linear_scores_factor_the_shared_covariance_once(monkeypatch):
    calls = []

    def counting(matrix):
        calls.append(np.shape(matrix))
        return cholesky(matrix)

    cholesky = np.linalg.cholesky
    monkeypatch.setattr(np.linalg, "cholesky", counting)
    tied_linear_scores(np.eye(5, 2), np.eye(2), np.full(5, 0.2))
    assert calls == [(2, 2)]


# ---------------------------------------------------------------- log-densities
@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_log_likelihood_equals_scipy_logpdf(three_classes, covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    points = query_points(X)
    np.testing.assert_allclose(
        model.log_likelihood(points),
        scipy_log_likelihood(points, means, covariances),
        rtol=1e-10,
        atol=1e-10,
    )


@pytest.mark.parametrize("d", [1, 2, 5, 20])
def test_log_class_density_equals_scipy_logpdf(d):
    rng = np.random.default_rng(d)
    sigma = well_conditioned_covariance(rng, d)
    mean = rng.normal(size=d)
    X = mean + 2.0 * rng.standard_normal((50, d))
    np.testing.assert_allclose(
        log_class_density(X, mean, np.linalg.cholesky(sigma)),
        multivariate_normal(mean, sigma).logpdf(X),
        rtol=1e-10,
    )


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_marginal_density_and_posteriors_follow_bayes_rule(three_classes, covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance, priors=[0.2, 0.5, 0.3]).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    points = query_points(X)
    joint = scipy_log_likelihood(points, means, covariances) + np.log([0.2, 0.5, 0.3])
    np.testing.assert_allclose(model.log_marginal_density(points), logsumexp(joint, axis=1),
                               rtol=1e-10)
    densities = np.exp(joint)
    posterior = densities / densities.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(model.predict_proba(points), posterior, rtol=1e-9, atol=1e-15)
    np.testing.assert_array_equal(model.predict(points), np.argmax(posterior, axis=1))
    assert model.score(X, y) == np.mean(model.predict(X) == y)


# ------------------------------------------------------ agreement with scikit-learn
def sklearn_reference(covariance, priors):
    if covariance == "full":
        return QuadraticDiscriminantAnalysis(priors=priors)
    if covariance == "tied":
        # Only the 'svd' solver pools the class scatter over all N whatever the
        # priors; 'lsqr' and 'eigen' weight the class covariances by the priors
        # (see test_lda_lsqr_and_eigen_agree_with_class_frequency_priors).
        # A tiny tol keeps every discriminant direction: with the default 1e-4 the
        # svd solver drops directions whose between-class spread is below 1e-4 of
        # the largest (reduced-rank LDA), which is a different model.
        return LinearDiscriminantAnalysis(solver="svd", priors=priors, tol=1e-12)
    return GaussianNB(priors=priors, var_smoothing=0.0)


def assert_log_posteriors_agree(ours, reference, points):
    """Our log posteriors equal the reference's to 1e-8.

    LinearDiscriminantAnalysis computes ``log(predict_proba)``, whose
    ``1 - expit(d)`` loses every digit once a posterior is below ~1e-8, so for
    LDA the exact comparison goes through its decision function (a log-odds
    for two classes, the log joint up to a row constant otherwise), and
    ``predict_log_proba`` itself is compared where the posteriors are not tiny.
    """
    mine = ours.predict_log_proba(points)
    theirs = reference.predict_log_proba(points)
    if isinstance(reference, LinearDiscriminantAnalysis):
        scores = reference.decision_function(points)
        if scores.ndim == 1:
            scores = np.column_stack([np.zeros_like(scores), scores])
        np.testing.assert_allclose(mine, log_softmax(scores, axis=1), rtol=1e-8, atol=1e-8)
        moderate = np.all(mine > np.log(1e-6), axis=1)
        mine, theirs = mine[moderate], theirs[moderate]
    np.testing.assert_allclose(mine, theirs, rtol=1e-8, atol=1e-8)
    np.testing.assert_array_equal(ours.predict(points), reference.predict(points))


@pytest.mark.parametrize("covariance", ["full", "tied", "diag"])
@given(data=labelled_data())
def test_log_posteriors_agree_with_sklearn(covariance, data):
    X, y = data
    ours = GaussianClassifier(covariance=covariance).fit(X, y)
    reference = sklearn_reference(covariance, None).fit(X, y)
    np.testing.assert_array_equal(ours.classes_, reference.classes_)
    assert_log_posteriors_agree(ours, reference, query_points(X))


@pytest.mark.parametrize("covariance", ["full", "tied", "diag"])
@given(data=labelled_data(), choice=st.data())
def test_log_posteriors_agree_with_sklearn_given_priors(covariance, data, choice):
    X, y = data
    priors = choice.draw(priors_for(np.unique(y).size))
    ours = GaussianClassifier(covariance=covariance, priors=priors).fit(X, y)
    reference = sklearn_reference(covariance, priors).fit(X, y)
    assert_log_posteriors_agree(ours, reference, query_points(X))


@pytest.mark.parametrize("solver", ["svd", "lsqr", "eigen"])
def test_lda_lsqr_and_eigen_agree_with_class_frequency_priors(three_classes, solver):
    X, y = three_classes
    ours = GaussianClassifier(covariance="tied").fit(X, y)
    reference = LinearDiscriminantAnalysis(solver=solver).fit(X, y)
    assert_log_posteriors_agree(ours, reference, query_points(X))


@pytest.mark.parametrize("loader", [load_iris, load_iris_2d], ids=["4 features", "2 features"])
@pytest.mark.parametrize("covariance", ["full", "tied", "diag"])
def test_identical_predictions_on_iris(loader, covariance):
    iris = loader()
    ours = GaussianClassifier(covariance=covariance).fit(iris.X, iris.y)
    reference = sklearn_reference(covariance, None).fit(iris.X, iris.y)
    np.testing.assert_array_equal(ours.predict(iris.X), reference.predict(iris.X))
    assert_log_posteriors_agree(ours, reference, query_points(iris.X))


def test_works_with_scikit_learn_tools():
    iris = load_iris()
    model = GaussianClassifier(covariance="tied", priors=[0.2, 0.3, 0.5])
    twin = clone(model)
    assert twin.get_params() == {"covariance": "tied", "priors": [0.2, 0.3, 0.5],
                                 "shrinkage": 0.0}
    pipeline = make_pipeline(StandardScaler(), GaussianClassifier(covariance="diag"))
    scores = cross_val_score(pipeline, iris.X, iris.y, cv=5)
    reference = cross_val_score(make_pipeline(StandardScaler(), GaussianNB(var_smoothing=0.0)),
                                iris.X, iris.y, cv=5)
    np.testing.assert_array_equal(scores, reference)


# ------------------------------------------------------------------------ LLR
@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_llr_is_the_difference_of_log_likelihood_columns(two_classes, covariance):
    X, y = two_classes
    points = query_points(X)
    log_lik = scipy_log_likelihood(points, *ml_estimates(X, y, covariance)[2:])
    llr = GaussianClassifier(covariance=covariance).fit(X, y).llr(points)
    np.testing.assert_allclose(llr, log_lik[:, 1] - log_lik[:, 0], rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_llr_coefficients_match_the_closed_form(two_classes, covariance):
    X, y = two_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    _, _, (m0, m1), (s0, s1) = ml_estimates(X, y, covariance)
    p0, p1 = np.linalg.inv(s0), np.linalg.inv(s1)
    A = -0.5 * (p1 - p0)
    b = p1 @ m1 - p0 @ m0
    c = -0.5 * (m1 @ p1 @ m1 - m0 @ p0 @ m0) + 0.5 * (
        np.linalg.slogdet(p1)[1] - np.linalg.slogdet(p0)[1]
    )
    coefficients = model.llr_coefficients()
    if covariance.startswith("tied"):  # equal precisions: no quadratic term at all
        assert coefficients.A is None and np.all(A == 0.0)
    else:
        np.testing.assert_allclose(coefficients.A, A, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(coefficients.b, b, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(coefficients.c, c, rtol=1e-9, atol=1e-12)
    points = query_points(X)
    np.testing.assert_allclose(
        coefficients.evaluate(points), model.llr(points), rtol=1e-9, atol=1e-9
    )


@pytest.mark.parametrize("covariance", TIED)
def test_tied_llr_is_linear(two_classes, covariance):
    X, y = two_classes
    coefficients = GaussianClassifier(covariance=covariance).fit(X, y).llr_coefficients()
    assert coefficients.A is None  # a linear ratio has no quadratic term, not a zero matrix
    assert coefficients.b.shape == (3,)


def test_full_llr_is_quadratic(two_classes):
    X, y = two_classes
    coefficients = GaussianClassifier(covariance="full").fit(X, y).llr_coefficients()
    assert np.abs(coefficients.A).max() > 1e-3


def test_llr_uses_the_sorted_class_order():
    X, y = gaussian_classes(seed=3, counts=(20, 20), n_features=2)
    named = np.array(["yes", "no"])[y]  # classes_ = ["no", "yes"]
    model = GaussianClassifier().fit(X, named)
    log_lik = model.log_likelihood(X)
    np.testing.assert_array_equal(model.llr(X), log_lik[:, 1] - log_lik[:, 0])
    assert model.classes_.tolist() == ["no", "yes"]


# ----------------------------------------------------------------- generation
@pytest.fixture
def sampling_model():
    X, y = gaussian_classes(seed=5, counts=(30, 30, 30), n_features=2)
    labels = np.array(["a", "b", "c"])[y]
    return GaussianClassifier(priors=[0.2, 0.3, 0.5]).fit(X, labels)


def test_sample_shapes_and_labels(sampling_model):
    X, y = sampling_model.sample(7, random_state=0)
    assert X.shape == (7, 2) and y.shape == (7,)
    assert set(y.tolist()) <= {"a", "b", "c"}
    X1, y1 = sampling_model.sample(random_state=0)
    assert X1.shape == (1, 2) and y1.shape == (1,)


def test_sample_follows_the_model(sampling_model):
    n = 40_000
    X, y = sampling_model.sample(n, random_state=1)
    for k, label in enumerate(sampling_model.classes_):
        rows = X[y == label]
        prior = sampling_model.priors_[k]
        assert abs(len(rows) / n - prior) < 5 * np.sqrt(prior * (1 - prior) / n)
        sigma = sampling_model.covariances_[k]
        mean_error = 5 * np.sqrt(np.diag(sigma) / len(rows))
        assert np.all(np.abs(rows.mean(axis=0) - sampling_model.means_[k]) < mean_error)
        variances = np.diag(sigma)
        cov_error = 5 * np.sqrt((np.outer(variances, variances) + sigma**2) / len(rows))
        assert np.all(np.abs(np.cov(rows, rowvar=False, bias=True) - sigma) < cov_error)


def test_sample_is_reproducible(sampling_model):
    first = sampling_model.sample(50, random_state=42)
    again = sampling_model.sample(50, random_state=42)
    other = sampling_model.sample(50, random_state=43)
    np.testing.assert_array_equal(first[0], again[0])
    np.testing.assert_array_equal(first[1], again[1])
    assert not np.array_equal(first[0], other[0])
    from_generator = sampling_model.sample(50, random_state=np.random.default_rng(42))
    again_generator = sampling_model.sample(50, random_state=np.random.default_rng(42))
    np.testing.assert_array_equal(from_generator[0], again_generator[0])


@pytest.mark.parametrize("covariance", ["diag", "tied_diag"])
def test_samples_of_diagonal_models_are_uncorrelated(covariance):
    X, y = gaussian_classes(seed=9, counts=(40, 40), n_features=2)
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    samples, labels = model.sample(20_000, random_state=0)
    for label in model.classes_:
        correlation = np.corrcoef(samples[labels == label], rowvar=False)[0, 1]
        assert abs(correlation) < 0.05


# ----------------------------------------------------------------- imputation
def conditional_mean(x, mean, sigma):
    """E[x_m | x_o] = mu_m + S_mo S_oo^{-1} (x_o - mu_o), computed with an explicit inverse."""
    o, m = ~np.isnan(x), np.isnan(x)
    filled = x.copy()
    filled[m] = mean[m] + sigma[np.ix_(m, o)] @ np.linalg.inv(sigma[np.ix_(o, o)]) @ (
        x[o] - mean[o]
    )
    return filled


@pytest.fixture
def incomplete():
    X, y = gaussian_classes(seed=13, counts=(40, 50, 60), n_features=4, separation=1.0)
    queries = X[:12].copy()
    patterns = [[0], [1, 3], [2], [0, 1, 2], [3]]
    for row in range(10):
        queries[row, patterns[row % len(patterns)]] = np.nan
    return X, y, queries  # rows 10 and 11 are complete


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_impute_with_known_class_is_the_conditional_mean(incomplete, covariance):
    X, y, queries = incomplete
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    labels = y[:12]
    expected = np.array([conditional_mean(q, means[c], covariances[c])
                         for q, c in zip(queries, labels, strict=True)])
    np.testing.assert_allclose(model.impute(queries, labels), expected, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_impute_without_labels_weights_by_the_posterior(incomplete, covariance):
    X, y, queries = incomplete
    priors = [0.5, 0.2, 0.3]
    model = GaussianClassifier(covariance=covariance, priors=priors).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    expected = []
    for q in queries:
        o = ~np.isnan(q)
        joint = [
            multivariate_normal(m[o], s[np.ix_(o, o)]).logpdf(q[o]) + np.log(p)
            for m, s, p in zip(means, covariances, priors, strict=True)
        ]
        weights = np.exp(joint - logsumexp(joint))
        candidates = [conditional_mean(q, m, s) for m, s in zip(means, covariances, strict=True)]
        expected.append(weights @ np.array(candidates))
    filled = model.impute(queries)
    np.testing.assert_allclose(filled, np.array(expected), rtol=1e-10, atol=1e-12)
    observed = ~np.isnan(queries)
    np.testing.assert_array_equal(filled[observed], queries[observed])
    assert not np.isnan(filled).any()


def test_impute_leaves_its_input_alone(incomplete):
    X, y, queries = incomplete
    before = queries.copy()
    GaussianClassifier().fit(X, y).impute(queries)
    np.testing.assert_array_equal(before, queries)


# ------------------------------------------------------------------ labels
X_GOOD = np.random.default_rng(0).normal(size=(30, 2))
Y_GOOD = np.repeat([0, 1, 2], 10)


def test_a_column_of_labels_is_accepted_with_a_warning():
    # scikit-learn's convention (and one of its estimator checks).
    with pytest.warns(DataConversionWarning, match=r"ravel\(\)"):
        model = GaussianClassifier().fit(X_GOOD, Y_GOOD[:, None])
    np.testing.assert_array_equal(model.means_, GaussianClassifier().fit(X_GOOD, Y_GOOD).means_)


def test_density_peaks_merge_overlapping_classes_and_keep_separate_ones():
    from lecture_utils.gaussian import density_peaks

    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0],
                  [0.3, 0.0], [1.3, 0.0], [0.3, 1.0], [1.3, 1.0],
                  [9.0, 9.0], [10.0, 9.0], [9.0, 10.0], [10.0, 10.0]])
    y = np.repeat([0, 1, 2], 4)
    model = GaussianClassifier(covariance="tied").fit(X, y)
    peaks, heights = density_peaks(model, model.means_)
    assert peaks.shape == (2, 2)  # classes 0 and 1 overlap: one hill between their means
    np.testing.assert_allclose(peaks[0], [0.65, 0.5], atol=1e-4)
    np.testing.assert_allclose(peaks[1], model.means_[2], atol=1e-4)
    np.testing.assert_allclose(heights, np.exp(model.log_marginal_density(peaks)))
    with pytest.raises(ValueError, match="shape"):
        density_peaks(model, np.zeros((1, 3)))


# ------------------------------------------------------- the formula, and its range
@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_log_likelihood_is_log_class_density_with_the_cholesky_factors(three_classes,
                                                                       covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    assert model.cholesky_factors_.shape == model.covariances_.shape == (3, 3, 3)
    for k, (mean, L) in enumerate(zip(model.means_, model.cholesky_factors_, strict=True)):
        np.testing.assert_array_equal(L, np.tril(L))
        np.testing.assert_allclose(L @ L.T, model.covariances_[k], rtol=1e-12, atol=1e-12)
        expected = log_class_density(X, mean, L)
        if covariance.startswith("tied"):  # X is whitened once, about the centre of the means
            np.testing.assert_allclose(model.log_likelihood(X)[:, k], expected, rtol=1e-13)
        else:
            np.testing.assert_array_equal(model.log_likelihood(X)[:, k], expected)


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
@pytest.mark.parametrize(("scale", "problem"), [(1e160, "overflows"), (1e-160, "underflows")])
def test_data_beyond_the_formulas_range_get_a_clear_error(three_classes, covariance, scale,
                                                          problem):
    X, y = three_classes
    with pytest.raises(ValueError, match=f"{problem}.*StandardScaler"):
        GaussianClassifier(covariance=covariance).fit(scale * X, y)


def test_one_seed_gives_one_stream(three_classes):
    X, y = three_classes
    model = GaussianClassifier().fit(X, y)
    by_seed = model.sample(5, random_state=3)
    by_generator = model.sample(5, random_state=np.random.default_rng(3))
    np.testing.assert_array_equal(by_seed[0], by_generator[0])
    with pytest.raises(TypeError, match="numpy Generator"):
        model.sample(5, random_state=np.random.RandomState(3))


SPAN = 100.0
GRID = np.linspace(-SPAN, SPAN, 200_001)  # spacing 0.001


def _quadratic(a, b, c):
    return QuadraticLLR(np.array([[a]]), np.array([b]), c)


def _grid_roots(a, b, c, level):
    """Brute force: sign changes of a x^2 + b x + c - level on a fine grid, refined by brentq."""
    def g(x):
        return a * x * x + b * x + (c - level)

    values = g(GRID)
    changes = np.flatnonzero(np.sign(values[:-1]) * np.sign(values[1:]) < 0)
    roots = [brentq(g, GRID[i], GRID[i + 1], xtol=1e-13) for i in changes]
    roots += GRID[values == 0].tolist()
    return np.sort(np.array(roots))


coefficient = st.floats(-5, 5, allow_nan=False, allow_infinity=False)
# for the grid: zero or of a size a grid of spacing 0.001 can resolve
moderate = st.one_of(st.just(0.0), coefficient.filter(lambda v: abs(v) >= 1e-6))


@settings(max_examples=50, deadline=None)
# No subnormal level: c - level would then underflow when the solver scales the
# coefficients, and a double root at 0 would look like two to the grid.
@given(a=moderate, b=moderate, c=moderate, level=st.floats(-3, 3, allow_subnormal=False))
def test_crossings_match_a_brute_force_grid(a, b, c, level):
    assume(a != 0 or b != 0 or c != level)  # a ratio equal to the level everywhere
    exact = _quadratic(a, b, c).crossings(level)
    inside = exact[np.abs(exact) < SPAN - 1e-3]
    # two roots closer than the grid spacing look like none to the grid: skip that comparison
    if inside.size == 2 and inside[1] - inside[0] < 1e-2:
        return
    found = _grid_roots(a, b, c, level)
    assert found.shape == inside.shape
    np.testing.assert_allclose(inside, found, atol=1e-8, rtol=1e-9)


@settings(max_examples=50, deadline=None)
@given(a=coefficient, b=coefficient, c=coefficient, level=st.floats(-3, 3))
def test_crossings_solve_the_equation(a, b, c, level):
    llr = _quadratic(a, b, c)
    for x in llr.crossings(level):
        if abs(x) > 1e100:  # x * x would overflow: the residual cannot be evaluated
            continue
        scale = max(1.0, abs(a) * x * x, abs(b * x), abs(c), abs(level))
        assert abs(llr.evaluate([[x]])[0] - level) <= 1e-12 * scale


def test_no_cancellation_when_the_ratio_is_almost_linear():
    # a tiny quadratic term: one root near 1, the other near -1e10
    near, far = _quadratic(1e-10, 1.0, -1.0).crossings(0.0)[::-1]
    assert near == pytest.approx(1.0 - 1e-10, rel=1e-14)
    assert far == pytest.approx(-1e10, rel=1e-9)


def test_special_cases():
    np.testing.assert_allclose(_quadratic(0.0, 2.0, 1.0).crossings(5.0), [2.0])  # linear
    assert _quadratic(1.0, 0.0, 1.0).crossings(0.0).size == 0  # x^2 + 1 > 0
    np.testing.assert_allclose(_quadratic(1.0, -2.0, 1.0).crossings(0.0), [1.0])  # tangent
    np.testing.assert_allclose(_quadratic(-1.0, 0.0, 4.0).crossings(0.0), [-2.0, 2.0])
    assert _quadratic(0.0, 0.0, 1.0).crossings(0.0).size == 0  # constant
    assert _quadratic(0.0, 0.0, 1.0).crossings(1.0).size == 0  # equal to the level everywhere


def test_fitted_one_feature_model_crosses_its_prior_threshold():
    rng = np.random.default_rng(0)
    X = np.concatenate([rng.normal(0.0, 1.0, 300), rng.normal(2.0, 2.0, 300)])[:, None]
    y = np.repeat(["neg", "pos"], 300)
    model = GaussianClassifier().fit(X, y)
    for prior in (0.1, 0.3, 0.5):
        threshold = prior_log_odds_threshold(prior)
        crossings = model.llr_coefficients().crossings(threshold)
        assert crossings.size == 2
        np.testing.assert_allclose(model.llr(crossings[:, None]), threshold, atol=1e-9)
        # between the crossings the narrower class wins
        middle = crossings.mean()
        mean, sd = model.means_[:, 0], np.sqrt(model.covariances_[:, 0, 0])
        by_hand = norm.logpdf(middle, mean[1], sd[1]) - norm.logpdf(middle, mean[0], sd[0])
        assert by_hand < threshold


def test_tied_model_has_one_crossing():
    rng = np.random.default_rng(1)
    X = np.concatenate([rng.normal(0.0, 1.0, 200), rng.normal(3.0, 1.5, 200)])[:, None]
    model = GaussianClassifier(covariance="tied").fit(X, np.repeat([0, 1], 200))
    crossing = model.llr_coefficients().crossings(0.0)
    assert crossing.shape == (1,)
    assert model.llr(crossing[:, None])[0] == pytest.approx(0.0, abs=1e-10)


def test_errors():
    two_features = QuadraticLLR(np.zeros((2, 2)), np.ones(2), 0.0)
    with pytest.raises(ValueError, match="one feature.*plot_decision_regions"):
        two_features.crossings(0.0)
    with pytest.raises(ValueError, match="finite"):
        _quadratic(1.0, 0.0, -1.0).crossings(np.inf)


def classes(seed, n_classes=3, n_features=4, per_class=60, offset=0.0, scale=1.0):
    """Gaussian classes with their own means and correlated covariances, shuffled."""
    rng = np.random.default_rng(seed)
    X, y = [], []
    for k in range(n_classes):
        rotation = np.linalg.qr(rng.normal(size=(n_features, n_features)))[0]
        mixing = rotation * rng.uniform(0.5, 2.0, size=n_features)  # well conditioned
        X.append(rng.normal(scale=2.0, size=n_features) + rng.normal(size=(per_class, n_features))
                 @ mixing)
        y.append(np.full(per_class, k))
    order = rng.permutation(n_classes * per_class)
    return offset + scale * np.concatenate(X)[order], np.concatenate(y)[order]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(COVARIANCE_TYPES))
def test_log_likelihood_matches_scipy(seed, covariance):
    X, y = classes(seed)
    points, _ = classes(seed + 1)
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    expected = scipy_log_likelihood(points, means, covariances)
    np.testing.assert_allclose(model.log_likelihood(points), expected, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(model.means_, np.stack(means), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.covariances_, np.stack(covariances), rtol=1e-11,
                               atol=1e-12)


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
@pytest.mark.parametrize(
    ("offset", "scale"), [(1e6, 1e-3), (0.0, 1e150), (-1e150, 1e148), (0.0, 1e-150)]
)
def test_extreme_offsets_and_scales_give_the_same_decisions(covariance, offset, scale):
    X, y = classes(3)
    points, _ = classes(4)
    plain = GaussianClassifier(covariance=covariance).fit(X, y)
    moved = GaussianClassifier(covariance=covariance).fit(offset + scale * X, y)
    np.testing.assert_allclose(moved.predict_proba(offset + scale * points),
                               plain.predict_proba(points), atol=1e-6)


def test_fit_leaves_the_input_alone():
    X, y = classes(5)
    before = X.copy()
    for covariance in COVARIANCE_TYPES:
        GaussianClassifier(covariance=covariance).fit(X, y)
    np.testing.assert_array_equal(X, before)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_predictions_agree_with_scikit_learn(seed):
    X, y = classes(seed, per_class=200)
    points, _ = classes(seed + 1)
    pairs = {
        "full": QuadraticDiscriminantAnalysis(),
        "tied": LinearDiscriminantAnalysis(solver="lsqr"),
        "diag": GaussianNB(var_smoothing=0.0),
    }
    for covariance, reference in pairs.items():
        ours = GaussianClassifier(covariance=covariance).fit(X, y)
        np.testing.assert_array_equal(ours.predict(points), reference.fit(X, y).predict(points))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(COVARIANCE_TYPES))
def test_nested_log_likelihoods_equal_models_fitted_on_the_leading_features(seed, covariance):
    X, y = classes(seed, n_features=5)
    points, _ = classes(seed + 1, n_features=5)
    dimensions = [3, 1, 5, 2]
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    nested = model.nested_log_likelihoods(points, dimensions)
    assert nested.shape == (4, points.shape[0], 3)
    for m, log_likelihoods in zip(dimensions, nested, strict=True):
        alone = GaussianClassifier(covariance=covariance).fit(X[:, :m], y)
        np.testing.assert_allclose(log_likelihoods, alone.log_likelihood(points[:, :m]),
                                   rtol=1e-10, atol=1e-10)


def test_nested_log_likelihoods_of_all_features_are_the_log_likelihoods():
    X, y = classes(13, offset=1e6, scale=1e-3)
    model = GaussianClassifier(covariance="full").fit(X, y)
    np.testing.assert_allclose(model.nested_log_likelihoods(X, [4])[0], model.log_likelihood(X),
                               rtol=1e-12)


@pytest.mark.parametrize("covariance", ["tied", "tied_diag"])
def test_softmax_of_the_linear_scores_is_the_posterior(covariance):
    data = load_iris()
    model = GaussianClassifier(covariance=covariance).fit(data.X, data.y)
    W, w0 = model.linear_scores()
    assert W.shape == (3, 4) and w0.shape == (3,)
    np.testing.assert_allclose(softmax(data.X @ W.T + w0, axis=1), model.predict_proba(data.X),
                               atol=1e-12)


def test_the_scores_are_the_lecture_formula():
    data = load_iris()
    model = GaussianClassifier(covariance="tied", priors=[0.2, 0.3, 0.5]).fit(data.X, data.y)
    discriminants = model.linear_scores()
    precision = np.linalg.inv(model.covariances_[0])
    for k, mean in enumerate(model.means_):
        np.testing.assert_allclose(discriminants.W[k], precision @ mean, rtol=1e-9)
        expected = np.log(model.priors_[k]) - 0.5 * mean @ precision @ mean
        np.testing.assert_allclose(discriminants.w0[k], expected, rtol=1e-9)
    np.testing.assert_allclose(discriminants.evaluate(data.X),
                               data.X @ discriminants.W.T + discriminants.w0)


def test_the_scores_agree_with_sklearn_lda():
    data = load_iris()
    model = GaussianClassifier(covariance="tied").fit(data.X, data.y)
    reference = LinearDiscriminantAnalysis(solver="lsqr").fit(data.X, data.y)
    W, w0 = model.linear_scores()
    # scikit-learn's scores differ from ours by the same vector in every class
    np.testing.assert_allclose(reference.coef_ - W, (reference.coef_ - W)[[0, 0, 0]], atol=1e-8)
    np.testing.assert_allclose(reference.predict_proba(data.X), softmax(data.X @ W.T + w0, axis=1),
                               atol=1e-10)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), offset=st.sampled_from([0.0, 10.0, -100.0]),
       scale=st.sampled_from([1e-3, 1.0, 1e2]))
def test_softmax_identity_holds_for_random_data(seed, offset, scale):
    # offsets are in units of the spread: far from the origin the raw-unit scores
    # cancel (see the method's docstring)
    rng = np.random.default_rng(seed)
    X = (rng.standard_normal((60, 3)) + offset) * scale
    y = np.arange(60) % 3
    X[:, 0] += scale * y
    model = GaussianClassifier(covariance="tied").fit(X, y)
    W, w0 = model.linear_scores()
    np.testing.assert_allclose(softmax(X @ W.T + w0, axis=1), model.predict_proba(X),
                               atol=1e-6)


@pytest.mark.parametrize("covariance", ["full", "diag"])
def test_class_covariances_are_refused_with_the_fix(covariance):
    data = load_iris()
    model = GaussianClassifier(covariance=covariance).fit(data.X, data.y)
    with pytest.raises(ValueError, match="needs a shared covariance.*covariance='tied'"):
        model.linear_scores()


@pytest.mark.parametrize("priors", [None, [0.2, 0.3, 0.5]])
def test_scores_from_any_gaussians_are_those_of_the_fitted_model(priors):
    data = load_iris()
    model = GaussianClassifier(covariance="tied", priors=priors).fit(data.X, data.y)
    fitted = model.linear_scores()
    from_parameters = tied_linear_scores(model.means_, model.covariances_[0],
                                                         model.priors_)
    np.testing.assert_allclose(from_parameters.W, fitted.W, rtol=1e-9)
    np.testing.assert_allclose(from_parameters.w0, fitted.w0, rtol=1e-9)


def test_scores_from_another_covariance_follow_the_formula():
    data = load_iris()
    model = GaussianClassifier(covariance="tied").fit(data.X, data.y)
    total = np.cov(data.X, rowvar=False, bias=True)
    scores = tied_linear_scores(model.means_, total, model.priors_)
    precision = np.linalg.inv(total)
    np.testing.assert_allclose(scores.W, model.means_ @ precision, rtol=1e-9)
    expected = np.log(model.priors_) - 0.5 * np.einsum("kj,jl,kl->k", model.means_, precision,
                                                      model.means_)
    np.testing.assert_allclose(scores.w0, expected, rtol=1e-9)


@pytest.mark.parametrize(
    ("covariance", "priors", "message"),
    [(np.eye(3), [0.5, 0.5], r"cov_matrix must be the one 2 x 2 matrix that the classes share"),
     (np.stack([np.eye(2)] * 2), [0.5, 0.5], r"got shape \(2, 2, 2\)"),
     ([[1.0, 0.5], [0.0, 1.0]], [0.5, 0.5], r"not symmetric"),
     ([[1.0, 2.0], [2.0, 1.0]], [0.5, 0.5], r"not positive definite"),
     (np.eye(2), [0.5, 0.3, 0.2], r"give one prior per class"),
     (np.eye(2), [0.7, 0.7], r"priors sum to 1\.4, not 1"),
     (np.eye(2), None, r"priors is None; give one prior per class")],
)
def test_scores_from_bad_gaussians_say_what_is_wrong(covariance, priors, message):
    with pytest.raises(ValueError, match=message):
        tied_linear_scores([[0.0, 0.0], [1.0, 1.0]], covariance, priors)


MEANS = [[0.0, 0.0], [2.0, 1.0], [0.5, 2.5]]
COVARIANCES = [[[1.0, 0.3], [0.3, 0.5]], [[0.4, -0.1], [-0.1, 0.8]], [[2.0, 0.0], [0.0, 0.3]]]


@pytest.fixture
def sample():
    data = make_gaussian_classes(MEANS, COVARIANCES, 40, random_state=3)
    return data.X, data.y


def test_log_likelihood_is_the_sum_of_log_densities(sample):
    X, _ = sample
    mean, covariance = np.array([0.2, 0.9]), np.array([[1.5, 0.4], [0.4, 1.1]])
    expected = multivariate_normal(mean, covariance).logpdf(X).sum()
    assert gaussian_log_likelihood(X, mean, covariance) == pytest.approx(expected, rel=1e-12)


def test_ml_estimates_maximise_the_log_likelihood(sample):
    X, _ = sample
    mean = X.mean(axis=0)
    covariance = np.cov(X, rowvar=False, bias=True)
    best = gaussian_log_likelihood(X, mean, covariance)
    for step in 0.01 * np.vstack([np.eye(2), -np.eye(2)]):
        assert gaussian_log_likelihood(X, mean + step, covariance) < best
    for factor in (0.99, 1.01, len(X) / (len(X) - 1)):
        assert gaussian_log_likelihood(X, mean, factor * covariance) < best


@pytest.mark.parametrize("X, mean, covariance, message", [
    (np.zeros((3, 2)), np.zeros(3), np.eye(2), "mean shape"),
    (np.zeros((0, 2)), np.zeros(2), np.eye(2), "at least one row"),
    (np.array([[np.nan, 0.0]]), np.zeros(2), np.eye(2), "NaN"),
    (np.zeros((3, 2)), np.zeros(2), -np.eye(2), "positive definite"),
])
def test_log_likelihood_rejects_bad_input(X, mean, covariance, message):
    with pytest.raises(ValueError, match=message):
        gaussian_log_likelihood(X, mean, covariance)


def lecture_formula(X, means, covariances, priors):
    """The lecture's score, written out with an explicit inverse and determinant:
    -1/2 pi_k sqrt((2 pi)^D |Sigma_k|) exp(+(x - mu_k)^T Sigma_k^-1 (x - mu_k))."""
    scores = np.empty((len(X), len(means)))
    for k, (mean, covariance, prior) in enumerate(zip(means, covariances, priors, strict=True)):
        difference = X - np.asarray(mean)
        distance = np.einsum("ni,ij,nj->n", difference, np.linalg.inv(covariance), difference)
        constant = np.sqrt((2 * np.pi) ** X.shape[1] * np.linalg.det(covariance))
        scores[:, k] = -0.5 * prior * constant * np.exp(distance)
    return scores


def test_lecture_scores_follow_the_lecture_formula(sample):
    X, _ = sample
    priors = np.array([0.5, 0.3, 0.2])
    expected = lecture_formula(X, MEANS, np.array(COVARIANCES), priors)
    ours = lecture_gda_scores(X, MEANS, COVARIANCES, priors)
    np.testing.assert_allclose(ours, expected, rtol=1e-10)
    assert np.all(ours < 0)


def test_lecture_scores_differ_from_bayes_rule_but_not_with_a_shared_covariance(sample):
    X, y = sample
    model = GaussianClassifier().fit(X, y)
    equal = np.full(3, 1 / 3)
    lecture = lecture_gda_scores(X, model.means_, model.covariances_, equal).argmax(axis=1)
    bayes = GaussianClassifier(priors=equal).fit(X, y).predict(X)
    assert np.any(model.classes_[lecture] != bayes)
    tied = GaussianClassifier(covariance="tied", priors=equal).fit(X, y)
    shared = lecture_gda_scores(X, tied.means_, tied.covariances_, equal).argmax(axis=1)
    np.testing.assert_array_equal(tied.classes_[shared], tied.predict(X))


def test_lecture_scores_reject_bad_input():
    with pytest.raises(ValueError, match="one prior per class"):
        lecture_gda_scores(np.zeros((2, 2)), MEANS, COVARIANCES, None)
    with pytest.raises(ValueError, match="2 columns"):
        lecture_gda_scores(np.zeros((2, 3)), MEANS, COVARIANCES, [0.2, 0.3, 0.5])


def fit(covariance, X, y, priors=None):
    return GaussianClassifier(covariance=covariance, priors=priors).fit(X, y)


def spread_points(X, seed=0, n=30):
    rng = np.random.default_rng(seed)
    return X.mean(axis=0) + 3.0 * X.std(axis=0) * rng.standard_normal((n, X.shape[1]))


def reference_log_joint(X, means, covariances, priors):
    """log N(x; mu_k, Sigma_k) + log pi_k with an explicit inverse and slogdet."""
    columns = []
    for mean, sigma, prior in zip(means, covariances, priors, strict=True):
        diff = X - mean
        mahalanobis = np.einsum("ni,ij,nj->n", diff, np.linalg.inv(sigma), diff)
        log_det = np.linalg.slogdet(sigma)[1]
        columns.append(
            -0.5 * (X.shape[1] * np.log(2 * np.pi) + log_det + mahalanobis) + np.log(prior)
        )
    return np.column_stack(columns)


# ---------------------------------------------------------------- normalisation
@given(data=labelled_data(), covariance=covariance_types)
def test_posteriors_sum_to_one(data, covariance):
    X, y = data
    model = fit(covariance, X, y)
    points = np.vstack([X, spread_points(X)])
    log_proba = model.predict_log_proba(points)
    assert np.all(np.isfinite(log_proba)) and np.all(log_proba <= 0.0)
    np.testing.assert_allclose(logsumexp(log_proba, axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(model.predict_proba(points).sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_array_equal(
        model.predict(points), model.classes_[np.argmax(log_proba, axis=1)]
    )


# ------------------------------------------------------------------ invariances
@given(data=labelled_data(), covariance=covariance_types, choice=st.data())
def test_relabelling_classes_permutes_columns_and_nothing_else(data, covariance, choice):
    X, y = data
    classes = np.unique(y)
    n_classes = classes.size
    permutation = np.array(choice.draw(st.permutations(range(n_classes))))
    kind = choice.draw(st.sampled_from(["int", "sparse_int", "str"]))
    new_names = make_labels(kind, n_classes, np.random.default_rng(n_classes))
    rename = dict(zip(classes.tolist(), new_names[permutation].tolist(), strict=True))
    priors = choice.draw(priors_for(n_classes))

    old = fit(covariance, X, y, priors)
    new_y = np.array([rename[label] for label in y.tolist()])
    new_priors = np.empty(n_classes)
    new_priors[permutation] = priors  # old class j is new class permutation[j]
    new = fit(covariance, X, new_y, new_priors)

    # Old class j is new class permutation[j]: column permutation[j] of the new model.
    np.testing.assert_array_equal(new.classes_, new_names)
    np.testing.assert_allclose(new.priors_[permutation], old.priors_, rtol=1e-15)
    np.testing.assert_array_equal(new.class_count_[permutation], old.class_count_)
    np.testing.assert_allclose(new.means_[permutation], old.means_, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(
        new.covariances_[permutation], old.covariances_, rtol=1e-12, atol=1e-13
    )
    points = np.vstack([X, spread_points(X)])
    np.testing.assert_allclose(
        new.log_likelihood(points)[:, permutation], old.log_likelihood(points), rtol=1e-11,
        atol=1e-11,
    )
    np.testing.assert_allclose(
        new.predict_log_proba(points)[:, permutation], old.predict_log_proba(points),
        rtol=1e-10, atol=1e-10,
    )
    np.testing.assert_array_equal(
        new.predict(points), [rename[label] for label in old.predict(points).tolist()]
    )


@given(data=labelled_data(), covariance=covariance_types, seed=st.integers(0, 2**32 - 1))
def test_order_of_training_samples_does_not_matter(data, covariance, seed):
    X, y = data
    order = np.random.default_rng(seed).permutation(len(y))
    first, second = fit(covariance, X, y), fit(covariance, X[order], y[order])
    np.testing.assert_array_equal(first.classes_, second.classes_)
    np.testing.assert_array_equal(first.priors_, second.priors_)
    np.testing.assert_allclose(first.means_, second.means_, rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(first.covariances_, second.covariances_, rtol=1e-11, atol=1e-13)
    points = spread_points(X)
    np.testing.assert_allclose(
        first.predict_log_proba(points), second.predict_log_proba(points), rtol=1e-10, atol=1e-10
    )


@given(
    data=labelled_data(),
    covariance=covariance_types,
    shift=st.lists(st.floats(-1e3, 1e3), min_size=4, max_size=4),
)
def test_translation_moves_the_means_and_nothing_else(data, covariance, shift):
    X, y = data
    t = np.array(shift[: X.shape[1]])
    model, moved = fit(covariance, X, y), fit(covariance, X + t, y)
    np.testing.assert_allclose(moved.means_, model.means_ + t, rtol=1e-12, atol=1e-10)
    np.testing.assert_allclose(moved.covariances_, model.covariances_, rtol=1e-8, atol=1e-9)
    np.testing.assert_array_equal(moved.priors_, model.priors_)
    points = np.vstack([X, spread_points(X)])
    np.testing.assert_allclose(
        moved.log_likelihood(points + t), model.log_likelihood(points), rtol=1e-8, atol=1e-8
    )
    np.testing.assert_allclose(
        moved.predict_log_proba(points + t), model.predict_log_proba(points),
        rtol=1e-8, atol=1e-8,
    )


@pytest.mark.parametrize("scale", [1e-150, 1e150])
@given(data=labelled_data(), covariance=covariance_types)
def test_extreme_scales_give_the_same_posteriors(scale, data, covariance):
    X, y = data
    model, scaled = fit(covariance, X, y), fit(covariance, X * scale, y)
    size = np.abs(X).max() * scale
    np.testing.assert_allclose(scaled.means_, model.means_ * scale, rtol=1e-12, atol=1e-13 * size)
    np.testing.assert_allclose(
        scaled.covariances_, model.covariances_ * scale**2, rtol=1e-10,
        atol=1e-12 * scale**2,
    )
    points = np.vstack([X, spread_points(X)])
    log_lik = scaled.log_likelihood(points * scale)
    assert np.all(np.isfinite(log_lik))
    # The density of x * s is the density of x divided by s**d.
    np.testing.assert_allclose(
        log_lik, model.log_likelihood(points) - X.shape[1] * np.log(scale), rtol=1e-10
    )
    np.testing.assert_allclose(
        scaled.predict_log_proba(points * scale), model.predict_log_proba(points),
        rtol=1e-9, atol=1e-9,
    )
    np.testing.assert_array_equal(scaled.predict(points * scale), model.predict(points))


@given(data=labelled_data(min_classes=2, max_classes=2), covariance=covariance_types)
def test_swapping_the_two_labels_negates_the_llr(data, covariance):
    X, y = data
    first, second = np.unique(y)
    swapped = np.where(y == first, second, first)
    model, mirror = fit(covariance, X, y), fit(covariance, X, swapped)
    points = np.vstack([X, spread_points(X)])
    np.testing.assert_allclose(mirror.llr(points), -model.llr(points), rtol=1e-10, atol=1e-10)
    coefficients, mirrored = model.llr_coefficients(), mirror.llr_coefficients()
    if covariance.startswith("tied"):
        assert mirrored.A is None and coefficients.A is None
    else:
        np.testing.assert_allclose(mirrored.A, -coefficients.A, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(mirrored.b, -coefficients.b, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(mirrored.c, -coefficients.c, rtol=1e-9, atol=1e-12)


# ------------------------------------------------------------ numerical range
@given(data=labelled_data(), covariance=covariance_types, seed=st.integers(0, 2**32 - 1))
def test_far_points_get_finite_correct_log_posteriors(data, covariance, seed):
    X, y = data
    model = fit(covariance, X, y)
    rng = np.random.default_rng(seed)
    directions = rng.standard_normal((5, X.shape[1]))
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    largest_sd = np.sqrt(max(np.linalg.eigvalsh(s).max() for s in model.covariances_))
    centre_gap = np.abs(model.means_ - X.mean(axis=0)).max()
    far = X.mean(axis=0) + (1e6 * largest_sd + centre_gap) * directions * 2.0

    reference = reference_log_joint(far, model.means_, model.covariances_, model.priors_)
    for k, sigma in enumerate(model.covariances_):
        diff = far - model.means_[k]
        distance = np.sqrt(np.einsum("ni,ij,nj->n", diff, np.linalg.inv(sigma), diff))
        assert np.all(distance >= 1e6), "test points are not 1e6 standard deviations away"

    log_post = model.predict_log_proba(far)
    assert np.all(np.isfinite(log_post))
    expected = reference - logsumexp(reference, axis=1, keepdims=True)
    # The losing classes sit ~1e6..1e12 nats below the winner; both are computed
    # as differences of numbers of size 1e12, hence the relative tolerance.
    np.testing.assert_allclose(log_post, expected, rtol=1e-6, atol=1e-6)
    winners = np.argmax(reference, axis=1)
    margin = np.sort(reference, axis=1)[:, -1] - np.sort(reference, axis=1)[:, -2]
    decided = margin > 1e-6 * np.abs(reference).max()
    np.testing.assert_array_equal(model.predict(far)[decided], model.classes_[winners[decided]])


def mnist_sized(n_per_class, seed=0, d=784):
    """Two Gaussian classes in 784 dimensions, correlated features, well conditioned.

    The features are mixed by ``I + 0.3 G / sqrt(d)`` (G standard normal), whose
    singular values lie within about [0.4, 1.6].
    """
    rng = np.random.default_rng(seed)
    mixing = np.eye(d) + 0.3 * rng.standard_normal((d, d)) / np.sqrt(d)
    sds = rng.uniform(0.5, 2.0, size=d)
    shift = rng.normal(scale=0.15, size=d)
    y = np.repeat([0, 1], n_per_class)
    return (rng.standard_normal((2 * n_per_class, d)) * sds) @ mixing + np.outer(y, shift), y


def check_high_dimensional(model, points):
    """Log-likelihoods below the smallest float's log (so exp() underflows), yet
    finite and equal to scipy's; log posteriors finite and equal to Bayes' rule."""
    if model.covariance.endswith("diag"):
        sds = np.sqrt(np.diagonal(model.covariances_, axis1=1, axis2=2))
        expected = np.column_stack(
            [norm.logpdf(points, m, s).sum(axis=1) for m, s in zip(model.means_, sds, strict=True)]
        )
    elif model.covariance == "tied":
        shared = multivariate_normal(np.zeros(points.shape[1]), model.covariances_[0])
        expected = np.column_stack([shared.logpdf(points - m) for m in model.means_])
    else:
        expected = np.column_stack(
            [multivariate_normal(m, s).logpdf(points)
             for m, s in zip(model.means_, model.covariances_, strict=True)]
        )
    assert np.all(np.exp(expected) == 0.0), "the densities were supposed to underflow"
    log_lik = model.log_likelihood(points)
    np.testing.assert_allclose(log_lik, expected, rtol=1e-10)
    joint = expected + np.log(model.priors_)
    log_post = model.predict_log_proba(points)
    assert np.all(np.isfinite(log_post))
    np.testing.assert_allclose(
        log_post, joint - logsumexp(joint, axis=1, keepdims=True), rtol=1e-8, atol=1e-8
    )
    np.testing.assert_allclose(np.exp(log_post).sum(axis=1), 1.0, atol=1e-12)


@pytest.mark.parametrize(
    ("covariance", "n_per_class"), [("diag", 60), ("tied_diag", 60), ("tied", 500), ("full", 800)]
)
def test_784_dimensions(covariance, n_per_class):
    X, y = mnist_sized(n_per_class, seed=n_per_class)
    model = fit(covariance, X, y)
    check_high_dimensional(model, X[:: n_per_class // 5])


def test_784_dimensions_diag_agrees_with_gaussian_nb():
    X, y = mnist_sized(60, seed=1)
    points = X[::10]
    means = np.array([X[y == k].mean(axis=0) for k in (0, 1)])
    sds = np.array([X[y == k].std(axis=0) for k in (0, 1)])
    naive = np.array([[np.prod(norm.pdf(x, means[k], sds[k])) for k in (0, 1)] for x in points])
    assert np.all(naive == 0.0), "the product of 784 densities was supposed to underflow"
    model = fit("diag", X, y)
    reference = GaussianNB(var_smoothing=0.0).fit(X, y)
    np.testing.assert_allclose(
        model.predict_log_proba(points), reference.predict_log_proba(points), rtol=1e-8, atol=1e-8
    )


def exact_cloud(rng, n, variances, rotation):
    """n points whose ML mean is 0 and ML covariance is rotation diag(variances) rotation^T."""
    d = len(variances)
    centred = rng.standard_normal((n, d))
    centred -= centred.mean(axis=0)
    orthonormal, _ = np.linalg.qr(centred)  # columns orthonormal and still centred
    return np.sqrt(n) * orthonormal * np.sqrt(variances) @ rotation.T


@given(
    thinnest=st.floats(-10.0, -3.0),
    d=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    covariance=st.sampled_from(["full", "tied"]),
)
def test_near_singular_covariances_fit_and_are_right(thinnest, d, seed, covariance):
    rng = np.random.default_rng(seed)
    variances = np.r_[10.0**thinnest, rng.uniform(0.5, 2.0, size=d - 1)]
    rotations = [random_rotation(rng, d) for _ in range(2)]
    if covariance == "tied":
        rotations[1] = rotations[0]  # equal class covariances: the pooled one is the same
    means = rng.normal(scale=1e-3, size=(2, d))
    X = np.vstack([m + exact_cloud(rng, 4 * d + 10, variances, r)
                   for m, r in zip(means, rotations, strict=True)])
    y = np.repeat([0, 1], 4 * d + 10)
    model = fit(covariance, X, y)

    # Query points drawn from each class: thin along its thinnest axis too.
    points = np.vstack([m + rng.standard_normal((10, d)) * np.sqrt(variances) @ r.T
                        for m, r in zip(means, rotations, strict=True)])
    expected = []
    for m, r in zip(means, rotations, strict=True):
        z = (points - m) @ r  # coordinates along the covariance's axes
        expected.append(
            -0.5 * (d * np.log(2 * np.pi) + np.log(variances).sum() + (z**2 / variances).sum(1))
        )
    expected = np.column_stack(expected)
    # A density that thin is as sensitive to the rounding of the data as its
    # condition number says: any float64 method is good to about eps / thinnest
    # variance, relatively, and no better. Within that, it must be right.
    tolerance = max(1e-10, 100 * np.finfo(float).eps / variances.min())
    np.testing.assert_allclose(
        model.log_likelihood(points), expected, rtol=tolerance,
        atol=tolerance * np.abs(expected).max(),
    )
    joint = expected + np.log(0.5)
    np.testing.assert_allclose(
        model.predict_log_proba(points), joint - logsumexp(joint, axis=1, keepdims=True),
        rtol=tolerance, atol=1e-8,
    )


def three_correlated_classes(seed=0):
    rng = np.random.default_rng(seed)
    X = np.concatenate([rng.normal(size=(40, 3)) @ rng.normal(size=(3, 3)) + 2 * k
                        for k in range(3)])
    return X, np.repeat(["a", "b", "c"], 40)


def log_likelihood(X, mean, precision):
    """Sum of Gaussian log-densities in terms of the (possibly non-symmetric) precision."""
    sign, log_det = np.linalg.slogdet(precision)
    assert sign > 0
    residual = X - mean
    quadratic = np.einsum("ni,ij,nj->", residual, precision, residual)
    return 0.5 * len(X) * (log_det - X.shape[1] * np.log(2 * np.pi)) - 0.5 * quadratic


def test_statistics_are_counts_sums_and_sums_of_outer_products():
    X, y = three_correlated_classes()
    stats = class_statistics(X, y)
    assert stats.classes.tolist() == ["a", "b", "c"]
    block = X[y == "b"]
    assert stats.zero[1] == 40
    np.testing.assert_allclose(stats.first[1], block.sum(axis=0))
    np.testing.assert_allclose(stats.second[1], sum(np.outer(x, x) for x in block))


def test_estimates_from_statistics_match_the_fitted_models():
    X, y = three_correlated_classes()
    stats = class_statistics(X, y)
    full = GaussianClassifier().fit(X, y)
    tied = GaussianClassifier(covariance="tied").fit(X, y)
    np.testing.assert_allclose(stats.means(), full.means_)
    np.testing.assert_allclose(stats.covariances(), full.covariances_, atol=1e-10)
    np.testing.assert_allclose(stats.within_class_covariance(), tied.covariances_[0], atol=1e-10)
    # the ML covariance divides by N_k, not N_k - 1
    np.testing.assert_allclose(stats.covariances()[0], np.cov(X[y == "a"].T, bias=True))


def test_gradients_match_finite_differences_away_from_the_optimum():
    X, y = three_correlated_classes(1)
    block = X[y == "a"]
    stats = class_statistics(X, y)
    rng = np.random.default_rng(2)
    mean = block.mean(axis=0) + rng.normal(scale=0.3, size=3)
    precision = np.linalg.inv(np.cov(block.T) + 0.5 * np.eye(3))  # symmetric, not the optimum
    g_mean, g_precision = log_likelihood_gradients(stats.zero[0], stats.first[0],
                                                   stats.second[0], mean, precision)
    h = 1e-6
    for i in range(3):
        step = np.eye(3)[i] * h
        numeric = (log_likelihood(block, mean + step, precision)
                   - log_likelihood(block, mean - step, precision)) / (2 * h)
        assert g_mean[i] == pytest.approx(numeric, rel=1e-5, abs=1e-6)
        for j in range(3):
            step = np.zeros((3, 3))
            step[i, j] = h
            numeric = (log_likelihood(block, mean, precision + step)
                       - log_likelihood(block, mean, precision - step)) / (2 * h)
            assert g_precision[i, j] == pytest.approx(numeric, rel=1e-5, abs=1e-6)
    assert np.abs(g_mean).max() > 0.1 and np.abs(g_precision).max() > 0.1  # not at the optimum


def test_gradients_vanish_at_the_ml_estimates():
    X, y = three_correlated_classes()
    stats = class_statistics(X, y)
    for k in range(3):
        precision = np.linalg.inv(stats.covariances()[k])
        g_mean, g_precision = log_likelihood_gradients(stats.zero[k], stats.first[k],
                                                       stats.second[k], stats.means()[k],
                                                       precision)
        assert np.abs(g_mean).max() < 1e-9 and np.abs(g_precision).max() < 1e-9


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="one label per row"):
        class_statistics(np.zeros((4, 2)), [0, 1, 0])
    with pytest.raises(ValueError, match="NaN"):
        class_statistics([[0.0, np.nan], [1.0, 2.0]], [0, 1])
    with pytest.raises(ValueError, match="shape"):
        log_likelihood_gradients(3, np.zeros(2), np.eye(3), np.zeros(2), np.eye(2))
    with pytest.raises(ValueError, match="singular"):
        log_likelihood_gradients(3, np.zeros(2), np.eye(2), np.zeros(2), np.zeros((2, 2)))


def test_expanded_form_gradient_differs_off_the_stationary_point_but_vanishes_on_it():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 2)) @ np.array([[1.0, 0.0], [0.6, 0.8]])
    stats = class_statistics(X, np.zeros(30))
    Z, F, S = stats.zero[0], stats.first[0], stats.second[0]
    mean = F / Z + np.array([0.3, -0.2])
    precision = np.linalg.inv(S / Z - np.outer(F / Z, F / Z))
    _, g_trace = log_likelihood_gradients(Z, F, S, mean, precision)
    g_expanded = 0.5 * Z * np.linalg.inv(precision).T - 0.5 * S + np.outer(mean, F) \
        - 0.5 * Z * np.outer(mean, mean)
    assert not np.allclose(g_trace, g_expanded)
    _, g_at_fit = log_likelihood_gradients(Z, F, S, F / Z, precision)
    assert np.allclose(g_at_fit, 0.0, atol=1e-9)


def test_tied_bayes_error_matches_the_normal_tail_and_a_monte_carlo_estimate():
    from scipy.stats import norm

    expected = norm.cdf(-np.sqrt(5) / 2)
    assert tied_bayes_error(np.zeros(5), np.ones(5), np.eye(5)) == pytest.approx(expected)
    covariance = np.array([[2.0, 0.6], [0.6, 0.5]])
    means = np.array([[0.0, 0.0], [1.0, 0.5]])
    rng = np.random.default_rng(0)
    n = 200_000
    noise = rng.multivariate_normal(np.zeros(2), covariance, size=2 * n)
    draws = noise + np.repeat(means, n, axis=0)
    labels = np.repeat([0, 1], n)
    model = GaussianClassifier(covariance="tied").fit(draws, labels)
    simulated = 1 - model.score(draws, labels)
    assert tied_bayes_error(means[0], means[1], covariance) == pytest.approx(simulated, abs=3e-3)
    assert tied_bayes_error(means[0], means[0], covariance) == pytest.approx(0.5)


def test_tied_bayes_error_rejects_bad_shapes_and_singular_covariances():
    with pytest.raises(ValueError, match="shape"):
        tied_bayes_error(np.zeros(2), np.zeros(3), np.eye(2))
    with pytest.raises(ValueError, match="positive definite"):
        tied_bayes_error(np.zeros(2), np.ones(2), np.zeros((2, 2)))


def test_univariate_rule_error_is_the_area_under_the_smaller_weighted_density():
    from scipy.integrate import quad

    from lecture_utils.gaussian import univariate_rule_error

    means, variances, priors = np.array([161.8, 175.3]), np.array([46.9, 52.9]), (0.3, 0.7)
    sds = np.sqrt(variances)
    area, _ = quad(lambda x: min(priors[0] * norm.pdf(x, means[0], sds[0]),
                                 priors[1] * norm.pdf(x, means[1], sds[1])),
                   -200.0, 400.0, points=[100.0, 160.0, 170.0, 180.0], limit=400)
    assert univariate_rule_error(means, variances, priors).error == pytest.approx(area, abs=1e-7)
    # another threshold: compare with the rule applied to many draws of each class
    rng = np.random.default_rng(0)
    draws = [rng.normal(means[k], sds[k], 400_000) for k in range(2)]
    llr = [norm.logpdf(d, means[1], sds[1]) - norm.logpdf(d, means[0], sds[0]) for d in draws]
    result = univariate_rule_error(means, variances, priors, threshold=1.0)
    assert result.class_errors[0] == pytest.approx(np.mean(llr[0] > 1.0), abs=3e-3)
    assert result.class_errors[1] == pytest.approx(np.mean(llr[1] <= 1.0), abs=3e-3)
    assert result.error == pytest.approx(priors @ result.class_errors)
    # equal variances: the closed form of the tied case; identical classes: the smaller prior
    assert univariate_rule_error([0.0, 1.0], [4.0, 4.0]).error == pytest.approx(
        tied_bayes_error([0.0], [1.0], [[4.0]]))
    assert univariate_rule_error([0.0, 0.0], [1.0, 1.0], (0.2, 0.8)).error == pytest.approx(0.2)
    with pytest.raises(ValueError, match="positive"):
        univariate_rule_error([0.0, 1.0], [1.0, 0.0])
    with pytest.raises(ValueError, match="summing to one"):
        univariate_rule_error([0.0, 1.0], [1.0, 1.0], (0.5, 0.6))


def test_univariate_rule_error_takes_an_array_of_thresholds():
    from lecture_utils.gaussian import univariate_rule_error

    thresholds = prior_log_odds_threshold(np.array([0.1, 0.5, 0.9]))
    several = univariate_rule_error([160.0, 175.0], [45.0, 55.0], threshold=thresholds)
    one_by_one = [univariate_rule_error([160.0, 175.0], [45.0, 55.0], threshold=t)
                  for t in thresholds]
    assert several.error.shape == (3,) and several.class_errors.shape == (3, 2)
    assert np.allclose(several.error, [r.error for r in one_by_one])
    assert np.allclose(several.class_errors, [r.class_errors for r in one_by_one])
    assert several.error.argmin() == 1          # equal priors: the Bayes threshold is t = 0


def test_ellipse_points_lie_at_their_mahalanobis_distance_with_one_density():
    from lecture_utils.gaussian import ellipse_points

    mean, covariance = np.array([1.0, -2.0]), np.array([[2.0, 0.8], [0.8, 0.5]])
    eigenvalues = np.linalg.eigvalsh(covariance)
    for c in (0.5, 1.0, 3.0):
        points = ellipse_points(mean, covariance, c, n_points=50)
        residuals = points - mean
        distances = np.einsum("ni,ij,nj->n", residuals, np.linalg.inv(covariance), residuals)
        np.testing.assert_allclose(distances, c**2)
        density = multivariate_normal(mean, covariance).pdf(points)
        np.testing.assert_allclose(density, np.exp(-c**2 / 2) / (2 * np.pi * np.sqrt(
            eigenvalues.prod())))
    half_lengths = np.linalg.norm(ellipse_points(mean, covariance, 2.0, n_points=4) - mean, axis=1)
    np.testing.assert_allclose(np.sort(half_lengths),
                               np.sort(np.repeat(2 * np.sqrt(eigenvalues), 2)))


def test_ellipse_points_rejects_bad_input():
    from lecture_utils.gaussian import ellipse_points

    with pytest.raises(ValueError, match="2-D"):
        ellipse_points(np.zeros(3), np.eye(3))
    with pytest.raises(ValueError, match="mahalanobis"):
        ellipse_points(np.zeros(2), np.eye(2), mahalanobis=0.0)
    with pytest.raises(ValueError):
        ellipse_points(np.zeros(2), np.zeros((2, 2)))


def test_log_likelihood_at_scaled_covariance_follows_the_closed_form_at_the_ml_fit():
    from lecture_utils.gaussian import log_likelihood_at_scaled_covariance

    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3)) @ np.array([[1.0, 0.3, 0.0], [0.0, 1.0, 0.5], [0.0, 0.0, 2.0]])
    mean, covariance = X.mean(axis=0), np.cov(X, rowvar=False, bias=True)
    scales = np.array([0.5, 0.9, 1.0, 1.1, 3.0])
    values = log_likelihood_at_scaled_covariance(X, mean, covariance, scales)
    n, d = X.shape
    np.testing.assert_allclose(values - values[2], -n * d / 2 * (np.log(scales) + 1 / scales - 1),
                               atol=1e-9)
    assert values.argmax() == 2
    with pytest.raises(ValueError, match="positive"):
        log_likelihood_at_scaled_covariance(X, mean, covariance, [1.0, -1.0])


def test_linear_rule_error_is_the_bayes_error_at_the_bayes_rule_and_above_it_elsewhere():
    from lecture_utils.gaussian import linear_rule_error, tied_bayes_error

    rng = np.random.default_rng(3)
    factor = rng.normal(size=(3, 3))
    covariance = factor @ factor.T + np.eye(3)
    mean_0, mean_1 = np.zeros(3), np.array([1.0, -0.5, 2.0])
    w = np.linalg.solve(covariance, mean_1 - mean_0)
    b = -w @ (mean_0 + mean_1) / 2
    pair = [covariance, covariance]
    bayes = tied_bayes_error(mean_0, mean_1, covariance)
    assert linear_rule_error(w, b, [mean_0, mean_1], pair) == pytest.approx(bayes)
    for _ in range(20):
        other = w + 0.3 * rng.normal(size=3)
        assert linear_rule_error(other, b, [mean_0, mean_1], pair) >= bayes - 1e-12


def test_linear_rule_error_matches_a_large_sample_with_unequal_covariances():
    from lecture_utils.gaussian import linear_rule_error

    means = [[0.0, 0.0], [2.0, 1.0]]
    covariances = [[[1.0, 0.3], [0.3, 2.0]], [[3.0, -1.0], [-1.0, 1.0]]]
    w, b = np.array([1.0, 0.5]), -1.2
    data = make_gaussian_classes(means, covariances, 100_000, random_state=0)
    wrong = ((data.X @ w + b) > 0) != (data.y == 1)
    assert linear_rule_error(w, b, means, covariances) == pytest.approx(wrong.mean(), abs=0.005)


def test_linear_rule_error_rejects_bad_input():
    from lecture_utils.gaussian import linear_rule_error

    means, covariances = [[0.0], [1.0]], [[[1.0]], [[1.0]]]
    with pytest.raises(ValueError, match="not all zero"):
        linear_rule_error([0.0], 0.0, means, covariances)
    with pytest.raises(ValueError, match="two classes"):
        linear_rule_error([1.0], 0.0, [[0.0], [1.0], [2.0]], [[[1.0]]] * 3)
    with pytest.raises(ValueError, match="priors"):
        linear_rule_error([1.0], 0.0, means, covariances, priors=(0.5, 0.6))


def test_projected_bayes_error_is_the_overlap_along_w_and_least_at_the_tied_direction():
    from lecture_utils.gaussian import projected_bayes_error

    means = [[0.0, 0.0], [2.0, 1.5]]
    covariances = [[[1.0, 0.5], [0.5, 1.0]], [[2.5, -0.8], [-0.8, 0.7]]]
    w = np.array([1.0, 2.0])
    error = projected_bayes_error(w, means, covariances)
    assert projected_bayes_error(-3.0 * w, means, covariances) == pytest.approx(error)
    # a large sample: the best rule on z = w^T x, Bayes' rule for the two projected Gaussians
    data = make_gaussian_classes(means, covariances, 100_000, random_state=0)
    z = data.X @ w
    projected = [norm(np.asarray(means[k]) @ w, np.sqrt(w @ np.asarray(covariances[k]) @ w))
                 for k in (0, 1)]
    wrong = (projected[1].logpdf(z) > projected[0].logpdf(z)) != (data.y == 1)
    assert error == pytest.approx(wrong.mean(), abs=0.005)
    # with a shared covariance the best direction is Sigma^-1 (mu_1 - mu_0), at the Bayes error
    shared = np.array([[1.0, 0.5], [0.5, 1.0]])
    best = np.linalg.solve(shared, np.subtract(means[1], means[0]))
    bayes = tied_bayes_error(means[0], means[1], shared)
    assert projected_bayes_error(best, means, [shared, shared]) == pytest.approx(bayes)
    assert projected_bayes_error(w, means, [shared, shared]) > bayes


def test_projected_bayes_error_rejects_bad_input():
    from lecture_utils.gaussian import projected_bayes_error

    means, covariances = [[0.0], [1.0]], [[[1.0]], [[1.0]]]
    with pytest.raises(ValueError, match="not all zero"):
        projected_bayes_error([0.0], means, covariances)
    with pytest.raises(ValueError, match="two classes"):
        projected_bayes_error([1.0], [[0.0], [1.0], [2.0]], [[[1.0]]] * 3)


@pytest.mark.parametrize(("covariance", "solves"), [("tied", 1), ("full", 3)])
def test_classes_that_share_a_covariance_share_one_solve(three_classes, monkeypatch, covariance,
                                                         solves):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    sizes = []

    def counting(factor, b, **kwargs):
        sizes.append(b.shape[1])
        return solve_triangular(factor, b, **kwargs)

    monkeypatch.setattr(gaussian, "solve_triangular", counting)
    model.log_likelihood(X)
    assert sizes.count(len(X)) == solves  # one solve of all the rows per distinct covariance
