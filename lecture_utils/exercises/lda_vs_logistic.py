r"""Checks for ``notebooks/exercises/03_lda_vs_logistic_regression_exercises.ipynb``.

The exercises follow notebook 03 (LDA versus logistic regression) and its notation:
:math:`N` samples, :math:`D` features, :math:`K` classes, priors :math:`\pi_k`,
one-hot targets :math:`t_{nk}`, softmax outputs :math:`\hat y_{nk}`, and the weight
matrix :math:`W` of shape :math:`(D + 1) \times K` whose row 0 holds the biases.

Checks
------
check_softmax_gradient(softmax_gradient, W, X1, T)
    A function that returns the gradient of the mean cross-entropy,
    :math:`g = \frac1N\sum_n x_n(\hat y_n - t_n)^T`.
check_lda_weights(W_lda, X, y, priors)
    The weight vectors :math:`w_k = \Sigma^{-1}\mu_k` of LDA, one row per class.
check_lda_biases(w0_lda, X, y, priors)
    The biases :math:`w_{0k} = \log\pi_k - \frac12\mu_k^T\Sigma^{-1}\mu_k` of LDA.
check_bayes_error(bayes_error, mean_0, mean_1, covariance)
    A function that returns the Bayes error :math:`\Phi(-\Delta/2)` of two equally
    likely Gaussian classes with one shared covariance.

Each check computes the right answer with the tested models of `lecture_utils`
(`lecture_utils.logistic.cross_entropy_gradient`, `GaussianClassifier`,
`lecture_utils.gaussian.tied_bayes_error`) and, from the same inputs, the answers that
typical mistakes lead to, so that it can name the mistake. No message shows the
right value.
"""

import numpy as np
from scipy.special import expit, log_softmax, ndtr, softmax

from ..gaussian import GaussianClassifier, tied_bayes_error, tied_linear_scores
from ..logistic import cross_entropy_gradient
from .checking import (
    Mistake,
    as_numbers,
    call_student_function,
    check_answer,
    class_priors,
    data_matrix,
    labelled_data,
    student_answer,
)

__all__ = ["check_bayes_error", "check_lda_biases", "check_lda_weights", "check_softmax_gradient"]

# ------------------------------------------------------------------ validation
def _check_gradient_inputs(W, X1, T):
    X1 = data_matrix(X1, "X1", columns="features (column 0 the dummy 1)")
    T = data_matrix(T, "T", columns="classes")
    W = data_matrix(W, "W", rows="features", columns="classes", n_columns=T.shape[1])
    if T.shape[0] != X1.shape[0] or W.shape[0] != X1.shape[1]:
        raise ValueError(f"expected X1 (N, D + 1), T (N, K) and W (D + 1, K); got X1 "
                         f"{X1.shape}, T {T.shape} and W {W.shape}.")
    if not np.allclose(X1[:, 0], 1.0):
        raise ValueError("column 0 of X1 must be the dummy feature 1 (see add_bias).")
    if not (np.all((T == 0) | (T == 1)) and np.all(T.sum(axis=1) == 1)):
        raise ValueError("T must be one-hot: entries 0 or 1, exactly one 1 per row "
                         "(see one_hot).")
    return W, X1, T


def _check_gaussian_problem(mean_0, mean_1, covariance):
    mean_0, mean_1 = np.asarray(mean_0, dtype=float), np.asarray(mean_1, dtype=float)
    covariance = np.asarray(covariance, dtype=float)
    if not (np.all(np.isfinite(mean_0)) and np.all(np.isfinite(mean_1))
            and np.all(np.isfinite(covariance))):
        raise ValueError("the means and the covariance must be finite (no NaN or inf).")
    # tied_bayes_error raises a ValueError for wrong shapes or a covariance that is not
    # positive definite
    expected = tied_bayes_error(mean_0, mean_1, covariance)
    if not np.allclose(covariance, covariance.T):
        raise ValueError("the covariance must be symmetric.")
    return mean_0, mean_1, covariance, expected


def _tied_and_per_class(X, y, priors):
    """The data, LDA fitted with the given priors, and the linear scores that each class's
    own covariance (QDA's) would give in LDA's formula, or None where a class is too small
    for a covariance of its own."""
    X, y = labelled_data(X, y)
    classes = np.unique(y)
    priors = class_priors(priors, classes.size)
    tied = GaussianClassifier(covariance="tied", priors=priors).fit(X, y)
    try:
        full = GaussianClassifier(covariance="full", priors=priors).fit(X, y)
    except ValueError:  # a class too small for a covariance of its own: no such mistake
        return X, y, tied, None
    own = [tied_linear_scores(mean[None, :], covariance, [1.0])
           for mean, covariance in zip(full.means_, full.covariances_, strict=True)]
    return X, y, tied, (np.vstack([s.W for s in own]),
                        np.log(full.priors_) + np.concatenate([s.w0 for s in own]))


def _other_covariances(X, y, tied):
    r"""The shared covariances a student might use in place of the ML within-class one,
    each with its diagnosis and fix: the within-class scatter divided by :math:`N - K`;
    the class covariances weighted by the priors (scikit-learn's LDA); the total
    covariance (lecture 004), divided by :math:`N` or :math:`N - 1`; only the variances."""
    n_samples, n_classes = X.shape[0], len(tied.classes_)
    within = tied.covariances_[0]
    def cov(X, bias=True):   # a matrix even for one feature
        return np.atleast_2d(np.cov(X, rowvar=False, bias=bias))

    by_prior = sum(prior * cov(X[y == label])
                   for prior, label in zip(tied.priors_, tied.classes_, strict=True))
    total = ("used the total covariance of all samples around the overall mean",
             "That is lecture 004's formula, not the ML estimate: it adds the spread of the "
             "class means. Use the tied model's within-class covariance, covariances_[0].")
    return [
        ("divided the within-class scatter by N - K (the unbiased pooled covariance, which "
         "np.cov's N_k - 1 per class also gives) instead of by N",
         "The ML shared covariance divides by N: use the tied model's covariances_[0].",
         within * n_samples / (n_samples - n_classes)),
        ("weighted each class's covariance by its prior pi_k (as scikit-learn's "
         "LinearDiscriminantAnalysis does)",
         "The ML shared covariance weights each class by its share of the samples, N_k / N, "
         "whatever the priors: use the tied model's covariances_[0].", by_prior),
        (*total, cov(X)),
        (*total, cov(X, bias=False)),
        ("used only the variances, the diagonal of Sigma (the naive tied model's covariance)",
         "LDA's Sigma is the full within-class covariance, covariances_[0], covariances "
         "between the features included.", np.diag(np.diag(within))),
    ]


# -------------------------------------------------------------------- exercise 2
def check_softmax_gradient(softmax_gradient, W, X1, T):
    r"""Check a function ``softmax_gradient(W, X1, T)`` that returns the gradient of
    the mean cross-entropy :math:`J(W) = -\frac1N\sum_n\sum_k t_{nk}\log\hat y_{nk}`.

    The right answer, with :math:`\hat y_n = \operatorname{softmax}(W^T x_n)`, is

    .. math::

        g = \frac1N\sum_{n=1}^N x_n(\hat y_n - t_n)^T = \frac1N X_1^T(\hat Y - T),

    of shape :math:`(D + 1) \times K`, like :math:`W`
    (`lecture_utils.logistic.cross_entropy_gradient` without a penalty). Relative
    tolerance `checking.RTOL`.

    Recognised mistakes: the transpose (:math:`K \times (D + 1)`); the sign flipped
    (:math:`t - \hat y`, the gradient of the log-likelihood, not of :math:`J`); the sum
    over samples not divided by :math:`N`; divided by :math:`N` twice;
    :math:`e^{a}` in place of the softmax (not normalised); the softmax normalised over
    the samples (axis 0) instead of over the classes; the log-softmax in place of the
    softmax; the targets left out (:math:`\frac1N X_1^T\hat Y`); divided by :math:`NK`
    (a mean over every entry) instead of :math:`N`; the elementwise logistic function
    in place of the softmax; :math:`\hat Y - T` without the inputs (shape (N, K)). A
    function that returns None is told so.

    Parameters
    ----------
    softmax_gradient : callable or str
        The student's function of ``(W, X1, T)``, or its name.
    W : array-like of shape (D + 1, K)
    X1 : array-like of shape (N, D + 1)
        The features with the dummy feature 1 in column 0 (`add_bias`).
    T : array-like of shape (N, K)
        One-hot targets (`one_hot`).

    Raises
    ------
    NotYetRight
        If the function fails or its answer does not match.
    ValueError
        If ``W``, ``X1`` or ``T`` are not a valid problem.

    Examples
    --------
    >>> from scipy.special import softmax
    >>> def softmax_gradient(W, X1, T):
    ...     return X1.T @ (softmax(X1 @ W, axis=1) - T) / len(X1)
    >>> check_softmax_gradient(softmax_gradient, np.zeros((2, 2)), [[1, 2], [1, -1]], np.eye(2))
    Right: `softmax_gradient(W, X1, T)` matches (relative tolerance 1e-05).
    """
    W, X1, T = _check_gradient_inputs(W, X1, T)
    softmax_gradient, function = student_answer(softmax_gradient, "softmax_gradient", function=True)
    n_samples = X1.shape[0]
    expected = cross_entropy_gradient(W, X1, T)
    scores = X1 @ W
    summed = expected * n_samples
    mistakes = [
        Mistake("returned the transpose, K x (D + 1)",
                "The gradient has the shape of W, (D + 1) x K: one row per feature (row 0 the "
                "bias), one column per class. Write X1.T @ (...), not (...).T @ X1.", expected.T),
        Mistake("computed t - y_hat instead of y_hat - t (the sign is flipped)",
                "t - y_hat is the gradient of the log-likelihood, which we maximise; J is its "
                "negative, so its gradient is X1^T (y_hat - t) / N.", -expected),
        Mistake("computed X1^T (t - y_hat) summed over the samples: the gradient of the total "
                "log-likelihood, with the opposite sign and not divided by N",
                "J is the MEAN cross-entropy, the negative of the log-likelihood divided by N: "
                "its gradient is X1^T (y_hat - t) / N.", -summed),
        Mistake("summed over the samples but did not divide by N",
                "J is the mean cross-entropy, so its gradient is the mean of x_n (y_hat_n - "
                "t_n)^T: divide the sum by N.", summed),
        Mistake("divided by N twice",
                "Divide the sum over the samples by N once.", expected / n_samples),
        Mistake("used exp(scores) without normalising them (not the softmax)",
                "Divide each row of exp(X1 @ W) by its sum over the classes, or use "
                "softmax(X1 @ W, axis=1) (scipy.special).",
                X1.T @ (np.exp(scores) - T) / n_samples),
        Mistake("normalised the softmax over the samples (axis 0), not over the classes",
                "Each row (one sample) of y_hat must sum to one: normalise along axis=1, or "
                "use softmax(X1 @ W, axis=1) (scipy.special).",
                X1.T @ (softmax(scores, axis=0) - T) / n_samples),
        Mistake("used the log-probabilities (log_softmax) where the probabilities y_hat belong",
                "The gradient has y_hat - t with y_hat = softmax(X1 @ W), the probabilities "
                "themselves, not their logs.",
                X1.T @ (log_softmax(scores, axis=1) - T) / n_samples),
        Mistake("left out the targets: X1^T y_hat / N instead of X1^T (y_hat - t) / N",
                "Subtract the one-hot targets T from the probabilities before multiplying "
                "by X1.T.", X1.T @ softmax(scores, axis=1) / n_samples),
        Mistake("divided by N K (a mean over every entry) instead of by N",
                "J averages over the N samples only; the sum over the K classes stays a sum.",
                expected / T.shape[1]),
        Mistake("applied the logistic function to each score on its own (sigmoid) instead of "
                "the softmax",
                "With K classes y_hat_n = softmax(W^T x_n): exponentiate and divide by the sum "
                "over the classes, so that the K probabilities of a sample sum to one.",
                X1.T @ (expit(scores) - T) / n_samples),
        Mistake("returned y_hat - t without multiplying by the inputs x_n (one row per sample)",
                "The gradient sums x_n (y_hat_n - t_n)^T over the samples: X1.T @ (y_hat - T) / N, "
                "which has the shape of W.", softmax(scores, axis=1) - T),
    ]
    answer = call_student_function(softmax_gradient, W, X1, T, name=function)
    name = f"{function}(W, X1, T)"
    check_answer(answer, expected, name=name, mistakes=mistakes,
                 axes=("feature (row 0 the bias)", "class"), counts={"sample": n_samples})


# -------------------------------------------------------------------- exercise 3
def check_lda_weights(W_lda, X, y, priors):
    r"""Check the weight vectors of LDA's linear scores, one row per class.

    LDA is ``GaussianClassifier(covariance="tied", priors=priors)`` fitted to ``(X, y)``,
    with class means :math:`\mu_k` (``means_``) and the shared within-class covariance
    :math:`\Sigma` (``covariances_[0]``). The right answer is the
    :math:`K \times D` matrix with rows

    .. math::

        w_k = \Sigma^{-1}\mu_k ,

    so that the scores :math:`a_k(x) = w_k^T x + w_{0k}` have softmax ``predict_proba``:
    the ``W`` of the model's ``linear_scores()``. Relative tolerance `checking.RTOL`.

    Recognised mistakes: the transpose (:math:`D \times K`, means as columns); the
    biases included, as a column of a :math:`K \times (D + 1)` matrix or as row 0 of
    logistic regression's :math:`(D + 1) \times K` layout; each class's own covariance
    :math:`\Sigma_k` (QDA's) in place of the shared one; the total covariance of all
    samples around the overall mean (lecture 004's formula, divided by :math:`N` or
    :math:`N - 1`); the within-class scatter divided by :math:`N - K`; the class
    covariances weighted by the priors (scikit-learn's LDA);
    only the variances (the diagonal of :math:`\Sigma`); :math:`\Sigma\mu_k` instead
    of :math:`\Sigma^{-1}\mu_k`; the means themselves (:math:`\Sigma^{-1}` left out).

    Parameters
    ----------
    W_lda : array-like of shape (K, D), or str
        The student's answer, or the name of the notebook variable that holds it.
    X : array-like of shape (N, D)
    y : array-like of shape (N,)
    priors : array-like of shape (K,)
        The priors :math:`\pi_k` the model was fitted with, in the order of ``classes_``.

    Examples
    --------
    >>> check_lda_weights([[1.0], [6.0]], [[0.0], [2.0], [5.0], [7.0]], [0, 0, 1, 1], [0.5, 0.5])
    Right: `W_lda` matches (relative tolerance 1e-05).
    """
    X, y, tied, per_class = _tied_and_per_class(X, y, priors)
    W_lda, name = student_answer(W_lda, "W_lda")
    expected, w0 = tied.linear_scores()
    with_biases = "W_lda holds the weights w_k only; the biases w_0k go in w0_lda."
    mistakes = [
        Mistake("left the weights as columns, D x K "
                "(np.linalg.solve(Sigma, means_.T) has one column per class)",
                "Transpose the result, so that row k is w_k, like row k of means_.", expected.T),
        Mistake("put the biases in W_lda, as column 0 of a K x (D + 1) matrix",
                with_biases, np.column_stack([w0, expected])),
        Mistake("put the biases in W_lda, in logistic regression's (D + 1) x K layout "
                "(exercise 2's W)", with_biases, np.vstack([w0, expected.T])),
    ]
    mistakes += [Mistake(diagnosis, fix,
                         tied_linear_scores(tied.means_, covariance, tied.priors_).W)
                 for diagnosis, fix, covariance in _other_covariances(X, y, tied)]
    mistakes += [
        Mistake("multiplied the means by Sigma instead of solving with it (Sigma mu_k, not "
                "Sigma^-1 mu_k)",
                "w_k = Sigma^-1 mu_k: use np.linalg.solve(Sigma, ...) (or the inverse).",
                tied.means_ @ tied.covariances_[0]),
        Mistake("left out Sigma^-1: these are the class means themselves",
                "w_k = Sigma^-1 mu_k: solve Sigma w_k = mu_k, e.g. "
                "np.linalg.solve(Sigma, lda.means_.T).T.", tied.means_),
    ]
    if per_class is not None:
        mistakes.append(Mistake(
            "used each class's own covariance Sigma_k (QDA's) instead of the shared one",
            "LDA has one covariance for all classes, the within-class covariance "
            "(covariances_[0] of the tied model); with Sigma_k the scores are not linear.",
            per_class[0]))
    check_answer(W_lda, expected, name=name, mistakes=mistakes, axes=("class", "feature"),
                 counts={"sample": len(X)})


def check_lda_biases(w0_lda, X, y, priors):
    r"""Check the biases of LDA's linear scores, one per class.

    With LDA as in `check_lda_weights`, the right answer has shape :math:`(K,)`:

    .. math::

        w_{0k} = \log\pi_k - \tfrac12\mu_k^T\Sigma^{-1}\mu_k ,

    the ``w0`` of the model's ``linear_scores()``. Relative tolerance `checking.RTOL`.

    Recognised mistakes: :math:`\log\pi_k` left out; the :math:`\frac12` left out;
    :math:`\pi_k` instead of :math:`\log\pi_k`; :math:`\log_{10}\pi_k`; the class
    frequencies :math:`N_k/N` in place of the given priors; the quadratic term added
    instead of subtracted; the whole :math:`K \times K` matrix
    :math:`\mu_j^T\Sigma^{-1}\mu_k` in place of its diagonal; each class's own
    covariance :math:`\Sigma_k`, or one of the shared covariances that
    `check_lda_weights` names, in place of the ML within-class one;
    :math:`\mu_k^T\Sigma\mu_k`; a column :math:`(K, 1)` instead of a vector
    :math:`(K,)`; the priors in another order; the Gaussian's normaliser
    :math:`-\frac12\log|\Sigma|` (with or without :math:`-\frac D2\log 2\pi`) kept in,
    although it is the same for every class and cancels.

    Parameters
    ----------
    w0_lda : array-like of shape (K,), or str
        The student's answer, or the name of the notebook variable that holds it.
    X, y, priors
        As in `check_lda_weights`.

    Examples
    --------
    >>> w0_lda = np.log(0.5) - np.array([0.5, 18.0])      # log pi_k - mu_k^2 / 2, Sigma = 1
    >>> check_lda_biases(w0_lda, [[0.0], [2.0], [5.0], [7.0]], [0, 0, 1, 1], [0.5, 0.5])
    Right: `w0_lda` matches (relative tolerance 1e-05).
    """
    X, y, tied, per_class = _tied_and_per_class(X, y, priors)
    w0_lda, name = student_answer(w0_lda, "w0_lda")
    W, expected = tied.linear_scores()
    log_priors = np.log(tied.priors_)
    quadratic = 2 * (log_priors - expected)           # mu_k^T Sigma^-1 mu_k
    frequencies = np.unique(y, return_counts=True)[1] / len(X)
    products = W @ tied.means_.T                      # mu_j^T Sigma^-1 mu_k, K x K
    mistakes = [
        Mistake("left out log pi_k",
                "The prior enters the score as log pi_k: with unequal priors, leaving it out "
                "moves every boundary towards the rarer classes.", -0.5 * quadratic),
        Mistake("left out the 1/2 in front of mu_k^T Sigma^-1 mu_k",
                "log N(x; mu_k, Sigma) has -1/2 (x - mu_k)^T Sigma^-1 (x - mu_k); expanding it "
                "keeps the 1/2 on the mu_k^T Sigma^-1 mu_k term.", log_priors - quadratic),
        Mistake("added pi_k instead of log pi_k",
                "The score is a log-probability: the prior enters as its logarithm.",
                tied.priors_ - 0.5 * quadratic),
        Mistake("used base-10 logarithms of the priors (np.log10)",
                "The lectures' logs are natural logs: use np.log.",
                np.log10(tied.priors_) - 0.5 * quadratic),
        Mistake("used the class frequencies N_k / N instead of the priors the model was "
                "fitted with",
                "This exercise's priors are given (PRIORS, also lda.priors_): use "
                "np.log(lda.priors_).", np.log(frequencies) - 0.5 * quadratic),
        Mistake("added the quadratic term instead of subtracting it",
                "It is -1/2 mu_k^T Sigma^-1 mu_k: the expansion of -1/2 (x - mu_k)^T "
                "Sigma^-1 (x - mu_k) gives a minus sign.", log_priors + 0.5 * quadratic),
    ]
    kept_diagonal = ("Only the diagonal, j = k, belongs in w_0k: np.sum(W_lda * means_, "
                     "axis=1) gives one number per class.")
    mistakes += [Mistake("computed the whole K x K matrix mu_j^T Sigma^-1 mu_k (a matrix "
                         "product) instead of one number per class", kept_diagonal,
                         log_pi - 0.5 * products) for log_pi in (log_priors, log_priors[:, None])]
    for diagnosis, fix, covariance in _other_covariances(X, y, tied):
        mistakes.append(Mistake(f"{diagnosis}, in mu_k^T Sigma^-1 mu_k (as in W_lda?)", fix,
                                tied_linear_scores(tied.means_, covariance, tied.priors_).w0))
    _, log_det = np.linalg.slogdet(tied.covariances_[0])
    normaliser = ("kept the Gaussian's normaliser in the bias, which is the same for every "
                  "class")
    normaliser_fix = ("w_0k keeps only what differs between the classes: log pi_k - 1/2 "
                      "mu_k^T Sigma^-1 mu_k. The shared -1/2 log|Sigma| (and -D/2 log 2 pi) "
                      "cancels in the softmax.")
    mistakes += [
        Mistake(f"{normaliser} (-1/2 log|Sigma|)", normaliser_fix, expected - 0.5 * log_det),
        Mistake(f"{normaliser} (-1/2 log|Sigma| - D/2 log 2 pi)", normaliser_fix,
                expected - 0.5 * log_det - 0.5 * X.shape[1] * np.log(2 * np.pi)),
        *Mistake.prior_orders(tied.priors_, lambda order: np.log(order) - 0.5 * quadratic,
                              "PRIORS follow the sorted classes, like the rows of lda.means_: "
                              "use np.log(lda.priors_).", of="the classes (lda.classes_)"),
    ]
    multiplied = tied.means_ @ tied.covariances_[0]
    mistakes.append(Mistake(
        "computed mu_k^T Sigma mu_k instead of mu_k^T Sigma^-1 mu_k (as with Sigma mu_k in "
        "W_lda?)", "Solve with Sigma (np.linalg.solve) instead of multiplying by it.",
        log_priors - 0.5 * np.sum(multiplied * tied.means_, axis=1)))
    if per_class is not None:
        mistakes.append(Mistake(
            "used each class's own covariance Sigma_k (QDA's) instead of the shared one",
            "LDA has one covariance for all classes: covariances_[0] of the tied model.",
            per_class[1]))
    mistakes.append(Mistake(
        "returned a column of shape (K, 1) instead of a vector of shape (K,)",
        "Added to the (N, K) scores X @ W_lda.T, a (K, 1) column broadcasts to the wrong "
        "shape or fails; return a flat vector (e.g. with .ravel()).", expected[:, None]))
    check_answer(w0_lda, expected, name=name, mistakes=mistakes, axes=("class",),
                 counts={"feature": X.shape[1], "sample": len(X)})


# -------------------------------------------------------------------- exercise 4
def check_bayes_error(bayes_error, mean_0, mean_1, covariance):
    r"""Check a function ``bayes_error(mean_0, mean_1, covariance)`` that returns the Bayes
    error of two equally likely Gaussian classes with one shared covariance.

    With :math:`\Delta = \sqrt{(\mu_1 - \mu_0)^T\Sigma^{-1}(\mu_1 - \mu_0)}`, the
    Mahalanobis distance between the means, the right answer is

    .. math::

        P(\text{error}) = \Phi(-\Delta / 2),

    :math:`\Phi` the standard normal distribution function
    (`lecture_utils.gaussian.tied_bayes_error`). Relative tolerance `checking.RTOL`.

    Recognised mistakes: :math:`\Phi(-\Delta)` (the half forgotten); the squared distance
    :math:`\Delta^2` used as :math:`\Delta`; the Euclidean distance
    :math:`\lVert\mu_1 - \mu_0\rVert` instead of the Mahalanobis one (the same when
    :math:`\Sigma = I`); only the variances, the diagonal of :math:`\Sigma` (the same as
    the Euclidean distance when every variance is 1: both are named then);
    :math:`\Sigma` in place of :math:`\Sigma^{-1}` (also the same when
    :math:`\Sigma = I`); the half taken of :math:`\Delta^2` instead of :math:`\Delta`;
    the log of the error; the Bayes accuracy :math:`\Phi(\Delta/2)` instead of the error;
    :math:`\Phi(-\Delta)/2` (a bracket slip); :math:`2\Phi(-\Delta/2)`, the two classes'
    error rates added without their priors :math:`\frac12`; the density
    :math:`\varphi(\Delta/2)` (``norm.pdf``) instead of :math:`\Phi`; the right number
    inside an array of one entry. A function that returns None is told so.

    Parameters
    ----------
    bayes_error : callable or str
        The student's function of ``(mean_0, mean_1, covariance)``, or its name.
    mean_0, mean_1 : array-like of shape (D,)
    covariance : array-like of shape (D, D)
        Symmetric positive definite.

    Examples
    --------
    >>> from scipy.stats import norm
    >>> def bayes_error(mean_0, mean_1, covariance):
    ...     d = np.subtract(mean_1, mean_0)
    ...     return norm.cdf(-0.5 * np.sqrt(d @ np.linalg.solve(covariance, d)))
    >>> check_bayes_error(bayes_error, [0.0, 0.0], [2.0, 1.0], [[1.0, 0.5], [0.5, 2.0]])
    Right: `bayes_error(mean_0, mean_1, covariance)` matches (relative tolerance 1e-05).
    """
    mean_0, mean_1, covariance, expected = _check_gaussian_problem(mean_0, mean_1, covariance)
    bayes_error, function = student_answer(bayes_error, "bayes_error", function=True)
    difference = mean_1 - mean_0
    squared = float(difference @ np.linalg.solve(covariance, difference))
    delta = np.sqrt(squared)
    euclidean = float(np.linalg.norm(difference))
    with_sigma = np.sqrt(float(difference @ covariance @ difference))
    variances_only = np.sqrt(float(np.sum(difference ** 2 / np.diag(covariance))))
    mistakes = [
        Mistake("computed Phi(-Delta): the half is missing",
                "The Bayes boundary lies halfway between the means, Delta/2 from each of them "
                "in Mahalanobis units: the error is Phi(-Delta/2).", ndtr(-delta)),
        Mistake("used the squared Mahalanobis distance Delta^2 as Delta",
                "Delta is the square root of (mu_1 - mu_0)^T Sigma^-1 (mu_1 - mu_0).",
                ndtr(-0.5 * squared)),
        Mistake("used only the variances, the diagonal of Sigma, in the distance, and dropped "
                "the covariance between the features",
                "Delta^2 = (mu_1 - mu_0)^T Sigma^-1 (mu_1 - mu_0) with the whole matrix: "
                "solve with Sigma (np.linalg.solve), off-diagonal entries included.",
                ndtr(-0.5 * variances_only)),
        Mistake("used the Euclidean distance between the means, not the Mahalanobis distance",
                "Measure the distance in units of the shared covariance: Delta^2 = "
                "(mu_1 - mu_0)^T Sigma^-1 (mu_1 - mu_0). (With Sigma = I the two coincide, "
                "which is why an identity covariance cannot tell them apart.)",
                ndtr(-0.5 * euclidean)),
        Mistake("used Sigma instead of Sigma^-1 in the distance",
                "Delta^2 = (mu_1 - mu_0)^T Sigma^-1 (mu_1 - mu_0): solve with Sigma "
                "(np.linalg.solve), do not multiply by it.", ndtr(-0.5 * with_sigma)),
        Mistake("returned the Bayes accuracy Phi(Delta/2), not the error",
                "The error is the probability of the wrong side: Phi(-Delta/2) = "
                "1 - Phi(Delta/2).", ndtr(0.5 * delta)),
        Mistake("computed Phi(-Delta) / 2: the 1/2 divides the probability, not the distance "
                "(a bracket in the wrong place)",
                "Halve Delta inside the distribution function: norm.cdf(-delta / 2).",
                ndtr(-delta) / 2),
        Mistake("added the two classes' error rates without weighting them by their priors "
                "(2 Phi(-Delta/2))",
                "P(error) = pi_0 P(error | 0) + pi_1 P(error | 1) with pi_0 = pi_1 = 1/2; the "
                "two rates are equal, so the error is one of them.", 2 * ndtr(-0.5 * delta)),
        Mistake("used the density norm.pdf instead of the distribution function norm.cdf",
                "The error is a probability, the area of the tail beyond Delta/2: norm.cdf(-delta "
                "/ 2).", np.exp(-delta**2 / 8) / np.sqrt(2 * np.pi)),
        Mistake("halved the squared distance, Phi(-sqrt(Delta^2 / 2)), instead of the distance",
                "The boundary is Delta/2 from each mean: take the square root first, then "
                "halve, norm.cdf(-np.sqrt(Delta^2) / 2).", ndtr(-np.sqrt(squared / 2))),
        Mistake("gave the log of the error (norm.logcdf), not the error",
                "The Bayes error is a probability: norm.cdf, not norm.logcdf.", np.log(expected)),
    ]
    answer = call_student_function(bayes_error, mean_0, mean_1, covariance, name=function)
    numbers = as_numbers(answer)
    if numbers is not None and numbers.ndim and numbers.size == 1:
        mistakes.append(Mistake(f"returned an array of shape {numbers.shape} instead of a number",
                                "Return a plain number: float(...) of your result, or .item().",
                                np.reshape(expected, numbers.shape)))
    name = f"{function}(mean_0, mean_1, covariance)"
    check_answer(answer, expected, name=name, mistakes=mistakes)
