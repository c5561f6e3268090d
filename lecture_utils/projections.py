r"""Linear projections that prepare high-dimensional data for Gaussian models.

Both are small scikit-learn transformers, fitted on training data only, that
map a sample to :math:`y = P^T (x - \mu)` with :math:`\mu` the training mean:

====================  ======================================================
``PCA``               the directions of largest variance (unsupervised): the
                      leading eigenvectors of the covariance :math:`C`
``FisherProjection``  the directions that best separate the classes (Fisher's
                      linear discriminant analysis): the leading solutions of
                      :math:`S_B w = \lambda S_W w`, whitened so that the
                      projected within-class covariance is the identity
====================  ======================================================

(The tied Gaussian classifier that the notebooks call LDA is
``GaussianClassifier(covariance="tied")``.)

Scatter matrices are maximum-likelihood estimates (they divide by :math:`N`); the
within-class scatter :math:`S_W` is the tied Gaussian model's covariance, computed
by the same function (`lecture_utils.gaussian.ml_estimates`).
`rayleigh_quotient` evaluates Fisher's criterion :math:`J(w)` for any direction.
Each direction's sign is fixed so that its largest-magnitude coefficient is
positive (scikit-learn's ``svd_flip``), so that results do not depend on the
eigen-solver.
"""

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils.extmath import svd_flip
from sklearn.utils.validation import check_is_fitted

from .gaussian import ml_estimates
from .validation import check_features, check_finite, check_number, check_training_data

#: Rows handled at a time when centring and projecting, which keeps the
#: temporary float copies small for 60,000 x 784 inputs such as MNIST.
CHUNK_ROWS = 8192
#: :math:`S_W` counts as singular when its smallest eigenvalue is below this
#: fraction of its largest.
MIN_EIGENVALUE_RATIO = 1e-10


def _row_chunks(n_rows):
    return (slice(start, min(start + CHUNK_ROWS, n_rows)) for start in range(0, n_rows, CHUNK_ROWS))


def centred_scatter(X, mean):
    r"""Scatter matrix :math:`\sum_i (x_i - m)(x_i - m)^T` of the rows of ``X``.

    Computed in float64 over blocks of `CHUNK_ROWS` rows, so an integer ``X``
    (e.g. uint8 images) is never copied whole.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    mean : ndarray of shape (n_features,)

    Returns
    -------
    ndarray of shape (n_features, n_features)

    Examples
    --------
    >>> centred_scatter(np.array([[0.0, 1.0], [2.0, 3.0]]), np.array([1.0, 2.0]))
    array([[2., 2.],
           [2., 2.]])
    """
    chunks = (X[rows] - mean for rows in _row_chunks(X.shape[0]))
    return sum((chunk.T @ chunk for chunk in chunks), np.zeros((X.shape[1], X.shape[1])))


def _check_n_components(n_components, available, what):
    if n_components is None:
        return available
    n_components = check_number("n_components", n_components, minimum=1, integer=True)
    if n_components > available:
        raise ValueError(f"n_components={n_components}, but {what} gives between 1 and "
                         f"{available} directions; choose n_components in that range (or None "
                         f"for {available}).")
    return n_components


def _leading(matrix, n_components):
    """The largest eigenvalues of a symmetric matrix (clipped at 0), eigenvectors as rows."""
    eigenvalues, eigenvectors = np.linalg.eigh(matrix)
    order = np.argsort(eigenvalues)[::-1][:n_components]
    return np.clip(eigenvalues[order], 0.0, None), eigenvectors[:, order].T


def rayleigh_quotient(directions, between, within):
    r"""Fisher's criterion of each direction: :math:`J(w) = \frac{w^T S_B w}{w^T S_W w}`.

    :math:`J` does not change when :math:`w` is scaled, so only a direction counts;
    the first component of `FisherProjection` maximises it.

    Parameters
    ----------
    directions : array-like of shape (d,) or (n_directions, d)
    between, within : array-like of shape (d, d)
        :math:`S_B` and :math:`S_W`; :math:`S_W` positive definite.

    Returns
    -------
    float or ndarray of shape (n_directions,)

    Examples
    --------
    >>> rayleigh_quotient([1.0, 0.0], between=[[4.0, 0.0], [0.0, 1.0]], within=np.eye(2))
    4.0
    """
    W = np.asarray(directions, dtype=float)
    between, within = np.asarray(between, dtype=float), np.asarray(within, dtype=float)
    rows = np.atleast_2d(W)
    if W.ndim > 2 or not between.shape == within.shape == (rows.shape[1],) * 2:
        raise ValueError(f"directions must have shape (d,) or (n, d) and both scatter matrices "
                         f"(d, d); got {W.shape}, {between.shape} and {within.shape}.")
    denominators = np.einsum("ni,ij,nj->n", rows, within, rows)
    if np.any(denominators <= 0):
        raise ValueError("w^T S_W w must be positive: pass non-zero directions and a "
                         "positive definite within-class scatter.")
    quotients = np.einsum("ni,ij,nj->n", rows, between, rows) / denominators
    return float(quotients[0]) if W.ndim == 1 else quotients


class _LinearProjection(TransformerMixin, BaseEstimator):
    """Shared ``transform``: :math:`y = P^T (x - \\mu)` with ``components_`` as rows of P^T."""

    def transform(self, X):
        r"""Project samples: :math:`y = P^T (x - \mu)`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_components)
        """
        X = check_features(self, X, reset=False)
        return np.vstack([(X[rows] - self.mean_) @ self.components_.T
                          for rows in _row_chunks(X.shape[0])])


class PCA(_LinearProjection):
    r"""Principal component analysis, from the covariance of the training data.

    .. math::

        \mu = \frac{1}{N}\sum_i x_i, \qquad
        C = \frac{1}{N}\sum_i (x_i - \mu)(x_i - \mu)^T = U \Lambda U^T, \qquad
        y = P^T (x - \mu)

    where :math:`P` holds the ``n_components`` eigenvectors of :math:`C` with
    the largest eigenvalues. The first :math:`m` principal components do not
    depend on ``n_components``: PCA with fewer directions is a column slice of
    PCA with more.

    Parameters
    ----------
    n_components : int, default=None
        Directions to keep; ``None`` keeps all ``n_features``.

    Attributes
    ----------
    mean_ : ndarray of shape (n_features,)
    components_ : ndarray of shape (n_components, n_features)
        Orthonormal rows, by decreasing variance.
    explained_variance_ : ndarray of shape (n_components,)
        Eigenvalues :math:`\lambda_j`: the ML variance of each projection.
    explained_variance_ratio_ : ndarray of shape (n_components,)
        :math:`\lambda_j / \operatorname{tr} C`, the share of the total variance.
    n_components_ : int
    n_features_in_ : int

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.0], [2.0, 2.0], [4.0, 4.0], [1.0, 3.0], [3.0, 1.0]])
    >>> pca = PCA(n_components=1).fit(X)
    >>> pca.components_.round(3).tolist(), pca.explained_variance_.round(3).tolist()
    ([[0.707, 0.707]], [3.2])
    """

    def __init__(self, *, n_components=None):
        self.n_components = n_components

    def fit(self, X, y=None):
        """Estimate the mean and the leading eigenvectors of the covariance.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : ignored

        Returns
        -------
        self
        """
        X = check_features(self, X, reset=True)
        if X.shape[0] < 2:
            raise ValueError(f"PCA needs at least 2 samples to estimate a covariance; got "
                             f"{X.shape[0]} sample. Pass at least two rows of data.")
        self.n_components_ = _check_n_components(self.n_components, X.shape[1], "PCA")
        self.mean_ = X.mean(axis=0, dtype=float)
        covariance = centred_scatter(X, self.mean_) / X.shape[0]
        self.explained_variance_, directions = _leading(covariance, self.n_components_)
        self.explained_variance_ratio_ = self.explained_variance_ / np.trace(covariance)
        self.components_ = svd_flip(None, directions, u_based_decision=False)[1]
        return self

    def inverse_transform(self, Y):
        r"""Map projections back to the input space: :math:`\hat x = \mu + \sum_{j \le m} y_j p_j`.

        With all components this undoes `transform`; with fewer it gives the
        closest point of the principal subspace (the reconstruction).

        Parameters
        ----------
        Y : array-like of shape (n_samples, m)
            Coordinates on the first ``m`` components, ``1 <= m <= n_components_``
            (the first ``m`` columns of `transform`'s output).

        Returns
        -------
        ndarray of shape (n_samples, n_features)
        """
        check_is_fitted(self)
        Y = np.asarray(Y, dtype=float)
        if Y.ndim != 2 or not 1 <= Y.shape[1] <= self.components_.shape[0]:
            raise ValueError(f"Y must have shape (n_samples, m) with 1 <= m <= "
                             f"{self.components_.shape[0]}, coordinates on the leading components "
                             f"as transform returns them; got {Y.shape}.")
        check_finite(Y, "Y")
        return Y @ self.components_[: Y.shape[1]] + self.mean_


class FisherProjection(_LinearProjection):
    r"""Fisher's linear discriminant analysis as a projection to at most K - 1 dimensions.

    With class means :math:`\mu_c`, overall mean :math:`\mu` and :math:`N_c`
    samples in class :math:`c`, the within- and between-class scatter are

    .. math::

        S_W = \frac{1}{N}\sum_c \sum_{i: y_i = c} (x_i - \mu_c)(x_i - \mu_c)^T, \qquad
        S_B = \frac{1}{N}\sum_c N_c (\mu_c - \mu)(\mu_c - \mu)^T,

    and the directions maximise :math:`\frac{w^T S_B w}{w^T S_W w}`, i.e. solve
    the generalised eigenproblem :math:`S_B w = \lambda S_W w`. They are
    found in two steps:

    1. whiten the within-class scatter: :math:`S_W = U \Sigma U^T`,
       :math:`P_1 = U \Sigma^{-1/2} U^T`, so that :math:`P_1 S_W P_1^T = I`;
    2. diagonalise the whitened between-class scatter
       :math:`P_1 S_B P_1^T = V \Lambda V^T` and keep the leading eigenvectors
       :math:`P_2` (largest :math:`\lambda`).

    The projection is :math:`y = W^T (x - \mu)` with :math:`W = P_1^T P_2`.
    Its within-class covariance is :math:`W^T S_W W = P_2^T P_2 = I`: in LDA
    coordinates a tied Gaussian model has the identity as covariance.

    Parameters
    ----------
    n_components : int, default=None
        Directions to keep, at most ``min(n_classes - 1, n_features)``;
        ``None`` keeps that many.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    mean_ : ndarray of shape (n_features,)
        Overall training mean :math:`\mu`.
    means_ : ndarray of shape (n_classes, n_features)
        Class means :math:`\mu_c`.
    within_class_scatter_, between_class_scatter_ : ndarray of shape (n_features, n_features)
        :math:`S_W` and :math:`S_B`.
    components_ : ndarray of shape (n_components, n_features)
        Rows are the directions :math:`w` (columns of :math:`W`), by decreasing
        :math:`\lambda`, scaled so that :math:`w^T S_W w = 1`.
    eigenvalues_ : ndarray of shape (n_components,)
        :math:`\lambda = \frac{w^T S_B w}{w^T S_W w}` of each direction.
    n_components_ : int
    n_features_in_ : int

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris
    >>> iris = load_iris()
    >>> fisher = FisherProjection(n_components=2).fit(iris.X, iris.y)
    >>> Y = fisher.transform(iris.X)
    >>> Y.shape, bool(fisher.eigenvalues_[0] > fisher.eigenvalues_[1])
    ((150, 2), True)
    """

    def __init__(self, *, n_components=None):
        self.n_components = n_components

    def fit(self, X, y):
        """Compute the scatter matrices and the discriminant directions.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)

        Returns
        -------
        self
        """
        X, classes, y_index = check_training_data(self, X, y)
        n_components = _check_n_components(self.n_components, min(classes.size - 1, X.shape[1]),
                                           f"FisherProjection with {classes.size} classes")
        counts = np.bincount(y_index)
        means, (within,) = ml_estimates(X, y_index, "tied")  # S_W: the tied ML covariance
        mean = counts @ means / X.shape[0]
        between = (means - mean).T @ ((means - mean) * counts[:, None]) / X.shape[0]
        whitening = self._whitening(within)
        eigenvalues, directions = _leading(whitening @ between @ whitening.T, n_components)
        self.classes_, self.means_, self.mean_, self.n_components_ = (classes, means, mean,
                                                                       n_components)
        self.within_class_scatter_, self.between_class_scatter_ = within, between
        self.eigenvalues_ = eigenvalues
        self.components_ = svd_flip(None, directions @ whitening, u_based_decision=False)[1]
        return self

    @staticmethod
    def _whitening(within):
        r""":math:`P_1 = U \Sigma^{-1/2} U^T` from :math:`S_W = U \Sigma U^T`."""
        variances, axes = np.linalg.eigh(within)
        if variances[0] <= MIN_EIGENVALUE_RATIO * variances[-1]:
            raise ValueError("the within-class scatter S_W is singular: some direction has no "
                             "variance inside the classes (for example pixels that are blank in "
                             "every image), so it cannot be whitened. Project the data with PCA "
                             "first to drop those directions, e.g. "
                             "FisherProjection().fit(PCA(n_components=100).fit_transform(X), y).")
        return (axes / np.sqrt(variances)) @ axes.T
