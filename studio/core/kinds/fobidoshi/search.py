"""The thesis's backtracking solver for Fobidoshi, with its improvements (Heslenfeld 2024, §3.2
and §3.3), as a function to measure against the SAT path (benchmarks/fobidoshi.py); the
difficulty rating uses the rules and probing of :mod:`.rules` instead.

Each call of the search (§3.2) propagates the rules (:func:`.rules.propagate`): the
forced crosses next to runs (step 2) always; with :attr:`Improvements.barriers` the barrier
check (§3.3.1), which abandons a configuration whose circles crosses wall apart; with
:attr:`Improvements.good_moves` the good moves (§3.3.2), circles on the cells a cross would
turn into such a barrier. Then it picks an undecided cell (step 3): the first one in row-major
order, or with :attr:`Improvements.neighbours` (§3.3.3) the first one beside a circle, and
tries a circle there, then a cross.

As in the thesis (step 1), a configuration whose circles are connected is a solution, the
undecided cells left without circles; the thesis stops there. To count solutions exactly (the
same number as SAT's; the tests check it by brute force) the search goes on below it, where
every further solution has more circles, and records a configuration only where its circles
first became what they are (at the start, or after a circle was added): each solution is then
found once, on the one path that circles exactly its cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.grid import EMPTY, FILLED, UNKNOWN, BoolGrid, PartialGrid
from studio.core.kinds.fobidoshi.rules import BARRIER, CUT, RUNS, beside, connected, propagate
from studio.core.puzzle import Cell

#: Calls between two checks of the cancel token.
CHECK_EVERY = 64


@dataclass(frozen=True)
class Improvements:
    """Which of the thesis's improvements the search uses (all by default).

    Attributes:
        barriers: §3.3.1, abandon a configuration with a barrier of crosses.
        good_moves: §3.3.2, circle the cells where a cross would form a barrier.
        neighbours: §3.3.3, guess only on cells beside a circle.
        unreachable: ours (the logic solver's barrier rule): cross the cells no circle can
            reach; needs ``barriers``.
    """

    barriers: bool = True
    good_moves: bool = True
    neighbours: bool = True
    unreachable: bool = False

    def rules(self) -> frozenset[str]:
        return frozenset(
            (RUNS, *((BARRIER,) if self.barriers else ()), *((CUT,) if self.good_moves else ()))
        )


PLAIN = Improvements(barriers=False, good_moves=False, neighbours=False)
"""The thesis's first, basic backtracking algorithm (§3.2)."""

LOGIC = Improvements(unreachable=True)
"""Every rule of the logic solver (:func:`.rules.propagate`) and every improvement."""


@dataclass(frozen=True, eq=False)
class SearchResult:
    """What the search found and the work it took.

    Attributes:
        solutions: the solutions found, bool ``(height, width)`` each, at most the limit.
        calls: recursive calls (configurations visited).
        exhausted: True when every configuration was explored, so that ``solutions`` are all
            of them; False when the search stopped at the limit of solutions or calls.
    """

    solutions: tuple[BoolGrid, ...]
    calls: int
    exhausted: bool


class _Stop(Exception):
    """Ends the search early: enough solutions, or the call limit."""


@dataclass
class _Search:
    improvements: Improvements
    limit: int
    max_calls: int | None
    cancel: CancelToken | None
    solutions: list[BoolGrid] = field(default_factory=list)
    calls: int = 0

    def visit(self, grid: PartialGrid, before: int) -> None:
        """Search below ``grid``, whose parent configuration held ``before`` circles (-1 at
        the start)."""
        self.calls += 1
        if self.max_calls is not None and self.calls > self.max_calls:
            raise _Stop
        if self.cancel is not None and self.calls % CHECK_EVERY == 0:
            self.cancel.check()
        propagated = propagate(
            grid,
            rules=self.improvements.rules(),
            unreachable=self.improvements.unreachable,
        )
        if propagated.contradiction is not None:
            return
        grid = propagated.grid
        circles: BoolGrid = grid == FILLED
        count = int(np.count_nonzero(circles))
        if connected(circles) and count != before:
            self.solutions.append(circles)
            if len(self.solutions) >= self.limit:
                raise _Stop
        cell = self.choose(grid)
        if cell is None:
            return
        for value in (FILLED, EMPTY):
            child = grid.copy()
            child[cell] = value
            self.visit(child, count)

    def choose(self, grid: PartialGrid) -> Cell | None:
        """The cell to guess on, or ``None`` when the configuration is complete (every cell
        decided, or with the neighbour choice no undecided cell beside a circle)."""
        open_cells = grid == UNKNOWN
        circles = grid == FILLED
        if self.improvements.neighbours and circles.any():
            open_cells &= beside(circles)
        hits = np.argwhere(open_cells)
        if hits.size == 0:
            return None
        return int(hits[0][0]), int(hits[0][1])


def backtrack(
    start: PartialGrid,
    *,
    limit: int = 2,
    improvements: Improvements = Improvements(),
    max_calls: int | None = None,
    cancel: CancelToken | None = None,
) -> SearchResult:
    """Search the completions of ``start`` for solutions (thesis §3.2–3.3).

    Args:
        start: ``int8`` partial grid ``(height, width)``: the givens (circles ``FILLED``,
            crosses ``EMPTY``), and any cells already deduced.
        limit: stop after this many solutions (2 answers "unique?").
        improvements: the thesis's improvements to use.
        max_calls: stop after this many calls (``exhausted`` is then False).
        cancel: checked every :data:`CHECK_EVERY` calls.

    Returns:
        The solutions found and the work done.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    search = _Search(improvements, limit, max_calls, cancel)
    try:
        search.visit(np.asarray(start, dtype=np.int8), -1)
        exhausted = True
    except _Stop:
        exhausted = False
    return SearchResult(tuple(search.solutions), search.calls, exhausted)
