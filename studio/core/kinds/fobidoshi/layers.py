"""A Fobidoshi cell by cell, for the grid commands (:mod:`studio.core.grid_edit`): its givens,
the whole puzzle. It is not drawn from a picture: a document's picture is a reference solution,
moved with the givens and dropped by the grid commands when it no longer solves the puzzle."""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.contract.layers import CellLayers, LayerCodec, Mark, MarkGrid
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.puzzle import Puzzle

GIVENS = Mark("givens", (BLANK, CIRCLE, CROSS), blank=BLANK, givens=True)
"""``int8``: each cell's given, :data:`BLANK`, :data:`CIRCLE` or :data:`CROSS`."""


def split(puzzle: Puzzle) -> Mapping[str, MarkGrid]:
    """The givens of ``puzzle``, a :class:`Fobidoshi`."""
    assert isinstance(puzzle, Fobidoshi)
    return {GIVENS.name: puzzle.givens.copy()}


def join(layers: CellLayers) -> Fobidoshi:
    """The Fobidoshi of the givens layer."""
    return Fobidoshi(layers.marks[GIVENS.name])


LAYERS = LayerCodec((GIVENS,), split, join)
"""This kind's layers, as its declaration lists them."""
