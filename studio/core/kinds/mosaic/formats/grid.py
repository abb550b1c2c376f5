"""Mosaic text grid: the clues as rows of digits, ``.`` where a cell has no clue.

::

    ; a 5x5 mosaic
    ..444
    2....
    .5..2
    .5...
    ..2.1

- One line per row, top to bottom; every row has the same number of cells.
- A cell is a digit ``0``–``9`` (its clue) or ``.`` (no clue); nothing else, so a typo is
  reported rather than read as a cell.
- Comments (``;``), blank lines and trailing whitespace as in the nonogram text grid
  (:mod:`studio.core.kinds.nonogram.formats.grid`; both read their lines through
  :mod:`studio.core.contract.text`).

Reading gives a mosaic without a picture; writing needs none and writes only the clues (title,
author, notes and the picture are not kept). The rows are those of the studio document's
``clues`` field (:mod:`.payload`).

Sniffing must not take a nonogram grid of ``#`` and ``.``, a game ID or a Janko file starting
with digits: a text is a mosaic grid when every row is made of digits and ``.`` only. The
nonogram grid's test (:func:`studio.core.kinds.nonogram.formats.grid.sniff`) comes first and
refuses a grid holding a digit; so a grid with a digit is a mosaic, and a grid of dots alone is an
empty nonogram picture, unless its first line is the comment ``; kind: mosaic``: a mosaic without a
clue is written with that line first, so that it reads back as itself.
``read_text(..., kind="mosaic")`` and ``studio analyze --kind mosaic`` sniff among the mosaic
formats alone, where every such grid is a mosaic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from studio.core.contract.format import Format
from studio.core.contract.text import DIGITS, checked_rows, grid_lines, kind_comment
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import EMPTY_CHAR
from studio.core.kinds.mosaic.logic import NO_CLUE
from studio.core.kinds.mosaic.puzzle import MAX_CLUE, SPEC, Mosaic

TITLE = "Mosaic text grid (digits and .)"

NO_CLUE_CHAR = EMPTY_CHAR
_ROW = re.compile(r"[0-9.]+")


def sniff(text: str) -> bool:
    """True if the text holds a grid and every row of it is digits and ``.`` (see the module
    docstring)."""
    try:
        rows = [row for _, row in grid_lines(text)]
    except FormatError:
        return False
    return bool(rows) and all(_ROW.fullmatch(row) for row in rows)


def first_bad_clue(row: str) -> int | None:
    """The 0-based index of the first character of ``row`` that is neither a digit nor ``.``."""
    return next((i for i, char in enumerate(row) if not _is_cell(char)), None)


def bad_clue_message(char: str) -> str:
    return f"expected a clue 0–9 or {NO_CLUE_CHAR!r} (no clue), found {char!r}"


def mosaic_from_rows(rows: Sequence[str]) -> Mosaic:
    """The mosaic of rows of digits and ``.``, already checked with :func:`first_bad_clue`."""
    return Mosaic(
        [[NO_CLUE if char == NO_CLUE_CHAR else int(char) for char in row] for row in rows]
    )


def clue_rows(puzzle: Mosaic, format_title: str) -> list[str]:
    """The rows of the mosaic's clues, a digit or ``.`` per cell.

    Raises:
        FormatError: for a clue that is not one digit (only in a puzzle that fails validation).
    """
    rows = []
    for r, row in enumerate(puzzle.clues):
        bad = next((c for c, clue in enumerate(row) if not NO_CLUE <= clue <= MAX_CLUE), None)
        if bad is not None:
            raise FormatError(
                f"the {format_title} format holds clues 0–9; row {r + 1}, column {bad + 1} "
                f"holds {row[bad]}"
            )
        rows.append("".join(NO_CLUE_CHAR if clue == NO_CLUE else str(clue) for clue in row))
    return rows


def mosaic_of(document: Document, format_title: str) -> Mosaic:
    """The document's mosaic, for a writer of a mosaic-only format.

    Raises:
        FormatError: if the document holds another kind of puzzle.
    """
    if not isinstance(document.puzzle, Mosaic):
        raise FormatError(f"the {format_title} format holds mosaics, not {document.kind}")
    return document.puzzle


def read(text: str) -> Document:
    """Parse a mosaic text grid into a document without a picture.

    Raises:
        FormatError: naming the line (and column) of the problem, e.g.
            ``line 3, column 5: expected a clue 0–9 or '.' (no clue), found 'x'``,
            ``line 4: expected 10 cells like line 1, found 9``, or that there is no grid.
    """
    rows = checked_rows(
        text,
        SPEC,
        f"rows of clues 0–9 and {NO_CLUE_CHAR!r}",
        first_bad_clue,
        bad_clue_message,
    )
    return Document(mosaic_from_rows(rows))


def write(document: Document) -> str:
    """The document's clues, one line per row, each ending in a newline; first the comment
    ``; kind: mosaic`` when no cell has a clue (the grid would read as an empty nonogram picture).

    Raises:
        FormatError: if the document is not a mosaic.
    """
    rows = clue_rows(mosaic_of(document, TITLE), TITLE)
    if not any(char in DIGITS for row in rows for char in row):
        rows.insert(0, kind_comment(SPEC.name))
    return "".join(f"{row}\n" for row in rows)


def _is_cell(char: str) -> bool:
    return char == NO_CLUE_CHAR or char in DIGITS


FORMAT = Format("mosaic-grid", TITLE, (".txt",), (SPEC.name,), sniff, read, write)
"""This format, as the mosaic's declaration lists it."""
