"""Gaussian class-conditional densities and the Gaussian generative classifier.

Each class ``c`` gets a multivariate normal density
:math:`f(x \\mid c) = \\mathcal{N}(x; \\mu_c, \\Sigma_c)` fitted by maximum
likelihood, and a prior :math:`P(c)`; Bayes' rule turns them into posteriors.
The four covariance models of the lectures are one parameter:

==============  ===========================================================
``full``        one covariance per class (QDA, the "MVG" classifier)
``diag``        one diagonal covariance per class (Gaussian naive Bayes)
``tied``        one covariance shared by all classes (LDA)
``tied_diag``   one diagonal covariance shared by all classes
==============  ===========================================================

The model is decided once, by `ml_estimates` in ``fit``: every fitted model then
holds one covariance matrix and one Cholesky factor per class, and predicts
through the same code. `class_statistics` computes the per-class statistics
:math:`N_k`, :math:`\\sum x_i` and :math:`\\sum x_i x_i^T` from which the ML
estimates follow, and `log_likelihood_gradients` the gradients whose zeros they are.

Densities are evaluated in log space through the Cholesky factor
:math:`\\Sigma = L L^T` (`log_class_density`): the log-determinant is twice the sum
of :math:`\\log L_{ii}`, and the Mahalanobis distance a triangular solve (`whiten`),
so no determinant is formed that could underflow. :math:`\\Sigma^{-1}` itself is
formed only for the closed form of the log-likelihood ratio
(`GaussianClassifier.llr_coefficients`), whose quadratic term is a difference of
precisions; everything else solves with :math:`L`.

A covariance matrix given as an argument is called ``cov_matrix`` (one matrix) or
``covariances`` (one per class, like the fitted ``covariances_``); ``covariance``
is only ever the name of a covariance model.
"""

from typing import NamedTuple

import numpy as np
from scipy.linalg import cho_solve, solve_triangular
from scipy.special import logsumexp, ndtr
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from .decision import BayesRuleMixin, LinearScores, QuadraticLLR, log_joint, log_posteriors
from .validation import (
    check_dimensions,
    check_features,
    check_finite,
    check_gaussian_parameters,
    check_number,
    check_option,
    check_priors,
    check_random_state,
    check_training_data,
    cholesky_factors,
    class_index,
)

COVARIANCE_TYPES = ("full", "diag", "tied", "tied_diag")
LOG_2PI = np.log(2.0 * np.pi)


def whiten(X, mean, cholesky_factor):
    r"""The whitened residuals :math:`w = L^{-1}(x - \mu)` of every row of ``X``.

    :math:`\lVert w \rVert^2 = (x - \mu)^T \Sigma^{-1} (x - \mu)` is the squared
    Mahalanobis distance. :math:`L` is lower triangular, so :math:`w` comes from a
    triangular solve (forward substitution), and entry :math:`i` of :math:`w`
    depends only on the features :math:`1, \dots, i`. For a diagonal :math:`L`
    (the diagonal models) the solve is the division :math:`w_i = (x_i - \mu_i) / L_{ii}`.

    Parameters
    ----------
    X : array-like of shape (n_samples, d)
    mean : array-like of shape (d,)
    cholesky_factor : array-like of shape (d, d)
        Lower-triangular :math:`L` with :math:`\Sigma = L L^T`.

    Returns
    -------
    ndarray of shape (n_samples, d)

    Examples
    --------
    >>> whiten([[3.0, 4.0]], mean=[1.0, 0.0], cholesky_factor=[[2.0, 0.0], [0.0, 4.0]])
    array([[1., 1.]])
    """
    residuals = np.atleast_2d(np.asarray(X, dtype=float)) - mean
    factor = np.asarray(cholesky_factor, dtype=float)
    if np.any(np.tril(factor, -1)):
        return solve_triangular(factor, residuals.T, lower=True, overwrite_b=True,
                                check_finite=False).T
    residuals /= np.diag(factor)  # a diagonal factor: the same solve, as a division
    return residuals


def log_class_density(X, mean, cholesky_factor):
    r"""Class-conditional log-density :math:`\log f(x \mid c) = \log\mathcal{N}(x; \mu, \Sigma)`.

    .. math::

        \log \mathcal{N}(x; \mu, \Sigma) = -\frac12\Big(D \log 2\pi + \log|\Sigma|
            + \lVert L^{-1}(x - \mu) \rVert^2\Big),
        \qquad \Sigma = L L^T, \quad \log|\Sigma| = 2\sum_{i=1}^{D} \log L_{ii}.

    The log-determinant comes from the diagonal of :math:`L` and the squared
    Mahalanobis distance from a triangular solve (`whiten`), so neither
    :math:`\Sigma^{-1}` nor :math:`|\Sigma|` (which underflows in hundreds of
    dimensions) is formed. With a diagonal covariance this is the sum of univariate
    log-densities, :math:`\sum_i \log \mathcal{N}(x_i; \mu_i, \sigma_i^2)`: naive Bayes.

    Parameters
    ----------
    X : array-like of shape (n_samples, D)
    mean : array-like of shape (D,)
    cholesky_factor : array-like of shape (D, D)
        Lower-triangular :math:`L` with positive diagonal.

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> log_class_density([[0.0]], [0.0], [[1.0]]).round(4)   # -log(2 pi) / 2
    array([-0.9189])
    """
    whitened = whiten(X, mean, cholesky_factor)
    log_det = 2.0 * np.log(np.diag(np.asarray(cholesky_factor, dtype=float))).sum()
    mahalanobis = np.einsum("ij,ij->i", whitened, whitened)
    return -0.5 * (whitened.shape[1] * LOG_2PI + log_det + mahalanobis)


def ml_estimates(X, y_index, covariance="full", shrinkage=0.0):
    r"""Class means and ML covariances of one covariance model.

    .. math::

        \mu_c = \frac{1}{N_c}\sum_{i: y_i = c} x_i, \qquad
        \Sigma_c = \frac{1}{N_c}\sum_{i: y_i = c}(x_i - \mu_c)(x_i - \mu_c)^T;

    the diagonal models keep only the variances (the diagonal); the tied models
    share the pooled covariance :math:`\Sigma = \frac1N \sum_c N_c \Sigma_c`, and the
    others move towards it by the shrinkage :math:`s`:
    :math:`\Sigma_c(s) = (1 - s)\,\Sigma_c + s\,\Sigma` (Friedman's regularised
    discriminant analysis, 1989). The residuals :math:`x_i - \mu_c` are formed
    first (two passes over the data, no :math:`E[x^2] - E[x]^2` cancellation).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y_index : ndarray of int of shape (n_samples,)
        The class of each row, :math:`0, \dots, K - 1`, every class present.
    covariance : {"full", "diag", "tied", "tied_diag"}, default="full"
    shrinkage : float in [0, 1], default=0.0

    Returns
    -------
    means : ndarray of shape (n_classes, n_features)
    covariances : ndarray of shape (n_classes, n_features, n_features)
        One per class; for the tied models the one shared matrix, of shape
        (1, n_features, n_features).

    Examples
    --------
    >>> means, covariances = ml_estimates([[0.0], [2.0], [3.0], [7.0]], np.array([0, 0, 1, 1]))
    >>> means.ravel().tolist(), covariances.ravel().tolist()
    ([1.0, 5.0], [1.0, 4.0])
    """
    counts = np.bincount(y_index)
    by_class = np.asarray(X)[np.argsort(y_index, kind="stable")].astype(float, copy=False)
    blocks = np.split(by_class, np.cumsum(counts)[:-1])  # each class's rows, in a copy of X
    means = np.stack([block.mean(axis=0) for block in blocks])
    with np.errstate(over="ignore", invalid="ignore"):  # diagnosed by cholesky_factors
        for block, mean in zip(blocks, means, strict=True):
            block -= mean  # the residuals x_i - mu_c
        scatters = np.stack([np.diag(np.einsum("ij,ij->j", r, r)) if covariance.endswith("diag")
                             else r.T @ r for r in blocks])
        pooled = scatters.sum(axis=0) / counts.sum()  # the tied covariance, sum_k N_k Sigma_k / N
        if covariance.startswith("tied"):
            return means, pooled[None]
        return means, (1.0 - shrinkage) * (scatters / counts[:, None, None]) + shrinkage * pooled


class ClassStatistics(NamedTuple):
    r"""The zero-, first- and second-order statistics of every class.

    .. math::

        Z_k = N_k, \qquad F_k = \sum_{i: y_i = k} x_i, \qquad
        S_k = \sum_{i: y_i = k} x_i x_i^T .

    A Gaussian's log-likelihood depends on the data of class :math:`k` only
    through them (they are sufficient statistics), so the ML estimates are
    functions of them alone. Forming :math:`S_k / Z_k - \mu_k\mu_k^T` loses
    digits when the mean is large compared with the spread; `GaussianClassifier`
    centres the data first, these methods show the formula.

    Examples
    --------
    >>> class_statistics([[1.0], [3.0], [4.0]], ["a", "a", "b"]).means().ravel().tolist()
    [2.0, 4.0]
    """

    classes: np.ndarray
    zero: np.ndarray
    first: np.ndarray
    second: np.ndarray

    def means(self):
        r""":math:`\mu_k = F_k / Z_k`: shape (n_classes, n_features)."""
        return self.first / self.zero[:, None]

    def covariances(self):
        r""":math:`\Sigma_k = S_k / Z_k - \mu_k \mu_k^T`: shape (n_classes, d, d)."""
        means = self.means()
        return self.second / self.zero[:, None, None] - np.einsum("ki,kj->kij", means, means)

    def within_class_covariance(self):
        r"""The tied ML covariance, :math:`\Sigma = \frac1N \sum_k (S_k - F_k F_k^T / Z_k)
        = \frac1N \sum_k Z_k \Sigma_k`, with :math:`N = \sum_k Z_k`."""
        return np.sum(self.zero[:, None, None] * self.covariances(), axis=0) / self.zero.sum()


def class_statistics(X, y):
    r"""The statistics :math:`Z_k, F_k, S_k` of every class (see `ClassStatistics`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)

    Returns
    -------
    ClassStatistics
        ``classes`` sorted as in ``GaussianClassifier.classes_``; ``zero`` of shape
        (n_classes,), ``first`` (n_classes, n_features), ``second``
        (n_classes, n_features, n_features).

    Examples
    --------
    >>> class_statistics([[1.0], [3.0], [4.0]], ["a", "a", "b"]).second.ravel().tolist()
    [10.0, 16.0]
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],) or X.shape[0] == 0:
        raise ValueError(f"X must have shape (n_samples, n_features) and y one label per row; "
                         f"got shapes {X.shape} and {y.shape}.")
    check_finite(X, "X")
    classes, y_index = np.unique(y, return_inverse=True)
    blocks = [X[y_index == k] for k in range(classes.size)]
    return ClassStatistics(classes, np.array([len(block) for block in blocks], dtype=float),
                           np.stack([block.sum(axis=0) for block in blocks]),
                           np.stack([block.T @ block for block in blocks]))


def log_likelihood_gradients(zero, first, second, mean, precision):
    r"""Gradients of one class's Gaussian log-likelihood with respect to its mean and precision.

    Written in its trace form (plus a constant),

    .. math::

        \ell(\mu, \Lambda) = \frac{Z}{2}\log|\Lambda|
            - \frac12 \operatorname{Tr}\big(\Lambda\,C(\mu)\big), \qquad
        C(\mu) = \sum_i (x_i - \mu)(x_i - \mu)^T = S - F\mu^T - \mu F^T + Z\mu\mu^T,

    and differentiating as if the entries of :math:`\Lambda` were unconstrained
    (:math:`\nabla_\Lambda \log|\Lambda| = \Lambda^{-T}`,
    :math:`\nabla_\Lambda \operatorname{Tr}(\Lambda B) = B^T`, and :math:`C` is symmetric),
    at a symmetric :math:`\Lambda`:

    .. math::

        \nabla_\mu \ell = \Lambda F - Z \Lambda \mu, \qquad
        \nabla_\Lambda \ell = \frac{Z}{2}\Lambda^{-T} - \frac12 C(\mu).

    The expanded form :math:`\ldots + \mu^T\Lambda F - \frac{Z}{2}\mu^T\Lambda\mu`, which
    uses :math:`\Lambda = \Lambda^T`, is the same function on symmetric matrices but has
    another unconstrained gradient in :math:`\Lambda`,
    :math:`\frac{Z}{2}\Lambda^{-T} - \frac12 S + \mu F^T - \frac{Z}{2}\mu\mu^T`; both
    vanish at :math:`\mu = F / Z`, :math:`\Lambda^{-1} = S / Z - \mu\mu^T`.

    Parameters
    ----------
    zero : float
        :math:`Z`, the number of samples of the class.
    first : array-like of shape (d,)
        :math:`F = \sum_i x_i`.
    second : array-like of shape (d, d)
        :math:`S = \sum_i x_i x_i^T`.
    mean : array-like of shape (d,)
    precision : array-like of shape (d, d)
        Symmetric and invertible.

    Returns
    -------
    gradient_mean : ndarray of shape (d,)
    gradient_precision : ndarray of shape (d, d)

    Examples
    --------
    >>> log_likelihood_gradients(2, [4.0], [[10.0]], mean=[2.0], precision=[[1.0]])  # at the ML fit
    (array([0.]), array([[0.]]))
    """
    first, mean, second, precision = (np.asarray(v, dtype=float)
                                      for v in (first, mean, second, precision))
    d = first.shape[0] if first.ndim == 1 else -1
    if d < 1 or mean.shape != (d,) or second.shape != (d, d) or precision.shape != (d, d):
        raise ValueError(f"first and mean must have shape (d,), second and precision (d, d); "
                         f"got {first.shape}, {mean.shape}, {second.shape} and {precision.shape}.")
    try:
        inverse_transpose = np.linalg.inv(precision).T
    except np.linalg.LinAlgError:
        raise ValueError("precision is singular, so log|precision| is undefined; pass an "
                         "invertible matrix.") from None
    scatter = second - np.outer(first, mean) - np.outer(mean, first) + zero * np.outer(mean, mean)
    gradient_mean = precision @ first - zero * precision @ mean
    return gradient_mean, 0.5 * zero * inverse_transpose - 0.5 * scatter


def tied_bayes_error(mean_0, mean_1, cov_matrix):
    r"""Bayes error of two equally likely Gaussian classes with one shared covariance.

    With :math:`\Delta = \lVert L^{-1}(\mu_1 - \mu_0) \rVert` (`whiten`), the
    Mahalanobis distance between the means, the LLR is Gaussian with mean
    :math:`\pm\Delta^2/2` and variance :math:`\Delta^2` in each class, so the Bayes
    decision (threshold 0) errs with probability

    .. math::

        P(\text{error}) = \Phi(-\Delta / 2),

    where :math:`\Phi` is the standard normal distribution function. The Bayes accuracy is
    :math:`\Phi(\Delta / 2)`.

    Parameters
    ----------
    mean_0, mean_1 : array-like of shape (d,)
    cov_matrix : array-like of shape (d, d)
        Symmetric positive definite.

    Returns
    -------
    float

    Examples
    --------
    >>> round(tied_bayes_error([0.0], [2.0], [[1.0]]), 4)   # Phi(-1)
    0.1587
    """
    mean_0, mean_1 = np.asarray(mean_0, dtype=float), np.asarray(mean_1, dtype=float)
    if mean_0.ndim != 1 or mean_1.shape != mean_0.shape:
        raise ValueError(f"the means must be two vectors of the same shape (d,); got shapes "
                         f"{mean_0.shape} and {mean_1.shape}.")
    means, factor = check_gaussian_parameters([mean_0, mean_1], cov_matrix, shared=True)
    return float(ndtr(-0.5 * np.linalg.norm(whiten(means[1], means[0], factor))))


def tied_linear_scores(means, cov_matrix, priors):
    r"""The linear scores of Gaussian classes that share one covariance (LDA).

    .. math::

        a_k(x) = w_k^T x + w_{0k}, \qquad
        w_k = \Sigma^{-1}\mu_k, \qquad
        w_{0k} = \log\pi_k - \tfrac12\mu_k^T\Sigma^{-1}\mu_k .

    They differ from :math:`\log f(x \mid c_k) + \log\pi_k` only by terms that are
    the same for every class, so the posterior is their softmax: the model class of
    multinomial logistic regression. :math:`\Sigma^{-1}\mu_k` is solved through the
    Cholesky factor of :math:`\Sigma`, factored once; the inverse is not formed.

    Parameters
    ----------
    means : array-like of shape (n_classes, n_features)
    cov_matrix : array-like of shape (n_features, n_features)
        Symmetric positive definite, shared by all classes.
    priors : array-like of shape (n_classes,)

    Returns
    -------
    LinearScores

    Examples
    --------
    >>> scores = tied_linear_scores([[0.0], [2.0]], [[1.0]], [0.5, 0.5])
    >>> scores.W.ravel().tolist(), scores.w0.round(3).tolist()
    ([0.0, 2.0], [-0.693, -2.693])
    """
    means, factor = check_gaussian_parameters(means, cov_matrix, shared=True)
    W = cho_solve((factor, True), means.T).T
    with np.errstate(divide="ignore"):
        log_priors = np.log(_given_priors(priors, len(means)))
    return LinearScores(W, log_priors - 0.5 * np.einsum("kj,kj->k", W, means))


def _given_priors(priors, n_classes):
    """``priors`` checked (`check_priors`), where None may not stand for class frequencies."""
    if priors is None:
        raise ValueError("priors is None; give one prior per class, e.g. np.full(K, 1 / K).")
    return check_priors(priors, np.arange(n_classes))


def gaussian_log_likelihood(X, mean, cov_matrix):
    r"""Log-likelihood of a sample under one Gaussian: the objective that ML maximises.

    .. math::

        \ell(\mu, \Sigma) = \sum_{n=1}^{N} \log \mathcal{N}(x_n; \mu, \Sigma)
            = -\frac{N D}{2}\log 2\pi - \frac{N}{2}\log|\Sigma|
              - \frac12 \sum_{n=1}^{N} (x_n - \mu)^T \Sigma^{-1} (x_n - \mu)

    evaluated through the Cholesky factor of :math:`\Sigma` (see `log_class_density`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    mean : array-like of shape (n_features,)
    cov_matrix : array-like of shape (n_features, n_features)
        Symmetric positive definite.

    Returns
    -------
    float

    Examples
    --------
    >>> round(gaussian_log_likelihood([[-1.0], [1.0]], [0.0], [[1.0]]), 4)   # -log(2 pi) - 1
    -2.8379
    """
    X, mean = np.asarray(X, dtype=float), np.asarray(mean, dtype=float)
    if X.ndim != 2 or X.shape[0] == 0 or mean.shape != (X.shape[1],):
        raise ValueError(f"X must have shape (n_samples, D) with at least one row and mean shape "
                         f"(D,); got {X.shape} and {mean.shape}.")
    check_finite(X, "X")
    means, factor = check_gaussian_parameters(mean[None], cov_matrix, shared=True)
    return float(log_class_density(X, means[0], factor).sum())


def lecture_gda_scores(X, means, covariances, priors):
    r"""The scores of the lecture's ``gda_predictions`` code, which are not Bayes' rule.

    The code multiplies by the normalising constant instead of dividing by it,
    and puts the factor :math:`-\tfrac12` outside the exponential:

    .. math::

        s_k(x) = -\tfrac12\, \pi_k \sqrt{(2\pi)^D |\Sigma_k|}\;
            \exp\big(+(x - \mu_k)^T \Sigma_k^{-1} (x - \mu_k)\big),

    and predicts :math:`\arg\max_k s_k(x)`. Every score is negative, so the
    prediction is the class with the smallest
    :math:`\log \pi_k + \tfrac12\log|\Sigma_k| + \Delta_k^2(x)`, where Bayes' rule
    takes the largest :math:`\log \pi_k - \tfrac12\log|\Sigma_k| - \tfrac12\Delta_k^2(x)`.
    With one covariance shared by all classes and equal priors the two agree.
    Kept only to reproduce the lecture's printed predictions.

    Parameters
    ----------
    X : array-like of shape (n_samples, D)
    means : array-like of shape (n_classes, D)
    covariances : array-like of shape (n_classes, D, D)
    priors : array-like of shape (n_classes,)

    Returns
    -------
    ndarray of shape (n_samples, n_classes)
        :math:`s_k(x)`; ``-inf`` where the exponential overflows, as in the lecture's code.

    Examples
    --------
    >>> lecture_gda_scores([[0.0]], [[0.0], [1.0]], [[[1.0]], [[1.0]]], [0.5, 0.5]).round(3)
    array([[-0.627, -1.703]])
    """
    X = np.atleast_2d(np.asarray(X, dtype=float))
    means, factors = check_gaussian_parameters(means, covariances)
    priors = _given_priors(priors, len(means))
    if X.shape[1] != means.shape[1]:
        raise ValueError(f"X must have {means.shape[1]} columns, one per feature of the means; "
                         f"got shape {X.shape}.")
    distances = np.column_stack([np.einsum("ij,ij->i", w, w) for w in
                                 (whiten(X, m, L) for m, L in zip(means, factors, strict=True))])
    constants = np.sqrt((2.0 * np.pi) ** X.shape[1]) * np.prod(
        np.diagonal(factors, axis1=1, axis2=2), axis=1)
    with np.errstate(over="ignore"):
        return -0.5 * priors * constants * np.exp(distances)


def _quadratic_llr(means, precisions, log_dets):
    r"""The log-likelihood ratio :math:`x^T A x + b^T x + c` of two Gaussians.

    See `GaussianClassifier.llr_coefficients`; ``A`` is None where the precisions are
    equal: the ratio is then linear.
    """
    (m0, m1), (p0, p1) = means, precisions
    A = -0.5 * (p1 - p0)
    c = -0.5 * (m1 @ p1 @ m1 - m0 @ p0 @ m0) - 0.5 * (log_dets[1] - log_dets[0])
    return QuadraticLLR(A=A if A.any() else None, b=p1 @ m1 - p0 @ m0, c=float(c))


class GaussianClassifier(BayesRuleMixin, ClassifierMixin, BaseEstimator):
    r"""Generative classifier with one Gaussian density per class.

    ``fit`` computes the maximum-likelihood estimates (`ml_estimates`)

    .. math::

        \pi_c = \frac{N_c}{N}, \qquad
        \mu_c = \frac{1}{N_c}\sum_{i: y_i = c} x_i, \qquad
        \Sigma_c = \frac{1}{N_c}\sum_{i: y_i = c}(x_i - \mu_c)(x_i - \mu_c)^T

    (the tied models share :math:`\Sigma = \frac{1}{N}\sum_c N_c \Sigma_c`, the
    diagonal ones keep only the diagonal) and the Cholesky factors
    :math:`\Sigma_c = L_c L_c^T`. Prediction evaluates, for each class,

    .. math::

        \log \mathcal{N}(x; \mu_c, \Sigma_c) = -\frac12\Big(D\log 2\pi + \log|\Sigma_c|
            + \lVert L_c^{-1}(x - \mu_c)\rVert^2\Big)

    as `log_class_density` does, and applies Bayes' rule,
    :math:`\hat c = \arg\max_c \log \mathcal{N}(x; \mu_c, \Sigma_c) + \log \pi_c`.

    Parameters
    ----------
    covariance : {"full", "diag", "tied", "tied_diag"}, default="full"
        The covariance model (see the module docstring).
    priors : array-like of shape (n_classes,), default=None
        Class priors in the order of ``classes_``; ``None`` uses the class frequencies of
        the training data.
    shrinkage : float in [0, 1], default=0.0
        :math:`s` in :math:`\Sigma_c(s) = (1 - s)\,\Sigma_c + s\,\Sigma`, which moves each
        class covariance towards the pooled one (Friedman's regularised
        discriminant analysis, 1989); no change for the tied models.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Sorted class labels (any type numpy can sort: ints, strings, ...).
    class_count_ : ndarray of shape (n_classes,)
        Training samples per class, :math:`N_c`.
    priors_ : ndarray of shape (n_classes,)
    means_ : ndarray of shape (n_classes, n_features)
    covariances_ : ndarray of shape (n_classes, n_features, n_features)
        ML covariances (identical for the tied models, diagonal for the diagonal ones).
    cholesky_factors_ : ndarray of shape (n_classes, n_features, n_features)
        :math:`L_c`, lower triangular with :math:`\Sigma_c = L_c L_c^T`.
    n_features_in_ : int

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris_2d
    >>> iris = load_iris_2d()
    >>> model = GaussianClassifier(covariance="tied").fit(iris.X, iris.y)
    >>> round(float(model.score(iris.X, iris.y)), 3)
    0.8
    """

    def __init__(self, *, covariance="full", priors=None, shrinkage=0.0):
        self.covariance, self.priors, self.shrinkage = covariance, priors, shrinkage

    # ------------------------------------------------------------------ fit
    def fit(self, X, y):
        """Estimate priors, means and covariances by maximum likelihood.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)

        Returns
        -------
        self
        """
        check_option("covariance", self.covariance, COVARIANCE_TYPES, kind="a covariance model")
        shrinkage = check_number("shrinkage", self.shrinkage, minimum=0.0, maximum=1.0)
        X, classes, y_index = check_training_data(self, X, y)
        priors = check_priors(self.priors, classes)
        counts = np.bincount(y_index, minlength=classes.size)
        self._check_sample_counts(classes, counts, *X.shape)
        means, covariances = ml_estimates(X, y_index, self.covariance, shrinkage)
        names = (["the shared covariance"] if len(covariances) == 1
                 else [f"the covariance of class {label!r}" for label in classes.tolist()])
        factors = cholesky_factors(covariances, names, self.covariance)
        shape = (classes.size,) + covariances.shape[1:]
        self.classes_, self.class_count_, self.means_ = classes, counts, means
        self.priors_ = counts / counts.sum() if priors is None else priors
        self.covariances_ = np.broadcast_to(covariances, shape).copy()
        self.cholesky_factors_ = np.broadcast_to(factors, shape).copy()
        return self

    def _check_sample_counts(self, classes, counts, n_samples, n_features):
        diagonal, model = self.covariance.endswith("diag"), repr(self.covariance)
        if self.covariance.startswith("tied"):
            needed = 1 if diagonal else n_features
            if n_samples - classes.size < needed:
                raise ValueError(
                    f"a {model} covariance in {n_features} dimensions needs N - K >= {needed} "
                    f"(samples minus classes); there are {n_samples} samples in {classes.size} "
                    "classes. Collect more data or reduce the number of features (e.g. with PCA).")
            return
        needed = 2 if diagonal else n_features + 1
        advice = ("use covariance='tied' (or 'tied_diag'), which pools all classes" if diagonal
                  else "use covariance='diag' or 'tied', or reduce the number of features")
        for label, count in zip(classes.tolist(), counts, strict=True):
            if count < needed:
                raise ValueError(
                    f"class {label!r} has {count} sample{'' if count == 1 else 's'}, but a {model} "
                    f"covariance in {n_features} dimensions needs at least {needed} per class to "
                    f"be non-singular; {advice}.")

    # ------------------------------------------------------------ densities
    def _whitened_by_group(self, X):
        r"""Triples ``(classes, w, s)``, one for each group of classes that share a factor.

        With :math:`L` the factor the ``classes`` share and :math:`m` the centre of their
        means, :math:`w = L^{-1}(x - m)` for every row of ``X`` (one solve for all of
        them) and row :math:`k` of :math:`s` is :math:`s_k = L^{-1}(\mu_k - m)`, so that
        :math:`L^{-1}(x - \mu_k) = w - s_k`; for a class alone :math:`m = \mu_k` and
        :math:`s_k = 0`.
        """
        sharing = {}
        for k, factor in enumerate(self.cholesky_factors_):
            sharing.setdefault(factor.tobytes(), []).append(k)
        for members in sharing.values():
            factor, centre = self.cholesky_factors_[members[0]], self.means_[members].mean(axis=0)
            yield members, whiten(X, centre, factor), whiten(self.means_[members], centre, factor)

    def _log_diagonals(self):
        r""":math:`\log L_{c,ii}`, shape (n_classes, n_features).

        :math:`\log|\Sigma_c| = 2\sum_i \log L_{c,ii}`.
        """
        return np.log(np.diagonal(self.cholesky_factors_, axis1=1, axis2=2))

    def log_likelihood(self, X):
        r"""Class-conditional log-densities :math:`\log f(x \mid c)`, one column per class.

        Column ``c`` is `log_class_density` of ``X`` under class ``c``,
        :math:`-\frac12\big(D\log 2\pi + \log|\Sigma_c| + \lVert L_c^{-1}(x - \mu_c)\rVert^2\big)`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        X = check_features(self, X, reset=False)
        distances = np.empty((X.shape[0], self.classes_.size))
        for members, w, s in self._whitened_by_group(X):
            distances[:, members] = np.einsum("ij,ij->i", w, w)[:, None]
            if s.any():  # shared: ||w - s_k||^2 = ||w||^2 + ||s_k||^2 - 2 w.s_k, no w - s_k formed
                distances[:, members] += np.einsum("ij,ij->i", s, s) - 2.0 * w @ s.T
        log_dets = 2.0 * self._log_diagonals().sum(axis=1)
        return -0.5 * (X.shape[1] * LOG_2PI + log_dets + distances)

    def nested_log_likelihoods(self, X, dimensions):
        r"""Log-densities of the leading features, :math:`\log f(x_{1:m} \mid c)`, for several m.

        The ML covariance of the first :math:`m` features is the leading
        :math:`m \times m` block of :math:`\Sigma_c`, and its Cholesky factor is
        the leading block of :math:`L_c`. As :math:`L_c` is lower triangular,
        the first :math:`m` entries of :math:`w = L_c^{-1}(x - \mu_c)` depend
        only on the first :math:`m` features, so

        .. math::

            \log f(x_{1:m} \mid c) = -\frac12\Big(m\log 2\pi + 2\sum_{i=1}^{m}\log L_{c,ii}
                + \sum_{i=1}^{m} w_i^2\Big):

        one fit gives, in running sums, the model of every leading dimension, the
        same as fitting on the first :math:`m` columns alone. With principal
        components as features these are the models after PCA to :math:`m`
        dimensions.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        dimensions : sequence of int
            Numbers of leading features :math:`m`, each between 1 and ``n_features``.

        Returns
        -------
        ndarray of shape (len(dimensions), n_samples, n_classes)
            Entry ``[j, :, k]`` is :math:`\log f(x_{1:m_j} \mid c_k)`.
        """
        X = check_features(self, X, reset=False)
        columns = check_dimensions(dimensions, self.n_features_in_) - 1
        log_dets = 2.0 * np.cumsum(self._log_diagonals(), axis=1)[:, columns]
        log_likelihoods = np.empty((columns.size, X.shape[0], self.classes_.size))
        for members, w, s in self._whitened_by_group(X):
            for k, s_k in zip(members, s, strict=True):
                distances = np.cumsum((w - s_k) ** 2, axis=1)[:, columns]
                log_likelihoods[:, :, k] = -0.5 * ((columns + 1) * LOG_2PI + log_dets[k]
                                                   + distances).T
        return log_likelihoods

    def whitened_residuals(self, X, y):
        r"""Each row's residual from its own class mean, whitened by that class's covariance.

        .. math::

            w_n = L_k^{-1}(x_n - \mu_k), \qquad
            \lVert w_n \rVert^2 = (x_n - \mu_k)^T \Sigma_k^{-1} (x_n - \mu_k),

        with :math:`k = y_n` (see `whiten`). If the class really is
        :math:`\mathcal{N}(\mu_k, \Sigma_k)`, every entry of :math:`w_n` is a standard
        normal variable; entry :math:`j` is what feature :math:`j` adds, given the
        features before it, to the squared Mahalanobis distance.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
            Known classes (labels from ``classes_``).

        Returns
        -------
        ndarray of shape (n_samples, n_features)
        """
        X = check_features(self, X, reset=False)
        index = class_index(self.classes_, y, X.shape[0])
        residuals = np.empty(X.shape)
        for k, (mean, L) in enumerate(zip(self.means_, self.cholesky_factors_, strict=True)):
            residuals[index == k] = whiten(X[index == k], mean, L)
        return residuals

    def log_marginal_density(self, X):
        r"""Log of the marginal density :math:`\log f(x) = \log \sum_c f(x \mid c) P(c)`.

        Low values flag points that no class explains well (outliers).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        return logsumexp(log_joint(self.log_likelihood(X), self.priors_), axis=1)

    def llr_coefficients(self):
        r"""The closed form :math:`\mathrm{llr}(x) = x^T A x + b^T x + c` of a two-class model.

        .. math::

            A = -\tfrac12(\Lambda_1 - \Lambda_0), \qquad
            b = \Lambda_1\mu_1 - \Lambda_0\mu_0, \qquad
            c = -\tfrac12(\mu_1^T\Lambda_1\mu_1 - \mu_0^T\Lambda_0\mu_0)
                - \tfrac12(\log|\Sigma_1| - \log|\Sigma_0|),

        with :math:`\Lambda_k = \Sigma_k^{-1}` formed from the Cholesky factors
        (:math:`A` needs the matrices themselves).

        Returns
        -------
        QuadraticLLR
            ``A`` is None for the tied models, whose precisions are equal and whose
            ratio is linear.

        Examples
        --------
        >>> X, y = np.array([[0.0], [2.0], [3.0], [5.0]]), np.array([0, 0, 1, 1])
        >>> llr = GaussianClassifier(covariance="tied").fit(X, y).llr_coefficients()
        >>> llr.A, llr.b.tolist(), llr.c
        (None, [3.0], -7.5)
        """
        self._require_binary("llr_coefficients")
        precisions = [cho_solve((L, True), np.eye(len(L))) for L in self.cholesky_factors_]
        return _quadratic_llr(self.means_, precisions, 2.0 * self._log_diagonals().sum(axis=1))

    def linear_scores(self):
        r"""The posterior of a tied model as a softmax of linear scores (see `tied_linear_scores`).

        Returns
        -------
        LinearScores
            ``W`` of shape (n_classes, n_features) with rows
            :math:`w_k = \Sigma^{-1}\mu_k`, and ``w0`` of shape (n_classes,) with
            :math:`w_{0k} = \log\pi_k - \frac12\mu_k^T\Sigma^{-1}\mu_k`.

        Raises
        ------
        ValueError
            For ``covariance="full"`` or ``"diag"``: with one covariance per class
            the term :math:`-\frac12 x^T\Sigma_k^{-1}x` no longer cancels, and the
            scores are quadratic.

        Examples
        --------
        >>> X, y = np.array([[0.0], [2.0], [3.0], [5.0]]), np.array([0, 0, 1, 1])
        >>> GaussianClassifier(covariance="tied").fit(X, y).linear_scores().W.tolist()
        [[1.0], [4.0]]
        """
        check_is_fitted(self)
        if not self.covariance.startswith("tied"):
            raise ValueError(f"linear_scores needs a shared covariance, but this model has "
                             f"covariance={self.covariance!r}, whose scores are quadratic in x; "
                             "fit GaussianClassifier(covariance='tied') (LDA) or 'tied_diag'.")
        return tied_linear_scores(self.means_, self.covariances_[0], self.priors_)

    # ----------------------------------------------------------- generation
    def sample(self, n_samples=1, random_state=None):
        r"""Draw labelled samples: :math:`c \sim \pi`, then :math:`x = \mu_c + L_c z`,
        :math:`z \sim \mathcal{N}(0, I)`.

        Parameters
        ----------
        n_samples : int, default=1
        random_state : None, int or numpy Generator, default=None
            Seed of ``numpy.random.default_rng`` (see `validation.check_random_state`).

        Returns
        -------
        X : ndarray of shape (n_samples, n_features)
        y : ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        n_samples = check_number("n_samples", n_samples, minimum=1, integer=True)
        rng = check_random_state(random_state)
        y_index = rng.choice(self.classes_.size, size=n_samples, p=self.priors_)
        X = rng.standard_normal((n_samples, self.n_features_in_))
        for k, (mean, L) in enumerate(zip(self.means_, self.cholesky_factors_, strict=True)):
            X[y_index == k] = mean + np.einsum("ij,nj->ni", L, X[y_index == k])
        return X, self.classes_[y_index]

    def impute(self, X, y=None):
        r"""Fill NaN entries with their conditional mean under the model.

        For observed features :math:`o` and missing features :math:`m` of a
        sample of class :math:`c`,

        .. math::

            E[x_m \mid x_o, c] = \mu_{c,m} + \Sigma_{c,mo}\Sigma_{c,oo}^{-1}(x_o - \mu_{c,o}).

        Without labels the class is unknown, and the mean is averaged over the
        posterior of the observed features, :math:`\sum_c P(c \mid x_o)\,E[x_m \mid x_o, c]`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            NaN marks a missing entry; each row needs at least one observed value.
        y : array-like of shape (n_samples,), default=None
            Known classes, if any.

        Returns
        -------
        ndarray of shape (n_samples, n_features)
            ``X`` with every NaN replaced.
        """
        check_is_fitted(self)
        X = np.array(X, dtype=float)
        if X.ndim != 2 or X.shape[1] != self.n_features_in_:
            raise ValueError(f"X must have shape (n_samples, {self.n_features_in_}); "
                             f"got {X.shape}.")
        if np.any(np.isinf(X)):
            raise ValueError("X contains infinite values; only NaN marks a missing entry.")
        missing = np.isnan(X)
        if np.any(missing.all(axis=1)):
            raise ValueError(f"row {np.flatnonzero(missing.all(axis=1))[0]} of X has no observed "
                             "value, so nothing can be inferred from it; drop that row or give "
                             "at least one of its features.")
        index = None if y is None else class_index(self.classes_, y, X.shape[0])
        for pattern in np.unique(missing[missing.any(axis=1)], axis=0):
            rows = np.flatnonzero((missing == pattern).all(axis=1))
            X[rows] = self._impute_pattern(X[rows], ~pattern, None if y is None else index[rows])
        return X

    def _impute_pattern(self, X, observed, index):
        o, m = np.flatnonzero(observed), np.flatnonzero(~observed)
        conditional = np.empty((X.shape[0], self.classes_.size, m.size))
        log_lik = np.empty((X.shape[0], self.classes_.size))
        for k, (mean, cov) in enumerate(zip(self.means_, self.covariances_, strict=True)):
            factor = np.linalg.cholesky(cov[np.ix_(o, o)])
            log_lik[:, k] = log_class_density(X[:, o], mean[o], factor)
            solved = cho_solve((factor, True), (X[:, o] - mean[o]).T)
            conditional[:, k] = mean[m] + (cov[np.ix_(m, o)] @ solved).T
        weights = (np.exp(log_posteriors(log_lik, self.priors_)) if index is None
                   else np.eye(self.classes_.size)[index])
        X[:, m] = np.einsum("nk,nkm->nm", weights, conditional)
        return X


def parameter_count(covariance, n_features, n_classes):
    r"""Number of free parameters in the class densities of a covariance model.

    Every model has :math:`K D` means; the covariances add

    ==============  ==============================
    ``full``        :math:`K \cdot D(D+1)/2`
    ``diag``        :math:`K \cdot D`
    ``tied``        :math:`D(D+1)/2`
    ``tied_diag``   :math:`D`
    ==============  ==============================

    (a symmetric :math:`D \times D` matrix has :math:`D(D+1)/2` free entries).
    The :math:`K - 1` free priors are not counted: they do not depend on the model.

    Parameters
    ----------
    covariance : {"full", "diag", "tied", "tied_diag"}
    n_features : int
        :math:`D`, at least 1.
    n_classes : int
        :math:`K`, at least 1.

    Returns
    -------
    int

    Examples
    --------
    >>> parameter_count("full", n_features=2, n_classes=3)   # 6 means + 3 x 3 covariances
    15
    """
    check_option("covariance", covariance, COVARIANCE_TYPES, kind="a covariance model")
    d = check_number("n_features", n_features, minimum=1, integer=True)
    k = check_number("n_classes", n_classes, minimum=1, integer=True)
    per_covariance = d if covariance.endswith("diag") else d * (d + 1) // 2
    covariances = per_covariance if covariance.startswith("tied") else k * per_covariance
    return k * d + covariances


def density_peaks(model, starts):
    r"""Local maxima of a fitted model's density, found by climbing from each start.

    The density of a flower is the mixture of the class densities,

    .. math::

        p(x) = \sum_{k=1}^{K} \pi_k\, \mathcal{N}(x; \mu_k, \Sigma_k),

    which can have fewer peaks than classes: two overlapping classes merge into
    one hill. From each start the Nelder-Mead simplex method climbs
    :math:`\log p(x)` (`GaussianClassifier.log_marginal_density`) to a local
    maximum; climbs that end within 1e-3 (Euclidean distance) of each other found
    the same peak.

    Parameters
    ----------
    model : GaussianClassifier
        Fitted.
    starts : array-like of shape (n_starts, n_features)
        Where to start climbing, e.g. the class means ``model.means_``.

    Returns
    -------
    peaks : ndarray of shape (n_peaks, n_features)
        The distinct peaks, in the order of the first start that reached each.
    heights : ndarray of shape (n_peaks,)
        :math:`p(x)` at each peak.

    Examples
    --------
    >>> X, y = np.array([[0.0], [2.0], [3.0], [5.0]]), np.array([0, 0, 1, 1])
    >>> density_peaks(GaussianClassifier().fit(X, y), [[0.0], [5.0]])[0].round(3).tolist()
    [[1.037], [3.963]]
    """
    from scipy.optimize import minimize

    starts = np.atleast_2d(np.asarray(starts, dtype=float))
    if starts.ndim != 2 or starts.shape[1] != model.n_features_in_ or starts.shape[0] == 0:
        raise ValueError(f"starts must be an array of shape (n_starts, {model.n_features_in_}), "
                         f"one row per start, e.g. model.means_; got shape {starts.shape}.")
    check_finite(starts, "starts")
    peaks = []
    for start in starts:
        found = minimize(lambda x: -model.log_marginal_density(x[None, :])[0], start,
                         method="Nelder-Mead",
                         options={"xatol": 1e-6, "fatol": 1e-10, "maxiter": 5_000}).x
        if all(np.linalg.norm(found - peak) > 1e-3 for peak in peaks):  # else the same peak
            peaks.append(found)
    return np.array(peaks), np.exp(model.log_marginal_density(np.array(peaks)))


def ellipse_points(mean, cov_matrix, mahalanobis=1.0, n_points=64):
    r"""Points on the contour :math:`\Delta(x) = c` of a 2-D Gaussian: an ellipse.

    With the eigendecomposition :math:`\Sigma = U \operatorname{diag}(\lambda_1, \lambda_2) U^T`
    (orthonormal columns :math:`u_i`, eigenvalues :math:`0 < \lambda_1 \le \lambda_2`),
    :math:`\Delta^2(x) = (x - \mu)^T \Sigma^{-1} (x - \mu) = z_1^2 / \lambda_1 + z_2^2 / \lambda_2`
    with :math:`z = U^T (x - \mu)`, so the contour :math:`\Delta = c` is

    .. math::

        x(t) = \mu + c\,\big(\sqrt{\lambda_1}\cos t\; u_1 + \sqrt{\lambda_2}\sin t\; u_2\big),
        \qquad 0 \le t < 2\pi :

    an ellipse centred at :math:`\mu`, with axes along the eigenvectors and
    half-lengths :math:`c\sqrt{\lambda_i}`. The density is the same all along it,
    :math:`e^{-c^2/2} / (2\pi\sqrt{\lambda_1\lambda_2})`.

    Parameters
    ----------
    mean : array-like of shape (2,)
    cov_matrix : array-like of shape (2, 2)
        Symmetric positive definite.
    mahalanobis : float, default=1.0
        :math:`c > 0`, the Mahalanobis distance of the contour.
    n_points : int, default=64
        Points :math:`t = 2\pi j / n` for :math:`j = 0, \dots, n - 1`.

    Returns
    -------
    ndarray of shape (n_points, 2)

    Examples
    --------
    >>> points = ellipse_points([1.0, 0.0], [[4.0, 0.0], [0.0, 1.0]], 1.0, n_points=4)
    >>> (points.round(6) + 0.0).tolist()
    [[1.0, 1.0], [3.0, 0.0], [1.0, -1.0], [-1.0, 0.0]]
    """
    means, _ = check_gaussian_parameters(np.asarray(mean, dtype=float)[None], cov_matrix,
                                         shared=True)
    if means.shape[1] != 2:
        raise ValueError(f"an ellipse needs a 2-D Gaussian; got {means.shape[1]} features.")
    c = check_number("mahalanobis", mahalanobis, minimum=0.0, inclusive=False)
    n_points = check_number("n_points", n_points, minimum=1, integer=True)
    eigenvalues, eigenvectors = np.linalg.eigh(np.asarray(cov_matrix, dtype=float))
    t = 2.0 * np.pi * np.arange(n_points) / n_points
    circle = np.column_stack([np.cos(t), np.sin(t)]) * np.sqrt(eigenvalues)
    return means[0] + c * circle @ eigenvectors.T


def log_likelihood_at_scaled_covariance(X, mean, cov_matrix, scales):
    r"""The log-likelihood :math:`\ell(\mu, c\,\Sigma)` of a sample for every scale ``c``.

    At the ML estimates :math:`\hat\mu, \hat\Sigma` of ``X`` (:math:`N` rows,
    :math:`D` features), :math:`\operatorname{tr}(\hat\Sigma^{-1} S) = N D` for the
    scatter matrix :math:`S = N\hat\Sigma`, so

    .. math::

        \ell(\hat\mu, c\hat\Sigma) - \ell(\hat\mu, \hat\Sigma)
            = -\frac{N D}{2}\Big(\log c + \frac1c - 1\Big),

    which is largest, zero, at :math:`c = 1` and the same for every sample of the
    same size and dimension.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    mean : array-like of shape (n_features,)
    cov_matrix : array-like of shape (n_features, n_features)
        Symmetric positive definite.
    scales : array-like of shape (n_scales,)
        Positive factors :math:`c`.

    Returns
    -------
    ndarray of shape (n_scales,)

    Examples
    --------
    >>> X = np.array([[0.0], [2.0]])           # ML mean 1, ML variance 1
    >>> log_likelihood_at_scaled_covariance(X, [1.0], [[1.0]], [1.0, 2.0]).round(4)
    array([-2.8379, -3.031 ])
    """
    scales = np.asarray(scales, dtype=float)
    if scales.ndim != 1 or scales.size == 0 or not np.all(scales > 0):
        raise ValueError(f"scales must be a non-empty 1-D array of positive factors; got {scales}.")
    return np.array([gaussian_log_likelihood(X, mean, c * np.asarray(cov_matrix, dtype=float))
                     for c in scales])


def _two_classes_along(w, means, covariances, caller):
    """``w``, the means and the spreads :math:`\\sqrt{w^T \\Sigma_k w}` of two Gaussian classes."""
    means, factors = check_gaussian_parameters(means, covariances)
    if means.shape[0] != 2:
        raise ValueError(f"{caller} needs two classes; got {means.shape[0]} means.")
    w = np.asarray(w, dtype=float)
    if w.shape != (means.shape[1],) or not np.all(np.isfinite(w)) or not np.any(w):
        raise ValueError(f"w must be {means.shape[1]} finite numbers, not all zero, one per "
                         f"feature; got shape {w.shape}.")
    return w, means, np.linalg.norm(factors.transpose(0, 2, 1) @ w, axis=1)


def linear_rule_error(w, b, means, covariances, priors=(0.5, 0.5)):
    r"""Exact error of the linear rule "class 1 when :math:`w^T x + b > 0`" on two Gaussian classes.

    Given class :math:`k`, :math:`x \sim \mathcal N(\mu_k, \Sigma_k)`, so the score
    :math:`w^T x + b` is Gaussian with mean :math:`w^T\mu_k + b` and variance
    :math:`w^T\Sigma_k w`. The rule errs on class 0 when the score is positive and on
    class 1 when it is not:

    .. math::

        \operatorname{err}(w, b) = \pi_0\,\Phi\Big(\frac{w^T\mu_0 + b}{\sqrt{w^T\Sigma_0 w}}\Big)
            + \pi_1\,\Phi\Big(-\frac{w^T\mu_1 + b}{\sqrt{w^T\Sigma_1 w}}\Big),

    with :math:`\Phi` the standard normal distribution function. It is a population
    error, with no test-set noise; for equal priors and a shared covariance it is
    smallest, :math:`\Phi(-\Delta/2)` (`tied_bayes_error`), at the Bayes rule
    :math:`w = \Sigma^{-1}(\mu_1 - \mu_0)`.

    Parameters
    ----------
    w : array-like of shape (d,)
        Not all zero.
    b : float
    means : array-like of shape (2, d)
        :math:`\mu_0, \mu_1`.
    covariances : array-like of shape (2, d, d)
        :math:`\Sigma_0, \Sigma_1`, symmetric positive definite.
    priors : (float, float), default=(0.5, 0.5)
        :math:`\pi_0, \pi_1`, summing to one.

    Returns
    -------
    float

    Examples
    --------
    >>> round(linear_rule_error([1.0], 0.0, [[0.0], [2.0]], [[[1.0]], [[1.0]]]), 4)  # cut at 0
    0.2614
    """
    w, means, spreads = _two_classes_along(w, means, covariances, "linear_rule_error")
    b = float(check_number("b", b, minimum=-np.inf))
    return float(_given_priors(priors, 2) @ ndtr(np.array([1.0, -1.0]) * (means @ w + b) / spreads))


class RuleError(NamedTuple):
    """The error of a two-class decision rule, in all and per class (`univariate_rule_error`).

    Examples
    --------
    >>> RuleError(0.25, np.array([0.5, 0.0])).error
    0.25
    """

    error: float
    class_errors: np.ndarray


def univariate_rule_error(means, variances, priors=(0.5, 0.5), threshold=None):
    r"""Exact error of the rule "class 1 if :math:`\mathrm{llr}(x) > t`" on two 1-D Gaussians.

    With class densities :math:`\mathcal N(x; \mu_k, s_k^2)` the log-likelihood ratio
    :math:`\mathrm{llr}(x) = a x^2 + b x + c` is quadratic, so the heights where the rule
    says class 1 are bounded by the (at most two) roots of :math:`\mathrm{llr}(x) = t`.
    The rule errs on class 0 where it says 1, and on class 1 where it says 0:

    .. math::

        e_0 = P(\mathrm{llr}(x) > t \mid y = 0), \qquad
        e_1 = P(\mathrm{llr}(x) \le t \mid y = 1), \qquad
        \operatorname{err}(t) = \pi_0 e_0 + \pi_1 e_1,

    each :math:`e_k` a sum of :math:`\Phi((r_{j+1} - \mu_k)/s_k) - \Phi((r_j - \mu_k)/s_k)`
    over the intervals between consecutive roots (:math:`\Phi` the standard normal
    distribution function). The default :math:`t = -\log(\pi_1/\pi_0)` makes the rule
    Bayes' rule, and :math:`\operatorname{err}` the Bayes error: the area under
    :math:`\min_k \pi_k\,\mathcal N(x; \mu_k, s_k^2)`. It is a population error, with no
    sampling noise.

    Parameters
    ----------
    means : array-like of shape (2,)
        :math:`\mu_0, \mu_1`.
    variances : array-like of shape (2,)
        :math:`s_0^2, s_1^2`, positive.
    priors : (float, float), default=(0.5, 0.5)
        :math:`\pi_0, \pi_1` of the population, positive and summing to one.
    threshold : float or array-like of shape (n_thresholds,), default=None
        :math:`t`; None gives the Bayes threshold :math:`-\log(\pi_1/\pi_0)`. An array
        gives one error per threshold (e.g. ``prior_log_odds_threshold(priors)`` for the
        rules of several priors).

    Returns
    -------
    RuleError
        ``error`` (:math:`\operatorname{err}(t)`, a float, or an array of shape
        (n_thresholds,)) and ``class_errors`` (:math:`[e_0, e_1]`, of shape (2,) or
        (n_thresholds, 2)).

    Examples
    --------
    >>> univariate_rule_error([0.0, 2.0], [1.0, 1.0], threshold=-2.0).class_errors.round(4)
    array([0.5   , 0.0228])
    """
    means, variances, priors = (np.asarray(v, dtype=float) for v in (means, variances, priors))
    if means.shape != (2,) or variances.shape != (2,) or priors.shape != (2,):
        raise ValueError(f"means, variances and priors must each be two numbers, one per class; "
                         f"got shapes {means.shape}, {variances.shape} and {priors.shape}.")
    if not (np.all(np.isfinite(means)) and np.all(np.isfinite(variances) & (variances > 0))):
        raise ValueError(f"means must be finite and variances finite and positive; got "
                         f"{means.tolist()} and {variances.tolist()}.")
    if np.any(priors <= 0) or not np.isclose(priors.sum(), 1.0):
        raise ValueError(f"priors must be two positive numbers summing to one; got {priors}.")
    if threshold is None:
        threshold = -np.log(priors[1] / priors[0])
    if np.ndim(threshold) > 0:
        errors, class_errors = zip(*(univariate_rule_error(means, variances, priors, float(t))
                                     for t in np.ravel(threshold)), strict=True)
        return RuleError(np.array(errors), np.array(class_errors))
    threshold = float(check_number("threshold", threshold, minimum=-np.inf))
    llr = _quadratic_llr(means[:, None], (1.0 / variances)[:, None, None], np.log(variances))
    roots = llr.crossings(threshold)
    edges = np.concatenate([[-np.inf], roots, [np.inf]])
    # one point inside each interval between roots tells on which side of t it lies
    inside = (np.concatenate([[roots[0] - 1.0], 0.5 * (roots[:-1] + roots[1:]),
                              [roots[-1] + 1.0]]) if roots.size else np.zeros(1))
    says_one = llr.evaluate(inside[:, None]) > threshold
    sds = np.sqrt(variances)
    mass = ndtr((edges[1:, None] - means) / sds) - ndtr((edges[:-1, None] - means) / sds)
    class_errors = np.array([mass[says_one, 0].sum(), mass[~says_one, 1].sum()])
    return RuleError(float(priors @ class_errors), class_errors)


def projected_bayes_error(w, means, covariances, priors=(0.5, 0.5)):
    r"""Least error of any rule that sees only the projection :math:`z = w^T x` of two
    Gaussian classes: how much the classes overlap along :math:`w`.

    Given class :math:`k`, :math:`x \sim \mathcal N(\mu_k, \Sigma_k)`, so the projection is
    a 1-D Gaussian, :math:`z \sim \mathcal N(w^T\mu_k,\; w^T\Sigma_k w)`. The best rule on
    :math:`z` is Bayes' rule for these two 1-D classes, and its error is their Bayes error
    (`univariate_rule_error`):

    .. math::

        \operatorname{err}(w) = \int \min_k\, \pi_k\,
            \mathcal N\big(z;\; w^T\mu_k,\; w^T\Sigma_k w\big)\, dz .

    It is a population error, with no sampling noise; it does not change when :math:`w`
    is scaled or its sign flipped, and it is never below the Bayes error in the full space.

    Parameters
    ----------
    w : array-like of shape (d,)
        The direction, not all zero.
    means : array-like of shape (2, d)
        :math:`\mu_0, \mu_1`.
    covariances : array-like of shape (2, d, d)
        :math:`\Sigma_0, \Sigma_1`, symmetric positive definite.
    priors : (float, float), default=(0.5, 0.5)
        :math:`\pi_0, \pi_1`, positive and summing to one.

    Returns
    -------
    float

    Examples
    --------
    >>> means, covariances = [[0.0, 0.0], [2.0, 0.0]], [np.eye(2), np.eye(2)]
    >>> round(projected_bayes_error([1.0, 1.0], means, covariances), 4)   # Phi(-1 / sqrt 2)
    0.2398
    """
    w, means, spreads = _two_classes_along(w, means, covariances, "projected_bayes_error")
    return univariate_rule_error(means @ w, spreads ** 2, priors).error
