"""The comparison behind every exercise check: right answers pass, recognised mistakes are
named, anything else is described without the expected value, and nothing is an oracle."""

import ast
import re
from pathlib import Path

import nbformat
import numpy as np
import pytest
from nbclient import NotebookClient

from lecture_utils.exercises import checking
from lecture_utils.exercises.checking import (
    RTOL,
    Mistake,
    NotYetRight,
    call_student_function,
    check_answer,
    compare,
    report,
    student_answer,
)

PACKAGE = Path(checking.__file__).parent

EXPECTED = np.array([[0.25, 1.5, -2.0], [3.125, 0.75, 4.5]])


def _message(answer, expected=EXPECTED, **kwargs):
    message = compare(answer, expected, name="answer", **kwargs)
    with pytest.raises(NotYetRight, match="^" + re.escape(message) + "$"):
        check_answer(answer, expected, name="answer", **kwargs)
    for value in np.ravel(expected):
        for shown in (f"{value}", f"{value:.3g}", f"{value:.4f}"):
            if abs(value) > 1e-12:
                assert shown not in message, (shown, message)
    return message


def test_compare_neither_prints_nor_raises_and_report_prints_one_line(capsys):
    # compare returns the verdict; report is the one place that prints or raises
    assert compare(EXPECTED * (1 + 1e-9), EXPECTED, name="answer") is None
    assert "not yet right" in compare(EXPECTED + 1, EXPECTED, name="answer")
    assert "not attempted yet" in compare(None, EXPECTED, name="answer")
    assert capsys.readouterr().out == ""
    report("answer")
    assert capsys.readouterr().out == "Right: `answer` matches (relative tolerance 1e-05).\n"
    report("n", None, "the model", exact=True)
    assert capsys.readouterr().out == "Right: `n` matches the model exactly.\n"
    with pytest.raises(NotYetRight, match="^`n` is not yet right.$"):
        report("n", "`n` is not yet right.")
    assert capsys.readouterr().out == ""
    check_answer(EXPECTED, EXPECTED, name="answer")
    assert capsys.readouterr().out == "Right: `answer` matches (relative tolerance 1e-05).\n"
    check_answer(3.0, 3, name="n", rtol=0, atol=0)
    assert capsys.readouterr().out == "Right: `n` matches exactly.\n"


def test_lists_and_scalars_are_compared_as_numbers():
    assert compare(EXPECTED.tolist(), EXPECTED, name="answer") is None
    assert compare(0.5, np.float64(0.5), name="p") is None


def test_the_first_matching_mistake_is_named_with_its_fix():
    mistakes = [Mistake("did something else", "Never mind.", EXPECTED + 1),
                Mistake("divided by N - 1 instead of N", "Divide by N.", EXPECTED * 2)]
    message = _message(EXPECTED * 2, mistakes=mistakes)
    assert "It looks like you divided by N - 1 instead of N. Divide by N." in message


@pytest.mark.parametrize("builder, answer, phrase", [
    (Mistake.transposed, EXPECTED.T, "transposed"),
    (lambda e: Mistake.sign_flipped(e, "computed the LLR the wrong way round", "Swap."),
     -EXPECTED, "the LLR the wrong way round"),
    (Mistake.log10_not_ln, EXPECTED / np.log(10), "base-10"),
    (Mistake.probability_not_log, np.exp(EXPECTED), "a probability where its logarithm"),
    (lambda e: Mistake.log_not_probability(np.abs(e)), np.log(np.abs(EXPECTED)),
     "a log-probability where the probability"),
])
def test_the_shared_mistakes_are_recognised(builder, answer, phrase):
    expected = np.abs(EXPECTED) if phrase.startswith("a log-probability") else EXPECTED
    assert phrase in _message(answer, expected, mistakes=[builder(expected)])


def test_an_unrecognised_answer_gets_its_shape_and_own_summary_only():
    wrong = EXPECTED + np.array([[0, 0, 0], [0, 0, 1.0]])
    message = _message(wrong, mistakes=[Mistake.transposed(EXPECTED)], axes=("class", "feature"),
                       rounding=False)
    assert "not yet right" in message and "right shape (2, 3)" in message
    assert "1 of its 6 entries differ" in message
    assert "they are in rows (one per class) 1 and columns (one per feature) 2 only" in message
    assert f"the norm of your answer is {np.linalg.norm(wrong):.4g}" in message
    assert "largest entry in absolute value is at (1, 2)" in message


def test_a_wrong_scalar_reports_the_students_own_value():
    message = _message(0.3, np.float64(0.2), rounding=False)
    assert "your value is 0.3" in message and "0.2" not in message


def test_a_wrong_shape_is_reported_and_silent_broadcasting_named():
    column = _message(np.ones((3, 1)), np.ones(3) * 0.5)
    assert "shape (3, 1), but the answer has shape (3,)" in column
    assert "broadcast" in column
    other = _message(np.ones(4), np.ones(3) * 0.5)
    assert "shape (4,), but the answer has shape (3,)" in other
    assert "broadcast" not in other


@pytest.mark.parametrize("missing", [None, Ellipsis, NotImplemented])
def test_a_missing_answer_is_not_attempted_yet(missing):
    message = _message(missing)
    assert message.startswith("`answer`: not attempted yet: `answer` is still")
    assert "answer cell above" in message


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
    assert compare(1.0 + 1e-4, 1.0, name="x", rtol=1e-3) is None
    assert "relative tolerance 1e-05" in compare(1.0 + 1e-4, 1.0, name="x", rtol=1e-5)
    assert RTOL == 1e-5


def test_a_students_function_is_called_and_its_errors_reported():
    assert call_student_function(lambda a, b: a + b, 1, 2, name="f") == 3

    def unfinished(x):
        raise NotImplementedError()

    def broken(x):
        return x["key"]

    with pytest.raises(NotYetRight, match="`f`: not attempted yet: `f` is not written yet"):
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


# ---- the answer by its name: blank or never-run answers are "not attempted yet" ----------------

def test_an_answer_is_looked_up_by_its_name_where_the_check_is_called():
    p_female = [0.25, 0.75]
    assert student_answer("p_female", "p") == ([0.25, 0.75], "p_female")
    assert student_answer(p_female, "p") == ([0.25, 0.75], "p")
    # text that is no Python name is an answer (which check_answer calls text)
    assert student_answer("0.3", "p") == ("0.3", "p")


@pytest.mark.parametrize("setup, why", [
    ("", "there is no variable `p_female` yet"),
    ("p_female = None", "`p_female` is still None"),
    ("p_female = ...", "`p_female` is still Ellipsis"),
])
def test_a_blank_or_never_run_answer_is_not_attempted_yet(setup, why):
    namespace = {"student_answer": student_answer}
    exec(setup, namespace)
    with pytest.raises(NotYetRight) as caught:
        exec('student_answer("p_female", "p")', namespace)
    message = str(caught.value)
    assert message.startswith(f"`p_female`: not attempted yet: {why}")
    assert message.endswith("Write your answer in its answer cell above (where it says YOUR "
                            "CODE HERE) and run that cell, then run this check again.")


def test_a_function_still_to_write_is_not_attempted_yet():
    def log_density(X, mean, covariance):
        raise NotImplementedError()

    with pytest.raises(NotYetRight, match="^`log_density`: not attempted yet: `log_density` is "
                                          "not written yet"):
        call_student_function(log_density, 1, 2, 3, name="log_density")
    with pytest.raises(NotYetRight, match="^`f`: not attempted yet: `f` is still None: define"):
        student_answer(None, "f", function=True)


# ---- the message is the first thing a student reads ------------------------------------------

def test_ipython_renders_a_failed_check_as_its_message_alone():
    error = NotYetRight("`p` is not yet right. It looks like you did X.")
    assert error._render_traceback_() == ["NotYetRight: `p` is not yet right. It looks like "
                                          "you did X."]


def test_in_a_notebook_the_error_output_is_one_line_and_names_are_found():
    """What nbgrader's feedback shows: the error output of the check cell, run by a kernel."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "import numpy as np\n"
        "from lecture_utils.exercises.iris_gda import check_class_means\n"
        "X = np.array([[0.0, 1.0], [2.0, 1.0], [1.0, 3.0], [5.0, 0.0], [6.0, 2.0], "
        "[7.0, 1.0]])\ny = np.array([0, 0, 0, 1, 1, 1])",
        'check_class_means("means", X, y)',
        "means = [[1.0, 5 / 3], [6.0, 1.0]]\ncheck_class_means(\"means\", X, y)",
        'check_class_means(np.array(means).T, X, y)',
    )])
    NotebookClient(notebook, timeout=60, kernel_name="python3", allow_errors=True).execute()
    blank, right, wrong = (cell.outputs for cell in notebook.cells[1:])
    assert [o.output_type for o in blank] == ["error"]
    assert blank[0].ename == "NotYetRight"
    assert blank[0].traceback == [f"NotYetRight: {blank[0].evalue}"]
    assert blank[0].evalue.startswith("`means`: not attempted yet")
    assert right[0].text == "Right: `means` matches (relative tolerance 1e-05).\n"
    assert len(wrong[0].traceback) == 1 and "It looks like you transposed" in wrong[0].traceback[0]
    assert "lecture_utils" not in wrong[0].traceback[0]


# ---- messages that teach ---------------------------------------------------------------------

def test_mistakes_that_give_the_same_answer_are_all_named():
    one = Mistake("used only the variances", "Use the whole matrix.", EXPECTED * 2)
    other = Mistake("used the Euclidean distance", "Measure in units of Sigma.", EXPECTED * 2)
    message = _message(EXPECTED * 2, mistakes=[one, other, one])
    assert ("It looks like you used only the variances. Use the whole matrix. Or, which gives "
            "the same answer on these data, you used the Euclidean distance. Measure in units "
            "of Sigma.") in message
    assert message.count("used only the variances") == 1


def test_a_missing_row_is_told_what_the_rows_are():
    message = _message(EXPECTED[:1], axes=("class", "feature"))
    assert ("your answer has 1 row (one short: is a class missing?), but the answer has one "
            "per class: 2") in message
    assert "Check which axis" not in message
    message = _message(np.ones((4, 3)), axes=("class", "feature"), counts={"sample": 4})
    assert "your answer has 4 rows (one per sample?), but the answer has one per class: 2" \
        in message
    message = _message(np.ones((2, 1)), np.ones(2) * 0.5, axes=("class",))
    assert "you gave a column, where the answer is a flat array with one entry per class" \
        in message


def test_a_table_of_distributions_is_summarised_by_its_rows():
    posteriors = np.array([[0.15, 0.85], [0.6, 0.4], [0.35, 0.65]])
    unnormalised = posteriors * [[2.0], [1.0], [0.25]]
    message = _message(unnormalised, posteriors, rounding=False)
    assert "your rows sum to between 0.25 and 2, but each row is a probability distribution" \
        in message
    assert "entries sum to" not in message
    shuffled = posteriors[:, ::-1]
    message = _message(shuffled, posteriors, rounding=False)
    assert "each of your rows sums to one, as it should" in message


def test_a_near_zero_answer_is_summarised_by_its_size_and_largest_entry():
    gradient = np.array([[0.3, -0.1, -0.2], [0.05, 0.05, -0.1]])
    wrong = gradient * 1e-16
    message = _message(wrong, gradient)
    assert "the norm of your answer is 3.937e-17" in message and "is at (0, 0)" in message
    assert "e-16" not in message.split("norm")[0]


def test_a_rounded_answer_is_told_from_its_own_decimals():
    expected = np.array([0.123456, 2.71828])
    message = _raw_message([0.12, 2.72], expected)  # its own values only (2.72 is the student's)
    assert "It looks like you rounded it: every entry of your answer has at most 2 decimals" \
        in message
    # the exercise decides whether short decimals are natural, never the expected value
    assert "rounded" not in _message([0.3, 2.6], np.array([0.2, 2.5]), rounding=False)
    assert "rounded" not in _message(np.array([170.0]), np.array([176.4123]))


def test_rounded_inputs_are_named_without_saying_how_far_they_move_the_answer():
    mistakes = Mistake.rounded(2.0, {"the printed a": 2.0004, "the exact a": 2.0000001})
    assert [m.diagnosis for m in mistakes] == ["computed with the printed a, rounded"]
    message = _message(2.0004, np.float64(2.0), mistakes=mistakes)
    assert "It looks like you computed with the printed a, rounded" in message
    assert "0.0004" not in message and "decimal" not in message


def test_class_and_prior_order_mistakes_are_in_the_core():
    expected = np.arange(6.0).reshape(3, 2)
    assert len(Mistake.class_orders(expected)) == 5
    assert "np.unique(sex)" in Mistake.class_orders(expected, labels="np.unique(sex)")[0].fix
    # an order that leaves the priors as they are is no mistake
    reordered = Mistake.prior_orders([0.25, 0.25, 0.5], lambda p: p * 10, "Sort them.")
    assert len(reordered) == 2 and all("another order" in m.diagnosis for m in reordered)
    assert [m.diagnosis for m in Mistake.prior_orders([0.3, 0.7], sum, "Swap.")] == [
        "used the priors in the other order than the classes"]


# ---- right answers computed another valid way pass ------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_the_float32_rounding_of_any_right_answer_passes(seed):
    rng = np.random.default_rng(seed)
    expected = rng.standard_normal((20, 5)) * 10.0 ** rng.integers(-30, 30, size=(20, 5))
    assert compare(expected.astype(np.float32), expected, name="x") is None
    assert compare(np.float32(expected[0, 0]), expected[0, 0], name="x") is None


# ---- no oracle ---------------------------------------------------------------------------------

def _raw_message(answer, expected):
    return compare(answer, expected, name="answer")


@pytest.mark.parametrize("answer", [0.3, 176.123456, -2.5e-3, 12.0, 1 / 3])
def test_a_wrong_scalar_gets_the_same_message_however_close_it_is(answer):
    """The message of an answer that is no typical mistake depends on the answer alone."""
    messages = {_raw_message(answer, np.float64(expected))
                for expected in (answer * (1 + 3e-5), answer + 0.049, answer * 1.5 + 7.1234567,
                                 -answer - 1000.0001)}
    assert len(messages) == 1, messages


def test_a_wrong_array_gets_the_same_message_however_close_it_is():
    answer = np.array([[0.2, 0.8], [0.65, 0.35]])
    messages = {_raw_message(answer, answer + delta) for delta in
                ([[0.0, 0.0], [1e-3, -1e-3]], [[0.0, 0.0], [0.3, -0.3]],
                 [[0.0, 0.0], [-0.1234567, 0.1234567]])}
    assert len(messages) == 1, messages


# ---- the core owns what the checks share ----------------------------------------------------

def _modules():
    return {path.stem: ast.parse(path.read_text()) for path in PACKAGE.glob("*.py")}


def test_one_tolerance_one_style_of_import_and_one_place_that_prints():
    for name, tree in _modules().items():
        assigned = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    for t in node.targets if isinstance(t, ast.Name)}
        if name != "checking":
            assert "RTOL" not in assigned, f"{name} defines its own tolerance"
        absolute = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    and node.level == 0 and (node.module or "").startswith("lecture_utils")]
        assert not absolute, f"{name} imports {absolute} absolutely; the package's are relative"
        calls = [node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Name)]
        text = ast.unparse(tree)
        assert "redirect_stdout" not in text, name
        if name != "checking":
            assert "print" not in calls, f"{name} prints; a check prints through report()"
            assert not re.search(r"def _check_alpha|def rounded|def class_order|permutations|"
                                 r"def _numbers|RTOL, atol=ATOL", text), name


def test_every_check_takes_its_answer_by_name():
    import importlib
    import inspect

    for name in _modules():
        module = importlib.import_module(f"lecture_utils.exercises.{name}")
        for function_name, function in inspect.getmembers(module, inspect.isfunction):
            if (function_name.startswith("check_") and function.__module__ == module.__name__
                    and name != "checking"):
                source = inspect.getsource(function)
                assert "student_answer(" in source, function_name
                assert "report(" in source or "check_answer(" in source, function_name


def test_an_answer_in_the_transposed_layout_is_told_so():
    message = _message(np.ones((3, 2)), EXPECTED, axes=("class", "feature"))
    assert "your answer has one row per feature and one column per class, the transpose" \
        in message
