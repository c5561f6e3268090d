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
                           linewidths=[1.2, 2.0])
            )
    elif shapes == "ellipses":
        for k in range(classes.size):
            for n_std in (1.0, 2.0):
                drawn.ellipses.append(
                    covariance_ellipse(classifier.means_[k], classifier.covariances_[k], n_std,
                                       ax, color=class_color(k), linewidth=2.0 if n_std == 1 else 1.2)
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


def plot_decision_boundary(classifier, X, ax=None, *, resolution=200, padding=0.5, **style):
    """Draw the curves where a fitted classifier's decision changes, over the extent of ``X``.

    Works for any classifier with ``predict`` and ``classes_`` trained on two
    features (for two classes it is the single boundary curve or line).

    Returns
    -------
    matplotlib.contour.QuadContourSet
    """
    ax = _axes(ax)
    xx, yy, grid = grid_over(X, resolution, padding)
    classes = np.asarray(classifier.classes_)
    predicted = class_index(classes, classifier.predict(grid)).reshape(xx.shape)
    style = {"colors": "black", "linewidths": 2.0, **style}
    return ax.contour(xx, yy, predicted, levels=np.arange(classes.size - 1) + 0.5, **style)


def plot_loss_curves(curves, ax=None, *, optimum=None, xlabel="iteration (epoch for SGD)"):
    r"""Training-loss curves of several fits, e.g. ``{"Newton": model.loss_curve_, ...}``.

    Parameters
    ----------
    curves : dict of str to array-like
        One loss curve per label; entry ``t`` is the loss after ``t`` steps.
    ax : matplotlib Axes, default=None
    optimum : float, default=None
        If given, the gap :math:`J(W_t) - J^*` is drawn on a logarithmic axis
        (gaps below 1e-16, i.e. at machine precision, are left out).
    xlabel : str

    Returns
    -------
    list of Line2D
        One per curve, in the order of ``curves``.
    """
    ax = _axes(ax)
    lines = []
    for k, (label, curve) in enumerate(curves.items()):
        curve = np.asarray(curve, dtype=float)
        steps = np.arange(curve.size)
        if optimum is not None:
            curve = curve - optimum
            keep = curve > 1e-16
            steps, curve = steps[keep], curve[keep]
        lines.extend(ax.plot(steps, curve, color=class_color(k), marker=class_marker(k),
                             markevery=max(1, curve.size // 12), label=label))
    if optimum is not None:
        ax.set_yscale("log")
        ax.set_ylabel(r"$J(W_t) - J^*$")
    else:
        ax.set_ylabel(r"training loss $J(W_t)$")
    ax.set_xlabel(xlabel)
    ax.legend(loc="best", framealpha=0.9)
    return lines


def plot_learning_curves(curve, ax=None, *, floor=None, floor_label="Bayes error", title=None):
    r"""Mean test error against training-set size, with one standard error either side.

    Parameters
    ----------
    curve : lecture_utils.experiments.LearningCurve
    ax : matplotlib Axes, default=None
    floor : float, default=None
        A horizontal reference line, e.g. the Bayes error.
    floor_label : str
    title : str, default=None

    Returns
    -------
    list of Line2D
        One per model (plus the floor line, last, if given).
    """
    ax = _axes(ax)
    means, errors = curve.mean_errors(), curve.standard_errors()
    sizes = means.index.to_numpy()
    lines = []
    for k, name in enumerate(means.columns):
        mean, half = means[name].to_numpy(), errors[name].to_numpy()
        lines.extend(ax.plot(sizes, mean, color=class_color(k), marker=class_marker(k),
                             label=name))
        ax.fill_between(sizes, mean - half, mean + half, color=class_color(k), alpha=0.2)
    if floor is not None:
        lines.append(ax.axhline(floor, color="black", linestyle=":", linewidth=1.5,
                                label=floor_label))
    ax.set_xscale("log")
    ax.set_xlabel("training samples $m$")
    ax.set_ylabel("test error")
    ax.legend(loc="best", framealpha=0.9)
    if title is not None:
        ax.set_title(title)
    return lines


#: Line colours of the two models in `plot_outlier_effect` (not class colours).
MODEL_COLORS = {"LDA": "#000000", "logistic regression": class_color(3)}


def plot_linear_boundary(w, b, ax=None, **style):
    r"""Draw the straight line :math:`w_1 x_1 + w_2 x_2 + b = 0` across the axes.

    Returns
    -------
    matplotlib.lines.Line2D
    """
    ax = _axes(ax)
    w = np.asarray(w, dtype=float)
    if w.shape != (2,) or not np.any(w):
        raise ValueError(f"w must be two numbers, not both zero; got {w!r}.")
    point = -b * w / (w @ w)
    return ax.axline(tuple(point), tuple(point + [-w[1], w[0]]), **style)


def plot_outlier_effect(view, ax=None, *, legend=True, title=True):
    """Both models' boundaries without (dashed) and with (solid) one added outlier.

    Parameters
    ----------
    view : lecture_utils.widgets.OutlierView
    ax : matplotlib Axes, default=None
    legend, title : bool, default=True
        Add a legend (its entries are labelled either way, for a figure legend);
        title the panel with the boundary rotations.

    Returns
    -------
    dict
        ``"points"`` (list of PathCollection), ``"outlier"`` (PathCollection) and
        ``"boundaries"`` (dict of (model, "before"/"after") -> Line2D).
    """
    ax = _axes(ax)
    classes = np.unique(view.y)
    drawn = {"points": scatter_classes(view.X, view.y, classes, ax, size=30, alpha=0.7),
             "boundaries": {}}
    k = class_index(classes, [view.label])[0]
    drawn["outlier"] = ax.scatter(*view.outlier, s=300, marker="*", color=class_color(k),
                                  edgecolor="black", linewidth=1.2, zorder=5, label="outlier")
    for name, pair in view.boundaries.items():
        for when, (w, b), dashes in zip(("before", "after"), pair, ("--", "-"), strict=True):
            drawn["boundaries"][name, when] = plot_linear_boundary(
                w, b, ax, color=MODEL_COLORS[name], linestyle=dashes,
                linewidth=2.4 if when == "after" else 1.6,
                label=f"{name}" if when == "after" else None)
    extent = np.vstack([view.X, view.outlier])
    lows, highs = extent.min(axis=0), extent.max(axis=0)
    margin = 0.08 * (highs - lows)
    ax.set_xlim(lows[0] - margin[0], highs[0] + margin[0])
    ax.set_ylim(lows[1] - margin[1], highs[1] + margin[1])
    ax.plot([], [], color="grey", linestyle="--", label="without the outlier")
    if legend:
        ax.legend(loc="best", framealpha=0.9, fontsize=10)
    if title:
        ax.set_title(view.title, fontsize=12)
    return drawn
