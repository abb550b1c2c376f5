"""A Fobidoshi's part of Puzzle Studio's JSON document (:mod:`.studio_json`): its givens.

::

      "givens": [
        "-xo--o",
        "----o-",
        ...
      ]

- ``givens``: ``height`` strings of ``width`` cells, top to bottom: ``-`` no given, ``o`` a
  circle, ``x`` a cross (the alphabet of the Janko text, :mod:`.janko`).
- The document's ``picture`` (optional) is a reference solution, ``#`` for a circled cell.
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.format import Payload
from studio.core.contract.json_fields import array_text, field, grid_rows
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi, bad_char_message, given_code
from studio.core.puzzle import Puzzle

FIELDS = ("givens",)


def read(data: Mapping[str, object], width: int, height: int) -> Fobidoshi:
    """The Fobidoshi of a document's fields.

    Raises:
        FormatError: naming the field at fault, e.g. ``givens[3][5]: expected '-' (blank),
            'o' (circle) or 'x' (cross), found 'q'`` or ``givens: expected 6 rows (the
            height), found 5``.
    """
    rows = field(data, "givens", list)
    return Fobidoshi.from_rows(
        grid_rows(rows, "givens", width, height, _first_bad_given, bad_char_message)
    )


def _first_bad_given(row: str) -> int | None:
    return next((i for i, char in enumerate(row) if given_code(char) is None), None)


def write(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The Fobidoshi's fields, encoded, in the order they are written."""
    assert isinstance(puzzle, Fobidoshi)
    return [("givens", array_text(puzzle.rows(), 1))]


PAYLOAD = Payload(FIELDS, read, write)
"""This kind's part of the studio document, as its declaration lists it."""
