"""Compare a student's answer with the expected one, and say what went wrong.

Every exercise check is built from the pieces here, so that they all behave alike:

- `student_answer` takes the answer a check cell passes, either the object itself or
  its NAME as a string (``check_posterior("p_female", ...)``), looked up in the
  notebook's namespace; a name not defined yet, None, or a function that still
  raises NotImplementedError is "not attempted yet", never a NameError.
- `compare` compares an answer with the expected value and returns what is wrong with
  it, or None: it neither prints nor raises. `report` is the one place where a check
  ends: it raises `NotYetRight` with the message, or prints the one success line.
  `check_answer` is the two in one call, for a check that compares one answer.
- A wrong answer that matches a typical mistake (a `Mistake`, the value a student who
  made it would get) is named: "It looks like you ...". Otherwise the message says
  what was compared: the shapes, which entries differ, and a summary of the student's
  own answer. No message shows the expected value or says how close an answer is to
  it, so that a check cannot be used as an oracle.
- `RTOL` is the one tolerance of every check. The mistakes many checks share are built
  by `Mistake`'s class methods: `Mistake.transposed`, `Mistake.sign_flipped`,
  `Mistake.log10_not_ln`, `Mistake.probability_not_log`, `Mistake.log_not_probability`,
  `Mistake.rounded` (inputs copied rounded), `Mistake.class_orders` and
  `Mistake.prior_orders` (classes or priors in another order).
- The functions under "Inputs from the instructor" validate what a check cell passes
  besides the answer (data, priors, pseudo-counts), with a `ValueError` that names the
  problem and the fix.
"""

import itertools
import os
import sys
from collections import ChainMap
from dataclasses import dataclass

import numpy as np

from ..validation import check_alpha, plain

__all__ = [
    "ATOL", "RTOL", "Mistake", "NotYetRight", "as_numbers", "call_student_function",
    "categorical_data", "check_answer", "class_labels", "class_priors", "compare",
    "data_matrix", "data_vector", "labelled_data", "matches", "probability", "pseudo_count",
    "report", "student_answer",
]

#: Relative tolerance of every check. A right answer computed another valid way
#: (float32, a loop, scipy or scikit-learn) agrees far closer; every named mistake
#: differs by far more (tests/test_exercises_tolerance.py measures both on the notebooks'
#: data).
RTOL = 1e-5
#: Absolute tolerance, for entries that are zero or nearly so (a posterior of 1e-30).
ATOL = 1e-9

#: What every "not attempted yet" message tells the student to do.
_ATTEMPT = ("Write your answer in its answer cell above (where it says YOUR CODE HERE) "
            "and run that cell, then run this check again.")


class NotYetRight(AssertionError):
    """An answer that does not match yet; the message says what is known about why.

    A subclass of `AssertionError`, so that a grader (nbgrader, pytest) counts a
    failed check as a failed test. In a notebook the error shows as the single line
    ``NotYetRight: <message>``, without a traceback through this package: IPython
    renders an exception with ``_render_traceback_`` by the lines it returns, and the
    nbgrader feedback shows what IPython rendered.

    Examples
    --------
    >>> NotYetRight("`p` is not yet right.")._render_traceback_()
    ['NotYetRight: `p` is not yet right.']
    """

    def _render_traceback_(self):
        return [f"{type(self).__name__}: {self}"]


@dataclass(frozen=True)
class Mistake:
    """A typical mistake: the answer it leads to, and what to tell the student.

    The class methods build the mistakes that many checks share.

    Parameters
    ----------
    diagnosis : str
        What the student probably did, completing "It looks like you ...",
        e.g. ``"divided by N - 1 instead of N"``.
    fix : str
        One or two sentences on how to put it right, without the answer's value.
    answer : array_like
        The value a student who made this mistake would get.

    Examples
    --------
    >>> Mistake("forgot to divide by N", "Divide the counts by N.", [3, 1]).diagnosis
    'forgot to divide by N'
    """

    diagnosis: str
    fix: str
    answer: object

    @classmethod
    def transposed(cls, expected, fix="Check which axis each index runs along (what the rows "
                   "are, what the columns are), the axis you reduced over, and any `.T`."):
        """Returning the transpose (e.g. means as features x classes).

        Examples
        --------
        >>> Mistake.transposed([[1.0, 2.0]]).answer.shape
        (2, 1)
        """
        return cls("transposed the array (rows and columns swapped)", fix,
                   np.asarray(expected, dtype=float).T)

    @classmethod
    def sign_flipped(cls, expected, diagnosis, fix):
        """The opposite sign, e.g. an LLR computed the wrong way round.

        Examples
        --------
        >>> Mistake.sign_flipped(2.0, "subtracted the wrong way round", "Swap them.").answer
        np.float64(-2.0)
        """
        return cls(diagnosis, fix, -np.asarray(expected, dtype=float))

    @classmethod
    def log10_not_ln(cls, expected_log):
        """Base-10 logarithms where natural logarithms are meant: the expected logs divided
        by log 10.

        Examples
        --------
        >>> float(Mistake.log10_not_ln(np.log(100.0)).answer)
        2.0
        """
        return cls("used base-10 logarithms (np.log10)",
                   "The lectures' logs are natural logs: use np.log.",
                   np.asarray(expected_log, dtype=float) / np.log(10))

    @classmethod
    def probability_not_log(cls, expected_log):
        """A probability (or density) where its logarithm is asked for.

        Examples
        --------
        >>> float(Mistake.probability_not_log(np.log(0.25)).answer)
        0.25
        """
        with np.errstate(over="ignore", under="ignore"):
            probability = np.exp(np.asarray(expected_log, dtype=float))
        return cls("gave a probability where its logarithm is asked for",
                   "Take the log, or better, compute in log space from the start.", probability)

    @classmethod
    def log_not_probability(cls, expected_probability):
        """A log-probability where the probability is asked for.

        Examples
        --------
        >>> Mistake.log_not_probability([1.0, 0.0]).answer
        array([  0., -inf])
        """
        with np.errstate(divide="ignore"):
            logged = np.log(np.asarray(expected_probability, dtype=float))
        return cls("gave a log-probability where the probability is asked for",
                   "Exponentiate it (after subtracting the maximum, if you normalise).", logged)

    @classmethod
    def rounded(cls, expected, values):
        """Computing from rounded inputs: one `Mistake` per way of rounding.

        ``values`` maps a description of the rounding ("the coefficients as notebook 02
        prints them") to the answer it leads to. Only answers that the rounding moves out
        of the tolerance are kept, so a right answer is never called rounded. The message
        names the rounding, never by how much the answer is off. (An answer that is itself
        rounded needs no mistake: `compare` sees it from the answer's own decimals.)

        Examples
        --------
        >>> [m.diagnosis for m in Mistake.rounded(2.0, {"the printed a": 2.5, "the exact a": 2.0})]
        ['computed with the printed a, rounded']
        """
        return [cls(f"computed with {what}, rounded", "Compute with the unrounded values the "
                    "code gives you, and round only what you print.", value)
                for what, value in values.items() if not matches(value, expected)]

    @classmethod
    def class_orders(cls, expected, what="rows", labels="np.unique(y)"):
        """Stacking the per-class ``expected[k]`` in another class order: one `Mistake` per
        other order of the first axis (at most 23, for four classes; none for more than four).

        A typical cause is looping over ``set(y)`` or ``pd.unique(y)`` (order of first
        appearance) instead of ``np.unique(y)`` (sorted). ``what`` names the per-class
        entries for the fix ("rows", "matrices"); ``labels`` the sorted labels as the
        exercise names them.

        Examples
        --------
        >>> [m.answer.tolist() for m in Mistake.class_orders(np.array([[1.0], [2.0]]))]
        [[[2.0], [1.0]]]
        """
        expected = np.asarray(expected, dtype=float)
        orders = itertools.permutations(range(len(expected))) if len(expected) <= 4 else ()
        return [cls(f"stacked the classes in another order than {labels}",
                    f"Put the {what} in the order of {labels} (sorted labels), e.g. by looping "
                    f"over {labels}; set(...) and pd.unique(...) give other orders.",
                    expected[list(order)])
                for order in orders if list(order) != sorted(order)]

    @classmethod
    def prior_orders(cls, priors, answer_of, fix, of="the classes"):
        """Using the priors in another order than ``of``: ``answer_of(reordered_priors)``
        for every other order that changes them (none for more than four classes).

        Examples
        --------
        >>> [m.answer for m in Mistake.prior_orders([0.25, 0.75], sum, "Sort them.")]
        [np.float64(1.0)]
        """
        priors = np.asarray(priors, dtype=float)
        other = "the other" if priors.size == 2 else "another"
        orders = {tuple(order.answer) for order in cls.class_orders(priors)} - {tuple(priors)}
        return [cls(f"used the priors in {other} order than {of}", fix, answer_of(np.array(order)))
                for order in sorted(orders)]


# ----------------------------------------------------------------------------- the answer

def _not_attempted(name, why):
    return NotYetRight(f"`{name}`: not attempted yet: {why}. {_ATTEMPT}")


def _student_namespace():
    """The variables of the code that called the check: the notebook's, in a notebook.

    The first frame outside this package, so that it does not matter through how many
    of the package's functions the call went. Its locals come first (the same as its
    globals in a notebook cell; a function's own variables when a check is called
    from inside a function, as in the tests).
    """
    here = os.path.dirname(os.path.abspath(__file__))
    frame = sys._getframe(1)
    try:
        while frame is not None and os.path.dirname(
                os.path.abspath(frame.f_code.co_filename)) == here:
            frame = frame.f_back
        if frame is None:  # pragma: no cover - a check always has a caller
            return {}
        return ChainMap(frame.f_locals, frame.f_globals)
    finally:
        del frame


def student_answer(answer, name, *, function=False):
    """The student's answer and the name to show it by, or "not attempted yet".

    A check cell passes the answer as its name, ``check_posterior("p_female", ...)``,
    or as the object itself. A name (a string that is a Python identifier) is
    looked up among the variables of the notebook (the code calling the check).

    Parameters
    ----------
    answer : object or str
        The answer, or the name of the variable that holds it.
    name : str
        The name to show when ``answer`` is the object itself.
    function : bool
        Whether the answer is a function to write (for the message when it is None).

    Returns
    -------
    value : object
        The answer (not None).
    name : str
        The variable's name if a name was given, else ``name``.

    Raises
    ------
    NotYetRight
        "not attempted yet", if no variable has that name, or it is still None
        (or ``...``).

    Examples
    --------
    >>> p_female = [0.5, 0.5]
    >>> student_answer("p_female", "p")
    ([0.5, 0.5], 'p_female')
    >>> try:
    ...     student_answer("p_male", "p")
    ... except NotYetRight as error:
    ...     print(str(error)[:64])
    `p_male`: not attempted yet: there is no variable `p_male` yet (
    """
    if isinstance(answer, str) and answer.isidentifier():
        namespace = _student_namespace()
        if answer not in namespace:
            raise _not_attempted(answer, f"there is no variable `{answer}` yet (its answer "
                                         "cell has not been run)")
        name, answer = answer, namespace[answer]
    if answer is None or answer is Ellipsis or answer is NotImplemented:
        define = f": define the function `{name}`" if function else ""
        raise _not_attempted(name, f"`{name}` is still {answer!r}{define}")
    return answer, name


def call_student_function(function, *args, name):
    """``function(*args)``, with every way it can go wrong reported as `NotYetRight`.

    The function gets copies of array arguments, so that it cannot change the check's
    data. Not defined yet (None) and not written yet (its body still raises
    NotImplementedError) are "not attempted yet"; not a function, an error from inside
    it, and no return value (None: a missing ``return``, or a ``print`` in its place)
    each get their own message.

    Examples
    --------
    >>> call_student_function(lambda a, b: a + b, 1, 2, name="add")
    3
    """
    if function is None:
        raise _not_attempted(name, f"`{name}` is still None: define the function `{name}`")
    if not callable(function):
        raise NotYetRight(f"`{name}` should be a function, but it is a "
                          f"{type(function).__name__}.")
    copies = [np.copy(arg) if isinstance(arg, np.ndarray) else arg for arg in args]
    try:
        answer = function(*copies)
    except NotImplementedError:
        raise _not_attempted(name, f"`{name}` is not written yet (it still raises "
                                   "NotImplementedError); replace `raise NotImplementedError()` "
                                   "with your code") from None
    except Exception as error:
        raise NotYetRight(f"`{name}` raised {type(error).__name__}: {error}") from None
    if answer is None:
        raise NotYetRight(f"`{name}` returned None: a function without a `return` statement "
                          "(or one that prints its result instead) returns None. End it with "
                          "`return` and the value it computes.")
    return answer


# ----------------------------------------------------------------------------- comparing

def as_numbers(value):
    """``value`` as a float array, or None if numpy cannot read it as numbers.

    Examples
    --------
    >>> as_numbers([1, 2]), as_numbers("one")
    (array([1., 2.]), None)
    """
    if value is None or isinstance(value, str | bytes):
        return None
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None


def _not_numbers(value, name):
    """Why ``value`` is no answer to compare (None if it is numbers)."""
    if value is None or value is Ellipsis or value is NotImplemented:
        return str(_not_attempted(name, f"`{name}` is still {value!r}"))
    if isinstance(value, str | bytes):
        return (f"`{name}` is text ({value!r}), not a number: compute it with numpy instead "
                "of typing or formatting it.")
    try:
        np.asarray(value, dtype=float)
    except (TypeError, ValueError) as error:
        return (f"`{name}` should be a number or an array of numbers, but it is a "
                f"{type(value).__name__} that numpy cannot read as numbers ({error}).")
    return None


def matches(answer, target, rtol=RTOL, atol=ATOL, *, equal_nan=False):
    """Whether ``answer`` has the shape of ``target`` and agrees with it within the
    tolerances (infinities of the same sign agree; NaNs too, with ``equal_nan``), without
    printing or raising.

    Examples
    --------
    >>> matches([1.0, 2.0], np.array([1.0, 2.000001])), matches([1.0], 1.0)
    (True, False)
    """
    answer = as_numbers(answer)
    target = np.asarray(target, dtype=float)
    return (answer is not None and answer.shape == target.shape
            and bool(np.allclose(answer, target, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def _decimals(values, most=4):
    """The fewest decimals (0 to ``most``) that every finite entry has, or None."""
    values = np.abs(np.asarray(values, dtype=float))
    values = values[np.isfinite(values)]
    for k in range(most + 1):
        scaled = values * 10.0 ** k
        if np.all(np.abs(scaled - np.round(scaled)) <= 1e-6 + 1e-9 * scaled):
            return k
    return None


def _index(flat, shape):
    return str(tuple(int(i) for i in np.unravel_index(flat, shape)))


def _summary(answer, expected):
    """What the student's own answer looks like, in terms that help find the mistake.

    Only the student's own numbers: never the expected value, nor how far from it.
    For a table whose rows are probability distributions, whether its rows sum to one
    (and to what, if not); otherwise the size (norm) of the answer and where its
    largest entry is.
    """
    if answer.size == 1:
        return f"your value is {answer.item():.6g}"
    distributions = (expected.ndim >= 1 and expected.shape[-1] > 1 and np.all(expected >= 0)
                     and np.allclose(expected.sum(axis=-1), 1.0, rtol=0, atol=1e-6))
    if distributions:
        sums = answer.sum(axis=-1)
        if answer.ndim == 1:
            return (f"your entries sum to {sums:.6g}, but they are probabilities of one "
                    "distribution, which sum to one")
        if not np.allclose(sums, 1.0, rtol=0, atol=1e-6):
            return (f"your rows sum to between {sums.min():.4g} and {sums.max():.4g}, but "
                    "each row is a probability distribution and sums to one")
        return ("each of your rows sums to one, as it should, so the mistake is in how the "
                "probability is shared out within a row")
    largest = int(np.argmax(np.abs(answer)))
    return (f"the norm of your answer is {np.linalg.norm(answer):.4g}, and its largest "
            f"entry in absolute value is at {_index(largest, answer.shape)}")


def _where(bad, axes):
    """Which rows (and, for a table, columns) hold the differing entries, if not all."""
    if bad.ndim == 0 or bad.shape[0] == 1:
        return ""
    word = {1: "entries", 2: "rows", 3: "matrices"}.get(bad.ndim, "slices")
    places = []
    for axis, what in ((0, word), (1, "columns")):
        if axis >= bad.ndim or (axis == 1 and bad.ndim != 2):
            continue
        along = np.moveaxis(bad, axis, 0).reshape(bad.shape[axis], -1).any(axis=1)
        if along.all():
            continue
        indices = np.flatnonzero(along)
        per = f" (one per {axes[axis]})" if axes and axis < len(axes) else ""
        places.append(f"{what}{per} " + ", ".join(map(str, indices[:6]))
                      + (", ..." if indices.size > 6 else ""))
    return f"; they are in {' and '.join(places)} only" if places else ""


_AXIS_WORDS = {1: ("entries",), 2: ("rows", "columns"), 3: ("matrices", "rows", "columns")}
_SINGULAR = {"entries": "entry", "rows": "row", "columns": "column", "matrices": "matrix"}


def _shape_message(name, answer, expected, axes, counts):
    """Why ``answer``'s shape is not ``expected``'s, in the words of the exercise."""
    head = f"`{name}` has shape {answer.shape}, but the answer has shape {expected.shape}"
    if answer.size == expected.size == 1:
        return (f"`{name}` has shape {answer.shape}, but the answer is a single number of "
                f"shape {expected.shape}: take it out of its array (e.g. `float(value)` or "
                "`value.item()`) and check it again.")
    try:
        np.broadcast_shapes(answer.shape, expected.shape)
        silent = (" numpy would broadcast these two shapes without a word, so later "
                  "arithmetic would go wrong silently.")
    except ValueError:
        silent = ""
    axes = tuple(axes) if axes and len(axes) == expected.ndim else None
    known = dict(counts or {})
    if axes:
        known.update(dict(zip(axes, expected.shape, strict=True)))
    words = _AXIS_WORDS.get(expected.ndim)
    if (expected.ndim == 2 and axes and axes[0] != axes[1]
            and answer.shape == expected.shape[::-1]):
        return (f"{head}: your answer has one row per {axes[1]} and one column per {axes[0]}, "
                f"the transpose of the answer's layout (one row per {axes[0]}).{silent}")
    if answer.ndim == expected.ndim and words and axes:
        parts = []
        for axis, (mine, right) in enumerate(zip(answer.shape, expected.shape, strict=True)):
            if mine == right:
                continue
            guesses = [f"one per {label}?" for label, n in known.items()
                       if n == mine and label != axes[axis]][:1]
            if mine == right - 1:
                guesses.insert(0, f"one short: is a {axes[axis]} missing?")
            guess = f" ({' Or '.join(guesses)})" if guesses else ""
            word = _SINGULAR[words[axis]] if mine == 1 else words[axis]
            parts.append(f"your answer has {mine} {word}{guess}, but the answer has "
                         f"one per {axes[axis]}: {right}")
        return f"{head}: {'; '.join(parts)}.{silent}"
    if axes and answer.ndim == expected.ndim + 1 and answer.shape[-1] == 1 \
            and answer.shape[:-1] == expected.shape:
        return (f"{head}: you gave a column, where the answer is a flat array with one "
                f"entry per {axes[0]}; flatten it (e.g. with .ravel()).{silent}")
    if axes:
        layout = " and ".join(f"one {_SINGULAR[w]} per {a}"
                              for w, a in zip(words or (), axes, strict=False))
        return f"{head} ({layout}).{silent}"
    return f"{head}.{silent} Check which axis is which."


def _rounded_note(answer):
    """The rounding diagnosis, from the student's answer alone (never from the expected
    value, which would make it an oracle): its entries have 1 to 4 decimals."""
    if not np.any(answer) or not np.all(np.isfinite(answer)):
        return None
    mine = _decimals(answer)
    if not mine:
        return None
    return (f"It looks like you rounded it: every entry of your answer has at most {mine} "
            f"decimal{'s' if mine > 1 else ''}, and this answer needs full precision. Assign "
            "the computed value itself and round only what you print (if you typed numbers in, "
            "compute them instead). If you did not round, it matches none of the usual "
            "mistakes: go through the formula step by step.")


def compare(answer, expected, *, name, mistakes=(), rtol=RTOL, atol=ATOL, axes=None,
            counts=None, rounding=True, explain=None):
    """What is wrong with ``answer``, as the message to show, or None if it is right.

    The answer is right when it has the expected shape and
    ``|answer - expected| <= atol + rtol |expected|`` entry by entry
    (`numpy.allclose`). Lists, float32 arrays, pandas objects and numpy scalars are
    compared as the numbers they hold. Neither prints nor raises: `report` does that.

    Parameters
    ----------
    answer : array_like or None
        What the student computed.
    expected : array_like
        The right value. It never appears in a message.
    name : str
        The name of the student's variable, as the messages should show it.
    mistakes : sequence of Mistake
        Typical mistakes. Every one whose answer matches is named, the first first;
        several match when two mistakes give the same value on the data at hand.
    rtol, atol : float
        The tolerances of the comparison.
    axes : sequence of str, optional
        What each axis of ``expected`` runs over, e.g. ``("class", "feature")``, for
        messages about shapes ("your answer has 2 rows, but the answer has one per
        class: 3").
    counts : mapping of str to int, optional
        Other lengths an axis of a wrong answer may have, e.g. ``{"sample": 90}``,
        so that a message can say what a wrong axis probably runs over.
    rounding : bool
        Whether a wrong answer whose entries have only 1 to 4 decimals is told that it
        looks rounded. Leave it on for quantities that have many decimals by nature (a
        log-density, a height); turn it off where short decimals are natural (an error
        rate of 1,000 images, frequencies of a few counts). Decided by the exercise,
        never by the expected value.
    explain : callable, optional
        A check's own account of a wrong answer that no mistake names: called with the
        answer as a float array, it returns the message, or None to leave the usual one.

    Returns
    -------
    str or None
        None if the answer matches. Otherwise the message: the recognised mistakes, a
        rounding (seen from the answer's own decimals), or else the shapes compared,
        which entries differ and a summary of the student's own answer.

    Examples
    --------
    >>> forgot_total = Mistake("forgot to divide by N", "Divide the counts by N.", [1, 1])
    >>> compare([0.5, 0.5], [0.5, 0.5], name="priors", mistakes=[forgot_total]) is None
    True
    >>> compare([1.0, 1.0], [0.5, 0.5], name="priors", mistakes=[forgot_total])
    '`priors` is not yet right. It looks like you forgot to divide by N. Divide the counts by N.'
    """
    problem = _not_numbers(answer, name)
    if problem:
        return problem
    answer, expected = np.asarray(answer, dtype=float), np.asarray(expected, dtype=float)
    if matches(answer, expected, rtol, atol):
        return None
    named = []
    for mistake in mistakes:
        if matches(answer, mistake.answer, rtol, atol) and all(
                mistake.diagnosis != other.diagnosis for other in named):
            named.append(mistake)
    if named:
        first, *others = named
        text = f"`{name}` is not yet right. It looks like you {first.diagnosis}. {first.fix}"
        for other in others[:2]:
            fix = "" if other.fix == first.fix else f" {other.fix}"
            text += (f" Or, which gives the same answer on these data, you "
                     f"{other.diagnosis}.{fix}")
        return text
    explained = explain and explain(answer)
    if explained:
        return explained
    if not np.all(np.isfinite(answer)):
        bad = int(np.size(answer) - np.count_nonzero(np.isfinite(answer)))
        return (f"`{name}` is not yet right: {bad} of its {answer.size} entries are NaN or "
                "infinite. Look for a log of zero, a division by zero, or an exp that "
                "overflowed (work in log space).")
    if answer.shape != expected.shape:
        return _shape_message(name, answer, expected, axes, counts)
    bad = ~np.isclose(answer, expected, rtol=rtol, atol=atol)
    rounded_note = rounding and _rounded_note(answer)
    # a rounded answer's own numbers say nothing new: they are the rounding
    summary = "" if rounded_note else f" ({_summary(answer, expected)})"
    advice = rounded_note or ("It matches none of the usual mistakes; go through the formula "
                              "step by step.")
    return (f"`{name}` is not yet right: it has the right shape {answer.shape}, but "
            f"{int(bad.sum())} of its {answer.size} entries differ from the answer by more "
            f"than the relative tolerance {rtol:g}{_where(bad, axes)}{summary}. {advice}")


def report(name, problem=None, against="", *, exact=False):
    """End a check: raise `NotYetRight` with ``problem``, or, if there is none, print the
    check's one line of success. The only place where a check prints or raises a verdict.

    Parameters
    ----------
    name : str
        The answer's name, as the success line shows it.
    problem : str or None
        What is wrong (from `compare`, or a check's own diagnosis), or None.
    against : str
        What the answer was compared with, if the line should say ("the fitted model").
    exact : bool
        Whether the comparison was exact (whole numbers) rather than within `RTOL`.

    Examples
    --------
    >>> report("priors")
    Right: `priors` matches (relative tolerance 1e-05).
    >>> report("n_free_parameters", exact=True)
    Right: `n_free_parameters` matches exactly.
    >>> try:
    ...     report("priors", "`priors` is not yet right.")
    ... except NotYetRight as error:
    ...     print(error)
    `priors` is not yet right.
    """
    if problem:
        raise NotYetRight(problem)
    tolerance = "exactly" if exact else f"(relative tolerance {RTOL:g})"
    print(f"Right: `{name}` matches{' ' + against if against else ''} {tolerance}.")


def check_answer(answer, expected, *, name, mistakes=(), **options):
    """`compare` ``answer`` with ``expected``, then `report` the verdict under ``name``.

    ``options`` are those of `compare`; with ``rtol=0`` and ``atol=0`` the success line
    says "exactly".

    Examples
    --------
    >>> check_answer([0.5, 0.5], np.array([0.5, 0.5]), name="priors")
    Right: `priors` matches (relative tolerance 1e-05).
    """
    exact = options.get("rtol", RTOL) == 0 and options.get("atol", ATOL) == 0
    report(name, compare(answer, expected, name=name, mistakes=mistakes, **options),
           exact=exact)


# ------------------------------------------------------------------ inputs from the instructor

def data_matrix(X, name="X", *, rows="samples", columns="features", n_columns=None,
                same_as=None, min_columns=1, nonnegative=False, binary=False):
    """``X`` as a finite 2-D float array with at least one row, or a ValueError.

    ``n_columns`` is the width ``X`` must have, that of the matrix named ``same_as`` if
    given (test data with the training data's features).

    Examples
    --------
    >>> data_matrix([[1, 2], [3, 4]]).shape
    (2, 2)
    """
    try:
        X = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must hold numbers ({columns}): numpy cannot read it as "
                         "numbers.") from None
    if X.ndim != 2 or X.shape[0] == 0 or X.shape[1] < min_columns or (
            n_columns is not None and X.shape[1] != n_columns):
        wide = n_columns or min_columns
        width = (f"{wide} {columns[:-1] if wide == 1 else columns}" + (
            f" per {rows[:-1]}" if n_columns else "") + (
            f", the same {columns} as {same_as}" if same_as else ""))
        hint = f" For one feature pass a column, e.g. {name}[:, None]." if X.ndim == 1 else ""
        raise ValueError(f"{name} must be a 2-D array ({rows} x {columns}) with at least one "
                         f"row and {width}; got shape {X.shape}.{hint}")
    if not np.all(np.isfinite(X)):
        raise ValueError(f"{name} holds NaN or infinite values; pass the data unchanged.")
    if nonnegative and np.any(X < 0):
        raise ValueError(f"{name} must hold non-negative {columns}; it has negative entries.")
    if binary and not np.isin(X, (0, 1)).all():
        raise ValueError(f"{name} must hold binary {columns}, 0 or 1 (e.g. "
                         "(X > 127).astype(int)); it has other values.")
    return X


def data_vector(x, name="x", *, length=None, what="values", nonnegative=False):
    """``x`` as a finite, non-empty 1-D float array (of ``length`` entries), or a ValueError.

    Examples
    --------
    >>> data_vector([150.0, 174.0], what="heights")
    array([150., 174.])
    """
    shape = np.shape(x)
    if len(shape) != 1 or not shape[0] or shape[0] != (length or shape[0]):
        size = "non-empty 1-D array" if length is None else f"1-D array of length {length}"
        raise ValueError(f"{name} must be a {size} of {what}; got shape {shape}.")
    return data_matrix(np.reshape(x, (1, -1)), name, columns=what, nonnegative=nonnegative)[0]


def class_labels(y, n_rows, name="y", rows_name="X", *, n_classes=None):
    """``y`` as a 1-D array of one label per row, with at least two classes (or exactly
    ``n_classes``), or a ValueError.

    Examples
    --------
    >>> class_labels(["F", "M", "F"], 3)
    array(['F', 'M', 'F'], dtype='<U1')
    """
    y = np.asarray(y)
    if y.shape != (n_rows,):
        raise ValueError(f"{name} must hold one label per row of {rows_name}, shape "
                         f"({n_rows},); got shape {y.shape}.")
    classes = np.unique(y)
    if n_classes is not None and classes.size != n_classes:
        raise ValueError(f"these checks compare {'two' if n_classes == 2 else n_classes} "
                         f"classes, but {name} has {classes.size} ({plain(classes)}).")
    if classes.size < 2:
        raise ValueError(f"{name} must contain at least two classes; got {plain(classes)}.")
    return y


def labelled_data(X, y, *, n_features=None, n_classes=None, covariance=False):
    """Training data and labels that belong together, or a ValueError saying why not.

    With ``covariance=True`` every class needs at least D + 1 samples, more samples
    than features, for an ML covariance (or variance) that is positive definite.

    Examples
    --------
    >>> X, y = labelled_data([[0.0], [1.0], [2.0], [3.0]], ["a", "a", "b", "b"])
    >>> X.shape, y.tolist()
    ((4, 1), ['a', 'a', 'b', 'b'])
    """
    shape = np.shape(X)
    if len(shape) != 2 or np.shape(y) != shape[:1]:
        raise ValueError(f"X must be a 2-D array (N samples, D features) and y must hold one "
                         f"label per row of X; got shapes {shape} and {np.shape(y)}. For one "
                         "feature pass a column, e.g. X[:, None].")
    X = data_matrix(X, n_columns=n_features)
    y = class_labels(y, X.shape[0], n_classes=n_classes)
    if covariance:
        classes, sizes = np.unique(y, return_counts=True)
        if sizes.min() <= X.shape[1]:
            raise ValueError(
                f"every class needs at least {X.shape[1] + 1} samples, more samples than "
                f"features (D = {X.shape[1]}), for its ML covariance to be positive "
                f"definite; the class counts are "
                f"{dict(zip(plain(classes), plain(sizes), strict=True))}.")
    return X, y


def probability(value, name):
    """``value`` as a float strictly between 0 and 1, or a ValueError.

    Examples
    --------
    >>> probability(np.float32(0.25), "prior")
    0.25
    """
    number = as_numbers(value)
    if number is None or number.ndim or not 0.0 < number < 1.0:
        raise ValueError(f"{name} must be a number strictly between 0 and 1; got "
                         f"{plain(value)!r}.")
    return float(number)


def class_priors(priors, n_classes, name="priors"):
    """``priors`` as a float array of ``n_classes`` positive numbers summing to one, or a
    ValueError.

    Examples
    --------
    >>> class_priors([0.25, 0.75], 2)
    array([0.25, 0.75])
    """
    try:
        priors = np.asarray(priors, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numbers, one per class.") from None
    if priors.shape != (n_classes,):
        raise ValueError(f"{name} must have shape ({n_classes},), one per class; got shape "
                         f"{priors.shape}.")
    if not (np.all(np.isfinite(priors)) and np.all(priors > 0)
            and np.isclose(priors.sum(), 1.0)):
        raise ValueError(f"{name} must be positive and sum to one; got {plain(priors)}.")
    return priors


def pseudo_count(alpha):
    """The pseudo-count as a float >= 0 (`lecture_utils.validation.check_alpha`), with a
    ValueError for anything else, as for every other bad input of a check.

    Examples
    --------
    >>> pseudo_count(1)
    1.0
    """
    try:
        return check_alpha(alpha)
    except TypeError as error:
        raise ValueError(str(error)) from None


def categorical_data(values, labels, categories, *, values_name, labels_name, item,
                     categories_name="categories"):
    """One categorical feature and its class labels, or a ValueError saying why not.

    ``values`` is 1-D (or one column) with every entry among ``categories`` (at least
    two, all distinct); ``labels`` holds one class per ``item``, at least two classes.
    Returns ``values``, ``labels`` and ``categories`` as a tuple.

    Examples
    --------
    >>> fur, sex, colours = categorical_data(["black", "white"], ["f", "m"], ["black", "white"],
    ...                                      values_name="fur", labels_name="sex", item="cat")
    >>> fur.tolist(), colours
    (['black', 'white'], ('black', 'white'))
    """
    categories = tuple(np.asarray(categories).tolist())
    if len(categories) < 2 or len(set(categories)) != len(categories):
        raise ValueError(f"{categories_name} must list at least two distinct "
                         f"{categories_name} (the m categories); got {list(categories)}.")
    values, labels = np.asarray(values), np.asarray(labels)
    if values.ndim == 2 and values.shape[1] == 1:
        values = values[:, 0]
    if values.ndim != 1 or values.size == 0:
        raise ValueError(f"{values_name} must be a 1-D array with one value per {item} (or "
                         f"one column, shape (N, 1)); got shape {values.shape}.")
    if labels.shape != values.shape:
        raise ValueError(f"{labels_name} must hold one label per {item} ({values.size}); got "
                         f"shape {labels.shape}.")
    unknown = sorted(set(values.tolist()) - set(categories))
    if unknown:
        raise ValueError(f"{values_name} has the value(s) {unknown}, which are not among the "
                         f"{categories_name} {list(categories)}; pass every possible one as "
                         f"{categories_name}=.")
    if np.unique(labels).size < 2:
        raise ValueError(f"{labels_name} must contain at least two classes, for one table row "
                         "per class.")
    return values, labels, categories
