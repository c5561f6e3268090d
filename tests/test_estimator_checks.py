"""Every estimator in lecture_utils passes scikit-learn's own conformance checks.

No check is expected to fail. scikit-learn itself skips ``check_array_api_input`` unless
SCIPY_ARRAY_API=1 is set; the estimators do not claim array-API support, so that skip is
the library's, not ours.
"""

from sklearn.utils.estimator_checks import parametrize_with_checks

from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier

ESTIMATORS = [GaussianClassifier(covariance=c) for c in COVARIANCE_TYPES]


@parametrize_with_checks(ESTIMATORS)
def test_scikit_learn_conformance(estimator, check):
    check(estimator)
