"""The mosaic's worked example: a 5×5 plus sign from seven clues (a printed book's rules page
shows it beside its solution)."""

from __future__ import annotations

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds.mosaic.puzzle import Mosaic

PLUS = ("..#..", "..#..", "#####", "..#..", "..#..")
"""The picture, rows of ``#`` (filled) and ``.``."""
CLUES = ("0...0", ".5..2", ".....", ".5.52", ".....")
"""The clues shown, a digit per clue and ``.`` where none: a minimal set the clue-by-clue rule
alone solves (the corner 0s first), found by :func:`.minimal.minimal_clues`."""


def example() -> Document:
    """The example puzzle, its picture being its one solution."""
    clues = [[None if char == "." else int(char) for char in row] for row in CLUES]
    return Document(Mosaic(clues), grid_from_text(PLUS))
