r"""Multinomial logistic (softmax) regression, fitted by gradient descent, SGD or Newton.

The model gives each class :math:`k` a linear score :math:`a_k = w_k^T x + w_{0k}` and
turns the scores into posteriors with the softmax (``scipy.special.softmax``)

.. math::

    \hat y_k = P(c_k \mid x, W) = \frac{\exp a_k}{\sum_j \exp a_j}.

A fitted `SoftmaxRegression` gives its weights in the layout of every linear model
here, ``linear_scores()``: :math:`W` of shape :math:`K \times D` and the biases
:math:`w_0`. The lecture derives the objective with a dummy feature :math:`x_0 = 1`
(`add_bias`) instead, so that :math:`a_k = w_k^T x` and the weights are the columns
of a :math:`(D + 1) \times K` matrix :math:`W = [w_1, \dots, w_K]` whose row 0 holds
the biases (``linear_scores().augmented()``). The functions `cross_entropy`,
`cross_entropy_gradient` and `cross_entropy_hessian` take that matrix, so that each
reads like its formula and can be checked on its own: the mean cross-entropy
(negative log-likelihood) plus an optional L2 penalty on everything but the biases,

.. math::

    J(W) = -\frac{1}{N}\sum_{i=1}^N\sum_{k=1}^K c_{ik}\log\hat y_{ik}
        + \frac{\lambda}{2}\sum_{j=1}^{D}\sum_{k=1}^K w_{jk}^2,

where :math:`c_i` is the one-hot code of sample :math:`i`'s class. Everything is
computed from log-probabilities (``scipy.special.log_softmax``), so no score is
ever exponentiated on its own and nothing overflows.
"""

import warnings

import numpy as np
from scipy.optimize import linprog
from scipy.special import expit, log_softmax, softmax
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .decision import LinearScores
from .validation import (
    check_features,
    check_number,
    check_option,
    check_random_state,
    check_training_data,
)

SOLVERS = ("newton", "gd", "sgd")
#: The default penalty :math:`\lambda` of `SoftmaxRegression`: small, but enough for a
#: unique optimum on separable data (scikit-learn's ``C = 1 / (DEFAULT_PENALTY * N)``).
DEFAULT_PENALTY = 1e-3
#: Armijo constant of the Newton line search: a step must achieve this
#: fraction of the decrease the local quadratic model predicts.
ARMIJO_FRACTION = 1e-4
#: Below this fraction of the loss, a predicted decrease is lost in the rounding
#: of the loss itself (a few units in the last place), and a line search can no
#: longer tell a good step from a bad one.
LOSS_RESOLUTION = 100 * np.finfo(float).eps
#: Epochs without an improvement of the loss by ``tol`` after which ``"sgd"`` stops.
SGD_PATIENCE = 10


# ---------------------------------------------------------------- pure maths
def softmax_jacobian(scores):
    r"""The Jacobian of the softmax,
    :math:`\partial\hat y_k / \partial a_j = \hat y_k([k = j] - \hat y_j)`.

    In matrix form :math:`J = \operatorname{diag}(\hat y) - \hat y\hat y^T
    = (\hat y 1^T) \odot (I - 1\hat y^T)`: the first factor copies
    :math:`\hat y` into every column, the second holds :math:`[k = j] - \hat y_j`.

    Parameters
    ----------
    scores : array-like of shape (n_classes,) or (n_samples, n_classes)
        The scores :math:`a`.

    Returns
    -------
    ndarray of shape (n_classes, n_classes) or (n_samples, n_classes, n_classes)
        Entry ``[k, j]`` (of each sample) is :math:`\partial\hat y_k / \partial a_j`.

    Examples
    --------
    >>> softmax_jacobian([0.0, 0.0])
    array([[ 0.25, -0.25],
           [-0.25,  0.25]])
    """
    scores = np.asarray(scores, dtype=float)
    if scores.ndim not in (1, 2) or scores.shape[-1] < 1:
        raise ValueError(f"scores must be one score vector (n_classes,) or one per row "
                         f"(n_samples, n_classes); got shape {scores.shape}.")
    probabilities = softmax(scores, axis=-1)
    return probabilities[..., :, None] * (np.eye(scores.shape[-1]) - probabilities[..., None, :])


def centred_weights(W):
    r"""Subtract the mean over the classes from each row of :math:`W`: :math:`w_k - \bar w`.

    Adding one vector :math:`v` to every :math:`w_k` changes no probability, since
    :math:`e^{a_k + v^T x} / \sum_j e^{a_j + v^T x} = e^{a_k} / \sum_j e^{a_j}`.
    Of all these equivalent weights, the centred ones,
    :math:`\sum_k w_k = 0`, have the smallest penalty
    :math:`\sum_k \lVert w_k\rVert^2` (the mean minimises a sum of squared
    distances). `SoftmaxRegression` fits centred weights; the LDA scores
    :math:`w_k = \Sigma^{-1}\mu_k` are not centred, so compare penalties after centring.

    Parameters
    ----------
    W : array-like of shape (d + 1, n_classes)
        Column :math:`k` is :math:`w_k`.

    Returns
    -------
    ndarray of shape (d + 1, n_classes)
        Each row sums to zero.

    Examples
    --------
    >>> centred_weights([[1.0, 3.0], [0.0, 2.0]])
    array([[-1.,  1.],
           [-1.,  1.]])
    """
    W = np.asarray(W, dtype=float)
    if W.ndim != 2:
        raise ValueError(f"W must be 2-D, one column per class; got shape {W.shape}.")
    return W - W.mean(axis=1, keepdims=True)


def add_bias(X):
    """Prepend the dummy feature :math:`x_0 = 1`: ``[1, x_1, ..., x_d]`` for each row.

    Examples
    --------
    >>> add_bias([[2.0, 3.0]])
    array([[1., 2., 3.]])
    """
    return np.insert(np.asarray(X, dtype=float), 0, 1.0, axis=1)


def one_hot(y_index, n_classes):
    """The one-hot matrix :math:`c_{ik} = [y_i = k]` of shape (n_samples, n_classes).

    Examples
    --------
    >>> one_hot([1, 0], 3)
    array([[0., 1., 0.],
           [1., 0., 0.]])
    """
    return np.eye(n_classes)[np.asarray(y_index)]


def _penalty_weights(penalty, n_rows):
    """Per-row penalty strengths: 0 for the bias row 0, ``penalty`` for the others."""
    penalty = np.asarray(penalty, dtype=float)
    if penalty.ndim == 0:
        return np.concatenate([[0.0], np.full(n_rows - 1, float(penalty))])
    if penalty.shape != (n_rows,):
        raise ValueError(f"penalty must be a number or one strength per row of W ({n_rows}); got "
                         f"shape {penalty.shape}.")
    return penalty


def cross_entropy(W, X1, C, penalty=0.0):
    r"""The objective :math:`J(W)`: mean cross-entropy plus the L2 penalty.

    .. math::

        J(W) = -\frac{1}{N}\sum_{i}\sum_{k} c_{ik}\,\log\hat y_{ik}
            + \frac{1}{2}\sum_{j}\lambda_j\sum_k w_{jk}^2,
        \qquad \log\hat y_{ik} = a_{ik} - \log\sum_l e^{a_{il}},\quad a_i = W^T x_i

    Parameters
    ----------
    W : ndarray of shape (d + 1, n_classes)
        Column :math:`k` is :math:`w_k`; row 0 holds the biases
        (``LinearScores.augmented()``).
    X1 : ndarray of shape (n_samples, d + 1)
        Features with the dummy feature 1 in column 0 (see `add_bias`).
    C : ndarray of shape (n_samples, n_classes)
        One-hot class codes (see `one_hot`).
    penalty : float or ndarray of shape (d + 1,), default=0.0
        :math:`\lambda`; a number penalises every row but the bias row,
        an array gives each row :math:`j` its own :math:`\lambda_j`.

    Returns
    -------
    float

    Examples
    --------
    >>> round(cross_entropy(np.zeros((2, 3)), add_bias([[1.0]]), one_hot([0], 3)), 4)  # log 3
    1.0986
    """
    weights = _penalty_weights(penalty, W.shape[0])
    return float(-np.sum(C * log_softmax(X1 @ W, axis=1)) / X1.shape[0]
                 + 0.5 * np.sum(weights[:, None] * W**2))


def cross_entropy_gradient(W, X1, C, penalty=0.0):
    r"""The gradient :math:`g(W) = \frac{1}{N}\sum_i x_i(\hat y_i - c_i)^T + \Lambda W`.

    :math:`\Lambda = \operatorname{diag}(\lambda_j)` is the penalty
    (zero for the bias row). Parameters as in `cross_entropy`.

    Returns
    -------
    ndarray of shape (d + 1, n_classes)
        The same shape as ``W``: entry :math:`(j, k)` is :math:`\partial J / \partial w_{jk}`.

    Examples
    --------
    >>> cross_entropy_gradient(np.zeros((2, 2)), add_bias([[2.0]]), one_hot([0], 2))
    array([[-0.5,  0.5],
           [-1. ,  1. ]])
    """
    weights = _penalty_weights(penalty, W.shape[0])
    return X1.T @ (softmax(X1 @ W, axis=1) - C) / X1.shape[0] + weights[:, None] * W


def cross_entropy_hessian(W, X1, C, penalty=0.0):
    r"""The Hessian :math:`H = \frac{1}{N}\sum_i (\operatorname{diag}(\hat y_i)
    - \hat y_i\hat y_i^T) \otimes x_i x_i^T + I_K \otimes \Lambda`.

    The rows and columns follow :math:`\operatorname{vec}(W)`, the columns
    :math:`w_1, \dots, w_K` stacked (``W.ravel(order="F")``), so block
    :math:`(k, l)` is :math:`\frac{1}{N}\sum_i \hat y_{ik}([k = l] - \hat y_{il})\,x_i x_i^T`.
    It does not depend on ``C``, which is accepted for a uniform signature.

    :math:`H` is positive semi-definite but never invertible without a
    penalty: adding one vector :math:`v` to every :math:`w_k` changes no
    probability, so every :math:`1_K \otimes v` lies in its null space (see
    `SoftmaxRegression` for how Newton's method handles this).

    Returns
    -------
    ndarray of shape (K (d + 1), K (d + 1))

    Examples
    --------
    >>> cross_entropy_hessian(np.zeros((1, 2)), np.ones((1, 1)), one_hot([0], 2))
    array([[ 0.25, -0.25],
           [-0.25,  0.25]])
    """
    del C
    n_rows, n_classes = W.shape
    blocks = np.einsum("nkl,ni,nj->kilj", softmax_jacobian(X1 @ W), X1, X1) / X1.shape[0]
    penalty = np.tile(_penalty_weights(penalty, n_rows), n_classes)
    return blocks.reshape(n_classes * n_rows, -1) + np.diag(penalty)


def centred_curvature_ratio(W, X1, penalty=0.0):
    r"""How much more curved :math:`J` is along its steepest direction than along its
    flattest, among centred weights: :math:`\kappa = h_{max} / h_{min}`.

    :math:`h_{max}` and :math:`h_{min}` are the largest and smallest eigenvalues of
    the Hessian :math:`H` (`cross_entropy_hessian`) restricted to centred weights,
    :math:`\sum_k w_k = 0`,

    .. math::

        \kappa = \frac{\lambda_{max}(B^T H B)}{\lambda_{min}(B^T H B)},
        \qquad B = U \otimes I_{d+1},

    where the :math:`K - 1` orthonormal columns of :math:`U` are orthogonal to
    :math:`1_K`. Gradient descent started at :math:`W = 0` stays among centred
    weights, and the shared shifts :math:`1_K \otimes v` (flat without a penalty)
    are left out. A step that suits the steepest direction moves only
    :math:`1/\kappa` as far, relatively, along the flattest one.

    Parameters
    ----------
    W, X1, penalty
        As in `cross_entropy`; ``W`` has shape (d + 1, K) with K >= 2.

    Returns
    -------
    float
        :math:`\kappa \ge 1`; ``inf`` when :math:`h_{min} \le 0` (no unique optimum).

    Examples
    --------
    >>> X1 = add_bias([[-1.0], [1.0]])             # the bias and the feature: orthogonal
    >>> round(centred_curvature_ratio(np.zeros((2, 2)), X1 * [1.0, 3.0]), 9)  # 3x as large
    9.0
    """
    W, X1 = np.asarray(W, dtype=float), np.asarray(X1, dtype=float)
    if W.ndim != 2 or W.shape[1] < 2 or X1.ndim != 2 or X1.shape[1] != W.shape[0]:
        raise ValueError("W must have shape (d + 1, K) with K >= 2 and X1 shape "
                         f"(n_samples, d + 1); got W {W.shape} and X1 {X1.shape}.")
    n_rows, n_classes = W.shape
    # Orthonormal basis of the vectors orthogonal to 1_K: the last K - 1 left singular vectors.
    basis = np.linalg.svd(np.ones((n_classes, 1)))[0][:, 1:]
    restrict = np.kron(basis, np.eye(n_rows))
    hessian = cross_entropy_hessian(W, X1, None, penalty)
    eigenvalues = np.linalg.eigvalsh(restrict.T @ hessian @ restrict)
    flat = eigenvalues[0] <= 1e-12 * max(eigenvalues[-1], 1.0)
    return float("inf") if flat else float(eigenvalues[-1] / eigenvalues[0])


def separating_pair(X1, y_index):
    r"""Look for a direction along which the unpenalised loss decreases for ever.

    The maximum-likelihood weights exist (when the columns of ``X1`` are
    linearly independent) unless some change of weights :math:`D`, not the
    same for every class, never lowers the true class's score below another's,

    .. math::

        (d_{y_i} - d_k)^T x_i \ge 0 \quad\text{for every sample } i
        \text{ and class } k \ne y_i,

    with at least one strict inequality. Moving along such a :math:`D` lowers
    :math:`J` towards its infimum without ever reaching it: the data are
    (completely or quasi-completely) linearly separable. This is a linear
    programme: maximise :math:`\sum (d_{y_i} - d_k)^T x_i` with every term in
    :math:`[0, 1]`; the optimum is 0 exactly when no such :math:`D` exists.

    Parameters
    ----------
    X1 : ndarray of shape (n_samples, d + 1)
        Features with the dummy feature (better conditioned when standardised).
    y_index : ndarray of int of shape (n_samples,)

    Returns
    -------
    tuple of int or None
        ``(k, l)``: class indices such that class ``k`` is split off from class
        ``l`` along a separating direction; ``None`` when the data are not separable.

    Examples
    --------
    >>> separating_pair(add_bias([[0.0], [1.0], [2.0], [3.0]]), np.array([0, 0, 1, 1]))
    (0, 1)
    >>> separating_pair(add_bias([[0.0], [1.0], [2.0], [3.0]]), np.array([0, 1, 0, 1])) is None
    True
    """
    n_classes = int(y_index.max()) + 1
    rows, others = np.nonzero(np.arange(n_classes)[None, :] != y_index[:, None])
    pairs = np.arange(rows.size)
    # row p of margins: (d_{y_i} - d_k)^T x_i as a linear function of vec(D), D's rows stacked
    margins = np.zeros((rows.size, n_classes, X1.shape[1]))
    margins[pairs, y_index[rows]] = X1[rows]
    margins[pairs, others] = -X1[rows]
    margins = margins.reshape(rows.size, -1)
    result = linprog(-margins.sum(axis=0), A_ub=np.vstack([margins, -margins]),
                     b_ub=np.concatenate([np.ones(rows.size), np.zeros(rows.size)]),
                     bounds=(None, None), method="highs")
    if result.status != 0 or -result.fun < 0.5:
        return None
    strict = int(np.argmax(margins @ result.x))
    return int(y_index[rows[strict]]), int(others[strict])


def irls_step(w, X1, t):
    r"""One Newton step for two classes, solved as a weighted least-squares problem.

    With :math:`\hat y_i = \sigma(w^T x_i)`, :math:`\sigma(a) = 1/(1 + e^{-a})`
    (``scipy.special.expit``), weights :math:`r_i = \hat y_i(1 - \hat y_i)` and working
    responses :math:`z_i = w^T x_i - (\hat y_i - t_i)/r_i`, the Newton step
    :math:`w - (X^T R X)^{-1} X^T(\hat y - t)` equals

    .. math::

        w_{new} = (X^T R X)^{-1} X^T R z
            = \arg\min_v \sum_i r_i (z_i - v^T x_i)^2,

    a least-squares fit whose weights :math:`r_i` change at every step: hence
    *iteratively reweighted least squares* (IRLS).

    Parameters
    ----------
    w : array-like of shape (d + 1,)
        Current weights, bias first.
    X1 : array-like of shape (n_samples, d + 1)
        Features with the dummy feature 1 in column 0 (see `add_bias`).
    t : array-like of shape (n_samples,)
        Targets, 0 or 1.

    Returns
    -------
    ndarray of shape (d + 1,)

    Examples
    --------
    >>> irls_step(np.zeros(2), add_bias([[0.0], [1.0], [2.0], [3.0]]), [0, 1, 0, 1]).round(3)
    array([-1.2,  0.8])
    """
    w, X1, t = (np.asarray(v, dtype=float) for v in (w, X1, t))
    if X1.ndim != 2 or w.shape != (X1.shape[1],) or t.shape != (X1.shape[0],):
        raise ValueError("irls_step needs w of shape (d + 1,), X1 of shape (n, d + 1) and t of "
                         f"shape (n,); got {w.shape}, {X1.shape} and {t.shape}.")
    if not np.all((t == 0) | (t == 1)):
        raise ValueError("t must hold the two-class targets 0 and 1.")
    scores = X1 @ w
    probabilities = expit(scores)
    weights = probabilities * (1.0 - probabilities)
    if np.any(weights <= 0):
        raise ValueError("a probability reached exactly 0 or 1, so its least-squares weight is "
                         "0; the weights have grown too large (separable data?).")
    responses = scores - (probabilities - t) / weights
    root = np.sqrt(weights)
    return np.linalg.lstsq(X1 * root[:, None], responses * root, rcond=None)[0]


def multiclass_irls_step(W, X1, C, penalty=0.0):
    r"""One Newton step for :math:`K` classes, solved as a weighted least-squares problem.

    For sample :math:`n` let :math:`a_n = W^T x_n` (its :math:`K` scores),
    :math:`\hat y_n = \operatorname{softmax}(a_n)`, the :math:`K \times K` weight matrix
    :math:`R_n = \operatorname{diag}(\hat y_n) - \hat y_n\hat y_n^T` and the design
    :math:`\mathbf X_n = I_K \otimes x_n^T`, so that :math:`a_n = \mathbf X_n\operatorname{vec}W`.
    :math:`R_n` is singular (:math:`R_n 1 = 0`), but :math:`\hat y_n - t_n` sums to zero,
    so a working response :math:`z_n` with :math:`R_n z_n = R_n a_n - (\hat y_n - t_n)`
    exists. The Newton step :math:`\operatorname{vec}W - H^{-1}\operatorname{vec}g` then
    solves the normal equations

    .. math::

        \Big(\frac1N\sum_n \mathbf X_n^T R_n \mathbf X_n + I_K \otimes \Omega\Big)
        \operatorname{vec}W_{new} = \frac1N\sum_n \mathbf X_n^T R_n z_n
        = H\operatorname{vec}W - \operatorname{vec}g,

    those of :math:`\min_V \frac1N\sum_n (z_n - \mathbf X_n\operatorname{vec}V)^T R_n
    (z_n - \mathbf X_n\operatorname{vec}V) + \operatorname{vec}V^T(I_K \otimes \Omega)
    \operatorname{vec}V`: a least-squares fit whose weights :math:`R_n` change at every
    step (IRLS). The matrix on the left is :math:`H` (`cross_entropy_hessian`); it is
    singular along a bias shift shared by all classes, and the system is solved for its
    minimum-norm solution, whose biases sum to zero over the classes. For :math:`K = 2`
    it is `irls_step` in :math:`w_1 - w_0`. :math:`\operatorname{vec}` stacks the
    columns of :math:`W`.

    Parameters
    ----------
    W : array-like of shape (d + 1, K)
        Current weights, column :math:`k` is :math:`w_k`, row 0 the biases.
    X1 : array-like of shape (n_samples, d + 1)
        Features with the dummy feature 1 in column 0 (see `add_bias`).
    C : array-like of shape (n_samples, K)
        One-hot targets (see `one_hot`).
    penalty : float or array-like of shape (d + 1,), default=0.0
        :math:`\lambda`, as in `cross_entropy` (the biases are not penalised).

    Returns
    -------
    ndarray of shape (d + 1, K)

    Examples
    --------
    >>> X1 = add_bias(np.array([[0.0], [1.0], [2.0], [3.0]]))
    >>> W = multiclass_irls_step(np.zeros((2, 2)), X1, one_hot([0, 1, 0, 1], 2))
    >>> (W[:, 1] - W[:, 0]).round(3)                       # two classes: irls_step's w
    array([-1.2,  0.8])
    """
    W, X1, C = (np.asarray(v, dtype=float) for v in (W, X1, C))
    if (W.ndim != 2 or X1.ndim != 2 or C.ndim != 2 or X1.shape[1] != W.shape[0]
            or C.shape != (X1.shape[0], W.shape[1])):
        raise ValueError("multiclass_irls_step needs W of shape (d + 1, K), X1 of shape "
                         f"(n, d + 1) and C of shape (n, K); got {W.shape}, {X1.shape} and "
                         f"{C.shape}.")
    hessian = cross_entropy_hessian(W, X1, C, penalty)
    rhs = hessian @ W.ravel(order="F") - cross_entropy_gradient(W, X1, C, penalty).ravel(order="F")
    return np.linalg.lstsq(hessian, rhs, rcond=None)[0].reshape(W.shape, order="F")


# ------------------------------------------------------------------ solvers
def _descend(W, X1, C, penalty, tol, max_iter, step):
    """Iterate ``W - step(W, gradient, loss)`` until no entry of the gradient exceeds ``tol``.

    ``step`` returns None when no step lowers the loss: the optimum, to machine precision.
    Returns ``(W, curve, n_iter, converged)``, ``curve`` the loss at the start and after
    each iteration.
    """
    curve = [cross_entropy(W, X1, C, penalty)]
    for iteration in range(max_iter):
        gradient = cross_entropy_gradient(W, X1, C, penalty)
        change = None if np.max(np.abs(gradient)) <= tol else step(W, gradient, curve[-1])
        if change is None:  # stationary (every entry at most tol), or no step lowers the loss
            return W, curve, iteration, True
        W = W - change
        curve.append(cross_entropy(W, X1, C, penalty))
    return W, curve, max_iter, np.max(np.abs(cross_entropy_gradient(W, X1, C, penalty))) <= tol


def _newton(W, X1, C, penalty, tol, max_iter):
    n_rows, n_classes = W.shape
    # the projector (1/K) 1_K 1_K^T (x) I onto the shared shifts, the Hessian's null space
    gauge = np.kron(np.full((n_classes, n_classes), 1.0 / n_classes), np.eye(n_rows))

    def newton_step(W, gradient, loss):
        hessian = cross_entropy_hessian(W, X1, C, penalty) + gauge
        g = gradient.ravel(order="F")
        step = np.linalg.lstsq(hessian, g, rcond=None)[0]
        slope = float(g @ step)
        step = step.reshape((n_rows, n_classes), order="F")
        # Halve the step until it lowers the loss enough (Armijo). So close to the optimum
        # that the loss cannot show the decrease, take the full Newton step: the objective
        # is convex and locally quadratic there, and a line search would stall.
        size = 1.0
        while (slope > LOSS_RESOLUTION * max(abs(loss), 1.0) and cross_entropy(
                W - size * step, X1, C, penalty) > loss - ARMIJO_FRACTION * size * slope):
            size /= 2.0
            if size <= 1e-12:  # no step lowers the loss: the optimum, to machine precision
                return None
        return size * step

    return _descend(W, X1, C, penalty, tol, max_iter, newton_step)


def _gradient_descent(W, X1, C, penalty, tol, max_iter, learning_rate):
    return _descend(W, X1, C, penalty, tol, max_iter,
                    lambda W, gradient, loss: learning_rate * gradient)


def _stochastic_gradient_descent(W, X1, C, penalty, tol, max_iter, learning_rate,
                                 batch_size, rng):
    curve = [cross_entropy(W, X1, C, penalty)]
    best, stale = curve[0], 0
    for epoch in range(max_iter):
        order = rng.permutation(X1.shape[0])
        for start in range(0, X1.shape[0], batch_size):
            batch = order[start:start + batch_size]
            W = W - learning_rate * cross_entropy_gradient(W, X1[batch], C[batch], penalty)
        loss = cross_entropy(W, X1, C, penalty)
        curve.append(loss)
        stale = stale + 1 if loss > best - tol else 0
        best = min(best, loss)
        if stale >= SGD_PATIENCE:
            return W, curve, epoch + 1, True
    return W, curve, max_iter, False


def lipschitz_step(X1, penalty=0.0, solver="gd"):
    r"""The step :math:`1/L` of the solvers ``"gd"`` and ``"sgd"``.

    For ``"gd"``, :math:`L = \frac12\lambda_{max}(X_1^T X_1/N) + \max_j\lambda_j` bounds
    the Hessian's largest eigenvalue (the softmax Jacobian
    :math:`\operatorname{diag}(\hat y) - \hat y\hat y^T` has eigenvalues at most 1/2),
    so gradient descent with this step never increases the loss. For ``"sgd"``,
    :math:`L = \frac12\max_i\lVert x_i\rVert^2 + \max_j\lambda_j` bounds the Hessian of
    every single sample's loss, so no mini-batch step overshoots its own loss.

    Examples
    --------
    >>> X1 = np.array([[1.0, 0.0], [1.0, 2.0]])   # a bias column and one feature
    >>> float(1 / lipschitz_step(X1))              # L = 0.5 * largest eigenvalue of X1'X1/N
    1.3090169943749475
    """
    top = (np.linalg.eigvalsh(X1.T @ X1 / X1.shape[0])[-1] if solver == "gd"
           else np.max(np.einsum("ij,ij->i", X1, X1)))
    return 1.0 / (0.5 * top + np.max(penalty))


# ---------------------------------------------------------------- estimator
class SoftmaxRegression(ClassifierMixin, BaseEstimator):
    r"""Multinomial logistic regression, :math:`P(c_k \mid x) = \operatorname{softmax}_k(a(x))`.

    The scores are linear, :math:`a_k(x) = w_k^T x + w_{0k}`.

    Minimises the mean cross-entropy plus an L2 penalty on the weights (not the biases),

    .. math::

        J(W) = -\frac{1}{N}\sum_{i}\sum_{k} c_{ik}\log\hat y_{ik}
            + \frac{\lambda}{2}\sum_{k}\lVert w_k\rVert^2,

    by Newton's method (``"newton"``, i.e. IRLS), gradient descent (``"gd"``) or
    stochastic gradient descent on mini-batches (``"sgd"``), starting from
    :math:`W = 0`. The solvers work on standardised features unless
    ``standardise=False``; ``coef_`` and ``intercept_`` are in the data's units and
    sum to zero over the classes. Without a penalty, separable data or linearly
    dependent features have no unique maximum-likelihood weights, and ``fit`` says
    so. Notebook 03 derives the gradient, the Hessian and its null space.

    **scikit-learn's C.** ``LogisticRegression(C=C)`` minimises
    :math:`C\sum_i \ell_i + \tfrac12\sum_k\lVert w_k\rVert^2`, :math:`\ell_i` the
    cross-entropy of sample :math:`i`. Divided by :math:`CN` this is :math:`J` with
    :math:`\lambda = 1/(CN)`, so ``C = 1 / (penalty * N)`` fits the same model for three
    or more classes. For two classes scikit-learn fits the one vector
    :math:`v = w_1 - w_0`, and the centred weights :math:`w_1 = -w_0 = v/2` have
    penalty :math:`\tfrac\lambda2 \cdot \tfrac12\lVert v\rVert^2`: ``C = 2 / (penalty * N)``.

    Parameters
    ----------
    solver : {"newton", "gd", "sgd"}, default="newton"
    penalty : float, default=DEFAULT_PENALTY (1e-3)
        :math:`\lambda \ge 0`. Small, but it gives separable data (which scikit-learn's
        default fits) a unique optimum; ``penalty=0`` fits the maximum-likelihood
        weights, and refuses data for which they do not exist.
    max_iter : int, default=1000
        Iterations (``"newton"``, ``"gd"``) or epochs (``"sgd"``).
    tol : float, default=1e-6
        ``"newton"``, ``"gd"``: stop when no entry of the gradient exceeds ``tol``;
        ``"sgd"``: when the loss has not improved by ``tol`` for `SGD_PATIENCE` epochs.
        Both take the step :math:`1/L` (`lipschitz_step`), for a bound :math:`L` on the
        curvature.
    batch_size : int, default=32
        Mini-batch size of ``"sgd"``.
    random_state : None, int or numpy Generator, default=None
        Seeds the shuffling of ``"sgd"``.
    standardise : bool, default=True
        Run the solvers on standardised features.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    coef_ : ndarray of shape (n_classes, n_features)
        :math:`w_k`, one row per class (``linear_scores().W``).
    intercept_ : ndarray of shape (n_classes,)
        :math:`w_{0k}` (``linear_scores().w0``).
    loss_curve_ : ndarray of shape (n_iter_ + 1,)
        :math:`J` at :math:`W = 0` and after each iteration (epoch).
    n_iter_ : int
    n_features_in_ : int

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris_2d
    >>> iris = load_iris_2d()
    >>> model = SoftmaxRegression().fit(iris.X, iris.y)
    >>> model.predict(iris.X[:2]).tolist()
    ['setosa', 'setosa']
    """

    def __init__(self, *, solver="newton", penalty=DEFAULT_PENALTY, max_iter=1000, tol=1e-6,
                 batch_size=32, random_state=None, standardise=True):
        self.solver, self.penalty, self.max_iter, self.tol = solver, penalty, max_iter, tol
        self.batch_size, self.random_state, self.standardise = batch_size, random_state, standardise

    # ------------------------------------------------------------------ fit
    def fit(self, X, y):
        """Minimise the penalised cross-entropy on ``(X, y)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)

        Returns
        -------
        self
        """
        solver = check_option("solver", self.solver, SOLVERS)
        penalty = check_number("penalty", self.penalty, minimum=0.0)
        max_iter = check_number("max_iter", self.max_iter, minimum=1, integer=True)
        tol = check_number("tol", self.tol, minimum=0.0)
        batch_size = check_number("batch_size", self.batch_size, minimum=1, integer=True)
        rng = check_random_state(self.random_state)
        if not isinstance(self.standardise, bool | np.bool_):
            raise ValueError(f"standardise must be True or False; got {self.standardise!r}.")
        X, classes, y_index = check_training_data(self, X, y)

        shift, scale, X1, weights = _solver_problem(self, X, penalty)
        C = one_hot(y_index, classes.size)
        if penalty == 0.0:
            _check_identifiable(X1, y_index, classes)
        start = (np.zeros((X1.shape[1], classes.size)), X1, C, weights, tol, max_iter)
        if solver == "newton":
            W, curve, n_iter, converged = _newton(*start)
        elif solver == "gd":
            W, curve, n_iter, converged = _gradient_descent(*start, lipschitz_step(X1, weights))
        else:
            W, curve, n_iter, converged = _stochastic_gradient_descent(
                *start, lipschitz_step(X1, weights, solver), batch_size, rng)
        if not converged:
            warnings.warn(f"solver={solver!r} stopped after max_iter={max_iter} "
                          f"{'epochs' if solver == 'sgd' else 'iterations'} before reaching "
                          f"tol={tol:g}; increase max_iter, or use solver='newton', which needs "
                          "only a few iterations.", ConvergenceWarning, stacklevel=2)
        self.classes_ = classes
        self.coef_ = (W[1:] / scale[:, None]).T
        self.intercept_ = W[0] - (shift / scale) @ W[1:]
        self.loss_curve_ = np.asarray(curve)
        self.n_iter_ = int(n_iter)
        return self

    def linear_scores(self):
        r"""The fitted scores :math:`a_k(x) = w_k^T x + w_{0k}` (as a tied Gaussian model has them).

        Returns
        -------
        LinearScores
            ``W`` is ``coef_`` (n_classes, n_features), ``w0`` is ``intercept_``.

        Examples
        --------
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], ["a", "b", "a", "b"]
        >>> SoftmaxRegression(penalty=0.0).fit(X, y).linear_scores().W.round(3)
        array([[-0.454],
               [ 0.454]])
        """
        check_is_fitted(self)
        return LinearScores(self.coef_, self.intercept_)

    # ------------------------------------------------------------ decisions
    def _scores(self, X):
        X = check_features(self, X, reset=False)
        return X @ self.coef_.T + self.intercept_

    def decision_function(self, X):
        r"""Linear scores :math:`a_k = w_k^T x + w_{0k}`.

        Returns
        -------
        ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            With two classes, the log-odds :math:`a_1 - a_0` of ``classes_[1]``
            (scikit-learn's convention for binary classifiers).
        """
        scores = self._scores(X)
        return scores[:, 1] - scores[:, 0] if self.classes_.size == 2 else scores

    def predict_log_proba(self, X):
        r"""Log posteriors :math:`a_k - \log\sum_j e^{a_j}` (``scipy.special.log_softmax``)."""
        return log_softmax(self._scores(X), axis=1)

    def predict_proba(self, X):
        r"""Posteriors :math:`\operatorname{softmax}(a)_k`; each row sums to one."""
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        r"""The class with the largest score, :math:`\arg\max_k w_k^T x + w_{0k}`."""
        best = np.argmax(self._scores(X), axis=1)   # checks that the model is fitted first
        return self.classes_[best]


def _solver_problem(model, X, penalty):
    r"""The problem the solvers of ``model`` solve on ``X``: the features
    :math:`z = (x - m) / s` and the penalty :math:`\lambda` on each row of their weights.

    With ``model.standardise``, :math:`m` is the mean and :math:`s` the standard
    deviation of each feature (1 for a constant feature), the deviation computed from
    the residuals divided by their largest magnitude first, so that it neither
    overflows nor underflows for data at any scale (1e-150 or 1e150); otherwise
    :math:`m = 0` and :math:`s = 1`.

    Returns
    -------
    shift, scale : ndarray of shape (n_features,)
        :math:`m` and :math:`s`.
    X1 : ndarray of shape (n_samples, n_features + 1)
        ``add_bias(z)``.
    weights : ndarray of shape (n_features + 1,)
        The penalty on each row of the solvers' weights: 0 on the biases,
        :math:`\lambda / s_j^2` on row :math:`j`.

    Examples
    --------
    >>> X = np.array([[1.0, 5.0], [3.0, 5.0]])
    >>> shift, scale, X1, weights = _solver_problem(SoftmaxRegression(), X, 0.1)
    >>> shift.tolist(), scale.tolist(), weights.tolist()
    ([2.0, 5.0], [1.0, 1.0], [0.0, 0.1, 0.1])
    """
    shift, scale = np.zeros(X.shape[1]), np.ones(X.shape[1])
    if model.standardise:
        shift = X.mean(axis=0)
        centred = X - shift
        spread = np.max(np.abs(centred), axis=0)
        spread[spread == 0] = 1.0
        scale = spread * np.std(centred / spread, axis=0)
        scale[scale == 0] = 1.0
    return shift, scale, add_bias((X - shift) / scale), np.concatenate([[0.0], penalty / scale**2])


def _check_identifiable(X1, y_index, classes):
    """Raise a ValueError when the unpenalised optimum is not unique or does not exist."""
    if np.linalg.matrix_rank(X1) < X1.shape[1]:
        raise ValueError("the features (with the bias) are linearly dependent: a constant, "
                         "duplicated or collinear column, or fewer samples than features. The "
                         "unpenalised weights are then not unique; drop the redundant features "
                         "or add a penalty (penalty>0).")
    pair = separating_pair(X1, y_index)
    if pair is not None:
        first, second = (classes.tolist()[k] for k in pair)
        raise ValueError(f"the training data are linearly separable (class {first!r} can be "
                         f"split from class {second!r} by a hyperplane), so the loss keeps "
                         "decreasing as the weights grow without bound (toward 0 when every "
                         "class is split off) and the unpenalised maximum-likelihood weights do "
                         "not exist; add a penalty (penalty>0), e.g. "
                         "SoftmaxRegression(penalty=1e-3), the default.")


def solver_curvature_ratio(model, X):
    r"""The curvature ratio :math:`\kappa` (`centred_curvature_ratio`) of the problem a fitted
    `SoftmaxRegression`'s solver solved, at the fitted weights.

    With ``standardise=True`` the solver sees :math:`z_j = (x_j - m_j)/s_j` (:math:`m_j` the
    mean and :math:`s_j` the standard deviation of feature :math:`j`), weights
    :math:`v_{jk} = s_j w_{jk}`, :math:`v_{0k} = w_{0k} + m^T w_k`, and the penalty
    :math:`\lambda/s_j^2` on row :math:`j`, so that
    :math:`\frac{\lambda}{s_j^2}v_{jk}^2 = \lambda w_{jk}^2`:

    .. math::

        \kappa = \frac{\lambda_{max}(B^T H_z B)}{\lambda_{min}(B^T H_z B)},
        \qquad H_z = \text{the Hessian of } J \text{ in } V \text{ on } [1, z].

    With ``standardise=False`` it is :math:`\kappa` in the data's own units. The
    optimum is the same either way; :math:`\kappa`, which sets the pace of gradient
    descent, is not.

    Parameters
    ----------
    model : SoftmaxRegression
        Fitted on ``X``.
    X : array-like of shape (n_samples, n_features)
        The features it was fitted on.

    Returns
    -------
    float

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris_2d
    >>> iris = load_iris_2d()
    >>> model = SoftmaxRegression().fit(iris.X, iris.y)
    >>> raw = SoftmaxRegression(standardise=False).fit(iris.X, iris.y)
    >>> bool(solver_curvature_ratio(model, iris.X) < solver_curvature_ratio(raw, iris.X))
    True
    """
    check_is_fitted(model)
    X = np.asarray(X, dtype=float)
    shift, scale, X1, weights = _solver_problem(model, X, model.penalty)
    seen = LinearScores(model.coef_ * scale, model.intercept_ + model.coef_ @ shift)
    return centred_curvature_ratio(seen.augmented(), X1, weights)
