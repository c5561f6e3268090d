"""Interactive controls for the notebooks.

Each control is a thin ipywidgets shell around a pure function that computes
everything the control shows; the unit tests call those functions directly,
and each notebook shows a static figure beside the control.
"""

from dataclasses import dataclass

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .logistic import SoftmaxRegression
from .plotting import plot_decision_regions, plot_outlier_effect

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
class OutlierView:
    """What the outlier control shows for one outlier position.

    Attributes
    ----------
    X, y : the two-class training data without the outlier
    outlier : ndarray of shape (2,)
    label : the outlier's class
    models : dict of str to (fitted model, fitted model)
        ``"LDA"`` and ``"logistic regression"``, each fitted without and with the outlier.
    boundaries : dict of str to ((ndarray, float), (ndarray, float))
        Each model's boundary :math:`w^T x + b = 0` without and with the outlier,
        as ``(w, b)`` with :math:`w = w_1 - w_0`, :math:`b = w_{01} - w_{00}`.
    rotation_degrees : dict of str to float
        Angle between each model's boundary without and with the outlier.
    changed_decisions : dict of str to float
        Fraction of the original samples whose predicted class the outlier changes.
    title : str
    """

    X: np.ndarray
    y: np.ndarray
    outlier: np.ndarray
    label: object
    models: dict
    boundaries: dict
    rotation_degrees: dict
    changed_decisions: dict
    title: str


def linear_boundary(model):
    r"""The boundary :math:`w^T x + b = 0` of a fitted two-class linear model.

    :math:`w = w_1 - w_0` and :math:`b = w_{01} - w_{00}` from a tied
    `GaussianClassifier`'s `linear_discriminants` or a `SoftmaxRegression`'s
    ``coef_`` and ``intercept_``; class ``classes_[1]`` lies where
    :math:`w^T x + b > 0`.

    Returns
    -------
    w : ndarray of shape (n_features,)
    b : float
    """
    if isinstance(model, GaussianClassifier):
        W, w0 = model.linear_discriminants()
    else:
        W, w0 = model.coef_, model.intercept_
    if W.shape[0] != 2:
        raise ValueError(f"a single boundary needs two classes; the model has {W.shape[0]}.")
    return W[1] - W[0], float(w0[1] - w0[0])


def _angle_between(u, v):
    cosine = u @ v / (np.linalg.norm(u) * np.linalg.norm(v))
    return float(np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0))))


def outlier_view(X, y, outlier, label=None, penalty=1e-3):
    r"""Fit LDA and logistic regression without and with one added sample, and compare.

    LDA's boundary depends on every sample through the class means and the
    shared covariance, so one far-away point can turn it; logistic regression
    is fitted to :math:`P(y \mid x)` only, and a point far on its own class's
    side hardly changes its loss (its gradient :math:`x(\hat y - c)` vanishes).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Exactly two classes.
    outlier : array-like of shape (2,)
        The added sample.
    label : object, default=None
        Its class; ``None`` means the second class (``np.unique(y)[1]``).
    penalty : float, default=1e-3
        L2 strength of the logistic regression (keeps it defined on separable data).

    Returns
    -------
    OutlierView
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    classes = np.unique(y)
    if X.ndim != 2 or X.shape[1] != 2 or classes.size != 2:
        raise ValueError(
            f"outlier_view draws two-class boundaries in two dimensions; X has shape "
            f"{X.shape} and y has {classes.size} classes {classes.tolist()}. Select two "
            "features and two classes first."
        )
    outlier = np.asarray(outlier, dtype=float)
    if outlier.shape != (2,) or not np.all(np.isfinite(outlier)):
        raise ValueError(f"outlier must be two finite numbers (x1, x2); got {outlier!r}.")
    label = classes[1] if label is None else label
    if label not in classes.tolist():
        raise ValueError(f"label {label!r} is not one of the classes {classes.tolist()}.")
    X_more, y_more = np.vstack([X, outlier]), np.append(y, label)
    makers = {"LDA": lambda: GaussianClassifier(covariance="tied"),
              "logistic regression": lambda: SoftmaxRegression(penalty=penalty)}
    models, boundaries, rotation, changed = {}, {}, {}, {}
    for name, make in makers.items():
        before, after = make().fit(X, y), make().fit(X_more, y_more)
        models[name] = (before, after)
        boundaries[name] = (linear_boundary(before), linear_boundary(after))
        rotation[name] = _angle_between(boundaries[name][0][0], boundaries[name][1][0])
        changed[name] = float(np.mean(before.predict(X) != after.predict(X)))
    title = "turned by: " + ", ".join(f"{name} {rotation[name]:.0f}°" for name in models)
    return OutlierView(X, y, outlier, label, models, boundaries, rotation, changed, title)


def outlier_widget(X, y, label=None, penalty=1e-3, figsize=(8.0, 5.0)):
    """Two sliders that move an added sample and redraw both models' boundaries.

    Returns
    -------
    ipywidgets.interactive
    """
    X = np.asarray(X, dtype=float)
    lows, highs = X.min(axis=0), X.max(axis=0)
    span = highs - lows

    def draw(x1, x2):
        view = outlier_view(X, y, [x1, x2], label=label, penalty=penalty)
        fig, ax = plt.subplots(figsize=figsize)
        plot_outlier_effect(view, ax)
        plt.show()

    sliders = {
        name: widgets.FloatSlider(
            value=float(highs[j] + span[j]), min=float(lows[j] - 2 * span[j]),
            max=float(highs[j] + 2 * span[j]), step=float(span[j] / 20),
            description=f"outlier x{j + 1}", continuous_update=False,
        )
        for j, name in enumerate(("x1", "x2"))
    }
    return widgets.interactive(draw, **sliders)
