"""The nonogram's worked example: a 5×5 heart, small enough to solve in the head (a printed
book's rules page shows it beside its solution)."""

from __future__ import annotations

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram

HEART = (".#.#.", "#####", "#####", ".###.", "..#..")
"""The picture, rows of ``#`` (filled) and ``.``: unique, and line logic alone solves it (the
two full rows first, then the columns of 2 at the edges)."""


def example() -> Document:
    """The example puzzle, its picture being its one solution."""
    picture = grid_from_text(HEART)
    return Document(Nonogram.from_picture(picture), picture)
