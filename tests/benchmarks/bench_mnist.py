"""Benchmark the Gaussian classifiers on MNIST against scikit-learn (run by hand).

Run from the repository root::

    python tests/benchmarks/bench_mnist.py [--repeats 7]

It prints, in one run:

* the time of ``load_mnist()`` (read, decompress and verify the arrays);
* for each covariance model that scikit-learn also has, the time of
  ``fit`` on the 60,000 training images plus ``predict`` on the 10,000 test
  images, in PCA-100 coordinates, for ``GaussianClassifier`` and for
  scikit-learn (``QuadraticDiscriminantAnalysis`` for ``full``,
  ``LinearDiscriminantAnalysis`` for ``tied``, ``GaussianNB`` for ``diag``),
  and their ratio (below 1: ``GaussianClassifier`` is faster), after checking
  that both predict exactly the same labels;
* the time of computing the whole error-rate table of notebook 06 (PCA, LDA
  and the four covariance models on the four feature sets).

Each time is the best of ``--repeats`` runs, and the two sides of a ratio
are run alternately, so that a busy machine slows both alike. The BLAS kernel
and thread count in use are printed first: they change the absolute times.
This file is not collected by pytest (its name does not start with
``test_``): performance is measured here, not asserted in the test suite.
"""

import argparse
import time

import numpy as np
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.naive_bayes import GaussianNB
from threadpoolctl import threadpool_info

from lecture_utils.datasets import load_mnist
from lecture_utils.experiments import covariance_error_table
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.projections import PCA, FisherProjection

REFERENCES = {
    "full": ("QuadraticDiscriminantAnalysis", QuadraticDiscriminantAnalysis),
    "tied": ("LinearDiscriminantAnalysis", LinearDiscriminantAnalysis),
    "diag": ("GaussianNB(var_smoothing=0)", lambda: GaussianNB(var_smoothing=0.0)),
}


def best_time(function, repeats):
    """Best wall-clock time of ``repeats`` calls, and the last result."""
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def alternate(first, second, repeats):
    """Best times of two functions run alternately, and their last results."""
    best = [np.inf, np.inf]
    results = [None, None]
    for _ in range(repeats):
        for side, function in enumerate((first, second)):
            start = time.perf_counter()
            results[side] = function()
            best[side] = min(best[side], time.perf_counter() - start)
    return best, results


def mnist_table(data):
    """The notebook's table: four covariance models on four feature sets."""
    pca = PCA(n_components=100).fit(data.X_train)
    Z_train, Z_test = pca.transform(data.X_train), pca.transform(data.X_test)
    lda = FisherProjection(n_components=9).fit(Z_train, data.y_train)
    features = {
        "PCA 100": (Z_train, Z_test),
        "PCA 50": (Z_train[:, :50], Z_test[:, :50]),
        "PCA 9": (Z_train[:, :9], Z_test[:, :9]),
        "PCA 100 + LDA 9": (lda.transform(Z_train), lda.transform(Z_test)),
    }
    uniform = np.full(10, 0.1)  # the notebook's priors
    return covariance_error_table(features, data.y_train, data.y_test, priors=uniform)


def describe_blas():
    for pool in threadpool_info():
        if pool["user_api"] == "blas":
            print(f"BLAS: {pool['internal_api']} {pool['version']}, kernel "
                  f"{pool.get('architecture')}, {pool['num_threads']} threads "
                  f"({pool['prefix']})")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    describe_blas()

    seconds, data = best_time(load_mnist, args.repeats)
    print(f"load_mnist(): {seconds:.3f} s")

    pca = PCA(n_components=100).fit(data.X_train)
    Z_train, Z_test = pca.transform(data.X_train), pca.transform(data.X_test)

    print("\nfit (60,000 x 100) + predict (10,000 x 100), best of "
          f"{args.repeats}, GaussianClassifier / scikit-learn:")
    for covariance, (name, make_reference) in REFERENCES.items():
        def ours(covariance=covariance):
            model = GaussianClassifier(covariance=covariance).fit(Z_train, data.y_train)
            return model.predict(Z_test)

        def theirs(make_reference=make_reference):
            return make_reference().fit(Z_train, data.y_train).predict(Z_test)

        (t_ours, t_theirs), (p_ours, p_theirs) = alternate(ours, theirs, args.repeats)
        n_different = int(np.sum(p_ours != p_theirs))
        assert n_different == 0, f"{covariance}: {n_different} predictions differ from {name}"
        print(f"  {covariance:5s} {t_ours:7.3f} s vs {t_theirs:7.3f} s {name:30s} "
              f"ratio {t_ours / t_theirs:5.2f}  (identical predictions)")

    seconds, table = best_time(lambda: mnist_table(data), max(1, args.repeats // 2))
    print(f"\nwhole table (PCA 100, LDA, 4 models x 4 feature sets): {seconds:.2f} s")
    print("test error rates (%), uniform priors:")
    print((100 * table).round(2).to_string())


if __name__ == "__main__":
    main()
