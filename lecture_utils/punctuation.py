r"""Punctuation counts of source code: the features of the C-versus-Python example.

A source file is reduced to the punctuation symbols it contains, grouped into
seven classes; an opening and a closing bracket of one kind are the same class:

=================  =======  =========================
class name         symbols  typical of
=================  =======  =========================
``braces``         ``{ }``  C blocks, Python dicts
``brackets``       ``[ ]``  indexing, lists
``parentheses``    ``( )``  calls, grouping
``colons``         ``:``    Python blocks, slices
``semicolons``     ``;``    C statements
``periods``        ``.``    Python attributes, floats
``commas``         ``,``    argument lists
=================  =======  =========================

Every character of the text counts, including those inside string literals
and comments. This is deliberate: the classifier has to work on a file whose
language it does not know yet, so it cannot first run one language's
tokenizer; and the counts stay a pure function of the raw text, the same for
C and for Python. A ``...`` counts as three periods and ``3.14`` as one.

The two functions give the two views of the same data: `punctuation_tokens`
the sequence of symbol classes (the categorical view, one token per symbol),
`count_punctuation` their occurrence counts (the multinomial view),
:math:`y_j = \sum_i [x_i = j]`; `tokens_from_counts` goes back from counts to
tokens.

One more description of a file: `count_bigrams` counts the 49 ordered pairs of
consecutive symbol classes (some of the order the counts lose). The counts of the code
alone, without comments and strings, are made by ``data/build_code_features.py``.
"""

import numpy as np

#: Name of each symbol class and the characters that belong to it, in column order.
SYMBOL_CLASSES = {"braces": "{}", "brackets": "[]", "parentheses": "()", "colons": ":",
                  "semicolons": ";", "periods": ".", "commas": ","}

#: The class names, in the order of the count columns.
CLASS_NAMES = tuple(SYMBOL_CLASSES)

#: Short labels for tables and axes: ``{}``, ``[]``, ``()``, ``:``, ``;``, ``.``, ``,``.
CLASS_LABELS = tuple(SYMBOL_CLASSES.values())

_INDEX_OF_CHARACTER = {character: k for k, symbols in enumerate(CLASS_LABELS)
                       for character in symbols}


def _class_indices(text):
    """The position in `CLASS_NAMES` of every punctuation character of ``text``, in order."""
    if not isinstance(text, str):
        fix = ("decode it first, e.g. data.decode('utf-8', errors='replace')"
               if isinstance(text, bytes) else "read a file with Path(name).read_text()")
        raise TypeError(f"text must be a str holding source code; got {type(text).__name__}: "
                        f"{fix}.")
    return np.array([_INDEX_OF_CHARACTER[c] for c in text if c in _INDEX_OF_CHARACTER],
                    dtype=np.int64)


def punctuation_tokens(text):
    """The symbol class of every punctuation character of ``text``, in order.

    Parameters
    ----------
    text : str
        Source code in any language.

    Returns
    -------
    list of str
        One entry of `CLASS_NAMES` per punctuation character, in reading order;
        every other character is skipped.

    Examples
    --------
    >>> punctuation_tokens("f(a[0], b);")
    ['parentheses', 'brackets', 'brackets', 'commas', 'parentheses', 'semicolons']
    """
    return [CLASS_NAMES[k] for k in _class_indices(text)]


def count_punctuation(text):
    r"""Occurrences of each symbol class in ``text``.

    .. math::

        y_j = \sum_{i=1}^{n} [x_i = j], \qquad j = 1, \dots, 7,

    where :math:`x_1, \dots, x_n` are the `punctuation_tokens` of the text.

    Parameters
    ----------
    text : str
        Source code in any language; non-punctuation characters are ignored.

    Returns
    -------
    ndarray of int64, shape (7,)
        Counts in the order of `CLASS_NAMES`.

    Examples
    --------
    >>> count_punctuation("int main(void) { return 0; }").tolist()
    [2, 0, 2, 0, 1, 0, 0]
    """
    return np.bincount(_class_indices(text), minlength=len(CLASS_NAMES)).astype(np.int64)


#: Names of the ordered pairs of symbol classes, ``"braces_braces"``, ``"braces_brackets"``, ...
BIGRAM_NAMES = tuple(f"{first}_{second}" for first in CLASS_NAMES for second in CLASS_NAMES)

#: Short labels of the pairs, ``"{} {}"``, ``"{} []"``, ...
BIGRAM_LABELS = tuple(f"{first} {second}" for first in CLASS_LABELS for second in CLASS_LABELS)


def count_bigrams(text):
    r"""Occurrences of each ordered pair of consecutive punctuation classes.

    .. math::

        y_{jk} = \sum_{i=1}^{n-1} [x_i = j]\,[x_{i+1} = k],

    where :math:`x_1, \dots, x_n` are the `punctuation_tokens` of the text:
    the symbols in reading order, everything else skipped. The counts sum to
    :math:`n - 1` (0 for fewer than two symbols).

    Returns
    -------
    ndarray of int64, shape (49,)
        Counts in the order of `BIGRAM_NAMES` (row-major: first symbol, then second).

    Examples
    --------
    >>> counts = count_bigrams("f(x);")
    >>> {BIGRAM_LABELS[i]: int(counts[i]) for i in counts.nonzero()[0]}
    {'() ()': 1, '() ;': 1}
    """
    indices = _class_indices(text)
    pairs = indices[:-1] * len(CLASS_NAMES) + indices[1:]
    return np.bincount(pairs, minlength=len(BIGRAM_NAMES)).astype(np.int64)


def tokens_from_counts(counts, labels, names=CLASS_NAMES):
    r"""The categorical view of count vectors: every counted event as one token.

    Row :math:`i` of ``counts`` becomes :math:`n_i = \sum_j x_{i,j}` tokens,
    ``names[j]`` repeated :math:`x_{i,j}` times, each labelled ``labels[i]``.
    The order of the tokens within a row is lost in the counts; any order has
    the same likelihood under a categorical model, and this one lists them by
    column.

    Parameters
    ----------
    counts : array-like of shape (n_samples, m)
        Non-negative whole numbers.
    labels : array-like of shape (n_samples,)
        The class of each row.
    names : sequence of length m, default=`CLASS_NAMES`
        The token of each column.

    Returns
    -------
    tokens : ndarray of shape (sum of counts,)
    token_labels : ndarray of shape (sum of counts,)

    Examples
    --------
    >>> tokens, labels = tokens_from_counts([[2, 0, 1], [0, 1, 0]], ["C", "Py"], ["a", "b", "c"])
    >>> tokens.tolist(), labels.tolist()
    (['a', 'a', 'c', 'b'], ['C', 'C', 'C', 'Py'])
    """
    counts, labels, names = np.asarray(counts), np.asarray(labels), np.asarray(names)
    if counts.ndim != 2 or counts.shape[1] != names.size:
        raise ValueError(f"counts must have shape (n_samples, {names.size}), one column per name; "
                         f"got shape {counts.shape}.")
    if labels.shape != (counts.shape[0],):
        raise ValueError(f"labels must hold one label per row of counts ({counts.shape[0]}); "
                         f"got shape {labels.shape}.")
    if not np.all(np.isfinite(counts)) or np.any(counts < 0) or np.any(counts != np.round(counts)):
        raise ValueError("counts must be non-negative whole numbers (occurrences of each event).")
    counts = counts.astype(np.int64)
    tokens = np.repeat(np.tile(names, len(counts)), counts.ravel())
    return tokens, np.repeat(labels, counts.sum(axis=1))
