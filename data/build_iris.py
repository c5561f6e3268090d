"""Write data/iris.csv from the copy of Fisher's Iris data that ships with scikit-learn.

Run from the repository root: ``python data/build_iris.py``. The values are
those of scikit-learn's bundled file (which follows Fisher's 1936 paper); the
species codes 0, 1, 2 become their names.
"""

from pathlib import Path

from sklearn.datasets import load_iris

COLUMNS = ["sepal_length_cm", "sepal_width_cm", "petal_length_cm", "petal_width_cm"]


def build(path):
    """Write the 150 flowers as CSV with readable column and species names."""
    iris = load_iris(as_frame=True)
    frame = iris.data.copy()
    frame.columns = COLUMNS
    frame["species"] = iris.target_names[iris.target]
    frame.to_csv(path, index=False, float_format="%.1f", lineterminator="\n")


if __name__ == "__main__":
    target = Path(__file__).resolve().parent / "iris.csv"
    build(target)
    print(f"wrote {target}")
