"""A mosaic's part of Puzzle Studio's JSON document (:mod:`.studio_json`): its clues.

::

      "clues": [
        "..444",
        "2....",
        ".5..2",
        ".5...",
        "..2.1"
      ]

- ``clues``: ``height`` strings of ``width`` cells, top to bottom: a digit is the cell's clue,
  ``.`` no clue (the rows of the mosaic text grid, :mod:`.grid`).
- The document's ``picture`` (optional) is the designer's picture the clues were counted from.
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.format import Payload
from studio.core.contract.json_fields import array_text, field, grid_rows
from studio.core.kinds.mosaic.formats.grid import (
    bad_clue_message,
    clue_rows,
    first_bad_clue,
    mosaic_from_rows,
)
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.puzzle import Puzzle

FIELDS = ("clues",)
_TITLE = "Puzzle Studio document"


def read(data: Mapping[str, object], width: int, height: int) -> Mosaic:
    """The mosaic of a document's fields.

    Raises:
        FormatError: naming the field at fault, e.g. ``clues[3][5]: expected a clue 0–9 or
            '.' (no clue), found 'x'`` or ``clues: expected 6 rows (the height), found 5``.
    """
    rows = field(data, "clues", list)
    return mosaic_from_rows(
        grid_rows(rows, "clues", width, height, first_bad_clue, bad_clue_message)
    )


def write(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The mosaic's fields, encoded, in the order they are written.

    Raises:
        FormatError: for a clue that is not one digit (only in a puzzle that fails validation).
    """
    assert isinstance(puzzle, Mosaic)
    return [("clues", array_text(clue_rows(puzzle, _TITLE), 1))]


PAYLOAD = Payload(FIELDS, read, write)
"""This kind's part of the studio document, as its declaration lists it."""
