"""Minimal clue sets for a mosaic: drop clues, in random order, while the puzzle stays unique
(or solvable by logic).

De Jong, *Mosaic as a SAT problem*, §4.1–4.2: uniqueness is "no solution once the known one is
blocked"; generation shows every clue of a picture and then tries removing each in turn, keeping
it removed when the puzzle stays unique. Tatham's ``mosaic.c`` (``hide_clues``, aggressive mode)
does the same with his one-clue solver in place of SAT. Removing clues only adds solutions (and
takes away deductions), so one pass leaves a *minimal* clue set: dropping any remaining clue
breaks the standard.

Uniqueness is checked in one incremental :class:`ClueSession`: every clue's constraint sits
under an activation literal, the picture is blocked once, and "unique without clue c?" is one
solve under the assumptions "the clues not yet decided are on"; a clue kept or dropped becomes a
unit clause. The logic standards run the logic solver (:func:`.logic.solve`) per clue,
except for a clue the last solve could do without (:meth:`.logic.Trace.needs`):
dropping it leaves the solver's rounds as they were, so it is dropped untried (the result is
the same as solving every time, only faster).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.errors import PuzzleError
from studio.core.grid import BoolGrid, cells_of, unknown_grid, window_sum
from studio.core.kinds.mosaic.cnf import exactly
from studio.core.kinds.mosaic.logic import (
    Trace,
    neighbourhood,
    traced_solve,
)
from studio.core.kinds.mosaic.puzzle import difficulty, picture_clues
from studio.core.puzzle import Cell
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import SolverSession

Standard = Literal["unique", "one-clue", "pairs"]
"""What a clue set must keep: a unique solution, solvable by single clues (Tatham's standard),
or solvable by single clues and clue pairs."""
STANDARDS: tuple[Standard, ...] = ("unique", "one-clue", "pairs")


class ClueSession:
    """A SAT session asking whether ``picture`` is the only solution of a set of its clues.

    Args:
        picture: bool ``(height, width)``: the intended solution.
        candidates: bool mask of the cells whose clue may be shown.
        cancel: stops a solve in progress.
    """

    def __init__(
        self, picture: BoolGrid, candidates: BoolGrid, cancel: CancelToken | None = None
    ) -> None:
        grid = np.asarray(picture, dtype=bool)
        shape: tuple[int, int] = grid.shape
        counts = window_sum(grid.astype(np.int8))
        cnf = CnfBuilder()
        cells = cnf.new_vars(shape)
        self._activation: dict[Cell, int] = {}
        for cell in cells_of(candidates):
            activation = cnf.new_var()
            self._activation[cell] = activation
            literals = [int(cells[near]) for near in neighbourhood(cell, shape)]
            for clause in exactly(cnf, literals, int(counts[cell])):
                cnf.add([*clause, -activation])
        # de Jong §4.1: block the known solution; any model left is another solution.
        cnf.add(np.where(grid, -cells, cells).ravel().tolist())
        self._session = SolverSession(cnf, cancel=cancel)

    def close(self) -> None:
        self._session.close()

    def __enter__(self) -> ClueSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def unique(self, clues: Iterable[Cell]) -> bool:
        """True if the picture is the only solution when the clues of ``clues`` are shown
        (together with those :meth:`keep` fixed).

        Raises:
            Stopped: when the session's cancel token fires.
        """
        return not self._session.solve([self._activation[cell] for cell in clues])

    def keep(self, cell: Cell, shown: bool) -> None:
        """Fix for good whether ``cell``'s clue is shown, so later calls need not assume it."""
        activation = self._activation[cell]
        self._session.add_clause([activation if shown else -activation])


def minimal_clues(
    picture: BoolGrid,
    shown: BoolGrid,
    order: Sequence[Cell] | None = None,
    *,
    standard: Standard = "unique",
    max_score: int | None = None,
    cancel: CancelToken | None = None,
) -> BoolGrid | None:
    """``shown`` with the clues of ``order`` dropped one by one, in that order, while the
    puzzle meets ``standard``.

    Args:
        picture: bool ``(height, width)``: the solution.
        shown: bool mask of the clues shown now.
        order: the clue cells to try dropping (clues of ``shown`` not listed stay); ``None``:
            every clue of ``shown``, row-major. A random order (from a seeded generator)
            gives other, equally minimal, clue sets.
        standard: what the result must keep (see :data:`Standard`).
        max_score: with a logic standard, also keep the difficulty score at most this.
        cancel: checked between clues.

    Returns:
        bool mask of the clues kept: minimal among the cells of ``order`` (dropping any one of
        them breaks ``standard``); ``None`` if the puzzle of ``shown`` does not meet
        ``standard`` to begin with.

    Raises:
        PuzzleError: when ``picture`` and ``shown`` differ in shape.
        Stopped: when ``cancel`` fires.
    """
    token = cancel or CancelToken()
    kept = np.array(shown, dtype=bool)
    if kept.shape != np.shape(picture):
        raise PuzzleError(
            f"the clue cells cover {kept.shape[1]}×{kept.shape[0]} cells, the picture "
            f"{np.shape(picture)[1]}×{np.shape(picture)[0]}"
        )
    if order is None:
        order = cells_of(kept)
    if standard == "unique":
        with ClueSession(picture, kept, token) as session:
            undecided = [cell for cell in order if kept[cell]]
            listed = set(undecided)
            for cell in cells_of(kept):
                if cell not in listed:
                    session.keep(cell, True)
            if not session.unique(undecided):
                return None
            for index, cell in enumerate(undecided):
                token.check()
                dropped = session.unique(undecided[index + 1 :])
                session.keep(cell, not dropped)
                kept[cell] = not dropped
        return kept

    def deduce(shown: BoolGrid) -> Trace | None:
        """The trace of the logic solver if it meets the standard, else ``None``."""
        clues = picture_clues(picture, shown)
        deduction, trace = traced_solve(
            clues, unknown_grid(*clues.shape), pairs=standard == "pairs", cancel=token
        )
        if not deduction.complete:
            return None
        if max_score is not None and difficulty(deduction, clues.shape).score > max_score:
            return None
        return trace

    trace = deduce(kept)
    if trace is None:
        return None
    for cell in order:
        token.check()
        if not kept[cell]:
            continue
        kept[cell] = False
        if not trace.needs(cell):
            trace.drop(cell)
            continue
        without = deduce(kept)
        if without is None:
            kept[cell] = True
        else:
            trace = without
    return kept
