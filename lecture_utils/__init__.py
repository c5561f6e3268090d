"""Helpers for the generative-classifier notebooks.

Every piece of maths the notebooks show lives here, in one module per idea.
A module imports only modules from the layers below it:

===========  ==============================================================
layer        modules
===========  ==============================================================
base         ``validation``, ``decision``, ``style``
models       ``gaussian``, ``discrete``, ``logistic``, ``projections``, ``punctuation``
data         ``datasets``, ``experiments`` (error rates of fitted models)
pictures     ``plotting``; ``synthetic`` (seeded data, returned as ``datasets.Dataset``)
controls     ``widgets``
===========  ==============================================================

The public names are imported from their modules, e.g.
``from lecture_utils.gaussian import GaussianClassifier``.
"""

__version__ = "1.0.0"
