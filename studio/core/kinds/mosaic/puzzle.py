"""Mosaic (Fill-a-Pix): a clue in a cell counts the filled cells of its 3×3 neighbourhood.

The neighbourhood includes the cell itself and is clipped at the edges (6 cells on a side, 4 in
a corner). Clues are 0–9; most cells have none. Sources: T. de Jong, *Mosaic as a SAT problem*
(the encoding, Ch. 4 generation) and Simon Tatham's ``mosaic.c`` (game IDs, the one-clue solver).
A mosaic drawn from a picture shows some of the picture's clues: the designer chooses which
(:meth:`Mosaic.with_shown`), and repainting keeps that choice (:meth:`Mosaic.with_picture`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from studio.core.cancel import CancelToken
from studio.core.errors import PuzzleError
from studio.core.grid import (
    BoolGrid,
    PartialGrid,
    Picture,
    cell_name,
    cells_of,
    unknown_grid,
    window_sum,
)
from studio.core.kinds.mosaic.cnf import encode_mosaic
from studio.core.kinds.mosaic.logic import (
    NO_CLUE,
    ClueGrid,
    MosaicDeduction,
    neighbourhood,
    next_step,
    solve,
)
from studio.core.puzzle import Deduction, Difficulty, Hint, KindSpec, Violation
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.symmetry import Symmetry

MAX_CLUE = 9

MAX_SIDE = 300
"""The most rows or columns. The hardest case, a random picture with a fifth of its clues
shown, peaks under 600 MB at 300×300 (1.4 GB at 500×500) before its time limit stops it."""

#: A one-clue puzzle whose solver needs more rounds than this per cell of the longer side
#: rates 2 rather than 1: long chains of deductions, few places to start. Tatham's generated
#: puzzles (shared corpus) take 1.4 to 1.8 rounds per cell of side at 5×5, 1.9 to 4.8 at 20×20.
EASY_ROUNDS_PER_SIDE = 2.5
#: A puzzle needing more pair deductions than this per cell rates 4 rather than 3; minimal
#: pair-solvable puzzles made by the generator (6×6 to 20×20) need 0.12 to 0.37.
EASY_PAIRS_PER_CELL = 0.1


def difficulty(deduction: MosaicDeduction, shape: tuple[int, int]) -> Difficulty:
    """The difficulty of a unique mosaic of ``shape`` from its logic solver's ``deduction``:
    one clue at a time (score 1–2), with clue pairs (3–4), or needs search (5).

    Within a level the score grows with the work: more than :data:`EASY_ROUNDS_PER_SIDE`
    solver rounds per cell of the longer side makes a one-clue puzzle a 2, more than
    :data:`EASY_PAIRS_PER_CELL` pair deductions per cell makes a pair puzzle a 4.
    """
    steps = deduction.steps
    if not deduction.complete:
        return Difficulty("search", 5, "needs search", steps)
    if deduction.pair_steps == 0:
        hard = deduction.passes > EASY_ROUNDS_PER_SIDE * max(shape)
        return Difficulty("one-clue", 2 if hard else 1, "solvable clue by clue", steps)
    hard = deduction.pair_steps > EASY_PAIRS_PER_CELL * shape[0] * shape[1]
    return Difficulty("pairs", 4 if hard else 3, "needs clue pairs", steps)


def picture_clues(picture: BoolGrid, shown: BoolGrid) -> ClueGrid:
    """``int8`` clue grid ``(height, width)`` of ``picture`` showing the clues of ``shown``
    (both bool, same shape): each shown cell's count of filled cells around it, ``NO_CLUE``
    elsewhere."""
    counts = window_sum(np.asarray(picture, dtype=bool).astype(np.int8))
    clues: ClueGrid = np.where(shown, counts, NO_CLUE).astype(np.int8)
    return clues


def _clue_value(value: int | None) -> int:
    return NO_CLUE if value is None else int(value)


SPEC = KindSpec(
    name="mosaic",
    title="Mosaic",
    rules=(
        "Fill some cells of the grid to reveal a picture. A number in a cell counts the filled "
        "cells of the 3×3 square around it: the cell itself and its neighbours, sides and "
        "corners (fewer at the edge of the grid). The solution is the one picture that makes "
        "every number right. To start, look for a 0 (nothing around it is filled), a 9 (all "
        "of it is), a 6 on an edge or a 4 in a corner."
    ),
    aliases=("fill-a-pix", "fillapix"),
    max_side=MAX_SIDE,
    logic="clue logic",
    given="clue",
)
"""The mosaic's identity, words and size limits (:attr:`Mosaic.spec`)."""


@dataclass(frozen=True)
class Mosaic:
    """A mosaic: ``clues[r][c]`` is the clue in row ``r``, column ``c``, or ``NO_CLUE`` (-1).

    Construction takes rows of ints (``None`` or -1 for no clue) or an integer array; it does
    not validate the values (call :meth:`validate`).

    Raises:
        PuzzleError: from the constructor for rows of different lengths.
    """

    kind: ClassVar[str] = "mosaic"
    spec: ClassVar[KindSpec] = SPEC

    clues: tuple[tuple[int, ...], ...]
    _grid: ClueGrid = field(init=False, repr=False, compare=False, hash=False)

    def __init__(self, clues: Iterable[Iterable[int | None]] | npt.NDArray[np.integer]) -> None:
        rows = tuple(tuple(_clue_value(value) for value in row) for row in clues)
        for number, row in enumerate(rows):
            if len(row) != len(rows[0]):
                raise PuzzleError(
                    f"row {number + 1} has {len(row)} cells, row 1 has {len(rows[0])}"
                )
        object.__setattr__(self, "clues", rows)
        # Values an int8 cannot hold only occur in invalid puzzles; validate() reports them.
        grid = np.array(
            [[max(-128, min(127, value)) for value in row] for row in rows], dtype=np.int8
        ).reshape(len(rows), len(rows[0]) if rows else 0)
        grid.setflags(write=False)
        object.__setattr__(self, "_grid", grid)

    @classmethod
    def from_picture(cls, picture: Picture, shown: BoolGrid | None = None) -> Mosaic:
        """The mosaic of ``picture`` (bool ``(height, width)``) showing the clues of the cells
        in ``shown`` (bool, same shape; all cells if ``None``).

        Raises:
            PuzzleError: when ``shown`` has another shape.
        """
        grid = np.asarray(picture, dtype=bool)
        mask = np.ones(grid.shape, dtype=bool) if shown is None else np.asarray(shown, dtype=bool)
        if mask.shape != grid.shape:
            raise PuzzleError(
                f"the clue cells cover {mask.shape[1]}×{mask.shape[0]} cells, "
                f"the picture {grid.shape[1]}×{grid.shape[0]}"
            )
        return cls(picture_clues(grid, mask))

    def with_picture(self, picture: Picture, colours: int | None = None) -> Mosaic:
        """The same clue cells, their counts from a new picture (bool: a mosaic has one colour).

        Raises:
            PuzzleError: for ``colours`` other than 1 (or ``None``).
        """
        if colours not in (None, 1):
            raise PuzzleError(f"a mosaic is black and white, not of {colours} colours")
        return Mosaic.from_picture(picture, self.shown())

    def with_shown(self, picture: Picture, shown: BoolGrid) -> Mosaic:
        """The mosaic of ``picture`` showing the clues of ``shown`` instead."""
        return Mosaic.from_picture(picture, shown)

    def clue_grid(self) -> ClueGrid:
        """``int8`` ``(height, width)``: each cell's clue, ``NO_CLUE`` (-1) where none."""
        return self._grid.copy()

    def shown(self) -> BoolGrid:
        """bool ``(height, width)``: the cells that hold a clue."""
        shown: BoolGrid = self._grid != NO_CLUE
        return shown

    @property
    def colours(self) -> int:
        """1: a mosaic's cells are filled or empty."""
        return 1

    @property
    def shape(self) -> tuple[int, int]:
        return self._grid.shape

    def clue_cells(self) -> list[tuple[int, int]]:
        """The cells that hold a clue, row-major."""
        return cells_of(self.shown())

    def validate(self) -> None:
        """Raise :class:`PuzzleError` for the first problem found: a size outside 1 to
        :data:`MAX_SIDE` rows and columns; a clue outside 0–9; a clue larger than its
        neighbourhood (e.g. 7 in a corner, which has 4 cells)."""
        SPEC.check_shape(self.shape)
        sizes = window_sum(np.ones(self.shape, dtype=np.int8))
        for r, row in enumerate(self.clues):
            for c, clue in enumerate(row):
                if clue == NO_CLUE:
                    continue
                if not 0 <= clue <= MAX_CLUE:
                    raise PuzzleError(f"{cell_name((r, c))}: clue {clue} is outside 0–9")
                if clue > sizes[r, c]:
                    raise PuzzleError(
                        f"{cell_name((r, c))}: clue {clue} is more than the {sizes[r, c]} "
                        "cells of its neighbourhood"
                    )

    def check(self, grid: Picture) -> list[Violation]:
        """The clues ``grid`` breaks, row-major, each with its neighbourhood's cells."""
        counts = window_sum(np.asarray(grid, dtype=bool).astype(np.int8))
        wrong = (self._grid != NO_CLUE) & (counts != self._grid)
        return [
            Violation(
                f"{cell_name(cell)} has {counts[cell]} filled cells around it, "
                f"its clue is {self._grid[cell]}",
                neighbourhood(cell, self.shape),
            )
            for cell in cells_of(wrong)
        ]

    def givens_grid(self) -> PartialGrid:
        """A mosaic has no givens: every cell UNKNOWN."""
        return unknown_grid(*self.shape)

    def deduce(self, cancel: CancelToken | None = None) -> MosaicDeduction:
        """One-clue and pair logic to a fixpoint (:func:`.logic.solve`)."""
        return solve(self._grid, self.givens_grid(), cancel=cancel)

    def hint(self, known: PartialGrid) -> Hint | None:
        """The clue (else the pair of clues) that decides the most cells from ``known``."""
        step = next_step(self._grid, known)
        if step is None:
            return None
        reason = " and ".join(f"{cell_name(cell)} ({self._grid[cell]})" for cell in step.clues)
        source = sorted({c for clue in step.clues for c in neighbourhood(clue, self.shape)})
        return Hint(
            f"the clue{'s' if len(step.clues) > 1 else ''} at {reason}", step.cells, tuple(source)
        )

    def rate(self, deduction: Deduction, cancel: CancelToken | None = None) -> Difficulty:
        """One clue at a time (score 1–2), with clue pairs (3–4), or needs search (5); see
        :func:`difficulty`."""
        if not isinstance(deduction, MosaicDeduction):
            deduction = self.deduce(cancel)
        return difficulty(deduction, self.shape)

    def probe(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        """Nothing beyond ``known``: the probe pays off on hard nonograms, not tried here."""
        return Deduction(grid=known.copy())

    def symmetries(self) -> tuple[Symmetry, ...]:
        """None looked for: the symmetric search pays off on nonograms (Knotty), not tried here."""
        return ()

    def lazy_clauses(self, cells: LiteralGrid, grid: Picture) -> list[list[int]]:
        """None: the encoding holds every rule of a mosaic."""
        return []

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        """Cell variables (constants where ``known``) and, per clue, exactly ``k`` of its
        neighbourhood filled (:func:`.cnf.encode_mosaic`). A clue the known cells break
        gets the empty clause: the formula is then unsatisfiable, as the puzzle is."""
        return encode_mosaic(cnf, self._grid, known)
