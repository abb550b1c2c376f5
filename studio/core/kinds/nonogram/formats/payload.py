"""A nonogram's part of Puzzle Studio's JSON document (:mod:`.studio_json`): its clues and givens.

::

      "clues": {
        "rows": [[1, 1], []],
        "columns": [[1], [], [], [1]]
      },
      "givens": [[0, 3, 1], [1, 0, 0]]

- ``rows`` top to bottom, ``columns`` left to right; ``[]`` (or ``[0]``) is an empty line.
- ``givens`` (optional, written only when there are some): the cells shown from the start,
  ``[row, column, filled]`` with 0-based row and column and ``filled`` 1 or 0, sorted, one per
  line. A cell given twice is refused when the puzzle is validated (:meth:`Nonogram.validate`).
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.format import Payload
from studio.core.contract.json_fields import (
    array_text,
    check_known,
    fail,
    field,
    index,
    object_text,
    typed,
)
from studio.core.contract.text import show_value
from studio.core.kinds.nonogram.formats.clues import ClueError, clue_from_values
from studio.core.kinds.nonogram.puzzle import Clue, Given, Nonogram
from studio.core.puzzle import Puzzle

FIELDS = ("clues", "givens")
_CLUE_FIELDS = ("rows", "columns")


def read(data: Mapping[str, object], width: int, height: int) -> Nonogram:
    """The nonogram of a document's fields.

    Raises:
        FormatError: naming the field at fault, e.g. ``clues.rows[3][1]: expected a positive
            integer, found "x"`` or ``givens[2][0]: row 7 is outside the 5 rows (0 to 4)``.
    """
    clues = field(data, "clues", dict)
    check_known(clues, _CLUE_FIELDS, "clues.")
    rows = _clue_lines(clues, "rows", height, "height")
    cols = _clue_lines(clues, "columns", width, "width")
    return Nonogram(rows, cols, _givens(data.get("givens", []), width, height))


def write(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The nonogram's fields, encoded, in the order they are written."""
    assert isinstance(puzzle, Nonogram)
    clues = [("rows", array_text(puzzle.rows, 2)), ("columns", array_text(puzzle.cols, 2))]
    givens = [(r, c, int(filled)) for r, c, filled in puzzle.givens]
    return [
        ("clues", object_text(clues, 1)),
        *([("givens", array_text(givens, 1))] if givens else []),
    ]


def _clue_lines(clues: Mapping[str, object], name: str, count: int, dimension: str) -> list[Clue]:
    where = f"clues.{name}"
    lines = field(clues, name, list, "clues.")
    if len(lines) != count:
        fail(where, f"expected {count} clues (the {dimension}), found {len(lines)}")
    result = []
    for number, line in enumerate(lines):
        values = typed(line, list, f"{where}[{number}]")
        try:
            result.append(clue_from_values(values))
        except ClueError as error:
            fail(f"{where}[{number}][{error.index}]", error.message)
    return result


def _givens(value: object, width: int, height: int) -> list[Given]:
    """The ``givens`` field: ``[row, column, filled]`` triples inside the grid; a cell given
    twice is left to :meth:`Nonogram.validate`."""
    givens: list[Given] = []
    for number, item in enumerate(typed(value, list, "givens")):
        where = f"givens[{number}]"
        triple = typed(item, list, where)
        if len(triple) != 3:
            fail(where, f"expected [row, column, filled], found {show_value(triple)}")
        row = index(triple[0], height, "row", f"{where}[0]")
        col = index(triple[1], width, "column", f"{where}[1]")
        filled = triple[2]
        if not isinstance(filled, int) or isinstance(filled, bool) or filled not in (0, 1):
            fail(f"{where}[2]", f"expected 1 (filled) or 0 (empty), found {show_value(filled)}")
        givens.append((row, col, filled == 1))
    return givens


PAYLOAD = Payload(FIELDS, read, write)
"""This kind's part of the studio document, as its declaration lists it."""
