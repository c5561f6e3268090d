"""Tests of the plotting helpers for boundaries, loss curves and learning curves."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from lecture_utils.experiments import LearningCurve  # noqa: E402
from lecture_utils.plotting import (  # noqa: E402
    plot_learning_curves,
    plot_linear_boundary,
    plot_loss_curves,
)


def test_plot_linear_boundary_passes_through_the_line():
    fig, ax = plt.subplots()
    ax.set_xlim(-5, 5)
    line = plot_linear_boundary([1.0, 2.0], -3.0, ax)
    for x, y in (line.get_xy1(), line.get_xy2()):
        assert x + 2 * y - 3 == pytest.approx(0.0)
    with pytest.raises(ValueError, match="not both zero"):
        plot_linear_boundary([0.0, 0.0], 1.0, ax)
    plt.close(fig)


def test_plot_loss_curves_draws_gaps_on_a_log_axis():
    fig, ax = plt.subplots()
    curves = {"a": [1.0, 0.5, 0.4, 0.4], "b": [1.0, 0.9, 0.8]}
    lines = plot_loss_curves(curves, ax, optimum=0.4)
    assert len(lines) == 2 and ax.get_yscale() == "log"
    np.testing.assert_allclose(lines[0].get_ydata(), [0.6, 0.1])
    plt.close(fig)


def test_plot_learning_curves_draws_means_and_floor():
    curve = LearningCurve(np.array([10, 100]),
                          {"x": np.array([[0.3, 0.1], [0.5, 0.3]]), "y": np.ones((2, 2)) * 0.2})
    fig, ax = plt.subplots()
    lines = plot_learning_curves(curve, ax, floor=0.05)
    assert len(lines) == 3
    np.testing.assert_allclose(lines[0].get_ydata(), [0.4, 0.2])
    assert ax.get_xscale() == "log"
    plt.close(fig)
