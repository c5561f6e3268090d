"""Interactive controls for the notebooks.

Each control is a thin ipywidgets shell around a pure function that computes
everything the control shows; the unit tests call those functions directly,
and each notebook shows a static figure beside the control.
"""

from dataclasses import dataclass

import ipywidgets as widgets
import matplotlib.pyplot as plt

from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .plotting import plot_decision_regions

COVARIANCE_LABELS = {
    "full": "full (QDA)",
    "diag": "diagonal (naive Bayes)",
    "tied": "tied (LDA)",
    "tied_diag": "tied diagonal",
}


@dataclass(frozen=True)
class CovarianceView:
    """What the covariance control shows for one choice."""

    covariance: str
    model: GaussianClassifier
    training_accuracy: float
    title: str


def covariance_view(X, y, covariance):
    """Fit a `GaussianClassifier` with the chosen covariance model and describe it.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    covariance : {"full", "diag", "tied", "tied_diag"}

    Returns
    -------
    CovarianceView
    """
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    accuracy = float(model.score(X, y))
    title = f"{COVARIANCE_LABELS[covariance]}: training accuracy {accuracy:.1%}"
    return CovarianceView(covariance, model, accuracy, title)


def covariance_widget(X, y, feature_names=None, figsize=(8.0, 5.0)):
    """Buttons that switch the covariance model and redraw the decision regions.

    Returns
    -------
    ipywidgets.interactive
    """

    def draw(covariance):
        view = covariance_view(X, y, covariance)
        fig, ax = plt.subplots(figsize=figsize)
        plot_decision_regions(view.model, X, y, ax, feature_names=feature_names, title=view.title)
        plt.show()

    buttons = widgets.ToggleButtons(
        options=[(COVARIANCE_LABELS[c], c) for c in COVARIANCE_TYPES], value="full",
        description="Covariance", style={"button_width": "190px"},
    )
    return widgets.interactive(draw, covariance=buttons)
