"""Checks for the exercise notebooks in ``notebooks/exercises/``.

One module per exercise notebook, each holding one ``check_...`` function per
code exercise, all built on the shared core `checking`. A check cell passes the
student's answer by its name, ``check_posterior("p_female", ...)``, looked up in
the notebook's variables (the object itself works too): a blank or never-run
answer is "not attempted yet", never a NameError. A check compares without printing
(`checking.compare`) and ends in one place (`checking.report`): a right answer prints one
line; a wrong one raises `checking.NotYetRight`, which a notebook
shows as that one line, with what is known about why: a recognised mistake is
named ("It looks like you ..."); anything else is described by its shape, which
entries differ and a summary of the student's own answer. No message shows the
expected value or says how close an answer is to it.

The checks sit above every other layer: they may use any module of the package
to compute the answer they compare with.
"""
