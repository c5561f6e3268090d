"""Tests of lecture_utils.punctuation on hand-written snippets and random text."""

import doctest

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecture_utils import punctuation
from lecture_utils.punctuation import (
    BIGRAM_LABELS,
    BIGRAM_NAMES,
    CLASS_LABELS,
    CLASS_NAMES,
    SYMBOL_CLASSES,
    count_bigrams,
    count_punctuation,
    punctuation_tokens,
    tokens_from_counts,
)


def counts_of(**named):
    """A count vector from keyword counts, zeros elsewhere."""
    return [named.get(name, 0) for name in CLASS_NAMES]


def test_seven_classes_in_the_lecture_order():
    assert CLASS_LABELS == ("{}", "[]", "()", ":", ";", ".", ",")
    assert len(CLASS_NAMES) == 7


def test_a_c_function():
    source = """
int add(int a, int b) {
    int sum[2] = {a, b};
    return sum[0] + sum[1];
}
"""
    assert count_punctuation(source).tolist() == counts_of(
        braces=4, brackets=6, parentheses=2, semicolons=2, commas=2
    )


def test_a_python_function():
    source = """
def mean(values):
    total = sum(v.real for v in values[1:])
    return total / len(values), {"n": 2}
"""
    assert count_punctuation(source).tolist() == counts_of(
        braces=2, brackets=2, parentheses=6, colons=3, periods=1, commas=1
    )


def test_open_and_close_brackets_are_one_class():
    assert count_punctuation("(((").tolist() == count_punctuation(")))").tolist()
    assert count_punctuation("{[(").tolist() == count_punctuation("}])").tolist()
    assert count_punctuation("{]").tolist() == counts_of(braces=1, brackets=1)


def test_comments_and_strings_are_counted():
    python_comment = "x = 1  # a, b; c.\n"
    c_comment = "x = 1; /* a, b: c. */\n"
    string = 'print("f(x); {y}")\n'
    assert count_punctuation(python_comment).tolist() == counts_of(
        commas=1, semicolons=1, periods=1
    )
    assert count_punctuation(c_comment).tolist() == counts_of(
        commas=1, semicolons=1, colons=1, periods=1
    )
    assert count_punctuation(string).tolist() == counts_of(
        parentheses=4, semicolons=1, braces=2
    )


def test_every_character_of_a_run_counts():
    assert count_punctuation("a...b").tolist() == counts_of(periods=3)
    assert count_punctuation("x = 3.14").tolist() == counts_of(periods=1)
    assert count_punctuation("for (;;)").tolist() == counts_of(parentheses=2, semicolons=2)


def test_text_without_punctuation_counts_zero():
    counts = count_punctuation("return x + y - z * 2 / 4 # <> ! ? @ & | ^ ~ ' \"")
    assert counts.tolist() == [0] * 7
    assert count_punctuation("").tolist() == [0] * 7
    assert punctuation_tokens("") == []


def test_unicode_look_alikes_are_not_punctuation():
    # fullwidth brackets and semicolon, a bullet, an ideographic full stop
    assert count_punctuation("\uff08\uff09\uff1b\u2022\u3002").tolist() == [0] * 7


def test_tokens_keep_the_reading_order():
    assert punctuation_tokens("a[i].f(x, y);") == [
        "brackets", "brackets", "periods", "parentheses", "commas", "parentheses", "semicolons",
    ]


def test_counts_are_int64():
    counts = count_punctuation("f(x);")
    assert counts.dtype == np.int64
    assert counts.shape == (7,)


@pytest.mark.parametrize("bad", [None, 3, ["f(x);"], np.array(["f(x);"])])
def test_non_text_is_a_type_error(bad):
    with pytest.raises(TypeError, match="must be a str"):
        count_punctuation(bad)


def test_bytes_ask_to_be_decoded():
    with pytest.raises(TypeError, match="decode it first"):
        punctuation_tokens(b"f(x);")


@settings(max_examples=50, deadline=None)
@given(st.text())
def test_counts_are_the_histogram_of_the_tokens(text):
    tokens = punctuation_tokens(text)
    counts = count_punctuation(text)
    assert counts.tolist() == [tokens.count(name) for name in CLASS_NAMES]


@settings(max_examples=50, deadline=None)
@given(st.text(), st.text())
def test_counts_add_over_concatenation(first, second):
    total = count_punctuation(first + second)
    assert np.array_equal(total, count_punctuation(first) + count_punctuation(second))


@settings(max_examples=50, deadline=None)
@given(st.text())
def test_counts_match_counting_each_character(text):
    expected = [sum(text.count(c) for c in symbols) for symbols in SYMBOL_CLASSES.values()]
    assert count_punctuation(text).tolist() == expected


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet=st.sampled_from("{}[]():;.,")))
def test_every_symbol_is_one_token(text):
    assert len(punctuation_tokens(text)) == len(text)
    assert count_punctuation(text).sum() == len(text)


def test_docstring_examples():
    result = doctest.testmod(punctuation)
    assert result.attempted >= 2
    assert result.failed == 0


# ------------------------------------------------------------------------------- bigrams
def test_bigrams_count_consecutive_symbol_pairs():
    counts = count_bigrams("f(a[0], b);")
    named = {BIGRAM_LABELS[i]: int(counts[i]) for i in np.flatnonzero(counts)}
    assert named == {"() []": 1, "[] []": 1, "[] ,": 1, ", ()": 1, "() ;": 1}
    assert len(BIGRAM_NAMES) == 49 and BIGRAM_NAMES[1] == "braces_brackets"
    assert count_bigrams("").sum() == 0 and count_bigrams(";").sum() == 0


@settings(max_examples=50, deadline=None)
@given(st.text())
def test_bigrams_sum_to_one_less_than_the_symbols_and_marginalise_to_counts(text):
    bigrams = count_bigrams(text).reshape(7, 7)
    counts = count_punctuation(text)
    n = int(counts.sum())
    assert bigrams.sum() == max(n - 1, 0)
    if n:
        tokens = punctuation_tokens(text)
        first = counts.copy()
        first[CLASS_NAMES.index(tokens[-1])] -= 1
        assert bigrams.sum(axis=1).tolist() == first.tolist()


# ------------------------------------------------------------------ counts back into tokens
def test_tokens_from_counts_repeats_each_column_name():
    tokens, labels = tokens_from_counts([[1, 0, 2, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0]], ["C", "Py"])
    assert tokens.tolist() == ["braces", "parentheses", "parentheses", "semicolons"]
    assert labels.tolist() == ["C", "C", "C", "Py"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(), min_size=1, max_size=4))
def test_tokens_from_counts_recount_to_the_counts(texts):
    counts = np.array([count_punctuation(t) for t in texts])
    tokens, labels = tokens_from_counts(counts, np.arange(len(texts)))
    for i, text in enumerate(texts):
        mine = tokens[labels == i].tolist()
        assert sorted(mine) == sorted(punctuation_tokens(text))


@pytest.mark.parametrize("counts, labels, match", [
    ([[1, 2]], ["C"], "one column per name"),
    ([[1] * 7], ["C", "Py"], "one label per row"),
    ([[-1] + [0] * 6], ["C"], "non-negative whole numbers"),
    ([[0.5] + [0] * 6], ["C"], "non-negative whole numbers"),
])
def test_tokens_from_counts_refuses_bad_input(counts, labels, match):
    with pytest.raises(ValueError, match=match):
        tokens_from_counts(counts, labels)
