"""Repairs, for any kind: what a repair hands back (one verified change, :class:`Repair`, or a
whole run, :class:`RepairResult`), what a kind declares (:class:`KindRepairs`), and the helpers
every repair search shares (:func:`exact_analysis`, :func:`tie_order`, :func:`flipped`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

from studio.core.cancel import CancelToken, Stopped
from studio.core.document import Document
from studio.core.grid import BoolGrid, Picture
from studio.core.puzzle import Cell, Puzzle
from studio.core.sat.analysis import Analysis, Status, analyze

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
    picture: Picture
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
        """One line for the Repair panel, e.g. ``"flip 2 cells → unique"`` (``"recolour 2
        cells …"`` in colour) or ``"add 1 given → 3 variable fields left"``."""
        parts = []
        if self.flips:
            verb = "recolour" if self.puzzle.colours > 1 else "flip"
            parts.append(f"{verb} {_count(len(self.flips), 'cell')}")
        if self.givens:
            parts.append(f"add {_count(len(self.givens), self.puzzle.spec.given)}")
        return f"{' and '.join(parts) or 'no change'} → {_outcome(self.analysis)}"


@dataclass(frozen=True, eq=False)
class RepairResult(Generic[P]):
    """The outcome of :func:`~studio.core.repair.repair_document` on a picture.

    Attributes:
        picture: bool ``(height, width)``, read-only: the picture after the repair.
        puzzle: its nonogram, clues from ``picture`` and ``givens`` shown.
        changed_cells: cells of ``picture`` that differ from the picture repaired, sorted.
        givens: every cell given in ``puzzle`` (the design's and those added), sorted.
        added_givens: the cells of ``givens`` that the repair added, sorted.
        analysis: exact analysis of ``puzzle``, difficulty included when unique.
        steps: repairs applied (one per flip or pair of flips, given added, or thesis round).
    """

    picture: Picture
    puzzle: P
    changed_cells: tuple[Cell, ...]
    givens: tuple[Cell, ...]
    added_givens: tuple[Cell, ...]
    analysis: Analysis
    steps: int

    @property
    def unique(self) -> bool:
        """True when the repaired puzzle has exactly one solution."""
        return self.analysis.status == Status.UNIQUE

    def describe(self) -> str:
        """One line, e.g. ``"3 cells changed → unique"``, ``"2 givens added → unique ·
        line-solvable"`` or ``"1 cell changed, 4 clues added → unique"``: what this repair did,
        not what the design already had, and whether logic alone then solves the puzzle."""
        changes = []
        if self.changed_cells:
            changes.append(_count(len(self.changed_cells), "cell") + " changed")
        if self.added_givens:
            changes.append(_count(len(self.added_givens), self.puzzle.spec.given) + " added")
        outcome = _outcome(self.analysis)
        if self.unique and self.analysis.logic_solvable:  # what "and line-solvable" asks
            outcome += f" · {self.puzzle.spec.logic_solvable}"
        return f"{', '.join(changes) or 'no change'} → {outcome}"


@dataclass(frozen=True)
class KindRepairs:
    """One kind's repairs.

    Attributes:
        strategies: the names :func:`studio.core.repair.repair_document` takes; the first is the
            default.
        repair: ``(document, reference, strategy, logic_solvable, rng, cancel)`` -> result.
        suggest: ``(document, reference, analysis, limit, cancel)`` -> ranked repairs.
    """

    strategies: tuple[str, ...]
    repair: Callable[
        [
            Document,
            Picture | None,
            str,
            bool,
            np.random.Generator | None,
            CancelToken | None,
        ],
        RepairResult[Puzzle],
    ]
    suggest: Callable[
        [Document, Picture | None, Analysis, int, CancelToken | None], Sequence[Repair[Puzzle]]
    ]


#: Candidates verified by exact analysis per round (the best by the line-solver proxy).
VERIFY = 12


def exact_analysis(
    puzzle: Puzzle, cancel: CancelToken | None, limit: int | None = None
) -> Analysis:
    """Exact analysis, unrated, of a repair's candidate, or one cut short as soon as more than
    ``limit`` variable fields are found (``stop_reason == "limit"``).

    Raises:
        Stopped: when cancelled or out of time (a repair never goes on from a partial
            analysis).
    """
    # Candidates are compared by their variable fields; only the result gets rated.
    analysis = analyze(puzzle, cancel=cancel, rate=False, variable_limit=limit)
    if not analysis.complete and analysis.stop_reason != "limit":
        raise Stopped(analysis.stop_reason or "cancelled")
    return analysis


def tie_order(count: int, rng: np.random.Generator | None) -> list[int]:
    """The rank of each of ``count`` equally good candidates: random from ``rng``, else their
    own order."""
    return list(range(count)) if rng is None else rng.permutation(count).tolist()


def flipped(picture: Picture, cells: Iterable[Cell]) -> BoolGrid:
    """A read-only copy of ``picture`` with ``cells`` toggled."""
    result = np.array(picture, dtype=bool)
    for r, c in cells:
        result[r, c] = not result[r, c]
    result.setflags(write=False)
    return result
