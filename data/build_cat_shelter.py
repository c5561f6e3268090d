"""Write data/cat_shelter.csv: synthetic cats described by three categorical features.

Run from the repository root: ``python data/build_cat_shelter.py``. Nothing is
read or downloaded; the cats are drawn from the model written out below, with
a generator seeded with `SEED`, so the file is the same on every run.

Each cat gets a sex (female or male, equally likely), then, independently
given the sex, a fur colour, a size and a coat length from the categorical
distributions in `FEATURES`. The features are therefore conditionally
independent given the class: the naive Bayes assumption holds by
construction. The numbers are illustrative, not measured; they follow three
well-known facts loosely:

- the orange/black colouring is carried on the X chromosome, so calico cats
  are almost always female (a male calico is about one in three thousand)
  and orange cats are more often male;
- males are on average larger;
- coat length does not depend on sex (an uninformative feature).
"""

from pathlib import Path

import numpy as np
import pandas as pd

SEED = 0
N_CATS = 300
SEXES = ("female", "male")
SEX_PROBABILITIES = (0.5, 0.5)

#: feature -> (categories, {sex: probabilities of the categories})
FEATURES = {
    "fur": (
        ("black", "orange", "white", "calico"),
        {"female": (0.35, 0.10, 0.30, 0.25), "male": (0.35, 0.3497, 0.30, 0.0003)},
    ),
    "size": (
        ("small", "medium", "large"),
        {"female": (0.50, 0.40, 0.10), "male": (0.15, 0.45, 0.40)},
    ),
    "coat": (
        ("short", "long"),
        {"female": (0.75, 0.25), "male": (0.75, 0.25)},
    ),
}


def draw(n_cats=N_CATS, seed=SEED):
    """Draw ``n_cats`` cats from the model; return a DataFrame (features, then sex)."""
    rng = np.random.default_rng(seed)
    sex = rng.choice(np.array(SEXES), size=n_cats, p=SEX_PROBABILITIES)
    columns = {}
    for name, (categories, probabilities) in FEATURES.items():
        values = np.empty(n_cats, dtype=object)
        for label in SEXES:
            rows = sex == label
            values[rows] = rng.choice(np.array(categories), size=int(rows.sum()),
                                      p=probabilities[label])
        columns[name] = values
    columns["sex"] = sex
    return pd.DataFrame(columns)


if __name__ == "__main__":
    target = Path(__file__).resolve().parent / "cat_shelter.csv"
    draw().to_csv(target, index=False, lineterminator="\n")
    print(f"wrote {target}")
