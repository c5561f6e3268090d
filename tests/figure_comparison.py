"""Whether two PNG figures show the same thing, up to last-bit numerical noise.

A notebook re-executed on another processor, or with another BLAS kernel, computes
the same numbers up to their last bits. Where such a number is drawn through a colour
map (a principal component shown as an image, for instance), a value that sits on the
edge between two of the map's 256 colours can fall on the other side, and the pixel
takes the neighbouring colour: one to a few levels (of 255) in each channel. Lines and
text do not move at all. So two renderings of one figure are taken as the same when

* they have the same size in pixels,
* no pixel differs by more than `MAX_LEVEL_CHANGE` levels in any channel (one step
  of the steepest colour map the notebooks use, RdBu, is 4 levels), and
* at most `MAX_SHARE_CHANGED` of the pixels differ at all.

A real change breaks the second rule: a moved line, a changed tick label or a flipped
colour map changes some pixels by far more than a few levels.
"""

import io

import matplotlib.image
import numpy as np

#: Largest change, in levels of 255, that one channel of one pixel may show.
MAX_LEVEL_CHANGE = 5
#: Largest share of the pixels that may differ at all.
MAX_SHARE_CHANGED = 0.01


def decode_png(png):
    """The pixels of a PNG as integer levels 0-255, of shape (height, width, channels)."""
    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    return np.rint(np.asarray(pixels) * 255).astype(np.int16)


def figure_difference(expected, actual, *, max_level_change=MAX_LEVEL_CHANGE,
                      max_share_changed=MAX_SHARE_CHANGED):
    """How two PNG figures differ beyond numerical noise, or None if they do not.

    Parameters
    ----------
    expected, actual : bytes
        The PNG files (not base64).
    max_level_change : int
        Largest change of one channel of one pixel, in levels of 255, that counts as noise.
    max_share_changed : float
        Largest share of pixels that may differ at all.

    Returns
    -------
    str or None
        A sentence saying what differs, or None if the figures match.
    """
    old, new = decode_png(expected), decode_png(actual)
    if old.shape != new.shape:
        return (f"the figure's size changed from {old.shape[1]}x{old.shape[0]} to "
                f"{new.shape[1]}x{new.shape[0]} pixels (width x height, "
                f"{old.shape[2]} -> {new.shape[2]} channels)")
    change = np.abs(new - old).max(axis=2)
    changed = change > 0
    large = change > max_level_change
    if large.any():
        rows, columns = np.nonzero(large)
        return (f"{large.sum()} pixels changed by more than {max_level_change}/255 (up to "
                f"{change.max()}/255), e.g. at x={columns[0]}, y={rows[0]}: a change that "
                "shows, not numerical noise")
    if changed.mean() > max_share_changed:
        return (f"{changed.mean():.1%} of the pixels changed (each by at most "
                f"{change.max()}/255), more than the {max_share_changed:.0%} that numerical "
                "noise explains")
    return None
