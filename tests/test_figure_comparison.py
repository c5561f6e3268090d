"""The figure comparison of the notebook runs (notebooks/conftest.py): noise passes, a
change that shows fails."""

import io

import matplotlib.image
import matplotlib.pyplot as plt
import numpy as np
import pytest
from figure_comparison import MAX_LEVEL_CHANGE, decode_png, figure_difference

LINE = np.sin(np.linspace(0, 3, 50))
FIELD = np.add.outer(np.linspace(0, 1, 28), np.linspace(0, 1, 28)) ** 2


def render(line=LINE, field=FIELD, cmap="viridis", size=(6, 2.5), labels=None):
    """A small figure like the notebooks': a curve with tick labels, and an image."""
    fig, (left, right) = plt.subplots(1, 2, figsize=size)
    left.plot(line)
    left.set_xlabel("number of components m")
    if labels is not None:
        left.set_xticks(range(0, 50, 10), labels)
    right.imshow(field, cmap=cmap)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


def encode(pixels):
    buffer = io.BytesIO()
    matplotlib.image.imsave(buffer, pixels.astype(np.uint8), format="png")
    return buffer.getvalue()


def with_noise(png, n_pixels, seed=0):
    """The figure with ``n_pixels`` pixels moved by one level (1/255) in one colour channel."""
    pixels = decode_png(png)
    rng = np.random.default_rng(seed)
    flat = rng.choice(pixels.shape[0] * pixels.shape[1], size=n_pixels, replace=False)
    rows, columns = np.unravel_index(flat, pixels.shape[:2])
    channels = rng.integers(0, 3, size=n_pixels)
    step = np.where(pixels[rows, columns, channels] == 255, -1, 1)
    pixels[rows, columns, channels] += step
    return encode(pixels)


BASE = render()
BASE_PIXELS = decode_png(BASE).shape[0] * decode_png(BASE).shape[1]


def test_the_same_figure_matches_itself_even_re_encoded():
    assert figure_difference(BASE, BASE) is None
    assert figure_difference(BASE, encode(decode_png(BASE))) is None


def test_one_level_of_noise_on_a_few_hundred_pixels_passes():
    noisy = with_noise(BASE, 600)
    assert noisy != BASE
    assert figure_difference(BASE, noisy) is None


def test_data_changed_in_its_last_bits_draws_the_same_figure():
    last_bits = render(line=np.nextafter(LINE, np.inf), field=np.nextafter(FIELD, -np.inf))
    assert figure_difference(BASE, last_bits) is None


TICKS = ["0", "10", "20", "30", "40"]


@pytest.mark.parametrize("reference, changed", [
    (lambda: BASE, lambda: render(line=LINE + 0.05)),
    (lambda: render(labels=TICKS), lambda: render(labels=TICKS[:3] + ["31", "40"])),
    (lambda: BASE, lambda: render(cmap="viridis_r")),
], ids=["moved line", "changed tick label", "flipped colour map"])
def test_a_change_that_shows_fails_and_says_by_how_much(reference, changed):
    message = figure_difference(reference(), changed())
    assert message is not None and f"more than {MAX_LEVEL_CHANGE}/255" in message


def test_a_different_figure_size_fails_and_names_both_sizes():
    message = figure_difference(BASE, render(size=(6, 3)))
    assert message is not None and "size changed from 600x250 to 600x300" in message


def test_small_changes_on_many_pixels_fail():
    message = figure_difference(BASE, with_noise(BASE, BASE_PIXELS // 20))
    assert message is not None and "5.0% of the pixels changed" in message

