"""Benchmark the Gaussian classifiers on MNIST against scikit-learn (run by hand).

Run from the repository root::

    python tests/benchmarks/bench_mnist.py [--repeats 7] [--runs 2] [--threads N]

It prints, in one invocation:

* the time of ``load_mnist()`` (read, decompress and verify the arrays);
* ``--runs`` times over, for each covariance model that scikit-learn also has, the
  time of ``fit`` on the 60,000 training images plus ``predict`` on the 10,000 test
  images, in PCA-100 coordinates, for ``GaussianClassifier`` and for scikit-learn's
  fastest solver of the same model (``QuadraticDiscriminantAnalysis`` for ``full``,
  ``LinearDiscriminantAnalysis`` for ``tied``, ``GaussianNB`` for ``diag``; every
  solver is timed and the fastest counts), their ratio (below 1:
  ``GaussianClassifier`` is faster) against the most it may be (`LIMITS`), after
  checking that both predict exactly the same labels;
* the time of computing the whole error-rate table of notebook 06 (PCA, LDA
  and the four covariance models on the four feature sets).

The functions compared are called in turn, ``--repeats`` rounds of one call each;
a ratio is the median over the rounds of our time over the solver's time in the
same round, so that a machine that other work keeps busy slows both sides of each
ratio alike (the times printed are the best of the rounds). The BLAS kernel and thread
count in use are printed first: they change the absolute times (on a machine that
other work keeps busy, ``--threads 1`` keeps BLAS threads from waiting for each
other, which makes the ratios steadier). This file is not
collected by pytest (its name does not start with ``test_``): performance is
measured here, not asserted in the test suite.
"""

import argparse
import time

import numpy as np
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.naive_bayes import GaussianNB
from threadpoolctl import threadpool_info, threadpool_limits

from lecture_utils.datasets import load_mnist
from lecture_utils.experiments import covariance_error_table
from lecture_utils.gaussian import GaussianClassifier
from lecture_utils.projections import PCA, FisherProjection

#: scikit-learn's estimators of each covariance model, one per solver.
REFERENCES = {
    "full": {f"QDA({s!r})": lambda s=s: QuadraticDiscriminantAnalysis(solver=s)
             for s in ("svd", "eigen")},
    "tied": {f"LDA({s!r})": lambda s=s: LinearDiscriminantAnalysis(solver=s)
             for s in ("svd", "lsqr", "eigen")},
    "diag": {"GaussianNB": lambda: GaussianNB(var_smoothing=0.0)},
}
#: The largest ratio (our time over the fastest solver's) each model may take.
LIMITS = {"full": 0.5, "tied": 1.0, "diag": 1.0}


def best_time(function, repeats):
    """Best wall-clock time of ``repeats`` calls, and the last result."""
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def alternate(functions, repeats):
    """The times of ``repeats`` rounds of several functions called in turn, and their results."""
    times = {name: np.empty(repeats) for name in functions}
    results = {}
    for round_ in range(repeats):
        for name, function in functions.items():
            start = time.perf_counter()
            results[name] = function()
            times[name][round_] = time.perf_counter() - start
    return times, results


def compare(covariance, Z_train, y_train, Z_test, repeats):
    """Our times, the fastest solver's name, and every solver's times, for one covariance model."""
    def ours():
        return GaussianClassifier(covariance=covariance).fit(Z_train, y_train).predict(Z_test)

    functions = {"ours": ours} | {
        name: lambda make=make: make().fit(Z_train, y_train).predict(Z_test)
        for name, make in REFERENCES[covariance].items()}
    times, predictions = alternate(functions, repeats)
    fastest = min(REFERENCES[covariance], key=lambda name: np.median(times[name]))
    n_different = int(np.sum(predictions["ours"] != predictions[fastest]))
    assert n_different == 0, f"{covariance}: {n_different} predictions differ from {fastest}"
    return times.pop("ours"), fastest, times


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
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--threads", type=int, default=None, help="BLAS threads (default: all)")
    args = parser.parse_args(argv)
    with threadpool_limits(limits=args.threads):
        describe_blas()
        measure(args)


def measure(args):
    """Print the load time, the ratios of every run and the time of the notebook's table."""
    seconds, data = best_time(load_mnist, args.repeats)
    print(f"load_mnist(): {seconds:.3f} s")

    pca = PCA(n_components=100).fit(data.X_train)
    Z_train, Z_test = pca.transform(data.X_train), pca.transform(data.X_test)

    within = True
    for run in range(1, args.runs + 1):
        print(f"\nrun {run}: fit (60,000 x 100) + predict (10,000 x 100), {args.repeats} "
              "rounds; best times, and the median ratio GaussianClassifier / scikit-learn's "
              "fastest solver:")
        for covariance, limit in LIMITS.items():
            ours, fastest, times = compare(covariance, Z_train, data.y_train, Z_test,
                                           args.repeats)
            ratios = {name: float(np.median(ours / t)) for name, t in times.items()}
            within &= ratios[fastest] <= limit
            others = ", ".join(f"{name} {ratio:.2f}" for name, ratio in ratios.items())
            print(f"  {covariance:5s} {ours.min():7.3f} s vs {times[fastest].min():7.3f} s "
                  f"{fastest:13s} ratio {ratios[fastest]:5.2f} (at most {limit:.1f}: "
                  f"{'yes' if ratios[fastest] <= limit else 'NO'}); identical predictions; "
                  f"against each solver: {others}")
    print(f"\nevery ratio within its limit in every run: {'yes' if within else 'NO'}")

    seconds, table = best_time(lambda: mnist_table(data), max(1, args.repeats // 2))
    print(f"\nwhole table (PCA 100, LDA, 4 models x 4 feature sets): {seconds:.2f} s")
    print("test error rates (%), uniform priors:")
    print((100 * table).round(2).to_string())


if __name__ == "__main__":
    main()
