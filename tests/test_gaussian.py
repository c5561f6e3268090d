"""GaussianClassifier and gaussian_log_density: ML estimates, densities, agreement
with scipy and scikit-learn, the LLR closed form, sampling and imputation (bad input of
every kind is in tests/test_bad_input.py).

Every expected value is computed independently in the test (plain numpy
formulas, scipy or scikit-learn), never copied from the package's output.
"""


import numpy as np
import pytest
from conftest import (
    gaussian_classes,
    labelled_data,
    ml_estimates,
    priors_for,
    scipy_log_likelihood,
    well_conditioned_covariance,
)
from hypothesis import given
from hypothesis import strategies as st
from scipy.special import log_softmax, logsumexp
from scipy.stats import multivariate_normal
from sklearn.base import clone
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.exceptions import DataConversionWarning
from sklearn.model_selection import cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from lecture_utils.datasets import load_iris, load_iris_2d
from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier, gaussian_log_density

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


def test_priors_as_sequence_and_as_dict(three_classes):
    X, y = three_classes
    labels = np.array(["c", "a", "b"])[y]  # classes_ = a, b, c
    as_sequence = GaussianClassifier(priors=[0.5, 0.3, 0.2]).fit(X, labels)
    as_dict = GaussianClassifier(priors={"c": 0.2, "a": 0.5, "b": 0.3}).fit(X, labels)
    np.testing.assert_array_equal(as_sequence.priors_, [0.5, 0.3, 0.2])
    np.testing.assert_array_equal(as_dict.priors_, [0.5, 0.3, 0.2])
    np.testing.assert_array_equal(as_dict.predict_log_proba(X), as_sequence.predict_log_proba(X))
    # The priors only move the joint densities: log P(c|x) shifts by log(pi_c / freq_c).
    free = GaussianClassifier().fit(X, labels)
    expected = log_softmax(
        free.predict_log_proba(X) - np.log(free.priors_) + np.log([0.5, 0.3, 0.2]), axis=1
    )
    np.testing.assert_allclose(as_dict.predict_log_proba(X), expected, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(as_dict.means_, free.means_)


def test_given_priors_do_not_change_the_tied_covariance(three_classes):
    X, y = three_classes
    free = GaussianClassifier(covariance="tied").fit(X, y)
    weighted = GaussianClassifier(covariance="tied", priors=[0.8, 0.1, 0.1]).fit(X, y)
    np.testing.assert_array_equal(weighted.covariances_, free.covariances_)


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
def test_gaussian_log_density_equals_scipy_logpdf(d):
    rng = np.random.default_rng(d)
    sigma = well_conditioned_covariance(rng, d)
    mean = rng.normal(size=d)
    X = mean + 2.0 * rng.standard_normal((50, d))
    np.testing.assert_allclose(
        gaussian_log_density(X, mean, np.linalg.cholesky(sigma)),
        multivariate_normal(mean, sigma).logpdf(X),
        rtol=1e-10,
    )


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_log_density_and_posteriors_follow_bayes_rule(three_classes, covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance, priors=[0.2, 0.5, 0.3]).fit(X, y)
    _, _, means, covariances = ml_estimates(X, y, covariance)
    points = query_points(X)
    joint = scipy_log_likelihood(points, means, covariances) + np.log([0.2, 0.5, 0.3])
    np.testing.assert_allclose(model.log_density(points), logsumexp(joint, axis=1), rtol=1e-10)
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
    assert np.all(coefficients.A == 0.0)
    assert coefficients.A.shape == (3, 3)


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
    return GaussianClassifier(priors={"a": 0.2, "b": 0.3, "c": 0.5}).fit(X, labels)


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
    np.testing.assert_allclose(heights, np.exp(model.log_density(peaks)))
    with pytest.raises(ValueError, match="shape"):
        density_peaks(model, np.zeros((1, 3)))


# ------------------------------------------------------- the formula, and its range
@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_log_likelihood_is_gaussian_log_density_with_the_cholesky_factors(three_classes,
                                                                          covariance):
    X, y = three_classes
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    for k, (mean, factor) in enumerate(zip(model.means_, model.cholesky_factors_, strict=True)):
        L = np.diag(factor) if factor.ndim == 1 else factor
        np.testing.assert_allclose(L @ L.T, model.covariances_[k], rtol=1e-12, atol=1e-12)
        np.testing.assert_array_equal(model.log_likelihood(X)[:, k],
                                      gaussian_log_density(X, mean, factor))


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
