"""Interactive controls for the notebooks.

Each control is a thin ipywidgets shell around a pure function that computes
everything the control shows from the models' own methods (``predict``, ``llr``,
``llr_coefficients``); the unit tests call those functions directly, and each notebook
shows a static figure beside the control. Default figure sizes leave room on a slide for
the control itself, a heading and a line of text. Outside a notebook a control prints its
first drawing when it is made, hence the ``redirect_stdout`` in the examples.
"""

from dataclasses import dataclass

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from .decision import bayes_decision, log_joint, posterior_from_llr, prior_log_odds_threshold
from .discrete import CategoricalClassifier, MultinomialClassifier
from .experiments import outlier_effect
from .gaussian import COVARIANCE_TYPES, GaussianClassifier
from .plotting import (
    plot_category_probabilities,
    plot_decision_regions,
    plot_error_against_dimension,
    plot_image_grid,
    plot_outlier_effect,
    plot_posterior_curve,
    show_figure,
)
from .validation import plain

COVARIANCE_LABELS = {"full": "full (QDA)", "diag": "diagonal (naive Bayes)", "tied": "tied (LDA)",
                     "tied_diag": "tied diagonal"}


@dataclass(frozen=True)
class CovarianceView:
    """What the covariance control shows for one choice (`covariance_view`).

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris_2d
    >>> covariance_view(*load_iris_2d(), "tied").title
    'tied (LDA): training accuracy 80.0%'
    """

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

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris_2d
    >>> round(covariance_view(*load_iris_2d(), "full").training_accuracy, 3)
    0.8
    """
    model = GaussianClassifier(covariance=covariance).fit(X, y)
    accuracy = float(model.score(X, y))
    title = f"{COVARIANCE_LABELS[covariance]}: training accuracy {accuracy:.1%}"
    return CovarianceView(covariance, model, accuracy, title)


def covariance_widget(X, y, feature_names=None, figsize=(8.0, 3.4)):
    """Buttons that switch the covariance model and redraw the decision regions.

    Returns
    -------
    ipywidgets.interactive

    Examples
    --------
    >>> from lecture_utils.datasets import load_iris_2d
    >>> from contextlib import redirect_stdout
    >>> with redirect_stdout(None):
    ...     control = covariance_widget(*load_iris_2d())
    >>> control.children[0].options[0]
    ('full (QDA)', 'full')
    """

    def draw(covariance):
        view = covariance_view(X, y, covariance)
        fig, ax = plt.subplots(figsize=figsize)
        plot_decision_regions(view.model, X, y, ax, feature_names=feature_names, title=view.title)
        show_figure(fig, f"Decision regions of the {COVARIANCE_LABELS[covariance]} Gaussian "
                         f"classifier over the training points, {view.title}.")

    buttons = widgets.ToggleButtons(options=[(COVARIANCE_LABELS[c], c) for c in COVARIANCE_TYPES],
                                    value="full", description="Covariance",
                                    style={"button_width": "190px"})
    return widgets.interactive(draw, covariance=buttons)


@dataclass(frozen=True)
class CategoricalAlphaView:
    r"""What the pseudo-count control of the categorical model shows for one :math:`\alpha`.

    Attributes
    ----------
    alpha : float
    model : CategoricalClassifier
        Fitted on the one feature with this ``alpha``.
    categories : tuple
        The categories :math:`v` of the feature.
    classes : tuple
    probabilities : ndarray of shape (n_classes, n_categories)
        :math:`\pi_{c,v} = (N_{c,v} + \alpha) / (N_c + \alpha m)`.
    posteriors : ndarray of shape (n_categories, n_classes)
        :math:`P(c \mid x = v)` under the model's priors; NaN in the rows of
        the categories in ``undefined``.
    undefined : tuple
        Categories that no class can produce (possible only with
        :math:`\alpha = 0` and declared categories never seen in training).
    title : str

    Examples
    --------
    >>> from lecture_utils.datasets import FUR_COLOURS, load_cat_fur
    >>> categorical_alpha_view(*load_cat_fur(), 0.0, [FUR_COLOURS]).title
    '$\\alpha$ = 0 (ML)'
    """

    alpha: float
    model: CategoricalClassifier
    categories: tuple
    classes: tuple
    probabilities: np.ndarray
    posteriors: np.ndarray
    undefined: tuple
    title: str


def categorical_alpha_view(X, y, alpha, categories=None, priors=None):
    r"""Fit the one-feature categorical model with pseudo-count ``alpha`` and describe it.

    Parameters
    ----------
    X : array-like of shape (n_samples, 1)
    y : array-like of shape (n_samples,)
    alpha : float
    categories : None or list with one array-like, default=None
        As in `CategoricalClassifier`.
    priors : array-like or dict, default=None
        As in `CategoricalClassifier`; ``None`` uses the class frequencies.

    Returns
    -------
    CategoricalAlphaView

    Examples
    --------
    >>> from lecture_utils.datasets import FUR_COLOURS, load_cat_fur
    >>> view = categorical_alpha_view(*load_cat_fur(), 1.0, [FUR_COLOURS])
    >>> view.probabilities.round(3).tolist()
    [[0.333, 0.111, 0.333, 0.222], [0.222, 0.333, 0.333, 0.111]]
    """
    if np.ndim(X) != 2 or np.shape(X)[1] != 1:
        raise ValueError(f"this view shows one categorical feature; X has shape {np.shape(X)}. "
                         "Select one column, e.g. X[:, [0]].")
    model = CategoricalClassifier(alpha=alpha, priors=priors, categories=categories).fit(X, y)
    values = model.categories_[0]
    joint = log_joint(model.log_likelihood(values[:, None]), model.priors_)
    possible = ~np.all(np.isneginf(joint), axis=1)
    posteriors = np.full(joint.shape, np.nan)
    posteriors[possible] = model.predict_proba(values[possible, None])
    return CategoricalAlphaView(
        alpha=float(model.alpha), model=model, categories=tuple(values.tolist()),
        classes=tuple(model.classes_.tolist()), probabilities=np.exp(model.feature_log_prob_[0]),
        posteriors=posteriors, undefined=tuple(values[~possible].tolist()),
        title=r"$\alpha$ = " + f"{model.alpha:g}" + (" (ML)" if model.alpha == 0 else ""))


def draw_categorical_alpha_view(view, axes, feature="x", target="c", xlabel=None):
    """Draw a `CategoricalAlphaView` on two axes: the estimates and the posteriors.

    Both x-axes are labelled ``xlabel`` (``feature`` if None); one legend, at the right of
    the posteriors, names the classes of both panels.

    Returns
    -------
    list of list of BarContainer
        The bars of each panel.

    Examples
    --------
    >>> from lecture_utils.datasets import FUR_COLOURS, load_cat_fur
    >>> fig, axes = plt.subplots(1, 2)
    >>> view = categorical_alpha_view(*load_cat_fur(), 1.0, [FUR_COLOURS])
    >>> [len(panel) for panel in draw_categorical_alpha_view(view, axes, "fur", "sex")]
    [2, 2]
    >>> plt.close(fig)
    """
    xlabel = feature if xlabel is None else xlabel
    return [
        plot_category_probabilities(view.probabilities, view.categories, view.classes, axes[0],
                                    ylabel=f"P({feature} | {target})",
                                    title=f"estimates, {view.title}", xlabel=xlabel,
                                    legend=False),
        plot_category_probabilities(view.posteriors.T, view.categories, view.classes, axes[1],
                                    ylabel=f"P({target} | {feature})", title="posteriors",
                                    xlabel=xlabel),
    ]


def draw_posteriors_over_alpha(views, axes, feature="x", target="c"):
    """Draw the posteriors of several `CategoricalAlphaView` side by side, one panel each.

    Horizontal bars, the categories down the (shared) y axis, each panel titled with its
    view's alpha; one legend, titled P(target | feature), at the right of the last panel.

    Returns
    -------
    list of list of BarContainer
        The bars of each panel.

    Examples
    --------
    >>> from lecture_utils.datasets import FUR_COLOURS, load_cat_fur
    >>> views = [categorical_alpha_view(*load_cat_fur(), a, [FUR_COLOURS]) for a in (0, 1)]
    >>> fig, axes = plt.subplots(1, 2, sharey=True)
    >>> len(draw_posteriors_over_alpha(views, axes, "fur", "sex"))
    2
    >>> plt.close(fig)
    """
    drawn = [plot_category_probabilities(view.posteriors.T, view.categories, view.classes, ax,
                                         title=view.title, legend=ax is axes[-1],
                                         orientation="horizontal")
             for view, ax in zip(views, axes, strict=True)]
    axes[-1].get_legend().set_title(f"P({target} | {feature})")
    return drawn


def categorical_alpha_widget(X, y, categories=None, priors=None, feature="x", target="c",
                             max_alpha=10.0, figsize=(10.0, 3.8), xlabel=None):
    r"""A slider for :math:`\alpha` that redraws the estimates and the posteriors.

    ``xlabel`` names the categories on both x-axes (``feature`` if None).

    Returns
    -------
    ipywidgets.interactive

    Examples
    --------
    >>> from lecture_utils.datasets import FUR_COLOURS, load_cat_fur
    >>> from contextlib import redirect_stdout
    >>> with redirect_stdout(None):
    ...     control = categorical_alpha_widget(*load_cat_fur(), categories=[FUR_COLOURS])
    >>> control.children[0].max
    10.0
    """

    def draw(alpha):
        view = categorical_alpha_view(X, y, alpha, categories=categories, priors=priors)
        fig, axes = plt.subplots(1, 2, figsize=figsize)
        draw_categorical_alpha_view(view, axes, feature, target, xlabel)
        value, k = np.unravel_index(np.nanargmax(view.posteriors), view.posteriors.shape)
        show_figure(fig, f"Bars of the estimated P({feature} | {target}) of each {target} (left) "
                         f"and of the posterior P({target} | {feature}) (right) at pseudo-count "
                         f"alpha = {alpha:g}; the most certain posterior is "
                         f"{view.posteriors[value, k]:.2f}, for {view.classes[k]} given "
                         f"{view.categories[value]}.")

    slider = widgets.FloatSlider(value=0.0, min=0.0, max=max_alpha, step=0.1,
                                 description="alpha", continuous_update=False)
    return widgets.interactive(draw, alpha=slider)


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
        The model's decision under uniform priors (the numerator where ``llr > 0``, the
        first class on a tie); `UNDEFINED` where ``llr`` is NaN.
    error_rate : float
        Fraction of test samples not predicted correctly (undefined ones count
        as errors).
    n_certain : int
        Test samples with an infinite ``llr``: one class cannot produce them.
    n_undefined : int
        Test samples with no ``llr`` (NaN).
    title : str

    Examples
    --------
    >>> X, y = np.array([[3, 0], [1, 2], [0, 3]]), np.array(["a", "a", "b"])
    >>> pseudo_count_view(X, y, X, y, alpha=1.0, numerator="a").classes
    ('a', 'b')
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
    r"""Fit a `MultinomialClassifier` with pseudo-count ``alpha`` and uniform priors; test it.

    .. math::

        \pi_{c,j} = \frac{N_{c,j} + \alpha}{N_c + \alpha m}, \qquad
        \mathrm{llr}(x) = x^T b, \quad b_j = \log\frac{\pi_{\text{num},j}}{\pi_{\text{den},j}}.

    The llr, the weights and the decisions are the model's own (``llr``,
    ``llr_coefficients``, ``predict``); with uniform priors the model decides by the sign
    of the llr, a tie (llr = 0) going to ``classes_[0]``.

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

    Examples
    --------
    >>> X, y = np.array([[3, 0], [1, 2], [0, 3]]), np.array(["a", "a", "b"])
    >>> view = pseudo_count_view(X, y, [[0, 0], [2, 0], [0, 1]], ["a", "a", "b"], alpha=0.0)
    >>> view.llr.tolist(), view.predictions.tolist(), view.n_certain
    ([0.0, -inf, 1.0986122886681096], ['a', 'a', 'b'], 1)
    """
    classes = np.unique(y_train).tolist()
    if len(classes) != 2:
        raise ValueError(f"pseudo_count_view compares two classes; y_train has {classes}.")
    numerator = classes[1] if numerator is None else numerator
    if numerator not in classes:
        raise ValueError(f"numerator={plain(numerator)!r} is not one of the classes {classes}.")
    model = MultinomialClassifier(alpha=alpha, priors=[0.5, 0.5]).fit(X_train, y_train)
    top = classes.index(numerator)
    sign = 1.0 if top == 1 else -1.0
    X_test = np.asarray(X_test)
    # a file that both classes give probability zero has no llr and no decision
    defined = ~np.all(np.isneginf(model.log_likelihood(X_test)), axis=1)
    llr = np.full(X_test.shape[0], np.nan)
    predictions = np.full(X_test.shape[0], UNDEFINED, dtype=object)
    if defined.any():
        llr[defined] = sign * model.llr(X_test[defined])
        predictions[defined] = model.predict(X_test[defined])
    error = float(np.mean(predictions != np.asarray(y_test, dtype=object)))
    n_certain = int(np.isinf(llr).sum())
    title = (f"α = {float(alpha):g}: test error {error:.1%}, "
             f"{n_certain} of {llr.size} test samples with llr = ±∞")
    return PseudoCountView(
        alpha=float(alpha), classes=(classes[top], classes[1 - top]),
        frequencies=np.exp(model.feature_log_prob_[[top, 1 - top]]),
        weights=sign * model.llr_coefficients().b, llr=llr, predictions=predictions,
        error_rate=error, n_certain=n_certain, n_undefined=int((~defined).sum()), title=title)



@dataclass(frozen=True)
class PriorView:
    r"""What the prior control shows for one prior :math:`\pi = P(c_1)`.

    Attributes
    ----------
    classes : tuple
        :math:`(c_0, c_1)`, the model's ``classes_``.
    prior : float
        :math:`\pi = P(c_1)`.
    crossings : ndarray
        Every feature value where :math:`\mathrm{llr}(x) = t = -\log\frac{\pi}{1-\pi}` (closed
        form, 0 to 2 values); the rule picks :math:`c_1` where :math:`\mathrm{llr}(x) > t`.
    grid, posterior : ndarray
        Feature values and :math:`P(c_1 \mid x)` at each of them.
    x, posterior_at_x : float
        The sample being judged and its posterior :math:`P(c_1 \mid x)`.
    decision : label
        The class the rule assigns to ``x``.
    title : str
        A one-line summary for the figure.

    Examples
    --------
    >>> from lecture_utils.datasets import load_heights
    >>> model = GaussianClassifier().fit(*load_heights())
    >>> prior_view(model, 0.5, 174.0).title
    'P(M) = 0.50: x = 174 -> M'
    """

    classes: tuple
    prior: float
    crossings: np.ndarray
    grid: np.ndarray
    posterior: np.ndarray
    x: float
    posterior_at_x: float
    decision: object
    title: str


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
        Feature values for the posterior curve; when None, 400 from
        :math:`\min_c(\mu_c - 4\sigma_c)` to :math:`\max_c(\mu_c + 4\sigma_c)`.

    Returns
    -------
    PriorView

    Examples
    --------
    >>> from lecture_utils.datasets import load_heights
    >>> model = GaussianClassifier().fit(*load_heights())
    >>> view = prior_view(model, 0.1, 174.0)
    >>> view.decision, view.crossings.round(1).tolist()
    ('F', [-64.0, 176.4])
    """
    crossings = model.llr_coefficients().crossings(float(prior_log_odds_threshold(prior)))
    if grid is None:
        means, spread = model.means_[:, 0], 4.0 * np.sqrt(model.covariances_[:, 0, 0])
        grid = np.linspace((means - spread).min(), (means + spread).max(), 400)
    grid = np.asarray(grid, dtype=float).ravel()
    llr_at_x = float(model.llr([[float(x)]])[0])
    classes = tuple(model.classes_.tolist())
    decision = classes[int(bayes_decision(llr_at_x, prior))]
    return PriorView(
        classes=classes, prior=float(prior), crossings=crossings, grid=grid,
        posterior=posterior_from_llr(model.llr(grid[:, None]), prior), x=float(x),
        posterior_at_x=float(posterior_from_llr(llr_at_x, prior)), decision=decision,
        title=f"P({classes[1]}) = {prior:.2f}: x = {x:g} -> {decision}")


def _draw_prior_view(view, ax=None, feature_name=None):
    """Draw a `PriorView`: both posterior curves, the thresholds and the sample."""
    return plot_posterior_curve(
        view.grid, view.posterior, ax, classes=view.classes, crossings=view.crossings,
        point=(view.x, view.posterior_at_x), feature_name=feature_name, title=view.title,
    )


def prior_widget(model, x, grid=None, feature_name=None, figsize=(10.0, 3.6), prior=0.5):
    """A slider for :math:`P(c_1)` that redraws the posterior curve, thresholds and decision.

    ``prior`` is the slider's starting value.

    Returns
    -------
    ipywidgets.interactive

    Examples
    --------
    >>> from lecture_utils.datasets import load_heights
    >>> model = GaussianClassifier().fit(*load_heights())
    >>> from contextlib import redirect_stdout
    >>> with redirect_stdout(None):
    ...     control = prior_widget(model, 174.0, feature_name="height (cm)")
    >>> control.children[0].description
    'P(M)'
    """

    def draw(prior):
        view = prior_view(model, prior, x, grid)
        fig, ax = plt.subplots(figsize=figsize)
        _draw_prior_view(view, ax, feature_name)
        c1 = view.classes[1]
        show_figure(fig, f"Posterior P({c1} | x) against {feature_name or 'the feature'} with its "
                         f"decision threshold for the prior P({c1}) = {prior:.2f}; the sample at "
                         f"x = {view.x:g} has P({c1} | x) = {view.posterior_at_x:.2f} and is "
                         f"assigned {view.decision}.")

    slider = widgets.FloatSlider(value=prior, min=0.01, max=0.99, step=0.01,
                                 continuous_update=False, readout_format=".2f",
                                 description=f"P({model.classes_[1]})")
    return widgets.interactive(draw, prior=slider)


def outlier_widget(X, y, *, penalty=1e-3, figsize=(8.0, 4.2), to_scale=0.8):
    """Two sliders that move an added sample and redraw both models' boundaries
    (see `lecture_utils.experiments.outlier_effect`), both features to the same scale so
    that the angles in the title are the angles seen (``to_scale``: height / width of the
    axes, see `lecture_utils.plotting.plot_outlier_effect`).

    Returns
    -------
    ipywidgets.interactive

    Examples
    --------
    >>> X, y = [[0, 0], [1, 1], [0, 1], [3, 3], [4, 4], [3, 4]], [0, 0, 0, 1, 1, 1]
    >>> from contextlib import redirect_stdout
    >>> with redirect_stdout(None):
    ...     control = outlier_widget(X, y)
    >>> [slider.description for slider in control.children[:2]]
    ['outlier x1', 'outlier x2']
    """
    X = np.asarray(X, dtype=float)
    lows, highs = X.min(axis=0), X.max(axis=0)
    span = highs - lows

    def draw(x1, x2):
        effect = outlier_effect(X, y, [x1, x2], penalty=penalty)
        fig, ax = plt.subplots(figsize=figsize)
        plot_outlier_effect(effect, ax, to_scale=to_scale)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))    # beside the axes: covers no data
        show_figure(fig, f"Decision boundaries, drawn to scale, with and without one outlier at "
                         f"({x1:.2f}, {x2:.2f}): {effect.title}.")

    sliders = {f"x{j + 1}": widgets.FloatSlider(
        value=float(highs[j] + span[j]), min=float(lows[j] - 2 * span[j]),
        max=float(highs[j] + 2 * span[j]), step=float(span[j] / 20),
        description=f"outlier x{j + 1}", continuous_update=False) for j in range(2)}
    return widgets.interactive(draw, **sliders)


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
    reconstructions : ndarray of shape (n_images, n_features)
        :math:`\hat x = \mu + \sum_{j \le m} y_j p_j` for each image.
    title : str

    Examples
    --------
    >>> from lecture_utils.projections import PCA
    >>> X = np.random.default_rng(0).normal(size=(50, 4)) * [3.0, 2.0, 1.0, 0.5]
    >>> pca_dimension_view([1, 2], [0.3, 0.2], PCA(n_components=2).fit(X), X, 2).error
    0.2
    """

    dimension: int
    error: float
    variance_kept: float
    reconstructions: np.ndarray
    title: str


def pca_dimension_view(dimensions, errors, pca, projections, dimension):
    r"""Describe the choice of :math:`m` principal components from results already computed.

    Nothing is fitted: the errors come from a sweep the caller has run (e.g.
    `lecture_utils.experiments.error_against_dimension`), and the reconstructions
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

    Examples
    --------
    >>> from lecture_utils.projections import PCA
    >>> X = np.random.default_rng(0).normal(size=(50, 4)) * [3.0, 2.0, 1.0, 0.5]
    >>> pca = PCA(n_components=2).fit(X)
    >>> pca_dimension_view([1, 2], [0.3, 0.2], pca, pca.transform(X[:3]), 1).reconstructions.shape
    (3, 4)
    """
    dimensions = [int(m) for m in dimensions]
    errors = np.asarray(errors, dtype=float)
    if len(dimensions) != errors.size:
        raise ValueError(f"dimensions has {len(dimensions)} entries but errors has "
                         f"{errors.size}; give one error per swept dimension.")
    if dimension not in dimensions:
        raise ValueError(f"dimension {plain(dimension)!r} was not swept; choose one of "
                         f"{dimensions}.")
    if max(dimensions) > pca.n_components_:
        raise ValueError(f"the PCA has {pca.n_components_} components but the sweep goes up to "
                         f"{max(dimensions)}; fit it with n_components >= {max(dimensions)}.")
    m = int(dimension)
    error = float(errors[dimensions.index(m)])
    variance_kept = float(pca.explained_variance_ratio_[:m].sum())
    return PCADimensionView(
        dimension=m, error=error, variance_kept=variance_kept,
        reconstructions=pca.inverse_transform(np.asarray(projections)[:, :m]),
        title=f"m = {m}: {variance_kept:.0%} of the pixel variance kept, "
              f"test error {100 * error:.2f} %")



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

    Examples
    --------
    >>> from lecture_utils.projections import PCA
    >>> X = np.random.default_rng(0).normal(size=(50, 4)) * [3.0, 2.0, 1.0, 0.5]
    >>> pca = PCA(n_components=2).fit(X)
    >>> from contextlib import redirect_stdout
    >>> with redirect_stdout(None):
    ...     control = pca_dimension_widget([1, 2], [0.3, 0.2], pca, pca.transform(X[:2]), (2, 2))
    >>> control.children[0].options
    (1, 2)
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
        show_figure(fig, f"Test error against the number of principal components m with "
                         f"m = {dimension} marked ({100 * view.error:.2f} %, "
                         f"{view.variance_kept:.0%} of the pixel variance kept), beside "
                         f"{len(view.reconstructions)} digits rebuilt from {dimension} "
                         "components.")

    slider = widgets.SelectionSlider(options=dimensions, value=dimensions[len(dimensions) // 2],
                                     description="components m", continuous_update=False,
                                     style={"description_width": "initial"})
    return widgets.interactive(draw, dimension=slider)



def draw_prior_views(views, axes, feature_name=None, ticks=None):
    r"""Draw several `PriorView` side by side, one per Axes, with one legend.

    Each panel shows :math:`P(c_1 \mid x)`, :math:`P(c_0 \mid x)`, the threshold heights
    and the sample, titled with its prior; the y label stays on the first panel and the
    legend goes beside the last, where it covers no curve.

    Parameters
    ----------
    views : sequence of PriorView
    axes : sequence of matplotlib Axes
        One per view, e.g. ``plt.subplots(1, 3, sharey=True)[1]``.
    feature_name : str, default=None
        The x-axis label of every panel.
    ticks : sequence of float, default=None
        x ticks of every panel (few, so that neighbouring panels' labels do not meet).

    Returns
    -------
    list of dict
        What `lecture_utils.plotting.plot_posterior_curve` drew on each.

    Examples
    --------
    >>> from lecture_utils.datasets import load_heights
    >>> model = GaussianClassifier().fit(*load_heights())
    >>> fig, axes = plt.subplots(1, 2, sharey=True)
    >>> views = [prior_view(model, p, 174.0) for p in (0.1, 0.9)]
    >>> [ax.get_title() for ax in axes if draw_prior_views(views, axes)]
    ['P(M) = 0.1', 'P(M) = 0.9']
    >>> plt.close(fig)
    """
    views = list(views)
    if len(axes) != len(views):
        raise ValueError(f"give one Axes per view: {len(views)} views, {len(axes)} Axes.")
    drawn = []
    for ax, view in zip(axes, views, strict=True):
        drawn.append(_draw_prior_view(view, ax, feature_name))
        ax.set(title=f"P({view.classes[1]}) = {view.prior:g}", yticks=[0, 0.5, 1],
               ylabel="posterior" if ax is axes[0] else "")
        if ticks is not None:
            ax.set_xticks(ticks)
        ax.get_legend().remove()
    axes[-1].legend(loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return drawn
