r"""Checks for ``notebooks/exercises/02_height_gender_llr_exercises.ipynb``.

The exercises follow notebook 02 (heights, log-likelihood ratios, priors and the
Gaussian covariance models). One check per code exercise:

- `check_height_llr`: a function ``height_llr(x, X, y)`` that returns
  :math:`\mathrm{llr}(x) = \log p(x \mid M) - \log p(x \mid F)` from the ML
  Gaussians of the training heights;
- `check_threshold_height`: the height at which the posterior :math:`P(M \mid x)`
  reaches a target value, for a given prior :math:`\pi = P(M)`;
- `check_naive_posterior`: the posteriors :math:`P(h_1 \mid x)` of a few 2-D
  points under Gaussian naive Bayes (diagonal covariances) with a given prior.

Each check computes the right answer with `lecture_utils.gaussian.GaussianClassifier`
from the same inputs the student used, builds the answers that typical mistakes
lead to, and compares with `checking.check_answer`, which names a recognised
mistake and never shows the right value. Bad data arguments to a check raise
`ValueError`.
"""

import numpy as np
from scipy.special import expit, logit
from scipy.stats import multivariate_normal, norm

from ..gaussian import GaussianClassifier
from .checking import (
    Mistake,
    call_student_function,
    check_answer,
    data_matrix,
    data_vector,
    labelled_data,
    probability,
    student_answer,
)

__all__ = ["check_height_llr", "check_threshold_height", "check_naive_posterior"]


def _two_class_data(X, y, n_features=None):
    """Two classes of training data with an ML variance each, and their sorted labels."""
    X, y = labelled_data(X, y, n_features=n_features, n_classes=2, covariance=True)
    return X, y, np.unique(y)


def _class_moments(X, y, classes, ddof=0):
    """Per-class feature means and variances, shape (2, D) each (classes in sorted order)."""
    means = np.array([X[y == k].mean(axis=0) for k in classes])
    return means, np.array([X[y == k].var(axis=0, ddof=ddof) for k in classes])


def _log_densities(points, means, scales):
    """log N(x; mu_k, diag(scales_k^2)) of every point and class, shape (n_points, 2): the
    1-D log-densities of the features, added up (naive Bayes)."""
    return norm.logpdf(points[:, None, :], means, scales).sum(axis=2)


def _ratio(log_densities):
    """The log-likelihood ratio, second class over first, from `_log_densities`."""
    return log_densities[:, 1] - log_densities[:, 0]


# ----------------------------------------------------------------------------- exercise 1

def check_height_llr(height_llr, X, y, x):
    r"""Check a function ``height_llr(x, X, y)`` that returns the log-likelihood ratio of heights.

    The right function fits one Gaussian per class by maximum likelihood,
    :math:`\mu_k = \frac{1}{N_k}\sum_{n: y_n = k} x_n`,
    :math:`s_k^2 = \frac{1}{N_k}\sum_{n: y_n = k} (x_n - \mu_k)^2`, and returns, for
    every height in ``x``,

    .. math::

        \mathrm{llr}(x) = \log\mathcal N(x; \mu_M, s_M^2) - \log\mathcal N(x; \mu_F, s_F^2),

    with natural logarithms, as an array of shape ``(len(x),)``. The class in the
    numerator is the second label in sorted order (``"M"`` for the heights).

    Recognised mistakes: the ratio the wrong way round (F over M); base-10
    logarithms; the likelihood ratio instead of its log; variances divided by
    :math:`N_k - 1`; the variance passed as the standard deviation (``scale``
    of ``scipy.stats.norm``); the standard deviation written where the variance
    belongs; the normalising term :math:`-\frac12\log(2\pi s_k^2)` left out;
    a column of shape ``(n, 1)`` instead of ``(n,)``; the LLR of the training
    heights ``X`` instead of ``x``; one shared (pooled) variance for both classes;
    the LLR summed over the heights; a function that returns None (no ``return``).
    Relative tolerance `checking.RTOL`.

    Parameters
    ----------
    height_llr : callable or str
        The student's function, called as ``height_llr(x, X, y)``, or its name.
    X : array-like of shape (N, 1)
        Training heights.
    y : array-like of shape (N,)
        Their two class labels.
    x : array-like of shape (n,)
        The heights at which the ratio is evaluated.

    Raises
    ------
    NotYetRight
        If the function's output does not match (the message says why, if known).
    ValueError
        If ``X``, ``y`` or ``x`` are not valid data.

    Examples
    --------
    >>> from lecture_utils.datasets import load_heights
    >>> heights = load_heights()
    >>> def height_llr(x, X, y):
    ...     return GaussianClassifier().fit(X, y).llr(x[:, None])
    >>> check_height_llr(height_llr, heights.X, heights.y, np.array([160.0, 174.0]))
    Right: `height_llr(x, X, y)` matches (relative tolerance 1e-05).
    """
    X, y, classes = _two_class_data(X, y, n_features=1)
    x = data_vector(x, "x", what="heights")
    height_llr, function = student_answer(height_llr, "height_llr", function=True)
    name = f"{function}(x, X, y)"
    answer = call_student_function(height_llr, x, X, y, name=function)

    fitted = GaussianClassifier(covariance="full").fit(X, y)
    expected = fitted.llr(x[:, None])
    means, variances = _class_moments(X, y, classes)
    unbiased = _log_densities(x[:, None], means, np.sqrt(_class_moments(X, y, classes, 1)[1]))
    scale_var = _log_densities(x[:, None], means, variances)
    sd_for_var = _log_densities(x[:, None], means, variances ** 0.25)
    exponent_only = -0.5 * (x[:, None] - means[:, 0]) ** 2 / variances[:, 0]
    pooled = GaussianClassifier(covariance="tied").fit(X, y).llr(x[:, None])
    total = _log_densities(x[:, None], means, np.full_like(variances, X.std()))
    mistakes = [
        Mistake.sign_flipped(expected, f"computed the ratio the wrong way round "
                     f"(log p(x | {classes[0]}) - log p(x | {classes[1]}))",
                     f"The numerator is class {classes[1]}: subtract the log-density of "
                     f"{classes[0]} from that of {classes[1]}."),
        Mistake.log10_not_ln(expected),
        Mistake("returned the likelihood ratio p(x | M) / p(x | F), not its logarithm",
                "Return the difference of the two log-densities (never divide densities: "
                "work in log space).", np.exp(expected)),
        Mistake("divided by N_k - 1 when estimating the variances (pandas' .var() and "
                "np.var(..., ddof=1) do that)",
                "The ML variance divides by N_k: use np.var with its default ddof=0.",
                _ratio(unbiased)),
        Mistake("used the variance where the standard deviation belongs (scipy.stats.norm's "
                "`scale` is the standard deviation)",
                "Pass scale=np.sqrt(variance), or write the log-density out yourself.",
                _ratio(scale_var)),
        Mistake("used the standard deviation s_k where the variance s_k^2 belongs "
                "(np.std instead of np.var)",
                "The log-density is -1/2 log(2 pi s_k^2) - (x - mu_k)^2 / (2 s_k^2): both places "
                "need the variance.", _ratio(sd_for_var)),
        Mistake("left out the normalising term -1/2 log(2 pi s_k^2) of each log-density (only the "
                "exponents are subtracted)",
                "The 2 pi cancels in the difference, but the variances differ between the classes, "
                f"so -1/2 log(s_{classes[1]}^2 / s_{classes[0]}^2) stays in the LLR.",
                _ratio(exponent_only)),
        Mistake("returned a column of shape (n, 1); numpy would broadcast it silently "
                "against a 1-D array of shape (n,)",
                "Return one value per height, shape (n,): e.g. flatten with .ravel().",
                expected[:, None]),
        Mistake("evaluated the LLR at the training heights X, not at the heights x passed in",
                "Fit the Gaussians on X, then evaluate them at x.", fitted.llr(X)),
        Mistake("used one variance for both classes (the pooled, tied variance), so the "
                "LLR became linear in x",
                "Each class has its own ML variance s_k^2, from its own heights: the LLR is "
                "quadratic in x.", pooled),
        Mistake("used the variance of all heights, both classes together, for each class",
                "Each class's variance comes from its own heights, around its own mean: "
                "X[y == k].var().", _ratio(total)),
        Mistake("added up the LLR over the heights, one number instead of one per height",
                "Return llr(x) for every height in x: an array of shape (n,).", expected.sum()),
    ]
    check_answer(answer, expected, name=name, mistakes=mistakes, axes=("height in x",),
                 counts={"training height": len(X)})


# ----------------------------------------------------------------------------- exercise 2

def check_threshold_height(threshold_height, X, y, prior, posterior):
    r"""Check the height at which the posterior of the second class reaches a target.

    With :math:`\pi = P(M)` (``prior``) and the target :math:`q` (``posterior``),
    :math:`P(M \mid x) = \sigma(\mathrm{llr}(x) + \log\frac{\pi}{1-\pi}) = q` holds where

    .. math::

        a x^2 + b x + c = \mathrm{llr}(x) = \log\frac{q}{1-q} - \log\frac{\pi}{1-\pi},

    with the ML Gaussians' coefficients :math:`a, b, c` (notebook 02). The quadratic
    has two roots; the right one is the root nearer the midpoint of the two class
    means, the one among the heights (for the heights data, the upper root).

    Recognised mistakes: the prior log-odds with the wrong sign (or the prior of
    the other class); the target posterior forgotten (the threshold of the Bayes
    decision, posterior 1/2); the prior forgotten; the other root; both roots
    given; the right root as a one-element array; the level :math:`\mathrm{llr}(x)`
    must reach given instead of the height; base-10 logarithms for the log-odds;
    the whole level with the opposite sign (as an LLR the wrong way round would
    need); probabilities where odds belong (:math:`\log q - \log\pi`);
    :math:`\log\pi` where the prior log-odds belong; the root of the quadratic with
    the coefficients rounded as notebook 02 prints them (``a = 0.001210, b = -0.13602,
    c = -11.448``), or to 4 significant digits, or to 4 decimals (the exercise
    notebook's numpy print precision). A height rounded itself is told so from its own
    decimals; no message says how close an answer is. Relative tolerance `checking.RTOL`.

    Parameters
    ----------
    threshold_height : float or str
        The student's height, or the name of the notebook variable that holds it.
    X : array-like of shape (N, 1)
        Training heights.
    y : array-like of shape (N,)
        Their two class labels.
    prior : float
        :math:`\pi`, the prior of the second class (sorted labels), in (0, 1).
    posterior : float
        The target :math:`q` for :math:`P(\text{second class} \mid x)`, in (0, 1).

    Raises
    ------
    NotYetRight
        If the height does not match (the message says why, if known).
    ValueError
        If the data are invalid, or the posterior never reaches the target.

    Examples
    --------
    >>> from lecture_utils.datasets import load_heights
    >>> heights = load_heights()
    >>> model = GaussianClassifier().fit(heights.X, heights.y)
    >>> roots = model.llr_coefficients().crossings(0.0)   # prior 1/2, posterior 1/2: llr(x) = 0
    >>> check_threshold_height(roots[1], heights.X, heights.y, prior=0.5, posterior=0.5)
    Right: `threshold_height` matches (relative tolerance 1e-05).
    """
    X, y, (first, second) = _two_class_data(X, y, n_features=1)
    prior = probability(prior, "prior")
    posterior = probability(posterior, "posterior")
    threshold_height, name = student_answer(threshold_height, "threshold_height")
    model = GaussianClassifier(covariance="full").fit(X, y)
    coefficients = model.llr_coefficients()
    middle = model.means_[:, 0].mean()

    def roots(level):
        found = coefficients.crossings(level)
        if found.size == 0:
            return None, None
        order = np.argsort(np.abs(found - middle))
        return found[order[0]], (found[order[1]] if found.size > 1 else None)

    target = logit(posterior) - logit(prior)
    expected, other = roots(target)
    if expected is None:
        raise ValueError(f"P(second class | x) never reaches {posterior} with prior {prior}: "
                         "the LLR stays on one side of the required level.")
    mistakes = []

    def add(level_or_value, diagnosis, fix, is_height=False):
        value = level_or_value if is_height else roots(level_or_value)[0]
        if value is not None:
            mistakes.append(Mistake(diagnosis, fix, value))

    add(logit(posterior) + logit(prior),
        "added the prior log-odds where they should be subtracted (or used the prior of "
        "the other class)",
        "P(M | x) = sigma(llr(x) + log(pi / (1 - pi))), so llr(x) must equal the target's "
        "log-odds minus log(pi / (1 - pi)).")
    add(-logit(prior),
        "solved llr(x) = -log(pi / (1 - pi)), the threshold of the Bayes decision, where "
        f"the posterior is 1/2, not {posterior:g}",
        "Turn the target posterior into log-odds, log(q / (1 - q)), and put it on the "
        "right-hand side as well.")
    add(logit(posterior),
        "left out the prior: this is where the posterior would reach the target with "
        "equal priors",
        "Subtract the prior log-odds log(pi / (1 - pi)) from the target's log-odds.")
    add(0.0, "solved llr(x) = 0, where the two likelihoods are equal: neither the prior nor "
        "the target posterior is in it",
        "P(M | x) = q where llr(x) = log(q / (1 - q)) - log(pi / (1 - pi)): put both "
        "log-odds on the right-hand side.")
    if other is not None:
        add(other, "took the other root of the quadratic",
            "The quadratic has two roots; keep the one among human heights, between the "
            "class means (the other is far outside the data).", is_height=True)
    both = coefficients.crossings(target)
    if both.size == 2:
        for order in (both, both[::-1]):  # as `crossings` returns them, or as np.roots may
            mistakes.append(Mistake("kept both roots of the quadratic "
                                    "(the whole array `crossings` or `np.roots` returns)",
                                    "`threshold_height` is one number: keep the root among human "
                                    "heights, between the class means.", order))
    mistakes.append(Mistake(
        "kept the right root, but as a one-element array (e.g. `roots[roots > 0]`), not a "
        "float", "Take the number out of the array: `float(...)` or `[0]`.",
        np.array([expected])))
    mistakes.append(Mistake(
        "gave the level llr(x) must reach, not the height at which it reaches it",
        "Solve a x^2 + b x + c = level for x (e.g. with `.crossings(level)`).", target))
    add(target / np.log(10), "used base-10 logarithms (np.log10) for the log-odds",
        "The LLR is in natural logs, so the log-odds must be too: use np.log.")
    add(-target, "put the level in with the opposite sign, log(pi / (1 - pi)) - "
        "log(q / (1 - q)) (as an LLR the wrong way round, "
        f"log p(x | {first}) - log p(x | {second}), would need)",
        f"The LLR is log p(x | {second}) - log p(x | {first}), and llr(x) must equal "
        "log(q / (1 - q)) - log(pi / (1 - pi)).")
    add(np.log(posterior) - np.log(prior),
        "used probabilities where odds belong: log(q) - log(pi) instead of the log-odds",
        "The posterior log-odds are the LLR plus the prior log-odds; use "
        "log(q / (1 - q)) and log(pi / (1 - pi)).")
    add(logit(posterior) - np.log(prior),
        "subtracted log(pi) where the prior log-odds log(pi / (1 - pi)) belong",
        "The prior enters as log-odds: subtract log(pi / (1 - pi)).")
    mistakes += Mistake.rounded(expected, _printed_coefficient_roots(coefficients, target, middle))
    check_answer(threshold_height, expected, name=name, mistakes=mistakes)


def _printed_coefficient_roots(coefficients, level, middle):
    """The threshold from the coefficients a, b, c as a student may copy them: as notebook
    02 prints them, to 4 significant digits, and to 4 decimals (numpy's print precision
    in the exercise notebook). Maps a description of the rounding to the root."""
    a, b, c = coefficients.A[0, 0], coefficients.b[0], coefficients.c
    roundings = {
        "the coefficients a, b, c as notebook 02 prints them (a to 6 decimals, b to 5, c to 3)":
            (round(a, 6), round(b, 5), round(c, 3)),
        "the coefficients a, b, c to 4 significant digits":
            tuple(float(f"{v:.4g}") for v in (a, b, c)),
        "the coefficients a, b, c as numpy prints them here (4 decimals)":
            (round(a, 4), round(b, 4), round(c, 4)),
    }
    found = {}
    for what, (a_, b_, c_) in roundings.items():
        roots = np.roots([a_, b_, c_ - level])
        roots = roots[np.isreal(roots)].real
        if roots.size:
            found[what] = roots[np.argmin(np.abs(roots - middle))]
    return found


# ----------------------------------------------------------------------------- exercise 4

def check_naive_posterior(posterior_h1, points, X, y, prior):
    r"""Check the naive Bayes posteriors :math:`P(h_1 \mid x)` of some points.

    Gaussian naive Bayes fits, per class and per feature, the ML mean and variance
    (dividing by :math:`N_k`), and takes the class density as the product of the
    1-D densities (a diagonal covariance). With :math:`\pi = P(h_1)` (``prior``),

    .. math::

        P(h_1 \mid x) = \sigma\Big(\mathrm{llr}(x) + \log\frac{\pi}{1-\pi}\Big),\quad
        \mathrm{llr}(x) = \sum_{j=1}^{D}\big[\log\mathcal N(x_{[j]}; \mu_{1[j]}, s^2_{1[j]})
        - \log\mathcal N(x_{[j]}; \mu_{0[j]}, s^2_{0[j]})\big],

    for every row of ``points``: an array of shape ``(n_points,)``. :math:`h_1` is
    the second label in sorted order.

    Recognised mistakes: the prior forgotten (equal priors); the priors swapped;
    the posterior of the wrong class, :math:`P(h_0 \mid x)`; full covariances
    instead of diagonal ones (ML, or ``np.cov``'s :math:`N_k - 1`); variances
    divided by :math:`N_k - 1`; the variance passed as the standard deviation
    (``scale`` of ``scipy.stats.norm``); :math:`\log\pi` added instead of the
    prior log-odds; the posterior log-odds or odds (the logistic function
    forgotten); the unnormalised :math:`p(x \mid h_1)\,\pi`; both columns of
    the posteriors, shape ``(n_points, 2)``; the log of the posterior.
    Relative tolerance `checking.RTOL`.

    Parameters
    ----------
    posterior_h1 : array-like of shape (n_points,), or str
        The student's posteriors, or the name of the notebook variable that holds them.
    points : array-like of shape (n_points, D)
        The points to classify.
    X : array-like of shape (N, D)
        Training data.
    y : array-like of shape (N,)
        Their two class labels.
    prior : float
        :math:`\pi = P(h_1)`, in (0, 1).

    Raises
    ------
    NotYetRight
        If the answer does not match (the message says why, if known).
    ValueError
        If the data or the prior are invalid.

    Examples
    --------
    >>> X, y = [[0, 0], [2, 2], [1, 3], [4, 1], [6, 5], [5, 2]], ["h0"] * 3 + ["h1"] * 3
    >>> naive = GaussianClassifier(covariance="diag", priors=[0.7, 0.3]).fit(X, y)
    >>> check_naive_posterior(naive.predict_proba([[3.0, 1.0]])[:, 1], [[3.0, 1.0]], X, y, 0.3)
    Right: `posterior_h1` matches (relative tolerance 1e-05).
    """
    X, y, classes = _two_class_data(X, y)
    points = data_matrix(points, "points", rows="points", n_columns=X.shape[1])
    prior = probability(prior, "prior")
    posterior_h1, name = student_answer(posterior_h1, "posterior_h1")

    def fitted(covariance, p):
        model = GaussianClassifier(covariance=covariance, priors=[1 - p, p]).fit(X, y)
        return model.predict_proba(points)[:, 1]

    expected = fitted("diag", prior)
    means, variances = _class_moments(X, y, classes)
    unbiased = _ratio(_log_densities(points, means, np.sqrt(_class_moments(X, y, classes, 1)[1])))
    log_lik = _log_densities(points, means, np.sqrt(variances))
    llr = _ratio(log_lik)
    scale_var = _ratio(_log_densities(points, means, variances))
    full_unbiased = _ratio(np.column_stack([multivariate_normal.logpdf(points, m, np.cov(
        X[y == k].T)) for m, k in zip(means, classes, strict=True)]))   # np.cov: N_k - 1
    h0, h1 = classes
    mistakes = [
        Mistake("left out the prior (this is the posterior with equal priors)",
                f"Add the prior log-odds log(pi / (1 - pi)) to the LLR before the sigmoid, "
                f"with pi = P({h1}).", fitted("diag", 0.5)),
        Mistake(f"swapped the priors (used {1 - prior:g} for P({h1}))",
                f"pi is the prior of {h1}, the class in the numerator of the LLR.",
                fitted("diag", 1 - prior)),
        Mistake(f"computed P({h0} | x), the posterior of the other class (or the LLR the "
                "wrong way round)",
                f"The LLR is log p(x | {h1}) - log p(x | {h0}); the answer is the "
                f"posterior of {h1}.", 1 - expected),
        Mistake("used full covariance matrices: that is the MVG model, not naive Bayes",
                "Naive Bayes keeps only each feature's variance per class (a diagonal covariance): "
                "sum 1-D log-densities over the features.", fitted("full", prior)),
        Mistake("used full covariance matrices from np.cov (the MVG model, not naive Bayes; "
                "and np.cov divides by N_k - 1)",
                "Naive Bayes keeps only each feature's variance per class (a diagonal "
                "covariance), estimated by ML with np.var (dividing by N_k).",
                expit(full_unbiased + logit(prior))),
        Mistake("divided by N_k - 1 when estimating the variances",
                "The ML variance divides by N_k: use np.var with its default ddof=0.",
                expit(unbiased + logit(prior))),
        Mistake("used the variance where the standard deviation belongs (scipy.stats.norm's "
                "`scale` is the standard deviation)",
                "Pass scale=np.sqrt(variance), or write the log-density out yourself.",
                expit(scale_var + logit(prior))),
        Mistake("added log(pi) where the prior log-odds log(pi / (1 - pi)) belong",
                "The posterior log-odds are the LLR plus log(pi / (1 - pi)).",
                expit(llr + np.log(prior))),
        Mistake("gave the posterior log-odds llr(x) + log(pi / (1 - pi)), not the posterior",
                "Apply the logistic function sigma(z) = 1 / (1 + exp(-z)) to them.",
                llr + logit(prior)),
        Mistake(f"gave the posterior odds P({h1} | x) / P({h0} | x), not the posterior",
                "The posterior is odds / (1 + odds), or the logistic function of the "
                "log-odds.", np.exp(llr + logit(prior))),
        Mistake(f"gave p(x | {h1}) pi, the numerator of Bayes' rule, without dividing by p(x) = "
                f"p(x | {h0}) (1 - pi) + p(x | {h1}) pi",
                "Normalise: divide by the sum over both classes (in log space, subtract the "
                "log-sum-exp).", np.exp(log_lik[:, 1]) * prior),
        Mistake(f"gave the posteriors of both classes, shape ({len(points)}, 2)",
                f"Keep only the column of {h1}, shape ({len(points)},).",
                np.column_stack([1 - expected, expected])),
        Mistake.log_not_probability(expected),
    ]
    check_answer(posterior_h1, expected, name=name, mistakes=mistakes, axes=("point",),
                 counts={"class": 2, "feature": X.shape[1]})
