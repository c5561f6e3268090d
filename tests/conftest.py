"""Shared test set-up: a headless matplotlib, one BLAS thread and hypothesis settings.

The data helpers and strategies the tests import are in `gaussian_data.py` (a module of
its own: a conftest is not imported by name, since each test folder has one).

"""

import os

import matplotlib

# The kernels, JupyterLab servers and nbgrader runs that the tests start inherit one BLAS and
# OpenMP thread as well: with more workers than cores, a kernel's second BLAS thread only
# competes with the other workers for a core (the notebooks' outputs do not change).
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
import scipy.linalg  # noqa: E402, F401 (load scipy's BLAS before limiting its threads)
import sklearn.utils  # noqa: E402, F401 (and scikit-learn's OpenMP runtime)
from hypothesis import HealthCheck, settings  # noqa: E402
from threadpoolctl import threadpool_limits  # noqa: E402 (in requirements.txt)

# The largest matrices here are 784 x 784. Several BLAS threads per test
# process only compete with each other and with pytest-xdist's workers, and on
# a busy machine they made the suite several times slower.
threadpool_limits(limits=1)

settings.register_profile(
    "lecture_utils",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("lecture_utils")


@pytest.fixture(autouse=True)
def _close_figures():
    """Every test starts and ends without open figures."""
    yield
    plt.close("all")


# --doctest-modules would import this file once more by the module name 'conftest', which
# notebooks/conftest.py has too; it holds no doctests.
collect_ignore = ["conftest.py"]


# The workers take whole files (--dist loadfile) in collection order
# (--no-loadscope-reorder). The files that start a browser, kernels or nbgrader take one to
# two minutes each and the unit tests seconds: the long ones go first, so that the short
# ones fill in at the end and the workers finish together, whatever order pytest found them in.
LONG_FIRST = ("browser", "grading", "notebook")


def _length_class(item):
    if item.get_closest_marker("browser"):
        return LONG_FIRST.index("browser")
    if item.path.name == "test_exercise_grading.py":
        return LONG_FIRST.index("grading")
    if item.path.suffix == ".ipynb":
        return LONG_FIRST.index("notebook")
    return len(LONG_FIRST)


def pytest_collection_modifyitems(items):
    items.sort(key=_length_class)  # a stable sort: the order within a file is kept
