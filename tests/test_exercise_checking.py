"""The comparison behind every exercise check: right answers pass, recognised mistakes are
named, anything else is described without the expected value."""

import numpy as np
import pytest

from lecture_utils.exercises.checking import (
    Mistake,
    NotYetRight,
    call_student_function,
    check_answer,
    log10_not_ln,
    log_not_probability,
    probability_not_log,
    sign_flipped,
    transposed,
)

EXPECTED = np.array([[0.25, 1.5, -2.0], [3.125, 0.75, 4.5]])


def _message(answer, expected=EXPECTED, **kwargs):
    with pytest.raises(NotYetRight) as caught:
        check_answer(answer, expected, name="answer", **kwargs)
    message = str(caught.value)
    for value in np.ravel(expected):
        for shown in (f"{value}", f"{value:.3g}", f"{value:.4f}"):
            if abs(value) > 1e-12:
                assert shown not in message, (shown, message)
    return message


def test_a_right_answer_prints_one_line_and_returns(capsys):
    check_answer(EXPECTED * (1 + 1e-9), EXPECTED, name="answer")
    assert capsys.readouterr().out == "Right: `answer` matches (relative tolerance 1e-06).\n"


def test_lists_and_scalars_are_compared_as_numbers(capsys):
    check_answer(EXPECTED.tolist(), EXPECTED, name="answer")
    check_answer(0.5, np.float64(0.5), name="p")
    assert capsys.readouterr().out.count("Right") == 2


def test_the_first_matching_mistake_is_named_with_its_fix():
    mistakes = [Mistake("did something else", "Never mind.", EXPECTED + 1),
                Mistake("divided by N - 1 instead of N", "Divide by N.", EXPECTED * 2)]
    message = _message(EXPECTED * 2, mistakes=mistakes)
    assert "It looks like you divided by N - 1 instead of N. Divide by N." in message


@pytest.mark.parametrize("builder, answer, phrase", [
    (transposed, EXPECTED.T, "transposed"),
    (lambda e: sign_flipped(e, "computed the LLR the wrong way round", "Swap."), -EXPECTED,
     "the LLR the wrong way round"),
    (log10_not_ln, EXPECTED / np.log(10), "base-10"),
    (probability_not_log, np.exp(EXPECTED), "a probability where its logarithm"),
    (lambda e: log_not_probability(np.abs(e)), np.log(np.abs(EXPECTED)),
     "a log-probability where the probability"),
])
def test_the_shared_mistakes_are_recognised(builder, answer, phrase):
    expected = np.abs(EXPECTED) if phrase.startswith("a log-probability") else EXPECTED
    assert phrase in _message(answer, expected, mistakes=[builder(expected)])


def test_an_unrecognised_answer_gets_its_shape_and_own_summary_only():
    wrong = EXPECTED + np.array([[0, 0, 0], [0, 0, 1.0]])
    message = _message(wrong, mistakes=[transposed(EXPECTED)])
    assert "not yet right" in message and "right shape (2, 3)" in message
    assert "1 of its 6 entries differ" in message
    assert f"your entries sum to {wrong.sum():.6g}" in message


def test_a_wrong_scalar_reports_the_students_own_value():
    message = _message(0.3, np.float64(0.2))
    assert "your value is 0.3" in message and "0.2" not in message


def test_a_wrong_shape_is_reported_and_silent_broadcasting_named():
    column = _message(np.ones((3, 1)), np.ones(3) * 0.5)
    assert "shape (3, 1), but the answer has shape (3,)" in column
    assert "broadcast" in column
    other = _message(np.ones(4), np.ones(3) * 0.5)
    assert "shape (4,), but the answer has shape (3,)" in other
    assert "broadcast" not in other


@pytest.mark.parametrize("missing", [None, Ellipsis, NotImplemented])
def test_a_missing_answer_says_so(missing):
    assert "still" in _message(missing) and "assign your answer" in _message(missing)


def test_an_answer_that_is_not_numbers_says_so():
    assert "numpy cannot read as numbers" in _message({"a": 1})
    assert "is text ('0.3'), not a number" in _message("0.3", np.float64(0.25))


def test_a_single_number_inside_an_array_is_told_to_come_out():
    message = _message(np.array([0.3]), np.float64(0.2))
    assert "shape (1,), but the answer is a single number of shape ()" in message


def test_nan_and_infinity_are_reported_with_their_usual_causes():
    answer = EXPECTED.copy()
    answer[0, 0] = np.nan
    answer[1, 2] = -np.inf
    message = _message(answer)
    assert "2 of its 6 entries are NaN or infinite" in message and "log of zero" in message


def test_a_mistake_is_named_even_when_it_contains_infinities():
    expected = np.array([-1.0, -2.0])
    no_pseudo_count = Mistake("added no pseudo-count", "Add alpha.", [-np.inf, -2.0])
    assert "added no pseudo-count" in _message([-np.inf, -2.0], expected,
                                               mistakes=[no_pseudo_count])


def test_the_tolerance_is_the_one_stated():
    check_answer(1.0 + 1e-4, 1.0, name="x", rtol=1e-3)
    with pytest.raises(NotYetRight, match="relative tolerance 1e-05"):
        check_answer(1.0 + 1e-4, 1.0, name="x", rtol=1e-5)


def test_a_students_function_is_called_and_its_errors_reported():
    assert call_student_function(lambda a, b: a + b, 1, 2, name="f") == 3

    def unfinished(x):
        raise NotImplementedError()

    def broken(x):
        return x["key"]

    with pytest.raises(NotYetRight, match="`f` is not written yet"):
        call_student_function(unfinished, 1, name="f")
    with pytest.raises(NotYetRight, match="`f` raised TypeError"):
        call_student_function(broken, 1, name="f")
    with pytest.raises(NotYetRight, match="`f` should be a function, but it is a int"):
        call_student_function(3, 1, name="f")


def test_a_failed_check_is_a_failed_assertion_for_graders():
    assert issubclass(NotYetRight, AssertionError)


def test_a_function_not_defined_or_without_return_is_told_so():
    with pytest.raises(NotYetRight, match="`f` is still None: define the function"):
        call_student_function(None, 1, name="f")
    with pytest.raises(NotYetRight, match="`f` returned None: a function without a `return`"):
        call_student_function(print, "printed, not returned", name="f")


def test_a_students_function_cannot_change_the_checks_data():
    data = np.zeros(3)

    def scribble(x):
        x[:] = 1.0
        return x.sum()

    assert call_student_function(scribble, data, name="f") == 3.0
    assert not data.any()
