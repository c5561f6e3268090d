"""Tests of the outlier control: its pure function, its plot and its shell."""

import ipywidgets
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from lecture_utils.experiments import outlier_effect, outlier_summary
from lecture_utils.gaussian import GaussianClassifier  # noqa: E402
from lecture_utils.logistic import SoftmaxRegression  # noqa: E402
from lecture_utils.plotting import plot_outlier_effect  # noqa: E402
from lecture_utils.widgets import (  # noqa: E402
    outlier_widget,
)


def two_classes(n=50, seed=0):
    rng = np.random.default_rng(seed)
    cov = [[1.0, 0.5], [0.5, 1.0]]
    X = np.vstack([rng.multivariate_normal([0, 0], cov, n),
                   rng.multivariate_normal([2.5, 0.5], cov, n)])
    return X, np.repeat(["A", "B"], n)


def test_linear_boundary_separates_the_predictions():
    X, y = two_classes()
    for model in (GaussianClassifier(covariance="tied").fit(X, y),
                  SoftmaxRegression().fit(X, y)):
        w, b = model.linear_scores().boundary()
        np.testing.assert_array_equal(model.predict(X) == "B", X @ w + b > 0)
    with pytest.raises(ValueError, match="needs a shared covariance"):
        GaussianClassifier().fit(X, y).linear_scores().boundary()


def test_a_far_outlier_on_its_own_side_turns_lda_but_not_logistic_regression():
    X, y = two_classes()
    view = outlier_effect(X, y, [15.0, -8.0])
    assert view.rotation_degrees["LDA"] > 20
    assert view.rotation_degrees["logistic regression"] < 1
    assert view.changed_decisions["logistic regression"] == 0.0
    before, after = view.models["LDA"]
    assert after.class_count_.sum() == before.class_count_.sum() + 1
    assert "LDA" in view.title and "logistic regression" in view.title


def test_an_outlier_inside_the_data_changes_little():
    X, y = two_classes()
    view = outlier_effect(X, y, X[y == "B"].mean(axis=0))
    assert max(view.rotation_degrees.values()) < 3


def test_outlier_view_rejects_bad_input():
    X, y = two_classes()
    with pytest.raises(ValueError, match="two finite numbers"):
        outlier_effect(X, y, [np.nan, 1.0])
    with pytest.raises(ValueError, match="not one of the classes"):
        outlier_effect(X, y, [1.0, 1.0], label="C")
    with pytest.raises(ValueError, match="Select two features and two classes"):
        outlier_effect(X, np.arange(len(y)) % 3, [1.0, 1.0])


def test_plot_and_widget_draw_the_view():
    X, y = two_classes()
    view = outlier_effect(X, y, [10.0, -5.0])
    fig, ax = plt.subplots()
    drawn = plot_outlier_effect(view.X, view.y, view.outlier, view.boundaries, ax, label=view.label,
                                )
    assert len(drawn["boundaries"]) == 4 and len(drawn["points"]) == 2
    assert ax.get_xlim()[1] > 10.0 and ax.get_ylim()[0] < -5.0
    plt.close(fig)
    control = outlier_widget(X, y)
    assert isinstance(control, ipywidgets.interactive)
    assert [child.description for child in control.children[:2]] == ["outlier x1", "outlier x2"]
    plt.close("all")


def test_own_log_odds_tell_a_point_on_its_side_from_a_misclassified_one():
    X, y = two_classes()
    far_side = outlier_effect(X, y, [15.0, -8.0])
    wrong_side = outlier_effect(X, y, [-6.0, 0.0])
    assert far_side.own_log_odds["LDA"] > 10
    assert wrong_side.own_log_odds["LDA"] < -5
    lda = GaussianClassifier(covariance="tied").fit(X, y)
    np.testing.assert_allclose(far_side.own_log_odds["LDA"], lda.llr([[15.0, -8.0]])[0])


def test_outlier_summary_has_one_column_per_position_in_percent():
    X, y = two_classes()
    views = [outlier_effect(X, y, [15.0, -8.0]), outlier_effect(X, y, [-6.0, 0.0])]
    table = outlier_summary(views)
    assert list(table.columns) == ["(15, -8)", "(-6, 0)"]
    changed = "LDA: decisions changed (% of 100 samples)"
    assert table.loc[changed, "(15, -8)"] == 100 * views[0].changed_decisions["LDA"]
    assert table.loc["logistic regression: turned (degrees)", "(-6, 0)"] == (
        views[1].rotation_degrees["logistic regression"])
    with pytest.raises(ValueError, match="OutlierEffect"):
        outlier_summary([])
