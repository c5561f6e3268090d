r"""Generative classifiers for discrete data: categorical features and count vectors.

Both models give every class :math:`c` a vector of probabilities
:math:`\pi_c = (\pi_{c,1}, \dots, \pi_{c,m})` on the simplex
(:math:`\pi_{c,j} \ge 0`, :math:`\sum_j \pi_{c,j} = 1`), estimated from the
counts :math:`N_{c,j}` of event :math:`j` in the training data of class :math:`c`:

.. math::

    \pi_{c,j} = \frac{N_{c,j} + \alpha}{N_c + \alpha m}, \qquad N_c = \sum_j N_{c,j}.

With :math:`\alpha = 0` these are the maximum-likelihood estimates (the
relative frequencies, found with a Lagrange multiplier for the constraint
:math:`\sum_j \pi_{c,j} = 1`). With :math:`\alpha > 0` every event gets
:math:`\alpha` pseudo-counts: the MAP estimate under a Dirichlet prior with
parameters :math:`\alpha + 1`, which keeps an event never seen in a class from
getting probability zero.

``CategoricalClassifier``
    Each sample has one or more categorical features (any label type);
    :math:`P(x_{[j]} = v \mid c) = \pi^{j}_{c,v}`, and the features are
    independent given the class (naive Bayes).
``MultinomialClassifier``
    Each sample is a vector of counts :math:`x_{[j]}` of :math:`m` events
    (words, symbols) drawn independently with probabilities :math:`\pi_c`;
    the log-likelihood ratio of two classes is linear, :math:`b^T x`.

Both are linear in their features (the one-hot coding of the categories, or the
counts): ``linear_scores()`` gives the class scores :math:`w_c^T x + w_{0c}` with
:math:`w_c = \log\pi_c` and :math:`w_{0c} = \log P(c)`, and ``llr_coefficients()``
the ratio :math:`b^T x`, :math:`b = \log\pi_{c_1} - \log\pi_{c_0}`.

A probability of zero is a log-probability of ``-inf``: no warning is raised
and posteriors stay well defined as long as some class can explain the sample.
"""

import itertools

import numpy as np
from scipy.optimize import minimize
from scipy.special import gammaln, softmax, xlogy
from scipy.stats import chi2_contingency
from scipy.stats.contingency import crosstab, expected_freq
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from .decision import BayesRuleMixin, LinearScores, QuadraticLLR
from .validation import (
    check_alpha,
    check_counts,
    check_features,
    check_number,
    check_priors,
    check_random_state,
    check_training_data,
    class_index,
    encode_categories,
    plain,
)


def smoothed_log_probabilities(counts, alpha=0.0):
    r"""Log of the smoothed relative frequencies along the last axis.

    .. math::

        \log \pi_{c,j} = \log(N_{c,j} + \alpha) - \log\Big(\sum_{j'} N_{c,j'} + \alpha m\Big)

    Parameters
    ----------
    counts : array-like of shape (..., m)
        Non-negative counts :math:`N_{c,j}`; every row must have a positive
        total when ``alpha`` is 0.
    alpha : float, default=0.0
        Pseudo-count added to every count.

    Returns
    -------
    ndarray of the shape of ``counts``
        ``-inf`` where a count is zero and ``alpha`` is 0.

    Examples
    --------
    >>> np.exp(smoothed_log_probabilities([3, 1, 0], alpha=1.0))     # (N_j + 1) / (4 + 3)
    array([0.57142857, 0.28571429, 0.14285714])
    """
    counts = np.asarray(counts, dtype=float)
    alpha = check_alpha(alpha)
    totals = counts.sum(axis=-1, keepdims=True) + alpha * counts.shape[-1]
    if np.any(totals <= 0):
        raise ValueError("a row of counts sums to zero, so its relative frequencies are "
                         "undefined (0/0); use alpha > 0 or give every class some counts.")
    with np.errstate(divide="ignore"):
        return np.log(counts + alpha) - np.log(totals)


def _check_probability_rows(probabilities, m, name="probabilities"):
    probabilities = np.asarray(probabilities, dtype=float)
    if probabilities.ndim == 0 or probabilities.shape[-1] != m:
        raise ValueError(f"{name} must have the number of categories, {m}, along its last axis; "
                         f"got shape {probabilities.shape}.")
    if (not np.all(np.isfinite(probabilities)) or np.any(probabilities < 0)
            or not np.allclose(probabilities.sum(axis=-1), 1.0, atol=1e-9)):
        raise ValueError(f"every row of {name} must lie on the simplex (entries >= 0 that sum to "
                         "1); divide by the row sums if they are weights.")
    return probabilities


def _check_count_vector(counts):
    counts = np.asarray(counts, dtype=float)
    if counts.ndim != 1 or counts.size < 2 or not np.all(np.isfinite(counts) & (counts >= 0)):
        raise ValueError("counts must be a 1-D array of at least two finite, non-negative "
                         f"counts N_j (one per category); got {plain(counts.tolist())!r}.")
    return counts


def _check_concentration(concentration, m):
    concentration = np.asarray(concentration, dtype=float)
    if concentration.ndim > 1 or concentration.size not in (1, m):
        raise ValueError("the Dirichlet concentration a must be one number or one value per "
                         f"event (category), {m} here; got shape {concentration.shape}.")
    concentration = np.broadcast_to(concentration, (m,))
    if not np.all(np.isfinite(concentration)) or np.any(concentration <= 0):
        raise ValueError("the Dirichlet concentration a must be finite and positive (> 0) for "
                         f"every category; got {plain(concentration.tolist())!r}.")
    return concentration


def categorical_log_likelihood(counts, probabilities):
    r"""Log-likelihood of categorical data summarised by its counts.

    .. math::

        f(\pi) = \sum_{j=1}^{m} N_j \log \pi_j, \qquad 0 \log 0 = 0

    (a category never observed costs nothing, whatever its probability).

    Parameters
    ----------
    counts : array-like of shape (m,)
        Non-negative counts :math:`N_j`.
    probabilities : array-like of shape (..., m)
        One or more points :math:`\pi` of the simplex, one per row.

    Returns
    -------
    float or ndarray of shape (...)
        ``-inf`` where an observed category has probability zero.

    Examples
    --------
    >>> round(categorical_log_likelihood([2, 0], [0.5, 0.5]), 4)   # 2 log 0.5
    -1.3863
    >>> categorical_log_likelihood([2, 0], [1.0, 0.0])              # 0 log 0 = 0
    0.0
    """
    counts = _check_count_vector(counts)
    probabilities = _check_probability_rows(probabilities, counts.size)
    with np.errstate(divide="ignore"):
        values = xlogy(counts, probabilities).sum(axis=-1)
    return values if values.ndim else float(values)


def dirichlet_log_density(probabilities, concentration):
    r"""Log-density of the Dirichlet distribution on the simplex.

    .. math::

        \log \mathrm{Dir}(\pi \mid a) = \log \Gamma\Big(\sum_j a_j\Big)
            - \sum_j \log \Gamma(a_j) + \sum_j (a_j - 1) \log \pi_j

    Parameters
    ----------
    probabilities : array-like of shape (..., m)
        Points :math:`\pi` of the simplex, one per row.
    concentration : float or array-like of shape (m,)
        The parameters :math:`a_j > 0`; a single number is used for every category.

    Returns
    -------
    float or ndarray of shape (...)
        The values of ``scipy.stats.dirichlet.logpdf`` (``-inf`` or ``inf`` on the
        boundary where some :math:`a_j \ne 1`).

    Examples
    --------
    >>> round(dirichlet_log_density([0.2, 0.3, 0.5], 1.0), 4)     # uniform: log 2!
    0.6931
    """
    m = np.shape(probabilities)[-1] if np.ndim(probabilities) else 0
    probabilities = _check_probability_rows(probabilities, m)
    a = _check_concentration(concentration, m)
    with np.errstate(divide="ignore"):
        values = gammaln(a.sum()) - gammaln(a).sum() + xlogy(a - 1.0, probabilities).sum(axis=-1)
    return values if values.ndim else float(values)


def maximise_on_simplex(counts, concentration=None):
    r"""Maximise the log-likelihood (or log-posterior) numerically over the simplex.

    Writes :math:`\pi = \mathrm{softmax}(\theta)`, :math:`\pi_j = e^{\theta_j} / \sum_{j'}
    e^{\theta_{j'}}`, which lies on the simplex for every :math:`\theta \in \mathbb{R}^m`,
    and maximises over :math:`\theta` without constraints by BFGS
    (``scipy.optimize.minimize``):

    .. math::

        \max_\theta \; f(\pi) + \log \mathrm{Dir}(\pi \mid a), \qquad
        f(\pi) = \sum_j N_j \log \pi_j,

    with no Dirichlet term when ``concentration`` is None (maximum likelihood).
    A category whose exponent :math:`N_j + a_j - 1` is 0 gets a probability near
    0 (:math:`\theta_j \to -\infty`), within about 1e-6.

    Parameters
    ----------
    counts : array-like of shape (m,)
        Non-negative counts :math:`N_j`.
    concentration : None, float or array-like of shape (m,), default=None
        Dirichlet prior parameters :math:`a_j`; None for maximum likelihood.

    Returns
    -------
    ndarray of shape (m,)
        The maximiser :math:`\pi`.

    Raises
    ------
    ValueError
        If some exponent :math:`N_j + a_j - 1` is negative (the objective is then
        unbounded at the boundary: there is no maximum) or all are zero.

    Examples
    --------
    >>> maximise_on_simplex([2, 1, 1]).round(4)                    # the relative frequencies
    array([0.5 , 0.25, 0.25])
    """
    counts = _check_count_vector(counts)
    prior = None if concentration is None else _check_concentration(concentration, counts.size)
    exponents = counts if prior is None else counts + prior - 1.0
    if np.any(exponents < 0) or exponents.sum() <= 0:
        raise ValueError(f"the exponents N_j + a_j - 1 = {plain(exponents.tolist())!r} must be "
                         ">= 0 with a positive sum for a maximum to exist; use a concentration "
                         "a_j >= 1.")
    # f(pi) + log Dir(pi | a) is sum_j w_j log pi_j plus a constant, with w_j = N_j + a_j - 1;
    # its gradient in theta is w - (sum_j w_j) pi
    result = minimize(lambda theta: -xlogy(exponents, softmax(theta)).sum(), np.zeros(counts.size),
                      jac=lambda theta: exponents.sum() * softmax(theta) - exponents,
                      method="BFGS", options={"gtol": 1e-9})
    return softmax(result.x)


def random_search_on_simplex(counts, n_points=200_000, random_state=None):
    r"""The best of many uniformly random points of the simplex for :math:`f(\pi)`.

    Draws ``n_points`` points from the uniform distribution on the simplex,
    :math:`\mathrm{Dir}(1, \dots, 1)`, and keeps the one with the largest
    :math:`f(\pi) = \sum_j N_j \log \pi_j`: a check of a claimed maximum that
    needs no derivative.

    Parameters
    ----------
    counts : array-like of shape (m,)
    n_points : int, default=200_000
    random_state : None, int or numpy random generator, default=None

    Returns
    -------
    best : ndarray of shape (m,)
        The best point found.
    value : float
        Its log-likelihood :math:`f`.

    Examples
    --------
    >>> best, value = random_search_on_simplex([2, 1, 1], n_points=20_000, random_state=0)
    >>> best.round(1), round(value, 2)                    # near (1/2, 1/4, 1/4), f = -4.16
    (array([0.5, 0.3, 0.2]), -4.16)
    """
    counts = _check_count_vector(counts)
    points = _uniform_points(counts.size, n_points, random_state)
    values = categorical_log_likelihood(counts, points)
    best = int(np.argmax(values))
    return points[best], float(values[best])


def _uniform_points(m, n_points, random_state):
    """``n_points`` points drawn uniformly on the simplex, Dir(1, ..., 1), summing exactly to 1."""
    n_points = check_number("n_points", n_points, minimum=1, integer=True)
    points = check_random_state(random_state).dirichlet(np.ones(m), size=n_points)
    return points / points.sum(axis=1, keepdims=True)  # exact sums for the simplex check


def posterior_mean_by_sampling(counts, concentration, n_points=200_000, random_state=None):
    r"""Posterior mean of :math:`\pi` by weighting uniformly random points of the simplex.

    Bayes' rule gives the posterior density up to a constant,
    :math:`p(\pi \mid \mathcal{D}) \propto \prod_j \pi_j^{N_j} \, \mathrm{Dir}(\pi \mid a)`.
    With points :math:`\pi^{(s)}` drawn uniformly on the simplex, the weighted average

    .. math::

        \hat{\mathbb{E}}[\pi \mid \mathcal{D}] = \frac{\sum_s w_s \pi^{(s)}}{\sum_s w_s},
        \qquad w_s = \exp\big(f(\pi^{(s)}) + \log \mathrm{Dir}(\pi^{(s)} \mid a)\big),

    estimates the posterior mean without using its closed form (self-normalised
    importance sampling; the error shrinks like :math:`1/\sqrt{n}`).

    Parameters
    ----------
    counts : array-like of shape (m,)
    concentration : float or array-like of shape (m,)
        The prior's parameters :math:`a_j > 0`; 1 is the uniform prior.
    n_points : int, default=200_000
    random_state : None, int or numpy random generator, default=None

    Returns
    -------
    ndarray of shape (m,)

    Examples
    --------
    >>> posterior_mean_by_sampling([2, 1, 1], 1.0, random_state=0).round(2)  # (N_j + 1) / 7
    array([0.43, 0.29, 0.29])
    """
    counts = _check_count_vector(counts)
    prior = _check_concentration(concentration, counts.size)
    points = _uniform_points(counts.size, n_points, random_state)
    log_weights = categorical_log_likelihood(counts, points) + dirichlet_log_density(points, prior)
    weights = np.exp(log_weights - log_weights.max())
    return weights @ points / weights.sum()


class _LinearCountModel(BayesRuleMixin, ClassifierMixin, BaseEstimator):
    """What the two count models share: priors, and scores linear in their features."""

    def _fit_priors(self, classes, y_index):
        """Set ``classes_``, ``class_count_`` and ``priors_`` (class frequencies by default)."""
        priors = check_priors(self.priors, classes)
        self.classes_ = classes
        self.class_count_ = np.bincount(y_index, minlength=classes.size)
        self.priors_ = self.class_count_ / y_index.size if priors is None else priors

    def linear_scores(self):
        r"""The posterior as a softmax of linear scores :math:`w_c^T x + w_{0c}`.

        .. math::

            \log P(x \mid c) + \log P(c) = \sum_j x_{[j]} \log \pi_{c,j} + \log P(c)
                + \text{(a term the same for every class)},

        so :math:`w_c = \log \pi_{c,\cdot}` and :math:`w_{0c} = \log P(c)`. The features
        :math:`x` are the counts for `MultinomialClassifier` (whose coefficient
        :math:`n! / \prod_j x_{[j]}!` is the common term) and the one-hot coding
        ``one_hot(X)`` for `CategoricalClassifier`.

        Returns
        -------
        LinearScores
            ``W`` of shape (n_classes, n_features) or (n_classes, n_one_hot_columns);
            ``-inf`` for an event a class has never shown (with ``alpha=0``).

        Examples
        --------
        >>> X, y = np.array([[3, 1], [1, 3]]), np.array(["C", "Python"])
        >>> np.exp(MultinomialClassifier().fit(X, y).linear_scores().W)
        array([[0.75, 0.25],
               [0.25, 0.75]])
        """
        check_is_fitted(self)
        with np.errstate(divide="ignore"):
            return LinearScores(self._log_probabilities(), np.log(self.priors_))

    def llr_coefficients(self):
        r"""The linear log-likelihood ratio :math:`\mathrm{llr}(x) = b^T x`.

        .. math::

            b_j = \log \pi_{c_1,j} - \log \pi_{c_0,j}, \qquad c_0, c_1 = \text{classes\_},

        the difference of the `linear_scores` weights without the priors; the features
        are those of `linear_scores`.

        Returns
        -------
        QuadraticLLR
            ``A`` None and ``c = 0``. With ``alpha=0`` an entry of ``b`` is ``+inf``
            (``-inf``) for an event that only class :math:`c_1` (:math:`c_0`) has
            produced, and 0 for one that neither has (a sample containing it is
            impossible under both classes, and `llr` raises).

        Raises
        ------
        ValueError
            For more than two classes.

        Examples
        --------
        >>> X, y = np.array([[3, 1], [2, 2], [1, 3]]), np.array(["C", "C", "Python"])
        >>> MultinomialClassifier(alpha=1.0).fit(X, y).llr_coefficients().b.round(3)
        array([-0.588,  0.511])
        """
        self._require_binary("llr_coefficients")
        b, _prior_log_odds = self.linear_scores().boundary()
        return QuadraticLLR(A=None, b=b, c=0.0)


class CategoricalClassifier(_LinearCountModel):
    r"""Naive Bayes classifier for categorical features.

    Feature :math:`j` takes one of :math:`m_j` categories; given the class,
    it follows a categorical distribution with probabilities :math:`\pi^j_c`,
    and the features are independent (naive Bayes):

    .. math::

        \log P(x \mid c) = \sum_j \log \pi^j_{c, x_{[j]}}, \qquad
        \pi^j_{c,v} = \frac{N^j_{c,v} + \alpha}{N_c + \alpha m_j},

    where :math:`N^j_{c,v}` counts the training samples of class :math:`c`
    whose feature :math:`j` equals :math:`v`. With one feature this is the
    plain categorical model.

    Parameters
    ----------
    alpha : float, default=0.0
        Pseudo-count added to every category of every class; 0 gives the ML
        estimates, under which a category never seen in a class has
        probability zero for that class.
    priors : array-like of shape (n_classes,), default=None
        Class priors in the order of ``classes_``.
        ``None`` uses the class frequencies of the training data.
    categories : None or list of array-like, default=None
        The possible values of each feature, in the order to report them.
        ``None`` takes the sorted values seen in training. Declaring values
        that training lacks gives them the probability
        :math:`\alpha / (N_c + \alpha m_j)`.

        This differs from scikit-learn's ``CategoricalNB``, which reads integer
        features as codes :math:`0, \dots, \max`: a code below the largest that
        training never saw still counts among the :math:`m_j` categories there,
        not here. With ``alpha=0`` the two agree; with ``alpha > 0`` the smoothing
        denominators :math:`N_c + \alpha m_j` differ, and so do probabilities and
        sometimes predictions. To get scikit-learn's convention, declare the codes:
        ``categories=[range(m_1), range(m_2), ...]`` (or ``np.arange(X[:, j].max() + 1)``
        for each column).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    class_count_ : ndarray of shape (n_classes,)
        Training samples per class, :math:`N_c`.
    priors_ : ndarray of shape (n_classes,)
    categories_ : list of ndarray
        ``categories_[j]`` holds the :math:`m_j` categories of feature ``j``.
    category_count_ : list of ndarray
        ``category_count_[j][c, v]`` is :math:`N^j_{c,v}` (as in scikit-learn's
        ``CategoricalNB``).
    feature_log_prob_ : list of ndarray
        ``feature_log_prob_[j][c, v]`` is :math:`\log \pi^j_{c,v}`.
    n_features_in_ : int

    Examples
    --------
    >>> from lecture_utils.datasets import load_cat_fur
    >>> cats = load_cat_fur()
    >>> model = CategoricalClassifier(alpha=1.0).fit(cats.X, cats.y)
    >>> model.classes_.tolist(), model.predict([["black"]]).tolist()
    (['female', 'male'], ['female'])

    Notes
    -----
    A value that is not among the known categories of its feature raises a
    ValueError when predicting, whatever ``alpha``: its probability depends on
    how many categories the feature has, which only the ``categories``
    parameter can say. The error names the feature, the value and the known
    categories.
    """

    def __init__(self, *, alpha=0.0, priors=None, categories=None):
        self.alpha, self.priors, self.categories = alpha, priors, categories

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.categorical = True
        tags.input_tags.string = True
        return tags

    def fit(self, X, y):
        """Count the categories of every feature in every class and normalise.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Categories of any type numpy can sort (strings, integers, ...).
        y : array-like of shape (n_samples,)

        Returns
        -------
        self
        """
        alpha = check_alpha(self.alpha)
        X, classes, y_index = check_training_data(self, X, y, dtype=None)
        categories = self._categories(X)
        codes = encode_categories(X, categories, getattr(self, "feature_names_in_", None))
        class_one_hot = np.eye(classes.size)[y_index]   # N^j_{c,v} = sum_i [y_i = c][x_ij = v]
        counts = [class_one_hot.T @ np.eye(known.size)[codes[:, j]]
                  for j, known in enumerate(categories)]
        self._fit_priors(classes, y_index)
        self.categories_ = categories
        self.category_count_ = counts
        self.feature_log_prob_ = [smoothed_log_probabilities(table, alpha) for table in counts]
        return self

    def _categories(self, X):
        if self.categories is None:
            found = []
            for j in range(X.shape[1]):
                try:
                    found.append(np.unique(X[:, j]))
                except TypeError:
                    raise TypeError(f"feature {j} mixes values of different types (e.g. strings "
                                    "and numbers) that cannot be sorted; convert the column to "
                                    f"one type, e.g. X[:, {j}].astype(str).") from None
            return found
        if len(self.categories) != X.shape[1]:
            raise ValueError(f"categories lists {len(self.categories)} features but X has "
                             f"{X.shape[1]}; give one list of possible values per column of X.")
        declared = [np.array(values) for values in self.categories]  # copies
        for j, values in enumerate(declared):
            if values.ndim != 1 or len(set(values.tolist())) != values.size:
                raise ValueError(f"categories[{j}] must be a flat list of distinct values; got "
                                 f"{values.tolist()}.")
        return declared

    def _codes(self, X):
        """Positions of the values of ``X`` among the fitted categories of each feature."""
        X = check_features(self, X, reset=False, dtype=None)
        return encode_categories(X, self.categories_, getattr(self, "feature_names_in_", None))

    def log_likelihood(self, X):
        r"""Class-conditional log-probabilities :math:`\log P(x \mid c)`.

        .. math::

            \log P(x \mid c) = \sum_j \log \pi^j_{c, x_{[j]}}

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            ``-inf`` where some feature takes a category of probability zero.

        Raises
        ------
        ValueError
            A value that is not among the known categories of its feature.
        """
        codes = self._codes(X)
        return sum(log_prob[:, codes[:, j]].T for j, log_prob in enumerate(self.feature_log_prob_))

    def log_likelihood_of_labels(self, X, y):
        r"""Each sample's log-likelihood under its own label, :math:`\log P(x_n \mid y_n)`.

        Their sum is the log-likelihood of a labelled data set without its prior terms,
        :math:`\sum_n \log P(x_n \mid y_n) = \sum_j \sum_{k,v} N^j_{k,v} \log \pi^j_{k,v}`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
            Labels, each one of ``classes_``.

        Returns
        -------
        ndarray of shape (n_samples,)

        Raises
        ------
        ValueError
            If ``y`` has another length than ``X`` or a label the model does not know.
        """
        log_lik = self.log_likelihood(X)
        return log_lik[np.arange(log_lik.shape[0]), class_index(self.classes_, y, len(log_lik))]

    def llr_terms(self, X):
        r"""The log-likelihood ratio feature by feature: one term per feature.

        .. math::

            \mathrm{llr}(x) = \sum_j \Big(\log \pi^j_{c_1, x_{[j]}}
                - \log \pi^j_{c_0, x_{[j]}}\Big), \qquad c_0, c_1 = \text{classes\_}

        Column ``j`` holds the term of feature ``j``; the row sums are `llr`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_features)
            ``+inf`` (``-inf``) where a value has probability zero in class
            :math:`c_0` (:math:`c_1`) only.

        Raises
        ------
        ValueError
            For more than two classes, an unknown value, or a value with
            probability zero in both classes (its term is undefined).
        """
        self._require_binary("llr_terms")
        columns = self._columns(X)
        impossible = np.all(np.isneginf(self._log_probabilities()), axis=0)[columns]
        if impossible.any():
            row, j = np.argwhere(impossible)[0]
            raise ValueError(f"sample {row} has a value of feature {j} with probability zero in "
                             "both classes, so its llr term is undefined; use alpha > 0.")
        return self.llr_coefficients().b[columns]

    def _log_probabilities(self):
        """Log-probabilities of every category of every feature, side by side: (K, sum m_j)."""
        return np.concatenate(self.feature_log_prob_, axis=1)

    def _columns(self, X):
        """The column of `one_hot` of every value of ``X``: its code plus its feature's offset."""
        offsets = np.cumsum([0] + [known.size for known in self.categories_[:-1]])
        return self._codes(X) + offsets

    def one_hot(self, X):
        r"""One-hot coding of ``X``: one 0/1 column per category of every feature.

        Entry :math:`t_{n,(d,v)} = 1` if sample :math:`n` has value :math:`v`
        in feature :math:`d`, else 0: feature 0's categories, then feature 1's, and so
        on (in the order of ``categories_``), the features of `linear_scores` and
        `llr_coefficients`. Feature :math:`d` with value :math:`v` contributes
        :math:`b^{(d)}_v = \log \pi^{(d)}_{c_1,v} - \log \pi^{(d)}_{c_0,v}` to the ratio,
        :math:`\mathrm{llr}(x) = \sum_d b^{(d)}_{x_{[d]}} = b^T t(x)`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, sum of the features' numbers of categories)

        Raises
        ------
        ValueError
            For a value that is not a known category.

        Examples
        --------
        >>> X, y = np.array([["a"], ["a"], ["b"], ["a"]]), np.array([0, 0, 1, 1])
        >>> model = CategoricalClassifier(alpha=1.0).fit(X, y)
        >>> t = model.one_hot([["b"]])
        >>> t, model.llr_coefficients().evaluate(t).round(3), model.llr([["b"]]).round(3)
        (array([[0., 1.]]), array([0.693]), array([0.693]))
        """
        columns = self._columns(X)
        t = np.zeros((columns.shape[0], sum(known.size for known in self.categories_)))
        np.put_along_axis(t, columns, 1.0, axis=1)
        return t


class MultinomialClassifier(_LinearCountModel):
    r"""Generative classifier for count vectors with one multinomial per class.

    A sample :math:`x = (x_{[1]}, \dots, x_{[m]})` counts how often each of
    :math:`m` events occurred in :math:`n = \sum_j x_{[j]}` independent draws
    with probabilities :math:`\pi_c`:

    .. math::

        \log P(x \mid c) = \log \frac{n!}{\prod_j x_{[j]}!} + \sum_j x_{[j]} \log \pi_{c,j},
        \qquad
        \pi_{c,j} = \frac{N_{c,j} + \alpha}{N_c + \alpha m},

    with :math:`N_{c,j} = \sum_{i: c_i = c} x_{i,[j]}` the total count of
    event :math:`j` in class :math:`c`. The multinomial coefficient does not
    depend on the class, so it cancels in posteriors and in the linear
    log-likelihood ratio :math:`\mathrm{llr}(x) = x^T b`,
    :math:`b_j = \log \pi_{c_1,j} - \log \pi_{c_0,j}`.

    Parameters
    ----------
    alpha : float, default=0.0
        Pseudo-count added to every event of every class; 0 gives the ML
        estimates.
    priors : array-like of shape (n_classes,), default=None
        Class priors in the order of ``classes_``.
        ``None`` uses the class frequencies of the training data.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    class_count_ : ndarray of shape (n_classes,)
        Training samples (documents) per class.
    priors_ : ndarray of shape (n_classes,)
    feature_count_ : ndarray of shape (n_classes, n_features)
        :math:`N_{c,j}`.
    feature_log_prob_ : ndarray of shape (n_classes, n_features)
        :math:`\log \pi_{c,j}`.
    n_features_in_ : int

    Examples
    --------
    >>> import numpy as np
    >>> X, y = np.array([[5, 1], [4, 2], [1, 5]]), np.array(["C", "C", "Python"])
    >>> model = MultinomialClassifier(alpha=1.0).fit(X, y)
    >>> np.exp(model.feature_log_prob_).round(3).tolist()
    [[0.714, 0.286], [0.25, 0.75]]
    >>> model.predict([[0, 3]]).tolist()
    ['Python']
    """

    def __init__(self, *, alpha=0.0, priors=None):
        self.alpha, self.priors = alpha, priors

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.positive_only = True
        # Count models score poorly on scikit-learn's Gaussian test blobs, as MultinomialNB does.
        tags.classifier_tags.poor_score = True
        return tags

    def fit(self, X, y):
        """Add up the counts of every event in every class and normalise.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Non-negative whole-number counts.
        y : array-like of shape (n_samples,)

        Returns
        -------
        self
        """
        alpha = check_alpha(self.alpha)
        X, classes, y_index = check_training_data(self, X, y)
        X = check_counts(X)
        counts = np.eye(classes.size)[y_index].T @ X   # N_{c,j}: the counts of class c, added up
        empty = counts.sum(axis=1) == 0
        if alpha == 0 and empty.any():
            raise ValueError(f"class {classes.tolist()[np.flatnonzero(empty)[0]]!r} has no "
                             "counts at all in the training data, so its frequencies are "
                             "undefined (0/0); use alpha > 0 or remove the empty samples.")
        self._fit_priors(classes, y_index)
        self.feature_count_ = counts
        self.feature_log_prob_ = smoothed_log_probabilities(counts, alpha)
        return self

    def log_likelihood(self, X):
        r"""Multinomial log-probabilities :math:`\log P(x \mid c)`, coefficient included.

        .. math::

            \log P(x \mid c) = \log \Gamma(n + 1) - \sum_j \log \Gamma(x_{[j]} + 1)
                + \sum_j x_{[j]} \log \pi_{c,j}

        with the convention :math:`0 \cdot \log 0 = 0` (an event that did not
        occur costs nothing, even when its probability is zero). These are the
        values of ``scipy.stats.multinomial.logpmf``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Non-negative whole-number counts.

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        X = check_counts(check_features(self, X, reset=False))
        log_lik = LinearScores(self.feature_log_prob_, 0.0).evaluate(X)
        coefficient = gammaln(X.sum(axis=1) + 1.0) - gammaln(X + 1.0).sum(axis=1)
        return log_lik + coefficient[:, None]

    def _log_probabilities(self):
        return self.feature_log_prob_


def dirichlet_log_evidence(counts, concentration):
    r"""Log marginal likelihood of token counts under a Dirichlet prior on :math:`\pi`.

    With :math:`\pi \sim \mathrm{Dir}(a_1, \dots, a_m)` and a sequence of
    tokens drawn from :math:`\pi` that contains event :math:`j` :math:`N_j` times,
    integrating :math:`\pi` out gives

    .. math::

        \log p(\text{tokens} \mid a) = \log\Gamma(A) - \log\Gamma(N + A)
            + \sum_j \big[\log\Gamma(N_j + a_j) - \log\Gamma(a_j)\big],
        \qquad A = \sum_j a_j,\ N = \sum_j N_j.

    This is the evidence for the hyperparameters :math:`a`; maximising it over
    :math:`a` (type-II maximum likelihood, or empirical Bayes) chooses the
    prior from the data. The predictive probability of the next token is the
    posterior mean :math:`(N_j + a_j) / (N + A)`: ``MultinomialClassifier(alpha=a)``
    for a symmetric prior. The multinomial coefficient of the counts is not
    included (the counts' own evidence adds :math:`\log N! - \sum_j \log N_j!`).

    Parameters
    ----------
    counts : array-like of shape (..., m)
        Non-negative counts :math:`N_j`; one row per class.
    concentration : float or array-like of shape (m,)
        :math:`a_j > 0`; a float gives the symmetric prior :math:`a_j = a`.

    Returns
    -------
    float or ndarray of shape (...)
        One log evidence per row of ``counts``.

    Examples
    --------
    >>> round(float(np.exp(dirichlet_log_evidence([0, 1], [1.0, 3.0]))), 4)  # prior mean 3/4
    0.75
    """
    counts = np.asarray(counts, dtype=float)
    if counts.ndim == 0 or np.any(counts < 0) or not np.all(np.isfinite(counts)):
        raise ValueError("counts must be an array of non-negative, finite counts (..., m).")
    a = _check_concentration(concentration, counts.shape[-1])
    return (gammaln(a.sum()) - gammaln(counts.sum(axis=-1) + a.sum())
            + (gammaln(counts + a) - gammaln(a)).sum(axis=-1))


def max_evidence_concentration(counts, grid):
    r"""The symmetric Dirichlet parameter of ``grid`` with the largest evidence.

    .. math::

        \hat a = \arg\max_{a \in \text{grid}} \sum_k \log p(\text{tokens of class } k \mid a)

    with each term from `dirichlet_log_evidence` (one shared :math:`a` for all
    classes, the rows of ``counts``). Type-II maximum likelihood: the prior is
    chosen by how well it predicts the training data with :math:`\pi` integrated out.

    Parameters
    ----------
    counts : array-like of shape (n_classes, m)
        :math:`N_{k,j}`, e.g. ``MultinomialClassifier().fit(X, y).feature_count_``.
    grid : array-like of shape (n_values,)
        Candidate values :math:`a > 0`.

    Returns
    -------
    float

    Examples
    --------
    >>> max_evidence_concentration([[50, 50], [48, 52]], [0.1, 1.0, 10.0])  # even: a large
    10.0
    """
    grid = np.asarray(grid, dtype=float)
    if grid.ndim != 1 or grid.size == 0:
        raise ValueError("grid must be a non-empty 1-D array of candidate values a > 0.")
    evidence = [np.sum(dirichlet_log_evidence(counts, a)) for a in grid]
    return float(grid[int(np.argmax(evidence))])


def independence_p_value(a, b):
    r"""p-value of Pearson's chi-square test that two categorical variables are independent.

    With :math:`O_{uv}` the number of samples with :math:`a = u` and
    :math:`b = v`, and :math:`E_{uv} = O_{u\cdot} O_{\cdot v} / N` the count
    expected under independence,

    .. math::

        \chi^2 = \sum_{u,v} \frac{(O_{uv} - E_{uv})^2}{E_{uv}}, \qquad
        p = P\big(\chi^2_{(U-1)(V-1)} \ge \chi^2\big),

    (``scipy.stats.chi2_contingency`` without continuity correction). A small
    :math:`p` is evidence of dependence; values that never occur are left out.

    Parameters
    ----------
    a, b : array-like of shape (n_samples,)
        Two categorical variables (any sortable labels), one value per sample.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in length or either takes fewer than two values.

    Examples
    --------
    >>> round(independence_p_value(list("xxyy") * 10, list("uvuv") * 10), 3)
    1.0
    """
    return float(chi2_contingency(_contingency_table(a, b), correction=False).pvalue)


def _contingency_table(a, b):
    """The counts :math:`O_{uv}` of the value pairs of two categorical variables."""
    a, b = np.asarray(a), np.asarray(b)
    if a.ndim != 1 or a.shape != b.shape:
        raise ValueError("a and b must be 1-D with one value per sample each; got shapes "
                         f"{a.shape} and {b.shape}.")
    table = crosstab(a, b).count
    if min(table.shape) < 2:
        raise ValueError("each variable must take at least two values for a test of "
                         f"independence; got {table.shape[0]} and {table.shape[1]}.")
    return table


def joint_feature(X, categories):
    r"""Join several categorical features into one, whose values are all their combinations.

    A sample :math:`(x_{[1]}, \dots, x_{[D]})` becomes the single value
    ``"x1 / x2 / ... / xD"``; the joint feature has
    :math:`\prod_d m_d` possible values, so a categorical model of it has
    :math:`\prod_d m_d - 1` free probabilities per class (no independence assumed).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    categories : sequence of sequences
        The possible values of every feature.

    Returns
    -------
    X_joint : ndarray of shape (n_samples, 1)
    joint_categories : list of one list
        Every combination, for ``CategoricalClassifier(categories=...)``.

    Raises
    ------
    ValueError
        If ``X`` is not 2-D with one column per entry of ``categories``, or has
        a value not among its feature's categories.

    Examples
    --------
    >>> X_joint, categories = joint_feature([["black", "short"]], [["black", "white"],
    ...                                                            ["short", "long"]])
    >>> X_joint.tolist(), categories
    ([['black / short']], [['black / short', 'black / long', 'white / short', 'white / long']])
    """
    X = np.asarray(X, dtype=object)
    if X.ndim != 2 or X.shape[1] != len(categories):
        raise ValueError("X must be 2-D with one column per feature in categories "
                         f"({len(categories)}); got shape {X.shape}.")
    for d, values in enumerate(categories):
        if unknown := set(X[:, d].tolist()) - set(values):
            raise ValueError(f"feature {d} has values {sorted(map(str, unknown))} not in its "
                             f"categories {list(values)}.")
    joined = np.array([" / ".join(map(str, row)) for row in X], dtype=object)[:, None]
    combinations = [" / ".join(map(str, combo)) for combo in itertools.product(*categories)]
    return joined, [combinations]


def smallest_expected_count(a, b):
    r"""The smallest count expected under independence in the table of two categorical
    variables: the usual check on the chi-square approximation of `independence_p_value`.

    With :math:`O_{uv}` the number of samples with :math:`a = u` and :math:`b = v`,

    .. math::

        E_{uv} = \frac{O_{u\cdot}\, O_{\cdot v}}{N}, \qquad
        \text{returned: } \min_{u,v} E_{uv}.

    The chi-square distribution of Pearson's statistic is a large-sample approximation;
    below an expected count of about 5 the p-value is only rough. Values that never
    occur are left out, as in `independence_p_value`.

    Parameters
    ----------
    a, b : array-like of shape (n_samples,)
        Two categorical variables (any sortable labels), one value per sample.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in length or either takes fewer than two values.

    Examples
    --------
    >>> smallest_expected_count(["x", "x", "y", "y"], ["u", "v", "u", "u"])   # 2 * 1 / 4
    0.5
    """
    return float(expected_freq(_contingency_table(a, b)).min())
