r"""Checks for ``notebooks/exercises/06_mnist_pca_gaussians_exercises.ipynb``.

The exercises follow notebook 06 (Gaussian classifiers on MNIST after PCA) on a
subset of the images. One check per code exercise:

- `check_parameter_counts`: the student's function counting the free
  parameters of the four covariance models (means and covariances; the priors
  are not counted, as in `lecture_utils.gaussian.parameter_count`).
- `check_pixel_probabilities`: the Bernoulli naive Bayes estimates
  :math:`p_{kd}` with a pseudo-count, shape (K, D).
- `check_bernoulli_log_likelihood`: the log-likelihoods
  :math:`\log P(x_n \mid k)` of binary images, shape (N, K).
- `check_pca_test_error`: the test error rate of a Gaussian classifier after
  PCA, as a fraction.

Each compares the answer with the value computed by the tested models of
`lecture_utils` from the same inputs, and names the typical mistakes it
recognises (see each docstring).
"""

import hashlib

import numpy as np
from scipy.special import log_softmax

from ..decision import error_rate
from ..discrete import CategoricalClassifier
from ..gaussian import COVARIANCE_TYPES, GaussianClassifier, parameter_count
from ..projections import PCA
from .checking import (
    Mistake,
    as_numbers,
    call_student_function,
    class_labels,
    compare,
    data_matrix,
    matches,
    pseudo_count,
    report,
    student_answer,
)

#: The (D, K) pairs at which `check_parameter_counts` calls the student's function.
PARAMETER_CASES = ((2, 3), (9, 10), (50, 10), (100, 10), (784, 10))


def _check_cases(cases):
    cases = list(cases)
    if not cases:
        raise ValueError("cases must list at least one (D, K) pair, e.g. [(50, 10)].")
    for case in cases:
        if (len(case) != 2 or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                                      and v >= 1 for v in case)):
            raise ValueError(f"each case must be a pair (D, K) of positive integers; got {case!r}.")
    return [(int(d), int(k)) for d, k in cases]


def _images(X, name, training=None, *, columns="pixels", binary=False):
    """Images as rows (binary ones for the Bernoulli model), with the pixels of ``training``."""
    return data_matrix(X, name, rows="images", columns=columns, binary=binary,
                       n_columns=None if training is None else training.shape[1],
                       same_as=None if training is None else name.replace("test", "train"))


# ------------------------------------------------------------------ exercise 1
def check_parameter_counts(n_free_parameters, cases=PARAMETER_CASES):
    r"""Check a function ``n_free_parameters(covariance, D, K)`` of the four models.

    The right count is that of `lecture_utils.gaussian.parameter_count`:
    :math:`KD` means plus the covariances,

    ==============  ===========================
    ``full``        :math:`K \cdot D(D+1)/2`
    ``diag``        :math:`K \cdot D`
    ``tied``        :math:`D(D+1)/2`
    ``tied_diag``   :math:`D`
    ==============  ===========================

    The :math:`K - 1` free priors are not counted (they are the same for every
    model). The function is called for each model at each ``(D, K)`` of ``cases``;
    the models are checked in the order above, and the first wrong one is
    reported. Counts are whole numbers: the comparison is exact.

    Recognised mistakes (per model): a symmetric covariance counted as
    :math:`D^2` entries, or as :math:`D(D-1)/2` (diagonal forgotten; for the
    full model this gives the same count as forgetting the means, and the
    message names both); a diagonal model counted with a full covariance
    (e.g. ``"tied_diag"`` caught by a test for ``"tied"``); a tied
    covariance counted once per class; the means forgotten, or counted once
    instead of once per class; the priors counted (:math:`K - 1` or :math:`K`);
    the arguments taken in the order ``(covariance, K, D)``. A count that
    matches none of these is reported with the ``(D, K)`` it was asked for and
    the function's own counts, so that one case can be worked out by hand.

    Parameters
    ----------
    n_free_parameters : callable or str
        The student's function, ``n_free_parameters(covariance, D, K) -> int``, or its
        name.
    cases : sequence of (int, int), default=PARAMETER_CASES
        The ``(D, K)`` pairs to try.

    Raises
    ------
    NotYetRight
        The function fails, returns None, or gives a wrong count.
    ValueError
        ``cases`` is not a list of pairs of positive integers.

    Examples
    --------
    >>> def n_free_parameters(covariance, D, K):
    ...     per_matrix = D if covariance.endswith("diag") else D * (D + 1) // 2
    ...     return K * D + (per_matrix if covariance.startswith("tied") else K * per_matrix)
    >>> check_parameter_counts(n_free_parameters)
    Right: `n_free_parameters` matches exactly.
    """
    cases = _check_cases(cases)
    n_free_parameters, function = student_answer(n_free_parameters, "n_free_parameters",
                                                 function=True)
    dims = np.array([d for d, _ in cases], dtype=float)
    ks = np.array([k for _, k in cases], dtype=float)
    answers, expected = [], []
    for covariance in COVARIANCE_TYPES:
        row = []
        for d, k in cases:
            value = call_student_function(n_free_parameters, covariance, d, k, name=function)
            call = f'`{function}("{covariance}", {d}, {k})`'
            if isinstance(value, (bool, np.bool_)) or not (
                    isinstance(value, (int, float, np.integer, np.floating))
                    or (isinstance(value, np.ndarray) and value.ndim == 0)):
                report(function, f"{call} returned a value of type {type(value).__name__}; it "
                       "should return one number, the count (an int).")
            row.append(value)
        answers.append(row)
        expected.append([parameter_count(covariance, d, k) for d, k in cases])
    answers, expected = np.asarray(answers, dtype=float), np.asarray(expected, dtype=float)
    problem = None
    for i, covariance in enumerate(COVARIANCE_TYPES):   # the first wrong model is reported
        if matches(answers[i], expected[i], rtol=0, atol=0):
            continue
        name = f'{function}("{covariance}", D, K)'

        def explain(counts, name=name, wrong=answers[i] != expected[i]):
            return None if not np.all(np.isfinite(counts)) else (
                f"`{name}` is not yet right: it returned " + ", ".join(f"{v:.10g}" for v in counts)
                + " for (D, K) = " + ", ".join(f"({d}, {k})" for d, k in cases) + f"; "
                f"{int(wrong.sum())} of these {wrong.size} counts are wrong. It matches none of "
                f"the usual mistakes: count the case (D, K) = {cases[0]} by hand (the means, "
                "then the free entries of each covariance matrix) and compare.")

        problem = compare(answers[i], expected[i], name=name, rtol=0, atol=0, explain=explain,
                          mistakes=_parameter_mistakes(covariance, dims, ks, expected[i]))
        break
    report(function, problem, exact=True)


def _parameter_mistakes(covariance, D, K, expected):
    """The counts a student gets for one model with each typical mistake."""
    means = K * D
    covariances = expected - means
    diag = covariance.endswith("diag")
    tied = covariance.startswith("tied")
    mistakes = []
    if not diag:
        per_class = 1 if tied else K
        mistakes += [
            Mistake("counted all D^2 entries of the covariance matrix",
                    "A covariance matrix is symmetric: the entries below the diagonal repeat those "
                    "above, so only D(D+1)/2 of them are free.", means + per_class * D**2),
            Mistake("left out the D variances on the diagonal (D(D-1)/2 entries per matrix)",
                    "The free entries of a symmetric matrix are those on AND above the diagonal.",
                    means + per_class * D * (D - 1) / 2),
        ]
        if not tied:  # K D(D+1)/2 = K D + K D(D-1)/2: the two mistakes give one count
            mistakes[-1] = Mistake(
                "forgot the class means, or left out the D variances on the diagonal (for the "
                "full model these two mistakes give the same count)",
                "Count one mean vector of D entries per class, and the entries on AND above "
                "the diagonal of each covariance matrix.",
                means + per_class * D * (D - 1) / 2)
    else:
        mistakes.append(Mistake(
            f"counted a full covariance matrix (D(D+1)/2 entries) for the diagonal model "
            f'"{covariance}"',
            "A diagonal covariance has only its D variances free. If your function tests the "
            'name with `in` (e.g. `"tied" in covariance`), test for "diag" first, or compare '
            "the whole name with ==.",
            means + (1 if tied else K) * D * (D + 1) / 2))
    if tied:
        mistakes.append(Mistake("counted the shared covariance once per class",
                                "In a tied model all K classes share ONE covariance matrix: count "
                                "it once.", means + K * covariances))
    mistakes += [
        Mistake("forgot the class means",
                "Every model also estimates one mean vector of D entries per class.", covariances),
        Mistake("counted one mean vector for all classes",
                "Each of the K classes has its own mean vector of D entries.", D + covariances),
        Mistake("counted the K - 1 free priors",
                "The convention here (as in lecture_utils.gaussian.parameter_count) counts "
                "the means and covariances only: the priors are the same for every model.",
                expected + K - 1),
        Mistake("counted K priors",
                "The priors are not counted here (and were they counted, only K - 1 would be free, "
                "since they sum to one).", expected + K),
        Mistake("took the arguments in the order (covariance, K, D)",
                "The check calls `n_free_parameters(covariance, D, K)`: features D second, "
                "classes K third, as in the exercise's `def` line.",
                np.array([parameter_count(covariance, int(k), int(d))
                          for d, k in zip(D, K, strict=True)], dtype=float)),
    ]
    return mistakes


# ------------------------------------------------------------------ exercise 2
#: The last fit of `_bernoulli_counts`, keyed by a digest of its data: the two Bernoulli
#: checks of a notebook get the same training images, and the fit takes most of their time.
_LAST_BERNOULLI_FIT = {}


def _bernoulli_counts(B_train, y_train, alpha):
    """Fitted two-category naive Bayes, N_kd (inked counts) and N_k, via CategoricalClassifier."""
    labels = y_train if y_train.dtype.kind in "biuf" else y_train.astype(str)  # no pointers
    digest = hashlib.sha1(np.packbits(B_train.astype(bool)).tobytes())
    digest.update(np.ascontiguousarray(labels).tobytes())
    key = (B_train.shape, y_train.dtype.str, float(alpha), digest.hexdigest())
    if key not in _LAST_BERNOULLI_FIT:
        model = CategoricalClassifier(alpha=alpha, categories=[[0.0, 1.0]] * B_train.shape[1])
        model.fit(B_train, y_train)
        inked = np.stack([counts[:, 1] for counts in model.category_count_], axis=1)
        _LAST_BERNOULLI_FIT.clear()
        _LAST_BERNOULLI_FIT[key] = model, inked, model.class_count_.astype(float)[:, None]
    return _LAST_BERNOULLI_FIT[key]


def _wrong_probabilities(inked, n_k, alpha):
    """The estimates p_kd of typical mistakes in Exercise 2 (a): (diagnosis, fix, p)."""
    n_pixels = inked.shape[1]
    return [
        ("added the pseudo-count to the total only once (N_k + alpha)",
         "A pixel has two values, 0 and 1, and each gets the pseudo-count: the total "
         "grows by 2 alpha.",
         (inked + alpha) / (n_k + alpha)),
        ("divided by the number of all training images N instead of the digit's N_k",
         "p_kd is a frequency within digit k: divide by N_k + 2 alpha, the images of that "
         "digit (plus the pseudo-counts).",
         (inked + alpha) / (n_k.sum() + 2 * alpha)),
        ("estimated notebook 05's multinomial model: each row sums to one, so p_kd became the "
         "share of digit k's ink that falls on pixel d",
         "Here every pixel is its own coin flip, inked or blank: divide its count by the "
         "number of images of the digit, N_k + 2 alpha, not by the digit's total ink.",
         (inked + alpha) / (inked.sum(axis=1, keepdims=True) + n_pixels * alpha)),
        ("added alpha to the inked count but nothing to the total, (N_kd + alpha) / N_k",
         "Both values of a pixel get alpha pretend images: divide by N_k + 2 alpha.",
         (inked + alpha) / n_k),
        ("estimated one p_d per pixel from all digits together, the same row for every digit",
         "p_kd is estimated within digit k: count the inked images of digit k only, and "
         "divide by the number of images of digit k.",
         np.broadcast_to((inked.sum(axis=0) + alpha) / (n_k.sum() + 2 * alpha),
                         inked.shape)),
    ]


def _pixel_probabilities(model):
    """p_kd = P(x_d = 1 | k) of a CategoricalClassifier fitted with the categories 0 and 1."""
    return np.exp(np.stack([log_p[:, 1] for log_p in model.feature_log_prob_], axis=1))


def check_pixel_probabilities(p, B_train, y_train, alpha=1.0):
    r"""Check the Bernoulli naive Bayes estimates :math:`p_{kd}`, shape (K, D).

    .. math::

        p_{kd} = \frac{N_{kd} + \alpha}{N_k + 2\alpha}

    where :math:`N_{kd}` counts the training images of class :math:`k` whose
    pixel :math:`d` is 1, and :math:`N_k` the training images of class :math:`k`
    (each pixel has two values, so the pseudo-count is added twice to the
    total). This is `lecture_utils.discrete.CategoricalClassifier` with the
    categories 0 and 1, read at category 1. Rows follow the sorted labels.
    Relative tolerance `checking.RTOL`.

    Recognised mistakes: no pseudo-count (:math:`N_{kd}/N_k`); the
    pseudo-count added to the total once (:math:`N_k + \alpha`); the
    pseudo-count added to the total only (:math:`N_{kd}/(N_k + 2\alpha)`), or to
    the count only (:math:`(N_{kd} + \alpha)/N_k`); the probability of a blank
    pixel (:math:`1 - p_{kd}`); all :math:`N` training images in the denominator
    instead of :math:`N_k`; one estimate per pixel from all digits together; the
    multinomial estimate of notebook 05,
    :math:`(N_{kd} + \alpha)/(\sum_{d'} N_{kd'} + D\alpha)`; rows and columns
    swapped; :math:`\log p_{kd}`. Entries outside [0, 1] (grey levels counted
    instead of binary pixels) are told so.

    Parameters
    ----------
    p : array_like of shape (K, D), or str
        The student's estimates, or the name of the notebook variable that holds them.
    B_train : array_like of shape (N, D)
        Binary training images (0 or 1).
    y_train : array_like of shape (N,)
    alpha : float, default=1.0
        The pseudo-count.

    Raises
    ------
    NotYetRight
        ``p`` is not yet right (a recognised mistake is named).
    ValueError
        ``B_train`` is not binary and 2-D, or ``y_train`` does not match it.

    Examples
    --------
    >>> B = np.array([[1, 0], [1, 1], [0, 0]])
    >>> y = np.array([0, 0, 1])
    >>> check_pixel_probabilities([[3 / 4, 2 / 4], [1 / 3, 1 / 3]], B, y)
    Right: `p` matches (relative tolerance 1e-05).
    """
    B_train = _images(B_train, "B_train", binary=True)
    y_train = class_labels(y_train, B_train.shape[0], "y_train", "B_train")
    alpha = pseudo_count(alpha)
    p, name = student_answer(p, "p")
    model, inked, n_k = _bernoulli_counts(B_train, y_train, alpha)
    expected = _pixel_probabilities(model)
    mistakes = [
        Mistake("estimated p_kd without the pseudo-count",
                "Add alpha to the count of inked images and 2 alpha to the class total: without "
                "it, a pixel never inked in a class's training images gets probability 0, and a "
                "test image with ink there is impossible for that class.", inked / n_k),
        *(Mistake(*wrong) for wrong in _wrong_probabilities(inked, n_k, alpha)),
        Mistake("gave the probability of a BLANK pixel, 1 - p_kd",
                "p_kd is the probability that pixel d is inked (x_d = 1): count the ones.",
                1 - expected),
        Mistake("added the pseudo-count to the total only",
                "Add alpha to the count of inked images as well as 2 alpha to the total.",
                inked / (n_k + 2 * alpha)),
        Mistake.transposed(expected),
        Mistake.log_not_probability(expected),
    ]

    def explain(answer):   # probabilities that are not: grey levels counted
        if answer.shape != expected.shape or not np.all(np.isfinite(answer)) or (
                0 <= answer.min() and answer.max() <= 1):
            return None
        extreme = (f"its largest entry is {answer.max():.4g}" if answer.max() > 1
                   else f"its smallest entry is {answer.min():.4g}")
        return (f"`{name}` is not yet right: {extreme}, but a probability lies between 0 and 1. "
                "Count inked pixels (the ones of the binary B_train), not grey levels (X_train), "
                "and divide by the number of images of the digit.")

    report(name, compare(p, expected, name=name, mistakes=mistakes, axes=("digit", "pixel"),
                         counts={"training image": B_train.shape[0]}, explain=explain))


def check_bernoulli_log_likelihood(log_likelihood, B_test, B_train, y_train, alpha=1.0):
    r"""Check the Bernoulli naive Bayes log-likelihoods of test images, shape (N, K).

    .. math::

        \log P(x_n \mid k) = \sum_d x_{nd} \log p_{kd} + (1 - x_{nd}) \log(1 - p_{kd}),
        \qquad p_{kd} = \frac{N_{kd} + \alpha}{N_k + 2\alpha}

    computed by `lecture_utils.discrete.CategoricalClassifier` (categories 0
    and 1). Relative tolerance `checking.RTOL`.

    Recognised mistakes: the :math:`(1 - x) \log(1 - p)` term forgotten;
    :math:`p` and :math:`1 - p` swapped in the formula; the likelihood (a product
    of probabilities) instead of its log, or the log of that product after it
    underflowed; the class prior added (a log joint, with uniform or
    training-frequency priors); normalised over the classes (a log posterior);
    the sign flipped (a negative log-likelihood); base-10 logarithms; averaged over
    the pixels instead of summed; rows and columns swapped; the right formula with
    estimates :math:`p_{kd}` that have one of the mistakes of
    `check_pixel_probabilities`; one row per training image instead of per test
    image. An answer of the right shape with NaN or infinite entries that matches
    none of these is told how to find a probability of exactly 0 or 1, the usual
    cause (no pseudo-count).

    Parameters
    ----------
    log_likelihood : array_like of shape (N, K), or str
        The student's answer, one row per test image, or the name of the notebook
        variable that holds it.
    B_test : array_like of shape (N, D)
        Binary test images.
    B_train : array_like of shape (N_train, D)
        Binary training images.
    y_train : array_like of shape (N_train,)
    alpha : float, default=1.0

    Raises
    ------
    NotYetRight
        The answer is not yet right (a recognised mistake is named).
    ValueError
        The images are not binary or their shapes do not match.

    Examples
    --------
    >>> B = np.array([[1, 0], [1, 1], [0, 0]])
    >>> y = np.array([0, 0, 1])
    >>> p = np.array([[3 / 4, 2 / 4], [1 / 3, 1 / 3]])
    >>> x = np.array([[1, 1]])
    >>> check_bernoulli_log_likelihood(x @ np.log(p.T) + (1 - x) @ np.log(1 - p.T), x, B, y)
    Right: `log_likelihood` matches (relative tolerance 1e-05).
    """
    B_train = _images(B_train, "B_train", binary=True)
    B_test = _images(B_test, "B_test", B_train, binary=True)
    y_train = class_labels(y_train, B_train.shape[0], "y_train", "B_train")
    alpha = pseudo_count(alpha)
    log_likelihood, name = student_answer(log_likelihood, "log_likelihood")
    model, inked, n_k = _bernoulli_counts(B_train, y_train, alpha)
    expected = model.log_likelihood(B_test)
    p = _pixel_probabilities(model)
    answer = as_numbers(log_likelihood)
    if (answer is not None and answer.ndim == 2 and answer.shape[0] == B_train.shape[0]
            != B_test.shape[0]):
        report(name, f"`{name}` has shape {answer.shape}: one row per TRAINING image. The "
               f"exercise asks for the {B_test.shape[0]} test images: use B_test in the formula "
               "(p stays estimated from the training images).")
    frequencies = model.class_count_ / model.class_count_.sum()
    with np.errstate(under="ignore"):
        likelihood = np.exp(expected)
    with np.errstate(divide="ignore"):
        log_of_product = np.log(likelihood)

    posterior = ("normalised over the digits (a log posterior log P(k | x), not the "
                 "log-likelihood)",
                 "Stop at the sum over the pixels: log P(x | k) is not normalised over k "
                 "(and has no prior).")
    with np.errstate(divide="ignore", invalid="ignore"):
        from_wrong_p = [
            Mistake(f"used the right formula, but with a p that is not yet right: you "
                    f"probably {diagnosis}", f"{fix} Correct p (the check of (a) recognises "
                    "this too) and compute the log-likelihoods from it again.",
                    B_test @ np.log(wrong).T + (1 - B_test) @ np.log(1 - wrong).T)
            for diagnosis, fix, wrong in _wrong_probabilities(inked, n_k, alpha)]
    swapped = B_test @ np.log(1 - p).T + (1 - B_test) @ np.log(p).T
    mistakes = [
        Mistake("forgot the (1 - x_d) log(1 - p_kd) term",
                "A blank pixel is evidence too: it has probability 1 - p_kd, so add (1 - x_d) "
                "log(1 - p_kd) for every pixel.", B_test @ np.log(p).T),
        Mistake("swapped p_kd and 1 - p_kd in the formula: x_d log(1 - p_kd) + (1 - x_d) log p_kd",
                "An inked pixel (x_d = 1) has probability p_kd, a blank one 1 - p_kd: the term "
                "with x_d takes log p_kd.", swapped),
        Mistake("used the right formula, but with a p that is not yet right: you probably "
                "gave the probability of a BLANK pixel, 1 - p_kd",
                "If your p passes the check of (a), the swap is in this formula; if not, p "
                "must count the inked pixels (the ones).", swapped),
        Mistake("multiplied probabilities (the likelihood) instead of summing their logs",
                "A product of 784 numbers below one underflows towards 0; sum the log "
                "probabilities instead.", likelihood),
        Mistake("took the log of the product of the probabilities after computing it, so the "
                "product had already underflowed to 0 (log 0 = -inf)",
                "Take logs first: sum x_d log p_kd + (1 - x_d) log(1 - p_kd) over the pixels, "
                "a sum of moderate numbers.", log_of_product),
        Mistake("added the log prior log pi_k (a log joint, not a log-likelihood)",
                "The log-likelihood log P(x | k) has no prior; leave log pi_k out.",
                expected + np.log(1 / expected.shape[1])),
        Mistake("added the log prior log pi_k with training-frequency priors "
                "(a log joint, not a log-likelihood)",
                "The log-likelihood log P(x | k) has no prior; leave log pi_k out.",
                expected + np.log(frequencies)),
        *(Mistake(*posterior, log_softmax(expected + log_prior, axis=1))
          for log_prior in (0.0, np.log(frequencies))),
        Mistake.sign_flipped(expected, "gave the negative log-likelihood (a loss, the "
                             "log-likelihood with its sign flipped)", "log P(x | k) is the log "
                             "of a probability, so it is never positive: drop the minus sign."),
        Mistake.log10_not_ln(expected),
        Mistake("averaged over the pixels instead of summing over them",
                "The pixels are independent given the digit: their log-probabilities add up. "
                "Sum over d, do not take the mean.", expected / B_test.shape[1]),
        Mistake.transposed(expected),
        *(m for m in from_wrong_p if np.all(np.isfinite(m.answer))),
    ]

    def explain(answer):   # NaN or infinities where the usual cause is known
        if answer.shape != expected.shape or np.all(np.isfinite(answer)):
            return None
        bad = int(answer.size - np.count_nonzero(np.isfinite(answer)))
        return (f"`{name}` is not yet right: {bad} of its {answer.size} entries are NaN or "
                "infinite. The usual cause here is a p_kd of exactly 0 or 1, from estimates "
                "without the pseudo-count: log 0 = -inf, and numpy's 0 * log 0 is NaN. Check "
                "that 0 < p.min() and p.max() < 1, and estimate p with the pseudo-count alpha.")

    report(name, compare(log_likelihood, expected, name=name, mistakes=mistakes, explain=explain,
                         axes=("test image", "digit"),
                         counts={"pixel": B_test.shape[1], "training image": B_train.shape[0]}))


# ------------------------------------------------------------------ exercise 3
def check_pca_test_error(test_error, X_train, y_train, X_test, y_test, *, n_components,
                         covariance="full", priors=None, model=None):
    r"""Check the test error rate of a Gaussian classifier after PCA, as a fraction.

    PCA (`lecture_utils.projections.PCA`) with ``n_components`` directions is
    fitted on ``X_train`` only; both sets are projected with it; a
    `lecture_utils.gaussian.GaussianClassifier` with ``covariance`` and
    ``priors`` is fitted on the projected training images; the answer is

    .. math::

        \text{error} = \frac{1}{N_{\text{test}}} \sum_n [\hat k_n \ne k_n]
        \quad \text{over the test images, a number in } [0, 1].

    Relative tolerance `checking.RTOL`.

    Recognised mistakes: the accuracy instead of the error; a percentage
    instead of a fraction (of the error or of the accuracy); the number of
    errors; an array (e.g. one entry per test image) instead of one number;
    the error on the training images; PCA fitted on the training and
    test images together; the test images projected with a PCA fitted on
    themselves; the other priors (training frequencies for uniform, or the
    reverse); the raw images classified without PCA.

    A mistake that does not change the error on the data at hand cannot be seen in
    the number: on the notebook's 5,000 digits, whose frequencies are close to
    uniform, leaving out ``priors=UNIFORM`` changes no image's verdict from right to
    wrong. Pass the student's fitted classifier as ``model`` (the object or its
    name) to check it too: its priors, covariance model and number of features must
    be the ones asked for, whatever its error.

    Parameters
    ----------
    test_error : float or str
        The student's answer, or the name of the notebook variable that holds it.
    X_train, X_test : array_like of shape (N, D)
    y_train, y_test : array_like of shape (N,)
    n_components : int
        :math:`m`, the number of principal components kept.
    covariance : {"full", "diag", "tied", "tied_diag"}, default="full"
    priors : array_like of shape (K,), default=None
        Passed to `GaussianClassifier`; None uses the training frequencies.
    model : GaussianClassifier or str, optional
        The student's fitted classifier, or its name.

    Raises
    ------
    NotYetRight
        The answer is not yet right (a recognised mistake is named).
    ValueError
        Shapes that do not match, or a bad ``n_components``, ``covariance`` or ``priors``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, y = rng.normal(size=(40, 3)) + np.repeat([0, 1], 20)[:, None], np.repeat([0, 1], 20)
    >>> pca = PCA(n_components=2).fit(X[::2])
    >>> model = GaussianClassifier(covariance="tied").fit(pca.transform(X[::2]), y[::2])
    >>> test_error = float(np.mean(model.predict(pca.transform(X[1::2])) != y[1::2]))
    >>> check_pca_test_error(test_error, X[::2], y[::2], X[1::2], y[1::2], n_components=2,
    ...                      covariance="tied", model=model)
    Right: `test_error` matches (relative tolerance 1e-05).
    """
    X_train = _images(X_train, "X_train", columns="features")
    X_test = _images(X_test, "X_test", X_train, columns="features")
    y_train = class_labels(y_train, X_train.shape[0], "y_train", "X_train")
    y_test = class_labels(y_test, X_test.shape[0], "y_test", "X_test")
    test_error, name = student_answer(test_error, "test_error")

    def errors(pca_train, pca_test, model_priors, training=False):
        """Test error (and training error) of the model fitted on pca_train's projection."""
        fitted = GaussianClassifier(covariance=covariance, priors=model_priors)
        Z_train = pca_train.transform(X_train)
        fitted.fit(Z_train, y_train)
        test = error_rate(y_test, fitted.predict(pca_test.transform(X_test)))
        return (test, error_rate(y_train, fitted.predict(Z_train))) if training else (test,)

    shape = None if (answer := as_numbers(test_error)) is None else answer.shape
    if shape not in (None, ()):
        per_image = (f" If it holds one entry per test image ({y_test.size} of them, True where "
                     "the prediction is wrong), take its mean." if shape == y_test.shape else "")
        report(name, f"`{name}` has shape {shape}; it should be one number, the fraction of "
               f"test images classified wrongly.{per_image} A float (e.g. `float(...)`) or a "
               "numpy scalar will do.")
    pca = PCA(n_components=n_components).fit(X_train)
    expected, training = errors(pca, pca, priors, training=True)
    fraction = " Give a fraction in [0, 1], not a percentage."
    mistakes = [
        Mistake("computed the accuracy (the fraction right)",
                "The error rate is the fraction of test images classified WRONGLY.", 1 - expected),
        Mistake("gave the error as a percentage",
                "Give the error rate as a fraction in [0, 1]: do not multiply by 100.",
                100 * expected),
        Mistake("gave the accuracy as a percentage",
                "The error rate is the fraction of test images classified wrongly." + fraction,
                100 * (1 - expected)),
        Mistake("gave the number of misclassified test images, not their fraction",
                "Divide the number of errors by the number of test images.",
                expected * y_test.size),
        Mistake("measured the error on the TRAINING images",
                "Predict the labels of the projected TEST images and compare them with y_test; the "
                "training error is optimistic, the model has seen those images.", training),
    ]
    model_mistake = None if model is None else _model_mistake(model, covariance, priors,
                                                              n_components, y_train)
    if not matches(test_error, expected):  # the costlier mistakes refit: only when wrong
        mistakes += _refitted_mistakes(errors, pca, X_train, X_test, y_train, y_test,
                                       priors, covariance)
    # an error rate of a few hundred images has few decimals by nature
    problem = compare(test_error, expected, name=name, mistakes=mistakes, rounding=False,
                      explain=lambda _: model_mistake and f"`{name}` is not yet right. "
                                                        f"{model_mistake}")
    if model_mistake and not problem:
        problem = (f"`{name}` is not yet the error of the model asked for. {model_mistake} (On "
                   "these images its error happens to be the same, but the classifier is "
                   "another one.)")
    report(name, problem)


def _model_mistake(model, covariance, priors, n_components, y_train):
    """What is wrong with the student's fitted classifier, in words, or None."""
    model, model_name = student_answer(model, "model")
    fitted = [getattr(model, attribute, None) for attribute in
              ("priors_", "covariance", "n_features_in_")]
    if any(value is None for value in fitted):
        return (f"It looks like `{model_name}` is not a fitted GaussianClassifier: fit "
                "GaussianClassifier(...) on the projected training images and keep it in "
                f"`{model_name}`.")
    model_priors, model_covariance, n_features = fitted
    if n_features != n_components:
        return (f"It looks like you fitted `{model_name}` on {n_features} features, not on "
                f"the {n_components} principal components: project with "
                f"PCA(n_components={n_components}) first.")
    if model_covariance != covariance:
        return (f"It looks like you fitted `{model_name}` with covariance="
                f"{model_covariance!r}; the exercise asks for covariance={covariance!r}.")
    frequencies = np.unique(y_train, return_counts=True)[1] / len(y_train)
    wanted = frequencies if priors is None else np.asarray(priors, dtype=float)
    if np.shape(model_priors) != wanted.shape or not np.allclose(model_priors, wanted):
        if priors is not None and np.allclose(model_priors, frequencies):
            return (f"It looks like you left out `priors=` when you fitted `{model_name}`, so "
                    "it used the training frequencies of the digits as priors. Pass the "
                    "priors the exercise gives: GaussianClassifier(..., priors=...).")
        return (f"It looks like you fitted `{model_name}` with other priors than the "
                "exercise's. Pass the priors it gives as `priors=` (or leave them out if it "
                "asks for the training frequencies).")
    return None


def _refitted_mistakes(errors, pca, X_train, X_test, y_train, y_test, priors, covariance):
    """Mistakes of `check_pca_test_error` that need another PCA or another model fitted."""
    both = PCA(n_components=pca.n_components).fit(np.concatenate([X_train, X_test]))
    own = PCA(n_components=pca.n_components).fit(X_test)
    n_classes = np.unique(y_train).size
    if priors is None:
        other_priors = np.full(n_classes, 1 / n_classes)
        other = ("used uniform priors",
                 "The exercise asks for the training frequencies as priors: leave `priors` "
                 "out (None).")
    else:
        other_priors = None
        other = ("used the training frequencies as priors (GaussianClassifier's default): "
                 "`priors=` left out",
                 "Pass the priors the exercise gives as `priors=` to GaussianClassifier.")
    mistakes = [
        Mistake("fitted PCA on the training and test images together",
                "Fit PCA on the training images only (the test images stand for unseen data), then "
                "project both sets with that one fitted PCA.", errors(both, both, priors)[0]),
        Mistake("projected the test images with a PCA fitted on the test images",
                "Fit PCA once, on the training images, and use that same fitted PCA to transform "
                "the test images: their coordinates must be along the same directions as the "
                "training images'.", errors(pca, own, priors)[0]),
        Mistake(*other, errors(pca, pca, other_priors)[0]),
    ]
    if X_train.shape[1] <= 100:  # the raw images of MNIST (784 pixels) are too many to fit
        try:
            raw = GaussianClassifier(covariance=covariance, priors=priors).fit(X_train, y_train)
        except ValueError:   # too few images for a covariance of the raw pixels
            return mistakes
        mistakes.append(Mistake("classified the images without PCA (all their pixels)",
                                f"Project both sets on the first {pca.n_components} principal "
                                "components of the training images first, and fit the classifier "
                                "on the projections.", error_rate(y_test, raw.predict(X_test))))
    return mistakes
