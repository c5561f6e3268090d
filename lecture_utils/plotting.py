"""Pictures of classifiers: decision regions, class densities, covariance ellipses, curves
along one feature or against the data size, error tables, and figures with their text.

Every function takes ``ax=None`` (a new figure is made when it is None) and returns what it
drew, like scikit-learn's displays, whose `DecisionBoundaryDisplay` and
`ConfusionMatrixDisplay` draw the regions and the confusion tables here. Colours, markers,
line styles, hatches and colour maps follow `lecture_utils.style`: class ``k`` of
``classes_`` is always drawn the same way, and never told apart by colour alone. What is
particular to a model, such as the shape of a Gaussian's contours, comes from the model
(`lecture_utils.gaussian.ellipse_points`).
"""

import base64
import html
import io
from itertools import combinations

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import display
from matplotlib.legend_handler import HandlerTuple
from matplotlib.patches import Patch, Polygon
from matplotlib.ticker import LogLocator, NullLocator
from sklearn.inspection import DecisionBoundaryDisplay
from sklearn.metrics import ConfusionMatrixDisplay

from .decision import log_joint
from .gaussian import ellipse_points, log_likelihood_at_scaled_covariance
from .style import (
    ERROR_CMAP,
    GREY_CMAP,
    HATCH_STYLE,
    MIN_FONT_SIZE,
    class_color,
    class_hatch,
    class_linestyle,
    class_marker,
    region_colormap,
)
from .validation import check_gaussian_parameters, check_number, check_option, class_index, plain

#: Fewest words in a figure's text description: enough for its point, not only its title.
MIN_ALT_WORDS = 6


def show_figure(fig, alt):
    """Show ``fig`` in the notebook as a PNG image whose ``alt`` attribute describes it, and
    close it.

    The image is drawn at the figure's own dpi and cropped to what it holds (as the
    notebooks' inline backend does), without a software stamp, so the same figure gives
    the same bytes. The description goes into the ``<img>`` element itself because
    JupyterLab's PNG renderer ignores an output's ``alt`` metadata, while every HTML
    renderer (JupyterLab, nbconvert's slides, a static site) keeps the attribute, which
    screen readers read out. The output also holds the figure's usual one-line text form for
    text-only front ends; closing the figure stops the inline backend from showing it a
    second time without its description.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    alt : str
        What the figure shows, its point rather than its title, in at least
        `MIN_ALT_WORDS` words.

    Examples
    --------
    >>> fig, ax = plt.subplots(figsize=(2, 1))       # a text front end prints the bundle
    >>> show_figure(fig, "An empty set of axes, drawn as an example.")  # doctest: +ELLIPSIS
    {'text/html': '<img alt="An empty set of axes, drawn as an example." src="data:...'}
    """
    words = alt.split() if isinstance(alt, str) else []
    if len(words) < MIN_ALT_WORDS:
        raise ValueError(f"alt must describe what the figure shows in at least {MIN_ALT_WORDS} "
                         f"words (its point, not its title); got {alt!r}.")
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=fig.dpi, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    encoded = base64.b64encode(png.getvalue()).decode("ascii")
    display({"text/html": f'<img alt="{html.escape(" ".join(words), quote=True)}" '
                          f'src="data:image/png;base64,{encoded}"/>', "text/plain": repr(fig)},
            raw=True)


def _axes(ax):
    return plt.subplots()[1] if ax is None else ax


def _two_columns(X, name="X"):
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"this picture is drawn in two dimensions; {name} has shape {X.shape}. "
                         "Select two features, e.g. X[:, :2].")
    return X


def _grid(X, resolution, padding):
    """A regular ``resolution`` x ``resolution`` grid over two columns of ``X``, with a margin."""
    X = _two_columns(X)
    xx, yy = np.meshgrid(*np.linspace(X.min(axis=0) - padding, X.max(axis=0) + padding,
                                      resolution).T)
    return xx, yy, np.column_stack([xx.ravel(), yy.ravel()])


def _label(ax, feature_names=None, title=None):
    """Name the two axes after the features (left unnamed when None) and set the title."""
    ax.set(xlabel=(feature_names or ("", ""))[0], ylabel=(feature_names or ("", ""))[1],
           title=title)



def _class_curve(ax, k, x, y, label, **style):
    """One curve in the colour, line style and marker of class ``k``; ``style`` adds to them or
    overrides them (``linestyle="none"`` for markers only)."""
    return ax.plot(x, y, **{"color": class_color(k), "linestyle": class_linestyle(k),
                            "marker": class_marker(k), "label": label, **style})


def scatter_classes(X, y, classes, ax=None, *, size=40, alpha=0.9, label_prefix=""):
    """Scatter the rows of ``X`` (two columns), one colour and marker per class.

    Returns
    -------
    list of PathCollection
        One per class, in the order of ``classes``.

    Examples
    --------
    >>> points = scatter_classes([[0, 0], [1, 1], [2, 0]], ["a", "b", "a"], ["a", "b"])
    >>> [p.get_offsets().shape[0] for p in points]
    [2, 1]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    X, index = np.asarray(X, dtype=float), class_index(classes, y)
    return [ax.scatter(X[index == k, 0], X[index == k, 1], s=size, color=class_color(k),
                       marker=class_marker(k), edgecolor="black", linewidth=0.6, alpha=alpha,
                       label=f"{label_prefix}{label}")
            for k, label in enumerate(np.asarray(classes).tolist())]


def covariance_ellipse(mean, cov_matrix, n_std=2.0, ax=None, **style):
    r"""Draw the ellipse :math:`(x-\mu)^T\Sigma^{-1}(x-\mu) = n_{std}^2` of a 2-D Gaussian.

    Its points are `lecture_utils.gaussian.ellipse_points`.

    Returns
    -------
    matplotlib.patches.Polygon

    Examples
    --------
    >>> ellipse = covariance_ellipse([0.0, 0.0], [[4.0, 0.0], [0.0, 1.0]], n_std=1.0)
    >>> ellipse.get_xy()[:, 0].max().round(6)
    np.float64(2.0)
    >>> plt.close("all")
    """
    points = ellipse_points(mean, cov_matrix, n_std, n_points=180)
    return _axes(ax).add_patch(Polygon(points, closed=True,
                                       **{"fill": False, "linewidth": 2.0, **style}))


def _class_ellipses(ax, means, covariances, linewidths, n_stds=(1.0, 2.0)):
    """Each class's ellipses at ``n_stds``, in its colour and line style, the j-th of width
    ``linewidths[j]``."""
    return [covariance_ellipse(mean, covariance, n_std, ax, color=class_color(k),
                               linestyle=class_linestyle(k), linewidth=width)
            for k, (mean, covariance) in enumerate(zip(means, covariances, strict=True))
            for n_std, width in zip(n_stds, linewidths, strict=True)]



def plot_decision_regions(classifier, X, y, ax=None, *, ellipses=True, resolution=300,
                          padding=0.5, feature_names=None, title=None, legend=True,
                          point_size=40):
    """Colour the plane by the class a fitted classifier predicts, and show the data.

    scikit-learn's `DecisionBoundaryDisplay` colours each class's region in its pale colour;
    the region also carries the class's hatch (`class_hatch`), its covariance ellipses
    are in its colour and line style, and its points in its colour and marker: no class is
    told apart by colour alone.

    Parameters
    ----------
    classifier : fitted classifier
        Anything with ``predict`` and ``classes_`` trained on two features.
    X : array-like of shape (n_samples, 2)
        Data to show; it also sets the extent of the grid.
    y : array-like of shape (n_samples,)
        Labels of ``X``.
    ax : matplotlib Axes, default=None
    ellipses : bool, default=True
        Each class's covariance ellipses one and two standard deviations (Mahalanobis
        distance) from its mean, the contours of its density, for a classifier with
        ``means_`` and ``covariances_`` (a `GaussianClassifier`; others have none).
    resolution : int, default=300
        Grid points per axis.
    padding : float, default=0.5
        Margin around the data, in data units.
    feature_names : pair of str, default=None
        Axis labels.
    title : str, default=None
    legend : bool, default=True
        A legend beside the axes; each entry shows the class's region and marker.
    point_size : float, default=40
        Marker area of the data points.

    Returns
    -------
    dict
        ``"display"`` (the `DecisionBoundaryDisplay`), ``"hatches"``, ``"ellipses"`` and
        ``"points"`` (one per class).

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X, y = np.array([[0, 0], [1, 1], [0, 1], [4, 4], [5, 5], [4, 5]]), [0, 0, 0, 1, 1, 1]
    >>> drawn = plot_decision_regions(GaussianClassifier(covariance="tied").fit(X, y), X, y,
    ...                               resolution=20)
    >>> drawn["display"].response.shape, len(drawn["ellipses"]), len(drawn["points"])
    ((20, 20), 4, 2)
    >>> plt.close("all")
    """
    ax, X = _axes(ax), _two_columns(X)
    n_classes = len(classifier.classes_)
    pale = region_colormap(n_classes)
    colours = {"cmap": pale} if n_classes == 2 else {
        "multiclass_colors": [pale(k) for k in range(n_classes)]}
    shown = DecisionBoundaryDisplay.from_estimator(
        classifier, X, grid_resolution=resolution, eps=padding,
        response_method="predict", plot_method="pcolormesh", ax=ax, vmin=-0.5,
        vmax=n_classes - 0.5, shading="auto", rasterized=True, **colours)
    drawn = {"display": shown, "hatches": ax.contourf(
        shown.xx0, shown.xx1, shown.response, levels=np.arange(n_classes + 1) - 0.5,
        colors="none", hatches=[class_hatch(k) for k in range(n_classes)], **HATCH_STYLE),
        "ellipses": _class_ellipses(ax, classifier.means_, classifier.covariances_, (2.0, 1.2))
        if ellipses and hasattr(classifier, "covariances_") else [],
        "points": scatter_classes(X, y, classifier.classes_, ax, size=point_size)}
    if legend:
        # beside the axes: it never hides data; each entry is the region and the marker
        handles = [(Patch(facecolor=pale(k), edgecolor="none", hatch=class_hatch(k),
                          **HATCH_STYLE), points) for k, points in enumerate(drawn["points"])]
        ax.legend(handles, [p.get_label() for p in drawn["points"]],
                  handler_map={tuple: HandlerTuple(None)}, loc="upper left",
                  bbox_to_anchor=(1.01, 1.0), framealpha=0.9)
    ax.set(xlim=(shown.xx0.min(), shown.xx0.max()), ylim=(shown.xx1.min(), shown.xx1.max()))
    _label(ax, feature_names, title)
    return drawn


def plot_pairwise_boundaries(classifier, X, ax=None, *, resolution=200, padding=0.5):
    r"""For every pair of classes :math:`(i, j)`, the whole curve where they tie.

    The curve is :math:`\log f(x \mid i) + \log P(i) = \log f(x \mid j) + \log P(j)`, drawn
    over the full plane in black, one line style per pair; the decision boundary of several
    classes is made of the pieces of these curves where no third class wins.

    Parameters
    ----------
    classifier : fitted classifier with ``log_likelihood``, ``priors_`` and ``classes_``
    X : array-like of shape (n_samples, 2)
        Sets the extent of the grid.

    Returns
    -------
    dict
        ``(label_i, label_j) -> QuadContourSet``, one per pair.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X, y = np.array([[0, 0], [1, 1], [0, 1], [4, 4], [5, 5], [4, 5]]), [0, 0, 0, 1, 1, 1]
    >>> list(plot_pairwise_boundaries(GaussianClassifier(covariance="tied").fit(X, y), X))
    [(0, 1)]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    xx, yy, grid = _grid(X, resolution, padding)
    joint = log_joint(classifier.log_likelihood(grid), classifier.priors_)
    classes = np.asarray(classifier.classes_).tolist()
    drawn = {}
    for n, (i, j) in enumerate(combinations(range(len(classes)), 2)):
        style = ("--", ":", "-.", (0, (5, 2, 1, 2, 1, 2)))[n % 4]
        drawn[classes[i], classes[j]] = ax.contour(
            xx, yy, (joint[:, i] - joint[:, j]).reshape(xx.shape), levels=[0.0],
            colors=["black"], linestyles=[style], linewidths=2.0)
        ax.plot([], [], color="black", linestyle=style, label=f"{classes[i]} | {classes[j]}")
    ax.set(xlim=(xx.min(), xx.max()), ylim=(yy.min(), yy.max()))
    return drawn


def plot_density_2d(model, X, y, ax=None, *, resolution=200, padding=0.5, levels=6,
                    feature_names=None):
    r"""Shade the plane by a fitted model's density :math:`p(x) = \sum_k \pi_k\, p(x \mid y = k)`.

    Parameters
    ----------
    model : fitted classifier with ``log_marginal_density`` and ``classes_``, two features
    X : array-like of shape (n_samples, 2)
        Data to show; it also sets the extent of the grid.
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, default=None
    resolution, padding : as in `plot_pairwise_boundaries`
    levels : int or array-like, default=6
        Contour lines of equal density.
    feature_names : pair of str, default=None

    Returns
    -------
    dict
        ``"image"``, ``"contours"`` and ``"points"``.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X, y = np.array([[0, 0], [1, 1], [0, 1], [4, 4], [5, 5], [4, 5]]), [0, 0, 0, 1, 1, 1]
    >>> drawn = plot_density_2d(GaussianClassifier(covariance="tied").fit(X, y), X, y)
    >>> float(drawn["image"].get_array().min()) >= 0
    True
    >>> plt.close("all")
    """
    ax = _axes(ax)
    xx, yy, grid = _grid(X, resolution, padding)
    density = np.exp(model.log_marginal_density(grid)).reshape(xx.shape)
    half_x, half_y = (xx[0, 1] - xx[0, 0]) / 2, (yy[1, 0] - yy[0, 0]) / 2
    drawn = {"image": ax.imshow(density, origin="lower", aspect="auto", interpolation="nearest",
                                cmap=GREY_CMAP, vmin=0.0,
                                extent=(xx.min() - half_x, xx.max() + half_x,
                                        yy.min() - half_y, yy.max() + half_y)),
             "contours": ax.contour(xx, yy, density, levels=levels, colors="black",
                                    linewidths=0.8),
             "points": scatter_classes(X, y, model.classes_, ax, size=18, alpha=0.8)}
    ax.figure.colorbar(drawn["image"], ax=ax, label="density p(x)")
    _label(ax, feature_names)
    return drawn


def plot_covariance_ellipses(means, covariances, classes, ax=None, *, principal_axes=True):
    r"""Each class's covariance ellipses and principal axes, in its colour and line style.

    With :math:`\Sigma_k = U \operatorname{diag}(\lambda_1, \lambda_2) U^T`, the contour
    :math:`\Delta_k(x) = n` of class :math:`k` is an ellipse centred at :math:`\mu_k`, with
    axes along the eigenvectors :math:`u_i` and half-lengths :math:`n\sqrt{\lambda_i}`
    (`lecture_utils.gaussian.ellipse_points`). The axes are drawn for :math:`n = 1`, from
    :math:`\mu_k - \sqrt{\lambda_i}\, u_i` to :math:`\mu_k + \sqrt{\lambda_i}\, u_i` (whole
    axes: an eigenvector's sign is arbitrary), and the mean in the class's marker. Ellipses
    are drawn at :math:`n = 1` (thicker) and :math:`n = 2`. Angles are true only on equal
    axes: call ``ax.set_aspect("equal")``.

    Parameters
    ----------
    means : array-like of shape (n_classes, 2)
    covariances : array-like of shape (n_classes, 2, 2)
    classes : sequence of str
        Class names, for the legend.
    ax : matplotlib Axes, default=None
    principal_axes : bool, default=True

    Returns
    -------
    dict
        ``"ellipses"`` (Polygons), ``"axes"`` (Line2D) and ``"means"`` (one Line2D per
        class, labelled with its name).

    Examples
    --------
    >>> drawn = plot_covariance_ellipses([[0.0, 0.0]], [[[4.0, 0.0], [0.0, 1.0]]], ["a"])
    >>> len(drawn["ellipses"]), len(drawn["axes"]), drawn["means"][0].get_label()
    (2, 2, 'a')
    >>> plt.close("all")
    """
    ax = _axes(ax)
    means = _two_columns(check_gaussian_parameters(means, covariances)[0], "means")
    if len(classes) != len(means):
        raise ValueError(f"classes must name the {len(means)} classes; got {len(classes)}.")
    drawn = {"ellipses": _class_ellipses(ax, means, covariances, (2.2, 1.2)), "axes": [],
             "means": []}
    for k, (mean, covariance) in enumerate(zip(means, covariances, strict=True)):
        if principal_axes:
            eigenvalues, eigenvectors = np.linalg.eigh(covariance)
            for half_axis in np.sqrt(eigenvalues)[:, None] * eigenvectors.T:
                drawn["axes"] += ax.plot(*np.column_stack([mean - half_axis, mean + half_axis]),
                                         color=class_color(k), linewidth=2.5)
        drawn["means"] += _class_curve(ax, k, *mean, str(classes[k]), markeredgecolor="black",
                                       markersize=9, linestyle="none")
    ax.autoscale_view()
    return drawn


def plot_shared_covariance_comparison(full, tied, classes, ax=None, *, names=None):
    r"""Each class's own covariance ellipses beside the one shared covariance, in two dimensions.

    For each class :math:`k` in ``classes``, the ellipses of the ``full`` model
    (`plot_covariance_ellipses`), and, dotted black at the same mean, the ellipse
    :math:`(x - \mu_k)^T \Sigma^{-1} (x - \mu_k) = 2^2` of the ``tied`` model's shared
    :math:`\Sigma`: where one shared covariance fits every class, the dotted ellipse
    follows each class's outer one. Equal axes; the legend is outside, on the right.

    Parameters
    ----------
    full, tied : fitted `GaussianClassifier` on two features
        With ``covariance="full"`` and ``"tied"``, fitted on the same data.
    classes : sequence
        Labels (from ``full.classes_``) of the classes to draw.
    ax : matplotlib Axes, default=None
    names : sequence of str, default=None
        The classes' names in the legend; by default the labels themselves.

    Returns
    -------
    dict
        What `plot_covariance_ellipses` returns, and ``"shared"``: the dotted ellipses.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.2, 5.0], [5.0, 8.0]])
    >>> full, tied = (GaussianClassifier(covariance=c).fit(X, [0, 0, 0, 1, 1, 1])
    ...               for c in ("full", "tied"))
    >>> drawn = plot_shared_covariance_comparison(full, tied, [0, 1], names=["a", "b"])
    >>> len(drawn["ellipses"]), len(drawn["shared"]), drawn["shared"][0].get_linestyle()
    (4, 2, ':')
    >>> plt.close("all")
    """
    for model, kind in ((full, "full"), (tied, "tied")):
        if getattr(model, "covariance", None) != kind or not hasattr(model, "covariances_"):
            raise ValueError(f"{kind} must be a GaussianClassifier(covariance={kind!r}), fitted.")
    index = class_index(full.classes_, np.asarray(classes))
    ax, means = _axes(ax), _two_columns(full.means_, "the models' means_")
    drawn = {"shared": [covariance_ellipse(mean, tied.covariances_[0], 2.0, ax,
                                           color="black", linestyle=":", linewidth=2.0,
                                           label="shared (tied)" if k == 0 else None)
                        for k, mean in enumerate(means[index])]}

    drawn.update(plot_covariance_ellipses(
        full.means_[index], full.covariances_[index],
        [str(c) for c in (classes if names is None else names)], ax, principal_axes=False))

    ax.set_aspect("equal")
    ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5))
    return drawn


def plot_scaled_covariance_log_likelihood(model, X, y, scales, ax=None, *, mark=None,
                                          mark_label=None):
    r"""How each class's log-likelihood falls when its ML covariance is scaled by :math:`c`.

    For class :math:`k` of a fitted full-covariance ``model``, the markers show
    :math:`\ell_k(\hat\mu_k, c\hat\Sigma_k) - \ell_k(\hat\mu_k, \hat\Sigma_k)` computed from
    the data (`lecture_utils.gaussian.log_likelihood_at_scaled_covariance`; class :math:`k`
    at every third scale, starting at the :math:`k`-th, so that equal curves stay visible),
    and the line the closed form, one per distinct class size :math:`N_k`,

    .. math::

        -\frac{N_k D}{2}\Big(\log c + \frac1c - 1\Big).

    Parameters
    ----------
    model : fitted GaussianClassifier with ``covariance="full"``
    X, y : the data ``model`` was fitted on
    scales : array-like of shape (n_scales,)
        Positive factors :math:`c`, increasing; the x axis is logarithmic.
    ax : matplotlib Axes, default=None
    mark : float, default=None
        A scale to mark with a vertical dotted line (e.g. :math:`N_k / (N_k - 1)`).
    mark_label : str, default=None

    Returns
    -------
    dict
        ``"points"`` (one Line2D per class), ``"curves"`` (Line2D), ``"mark"`` (or None).

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X, y = np.array([[0.0], [2.0], [1.0], [5.0]]), np.array([0, 0, 1, 1])
    >>> drawn = plot_scaled_covariance_log_likelihood(GaussianClassifier().fit(X, y), X, y,
    ...                                               [0.5, 1.0, 2.0], mark=1.5)
    >>> len(drawn["points"]), len(drawn["curves"])
    (2, 1)
    >>> plt.close("all")
    """
    ax = _axes(ax)
    X, scales = np.asarray(X, dtype=float), np.asarray(scales, dtype=float)
    if getattr(model, "covariance", None) != "full":
        raise ValueError("model must be a GaussianClassifier fitted with covariance='full'.")
    index = class_index(model.classes_, y)
    drawn = {"points": [], "curves": [], "mark": None}
    for k, label in enumerate(np.asarray(model.classes_).tolist()):
        values = log_likelihood_at_scaled_covariance(X[index == k], model.means_[k],
                                                     model.covariances_[k], [1.0, *scales])
        shown = slice(k % 3, None, 3)
        drawn["points"] += _class_curve(ax, k, scales[shown], (values[1:] - values[0])[shown],
                                        str(label), markeredgecolor="black", linestyle="none",
                                        markersize=8)
    fine = np.geomspace(scales.min(), scales.max(), 400)
    for size in np.unique(np.bincount(index)[np.bincount(index) > 0]):
        drawn["curves"] += ax.plot(fine, -0.5 * size * X.shape[1] * (np.log(fine) + 1 / fine - 1),
                                   color="black", linewidth=1.5, zorder=1,
                                   label=f"formula, $N_k = {size}$")
    if mark is not None:
        drawn["mark"] = ax.axvline(mark, color="black", linestyle=":", linewidth=1.5,
                                   label=mark_label)
    ax.set_xscale("log")


    ticks = [t for t in (0.25, 0.5, 0.7, 1.0, 1.4, 2.0, 4.0) if scales.min() <= t <= scales.max()]
    ax.set_xticks(ticks, labels=[f"{t:g}" for t in ticks])
    ax.minorticks_off()
    ax.set(xlabel=r"scale $c$ of the covariance",
           ylabel=r"$\ell_k(c\hat\Sigma_k) - \ell_k(\hat\Sigma_k)$")
    return drawn


# ---------------------------------------------------------------------- one feature
def plot_class_densities_1d(model, X, y, ax=None, *, bins=40, resolution=400, feature_name=None,
                            density_label="f(x | {label})"):
    r"""Each class's histogram (as a density) with its fitted density :math:`f(x \mid c)` on top.

    A class's histogram has its colour and hatch, its curve its colour and line style.

    Parameters
    ----------
    model : fitted classifier with ``log_likelihood`` and ``classes_``, trained on one feature
    X : array-like of shape (n_samples, 1)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, default=None
    bins : int, default=40
        Histogram bins, shared by all classes.
    resolution : int, default=400
        Points at which the densities are evaluated.
    feature_name : str, default=None
        The x-axis label.
    density_label : str, default="f(x | {label})"
        Legend entry of each fitted curve; ``{label}`` is replaced by the class label.

    Returns
    -------
    dict
        ``"histograms"`` and ``"curves"``, one per class in the order of ``classes_``.

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X, y = np.array([[0.0], [1.0], [3.0], [4.0]]), [0, 0, 1, 1]
    >>> drawn = plot_class_densities_1d(GaussianClassifier().fit(X, y), X, y, bins=4)
    >>> len(drawn["histograms"]), len(drawn["curves"])
    (2, 2)
    >>> plt.close("all")
    """
    ax = _axes(ax)
    X = np.asarray(X, dtype=float).reshape(len(y), -1)
    if X.shape[1] != 1:
        raise ValueError(f"this picture draws one feature; X has shape {X.shape}. Select one "
                         "column, e.g. X[:, [0]].")
    index = class_index(model.classes_, y)
    edges = np.histogram_bin_edges(X[:, 0], bins=bins)
    grid = np.linspace(edges[0], edges[-1], resolution)
    densities = np.exp(model.log_likelihood(grid[:, None]))
    drawn = {"histograms": [], "curves": []}
    for k, label in enumerate(np.asarray(model.classes_).tolist()):
        drawn["histograms"].append(ax.hist(
            X[index == k, 0], bins=edges, density=True, alpha=0.35, color=class_color(k),
            hatch=class_hatch(k), **HATCH_STYLE, label=f"{label} (data)")[2])
        drawn["curves"] += ax.plot(grid, densities[:, k], color=class_color(k),
                                   linestyle=class_linestyle(k),
                                   label=density_label.format(label=label))
    ax.set(ylabel="density", xlabel=feature_name or "")
    ax.legend(loc="upper right", framealpha=0.9)
    return drawn


def _pair_1d(x, y, names):
    """``x`` and ``y`` as arrays, after checking that they are 1-D and of one length."""
    x, y = np.asarray(x), np.asarray(y)
    if x.ndim != 1 or x.shape != y.shape:
        raise ValueError(f"{names[0]} and {names[1]} must be 1-D arrays of the same length; got "
                         f"{x.shape} and {y.shape}.")
    return x, y


def _crossing_lines(ax, crossings, grid):
    """Vertical dotted lines at the crossings that fall inside the plotted range."""
    return [ax.axvline(x, color="black", linestyle=":", linewidth=1.5)
            for x in np.atleast_1d(crossings) if grid[0] <= x <= grid[-1]]


def plot_llr_curve(grid, llr, ax=None, *, levels=None, crossings=(), feature_name=None):
    r"""The log-likelihood ratio along one feature, with horizontal decision thresholds.

    The decision for class :math:`c_1` is :math:`\mathrm{llr}(x) > t`: the curve above a
    threshold line :math:`t` marks where class :math:`c_1` wins for that threshold.

    Parameters
    ----------
    grid : array-like of shape (n_points,)
        Increasing feature values.
    llr : array-like of shape (n_points,)
        :math:`\mathrm{llr}(x)` at ``grid``.
    ax : matplotlib Axes, default=None
    levels : mapping str -> float, default=None
        Thresholds to draw, e.g. ``{"P(M) = 0.5": 0.0}``.
    crossings : array-like, default=()
        Feature values to mark with vertical lines (those inside ``grid``).
    feature_name : str, default=None

    Returns
    -------
    dict
        ``"curve"``, ``"levels"`` and ``"crossings"``: the lines drawn.

    Examples
    --------
    >>> drawn = plot_llr_curve([0.0, 1.0, 2.0], [-1.0, 0.0, 1.0], levels={"t = 0": 0.0},
    ...                        crossings=[1.0, 5.0])
    >>> len(drawn["levels"]), len(drawn["crossings"])
    (1, 1)
    >>> plt.close("all")
    """
    (grid, llr), ax = _pair_1d(grid, llr, ("grid", "llr")), _axes(ax)
    drawn = {"curve": ax.plot(grid, llr, color="black", label="llr(x)")[0],
             "levels": [ax.axhline(level, color=class_color(k + 2),
                                   linestyle=class_linestyle(k + 1), label=f"t: {label}")
                        for k, (label, level) in enumerate((levels or {}).items())],
             "crossings": _crossing_lines(ax, crossings, grid)}
    ax.set(xlim=(grid[0], grid[-1]), ylabel="log-likelihood ratio", xlabel=feature_name or "")
    ax.legend(loc="best", framealpha=0.9)
    return drawn


def plot_posterior_curve(grid, posterior, ax=None, *, classes=("c0", "c1"), crossings=(),
                         point=None, feature_name=None, title=None):
    r"""Posterior curves :math:`P(c_1 \mid x)` and :math:`P(c_0 \mid x) = 1 - P(c_1 \mid x)`.

    Parameters
    ----------
    grid : array-like of shape (n_points,)
        Increasing feature values.
    posterior : array-like of shape (n_points,)
        :math:`P(c_1 \mid x)` at ``grid``.
    ax : matplotlib Axes, default=None
    classes : pair of labels, default=("c0", "c1")
        Names of :math:`c_0` and :math:`c_1` for the legend.
    crossings : array-like, default=()
        Decision thresholds on the feature, drawn as vertical lines.
    point : (float, float), default=None
        A sample ``(x, P(c_1 | x))`` to mark.
    feature_name, title : str, default=None

    Returns
    -------
    dict
        ``"curves"`` (:math:`P(c_1 \mid x)`, then :math:`P(c_0 \mid x)`), ``"crossings"`` and
        ``"point"`` (or None).

    Examples
    --------
    >>> drawn = plot_posterior_curve([0.0, 1.0, 2.0], [0.1, 0.5, 0.9], point=(1.0, 0.5))
    >>> drawn["curves"][1].get_ydata().tolist()
    [0.9, 0.5, 0.09999999999999998]
    >>> plt.close("all")
    """
    (grid, posterior), ax = _pair_1d(grid, posterior, ("grid", "posterior")), _axes(ax)
    drawn = {"curves": [ax.plot(grid, values, color=class_color(k), linestyle=class_linestyle(k),
                                label=f"P({classes[k]} | x)")[0]
                        for k, values in ((1, posterior), (0, 1.0 - posterior))],
             "crossings": _crossing_lines(ax, crossings, grid), "point": None}
    ax.axhline(0.5, color="grey", linewidth=1.0)
    if point is not None:
        drawn["point"] = ax.scatter([point[0]], [point[1]], s=90, color=class_color(1),
                                    edgecolor="black", zorder=3, label=f"x = {point[0]:g}")
    ax.set(xlim=(grid[0], grid[-1]), ylim=(-0.02, 1.02), ylabel="posterior probability",
           xlabel=feature_name, title=title)
    # beside the axes: the two curves, the line at 1/2 and the sample leave no free corner
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), framealpha=0.9)
    return drawn


def plot_error_areas(model, grid, ax=None, *, feature_name=None):
    r"""The weighted class densities :math:`\pi_k\,p(x \mid k)` along one feature, and the
    areas where Bayes' rule errs, shaded.

    Bayes' rule picks the class with the largest :math:`\pi_k\,p(x \mid k)`, so at each
    :math:`x` it is wrong for every other class; the shaded area of class :math:`k` (its
    colour and hatch) is the probability that a member of class :math:`k` is misassigned, and
    the areas add up to the Bayes error of the model,

    .. math::

        \operatorname{err} = \int \sum_k [\hat y(x) \ne k]\,\pi_k\,p(x \mid k)\,dx
        = \int \min\big(\pi_0\,p(x \mid 0),\, \pi_1\,p(x \mid 1)\big)\,dx
        \quad\text{(two classes)},

    returned as ``"error"`` (trapezoid rule over ``grid``, which must cover the classes).

    Parameters
    ----------
    model : fitted classifier with ``log_likelihood``, ``classes_`` and ``priors_``, one feature
    grid : array-like of shape (n_points,)
        Increasing feature values.
    ax : matplotlib Axes, default=None
    feature_name : str, default=None

    Returns
    -------
    dict
        ``"curves"``, ``"areas"`` (one per class) and ``"error"`` (float).

    Examples
    --------
    >>> from lecture_utils.gaussian import GaussianClassifier
    >>> X, y = np.array([[-1.0], [1.0], [1.0], [3.0]]), np.array([0, 0, 1, 1])
    >>> model = GaussianClassifier(covariance="tied").fit(X, y)   # means 0, 2; variance 1
    >>> round(plot_error_areas(model, np.linspace(-8, 10, 2001))["error"], 4)   # Phi(-1)
    0.1587
    >>> plt.close("all")
    """
    ax = _axes(ax)
    grid = np.asarray(grid, dtype=float)
    if grid.ndim != 1 or grid.size < 2 or np.any(np.diff(grid) <= 0):
        raise ValueError(f"grid must be increasing feature values, at least two; got shape "
                         f"{grid.shape}.")
    weighted = np.exp(log_joint(model.log_likelihood(grid[:, None]), model.priors_))
    decided = np.argmax(weighted, axis=1)
    drawn = {"curves": [], "areas": [], "error": 0.0}
    for k, label in enumerate(np.asarray(model.classes_).tolist()):
        wrong = decided != k
        drawn["curves"] += ax.plot(grid, weighted[:, k], color=class_color(k),
                                   linestyle=class_linestyle(k), label=f"π p(x | {label})")
        drawn["areas"].append(ax.fill_between(
            grid, 0.0, weighted[:, k], where=wrong, color=class_color(k), alpha=0.35,
            hatch=class_hatch(k) or "..", **HATCH_STYLE, label=f"{label} misassigned"))
        drawn["error"] += float(np.trapezoid(np.where(wrong, weighted[:, k], 0.0), grid))
    ax.set(xlim=(grid[0], grid[-1]), ylabel="π p(x | class)", xlabel=feature_name or "")
    ax.set_ylim(bottom=0.0)
    ax.legend(loc="best", framealpha=0.9)
    return drawn


def plot_class_histograms(values, y, ax=None, *, bins=30, thresholds=None):
    r"""Histograms (densities) of one quantity in each class, with vertical thresholds.

    Each class has its colour and its hatch; each threshold is a black vertical line in its
    own line style, labelled by its name, so that nothing is told apart by colour alone.

    Parameters
    ----------
    values : array-like of shape (n_samples,)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, default=None
    bins : int or array-like, default=30
        As in ``numpy.histogram``, shared by all classes.
    thresholds : dict of str to float, default=None
        Where to draw vertical lines, by the label shown in the legend.

    Returns
    -------
    dict
        ``"bars"`` (one per class, in the order of ``np.unique(y)``) and ``"thresholds"``.

    Examples
    --------
    >>> drawn = plot_class_histograms([1.0, 2.0, 2.5, 6.0, 7.0], [0, 0, 0, 1, 1], bins=4,
    ...                               thresholds={"cut": 4.0})
    >>> len(drawn["bars"]), drawn["thresholds"][0].get_xdata()[0]
    (2, 4.0)
    >>> plt.close("all")
    """
    ax = _axes(ax)
    values, y = _pair_1d(np.asarray(values, dtype=float), y, ("values", "y"))
    edges = np.histogram_bin_edges(values, bins=bins)
    drawn = {"bars": [ax.hist(values[y == label], bins=edges, density=True, alpha=0.45,
                              color=class_color(k), edgecolor=class_color(k),
                              hatch=class_hatch(k + 1), label=f"class {label}")[2]
                      for k, label in enumerate(np.unique(y).tolist())],
             "thresholds": [ax.axvline(value, color="black", linewidth=2,
                                       linestyle=class_linestyle(m + 1), label=name)
                            for m, (name, value) in enumerate((thresholds or {}).items())]}
    ax.set_ylabel("density")
    return drawn


def plot_projections(X, y, directions, axes, *, classes=None):
    r"""Two-feature data with lines along chosen directions, and each class's histogram of
    the projections on each direction.

    For a direction :math:`w`, the projection of :math:`x` is :math:`z = u^T (x - \bar x)`
    with :math:`u = w / \lVert w\rVert` and :math:`\bar x` the mean of all samples. The
    first axes get the scatter and one black line per direction (its own line style)
    through :math:`\bar x`, at equal aspect so that angles are true; each further axes the
    histograms of one direction's projections, one per class, titled with its name.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    directions : dict of str to array-like of shape (2,)
        Name -> direction :math:`w` (any length but zero).
    axes : sequence of ``1 + len(directions)`` matplotlib Axes
    classes : sequence, default=None
        The class order (colours, markers); ``np.unique(y)`` when None.

    Returns
    -------
    dict
        ``"points"``, ``"lines"`` (one per direction), ``"histograms"`` (per direction, one
        bar container per class) and ``"projections"`` (name -> ndarray of shape (n_samples,)).

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 0.0], [3.0, 1.0], [4.0, 1.0]])
    >>> fig, axes = plt.subplots(1, 2)
    >>> plot_projections(X, [0, 0, 1, 1], {"x1": [2.0, 0.0]}, axes)["projections"]["x1"].tolist()
    [-2.0, -1.0, 1.0, 2.0]
    >>> plt.close(fig)
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if X.ndim != 2 or X.shape[1] != 2 or y.shape != (X.shape[0],):
        raise ValueError(f"X must have two columns and y one label per row; got shapes "
                         f"{X.shape} and {y.shape}.")
    if not isinstance(directions, dict) or len(axes) != 1 + len(directions):
        raise ValueError(f"directions must be a dict of name -> 2-D direction, with one axes "
                         f"for the scatter and one per direction; got {len(axes)} axes.")
    classes = np.unique(y) if classes is None else np.asarray(classes)
    index = class_index(classes, y)
    centre = X.mean(axis=0)
    reach = np.abs(X - centre).max()
    drawn = {"points": scatter_classes(X, y, classes, axes[0], size=14, alpha=0.5),
             "lines": [], "histograms": [], "projections": {}}
    for j, (name, w) in enumerate(directions.items()):
        w = np.asarray(w, dtype=float)
        if w.shape != (2,) or not np.all(np.isfinite(w)) or not np.any(w):
            raise ValueError(f"direction {name!r} must be two finite numbers, not both zero; "
                             f"got {plain(w)!r}.")
        u = w / np.linalg.norm(w)
        drawn["lines"] += axes[0].plot(*(centre + np.outer([-reach, reach], u)).T, color="black",
                                       linestyle=("-", "--", ":", "-.")[j % 4], linewidth=2.0,
                                       label=name)
        z = drawn["projections"][name] = (X - centre) @ u
        edges = np.histogram_bin_edges(z, bins=30)
        drawn["histograms"].append([
            axes[j + 1].hist(z[index == k], bins=edges, color=class_color(k), alpha=0.35,
                             hatch=class_hatch(k), **HATCH_STYLE, label=str(label))[2]
            for k, label in enumerate(classes.tolist())])
        axes[j + 1].set(title=f"on {name}", xlabel="projection", yticks=[])
    axes[0].set_aspect("equal", adjustable="datalim")
    return drawn


# -------------------------------------------------------------------- curves of a run
def plot_loss_curves(curves, ax=None, *, optimum=None):
    r"""Training-loss curves of several fits, e.g. ``{"Newton": model.loss_curve_, ...}``.

    Parameters
    ----------
    curves : dict of str to array-like
        One loss curve per label; entry ``t`` is the loss after ``t`` steps.
    ax : matplotlib Axes, default=None
    optimum : float, default=None
        If given, the gap :math:`J(W_t) - J^*` is drawn on a logarithmic axis (gaps below
        1e-16, at machine precision, are left out).

    Returns
    -------
    list of Line2D
        One per curve, in the order of ``curves``.

    Examples
    --------
    >>> lines = plot_loss_curves({"GD": [3.0, 2.0, 1.5, 1.0]}, optimum=1.0)
    >>> lines[0].get_ydata().tolist()
    [2.0, 1.0, 0.5]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    lines = []
    for k, (label, curve) in enumerate(curves.items()):
        gap = np.asarray(curve, dtype=float) - (optimum or 0.0)
        steps = np.arange(gap.size) if optimum is None else np.flatnonzero(gap > 1e-16)
        lines += _class_curve(ax, k, steps, gap[steps], label, markevery=max(1, steps.size // 12))
    ax.set(xlabel="iteration (epoch for SGD)", yscale="linear" if optimum is None else "log",
           ylabel=r"training loss $J(W_t)$" if optimum is None else r"$J(W_t) - J^*$")
    ax.legend(loc="best", framealpha=0.9)
    return lines


def plot_loss_along(W, moves, X1, C, penalty=0.0, ax=None):
    r"""The penalised loss along straight lines through ``W``: :math:`J(W + s\,V)` against ``s``.

    The steps :math:`s` are 61, from -3 to 3. Each named direction :math:`V` (the shape of
    :math:`W`) gets one curve, in its own colour,
    marker and line style. A flat curve is a direction in which the Hessian has a zero
    eigenvalue: :math:`J` does not change, e.g. the same shift of every bias.

    Parameters
    ----------
    W : array-like
        Where the lines pass, e.g. the fitted weights, in the layout of
        `lecture_utils.logistic.cross_entropy`.
    moves : dict of str to array-like of the shape of ``W``
        The directions :math:`V`, by the name shown in the legend.
    X1, C, penalty
        As in `lecture_utils.logistic.cross_entropy`.
    ax : matplotlib Axes, default=None

    Returns
    -------
    list of Line2D
        One per direction, in the order of ``moves``.

    Examples
    --------
    >>> from lecture_utils.logistic import add_bias, one_hot
    >>> X1, C = add_bias(np.array([[0.0], [1.0], [2.0]])), one_hot(np.array([0, 1, 1]), 2)
    >>> lines = plot_loss_along(np.zeros((2, 2)), {"shared bias": [[1.0, 1.0], [0.0, 0.0]]}, X1, C)
    >>> bool(np.ptp(lines[0].get_ydata()) < 1e-12)          # a shared shift changes nothing
    True
    >>> plt.close("all")
    """
    from .logistic import cross_entropy

    ax = _axes(ax)
    W = np.asarray(W, dtype=float)
    steps = np.linspace(-3.0, 3.0, 61)

    lines = []
    for k, (name, move) in enumerate(moves.items()):
        move = np.asarray(move, dtype=float)
        if move.shape != W.shape:
            raise ValueError(f"direction {name!r} has shape {move.shape}; W has {W.shape}.")
        lines += _class_curve(ax, k, steps, [cross_entropy(W + s * move, X1, C, penalty)
                                             for s in steps], name,
                              markevery=max(1, steps.size // 6))
    ax.set(xlabel="step $s$", ylabel="$J(W + sV)$")
    return lines


def plot_learning_curves(curve, ax=None, *, floor=None, floor_label="Bayes error", title=None,
                         legend=True):
    r"""Mean test error against training-set size, with one standard error either side.

    Parameters
    ----------
    curve : lecture_utils.experiments.LearningCurve
    ax : matplotlib Axes, default=None
    floor : float, default=None
        A horizontal reference line, e.g. the Bayes error.
    floor_label : str
    title : str, default=None
    legend : bool, default=True
        Add a legend (its entries are labelled either way, for a figure legend).

    Returns
    -------
    list of Line2D
        One per model (plus the floor line, last, if given).

    Examples
    --------
    >>> from lecture_utils.experiments import LearningCurve
    >>> curve = LearningCurve(np.array([10, 100]), {"a": np.array([[0.3, 0.1], [0.2, 0.1]])})
    >>> [line.get_label() for line in plot_learning_curves(curve, floor=0.05)]
    ['a', 'Bayes error']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    means, errors = curve.mean_errors(), curve.standard_errors()
    sizes = means.index.to_numpy()
    lines = []
    for k, name in enumerate(means.columns):
        mean, half = means[name].to_numpy(), errors[name].to_numpy()
        lines += _class_curve(ax, k, sizes, mean, name)
        ax.fill_between(sizes, mean - half, mean + half, color=class_color(k), alpha=0.2)
    if floor is not None:
        lines.append(ax.axhline(floor, color="black", linestyle=":", linewidth=1.5,
                                label=floor_label))
    ax.set(xscale="log", xlabel="training samples $m$", ylabel="test error", title=title)
    if legend:
        ax.legend(loc="best", framealpha=0.9)
    return lines


def plot_error_against_dimension(dimensions, errors, ax=None, *, label=None, highlight=(),
                                 color=None, ylabel="test error (%)", below=(), linestyle="-",
                                 log=False):
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
    below : sequence of int, default=()
        Highlighted dimensions whose label goes below the point rather than above it.
    linestyle : str, default="-"
    log : bool, default=False
        Error axis on a log scale, ticked at 1, 2, 3, 4, 5 and 7 times the powers of ten and
        labelled as plain numbers, so that small errors stay apart beside large ones.

    Returns
    -------
    list of matplotlib.lines.Line2D
        The curve, then one marker per highlighted dimension.

    Examples
    --------
    >>> lines = plot_error_against_dimension([1, 5, 10], [0.1, 0.05, 0.06], highlight=[5])
    >>> lines[0].get_ydata().tolist(), lines[1].get_xdata().tolist()
    ([10.0, 5.0, 6.0], [5])
    >>> plt.close("all")
    """
    ax = _axes(ax)
    dimensions, errors = _pair_1d(dimensions, 100.0 * np.asarray(errors, dtype=float),
                                  ("dimensions", "errors"))
    lines = ax.plot(dimensions, errors, marker="o", markersize=4, label=label, color=color,
                    linestyle=linestyle)
    for m in highlight:
        where = np.flatnonzero(dimensions == m)
        if where.size == 0:
            raise ValueError(f"highlight {plain(m)!r} is not one of the dimensions.")
        e = errors[where[0]]
        lines += ax.plot([m], [e], "o", markersize=11, color=lines[0].get_color(),
                         markeredgecolor="black")
        # label to the right of the point, or to its left in the right half of the curve
        right_half = m > (dimensions.min() + dimensions.max()) / 2
        ax.annotate(f"m = {m}: {e:.2f} %", (m, e),
                    xytext=(-8 if right_half else 8, -10 if m in below else 10),
                    textcoords="offset points", ha="right" if right_half else "left",
                    va="top" if m in below else "baseline")
    if log:
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(subs=(1, 2, 3, 4, 5, 7)))
        ax.yaxis.set_major_formatter("{x:g}")
        ax.yaxis.set_minor_locator(NullLocator())
    ax.set(xlabel="number of principal components m", ylabel=ylabel)
    return lines


def plot_error_curves(errors, ax=None, *, log=False, ylabel="error (%)",
                      legend_loc="upper center"):
    r"""Several error-against-dimension curves on one axes, told apart by line style.

    Column :math:`c` of ``errors`` is drawn by `plot_error_against_dimension` as
    :math:`m \mapsto 100\, e_c(m)`, in the colour and the line style of class :math:`c`, and
    the legend holds every curve in one row.

    Parameters
    ----------
    errors : pandas.DataFrame
        Error rates in [0, 1]; the index holds the numbers of features :math:`m`, each
        column one curve, named in the legend by its column name.
    ax : matplotlib Axes, default=None
    log, ylabel : as in `plot_error_against_dimension`
    legend_loc : str, default="upper center"

    Returns
    -------
    dict of column name to list of Line2D

    Examples
    --------
    >>> import pandas as pd
    >>> errors = pd.DataFrame({"a": [0.1, 0.05, 0.06], "b": [0.2, 0.1, 0.08]}, index=[1, 5, 10])
    >>> drawn = plot_error_curves(errors)
    >>> len(drawn["a"]), drawn["b"][0].get_linestyle()
    (1, '--')
    >>> plt.close("all")
    """
    if not hasattr(errors, "columns") or errors.shape[1] == 0:
        raise ValueError("errors must be a pandas DataFrame with one column per curve, indexed "
                         "by the numbers of features.")
    ax = _axes(ax)
    drawn = {name: plot_error_against_dimension(
        errors.index.to_numpy(), errors[name].to_numpy(dtype=float), ax, label=str(name),
        color=class_color(k), linestyle=class_linestyle(k), log=log, ylabel=ylabel)
        for k, name in enumerate(errors.columns)}
    ax.legend(ncol=errors.shape[1], loc=legend_loc)
    return drawn


# ------------------------------------------------------------------------------- bars
def _grouped_bars(ax, rows, names, positions, *, colour_offset=0, vertical=True):
    """Bars of each row side by side at ``positions``, row ``s`` in colour ``s + colour_offset``
    and hatch ``s``."""
    width = 0.8 / len(rows)
    return [(ax.bar if vertical else ax.barh)(
        positions + (s - (len(rows) - 1) / 2) * width, np.nan_to_num(row), width,
        color=class_color(s + colour_offset), edgecolor="black", linewidth=0.6,
        hatch=class_hatch(s), **HATCH_STYLE, label=str(name))
        for s, (name, row) in enumerate(zip(names, rows, strict=True))]


def plot_category_probabilities(probabilities, categories, classes, ax=None, *, ylabel=None,
                                title=None, xlabel=None, legend=True, orientation="vertical"):
    r"""Grouped bars of one probability per class and category, e.g. :math:`\pi_{c,v}`, each
    value written at the end of its bar (vertically above a vertical bar).

    Parameters
    ----------
    probabilities : array-like of shape (n_classes, n_categories)
        Row ``k`` is drawn in the colour and hatch of class ``k``; NaN entries are left out.
    categories : sequence of length n_categories
        Tick labels.
    classes : sequence of length n_classes
        Legend labels.
    ax : matplotlib Axes, default=None
    ylabel, title : str, default=None
        ``ylabel`` names the probabilities.
    xlabel : str, default=None
        What the categories are (e.g. "fur colour").
    legend : bool, default=True
        Name the classes in a legend outside the axes, at their right.
    orientation : {"vertical", "horizontal"}, default="vertical"
        Horizontal bars list the categories down the y axis, first at the top, with
        ``xlabel`` on the y axis and ``ylabel`` on the x axis.

    Returns
    -------
    list of BarContainer
        One per class.

    Examples
    --------
    >>> bars = plot_category_probabilities([[0.2, 0.8], [0.6, np.nan]], ["x", "y"], ["a", "b"])
    >>> [container.get_label() for container in bars]
    ['a', 'b']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    probabilities = np.atleast_2d(np.asarray(probabilities, dtype=float))
    if probabilities.shape != (len(classes), len(categories)):
        raise ValueError(f"probabilities has shape {probabilities.shape} but there are "
                         f"{len(classes)} classes and {len(categories)} categories; pass one "
                         "row per class.")
    vertical = check_option("orientation", orientation, ("vertical", "horizontal")) == "vertical"
    positions = np.arange(len(categories))
    drawn = _grouped_bars(ax, probabilities, classes, positions, vertical=vertical)
    for bars, row in zip(drawn, probabilities, strict=True):
        ax.bar_label(bars, labels=["" if np.isnan(p) else f"{p:.2f}" for p in row],
                     padding=2, fontsize=MIN_FONT_SIZE, rotation=90 if vertical else 0)
    category_axis, value_axis = (ax.xaxis, ax.yaxis) if vertical else (ax.yaxis, ax.xaxis)
    category_axis.set_ticks(positions, [str(c) for c in categories])
    value_axis.set_ticks(np.linspace(0.0, 1.0, 6 if vertical else 3))
    # room beyond 1 for the value written at the end of a bar of height 1
    (ax.set_ylim if vertical else ax.set_xlim)(0.0, 1.3)
    if not vertical:  # the first category at the top (idempotent on shared axes)
        ax.set_ylim(len(categories) - 0.5, -0.5)
    if legend:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), framealpha=0.9)
    (ax.set_ylabel if vertical else ax.set_xlabel)(ylabel)
    (ax.set_xlabel if vertical else ax.set_ylabel)(xlabel)
    ax.set_title(title)
    return drawn


def plot_weight_pairs(weights, labels, ax=None, *, favours=None):
    r"""Grouped bars of several sets of llr weights :math:`b_j`, one group per event.

    Set :math:`s` (in the order of ``weights``) is drawn in colour ``class_color(s + 2)``
    with hatch ``class_hatch(s)``: not the colours of the two classes the weights speak
    for, and told apart without colour vision too. A figure legend at the right, in the
    margin of the figure's layout engine (the collection's style gives every figure one),
    names the sets.


    Parameters
    ----------
    weights : dict of str to array-like of shape (m,)
        Name of each set (for the legend) -> its finite weights.
    labels : sequence of str of length m
        One tick label per event.
    ax : matplotlib Axes, default=None
    favours : pair of str, default=None
        Names of the numerator and denominator classes; the y axis says which class a
        positive weight speaks for.

    Returns
    -------
    list of BarContainer
        One per set.

    Examples
    --------
    >>> bars = plot_weight_pairs({"a": [1.0, -0.5], "b": [0.8, -0.7]}, ["x", "y"])
    >>> [container.get_label() for container in bars]
    ['a', 'b']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    if not isinstance(weights, dict) or not weights:
        raise ValueError("weights must be a non-empty dict of name -> weights.")
    table = np.array([np.asarray(w, dtype=float) for w in weights.values()])
    if table.ndim != 2 or table.shape[1] != len(labels) or not np.all(np.isfinite(table)):
        raise ValueError(f"every set of weights must hold one finite weight per label "
                         f"({len(labels)}); got shape {table.shape}.")
    positions = np.arange(len(labels))
    drawn = _grouped_bars(ax, table, weights, positions, colour_offset=2)
    ax.axhline(0.0, color="black", linewidth=0.8)
    ax.set_xticks(positions, [str(label) for label in labels])
    ax.set_ylabel("$b_j$" if favours is None else f"$b_j$  (> 0: {favours[0]})")
    # a figure legend in the layout's own margin lands on the same pixels however often the
    # figure is drawn; an axes legend placed outside may move by one
    ax.figure.legend(loc="outside right center", framealpha=0.9)

    return drawn


# ----------------------------------------------------------------------------- tables
def plot_confusion_matrix(y_true, y_pred, classes=None, ax=None, *, title=None, zeros=True):
    r"""Counts :math:`C_{ij}` of samples of class :math:`i` predicted as :math:`j`.

    Drawn by scikit-learn's `ConfusionMatrixDisplay`; the correct decisions (the diagonal)
    are written in grey on grey, and the colour shows the errors only, so that the most
    frequent confusions stand out.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    classes : array-like, default=None
        Row and column order; the sorted labels of both arrays by default.
    ax : matplotlib Axes, default=None
    title : str, default=None
    zeros : bool, default=True
        Write the zero counts too; with False their cells stay blank, so that the errors
        made read at a glance among many classes.

    Returns
    -------
    sklearn.metrics.ConfusionMatrixDisplay
        With ``confusion_matrix``, ``ax_``, ``im_`` and ``text_``.

    Examples
    --------
    >>> shown = plot_confusion_matrix(["a", "a", "b"], ["a", "b", "b"])
    >>> shown.confusion_matrix.tolist()
    [[1, 1], [0, 1]]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    shown = ConfusionMatrixDisplay.from_predictions(
        y_true, y_pred, labels=classes, ax=ax, colorbar=False, cmap=ERROR_CMAP,
        text_kw={"fontsize": MIN_FONT_SIZE})
    matrix = shown.confusion_matrix
    errors = np.ma.masked_where(np.eye(len(matrix), dtype=bool), matrix)
    largest = max(int(errors.max()), 1) if errors.count() else 1
    shown.im_.set(data=errors, cmap=plt.get_cmap(ERROR_CMAP).with_extremes(bad="#eeeeee"),
                  clim=(0, largest))
    for (i, j), count in np.ndenumerate(matrix):
        shown.text_[i, j].set(color="dimgray" if i == j else
                              ("white" if count > 0.6 * largest else "black"),
                              visible=bool(count or zeros))
    ax.set(xlabel="predicted class", ylabel="true class", title=title)
    ax.grid(False)
    return shown


def plot_correlation_matrices(matrices, axes, *, titles=None, tick_labels=None):
    r"""Heat maps of :math:`\lvert\rho_{ij}\rvert`, one correlation matrix per axes.

    White is 0 and black is 1 on every panel, so panels compare by eye.

    Parameters
    ----------
    matrices : array-like of shape (n, d, d)
        Correlation matrices (e.g. from `experiments.within_class_correlations`).
    axes : sequence of n matplotlib Axes
    titles : sequence of n str, default=None
    tick_labels : (str, str), default=None
        Labels of the first and the last feature, put on both axes.

    Returns
    -------
    list of matplotlib.image.AxesImage
        One per panel; pass one to ``fig.colorbar``.

    Examples
    --------
    >>> fig, axes = plt.subplots(1, 2)
    >>> images = plot_correlation_matrices([np.eye(2), [[1.0, -0.5], [-0.5, 1.0]]], axes)
    >>> images[1].get_array()[0, 1]
    np.float64(0.5)
    >>> plt.close(fig)
    """
    matrices, axes = np.asarray(matrices, dtype=float), list(np.ravel(axes))
    if matrices.ndim != 3 or matrices.shape[1] != matrices.shape[2] or \
            len(axes) != matrices.shape[0]:
        raise ValueError(f"matrices must have shape (n, d, d) with one Axes per matrix; got "
                         f"shape {matrices.shape} and {len(axes)} Axes.")
    last = matrices.shape[1] - 1
    for k, ax in enumerate(axes):
        ax.grid(False)
        ax.set_title(titles[k] if titles is not None else "")
        if tick_labels is not None:
            ax.set_xticks([0, last], tick_labels)
            ax.set_yticks([0, last], tick_labels)
    return [ax.imshow(np.abs(matrix), cmap=GREY_CMAP, vmin=0, vmax=1)
            for ax, matrix in zip(axes, matrices, strict=True)]


def plot_image_grid(images, image_shape, n_columns, ax=None, *, row_labels=None, title=None,
                    value_range=(0.0, 255.0), cmap=GREY_CMAP):
    """Show flattened images (digits, class means, samples) as a grid in one axes.

    The images are tiled row by row into one array, with a one-pixel gap (white) between
    neighbours.

    Parameters
    ----------
    images : array-like of shape (n_images, height * width)
    image_shape : (int, int)
    n_columns : int
        Images per row; the last row is padded with gaps.
    ax : matplotlib Axes, default=None
    row_labels : sequence of str, default=None
        One label per row of the grid, written on the left.
    title : str, default=None
    value_range : (float, float), default=(0, 255)
        Grey levels mapped to white and black; values outside are clipped.
    cmap : str or Colormap, default=`lecture_utils.style.GREY_CMAP`
        Ink dark on a light background; `lecture_utils.style.DIVERGING_CMAP` for signed
        images (e.g. principal components) with a symmetric ``value_range``.

    Returns
    -------
    matplotlib.image.AxesImage

    Examples
    --------
    >>> shown = plot_image_grid(np.zeros((3, 4)), (2, 2), n_columns=2)
    >>> shown.get_array().shape, bool(shown.get_array().mask[0, 2])    # a gap between tiles
    ((5, 5), True)
    >>> plt.close("all")
    """
    images = np.asarray(images, dtype=float)
    height, width = image_shape
    if images.ndim != 2 or images.shape[1] != height * width or images.shape[0] == 0:
        raise ValueError(f"images must have shape (n_images, {height * width}) for images of "
                         f"shape {tuple(image_shape)}; got {images.shape}.")
    n_columns = check_number("n_columns", n_columns, minimum=1, integer=True)
    n_rows = -(-images.shape[0] // n_columns)
    mosaic = np.full((n_rows * (height + 1) - 1, n_columns * (width + 1) - 1), np.nan)
    for i, image in enumerate(images):
        top, left = (i // n_columns) * (height + 1), (i % n_columns) * (width + 1)
        mosaic[top:top + height, left:left + width] = image.reshape(height, width)
    ax = _axes(ax)
    drawn = ax.imshow(np.ma.masked_invalid(mosaic), cmap=plt.get_cmap(cmap).with_extremes(
        bad="white"), vmin=value_range[0], vmax=value_range[1], interpolation="nearest")
    ax.grid(False)
    if row_labels is not None and len(row_labels) != n_rows:
        raise ValueError(f"row_labels has {len(row_labels)} entries for {n_rows} rows.")
    ax.set_yticks([] if row_labels is None else np.arange(n_rows) * (height + 1)
                  + (height - 1) / 2, [] if row_labels is None else list(row_labels))
    ax.set(xticks=[], title=title)
    ax.tick_params(axis="y", length=0)
    ax.spines[:].set_visible(False)
    return drawn


def plot_llr_calibration(table, ax=None, *, floor=1e-4):
    r"""The error a model claims against the error it makes, per bin of :math:`|\mathrm{llr}|`.

    Draws the columns of `experiments.llr_calibration` on a log scale: the claimed error
    (circles, dashed) and the observed error (squares, solid) with its 95 % interval; a bin
    without errors shows its upper bound as a downward triangle. Each tick names a bin and,
    below it in brackets, its number of samples. The axis starts at ``floor``, and a claimed
    error below it is drawn as a black downward triangle on the floor, with its value
    written beside it (a claimed :math:`10^{-46}` would squash everything else flat).

    Parameters
    ----------
    table : pandas.DataFrame
        From `experiments.llr_calibration`.
    ax : matplotlib Axes, default=None
    floor : float in (0, 1), default=1e-4
        Lowest error rate on the axis.

    Returns
    -------
    dict
        ``"claimed"`` and ``"observed"``: the lines drawn; ``"below"`` too when some claimed
        error lies below ``floor``.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"samples": [4, 10], "wrong": [1, 0], "claimed error": [0.2, 1e-9],
    ...                       "observed error": [0.25, 0.0], "95 % low": [0.006, 0.0],
    ...                       "95 % high": [0.81, 0.31]}, index=["0–5", "≥ 5"])
    >>> sorted(plot_llr_calibration(table))
    ['below', 'claimed', 'observed']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    needed = ["samples", "claimed error", "observed error", "95 % low", "95 % high"]
    if not all(column in getattr(table, "columns", ()) for column in needed) or len(table) == 0:
        raise ValueError(f"table must be a non-empty llr_calibration table with columns {needed}.")
    x = np.arange(len(table))
    claimed, observed, low, high = (table[c].to_numpy(dtype=float) for c in needed[1:])
    if not 0.0 < floor < 1.0:

        raise ValueError(f"floor is the lowest error rate on the axis, in (0, 1); got {floor}.")
    below = claimed < floor
    # the dashed line runs down to the first claimed error below the floor and stops there
    line = np.where(below & (np.cumsum(below) > 1), np.nan, np.maximum(claimed, floor))
    drawn = {"claimed": ax.plot(x, line, color="black", linestyle="--", marker="o",
                                markevery=np.flatnonzero(~below).tolist(),
                                label="error claimed, σ(−|llr|)")[0]}
    if below.any():
        drawn["below"] = ax.plot(x[below], np.full(below.sum(), floor), linestyle="none",
                                 marker="v", markersize=9, color="black",
                                 label="claimed, below the axis")[0]
        for position, value in zip(x[below], claimed[below], strict=True):
            ax.annotate(f"{value:.0e}", (position, floor), xytext=(9, 0),
                        textcoords="offset points", va="center")
    some = observed > 0
    drawn["observed"] = ax.errorbar(
        x, np.where(some, observed, np.nan),
        yerr=[np.where(some, observed - np.maximum(low, floor), 0),
              np.where(some, high - observed, 0)],
        color=class_color(5), linestyle="-", marker="s", markersize=8, capsize=4,
        label="error made (95 % interval)")
    ax.plot(x[~some], high[~some], linestyle="none", marker="v", markersize=9,
            color=class_color(5))
    ax.set_yscale("log")
    ax.set_ylim(floor / 2.5 if below.any() else floor, 1.5)
    step = max(1, int(np.ceil(-np.log10(floor) / 5)))  # about five labelled decades
    # a fixed number of ticks, not one that depends on the axes' size: the ticks, and with
    # them the layout, stay the same however often the figure is drawn
    ax.yaxis.set_major_locator(LogLocator(base=10.0 ** step, numticks=8))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_xticks(x, [f"{name}\n({n})" for name, n in zip(table.index, table["samples"],
                                                         strict=True)])
    # room for the outer tick labels, and for a value written right of the last triangle
    ax.set_xlim(-0.5, len(table) - (0.15 if below[-1] else 0.5))
    ax.set(xlabel="|llr| (number of files)", ylabel="error rate")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
    return drawn


# ------------------------------------------------------------------- the simplex
#: Corners of the probability simplex of three categories drawn as an equilateral triangle:
#: the point :math:`\pi = (\pi_1, \pi_2, \pi_3)` is drawn at :math:`\sum_j \pi_j c_j`.
SIMPLEX_CORNERS = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3.0) / 2.0]])


def _dirichlet_simplex(ax, concentration, categories, title, points=None):
    """Shade the density of Dir(``concentration``) on the triangle `SIMPLEX_CORNERS`, name
    its corners, and mark the named ``points`` (one marker and colour each, in a legend)."""
    from matplotlib.tri import Triangulation, UniformTriRefiner

    from .discrete import dirichlet_log_density

    corners = SIMPLEX_CORNERS
    mesh = UniformTriRefiner(Triangulation(*corners.T)).refine_triangulation(subdiv=6)
    third = mesh.y / corners[2, 1]
    barycentric = np.column_stack([1.0 - mesh.x - third / 2.0, mesh.x - third / 2.0, third])
    inside = np.clip(barycentric, 0.0, 1.0) * (1.0 - 3e-3) + 1e-3      # finite at the edges
    filled = ax.tricontourf(mesh, np.exp(dirichlet_log_density(inside, concentration)),
                            levels=10, cmap=GREY_CMAP)
    ax.plot(*np.vstack([corners, corners[:1]]).T, color="black", linewidth=1.2)
    # the bottom names sit under the edge, each running inwards from its corner, so that the
    # names of two panels side by side do not meet; the top name sits above its corner
    for name, (x, y, ha, va) in zip(categories, ((0.0, -0.06, "left", "top"),
                                                 (1.0, -0.06, "right", "top"),
                                                 (0.5, corners[2, 1] + 0.04, "center",
                                                  "bottom")), strict=True):
        ax.text(x, y, str(name), ha=ha, va=va)
    drawn = [_class_curve(ax, k, *(point @ corners), name, linestyle="none", markersize=11,
                          markeredgecolor="black", markeredgewidth=1.2, zorder=3)[0]
             for k, (name, point) in enumerate((points or {}).items())]
    ax.set_aspect("equal")
    ax.set(xlim=(-0.03, 1.03), ylim=(-0.14, corners[2, 1] + 0.16))    # room for the names
    ax.set_axis_off()
    ax.set_title(title)
    if drawn:
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), framealpha=1.0)
    return {"density": filled, "points": drawn}


def plot_dirichlet_update(counts, concentration, axes, *, categories=("1", "2", "3")):
    r"""A Dirichlet prior and its posterior on the simplex of three categories, with the three
    point estimates of :math:`\boldsymbol\pi` on the posterior.

    With counts :math:`N_j` (:math:`N = \sum_j N_j`) and prior :math:`\mathrm{Dir}(\boldsymbol a)`,
    the posterior is :math:`\mathrm{Dir}(\boldsymbol N + \boldsymbol a)`, and

    .. math::

        \pi^{\text{ML}}_j = \frac{N_j}{N}, \qquad
        \pi^{\text{MAP}}_j = \frac{N_j + a_j - 1}{N + a_0 - m}, \qquad
        \mathbb E[\pi_j \mid \mathcal D] = \frac{N_j + a_j}{N + a_0}
        \qquad (m = 3,\ a_0 = \textstyle\sum_j a_j).

    Each simplex :math:`\{\boldsymbol\pi : \pi_j \ge 0,\ \pi_1 + \pi_2 + \pi_3 = 1\}` is drawn
    as a triangle (`SIMPLEX_CORNERS`: the point :math:`\boldsymbol\pi` at
    :math:`\sum_j \pi_j c_j`, so corner :math:`j` is :math:`\pi_j = 1`), its density

    .. math::

        \mathrm{Dir}(\boldsymbol\pi \mid \boldsymbol a) = \frac{\Gamma(a_0)}{\prod_j \Gamma(a_j)}
        \prod_j \pi_j^{\,a_j - 1}

    shaded in grey, darker where it is higher (evaluated a little inside the edges, where it
    is finite). The left axes show the prior, the right axes the posterior with the three
    estimates, each with its own marker and colour, named in the legend with its value.

    Parameters
    ----------
    counts : array-like of shape (3,)
        Non-negative counts with a positive total.
    concentration : float or array-like of shape (3,)
        :math:`\boldsymbol a`, every :math:`a_j \ge 1` (so that the MAP estimate is the mode
        of the posterior given by the formula above).
    axes : sequence of two matplotlib Axes
    categories : sequence of 3 str
        The names written at the corners.

    Returns
    -------
    dict
        ``"estimates"``: ``{"ML": ..., "MAP": ..., "posterior mean": ...}``, arrays of shape
        (3,); ``"prior"`` and ``"posterior"``: what was drawn on each, ``"density"`` (the
        filled contours) and ``"points"`` (the estimates' markers; none on the prior).

    Examples
    --------
    >>> fig, axes = plt.subplots(1, 2)
    >>> drawn = plot_dirichlet_update([3, 2, 0], 2.0, axes)
    >>> {name: p.round(3).tolist() for name, p in drawn["estimates"].items()}
    {'ML': [0.6, 0.4, 0.0], 'MAP': [0.5, 0.375, 0.125], 'posterior mean': [0.455, 0.364, 0.182]}
    >>> drawn["posterior"]["points"][0].get_xydata().round(3).tolist()    # ML, on an edge
    [[0.4, 0.0]]
    >>> plt.close(fig)
    """
    counts = np.asarray(counts, dtype=float)
    if counts.shape != (3,) or np.any(counts < 0) or counts.sum() <= 0:
        raise ValueError(f"counts must be 3 non-negative counts with a positive total; got "
                         f"{plain(counts)!r}.")
    a = np.asarray(concentration, dtype=float)
    a = np.full(3, a) if a.ndim == 0 else a
    if a.shape != (3,) or not np.all((a >= 1) & np.isfinite(a)) or len(axes) != 2 or \
            len(categories) != 3:
        raise ValueError(f"concentration must be 3 finite numbers of at least 1 (or one for all "
                         f"three), axes two (the prior's and the posterior's) and categories 3 "
                         f"names; got {plain(concentration)!r}, {len(axes)} axes and "
                         f"{list(categories)}.")
    posterior = counts + a
    estimates = {"ML": counts / counts.sum(), "MAP": (posterior - 1.0) / (posterior - 1.0).sum(),
                 "posterior mean": posterior / posterior.sum()}
    labels = {f"{name} ({', '.join(f'{p:.2f}' for p in point)})": point
              for name, point in estimates.items()}
    return {
        "estimates": estimates,
        "prior": _dirichlet_simplex(axes[0], a, categories,
                                    f"prior Dir({', '.join(f'{v:g}' for v in a)})"),
        "posterior": _dirichlet_simplex(
            axes[1], posterior, categories,
            f"posterior Dir({', '.join(f'{v:g}' for v in posterior)})", labels),
    }



# ------------------------------------------------------------------------- outliers
def plot_outlier_effect(effect, ax=None, *, title=None, to_scale=0.8, feature_names=None):
    """Linear boundaries fitted without (dashed) and with (solid) one added outlier.

    Where the boundaries without the outlier coincide, the first model's is drawn on top.
    Each boundary :math:`w^T x + w_0 = 0` is a straight line across the axes, through
    :math:`-w_0 w / \\lVert w\\rVert^2`. Both features are drawn to the same scale (equal
    aspect), so that the angle between two boundaries on screen is their true angle. Every
    entry is labelled, for a legend the caller places.

    Parameters
    ----------
    effect : lecture_utils.experiments.OutlierEffect
        The data, the outlier, its class and each model's boundary without and with it.
    ax : matplotlib Axes, default=None
    title : str, default=None
        The axes' title; the effect's own title (how far each boundary turned) if None.
    to_scale : float, default=0.8
        The axes are ``to_scale`` times as high as they are wide: one range is widened about
        its centre.
    feature_names : (str, str), default=None

    Returns
    -------
    dict
        ``"points"`` (list of PathCollection), ``"outlier"`` (PathCollection) and
        ``"boundaries"`` (dict of (model, "before"/"after") -> Line2D).

    Examples
    --------
    >>> from lecture_utils.experiments import outlier_effect
    >>> X = np.array([[0.0, 0.0], [0.5, 1.0], [1.0, 0.2], [3.0, 0.0], [3.5, 1.0], [4.0, 0.4]])
    >>> drawn = plot_outlier_effect(outlier_effect(X, [0, 0, 0, 1, 1, 1], (9.0, 0.0)))
    >>> sorted(drawn["boundaries"])[0]
    ('LDA', 'after')
    >>> plt.close("all")
    """
    ax = _axes(ax)
    classes = np.unique(effect.y)
    drawn = {"points": scatter_classes(effect.X, effect.y, classes, ax, size=30, alpha=0.7),
             "boundaries": {}}
    k = class_index(classes, [effect.label])[0]
    drawn["outlier"] = ax.scatter(*effect.outlier, s=300, marker="*", color=class_color(k),
                                  edgecolor="black", linewidth=1.2, zorder=5, label="outlier")
    # the models' line colours, in order: black, then one that is no class's colour here
    for m, (color, (name, pair)) in enumerate(zip(("#000000", class_color(3)),
                                                  effect.boundaries.items(), strict=True)):
        for after, (w, w0) in enumerate(pair):
            point = -w0 * w / (w @ w)
            drawn["boundaries"][name, ("before", "after")[after]] = ax.axline(
                tuple(point), tuple(point + [-w[1], w[0]]), color=color,
                linestyle="-" if after else "--", linewidth=2.4 if after else 1.6,
                zorder=2 if after else 4 - 0.1 * m, label=name if after else None)
    extent = np.vstack([effect.X, effect.outlier])
    lows, highs = extent.min(axis=0), extent.max(axis=0)
    width = 1.16 * max(highs[0] - lows[0], (highs[1] - lows[1]) / to_scale)  # 8 % margins
    half = np.array([width, to_scale * width]) / 2
    ax.set_aspect("equal")
    ax.set(xlim=(lows + highs)[0] / 2 + [-half[0], half[0]],
           ylim=(lows + highs)[1] / 2 + [-half[1], half[1]])
    ax.plot([], [], color="grey", linestyle="--", label="without the outlier")
    _label(ax, feature_names)
    ax.set_title(effect.title if title is None else title, fontsize=MIN_FONT_SIZE)
    return drawn
