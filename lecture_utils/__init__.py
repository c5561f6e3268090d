"""Helpers for the generative-classifier notebooks.

Every piece of maths the notebooks show lives here, in one module per idea.
A module imports only modules from the rows above its own:

===========  ==============================================================
layer        modules
===========  ==============================================================
base         ``validation``, ``decision``, ``style``, ``punctuation``
models       ``gaussian``, ``discrete``, ``logistic``
             ``projections`` (PCA and the LDA projection: ``gaussian``'s pooled covariance)
data         ``datasets`` (the files in data/, checksums verified)
             ``synthetic`` (data drawn from known models, returned as ``datasets.Dataset``)
             ``experiments`` (runs models on data: errors, splits, draws, learning curves)
pictures     ``plotting``
controls     ``widgets``
checks       ``exercises`` (the checks of the exercise notebooks)
===========  ==============================================================

The public names are imported from their modules, e.g.
``from lecture_utils.gaussian import GaussianClassifier``.
"""
