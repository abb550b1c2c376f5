"""Plain text grid: the picture as rows of ``#`` (filled) and ``.`` (empty).

::

    ; a heart
    .#.#.
    #####
    .###.
    ..#..

- One line per row, top to bottom; every row has the same number of cells.
- Only ``#`` and ``.`` are cells (no ``X``, no spaces between cells), so a typo is reported
  rather than read as a cell.
- Lines whose first non-blank character is ``;`` are comments and are skipped anywhere.
- Blank lines before and after the grid, and trailing whitespace on any line, are ignored; a
  blank line inside the grid is an error (two grids run together otherwise).

Reading gives a nonogram made from the picture (:meth:`Nonogram.from_picture`). Writing needs a
picture and writes only the grid: clues, title, author and notes are not kept. The grid is the
same text as :func:`studio.core.grid.grid_to_text` and the ``solution`` field of the shared
sample data.
"""

from __future__ import annotations

import re

from studio.core.contract.format import Format
from studio.core.contract.text import (
    bad_cell_message,
    checked_rows,
    first_bad_cell,
    grid_lines,
    named_kind,
)
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import EMPTY_CHAR, FILLED_CHAR, grid_from_text, grid_to_text
from studio.core.kinds.nonogram.formats.clues import nonogram_of
from studio.core.kinds.nonogram.puzzle import SPEC, Nonogram

TITLE = "Text grid (# and .)"

_SNIFF = re.compile(r"\s*[#.;]")


def sniff(text: str) -> bool:
    """True if the first non-blank character is ``#``, ``.`` or ``;``, no row holds a digit (a
    grid of digits and ``.`` is a mosaic's, :mod:`studio.core.kinds.mosaic.formats.grid`) and
    the first line names no other kind (``; kind: mosaic``,
    :func:`~studio.core.contract.text.named_kind`)."""
    if _SNIFF.match(text) is None or named_kind(text) not in (None, SPEC.name):
        return False
    try:
        rows = grid_lines(text)
    except FormatError:
        return True  # malformed, but a grid: reading it names the line
    return not any(char.isdigit() for _, row in rows for char in row)


def read(text: str) -> Document:
    """Parse a text grid into a nonogram document with that picture.

    Raises:
        FormatError: naming the line (and column) of the problem, e.g.
            ``line 3, column 5: expected '#' or '.', found 'x'``,
            ``line 4: expected 10 cells like line 1, found 9``, or that there is no grid.
    """
    rows = checked_rows(
        text,
        SPEC,
        f"rows of {FILLED_CHAR!r} and {EMPTY_CHAR!r}",
        first_bad_cell,
        bad_cell_message,
    )
    picture = grid_from_text(rows)
    return Document(Nonogram.from_picture(picture), picture)


def write(document: Document) -> str:
    """The document's picture, one line per row, each ending in a newline.

    Raises:
        FormatError: if the document is not a nonogram or has no picture.
    """
    nonogram_of(document, TITLE)
    if document.picture is None:
        raise FormatError("this puzzle has no picture to write as a grid")
    return "".join(f"{row}\n" for row in grid_to_text(document.picture))


FORMAT = Format("ascii", TITLE, (".txt",), (SPEC.name,), sniff, read, write, needs_picture=True)
"""This format, as the nonogram's declaration lists it."""
