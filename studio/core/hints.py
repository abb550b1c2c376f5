"""Hints: what a solver knows, one step of the kind's own logic at a time.

A hint (:meth:`~studio.core.puzzle.Puzzle.hint`) names the clue a deduction follows from and the
cells it decides; :func:`step` applies it to what is known. The window steps through them (Solve
▸ Hint) and ``studio hint`` prints them: both through :func:`step`, from the givens
(:func:`start`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from studio.core.grid import UNKNOWN, PartialGrid
from studio.core.puzzle import Hint, Puzzle


@dataclass(frozen=True, eq=False)
class Step:
    """One hint and what is known once it is followed.

    Attributes:
        hint: the deduction: its reason, the cells it decides, the cells it comes from.
        known: ``int8`` partial grid ``(height, width)``: the cells known after it.
    """

    hint: Hint
    known: PartialGrid

    @property
    def solved(self) -> bool:
        """True when every cell is known."""
        return not bool((self.known == UNKNOWN).any())


def start(puzzle: Puzzle) -> PartialGrid:
    """What a solver knows before any step: the givens (``int8``, ``(height, width)``)."""
    return puzzle.givens_grid()


def step(puzzle: Puzzle, known: PartialGrid) -> Step | None:
    """The next hint from ``known`` (``int8``, ``(height, width)``) and the grid after it, or
    ``None`` when the kind's logic decides no more cells (solved, or stuck).

    The puzzle must be valid (:meth:`Puzzle.validate`); ``known`` is not changed.
    """
    hint = puzzle.hint(known)
    if hint is None:
        return None
    after = known.copy()
    for row, col, value in hint.cells:
        after[row, col] = int(value)  # filled (a bool) is FILLED or EMPTY; a colour itself
    return Step(hint, after)


def walk(puzzle: Puzzle) -> Iterator[Step]:
    """Every step from the givens until the kind's logic decides no more cells."""
    known = start(puzzle)
    while (next_step := step(puzzle, known)) is not None:
        yield next_step
        known = next_step.known
