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
:math:`y_j = \sum_i [x_i = j]`.
"""

import numpy as np

#: Name of each symbol class and the characters that belong to it, in column order.
SYMBOL_CLASSES = {
    "braces": "{}",
    "brackets": "[]",
    "parentheses": "()",
    "colons": ":",
    "semicolons": ";",
    "periods": ".",
    "commas": ",",
}

#: The class names, in the order of the count columns.
CLASS_NAMES = tuple(SYMBOL_CLASSES)

#: Short labels for tables and axes: ``{}``, ``[]``, ``()``, ``:``, ``;``, ``.``, ``,``.
CLASS_LABELS = tuple(SYMBOL_CLASSES.values())

_CLASS_OF_CHARACTER = {
    character: name for name, symbols in SYMBOL_CLASSES.items() for character in symbols
}
_INDEX_OF_CLASS = {name: index for index, name in enumerate(CLASS_NAMES)}


def _check_text(text):
    if isinstance(text, bytes):
        raise TypeError(
            "text is bytes; decode it first, e.g. data.decode('utf-8', errors='replace')."
        )
    if not isinstance(text, str):
        raise TypeError(
            f"text must be a str holding source code; got {type(text).__name__}. "
            "Read a file with Path(name).read_text()."
        )


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
    _check_text(text)
    return [_CLASS_OF_CHARACTER[c] for c in text if c in _CLASS_OF_CHARACTER]


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
    tokens = punctuation_tokens(text)
    indices = np.fromiter((_INDEX_OF_CLASS[t] for t in tokens), dtype=np.int64, count=len(tokens))
    return np.bincount(indices, minlength=len(CLASS_NAMES)).astype(np.int64)
