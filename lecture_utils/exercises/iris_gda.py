r"""Checks for ``notebooks/exercises/01_iris_gda_exercises.ipynb`` (Gaussian discriminant analysis).

Each check recomputes the right answer from the inputs the student used, with
`lecture_utils.gaussian.GaussianClassifier` and `lecture_utils.decision.log_posteriors`,
and names the typical mistakes below when the answer matches one of them. No
message shows the right value.

=========================  =====================================================
check                      recognised mistakes
=========================  =====================================================
`check_class_means`        transposed (D, K); the overall mean for every class;
                           class sums instead of averages; class sums divided
                           by N; averaged over the features too (``mean()``
                           without ``axis=0``) or instead (``axis=1``, when the
                           classes are equally large); the classes in another
                           order than ``np.unique(y)``
`check_class_covariances`  divided by N_k - 1 (``np.cov``'s default); divided by
                           N instead of N_k; the pooled (tied) covariance for
                           every class; the covariance of all the data for every
                           class (divided by N or N - 1); centred on the overall
                           mean; not centred (second moments); only the variances
                           kept; (N_k, N_k) matrices (``np.cov`` without
                           ``rowvar=False``, or R R^T for R^T R; recognised when
                           all classes have the same size); the classes in
                           another order
`check_log_density`        the density instead of its log; base-10 log;
                           log|Sigma| without its factor 1/2; log|Sigma| taken as
                           sum_i log L_ii (its factor 2 forgotten); |Sigma| for
                           log|Sigma|; the log of Sigma's diagonal for
                           log|Sigma|; the D log 2 pi term forgotten, or without
                           its 1/2; the 1/2 before the Mahalanobis term
                           forgotten; not centred on the mean; Sigma where its
                           inverse belongs (the same as multiplying by L^T);
                           multiplied by L instead of solving with it; solved
                           with L^T instead of L; ``lower=True`` left out (only
                           the diagonal of L used); only the variances (a naive
                           density); summed over the samples (shape (D,), or one
                           number); shape (N, 1) instead of (N,)
`check_posteriors`         the prior forgotten or equal priors used (as
                           ``predict_proba`` of a model fitted on balanced data);
                           the priors in another order; the prior added instead
                           of its log; log-likelihoods multiplied by the prior;
                           base-10 log of the prior; not normalised (the joint);
                           normalised before multiplying by the prior;
                           log-posteriors instead of posteriors; normalised over
                           the samples (wrong axis) or over all entries (no
                           axis); transposed (K, N); the decisions (argmax);
                           exp normalised without log-sum-exp (nan where every
                           density underflows, or that nan replaced by 0)
=========================  =====================================================

Every check takes the answer (or function) as an object or by its name in the
notebook.
"""

import numpy as np
from scipy.linalg import solve_triangular
from scipy.special import softmax

from ..decision import log_posteriors
from ..gaussian import GaussianClassifier
from .checking import (
    Mistake,
    as_numbers,
    call_student_function,
    check_answer,
    class_priors,
    compare,
    labelled_data,
    matches,
    report,
    student_answer,
)

__all__ = ["check_class_means", "check_class_covariances", "check_log_density",
           "check_posteriors"]


def _full_model(X, y):
    return GaussianClassifier(covariance="full").fit(X, y)


def check_class_means(means, X, y):
    r"""Check the ML class means, one row per class.

    .. math::

        \mu_k = \frac{1}{N_k} \sum_{n:\, y_n = k} x_n, \qquad
        \texttt{means} \text{ of shape } (K, D),

    rows in the order of ``np.unique(y)`` (``GaussianClassifier.classes_``).
    Relative tolerance `checking.RTOL`.

    Parameters
    ----------
    means : array_like of shape (K, D), or str
        The student's answer, or the name of the notebook variable that holds it.
    X : array_like of shape (N, D)
        The data the means were computed from.
    y : array_like of shape (N,)
        Its labels.

    Raises
    ------
    NotYetRight
        If ``means`` is not right; a recognised mistake is named.
    ValueError
        If ``X`` and ``y`` are not labelled data.

    Examples
    --------
    >>> check_class_means([[1.0], [6.0]], [[0.0], [2.0], [5.0], [7.0]], [0, 0, 1, 1])
    Right: `means` matches (relative tolerance 1e-05).
    """
    X, y = labelled_data(X, y, covariance=True)
    means, name = student_answer(means, "means")
    classes, sizes = np.unique(y, return_counts=True)
    expected = _full_model(X, y).means_
    mistakes = [
        Mistake.transposed(expected),
        Mistake("averaged over all samples, ignoring the classes",
                "Average only the rows of class k: X[y == k].mean(axis=0).",
                np.tile(X.mean(axis=0), (classes.size, 1))),
        Mistake("summed each class's samples without dividing by N_k",
                "The ML mean is an average: divide each class's sum by its count N_k.",
                np.stack([X[y == c].sum(axis=0) for c in classes])),
        Mistake("averaged over the features too (mean() without axis=0), one number per class",
                "Average over the samples only, X[y == k].mean(axis=0), which leaves one value per "
                "feature: a row of length D per class.",
                np.array([X[y == c].mean() for c in classes])),
        Mistake("divided each class's sum by N, the number of all samples, instead of N_k",
                "The mean of class k averages its own N_k samples: divide by N_k, e.g. "
                "X[y == k].mean(axis=0).",
                np.stack([X[y == c].sum(axis=0) / len(X) for c in classes])),
        *Mistake.class_orders(expected),
    ]
    if np.all(sizes == sizes[0]):   # one mean per sample stacks into (K, N_k)
        mistakes.append(Mistake(
            "averaged over the features (axis=1) instead of over the samples (axis=0)",
            "X[y == k] has one row per sample: average down the rows, mean(axis=0), which "
            "leaves one value per feature.", np.stack([X[y == c].mean(axis=1) for c in classes])))
    report(name, _empty_classes(means, name, len(classes)) or compare(
        means, expected, name=name, mistakes=mistakes, axes=("class", "feature"),
        counts={"sample of a class": int(sizes[0]), "sample": len(X)}))


def check_class_covariances(covariances, X, y):
    r"""Check the ML class covariances, one (D, D) matrix per class.

    .. math::

        \Sigma_k = \frac{1}{N_k} \sum_{n:\, y_n = k} (x_n - \mu_k)(x_n - \mu_k)^T,
        \qquad \texttt{covariances} \text{ of shape } (K, D, D),

    in the order of ``np.unique(y)``. Relative tolerance `checking.RTOL`.

    Parameters
    ----------
    covariances : array_like of shape (K, D, D), or str
        The student's answer, or the name of the notebook variable that holds it.
    X : array_like of shape (N, D)
    y : array_like of shape (N,)

    Raises
    ------
    NotYetRight
        If ``covariances`` is not right; a recognised mistake is named.
    ValueError
        If ``X`` and ``y`` are not labelled data, or a class has no more samples than
        features (its ML covariance would be singular).

    Examples
    --------
    >>> check_class_covariances([[[1.0]], [[1.0]]], [[0.0], [2.0], [5.0], [7.0]], [0, 0, 1, 1])
    Right: `covariances` matches (relative tolerance 1e-05).
    """
    X, y = labelled_data(X, y, covariance=True)
    covariances, name = student_answer(covariances, "covariances")
    classes = np.unique(y)
    K = classes.size
    expected = _full_model(X, y).covariances_
    pooled = GaussianClassifier(covariance="tied").fit(X, y).covariances_
    every_class = "the same matrix for every class"
    residuals = [X[y == c] - X[y == c].mean(axis=0) for c in classes]
    around_overall = [X[y == c] - X.mean(axis=0) for c in classes]
    mistakes = [
        Mistake("divided by N_k - 1 instead of N_k (np.cov's default)",
                "The ML estimate divides the scatter by N_k: use np.cov(..., bias=True) "
                "or divide the centred outer products by N_k yourself.",
                np.stack([np.cov(X[y == c], rowvar=False) for c in classes])),
        Mistake("divided each class's scatter by N, the number of all samples, instead of N_k",
                "Sigma_k averages over the samples of class k only: divide its scatter by N_k, the "
                "size of class k.", np.stack([R.T @ R / len(X) for R in residuals])),
        Mistake(f"gave the pooled (tied, LDA) covariance as {every_class}",
                "Each class gets its own covariance, from its own samples around its own mean.",
                pooled),
        Mistake(f"gave the covariance of all the data, around the overall mean, as {every_class}",
                "Use only the samples of class k, centred on the class mean mu_k: that "
                "also leaves out the spread between the class means.",
                np.stack([np.cov(X, rowvar=False, bias=True)] * K)),
        Mistake("gave the covariance of all the data (np.cov(X.T), divided by N - 1) as "
                f"{every_class}",
                "Use only the samples of class k, centred on the class mean mu_k, and divide by "
                "N_k.", np.stack([np.cov(X, rowvar=False)] * K)),
        Mistake("centred each class's samples on the overall mean instead of the class's own mean",
                "Subtract mu_k, the mean of class k, from the samples of class k: centring on the "
                "overall mean adds the spread between the classes.",
                np.stack([R.T @ R / len(R) for R in around_overall])),
        Mistake("forgot to centre the samples on the class mean (second moments, not covariances)",
                "Subtract mu_k from every sample of class k before forming the outer products.",
                np.stack([X[y == c].T @ X[y == c] / np.sum(y == c) for c in classes])),
        Mistake("forgot to divide the scatter by N_k (the sum of the outer products, not "
                "their average)",
                "The ML covariance averages the centred outer products: divide the scatter "
                "R^T R of class k by N_k.", np.stack([R.T @ R for R in residuals])),
        Mistake("gave the correlation matrices (np.corrcoef), not the covariances",
                "A correlation divides each covariance by both standard deviations; the model "
                "needs the covariances themselves: np.cov(..., rowvar=False, bias=True).",
                np.stack([np.corrcoef(X[y == c], rowvar=False) for c in classes])),
        Mistake("kept only the variances (a diagonal matrix, as naive Bayes would)",
                "The full model keeps the covariances between features, the off-diagonal entries, "
                "too.", expected * np.eye(X.shape[1])),
        *Mistake.class_orders(expected, what="matrices"),
    ]
    if len({len(R) for R in residuals}) == 1 < X.shape[1]:   # (N_k, N_k) per class stacks
        per_sample = ("gave one row and column per sample (N_k x N_k matrices), not per "
                      "feature")
        per_sample_fix = ("np.cov reads each row as one variable: pass rowvar=False (and "
                          "bias=True); by hand, the scatter is R^T R (D x D) for the centred "
                          "samples R as rows, not R R^T.")
        mistakes += [Mistake(per_sample, per_sample_fix, answer) for answer in (
            np.stack([np.cov(X[y == c]) for c in classes]),
            np.stack([np.cov(X[y == c], bias=True) for c in classes]),
            np.stack([R @ R.T / len(R) for R in residuals]))]
    check_answer(covariances, expected, name=name, mistakes=mistakes,
                 axes=("class", "feature", "feature"),
                 counts={"sample of a class": len(residuals[0])})


def _log_density_mistakes(X, mean, covariance):
    """The log-densities typical mistakes give for one class, built from the formula."""
    D = X.shape[1]
    log_2pi = np.log(2 * np.pi)
    L = np.linalg.cholesky(covariance)
    centred = (X - mean).T
    half_log_det = np.log(np.diag(L)).sum()

    def from_distance(squared, half_log_det=half_log_det):
        return -0.5 * (D * log_2pi + squared) - half_log_det

    squared = np.sum(solve_triangular(L, centred, lower=True) ** 2, axis=0)
    expected = from_distance(squared)
    multiply_fix = ("Solve the triangular system L z = x - mu (solve_triangular(L, ..., "
                    "lower=True)): z = L^{-1}(x - mu), so that |z|^2 is the squared "
                    "Mahalanobis distance.")
    variances = np.diag(covariance)
    return [
        Mistake.probability_not_log(expected),
        Mistake.log10_not_ln(expected),
        Mistake("used log|Sigma| without its factor 1/2",
                "The normaliser is sqrt((2 pi)^D |Sigma|), so its log contributes -(1/2) "
                "log|Sigma| = -sum_i log L_ii.", expected - half_log_det),
        Mistake("took log|Sigma| to be sum_i log L_ii, forgetting its factor 2",
                "|Sigma| = |L| |L^T| = (prod_i L_ii)^2, so log|Sigma| = 2 sum_i log L_ii, and the "
                "log-density subtracts half of that.", expected + 0.5 * half_log_det),
        Mistake("used the determinant |Sigma| itself where its logarithm belongs",
                "The log of the normaliser has -(1/2) log|Sigma|: take np.linalg.slogdet, or 2 "
                "sum_i log L_ii.", expected + half_log_det - 0.5 * np.linalg.det(covariance)),
        Mistake("took log|Sigma| as the sum of the logs of Sigma's diagonal (the variances), which "
                "ignores the covariances",
                "log|Sigma| = 2 sum_i log L_ii with L the Cholesky factor (or np.linalg.slogdet): "
                "the determinant of a full matrix is not the product of its diagonal.",
                from_distance(squared, 0.5 * np.log(variances).sum())),
        Mistake("forgot the -(D/2) log(2 pi) term",
                "The normaliser (2 pi)^(-D/2) is part of the density: subtract (D/2) log(2 pi).",
                expected + 0.5 * D * log_2pi),
        Mistake("subtracted D log(2 pi), without its factor 1/2",
                "The normaliser is (2 pi)^(-D/2): its log is -(D/2) log(2 pi).",
                expected - 0.5 * D * log_2pi),
        Mistake("forgot the factor 1/2 in front of the squared Mahalanobis distance",
                "The exponent is -(1/2) (x - mu)^T Sigma^{-1} (x - mu).", expected - 0.5 * squared),
        Mistake("forgot to subtract the mean before solving",
                "The Mahalanobis distance is measured from mu: solve L z = x - mu, not L z = x.",
                from_distance(np.sum(solve_triangular(L, X.T, lower=True) ** 2, axis=0))),
        Mistake("used Sigma where its inverse belongs, (x - mu)^T Sigma (x - mu) instead of (x - "
                "mu)^T Sigma^{-1} (x - mu) (or you multiplied by the Cholesky factor, |L^T (x - "
                "mu)|^2, which is the same number)",
                "The squared Mahalanobis distance divides by the covariance: solve with it instead "
                "of multiplying, e.g. z = solve_triangular(L, x - mu, lower=True) and |z|^2.",
                from_distance(np.einsum("in,ij,jn->n", centred, covariance, centred))),
        Mistake("multiplied by the Cholesky factor L instead of solving with it", multiply_fix,
                from_distance(np.sum((L @ centred) ** 2, axis=0))),
        Mistake("solved with L^T instead of L",
                "Sigma = L L^T, so Sigma^{-1} = L^{-T} L^{-1}: solve with the lower-triangular "
                "L itself, solve_triangular(L, x - mu, lower=True).",
                from_distance(np.sum(solve_triangular(L.T, centred, lower=False) ** 2, axis=0))),
        Mistake("called solve_triangular without lower=True, so it read L as upper "
                "triangular and used only its diagonal",
                "solve_triangular assumes an upper-triangular matrix by default; "
                "np.linalg.cholesky returns a lower-triangular one: pass lower=True.",
                from_distance(np.sum(solve_triangular(L, centred) ** 2, axis=0))),
        Mistake("used only the variances, the diagonal of Sigma (naive Bayes' density), and "
                "dropped the covariances",
                "The full model's density uses the whole covariance matrix: its Cholesky "
                "factor L of Sigma, not sqrt of the variances.",
                -0.5 * (D * log_2pi + np.log(variances).sum()
                        + np.sum(centred ** 2 / variances[:, None], axis=0))),
        Mistake("summed the squared whitened residuals over the samples instead of over the "
                "features (one number per feature)",
                "With z of shape (D, N), sum over axis 0, the features, so that one squared "
                "distance per sample remains.",
                from_distance(np.sum(solve_triangular(L, centred, lower=True) ** 2, axis=1))),
        Mistake("returned a column of shape (N, 1) instead of a flat array of shape (N,)",
                "Sum the squared whitened residuals over the feature axis so that one number "
                "per sample remains; a column would broadcast silently against (N,) arrays.",
                expected[:, None]),
        Mistake("computed the whole N x N matrix (x_i - mu)^T Sigma^{-1} (x_j - mu) (a matrix "
                "product with the centred data on both sides), where only its diagonal belongs",
                "Each sample needs its own squared distance: sum the squared whitened "
                "residuals over the features, e.g. np.sum(z ** 2, axis=0) for z = "
                "solve_triangular(L, (X - mu).T, lower=True).",
                from_distance(centred.T @ np.linalg.solve(covariance, centred))),
        Mistake("summed the log-densities over the samples (the log-likelihood of the whole "
                "class), one number instead of one per sample",
                "Return log N(x_n; mu, Sigma) for every row x_n of X: an array of shape (N,).",
                expected.sum()),
    ]


def check_log_density(log_density, X, y):
    r"""Check a student's Gaussian log-density function against the fitted full model.

    For every class :math:`k` of a ``GaussianClassifier(covariance="full")``
    fitted to ``X, y``, ``log_density(X, means_[k], covariances_[k])`` must
    return, with :math:`\Sigma_k = L L^T` (Cholesky),

    .. math::

        \log \mathcal{N}(x_n; \mu_k, \Sigma_k) = -\frac{D}{2} \log 2\pi
            - \sum_{i=1}^{D} \log L_{ii} - \frac12 \lVert L^{-1}(x_n - \mu_k) \rVert^2,

    an array of shape (N,): column :math:`k` of the model's ``log_likelihood(X)``.
    Relative tolerance `checking.RTOL`. The function gets copies of the inputs.

    Parameters
    ----------
    log_density : callable or str
        The student's ``log_density(X, mean, covariance)``, or its name.
    X : array_like of shape (N, D)
    y : array_like of shape (N,)

    Raises
    ------
    NotYetRight
        If the function raises, or its output is not right for some class; a
        recognised mistake is named, with the class it was found for.
    ValueError
        If ``X`` and ``y`` are not labelled data.

    Examples
    --------
    >>> from scipy.stats import multivariate_normal
    >>> check_log_density(multivariate_normal.logpdf, [[0.0], [2.0], [5.0], [7.0]], [0, 0, 1, 1])
    Right: `log_density` matches the fitted full model for all 2 classes (relative tolerance 1e-05).
    """
    X, y = labelled_data(X, y, covariance=True)
    log_density, name = student_answer(log_density, "log_density", function=True)
    model = _full_model(X, y)
    log_likelihoods, problem = model.log_likelihood(X), None
    for k, (mean, covariance) in enumerate(zip(model.means_, model.covariances_, strict=True)):
        # the fitted model is the reference; the formula only builds the mistakes
        answer = call_student_function(log_density, X, mean, covariance, name=name)
        problem = compare(answer, log_likelihoods[:, k], name=f"{name}(X, means[{k}], "
                          f"covariances[{k}])", mistakes=_log_density_mistakes(X, mean, covariance),
                          axes=("sample",), counts={"feature": X.shape[1]})
        if problem:
            break
    report(name, problem, f"the fitted full model for all {model.classes_.size} classes")


def _posterior_inputs(log_likelihoods, priors):
    log_likelihoods = np.asarray(log_likelihoods, dtype=float)
    if log_likelihoods.ndim != 2 or np.shape(priors) != (log_likelihoods.shape[1],):
        raise ValueError(f"log_likelihoods must have shape (N, K) and priors shape (K,); got "
                         f"{log_likelihoods.shape} and {np.shape(priors)}.")
    if np.any(np.isnan(log_likelihoods)) or np.any(log_likelihoods == np.inf):
        raise ValueError("log_likelihoods holds NaN or +inf; pass the model's log_likelihood(X).")
    return log_likelihoods, class_priors(priors, log_likelihoods.shape[1])


def check_posteriors(posteriors, log_likelihoods, priors):
    r"""Check posteriors computed from log-likelihoods and priors by Bayes' rule.

    With the log joint :math:`a_{nk} = \log p(x_n \mid y = k) + \log \pi_k`,

    .. math::

        P(y = k \mid x_n) = \exp\Big(a_{nk} - \log \sum_{j=1}^{K} e^{a_{nj}}\Big),
        \qquad \texttt{posteriors} \text{ of shape } (N, K),

    each row summing to one (`lecture_utils.decision.log_posteriors`, exponentiated).
    Relative tolerance `checking.RTOL`, absolute `checking.ATOL`.

    Parameters
    ----------
    posteriors : array_like of shape (N, K), or str
        The student's answer, or the name of the notebook variable that holds it.
    log_likelihoods : array_like of shape (N, K)
        :math:`\log p(x_n \mid y = k)`, as ``log_likelihood(X)`` returns them.
    priors : array_like of shape (K,)
        :math:`\pi_k`, positive, summing to one.

    Raises
    ------
    NotYetRight
        If ``posteriors`` is not right; a recognised mistake is named.
    ValueError
        If the log-likelihoods or priors are malformed.

    Examples
    --------
    >>> log_likelihoods = np.log([[0.2, 0.1], [0.05, 0.3]])
    >>> priors = np.array([0.25, 0.75])
    >>> check_posteriors([[0.4, 0.6], [0.05 / 0.95, 0.9 / 0.95]], log_likelihoods, priors)
    Right: `posteriors` matches (relative tolerance 1e-05).
    """
    log_likelihoods, priors = _posterior_inputs(log_likelihoods, priors)
    posteriors, name = student_answer(posteriors, "posteriors")
    expected_log = log_posteriors(log_likelihoods, priors)
    expected = np.exp(expected_log)
    joint = log_likelihoods + np.log(priors)
    uniform = np.full_like(priors, 1.0 / priors.size)
    mistakes = [
        Mistake("left out the priors, or used equal ones (the likelihoods alone give that, "
                "and so does predict_proba of a model fitted on equal class counts)",
                "Add log pi_k of the given priors to every column of log p(x | y = k) "
                "before normalising.",
                np.exp(log_posteriors(log_likelihoods, uniform))),
        Mistake("added the prior pi_k instead of its log",
                "In log space Bayes' rule adds log pi_k, not pi_k.",
                softmax(log_likelihoods + priors, axis=1)),
        Mistake("multiplied the log-likelihoods by the priors",
                "Bayes' rule multiplies the likelihood by the prior, which in log space adds log "
                "pi_k to the log-likelihood.", softmax(log_likelihoods * priors, axis=1)),
        Mistake("used base-10 logarithms of the priors (np.log10)",
                "The log-likelihoods are natural logs: add np.log(priors).",
                softmax(log_likelihoods + np.log10(priors), axis=1)),
        Mistake("did not normalise: that is the joint p(x, y = k), not the posterior",
                "Divide by p(x) = sum_j p(x, y = j): subtract log-sum-exp over the classes in log "
                "space.", np.exp(joint)),
        Mistake("normalised the likelihoods first and multiplied by the priors after, without "
                "normalising again",
                "Multiply by the priors first (add log pi_k), then normalise once, so that each "
                "row sums to one.", softmax(log_likelihoods, axis=1) * priors),
        *[Mistake("gave log-posteriors where the posteriors are asked for",
                  "Exponentiate the normalised log joint.", logs)
          for logs in (expected_log, Mistake.log_not_probability(expected).answer)],
        Mistake("normalised over the samples (axis 0) instead of over the classes",
                "p(x) sums over the classes of one sample: take log-sum-exp along axis=1, with "
                "keepdims=True, so that each row sums to one.", softmax(joint, axis=0)),
        Mistake("normalised over all entries at once (log-sum-exp without an axis)",
                "p(x_n) sums over the classes of one sample: take log-sum-exp along axis=1, with "
                "keepdims=True, so that each row sums to one.", softmax(joint)),
        Mistake.transposed(expected, "Rows are samples and columns classes, like "
                           "log_likelihoods: drop the `.T`, or check the axis you normalised "
                           "over."),
        Mistake("gave the decisions (the index of the most probable class), not the posteriors",
                "Keep the whole normalised table: one posterior per sample and class, shape (N, "
                "K).", np.argmax(joint, axis=1)),
        *Mistake.prior_orders(priors, lambda order: np.exp(log_posteriors(log_likelihoods,
                                                                           order)),
                              "The priors follow the classes in the order of np.unique(y), as "
                              "the columns of log_likelihoods do.",
                              of="the columns (classes) of log_likelihoods"),
    ]
    report(name, _underflow(posteriors, joint, name) or compare(
        posteriors, expected, name=name, mistakes=mistakes, axes=("sample", "class")))


def _empty_classes(means, name, n_classes):
    """The mistake of selecting no samples for a class (a mean of nothing is nan), or None."""
    answer = as_numbers(means)
    if (answer is not None and answer.ndim == 2 and answer.shape[0] == n_classes
            and np.isnan(answer).all(axis=1).any()):
        return (f"`{name}` is not yet right. It looks like you selected no samples for some "
                "classes: the mean of nothing is nan. X[y == k] is empty when k is not one of "
                "the labels, e.g. k = 0, 1, 2 from range(K) while the labels are names: loop "
                "over np.unique(y) instead.")
    return None


def _underflow(posteriors, joint, name):
    """The mistake of normalising exp(a) directly, which gives nan where every exp(a) is 0
    (and 0 where that nan was replaced), or None."""
    with np.errstate(under="ignore", invalid="ignore", divide="ignore"):
        naive = np.exp(joint) / np.exp(joint).sum(axis=1, keepdims=True)
    answer = as_numbers(posteriors)
    if answer is None or answer.shape != naive.shape or not np.isnan(naive).any():
        return None
    underflowed = int(np.isnan(naive).any(axis=1).sum())
    cause = f"for {underflowed} sample(s) every exp(a_k) underflows to 0, and 0 / 0 is nan"
    fix = "Subtract each row's maximum before exponentiating (log-sum-exp)."
    start = f"`{name}` is not yet right. It looks like you normalised exp(a_k) directly"
    if matches(answer, naive, equal_nan=True):
        return f"{start}: {cause}. {fix}"
    if matches(answer, np.nan_to_num(naive)):
        return (f"{start} and replaced the nan by 0: {cause}, and a row of zeros in its place "
                f"does not sum to one. {fix}")
    return None
