"""posterior_agreement: our Gaussian classifiers against scikit-learn's twins."""

import pytest
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.naive_bayes import GaussianNB

from lecture_utils.datasets import load_iris
from lecture_utils.experiments import posterior_agreement
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.synthetic import make_gaussian_classes

TWINS = {"full": QuadraticDiscriminantAnalysis, "tied": LinearDiscriminantAnalysis,
         "diag": lambda: GaussianNB(var_smoothing=0.0)}


@pytest.mark.parametrize("covariance", list(TWINS))
def test_every_model_agrees_on_iris(covariance):
    iris = load_iris()
    ours = GaussianClassifier(covariance=covariance).fit(iris.X, iris.y)
    agreement = posterior_agreement(ours, TWINS[covariance]().fit(iris.X, iris.y), iris.X)
    assert agreement.log_posteriors_agree and agreement.same_decisions == 1.0
    assert agreement.max_posterior_gap < 1e-8


def drawn_classes():
    """Two Gaussian classes of 30 samples each, with different covariances."""
    return make_gaussian_classes([[0, 0], [1, 1]], [[[1, 0.5], [0.5, 1]], [[1, 0], [0, 2]]], 30,
                                 random_state=0)


def test_twins_agree_on_drawn_gaussian_classes():
    data = drawn_classes()
    ours = GaussianClassifier().fit(data.X, data.y)
    theirs = QuadraticDiscriminantAnalysis().fit(data.X, data.y)
    assert posterior_agreement(ours, theirs, data.X).log_posteriors_agree


def test_models_that_differ_are_reported_as_differing():
    data = drawn_classes()
    full = GaussianClassifier().fit(data.X, data.y)
    tied = GaussianClassifier(covariance="tied").fit(data.X, data.y)
    agreement = posterior_agreement(full, tied, data.X)
    assert not agreement.log_posteriors_agree and agreement.max_posterior_gap > 1e-3
    assert 0.0 < agreement.same_decisions <= 1.0
