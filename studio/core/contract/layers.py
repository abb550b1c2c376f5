"""A design cell by cell, for any kind: its picture and the kind's own per-cell marks
(:class:`CellLayers`), and how a kind takes its puzzle apart into marks and puts it back
together (:class:`LayerCodec`, the ``layers`` of its declaration).

The grid commands (:mod:`studio.core.grid_edit`: resize, shift, mirror, rotate, ...) move every
layer alike and let the kind rebuild its puzzle; clues are never moved, they are made again from
the moved picture. A kind declares each mark it keeps per cell (:class:`Mark`): a nonogram which
cells are given, a mosaic which clues are shown, a Fobidoshi its givens (circles and crosses).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy.typing as npt

from studio.core.grid import BoolGrid
from studio.core.puzzle import Puzzle

MarkGrid = npt.NDArray[Any]
"""One mark per cell, ``(height, width)``, of the dtype the kind declares (bool, ``int8``)."""


@dataclass(frozen=True)
class Mark:
    """One per-cell layer a kind keeps beside the picture.

    Attributes:
        name: its key in :attr:`CellLayers.marks`, e.g. ``"givens"``.
        values: the values a cell of it may hold, e.g. ``(False, True)``.
        blank: a cell's value when it holds nothing of the design, one of ``values``: what
            new cells get (a resize, a shift without wrap) and what Clear puts back; e.g.
            ``False`` for "not given", ``True`` for a mosaic's "clue shown" (a new mosaic
            shows every clue).
        givens: True for the cells shown to the solver that the designer adds on purpose:
            Clear Givens puts this layer back to ``blank``.

    Raises:
        ValueError: from the constructor, for a ``blank`` that is not one of ``values``.
    """

    name: str
    values: tuple[bool, ...] | tuple[int, ...]
    blank: bool | int
    givens: bool = False

    def __post_init__(self) -> None:
        if self.blank not in self.values:
            raise ValueError(f"{self.name}: the blank {self.blank!r} is not one of {self.values}")


@dataclass(frozen=True, eq=False)
class CellLayers:
    """A design cell by cell.

    Attributes:
        picture: bool ``(height, width)``: the picture the clues are made from, or a kind's
            reference solution; ``None`` when a kind not drawn from a picture has none.
        marks: the kind's marks by :attr:`Mark.name`, each ``(height, width)``.
    """

    picture: BoolGrid | None
    marks: Mapping[str, MarkGrid]


@dataclass(frozen=True)
class LayerCodec:
    """How one kind's puzzle is split into per-cell marks and made again from them.

    Attributes:
        marks: the marks the kind keeps, in a fixed order.
        split: the marks of a puzzle, by name (``(height, width)`` arrays, copies).
        join: the puzzle of some layers: its clues made from ``picture`` (never ``None`` for a
            kind drawn from a picture), its givens or shown clues from ``marks``. It does not
            validate the result.
    """

    marks: tuple[Mark, ...]
    split: Callable[[Puzzle], Mapping[str, MarkGrid]]
    join: Callable[[CellLayers], Puzzle]

    @property
    def has_givens(self) -> bool:
        """True when some mark is the designer's givens (:attr:`Mark.givens`)."""
        return any(mark.givens for mark in self.marks)
