"""Every estimator in lecture_utils passes scikit-learn's own conformance checks.

The list of (estimator, check) pairs is built here with
``estimator_checks_generator`` rather than ``parametrize_with_checks``, so that
the checks left out are named, with the reason, in `EXCLUDED_CHECKS`, and run
as nothing at all rather than as a skip. No check is expected to fail
(`EXPECTED_FAILURES` is empty); one listed there would be marked as a strict
xfail, so that it is reported once it passes.
"""

import pytest
from sklearn.utils.estimator_checks import estimator_checks_generator

from lecture_utils.discrete import CategoricalClassifier, MultinomialClassifier
from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier
from lecture_utils.logistic import SOLVERS, SoftmaxRegression
from lecture_utils.projections import PCA, FisherProjection

#: Checks that are not run, and why.
EXCLUDED_CHECKS = {
    "check_array_api_input": (
        "scikit-learn runs it only when SCIPY_ARRAY_API=1 was set before scipy was "
        "imported, and skips it otherwise; none of these estimators claims array-API "
        "support (tags.array_api_support is False), and with plain numpy input the check "
        "only repeats what the other checks do."
    ),
}

#: Checks expected to fail, per estimator class name: {check name: reason}. None are.
EXPECTED_FAILURES = {}


class CountDataMultinomialClassifier(MultinomialClassifier):
    """`MultinomialClassifier` as the checks should see it: a model of whole-number counts.

    The checks feed real-valued data unless an estimator's tags say it takes
    categorical (integer) input, and scikit-learn has no tag for "counts". This
    tag makes them round their data to non-negative integers, i.e. counts, which
    is what the model is for (a fraction is refused as bad input, see
    tests/test_bad_input.py). Setting the tag on `MultinomialClassifier` itself
    would claim that it models categories, which it does not. Nothing else changes.
    """

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.categorical = True
        return tags


ESTIMATORS = [GaussianClassifier(covariance=c) for c in COVARIANCE_TYPES] + [
    CategoricalClassifier(),
    CategoricalClassifier(alpha=1.0),
    # alpha > 0: with ML estimates, a class whose rounded test data has no counts at
    # all is (rightly) refused.
    CountDataMultinomialClassifier(alpha=1.0),
] + [
    PCA(), PCA(n_components=1), FisherProjection(), FisherProjection(n_components=1),
] + [
    # The default, as it is: its small penalty gives the check data sets (well-separated
    # blobs, linearly separable) a unique optimum, which Newton's method reaches.
    SoftmaxRegression(),
    # Gradient descent creeps along the flat valley of a small penalty on separable blobs
    # and stops at max_iter with a ConvergenceWarning (an error here); 0.1 makes the
    # problem well conditioned enough for "gd" and "sgd" to reach tol in time.
] + [SoftmaxRegression(solver=solver, penalty=0.1) for solver in SOLVERS if solver != "newton"]


def _check_name(check):
    while hasattr(check, "func"):
        check = check.func
    return check.__name__


def _check_id(value):
    if hasattr(value, "get_params"):
        return repr(value).replace("\n", "").replace(" ", "")
    keywords = getattr(value, "keywords", {})
    return _check_name(value) + "".join(f"({k}={v})" for k, v in keywords.items())


def _all_checks():
    for estimator in ESTIMATORS:
        generated = estimator_checks_generator(
            estimator, mark="xfail", xfail_strict=True,
            expected_failed_checks=EXPECTED_FAILURES.get(type(estimator).__name__, {}),
        )
        for pair in generated:
            check = pair.values[1] if hasattr(pair, "values") else pair[1]
            if _check_name(check) not in EXCLUDED_CHECKS:
                yield pair


# A solver stopping before it converges would pass some checks by luck: make it fail.
@pytest.mark.filterwarnings("error::sklearn.exceptions.ConvergenceWarning")
@pytest.mark.parametrize(("estimator", "check"), list(_all_checks()), ids=_check_id)
def test_scikit_learn_conformance(estimator, check):
    check(estimator)


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=_check_id)
def test_the_excluded_checks_are_ones_scikit_learn_would_run(estimator):
    names = {_check_name(check) for _, check in estimator_checks_generator(estimator)}
    assert set(EXCLUDED_CHECKS) <= names
    for estimator_name, failures in EXPECTED_FAILURES.items():
        if estimator_name == type(estimator).__name__:
            assert set(failures) <= names
