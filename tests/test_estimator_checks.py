"""Every estimator in lecture_utils passes scikit-learn's own conformance checks.

No check is expected to fail. scikit-learn itself skips ``check_array_api_input`` unless
SCIPY_ARRAY_API=1 is set; the estimators do not claim array-API support, so that skip is
the library's, not ours.
"""

from sklearn.utils.estimator_checks import parametrize_with_checks

from lecture_utils.discrete import CategoricalClassifier, MultinomialClassifier
from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier


class CountDataMultinomialClassifier(MultinomialClassifier):
    """`MultinomialClassifier` as the checks should see it: a model of whole-number counts.

    The checks feed real-valued data unless an estimator's tags say it takes
    categorical (integer) input; this tag makes them round their data to
    non-negative integers, i.e. counts. Nothing else changes.
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
]


@parametrize_with_checks(ESTIMATORS)
def test_scikit_learn_conformance(estimator, check):
    check(estimator)
