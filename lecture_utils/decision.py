"""Bayes decisions from class-conditional log-likelihoods and priors.

Everything here works in log space, so nothing underflows however small the
densities are (a 784-dimensional Gaussian density is easily below 1e-300).
"""

from typing import NamedTuple

import numpy as np
from scipy.special import expit, logsumexp
from sklearn.utils.validation import check_is_fitted


def _log_priors(priors, n_classes):
    priors = np.asarray(priors, dtype=float)
    if priors.shape != (n_classes,):
        raise ValueError(f"priors has shape {priors.shape} but the log-likelihoods have "
                         f"{n_classes} columns; give one prior per class.")
    with np.errstate(divide="ignore"):
        return np.log(priors)


def log_joint(log_likelihoods, priors):
    r"""Log joint densities :math:`\log f(x, c) = \log f(x \mid c) + \log P(c)`.

    Parameters
    ----------
    log_likelihoods : array-like of shape (n_samples, n_classes)
    priors : array-like of shape (n_classes,)

    Returns
    -------
    ndarray of shape (n_samples, n_classes)

    Examples
    --------
    >>> np.exp(log_joint(np.log([[0.2, 0.5]]), [0.5, 0.5]))
    array([[0.1 , 0.25]])
    """
    log_likelihoods = np.asarray(log_likelihoods, dtype=float)
    return log_likelihoods + _log_priors(priors, log_likelihoods.shape[1])


def log_posteriors(log_likelihoods, priors):
    r"""Log posteriors by Bayes' rule, normalised with log-sum-exp.

    .. math::

        \log P(c \mid x) = \log f(x \mid c) + \log P(c)
            - \log \sum_{c'} \exp\big(\log f(x \mid c') + \log P(c')\big)

    Parameters
    ----------
    log_likelihoods : array-like of shape (n_samples, n_classes)
    priors : array-like of shape (n_classes,)

    Returns
    -------
    ndarray of shape (n_samples, n_classes)

    Raises
    ------
    ValueError
        If a sample has probability zero under every class with a non-zero
        prior, so that its posterior is undefined.

    Examples
    --------
    >>> np.exp(log_posteriors([[-1000.0, -1001.0]], [0.5, 0.5])).round(3)
    array([[0.731, 0.269]])
    """
    joint = _possible(log_joint(log_likelihoods, priors), "every class", "posterior")
    return joint - logsumexp(joint, axis=1, keepdims=True)


def most_probable(log_likelihoods, priors):
    r"""Index of the class with the largest posterior, :math:`\arg\max_c P(c \mid x)`.

    The normalising term :math:`\log f(x)` is the same for every class, so this
    is :math:`\arg\max_c \log f(x \mid c) + \log P(c)`, without log-sum-exp.

    Parameters
    ----------
    log_likelihoods : array-like of shape (n_samples, n_classes)
    priors : array-like of shape (n_classes,)

    Returns
    -------
    ndarray of int of shape (n_samples,)

    Raises
    ------
    ValueError
        If a sample has probability zero under every class.

    Examples
    --------
    >>> most_probable(np.log([[0.2, 0.5], [0.2, 0.1]]), [0.5, 0.5]).tolist()
    [1, 0]
    """
    joint = _possible(log_joint(log_likelihoods, priors), "every class", "posterior")
    return np.argmax(joint, axis=1)


def _possible(log_values, among, undefined):
    """``log_values`` itself, after checking that no sample is impossible under all columns."""
    _raise_for_first(np.all(np.isneginf(log_values), axis=1), among, undefined)
    return log_values


def _raise_for_first(impossible, among, undefined):
    """Name the first sample flagged in ``impossible`` and the fix."""
    if np.any(impossible):
        raise ValueError(f"sample {int(np.flatnonzero(impossible)[0])} has probability zero "
                         f"under {among}, so its {undefined} is undefined; smooth the estimates "
                         "(for example alpha > 0 for count models) or check the input.")


def prior_log_odds_threshold(prior):
    r"""The threshold :math:`t = -\log\frac{\pi}{1-\pi}` on the log-likelihood ratio.

    With prior :math:`\pi = P(c_1)`, the Bayes decision for two classes is
    class :math:`c_1` when :math:`\mathrm{llr}(x) > t`.

    Parameters
    ----------
    prior : float or ndarray
        :math:`P(c_1)`, strictly between 0 and 1.

    Examples
    --------
    >>> float(prior_log_odds_threshold(0.5)), round(float(prior_log_odds_threshold(0.9)), 3)
    (0.0, -2.197)
    """
    prior = np.asarray(prior, dtype=float)
    if np.any((prior <= 0) | (prior >= 1)) or not np.all(np.isfinite(prior)):
        raise ValueError(f"a prior must lie strictly between 0 and 1 to give a finite threshold; "
                         f"got {prior}.")
    return np.log((1.0 - prior) / prior)  # = -log(pi / (1 - pi)), and +0.0 at pi = 1/2


def posterior_from_llr(llr, prior):
    r"""Posterior of class :math:`c_1` from the LLR and its prior.

    .. math::

        P(c_1 \mid x) = \sigma\Big(\mathrm{llr}(x) + \log\frac{\pi}{1-\pi}\Big),
        \qquad \sigma(z) = \frac{1}{1 + e^{-z}}

    Parameters
    ----------
    llr : float or array-like
        :math:`\log f(x \mid c_1) - \log f(x \mid c_0)`.
    prior : float
        :math:`\pi = P(c_1)`, strictly between 0 and 1.

    Examples
    --------
    >>> float(posterior_from_llr(0.0, 0.75))        # no evidence: the prior
    0.75
    """
    return expit(np.asarray(llr, dtype=float) - prior_log_odds_threshold(prior))


def bayes_decision(llr, prior):
    r"""The minimum-error decision for two classes: 1 where :math:`\mathrm{llr}(x) > t`.

    Parameters
    ----------
    llr : array-like
        Log-likelihood ratios :math:`\log f(x \mid c_1) - \log f(x \mid c_0)`.
    prior : float
        :math:`\pi = P(c_1)`.

    Returns
    -------
    ndarray of int
        1 for class :math:`c_1`, 0 for class :math:`c_0`.

    Examples
    --------
    >>> bayes_decision([-1.0, 0.5, 2.0], prior=0.1).tolist()    # t = log 9 = 2.2
    [0, 0, 0]
    """
    return (np.asarray(llr, dtype=float) > prior_log_odds_threshold(prior)).astype(int)


def error_rate(y_true, y_pred):
    r"""Fraction of wrong decisions, :math:`\frac{1}{n}\sum_i [\hat y_i \ne y_i]`.

    Examples
    --------
    >>> error_rate(["a", "b", "b", "a"], ["a", "b", "a", "a"])
    0.25
    """
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    if y_true.shape != y_pred.shape or y_true.ndim != 1 or y_true.size == 0:
        raise ValueError(f"y_true and y_pred must be non-empty 1-D arrays of the same length; "
                         f"got shapes {y_true.shape} and {y_pred.shape}.")
    return float(np.mean(y_true != y_pred))


def _linear_part(X, weights, undefined):
    r""":math:`X w` with :math:`0 \cdot \infty = 0`: an infinite weight counts only where its
    feature is non-zero (as in the likelihoods themselves); ``weights`` has shape (D,) or (D, K)."""
    infinite = np.isinf(weights)
    if not infinite.any():
        return X @ weights
    used = X != 0
    up, down = used @ (infinite & (weights > 0)), used @ (infinite & (weights < 0))
    _raise_for_first(np.any(up & down, axis=tuple(range(1, up.ndim))), "both classes", undefined)
    return np.where(up, np.inf, np.where(down, -np.inf, X @ np.where(infinite, 0.0, weights)))


class QuadraticLLR(NamedTuple):
    r"""The closed form of a binary log-likelihood ratio,
    :math:`\mathrm{llr}(x) = x^T A x + b^T x + c`.

    Every two-class generative model here has one (``model.llr_coefficients()``):
    for Gaussians with precisions :math:`\Lambda_k = \Sigma_k^{-1}`,

    .. math::

        A = -\tfrac12(\Lambda_1 - \Lambda_0), \qquad
        b = \Lambda_1\mu_1 - \Lambda_0\mu_0, \qquad
        c = -\tfrac12(\mu_1^T\Lambda_1\mu_1 - \mu_0^T\Lambda_0\mu_0)
            + \tfrac12(\log|\Lambda_1| - \log|\Lambda_0|).

    With a shared covariance, and for the count models, the ratio is linear,
    :math:`\mathrm{llr}(x) = b^T x + c`, and ``A`` is None.

    Attributes
    ----------
    A : ndarray of shape (D, D) or None
        The quadratic part; None for a linear ratio.
    b : ndarray of shape (D,)
        The weight vector.
    c : float
        The constant.

    Examples
    --------
    >>> llr = QuadraticLLR(A=np.array([[-0.5]]), b=np.array([1.0]), c=1.5)
    >>> llr.evaluate([[-1.0], [3.0]])
    array([0., 0.])
    >>> llr.crossings().tolist()
    [-1.0, 3.0]
    >>> QuadraticLLR(A=None, b=np.array([2.0]), c=-1.0).crossings().tolist()
    [0.5]
    """

    A: np.ndarray | None
    b: np.ndarray
    c: float

    def evaluate(self, X):
        r""":math:`x^T A x + b^T x + c` for every row of ``X`` (:math:`b^T x + c` if ``A`` is None).

        A weight :math:`b_j = \pm\infty` (an event only one class has shown)
        counts only where :math:`x_j \ne 0` (:math:`0 \cdot \infty = 0`, as in the
        likelihoods themselves).

        Raises
        ------
        ValueError
            If a row meets both a :math:`+\infty` and a :math:`-\infty` weight: it is
            impossible under both classes and its ratio is undefined.
        """
        X = np.atleast_2d(np.asarray(X, dtype=float))
        linear = _linear_part(X, np.asarray(self.b, dtype=float), "log-likelihood ratio")
        quadratic = 0.0 if self.A is None else np.einsum("ni,ij,nj->n", X, self.A, X)
        return quadratic + linear + self.c

    def crossings(self, level=0.0):
        r"""The points where a one-feature ratio equals ``level``: :math:`a x^2 + b x + c = t`.

        Solved in closed form, with the cancellation-free quadratic formula

        .. math::

            q = -\tfrac12\big(b + \operatorname{sign}(b)\sqrt{b^2 - 4a(c - t)}\big),
            \qquad x_1 = \frac{q}{a}, \quad x_2 = \frac{c - t}{q}.

        Unequal variances give :math:`a \ne 0` and up to two crossings; a tied
        variance gives a linear ratio and the single crossing :math:`(t - c)/b`.

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
            raise ValueError(f"crossings solves llr(x) = level for one feature, but this ratio "
                             f"has {self.b.shape[0]} features; in several dimensions the boundary "
                             "is a curve or surface: draw it with plotting.plot_decision_regions "
                             "instead.")
        level = float(level)
        if not np.isfinite(level):
            raise ValueError(f"level must be a finite number; got {level}.")
        a = 0.0 if self.A is None else float(self.A[0, 0])
        b, c = float(self.b[0]), float(self.c) - level
        # the roots do not change when all coefficients are divided by the largest (by 1 if
        # all are 0: no crossing), and the discriminant can then neither overflow nor underflow
        largest = max(abs(a), abs(b), abs(c)) or 1.0
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


class LinearScores(NamedTuple):
    r"""Linear class scores :math:`a_k(x) = w_k^T x + w_{0k}` whose softmax is the posterior.

    .. math::

        P(c_k \mid x) = \frac{e^{a_k(x)}}{\sum_j e^{a_j(x)}}

    Softmax regression fits :math:`w_k, w_{0k}` directly; the generative models
    imply them. A Gaussian model with one shared covariance has
    :math:`w_k = \Sigma^{-1}\mu_k` and
    :math:`w_{0k} = \log\pi_k - \tfrac12\mu_k^T\Sigma^{-1}\mu_k`
    (`lecture_utils.gaussian.tied_linear_scores`); a multinomial model has
    :math:`w_k = \log\pi_{k,\cdot}` (the log-probabilities of the events) and
    :math:`w_{0k} = \log P(c_k)`, and so has a categorical model on one-hot
    features. Every such model gives them with ``model.linear_scores()``.

    Attributes
    ----------
    W : ndarray of shape (n_classes, n_features)
        Row :math:`k` is :math:`w_k`.
    w0 : ndarray of shape (n_classes,)
        The biases :math:`w_{0k}`.

    Examples
    --------
    >>> scores = LinearScores(W=np.array([[0.0, 0.0], [1.0, 2.0]]), w0=np.array([0.0, -1.0]))
    >>> scores.evaluate([[1.0, 1.0]])
    array([[0., 2.]])
    >>> scores.boundary()
    (array([1., 2.]), -1.0)
    >>> scores.augmented()
    array([[ 0., -1.],
           [ 0.,  1.],
           [ 0.,  2.]])
    """

    W: np.ndarray
    w0: np.ndarray

    def evaluate(self, X):
        r"""The scores :math:`a_k(x)` for every row of ``X``: shape (n_samples, n_classes).

        A weight :math:`-\infty` (an event a class never shows) counts only where the
        feature is non-zero, as in `QuadraticLLR.evaluate`.
        """
        X = np.atleast_2d(np.asarray(X, dtype=float))
        return _linear_part(X, self.W.T, "score") + self.w0

    def boundary(self):
        r"""The two-class decision boundary :math:`w^T x + w_0 = 0`.

        ``w = W[1] - W[0]`` (a vector) and ``w0 = w0[1] - w0[0]`` (a number): the
        second class wins where :math:`w^T x + w_0 > 0`, its log posterior odds. A
        weight that is :math:`-\infty` in both rows (an event neither class shows)
        gives 0.

        Returns
        -------
        w : ndarray of shape (n_features,)
        w0 : float
        """
        if self.W.shape[0] != 2:
            raise ValueError(f"a single boundary needs two classes; these scores have "
                             f"{self.W.shape[0]}.")
        with np.errstate(invalid="ignore"):
            w = self.W[1] - self.W[0]
        neither = np.isneginf(self.W[0]) & np.isneginf(self.W[1])
        return np.where(neither, 0.0, w), float(self.w0[1] - self.w0[0])

    def augmented(self):
        r"""The weights for features with a dummy feature :math:`x_0 = 1` (``logistic.add_bias``).

        The matrix :math:`[w_1, \dots, w_K]` of shape :math:`(D + 1) \times K` whose
        column :math:`k` is :math:`(w_{0k}, w_k)`: row 0 holds the biases, so that
        the scores are :math:`a = W^T x` (the form of `lecture_utils.logistic`'s
        objective and its derivatives).
        """
        return np.vstack([self.w0, self.W.T])


class BayesRuleMixin:
    r"""Bayes' rule for a generative classifier.

    Provides ``predict_log_proba``, ``predict_proba``, ``predict`` and ``llr``
    to any scikit-learn classifier that defines ``log_likelihood(X)``
    (shape (n_samples, n_classes): :math:`\log f(x \mid c)`) and the fitted
    attributes ``classes_`` and ``priors_``.

    Examples
    --------
    >>> from lecture_utils.discrete import MultinomialClassifier   # one of its users
    >>> model = MultinomialClassifier().fit([[3, 1], [1, 3]], ["C", "Python"])
    >>> model.predict_proba([[2, 0]]).round(3)       # (3/4)^2 against (1/4)^2, equal priors
    array([[0.9, 0.1]])
    """

    def predict_log_proba(self, X):
        r"""Log posteriors :math:`\log P(c \mid x)` by Bayes' rule (log-sum-exp).

        Raises
        ------
        ValueError
            If a sample has probability zero under every class.
        """
        return log_posteriors(self.log_likelihood(X), self.priors_)

    def predict_proba(self, X):
        r"""Posteriors :math:`P(c \mid x)`; each row sums to one."""
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        r"""The class with the largest posterior, :math:`\arg\max_c P(c \mid x)`.

        See `most_probable`.
        """
        best = most_probable(self.log_likelihood(X), self.priors_)   # checks fitted first
        return self.classes_[best]

    def llr(self, X):
        r"""Log-likelihood ratio :math:`\log f(x \mid c_1) - \log f(x \mid c_0)`.

        ``c_0, c_1 = classes_``; only defined for two classes. It is ``+inf``
        (``-inf``) for a sample that only class :math:`c_1` (:math:`c_0`) can
        produce.

        Returns
        -------
        ndarray of shape (n_samples,)

        Raises
        ------
        ValueError
            If a sample has probability zero under both classes.
        """
        self._require_binary("llr")
        log_lik = _possible(self.log_likelihood(X), "both classes", "log-likelihood ratio")
        return log_lik[:, 1] - log_lik[:, 0]

    def _require_binary(self, method):
        check_is_fitted(self)
        if self.classes_.size != 2:
            raise ValueError(f"{method} compares two classes, but this model has "
                             f"{self.classes_.size} ({self.classes_.tolist()}); use "
                             "log_likelihood for several classes.")


class ConicAxes(NamedTuple):
    r"""Centre, axes and kind of the curve :math:`\mathrm{llr}(x) = \text{level}` (`conic_axes`).

    Attributes
    ----------
    centre : ndarray of shape (D,)
        :math:`x_0 = -\tfrac12 A^{-1} b`.
    directions : ndarray of shape (D, D)
        Column :math:`i` is the unit vector of axis :math:`i`, longest real axis first.
    half_lengths : ndarray of shape (D,)
        :math:`\sqrt{r / a_i}` along each axis; NaN where the curve does not cross it.
    kind : str
        ``"ellipse"`` (every axis crossed), ``"hyperbola"`` (some), ``"empty"`` (none) or
        ``"degenerate"`` (:math:`r = 0`: a point or crossing lines).

    Examples
    --------
    >>> circle = ConicAxes(np.zeros(2), np.eye(2), np.array([1.0, 1.0]), "ellipse")
    >>> circle.vertices.tolist()
    [[[-1.0, 0.0], [1.0, 0.0]], [[0.0, -1.0], [0.0, 1.0]]]
    """

    centre: np.ndarray
    directions: np.ndarray
    half_lengths: np.ndarray
    kind: str

    @property
    def vertices(self):
        """Ends of every crossed axis, shape (n_crossed, 2, D), each pair by first coordinate."""
        pairs = [self.centre + np.outer([-length, length], direction)
                 for length, direction in zip(self.half_lengths, self.directions.T, strict=True)
                 if np.isfinite(length)]
        return np.array([pair[np.argsort(pair[:, 0])] for pair in pairs]).reshape(
            -1, 2, self.centre.size)


def conic_axes(quadratic, level=0.0):
    r"""Centre and axes of the tie curve :math:`x^T A x + b^T x + c = \text{level}`.

    For invertible :math:`A` (a QDA log-likelihood ratio, `QuadraticLLR`), complete the
    square around :math:`x_0 = -\tfrac12 A^{-1} b`:

    .. math::

        \mathrm{llr}(x) = (x - x_0)^T A (x - x_0) + \mathrm{llr}(x_0), \qquad
        \mathrm{llr}(x_0) = c - \tfrac14 b^T A^{-1} b.

    With :math:`A = V \operatorname{diag}(a_i) V^T` and :math:`z = V^T (x - x_0)`, the
    curve is :math:`\sum_i a_i z_i^2 = r`, :math:`r = \text{level} - \mathrm{llr}(x_0)`:
    it crosses axis :math:`v_i` at :math:`z_i = \pm\sqrt{r / a_i}` where :math:`r / a_i > 0`.
    All axes crossed: an ellipse (:math:`\det A > 0` in 2-D); some: a hyperbola.

    Parameters
    ----------
    quadratic : QuadraticLLR
        With an invertible :math:`A`.
    level : float, default=0.0
        The tie level, :math:`\log(\pi_0 / \pi_1)` for Bayes' rule.

    Returns
    -------
    ConicAxes

    Raises
    ------
    ValueError
        If :math:`A` is None or singular: the curve has no centre (a line or a parabola).

    Examples
    --------
    >>> llr = QuadraticLLR(A=np.diag([-0.25, -1.0]), b=np.array([0.5, 0.0]), c=0.75)
    >>> tie = conic_axes(llr)
    >>> tie.kind, tie.centre.tolist(), tie.half_lengths.tolist()
    ('ellipse', [1.0, 0.0], [2.0, 1.0])
    >>> tie.vertices[0].tolist()
    [[-1.0, 0.0], [3.0, 0.0]]
    """
    A = np.zeros((0, 0)) if quadratic.A is None else np.asarray(quadratic.A, dtype=float)
    b = np.asarray(quadratic.b, dtype=float)
    eigenvalues, vectors = np.linalg.eigh(A)
    if A.size == 0 or np.min(np.abs(eigenvalues)) <= 1e-12 * np.max(np.abs(eigenvalues)):
        raise ValueError("A is None or singular, so the tie curve has no centre (a line or a "
                         "parabola); conic_axes needs a quadratic ratio with an invertible A, as "
                         "QDA's usually is.")
    centre = -0.5 * np.linalg.solve(A, b)
    r = float(level) - (float(quadratic.c) - 0.25 * b @ np.linalg.solve(A, b))
    squared = r / eigenvalues
    half_lengths = np.where(squared > 0, np.sqrt(np.abs(squared)), np.nan)
    order = np.argsort(-np.nan_to_num(half_lengths, nan=-1.0), kind="stable")
    crossed = int(np.sum(squared > 0))
    kind = ("degenerate" if r == 0 else "ellipse" if crossed == b.size
            else "empty" if crossed == 0 else "hyperbola")
    return ConicAxes(centre, vectors[:, order], half_lengths[order], kind)
