"""Pictures of classifiers: decision regions, class densities, covariance ellipses.

Every function takes ``ax=None`` (a new figure is made when it is None) and
returns what it drew, like scikit-learn's displays. Colours and markers follow
`lecture_utils.style`: class ``k`` of ``classes_`` is always drawn the same way.
"""

from dataclasses import dataclass, field

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Ellipse

from .style import class_color, class_marker, region_colormap


def _axes(ax):
    if ax is None:
        _, ax = plt.subplots()
    return ax


def grid_over(X, resolution=300, padding=0.5):
    """A regular grid covering the first two columns of ``X``, with a margin.

    Returns
    -------
    xx, yy : ndarray of shape (resolution, resolution)
    points : ndarray of shape (resolution**2, 2)
    """
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(
            f"decision regions are drawn in two dimensions; X has shape {X.shape}. "
            "Select two features, e.g. X[:, :2]."
        )
    lows, highs = X.min(axis=0) - padding, X.max(axis=0) + padding
    xx, yy = np.meshgrid(
        np.linspace(lows[0], highs[0], resolution), np.linspace(lows[1], highs[1], resolution)
    )
    return xx, yy, np.column_stack([xx.ravel(), yy.ravel()])


def class_index(classes, labels):
    """Position of each label in ``classes`` (ValueError for an unknown label)."""
    classes = np.asarray(classes)
    labels = np.asarray(labels)
    lookup = {c: k for k, c in enumerate(classes.tolist())}
    try:
        return np.array([lookup[v] for v in labels.tolist()], dtype=int)
    except KeyError as error:
        raise ValueError(
            f"label {error.args[0]!r} is not one of the classes {classes.tolist()}."
        ) from None


def scatter_classes(X, y, classes, ax=None, *, size=40, alpha=0.9, label_prefix=""):
    """Scatter the rows of ``X`` (two columns), one colour and marker per class.

    Returns
    -------
    list of PathCollection
        One per class, in the order of ``classes``.
    """
    ax = _axes(ax)
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    index = class_index(classes, y)
    drawn = []
    for k, label in enumerate(np.asarray(classes).tolist()):
        rows = index == k
        drawn.append(
            ax.scatter(
                X[rows, 0], X[rows, 1], s=size, color=class_color(k), marker=class_marker(k),
                edgecolor="black", linewidth=0.6, alpha=alpha, label=f"{label_prefix}{label}",
            )
        )
    return drawn


def covariance_ellipse(mean, covariance, n_std=2.0, ax=None, **style):
    r"""Draw the ellipse :math:`(x-\mu)^T\Sigma^{-1}(x-\mu) = n_{std}^2` of a 2-D Gaussian.

    Returns
    -------
    matplotlib.patches.Ellipse
    """
    ax = _axes(ax)
    covariance = np.asarray(covariance, dtype=float)
    if covariance.shape != (2, 2):
        raise ValueError(f"covariance must be 2 x 2 for an ellipse; got {covariance.shape}.")
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    angle = np.degrees(np.arctan2(eigenvectors[1, 1], eigenvectors[0, 1]))
    width, height = 2.0 * n_std * np.sqrt(eigenvalues[::-1])
    style = {"fill": False, "linewidth": 2.0, **style}
    ellipse = Ellipse(tuple(np.asarray(mean, dtype=float)), width, height, angle=angle, **style)
    ax.add_patch(ellipse)
    return ellipse


@dataclass
class DecisionRegionsPlot:
    """What `plot_decision_regions` drew."""

    ax: object
    regions: object
    points: list = field(default_factory=list)
    contours: list = field(default_factory=list)
    ellipses: list = field(default_factory=list)


def plot_decision_regions(
    classifier,
    X,
    y=None,
    ax=None,
    *,
    shapes="density",
    resolution=300,
    padding=0.5,
    feature_names=None,
    title=None,
    legend=True,
):
    """Colour the plane by the class a fitted classifier predicts, and show the data.

    Parameters
    ----------
    classifier : fitted classifier
        Anything with ``predict`` and ``classes_`` trained on two features.
    X : array-like of shape (n_samples, 2)
        Data to show; it also sets the extent of the grid.
    y : array-like of shape (n_samples,), default=None
        Labels of ``X``; without them the points are drawn in black.
    ax : matplotlib Axes, default=None
    shapes : {"density", "ellipses", None}, default="density"
        ``"density"``: contours of each class density :math:`\\log f(x \\mid c)`
        one and two standard deviations (Mahalanobis distance) from the peak;
        needs ``classifier.log_likelihood``. ``"ellipses"``: the 1- and 2-sigma
        covariance ellipses; needs ``means_`` and ``covariances_``.
    resolution : int, default=300
        Grid points per axis.
    padding : float, default=0.5
        Margin around the data, in data units.
    feature_names : pair of str, default=None
        Axis labels.
    title : str, default=None
    legend : bool, default=True

    Returns
    -------
    DecisionRegionsPlot
    """
    if shapes not in ("density", "ellipses", None):
        raise ValueError(f"shapes must be 'density', 'ellipses' or None; got {shapes!r}.")
    ax = _axes(ax)
    xx, yy, grid = grid_over(X, resolution, padding)
    classes = np.asarray(classifier.classes_)
    predicted = class_index(classes, classifier.predict(grid)).reshape(xx.shape)
    regions = ax.pcolormesh(
        xx, yy, predicted, cmap=region_colormap(classes.size), vmin=-0.5,
        vmax=classes.size - 0.5, shading="auto", rasterized=True,
    )
    drawn = DecisionRegionsPlot(ax=ax, regions=regions)
    if shapes == "density":
        log_lik = classifier.log_likelihood(grid)
        for k in range(classes.size):
            surface = log_lik[:, k].reshape(xx.shape)
            levels = surface.max() - 0.5 * np.array([4.0, 1.0])
            drawn.contours.append(
                ax.contour(xx, yy, surface, levels=levels, colors=[class_color(k)],
                           linestyles="solid", linewidths=[1.2, 2.0])
            )
    elif shapes == "ellipses":
        for k in range(classes.size):
            for n_std in (1.0, 2.0):
                drawn.ellipses.append(
                    covariance_ellipse(
                        classifier.means_[k], classifier.covariances_[k], n_std, ax,
                        color=class_color(k), linewidth=2.0 if n_std == 1 else 1.2,
                    )
                )
    X = np.asarray(X, dtype=float)
    if y is None:
        drawn.points.append(ax.scatter(X[:, 0], X[:, 1], s=25, color="black"))
    else:
        drawn.points.extend(scatter_classes(X, y, classes, ax))
        if legend:
            ax.legend(loc="best", framealpha=0.9)
    ax.set_xlim(xx.min(), xx.max())
    ax.set_ylim(yy.min(), yy.max())
    if feature_names is not None:
        ax.set_xlabel(feature_names[0])
        ax.set_ylabel(feature_names[1])
    if title is not None:
        ax.set_title(title)
    return drawn


def plot_category_probabilities(probabilities, categories, classes, ax=None, *, ylabel=None,
                                title=None, annotate=True):
    r"""Grouped bars of one probability per class and category, e.g. :math:`\pi_{c,v}`.

    Parameters
    ----------
    probabilities : array-like of shape (n_classes, n_categories)
        Row ``k`` is drawn in the colour of class ``k``; NaN entries are left out.
    categories : sequence of length n_categories
        Tick labels.
    classes : sequence of length n_classes
        Legend labels.
    ax : matplotlib Axes, default=None
    ylabel, title : str, default=None
    annotate : bool, default=True
        Write each value above its bar.

    Returns
    -------
    list of BarContainer
        One per class.
    """
    ax = _axes(ax)
    probabilities = np.atleast_2d(np.asarray(probabilities, dtype=float))
    if probabilities.shape != (len(classes), len(categories)):
        raise ValueError(
            f"probabilities has shape {probabilities.shape} but there are {len(classes)} "
            f"classes and {len(categories)} categories; pass one row per class."
        )
    positions = np.arange(len(categories))
    width = 0.8 / len(classes)
    drawn = []
    for k, (label, row) in enumerate(zip(classes, probabilities, strict=True)):
        offset = (k - (len(classes) - 1) / 2) * width
        bars = ax.bar(positions + offset, np.nan_to_num(row), width, color=class_color(k),
                      edgecolor="black", linewidth=0.6, label=str(label))
        if annotate:
            ax.bar_label(bars, labels=["" if np.isnan(p) else f"{p:.2f}" for p in row],
                         padding=2, fontsize=10)
        drawn.append(bars)
    ax.set_xticks(positions, [str(c) for c in categories])
    ax.set_yticks(np.linspace(0.0, 1.0, 6))
    ax.set_ylim(0.0, 1.3)
    ax.legend(loc="upper center", ncol=len(classes), framealpha=0.9, fontsize=11)
    if ylabel is not None:
        ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    return drawn


def plot_llr_weights(weights, labels, ax=None, *, favours=None, colors=None, limit=None,
                     title=None):
    r"""Bar chart of the weights :math:`b_j` of a linear log-likelihood ratio :math:`x^T b`.

    A positive :math:`b_j` means that each occurrence of event :math:`j`
    speaks for the class in the numerator of the ratio. Infinite weights (an
    event that one class has never produced, under maximum likelihood) are
    drawn as hatched bars to the edge of the axes and labelled with the sign
    of infinity.

    Parameters
    ----------
    weights : array-like of shape (m,)
        May contain ``+inf`` and ``-inf``.
    labels : sequence of str of length m
        One tick label per event.
    ax : matplotlib Axes, default=None
    favours : pair of str, default=None
        Names of the numerator and denominator classes, written on the y axis.
    colors : pair of colours, default=None
        Colours of positive and negative bars; by default the colours of
        class 1 and class 0 (the numerator and denominator of a model's ``llr``).
    limit : float, default=None
        The y axis spans ``[-limit, limit]`` (with a small margin); bars that
        reach beyond it are cut at its edge. By default 1.25 times the largest
        finite :math:`|b_j|`, at least 1. Give the same value to several axes
        to compare them.
    title : str, default=None

    Returns
    -------
    matplotlib.container.BarContainer
    """
    ax = _axes(ax)
    weights = np.asarray(weights, dtype=float)
    if weights.ndim != 1 or weights.size != len(labels) or np.any(np.isnan(weights)):
        raise ValueError(
            f"weights must be a 1-D array without NaN and with one entry per label; got "
            f"shape {weights.shape} for {len(labels)} labels."
        )
    positive, negative = colors if colors is not None else (class_color(1), class_color(0))
    finite = weights[np.isfinite(weights)]
    if limit is None:
        limit = 1.25 * max(np.max(np.abs(finite)) if finite.size else 0.0, 1.0)
    elif not np.isfinite(limit) or limit <= 0:
        raise ValueError(f"limit must be a positive finite number; got {limit!r}.")
    edge = float(limit)
    heights = np.clip(weights, -edge, edge)
    bars = ax.bar(
        np.arange(weights.size), heights, color=[positive if w > 0 else negative for w in weights],
        edgecolor="black", linewidth=0.6,
    )
    for bar, w, h in zip(bars, weights, heights, strict=True):
        if np.isinf(w):
            bar.set_hatch("//")
            ax.annotate("+∞" if w > 0 else "−∞", (bar.get_x() + bar.get_width() / 2, h),
                        xytext=(0, -18 if w > 0 else 6), textcoords="offset points",
                        ha="center", fontsize=13, fontweight="bold",
                        bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.9})
    ax.axhline(0.0, color="black", linewidth=0.8)
    ax.set_xticks(np.arange(weights.size), labels)
    ax.set_ylim(-edge * 1.05, edge * 1.05)
    ylabel = "$b_j$"
    if favours is not None:
        ylabel = f"$b_j$  (< 0: {favours[1]},  > 0: {favours[0]})"
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    return bars
