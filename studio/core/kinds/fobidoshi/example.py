"""The Fobidoshi's worked example: a 5×5 from nine given circles (a printed book's rules page
shows it beside its solution)."""

from __future__ import annotations

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi

GIVENS = ("-o-o-", "-----", "o----", "oo-o-", "ooo--")
"""The givens in Janko's text: ``o`` a circle, ``x`` a cross, ``-`` none. The column of three
circles on the left shows the first rule to use: the cell above them cannot be a circle."""
SOLUTION = (".###.", "..###", "###.#", "##.##", "###..")
"""The circled cells (``#``) of the one solution, which the rules alone reach; made by the
studio's ``connected`` generator (5×5, seed 4)."""


def example() -> Document:
    """The example puzzle, its picture being its one solution (the circled cells)."""
    return Document(Fobidoshi.from_rows(GIVENS), grid_from_text(SOLUTION))
