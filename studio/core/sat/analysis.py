"""Generic analysis of any puzzle kind: status, a solution, the variable fields, solution counts.

Pipeline (docs/algorithms.md, "Analysis"):

1. The kind's logic solver (:meth:`Puzzle.deduce`) runs first. If it completes the grid the
   puzzle is unique and no SAT call is needed; if it finds a contradiction there is no solution.
2. Otherwise the kind encodes what is still open (:meth:`Puzzle.encode`) and the solver finds a
   solution S; a symmetric one first when the puzzle has symmetries (:meth:`Puzzle.symmetries`),
   a search space a fraction of the size.
3. Variable fields are the cells outside the backbone: under a fresh activation literal add
   "some remaining candidate cell differs from S"; every model found removes every cell it flips
   from the candidates (those are variable), with their images under the symmetries that fix
   S; repeat until UNSAT. The result is exact after at most (#variable + 1) calls (thesis
   §5.3.1 diffed a few enumerated solutions and could miss cells; pysat's
   ``examples/bbscan.py`` and cspuz's irrefutable solve work this way).

Colour puzzles (``puzzle.colours > 1``) encode each cell one-hot (:meth:`Puzzle.encode`); "cell
differs from S" is then the negation of the literal of S's value there, so the same steps find
the cells that take two different colours across solutions. A black-and-white puzzle keeps its
one literal per cell.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from studio.core.cancel import CancelToken, Stopped, StopReason
from studio.core.grid import (
    UNKNOWN,
    BoolGrid,
    PartialGrid,
    Picture,
    cells_of,
    picture_of,
    unknown_grid,
)
from studio.core.puzzle import Cell, Deduction, Difficulty, Puzzle, Violation
from studio.core.sat.cnf import FALSE, TRUE, CnfBuilder, LiteralGrid
from studio.core.sat.process import ChildFailed, solve_in_child
from studio.core.sat.session import SolverSession
from studio.core.symmetry import Symmetry, orbit_closure

#: Conflicts allowed to one global call for another solution before the local sweep (the
#: calls of random 25×25 and 40×40 puzzles need at most about 3 400).
GLOBAL_CONFLICTS = 10_000
#: The local sweep's smallest windows: their side and stride (a change within 9×9 cells lies
#: inside one of them), and the conflicts allowed to one call in one of them. Each larger scale
#: doubles the side and the stride, and its calls get as many conflicts a cell.
WINDOW_SIDE = 16
WINDOW_STRIDE = 8
WINDOW_CONFLICTS = 2_000
#: The backend of the local sweep's own session (:meth:`_Search._sweep_all`).
SWEEP_BACKEND = "minisat22"

Window = tuple[slice, slice]
"""One square of the local sweep, as ``(rows, cols)`` slices of the grid."""

#: Conflicts allowed to Glucose for a first solution before the hard-puzzle steps, and to the
#: search for a symmetric solution among them (Knotty's takes Glucose about 14 000).
PLAIN_CONFLICTS = 20_000
SYMMETRIC_CONFLICTS = 20_000
#: The most open cells for which the hard-puzzle steps run (Faase has 6 176 after line
#: solving). They hold a second encoding of the puzzle in memory beside the first: a random
#: 200×200 picture (40 000 open cells) reached 1.3 GB building it, where the limit is 0.7 GB
#: (README, "Limits").
HARD_STEPS_MAX_OPEN = 10_000


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


class _OutOfConflicts(Exception):
    """A solver call used up its conflict budget: try something else."""


class _Search:
    """One puzzle encoded into one solver session, with the analysis steps on top."""

    def __init__(
        self,
        puzzle: Puzzle,
        known: PartialGrid,
        cancel: CancelToken,
        symmetric: Sequence[Symmetry] = (),
        backend: str | None = None,
    ) -> None:
        """The search over ``puzzle`` with the cells in ``known`` decided; with ``symmetric``,
        over the solutions that every one of those maps fixes (each cell implies the cell it
        is mapped to, which around every cycle of a map makes them equal: plain clauses,
        because under an activation literal Glucose needed twice the conflicts on Knotty);
        ``backend`` as for :class:`SolverSession`."""
        cnf = CnfBuilder(cancel)
        self.puzzle = puzzle
        self.cells = puzzle.encode(cnf, known)
        for symmetry in symmetric:
            moved = symmetry.apply(self.cells)
            differ = moved != self.cells
            pairs = zip(moved[differ].tolist(), self.cells[differ].tolist(), strict=True)
            for source, target in pairs:
                cnf.add((-source, target))
        self.known = known
        self.cancel = cancel
        self.session = SolverSession(cnf, cancel=cancel, backend=backend)
        constant = np.isin(self.cells, (TRUE, FALSE))
        self.open = ~constant if constant.ndim == 2 else ~constant.all(axis=2)
        self.calls_elsewhere = 0  # in the symmetric session and the child process

    @property
    def may_encode_again(self) -> bool:
        """Whether the hard-puzzle steps may hold a second encoding of the puzzle beside this
        one: at most :data:`HARD_STEPS_MAX_OPEN` open cells."""
        return int(self.open.sum()) <= HARD_STEPS_MAX_OPEN

    @property
    def calls(self) -> int:
        """Solver calls made so far, in every session and child process of this search."""
        return self.session.calls + self.calls_elsewhere

    def close(self) -> None:
        self.session.close()

    def solve(
        self, assumptions: list[int] | None = None, conflicts: int | None = None
    ) -> Picture | None:
        """A solution under ``assumptions``, or ``None``; every grid returned here is a
        solution (:meth:`_accepts`).

        Raises:
            _OutOfConflicts: when a solver call needs more than ``conflicts`` conflicts.
        """
        while True:
            satisfiable: bool | None
            if conflicts is None:
                satisfiable = self.session.solve(assumptions or ())
            else:
                satisfiable = self.session.try_solve(assumptions or (), conflicts)
            if satisfiable is None:
                raise _OutOfConflicts
            if not satisfiable:
                return None
            grid = decode_cells(self.cells, self.session.model())
            if self._accepts(grid):
                return grid

    def _accepts(self, grid: Picture) -> bool:
        """True when ``grid``, a model of the formula, is a solution. A model that breaks a rule
        the encoding leaves to later (:meth:`Puzzle.lazy_clauses`, e.g. Fobidoshi's
        connectivity) gets the clauses that rule it out, for good, and the caller tries again.
        """
        clauses = self.puzzle.lazy_clauses(self.cells, grid)
        for clause in clauses:
            self.session.add_clause(clause)
        return not clauses

    def first_solution(self) -> Picture | None:
        """A solution, or ``None`` if there is none.

        Glucose first, within :data:`PLAIN_CONFLICTS`: the common case ends there, and what it
        learns on the way serves the variable fields too. Beyond that the puzzle is hard: a
        symmetric solution comes next if the puzzle has symmetries (within
        :data:`SYMMETRIC_CONFLICTS`), then Kissat in a child process (:meth:`_child_solution`).
        Both encode the puzzle a second time, so past :data:`HARD_STEPS_MAX_OPEN` open cells
        Glucose goes on alone instead.
        """
        try:
            return self.solve(conflicts=PLAIN_CONFLICTS)
        except _OutOfConflicts:
            pass
        if not self.may_encode_again:
            return self.solve()
        symmetries = self.puzzle.symmetries()
        if symmetries and (symmetric := self._symmetric_solution(symmetries)) is not None:
            return symmetric
        return self._child_solution()

    def _child_solution(self) -> Picture | None:
        """A solution, or ``None`` if there is none, from Kissat in a child process
        (:func:`solve_in_child`) on the puzzle encoded anew from what the kind's stronger
        logic (:meth:`Puzzle.probe`) fixes; Glucose goes on should the child fail or its model
        break a rule the encoding leaves to later.

        Kissat is faster than Glucose at a first solution of a hard puzzle, and the new
        encoding narrows every run's range: Faase took Kissat 56 s of CPU so, 103 s from the
        line solver's cells, and did not finish in 400 s (wall, a loaded machine) with the
        probe's cells as unit clauses instead; Glucose found none in 150 s. The cells the probe
        fixes join this session as units.
        """
        probed = self.puzzle.probe(self.known, self.cancel)
        if probed.contradiction is not None:
            return None
        fixed = self.open & (probed.grid != UNKNOWN)
        values = picture_of(probed.grid, self.puzzle.colours)
        for unit in (-differing(self.cells, values))[fixed].tolist():
            self.session.add_clause([unit])
        cnf = CnfBuilder(self.cancel)
        cells = self.puzzle.encode(cnf, probed.grid)
        return self._in_child(cnf, cells, self.solve)

    def _in_child(
        self, cnf: CnfBuilder, cells: LiteralGrid, glucose: Callable[[], Picture | None]
    ) -> Picture | None:
        """A solution from Kissat in a child process on ``cnf`` (the puzzle encoded anew,
        its cells' literals ``cells``), or ``None`` when it is unsatisfiable; ``glucose()``
        should the child fail or its model break a rule left to later. Such a model's cuts
        join this session: a kind with such rules (Fobidoshi) may need many rounds, and one
        child each would be slow."""
        try:
            self.calls_elsewhere += 1
            model = solve_in_child(cnf, self.cancel)
        except ChildFailed:
            return glucose()
        if model is None:
            return None
        grid = decode_cells(cells, model)
        return grid if self._accepts(grid) else glucose()

    def _symmetric_solution(self, symmetries: Sequence[Symmetry]) -> Picture | None:
        """A solution that every map in ``symmetries`` fixes, or ``None`` (none, or not found
        within :data:`SYMMETRIC_CONFLICTS`), from a session of its own."""
        symmetric = _Search(self.puzzle, self.known, self.cancel, symmetries)
        try:
            return symmetric.solve(conflicts=SYMMETRIC_CONFLICTS)
        except _OutOfConflicts:
            return None
        finally:
            self.calls_elsewhere += symmetric.calls
            symmetric.close()

    def variable_fields(
        self,
        solution: Picture,
        variable: BoolGrid,
        limit: int | None = None,
        grown: Callable[[], None] | None = None,
    ) -> None:
        """Mark in ``variable`` every open cell that some other solution flips (exact), and
        call ``grown`` each time cells are marked.

        Each call asks for a solution that differs from ``solution`` in some cell not yet
        known variable; UNSAT ends it. When one call needs more than
        :data:`GLOBAL_CONFLICTS`, the other solutions are likely close to ``solution`` and
        hard to reach from afar (Knotty: four copies of one 14-cell switch), so a sweep of
        local searches comes first, each free only inside a window (:func:`_windows`), in a
        session of its own (:meth:`_sweep_all`). The global calls then go on; one that needs
        more than :data:`GLOBAL_CONFLICTS` again goes to Kissat in a child process
        (:meth:`_child_differing`). Past :data:`HARD_STEPS_MAX_OPEN` open cells, where a
        second encoding would cost too much memory, the global calls go on in Glucose alone,
        without a budget. The puzzle's symmetries that fix ``solution`` map every other
        solution to one that differs from it in the images of the same cells, so each cell
        found variable brings its images along.

        Raises:
            Stopped: ``"limit"`` as soon as more than ``limit`` cells are variable.
        """
        symmetries = [s for s in self.puzzle.symmetries() if s.fixes(solution)]
        candidates = self.open & ~variable
        # Prefer the opposite of the solution when branching: models then flip many cells at
        # once and the loop needs fewer calls.
        flipped = differing(self.cells, solution)
        self.session.set_phases(flipped[self.open].tolist())
        windows = _windows(solution.shape) if self.may_encode_again else []
        budget = GLOBAL_CONFLICTS if windows else None
        swept = False

        def mark(found: Picture) -> None:
            differs = orbit_closure(found != solution, symmetries)
            variable[...] |= differs & candidates
            candidates[...] &= ~differs
            if limit is not None and int(variable.sum()) > limit:
                raise Stopped("limit")
            if grown is not None:
                grown()

        while candidates.any():
            try:
                found = self._differing(flipped, candidates, budget)
            except _OutOfConflicts:
                if not swept:
                    self._sweep_all(solution, candidates, windows, mark)
                    swept = True
                    continue
                found = self._child_differing(solution, flipped, candidates)
            if found is None:
                return
            mark(found)

    def _child_differing(
        self, solution: Picture, flipped: LiteralGrid, candidates: BoolGrid
    ) -> Picture | None:
        """A solution that differs from ``solution`` in one of ``candidates``, or ``None``,
        from Kissat in a child process (:func:`solve_in_child`) on the puzzle encoded anew;
        Glucose goes on (as :meth:`_differing`, ``flipped`` as there) past
        :data:`HARD_STEPS_MAX_OPEN` open cells, should the child fail, or when its model
        breaks a rule the encoding leaves to later.

        The last of these calls proves that no cell is left to flip, and Kissat is the
        stronger prover: Knotty's took it 21 minutes, and Glucose 38 on the same formula
        (docs/figures.md, "The hard end").
        """

        def glucose() -> Picture | None:
            return self._differing(flipped, candidates, None)

        if not self.may_encode_again:
            return glucose()
        cnf = CnfBuilder(self.cancel)
        cells = self.puzzle.encode(cnf, self.known)
        cnf.add(differing(cells, solution)[candidates].tolist())
        return self._in_child(cnf, cells, glucose)

    def _sweep_all(
        self,
        solution: Picture,
        candidates: BoolGrid,
        windows: Sequence[tuple[Window, int]],
        mark: Callable[[Picture], None],
    ) -> None:
        """The local sweep: :meth:`_sweep` over each of ``windows`` in turn, in a session of
        its own on :data:`SWEEP_BACKEND`.

        Glucose looks at its conflict budget and at an interrupt only when it restarts, and
        it restarts when the recent conflicts' LBD (the decision levels a learnt clause
        spans) exceeds the average over all its calls. Each window's thousands of
        assumptions take a decision level each, so in Glucose's session they raised that
        average for good: Faase's next global call ran 497 770 conflicts of its 10 000 without
        a restart, 50 s past a time limit. MiniSat 2.2 restarts on a schedule (Luby) and
        looks at both at every decision; in a session of its own the sweep leaves Glucose's
        averages as they were. Its ``mark`` narrows ``candidates`` as it goes.
        """
        sweeper = _Search(self.puzzle, self.known, self.cancel, backend=SWEEP_BACKEND)
        flipped = differing(sweeper.cells, solution)
        sweeper.session.set_phases(flipped[self.open].tolist())
        try:
            for window, conflicts in windows:
                sweeper._sweep(flipped, candidates, window, conflicts, mark)
        finally:
            self.calls_elsewhere += sweeper.calls
            sweeper.close()

    def _sweep(
        self,
        flipped: LiteralGrid,
        candidates: BoolGrid,
        window: Window,
        conflicts: int,
        mark: Callable[[Picture], None],
    ) -> None:
        """Solutions that differ from the solution in some of ``candidates`` inside ``window``
        and nowhere outside it, each passed to ``mark`` (which narrows ``candidates``), until
        none is left or a call needs more than ``conflicts``. ``flipped``: each cell literal
        negated where the solution has it true."""
        self.cancel.check()  # between windows too: most have no candidate left, and no call
        if not candidates[window].any():
            return
        inside = np.zeros(candidates.shape, dtype=bool)
        inside[window] = True
        kept = (-flipped[self.open & ~inside]).tolist()  # the solution outside the window
        while (local := candidates & inside).any():
            try:
                found = self._differing(flipped, local, conflicts, kept)
            except _OutOfConflicts:
                return
            if found is None:
                return
            mark(found)

    def _differing(
        self,
        flipped: LiteralGrid,
        cells: BoolGrid,
        conflicts: int | None,
        assumptions: list[int] | None = None,
    ) -> Picture | None:
        """A solution under ``assumptions`` that differs from the solution (``flipped``, as
        above) in one of ``cells``, or ``None``; the clause that asks for it is retired after.

        Raises:
            _OutOfConflicts: when the call needs more than ``conflicts`` conflicts.
        """
        activation = self.session.new_var()
        self.session.add_clause([-activation, *flipped[cells].tolist()])
        try:
            return self.solve([activation, *(assumptions or ())], conflicts)
        finally:
            self.session.add_clause([-activation])  # retire this clause for good

    def count(self, cap: int) -> int:
        """Solutions up to ``cap``, blocking each one found on the cell literals."""
        found = 0
        while found < cap and (values := self.solve()) is not None:
            found += 1
            self.session.add_clause(differing(self.cells, values)[self.open].tolist())
        return found


def _windows(shape: tuple[int, int]) -> list[tuple[Window, int]]:
    """The squares of the local sweep over a grid of ``shape``, as ``(rows, cols)`` slices,
    each with the conflicts allowed to one call in it; smallest first.

    The smallest have the side :data:`WINDOW_SIDE` and lie :data:`WINDOW_STRIDE` apart (the
    last ones flush with the grid's far edges); each larger scale doubles both, as long as one
    window would not hold the whole grid. A window's calls get :data:`WINDOW_CONFLICTS` for
    each ``WINDOW_SIDE²`` of its cells. Faase's variable fields reach past 16×16 cells: within
    55 s the smallest windows alone find 234, with the 32- and 64-cell scales 2 626
    (docs/figures.md, "The hard end").
    """
    height, width = shape
    windows: list[tuple[Window, int]] = []
    side, stride = WINDOW_SIDE, WINDOW_STRIDE
    while height > side or width > side:
        conflicts = WINDOW_CONFLICTS * min(side, height) * min(side, width) // WINDOW_SIDE**2
        windows += [
            ((slice(top, top + side), slice(left, left + side)), conflicts)
            for top in _starts(height, side, stride)
            for left in _starts(width, side, stride)
        ]
        side, stride = 2 * side, 2 * stride
    return windows


def _starts(length: int, side: int, stride: int) -> list[int]:
    """Where windows of ``side`` begin along a line of ``length``: every ``stride``, the last
    flush with its far end."""
    last = max(0, length - side)
    return sorted({*range(0, last, stride), last})


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
    interim: Callable[[Analysis], None] | None = None,
    resume: Analysis | None = None,
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
        interim: called, in the analysing thread, with what is proven so far each time more
            variable fields are found: ``MULTIPLE``, ``complete=False`` and no
            ``stop_reason`` (the search goes on), the fields a copy. The last proof, that
            no other cell varies, can take minutes on the hardest puzzles (Knotty).
        resume: an earlier analysis of this very puzzle, cut short: the search starts from its
            solution and variable fields instead of from nothing (a time limit need not cost
            the work done before it).

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

    def result(status: Status, stop: Stopped | None = None, *, partial: bool = False) -> Analysis:
        difficulty = None
        if rate and status == Status.UNIQUE and stop is None:
            try:
                difficulty = puzzle.rate(deduction, token)
            except Stopped as late:
                stop = late
        return Analysis(
            status=status,
            solution=solution,
            variable=variable.copy() if partial else variable,
            deduction=deduction,
            kind=puzzle.kind,
            difficulty=difficulty,
            complete=stop is None and not partial,
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

            def grown() -> None:
                nonlocal sat_calls
                if interim is not None:
                    sat_calls = search.calls
                    interim(result(Status.MULTIPLE, partial=True))

            try:
                if resume is not None and resume.solution is not None:
                    # Not in the backbone is not in it whichever solution the search holds.
                    solution = resume.solution
                    variable |= resume.variable
                else:
                    solution = search.first_solution()
                if solution is None:
                    return result(Status.NONE)
                search.variable_fields(solution, variable, variable_limit, grown)
            finally:
                sat_calls = search.calls
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
            return (
                None
                if deduction.contradiction is not None
                else picture_of(deduction.grid, puzzle.colours)
            )
        return search.first_solution()


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
