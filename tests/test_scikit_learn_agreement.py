"""compare_with_scikit_learn: our Gaussian classifiers against scikit-learn's."""

import pytest

from lecture_utils.datasets import load_iris
from lecture_utils.experiments import compare_with_scikit_learn
from lecture_utils.synthetic import make_gaussian_classes


def test_every_model_agrees_on_iris():
    iris = load_iris()
    table = compare_with_scikit_learn(iris.X, iris.y)
    assert list(table.index) == ["full", "tied", "diag"]
    assert list(table["scikit-learn model"]) == [
        "QuadraticDiscriminantAnalysis", "LinearDiscriminantAnalysis", "GaussianNB"]
    assert table["log posteriors agree"].all() and table["same predictions"].all()


def test_a_tolerance_below_rounding_noise_reports_disagreement():
    data = make_gaussian_classes([[0, 0], [1, 1]], [[[1, 0.5], [0.5, 1]], [[1, 0], [0, 2]]], 30,
                                 random_state=0)
    assert compare_with_scikit_learn(data.X, data.y, ["full"])["log posteriors agree"].all()
    exact = compare_with_scikit_learn(data.X, data.y, ["full"], atol=0.0)
    assert not exact["log posteriors agree"].all()


def test_a_model_without_counterpart_is_refused():
    iris = load_iris()
    with pytest.raises(ValueError, match="tied_diag"):
        compare_with_scikit_learn(iris.X, iris.y, ["tied_diag"])
