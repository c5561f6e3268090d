"""Interactive controls for the notebooks.

Each control is a thin ipywidgets shell around a pure function that computes
everything the control shows; the unit tests call those functions directly,
and each notebook shows a static figure beside the control.
"""

from dataclasses import dataclass

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from .decision import bayes_decision, error_rate
from .discrete import MultinomialClassifier
from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .plotting import (
    plot_decision_regions,
    plot_error_against_dimension,
    plot_image_grid,
    plot_llr_weights,
)
from .style import class_color

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


#: What a test sample is called when both classes give it probability zero.
UNDEFINED = "(undefined)"


@dataclass(frozen=True)
class PseudoCountView:
    r"""What the pseudo-count control shows for one :math:`\alpha`.

    Attributes
    ----------
    alpha : float
    classes : tuple
        ``(numerator, denominator)``: the log-likelihood ratio is
        :math:`\log P(x \mid \text{numerator}) - \log P(x \mid \text{denominator})`.
    frequencies : ndarray of shape (2, m)
        :math:`\pi_{c,j}` of the two classes, in the order of ``classes``.
    weights : ndarray of shape (m,)
        :math:`b_j = \log \pi_{\text{num},j} - \log \pi_{\text{den},j}` (may be infinite).
    llr : ndarray of shape (n_test,)
        :math:`x^T b` of every test sample; ``NaN`` where both classes give
        the sample probability zero.
    predictions : ndarray of shape (n_test,)
        The decision under uniform priors, the numerator where ``llr > 0``;
        `UNDEFINED` where ``llr`` is NaN.
    error_rate : float
        Fraction of test samples not predicted correctly (undefined ones count
        as errors).
    n_certain : int
        Test samples with an infinite ``llr``: one class cannot produce them.
    n_undefined : int
    title : str
    """

    alpha: float
    classes: tuple
    frequencies: np.ndarray
    weights: np.ndarray
    llr: np.ndarray
    predictions: np.ndarray
    error_rate: float
    n_certain: int
    n_undefined: int
    title: str


def pseudo_count_view(X_train, y_train, X_test, y_test, alpha, numerator=None):
    r"""Fit a `MultinomialClassifier` with pseudo-count ``alpha`` and test it.

    .. math::

        \pi_{c,j} = \frac{N_{c,j} + \alpha}{N_c + \alpha m}, \qquad
        \mathrm{llr}(x) = x^T b, \quad b_j = \log\frac{\pi_{\text{num},j}}{\pi_{\text{den},j}}

    Parameters
    ----------
    X_train, X_test : array-like of shape (n, m)
        Counts.
    y_train, y_test : array-like of shape (n,)
        Two classes.
    alpha : float
        Pseudo-count, >= 0.
    numerator : label, default=None
        The class on top of the ratio; ``classes_[1]`` of the model by default.

    Returns
    -------
    PseudoCountView
    """
    model = MultinomialClassifier(alpha=alpha).fit(X_train, y_train)
    classes = model.classes_.tolist()
    if len(classes) != 2:
        raise ValueError(f"pseudo_count_view compares two classes; y_train has {classes}.")
    numerator = classes[1] if numerator is None else numerator
    if numerator not in classes:
        raise ValueError(f"numerator={numerator!r} is not one of the classes {classes}.")
    top = classes.index(numerator)
    order = [top, 1 - top]
    log_lik = model.log_likelihood(X_test)[:, order]
    with np.errstate(invalid="ignore"):
        llr = log_lik[:, 0] - log_lik[:, 1]
    undefined = np.isnan(llr)
    pair = np.array([classes[1 - top], classes[top]], dtype=object)
    predictions = pair[bayes_decision(llr, 0.5)]
    predictions[undefined] = UNDEFINED
    error = error_rate(np.asarray(y_test, dtype=object), predictions)
    n_certain = int(np.isinf(llr).sum())
    weights = model.llr_weights() if top == 1 else -model.llr_weights()
    title = (
        f"α = {float(alpha):g}: test error {error:.1%}, "
        f"{n_certain} of {llr.size} test samples with llr = ±∞"
    )
    return PseudoCountView(
        alpha=float(alpha), classes=(classes[top], classes[1 - top]),
        frequencies=np.exp(model.feature_log_prob_[order]), weights=weights, llr=llr,
        predictions=predictions, error_rate=error, n_certain=n_certain,
        n_undefined=int(undefined.sum()), title=title,
    )


def pseudo_count_widget(X_train, y_train, X_test, y_test, labels, numerator=None,
                        figsize=(10.0, 4.5), max_alpha=5.0):
    r"""A slider for the pseudo-count :math:`\alpha` that redraws the weights :math:`b`.

    Parameters
    ----------
    labels : sequence of str
        One name per count column, for the bars.
    numerator : label, default=None
        See `pseudo_count_view`.

    Returns
    -------
    ipywidgets.interactive
    """

    def draw(alpha):
        view = pseudo_count_view(X_train, y_train, X_test, y_test, alpha, numerator)
        top = np.unique(y_train).tolist().index(view.classes[0])
        fig, ax = plt.subplots(figsize=figsize)
        plot_llr_weights(view.weights, labels, ax, favours=view.classes,
                         colors=(class_color(top), class_color(1 - top)), title=view.title)
        plt.show()

    slider = widgets.FloatSlider(value=0.0, min=0.0, max=max_alpha, step=0.05,
                                 description="α", continuous_update=False)
    return widgets.interactive(draw, alpha=slider)


@dataclass(frozen=True)
class PCADimensionView:
    r"""What the PCA-dimension control shows for :math:`m` principal components.

    Attributes
    ----------
    dimension : int
        :math:`m`.
    error : float
        Test error rate with :math:`m` components, from the precomputed sweep.
    variance_kept : float
        :math:`\sum_{j \le m} \lambda_j / \sum_j \lambda_j`, the share of the
        pixel variance that the :math:`m` components keep.
    best_dimension : int
        The :math:`m` of the sweep with the lowest error (the smallest, on a tie).
    best_error : float
    reconstructions : ndarray of shape (n_images, n_features)
        :math:`\hat x = \mu + \sum_{j \le m} y_j p_j` for each image.
    title : str
    """

    dimension: int
    error: float
    variance_kept: float
    best_dimension: int
    best_error: float
    reconstructions: np.ndarray
    title: str


def pca_dimension_view(dimensions, errors, pca, projections, dimension):
    r"""Describe the choice of :math:`m` principal components from results already computed.

    Nothing is fitted: the errors come from a sweep the caller has run (e.g.
    `lecture_utils.gaussian.error_against_dimension`), and the reconstructions
    use the leading :math:`m` columns of PCA coordinates computed once.

    Parameters
    ----------
    dimensions : sequence of int
        The swept values of :math:`m`.
    errors : sequence of float
        Error rate for each of ``dimensions``.
    pca : fitted `lecture_utils.projections.PCA`
        With at least ``max(dimensions)`` components.
    projections : ndarray of shape (n_images, n_components)
        ``pca.transform`` of the images to reconstruct.
    dimension : int
        One of ``dimensions``.

    Returns
    -------
    PCADimensionView
    """
    dimensions = [int(m) for m in dimensions]
    errors = np.asarray(errors, dtype=float)
    if len(dimensions) != errors.size:
        raise ValueError(
            f"dimensions has {len(dimensions)} entries but errors has {errors.size}; give one "
            "error per swept dimension."
        )
    if dimension not in dimensions:
        raise ValueError(
            f"dimension {dimension!r} was not swept; choose one of {dimensions}."
        )
    if max(dimensions) > pca.n_components_:
        raise ValueError(
            f"the PCA has {pca.n_components_} components but the sweep goes up to "
            f"{max(dimensions)}; fit it with n_components >= {max(dimensions)}."
        )
    m = int(dimension)
    error = float(errors[dimensions.index(m)])
    best = int(np.argmin(errors))
    variance_kept = float(pca.explained_variance_ratio_[:m].sum())
    title = (f"m = {m}: {variance_kept:.0%} of the pixel variance kept, "
             f"test error {100 * error:.2f} %")
    return PCADimensionView(
        dimension=m, error=error, variance_kept=variance_kept,
        best_dimension=dimensions[best], best_error=float(errors[best]),
        reconstructions=pca.inverse_transform(np.asarray(projections)[:, :m]), title=title,
    )


def pca_dimension_widget(dimensions, errors, pca, projections, image_shape, n_columns=6,
                         figsize=(10.0, 4.5), max_error=0.25):
    """A slider over the swept numbers of principal components.

    Left: the error curve with the chosen :math:`m` marked; right: the images
    rebuilt from :math:`m` components. Everything shown was computed before
    (see `pca_dimension_view`), so moving the slider only redraws. The error
    axis stops at ``max_error`` (a fraction), so that the low end stays readable.

    Returns
    -------
    ipywidgets.interactive
    """
    dimensions = [int(m) for m in dimensions]

    def draw(dimension):
        view = pca_dimension_view(dimensions, errors, pca, projections, dimension)
        fig, (left, right) = plt.subplots(1, 2, figsize=figsize, width_ratios=(1.3, 1.0))
        plot_error_against_dimension(dimensions, errors, left, highlight=[dimension])
        left.set_ylim(0, 100 * max_error)
        plot_image_grid(view.reconstructions, image_shape, n_columns, right,
                        title=f"rebuilt from {dimension} components")
        fig.suptitle(view.title)
        plt.show()

    slider = widgets.SelectionSlider(
        options=dimensions, value=dimensions[len(dimensions) // 2],
        description="components m", continuous_update=False,
        style={"description_width": "initial"},
    )
    return widgets.interactive(draw, dimension=slider)
