"""The checks of the cat-fur exercise notebook: right answers pass, typical mistakes are named.

Every right answer and every mistake is computed here from the data with pandas and numpy,
the way a student would, not with the checks' own code.
"""

import re

import numpy as np
import pandas as pd
import pytest

from lecture_utils.datasets import FUR_COLOURS, load_cat_fur, load_cat_shelter
from lecture_utils.exercises.cat_fur import (
    check_ml_estimates,
    check_posterior,
    check_pseudo_count_estimates,
)
from lecture_utils.exercises.checking import NotYetRight

CATS = load_cat_fur()
FUR, SEX = CATS.X[:, 0], CATS.y
SHELTER = load_cat_shelter()
SHELTER_FUR, SHELTER_SEX = SHELTER.X[:, 0], SHELTER.y
M = len(FUR_COLOURS)


def crosstab(fur, sex, alphabetical=False):
    """N_kj: rows the sorted sexes, columns FUR_COLOURS (or the colours sorted alphabetically)."""
    table = pd.crosstab(pd.Series(sex, name="sex"), pd.Series(fur, name="fur"))
    if not alphabetical:
        table = table.reindex(columns=list(FUR_COLOURS), fill_value=0)
    return table.to_numpy(dtype=float)


def returning(value):
    """A student function that returns ``value`` whatever it is given."""
    return lambda *args: value


def assert_hides(message, expected):
    """No entry of ``expected`` (other than 0 and 1) appears in ``message``, in any usual format."""
    for v in np.atleast_1d(expected).ravel():
        if np.isclose(v, 0) or np.isclose(v, 1):
            continue
        for text in (f"{v:.3g}", f"{v:.4f}", f"{v:.6g}", repr(float(v))):
            assert text not in message, (text, message)


def not_yet_right(check, *args, **kwargs):
    with pytest.raises(NotYetRight) as caught:
        check(*args, **kwargs)
    return str(caught.value)


# ------------------------------------------------------------------ exercise 1: ML estimates

COUNTS = crosstab(FUR, SEX)
ML = COUNTS / COUNTS.sum(axis=1, keepdims=True)
BY_COLOUR = COUNTS / COUNTS.sum(axis=0, keepdims=True)
ALPHABETICAL = crosstab(FUR, SEX, alphabetical=True)

ML_MISTAKES = {
    "normalised over the classes": BY_COLOUR,
    "gave the counts": COUNTS,
    "number of all cats N": COUNTS / FUR.size,
    r"P\(sex \| colour\)": BY_COLOUR.T,
    "transposed": ML.T,
    "classes in another order": ML[::-1],
    "alphabetically": ALPHABETICAL / ALPHABETICAL.sum(axis=1, keepdims=True),
    "log-probability": np.log(ML, where=ML > 0, out=np.full_like(ML, -np.inf)),
}


def test_ml_right_answer_passes(capsys):
    check_ml_estimates(returning(ML), FUR, SEX)
    assert capsys.readouterr().out.startswith("Right: `ml_estimates(fur, sex)` matches")


def test_ml_right_answer_passes_on_other_cats(capsys):
    counts = crosstab(SHELTER_FUR, SHELTER_SEX)
    check_ml_estimates(returning(counts / counts.sum(axis=1, keepdims=True)),
                       SHELTER_FUR, SHELTER_SEX)
    assert "Right" in capsys.readouterr().out


def test_ml_student_function_gets_the_data():
    def ml_estimates(fur, sex):
        counts = np.array([[np.sum((sex == k) & (fur == j)) for j in FUR_COLOURS]
                           for k in np.unique(sex)], dtype=float)
        return counts / counts.sum(axis=1, keepdims=True)

    check_ml_estimates(ml_estimates, FUR, SEX)
    check_ml_estimates(ml_estimates, SHELTER_FUR, SHELTER_SEX)


@pytest.mark.parametrize("phrase", list(ML_MISTAKES))
def test_ml_mistake_is_named(phrase):
    message = not_yet_right(check_ml_estimates, returning(ML_MISTAKES[phrase]), FUR, SEX)
    assert re.search(phrase, message), message
    assert_hides(message, ML)


def test_ml_unrecognised_answer():
    wrong = ML + np.array([[0.05, -0.05, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
    message = not_yet_right(check_ml_estimates, returning(wrong), FUR, SEX)
    assert "matches none of the usual mistakes" in message
    assert_hides(message, ML)


def test_ml_function_none_and_not_written():
    assert "still None" in not_yet_right(check_ml_estimates, None, FUR, SEX)
    assert "returned None" in not_yet_right(check_ml_estimates, returning(None), FUR, SEX)

    def unwritten(fur, sex):
        raise NotImplementedError()

    assert "not written yet" in not_yet_right(check_ml_estimates, unwritten, FUR, SEX)
    assert "raised ZeroDivisionError" in not_yet_right(check_ml_estimates,
                                                       lambda fur, sex: 1 / 0, FUR, SEX)


def test_ml_class_totals_as_a_flat_vector_get_a_hint():
    def flat_totals(fur, sex):
        counts = crosstab(fur, sex)
        return counts / counts.sum(axis=1)          # (K, m) / (K,): numpy refuses, K != m

    message = not_yet_right(check_ml_estimates, flat_totals, FUR, SEX)
    assert "raised ValueError" in message and "keepdims=True" in message, message
    assert "  " not in message, message


def test_ml_nan_answer():
    message = not_yet_right(check_ml_estimates, returning(np.full((2, M), np.nan)), FUR, SEX)
    assert "NaN" in message


def test_ml_student_function_cannot_change_the_data():
    def spoils(fur, sex):
        fur[:] = "white"
        return ML

    fur = FUR.copy()
    check_ml_estimates(spoils, fur, SEX)
    assert np.array_equal(fur, FUR)


@pytest.mark.parametrize("fur, sex, colours, match", [
    (FUR[:9], SEX, FUR_COLOURS, "one label per cat"),
    (np.append(FUR[:9], "grey"), SEX, FUR_COLOURS, "not among the colours"),
    (FUR, np.full(10, "female"), FUR_COLOURS, "at least two classes"),
    (CATS.X.repeat(2, axis=1), SEX, FUR_COLOURS, "1-D array"),
    (FUR, SEX, ("black", "black"), "distinct colours"),
])
def test_ml_bad_data(fur, sex, colours, match):
    with pytest.raises(ValueError, match=match):
        check_ml_estimates(returning(ML), fur, sex, colours=colours)


def test_ml_one_column_fur_is_accepted(capsys):
    check_ml_estimates(returning(ML), CATS.X, SEX)
    assert "Right" in capsys.readouterr().out


# ------------------------------------------------------------------ exercise 2: pseudo-counts

def smoothed(counts, alpha):
    return (counts + alpha) / (counts.sum(axis=1, keepdims=True) + M * alpha)


SMOOTHED = smoothed(COUNTS, 1.0)
N_K = COUNTS.sum(axis=1, keepdims=True)
SEEN = (COUNTS > 0).sum(axis=1, keepdims=True)
PSEUDO_MISTAKES = {
    "total only": COUNTS / (N_K + M),
    "not to the total": (COUNTS + 1) / N_K,
    "total once": (COUNTS + 1) / (N_K + 1),
    "colours seen": (COUNTS + 1) / (N_K + SEEN),
    "left out the pseudo-count": ML,
    "transposed": SMOOTHED.T,
    "classes in another order": SMOOTHED[::-1],
    "alphabetically": smoothed(ALPHABETICAL, 1.0),
    "number of classes K": (COUNTS + 1) / (N_K + len(np.unique(SEX))),
    "all N cats": (COUNTS + 1) / (FUR.size + M),
    "log-probability": np.log(SMOOTHED),
}


def test_pseudo_right_answer_passes(capsys):
    check_pseudo_count_estimates(returning(SMOOTHED), FUR, SEX, alpha=1.0)
    assert capsys.readouterr().out.startswith(
        "Right: `pseudo_count_estimates(fur, sex, alpha)` matches")


def test_pseudo_student_function_gets_alpha(capsys):
    def pseudo_count_estimates(fur, sex, alpha):
        return smoothed(crosstab(fur, sex), alpha)

    for alpha in (0.0, 0.5, 1.0, 10.0):
        check_pseudo_count_estimates(pseudo_count_estimates, FUR, SEX, alpha=alpha)
    check_pseudo_count_estimates(pseudo_count_estimates, SHELTER_FUR, SHELTER_SEX, alpha=0.5)
    assert capsys.readouterr().out.count("Right") == 5


@pytest.mark.parametrize("phrase", list(PSEUDO_MISTAKES))
def test_pseudo_mistake_is_named(phrase):
    message = not_yet_right(check_pseudo_count_estimates, returning(PSEUDO_MISTAKES[phrase]),
                            FUR, SEX, alpha=1.0)
    assert phrase in message, message
    assert_hides(message, SMOOTHED)


def test_pseudo_seen_colours_on_other_cats():
    # No male shelter cat is calico: m would be 3 for the males and 4 for the females.
    counts = crosstab(SHELTER_FUR, SHELTER_SEX)
    seen = (counts > 0).sum(axis=1, keepdims=True)
    wrong = (counts + 0.5) / (counts.sum(axis=1, keepdims=True) + 0.5 * seen)
    message = not_yet_right(check_pseudo_count_estimates, returning(wrong), SHELTER_FUR,
                            SHELTER_SEX, alpha=0.5)
    assert "colours seen" in message
    assert_hides(message, smoothed(counts, 0.5))


def test_pseudo_unrecognised_none_and_nan():
    wrong = SMOOTHED * np.array([[1.1], [0.9]])
    message = not_yet_right(check_pseudo_count_estimates, returning(wrong), FUR, SEX)
    assert "matches none of the usual mistakes" in message
    assert_hides(message, SMOOTHED)
    assert "still None" in not_yet_right(check_pseudo_count_estimates, None, FUR, SEX)
    assert "NaN" in not_yet_right(check_pseudo_count_estimates,
                                  returning(np.full((2, M), np.nan)), FUR, SEX)


def test_pseudo_alpha_typed_in_as_one():
    # Right at alpha = 1, so only a call with another alpha can tell.
    counts = crosstab(SHELTER_FUR, SHELTER_SEX)
    message = not_yet_right(check_pseudo_count_estimates, returning(smoothed(counts, 1.0)),
                            SHELTER_FUR, SHELTER_SEX, alpha=0.5)
    assert "used alpha = 1" in message, message
    assert_hides(message, smoothed(counts, 0.5))


def test_pseudo_model_without_exp_is_named():
    def from_log_table(fur, sex, alpha):
        return np.log(smoothed(crosstab(fur, sex), alpha))

    message = not_yet_right(check_pseudo_count_estimates, from_log_table, FUR, SEX, alpha=1.0)
    assert "log-probability" in message, message


@pytest.mark.parametrize("alpha", [-1.0, np.inf, "one"])
def test_pseudo_bad_alpha(alpha):
    with pytest.raises(ValueError, match="alpha"):
        check_pseudo_count_estimates(returning(SMOOTHED), FUR, SEX, alpha=alpha)


# ------------------------------------------------------------------ exercise 4: posteriors

S_COUNTS = crosstab(SHELTER_FUR, SHELTER_SEX)
S_PI = smoothed(S_COUNTS, 1.0)                                  # (K, m), female first
S_PRIORS = np.array([np.mean(SHELTER_SEX == "female"), np.mean(SHELTER_SEX == "male")])
S_JOINT = S_PI * S_PRIORS[:, None]
P_FEMALE = S_JOINT[0] / S_JOINT.sum(axis=0)
S_ML = S_COUNTS / S_COUNTS.sum(axis=1, keepdims=True)
S_SWAPPED = S_PI * S_PRIORS[::-1, None]
S_COLOUR_FREQUENCY = (pd.Series(SHELTER_FUR).value_counts().reindex(list(FUR_COLOURS))
                      .to_numpy(dtype=float) / SHELTER_FUR.size)          # N_j / N
ALPHABETICAL_ORDER = [list(FUR_COLOURS).index(colour) for colour in sorted(FUR_COLOURS)]

POSTERIOR_MISTAKES = {
    "left out the class priors": S_PI[0] / S_PI.sum(axis=0),
    "did not normalise": S_JOINT[0],
    "log-probability": np.log(P_FEMALE),
    "posterior of 'male'": 1 - P_FEMALE,
    "likelihood": S_PI[0],
    "swapped the two class priors": S_SWAPPED[0] / S_SWAPPED.sum(axis=0),
    "maximum-likelihood": S_ML[0] * S_PRIORS[0] / (S_ML * S_PRIORS[:, None]).sum(axis=0),
    "colour's frequency": S_JOINT[0] / S_COLOUR_FREQUENCY,
    "alphabetically": P_FEMALE[ALPHABETICAL_ORDER],
}


def test_posterior_right_answer_passes(capsys):
    check_posterior(P_FEMALE, SHELTER_FUR, SHELTER_SEX, alpha=1.0, target="female")
    assert capsys.readouterr().out.startswith("Right: `p_female` matches")


def test_posterior_of_the_other_class_passes_when_asked(capsys):
    check_posterior(1 - P_FEMALE, SHELTER_FUR, SHELTER_SEX, alpha=1.0, target="male")
    assert capsys.readouterr().out.startswith("Right: `p_male` matches")


@pytest.mark.parametrize("phrase", list(POSTERIOR_MISTAKES))
def test_posterior_mistake_is_named(phrase):
    message = not_yet_right(check_posterior, POSTERIOR_MISTAKES[phrase], SHELTER_FUR,
                            SHELTER_SEX, alpha=1.0)
    assert phrase in message, message
    assert_hides(message, P_FEMALE)


def test_posterior_unrecognised_shape_none_and_nan():
    message = not_yet_right(check_posterior, P_FEMALE * 0.9, SHELTER_FUR, SHELTER_SEX)
    assert "matches none of the usual mistakes" in message
    assert_hides(message, P_FEMALE)
    message = not_yet_right(check_posterior, P_FEMALE[:, None], SHELTER_FUR, SHELTER_SEX)
    assert "broadcast" in message
    assert_hides(message, P_FEMALE)
    assert "still None" in not_yet_right(check_posterior, None, SHELTER_FUR, SHELTER_SEX)
    assert "NaN" in not_yet_right(check_posterior, np.full(M, np.nan), SHELTER_FUR,
                                  SHELTER_SEX)


def test_posterior_bad_target():
    with pytest.raises(ValueError, match="target"):
        check_posterior(P_FEMALE, SHELTER_FUR, SHELTER_SEX, target="kitten")


# ------------------------------------------------------------------ wrong answers as students
# write them: named, fairly described, never an oracle

from exercise_attempts import Attempt, attempt_tests  # noqa: E402


def _ml_attempt(what, answer, phrase):
    return Attempt("check_ml_estimates", what,
                   lambda: check_ml_estimates(returning(answer), FUR, SEX), phrase, ML, answer)


def _pseudo_attempt(what, answer, phrase, alpha=1.0):
    return Attempt("check_pseudo_count_estimates", what,
                   lambda: check_pseudo_count_estimates(returning(answer), FUR, SEX, alpha=alpha),
                   phrase, smoothed(COUNTS, alpha), answer)


def _posterior_attempt(what, answer, phrase):
    return Attempt("check_posterior", what,
                   lambda: check_posterior(answer, SHELTER_FUR, SHELTER_SEX, alpha=1.0,
                                           target="female"), phrase, P_FEMALE, answer)


with np.errstate(divide="ignore"):
    _LOG_ML = np.log(ML)

ATTEMPTS = [
    _ml_attempt("over the classes", BY_COLOUR, "normalised over the classes"),
    _ml_attempt("counts", COUNTS, "gave the counts"),
    _ml_attempt("joint", COUNTS / FUR.size, "number of all cats N"),
    _ml_attempt("P(sex | colour)", BY_COLOUR.T, r"P(sex | colour)"),
    _ml_attempt("transposed", ML.T, "transposed"),
    _ml_attempt("rows reversed", ML[::-1], "another order"),
    _ml_attempt("crosstab's alphabetical colours", ALPHABETICAL
                / ALPHABETICAL.sum(axis=1, keepdims=True), "alphabetically"),
    _ml_attempt("logs", _LOG_ML, "log-probability"),
    _ml_attempt("sexes ignored", np.tile(COUNTS.sum(axis=0) / COUNTS.sum(), (2, 1)),
                "sexes ignored"),
    _ml_attempt("Laplace", smoothed(COUNTS, 1.0), "pseudo-count of 1"),
    _ml_attempt("percentages", 100 * ML, "percentages"),
    _ml_attempt("one class only", ML[:1], None),
    _ml_attempt("scaled by the largest count", COUNTS / COUNTS.max(), None),
    _pseudo_attempt("total only", COUNTS / (N_K + M), "total only"),
    _pseudo_attempt("numerator only", (COUNTS + 1) / N_K, "not to the total"),
    _pseudo_attempt("total once", (COUNTS + 1) / (N_K + 1), "total once"),
    _pseudo_attempt("colours seen", (COUNTS + 1) / (N_K + SEEN), "colours seen"),
    _pseudo_attempt("no alpha", ML, "left out the pseudo-count"),
    _pseudo_attempt("K for m", (COUNTS + 1) / (N_K + 2), "number of classes K"),
    _pseudo_attempt("all N", (COUNTS + 1) / (FUR.size + M), "all N cats"),
    _pseudo_attempt("alpha after dividing", (ML + 1) / (1 + M), "after dividing"),
    _pseudo_attempt("alpha typed as 1", smoothed(COUNTS, 1.0), "used alpha = 1", alpha=0.5),
    _pseudo_attempt("transposed", SMOOTHED.T, "transposed"),
    _pseudo_attempt("rounded", SMOOTHED.round(2), "rounded"),
    _pseudo_attempt("2 alpha in the total", (COUNTS + 1) / (N_K + 2 * M), None),
    _posterior_attempt("no priors", POSTERIOR_MISTAKES["left out the class priors"],
                       "left out the class priors"),
    _posterior_attempt("joint", S_JOINT[0], "did not normalise"),
    _posterior_attempt("log", np.log(P_FEMALE), "log-probability"),
    _posterior_attempt("male", 1 - P_FEMALE, "posterior of 'male'"),
    _posterior_attempt("likelihood", S_PI[0], "likelihood"),
    _posterior_attempt("priors swapped", S_SWAPPED[0] / S_SWAPPED.sum(axis=0),
                       "swapped the two class priors"),
    _posterior_attempt("ML estimates", POSTERIOR_MISTAKES["maximum-likelihood"],
                       "maximum-likelihood"),
    _posterior_attempt("colour frequency", S_JOINT[0] / S_COLOUR_FREQUENCY, "colour's frequency"),
    _posterior_attempt("normalised over colours", S_JOINT[0] / S_JOINT[0].sum(),
                       "normalised over the colours"),
    _posterior_attempt("alphabetical", P_FEMALE[ALPHABETICAL_ORDER], "alphabetically"),
    _posterior_attempt("a column", P_FEMALE[:, None], None),
    _posterior_attempt("odds", S_JOINT[0] / S_JOINT[1], None),
]


(test_a_students_wrong_answer_gets_a_fair_message,
 test_three_quarters_of_the_wrong_answers_are_named) = attempt_tests(ATTEMPTS)


def test_right_answers_in_other_forms_pass(capsys):
    from sklearn.naive_bayes import CategoricalNB

    table = pd.crosstab(pd.Series(SEX, name="sex"), pd.Series(FUR, name="fur"),
                        normalize="index").reindex(columns=list(FUR_COLOURS), fill_value=0.0)
    check_ml_estimates(lambda fur, sex: table, FUR, SEX)
    check_pseudo_count_estimates(lambda fur, sex, alpha: SMOOTHED.astype(np.float32), FUR, SEX)
    posterior = pd.Series(P_FEMALE, index=list(FUR_COLOURS))
    check_posterior(posterior, SHELTER_FUR, SHELTER_SEX, alpha=1.0, target="female")
    codes = np.array([list(FUR_COLOURS).index(c) for c in SHELTER_FUR])[:, None]
    nb = CategoricalNB(alpha=1.0, min_categories=len(FUR_COLOURS)).fit(codes, SHELTER_SEX)
    check_posterior(nb.predict_proba(np.arange(len(FUR_COLOURS))[:, None])[:, 0], SHELTER_FUR,
                    SHELTER_SEX, alpha=1.0, target="female")
    assert capsys.readouterr().out.count("Right") == 4


def test_names_of_answers_are_looked_up(capsys):
    p_female = P_FEMALE  # noqa: F841 - looked up by name, as in a notebook
    check_posterior("p_female", SHELTER_FUR, SHELTER_SEX)
    assert capsys.readouterr().out.startswith("Right: `p_female` matches")
    message = not_yet_right(check_posterior, "p_male", SHELTER_FUR, SHELTER_SEX, target="male")
    assert message.startswith("`p_male`: not attempted yet")

    def ml_estimates(fur, sex):
        raise NotImplementedError()

    message = not_yet_right(check_ml_estimates, "ml_estimates", FUR, SEX)
    assert message.startswith("`ml_estimates`: not attempted yet")
