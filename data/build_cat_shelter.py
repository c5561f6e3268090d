"""Write data/cat_shelter.csv: synthetic cats described by three categorical features.

Run from the repository root: ``python data/build_cat_shelter.py``. Nothing is
read or downloaded; the cats are drawn by `lecture_utils.synthetic.make_cat_shelter`
with a generator seeded with `SEED`, so the file is the same on every run.

Each cat gets a sex (female or male, equally likely), then, independently
given the sex, a fur colour, a size and a coat length from the categorical
distributions in `lecture_utils.synthetic.CAT_SHELTER_FEATURES`, the one
place those numbers are written (the notebooks read the true model there
too, e.g. for the best achievable accuracy). The features are therefore
conditionally independent given the class: the naive Bayes assumption holds
by construction. The numbers are illustrative, not measured; they follow
three well-known facts loosely:

- the orange/black colouring is carried on the X chromosome, so calico cats
  are almost always female (a male calico is about one in three thousand)
  and orange cats are more often male;
- males are on average larger;
- coat length does not depend on sex (an uninformative feature).
"""

from pathlib import Path

from lecture_utils.synthetic import (
    CAT_SHELTER_FEATURES,
    CAT_SHELTER_SEX_PROBABILITIES,
    CAT_SHELTER_SEXES,
    make_cat_shelter,
)

SEED = 0
N_CATS = 300
SEXES = CAT_SHELTER_SEXES
SEX_PROBABILITIES = CAT_SHELTER_SEX_PROBABILITIES
#: feature -> (categories, {sex: probabilities of the categories})
FEATURES = CAT_SHELTER_FEATURES


def draw(n_cats=N_CATS, seed=SEED):
    """Draw ``n_cats`` cats from the model; return a DataFrame (features, then sex)."""
    return make_cat_shelter(n_cats, random_state=seed).frame


if __name__ == "__main__":
    target = Path(__file__).resolve().parent / "cat_shelter.csv"
    draw().to_csv(target, index=False, lineterminator="\n")
    print(f"wrote {target}")
