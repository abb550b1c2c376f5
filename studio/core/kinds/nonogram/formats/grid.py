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

Reading gives a nonogram made from the picture (:meth:`Document.from_picture`). Writing needs a
picture and writes only the grid: clues, title, author and notes are not kept. The grid is the
same text as :func:`studio.core.grid.grid_to_text` and the ``solution`` field of the shared
sample data.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from studio.core.contract.text import nonogram_of
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import EMPTY_CHAR, FILLED_CHAR, grid_from_text, grid_to_text
from studio.core.kinds import get_kind

TITLE = "Text grid (# and .)"

COMMENT = ";"
_CELLS = frozenset((FILLED_CHAR, EMPTY_CHAR))
_SNIFF = re.compile(r"\s*[#.;]")


def sniff(text: str) -> bool:
    """True if the first non-blank character is ``#``, ``.`` or ``;`` and no row holds a digit
    (a grid of digits and ``.`` is a mosaic's, :mod:`.mosaic_grid`)."""
    if _SNIFF.match(text) is None:
        return False
    try:
        rows = grid_lines(text)
    except FormatError:
        return True  # malformed, but a grid: reading it names the line
    return not any(char.isdigit() for _, row in rows for char in row)


def first_bad_cell(row: str) -> int | None:
    """The 0-based index of the first character of ``row`` that is not ``#`` or ``.``."""
    return next((i for i, char in enumerate(row) if char not in _CELLS), None)


def bad_cell_message(char: str) -> str:
    return f"expected {FILLED_CHAR!r} or {EMPTY_CHAR!r}, found {char!r}"


def read(text: str) -> Document:
    """Parse a text grid into a nonogram document with that picture.

    Raises:
        FormatError: naming the line (and column) of the problem, e.g.
            ``line 3, column 5: expected '#' or '.', found 'x'``,
            ``line 4: expected 10 cells like line 1, found 9``, or that there is no grid.
    """
    rows = checked_rows(
        text,
        "nonogram",
        f"rows of {FILLED_CHAR!r} and {EMPTY_CHAR!r}",
        first_bad_cell,
        bad_cell_message,
    )
    return Document.from_picture("nonogram", grid_from_text(rows))


def checked_rows(
    text: str,
    kind: str,
    cells: str,
    first_bad: Callable[[str], int | None],
    bad_message: Callable[[str], str],
) -> list[str]:
    """The rows of the grid of a ``kind`` puzzle in ``text`` (see :func:`grid_lines`), each
    checked: every character a cell (``first_bad(row)`` gives the index of the first that is
    not, ``bad_message(char)`` what to say of it) and as many as in the first row.

    Raises:
        FormatError: at the first bad character, or the first row of another width; when there
            is no grid, saying it expected ``cells`` (e.g. ``"rows of '#' and '.'"``).
        PuzzleError: for more rows or columns than the kind allows, found before any cell is
            read (a 7 MB row would otherwise take a minute to become clues and be refused).
    """
    rows = grid_lines(text)
    if not rows:
        raise FormatError(f"expected {cells}, found no grid")
    first_number, first = rows[0]
    get_kind(kind).check_shape((len(rows), len(first)))
    for number, row in rows:
        bad = first_bad(row)
        if bad is not None:
            raise FormatError(bad_message(row[bad]), line=number, column=bad + 1)
        if len(row) != len(first):
            raise FormatError(
                f"expected {len(first)} cells like line {first_number}, found {len(row)}",
                line=number,
            )
    return [row for _, row in rows]


def grid_lines(text: str) -> list[tuple[int, str]]:
    """The grid's rows with their 1-based line numbers, comments skipped, ends stripped.

    Raises:
        FormatError: for a blank line between two rows.
    """
    # split("\n"), not splitlines(): the latter also breaks at \v, \f, \x1c and others, and the
    # line numbers would no longer be the ones an editor shows.
    numbered = [(n, line.rstrip()) for n, line in enumerate(text.split("\n"), start=1)]
    content = [(n, line) for n, line in numbered if not line.lstrip().startswith(COMMENT)]
    filled = [i for i, (_, line) in enumerate(content) if line]
    if not filled:
        return []
    rows = content[filled[0] : filled[-1] + 1]
    blank = next((n for n, line in rows if not line), None)
    if blank is not None:
        raise FormatError("expected a row of the grid, found a blank line", line=blank)
    return rows


def write(document: Document) -> str:
    """The document's picture, one line per row, each ending in a newline.

    Raises:
        FormatError: if the document is not a nonogram or has no picture.
    """
    nonogram_of(document, TITLE)
    if document.picture is None:
        raise FormatError("this puzzle has no picture to write as a grid")
    return "".join(f"{row}\n" for row in grid_to_text(document.picture))
