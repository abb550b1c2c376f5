"""The Fobidoshi generators of Heslenfeld 2024 (§4), driven by SAT so that every puzzle is
unique.

Strategies (docs/algorithms.md, "Generators"):

- ``"connected"`` (§4.2, the default): a random connected solution, grown from a random cell
  (each undecided neighbour of a circle taken in random order is circled with probability
  :data:`THRESHOLD`), with the crosses next to runs of three inserted after each circle and
  loops prevented (§4.2.2, :func:`closes_loop`), until a random share of the cells (61 % plus
  up to 12 %) is circled (if the circles stop spreading short of it, the attempt is not
  valid); then every undecided cell beside a circle is circled if it may be, or given a cross
  (§4.2.1). All its circles and those crosses must give a unique starting configuration
  (checked), from which circles are removed in random order while the puzzle stays unique,
  until the given circles drop below a random share (29 % plus up to 12 %, §4.2.3). The
  attempt is valid when they do (the thesis's 0.2 %–2 %, Table 2).
- ``"random-start"`` (§4.1): circles on random cells (no four in a row) up to a random share
  (29 % plus up to 12 %); if the configuration has a solution, crosses go on every cell
  outside a solution with no circle to spare, which leaves that solution the only one, and
  are then removed in random order while the puzzle stays unique. The attempt is valid when
  the random configuration has a solution (the thesis's 30 %–55 %, Table 1).

The thesis stores the solution with the fewest circles; any solution from which no circle can
be taken without parting the others serves as well (:func:`pruned`): a connected subset of it
holding the given circles would leave such a circle. Uniqueness is decided by
:func:`~studio.core.sat.analysis.count_solutions` (the rules first, then SAT with connectivity
cuts) where the thesis ran its backtracking solver.

A valid attempt is returned once it meets the options
(:func:`~studio.core.contract.generation.meets`); with ``logic_solvable`` (or a difficulty cap of
2 or less) givens from the solution are first added until the rules alone solve it
(:func:`.repair.logic_givens`). Invalid attempts are retried inside :func:`generate`
(``Generated.attempts`` counts them all). All randomness comes from one
``numpy.random.Generator`` seeded with the puzzle's seed, and nothing depends on the clock, so a
seed reproduces its puzzle. ``density`` is not used: the shares come from the thesis (the Janko
puzzles' statistics).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.generation import (
    LOGIC_SCORE,
    Generated,
    GeneratorError,
    GeneratorOptions,
    KindGenerator,
    Report,
    Reporter,
    meets,
    relax_hint,
    size_name,
)
from studio.core.document import Document
from studio.core.grid import EMPTY, FILLED, UNKNOWN, BoolGrid, PartialGrid, filled_cells
from studio.core.kinds.fobidoshi.puzzle import (
    BLANK,
    CIRCLE,
    CROSS,
    EASY_STEPS_PER_CELL,
    Fobidoshi,
)
from studio.core.kinds.fobidoshi.repair import logic_givens
from studio.core.kinds.fobidoshi.rules import connected, forced_crosses, long_runs
from studio.core.puzzle import Cell
from studio.core.sat.analysis import analyze, count_solutions, rated, solve

STRATEGIES = ("connected", "random-start")
"""The thesis's two generators (§4.2, §4.1); the first is the default."""

#: §4.2.1: the chance that an undecided neighbour of a circle is circled.
THRESHOLD = 0.9
#: §4.2: the solution's share of circles, at least this plus up to :data:`SPREAD`.
SOLUTION_SHARE = 0.61
#: §4.1 and §4.2.3: the starting configuration's share of circles, at least this plus up to
#: :data:`SPREAD`.
START_SHARE = 0.29
SPREAD = 0.12
#: Attempts for one puzzle before giving up (a safety net: the connected generator needs about
#: 400 on 4×4, where a valid attempt is rarest, and tens to a hundred from 5×5 to 16×16; the
#: random start a few; benchmarks/fobidoshi.py).
MAX_ATTEMPTS = 5000


@dataclass(frozen=True, eq=False)
class Attempt:
    """One run of a thesis generator.

    Attributes:
        puzzle: the unique puzzle made, or ``None`` when the attempt was not valid.
        solution: its solution, bool ``(height, width)``.
    """

    puzzle: Fobidoshi | None
    solution: BoolGrid | None = None


def _share(rng: np.random.Generator, base: float, cells: int) -> int:
    """A number of cells: ``base`` plus up to :data:`SPREAD` of ``cells`` (thesis §4.1)."""
    return round((base + rng.uniform(0.0, SPREAD)) * cells)


def _around(cell: Cell, shape: tuple[int, int]) -> list[Cell]:
    r, c = cell
    height, width = shape
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
        if 0 <= r + dr < height and 0 <= c + dc < width
    ]


def _circled(grid: PartialGrid, cell: Cell) -> bool:
    r, c = cell
    height, width = grid.shape
    return 0 <= r < height and 0 <= c < width and bool(grid[r, c] == FILLED)


def closes_loop(grid: PartialGrid, source: Cell, target: Cell) -> bool:
    """Would circling ``target``, beside the circle ``source``, close a loop around cells that
    are not circled? (Thesis §4.2.2, the 12 cases of Figure 12.)

    The circles are connected, so a circle beside ``target`` other than ``source`` closes a
    cycle. Straight on (Figure 12a) it encloses nothing only if the three cells on one side of
    the line ``source``–``target``–beyond are circled; at an angle (Figure 12b) only if the
    cell opposite ``target`` in the 2×2 block is circled. The thesis's one exception, a 3×3
    block with only its centre missing, also counts as a loop.
    """
    dr, dc = target[0] - source[0], target[1] - source[1]
    beyond = (target[0] + dr, target[1] + dc)
    if _circled(grid, beyond):
        sides = ((dc, dr), (-dc, -dr))
        if not any(
            all(_circled(grid, (r + sr, c + sc)) for r, c in (source, target, beyond))
            for sr, sc in sides
        ):
            return True
    for sr, sc in ((dc, dr), (-dc, -dr)):
        if _circled(grid, (target[0] + sr, target[1] + sc)) and not _circled(
            grid, (source[0] + sr, source[1] + sc)
        ):
            return True
    return False


def _circle(grid: PartialGrid, cell: Cell) -> None:
    """Circle ``cell`` and insert the crosses the runs rule then forces (§3.2, step 2)."""
    grid[cell] = FILLED
    across, along = forced_crosses(grid)
    grid[across | along] = EMPTY


def random_solution(
    shape: tuple[int, int], rng: np.random.Generator
) -> tuple[PartialGrid, list[Cell]] | None:
    """A random connected solution without loops (thesis §4.2.1–4.2.2).

    Returns:
        ``int8`` partial grid ``(height, width)``: the circles (``FILLED``), the crosses that
        must be given (``EMPTY``: a circle would close a loop there) and the rest
        (``UNKNOWN``: crosses the runs rule forces, or cells no circle touches); and the
        circles in the order they were placed. ``None`` when the circles stop spreading
        before they reach the solution's share (the thesis's loop ends without meeting its
        stop condition).
    """
    height, width = shape
    target = _share(rng, SOLUTION_SHARE, height * width)
    grid: PartialGrid = np.full(shape, UNKNOWN, dtype=np.int8)
    start = (int(rng.integers(height)), int(rng.integers(width)))
    _circle(grid, start)
    placed, frontier = [start], [start]
    while frontier and len(placed) < target:
        source = frontier.pop(int(rng.integers(len(frontier))))
        around = _around(source, shape)
        for index in rng.permutation(len(around)):
            cell = around[index]
            if grid[cell] != UNKNOWN or rng.random() >= THRESHOLD:
                continue
            if closes_loop(grid, source, cell):
                continue
            _circle(grid, cell)
            placed.append(cell)
            frontier.append(cell)
            if len(placed) >= target:
                break
    if len(placed) < target:
        return None
    given_crosses = np.zeros(shape, dtype=bool)
    progress = True
    while progress:  # §4.2.1: circle what may be, cross what may not
        progress = False
        for r, c in np.argwhere(grid == UNKNOWN):
            cell = (int(r), int(c))
            sources = [near for near in _around(cell, shape) if grid[near] == FILLED]
            if grid[cell] != UNKNOWN or not sources:
                continue
            if closes_loop(grid, sources[0], cell):
                grid[cell] = EMPTY
                given_crosses[cell] = True
            else:
                _circle(grid, cell)
                placed.append(cell)
            progress = True
    # Crosses the runs rule forced need not be given: the rules forbid those circles anyway.
    grid[(grid == EMPTY) & ~given_crosses] = UNKNOWN
    return grid, placed


def connected_attempt(
    shape: tuple[int, int], rng: np.random.Generator, cancel: CancelToken
) -> Attempt:
    """One run of the randomized-solution generator (thesis §4.2)."""
    made = random_solution(shape, rng)
    if made is None:
        return Attempt(None)
    grid, placed = made
    solution: BoolGrid = grid == FILLED
    givens = np.where(solution, CIRCLE, np.where(grid == EMPTY, CROSS, BLANK))
    puzzle = Fobidoshi(givens)
    if count_solutions(puzzle, 2, cancel=cancel) != 1:
        return Attempt(None)
    stop = _share(rng, START_SHARE, solution.size)
    circles = len(placed)
    remaining = list(placed)
    while remaining and circles >= stop:  # §4.2.3
        cell = remaining.pop(int(rng.integers(len(remaining))))
        trial = puzzle.with_given(cell, BLANK)
        if count_solutions(trial, 2, cancel=cancel) == 1:
            puzzle = trial
            circles -= 1
    return Attempt(puzzle if circles < stop else None, solution)


def random_start(shape: tuple[int, int], rng: np.random.Generator) -> Fobidoshi:
    """Circles on random cells, never four in a row, up to a random share (thesis §4.1)."""
    height, width = shape
    target = _share(rng, START_SHARE, height * width)
    circles = np.zeros(shape, dtype=bool)
    placed = 0
    for index in rng.permutation(height * width):
        if placed >= target:
            break
        cell = divmod(int(index), width)
        circles[cell] = True
        if long_runs(circles):
            circles[cell] = False
        else:
            placed += 1
    return Fobidoshi(np.where(circles, CIRCLE, BLANK))


def pruned(solution: BoolGrid, keep: BoolGrid, rng: np.random.Generator) -> BoolGrid:
    """``solution`` with circles removed in random order (those of ``keep`` stay) while the
    rest stay connected, until none can be: a solution with no circle to spare."""
    circles = np.array(solution, dtype=bool)
    progress = True
    while progress:
        progress = False
        for index in rng.permutation(np.flatnonzero(circles & ~keep)):
            cell = divmod(int(index), circles.shape[1])
            circles[cell] = False
            if connected(circles):
                progress = True
            else:
                circles[cell] = True
    return circles


def random_start_attempt(
    shape: tuple[int, int], rng: np.random.Generator, cancel: CancelToken
) -> Attempt:
    """One run of the randomized-starting-configuration generator (thesis §4.1)."""
    puzzle = random_start(shape, rng)
    found = solve(puzzle, cancel=cancel)
    if found is None:
        return Attempt(None)
    given_circles = puzzle.givens == CIRCLE
    solution = pruned(filled_cells(found), given_circles, rng)
    puzzle = Fobidoshi(np.where(given_circles, CIRCLE, np.where(solution, BLANK, CROSS)))
    for index in rng.permutation(np.flatnonzero(~solution)):
        cell = divmod(int(index), shape[1])
        trial = puzzle.with_given(cell, BLANK)
        if count_solutions(trial, 2, cancel=cancel) == 1:
            puzzle = trial
    return Attempt(puzzle, solution)


ATTEMPTS = {"connected": connected_attempt, "random-start": random_start_attempt}


def generate(
    options: GeneratorOptions,
    seed: int,
    cancel: CancelToken | None = None,
    report: Report | None = None,
) -> Generated:
    """A unique Fobidoshi made by ``options.strategy`` from ``seed``.

    Args:
        options: what to generate (``density`` is not used).
        seed: a non-negative integer; the same options and seed give the same puzzle.
        cancel: checked in every attempt.
        report: hears the attempts made (:class:`~studio.core.contract.generation.Reporter`).

    Raises:
        GeneratorError: no attempt met the options within :data:`MAX_ATTEMPTS` (the side
            is checked by :func:`~studio.core.generate.resolved`).
        Stopped: when ``cancel`` fires.
    """
    token = cancel or CancelToken()
    rng = np.random.default_rng(seed)
    reporter = Reporter(options, report)
    attempt_once = ATTEMPTS[options.strategy or STRATEGIES[0]]
    rules_only = options.logic_solvable or (
        options.max_difficulty is not None and options.max_difficulty <= LOGIC_SCORE
    )
    # A score of 1 asks for few rule steps as well (Fobidoshi.rate).
    max_steps = None
    if options.max_difficulty == 1:
        max_steps = int(EASY_STEPS_PER_CELL * options.shape[0] * options.shape[1])
    for attempts in range(1, MAX_ATTEMPTS + 1):
        token.check()
        reporter.tried()
        attempt = attempt_once(options.shape, rng, token)
        if attempt.puzzle is None or attempt.solution is None:
            continue
        puzzle, added = attempt.puzzle, 0
        if rules_only:
            puzzle, _ = logic_givens(puzzle, attempt.solution, rng, token, max_steps)
            added = len(puzzle.given_cells()) - len(attempt.puzzle.given_cells())
        analysis = rated(puzzle, analyze(puzzle, cancel=token, rate=False), cancel=token)
        if meets(analysis, options):
            document = Document(
                puzzle,
                attempt.solution,
                notes=(
                    f"Generated by Puzzle Studio: strategy {options.strategy}"
                    + (", solvable by the rules" if rules_only else "")
                    + f", seed {seed}; {attempts} attempt{'s' if attempts != 1 else ''}, "
                    + f"{added} given{'s' if added != 1 else ''} added for the rules."
                ),
            )
            return Generated(document, analysis, seed, attempts, added)
    raise GeneratorError(
        f"no {size_name(options.shape)} Fobidoshi met the options in {MAX_ATTEMPTS} attempts; "
        f"try {relax_hint(options)}"
    )


GENERATOR = KindGenerator(STRATEGIES, generate, ())
"""This generator, as the fobidoshi's declaration lists it."""
