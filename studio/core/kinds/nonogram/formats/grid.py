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

**Colour**: one character per colour. Comment lines ``; color <char> #rrggbb <name>`` declare
the palette, background first, and the cells are those characters::

    ; color . #ffffff white
    ; color r #cc0000 red
    ; color g #4e9a06 green
    .rr.
    rggr

A grid without such lines is black and white, as above. Writing a colour picture writes its
palette first (the same lines), then the grid in the palette's characters.
"""

from __future__ import annotations

import re

import numpy as np

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
from studio.core.grid import (
    EMPTY_CHAR,
    FILLED_CHAR,
    colour_grid_from_text,
    colour_grid_to_text,
    grid_from_text,
)
from studio.core.kinds.nonogram.formats.clues import (
    COLOUR_DECLARATION,
    declaration,
    declared_colour,
    declared_palette,
    nonogram_of,
)
from studio.core.kinds.nonogram.puzzle import SPEC, Nonogram
from studio.core.palette import Palette

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
            ``line 4: expected 10 cells like line 1, found 9``, ``line 2: a palette needs the
            background and at least one colour``, or that there is no grid.
    """
    palette = _palette(text)
    if palette is not None:
        chars = palette.chars

        def first_bad(row: str) -> int | None:
            return next((i for i, char in enumerate(row) if char not in chars), None)

        def bad_message(char: str) -> str:
            return f"expected a colour's character ({', '.join(map(repr, chars))}), found {char!r}"

        rows = checked_rows(text, SPEC, "rows of the colours' characters", first_bad, bad_message)
        colours = colour_grid_from_text(rows, chars)
        nonogram = Nonogram.from_picture(colours, colours=palette.inks)
        return Document(nonogram, colours, palette=palette)
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
    nonogram_of(document, TITLE, colours=True)
    if document.picture is None:
        raise FormatError("this puzzle has no picture to write as a grid")
    palette = document.palette
    if palette is None:
        return "".join(f"{row}\n" for row in document.spell(document.picture))
    declared = [f"; color {declaration(colour)}\n" for colour in palette.colours]
    grid = colour_grid_to_text(np.asarray(document.picture, dtype=np.uint8), palette.chars)
    return "".join(declared) + "".join(f"{row}\n" for row in grid)


_COLOUR_LINE = re.compile(r"\s*;\s*color\s+" + COLOUR_DECLARATION)


def _palette(text: str) -> Palette | None:
    """The palette the ``; color`` lines declare, or ``None`` when there are none.

    Raises:
        FormatError: naming the line of a palette that cannot be (a character twice...).
    """
    colours = []
    last = 0
    for number, line in enumerate(text.splitlines(), start=1):
        match = _COLOUR_LINE.match(line)
        if match is not None:
            colours.append(declared_colour(match))
            last = number
    return declared_palette(colours, last) if colours else None


FORMAT = Format("ascii", TITLE, (".txt",), (SPEC.name,), sniff, read, write, needs_picture=True)
"""This format, as the nonogram's declaration lists it."""
