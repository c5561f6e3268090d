"""Interactive controls for the notebooks.

Each control is a thin ipywidgets shell around a pure function that computes
everything the control shows; the unit tests call those functions directly,
and each notebook shows a static figure beside the control.
"""

from dataclasses import dataclass

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from .decision import bayes_decision, posterior_from_llr, prior_log_odds_threshold
from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .plotting import plot_decision_regions, plot_posterior_curve

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
        description="Covariance",
    )
    return widgets.interactive(draw, covariance=buttons)


@dataclass(frozen=True)
class PriorView:
    r"""What the prior control shows for one prior :math:`\pi = P(c_1)`.

    Attributes
    ----------
    classes : tuple
        :math:`(c_0, c_1)`, the model's ``classes_``.
    prior : float
        :math:`\pi = P(c_1)`.
    threshold : float
        :math:`t = -\log\frac{\pi}{1-\pi}`; the rule picks :math:`c_1` where
        :math:`\mathrm{llr}(x) > t`.
    crossings : ndarray
        Every feature value where :math:`\mathrm{llr}(x) = t` (closed form, 0 to 2 values).
    grid, posterior : ndarray
        Feature values and :math:`P(c_1 \mid x)` at each of them.
    x, llr_at_x, posterior_at_x : float
        The sample being judged, its LLR and its posterior :math:`P(c_1 \mid x)`.
    decision : label
        The class the rule assigns to ``x``.
    title : str
        A one-line summary for the figure.
    """

    classes: tuple
    prior: float
    threshold: float
    crossings: np.ndarray
    grid: np.ndarray
    posterior: np.ndarray
    x: float
    llr_at_x: float
    posterior_at_x: float
    decision: object
    title: str


def default_grid(model, n_std=4.0, resolution=400):
    r"""Feature values covering every class of a one-feature Gaussian model:
    :math:`\min_c(\mu_c - k\sigma_c)` to :math:`\max_c(\mu_c + k\sigma_c)`."""
    means = model.means_[:, 0]
    spread = n_std * np.sqrt(model.covariances_[:, 0, 0])
    return np.linspace((means - spread).min(), (means + spread).max(), resolution)


def prior_view(model, prior, x, grid=None):
    r"""Everything the prior control shows, for a binary model of one feature.

    With :math:`\pi = P(c_1)` and :math:`c_0, c_1` = ``model.classes_``:

    .. math::

        P(c_1 \mid x) = \sigma\Big(\mathrm{llr}(x) + \log\frac{\pi}{1-\pi}\Big),
        \qquad \text{decide } c_1 \iff \mathrm{llr}(x) > t = -\log\frac{\pi}{1-\pi},

    and the thresholds on the feature solve the quadratic
    :math:`\mathrm{llr}(x) = a x^2 + b x + c = t` exactly.

    Parameters
    ----------
    model : fitted GaussianClassifier with two classes and one feature
    prior : float
        :math:`\pi = P(c_1)`, strictly between 0 and 1 (the application's prior,
        not necessarily the one the model was fitted with).
    x : float
        The sample to classify.
    grid : array-like, default=None
        Feature values for the posterior curve; `default_grid` when None.

    Returns
    -------
    PriorView
    """
    threshold = float(prior_log_odds_threshold(prior))
    crossings = model.llr_coefficients().crossings(threshold)
    grid = default_grid(model) if grid is None else np.asarray(grid, dtype=float).ravel()
    llr_at_x = float(model.llr([[float(x)]])[0])
    classes = tuple(model.classes_.tolist())
    decision = classes[int(bayes_decision(llr_at_x, prior))]
    title = f"P({classes[1]}) = {prior:.2f}: x = {x:g} -> {decision}"
    return PriorView(
        classes=classes, prior=float(prior), threshold=threshold, crossings=crossings,
        grid=grid, posterior=posterior_from_llr(model.llr(grid[:, None]), prior),
        x=float(x), llr_at_x=llr_at_x,
        posterior_at_x=float(posterior_from_llr(llr_at_x, prior)),
        decision=decision, title=title,
    )


def draw_prior_view(view, ax=None, feature_name=None):
    """Draw a `PriorView`: both posterior curves, the thresholds and the sample.

    Returns
    -------
    plotting.CurvePlot
    """
    return plot_posterior_curve(
        view.grid, view.posterior, ax, classes=view.classes, crossings=view.crossings,
        point=(view.x, view.posterior_at_x), feature_name=feature_name, title=view.title,
    )


def prior_widget(model, x, grid=None, feature_name=None, figsize=(10.0, 4.5)):
    """A slider for :math:`P(c_1)` that redraws the posterior curve, thresholds and decision.

    Returns
    -------
    ipywidgets.interactive
    """

    def draw(prior):
        _, ax = plt.subplots(figsize=figsize)
        draw_prior_view(prior_view(model, prior, x, grid), ax, feature_name)
        plt.show()

    slider = widgets.FloatSlider(
        value=0.5, min=0.01, max=0.99, step=0.01, continuous_update=False,
        description=f"P({model.classes_[1]})", readout_format=".2f",
    )
    return widgets.interactive(draw, prior=slider)
