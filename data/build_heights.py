"""Write data/heights.csv: a synthetic sample of adult heights, 5,000 women and 5,000 men.

Run from the repository root: ``python data/build_heights.py``.

No public height/sex sample can ship with the repository, so this script makes
one whose maximum-likelihood estimates are the figures printed in the lecture:

========  ==============  =====================
class     mean (cm)       ML variance (cm^2)
========  ==============  =====================
F         161.82          46.89
M         175.33          52.89
========  ==============  =====================

For each class it draws a seeded standard-normal sample ``z``, standardises it
exactly (sample mean 0, ML variance 1, i.e. dividing by N), and rescales it,
``height = mean + sqrt(variance) * z``, so the ML estimates equal the targets
up to rounding. Heights are then rounded to 0.01 cm. Coarser rounding (0.1 cm,
a realistic measurement) moves the ML variance by up to about 0.01 cm^2, which
changes the second printed decimal for this seed; at 0.01 cm the estimates
still round to the printed digits, and the script checks that before writing.
The rows are shuffled with the same generator.
"""

from pathlib import Path

import numpy as np
import pandas as pd

SEED = 0
N_PER_CLASS = 5000
DECIMALS = 2
#: (sex, mean in cm, ML variance in cm^2), as printed in the lecture.
TARGETS = (("F", 161.82, 46.89), ("M", 175.33, 52.89))
PRINTED_DIGITS = 2


def standardised_normal(rng, n):
    r"""A standard-normal sample shifted and scaled to mean exactly 0 and ML variance exactly 1.

    .. math::

        z_i = \frac{u_i - \bar u}{\sqrt{\frac1n \sum_j (u_j - \bar u)^2}},
        \qquad u_i \sim N(0, 1)
    """
    u = rng.standard_normal(n)
    return (u - u.mean()) / u.std()


def build_frame(seed=SEED, n_per_class=N_PER_CLASS, decimals=DECIMALS):
    """The heights table: columns ``height_cm`` and ``sex`` ("F" / "M"), shuffled."""
    rng = np.random.default_rng(seed)
    parts = [
        pd.DataFrame({
            "height_cm": np.round(mean + np.sqrt(variance) * standardised_normal(rng, n_per_class),
                                  decimals),
            "sex": sex,
        })
        for sex, mean, variance in TARGETS
    ]
    frame = pd.concat(parts, ignore_index=True)
    return frame.iloc[rng.permutation(len(frame))].reset_index(drop=True)


def check_estimates(frame):
    """Raise ValueError unless every class's ML mean and variance round to the targets."""
    for sex, mean, variance in TARGETS:
        heights = frame.loc[frame["sex"] == sex, "height_cm"].to_numpy()
        got = (round(heights.mean(), PRINTED_DIGITS), round(heights.var(), PRINTED_DIGITS))
        if got != (mean, variance):
            raise ValueError(
                f"class {sex}: ML mean and variance round to {got}, not {(mean, variance)}; "
                "keep more decimals (DECIMALS) so that rounding does not move them."
            )


def build(path):
    """Write the CSV after checking its ML estimates."""
    frame = build_frame()
    check_estimates(frame)
    frame.to_csv(path, index=False, float_format=f"%.{DECIMALS}f", lineterminator="\n")


if __name__ == "__main__":
    target = Path(__file__).resolve().parent / "heights.csv"
    build(target)
    print(f"wrote {target}")
