"""Wrong answers written the way students write them, and what the checks must say to them.

Each test module of an exercise check keeps a list ``ATTEMPTS`` of `Attempt`: a call of a
check with one wrong answer, computed in the test independently of the check's own list of
mistakes, and the phrase its message must contain (None: the answer is no typical mistake,
and the message must say so fairly). `run` runs one attempt and asserts that

- the check raises `NotYetRight`;
- a named mistake ("It looks like you ...") carries the phrase, and an unnamed answer gets
  "none of the usual mistakes" (or, for a wrong shape, what each axis should run over);
- the message is no oracle (`assert_no_oracle`): it shows neither the expected value, nor
  its rounding, nor how far the answer is from it.

`attempt_tests` makes the two tests every such module runs on its attempts; `named_fraction`
measures how many of a module's attempts are named (run this file as a script to print the
fraction per module).
"""

import re
from dataclasses import dataclass

import numpy as np
import pytest

from lecture_utils.exercises.checking import NotYetRight

NAMED = "It looks like you"
GENERIC = "none of the usual mistakes"
SHAPES = "but the answer has shape"

#: A number in a message: an integer, a decimal or a number in scientific notation.
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?%?")
#: Phrases that say how close an answer is (an oracle), whatever the numbers.
CLOSENESS = re.compile(r"within \d|off by|too (?:large|small|big|high|low)|close to the "
                       r"(?:answer|expected)|decimals? (?:of|like) the answer|\d+ correct "
                       r"decimals|(?:higher|lower|larger|smaller) than the answer",
                       re.IGNORECASE)


@dataclass(frozen=True)
class Attempt:
    """One wrong answer given to one check.

    Parameters
    ----------
    check : str
        The check's name, e.g. ``"check_class_means"``.
    what : str
        What the student did, in a few words (the test id).
    call : callable
        Calls the check with the wrong answer; takes no arguments.
    phrase : str or None
        A phrase the message must contain when the mistake is named; None when the
        answer is no typical mistake.
    expected : array_like
        The right answer, which no message may show.
    answer : array_like, optional
        The student's answer, if it is numbers: its own values may appear in a message.
    """

    check: str
    what: str
    call: object
    phrase: object
    expected: object
    answer: object = None


def _forms(value):
    """Every way a number may be printed that still says something about it: 2 to 6
    significant digits, 2 to 4 decimals, repr, and as a percentage."""
    value = float(value)
    if not np.isfinite(value):
        return set()
    forms = {repr(value), str(value), f"{value:g}"}
    forms |= {f"{value:.{k}g}" for k in range(2, 7)}
    forms |= {f"{value:.{k}f}" for k in range(2, 5)}
    forms |= {f"{100 * value:.{k}f}%" for k in range(0, 3)} | {f"{100 * value:.1f}"}
    # fewer than two significant digits say little and collide with every small number
    return {form for form in forms if sum(c.isdigit() for c in form.lstrip("-0.")) >= 2
            or re.fullmatch(r"-?\d+", form) and abs(value) > 10}


def _entries(value, most=400):
    try:
        values = np.ravel(np.asarray(value, dtype=float))
    except (TypeError, ValueError):
        return np.array([])
    return values[:most]


def assert_no_oracle(message, expected, answer=None):
    """The message shows no entry of ``expected`` (in any usual rounding), no distance of
    ``answer`` from it, and no phrase saying how close the answer is.

    Numbers the student's own answer contains are allowed: they tell the student nothing
    new. Integers up to 10 are allowed (indices, shapes, counts of entries).
    """
    assert not CLOSENESS.search(message), f"the message says how close: {message}"
    tokens = set(NUMBER.findall(message))
    own = set().union(*(_forms(v) for v in _entries(answer))) if answer is not None else set()
    hidden = set().union(*(_forms(v) for v in _entries(expected)))
    try:
        gap = np.asarray(answer, dtype=float) - np.asarray(expected, dtype=float)
        if gap.size:
            hidden |= set().union(*(_forms(v) for v in (np.abs(gap).max(), np.abs(gap).min(),
                                                         np.linalg.norm(gap))))
            scale = np.abs(np.asarray(expected, dtype=float)).max()
            if scale > 0:
                hidden |= _forms(np.abs(gap).max() / scale)
    except (TypeError, ValueError):
        pass
    leaked = {t for t in tokens - own if t in hidden
              and not (re.fullmatch(r"-?\d+", t) and abs(int(t)) <= 10)}
    assert not leaked, f"the message shows {sorted(leaked)}, from the expected value: {message}"


def message_of(attempt):
    with pytest.raises(NotYetRight) as caught:
        attempt.call()
    return str(caught.value)


def run(attempt):
    """Run one attempt and assert what its message must be; return the message."""
    message = message_of(attempt)
    if attempt.phrase is None:
        assert GENERIC in message or SHAPES in message, f"{attempt.what}: {message}"
    else:
        assert NAMED in message, f"{attempt.what} is not named: {message}"
        assert attempt.phrase in message, f"{attempt.what}: {message}"
    assert_no_oracle(message, attempt.expected, attempt.answer)
    return message


def named_fraction(attempts):
    """The fraction of ``attempts`` whose message names a mistake."""
    return sum(a.phrase is not None for a in attempts) / len(attempts)


def ids(attempts):
    return [f"{a.check}: {a.what}" for a in attempts]


def attempt_tests(attempts):
    """The two tests of a check module's ``attempts``, to assign to its test names: every
    wrong answer gets a fair message (`run`), and at least three quarters of them are named,
    with at least eight attempts per check."""
    @pytest.mark.parametrize("attempt", attempts, ids=ids(attempts))
    def test_a_students_wrong_answer_gets_a_fair_message(attempt):
        run(attempt)

    def test_three_quarters_of_the_wrong_answers_are_named():
        assert named_fraction(attempts) >= 0.75
        for check in {a.check for a in attempts}:
            assert len([a for a in attempts if a.check == check]) >= 8, check

    return (test_a_students_wrong_answer_gets_a_fair_message,
            test_three_quarters_of_the_wrong_answers_are_named)


if __name__ == "__main__":  # pragma: no cover - prints the fractions for a report
    import importlib
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    for module in ("iris_gda", "height_gender_llr", "lda_vs_logistic", "cat_fur",
                   "c_vs_python", "mnist_gaussians"):
        attempts = importlib.import_module(f"test_exercises_{module}").ATTEMPTS
        per_check = {}
        for a in attempts:
            named, total = per_check.get(a.check, (0, 0))
            per_check[a.check] = (named + (a.phrase is not None), total + 1)
        print(f"{module}: {sum(a.phrase is not None for a in attempts)}/{len(attempts)} named "
              f"({named_fraction(attempts):.0%}); "
              + ", ".join(f"{c} {n}/{t}" for c, (n, t) in per_check.items()))
