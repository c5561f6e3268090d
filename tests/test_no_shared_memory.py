"""No fitted model shares memory with the arrays it was given.

A fitted model holds its own copies: when the caller edits an array it passed (priors,
categories, X, y, the samples it asked about), the model, its predictions and its fitted
attributes stay as they were; and editing a fitted attribute (``priors_``, say) never
reaches the caller's arrays, so ``get_params()`` stays as it was. (``get_params()``
returns the very objects passed to the constructor, as scikit-learn requires: ``clone``
checks that identity. What must not follow them is the fitted model.)
"""

import copy
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
from gaussian_data import gaussian_classes
from hypothesis import given, settings
from hypothesis import strategies as st

from lecture_utils.discrete import CategoricalClassifier, MultinomialClassifier
from lecture_utils.gaussian import GaussianClassifier, tied_linear_scores
from lecture_utils.logistic import SoftmaxRegression
from lecture_utils.projections import PCA, FisherProjection


@dataclass
class Case:
    """How to build, fit and use one estimator on data made from a seed."""
    name: str
    make: Callable  # params -> estimator
    params: Callable  # rng -> dict of array parameters (the caller's arrays)
    data: Callable  # rng -> (X, y, X_new)
    use: Callable  # (model, X_new, extra) -> list of arrays it returns
    extra: Callable = lambda rng: {}  # rng -> other arrays the methods are given


def _gaussian_data(rng):
    X, y = gaussian_classes(int(rng.integers(2**32)), [30, 40, 35], 3)
    return X, y, rng.normal(size=(7, 3))


def _category_data(rng):
    X = rng.integers(0, 3, size=(60, 2))
    return X, rng.integers(0, 3, size=60), rng.integers(0, 3, size=(7, 2))


def _count_data(rng):
    X = rng.integers(0, 6, size=(60, 4))
    return X, rng.integers(0, 3, size=60), rng.integers(0, 6, size=(7, 4))


def _priors(rng):
    weights = rng.uniform(0.2, 1.0, size=3)
    return {"priors": weights / weights.sum()}


def _classifier_use(model, X_new, extra):
    return [model.predict_proba(X_new), model.predict_log_proba(X_new), model.predict(X_new)]


def _generative_use(model, X_new, extra):
    return _classifier_use(model, X_new, extra) + [model.log_likelihood(X_new)]


def _gaussian_use(model, X_new, extra):
    with_gaps = X_new.copy()
    with_gaps[::2, 1] = np.nan
    return (_generative_use(model, X_new, extra)
            + list(model.nested_log_likelihoods(X_new, extra["dimensions"]))
            + [model.log_marginal_density(X_new), model.impute(with_gaps),
               model.impute(extra["gaps"]), *model.sample(5, random_state=0)])


def _gaussian_extra(rng):
    gaps = rng.normal(size=(4, 3))
    gaps[:, 0] = np.nan
    return {"dimensions": np.array([1, 3]), "gaps": gaps}


CASES = [
    *(Case(f"GaussianClassifier({covariance})",
           lambda params, covariance=covariance:
               GaussianClassifier(covariance=covariance, **params),
           _priors, _gaussian_data, _gaussian_use, _gaussian_extra)
      for covariance in ("full", "diag", "tied", "tied_diag")),
    Case("CategoricalClassifier", lambda params: CategoricalClassifier(alpha=1.0, **params),
         lambda rng: {**_priors(rng), "categories": [np.arange(3), np.arange(4)]},
         _category_data, _generative_use),
    Case("MultinomialClassifier", lambda params: MultinomialClassifier(alpha=0.5, **params),
         _priors, _count_data, _generative_use),
    Case("SoftmaxRegression", lambda params: SoftmaxRegression(solver="newton", penalty=1e-2),
         lambda rng: {}, _gaussian_data, _classifier_use),
    Case("PCA", lambda params: PCA(n_components=2), lambda rng: {}, _gaussian_data,
         lambda model, X_new, extra: [model.transform(X_new),
                                      model.inverse_transform(extra["Y"])],
         lambda rng: {"Y": rng.normal(size=(4, 2))}),
    Case("LDA", lambda params: FisherProjection(n_components=2), lambda rng: {}, _gaussian_data,
         lambda model, X_new, extra: [model.transform(X_new)]),
]


def arrays_in(value):
    """Every ndarray in ``value``, looking inside lists, tuples and dicts."""
    if isinstance(value, np.ndarray):
        return [value]
    if isinstance(value, (list, tuple)):
        return [array for item in value for array in arrays_in(item)]
    if isinstance(value, dict):
        return [array for item in value.values() for array in arrays_in(item)]
    return []


def fitted_state(model):
    """Everything ``fit`` set on the model (the parameters are the caller's, not its)."""
    params = model.get_params()
    return {name: value for name, value in vars(model).items() if name not in params}


def assert_same(actual, expected, what):
    if isinstance(expected, dict):
        assert actual.keys() == expected.keys(), what
        for key in expected:
            assert_same(actual[key], expected[key], f"{what}[{key!r}]")
    elif isinstance(expected, (list, tuple)):
        assert len(actual) == len(expected), what
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            assert_same(a, e, f"{what}[{i}]")
    elif isinstance(expected, np.ndarray):
        np.testing.assert_array_equal(actual, expected, err_msg=what)
    else:
        assert actual == expected, what


def scramble(array, rng):
    """Overwrite ``array`` in place with other values of its kind."""
    if array.dtype.kind in "fc":
        array[...] = rng.normal(size=array.shape) * 100
    else:
        array[...] = np.flip(array)
        array.flat[0] = array.flat[-1]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_editing_the_callers_arrays_after_fit_and_predict_changes_nothing(case, seed):
    rng = np.random.default_rng(seed)
    params = case.params(rng)
    X, y, X_new = case.data(rng)
    extra = case.extra(rng)
    inputs = arrays_in([params, X, y, X_new, extra])
    model = case.make(params).fit(X, y)
    state = copy.deepcopy(fitted_state(model))
    X_kept, extra_kept = X_new.copy(), copy.deepcopy(extra)
    answers = copy.deepcopy(case.use(model, X_kept, extra_kept))
    for held in arrays_in(fitted_state(model)) + arrays_in(case.use(model, X_new, extra)):
        for given_array in inputs:
            assert not np.shares_memory(held, given_array), (
                f"{case.name} holds or returns an array that shares memory with an input")
    for given_array in inputs:  # after fit, and after the model was asked about X_new
        scramble(given_array, rng)
    assert_same(fitted_state(model), state, f"{case.name}, fitted state")
    assert_same(case.use(model, X_kept, extra_kept), answers, f"{case.name}, answers")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_editing_fitted_attributes_does_not_reach_the_callers_arrays(case):
    rng = np.random.default_rng(0)
    params = case.params(rng)
    X, y, _ = case.data(rng)
    model = case.make(params).fit(X, y)
    before = copy.deepcopy(model.get_params())
    data_before = copy.deepcopy((X, y))
    for array in arrays_in(fitted_state(model)):
        if array.flags.writeable and array.size:
            array[...] = 0
    assert_same(model.get_params(), before, f"{case.name}, get_params()")
    assert_same((X, y), data_before, f"{case.name}, training data")


def test_linear_discriminants_from_given_gaussians_keep_nothing_of_the_inputs():
    rng = np.random.default_rng(1)
    means, covariance, priors = rng.normal(size=(3, 2)), np.eye(2) * 2.0, np.full(3, 1 / 3)
    scores = tied_linear_scores(means, covariance, priors)
    kept = copy.deepcopy(scores)
    for held in scores:
        assert not any(np.shares_memory(held, array) for array in (means, covariance, priors))
    for array in (means, covariance, priors):
        scramble(array, rng)
    assert_same(list(scores), list(kept), "LinearDiscriminants")
