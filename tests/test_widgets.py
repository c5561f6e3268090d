"""The covariance control: a pure function (tested directly) and its ipywidgets shell."""

import dataclasses

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pytest

from lecture_utils.datasets import load_iris_2d
from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier
from lecture_utils.widgets import (
    COVARIANCE_LABELS,
    CovarianceView,
    covariance_view,
    covariance_widget,
)


@pytest.fixture(scope="module")
def iris():
    return load_iris_2d()


@pytest.mark.parametrize("covariance", COVARIANCE_TYPES)
def test_covariance_view_equals_fitting_directly(iris, covariance):
    view = covariance_view(iris.X, iris.y, covariance)
    direct = GaussianClassifier(covariance=covariance).fit(iris.X, iris.y)
    assert isinstance(view, CovarianceView) and view.covariance == covariance
    assert view.model.covariance == covariance
    np.testing.assert_array_equal(view.model.classes_, direct.classes_)
    np.testing.assert_array_equal(view.model.means_, direct.means_)
    np.testing.assert_array_equal(view.model.covariances_, direct.covariances_)
    np.testing.assert_array_equal(view.model.priors_, direct.priors_)
    accuracy = np.mean(direct.predict(iris.X) == iris.y)
    assert view.training_accuracy == accuracy and isinstance(view.training_accuracy, float)
    assert view.title == f"{COVARIANCE_LABELS[covariance]}: training accuracy {accuracy:.1%}"


def test_the_four_views_differ(iris):
    accuracies = {c: covariance_view(iris.X, iris.y, c).training_accuracy for c in COVARIANCE_TYPES}
    assert len(set(accuracies.values())) > 1


def test_covariance_view_is_frozen(iris):
    view = covariance_view(iris.X, iris.y, "tied")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.covariance = "full"


def test_covariance_view_rejects_an_unknown_model(iris):
    with pytest.raises(ValueError, match="not a covariance model"):
        covariance_view(iris.X, iris.y, "spherical")


# ipywidgets 8.1.2 imports a deprecated ipykernel module when it first draws.
@pytest.mark.filterwarnings("ignore:`ipykernel.pylab.backend_inline` is deprecated")
def test_covariance_widget_offers_the_four_models_and_redraws(iris):
    control = covariance_widget(iris.X, iris.y, feature_names=iris.feature_names,
                                figsize=(6.0, 4.0))
    assert isinstance(control, widgets.interactive)
    buttons = control.children[0]
    assert isinstance(buttons, widgets.ToggleButtons)
    assert list(buttons.options) == [(COVARIANCE_LABELS[c], c) for c in COVARIANCE_TYPES]
    assert buttons.value == "full"
    assert isinstance(control.children[-1], widgets.Output)

    def last_title():
        figure = plt.figure(plt.get_fignums()[-1])
        assert tuple(figure.get_size_inches()) == (6.0, 4.0)
        axes = figure.axes[0]
        assert axes.get_xlabel() == iris.feature_names[0]
        return axes.get_title()

    assert last_title() == covariance_view(iris.X, iris.y, "full").title  # drawn at once
    for covariance in ("tied", "diag", "tied_diag"):
        buttons.value = covariance
        assert last_title() == covariance_view(iris.X, iris.y, covariance).title
