"""Checks for the exercise notebooks in ``notebooks/exercises/``.

One module per exercise notebook, each holding one ``check_...`` function per
code exercise, all built on `checking.check_answer`: a right answer prints one
line and returns; a wrong one raises `checking.NotYetRight` with what is
known about why (a recognised mistake is named; anything else is described by
its shape and one summary of the student's own answer). No message ever shows
the expected value.

The checks sit above every other layer: they may use any module of the package
to compute the answer they compare with.
"""
