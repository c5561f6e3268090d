"""Compare a student's answer with the expected one, and say what went wrong.

`check_answer` is the one comparison every exercise check uses. A check
computes the expected value from the exercise's data, and, for each typical
mistake, the value a student who made that mistake would get (a `Mistake`).
If the answer matches the expected value it prints one line and returns. If it
matches a mistake, the error names the mistake and how to fix it. Otherwise the
error says what was compared: the shapes, and one summary of the student's own
answer (never the expected value, so that a check cannot be used to read off
the answer).

The functions `transposed`, `sign_flipped`, `log10_not_ln`, `probability_not_log`
and `log_not_probability` build the mistakes that many exercises share.
"""

from dataclasses import dataclass

import numpy as np


class NotYetRight(AssertionError):
    """An answer that does not match yet; the message says what is known about why.

    A subclass of `AssertionError`, so that a grader (nbgrader, pytest) counts a
    failed check as a failed test.
    """


@dataclass(frozen=True)
class Mistake:
    """A typical mistake: the answer it leads to, and what to tell the student.

    Parameters
    ----------
    diagnosis : str
        What the student probably did, completing "It looks like you ...",
        e.g. ``"divided by N - 1 instead of N"``.
    fix : str
        One or two sentences on how to put it right, without the answer's value.
    answer : array_like
        The value a student who made this mistake would get.
    """

    diagnosis: str
    fix: str
    answer: object


def _as_numbers(value, name):
    """``value`` as a float array, or a `NotYetRight` that says why it is not numbers."""
    if value is None or value is Ellipsis or value is NotImplemented:
        raise NotYetRight(f"`{name}` is still {value!r}: assign your answer to `{name}` "
                          "and run its cell again.")
    if isinstance(value, str | bytes):
        raise NotYetRight(f"`{name}` is text ({value!r}), not a number: compute it with "
                          "numpy instead of typing or formatting it.")
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError) as error:
        raise NotYetRight(f"`{name}` should be a number or an array of numbers, but it is "
                          f"a {type(value).__name__} that numpy cannot read as numbers "
                          f"({error}).") from None


def _matches(answer, target, rtol, atol):
    return answer.shape == target.shape and np.allclose(answer, target, rtol=rtol, atol=atol)


def _summary(answer):
    """One summary of the student's answer, for a message that must not reveal the expected."""
    if answer.size == 1:
        return f"your value is {answer.item():.6g}"
    # Not its smallest or largest entry: in an almost right answer those are often right,
    # and would give away entries of the expected value.
    return f"your entries sum to {answer.sum():.6g}"


def check_answer(answer, expected, *, name, mistakes=(), rtol=1e-6, atol=1e-9):
    """Pass a right ``answer`` quietly, or raise `NotYetRight` saying what went wrong.

    The answer is right when it has the expected shape and
    ``|answer - expected| <= atol + rtol |expected|`` entry by entry
    (`numpy.allclose`).

    Parameters
    ----------
    answer : array_like or None
        What the student computed.
    expected : array_like
        The right value. It never appears in a message.
    name : str
        The name of the student's variable, as the messages should show it.
    mistakes : sequence of Mistake
        Typical mistakes, tried in order; the first whose answer matches is named.
    rtol, atol : float
        The tolerances of the comparison; the success line states ``rtol``.

    Raises
    ------
    NotYetRight
        If the answer does not match. The message names a recognised mistake,
        or else gives the shapes compared and one summary of the student's answer.

    Examples
    --------
    >>> check_answer([0.5, 0.5], [0.5, 0.5], name="priors")
    Right: `priors` matches (relative tolerance 1e-06).
    >>> forgot_total = Mistake("forgot to divide by N", "Divide the counts by N.", [1, 1])
    >>> try:
    ...     check_answer([1.0, 1.0], [0.5, 0.5], name="priors", mistakes=[forgot_total])
    ... except NotYetRight as error:
    ...     print(error)
    `priors` is not yet right. It looks like you forgot to divide by N. Divide the counts by N.
    """
    answer = _as_numbers(answer, name)
    expected = np.asarray(expected, dtype=float)
    if _matches(answer, expected, rtol, atol):
        print(f"Right: `{name}` matches (relative tolerance {rtol:g}).")
        return
    for mistake in mistakes:
        if _matches(answer, np.asarray(mistake.answer, dtype=float), rtol, atol):
            raise NotYetRight(f"`{name}` is not yet right. It looks like you "
                              f"{mistake.diagnosis}. {mistake.fix}")
    if not np.all(np.isfinite(answer)):
        bad = int(np.size(answer) - np.count_nonzero(np.isfinite(answer)))
        raise NotYetRight(f"`{name}` is not yet right: {bad} of its {answer.size} entries "
                          "are NaN or infinite. Look for a log of zero, a division by zero, "
                          "or an exp that overflowed (work in log space).")
    if answer.shape != expected.shape and answer.size == expected.size == 1:
        raise NotYetRight(f"`{name}` has shape {answer.shape}, but the answer is a single "
                          f"number of shape {expected.shape}: take it out of its array "
                          "(e.g. `float(value)` or `value.item()`) and check it again.")
    if answer.shape != expected.shape:
        try:
            np.broadcast_shapes(answer.shape, expected.shape)
            silent = (" numpy would broadcast these two shapes without a word, "
                      "so later arithmetic would go wrong silently.")
        except ValueError:
            silent = ""
        raise NotYetRight(f"`{name}` has shape {answer.shape}, but the answer has shape "
                          f"{expected.shape}.{silent} Check which axis is which.")
    differ = int(np.count_nonzero(~np.isclose(answer, expected, rtol=rtol, atol=atol)))
    raise NotYetRight(f"`{name}` is not yet right: it has the right shape {answer.shape}, "
                      f"but {differ} of its {answer.size} entries differ from the answer "
                      f"by more than the relative tolerance {rtol:g} ({_summary(answer)}). "
                      "It matches none of the usual mistakes; go through the formula "
                      "step by step.")


def transposed(expected):
    """The mistake of returning the transpose (e.g. means as features x classes)."""
    expected = np.asarray(expected, dtype=float)
    return Mistake("transposed the array (rows and columns swapped)",
                   "Check which axis each index runs along (what the rows are, what "
                   "the columns are), the axis you reduced over, and any `.T`.", expected.T)


def sign_flipped(expected, diagnosis, fix):
    """The mistake of the opposite sign, e.g. an LLR computed the wrong way round."""
    return Mistake(diagnosis, fix, -np.asarray(expected, dtype=float))


def log10_not_ln(expected_log):
    """The mistake of base-10 logarithms where natural logarithms are meant."""
    return Mistake("used base-10 logarithms (np.log10)",
                   "The lectures' logs are natural logs: use np.log.",
                   np.asarray(expected_log, dtype=float) / np.log(10))


def probability_not_log(expected_log):
    """The mistake of giving a probability (or density) where its logarithm is asked for."""
    return Mistake("gave a probability where its logarithm is asked for",
                   "Take the log, or better, compute in log space from the start.",
                   np.exp(np.asarray(expected_log, dtype=float)))


def log_not_probability(expected_probability):
    """The mistake of giving a log-probability where the probability is asked for."""
    with np.errstate(divide="ignore"):
        logged = np.log(np.asarray(expected_probability, dtype=float))
    return Mistake("gave a log-probability where the probability is asked for",
                   "Exponentiate it (after subtracting the maximum, if you normalise).",
                   logged)


def call_student_function(function, *args, name):
    """``function(*args)``, with every way it can go wrong reported as `NotYetRight`.

    The function gets copies of array arguments, so that it cannot change the check's
    data. Not defined yet (None), not a function, not written yet
    (``raise NotImplementedError()``), an error from inside it, and no return value
    (None: a missing ``return``, or a ``print`` in its place) each get their own message.
    """
    if function is None:
        raise NotYetRight(f"`{name}` is still None: define the function `{name}` and run "
                          "its cell again.")
    if not callable(function):
        raise NotYetRight(f"`{name}` should be a function, but it is a "
                          f"{type(function).__name__}.")
    copies = [np.copy(arg) if isinstance(arg, np.ndarray) else arg for arg in args]
    try:
        answer = function(*copies)
    except NotImplementedError:
        raise NotYetRight(f"`{name}` is not written yet: replace the "
                          "`raise NotImplementedError()` with your code.") from None
    except Exception as error:
        raise NotYetRight(f"`{name}` raised {type(error).__name__}: {error}") from None
    if answer is None:
        raise NotYetRight(f"`{name}` returned None: a function without a `return` statement "
                          "(or one that prints its result instead) returns None. End it with "
                          "`return` and the value it computes.")
    return answer
