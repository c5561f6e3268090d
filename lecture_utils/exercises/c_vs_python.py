r"""Checks for ``notebooks/exercises/05_c_vs_python_multinomial_exercises.ipynb``.

The exercises follow notebook 05 (C or Python? A multinomial model of
punctuation) and use its notation: :math:`K` classes indexed by :math:`k`,
:math:`D` symbol types indexed by :math:`j`, training counts :math:`N_{k,j}`
with class totals :math:`N_k = \sum_j N_{k,j}`, symbol probabilities
:math:`\theta_{k,j}`, class priors :math:`\pi_k`, and the linear log-likelihood
ratio :math:`\mathrm{llr}(x) = x^T b` with C on top.

Checks, one per code exercise:

`check_ml_frequencies`
    the maximum-likelihood :math:`\theta`, shape (K, D).
`check_llr_weights`
    the weights :math:`b_j = \log\theta_{C,j} - \log\theta_{Py,j}` with pseudo-count :math:`\alpha`.
`check_llr_of_script`
    :math:`\mathrm{llr}(x) = x^T b` of one script.
`check_multinomial_log_likelihood`
    a function ``log_likelihood(x, theta)`` returning :math:`\log P(x \mid k)` for every class.
`check_log_posterior`
    the log posteriors :math:`\log P(k \mid x)` of one or more files, by log-sum-exp.

Every check computes the right answer with `lecture_utils.discrete.MultinomialClassifier`
(and `lecture_utils.decision.log_posteriors`) from the same inputs the student used, and
recognises typical mistakes by recomputing them the way a student making them would.
An answer rounded before it is checked is recognised from its own decimals
(`checking.check_answer`); no message says how close an answer is.
"""

import numpy as np
from scipy.special import gammaln, logsumexp

from ..decision import log_posteriors
from ..discrete import MultinomialClassifier
from .checking import (
    Mistake,
    NotYetRight,
    call_student_function,
    check_answer,
    class_labels,
    data_matrix,
    data_vector,
    pseudo_count,
    student_answer,
)


def _counts(X, name="X", training=None):
    """``X`` as symbol counts, one row per file (the symbols of ``training``, if given)."""
    return data_matrix(X, name, rows="files", columns="symbols", min_columns=2, nonnegative=True,
                       n_columns=None if training is None else training.shape[1],
                       same_as=None if training is None else "X_train")


def _training(X, y):
    """Counts and labels that belong together, or a ValueError that says what is wrong."""
    X = _counts(X)
    return X, class_labels(y, X.shape[0])


def _two_classes(y, numerator):
    """The model's class order and the position of ``numerator`` in it."""
    classes = np.unique(y).tolist()
    if len(classes) != 2:
        raise ValueError(f"the log-likelihood ratio compares two classes; y has {classes}.")
    if numerator not in classes:
        raise ValueError(f"numerator={numerator!r} is not one of the classes {classes}.")
    return classes, classes.index(numerator)


def _log(values):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(values)


def check_ml_frequencies(theta, X, y):
    r"""Check the maximum-likelihood symbol probabilities of every class.

    .. math::

        \theta_{k,j} = \frac{N_{k,j}}{N_k}, \qquad
        N_{k,j} = \sum_{n:\, y_n = k} x_{n,j}, \qquad N_k = \sum_j N_{k,j},

    one row per class in sorted order (``MultinomialClassifier().classes_``), one
    column per symbol: shape (K, D), every row summing to one. Compared with
    relative tolerance `checking.RTOL`.

    Recognised mistakes: normalised over the classes instead of the symbols;
    the counts themselves; the transpose; the classes in the other order;
    divided by the grand total of both classes; divided by the number of files;
    the average of each file's own frequencies; one row per file (not pooled);
    log-probabilities; a pseudo-count of 1 (scikit-learn's default).

    Parameters
    ----------
    theta : array-like of shape (K, D), or str
        The student's answer, or the name of the notebook variable that holds it.
    X : array-like of shape (n_files, D)
        Training counts, one row per file.
    y : array-like of shape (n_files,)
        The class of every file.

    Raises
    ------
    NotYetRight
        If ``theta`` does not match; the message names a recognised mistake.
    ValueError
        If ``X`` and ``y`` are not counts and labels that belong together.

    Examples
    --------
    >>> check_ml_frequencies([[4 / 6, 2 / 6], [0.0, 1.0]], [[3, 1], [1, 1], [0, 4]],
    ...                      ["C", "C", "Python"])
    Right: `theta` matches (relative tolerance 1e-05).
    """
    X, y = _training(X, y)
    theta, name = student_answer(theta, "theta")
    model = MultinomialClassifier().fit(X, y)
    expected, counts, files = np.exp(model.feature_log_prob_), model.feature_count_, \
        model.class_count_
    with np.errstate(divide="ignore", invalid="ignore"):
        each_file = X / X.sum(axis=1, keepdims=True)
        per_file = np.array([np.mean(each_file[y == k], axis=0) for k in np.unique(y)])
        wrong_axis = counts / counts.sum(axis=0, keepdims=True)
    laplace = np.exp(MultinomialClassifier(alpha=1.0).fit(X, y).feature_log_prob_)
    mistakes = [
        Mistake("normalised over the classes (each symbol's column sums to one) instead of "
                "over the symbols",
                "θ_k is a distribution over the D symbols of class k: divide each row by its "
                "own total N_k (sum over axis=1, with keepdims=True).", wrong_axis),
        Mistake("gave the counts N_k,j, not frequencies",
                "Divide the counts of each class by that class's total number of symbols N_k.",
                counts),
        Mistake.transposed(expected),
        *Mistake.class_orders(expected, labels="classes_ (sorted: C, then Python)"),
        Mistake("divided by the total number of symbols of all classes together",
                "θ_k,j = P(symbol j | class k) is conditional on the class: divide by the total "
                "N_k of class k only, so that each row sums to one.", counts / counts.sum()),
        Mistake("divided by the number of files of each class (a mean count per file)",
                "The model's samples are symbols, not files: divide by the number of symbols "
                "N_k of the class.", counts / files[:, None]),
        Mistake("averaged the frequencies of each file separately",
                "Maximum likelihood pools the counts of all files of a class first, then "
                "divides once by N_k: a long file weighs more than a short one.", per_file),
        Mistake("gave one row per file (each file's own frequencies), not one per class",
                "Pool the files of each class first: N_k,j adds the counts of symbol j over "
                "all files with y == k; theta has one row per class.", each_file),
        Mistake.log_not_probability(expected),
        Mistake("added a pseudo-count of 1 to every count (Laplace smoothing, the default of "
                "scikit-learn's MultinomialNB)",
                "Exercise 1 asks for the maximum-likelihood estimate: no pseudo-count, "
                "θ_k,j = N_k,j / N_k.", laplace),
    ]
    check_answer(theta, expected, name=name, mistakes=mistakes, axes=("class", "symbol"),
                 counts={"file": len(X)})


def _weights(X, y, alpha, numerator):
    """:math:`b` with ``numerator`` on top, and the pieces the mistakes need."""
    classes, top = _two_classes(y, numerator)
    model = MultinomialClassifier(alpha=alpha).fit(X, y)
    flip = 1.0 if top == 1 else -1.0
    return model, flip * model.llr_coefficients().b, top


def _weight_mistakes(X, y, alpha, numerator):
    """The model, the expected :math:`b`, the position of ``numerator``, the mistakes of
    :math:`b`, and (a sublist of those) the ways of getting the pseudo-count wrong."""
    model, expected, top = _weights(X, y, alpha, numerator)
    counts = model.feature_count_[[top, 1 - top]]   # the numerator's row first
    totals, D = counts.sum(axis=1, keepdims=True), counts.shape[1]

    def log_ratio(numerators, denominators):
        logs = _log(numerators / denominators)
        return logs[0] - logs[1]

    mistakes = [
        Mistake.sign_flipped(expected, "computed the ratio the wrong way round (the other class "
                             "on top)", f"Put {numerator} on top: b_j = log θ_{numerator},j − log "
                             f"θ_other,j, so that b_j > 0 speaks for {numerator}."),
        Mistake.log10_not_ln(expected),
        Mistake("gave the ratio θ_C,j / θ_Py,j, not its logarithm",
                "The llr is a sum of logs: take np.log of the ratio (or subtract the logs).",
                np.exp(expected)),
        Mistake("took the log of the ratio of the counts N_C,j / N_Py,j, without dividing by "
                "the class totals (the slip in the lecture's printed b)",
                "First turn counts into frequencies θ_k,j (divide by each class's total), then "
                "take the log-ratio.", log_ratio(counts + alpha, 1.0)),
    ]
    # the ways of getting the pseudo-count wrong: θ = (N_k,j + added) / (N_k + grown)
    smoothing = [] if alpha == 0 else [
        Mistake(diagnosis, fix, log_ratio(counts + added, totals + grown))
        for diagnosis, fix, added, grown in [
            ("ignored the pseudo-count α (this is the maximum-likelihood b)", "Add α to every "
             "count N_k,j and αD to every total N_k before taking frequencies.", 0, 0),
            ("added the pseudo-counts to the class totals N_k only", "Add α to every count "
             "N_k,j as well; the totals then grow by αD.", 0, alpha * D),
            ("added α to every count N_k,j but left the totals N_k as they were", "The smoothed "
             "counts of a class add up to N_k + αD: divide by that, so that each row of θ still "
             "sums to one.", alpha, 0),
            ("added α to every count N_k,j but only one α to the total N_k", "Each of the D "
             "symbols gets α, so the total grows by αD: divide by N_k + αD.", alpha, alpha)]]
    return model, expected, top, mistakes + smoothing, smoothing


def check_llr_weights(b, X, y, alpha=0.0, numerator="C"):
    r"""Check the weights of the linear log-likelihood ratio :math:`\mathrm{llr}(x) = x^T b`.

    .. math::

        b_j = \log \theta_{\text{num},j} - \log \theta_{\text{den},j}, \qquad
        \theta_{k,j} = \frac{N_{k,j} + \alpha}{N_k + \alpha D},

    natural logs, the class ``numerator`` (C) on top: shape (D,). Compared with
    relative tolerance `checking.RTOL`.

    Recognised mistakes: the ratio the wrong way round; base-10 logs; the ratio
    instead of its log; the log-ratio of the counts without dividing by the
    class totals (the lecture's printed slip); and, when ``alpha > 0``, the
    pseudo-count ignored, added to the totals :math:`N_k` only, or added to the
    counts with the totals left as they were or grown by :math:`\alpha` instead of
    :math:`\alpha D`.

    Parameters
    ----------
    b : array-like of shape (D,), or str
        The student's answer, or the name of the notebook variable that holds it.
    X : array-like of shape (n_files, D)
        Training counts.
    y : array-like of shape (n_files,)
        Two classes.
    alpha : float, default=0.0
        The pseudo-count the exercise asks for.
    numerator : label, default="C"
        The class on top of the ratio.

    Raises
    ------
    NotYetRight
        If ``b`` does not match.
    ValueError
        If the data, ``alpha`` or ``numerator`` are not valid.

    Examples
    --------
    >>> check_llr_weights([np.log(3), -np.log(3)], [[3, 1], [1, 3]], ["C", "Python"])
    Right: `b` matches (relative tolerance 1e-05).
    """
    X, y = _training(X, y)
    alpha = pseudo_count(alpha)
    b, name = student_answer(b, "b")
    _, expected, _, mistakes, _ = _weight_mistakes(X, y, alpha, numerator)
    check_answer(b, expected, name=name, mistakes=mistakes, axes=("symbol",),
                 counts={"class": 2, "file": len(X)})


def check_llr_of_script(llr_x, x, X, y, alpha=0.0, numerator="C", *, name="llr_x"):
    r"""Check the log-likelihood ratio of one script, :math:`x^T b`.

    .. math::

        \mathrm{llr}(x) = \log P(x \mid \text{num}) - \log P(x \mid \text{den})
            = \sum_j x_j b_j,

    with :math:`b` as in `check_llr_weights` (pseudo-count ``alpha``, ``numerator``
    on top): one number, computed here from `MultinomialClassifier.log_likelihood`.
    Compared with relative tolerance `checking.RTOL`.

    Recognised mistakes: the wrong way round; base-10 logs; the likelihood ratio
    instead of its log; the posterior :math:`\sigma(\mathrm{llr})` instead of the
    llr; the weights added up without the counts; the products :math:`x_j b_j` not
    added up; an array of one entry instead of a number; the log prior odds added;
    the count-ratio weights of the lecture's printed slip; when ``alpha > 0``, the
    weights of every pseudo-count mistake of `check_llr_weights`.

    Parameters
    ----------
    llr_x : float or str
        The student's answer, or the name of the notebook variable that holds it.
    x : array-like of shape (D,)
        The script's counts.
    X, y, alpha, numerator
        As for `check_llr_weights`.
    name : str, default="llr_x"
        The name to show for an answer passed as an object (a name passed as ``llr_x``
        is shown as itself).

    Raises
    ------
    NotYetRight
        If ``llr_x`` does not match.
    ValueError
        If the counts or labels, ``alpha``, ``numerator`` or the script's counts ``x`` are
        not valid (``x`` needs one count per symbol of ``X``).

    Examples
    --------
    >>> check_llr_of_script(2 * np.log(3), [3, 1], [[3, 1], [1, 3]], ["C", "Python"])
    Right: `llr_x` matches (relative tolerance 1e-05).
    """
    X, y = _training(X, y)
    x = data_vector(x, "x", length=X.shape[1], what="symbol counts", nonnegative=True)
    alpha = pseudo_count(alpha)
    llr_x, name = student_answer(llr_x, name)
    model, weights, top, weight_mistakes, smoothing = _weight_mistakes(X, y, alpha, numerator)
    log_lik = model.log_likelihood(x[None, :])[0]
    expected = log_lik[top] - log_lik[1 - top]
    with np.errstate(invalid="ignore"):
        by_weights = {m.diagnosis: float(x @ np.asarray(m.answer)) for m in weight_mistakes}
        smoothed_llr = [Mistake(m.diagnosis, m.fix, x @ np.asarray(m.answer)) for m in smoothing]
    count_ratio = next(v for d, v in by_weights.items() if "ratio of the counts" in d)
    priors = model.priors_[[top, 1 - top]]
    mistakes = [
        Mistake.sign_flipped(expected, "computed the ratio the wrong way round (the other class "
                             "on top)", f"Put {numerator} on top: llr(x) = log P(x | "
                             f"{numerator}) − log P(x | other), positive when the script looks "
                             f"like {numerator}."),
        Mistake.log10_not_ln(expected),
        Mistake("gave the likelihood ratio, not its logarithm",
                "llr(x) is the log of the ratio: the sum Σ_j x_j b_j, with no exp.",
                np.exp(expected)),
        Mistake(f"gave the posterior P({numerator} | x) = σ(llr(x)) under uniform priors, "
                "not the llr",
                "The llr is the log-likelihood ratio itself: Σ_j x_j b_j, not squashed into "
                "(0, 1).", 1.0 / (1.0 + np.exp(-expected))),
        Mistake("added up the weights b_j without multiplying each by its count x_j",
                "Every occurrence of symbol j adds b_j: weight b_j by the count x_j (x @ b).",
                weights.sum()),
        Mistake("multiplied each count x_j by its weight b_j but did not add the products up",
                "The llr is one number, the sum Σ_j x_j b_j: use x @ b (or np.sum(x * b)).",
                x * weights),
        Mistake("gave an array with one entry, not a number",
                "Give one number, e.g. float(x @ b): a 1-D count vector x gives x @ b as a "
                "number already; a slice like X[1:2] keeps a dimension.", np.array([expected])),
        Mistake("added the log prior odds (that gives the log posterior odds, not the llr)",
                "The llr compares likelihoods only; leave the priors out.",
                expected + np.log(priors[0] / priors[1])),
        Mistake("used the log-ratios of the counts N_C,j / N_Py,j as weights (the slip in the "
                "lecture's printed b)",
                "Weights are log-ratios of frequencies θ_k,j, which divide by each class's "
                "total.", count_ratio),
    ]
    mistakes += smoothed_llr
    check_answer(llr_x, expected, name=name, mistakes=mistakes)


def _student_rows(function, X_test, theta, name):
    """``function(x, theta)`` for every row ``x``, as one (n, K) array, or a NotYetRight."""
    rows = []
    for x in X_test:
        value = call_student_function(function, x, theta, name=name)
        try:
            value = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            raise NotYetRight(f"`{name}` should return an array of K numbers, but it returned "
                              f"a {type(value).__name__}.") from None
        if value.shape != (theta.shape[0],):
            raise NotYetRight(f"`{name}` returned shape {value.shape}; it should return one "
                              f"log-likelihood per class, shape ({theta.shape[0]},).")
        rows.append(value)
    return np.array(rows)


def check_multinomial_log_likelihood(log_likelihood, X_train, y_train, X_test):
    r"""Check a function ``log_likelihood(x, theta)`` of the multinomial log-probability.

    The function gets one count vector ``x`` (shape (D,)) and the probabilities
    ``theta`` (shape (K, D), the ML estimates from ``X_train``, ``y_train``) and
    must return, for every class, with the multinomial coefficient:

    .. math::

        \log P(x \mid k) = \log s! - \sum_j \log x_j! + \sum_j x_j \log \theta_{k,j},
        \qquad s = \sum_j x_j,

    shape (K,). It is called on every row of ``X_test`` and compared with
    `MultinomialClassifier.log_likelihood`, relative tolerance `checking.RTOL`.

    Recognised mistakes: the coefficient left out; the coefficient subtracted;
    :math:`\log s!` without the :math:`\log x_j!`; ``gammaln(n)`` (that is
    :math:`\log (n-1)!`) for :math:`\log n!`; base-10 logs (everywhere, or for
    :math:`\theta` only); the log prior :math:`\log \pi_k` added; a probability
    instead of its log (with or without the coefficient: it underflows to 0 for
    long files); the log of such an underflowed probability (:math:`-\infty`);
    A function that returns None is told to return its result.

    Parameters
    ----------
    log_likelihood : callable or str
        The student's function ``log_likelihood(x, theta)``, or its name.
    X_train : array-like of shape (n_files, D)
    y_train : array-like of shape (n_files,)
    X_test : array-like of shape (n_test, D)
        The count vectors to call it on.

    Raises
    ------
    NotYetRight
        If the function fails or returns other values.
    ValueError
        If the data are not valid counts and labels.

    Examples
    --------
    >>> from scipy.stats import multinomial
    >>> def log_likelihood(x, theta):
    ...     return multinomial.logpmf(x, x.sum(), theta)
    >>> check_multinomial_log_likelihood(log_likelihood, [[3, 1], [1, 3]], ["C", "Python"],
    ...                                  [[2, 5], [0, 1]])
    Right: `log_likelihood(x, theta)` matches (relative tolerance 1e-05).
    """
    X_train, y_train = _training(X_train, y_train)
    X_test = _counts(X_test, "X_test", X_train)
    log_likelihood, function = student_answer(log_likelihood, "log_likelihood", function=True)
    model = MultinomialClassifier().fit(X_train, y_train)
    theta = np.exp(model.feature_log_prob_)
    name = f"{function}(x, theta)"
    answer = _student_rows(log_likelihood, X_test, theta, name)
    expected = model.log_likelihood(X_test)
    coefficient = (gammaln(X_test.sum(axis=1) + 1.0) - gammaln(X_test + 1.0).sum(axis=1))[:, None]
    without = expected - coefficient                     # Σ_j x_j log θ_k,j
    with np.errstate(divide="ignore", invalid="ignore"):
        off_by_one = (gammaln(X_test.sum(axis=1)) - gammaln(X_test).sum(axis=1))[:, None] + without
        log_of_product = np.log(np.exp(without))           # −∞ where the product underflowed
        log_of_probability = np.log(np.exp(expected))
    mistakes = [
        Mistake("left out the multinomial coefficient",
                "The exercise asks for log P(x | k) with the coefficient: add "
                "log s! − Σ_j log x_j! (scipy.special.gammaln(n + 1) is log n!).", without),
        Mistake("subtracted the log multinomial coefficient instead of adding it",
                "log (s! / ∏ x_j!) is added: + log s! − Σ_j log x_j!.", without - coefficient),
        Mistake("used log s! alone as the coefficient (the division by ∏_j x_j! is missing)",
                "The coefficient is s! / ∏_j x_j!: subtract Σ_j log x_j! too.",
                without + gammaln(X_test.sum(axis=1) + 1.0)[:, None]),
        Mistake("used gammaln(n), which is log (n − 1)!, for log n!",
                "gammaln(n) = log Γ(n) = log (n − 1)!: use gammaln(s + 1) and gammaln(x + 1) "
                "(gammaln(0) is +∞, which is where the infinities come from).", off_by_one),
        Mistake.log10_not_ln(expected),
        Mistake("used base-10 logarithms for θ (np.log10) next to the natural logs of gammaln",
                "The lectures' logs are natural logs, as gammaln's are: use np.log (or xlogy).",
                coefficient + without / np.log(10)),
        Mistake("added the log prior log π_k: that is the log joint g_k, not the likelihood",
                "log P(x | k) has no prior in it; add log π_k later, for the posterior.",
                expected + _log(model.priors_)),
        Mistake.probability_not_log(expected),
        Mistake("returned the product ∏_j θ_k,j^x_j, a probability without the coefficient (for a "
                "long file it underflows to 0)",
                "Work in log space: Σ_j x_j log θ_k,j, plus the log coefficient.", np.exp(without)),
        Mistake("took the log of the product ∏_j θ_k,j^x_j after computing it, so a long "
                "file's product had already underflowed to 0 (log 0 = −∞)",
                "Take logs first: Σ_j x_j log θ_k,j is a sum of moderate numbers; then add "
                "the log coefficient.", log_of_product),
        Mistake("took the log of the probability after computing it, so a long file's "
                "probability had already underflowed to 0 (log 0 = −∞)",
                "Take logs first: log s! − Σ_j log x_j! + Σ_j x_j log θ_k,j, never the "
                "probability itself.", log_of_probability),
    ]
    check_answer(answer, expected, name=name, mistakes=mistakes, axes=("file", "class"))


def check_log_posterior(log_post, x, X_train, y_train, priors=None):
    r"""Check the log posteriors of one file, or of several, normalised with log-sum-exp.

    .. math::

        g_k = \log P(x \mid k) + \log \pi_k, \qquad
        \log P(k \mid x) = g_k - \Big(g_{\max} + \log \sum_{k'} e^{g_{k'} - g_{\max}}\Big),

    with the ML model of ``X_train``, ``y_train`` and priors :math:`\pi_k`
    (``priors``, or the classes' shares of the training files when None), classes
    in sorted order: shape (K,) for one file ``x`` of shape (D,), shape (n, K) for
    n files ``x`` of shape (n, D), each row normalised with its own :math:`g_{\max}`.
    Compared with relative tolerance `checking.RTOL` (and an absolute `checking.ATOL`, so a log
    posterior near 0 needs about nine decimals).

    Recognised mistakes: the prior left out (uniform priors); the priors in the
    other order; :math:`\pi_k` added instead of :math:`\log \pi_k`; the log joint
    :math:`g_k` not normalised; :math:`g_k - g_{\max}` without the
    :math:`\log \sum_k e^{g_k - g_{\max}}` (right only for a file whose posterior is
    all on one class); posteriors instead of log posteriors;
    :math:`\log \sum_k e^{g_k}` computed so that every :math:`e^{g_k}` of a long
    file underflows to 0 (directly, or with one :math:`g_{\max}` for all files);
    for several files, normalised over the files or over all entries instead of
    over the classes; base-10 logs. A NaN (the plain product's 0/0) gets
    the NaN message.

    Parameters
    ----------
    log_post : array-like of shape (K,) or (n, K), or str
        The student's answer, or the name of the notebook variable that holds it.
    x : array-like of shape (D,) or (n, D)
        The counts of the file, or of the files, one per row.
    X_train : array-like of shape (n_files, D)
    y_train : array-like of shape (n_files,)
    priors : array-like of shape (K,), default=None

    Raises
    ------
    NotYetRight
        If ``log_post`` does not match.
    ValueError
        If the data or priors are not valid.

    Examples
    --------
    >>> check_log_posterior(np.log([[0.9, 0.1], [0.5, 0.5]]), [[2, 0], [1, 1]],
    ...                     [[3, 1], [1, 3]], ["C", "Python"])
    Right: `log_post` matches (relative tolerance 1e-05).
    """
    X_train, y_train = _training(X_train, y_train)
    log_post, name = student_answer(log_post, "log_post")
    one_file = np.ndim(x) == 1
    X = _counts(np.reshape(x, (1, -1)) if one_file else x, "x", X_train)
    model = MultinomialClassifier(priors=priors).fit(X_train, y_train)
    pi = model.priors_
    log_lik = model.log_likelihood(X)
    K = pi.size

    def normalised(g):
        return g - logsumexp(g, axis=1, keepdims=True)

    expected = log_posteriors(log_lik, pi)
    joint = log_lik + _log(pi)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        direct = joint - np.log(np.exp(joint).sum(axis=1, keepdims=True))
        shared = joint.max()
        one_max = joint - (shared + np.log(np.exp(joint - shared).sum(axis=1, keepdims=True)))
    underflow = ("computed log Σ_k exp(g_k) so that every exp(g_k) of a long file underflowed "
                 "to 0 (directly, or after subtracting one maximum shared by all files): its log "
                 "is −∞, and g_k − (−∞) = +∞")
    underflow_fix = ("Subtract each file's own largest g_k before exponentiating (log-sum-exp): "
                     "g_max + log Σ_k exp(g_k − g_max), with the max and the sum over the classes "
                     "(axis=1, keepdims=True).")
    mistakes = [
        Mistake("left out the prior (these are the posteriors under uniform priors)",
                "Add log π_k to every log-likelihood before normalising.",
                log_posteriors(log_lik, np.full(K, 1.0 / K))),
        Mistake("added the prior π_k itself, not its log",
                "Bayes' rule multiplies by π_k, so in log space add log π_k.",
                normalised(log_lik + pi)),
        Mistake("stopped at the log joint g_k = log P(x | k) + log π_k, without normalising",
                "Subtract log Σ_k exp(g_k), computed with log-sum-exp, from every g_k.", joint),
        Mistake("subtracted g_max but left out log Σ_k exp(g_k − g_max); that is the log "
                "posterior only when one class has practically all the probability",
                "Subtract the whole log-sum-exp, g_max + log Σ_k exp(g_k − g_max), so that "
                "the posteriors of every file add up to one.",
                joint - joint.max(axis=1, keepdims=True)),
        Mistake.probability_not_log(expected),
        Mistake(underflow, underflow_fix, direct),
        Mistake(underflow, underflow_fix, one_max),
        Mistake.log10_not_ln(expected),
    ]
    if X.shape[0] > 1:
        mistakes += [
            Mistake("normalised over the files (axis=0) instead of over the classes",
                    "Each file's posteriors add up to one over the K classes: take the max and "
                    "the log-sum-exp along axis=1, with keepdims=True.",
                    joint - logsumexp(joint, axis=0, keepdims=True)),
            Mistake("normalised over all entries at once (no axis)",
                    "Each file's posteriors add up to one over the K classes: take the max and the "
                    "log-sum-exp along axis=1, with keepdims=True.", joint - logsumexp(joint)),
        ]
    if not np.allclose(pi, pi[::-1]):
        mistakes.insert(1, Mistake("put the priors in the other order",
                                   "The priors follow the sorted classes, as in `classes_`.",
                                   log_posteriors(log_lik, pi[::-1])))
    if one_file:
        expected = expected[0]
        mistakes = [Mistake(m.diagnosis, m.fix, np.asarray(m.answer)[0]) for m in mistakes]
    check_answer(log_post, expected, name=name, mistakes=mistakes,
                 axes=("class",) if one_file else ("file", "class"))
