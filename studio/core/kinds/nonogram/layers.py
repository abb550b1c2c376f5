"""A nonogram cell by cell, for the grid commands (:mod:`studio.core.grid_edit`): the picture
and which cells are given. A given's value is the picture's, so only where the givens are moves;
the clues are made again from the moved picture."""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.layers import CellLayers, LayerCodec, Mark, MarkGrid
from studio.core.grid import cells_of, mask_of
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.puzzle import Puzzle

GIVENS = Mark("givens", (False, True), blank=False, givens=True)
"""bool: True where a cell is given (shown filled or empty, as the picture has it)."""


def split(puzzle: Puzzle) -> Mapping[str, MarkGrid]:
    """The given cells of ``puzzle``, a :class:`Nonogram`."""
    assert isinstance(puzzle, Nonogram)
    return {GIVENS.name: mask_of(puzzle.shape, puzzle.given_cells())}


def join(layers: CellLayers) -> Nonogram:
    """The nonogram of ``layers.picture`` with the cells of the givens layer given."""
    assert layers.picture is not None, "a nonogram is drawn from a picture"
    return Nonogram.from_picture(layers.picture, cells_of(layers.marks[GIVENS.name]))


LAYERS = LayerCodec((GIVENS,), split, join)
"""This kind's layers, as its declaration lists them."""
