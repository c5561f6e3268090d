"""plot_density_2d shades the plane by a fitted model's density."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from lecture_utils.datasets import load_iris_2d  # noqa: E402
from lecture_utils.gaussian import GaussianClassifier  # noqa: E402
from lecture_utils.plotting import plot_density_2d  # noqa: E402


def test_the_image_is_the_model_density_and_the_points_are_drawn():
    iris = load_iris_2d()
    model = GaussianClassifier().fit(iris.X, iris.y)
    fig, ax = plt.subplots()
    drawn = plot_density_2d(model, iris.X, iris.y, ax, resolution=50, title="p(x)")
    image = np.asarray(drawn.image.get_array())
    assert image.shape == (50, 50) and image.min() >= 0.0
    peak = np.exp(model.log_density(model.means_)).max()
    assert 0.5 * peak < image.max() <= peak * 1.01
    assert len(drawn.points) == 3 and ax.get_title() == "p(x)"
    plt.close(fig)
