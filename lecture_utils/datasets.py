"""Offline loaders for the data sets in ``data/``, each verified by its checksum.

Nothing is downloaded: every file ships with the repository (``data/README.md``
gives each file's source, licence and how it was made). Before a file is
parsed, its SHA-256 is compared with the value recorded here, so a missing,
truncated or edited file is reported at once instead of silently changing the
numbers in a notebook. No loader uses pickle.

Synthetic data drawn by seeded generators are in `lecture_utils.synthetic`.
"""

import hashlib
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from .punctuation import BIGRAM_NAMES, CLASS_NAMES
from .validation import check_option

#: The folder that holds the data files (``data/`` beside the package).
DATA_DIR = Path(__file__).resolve().parents[1] / "data"

#: SHA-256 of every data file the loaders read.
CHECKSUMS = {
    "iris.csv": "b6b8efc86732bc48c9fbddba53e2c191fd4f263c0ee98e2b1b7d3543e8d2121d",
    "heights.csv": "3d36545da490a3c99f39c54a8675a8c1ba65a8c0f36b0b24b27cf66fc9a2b3ea",
    "cat_fur.csv": "b192a9d4ca41b84375479ec7ec76c8a790a3cca7a2edae8a6142930651eb05f0",
    "cat_shelter.csv": "7af8a30f3ba495469b8fda5a55f00836f40275a8fcaafa9613f5898955951634",
    "code_punctuation.csv": "b1d44d0d320844933216cd86a4e6cb7c1228b3bc4697efa5f09e90213f46afe3",
    "code_corpus_counts.csv": "d0a90627da1810e6a0f99f08b62d6554957462e09651aa522923cd0a75528043",
    "code_corpus_features.csv": "f56e993f7aceb8a16f1977f69e7b9ad916d8f1a94f3894d9f29dda2086ba979c",
    "mnist.npz": "6ff3272174ad1dcb2ce270847ad63698633925ed0249e1e856d6fd92a3fbd58e",
}

#: SHA-256 of the arrays of every ``.npz`` data file, as `arrays_sha256` computes
#: it: what `load_mnist` verifies. A compressed file's bytes (its entry in
#: `CHECKSUMS`, for the committed copy) depend on the zlib that wrote it; its
#: arrays do not, so a rebuilt file that compressed differently still loads.
ARRAY_CHECKSUMS = {"mnist.npz": "06b0d1f124c4e5fa796686ade41a9b778edacc8622f2195a352ef479ad44fc16"}

#: The arrays of ``mnist.npz``, in the order `arrays_sha256` reads them.
MNIST_KEYS = ("x_train", "y_train", "x_test", "y_test")
#: Height and width of an MNIST image; a row of 784 pixels reshapes to it.
MNIST_IMAGE_SHAPE = (28, 28)


@dataclass(frozen=True)
class Dataset:
    """A labelled data set: features ``X``, labels ``y`` and their names.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    feature_names : tuple of str
    target_name : str

    Examples
    --------
    >>> X, y = Dataset(np.array([[1.0], [2.0]]), np.array(["a", "b"]), ("x",), "class")
    >>> X.shape, y.tolist()
    ((2, 1), ['a', 'b'])
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple
    target_name: str

    def __iter__(self):
        """Unpack like a tuple: ``X, y = dataset``."""
        return iter((self.X, self.y))

    @property
    def frame(self):
        """The data as a pandas DataFrame, one column per feature plus the label."""
        return pd.DataFrame(self.X, columns=list(self.feature_names)).assign(
            **{self.target_name: self.y})


def sha256_of(path):
    """Hex SHA-256 digest of a file's bytes.

    Examples
    --------
    >>> sha256_of(DATA_DIR / "iris.csv") == CHECKSUMS["iris.csv"]
    True
    """
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _restore_advice(name):
    return (f"It ships with the repository: restore it with `git checkout -- data/{name}` "
            "(data/README.md says how it was made).")


def _data_path(name, known, data_dir):
    """Path of data file ``name`` (listed in ``known``), raising if it is missing."""
    check_option("name", name, sorted(known), kind="a known data file")
    path = Path(DATA_DIR if data_dir is None else data_dir) / name
    if not path.is_file():
        raise FileNotFoundError(f"data file {path} is missing. {_restore_advice(name)}")
    return path


def _check_digest(path, actual, expected, what="SHA-256"):
    if actual != expected:
        raise ValueError(f"data file {path} has been altered or corrupted: its {what} is "
                         f"{actual}, expected {expected}. {_restore_advice(path.name)}")


def arrays_sha256(arrays, keys):
    r"""SHA-256 of the contents of named arrays, independent of how they are stored.

    The digest is fed, for each key in the order given, the bytes
    ``np.ascontiguousarray(arrays[key]).tobytes()`` (C order, in the arrays'
    own dtypes). Zip timestamps and compression do not enter it.

    Parameters
    ----------
    arrays : mapping str -> ndarray
        For example a dict, or the ``NpzFile`` that ``np.load`` returns.
    keys : sequence of str
        The arrays to include, in order.

    Returns
    -------
    str
        Hex digest.

    Examples
    --------
    >>> arrays_sha256({"a": np.zeros(2, dtype=np.uint8)}, ["a"])[:12]
    '96a296d224f2'
    """
    digest = hashlib.sha256()
    for key in keys:
        digest.update(np.ascontiguousarray(arrays[key]).tobytes())
    return digest.hexdigest()


def read_csv(name, data_dir=None):
    """Read a CSV data file into a DataFrame after checking that it exists and is unaltered.

    Parameters
    ----------
    name : str
        A file name listed in `CHECKSUMS`.
    data_dir : path-like, default=None
        Where to look; `DATA_DIR` by default.

    Raises
    ------
    FileNotFoundError
        The file is missing.
    ValueError
        The file's checksum differs from the recorded one.

    Examples
    --------
    >>> read_csv("cat_fur.csv").shape
    (10, 2)
    """
    path = _data_path(name, CHECKSUMS, data_dir)
    _check_digest(path, sha256_of(path), CHECKSUMS[name])
    return pd.read_csv(path)


def _labelled(frame, feature_columns, target_column, dtype=float):
    return Dataset(frame[list(feature_columns)].to_numpy(dtype=dtype),
                   frame[target_column].to_numpy(dtype=object).astype(str),
                   tuple(feature_columns), target_column)


IRIS_FEATURES = ("sepal_length_cm", "sepal_width_cm", "petal_length_cm", "petal_width_cm")


def load_iris(data_dir=None):
    """Fisher's Iris flowers: 150 samples, four measurements in cm, three species.

    Returns
    -------
    Dataset
        ``y`` holds the species names ``setosa``, ``versicolor``, ``virginica``.

    Examples
    --------
    >>> iris = load_iris()
    >>> iris.X.shape, iris.y[:1].tolist()
    ((150, 4), ['setosa'])
    """
    return _labelled(read_csv("iris.csv", data_dir), IRIS_FEATURES, "species")


def load_iris_2d(data_dir=None):
    """Iris with its two sepal measurements only (length, width), for pictures.

    Examples
    --------
    >>> load_iris_2d().feature_names
    ('sepal_length_cm', 'sepal_width_cm')
    """
    return _labelled(read_csv("iris.csv", data_dir), IRIS_FEATURES[:2], "species")


#: The fur colours of the cat data, in the order the lecture lists them.
FUR_COLOURS = ("black", "orange", "white", "calico")


def load_cat_fur(data_dir=None):
    """The lecture's ten cats: fur colour and sex.

    Returns
    -------
    Dataset
        ``X`` has one column of strings, ``fur`` (one of `FUR_COLOURS`); ``y``
        is ``"female"`` or ``"male"``. Rows are in the lecture's order.

    Examples
    --------
    >>> load_cat_fur().X[:2, 0].tolist()
    ['black', 'orange']
    """
    return _labelled(read_csv("cat_fur.csv", data_dir), ("fur",), "sex", dtype=str)


#: The categories of each feature of the shelter cats, in a natural order.
CAT_SHELTER_CATEGORIES = {"fur": FUR_COLOURS, "size": ("small", "medium", "large"),
                          "coat": ("short", "long")}


def load_cat_shelter(data_dir=None):
    """Synthetic shelter cats: fur colour, size and coat length, and sex.

    Made by ``data/build_cat_shelter.py`` with `lecture_utils.synthetic.make_cat_shelter`
    (300 cats, seed 0): the three features are drawn independently given the sex, from
    the distributions of `lecture_utils.synthetic.cat_shelter_probabilities`.

    Returns
    -------
    Dataset
        ``X`` has three columns of strings (``fur``, ``size``, ``coat``; their
        categories are in `CAT_SHELTER_CATEGORIES`); ``y`` is ``"female"`` or
        ``"male"``.

    Examples
    --------
    >>> load_cat_shelter().X.shape
    (300, 3)
    """
    return _labelled(read_csv("cat_shelter.csv", data_dir), tuple(CAT_SHELTER_CATEGORIES),
                     "sex", dtype=str)


def load_code_punctuation(split="train", data_dir=None):
    """The lecture's C and Python scripts as counts of seven punctuation classes.

    Seven training scripts (four in C, three in Python) and two test scripts,
    each described by how often it contains ``{}``, ``[]``, ``()``, ``:``,
    ``;``, ``.`` and ``,`` (an opening and a closing bracket count as one
    class). The script names are in the CSV (``read_csv("code_punctuation.csv")``).

    Parameters
    ----------
    split : {"train", "test", "all"}, default="train"
        Which rows to return.
    data_dir : path-like, default=None

    Returns
    -------
    Dataset
        ``X`` holds integer counts in the order of
        `lecture_utils.punctuation.CLASS_NAMES`; ``y`` is ``"C"`` or ``"Python"``.

    Examples
    --------
    >>> load_code_punctuation("test").y.tolist()
    ['C', 'Python']
    """
    check_option("split", split, ("train", "test", "all"))
    frame = read_csv("code_punctuation.csv", data_dir)
    frame = frame if split == "all" else frame[frame["split"] == split]
    return _labelled(frame, CLASS_NAMES, "language", dtype=np.int64)


#: What `load_code_corpus` can describe each file by: (CSV file, its columns).
CODE_CORPUS_FEATURES = {
    "punctuation": ("code_corpus_counts.csv", CLASS_NAMES),
    "code_punctuation": ("code_corpus_features.csv", tuple(f"code_{n}" for n in CLASS_NAMES)),
    "bigrams": ("code_corpus_features.csv", BIGRAM_NAMES),
}


def load_code_corpus(data_dir=None, features="punctuation"):
    """Punctuation counts of real source files: C headers and sources, Python modules.

    Made by ``data/build_code_corpus.py`` (and ``data/build_code_features.py``
    for the other features) from files installed with Python and numpy
    (data/README.md gives the versions). The file names are in the CSV
    (``read_csv("code_corpus_counts.csv")``, columns ``root`` and ``file``),
    in the same row order for every choice of ``features``.

    Parameters
    ----------
    data_dir : path-like, default=None
    features : {"punctuation", "code_punctuation", "bigrams"}, default="punctuation"
        ``"punctuation"``: the seven counts of every character, comments and
        strings included; ``"code_punctuation"``: the seven counts of the code
        alone, comments and string literals removed with the file's own
        language (an oracle; see ``data/build_code_features.py``);
        ``"bigrams"``: the 49 counts of consecutive pairs of symbol classes,
        in the order of `lecture_utils.punctuation.BIGRAM_NAMES`.

    Returns
    -------
    Dataset
        ``X`` holds integer counts; ``y`` is ``"C"`` or ``"Python"``.

    Examples
    --------
    >>> load_code_corpus(features="bigrams").X.shape
    (517, 49)
    """
    check_option("features", features, tuple(CODE_CORPUS_FEATURES))
    name, columns = CODE_CORPUS_FEATURES[features]
    return _labelled(read_csv(name, data_dir), columns, "language", dtype=np.int64)


def load_heights(data_dir=None):
    """Synthetic adult heights: 5,000 women ("F") and 5,000 men ("M"), one feature in cm.

    The sample is made by ``data/build_heights.py`` (see data/README.md): each
    class is a seeded normal sample standardised exactly and rescaled so that its
    ML mean and variance are the lecture's (F: 161.82 cm, 46.89 cm^2;
    M: 175.33 cm, 52.89 cm^2). It is not a measured population.

    Returns
    -------
    Dataset
        ``X`` has shape (10000, 1) (``height_cm``); ``y`` holds ``"F"`` or ``"M"``.

    Examples
    --------
    >>> load_heights().X.shape
    (10000, 1)
    """
    return _labelled(read_csv("heights.csv", data_dir), ("height_cm",), "sex")


@dataclass(frozen=True)
class TrainTest:
    """Training and test images with their labels.

    Unpacks like a tuple: ``X_train, y_train, X_test, y_test = load_mnist()``.

    Attributes
    ----------
    X_train : ndarray of shape (n_train, n_pixels)
    y_train : ndarray of shape (n_train,)
    X_test : ndarray of shape (n_test, n_pixels)
    y_test : ndarray of shape (n_test,)
    image_shape : tuple of int
        ``X_train[i].reshape(image_shape)`` is the i-th image.

    Examples
    --------
    >>> X_train, y_train, X_test, y_test = load_mnist()
    >>> X_train.shape, X_test.shape
    ((60000, 784), (10000, 784))
    """

    X_train: np.ndarray
    y_train: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    image_shape: tuple

    def __iter__(self):
        return iter((self.X_train, self.y_train, self.X_test, self.y_test))


def load_mnist(data_dir=None):
    """The MNIST handwritten digits: 60,000 training and 10,000 test images.

    Each image is a row of 28 x 28 = 784 grey levels, 0 (white background) to
    255 (ink), in row-major order. The arrays (`MNIST_KEYS`) are read without pickle,
    and their checksum (`arrays_sha256`) is compared with `ARRAY_CHECKSUMS` before they
    are returned.

    Parameters
    ----------
    data_dir : path-like, default=None
        Where to look for ``mnist.npz``; `DATA_DIR` by default.

    Raises
    ------
    FileNotFoundError
        The file is missing.
    ValueError
        The file is not a readable ``.npz`` archive without pickled objects, lacks one
        of the arrays, or its arrays differ from the recorded checksum.

    Returns
    -------
    TrainTest
        ``X_train`` (60000, 784) and ``X_test`` (10000, 784) as uint8; labels
        ``y_train``, ``y_test`` as int64 digits 0-9; ``image_shape == (28, 28)``.

    Examples
    --------
    >>> load_mnist().image_shape
    (28, 28)
    """
    name = "mnist.npz"
    path = _data_path(name, ARRAY_CHECKSUMS, data_dir)
    try:
        with np.load(path, allow_pickle=False) as archive:
            arrays = {key: archive[key] for key in MNIST_KEYS if key in archive.files}
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as error:
        raise ValueError(f"data file {path} cannot be read as an .npz archive of plain arrays "
                         f"({type(error).__name__}: {error}). {_restore_advice(name)}") from None
    missing = [key for key in MNIST_KEYS if key not in arrays]
    if missing:
        raise ValueError(f"data file {path} has no array named {missing[0]!r}. "
                         f"{_restore_advice(name)}")
    _check_digest(path, arrays_sha256(arrays, MNIST_KEYS), ARRAY_CHECKSUMS[name], "arrays SHA-256")
    return TrainTest(arrays["x_train"], arrays["y_train"].astype(np.int64), arrays["x_test"],
                     arrays["y_test"].astype(np.int64), MNIST_IMAGE_SHAPE)
