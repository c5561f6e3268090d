"""Tests of the confusion-matrix plot and the most confused pairs (`confusion_directions`)."""

import matplotlib
import matplotlib.pyplot
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from sklearn.metrics import confusion_matrix

from lecture_utils.experiments import confusion_directions
from lecture_utils.plotting import plot_confusion_matrix

matplotlib.use("Agg")


def pairs(confusion, n_pairs=5):
    """The rows of `confusion_directions` as ``(a, b, total, a_as_b, b_as_a)``."""
    table = confusion_directions(confusion, np.zeros(len(confusion)), n_pairs)
    return [(a, b, a_as_b + b_as_a, a_as_b, b_as_a) for a, b, a_as_b, b_as_a
            in table[["a", "b", "a read as b", "b read as a"]].values.tolist()]


def test_pairs_add_both_directions_and_sort():
    confusion = np.array([[50, 1, 4], [6, 40, 0], [3, 2, 30]])
    assert pairs(confusion, n_pairs=3) == [(0, 1, 7, 1, 6), (0, 2, 7, 4, 3), (1, 2, 2, 0, 2)]


def test_pairs_leave_out_classes_never_confused():
    assert pairs(np.diag([3, 4, 5])) == []
    assert pairs(np.array([[3, 0], [2, 4]]), n_pairs=5) == [(0, 1, 2, 0, 2)]


@settings(max_examples=50, deadline=None)
@given(arrays(np.int64, (4, 4), elements=st.integers(0, 20)))
def test_pairs_are_the_largest_symmetric_sums(confusion):
    found = pairs(confusion, n_pairs=6)
    symmetric = confusion + confusion.T
    totals = [total for _, _, total, _, _ in found]
    assert totals == sorted(totals, reverse=True)
    for a, b, total, a_as_b, b_as_a in found:
        assert a < b and total == symmetric[a, b] == a_as_b + b_as_a > 0
    assert len(found) == np.count_nonzero(np.triu(symmetric, k=1))


def test_pairs_check_the_matrix():
    with pytest.raises(ValueError, match="square"):
        confusion_directions(np.zeros((2, 3)), np.zeros(2))


def test_confusion_plot_counts_like_scikit_learn_and_colours_only_errors():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 4, 200)
    y_pred = np.where(rng.random(200) < 0.8, y_true, rng.integers(0, 4, 200))
    drawn = plot_confusion_matrix(y_true, y_pred, title="errors")
    matrix = drawn.confusion_matrix
    np.testing.assert_array_equal(matrix, confusion_matrix(y_true, y_pred))
    shown = drawn.im_.get_array()
    assert shown.mask[np.diag_indices(4)].all() and not shown.mask[0, 1]
    off_diagonal = matrix[~np.eye(4, dtype=bool)]
    assert drawn.im_.get_clim() == (0, off_diagonal.max())     # the colours span the errors
    assert [t.get_text() for t in drawn.text_.ravel()] == [str(c) for c in matrix.ravel()]
    assert drawn.text_[0, 0].get_color() == "dimgray"
    assert drawn.ax_.get_xlabel() == "predicted class" and drawn.ax_.get_title() == "errors"
    matplotlib.pyplot.close("all")


def test_confusion_plot_keeps_the_given_class_order_and_can_hide_zeros():
    drawn = plot_confusion_matrix(["b", "a", "a"], ["b", "b", "a"], classes=["b", "a"],
                                  zeros=False)
    np.testing.assert_array_equal(drawn.confusion_matrix, [[1, 0], [1, 1]])
    assert [t.get_text() for t in drawn.ax_.get_xticklabels()] == ["b", "a"]
    assert not drawn.text_[0, 1].get_visible() and drawn.text_[1, 0].get_visible()
    matplotlib.pyplot.close("all")
