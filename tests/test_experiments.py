"""Tests of lecture_utils.experiments: statistics of errors, learning curves, error-rate
tables, repeated splits and draws, confidence summaries and squared multiple correlations
(the synthetic data they run on are tested in tests/test_synthetic.py)."""

import numpy as np
import pytest
from gaussian_data import gaussian_classes
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
    ({"test_size": 1.5}, "a fraction of the samples, below 1"),
    ({"test_size": 1.0}, "a fraction of the samples, below 1"),
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
    certain = covariance_error_table({"x": (X, X_test)}, y, y_test, priors=[1.0, 0.0, 0.0])
    assert certain["x"].tolist() == pytest.approx([np.mean(y_test != 0)] * len(COVARIANCE_TYPES))


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
    assert summary["log-loss"] == np.inf     # P(m | c) = 0 for a male: not clipped
    first_three = confidence_summary(model, X_test[:3], y_test[:3], threshold=0.7)
    assert first_three["log-loss"] == pytest.approx(
        log_loss(y_test[:3], proba[:3], labels=model.classes_))
    assert summary["max P > 0.7"] == 3 and summary["right among those"] == pytest.approx(2 / 3)
    assert summary["P = 1"] == 3 and summary["P = 1, wrong"] == 1
    assert np.isnan(confidence_summary(model, X_test[:1], y_test[:1], threshold=0.9)
                    ["right among those"])
    for bad in (0.0, 1.0):
        with pytest.raises(ValueError, match="threshold"):
            confidence_summary(model, X_test, y_test, threshold=bad)
    with pytest.raises(ValueError, match="one label per row"):
        confidence_summary(model, X_test, y_test[:2])


def test_llr_calibration_counts_errors_and_claims_per_bin():
    from scipy.special import expit

    from lecture_utils.experiments import llr_calibration

    llr = np.array([0.5, -1.0, -2.5, 12.0, -15.0, np.inf, 40.0])
    numerator = np.array([True, True, False, True, True, False, False])
    table = llr_calibration(llr, numerator, edges=[0, 3, 20, np.inf])
    assert table.index.tolist() == ["0–3", "3–20", "≥ 20"]
    assert table["samples"].tolist() == [3, 2, 2]
    # wrong: -1.0 (numerator, called other), -15.0 (numerator), inf and 40 (not numerator)
    assert table["wrong"].tolist() == [1, 1, 2]
    assert table["claimed error"].iloc[0] == pytest.approx(expit(-np.abs(llr[:3])).mean())
    assert table["claimed error"].iloc[2] == pytest.approx(expit(-40.0) / 2)
    assert (table["95 % low"] <= table["observed error"]).all()
    assert (table["observed error"] <= table["95 % high"]).all()
    assert "3–20" not in llr_calibration(llr[:3], numerator[:3], [0, 3, 20]).index


def test_llr_calibration_bad_input():
    from lecture_utils.experiments import llr_calibration

    with pytest.raises(ValueError, match="numerator_true"):
        llr_calibration([1.0, 2.0], [1, 0], [0, 5])
    with pytest.raises(ValueError, match="NaN"):
        llr_calibration([np.nan], [True], [0, 5])
    with pytest.raises(ValueError, match="edges"):
        llr_calibration([1.0], [True], [1, 5])


def test_sampled_bayes_accuracy_matches_the_tied_closed_form():
    from lecture_utils.experiments import sampled_bayes_accuracy
    from lecture_utils.gaussian import tied_bayes_error

    model = GaussianClassifier(covariance="tied").fit([[-1.0, 0.0], [1.0, 0.0], [0.0, 1.0],
                                                       [2.0, 1.0], [2.0, 3.0], [4.0, 3.0]],
                                                      [0, 0, 0, 1, 1, 1])
    accuracy, error = sampled_bayes_accuracy(model, n_samples=200_000, random_state=1)
    exact = 1 - tied_bayes_error(model.means_[0], model.means_[1], model.covariances_[0])
    assert abs(accuracy - exact) < 4 * error
    assert 0 < error < 0.01


def test_times_lower_counts_paired_wins_and_not_ties():
    from lecture_utils.experiments import LearningCurve, times_lower

    curve = LearningCurve(np.array([5, 50]), {"a": np.array([[0.1, 0.2], [0.2, 0.2], [0.3, 0.0]]),
                                              "b": np.array([[0.2, 0.2], [0.2, 0.1], [0.1, 0.1]])})
    counts = times_lower(curve, "a", "b")
    assert counts.index.tolist() == [5, 50] and counts.tolist() == [1, 1]
    assert times_lower(curve, "b", "a").tolist() == [1, 1]
    with pytest.raises(ValueError, match="no model named"):
        times_lower(curve, "a", "c")


def test_predictions_against_dimension_are_those_of_models_fitted_on_the_leading_columns():
    from lecture_utils.experiments import predictions_against_dimension

    X, y = gaussian_classes(3, [80, 80, 80], 4, separation=1.0)
    predicted = predictions_against_dimension(X, y, X[:50], [1, 2, 4], shrinkage=0.1)
    assert predicted.shape == (3, 50)
    for row, m in zip(predicted, [1, 2, 4], strict=True):
        alone = GaussianClassifier(shrinkage=0.1).fit(X[:, :m], y)
        np.testing.assert_array_equal(row, alone.predict(X[:50, :m]))
    np.testing.assert_allclose(np.mean(predicted != y[:50], axis=1),
                               error_against_dimension(X, y, X[:50], y[:50], [1, 2, 4],
                                                       shrinkage=0.1))


def test_confusion_directions_names_the_wider_class_and_tests_the_split():
    from scipy.stats import binomtest

    from lecture_utils.experiments import confusion_directions

    confusion = np.array([[90, 12, 0], [2, 80, 5], [0, 5, 70]])
    table = confusion_directions(confusion, spread=[1.0, 5.0, 0.0], n_pairs=3)
    # the pair 0, 2, never confused, is left out
    assert table[["a", "b"]].values.tolist() == [[0, 1], [1, 2]]
    first = table.iloc[0]
    assert (first["a read as b"], first["b read as a"], first["wider class"]) == (12, 2, 1)
    assert first["spread difference"] == 4.0
    assert first["most go to the wider"]
    assert first["p, either way alike"] == pytest.approx(binomtest(12, 14).pvalue)
    assert not table.iloc[1]["most go to the wider"]  # 5 and 5: a tie
    with pytest.raises(ValueError, match="one number per class"):
        confusion_directions(confusion, spread=[1.0, 2.0])


def test_paired_difference_test_corrects_the_standard_error_for_overlapping_splits():
    from scipy.stats import ttest_rel

    from lecture_utils.experiments import paired_difference_test

    rng = np.random.default_rng(0)
    a, b = rng.normal(0.8, 0.05, 20), rng.normal(0.78, 0.05, 20)
    plain = paired_difference_test(a, b)
    assert plain.standard_error == pytest.approx((a - b).std(ddof=1) / np.sqrt(20))
    assert (plain.greater, plain.less, plain.equal) == (
        np.sum(a > b), np.sum(a < b), np.sum(a == b))
    assert plain.p_value == pytest.approx(ttest_rel(a, b).pvalue)
    corrected = paired_difference_test(a, b, test_to_train=60 / 90)
    ratio = np.sqrt((1 / 20 + 60 / 90) / (1 / 20))
    assert corrected.standard_error == pytest.approx(ratio * plain.standard_error)
    assert corrected.p_value > plain.p_value
    assert corrected.low < corrected.mean < corrected.high
    assert corrected.high - corrected.low == pytest.approx(ratio * (plain.high - plain.low))
    assert paired_difference_test([1.0, 1.0], [0.5, 0.5]).p_value == 0.0
    with pytest.raises(ValueError, match="confidence"):
        paired_difference_test(a, b, confidence=1.0)
    with pytest.raises(ValueError, match="same length"):
        paired_difference_test([1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="NaN"):
        paired_difference_test([1.0, np.nan], [1.0, 2.0])


# ------------------------------------------------------------- repeated splits and draws
def test_scores_over_splits_are_cross_val_scores_over_stratified_shuffle_splits():
    from sklearn.model_selection import StratifiedShuffleSplit, cross_val_score

    from lecture_utils.datasets import load_iris_2d
    from lecture_utils.experiments import scores_over_splits

    data = load_iris_2d()
    models = {"QDA": GaussianClassifier(), "LDA": GaussianClassifier(covariance="tied")}
    table = scores_over_splits(models, data.X, data.y, feature_sets={"length": [0],
                               "both": [0, 1]}, n_splits=5, random_state=0, training=True)
    assert table.shape == (5, 8) and table.index.name == "split"
    assert list(table.columns.names) == ["model", "features", "measure"]
    splits = StratifiedShuffleSplit(n_splits=5, test_size=0.4, random_state=0)
    np.testing.assert_array_equal(table["QDA", "both", "accuracy"], cross_val_score(
        GaussianClassifier(), data.X, data.y, cv=splits))
    training = table.xs("training accuracy", axis=1, level="measure")
    assert training.shape == (5, 4) and (training > 0.5).all().all()
    fresh = [scores_over_splits({"QDA": GaussianClassifier()}, data.X, data.y, n_splits=5)
             for _ in range(2)]
    assert not fresh[0].equals(fresh[1])          # random_state=None: new splits every call
    with pytest.raises(ValueError, match="test_size"):
        scores_over_splits({"QDA": GaussianClassifier()}, data.X, data.y, test_size=1.0)
    with pytest.raises(ValueError, match="non-empty dict"):
        scores_over_splits({}, data.X, data.y)


def test_scores_over_splits_take_given_splits_and_a_scorer_of_several_measures():
    from sklearn.model_selection import train_test_split

    from lecture_utils.discrete import CategoricalClassifier
    from lecture_utils.experiments import confidence_summary, scores_over_splits
    from lecture_utils.synthetic import make_cat_shelter

    X, y = make_cat_shelter(200, random_state=0)
    rows = np.arange(len(y))
    halvings = [train_test_split(rows, test_size=0.5, stratify=y, random_state=r)
                for r in range(3)]
    table = scores_over_splits({"NB": CategoricalClassifier(alpha=1.0)}, X, y,
                               feature_sets={"fur": [0]}, scoring=confidence_summary,
                               cv=halvings)
    assert list(table["NB", "fur"].columns) == list(confidence_summary(
        CategoricalClassifier().fit(X, y), X, y))
    train, test = halvings[1]
    by_hand = confidence_summary(CategoricalClassifier(alpha=1.0).fit(X[train][:, [0]], y[train]),
                                 X[test][:, [0]], y[test])
    assert table.loc[1, ("NB", "fur")].to_dict() == pytest.approx(by_hand, nan_ok=True)


def test_scores_over_draws_split_each_fresh_sample_once():
    from sklearn.model_selection import train_test_split

    from lecture_utils.discrete import CategoricalClassifier
    from lecture_utils.experiments import confidence_summary, scores_over_draws
    from lecture_utils.synthetic import make_cat_shelter

    sets = {"fur": [0], "fur twice": [0, 0]}
    kwargs = {"feature_sets": sets, "scoring": confidence_summary, "n_draws": 3,
              "test_size": 100, "stratify": False, "random_state": 5}
    table = scores_over_draws({"NB": CategoricalClassifier(alpha=1.0)}, make_cat_shelter,
                              **kwargs)["NB"]
    assert table.shape == (3, 14) and table.index.name == "draw"
    # draw r is the sample of seed random_state + r, split (not stratified) with the same seed
    X, y = make_cat_shelter(random_state=6)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=100, random_state=6)
    by_hand = confidence_summary(CategoricalClassifier(alpha=1.0).fit(X_train[:, [0]], y_train),
                                 X_test[:, [0]], y_test)
    assert table.loc[1, "fur"].to_dict() == pytest.approx(by_hand, nan_ok=True)
    assert table[("fur", "accuracy")].nunique() > 1                  # fresh samples
    again = scores_over_draws({"NB": CategoricalClassifier(alpha=1.0)}, make_cat_shelter,
                              **kwargs)["NB"]
    assert table.equals(again)
    stratified = scores_over_draws({"NB": CategoricalClassifier(alpha=1.0)}, make_cat_shelter,
                                   **{**kwargs, "stratify": True})["NB"]
    assert not stratified.equals(table)


def test_imputation_errors_rank_the_guesses_on_correlated_features():
    from functools import partial

    from lecture_utils.experiments import imputation_errors, scores_over_splits

    rng = np.random.default_rng(0)
    y = np.repeat([0, 1], 60)
    first = rng.normal(size=120) + 4 * y
    X = np.column_stack([first, first + rng.normal(0, 0.2, 120)])
    errors = scores_over_splits({"QDA": GaussianClassifier()}, X, y, n_splits=4, random_state=0,
                                scoring=partial(imputation_errors, column=1))["QDA", "all features"]
    assert list(errors.columns) == ["overall mean", "class mean", "model, class known",
                                    "model, class unknown"]
    means = errors.mean()
    assert means["model, class known"] < means["class mean"] < means["overall mean"]
    fitted = GaussianClassifier().fit(X, y)
    assert imputation_errors(fitted, X, y, 1)["overall mean"] == pytest.approx(
        np.abs(X[:, 1] - X[:, 1].mean()).mean())
    with pytest.raises(ValueError, match="two features"):
        imputation_errors(fitted, X[:, :1], y, 0)


# ------------------------------------------------------------------ statistics of errors
def test_mcnemar_counts_only_discordant_errors():
    from lecture_utils.experiments import mcnemar_test

    y = np.zeros(20, dtype=int)
    a = np.zeros(20, dtype=int)
    b = np.zeros(20, dtype=int)
    a[:2] = 1            # both wrong on 0, 1: not counted
    b[:2] = 1
    a[2:10] = 1          # a alone wrong on 8 samples
    b[10:11] = 1         # b alone wrong on 1 sample
    result = mcnemar_test(y, a, b)
    assert (result.only_a_wrong, result.only_b_wrong) == (8, 1)
    # exact two-sided binomial: 2 * (1 + 9) / 2**9
    assert result.p_value == pytest.approx(20 / 512)
    assert mcnemar_test(y, b, a).p_value == pytest.approx(result.p_value)


def test_mcnemar_without_discordant_samples_and_bad_input():
    from lecture_utils.experiments import mcnemar_test

    y = np.array([0, 1, 1])
    assert mcnemar_test(y, y, y) == (0, 0, 1.0)
    with pytest.raises(ValueError, match="same length"):
        mcnemar_test(y, y[:2], y)


# ------------------------------------------------ learning curves and outliers over draws
def test_gaussian_accuracy_over_draws_pairs_the_models_on_each_draw():
    from lecture_utils.experiments import gaussian_accuracy_over_draws

    models = {"tied": GaussianClassifier(covariance="tied"),
              "same again": GaussianClassifier(covariance="tied"),
              "full": GaussianClassifier(covariance="full")}
    table = gaussian_accuracy_over_draws(models, [[0.0, 0.0], [2.0, 0.0]], [np.eye(2)] * 2, 30,
                                         n_draws=4, n_test_per_class=1_000, random_state=1)
    assert table.shape == (4, 3) and list(table.columns) == list(models)
    assert np.array_equal(table["tied"], table["same again"])   # same data in every draw
    assert table["tied"].nunique() > 1                           # a new sample in every draw
    bayes = 1 - 0.8413447                                        # Phi(-1), means 2 apart
    assert np.all(1 - table["tied"] > bayes - 0.03)
    again = gaussian_accuracy_over_draws(models, [[0.0, 0.0], [2.0, 0.0]], [np.eye(2)] * 2, 30,
                                         n_draws=4, n_test_per_class=1_000, random_state=1)
    assert again.equals(table)
    with pytest.raises(ValueError, match="non-empty dict"):
        gaussian_accuracy_over_draws({}, [[0.0], [1.0]], [[[1.0]], [[1.0]]], 5)


def test_gaussian_learning_curve_gives_exact_errors_never_below_the_bayes_error():
    from lecture_utils.experiments import gaussian_learning_curve
    from lecture_utils.gaussian import tied_bayes_error

    means, covariances = [np.zeros(3), np.ones(3)], [np.eye(3), np.eye(3)]
    models = {"LDA": GaussianClassifier(covariance="tied"),
              "logistic": SoftmaxRegression(penalty=0.01)}
    curve = gaussian_learning_curve(models, means, covariances, [6, 200], n_draws=5,
                                    random_state=0)
    bayes = tied_bayes_error(means[0], means[1], np.eye(3))
    for errors in curve.errors.values():
        assert errors.shape == (5, 2) and np.all(errors >= bayes - 1e-12)
        assert errors[:, 1].mean() < errors[:, 0].mean()          # more data, lower error
    with pytest.raises(ValueError, match="linear"):
        gaussian_learning_curve({"QDA": GaussianClassifier()}, means, [np.eye(3), 4 * np.eye(3)],
                                [20], n_draws=1, random_state=0)


def test_exponential_learning_curve_tests_on_fresh_samples():
    from lecture_utils.experiments import exponential_learning_curve
    from lecture_utils.synthetic import exponential_bayes_threshold, exponential_threshold_error

    curve = exponential_learning_curve({"logistic": SoftmaxRegression(penalty=0.01)}, [4, 1000],
                                       n_draws=3, n_test=5_000, random_state=0)
    errors = curve.errors["logistic"]
    bayes = exponential_threshold_error(exponential_bayes_threshold())
    assert errors.shape == (3, 2) and curve.train_sizes.tolist() == [4, 1000]
    assert abs(errors[:, 1].mean() - bayes) < 0.02
    with pytest.raises(ValueError, match="models"):
        exponential_learning_curve({}, [4])


def test_outlier_effects_over_draws_has_one_row_per_draw_position_and_model():
    from lecture_utils.experiments import outlier_effects_over_draws

    table = outlier_effects_over_draws([[0.0, 0.0], [2.5, 0.5]], np.eye(2), 30,
                                       [(12.0, 0.0), (0.0, 8.0)], n_draws=3, random_state=0)
    assert len(table) == 3 * 2 * 2
    far = table[(table["position"] == "(12, 0)") & (table["model"] == "logistic regression")]
    assert np.allclose(far["turned (degrees)"], 0.0, atol=0.5)        # far on its own side
    lda = table[(table["position"] == "(12, 0)") & (table["model"] == "LDA")]
    assert np.all(lda["turned (degrees)"] > 1.0)


def test_outlier_turn_against_log_odds_places_the_outlier_at_the_asked_log_odds():
    from lecture_utils.experiments import outlier_effect, outlier_turn_against_log_odds
    from lecture_utils.synthetic import make_gaussian_classes

    data = make_gaussian_classes([[0, 0], [2.5, 0.5]], [[[1, 0.5], [0.5, 1]]] * 2, 50,
                                 random_state=0)
    table = outlier_turn_against_log_odds(data.X, data.y, [30.0, 2.0, -2.0], along=6.0)
    for t, position in table["position"].items():
        x = np.array([float(v) for v in position.strip("()").split(",")])
        odds = outlier_effect(data.X, data.y, x).own_log_odds["logistic regression"]
        assert odds == pytest.approx(t, abs=0.3)          # the position is printed to 0.1
    turned = table["logistic regression (degrees)"]
    assert turned[30.0] < 0.01 < turned[2.0] < turned[-2.0]   # the pull grows as t falls
