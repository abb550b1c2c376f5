"""A mosaic cell by cell, for the grid commands (:mod:`studio.core.grid_edit`): the picture and
which clues are shown. A clue's value is counted from the picture, so only where the clues are
moves; the counts are made again from the moved picture."""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.layers import CellLayers, LayerCodec, Mark, MarkGrid
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.puzzle import Puzzle

SHOWN = Mark("shown", (False, True), blank=True)
"""bool: True where a cell shows its clue. New cells show theirs, as every cell of a new mosaic
does; the shown clues are the puzzle itself, not givens added to it, so Clear Givens leaves
them."""


def split(puzzle: Puzzle) -> Mapping[str, MarkGrid]:
    """The cells of ``puzzle``, a :class:`Mosaic`, that show a clue."""
    assert isinstance(puzzle, Mosaic)
    return {SHOWN.name: puzzle.shown()}


def join(layers: CellLayers) -> Mosaic:
    """The mosaic of ``layers.picture`` showing the clues of the shown layer."""
    assert layers.picture is not None, "a mosaic is drawn from a picture"
    return Mosaic.from_picture(layers.picture, layers.marks[SHOWN.name])


LAYERS = LayerCodec((SHOWN,), split, join)
"""This kind's layers, as its declaration lists them."""
