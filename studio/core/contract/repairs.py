"""What a repair hands back, for any kind: one verified change (:class:`Repair`) or a whole
run (:class:`RepairResult`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from studio.core.grid import BoolGrid
from studio.core.kinds import get_kind
from studio.core.puzzle import Cell, Puzzle
from studio.core.sat.analysis import Analysis, Status

P = TypeVar("P", bound=Puzzle, covariant=True)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _outcome(analysis: Analysis) -> str:
    if analysis.status == Status.UNIQUE:
        return "unique"
    return f"{_count(int(analysis.variable.sum()), 'variable field')} left"


@dataclass(frozen=True, eq=False)
class Repair(Generic[P]):
    """One verified change to a design and its effect (for a nonogram: flipped picture cells
    and added givens; for other kinds: cells changed and clues or givens added).

    Attributes:
        flips: picture cells toggled, sorted ``(row, col)``.
        givens: cells added as givens (shown with their value in ``picture``), sorted.
        picture: bool ``(height, width)``, read-only: the picture after the change.
        puzzle: the puzzle after the change: clues from ``picture``, the design's givens and
            ``givens`` included.
        analysis: exact analysis of ``puzzle`` (status and variable fields; ``difficulty`` is
            set when :func:`~studio.core.sat.analysis.analyze` rates it).
    """

    flips: tuple[Cell, ...]
    givens: tuple[Cell, ...]
    picture: BoolGrid
    puzzle: P
    analysis: Analysis

    @property
    def remaining(self) -> int:
        """Variable fields left: 0 when the puzzle is unique."""
        return int(self.analysis.variable.sum())

    @property
    def size(self) -> int:
        """Cells the change touches: flips plus givens added."""
        return len(self.flips) + len(self.givens)

    def describe(self) -> str:
        """One line for the Repair panel, e.g. ``"flip 2 cells → unique"`` or
        ``"add 1 given → 3 variable fields left"``."""
        parts = []
        if self.flips:
            parts.append(f"flip {_count(len(self.flips), 'cell')}")
        if self.givens:
            parts.append(f"add {_count(len(self.givens), get_kind(self.puzzle.kind).given)}")
        return f"{' and '.join(parts) or 'no change'} → {_outcome(self.analysis)}"


@dataclass(frozen=True, eq=False)
class RepairResult(Generic[P]):
    """The outcome of :func:`~studio.core.repair.repair` on a picture.

    Attributes:
        picture: bool ``(height, width)``, read-only: the picture after the repair.
        puzzle: its nonogram, clues from ``picture`` and ``givens`` shown.
        changed_cells: cells of ``picture`` that differ from the picture repaired, sorted.
        givens: every cell given in ``puzzle`` (the design's and those added), sorted.
        analysis: exact analysis of ``puzzle``, difficulty included when unique.
        steps: repairs applied (one per flip or pair of flips, given added, or thesis round).
    """

    picture: BoolGrid
    puzzle: P
    changed_cells: tuple[Cell, ...]
    givens: tuple[Cell, ...]
    analysis: Analysis
    steps: int

    @property
    def unique(self) -> bool:
        """True when the repaired puzzle has exactly one solution."""
        return self.analysis.status == Status.UNIQUE

    def describe(self) -> str:
        """One line, e.g. ``"3 cells changed → unique"`` or
        ``"0 cells changed, 4 givens → unique"``."""
        changes = [_count(len(self.changed_cells), "cell") + " changed"]
        if self.givens:
            changes.append(_count(len(self.givens), get_kind(self.puzzle.kind).given))
        return f"{', '.join(changes)} → {_outcome(self.analysis)}"
