"""The nonogram's worked examples: a 5×5 heart, and a 5×5 flower in three colours, small
enough to solve in the head (a printed book's rules pages show them beside their solutions)."""

from __future__ import annotations

from studio.core.document import Document
from studio.core.grid import colour_grid_from_text, grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import BACKGROUND_CHAR, Colour, Palette

HEART = (".#.#.", "#####", "#####", ".###.", "..#..")
"""The picture, rows of ``#`` (filled) and ``.``: unique, and line logic alone solves it (the
two full rows first, then the columns of 2 at the edges)."""


def example() -> Document:
    """The example puzzle, its picture being its one solution."""
    picture = grid_from_text(HEART)
    return Document(Nonogram.from_picture(picture), picture)


FLOWER_PALETTE = Palette(
    (
        Colour("white", BACKGROUND_CHAR, (255, 255, 255)),
        Colour("red", "r", (204, 0, 0)),
        Colour("yellow", "y", (237, 212, 0)),
        Colour("green", "g", (78, 154, 6)),
    )
)
"""The flower's colours (Tango's red, butter and green), apart in greyscale too."""

FLOWER = (".r.r.", "rryrr", ".r.r.", "..g..", ".ggg.")
"""The colour example's picture, rows of the palette's characters: unique, and line logic alone
solves it. Its first row has two red runs apart, its second red and yellow runs touching."""


def colour_example() -> Document:
    """The colour example puzzle, its picture being its one solution, with its palette."""
    picture = colour_grid_from_text(FLOWER, FLOWER_PALETTE.chars)
    return Document(Nonogram.from_picture(picture), picture, palette=FLOWER_PALETTE)
