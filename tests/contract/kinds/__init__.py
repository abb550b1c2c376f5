"""What each kind brings to the contract suite (``tests/contract``): data, and nothing else.

A module per kind (:mod:`.nonogram`, :mod:`.mosaic`, :mod:`.fobidoshi`) declares one
:class:`KindData`: a few tiny puzzles, a hypothesis strategy of valid tiny puzzles, and the
independent truth, a brute force written from the kind's rules (never through the studio's
checker, logic or solver). :data:`DATA` lists them by kind name; the suite runs every test over
every kind of the registry (:data:`studio.core.kinds.KINDS`) and fails for a kind that has no
data here. Adding a kind: a module beside these, one line in :data:`DATA`.

Every brute force has one shape (:func:`search_rows`): the grid is built a row at a time, each
row any of the ``2**width`` patterns, and a partial grid is dropped as soon as it breaks a rule
it already decides; the kind writes only that test (``keeps``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from hypothesis import strategies as st

from studio.core.grid import Picture
from studio.core.puzzle import Puzzle

Row = tuple[int, ...]
Keeps = Callable[[Sequence[Row], bool], bool]
"""``keeps(rows, complete)``: False once ``rows`` (the top rows of a grid; all of them when
``complete``) break a rule of the puzzle; True while every rule can still hold."""


def search_rows(shape: tuple[int, int], keeps: Keeps, colours: int = 1) -> tuple[Picture, ...]:
    """Every grid of ``shape`` whose rows ``keeps`` accepts at every depth, row-major (the
    first row's patterns in ``itertools.product`` order, and so on): bool grids, or for
    ``colours`` > 1 ``uint8`` grids of values 0 to ``colours``."""
    height, width = shape
    values = (False, True) if colours == 1 else tuple(range(colours + 1))
    patterns = list(itertools.product(values, repeat=width))
    found: list[Picture] = []

    def extend(rows: list[Row]) -> None:
        if len(rows) == height:
            dtype = bool if colours == 1 else np.uint8
            grid = np.array(rows, dtype=dtype).reshape(height, width)
            grid.setflags(write=False)
            found.append(grid)
            return
        for pattern in patterns:
            grown = [*rows, pattern]
            if keeps(grown, len(grown) == height):
                extend(grown)

    extend([])
    return tuple(found)


def runs(cells: Sequence[bool]) -> tuple[int, ...]:
    """The lengths of the runs of True in ``cells``, in order."""
    found: list[int] = []
    count = 0
    for cell in cells:
        if cell:
            count += 1
        elif count:
            found.append(count)
            count = 0
    if count:
        found.append(count)
    return tuple(found)


@dataclass(frozen=True)
class KindData:
    """One kind's contribution to the contract suite.

    Attributes:
        name: the kind's name in the registry.
        samples: tiny valid puzzles by a name that says what they are; together (the suite
            checks) they have one, several and no solutions.
        puzzles: valid puzzles up to 4×4 (at least the kind's smallest size), of every
            verdict, with givens where the kind has them.
        brute_force: every solution of a puzzle (see :func:`search_rows`).
        generated_shapes: the sizes the suite generates puzzles at (their uniqueness is checked
            by brute force).
        partial_repairs: repair strategies allowed to end short of a unique puzzle.
        refused: ``refused(puzzle, method)``: True where a repair strategy or a CNF encoding
            (by name) refuses a puzzle by design, with a
            :class:`~studio.core.errors.StudioError` (a black-and-white method and a colour
            puzzle).
    """

    name: str
    samples: Mapping[str, Puzzle]
    puzzles: st.SearchStrategy[Puzzle]
    brute_force: Callable[[Puzzle], tuple[Picture, ...]]
    generated_shapes: tuple[tuple[int, int], ...]
    partial_repairs: tuple[str, ...] = field(default=())
    refused: Callable[[Puzzle, str], bool] = lambda puzzle, method: False

    def solutions(self, puzzle: Puzzle) -> tuple[Picture, ...]:
        """Every solution of ``puzzle`` by brute force (read-only grids, remembered)."""
        return _solutions(self.brute_force, puzzle)


@functools.lru_cache(maxsize=4096)
def _solutions(
    brute_force: Callable[[Puzzle], tuple[Picture, ...]], puzzle: Puzzle
) -> tuple[Picture, ...]:
    return brute_force(puzzle)


def _data() -> dict[str, KindData]:
    from tests.contract.kinds import fobidoshi, mosaic, nonogram

    return {data.name: data for data in (nonogram.DATA, mosaic.DATA, fobidoshi.DATA)}


DATA: Mapping[str, KindData] = _data()
"""Each kind's data, by kind name."""
