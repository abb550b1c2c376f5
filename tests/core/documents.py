"""Hypothesis strategies for documents of any registered kind, built from the layers it declares
(:class:`~studio.core.contract.layers.LayerCodec`): the generic tests draw every kind alike."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from studio.core.contract.kind import Kind
from studio.core.contract.layers import CellLayers, MarkGrid
from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.grid import BoolGrid
from studio.core.puzzle import Puzzle

SPAN = 4
"""Sides are drawn from the kind's ``min_side`` to this many more: small, and never square only."""


def _cells(draw: st.DrawFn, shape: tuple[int, int], values: tuple[object, ...]) -> MarkGrid:
    count = shape[0] * shape[1]
    chosen = draw(st.lists(st.sampled_from(values), min_size=count, max_size=count))
    return np.array(chosen).reshape(shape)


@st.composite
def layers(draw: st.DrawFn, kind: Kind) -> CellLayers:
    """Random layers of ``kind``: a random picture for a kind drawn from one (``None`` for the
    others: a random reference would not solve the puzzle), each mark random from its values."""
    least = kind.spec.min_side
    shape = (draw(st.integers(least, least + SPAN)), draw(st.integers(least, least + SPAN)))
    picture: BoolGrid | None = _cells(draw, shape, (False, True)) if kind.drawn else None
    marks = {mark.name: _cells(draw, shape, mark.values) for mark in kind.layers.marks}
    return CellLayers(picture, marks)


@st.composite
def documents(draw: st.DrawFn, kind: Kind) -> Document:
    """A random document of ``kind`` (:func:`layers`), with title, author and notes; it may be
    invalid (e.g. four given circles in a row): filter with ``valid`` where that matters."""
    drawn = draw(layers(kind))
    return Document(kind.layers.join(drawn), drawn.picture, title="T", author="A", notes="N")


def valid(puzzle: Puzzle) -> bool:
    """True when ``puzzle`` validates."""
    try:
        puzzle.validate()
    except PuzzleError:
        return False
    return True
