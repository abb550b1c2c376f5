"""Janko's Fobidoshi text (janko.at; Heslenfeld 2024, §3.1): the size, the givens, and
optionally the solution.

::

    6
    -xo--o
    ----o-
    o----o
    --o-o-
    o-----
    ----xo
    --oo-o
    ---ooo
    o-oo-o
    ooo-o-
    oo-ooo
    -ooo-o

- The first line is N, the side of the square grid; then N lines of givens: ``-`` no given,
  ``o`` a circle, ``x`` a cross; then, optionally, N lines of the solution (``o`` a circle,
  ``-`` or ``x`` none).
- The size line may be left out (the bare N lines, or 2N with the solution); the grid is
  square either way.
- Blank lines are skipped, and so are spaces between cells (``- o - x`` reads as ``-o-x``).

Reading gives a Fobidoshi document whose picture is the solution, if the text has one (a
reference solution; it must solve the givens). Writing gives the size line, the givens and,
when the document has a picture, its solution lines (``o`` and ``-``); title, author and notes
are not kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from studio.core.contract.format import Format
from studio.core.contract.text import DIGITS, MAX_DIGITS
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.kinds.fobidoshi.puzzle import (
    BLANK,
    CHARS,
    CIRCLE,
    SPEC,
    Fobidoshi,
    bad_char_message,
    given_code,
)

T = TypeVar("T")

TITLE = "Janko Fobidoshi text (- o x)"

# The size on a line of its own, then a row of givens; or a row of givens first.
_SNIFF = re.compile(r"\s*(?:\d+[ \t]*\r?\n\s*)?[-ox][-ox \t]*\r?(?:\n|$)")


def sniff(text: str) -> bool:
    """True if the text starts with a size line and a row of ``-``, ``o`` and ``x``, or with
    such a row."""
    return _SNIFF.match(text) is not None


def read(text: str) -> Document:
    """Parse a Janko Fobidoshi text into a document (its picture: the solution, if given).

    Raises:
        FormatError: naming the line (and column) of the problem, e.g.
            ``line 3, column 5: expected '-' (blank), 'o' (circle) or 'x' (cross), found 'q'``,
            ``line 4: expected 6 cells, found 5``, or a solution that breaks the rules.
        PuzzleError: for a size outside what a Fobidoshi may have, before any row is read.
    """
    lines = [
        (number, line.rstrip())
        for number, line in enumerate(text.split("\n"), start=1)
        if line.strip()
    ]
    if not lines:
        raise FormatError("expected the size and rows of '-', 'o' and 'x', found nothing")
    size_line, first = lines[0]
    if set(first.strip()) <= DIGITS:
        size = _size(first.strip(), size_line)
        rows = lines[1:]
    else:
        rows = lines
        size = len("".join(first.split()))  # its cells, spaces between them skipped
    SPEC.check_shape((size, size))
    givens = _grid(rows[:size], size, _given)
    _check_count(rows, size)
    puzzle = Fobidoshi(np.array(givens, dtype=np.int8))
    picture = None
    if len(rows) > size:
        picture = np.array(_grid(rows[size:], size, _solution_cell), dtype=bool)
        broken = puzzle.check(picture)
        if broken:
            raise FormatError(
                f"the solution does not solve the puzzle: {broken[0].message}",
                line=rows[size][0],
            )
    return Document(puzzle, picture)


def write(document: Document) -> str:
    """The size line, the givens and the solution (the picture), if any, each line ending in
    a newline.

    Raises:
        FormatError: for another kind of puzzle, or a grid that is not square.
    """
    puzzle = document.puzzle
    if not isinstance(puzzle, Fobidoshi):
        raise FormatError(f"the {TITLE} format holds Fobidoshi puzzles, not {document.kind}")
    height, width = puzzle.shape
    if height != width:
        raise FormatError(
            f"the {TITLE} format holds square grids; this one is {width}×{height} "
            "(save it as a Puzzle Studio document)"
        )
    lines = [str(height), *puzzle.rows()]
    if document.picture is not None:
        lines += [
            "".join(CHARS[CIRCLE] if circled else CHARS[BLANK] for circled in row)
            for row in document.picture.tolist()
        ]
    return "".join(f"{line}\n" for line in lines)


def _size(text: str, line: int) -> int:
    if len(text) > MAX_DIGITS:
        raise FormatError(f"expected a size of at most {MAX_DIGITS} digits", line=line)
    size = int(text)
    if size < 1:
        raise FormatError(f"expected a positive size, found {size}", line=line)
    return size


def _check_count(rows: list[tuple[int, str]], size: int) -> None:
    """N rows of givens, then none or N rows of the solution."""
    if len(rows) < size:
        raise FormatError(
            f"expected {size} rows of givens (a Janko grid is square), found {len(rows)}"
        )
    if size < len(rows) < 2 * size:
        raise FormatError(
            f"expected {size} rows of the solution after the givens, found {len(rows) - size}",
            line=rows[size][0],
        )
    if len(rows) > 2 * size:
        raise FormatError(
            f"expected nothing after the {size} rows of the solution", line=rows[2 * size][0]
        )


def _grid(
    rows: list[tuple[int, str]], size: int, cell: Callable[[str, int, int], T]
) -> list[list[T]]:
    """The cells of ``rows`` read by ``cell(char, line, column)``, ``size`` in each row."""
    grid = []
    for number, line in rows:
        values = [cell(char, number, column) for column, char in _cells(line)]
        if len(values) != size:
            raise FormatError(f"expected {size} cells, found {len(values)}", line=number)
        grid.append(values)
    return grid


def _cells(line: str) -> list[tuple[int, str]]:
    """The cells of a row as ``(1-based column, character)``, spaces between them skipped."""
    return [(column, char) for column, char in enumerate(line, start=1) if not char.isspace()]


def _given(char: str, line: int, column: int) -> int:
    code = given_code(char)
    if code is None:
        raise FormatError(bad_char_message(char), line=line, column=column)
    return code


def _solution_cell(char: str, line: int, column: int) -> bool:
    if char not in CHARS:
        raise FormatError(
            f"expected 'o' (circle) or '-' (none) in the solution, found {char!r}",
            line=line,
            column=column,
        )
    return char == CHARS[CIRCLE]


FORMAT = Format("janko", TITLE, (".txt",), (SPEC.name,), sniff, read, write)
"""This format, as the fobidoshi's declaration lists it."""
