"""Tests of lecture_utils.experiments: learning curves, error-rate tables, repeated splits,
confidence summaries and squared multiple correlations (the synthetic data they run on are
tested in tests/test_synthetic.py)."""

import numpy as np
import pytest
from conftest import gaussian_classes
from sklearn.dummy import DummyClassifier

from lecture_utils.experiments import (
    LearningCurve,
    covariance_error_table,
    error_against_dimension,
    learning_curve,
)
from lecture_utils.gaussian import COVARIANCE_TYPES, GaussianClassifier
from lecture_utils.logistic import SoftmaxRegression
from lecture_utils.synthetic import make_exponential_classes


def test_learning_curve_shapes_and_reproducibility():
    X, y = make_exponential_classes(400, n_features=3, random_state=0)
    models = {"LDA": GaussianClassifier(covariance="tied"), "LR": SoftmaxRegression(penalty=0.01)}
    curve = learning_curve(models, X, y, [10, 40, 160], n_repeats=4, random_state=1)
    assert isinstance(curve, LearningCurve)
    assert curve.errors["LDA"].shape == (4, 3)
    means = curve.mean_errors()
    assert list(means.columns) == ["LDA", "LR"] and means.index.tolist() == [10, 40, 160]
    np.testing.assert_allclose(means["LR"], curve.errors["LR"].mean(axis=0))
    np.testing.assert_allclose(curve.standard_errors()["LR"],
                               curve.errors["LR"].std(axis=0, ddof=1) / 2.0)
    again = learning_curve(models, X, y, [10, 40, 160], n_repeats=4, random_state=1)
    np.testing.assert_array_equal(again.errors["LR"], curve.errors["LR"])


def test_learning_curve_errors_are_test_errors():
    rng = np.random.default_rng(2)
    X = rng.standard_normal((300, 2))
    y = np.where(np.arange(300) < 90, "rare", "common")
    always = {"majority": DummyClassifier(strategy="most_frequent")}
    curve = learning_curve(always, X, y, [20, 150], n_repeats=3, test_size=0.5, random_state=0)
    np.testing.assert_allclose(curve.errors["majority"], 0.3)  # stratified: 45 of 150 are rare


def test_the_whole_pool_can_be_the_training_set():
    X, y = make_exponential_classes(100, n_features=2, random_state=3)
    curve = learning_curve({"LR": SoftmaxRegression(penalty=0.01)}, X, y, [70], n_repeats=2,
                           random_state=0)
    assert curve.errors["LR"].shape == (2, 1)


def test_learning_curve_keeps_the_class_proportions_in_every_split():
    X, y = make_exponential_classes(100, n_features=2, random_state=4)
    sizes = []

    class Spy(GaussianClassifier):
        def fit(self, X, y):
            sizes.append(np.bincount(y, minlength=2))
            return super().fit(X, y)

    learning_curve({"spy": Spy(covariance="diag")}, X, y, [10, 40, 70], n_repeats=2,
                   random_state=0)
    share = np.mean(y[:])
    for counts in sizes:
        assert abs(counts[1] - share * counts.sum()) <= 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"train_sizes": [5, 500]}, "at most 68, or all 70"),
    ({"train_sizes": [69]}, "at most 68, or all 70"),
    ({"train_sizes": [1]}, "train_sizes == 1, must be >= 2"),
    ({"n_repeats": 0}, "n_repeats == 0"),
    ({"test_size": 1.5}, "below 1"),
])
def test_learning_curve_rejects_bad_settings(kwargs, message):
    X, y = make_exponential_classes(100, n_features=2, random_state=3)
    settings = {"train_sizes": [10], **kwargs}
    with pytest.raises(ValueError, match=message):
        learning_curve({"LR": SoftmaxRegression(penalty=0.01)}, X, y, **settings)
    with pytest.raises(ValueError, match="non-empty dict"):
        learning_curve({}, X, y, [10])


# ------------------------------------------------------------------- error tables
def test_covariance_error_table_holds_every_model_on_every_feature_set():
    X, y = gaussian_classes(6, [80, 80, 80], 4)
    X_test, y_test = gaussian_classes(7, [60, 60, 60], 4)
    features = {"all": (X, X_test), "first two": (X[:, :2], X_test[:, :2])}
    table = covariance_error_table(features, y, y_test)
    assert table.index.tolist() == list(COVARIANCE_TYPES)
    assert table.columns.tolist() == ["all", "first two"]
    for covariance in COVARIANCE_TYPES:
        for name, (train, test) in features.items():
            model = GaussianClassifier(covariance=covariance).fit(train, y)
            assert table.loc[covariance, name] == pytest.approx(1 - model.score(test, y_test))


def test_covariance_error_table_passes_the_priors_on():
    X, y = gaussian_classes(8, [80, 80, 80], 4)
    X_test, y_test = gaussian_classes(9, [60, 60, 60], 4)
    certain = covariance_error_table({"x": (X, X_test)}, y, y_test, covariances=["full"],
                                     priors=[1.0, 0.0, 0.0])
    assert certain.loc["full", "x"] == pytest.approx(np.mean(y_test != 0))


def test_error_against_dimension_uses_the_leading_columns():
    X, y = gaussian_classes(10, [80, 80, 80], 5, separation=1.0)
    X_test, y_test = gaussian_classes(11, [60, 60, 60], 5, separation=1.0)
    errors = error_against_dimension(X, y, X_test, y_test, [1, 3, 5], covariance="tied")
    assert np.ptp(errors) > 0, "the dimensions should give different errors"
    for m, error in zip([1, 3, 5], errors, strict=True):
        model = GaussianClassifier(covariance="tied").fit(X[:, :m], y)
        assert error == pytest.approx(1 - model.score(X_test[:, :m], y_test))


def test_error_against_dimension_rejects_impossible_dimensions():
    X, y = gaussian_classes(12, [30, 30, 30], 4)
    with pytest.raises(ValueError, match="dimension 5 is not between 1 and the 4"):
        error_against_dimension(X, y, X, y, [2, 5])


def test_repeated_split_scores_are_reproducible_held_out_accuracies():
    from lecture_utils.experiments import repeated_split_scores

    X, y = make_exponential_classes(200, n_features=2, random_state=0)
    scores = repeated_split_scores(GaussianClassifier(), X, y, n_splits=5, test_size=0.5)
    assert scores.shape == (5,) and np.all((scores >= 0) & (scores <= 1))
    assert len(set(scores.round(6))) > 1  # the splits differ
    np.testing.assert_array_equal(
        scores, repeated_split_scores(GaussianClassifier(), X, y, n_splits=5, test_size=0.5))
    with pytest.raises(ValueError, match="below 1"):
        repeated_split_scores(GaussianClassifier(), X, y, test_size=1.5)


def test_accuracy_over_splits_is_reproducible_and_per_split():
    from sklearn.model_selection import train_test_split

    from lecture_utils.experiments import accuracy_over_splits
    X, y = make_exponential_classes(200, n_features=3, random_state=0)
    sets = {"one": [0], "all": [0, 1, 2]}
    model = GaussianClassifier(covariance="diag")
    table = accuracy_over_splits(model, X, y, sets, n_splits=4, test_size=50, random_state=3)
    assert table.shape == (4, 2) and list(table.columns) == ["one", "all"]
    assert table.equals(accuracy_over_splits(model, X, y, sets, n_splits=4, test_size=50,
                                             random_state=3))
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=50, stratify=y,
                                                        random_state=4)
    fitted = GaussianClassifier(covariance="diag").fit(X_train, y_train)
    assert table.loc[1, "all"] == fitted.score(X_test, y_test)
    with pytest.raises(ValueError):
        accuracy_over_splits(model, X, y, {}, n_splits=2)


def test_confidence_summary_counts_sure_and_certain_posteriors():
    from sklearn.metrics import log_loss

    from lecture_utils.discrete import CategoricalClassifier
    from lecture_utils.experiments import confidence_summary
    X = np.array([["a"], ["a"], ["a"], ["b"], ["b"], ["c"]])
    y = np.array(["f", "f", "m", "m", "m", "f"])
    model = CategoricalClassifier(priors=[0.5, 0.5]).fit(X, y)   # P(f | a) = 2/3 ... P(f | c) = 1
    X_test, y_test = np.array([["a"], ["b"], ["c"], ["c"]]), np.array(["m", "m", "f", "m"])
    summary = confidence_summary(model, X_test, y_test, threshold=0.7)
    proba = model.predict_proba(X_test)
    assert summary["accuracy"] == 0.5
    assert summary["mean max P"] == pytest.approx(proba.max(axis=1).mean())
    assert summary["log-loss"] == pytest.approx(log_loss(y_test, proba, labels=model.classes_))
    assert summary["max P > 0.7"] == 3 and summary["right among those"] == pytest.approx(2 / 3)
    assert summary["P = 1"] == 3 and summary["P = 1, wrong"] == 1
    assert np.isnan(confidence_summary(model, X_test[:1], y_test[:1], threshold=0.9)
                    ["right among those"])
    for bad in (0.0, 1.0):
        with pytest.raises(ValueError, match="threshold"):
            confidence_summary(model, X_test, y_test, threshold=bad)
    with pytest.raises(ValueError, match="one label per row"):
        confidence_summary(model, X_test, y_test[:2])


def test_squared_multiple_correlations_match_regression():
    from lecture_utils.experiments import squared_multiple_correlations

    rng = np.random.default_rng(0)
    X = rng.normal(size=(2000, 4)) @ rng.normal(size=(4, 4))
    covariance = np.cov(X, rowvar=False, bias=True)
    r2 = squared_multiple_correlations(covariance)
    for j in range(4):
        others = np.delete(X, j, axis=1)
        design = np.column_stack([np.ones(len(X)), others])
        coefficients = np.linalg.lstsq(design, X[:, j], rcond=None)[0]
        residual = X[:, j] - design @ coefficients
        assert r2[j] == pytest.approx(1 - residual.var() / X[:, j].var())
    assert squared_multiple_correlations(np.stack([covariance, np.eye(4)])).shape == (2, 4)
    np.testing.assert_allclose(squared_multiple_correlations(np.diag([1.0, 4.0, 9.0])), 0,
                               atol=1e-12)


def test_squared_multiple_correlations_bad_input():
    from lecture_utils.experiments import squared_multiple_correlations

    with pytest.raises(ValueError, match="square"):
        squared_multiple_correlations(np.ones((2, 3)))
    with pytest.raises(ValueError, match="positive definite"):
        squared_multiple_correlations(np.ones((2, 2)))
