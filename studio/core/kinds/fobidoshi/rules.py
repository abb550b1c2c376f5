"""Fobidoshi's rules as a solver applies them to a partial grid: the logic solver.

A partial grid is ``int8`` ``(height, width)``: ``FILLED`` a circle, ``EMPTY`` a cross (a cell
known not to be circled), ``UNKNOWN`` a cell not decided yet (the thesis's "empty cell").

Three rules, each sound (it never decides a cell against any solution), from Heslenfeld 2024:

- **runs** (§3.2, step 2): a cell next to circles that would make four or more in a row with
  it is a cross;
- **barrier** (§3.3.1): all circles must meet through circles and undecided cells; circles
  walled off from the others by crosses are a contradiction. Ours, beside it: an undecided
  cell no circle can reach is a cross (every circle it could join is cut off from it);
- **cut** (§3.3.2, "good moves"): an undecided cell that a cross would turn into a barrier
  between circles must be a circle. The thesis tries a cross on every undecided cell and flood
  fills; the same cells are the articulation points of the graph of circles and undecided
  cells that separate circles (Hopcroft and Tarjan 1973), found here in one depth-first
  search.

:func:`propagate` applies them to a fixpoint (the logic solver, and the propagation of the
backtracking search in :mod:`.search`); :func:`next_step` gives the first deduction
of the fixpoint's order, for hints; :func:`probe` adds one level of backtracking (a guess the
rules refute at once), for rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from studio.core.cancel import CancelToken
from studio.core.grid import (
    EMPTY,
    FILLED,
    UNKNOWN,
    BoolGrid,
    LineRef,
    PartialGrid,
    cell_name,
    line_values,
)
from studio.core.puzzle import Cell, Deduction, Violation

MAX_RUN = 3
"""The most circles a row or column may hold in a row."""

RUNS, BARRIER, CUT = "runs", "barrier", "cut"
"""The rules' names (:attr:`Step.rule`)."""

ALL_RULES = frozenset((RUNS, BARRIER, CUT))


@dataclass(frozen=True)
class Step:
    """One deduction: the rule, how people say it, the cells it decides and where it comes from.

    Attributes:
        rule: :data:`RUNS`, :data:`BARRIER` or :data:`CUT`.
        reason: e.g. ``"row 3: no four circles in a row"``.
        cells: ``(row, col, circled)`` of each cell decided.
        source: the cells it follows from (the circles of a run, the crosses of a barrier, the
            circles a cross would cut off).
    """

    rule: str
    reason: str
    cells: tuple[tuple[int, int, bool], ...]
    source: tuple[Cell, ...]


# --- Runs -------------------------------------------------------------------------------------


def _runs_from_left(circles: BoolGrid) -> npt.NDArray[np.int64]:
    """For every cell, the circles in a row ending at it, counted from the left (0 where the
    cell is not circled): the position past the last gap before it."""
    positions = np.arange(circles.shape[1], dtype=np.int64)
    last_gap = np.maximum.accumulate(np.where(circles, -1, positions), axis=1)
    runs: npt.NDArray[np.int64] = np.where(circles, positions - last_gap, 0)
    return runs


def _run_lengths_towards(circles: BoolGrid) -> tuple[npt.NDArray[np.int64], ...]:
    """For every cell, the circles in a row ending at it coming from the left, the right, the
    top and the bottom (0 where the cell itself is not circled); ``int64`` ``(height, width)``
    each."""
    left = _runs_from_left(circles)
    right = _runs_from_left(circles[:, ::-1])[:, ::-1]
    up = _runs_from_left(circles.T).T
    down = _runs_from_left(circles[::-1].T).T[::-1]
    return left, right, up, down


def _beside(
    left: npt.NDArray[np.int64],
    right: npt.NDArray[np.int64],
    up: npt.NDArray[np.int64],
    down: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Circles in a row right beside each cell: along its row (left plus right) and along its
    column (above plus below)."""
    across = np.zeros_like(left)
    across[:, 1:] += left[:, :-1]
    across[:, :-1] += right[:, 1:]
    along = np.zeros_like(up)
    along[1:] += up[:-1]
    along[:-1] += down[1:]
    return across, along


def forced_crosses(grid: PartialGrid) -> tuple[BoolGrid, BoolGrid]:
    """Undecided cells that a circle would join to ``MAX_RUN`` circles or more in a row:
    ``(across, along)``, bool ``(height, width)`` each, for the row and the column direction."""
    across, along = _beside(*_run_lengths_towards(grid == FILLED))
    open_cells = grid == UNKNOWN
    return open_cells & (across >= MAX_RUN), open_cells & (along >= MAX_RUN)


def long_runs(circles: BoolGrid) -> list[tuple[LineRef, tuple[Cell, ...]]]:
    """Every run of more than :data:`MAX_RUN` circles: its line and its cells, rows first."""
    found: list[tuple[LineRef, tuple[Cell, ...]]] = []
    left = _runs_from_left(circles)
    up = _runs_from_left(circles.T).T
    if left.max(initial=0) <= MAX_RUN and up.max(initial=0) <= MAX_RUN:
        return found
    height, width = circles.shape
    for r in range(height):
        for c in range(width):
            ends_here = c + 1 == width or not circles[r, c + 1]
            if ends_here and left[r, c] > MAX_RUN:
                start = c - int(left[r, c]) + 1
                found.append((LineRef("row", r), tuple((r, k) for k in range(start, c + 1))))
    for c in range(width):
        for r in range(height):
            ends_here = r + 1 == height or not circles[r + 1, c]
            if ends_here and up[r, c] > MAX_RUN:
                start = r - int(up[r, c]) + 1
                found.append((LineRef("column", c), tuple((k, c) for k in range(start, r + 1))))
    return found


def run_violation(line: LineRef, cells: tuple[Cell, ...], *, forced: bool) -> Violation:
    """The broken rule of a long run: ``forced`` when logic (not the grid itself) put it there."""
    if forced:
        return Violation(f"{line} cannot avoid {len(cells)} circles in a row", cells)
    return Violation(f"{line} has {len(cells)} circles in a row", cells)


# --- Connectivity -----------------------------------------------------------------------------


@lru_cache(maxsize=64)
def neighbours(shape: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """The orthogonal neighbours of each cell by row-major index, for a grid of ``shape``."""
    height, width = shape
    result = []
    for r in range(height):
        for c in range(width):
            around = []
            if r > 0:
                around.append((r - 1) * width + c)
            if c > 0:
                around.append(r * width + c - 1)
            if c + 1 < width:
                around.append(r * width + c + 1)
            if r + 1 < height:
                around.append((r + 1) * width + c)
            result.append(tuple(around))
    return tuple(result)


def beside(cells: BoolGrid) -> BoolGrid:
    """The cells orthogonally next to some True cell of ``cells`` (bool, same shape); a True
    cell counts only when another True cell is next to it."""
    near = np.zeros_like(cells, dtype=bool)
    near[1:] |= cells[:-1]
    near[:-1] |= cells[1:]
    near[:, 1:] |= cells[:, :-1]
    near[:, :-1] |= cells[:, 1:]
    return near


def components(cells: BoolGrid) -> list[list[Cell]]:
    """The orthogonally connected groups of True cells, each in row-major order, the groups in
    the order of their first cell."""
    shape = (int(cells.shape[0]), int(cells.shape[1]))
    flat = cells.ravel().tolist()
    around = neighbours(shape)
    seen = [False] * len(flat)
    groups: list[list[Cell]] = []
    width = shape[1]
    for start, inside in enumerate(flat):
        if not inside or seen[start]:
            continue
        seen[start] = True
        todo, group = [start], []
        while todo:
            index = todo.pop()
            group.append(index)
            for other in around[index]:
                if flat[other] and not seen[other]:
                    seen[other] = True
                    todo.append(other)
        groups.append([divmod(index, width) for index in sorted(group)])
    return groups


@dataclass(frozen=True)
class Reach:
    """What connectivity says about a partial grid holding at least one circle.

    Attributes:
        cut_off: circles no path of circles and undecided cells joins to the first circle
            (row-major).
        unreachable: undecided cells no such path joins to the first circle.
        needed: undecided cells that a cross would turn into a barrier between circles.
    """

    cut_off: tuple[Cell, ...]
    unreachable: tuple[Cell, ...]
    needed: tuple[Cell, ...]


def reach(grid: PartialGrid) -> Reach | None:
    """Connectivity of the circles of ``grid`` through circles and undecided cells; ``None``
    when there is no circle.

    One iterative depth-first search from the first circle over the cells that are not
    crosses, with low points and the number of circles below each cell of the search tree: an
    undecided cell ``p`` with a child ``v`` whose subtree reaches no higher than ``p``
    (``low[v] >= disc[p]``) separates the circles below ``v``, if any, from the others (the
    root, a circle, is always among those).
    """
    shape = (int(grid.shape[0]), int(grid.shape[1]))
    width = shape[1]
    flat = grid.ravel().tolist()
    circles = [index for index, value in enumerate(flat) if value == FILLED]
    if not circles:
        return None
    around = neighbours(shape)
    size = len(flat)
    disc = [-1] * size
    low = [0] * size
    below = [0] * size
    parent = [-1] * size
    needed: set[int] = set()
    root = circles[0]
    disc[root], below[root] = 0, 1
    clock = 1
    stack = [(root, iter(around[root]))]
    while stack:
        v, pending = stack[-1]
        for w in pending:
            if flat[w] == EMPTY:
                continue
            if disc[w] < 0:
                disc[w] = low[w] = clock
                clock += 1
                below[w] = 1 if flat[w] == FILLED else 0
                parent[w] = v
                stack.append((w, iter(around[w])))
                break
            if w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
        else:
            stack.pop()
            if stack:
                p = parent[v]
                low[p] = min(low[p], low[v])
                below[p] += below[v]
                if flat[p] == UNKNOWN and low[v] >= disc[p] and below[v] > 0:
                    needed.add(p)
    cut_off = tuple(divmod(i, width) for i in circles if disc[i] < 0)
    unreachable = tuple(
        divmod(i, width) for i, value in enumerate(flat) if value == UNKNOWN and disc[i] < 0
    )
    return Reach(cut_off, unreachable, tuple(divmod(i, width) for i in sorted(needed)))


def barrier_violation(found: Reach) -> Violation:
    """The broken connectivity rule: the circles crosses cut off from the first one."""
    return Violation(f"crosses cut off the circle at {cell_name(found.cut_off[0])}", found.cut_off)


def walled_off(grid: PartialGrid, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """The crosses of ``grid`` beside ``cells``: the barrier that walls them off."""
    height, width = grid.shape
    inside = set(cells)
    wall = {
        (r + dr, c + dc)
        for r, c in cells
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < height and 0 <= c + dc < width and (r + dr, c + dc) not in inside
    }
    return tuple(sorted(cell for cell in wall if grid[cell] == EMPTY))


def cut_off_by(grid: PartialGrid, cell: Cell) -> tuple[Cell, ...]:
    """The circles a cross on ``cell`` would cut off from the first circle."""
    trial = grid.copy()
    trial[cell] = EMPTY
    found = reach(trial)
    return () if found is None else found.cut_off


# --- Steps and the fixpoint ---------------------------------------------------------------------


def _line_cell(line: LineRef, position: int) -> Cell:
    return (line.index, position) if line.axis == "row" else (position, line.index)


def _run_steps(grid: PartialGrid) -> list[Step]:
    """The runs rule as one step per line that it decides cells in: rows, then columns."""
    across, along = forced_crosses(grid)
    circles = grid == FILLED
    height, width = grid.shape
    lines = [LineRef("row", r) for r in range(height)]
    lines += [LineRef("column", c) for c in range(width)]
    steps = []
    for line in lines:
        forced = line_values(across if line.axis == "row" else along, line)
        positions = [int(p) for p in np.flatnonzero(forced)]
        if not positions:
            continue
        line_circles = line_values(circles, line)
        near = sorted(
            {
                k
                for p in positions
                for k in range(max(0, p - MAX_RUN), min(len(line_circles), p + MAX_RUN + 1))
                if line_circles[k]
            }
        )
        steps.append(
            Step(
                RUNS,
                f"{line}: no four circles in a row",
                tuple((*_line_cell(line, p), False) for p in positions),
                tuple(_line_cell(line, k) for k in near),
            )
        )
    return steps


def propagate(
    grid: PartialGrid,
    *,
    rules: frozenset[str] = ALL_RULES,
    unreachable: bool = True,
    cancel: CancelToken | None = None,
) -> Deduction:
    """Apply the rules to ``grid`` (not modified) until nothing more follows.

    Args:
        grid: ``int8`` partial grid ``(height, width)``.
        rules: the rules to apply (a subset of :data:`ALL_RULES`); :data:`RUNS` alone is the
            thesis's plain backtracking step 2.
        unreachable: with :data:`BARRIER`, also cross the cells no circle can reach (the
            thesis only detects barriers).
        cancel: checked once per pass.

    Returns:
        The fixpoint, or the grid where a rule was first found broken (runs of four, circles
        walled off); ``steps`` counts rule applications that decided cells (the runs rule once
        per line), ``passes`` the rounds.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    grid = grid.copy()
    steps = passes = 0
    connectivity = bool(rules & {BARRIER, CUT})
    while True:
        if cancel is not None:
            cancel.check()
        passes += 1
        runs = long_runs(grid == FILLED)
        if runs:
            return Deduction(grid, run_violation(*runs[0], forced=True), steps, passes)
        changed = False
        if RUNS in rules:
            across, along = forced_crosses(grid)
            forced = across | along
            if forced.any():
                grid[forced] = EMPTY
                steps += int(np.count_nonzero(across.any(axis=1)))
                steps += int(np.count_nonzero(along.any(axis=0)))
                changed = True
        found = reach(grid) if connectivity else None
        if found is not None:
            if found.cut_off and BARRIER in rules:
                return Deduction(grid, barrier_violation(found), steps, passes)
            if found.unreachable and BARRIER in rules and unreachable:
                rows, cols = zip(*found.unreachable, strict=True)
                grid[rows, cols] = EMPTY
                steps += 1
                changed = True
            if found.needed and CUT in rules:
                rows, cols = zip(*found.needed, strict=True)
                grid[rows, cols] = FILLED
                steps += len(found.needed)
                changed = True
        if not changed:
            return Deduction(grid, None, steps, passes)


def next_step(grid: PartialGrid) -> Step | None:
    """The first deduction from ``grid`` in the order :func:`propagate` applies the rules:
    the runs rule in the first line it decides cells in, then all cells no circle can reach,
    then the first cell a cross would cut the circles apart at; ``None`` if the rules decide
    nothing more or ``grid`` already breaks a rule."""
    if long_runs(grid == FILLED):
        return None
    runs = _run_steps(grid)
    if runs:
        return runs[0]
    found = reach(grid)
    if found is None or found.cut_off:
        return None
    if found.unreachable:
        return Step(
            BARRIER,
            "no circle can reach these cells",
            tuple((r, c, False) for r, c in found.unreachable),
            walled_off(grid, found.unreachable),
        )
    if found.needed:
        cell = found.needed[0]
        return Step(
            CUT,
            f"a cross at {cell_name(cell)} would cut the circles apart",
            ((*cell, True),),
            cut_off_by(grid, cell),
        )
    return None


def connected(circles: BoolGrid) -> bool:
    """True if the circled cells form at most one orthogonally connected group."""
    return len(components(circles)) <= 1


def probe(grid: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
    """Probing from ``grid`` (a fixpoint of :func:`propagate`): try each undecided cell as a
    circle and as a cross, propagate each, and keep what follows: the other value when one
    breaks a rule, the cells both agree on otherwise; repeat until no trial decides anything.

    This is backtracking one level deep, the trial a person makes when the rules stall (the
    nonogram's probing, :func:`studio.core.kinds.nonogram.linesolve.probe_solve`, does the same
    with lines).

    Returns:
        The grid reached; ``probes`` counts the trials that decided something, ``steps`` the
        rule steps of those trials' propagation; a contradiction when both values of a cell
        break a rule.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    grid = grid.copy()
    probes = steps = passes = 0
    progress = True
    while progress:
        passes += 1
        progress = False
        for r, c in np.argwhere(grid == UNKNOWN):
            if grid[r, c] != UNKNOWN:
                continue
            if cancel is not None:
                cancel.check()
            branches = []
            for value in (FILLED, EMPTY):
                trial = grid.copy()
                trial[r, c] = value
                branches.append(propagate(trial, cancel=cancel))
            circle, cross = branches
            if circle.contradiction is not None and cross.contradiction is not None:
                return Deduction(grid, circle.contradiction, steps, passes, probes)
            if circle.contradiction is not None or cross.contradiction is not None:
                kept = cross if circle.contradiction is not None else circle
                grid = kept.grid
                steps += kept.steps
            else:
                agreed = (circle.grid == cross.grid) & (circle.grid != UNKNOWN) & (grid == UNKNOWN)
                if not agreed.any():
                    continue
                grid[agreed] = circle.grid[agreed]
                settled = propagate(grid, cancel=cancel)
                grid = settled.grid
                steps += settled.steps
            probes += 1
            progress = True
    return Deduction(grid, None, steps, passes, probes)
