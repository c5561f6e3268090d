"""Data for the tests: well-conditioned Gaussian classes, reference estimates and strategies.

The strategies draw the *shape* of a problem (classes, features, samples per class, label
type) and a seed; numpy then builds well-conditioned Gaussian classes from that seed. Every
class covariance has its eigenvalues between ``0.25`` and ``4`` by construction, and each
class has several times more samples than features, so the ML estimates are far from
singular and the comparisons with scipy and scikit-learn can use tight tolerances.
"""

import numpy as np
from hypothesis import strategies as st

LABEL_KINDS = ("int", "sparse_int", "str")



def ml_estimates(X, y, covariance="full"):
    """The reference ML estimates by the textbook formulas (dividing by N).

    The one implementation the tests compare `GaussianClassifier` with: classes,
    priors :math:`N_c / N`, means, and the covariances of the chosen model (the
    tied ones pool the scatter of every class over N; the diagonal ones keep only
    the diagonal).
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    classes = np.unique(y)
    n_samples = X.shape[0]
    counts = np.array([np.sum(y == c) for c in classes])
    means = np.array([X[y == c].sum(axis=0) / np.sum(y == c) for c in classes])
    scatters = np.array(
        [(X[y == c] - m).T @ (X[y == c] - m) for c, m in zip(classes, means, strict=True)]
    )
    if covariance.startswith("tied"):
        covariances = np.repeat((scatters.sum(axis=0) / n_samples)[None], classes.size, axis=0)
    else:
        covariances = scatters / counts[:, None, None]
    if covariance.endswith("diag"):
        covariances = np.array([np.diag(np.diag(s)) for s in covariances])
    return classes, counts / n_samples, means, covariances


def scipy_log_likelihood(X, means, covariances):
    """log N(x; mu_k, Sigma_k) of every row and class, from scipy."""
    from scipy.stats import multivariate_normal

    return np.column_stack(
        [multivariate_normal(m, s).logpdf(X) for m, s in zip(means, covariances, strict=True)]
    )


def random_rotation(rng, d):
    """A random orthogonal d x d matrix (QR of a Gaussian matrix, signs fixed)."""
    q, r = np.linalg.qr(rng.standard_normal((d, d)))
    return q * np.sign(np.diag(r))


def well_conditioned_covariance(rng, d, low=0.25, high=4.0):
    """A random covariance with eigenvalues drawn in [low, high]."""
    rotation = random_rotation(rng, d)
    return (rotation * rng.uniform(low, high, size=d)) @ rotation.T


def make_labels(kind, n_classes, rng):
    """``n_classes`` distinct labels of one kind, in sorted order."""
    if kind == "int":
        return np.arange(n_classes)
    if kind == "sparse_int":
        return np.sort(rng.choice(np.arange(-50, 50), size=n_classes, replace=False) * 7)
    return np.array(sorted(f"class_{chr(ord('a') + k)}" for k in range(n_classes)))


def gaussian_classes(seed, counts, n_features, label_kind="int", separation=3.0):
    """Labelled samples from well-conditioned Gaussian classes.

    Parameters
    ----------
    seed : int
    counts : sequence of int
        Samples per class.
    n_features : int
    label_kind : {"int", "sparse_int", "str"}
    separation : float
        Scale of the random class means.

    Returns
    -------
    X : ndarray of shape (sum(counts), n_features)
    y : ndarray of shape (sum(counts),)
        Rows are shuffled, so the classes are interleaved.
    """
    rng = np.random.default_rng(seed)
    labels = make_labels(label_kind, len(counts), rng)
    blocks, targets = [], []
    for label, count in zip(labels, counts, strict=True):
        mean = rng.normal(scale=separation, size=n_features)
        factor = np.linalg.cholesky(well_conditioned_covariance(rng, n_features))
        blocks.append(mean + rng.standard_normal((count, n_features)) @ factor.T)
        targets.append(np.full(count, label))
    X, y = np.concatenate(blocks), np.concatenate(targets)
    order = rng.permutation(len(y))
    return X[order], y[order]


@st.composite
def labelled_data(
    draw,
    min_classes=2,
    max_classes=4,
    min_features=1,
    max_features=4,
    label_kinds=LABEL_KINDS,
):
    """Strategy for ``(X, y)``: well-conditioned Gaussian classes of any label type.

    Each class has between ``3 d + 5`` and ``3 d + 25`` samples, so every
    covariance model (``full`` included) can be fitted.
    """
    n_classes = draw(st.integers(min_classes, max_classes))
    n_features = draw(st.integers(min_features, max_features))
    counts = draw(
        st.lists(
            st.integers(3 * n_features + 5, 3 * n_features + 25),
            min_size=n_classes,
            max_size=n_classes,
        )
    )
    label_kind = draw(st.sampled_from(label_kinds))
    separation = draw(st.floats(0.5, 4.0))
    seed = draw(st.integers(0, 2**32 - 1))
    return gaussian_classes(seed, counts, n_features, label_kind, separation)


@st.composite
def priors_for(draw, n_classes):
    """Strategy for a prior vector of length ``n_classes``, each entry at least ~1%."""
    weights = np.array(
        draw(st.lists(st.floats(0.05, 1.0), min_size=n_classes, max_size=n_classes))
    )
    return weights / weights.sum()


covariance_types = st.sampled_from(("full", "diag", "tied", "tied_diag"))
