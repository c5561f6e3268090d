"""Write data/cat_shelter.csv: synthetic cats described by three categorical features.

Run from the repository root: ``python data/build_cat_shelter.py``. Nothing is
read or downloaded; the cats are drawn by `lecture_utils.synthetic.make_cat_shelter`
with a generator seeded with `SEED`, so the file is the same on every run.

Each cat gets a sex (female or male, equally likely), then, independently
given the sex, a fur colour, a size and a coat length from the categorical
distributions of `lecture_utils.synthetic.cat_shelter_probabilities`, the one
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

from lecture_utils.synthetic import make_cat_shelter

SEED = 0
N_CATS = 300

if __name__ == "__main__":
    target = Path(__file__).resolve().parent / "cat_shelter.csv"
    make_cat_shelter(N_CATS, random_state=SEED).frame.to_csv(target, index=False,
                                                             lineterminator="\n")
    print(f"wrote {target}")
