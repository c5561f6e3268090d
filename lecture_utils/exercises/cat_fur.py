r"""Checks for ``notebooks/exercises/04_cat_fur_categorical_exercises.ipynb``.

The exercises follow notebook 04 (cat fur and sex: categorical models and
naive Bayes) and use its notation: cat :math:`n` has fur colour :math:`x_n`
and sex :math:`y_n`; :math:`K` classes indexed by :math:`k`, :math:`m`
colours indexed by :math:`j`; :math:`N_{k,j}` cats of class :math:`k` with
colour :math:`j`, :math:`N_k = \sum_j N_{k,j}` cats in class :math:`k`, and
:math:`N` cats in all; :math:`\pi_{k,j} = P(x = j \mid y = k)`, and the class
priors are written :math:`P(y = k)`.

Checks, one per code exercise:

`check_ml_estimates`
    a function ``ml_estimates(fur, sex)`` returning the maximum-likelihood
    :math:`\pi_{k,j} = N_{k,j} / N_k`, shape (K, m).
`check_pseudo_count_estimates`
    a function ``pseudo_count_estimates(fur, sex, alpha)`` returning
    :math:`(N_{k,j} + \alpha) / (N_k + m\alpha)`, shape (K, m).
`check_posterior`
    the posteriors :math:`P(y = k \mid x = j)` of one class for every colour,
    shape (m,), with the class priors estimated from the data.

Every check computes the right answer with
`lecture_utils.discrete.CategoricalClassifier` from the same cats the student
used, and recognises typical mistakes by recomputing them from the counts the
way a student making them would. The rows of every table are the classes in
the order of ``np.unique(sex)``; the columns are the colours in the order given
(`lecture_utils.datasets.FUR_COLOURS` by default: black, orange, white, calico).
"""

import numpy as np

from ..datasets import FUR_COLOURS
from ..discrete import CategoricalClassifier
from .checking import (
    Mistake,
    NotYetRight,
    call_student_function,
    categorical_data,
    check_answer,
    pseudo_count,
    student_answer,
)


def _check_cats(fur, sex, colours):
    """``fur``, ``sex`` as 1-D arrays of one length, ``colours`` as a tuple; or a ValueError."""
    return categorical_data(fur, sex, colours, values_name="fur", labels_name="sex", item="cat",
                            categories_name="colours")


def _fitted(fur, sex, colours, alpha):
    """The lecture's model of the cats: `CategoricalClassifier` with the colours declared."""
    return CategoricalClassifier(alpha=alpha, categories=[list(colours)]).fit(fur[:, None], sex)


def _ratio(numerator, denominator):
    """``numerator / denominator`` with 0/0 left as NaN quietly (a NaN matches no answer)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray(numerator, dtype=float) / denominator


#: Added to the message of a function that failed on shapes numpy could not broadcast.
BROADCAST_HINT = ("A per-class vector of shape (K,), such as the class totals, is matched "
                  "against the last axis, the m colours: keep it a column of shape (K, 1), with "
                  "keepdims=True or [:, None].")


def _student_table(function, args, name):
    """What the student's function returns for ``args``, or a `NotYetRight` that says why not."""
    try:
        return call_student_function(function, *args, name=name)
    except NotYetRight as error:
        if "could not be broadcast" in str(error):
            raise NotYetRight(f"{str(error).rstrip()} {BROADCAST_HINT}") from None
        raise


def _layout_mistakes(expected, colours):
    """Mistakes of layout: the table transposed, the classes reversed, the colours sorted."""
    mistakes = [Mistake("transposed the table (colours as rows, classes as columns)",
                        "Rows are the classes (np.unique(sex)), columns the colours: "
                        "shape (K, m).", expected.T),
                *Mistake.class_orders(expected, labels="np.unique(sex)")]
    alphabetical = np.argsort(np.array(colours))
    if not np.array_equal(alphabetical, np.arange(len(colours))):
        mistakes.append(Mistake("ordered the colours alphabetically "
                                "(as np.unique(fur) and a model fitted without categories= do)",
                                "Take the columns in the order of FUR_COLOURS (black, orange, "
                                "white, calico), not np.unique(fur).", expected[:, alphabetical]))
    return mistakes


def check_ml_estimates(ml_estimates, fur, sex, colours=FUR_COLOURS):
    r"""Check a function ``ml_estimates(fur, sex)`` of the maximum-likelihood estimates.

    The right table, of shape (K, m), holds the relative frequencies of the
    colours within each class,

    .. math::

        \pi_{k,j} = P(x = j \mid y = k) = \frac{N_{k,j}}{N_k}, \qquad
        N_k = \sum_{j=1}^{m} N_{k,j},

    rows in the order of ``np.unique(sex)``, columns in the order of ``colours``;
    each row sums to one. It is computed with
    ``CategoricalClassifier(alpha=0, categories=[colours])``. Relative tolerance
    `checking.RTOL`.

    Recognised mistakes: normalised over the classes (each column sums to one)
    instead of the colours; the counts :math:`N_{k,j}` instead of frequencies;
    divided by all :math:`N` cats (the joint :math:`P(x, y)`); the posterior
    table :math:`P(y \mid x)` laid out colours x classes; transposed; the classes
    in another order; the colours sorted alphabetically; the logarithms
    :math:`\log \pi_{k,j}` instead of the probabilities; the colour frequencies of all
    cats in every row (the sexes ignored); a pseudo-count of 1; percentages. A
    function that fails on a broadcast of the class totals (shape (K,) against
    (K, m)) is told to keep them a column.

    Parameters
    ----------
    ml_estimates : callable or str
        The student's function, or its name; it is called with copies of ``fur`` and
        ``sex``.
    fur : array-like of shape (N,) or (N, 1)
        The cats' fur colours, each one of ``colours``.
    sex : array-like of shape (N,)
        The cats' classes (at least two).
    colours : sequence, default=FUR_COLOURS
        The m possible colours, in the order of the table's columns.

    Raises
    ------
    NotYetRight
        If the function fails or its table differs from the right one.
    ValueError
        If ``fur``, ``sex`` or ``colours`` are not data the exercise can use.

    Examples
    --------
    >>> fur, sex = ["black", "white", "black", "orange"], ["f", "f", "m", "m"]
    >>> check_ml_estimates(lambda fur, sex: [[0.5, 0, 0.5, 0], [0.5, 0.5, 0, 0]], fur, sex)
    Right: `ml_estimates(fur, sex)` matches (relative tolerance 1e-05).
    """
    fur, sex, colours = _check_cats(fur, sex, colours)
    ml_estimates, function = student_answer(ml_estimates, "ml_estimates", function=True)
    answer = _student_table(ml_estimates, (fur, sex), function)
    model = _fitted(fur, sex, colours, 0.0)
    expected = np.exp(model.feature_log_prob_[0])
    counts = model.category_count_[0]
    by_colour = _ratio(counts, counts.sum(axis=0, keepdims=True))
    mistakes = [
        Mistake("normalised over the classes (each column sums to one) instead of over the "
                "colours", "Divide each row by its own total N_k = sum over j of N_kj "
                "(axis=1, keepdims=True), so that each row sums to one.", by_colour),
        Mistake("gave the counts N_kj, not relative frequencies",
                "Divide each class's counts by the number of cats in that class, N_k.", counts),
        Mistake("divided by the number of all cats N, which gives the joint P(x, y)",
                "Divide by the number of cats in the class, N_k, not by N.", counts / sex.size),
        Mistake("computed P(sex | colour) (colours as rows, each summing to one)",
                "The exercise asks for P(colour | sex): count within each class and divide "
                "by the class total N_k.", by_colour.T),
        *_layout_mistakes(expected, colours),
        Mistake.log_not_probability(expected),
        Mistake("gave the colour frequencies of all cats, the same row for every class (the "
                "sexes ignored)",
                "Count the colours within each class separately: row k holds N_kj / N_k for "
                "the cats with sex k only.",
                np.tile(counts.sum(axis=0) / counts.sum(), (counts.shape[0], 1))),
        Mistake("gave percentages, not probabilities",
                "A probability lies between 0 and 1: do not multiply by 100.", 100 * expected),
        Mistake("added a pseudo-count of 1 (Laplace smoothing); the maximum-likelihood "
                "estimate has none",
                "Exercise 1 asks for N_kj / N_k, no pseudo-count (that comes in Exercise 2).",
                _ratio(counts + 1, counts.sum(axis=1, keepdims=True) + len(colours))),
    ]
    name = f"{function}(fur, sex)"
    # frequencies of a few cats have short decimals by nature: no rounding diagnosis
    check_answer(answer, expected, name=name, mistakes=mistakes, axes=("class", "colour"),
                 counts={"cat": sex.size}, rounding=False)


def check_pseudo_count_estimates(pseudo_count_estimates, fur, sex, alpha=1.0,
                                 colours=FUR_COLOURS):
    r"""Check a function ``pseudo_count_estimates(fur, sex, alpha)`` of smoothed estimates.

    The right table, of shape (K, m), adds :math:`\alpha` to every count,
    :math:`m\alpha` to every class total (the MAP estimate under a
    :math:`\mathrm{Dir}(\alpha + 1)` prior):

    .. math::

        \pi_{k,j} = \frac{N_{k,j} + \alpha}{N_k + m\alpha},

    with :math:`m` the number of ``colours`` (seen or not), rows in the order of
    ``np.unique(sex)``, columns in the order of ``colours``. It is computed with
    ``CategoricalClassifier(alpha=alpha, categories=[colours])``. Relative
    tolerance `checking.RTOL`.

    Recognised mistakes: :math:`\alpha` added to the total only
    (:math:`N_{k,j} / (N_k + m\alpha)`); to the numerator only
    (:math:`(N_{k,j} + \alpha) / N_k`); to the total once instead of :math:`m`
    times (:math:`(N_{k,j} + \alpha) / (N_k + \alpha)`); :math:`m` taken as the
    number of colours seen in the class; :math:`m` taken as the number of
    classes :math:`K`; divided by all :math:`N` cats instead of :math:`N_k`;
    :math:`\alpha` ignored (maximum likelihood); :math:`\alpha = 1` typed in
    instead of the argument (when ``alpha`` is not 1); transposed; the classes
    in another order; the colours sorted alphabetically; the logarithms
    :math:`\log \pi_{k,j}` (the model's ``feature_log_prob_`` without
    ``np.exp``); alpha added to the ML frequencies after normalising.
    (With ``alpha=0`` the mistakes that only misplace
    :math:`\alpha` coincide with the right answer.) A function that fails on a
    broadcast of the class totals is told to keep them a column.

    Parameters
    ----------
    pseudo_count_estimates : callable or str
        The student's function, or its name; it is called with copies of ``fur`` and
        ``sex``, and ``alpha``.
    fur : array-like of shape (N,) or (N, 1)
    sex : array-like of shape (N,)
    alpha : float, default=1.0
        The pseudo-count, >= 0.
    colours : sequence, default=FUR_COLOURS

    Raises
    ------
    NotYetRight
        If the function fails or its table differs from the right one.
    ValueError
        If the data or ``alpha`` are not usable.

    Examples
    --------
    >>> fur, sex = ["black", "white", "black", "orange"], ["f", "f", "m", "m"]
    >>> def pseudo_count_estimates(fur, sex, alpha):
    ...     return (np.array([[1, 0, 1, 0], [1, 1, 0, 0]]) + alpha) / (2 + 4 * alpha)
    >>> check_pseudo_count_estimates(pseudo_count_estimates, fur, sex, alpha=1.0)
    Right: `pseudo_count_estimates(fur, sex, alpha)` matches (relative tolerance 1e-05).
    """
    fur, sex, colours = _check_cats(fur, sex, colours)
    alpha = pseudo_count(alpha)
    pseudo_count_estimates, function = student_answer(pseudo_count_estimates,
                                                      "pseudo_count_estimates", function=True)
    answer = _student_table(pseudo_count_estimates, (fur, sex, alpha), function)
    model = _fitted(fur, sex, colours, alpha)
    expected = np.exp(model.feature_log_prob_[0])
    counts = model.category_count_[0]
    totals = counts.sum(axis=1, keepdims=True)
    seen = np.count_nonzero(counts, axis=1)[:, None]
    m, n_classes = len(colours), counts.shape[0]
    # (N_kj + added) / denominator, with alpha in the wrong places
    mistakes = [Mistake(diagnosis, fix, _ratio(counts + added, denominator))
                for diagnosis, fix, added, denominator in [
        ("added the pseudo-counts to the total only, N_kj / (N_k + m alpha)",
         "Add alpha to every count N_kj as well: each colour gets alpha pretend cats.", 0,
         totals + m * alpha),
        ("added alpha to the counts but not to the total, (N_kj + alpha) / N_k",
         "The m pseudo-counts (alpha per colour) belong in the total too, so that each row "
         "sums to one.", alpha, totals),
        ("added alpha to the total once, (N_kj + alpha) / (N_k + alpha)",
         "Every one of the m colours gets alpha pretend cats, so the total grows by m alpha.",
         alpha, totals + alpha),
        ("took m as the number of colours seen in each class",
         "m counts every possible colour (len(FUR_COLOURS)), also those a class never showed: "
         "they get alpha pretend cats too.", alpha, totals + seen * alpha),
        ("took m as the number of classes K (counts.shape[0]), not of colours",
         "m is the number of colours, len(FUR_COLOURS): the rows are the K classes, the columns "
         "the m colours.", alpha, totals + n_classes * alpha),
        ("divided by all N cats plus m alpha, not by the class total N_k + m alpha",
         "Each row is one class: divide by the cats in that class, N_k, plus its m alpha "
         "pretend cats.", alpha, sex.size + m * alpha),
        ("left out the pseudo-count (this is the maximum-likelihood table)",
         "Use the argument alpha: (N_kj + alpha) / (N_k + m alpha).", 0, totals)]]
    mistakes += [
        *_layout_mistakes(expected, colours),
        Mistake.log_not_probability(expected),
    ]
    if alpha != 1:
        mistakes.append(Mistake("used alpha = 1, not the argument alpha",
                                "Use the function's argument alpha, not a typed-in 1: the "
                                "function is also called with other values.",
                                _ratio(counts + 1, totals + m)))
    if alpha > 0:
        mistakes.append(Mistake("added alpha to the maximum-likelihood frequencies after "
                                "dividing, and normalised again",
                                "Add alpha to the counts N_kj before dividing: "
                                "(N_kj + alpha) / (N_k + m alpha).",
                                _ratio(_ratio(counts, totals) + alpha, 1 + m * alpha)))
    name = f"{function}(fur, sex, alpha)"
    check_answer(answer, expected, name=name, mistakes=mistakes, axes=("class", "colour"),
                 counts={"cat": sex.size}, rounding=alpha > 0)


def check_posterior(posterior, fur, sex, alpha=1.0, target="female", colours=FUR_COLOURS):
    r"""Check the posteriors :math:`P(y = \text{target} \mid x = j)` of every colour.

    With the estimates :math:`\pi_{k,j} = (N_{k,j} + \alpha) / (N_k + m\alpha)`
    and the class priors estimated from the same cats,
    :math:`P(y = k) = N_k / N`, Bayes' rule gives, for each colour :math:`j`
    in the order of ``colours``,

    .. math::

        P(y = t \mid x = j) = \frac{\pi_{t,j}\, P(y = t)}
            {\sum_{k=1}^{K} \pi_{k,j}\, P(y = k)},

    an array of shape (m,), computed with
    ``CategoricalClassifier(alpha=alpha, categories=[colours]).predict_proba``.
    Relative tolerance `checking.RTOL`.

    Recognised mistakes: the prior forgotten (equal priors); the joint
    :math:`\pi_{t,j} P(y = t)`, not normalised; the log-posterior instead of the
    probability; the posterior of another class; the likelihood
    :math:`\pi_{t,j}` itself; the priors of the two classes swapped; the
    estimates without the pseudo-count (when ``alpha > 0``); the evidence
    :math:`P(x = j)` taken as the colour's frequency :math:`N_j / N` instead of
    :math:`\sum_k \pi_{k,j} P(y = k)` (when ``alpha > 0``; the posteriors of a
    colour then do not sum to one); normalised over the colours (the target's row of the
    joint table divided by its own sum) instead of over the classes; the colours sorted
    alphabetically.

    Parameters
    ----------
    posterior : array-like of shape (m,), or str
        The student's posteriors, one per colour, or the name of the notebook variable
        that holds them.
    fur : array-like of shape (N,) or (N, 1)
    sex : array-like of shape (N,)
    alpha : float, default=1.0
        The pseudo-count of the estimates, >= 0.
    target : label, default="female"
        The class :math:`t` whose posterior is asked for; one of the labels in ``sex``.
    colours : sequence, default=FUR_COLOURS

    Raises
    ------
    NotYetRight
        If ``posterior`` differs from the right one.
    ValueError
        If the data, ``alpha`` or ``target`` are not usable.

    Examples
    --------
    >>> fur, sex = ["black", "white", "black", "orange"], ["f", "f", "m", "m"]
    >>> check_posterior([1 / 2, 1 / 3, 2 / 3, 1 / 2], fur, sex, alpha=1.0, target="f")
    Right: `p_f` matches (relative tolerance 1e-05).
    """
    fur, sex, colours = _check_cats(fur, sex, colours)
    alpha = pseudo_count(alpha)
    model = _fitted(fur, sex, colours, alpha)
    if target not in model.classes_.tolist():
        raise ValueError(f"target must be one of the classes {model.classes_.tolist()}; "
                         f"got {target!r}.")
    t = model.classes_.tolist().index(target)
    posterior, name = student_answer(posterior, f"p_{target}")
    expected = model.predict_proba(np.array(colours)[:, None])[:, t]
    counts = model.category_count_[0]
    pi = _ratio(counts + alpha, counts.sum(axis=1, keepdims=True) + len(colours) * alpha)
    priors = model.class_count_ / sex.size   # (K,): N_k / N
    joint = pi * priors[:, None]              # (K, m): pi_kj P(y = k)
    pi_ml = _ratio(counts, counts.sum(axis=1, keepdims=True))
    joint_ml = pi_ml * priors[:, None]
    mistakes = [
        Mistake("left out the class priors (as if P(y = k) were equal)",
                "Multiply each pi_kj by its prior P(y = k) = N_k / N before normalising; the "
                "classes are not equally large.", _ratio(pi[t], pi.sum(axis=0))),
        Mistake("did not normalise: that is the joint pi_tj P(y = t)",
                "Divide by the sum of pi_kj P(y = k) over all classes k, so that the "
                "posteriors of a colour sum to one.", joint[t]),
        Mistake.log_not_probability(expected),
        *[Mistake(f"gave the posterior of '{label}', not of '{target}'",
                  f"Put the row of '{target}' in the numerator.", joint[k] / joint.sum(axis=0))
          for k, label in enumerate(model.classes_.tolist()) if k != t],
        Mistake(f"gave the likelihood P(colour | {target}) = pi_tj, not the posterior",
                "Bayes' rule turns it around: multiply by the prior and divide by "
                "P(x = j) = sum over k of pi_kj P(y = k).", pi[t]),
    ]
    if len(priors) == 2:
        swapped = pi * priors[::-1, None]
        mistakes.append(Mistake("swapped the two class priors",
                                "Class k's prior is N_k / N with N_k the cats of class k, in "
                                "the order of np.unique(sex).", swapped[t] / swapped.sum(axis=0)))
    if alpha > 0:
        mistakes.append(Mistake("used the maximum-likelihood estimates (no pseudo-count)",
                                "Use the smoothed pi_kj = (N_kj + alpha) / (N_k + m alpha).",
                                _ratio(joint_ml[t], joint_ml.sum(axis=0))))
        mistakes.append(Mistake("divided by the colour's frequency N_j / N, not by "
                                "P(x = j) = sum over k of pi_kj P(y = k)",
                                "With pseudo-counts the two differ: take the denominator from "
                                "the same smoothed model, the sum of the numerators of all "
                                "classes, so that the posteriors of a colour sum to one.",
                                _ratio(joint[t], counts.sum(axis=0) / sex.size)))
    alphabetical = np.argsort(np.array(colours))
    if not np.array_equal(alphabetical, np.arange(len(colours))):
        mistakes.append(Mistake("ordered the colours alphabetically (as np.unique(fur) and a "
                                "model fitted without categories= do)",
                                "Give one posterior per colour in the order of FUR_COLOURS "
                                "(black, orange, white, calico).", expected[alphabetical]))
    mistakes.append(Mistake(f"normalised over the colours (the row of '{target}' in the joint "
                            "table, divided by its own sum) instead of over the classes",
                            "P(y = t | x = j) divides by P(x = j), the sum over the CLASSES "
                            "of pi_kj P(y = k) for that one colour: each colour's posteriors "
                            "over the classes sum to one.", joint[t] / joint[t].sum()))
    check_answer(posterior, expected, name=name, mistakes=mistakes, axes=("colour",),
                 counts={"class": len(priors), "cat": sex.size})
