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

`class_statistics` computes the per-class statistics :math:`N_k`,
:math:`\\sum x_i` and :math:`\\sum x_i x_i^T` from which the ML estimates follow, and
`log_likelihood_gradients` the gradients whose zeros they are.

Densities are evaluated through a Cholesky factor :math:`\\Sigma = L L^T` in
log space: the covariance itself is never inverted (only its triangular factor,
once at fit time) and no determinant is formed that could underflow.
"""

from typing import NamedTuple

import numpy as np
from scipy.linalg import cho_solve, solve_triangular
from scipy.special import logsumexp, ndtr
from sklearn.base import BaseEstimator, ClassifierMixin

from .decision import BayesRuleMixin, log_joint, log_posteriors
from .validation import (
    CompleteFitMixin,
    check_dimensions,
    check_features,
    check_finite,
    check_gaussian_parameters,
    check_number,
    check_option,
    check_priors,
    check_random_state,
    check_training_data,
)

COVARIANCE_TYPES = ("full", "diag", "tied", "tied_diag")
LOG_2PI = np.log(2.0 * np.pi)
#: A covariance is called singular when some feature keeps less than this
#: fraction of its variance once the features before it are known
#: (the squared Cholesky pivot over the diagonal entry).
SINGULAR_TOLERANCE = 1e-12


def gaussian_log_density(X, mean, cholesky_factor):
    r"""Log-density of a multivariate normal, evaluated through its Cholesky factor.

    .. math::

        \log \mathcal{N}(x; \mu, \Sigma) = -\frac{d}{2}\log 2\pi - \sum_{i=1}^{d} \log L_{ii}
            - \frac{1}{2}\,\lVert L^{-1}(x - \mu) \rVert^2,
        \qquad \Sigma = L L^T

    Parameters
    ----------
    X : ndarray of shape (n_samples, d)
    mean : ndarray of shape (d,)
    cholesky_factor : ndarray of shape (d, d)
        Lower-triangular :math:`L` with positive diagonal.

    Returns
    -------
    ndarray of shape (n_samples,)
    """
    X = np.atleast_2d(np.asarray(X, dtype=float))
    whitened = solve_triangular(cholesky_factor, (X - mean).T, lower=True)
    mahalanobis = np.einsum("ij,ij->j", whitened, whitened)
    d = X.shape[1]
    return -0.5 * (d * LOG_2PI + mahalanobis) - np.log(np.diag(cholesky_factor)).sum()


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
        return np.einsum("k,kij->ij", self.zero, self.covariances()) / self.zero.sum()


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
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],) or X.shape[0] == 0:
        raise ValueError(
            f"X must have shape (n_samples, n_features) and y one label per row; got "
            f"shapes {X.shape} and {y.shape}."
        )
    check_finite(X, "X")
    classes, y_index = np.unique(y, return_inverse=True)
    blocks = [X[y_index == k] for k in range(classes.size)]
    return ClassStatistics(
        classes=classes,
        zero=np.array([len(block) for block in blocks], dtype=float),
        first=np.stack([block.sum(axis=0) for block in blocks]),
        second=np.stack([block.T @ block for block in blocks]),
    )


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
    """
    first, mean = np.asarray(first, dtype=float), np.asarray(mean, dtype=float)
    second, precision = np.asarray(second, dtype=float), np.asarray(precision, dtype=float)
    d = first.shape[0] if first.ndim == 1 else -1
    if d < 1 or mean.shape != (d,) or second.shape != (d, d) or precision.shape != (d, d):
        raise ValueError(
            f"first and mean must have shape (d,), second and precision (d, d); got "
            f"{first.shape}, {mean.shape}, {second.shape} and {precision.shape}."
        )
    try:
        inverse_transpose = np.linalg.inv(precision).T
    except np.linalg.LinAlgError:
        raise ValueError(
            "precision is singular, so log|precision| is undefined; pass an invertible matrix."
        ) from None
    scatter = second - np.outer(first, mean) - np.outer(mean, first) + zero * np.outer(mean, mean)
    gradient_mean = precision @ first - zero * precision @ mean
    return gradient_mean, 0.5 * zero * inverse_transpose - 0.5 * scatter


def tied_bayes_error(mean_0, mean_1, covariance):
    r"""Bayes error of two equally likely Gaussian classes with one shared covariance.

    With :math:`\Delta^2 = (\mu_1 - \mu_0)^T\Sigma^{-1}(\mu_1 - \mu_0)`, the squared
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
    covariance : array-like of shape (d, d)
        Symmetric positive definite.

    Returns
    -------
    float
    """
    mean_0, mean_1 = np.asarray(mean_0, dtype=float), np.asarray(mean_1, dtype=float)
    covariance = np.asarray(covariance, dtype=float)
    d = mean_0.shape[0] if mean_0.ndim == 1 else -1
    if d < 1 or mean_1.shape != (d,) or covariance.shape != (d, d):
        raise ValueError(
            f"the means must have shape (d,) and the covariance (d, d); got {mean_0.shape}, "
            f"{mean_1.shape} and {covariance.shape}."
        )
    try:
        factor = np.linalg.cholesky(covariance)
    except np.linalg.LinAlgError:
        raise ValueError(
            "covariance is not positive definite; pass a symmetric positive definite matrix."
        ) from None
    distance = np.linalg.norm(solve_triangular(factor, mean_1 - mean_0, lower=True))
    return float(ndtr(-0.5 * distance))


class QuadraticLLR(NamedTuple):
    r"""Closed form of a binary Gaussian log-likelihood ratio,
    :math:`\mathrm{llr}(x) = x^T A x + b^T x + c`.

    With precisions :math:`\Lambda_k = \Sigma_k^{-1}`:
    :math:`A = -\tfrac12(\Lambda_1 - \Lambda_0)`,
    :math:`b = \Lambda_1\mu_1 - \Lambda_0\mu_0`,
    :math:`c = -\tfrac12(\mu_1^T\Lambda_1\mu_1 - \mu_0^T\Lambda_0\mu_0)
    + \tfrac12(\log|\Lambda_1| - \log|\Lambda_0|)`.
    With a tied covariance :math:`A = 0` and the ratio is linear.
    """

    A: np.ndarray
    b: np.ndarray
    c: float

    def evaluate(self, X):
        """:math:`x^T A x + b^T x + c` for every row of ``X``."""
        X = np.atleast_2d(np.asarray(X, dtype=float))
        return np.einsum("ni,ij,nj->n", X, self.A, X) + X @ self.b + self.c

    def crossings(self, level=0.0):
        r"""The points where a one-feature ratio equals ``level``: :math:`a x^2 + b x + c = t`.

        Solved in closed form, with the cancellation-free quadratic formula

        .. math::

            q = -\tfrac12\big(b + \operatorname{sign}(b)\sqrt{b^2 - 4a(c - t)}\big),
            \qquad x_1 = \frac{q}{a}, \quad x_2 = \frac{c - t}{q}.

        Unequal variances give :math:`a \ne 0` and up to two crossings; a tied
        variance gives :math:`a = 0` and the single crossing :math:`(t - c)/b`.

        Parameters
        ----------
        level : float, default=0.0
            The threshold :math:`t`, e.g. ``prior_log_odds_threshold(prior)``.

        Returns
        -------
        ndarray of shape (0,), (1,) or (2,)
            The real solutions in increasing order: empty if the ratio never
            reaches ``level`` (or equals it everywhere, for identical classes),
            one entry where it only touches it. A root beyond the floating-point
            range (from a vanishingly small quadratic term) is left out.
        """
        if self.b.shape != (1,):
            raise ValueError(
                f"crossings solves llr(x) = level for one feature, but this ratio has "
                f"{self.b.shape[0]} features; in several dimensions the boundary is a curve "
                "or surface: draw it with plotting.plot_decision_regions instead."
            )
        level = float(level)
        if not np.isfinite(level):
            raise ValueError(f"level must be a finite number; got {level}.")
        a, b, c = float(self.A[0, 0]), float(self.b[0]), float(self.c) - level
        largest = max(abs(a), abs(b), abs(c))
        if largest == 0.0:
            return np.empty(0)
        # the roots do not change when all coefficients are divided by the largest,
        # and the discriminant can then neither overflow nor underflow
        a, b, c = a / largest, b / largest, c / largest
        if a == 0.0:
            return np.empty(0) if b == 0.0 else np.array([-c / b])
        discriminant = b * b - 4.0 * a * c
        if discriminant < 0.0:
            return np.empty(0)
        if discriminant == 0.0:
            return np.array([-b / (2.0 * a)])
        q = -0.5 * (b + np.copysign(np.sqrt(discriminant), b))
        with np.errstate(over="ignore"):
            roots = np.array([q / a, c / q])
        return np.sort(roots[np.isfinite(roots)])


class LinearDiscriminants(NamedTuple):
    r"""The linear scores of a tied-covariance Gaussian classifier (LDA),
    :math:`a_k(x) = w_k^T x + w_{0k}`, with

    .. math::

        w_k = \Sigma^{-1}\mu_k, \qquad
        w_{0k} = \log\pi_k - \tfrac12\mu_k^T\Sigma^{-1}\mu_k.

    They differ from :math:`\log f(x \mid c_k) + \log\pi_k` only by terms that are
    the same for every class, so the posterior is their softmax,
    :math:`P(c_k \mid x) = e^{a_k} / \sum_j e^{a_j}`: the model class of
    multinomial logistic regression.
    """

    W: np.ndarray
    w0: np.ndarray

    def evaluate(self, X):
        """The scores :math:`a_k(x)` for every row of ``X``: shape (n_samples, n_classes)."""
        X = np.atleast_2d(np.asarray(X, dtype=float))
        return X @ self.W.T + self.w0

    @classmethod
    def from_gaussians(cls, means, covariance, priors):
        r"""The scores of Gaussian classes with the given means, shared covariance and priors.

        :math:`\Sigma^{-1}\mu_k` is solved through the Cholesky factor of
        :math:`\Sigma`; the inverse is never formed.

        Parameters
        ----------
        means : array-like of shape (n_classes, n_features)
        covariance : array-like of shape (n_features, n_features)
            Symmetric positive definite, shared by all classes.
        priors : array-like of shape (n_classes,)

        Returns
        -------
        LinearDiscriminants
        """
        means = np.asarray(means, dtype=float)
        covariance = np.asarray(covariance, dtype=float)
        if means.ndim == 2 and covariance.shape != (means.shape[1],) * 2:
            raise ValueError(
                f"covariance must be the one {means.shape[1]} x {means.shape[1]} matrix that "
                f"the classes share; got shape {covariance.shape}."
            )
        shared = np.broadcast_to(covariance, (len(means),) + covariance.shape)
        means, factors = check_gaussian_parameters(means, shared)
        priors = check_priors(priors, np.arange(len(means)))
        if priors is None:
            raise ValueError("priors is None; give one prior per class, e.g. np.full(K, 1 / K).")
        precision = cho_solve((factors[0], True), np.eye(means.shape[1]))
        return cls.from_precision(means, precision, priors)

    @classmethod
    def from_precision(cls, means, precision, priors):
        r""":math:`w_k = \Lambda\mu_k` and :math:`w_{0k} = \log\pi_k - \tfrac12\mu_k^T\Lambda\mu_k`
        from the shared precision :math:`\Lambda = \Sigma^{-1}` (inputs are not checked)."""
        W = means @ precision
        with np.errstate(divide="ignore"):
            log_priors = np.log(priors)
        return cls(W, log_priors - 0.5 * np.einsum("kj,kj->k", W, means))


def gaussian_log_likelihood(X, mean, covariance):
    r"""Log-likelihood of a sample under one Gaussian: the objective that ML maximises.

    .. math::

        \ell(\mu, \Sigma) = \sum_{n=1}^{N} \log \mathcal{N}(x_n; \mu, \Sigma)
            = -\frac{N D}{2}\log 2\pi - \frac{N}{2}\log|\Sigma|
              - \frac12 \sum_{n=1}^{N} (x_n - \mu)^T \Sigma^{-1} (x_n - \mu)

    evaluated through the Cholesky factor of :math:`\Sigma` (see `gaussian_log_density`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    mean : array-like of shape (n_features,)
    covariance : array-like of shape (n_features, n_features)
        Symmetric positive definite.

    Returns
    -------
    float
    """
    X = np.asarray(X, dtype=float)
    mean = np.asarray(mean, dtype=float)
    if X.ndim != 2 or X.shape[0] == 0 or mean.shape != (X.shape[1],):
        raise ValueError(
            f"X must have shape (n_samples, D) with at least one row and mean shape (D,); "
            f"got {X.shape} and {mean.shape}."
        )
    check_finite(X, "X")
    means, factors = check_gaussian_parameters(mean[None], np.asarray(covariance, float)[None])
    return float(gaussian_log_density(X, means[0], factors[0]).sum())


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
    """
    X = np.atleast_2d(np.asarray(X, dtype=float))
    means, factors = check_gaussian_parameters(means, covariances)
    priors = check_priors(priors, np.arange(len(means)))
    if priors is None:
        raise ValueError("priors is None; give one prior per class, e.g. np.full(K, 1 / K).")
    if X.shape[1] != means.shape[1]:
        raise ValueError(f"X must have {means.shape[1]} columns, one per feature of the means; "
                         f"got shape {X.shape}.")
    scores = np.empty((X.shape[0], len(means)))
    for k, (mean, factor) in enumerate(zip(means, factors, strict=True)):
        whitened = solve_triangular(factor, (X - mean).T, lower=True)
        distance = np.einsum("ij,ij->j", whitened, whitened)
        constant = np.sqrt((2.0 * np.pi) ** X.shape[1]) * np.prod(np.diag(factor))
        with np.errstate(over="ignore"):
            scores[:, k] = -0.5 * priors[k] * constant * np.exp(distance)
    return scores


def _ml_estimates(X, y_index, counts, shift, scale, covariance):
    r"""Class means and ML covariances of one covariance model, in standardised units.

    Each class's rows are copied once, standardised to :math:`z = (x - s) / a`
    and centred on their mean in place, so no temporary larger than one
    class is made. The covariances come from these residuals
    :math:`z_i - \mu_{c_i}` (two passes, no :math:`E[z^2] - E[z]^2`
    cancellation), and only what the model uses is computed: the diagonal
    models need just the variances, :math:`O(N d)` rather than :math:`O(N d^2)`;
    the tied models pool the scatter of every class,
    :math:`\Sigma = \frac{1}{N}\sum_c \sum_{i: c_i = c} (z_i - \mu_c)(z_i - \mu_c)^T`.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    y_index : ndarray of shape (n_samples,)
        Class index of every row.
    counts : ndarray of shape (n_classes,)
        Rows per class (all positive).
    shift, scale : ndarray of shape (n_features,)
        The standardisation :math:`z = (x - s) / a`.
    covariance : str

    Returns
    -------
    means : ndarray of shape (n_classes, n_features)
    covariances : ndarray of shape (n_classes, n_features, n_features)
        Diagonal for the diagonal models; the same matrix repeated for the tied ones.
    """
    n_classes, n_features = counts.size, X.shape[1]
    diagonal = covariance.endswith("diag")
    means = np.empty((n_classes, n_features))
    shape = (n_classes, n_features) if diagonal else (n_classes, n_features, n_features)
    scatters = np.empty(shape)
    for k in range(n_classes):
        # take() of the row numbers copies the class's rows about twice as fast
        # as a boolean mask; the copy is changed in place below
        block = np.asarray(X.take(np.flatnonzero(y_index == k), axis=0), dtype=float)
        block -= shift
        block /= scale
        means[k] = block.mean(axis=0)
        block -= means[k]
        scatters[k] = np.einsum("ij,ij->j", block, block) if diagonal else block.T @ block
    if covariance.startswith("tied"):
        scatters = np.repeat(scatters.sum(axis=0)[None] / counts.sum(), n_classes, axis=0)
    else:
        scatters /= counts.reshape((n_classes,) + (1,) * (scatters.ndim - 1))
    covariances = scatters[:, :, None] * np.eye(n_features) if diagonal else scatters
    return means, covariances


class GaussianClassifier(CompleteFitMixin, BayesRuleMixin, ClassifierMixin, BaseEstimator):
    r"""Generative classifier with one Gaussian density per class.

    Fitting computes the maximum-likelihood estimates

    .. math::

        P(c) = \frac{N_c}{N}, \qquad
        \mu_c = \frac{1}{N_c}\sum_{i: y_i = c} x_i, \qquad
        \Sigma_c = \frac{1}{N_c}\sum_{i: y_i = c}(x_i - \mu_c)(x_i - \mu_c)^T,

    and, for the tied models, the within-class covariance
    :math:`\Sigma = \frac{1}{N}\sum_c N_c \Sigma_c`. The diagonal models keep
    only the diagonal. Prediction applies Bayes' rule,
    :math:`\hat c = \arg\max_c \log f(x \mid c) + \log P(c)`.

    Parameters
    ----------
    covariance : {"full", "diag", "tied", "tied_diag"}, default="full"
        The covariance model (see the module docstring).
    priors : array-like of shape (n_classes,) or dict, default=None
        Class priors in the order of ``classes_`` (or a mapping label -> prior).
        ``None`` uses the class frequencies of the training data.
    shrinkage : float in [0, 1], default=0.0
        :math:`s`: move each class covariance towards the pooled one,
        :math:`\Sigma_c(s) = (1 - s)\,\Sigma_c + s\,\Sigma`, with
        :math:`\Sigma = \frac{1}{N}\sum_c N_c \Sigma_c` (Friedman's regularised
        discriminant analysis, 1989). ``0`` is the ML estimate; ``1`` gives the
        tied model's covariance ("full") or the naive tied one's ("diag"). The
        tied models already share one covariance, so it changes nothing there.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Sorted class labels (any type numpy can sort: ints, strings, ...).
    class_count_ : ndarray of shape (n_classes,)
        Training samples per class, :math:`N_c`.
    priors_ : ndarray of shape (n_classes,)
    means_ : ndarray of shape (n_classes, n_features)
    covariances_ : ndarray of shape (n_classes, n_features, n_features)
        ML covariances (identical rows for the tied models).
    n_features_in_ : int
    """

    def __init__(self, covariance="full", priors=None, shrinkage=0.0):
        self.covariance = covariance
        self.priors = priors
        self.shrinkage = shrinkage

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
        shrinkage = check_number("shrinkage", self.shrinkage, minimum=0.0)
        if shrinkage > 1.0:
            raise ValueError(
                f"shrinkage must be between 0 (ML covariances) and 1 (the pooled one); "
                f"got {shrinkage}."
            )
        X, classes, y_index = check_training_data(self, X, y)
        priors = check_priors(self.priors, classes)
        n_samples, n_features = X.shape
        counts = np.bincount(y_index, minlength=classes.size)
        self._check_sample_counts(classes, counts, n_samples, n_features)

        # Work in standardised units so that data at any scale (1e-150 or
        # 1e150) and any offset fit equally well; the log-density is mapped
        # back with the Jacobian of the affine change of variables. The scale
        # is max |x - shift|, from max and min (rounding is monotonic, so this
        # is exact) without a copy of X.
        self._shift = X.mean(axis=0)
        self._scale = np.maximum(X.max(axis=0) - self._shift, self._shift - X.min(axis=0))
        if np.any(self._scale == 0):
            j = int(np.flatnonzero(self._scale == 0)[0])
            raise ValueError(
                f"feature {j} is constant (every value is {float(X[0, j])!r}), so no covariance "
                "model can be fitted; drop that column first."
            )
        means, covariances = _ml_estimates(X, y_index, counts, self._shift, self._scale,
                                           self.covariance)
        if shrinkage > 0.0:
            pooled = np.tensordot(counts / n_samples, covariances, axes=1)
            covariances = (1.0 - shrinkage) * covariances + shrinkage * pooled

        self._cholesky = self._cholesky_factors(covariances, classes)
        # L^{-1} for every class, once, so that a prediction is one matrix
        # product per class instead of one triangular solve per class.
        self._whiteners = np.stack([
            solve_triangular(factor, np.eye(n_features), lower=True) for factor in self._cholesky
        ])
        self._means_std = means
        self.classes_ = classes
        self.class_count_ = counts
        self.priors_ = counts / n_samples if priors is None else priors
        self.means_ = means * self._scale + self._shift
        self.covariances_ = covariances * np.outer(self._scale, self._scale)
        return self

    def _check_sample_counts(self, classes, counts, n_samples, n_features):
        shared = self.covariance.startswith("tied")
        diagonal = self.covariance.endswith("diag")
        if shared:
            needed = 1 if diagonal else n_features
            if n_samples - classes.size < needed:
                raise ValueError(
                    f"a {self.covariance!r} covariance in {n_features} dimensions needs "
                    f"N - K >= {needed} (samples minus classes); there are {n_samples} "
                    f"samples in {classes.size} classes. Collect more data or reduce the "
                    "number of features (e.g. with PCA)."
                )
            return
        needed = 2 if diagonal else n_features + 1
        for label, count in zip(classes.tolist(), counts, strict=True):
            if count < needed:
                advice = (
                    "use covariance='tied' (or 'tied_diag'), which pools all classes"
                    if diagonal
                    else "use covariance='diag' or 'tied', or reduce the number of features"
                )
                raise ValueError(
                    f"class {label!r} has {count} sample{'' if count == 1 else 's'}, but a "
                    f"{self.covariance!r} covariance in {n_features} dimensions needs at "
                    f"least {needed} per class to be non-singular; {advice}."
                )

    def _cholesky_factors(self, covariances, classes):
        factors = np.zeros_like(covariances)
        for k, sigma in enumerate(covariances):
            who = "the shared covariance" if self.covariance.startswith("tied") else (
                f"the covariance of class {classes.tolist()[k]!r}")
            variances = np.diag(sigma)
            if np.any(variances <= 0):
                j = int(np.flatnonzero(variances <= 0)[0])
                raise ValueError(
                    f"{who} is singular: feature {j} has zero variance within the "
                    f"class{'es' if self.covariance.startswith('tied') else ''}. Drop that "
                    "feature, or use covariance='tied' if only some classes are constant."
                )
            try:
                factor = np.linalg.cholesky(sigma)
            except np.linalg.LinAlgError:
                factor = None
            if factor is None or np.min(np.diag(factor) ** 2 / variances) < SINGULAR_TOLERANCE:
                raise ValueError(
                    f"{who} is singular: some features are (almost) linear combinations "
                    "of others. Remove redundant features (for example with PCA), or use "
                    "covariance='diag' or 'tied_diag'."
                )
            factors[k] = factor
        return factors

    # ------------------------------------------------------------ densities
    def log_likelihood(self, X):
        r"""Class-conditional log-densities :math:`\log f(x \mid c)`.

        With :math:`w = L_c^{-1}(z - \mu_c)` the whitened residual of the
        standardised sample :math:`z = (x - s) / a` (see `_whitened`),

        .. math::

            \log \mathcal{N}(x; m_c, \Sigma_c) = -\sum_{i=1}^{d}
                \big(\tfrac12\log 2\pi + \log L_{c,ii} + \log a_i\big)
                - \tfrac12 \lVert w \rVert^2 .

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Column ``k`` is :math:`\log \mathcal{N}(x; \mu_k, \Sigma_k)`.
        """
        X = check_features(self, X, reset=False)
        normalisers = self._log_normalisers().sum(axis=1)
        ones = np.ones(X.shape[1])
        log_likelihoods = np.empty((self.classes_.size, X.shape[0]))
        for k, whitened in enumerate(self._whitened(X)):
            # squared row norms: squaring in place and summing with a matrix-vector
            # product is faster than einsum("ij,ij->i")
            distances = np.dot(np.square(whitened, out=whitened), ones)
            log_likelihoods[k] = -0.5 * distances - normalisers[k]
        return log_likelihoods.T

    def nested_log_likelihoods(self, X, dimensions):
        r"""Log-densities of the leading features, :math:`\log f(x_{1:m} \mid c)`, for several m.

        The ML covariance of the first :math:`m` features is the leading
        :math:`m \times m` block of :math:`\Sigma_c`, and its Cholesky factor is
        the leading block of :math:`L_c`. As :math:`L_c` is lower triangular,
        the first :math:`m` entries of :math:`w = L_c^{-1}(z - \mu_c)` depend
        only on the first :math:`m` features, so

        .. math::

            \log f(x_{1:m} \mid c) = -\sum_{i=1}^{m}
                \big(\tfrac12\log 2\pi + \log L_{c,ii} + \log a_i\big)
                - \tfrac12 \sum_{i=1}^{m} w_i^2 :

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
        normalisers = np.cumsum(self._log_normalisers(), axis=1)[:, columns]
        log_likelihoods = np.empty((columns.size, X.shape[0], self.classes_.size))
        for k, whitened in enumerate(self._whitened(X)):
            distances = np.cumsum(np.square(whitened, out=whitened), axis=1)[:, columns]
            log_likelihoods[:, :, k] = -0.5 * distances.T - normalisers[k][:, None]
        return log_likelihoods

    def whitened_residuals(self, X, y):
        r"""Each row's residual from its own class mean, whitened by that class's covariance.

        With the Cholesky factor :math:`\Sigma_k = L_k L_k^T` (:math:`L_k` lower
        triangular) of the class :math:`k = y_n` of row :math:`n`,

        .. math::

            w_n = L_k^{-1}(x_n - \mu_k), \qquad
            \lVert w_n \rVert^2 = (x_n - \mu_k)^T \Sigma_k^{-1} (x_n - \mu_k).

        If the class really is :math:`\mathcal{N}(\mu_k, \Sigma_k)`, every entry
        of :math:`w_n` is a standard normal variable; entry :math:`j` is what
        feature :math:`j` adds, given the features before it, to the squared
        Mahalanobis distance.

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
        y = np.asarray(y)
        index = np.searchsorted(self.classes_, y)
        if y.shape != (X.shape[0],) or np.any(index >= self.classes_.size) or \
                np.any(self.classes_[np.minimum(index, self.classes_.size - 1)] != y):
            raise ValueError(
                f"y must give one known class {self.classes_.tolist()} per row of X."
            )
        residuals = np.empty(X.shape)
        whiteners = self._whiteners / self._scale  # L_k^{-1} diag(a)^{-1}, as in _whitened
        for k, (mean, whitener) in enumerate(zip(self.means_, whiteners, strict=True)):
            rows = index == k
            residuals[rows] = (X[rows] - mean) @ whitener.T
        return residuals

    def _log_normalisers(self):
        r""":math:`\tfrac12\log 2\pi + \log L_{c,ii} + \log a_i`: shape (n_classes, n_features).

        Summed over the features, minus the log-density, this is half the
        squared Mahalanobis distance: the log-determinant
        :math:`\tfrac12\log\lvert\Sigma_c\rvert` comes from the diagonal of the
        Cholesky factor, and :math:`\log a_i` is the Jacobian of the standardisation.
        """
        log_diagonals = np.log(np.diagonal(self._cholesky, axis1=1, axis2=2))
        return 0.5 * LOG_2PI + log_diagonals + np.log(self._scale)

    def _whitened(self, X):
        r"""Yield the whitened residuals :math:`L_k^{-1}(z - \mu_k)` of every row, class by class.

        With :math:`z = (x - s) / a` the standardised sample, this is
        :math:`L_k^{-1} \operatorname{diag}(a)^{-1} (x - m_k)`, where
        :math:`m_k = s + a \mu_k` is the class mean (``means_``): the
        standardisation is folded into the inverse Cholesky factors computed
        in `fit`, so this is one matrix product per class (one in all for the
        tied model, none for the diagonal ones) and no standardised copy of
        ``X`` is made. The yielded array, of shape (n_samples, n_features), is
        a buffer that the next class overwrites; its owner may change it.
        """
        whiteners = self._whiteners / self._scale  # L_k^{-1} diag(a)^{-1}
        difference = np.empty(X.shape)
        if self.covariance == "tied":
            whitened = (X - self._shift) @ whiteners[0].T
            for centre in self._means_std @ self._whiteners[0].T:
                yield np.subtract(whitened, centre, out=difference)
            return
        inverse_deviations = np.diagonal(whiteners, axis1=1, axis2=2)
        for mean, inverse_deviation, whitener in zip(self.means_, inverse_deviations,
                                                     whiteners, strict=True):
            np.subtract(X, mean, out=difference)
            if self.covariance.endswith("diag"):
                yield np.multiply(difference, inverse_deviation, out=difference)
            else:
                yield difference @ whitener.T

    def log_density(self, X):
        r"""Log of the marginal density :math:`\log f(x) = \log \sum_c f(x \mid c) P(c)`.

        Low values flag points that no class explains well (outliers).
        """
        return logsumexp(log_joint(self.log_likelihood(X), self.priors_), axis=1)

    def llr_coefficients(self):
        r"""The closed form :math:`\mathrm{llr}(x) = x^T A x + b^T x + c` (see `QuadraticLLR`).

        Returns
        -------
        QuadraticLLR
            ``A`` is exactly zero for the tied models, whose ratio is linear.
        """
        self._require_binary("llr_coefficients")
        identity = np.eye(self.means_.shape[1])
        inv_scale = 1.0 / self._scale
        precisions, log_dets = [], []
        for factor in self._cholesky[:2]:
            precision_std = cho_solve((factor, True), identity)
            precisions.append(precision_std * np.outer(inv_scale, inv_scale))
            log_dets.append(-2.0 * (np.log(np.diag(factor)).sum() + np.log(self._scale).sum()))
        (p0, p1), (m0, m1) = precisions, self.means_[:2]
        tied = self.covariance.startswith("tied")
        A = np.zeros_like(p0) if tied else -0.5 * (p1 - p0)
        b = p1 @ m1 - p0 @ m0
        c = -0.5 * (m1 @ p1 @ m1 - m0 @ p0 @ m0)
        if not tied:
            c += 0.5 * (log_dets[1] - log_dets[0])
        return QuadraticLLR(A, b, float(c))

    def linear_discriminants(self):
        r"""The posterior of a tied model as a softmax of linear scores (see `LinearDiscriminants`).

        Returns
        -------
        LinearDiscriminants
            ``W`` of shape (n_classes, n_features) with rows
            :math:`w_k = \Sigma^{-1}\mu_k`, and ``w0`` of shape (n_classes,) with
            :math:`w_{0k} = \log\pi_k - \frac12\mu_k^T\Sigma^{-1}\mu_k`.

        Notes
        -----
        The scores are in the data's own units, as in the formula. For data far
        from the origin compared with their spread the scores are large and
        nearly equal, and their differences lose digits; ``predict_proba``
        works in standardised units and keeps full precision.

        Raises
        ------
        ValueError
            For ``covariance="full"`` or ``"diag"``: with one covariance per class
            the term :math:`-\frac12 x^T\Sigma_k^{-1}x` no longer cancels, and the
            scores are quadratic.
        """
        check_features(self, np.zeros((1, getattr(self, "n_features_in_", 1))), reset=False)
        if not self.covariance.startswith("tied"):
            raise ValueError(
                f"linear_discriminants needs a shared covariance, but this model has "
                f"covariance={self.covariance!r}, whose scores are quadratic in x; fit "
                "GaussianClassifier(covariance='tied') (LDA) or 'tied_diag'."
            )
        inv_scale = 1.0 / self._scale
        precision = cho_solve((self._cholesky[0], True), np.eye(self.means_.shape[1]))
        precision = precision * np.outer(inv_scale, inv_scale)
        return LinearDiscriminants.from_precision(self.means_, precision, self.priors_)

    # ----------------------------------------------------------- generation
    def sample(self, n_samples=1, random_state=None):
        r"""Draw labelled samples: :math:`c \sim P(c)`, then :math:`x \sim f(x \mid c)`.

        Parameters
        ----------
        n_samples : int, default=1
        random_state : int, numpy Generator or RandomState, default=None

        Returns
        -------
        X : ndarray of shape (n_samples, n_features)
        y : ndarray of shape (n_samples,)
        """
        check_features(self, np.zeros((1, getattr(self, "n_features_in_", 1))), reset=False)
        n_samples = check_number("n_samples", n_samples, minimum=1, integer=True)
        rng = check_random_state(random_state)
        y_index = rng.choice(self.classes_.size, size=n_samples, p=self.priors_)
        noise = rng.standard_normal((n_samples, self.means_.shape[1]))
        Z = self._means_std[y_index] + np.einsum("nij,nj->ni", self._cholesky[y_index], noise)
        return Z * self._scale + self._shift, self.classes_[y_index]

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
        check_features(self, np.zeros((1, getattr(self, "n_features_in_", 1))), reset=False)
        X = np.array(X, dtype=float)
        if X.ndim != 2 or X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X must have shape (n_samples, {self.n_features_in_}); got {X.shape}."
            )
        if np.any(np.isinf(X)):
            raise ValueError("X contains infinite values; only NaN marks a missing entry.")
        missing = np.isnan(X)
        if np.any(missing.all(axis=1)):
            row = int(np.flatnonzero(missing.all(axis=1))[0])
            raise ValueError(
                f"row {row} of X has no observed value, so nothing can be inferred from it; "
                "drop that row or give at least one of its features."
            )
        if y is not None:
            y = np.asarray(y)
            unknown = set(np.unique(y).tolist()) - set(self.classes_.tolist())
            if y.shape != (X.shape[0],) or unknown:
                raise ValueError(
                    f"y must give one known class {self.classes_.tolist()} per row of X."
                )
        filled = X.copy()
        for pattern in np.unique(missing, axis=0):
            if not pattern.any():
                continue
            rows = np.flatnonzero((missing == pattern).all(axis=1))
            filled[rows] = self._impute_pattern(X[rows], ~pattern, y if y is None else y[rows])
        return filled

    def _impute_pattern(self, X, observed, y):
        o, m = np.flatnonzero(observed), np.flatnonzero(~observed)
        x_o = X[:, o]
        conditional = np.empty((X.shape[0], self.classes_.size, m.size))
        log_lik = np.empty((X.shape[0], self.classes_.size))
        for k, (mean, cov) in enumerate(zip(self.means_, self.covariances_, strict=True)):
            factor = np.linalg.cholesky(cov[np.ix_(o, o)])
            log_lik[:, k] = gaussian_log_density(x_o, mean[o], factor)
            solved = cho_solve((factor, True), (x_o - mean[o]).T)
            conditional[:, k] = mean[m] + (cov[np.ix_(m, o)] @ solved).T
        if y is None:
            weights = np.exp(log_posteriors(log_lik, self.priors_))
        else:
            weights = (y[:, None] == self.classes_[None, :]).astype(float)
        result = X.copy()
        result[:, m] = np.einsum("nk,nkm->nm", weights, conditional)
        return result


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
    """
    check_option("covariance", covariance, COVARIANCE_TYPES, kind="a covariance model")
    d = check_number("n_features", n_features, minimum=1, integer=True)
    k = check_number("n_classes", n_classes, minimum=1, integer=True)
    per_covariance = d if covariance.endswith("diag") else d * (d + 1) // 2
    covariances = per_covariance if covariance.startswith("tied") else k * per_covariance
    return k * d + covariances


def density_peaks(model, starts, *, tolerance=1e-3):
    r"""Local maxima of a fitted model's density, found by climbing from each start.

    The density of a flower is the mixture of the class densities,

    .. math::

        p(x) = \sum_{k=1}^{K} \pi_k\, \mathcal{N}(x; \mu_k, \Sigma_k),

    which can have fewer peaks than classes: two overlapping classes merge into
    one hill. From each start the Nelder-Mead simplex method climbs
    :math:`\log p(x)` to a local maximum; climbs that end within ``tolerance``
    of each other found the same peak.

    Parameters
    ----------
    model : fitted model with ``log_density`` and ``n_features_in_``
        e.g. a `GaussianClassifier`.
    starts : array-like of shape (n_starts, n_features)
        Where to start climbing, e.g. the class means ``model.means_``.
    tolerance : float, default=1e-3
        Peaks closer than this (Euclidean distance) are the same peak.

    Returns
    -------
    peaks : ndarray of shape (n_peaks, n_features)
        The distinct peaks, in the order of the first start that reached each.
    heights : ndarray of shape (n_peaks,)
        :math:`p(x)` at each peak.
    """
    from scipy.optimize import minimize

    starts = np.atleast_2d(np.asarray(starts, dtype=float))
    if starts.ndim != 2 or starts.shape[1] != model.n_features_in_ or starts.shape[0] == 0:
        raise ValueError(
            f"starts must be an array of shape (n_starts, {model.n_features_in_}), one row per "
            f"start, e.g. model.means_; got shape {starts.shape}."
        )
    check_finite(starts, "starts")
    tolerance = check_number("tolerance", tolerance, minimum=0.0, inclusive=False)
    peaks = []
    for start in starts:
        found = minimize(lambda x: -model.log_density(x[None, :])[0], start, method="Nelder-Mead",
                         options={"xatol": 1e-6, "fatol": 1e-10, "maxiter": 5_000}).x
        if all(np.linalg.norm(found - peak) > tolerance for peak in peaks):
            peaks.append(found)
    peaks = np.array(peaks)
    return peaks, np.exp(model.log_density(peaks))
