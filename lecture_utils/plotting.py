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


def image_mosaic(images, image_shape, n_columns, padding=1):
    """Tile flattened images into one 2-D array, row by row, with gaps between tiles.

    Parameters
    ----------
    images : array-like of shape (n_images, height * width)
    image_shape : (int, int)
        ``(height, width)`` of one image.
    n_columns : int
        Images per row of the mosaic; the last row is padded with gaps.
    padding : int, default=1
        Width of the gap (NaN) between neighbouring tiles.

    Returns
    -------
    ndarray of shape (rows * (height + padding) - padding, n_columns * (width + padding) - padding)
        NaN in the gaps.
    """
    images = np.asarray(images, dtype=float)
    height, width = image_shape
    if images.ndim != 2 or images.shape[1] != height * width or images.shape[0] == 0:
        raise ValueError(
            f"images must have shape (n_images, {height * width}) for images of shape "
            f"{tuple(image_shape)}; got {images.shape}."
        )
    if int(n_columns) != n_columns or n_columns < 1:
        raise ValueError(f"n_columns must be a positive integer; got {n_columns!r}.")
    n_rows = -(-images.shape[0] // n_columns)
    mosaic = np.full((n_rows * (height + padding) - padding,
                      n_columns * (width + padding) - padding), np.nan)
    for i, image in enumerate(images):
        top, left = (i // n_columns) * (height + padding), (i % n_columns) * (width + padding)
        mosaic[top:top + height, left:left + width] = image.reshape(height, width)
    return mosaic


def plot_image_grid(images, image_shape, n_columns, ax=None, *, row_labels=None, title=None,
                    value_range=(0.0, 255.0), cmap="gray_r"):
    """Show flattened images (digits, class means, samples) as a grid in one axes.

    Parameters
    ----------
    images : array-like of shape (n_images, height * width)
    image_shape : (int, int)
    n_columns : int
    ax : matplotlib Axes, default=None
    row_labels : sequence of str, default=None
        One label per row of the grid, written on the left.
    title : str, default=None
    value_range : (float, float), default=(0, 255)
        Grey levels mapped to white and black; values outside are clipped.
    cmap : str, default="gray_r"
        Ink dark on a light background.

    Returns
    -------
    matplotlib.image.AxesImage
    """
    ax = _axes(ax)
    mosaic = image_mosaic(images, image_shape, n_columns)
    colormap = plt.get_cmap(cmap).with_extremes(bad="white")
    drawn = ax.imshow(mosaic, cmap=colormap, vmin=value_range[0], vmax=value_range[1],
                      interpolation="nearest")
    ax.grid(False)
    ax.set_xticks([])
    height = image_shape[0]
    n_rows = -(-np.shape(images)[0] // n_columns)
    if row_labels is not None:
        if len(row_labels) != n_rows:
            raise ValueError(f"row_labels has {len(row_labels)} entries for {n_rows} rows.")
        ax.set_yticks(np.arange(n_rows) * (height + 1) + (height - 1) / 2, list(row_labels))
        ax.tick_params(axis="y", length=0)
    else:
        ax.set_yticks([])
    for side in ("left", "bottom", "top", "right"):
        ax.spines[side].set_visible(False)
    if title is not None:
        ax.set_title(title)
    return drawn


@dataclass
class ConfusionMatrixPlot:
    """What `plot_confusion_matrix` drew: the axes, the image and the counts."""

    ax: object
    image: object
    matrix: np.ndarray


def plot_confusion_matrix(y_true, y_pred, classes=None, ax=None, *, title=None):
    r"""Counts :math:`C_{ij}` of samples of class :math:`i` predicted as :math:`j`.

    The correct decisions (the diagonal) are written in grey; the colour shows
    the errors only, so that the most frequent confusions stand out.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    classes : array-like, default=None
        Row and column order; the sorted labels of both arrays by default.
    ax : matplotlib Axes, default=None
    title : str, default=None

    Returns
    -------
    ConfusionMatrixPlot
    """
    from sklearn.metrics import confusion_matrix

    ax = _axes(ax)
    if classes is None:
        classes = np.unique(np.concatenate([np.asarray(y_true), np.asarray(y_pred)]))
    classes = np.asarray(classes)
    matrix = confusion_matrix(y_true, y_pred, labels=classes)
    errors = np.ma.masked_where(np.eye(classes.size, dtype=bool), matrix)
    colormap = plt.get_cmap("Reds").with_extremes(bad="#eeeeee")
    image = ax.imshow(errors, cmap=colormap, vmin=0, interpolation="nearest")
    largest = max(int(errors.max()), 1) if errors.count() else 1
    for (i, j), count in np.ndenumerate(matrix):
        color = "dimgray" if i == j else ("white" if count > 0.6 * largest else "black")
        ax.text(j, i, str(count), ha="center", va="center", fontsize=10, color=color)
    ticks = np.arange(classes.size)
    ax.set_xticks(ticks, [str(c) for c in classes.tolist()])
    ax.set_yticks(ticks, [str(c) for c in classes.tolist()])
    ax.set_xlabel("predicted class")
    ax.set_ylabel("true class")
    ax.grid(False)
    if title is not None:
        ax.set_title(title)
    return ConfusionMatrixPlot(ax=ax, image=image, matrix=matrix)


def plot_error_against_dimension(dimensions, errors, ax=None, *, label=None, highlight=(),
                                 color=None, ylabel="test error (%)"):
    """Error rate (in %) against the number of features, with chosen points marked.

    Parameters
    ----------
    dimensions : array-like of int
    errors : array-like of float
        Error rates in [0, 1], one per dimension.
    ax : matplotlib Axes, default=None
    label : str, default=None
        Legend label of the curve.
    highlight : sequence of int, default=()
        Dimensions (from ``dimensions``) to mark with a large dot and their error.
    color : colour, default=None
    ylabel : str, default="test error (%)"

    Returns
    -------
    list of matplotlib.lines.Line2D
        The curve, then one marker per highlighted dimension.
    """
    ax = _axes(ax)
    dimensions = np.asarray(dimensions)
    errors = 100.0 * np.asarray(errors, dtype=float)
    if dimensions.shape != errors.shape or dimensions.ndim != 1:
        raise ValueError(
            f"dimensions and errors must be 1-D and of the same length; got "
            f"{dimensions.shape} and {errors.shape}."
        )
    lines = ax.plot(dimensions, errors, marker="o", markersize=4, label=label, color=color)
    for m in highlight:
        where = np.flatnonzero(dimensions == m)
        if where.size == 0:
            raise ValueError(f"highlight {m!r} is not one of the dimensions.")
        e = errors[where[0]]
        lines += ax.plot([m], [e], "o", markersize=11, color=lines[0].get_color(),
                         markeredgecolor="black")
        # Label to the right of the point, or to its left in the right half of the curve.
        right_half = m > (dimensions.min() + dimensions.max()) / 2
        ax.annotate(f"m = {m}: {e:.2f} %", (m, e), xytext=(-8 if right_half else 8, 10),
                    textcoords="offset points", ha="right" if right_half else "left")
    ax.set_xlabel("number of principal components m")
    ax.set_ylabel(ylabel)
    return lines
