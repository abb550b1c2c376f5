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
- A colour nonogram (a document with a ``palette`` of *k* + 1 colours, version 3) writes each
  run as ``[length, colour]`` (colour 1 to *k*, the palette's index), ``[[3, 1], [2, 2]]``,
  and each given as ``[row, column, colour]`` (0 the background).
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.format import Payload
from studio.core.contract.json_fields import (
    array_text,
    check_known,
    encode,
    fail,
    field,
    index,
    object_text,
    typed,
)
from studio.core.contract.text import show_value
from studio.core.kinds.nonogram.formats.clues import ClueError, clue_from_values
from studio.core.kinds.nonogram.linesolve import Runs
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
    palette = data.get("palette")
    colours = len(palette) - 1 if isinstance(palette, list) and len(palette) > 2 else 1
    givens = _givens(data.get("givens", []), width, height, colours)
    if colours == 1:
        rows = _clue_lines(clues, "rows", height, "height")
        cols = _clue_lines(clues, "columns", width, "width")
        return Nonogram(rows, cols, givens)
    row_runs = _run_lines(clues, "rows", height, "height", colours)
    col_runs = _run_lines(clues, "columns", width, "width", colours)
    return Nonogram.of_runs(row_runs, col_runs, colours, givens)


def write(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The nonogram's fields, encoded, in the order they are written."""
    assert isinstance(puzzle, Nonogram)
    if puzzle.colours == 1:
        clues = [("rows", array_text(puzzle.rows, 2)), ("columns", array_text(puzzle.cols, 2))]
    else:
        clues = [
            (
                name,
                _runs_text([puzzle.runs(line) for line, _ in puzzle.lines() if line.axis == axis]),
            )
            for name, axis in (("rows", "row"), ("columns", "column"))
        ]
    givens = [(r, c, int(value)) for r, c, value in puzzle.givens]
    return [
        ("clues", object_text(clues, 1)),
        *([("givens", array_text(givens, 1))] if givens else []),
    ]


def _lines(clues: Mapping[str, object], name: str, count: int, dimension: str) -> list[object]:
    """The ``count`` clues of ``clues[name]`` (the rows or the columns), as read."""
    lines = field(clues, name, list, "clues.")
    if len(lines) != count:
        fail(f"clues.{name}", f"expected {count} clues (the {dimension}), found {len(lines)}")
    return lines


def _clue_lines(clues: Mapping[str, object], name: str, count: int, dimension: str) -> list[Clue]:
    where = f"clues.{name}"
    lines = _lines(clues, name, count, dimension)
    result = []
    for number, line in enumerate(lines):
        values = typed(line, list, f"{where}[{number}]")
        try:
            result.append(clue_from_values(values))
        except ClueError as error:
            fail(f"{where}[{number}][{error.index}]", error.message)
    return result


def _runs_text(lines: list[Runs]) -> str:
    """Colour clues, one line per row or column: ``[[3, 1], [2, 2]]``."""
    if not lines:
        return "[]"
    body = ",\n".join("      " + encode([list(run) for run in runs]) for runs in lines)
    return f"[\n{body}\n    ]"


def _run_lines(
    clues: Mapping[str, object], name: str, count: int, dimension: str, colours: int
) -> list[list[tuple[int, int]]]:
    where = f"clues.{name}"
    lines = _lines(clues, name, count, dimension)
    result = []
    for number, line in enumerate(lines):
        runs = []
        for place, run in enumerate(typed(line, list, f"{where}[{number}]")):
            at = f"{where}[{number}][{place}]"
            pair = typed(run, list, at)
            if len(pair) != 2 or not all(_is_count(value) for value in pair):
                fail(at, f"expected [length, colour], found {show_value(pair)}")
            length, colour = pair
            if length < 1:
                fail(f"{at}[0]", f"expected a positive length, found {length}")
            if not 1 <= colour <= colours:
                fail(f"{at}[1]", f"expected a colour 1 to {colours} (the palette), found {colour}")
            runs.append((length, colour))
        result.append(runs)
    return result


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _givens(value: object, width: int, height: int, colours: int) -> list[Given]:
    """The ``givens`` field: ``[row, column, filled]`` triples inside the grid (``[row,
    column, colour]`` in colour); a cell given twice is left to :meth:`Nonogram.validate`."""
    givens: list[Given] = []
    for number, item in enumerate(typed(value, list, "givens")):
        where = f"givens[{number}]"
        triple = typed(item, list, where)
        if len(triple) != 3:
            fail(where, f"expected [row, column, filled], found {show_value(triple)}")
        row = index(triple[0], height, "row", f"{where}[0]")
        col = index(triple[1], width, "column", f"{where}[1]")
        value = triple[2]
        if colours > 1:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= colours:
                fail(f"{where}[2]", f"expected a colour 0 to {colours}, found {show_value(value)}")
            givens.append((row, col, value))
            continue
        if not _is_count(value) or value not in (0, 1):
            fail(f"{where}[2]", f"expected 1 (filled) or 0 (empty), found {show_value(value)}")
        givens.append((row, col, value == 1))
    return givens


PAYLOAD = Payload(FIELDS, read, write)
"""This kind's part of the studio document, as its declaration lists it."""
