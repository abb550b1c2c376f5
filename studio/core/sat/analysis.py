"""Generic analysis of any puzzle kind: status, a solution, the variable fields, solution counts.

Pipeline (docs/algorithms.md, "Analysis"):

1. The kind's logic solver (:meth:`Puzzle.deduce`) runs first. If it completes the grid the
   puzzle is unique and no SAT call is needed; if it finds a contradiction there is no solution.
2. Otherwise the kind encodes what is still open (:meth:`Puzzle.encode`) and the solver finds a
   solution S.
3. Variable fields are the cells outside the backbone: under a fresh activation literal add
   "some remaining candidate cell differs from S"; every model found removes every cell it flips
   from the candidates (those are variable); repeat until UNSAT. The result is exact after at
   most (#variable + 1) calls (thesis §5.3.1 diffed a few enumerated solutions and could miss
   cells; pysat's ``examples/bbscan.py`` and cspuz's irrefutable solve work this way).

Colour puzzles (``puzzle.colours > 1``) encode each cell one-hot (:meth:`Puzzle.encode`); "cell
differs from S" is then the negation of the literal of S's value there, so the same steps find
the cells that take two different colours across solutions. A black-and-white puzzle keeps its
one literal per cell.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from studio.core.cancel import CancelToken, Stopped, StopReason
from studio.core.grid import BoolGrid, PartialGrid, Picture, cells_of, picture_of, unknown_grid
from studio.core.puzzle import Cell, Deduction, Difficulty, Puzzle, Violation
from studio.core.sat.cnf import FALSE, TRUE, CnfBuilder, LiteralGrid
from studio.core.sat.session import SolverSession


class Status(StrEnum):
    """How many solutions a puzzle has; the values are the strings of ``analyze --json``."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    UNKNOWN = "unknown"  # stopped (time limit or cancel) before the answer was known


@dataclass(frozen=True)
class Analysis:
    """Everything the studio shows about a puzzle's solutions.

    Attributes:
        status: unique, multiple, none, or unknown when stopped early.
        solution: one solution (the solution when unique); ``None`` if none was found. A
            picture: ``bool``, or ``uint8`` colours for a colour puzzle.
        variable: bool grid ``(height, width)``: the cells that differ between solutions.
            When ``complete`` is False it may be a subset.
        deduction: what the kind's logic solver concluded on its own.
        kind: the puzzle's kind (its name), for the words that describe the analysis.
        difficulty: how hard the puzzle is for a person; only for a unique puzzle.
        complete: False when a time limit or cancel cut the analysis short.
        stop_reason: ``"timeout"`` or ``"cancelled"`` when not complete.
        seconds: wall-clock time of the analysis.
        sat_calls: number of SAT solver calls made.
    """

    status: Status
    solution: Picture | None
    variable: BoolGrid
    deduction: Deduction
    kind: str
    difficulty: Difficulty | None = None
    complete: bool = True
    stop_reason: StopReason | None = None
    seconds: float = 0.0
    sat_calls: int = 0

    @property
    def logic_solvable(self) -> bool:
        """True when the logic solver alone completes the puzzle (for nonograms: line-solvable)."""
        return self.deduction.complete

    @property
    def contradiction(self) -> Violation | None:
        """Where logic proved the puzzle impossible, if it did."""
        return self.deduction.contradiction

    @property
    def variable_cells(self) -> list[Cell]:
        """The variable fields as ``(row, col)`` pairs in row-major order."""
        return cells_of(self.variable)


def decode_cells(cells: LiteralGrid, model: list[int]) -> Picture:
    """The value of every cell in ``model`` (``model[v-1] == ±v``): from one literal per cell
    ``(height, width)`` a bool grid, from one-hot literals ``(height, width, values)`` the
    ``uint8`` value whose literal holds."""
    values = np.asarray(model, dtype=np.int64)
    holds = (values[np.abs(cells) - 1] > 0) == (cells > 0)
    if cells.ndim == 2:
        filled: BoolGrid = holds
        return filled
    decoded: Picture = np.argmax(holds, axis=2).astype(np.uint8)
    return decoded


def differing(cells: LiteralGrid, solution: Picture) -> LiteralGrid:
    """Per cell, ``(height, width)``, the literal "this cell's value differs from
    ``solution``'s": the cell literal or its negation in black and white, the negated one-hot
    literal of the solution's value in colour."""
    if cells.ndim == 2:
        flipped: LiteralGrid = np.where(solution, -cells, cells)
        return flipped
    chosen = np.take_along_axis(cells, solution.astype(np.intp)[:, :, None], axis=2)
    negated: LiteralGrid = -chosen[:, :, 0]
    return negated


class _Search:
    """One puzzle encoded into one solver session, with the analysis steps on top."""

    def __init__(self, puzzle: Puzzle, known: PartialGrid, cancel: CancelToken) -> None:
        cnf = CnfBuilder(cancel)
        self.puzzle = puzzle
        self.cells = puzzle.encode(cnf, known)
        self.session = SolverSession(cnf, cancel=cancel)
        constant = np.isin(self.cells, (TRUE, FALSE))
        self.open = ~constant if constant.ndim == 2 else ~constant.all(axis=2)

    def close(self) -> None:
        self.session.close()

    def solve(self, assumptions: list[int] | None = None) -> Picture | None:
        """A solution under ``assumptions``, or ``None``.

        A model that breaks a rule the encoding leaves to later (:meth:`Puzzle.lazy_clauses`,
        e.g. Fobidoshi's connectivity) gets the clauses that rule it out, for good, and the
        solver tries again; so every grid returned here is a solution.
        """
        while self.session.solve(assumptions or ()):
            grid = decode_cells(self.cells, self.session.model())
            clauses = self.puzzle.lazy_clauses(self.cells, grid)
            if not clauses:
                return grid
            for clause in clauses:
                self.session.add_clause(clause)
        return None

    def variable_fields(
        self, solution: Picture, variable: BoolGrid, limit: int | None = None
    ) -> None:
        """Mark in ``variable`` every open cell that some other solution flips (exact).

        Raises:
            Stopped: ``"limit"`` as soon as more than ``limit`` cells are variable.
        """
        candidates = self.open & ~variable
        # Prefer the opposite of the solution when branching: models then flip many cells at
        # once and the loop needs fewer calls.
        flipped = differing(self.cells, solution)
        self.session.set_phases(flipped[self.open].tolist())
        while candidates.any():
            activation = self.session.new_var()
            self.session.add_clause([-activation, *flipped[candidates].tolist()])
            found = self.solve([activation])
            self.session.add_clause([-activation])  # retire this clause for good
            if found is None:
                return
            differs = found != solution
            variable |= differs & candidates
            candidates &= ~differs
            if limit is not None and int(variable.sum()) > limit:
                raise Stopped("limit")

    def count(self, cap: int) -> int:
        """Solutions up to ``cap``, blocking each one found on the cell literals."""
        found = 0
        while found < cap and (values := self.solve()) is not None:
            found += 1
            self.session.add_clause(differing(self.cells, values)[self.open].tolist())
        return found


@contextmanager
def _searching(
    puzzle: Puzzle, cancel: CancelToken, logic_first: bool
) -> Iterator[tuple[Deduction, _Search | None]]:
    """Deduce, then open a search unless logic already settled the puzzle (no search then).

    With ``logic_first`` False the search encodes the whole puzzle, ignoring what logic found:
    the way to measure an encoding on its own.
    """
    deduction = puzzle.deduce(cancel)
    if logic_first and (deduction.contradiction is not None or deduction.complete):
        yield deduction, None
        return
    known = deduction.grid if logic_first else unknown_grid(*puzzle.shape)
    search = _Search(puzzle, known, cancel)
    try:
        yield deduction, search
    finally:
        search.close()


def analyze(
    puzzle: Puzzle,
    *,
    cancel: CancelToken | None = None,
    logic_first: bool = True,
    rate: bool = True,
    variable_limit: int | None = None,
) -> Analysis:
    """Status, a solution and the exact variable fields of a valid puzzle.

    Args:
        puzzle: a puzzle that passed :meth:`Puzzle.validate`.
        cancel: cancellation and time limit; when it fires the result has ``complete=False``
            and keeps what was proven so far (e.g. ``MULTIPLE`` with some variable fields).
        logic_first: let the kind's logic solver settle what it can before SAT (the fast
            path); False sends the whole puzzle to SAT, to measure an encoding.
        rate: rate the difficulty of a unique puzzle (it can cost more than the analysis:
            probing); searches that only compare candidates leave it out (:func:`rated` adds
            it later).
        variable_limit: stop once more than this many variable fields are found (the result
            is then ``MULTIPLE``, incomplete, with ``stop_reason == "limit"``): a search that
            only needs to know whether a candidate beats the best so far.

    Returns:
        The analysis; never raises :class:`Stopped`.
    """
    started = time.perf_counter()
    token = cancel or CancelToken()
    height, width = puzzle.shape
    variable = np.zeros((height, width), dtype=bool)
    deduction = Deduction(grid=unknown_grid(height, width))
    solution: Picture | None = None
    sat_calls = 0

    def result(status: Status, stop: Stopped | None = None) -> Analysis:
        difficulty = None
        if rate and status == Status.UNIQUE and stop is None:
            try:
                difficulty = puzzle.rate(deduction, token)
            except Stopped as late:
                stop = late
        return Analysis(
            status=status,
            solution=solution,
            variable=variable,
            deduction=deduction,
            kind=puzzle.kind,
            difficulty=difficulty,
            complete=stop is None,
            stop_reason=None if stop is None else stop.reason,
            seconds=time.perf_counter() - started,
            sat_calls=sat_calls,
        )

    try:
        with _searching(puzzle, token, logic_first) as (deduction, search):
            if search is None:
                if deduction.contradiction is not None:
                    return result(Status.NONE)
                solution = picture_of(deduction.grid, puzzle.colours)
                return result(Status.UNIQUE)
            try:
                solution = search.solve()
                if solution is None:
                    return result(Status.NONE)
                search.variable_fields(solution, variable, variable_limit)
            finally:
                sat_calls = search.session.calls
            return result(Status.MULTIPLE if variable.any() else Status.UNIQUE)
    except Stopped as stop:
        return result(Status.MULTIPLE if variable.any() else Status.UNKNOWN, stop)


def rated(puzzle: Puzzle, analysis: Analysis, *, cancel: CancelToken | None = None) -> Analysis:
    """``analysis`` of ``puzzle`` with its difficulty, if it is unique and was not rated yet.

    Raises:
        Stopped: when ``cancel`` fires first.
    """
    if analysis.status != Status.UNIQUE or analysis.difficulty is not None:
        return analysis
    difficulty = puzzle.rate(analysis.deduction, cancel or CancelToken())
    return dataclasses.replace(analysis, difficulty=difficulty)


def solve(
    puzzle: Puzzle, *, cancel: CancelToken | None = None, logic_first: bool = True
) -> Picture | None:
    """One solution of a valid puzzle, or ``None`` if it has none (``logic_first``: as for
    :func:`analyze`).

    Raises:
        Stopped: when ``cancel`` fires first.
    """
    with _searching(puzzle, cancel or CancelToken(), logic_first) as (deduction, search):
        if search is None:
            if deduction.contradiction is not None:
                return None
            return picture_of(deduction.grid, puzzle.colours)
        return search.solve()


def count_solutions(
    puzzle: Puzzle, cap: int, *, cancel: CancelToken | None = None, logic_first: bool = True
) -> int:
    """The number of solutions of a valid puzzle, counting at most ``cap`` (``logic_first``: as
    for :func:`analyze`).

    Raises:
        Stopped: when ``cancel`` fires first.
    """
    with _searching(puzzle, cancel or CancelToken(), logic_first) as (deduction, search):
        if search is None:
            return 0 if deduction.contradiction is not None else min(1, cap)
        return search.count(cap)
