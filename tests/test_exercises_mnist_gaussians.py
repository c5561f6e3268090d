"""The checks of the MNIST exercise notebook: right answers pass, typical mistakes are named.

Every wrong answer here is computed the way a student making that mistake would compute it,
independently of the check's own list of mistakes, on small synthetic data (fast).
"""

import numpy as np
import pytest

from lecture_utils.exercises.checking import NotYetRight
from lecture_utils.exercises.mnist_gaussians import (
    check_bernoulli_log_likelihood,
    check_parameter_counts,
    check_pca_test_error,
    check_pixel_probabilities,
)
from lecture_utils.gaussian import GaussianClassifier, parameter_count
from lecture_utils.projections import PCA

NOT_YET = "matches none of the usual mistakes"


def assert_no_leak(message, values):
    """No entry of the expected value, in the usual formats, appears in the message."""
    for value in np.ravel(values)[:6]:
        for text in {str(value), f"{value:.3g}", f"{value:.4f}", repr(value)}:
            assert text not in message, (text, message)


def assert_wrong(check, answer, *args, match, **kwargs):
    with pytest.raises(NotYetRight, match=match) as error:
        check(answer, *args, **kwargs)
    return str(error.value)


# ------------------------------------------------------------------ exercise 1
def right_count(covariance, D, K):
    per_matrix = D if covariance in ("diag", "tied_diag") else D * (D + 1) // 2
    return K * D + (per_matrix if covariance in ("tied", "tied_diag") else K * per_matrix)


def counts_with(*, full_entries=None, tied_per_class=False, means=None, priors=lambda K: 0):
    """A student's counting function with one mistake in it."""
    def count(covariance, D, K):
        symmetric = D * (D + 1) // 2 if full_entries is None else full_entries(D)
        per_matrix = D if covariance in ("diag", "tied_diag") else symmetric
        tied = covariance in ("tied", "tied_diag")
        matrices = K if (not tied or tied_per_class) else 1
        mean_count = K * D if means is None else means(D, K)
        return mean_count + matrices * per_matrix + priors(K)
    return count


EXPECTED_COUNTS = [parameter_count(c, d, k) for c in ("full", "diag", "tied", "tied_diag")
                   for d, k in [(2, 3), (9, 10), (50, 10), (100, 10), (784, 10)]]


def test_parameter_counts_right(capsys):
    check_parameter_counts(right_count)
    assert capsys.readouterr().out.startswith("Right: `n_free_parameters` matches")


@pytest.mark.parametrize("student, phrase", [
    (counts_with(full_entries=lambda D: D * D), "all D\\^2 entries"),
    (counts_with(full_entries=lambda D: D * (D - 1) // 2), "left out the D variances"),
    (counts_with(tied_per_class=True), "once per class"),
    (counts_with(means=lambda D, K: 0), "forgot the class means"),
    (counts_with(means=lambda D, K: D), "one mean vector for all classes"),
    (counts_with(priors=lambda K: K - 1), "counted the K - 1 free priors"),
    (counts_with(priors=lambda K: K), "counted K priors"),
])
def test_parameter_count_mistakes_are_named(student, phrase):
    message = assert_wrong(check_parameter_counts, student, match=phrase)
    assert_no_leak(message, EXPECTED_COUNTS)


def swapped_arguments(covariance, K, D):
    """The right formula, with the parameters declared in the order (covariance, K, D)."""
    return right_count(covariance, D, K)


def names_tested_with_in(covariance, D, K):
    """Tests the name with `in`, "tied" first: "tied_diag" gets a full shared covariance."""
    if "tied" in covariance:
        return K * D + D * (D + 1) // 2
    if "diag" in covariance:
        return K * D + K * D
    return K * D + K * D * (D + 1) // 2


def diag_as_full(covariance, D, K):
    """Only "tied_diag" counted as diagonal: "diag" gets K full covariances."""
    per_matrix = D if covariance == "tied_diag" else D * (D + 1) // 2
    return K * D + (per_matrix if covariance.startswith("tied") else K * per_matrix)


@pytest.mark.parametrize("student, phrase, model", [
    (swapped_arguments, "order \\(covariance, K, D\\)", "full"),
    (names_tested_with_in, 'full covariance matrix .* diagonal model "tied_diag"', "tied_diag"),
    (diag_as_full, 'full covariance matrix .* diagonal model "diag"', "diag"),
])
def test_parameter_count_mixed_up_models_and_arguments(student, phrase, model):
    message = assert_wrong(check_parameter_counts, student, match=phrase)
    assert f'n_free_parameters("{model}", D, K)' in message
    assert_no_leak(message, EXPECTED_COUNTS)


def test_parameter_count_unrecognised_count_names_the_cases():
    def off_by_one(covariance, D, K):
        return right_count(covariance, D, K) + (covariance == "diag")
    message = assert_wrong(check_parameter_counts, off_by_one, match=NOT_YET)
    assert '"diag"' in message and "(D, K) = (2, 3), (9, 10)" in message
    assert "5 of these 5 counts are wrong" in message
    assert_no_leak(message, [parameter_count("diag", d, k)
                             for d, k in [(2, 3), (9, 10), (50, 10), (100, 10), (784, 10)]])


def test_parameter_count_names_the_wrong_model():
    def only_tied_wrong(covariance, D, K):
        return right_count(covariance, D, K) + (K - 1) * D * (D + 1) // 2 * (covariance == "tied")
    message = assert_wrong(check_parameter_counts, only_tied_wrong, match="once per class")
    assert '"tied"' in message


def test_parameter_count_unrecognised_none_nan_and_errors():
    assert_wrong(check_parameter_counts, lambda c, D, K: 7, match=NOT_YET)
    assert_wrong(check_parameter_counts, None, match="still None")
    assert_wrong(check_parameter_counts, lambda c, D, K: None, match="returned None")
    assert_wrong(check_parameter_counts, lambda c, D, K: float("nan"), match="NaN")
    assert_wrong(check_parameter_counts, lambda c, D, K: 1 / 0, match="ZeroDivisionError")
    for returned in [(1, 2), "15", np.array([15]), True]:
        assert_wrong(check_parameter_counts, lambda c, D, K, r=returned: r,
                     match="returned a value of type .* one number")


def test_parameter_count_other_cases_and_bad_cases(capsys):
    check_parameter_counts(right_count, cases=[(3, 2), (40, 7)])
    assert "Right" in capsys.readouterr().out
    for bad in ([], [(0, 3)], [(2.5, 3)], [(3,)]):
        with pytest.raises(ValueError):
            check_parameter_counts(right_count, cases=bad)


# ------------------------------------------------------------------ exercise 2
def binary_data(seed=0):
    """Binary 'images' of 3 classes; pixel 0 is never inked in class 0, pixel 1 always blank."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1, 2], [20, 15, 10])
    p_true = rng.uniform(0.1, 0.9, size=(3, 12))
    B = (rng.uniform(size=(45, 12)) < p_true[y]).astype(int)
    B[y == 0, 0] = 0
    B[:, 1] = 0
    B_test = (rng.uniform(size=(8, 12)) < 0.5).astype(int)
    B_test[:, 0] = 1
    return B, y, B_test


def counts(B, y):
    n_k = np.array([np.sum(y == k) for k in range(3)], dtype=float)[:, None]
    n_kd = np.array([B[y == k].sum(axis=0) for k in range(3)], dtype=float)
    return n_kd, n_k


def test_pixel_probabilities(capsys):
    B, y, _ = binary_data()
    n_kd, n_k = counts(B, y)
    right = (n_kd + 1) / (n_k + 2)
    check_pixel_probabilities(right, B, y)
    assert capsys.readouterr().out.startswith("Right: `p` matches")
    for wrong, phrase in [(n_kd / n_k, "without the pseudo-count"),
                          ((n_kd + 1) / (n_k + 1), "only once"),
                          (n_kd / (n_k + 2), "to the total only"),
                          (1 - right, "BLANK pixel"),
                          ((n_kd + 1) / (len(y) + 2), "all training images N"),
                          ((n_kd + 1) / (n_kd.sum(axis=1, keepdims=True) + 12), "multinomial"),
                          (right.T, "transposed")]:
        message = assert_wrong(check_pixel_probabilities, wrong, B, y, match=phrase)
        assert_no_leak(message, right)
    grey = B * np.random.default_rng(1).integers(128, 256, size=B.shape)  # grey levels, not 0/1
    grey_counts = np.array([grey[y == k].sum(axis=0) for k in range(3)], dtype=float)
    message = assert_wrong(check_pixel_probabilities, (grey_counts + 1) / (n_k + 2), B, y,
                           match="largest entry .* between 0 and 1.*grey levels")
    assert_no_leak(message, right)
    message = assert_wrong(check_pixel_probabilities, right + 0.01, B, y, match=NOT_YET)
    assert_no_leak(message, right)
    assert_wrong(check_pixel_probabilities, None, B, y, match="still None")
    nan = right.copy()
    nan[0, 0] = np.nan
    assert_wrong(check_pixel_probabilities, nan, B, y, match="NaN")


def test_bernoulli_checks_refit_for_other_data_or_alpha(capsys):
    """The two Bernoulli checks share one fit; other images, labels or alpha get their own."""
    for seed, alpha in [(0, 1.0), (1, 1.0), (1, 2.0), (0, 1.0)]:
        B, y, B_test = binary_data(seed)
        n_kd, n_k = counts(B, y)
        p = (n_kd + alpha) / (n_k + 2 * alpha)
        check_pixel_probabilities(p, B, y, alpha=alpha)
        check_bernoulli_log_likelihood(B_test @ np.log(p).T + (1 - B_test) @ np.log(1 - p).T,
                                       B_test, B, y, alpha=alpha)
        relabelled = np.roll(y, 1)
        n_kd, n_k = counts(B, relabelled)
        check_pixel_probabilities((n_kd + alpha) / (n_k + 2 * alpha), B, relabelled, alpha=alpha)
    assert capsys.readouterr().out.count("Right") == 12


def test_pixel_probabilities_bad_inputs():
    B, y, _ = binary_data()
    with pytest.raises(ValueError, match="binary"):
        check_pixel_probabilities(np.zeros((3, 12)), B * 255, y)
    with pytest.raises(ValueError, match="one label per row"):
        check_pixel_probabilities(np.zeros((3, 12)), B, y[:-1])


def test_bernoulli_log_likelihood(capsys):
    B, y, B_test = binary_data()
    n_kd, n_k = counts(B, y)
    p = (n_kd + 1) / (n_k + 2)
    right = B_test @ np.log(p).T + (1 - B_test) @ np.log(1 - p).T
    check_bernoulli_log_likelihood(right, B_test, B, y)
    assert capsys.readouterr().out.startswith("Right: `log_likelihood` matches")
    product = np.array([[np.prod(p[k] ** x * (1 - p[k]) ** (1 - x)) for k in range(3)]
                        for x in B_test])
    for wrong, phrase in [(B_test @ np.log(p).T, "forgot the \\(1 - x_d\\)"),
                          (product, "multiplied probabilities"),
                          (right + np.log(1 / 3), "added the log prior"),
                          (right + np.log(n_k.ravel() / n_k.sum()), "training-frequency priors"),
                          (B_test @ np.log10(p).T + (1 - B_test) @ np.log10(1 - p).T, "base-10"),
                          (right.T, "transposed")]:
        message = assert_wrong(check_bernoulli_log_likelihood, wrong, B_test, B, y, match=phrase)
        assert_no_leak(message, right)
    message = assert_wrong(check_bernoulli_log_likelihood, right - 0.5, B_test, B, y, match=NOT_YET)
    assert_no_leak(message, right)


def test_bernoulli_log_likelihood_posterior_sign_and_training_rows():
    B, y, B_test = binary_data()
    n_kd, n_k = counts(B, y)
    p = (n_kd + 1) / (n_k + 2)
    right = B_test @ np.log(p).T + (1 - B_test) @ np.log(1 - p).T
    frequencies = n_k.ravel() / n_k.sum()
    for log_joint in (right, right + np.log(frequencies)):
        posterior = log_joint - np.log(np.exp(log_joint).sum(axis=1, keepdims=True))
        message = assert_wrong(check_bernoulli_log_likelihood, posterior, B_test, B, y,
                               match="normalised over the digits")
        assert_no_leak(message, right)
    message = assert_wrong(check_bernoulli_log_likelihood, -right, B_test, B, y,
                           match="negative log-likelihood")
    assert_no_leak(message, right)
    on_training = B @ np.log(p).T + (1 - B) @ np.log(1 - p).T
    assert_wrong(check_bernoulli_log_likelihood, on_training, B_test, B, y,
                 match="one row per TRAINING image")


@pytest.mark.parametrize("wrong_p, phrase", [
    (lambda n_kd, n_k: (n_kd + 1) / (n_k + 1), "only once"),
    (lambda n_kd, n_k: (n_kd + 1) / (n_k.sum() + 2), "all training images N"),
    (lambda n_kd, n_k: (n_kd + 1) / (n_kd.sum(axis=1, keepdims=True) + 12), "multinomial"),
    (lambda n_kd, n_k: 1 - (n_kd + 1) / (n_k + 2), "BLANK pixel"),
])
def test_bernoulli_log_likelihood_from_a_wrong_p(wrong_p, phrase):
    B, y, B_test = binary_data()
    n_kd, n_k = counts(B, y)
    p = wrong_p(n_kd, n_k)
    with np.errstate(divide="ignore", invalid="ignore"):
        student = B_test @ np.log(p).T + (1 - B_test) @ np.log(1 - p).T
    assert np.all(np.isfinite(student))  # no estimate of exactly 0 or 1 on these data
    right_p = (n_kd + 1) / (n_k + 2)
    message = assert_wrong(check_bernoulli_log_likelihood, student, B_test, B, y,
                           match="p that is not yet right: you probably .*" + phrase)
    assert_no_leak(message, B_test @ np.log(right_p).T + (1 - B_test) @ np.log(1 - right_p).T)


def test_bernoulli_log_likelihood_without_pseudo_count_none_and_nan():
    B, y, B_test = binary_data()
    n_kd, n_k = counts(B, y)
    p_ml = n_kd / n_k
    with np.errstate(divide="ignore", invalid="ignore"):
        no_pseudo_count = B_test @ np.log(p_ml).T + (1 - B_test) @ np.log(1 - p_ml).T
    assert not np.all(np.isfinite(no_pseudo_count))
    assert_wrong(check_bernoulli_log_likelihood, no_pseudo_count, B_test, B, y,
                 match="without the pseudo-count")
    assert_wrong(check_bernoulli_log_likelihood, None, B_test, B, y, match="still None")
    one_nan = np.zeros((8, 3))
    one_nan[2, 1] = np.nan
    assert_wrong(check_bernoulli_log_likelihood, one_nan, B_test, B, y, match="NaN")
    message = assert_wrong(check_bernoulli_log_likelihood, [None], B_test, B, y, match="NaN")
    assert "pseudo-count" not in message  # the wrong shape, not a p of 0 or 1


def test_bernoulli_log_likelihood_bad_inputs():
    B, y, B_test = binary_data()
    with pytest.raises(ValueError, match="pixels per image"):
        check_bernoulli_log_likelihood(np.zeros((8, 3)), B_test[:, :5], B, y)
    with pytest.raises(ValueError, match="binary"):
        check_bernoulli_log_likelihood(np.zeros((8, 3)), B_test + 1, B, y)


# ------------------------------------------------------------------ exercise 3
def pca_data():
    """Three unbalanced, overlapping Gaussian classes in 8 dimensions."""
    rng = np.random.default_rng(3)
    sizes_train, sizes_test = [60, 30, 15], [20, 20, 20]
    means = rng.normal(scale=1.2, size=(3, 8))

    def draw(sizes):
        y = np.repeat([0, 1, 2], sizes)
        return means[y] + rng.normal(size=(len(y), 8)) * np.linspace(2, 0.5, 8), y

    (X_train, y_train), (X_test, y_test) = draw(sizes_train), draw(sizes_test)
    return X_train, y_train, X_test, y_test


UNIFORM3 = np.full(3, 1 / 3)


def student_error(X_train, y_train, X_test, y_test, *, pca_on="train", project_test="same",
                  priors=UNIFORM3, score_on="test"):
    """The error rate a student gets, with the PCA and scoring choices given."""
    fitted_on = {"train": X_train, "both": np.vstack([X_train, X_test])}[pca_on]
    pca = PCA(n_components=3).fit(fitted_on)
    test_pca = pca if project_test == "same" else PCA(n_components=3).fit(X_test)
    model = GaussianClassifier(covariance="full", priors=priors)
    model.fit(pca.transform(X_train), y_train)
    if score_on == "train":
        return float(np.mean(model.predict(pca.transform(X_train)) != y_train))
    return float(np.mean(model.predict(test_pca.transform(X_test)) != y_test))


def test_pca_test_error(capsys):
    data = pca_data()
    kwargs = {"n_components": 3, "covariance": "full", "priors": UNIFORM3}
    right = student_error(*data)
    check_pca_test_error(right, *data, **kwargs)
    assert capsys.readouterr().out.startswith("Right: `test_error` matches")
    wrongs = [(1 - right, "accuracy \\(the fraction right\\)"),
              (100 * right, "error as a percentage"),
              (100 * (1 - right), "accuracy as a percentage"),
              (right * len(data[3]), "number of misclassified test images"),
              (student_error(*data, score_on="train"), "TRAINING images"),
              (student_error(*data, pca_on="both"), "training and test images together"),
              (student_error(*data, project_test="own"), "PCA fitted on the test images"),
              (student_error(*data, priors=None), "training frequencies as priors")]
    values = [right] + [w for w, _ in wrongs]
    assert len(set(np.round(values, 9))) == len(values), "the mistakes must differ here"
    for wrong, phrase in wrongs:
        message = assert_wrong(check_pca_test_error, wrong, *data, match=phrase, **kwargs)
        assert_no_leak(message, right)
    message = assert_wrong(check_pca_test_error, 0.77, *data, match=NOT_YET, **kwargs)
    assert_no_leak(message, right)
    assert_wrong(check_pca_test_error, None, *data, match="still None", **kwargs)
    assert_wrong(check_pca_test_error, float("nan"), *data, match="NaN", **kwargs)


def test_pca_test_error_array_instead_of_one_number():
    data = pca_data()
    X_train, y_train, X_test, y_test = data
    pca = PCA(n_components=3).fit(X_train)
    model = GaussianClassifier(covariance="full", priors=UNIFORM3).fit(pca.transform(X_train),
                                                                        y_train)
    wrong_per_image = model.predict(pca.transform(X_test)) != y_test
    kwargs = {"n_components": 3, "priors": UNIFORM3}
    assert_wrong(check_pca_test_error, wrong_per_image, *data, match="take its mean", **kwargs)
    message = assert_wrong(check_pca_test_error, [wrong_per_image.mean()], *data,
                           match="shape \\(1,\\); it should be one number", **kwargs)
    assert "take its mean" not in message


def test_pca_test_error_with_training_frequencies():
    data = pca_data()
    uniform = student_error(*data)
    assert uniform != student_error(*data, priors=None)
    assert_wrong(check_pca_test_error, uniform, *data, n_components=3, match="used uniform priors")


def test_pca_test_error_bad_inputs():
    X_train, y_train, X_test, y_test = pca_data()
    with pytest.raises(ValueError, match="features"):
        check_pca_test_error(0.1, X_train, y_train, X_test[:, :5], y_test, n_components=3)
    with pytest.raises(ValueError, match="one label per row"):
        check_pca_test_error(0.1, X_train, y_train[:-1], X_test, y_test, n_components=3)
    with pytest.raises(ValueError):
        check_pca_test_error(0.1, X_train, y_train, X_test, y_test, n_components=30)
    with pytest.raises(ValueError):
        check_pca_test_error(0.1, X_train, y_train, X_test, y_test, n_components=3,
                             covariance="spherical")
