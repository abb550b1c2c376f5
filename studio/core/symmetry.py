"""Symmetries of a grid puzzle: cell permutations that map every solution to a solution.

A puzzle whose clues look the same after a rotation or a reflection has a solution set closed
under that map. Analysis uses it twice (docs/algorithms.md, "Analysis"): a solution that is itself
symmetric lives in a search space a quarter or half the size, so it is looked for first (Knotty:
rotation-symmetric, a symmetric solution in a fraction of a second where the plain search takes
minutes); and once the solution found is symmetric, the variable fields are a union of orbits,
so each cell found variable brings its images along.

A map acts on a *box* of the grid (the rows ``top .. bottom`` and columns ``left .. right``),
leaving the cells outside it in place: a kind may trim border lines that every solution leaves
alone (a nonogram's empty rows and columns) before it looks for symmetry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from studio.core.grid import BoolGrid, Picture, T

IndexGrid = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Box:
    """Rows ``top .. bottom`` and columns ``left .. right`` of a grid, bounds included."""

    top: int
    bottom: int
    left: int
    right: int

    @property
    def square(self) -> bool:
        return self.bottom - self.top == self.right - self.left


@dataclass(frozen=True, eq=False)
class Symmetry:
    """A permutation of the cells of a ``(height, width)`` grid.

    Attributes:
        name: what it does, e.g. ``"rotate 90°"``, ``"transpose"``.
        image: ``int64`` array ``(height, width)``: ``image[r, c]`` is the flat index
            (``row * width + col``) of the cell that ``(r, c)`` is mapped to.
    """

    name: str
    image: IndexGrid

    def apply(self, grid: npt.NDArray[T]) -> npt.NDArray[T]:
        """The grid moved by this map: cell ``(r, c)`` of ``grid`` lands on ``image[r, c]``."""
        moved = np.empty_like(grid)
        moved.flat[self.image.ravel()] = grid.ravel()
        return moved

    def fixes(self, grid: Picture) -> bool:
        """True when ``grid`` is unchanged by this map."""
        return bool(np.array_equal(self.apply(grid), grid))


# The dihedral maps of a square as numpy views of an index array: transformed[r, c] is the
# cell that lands on (r, c). The first three keep a rectangle's shape.
_DIHEDRAL: tuple[tuple[str, Callable[[IndexGrid], IndexGrid], bool], ...] = (
    ("rotate 180°", lambda a: np.rot90(a, 2), False),
    ("mirror left-right", np.fliplr, False),
    ("mirror top-bottom", np.flipud, False),
    ("rotate 90°", lambda a: np.rot90(a, 1), True),
    ("rotate 270°", lambda a: np.rot90(a, 3), True),
    ("transpose", lambda a: a.T, True),
    ("anti-transpose", lambda a: np.rot90(a, 2).T, True),
)


def dihedral(shape: tuple[int, int], box: Box) -> list[Symmetry]:
    """The rotations and reflections of ``box`` other than the identity (seven for a square
    box, three for any other), each fixing the cells outside the box."""
    height, width = shape
    image: IndexGrid = np.arange(height * width, dtype=np.int64).reshape(shape)
    inside = image[box.top : box.bottom + 1, box.left : box.right + 1]
    maps = []
    for name, transform, needs_square in _DIHEDRAL:
        if needs_square and not box.square:
            continue
        moved = image.copy()
        # transform(inside)[r, c] is the cell that lands where inside[r, c] is.
        moved.flat[transform(inside).ravel()] = inside.ravel()
        maps.append(Symmetry(name, moved))
    return maps


def orbit_closure(cells: BoolGrid, symmetries: Sequence[Symmetry]) -> BoolGrid:
    """``cells`` together with their images under every map (one pass: the maps form a group,
    as the symmetries of a puzzle do)."""
    closed = cells.copy()
    for symmetry in symmetries:
        closed |= symmetry.apply(cells)
    return closed
