"""Numerical range of the discrete models and of softmax regression, with hypothesis.

The Gaussian model has its own tests of the same kind (in tests/test_gaussian.py).
Here: likelihoods far below the smallest float (784 categorical features, documents of a
million events, samples unlike any class) still give finite, correct log posteriors that
sum to one; softmax regression gives the same distributions for data scaled by 1e-150 or
1e150 and for points a million standard deviations away, and PCA and LDA find the same
directions at those scales; and no model depends on the names or the order of its classes
or on the order of its training samples.

Every reference value is computed here from the counts or from scipy, in log space.
"""

import numpy as np
from gaussian_data import make_labels, well_conditioned_covariance
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import logsumexp
from scipy.stats import multinomial
from sklearn.naive_bayes import CategoricalNB

from lecture_utils.discrete import CategoricalClassifier, MultinomialClassifier
from lecture_utils.logistic import SoftmaxRegression
from lecture_utils.projections import PCA, FisherProjection

SEEDS = st.integers(0, 2**32 - 1)


def bayes_rule(log_likelihoods, priors):
    """Reference log posteriors: log f(x | c) + log P(c), normalised with log-sum-exp."""
    joint = log_likelihoods + np.log(priors)
    return joint - logsumexp(joint, axis=1, keepdims=True)


def check_posteriors(model, X, expected_log_posteriors, atol):
    log_posteriors = model.predict_log_proba(X)
    assert np.all(np.isfinite(log_posteriors)) and np.all(log_posteriors <= 0.0)
    np.testing.assert_allclose(log_posteriors, expected_log_posteriors, rtol=1e-10, atol=atol)
    np.testing.assert_allclose(model.predict_proba(X).sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_array_equal(
        model.predict(X), model.classes_[np.argmax(expected_log_posteriors, axis=1)])


RENAMINGS = dict(order_seed=SEEDS, permutation=st.permutations(range(3)),
                 kind=st.sampled_from(["int", "sparse_int", "str"]))


def refit_renamed_and_shuffled(make, X, y, seed, order_seed, permutation, kind):
    """Fit ``make()`` on ``(X, y)``, and again with the rows shuffled and the classes renamed.

    Returns
    -------
    model, moved : the two fitted models
    names : ndarray
        ``names[k]`` is the new name of class ``k``.
    columns : ndarray
        ``columns[k]`` is the column of class ``k`` in the outputs of ``moved``.
    """
    names = make_labels(kind, 3, np.random.default_rng(seed))[list(permutation)]
    order = np.random.default_rng(order_seed).permutation(len(y))
    model, moved = make().fit(X, y), make().fit(X[order], names[y[order]])
    return model, moved, names, np.searchsorted(moved.classes_, names)


def assert_same_decisions(model, moved, X, names, atol=1e-9):
    """``moved`` (`refit_renamed_and_shuffled`) predicts the renamed class of ``model``'s
    prediction; where two classes tie for the largest posterior (within ``atol``; counts
    can tie exactly), either of them, since the tie is broken by the order of the classes."""
    log_posteriors = model.predict_log_proba(X)
    tied = log_posteriors >= log_posteriors.max(axis=1, keepdims=True) - atol
    labels = moved.predict(X)
    class_of = {name: k for k, name in enumerate(names.tolist())}
    predicted = np.array([class_of[label] for label in labels.tolist()])
    assert np.all(tied[np.arange(len(X)), predicted]), "a prediction is not a most probable class"
    clear = tied.sum(axis=1) == 1
    np.testing.assert_array_equal(labels[clear], names[model.predict(X)][clear])


# ------------------------------------------------------------- categorical features
def skewed_categories(seed, n_samples, n_features, n_values=4, n_classes=3):
    """Integer categories whose probabilities differ between classes, and the labels."""
    rng = np.random.default_rng(seed)
    y = np.arange(n_samples) % n_classes
    probabilities = rng.dirichlet(np.full(n_values, 0.7), size=(n_classes, n_features))
    cumulative = probabilities.cumsum(axis=2)[y]  # (n_samples, n_features, n_values)
    codes = (rng.random((n_samples, n_features, 1)) > cumulative).sum(axis=2)
    return np.minimum(codes, n_values - 1), y


def categorical_reference(X_train, y_index, X, alpha, n_values):
    """log P(x | c) from the training counts: sum_j log((N_cjv + alpha) / (N_c + alpha m))."""
    n_classes, features = y_index.max() + 1, np.arange(X.shape[1])
    log_lik = np.empty((X.shape[0], n_classes))
    for c in range(n_classes):
        rows = X_train[y_index == c]
        counts = np.zeros((X.shape[1], n_values))
        np.add.at(counts, (np.broadcast_to(features, rows.shape), rows), 1.0)
        log_prob = np.log((counts + alpha) / (len(rows) + alpha * n_values))
        log_lik[:, c] = log_prob[features, X].sum(axis=1)
    return log_lik


@settings(max_examples=10)
@given(seed=SEEDS, alpha=st.floats(0.01, 5.0))
def test_categorical_784_features_give_finite_correct_posteriors(seed, alpha):
    X, y = skewed_categories(seed, n_samples=90, n_features=784, n_values=8)
    model = CategoricalClassifier(alpha=alpha, categories=[range(8)] * 784).fit(X, y)
    expected_log_lik = categorical_reference(X, y, X, alpha, 8)
    assert np.all(np.exp(expected_log_lik) == 0.0), "the likelihoods were supposed to underflow"
    np.testing.assert_allclose(model.log_likelihood(X), expected_log_lik, rtol=1e-12)
    expected = bayes_rule(expected_log_lik, model.priors_)
    check_posteriors(model, X, expected, atol=1e-9)
    reference = CategoricalNB(alpha=alpha, force_alpha=True, min_categories=8).fit(X, y)
    np.testing.assert_allclose(model.predict_log_proba(X), reference.predict_log_proba(X),
                               rtol=1e-9, atol=1e-9)


@given(seed=SEEDS, exponent=st.integers(-300, -30))
def test_categorical_sample_unlike_every_class(seed, exponent):
    """Values no class has produced, each of probability alpha / (N_c + alpha m) <= 1e-30."""
    alpha = 10.0**exponent
    X, y = skewed_categories(seed, n_samples=60, n_features=50, n_values=3)
    declared = [range(4)] * 50  # value 3 is possible but never seen
    model = CategoricalClassifier(alpha=alpha, categories=declared).fit(X, y)
    unlike = np.vstack([np.full(50, 3), np.r_[np.full(25, 3), X[0, 25:]]])
    expected_log_lik = categorical_reference(X, y, unlike, alpha, 4)
    assert np.all(np.exp(expected_log_lik) == 0.0), "the likelihoods were supposed to underflow"
    np.testing.assert_allclose(model.log_likelihood(unlike), expected_log_lik, rtol=1e-12)
    check_posteriors(model, unlike, bayes_rule(expected_log_lik, model.priors_), atol=1e-9)


@given(seed=SEEDS, **RENAMINGS)
def test_categorical_ignores_class_names_and_sample_order(seed, **renaming):
    X, y = skewed_categories(seed, n_samples=60, n_features=5)
    model, moved, names, columns = refit_renamed_and_shuffled(
        lambda: CategoricalClassifier(alpha=0.5), X, y, seed, **renaming)
    np.testing.assert_allclose(moved.predict_log_proba(X)[:, columns], model.predict_log_proba(X),
                               rtol=1e-12, atol=1e-12)
    assert_same_decisions(model, moved, X, names)


# ------------------------------------------------------------------ count vectors
def documents(seed, n_features, n_events, n_per_class=10, n_classes=3):
    """Count vectors of ``n_events`` events each, from class-specific distributions."""
    rng = np.random.default_rng(seed)
    probabilities = rng.dirichlet(np.ones(n_features), size=n_classes)
    X = np.vstack([rng.multinomial(n_events, p, size=n_per_class) for p in probabilities])
    return X, np.repeat(np.arange(n_classes), n_per_class)


def multinomial_reference(model, X):
    """log P(x | c) by scipy, multinomial coefficient included."""
    return np.column_stack([multinomial.logpmf(X, X.sum(axis=1), np.exp(log_prob))
                            for log_prob in model.feature_log_prob_])


@given(seed=SEEDS, n_features=st.sampled_from([2, 7, 50, 784]))
def test_multinomial_million_event_documents_give_finite_correct_posteriors(seed, n_features):
    X, y = documents(seed, n_features, n_events=1000)
    model = MultinomialClassifier(alpha=1.0).fit(X, y)
    rng = np.random.default_rng(seed)
    long_documents, _ = documents(seed + 1, n_features, n_events=10**6, n_per_class=2)
    unlike = rng.multinomial(10**6, rng.dirichlet(np.full(n_features, 0.1)), size=3)
    # log n! is about 1.3e7 for n = 1e6: a log-likelihood of a few nats is a difference of
    # such terms, good to about 1e-9 in absolute terms, here as in scipy.
    atol = 1e-7
    for queries in (long_documents, unlike):
        expected_log_lik = multinomial_reference(model, queries)
        np.testing.assert_allclose(model.log_likelihood(queries), expected_log_lik, rtol=1e-10,
                                   atol=atol)
        check_posteriors(model, queries, bayes_rule(expected_log_lik, model.priors_), atol=atol)


@given(seed=SEEDS, **RENAMINGS)
def test_multinomial_ignores_class_names_and_sample_order(seed, **renaming):
    X, y = documents(seed, n_features=6, n_events=200)
    model, moved, _, columns = refit_renamed_and_shuffled(
        lambda: MultinomialClassifier(alpha=0.5), X, y, seed, **renaming)
    np.testing.assert_allclose(moved.feature_log_prob_[columns], model.feature_log_prob_,
                               rtol=1e-14, atol=1e-14)
    queries = X * 5000
    np.testing.assert_allclose(moved.predict_log_proba(queries)[:, columns],
                               model.predict_log_proba(queries), rtol=1e-10, atol=1e-8)


# --------------------------------------------------------------- softmax regression
def overlapping(seed, n_samples=60, n_classes=3):
    rng = np.random.default_rng(seed)
    y = np.arange(n_samples) % n_classes
    X = rng.standard_normal((n_samples, 2)) + 0.7 * np.column_stack([y, -y])
    return X, y


@given(seed=SEEDS, scale=st.sampled_from([1e-150, 1e-20, 1e20, 1e150]),
       solver=st.sampled_from(["newton", "gd"]))
def test_softmax_at_any_scale_gives_the_same_distributions(seed, scale, solver):
    X, y = overlapping(seed)
    # The penalty is on the weights in the data's units; weights of scaled data are
    # divided by the scale, so the same fit needs the penalty times scale**2.
    model = SoftmaxRegression(solver=solver, penalty=0.01, tol=1e-9, max_iter=20000).fit(X, y)
    scaled = SoftmaxRegression(solver=solver, penalty=0.01 * scale**2, tol=1e-9,
                               max_iter=20000).fit(X * scale, y)
    spread = X.std(axis=0)
    far = X.mean(axis=0) + 1e6 * spread * np.array([[1.0, 0.0], [0.0, -1.0], [-0.7, 0.7]])
    for points in (X, far):
        probabilities = scaled.predict_proba(points * scale)
        assert np.all(np.isfinite(probabilities)) and np.all(probabilities >= 0.0)
        np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, atol=1e-12)
        assert np.all(np.isfinite(scaled.predict_log_proba(points * scale)))
    np.testing.assert_allclose(scaled.predict_proba(X * scale), model.predict_proba(X),
                               atol=1e-7)
    np.testing.assert_array_equal(scaled.predict(far * scale), model.predict(far))


@given(seed=SEEDS, **RENAMINGS)
def test_softmax_ignores_class_names_and_sample_order(seed, **renaming):
    X, y = overlapping(seed)
    model, moved, names, columns = refit_renamed_and_shuffled(
        lambda: SoftmaxRegression(tol=1e-10), X, y, seed, **renaming)
    np.testing.assert_allclose(moved.predict_proba(X)[:, columns], model.predict_proba(X),
                               atol=1e-8)
    assert_same_decisions(model, moved, X, names)


# ------------------------------------------------------------------- projections
@given(seed=SEEDS, scale=st.sampled_from([1e-150, 1e-20, 1e20, 1e150]))
def test_projections_at_any_scale_give_the_same_directions(seed, scale):
    rng = np.random.default_rng(seed)
    y = np.arange(90) % 3
    mixing = np.linalg.cholesky(well_conditioned_covariance(rng, 4))
    X = rng.standard_normal((90, 4)) @ mixing.T + np.outer(y, [1, -1, 0, 2])
    pca, scaled_pca = PCA().fit(X), PCA().fit(X * scale)
    np.testing.assert_allclose(scaled_pca.explained_variance_ratio_,
                               pca.explained_variance_ratio_, rtol=1e-9, atol=1e-12)
    # PCA is linear: coordinates scale with the data. Compare the well-separated
    # leading directions (an eigenvector of a near-repeated eigenvalue is not stable).
    leading = np.flatnonzero(np.r_[-np.diff(pca.explained_variance_ratio_), 0.0] > 1e-3)
    projected, scaled = pca.transform(X)[:, leading], scaled_pca.transform(X * scale)[:, leading]
    assert np.all(np.isfinite(scaled))
    np.testing.assert_allclose(scaled / scale, projected, rtol=1e-7, atol=1e-7)
    lda, scaled_lda = FisherProjection().fit(X, y), FisherProjection().fit(X * scale, y)
    # Whitened: LDA coordinates do not depend on the units at all.
    np.testing.assert_allclose(scaled_lda.transform(X * scale), lda.transform(X), rtol=1e-7,
                               atol=1e-7)
    np.testing.assert_allclose(scaled_lda.eigenvalues_, lda.eigenvalues_, rtol=1e-9)
