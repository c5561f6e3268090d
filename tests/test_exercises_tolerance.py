"""The one tolerance of the checks, `checking.RTOL`, on the exercise notebooks' own data:
every check's right answer, rounded to float32, passes, and every typical mistake a check
names lies at least ten tolerances away from the right answer, except the few that give the
right answer itself on those data (listed below, with why)."""

import numpy as np
import pytest
from scipy.stats import multinomial, multivariate_normal
from sklearn.model_selection import train_test_split

from lecture_utils.datasets import (
    FUR_COLOURS,
    load_cat_fur,
    load_cat_shelter,
    load_code_corpus,
    load_code_punctuation,
    load_heights,
    load_iris,
    load_iris_2d,
    load_mnist,
)
from lecture_utils.decision import error_rate, log_posteriors
from lecture_utils.discrete import CategoricalClassifier, MultinomialClassifier
from lecture_utils.exercises import (
    c_vs_python,
    cat_fur,
    checking,
    height_gender_llr,
    iris_gda,
    lda_vs_logistic,
    mnist_gaussians,
)
from lecture_utils.gaussian import GaussianClassifier, parameter_count, tied_bayes_error
from lecture_utils.logistic import add_bias, cross_entropy_gradient, one_hot
from lecture_utils.projections import PCA
from lecture_utils.synthetic import make_gaussian_classes

MODULES = (iris_gda, height_gender_llr, lda_vs_logistic, cat_fur, c_vs_python, mnist_gaussians)

#: Mistakes that give the right answer itself on the notebooks' data, so no check can see
#: them there: with Sigma = I (notebook 03's learning-curve problem) every distance is the
#: Euclidean one; with alpha = 0 (a hidden test of notebook 04) every misplaced pseudo-count
#: vanishes.
INDISTINGUISHABLE = {
    ("lda_vs_logistic", "used only the variances, the diagonal of Sigma"),
    ("lda_vs_logistic", "used the Euclidean distance"),
    ("lda_vs_logistic", "used Sigma instead of Sigma^-1"),
    ("cat_fur", "added the pseudo-counts to the total only"),
    ("cat_fur", "added alpha to the counts but not to the total"),
    ("cat_fur", "added alpha to the total once"),
    ("cat_fur", "took m as the number of colours seen"),
    ("cat_fur", "took m as the number of classes K"),
    ("cat_fur", "left out the pseudo-count"),
}


def _run_every_check_with_its_right_answer(answer_of):
    """Call every check of every exercise notebook on that notebook's data (hidden tests
    included), with ``answer_of(right)`` as the answer, or a function returning it."""
    def function(compute):
        return lambda *args: answer_of(compute(*args))

    iris, iris2 = load_iris(), load_iris_2d()
    X_train, X_test, y_train, _ = train_test_split(iris2.X, iris2.y, test_size=0.4,
                                                   stratify=iris2.y, random_state=0)
    full = GaussianClassifier(covariance="full").fit(X_train, y_train)
    iris_gda.check_class_means(answer_of(full.means_), X_train, y_train)
    iris_gda.check_class_covariances(answer_of(full.covariances_), X_train, y_train)
    for X, y in ((X_train, y_train), (iris.X, iris.y)):
        iris_gda.check_log_density(function(multivariate_normal.logpdf), X, y)
    scores = full.log_likelihood(np.vstack([X_test, [[58.0, 2.8]]]))
    priors = np.array([0.5, 0.3, 0.2])
    iris_gda.check_posteriors(answer_of(np.exp(log_posteriors(scores, priors))), scores, priors)

    heights = load_heights()
    llr = function(lambda x, X, y: GaussianClassifier(covariance="full").fit(X, y).llr(x[:, None]))
    height_gender_llr.check_height_llr(llr, heights.X, heights.y, np.array([150.0, 174.0, 190.0]))
    height_gender_llr.check_height_llr(llr, heights.X[:300], heights.y[:300],
                                       np.array([155.0, 168.0, 181.0]))
    model = GaussianClassifier(covariance="full").fit(heights.X, heights.y)
    level = np.log(0.2 / 0.8) - np.log(0.1 / 0.9)
    height_gender_llr.check_threshold_height(answer_of(model.llr_coefficients().crossings(level)[1]),
                                             heights.X, heights.y, prior=0.1, posterior=0.2)
    binary = make_gaussian_classes(means=[[0.0, 0.0], [2.0, 1.5]],
                                   covariances=[[[1.0, 0.5], [0.5, 1.0]],
                                                [[2.5, -0.8], [-0.8, 0.7]]],
                                   n_per_class=200, random_state=0, labels=["h0", "h1"])
    points = np.array([[1.0, 1.0], [2.0, 0.0], [0.5, 2.0]])
    naive = GaussianClassifier(covariance="diag", priors=[0.75, 0.25]).fit(binary.X, binary.y)
    height_gender_llr.check_naive_posterior(answer_of(naive.predict_proba(points)[:, 1]), points,
                                            binary.X, binary.y, prior=0.25)

    classes = np.unique(iris.y)
    X1, T = add_bias(iris.X), one_hot(np.searchsorted(classes, iris.y), classes.size)
    gradient = function(cross_entropy_gradient)
    lda_vs_logistic.check_softmax_gradient(gradient, np.random.default_rng(0).standard_normal(
        (5, 3)), X1, T)
    pair = iris.y != "setosa"
    lda_vs_logistic.check_softmax_gradient(gradient, np.random.default_rng(1).standard_normal(
        (5, 2)), X1[pair], T[pair][:, 1:])
    lda = GaussianClassifier(covariance="tied", priors=[0.5, 0.3, 0.2]).fit(iris2.X, iris2.y)
    lda_vs_logistic.check_lda_weights(answer_of(lda.linear_scores().W), iris2.X, iris2.y,
                                      [0.5, 0.3, 0.2])
    lda_vs_logistic.check_lda_biases(answer_of(lda.linear_scores().w0), iris2.X, iris2.y,
                                     [0.5, 0.3, 0.2])
    rng = np.random.default_rng(0)
    factor = rng.standard_normal((3, 3))
    hidden = (rng.standard_normal(3), rng.standard_normal(3), factor @ factor.T + np.eye(3))
    for problem in ((np.zeros(10), np.ones(10), np.eye(10)),
                    ([0.0, 0.0], [2.5, 0.5], [[1.0, 0.5], [0.5, 1.0]]), hidden):
        lda_vs_logistic.check_bayes_error(function(tied_bayes_error), *problem)

    def estimates(fur, sex, alpha=0.0):
        cats = CategoricalClassifier(alpha=alpha, categories=[list(FUR_COLOURS)])
        return np.exp(cats.fit(fur[:, None], sex).feature_log_prob_[0])

    cats, shelter = load_cat_fur(), load_cat_shelter()
    for data in (cats, shelter):
        cat_fur.check_ml_estimates(function(estimates), data.X[:, 0], data.y)
    for data, alpha in ((cats, 1.0), (shelter, 0.5), (cats, 0.0)):
        cat_fur.check_pseudo_count_estimates(function(estimates), data.X[:, 0], data.y, alpha)
    smoothed = CategoricalClassifier(alpha=1.0, categories=[list(FUR_COLOURS)])
    smoothed.fit(shelter.X[:, :1], shelter.y)
    cat_fur.check_posterior(answer_of(smoothed.predict_proba(np.array(FUR_COLOURS)[:, None])[:, 0]),
                            shelter.X[:, 0], shelter.y, alpha=1.0, target="female")

    train, test = load_code_punctuation("train"), load_code_punctuation("test")
    corpus = load_code_corpus()
    ml = MultinomialClassifier().fit(train.X, train.y)
    c_vs_python.check_ml_frequencies(answer_of(np.exp(ml.feature_log_prob_)), train.X, train.y)
    laplace = MultinomialClassifier(alpha=1.0).fit(train.X, train.y)
    c_vs_python.check_llr_weights(answer_of(-laplace.llr_coefficients().b), train.X, train.y,
                                  alpha=1.0, numerator="C")
    log_lik = laplace.log_likelihood(test.X[1:2])[0]
    c_vs_python.check_llr_of_script(answer_of(log_lik[0] - log_lik[1]), test.X[1], train.X,
                                    train.y, alpha=1.0, numerator="C")
    X_post = np.vstack([corpus.X[corpus.X.sum(axis=1).argmax()], test.X])
    logpmf = function(lambda x, theta: multinomial.logpmf(x, x.sum(), theta))
    c_vs_python.check_multinomial_log_likelihood(logpmf, train.X, train.y, X_post)
    c_vs_python.check_multinomial_log_likelihood(logpmf, corpus.X[::2], corpus.y[::2],
                                                 corpus.X[1::25])
    c_vs_python.check_log_posterior(answer_of(log_posteriors(ml.log_likelihood(X_post),
                                                             ml.priors_)),
                                    X_post, train.X, train.y)

    mnist_gaussians.check_parameter_counts(function(parameter_count))
    mnist = load_mnist()
    X_train, y_train = mnist.X_train[:5_000], mnist.y_train[:5_000]
    X_test, y_test = mnist.X_test[:1_000], mnist.y_test[:1_000]
    B_train, B_test = (X_train > 127).astype(int), (X_test > 127).astype(int)
    bernoulli = CategoricalClassifier(alpha=1.0, categories=[[0, 1]] * 784).fit(B_train, y_train)
    p = np.exp(np.stack([log_p[:, 1] for log_p in bernoulli.feature_log_prob_], axis=1))
    mnist_gaussians.check_pixel_probabilities(answer_of(p), B_train, y_train, alpha=1.0)
    mnist_gaussians.check_bernoulli_log_likelihood(answer_of(bernoulli.log_likelihood(B_test)),
                                                   B_test, B_train, y_train, alpha=1.0)
    uniform = np.full(10, 0.1)
    pca = PCA(n_components=40).fit(X_train)
    full_40 = GaussianClassifier(covariance="full", priors=uniform).fit(pca.transform(X_train),
                                                                         y_train)
    mnist_gaussians.check_pca_test_error(
        answer_of(error_rate(y_test, full_40.predict(pca.transform(X_test)))), X_train, y_train,
        X_test, y_test, n_components=40, covariance="full", priors=uniform, model=full_40)


@pytest.fixture(scope="module")
def comparisons():
    """Every comparison the checks make, as (module, name, expected, mistakes)."""
    made = []
    spied = {}
    for module in MODULES:   # a check compares with `compare`, or with `check_answer`
        for function in ("compare", "check_answer"):
            if not hasattr(module, function):
                continue
            real = getattr(module, function)

            def spy(answer, expected, *, name, mistakes=(), real=real, module=module, **kwargs):
                made.append((module.__name__.rsplit(".", 1)[-1], name, expected, list(mistakes)))
                return real(answer, expected, name=name, mistakes=mistakes, **kwargs)
            spied[module, function] = real
            setattr(module, function, spy)
    try:
        _run_every_check_with_its_right_answer(lambda right: np.asarray(right, dtype=np.float32)
                                               if np.ndim(right) else np.float32(right))
    finally:
        for (module, function), real in spied.items():
            setattr(module, function, real)
    return made


def test_every_check_ran_and_passed_a_float32_answer(comparisons, capsys):
    # the fixture's run printed one "Right" per check call: float32 answers pass
    checks = {name for _, name, _, _ in comparisons}
    assert len(checks) >= 20, checks


def test_every_named_mistake_is_ten_tolerances_from_the_right_answer(comparisons):
    too_close = []
    for module, name, expected, mistakes in comparisons:
        expected = np.asarray(expected, dtype=float)
        for mistake in mistakes:
            wrong = np.asarray(mistake.answer, dtype=float)
            if wrong.shape != expected.shape:
                continue
            with np.errstate(invalid="ignore"):
                gap = np.nanmax(np.abs(wrong - expected)
                                / (checking.ATOL + checking.RTOL * np.abs(expected)))
            if gap < 10 and not any(module == m and mistake.diagnosis.startswith(d)
                                    for m, d in INDISTINGUISHABLE):
                too_close.append((name, mistake.diagnosis, float(gap)))
    assert not too_close, too_close
