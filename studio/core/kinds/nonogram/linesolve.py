"""Nonogram line solver: exact deductions line by line, iterated over the grid to a fixpoint.

For one line (its clue and the cells known so far) the line solver finds every cell that has
the same value in *all* placements of the runs consistent with the known cells (docs/algorithms.md,
"Line solver"). Iterating over rows and columns until nothing changes decides whether a puzzle
is *line-solvable* (Tatham's generator standard), names the first line that cannot hold its clue,
and fixes cells before SAT.

Implementation: the placement DP over (position, run) is run on bit sets, one Python ``int`` per
run holding all positions at once, so a line costs O(k + n) big-integer operations instead of
O(n·k) interpreted steps. Bit ``x`` of a line mask stands for cell ``x``. Internally the line is
padded with one forced-empty cell on each side (cell ``x`` becomes position ``x + 1``), which
makes the language of valid lines ``E+ B1 E+ B2 ... Bk E+``, symmetric under reversal: the
backward pass is the forward pass on the reversed line.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.grid import EMPTY, FILLED, UNKNOWN, BoolGrid, LineRef, PartialGrid, unknown_grid
from studio.core.puzzle import Deduction, Violation

Clue = Sequence[int]


def _windows(cells: int, length: int) -> int:
    """Positions ``p`` such that bits ``p .. p+length-1`` of ``cells`` are all set."""
    result, covered, window, span = -1, 0, cells, 1
    while length:
        if length & 1:
            result &= window >> covered
            covered += span
        window &= window >> span
        span *= 2
        length >>= 1
    return result


def _cover(starts: int, length: int) -> int:
    """Positions covered by a run of ``length`` starting at any position in ``starts``."""
    result, covered, window, span = 0, 0, starts, 1
    while length:
        if length & 1:
            result |= window << covered
            covered += span
        window |= window << span
        span *= 2
        length >>= 1
    return result


_REVERSED_BYTES = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))


def _reverse(bits: int, width: int) -> int:
    """The low ``width`` bits of ``bits`` in reverse order: its bytes reversed, each byte's
    bits reversed by a table (``bytes.translate``), the padding shifted out."""
    size = (width + 7) // 8
    flipped = int.from_bytes(bits.to_bytes(size, "big").translate(_REVERSED_BYTES), "little")
    return flipped >> (8 * size - width)


def _forward(clue: Clue, can_empty: int, can_fill: int) -> tuple[list[int], list[int]]:
    """Reachable states of the padded line, per number of runs placed, and valid run starts.

    State ``p`` means positions ``0 .. p-1`` are decided. ``reach[j]`` holds the states reachable
    with runs ``0 .. j-1`` placed; ``fits[j]`` the positions where run ``j`` fits locally
    (cells fillable, the next cell emptiable).
    """

    # The closure steps over emptiable positions: a carry through each run of ones in
    # ``can_empty`` marks every state up to one past the end of that run. It is written out
    # twice and the windows of each run length computed once: this is the line solver's
    # innermost loop.
    states = (((1 & can_empty) + can_empty) ^ can_empty) | 1
    reach = [states]
    fits = []
    windows: dict[int, int] = {}
    for length in clue:
        if length not in windows:
            windows[length] = _windows(can_fill, length) & (can_empty >> length)
        valid = windows[length]
        fits.append(valid)
        states = (states & valid) << (length + 1)
        states = (((states & can_empty) + can_empty) ^ can_empty) | states
        reach.append(states)
    return reach, fits


@dataclass(frozen=True)
class LineAnalysis:
    """The placements of a clue in a line with known cells, as bit masks (bit x = cell x).

    Attributes:
        starts: per run, the cells where it starts in some valid placement.
        can_fill: cells filled in some valid placement.
        can_empty: cells empty in some valid placement.
    """

    starts: tuple[int, ...]
    can_fill: int
    can_empty: int


def analyse_line(clue: Clue, length: int, filled: int, empty: int) -> LineAnalysis | None:
    """All placements of ``clue`` in a line of ``length`` cells that agree with the known cells.

    Args:
        clue: run lengths, each ≥ 1; empty for an empty line.
        length: number of cells ``n`` in the line.
        filled: bit mask of cells known to be filled.
        empty: bit mask of cells known to be empty.

    Returns:
        The summary of every valid placement, or ``None`` if there is none.
    """
    return _analyse_line(tuple(clue), length, filled, empty)


# Repair and generation line-solve many puzzles that differ in a cell or two, so most lines
# come back with the same clue and the same known cells: a cache answers those at once.
@functools.lru_cache(maxsize=1 << 16)
def _analyse_line(
    clue: tuple[int, ...], length: int, filled: int, empty: int
) -> LineAnalysis | None:
    padded = length + 2
    full = (1 << length) - 1
    can_empty = ((~filled & full) << 1) | 1 | (1 << (padded - 1))
    can_fill = (~empty & full) << 1
    reach, fits = _forward(clue, can_empty, can_fill)
    if not reach[-1] >> padded & 1:
        return None
    back, _ = _forward(clue[::-1], _reverse(can_empty, padded), _reverse(can_fill, padded))
    runs = len(clue)
    # completes[j]: states p such that position p is empty and positions p.. can hold runs
    # j..k-1; it is the backward reach with k-j runs placed, read from the other end.
    completes = [_reverse(back[runs - j], padded + 1) for j in range(runs + 1)]
    starts = [reach[j] & fits[j] & (completes[j + 1] >> clue[j]) for j in range(runs)]
    filled_somewhere = 0
    empty_somewhere = 0
    for j, run in enumerate(clue):
        filled_somewhere |= _cover(starts[j], run)
        empty_somewhere |= starts[j] << run  # the cell right after the run
    for j in range(runs + 1):
        # Position p empty between a valid prefix with j runs and a valid suffix.
        empty_somewhere |= reach[j] & completes[j]
    return LineAnalysis(
        starts=tuple(start >> 1 for start in starts),
        can_fill=(filled_somewhere >> 1) & full,
        can_empty=(empty_somewhere >> 1) & full,
    )


def solve_line(clue: Clue, length: int, filled: int, empty: int) -> tuple[int, int] | None:
    """Every cell decided by the clue and the known cells, as ``(filled, empty)`` bit masks.

    The result includes the known cells. ``None`` if the line cannot hold its clue.
    """
    line = analyse_line(clue, length, filled, empty)
    if line is None:
        return None
    full = (1 << length) - 1
    return full & ~line.can_empty, full & ~line.can_fill


def _to_masks(values: PartialGrid, state: int) -> list[int]:
    """Per row of ``values``, the bit mask of cells equal to ``state``."""
    packed = np.packbits(values == state, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def line_masks(picture: BoolGrid) -> tuple[list[int], list[int]]:
    """The filled cells of each row and of each column of ``picture`` (bool ``(height,
    width)``) as bit masks (bit ``x`` for cell ``x``), for :func:`runs`."""
    grid = np.asarray(picture, dtype=bool)
    return _to_masks(grid, True), _to_masks(grid.T, True)


def runs(mask: int) -> tuple[int, ...]:
    """The run lengths of a line's bit mask of filled cells, lowest bit first: the clue of
    the line, as :func:`~studio.core.grid.run_lengths` counts it from the cells."""
    lengths = []
    while mask:
        mask >>= (mask & -mask).bit_length() - 1  # drop the empty cells before the run
        length = (~mask & (mask + 1)).bit_length() - 1  # the ones up to the first zero
        lengths.append(length)
        mask >>= length
    return tuple(lengths)


def _from_masks(masks: list[int], width: int) -> PartialGrid:
    """Inverse of :func:`_to_masks` for one state: a bool array of shape ``(len, width)``."""
    nbytes = (width + 7) // 8
    raw = b"".join(mask.to_bytes(nbytes, "little") for mask in masks)
    bits = np.unpackbits(
        np.frombuffer(raw, dtype=np.uint8).reshape(len(masks), nbytes), axis=1, bitorder="little"
    )
    return bits[:, :width].astype(bool)


class LineGrid:
    """The line solver's state over a whole puzzle: the known cells as bit masks per line.

    Copying is cheap (four lists of ints), which is what probing needs: try a cell both ways
    on copies, propagate, compare.
    """

    def __init__(
        self, rows: Sequence[Clue], cols: Sequence[Clue], known: PartialGrid | None = None
    ) -> None:
        self.clues = {"row": rows, "column": cols}
        self.height, self.width = len(rows), len(cols)
        start = unknown_grid(self.height, self.width) if known is None else known
        self.masks = {
            "row": (_to_masks(start, FILLED), _to_masks(start, EMPTY)),
            "column": (_to_masks(start.T, FILLED), _to_masks(start.T, EMPTY)),
        }
        self.dirty: dict[str, set[int]] = {
            "row": set(range(self.height)),
            "column": set(range(self.width)),
        }
        self.steps = 0
        self.passes = 0
        filled, empty = self.masks["row"]
        decided = sum((f | e).bit_count() for f, e in zip(filled, empty, strict=True))
        self.unknown = self.height * self.width - decided
        """Cells not known yet, kept up to date by every change."""

    def copy(self) -> LineGrid:
        other = object.__new__(LineGrid)
        other.clues, other.height, other.width = self.clues, self.height, self.width
        other.masks = {axis: (list(f), list(e)) for axis, (f, e) in self.masks.items()}
        other.dirty = {axis: set(lines) for axis, lines in self.dirty.items()}
        other.steps, other.passes, other.unknown = self.steps, self.passes, self.unknown
        return other

    def changed(
        self, clues: Iterable[tuple[LineRef, Clue]], forget: Iterable[tuple[int, int]] = ()
    ) -> LineGrid:
        """A copy with new ``clues`` for some lines and the cells ``forget`` unknown again;
        the lines changed and those through a forgotten cell are solved again by
        :meth:`propagate`.

        What the old clues taught stays known: continuing from here is not line solving the
        changed puzzle from scratch (it may know more), which is what a cheap estimate of a
        change needs (:meth:`.repair.search.Search.line_ranked`).
        """
        other = self.copy()
        lines = {axis: list(axis_clues) for axis, axis_clues in self.clues.items()}
        for line, clue in clues:
            lines[line.axis][line.index] = clue
            other.dirty[line.axis].add(line.index)
        other.clues = {axis: tuple(axis_clues) for axis, axis_clues in lines.items()}
        for row, col in forget:
            other.unknown += other.value(row, col) != UNKNOWN
            for axis, index, bit in (("row", row, col), ("column", col, row)):
                for masks in other.masks[axis]:
                    masks[index] &= ~(1 << bit)
            other.dirty["row"].add(row)
            other.dirty["column"].add(col)
        return other

    def value(self, row: int, col: int) -> int:
        """FILLED, EMPTY or UNKNOWN."""
        filled, empty = self.masks["row"]
        if filled[row] >> col & 1:
            return FILLED
        return EMPTY if empty[row] >> col & 1 else UNKNOWN

    def set_cell(self, row: int, col: int, filled: bool) -> None:
        """Make a cell known; its row and column are solved again by :meth:`propagate`."""
        self.unknown -= self.value(row, col) == UNKNOWN
        self.masks["row"][0 if filled else 1][row] |= 1 << col
        self.masks["column"][0 if filled else 1][col] |= 1 << row
        self.dirty["row"].add(row)
        self.dirty["column"].add(col)

    def unknown_cells(self) -> list[tuple[int, int]]:
        """The cells not known yet, in row-major order."""
        filled, empty = self.masks["row"]
        full = (1 << self.width) - 1
        cells = []
        for row in range(self.height):
            open_cells = full & ~(filled[row] | empty[row])
            while open_cells:
                low = open_cells & -open_cells
                cells.append((row, low.bit_length() - 1))
                open_cells ^= low
        return cells

    def propagate(self, cancel: CancelToken | None = None) -> LineRef | None:
        """Solve the dirty lines, rows then columns in turn, until nothing changes.

        Returns:
            The first line that cannot hold its clue, or ``None``.

        Raises:
            Stopped: when ``cancel`` is cancelled or out of time (checked before each line).
        """
        other = {"row": "column", "column": "row"}
        lengths = {"row": self.width, "column": self.height}
        axis = "row" if self.dirty["row"] else "column"
        while self.dirty["row"] or self.dirty["column"]:
            self.passes += 1
            filled, empty = self.masks[axis]
            cross_filled, cross_empty = self.masks[other[axis]]
            for index in sorted(self.dirty[axis]):
                if cancel is not None:
                    cancel.check()
                self.steps += 1
                clue = self.clues[axis][index]
                solved = solve_line(clue, lengths[axis], filled[index], empty[index])
                if solved is None:
                    return LineRef(axis, index)  # type: ignore[arg-type]
                new_filled = solved[0] & ~filled[index]
                new_empty = solved[1] & ~empty[index]
                # New to both axes: the cross lines learn each one below.
                self.unknown -= (new_filled | new_empty).bit_count()
                filled[index], empty[index] = solved
                for new, cross in ((new_filled, cross_filled), (new_empty, cross_empty)):
                    while new:
                        low = new & -new
                        cell = low.bit_length() - 1
                        cross[cell] |= 1 << index
                        self.dirty[other[axis]].add(cell)
                        new ^= low
            self.dirty[axis].clear()
            axis = other[axis]
        return None

    def known_in_both(
        self, other: LineGrid, *, unknown_in: LineGrid
    ) -> list[tuple[int, int, bool]]:
        """Cells known with the same value here and in ``other``, but not in ``unknown_in``."""
        filled, empty = self.masks["row"]
        other_filled, other_empty = other.masks["row"]
        base_filled, base_empty = unknown_in.masks["row"]
        cells = []
        for row in range(self.height):
            open_cells = ~(base_filled[row] | base_empty[row])
            for value, mask in (
                (True, filled[row] & other_filled[row] & open_cells),
                (False, empty[row] & other_empty[row] & open_cells),
            ):
                while mask:
                    low = mask & -mask
                    cells.append((row, low.bit_length() - 1, value))
                    mask ^= low
        return cells

    def grid(self) -> PartialGrid:
        """The known cells as an ``int8`` partial grid ``(height, width)``."""
        row_filled, row_empty = self.masks["row"]
        grid = unknown_grid(self.height, self.width)
        grid[_from_masks(row_filled, self.width)] = FILLED
        grid[_from_masks(row_empty, self.width)] = EMPTY
        return grid

    def deduction(self, contradiction: LineRef | None, probes: int = 0) -> Deduction:
        violation = None
        if contradiction is not None:
            if contradiction.axis == "row":
                cells = tuple((contradiction.index, c) for c in range(self.width))
            else:
                cells = tuple((r, contradiction.index) for r in range(self.height))
            clue = self.clues[contradiction.axis][contradiction.index]
            problem = f"cannot hold {format_clue(clue)}" if clue else "cannot stay empty"
            violation = Violation(f"{contradiction} {problem}", cells)
        return Deduction(
            grid=self.grid(),
            contradiction=violation,
            steps=self.steps,
            passes=self.passes,
            probes=probes,
        )


def line_solve(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: PartialGrid | None = None,
    cancel: CancelToken | None = None,
) -> Deduction:
    """Apply the line solver to rows and columns in turn until nothing more follows.

    Each pass solves the rows (then the columns) that gained a known cell since they were last
    solved, in index order; the first pass solves every line. The first line that cannot hold
    its clue is reported as the contradiction, with its cells.

    Args:
        rows: clue of each row, top to bottom.
        cols: clue of each column, left to right.
        known: ``int8`` partial grid of shape ``(len(rows), len(cols))`` to start from.
        cancel: checked before each line solved.

    Returns:
        The cells line logic determines; ``steps`` counts line solves, ``passes`` the passes.

    Raises:
        Stopped: when ``cancel`` is cancelled or out of time.
    """
    state = LineGrid(rows, cols, known)
    return state.deduction(state.propagate(cancel))


def probe_solve(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: PartialGrid | None = None,
    cancel: CancelToken | None = None,
) -> Deduction:
    """Line solving plus probing: try an open cell both ways, line-solve each, keep what follows.

    If one value leads to a contradiction, the cell takes the other; if both survive, every
    cell on which the two outcomes agree is known (docs/algorithms.md, "Line solver"). Probes go in
    row-major order, in rounds, until a round adds nothing. This is the second difficulty level:
    what a careful human does with "what if" on one cell.

    Returns:
        The cells determined; ``probes`` counts the probes that determined something.

    Raises:
        Stopped: when ``cancel`` is cancelled or out of time.
    """
    state = LineGrid(rows, cols, known)
    contradiction = state.propagate(cancel)
    probes = 0
    progressed = contradiction is None
    while progressed:
        progressed = False
        for row, col in state.unknown_cells():
            if state.value(row, col) != UNKNOWN:
                continue  # found by an earlier probe of this round
            outcomes = []
            for filled in (True, False):
                trial = state.copy()
                trial.set_cell(row, col, filled)
                if trial.propagate(cancel) is None:
                    outcomes.append(trial)
            if not outcomes:
                # Neither value survives line logic: the puzzle has no solution.
                state.set_cell(row, col, True)
                return state.deduction(state.propagate(cancel), probes)
            # With one survivor this is everything it knows; with two, what they agree on.
            new = outcomes[0].known_in_both(outcomes[-1], unknown_in=state)
            if new:
                probes += 1
                progressed = True
                for r, c, filled in new:
                    state.set_cell(r, c, filled)
                contradiction = state.propagate(cancel)
                if contradiction is not None:
                    return state.deduction(contradiction, probes)
    return state.deduction(contradiction, probes)


@dataclass(frozen=True)
class Step:
    """One line-logic deduction: the cells that one line's clue decides.

    Attributes:
        line: the row or column.
        cells: ``(row, col, filled)`` of each cell it decides, in line order.
    """

    line: LineRef
    cells: tuple[tuple[int, int, bool], ...]


def next_step(rows: Sequence[Clue], cols: Sequence[Clue], known: PartialGrid) -> Step | None:
    """The most fruitful line deduction from ``known``: the line that decides the most new
    cells (the first such, rows before columns), or ``None`` if no line decides anything (or a
    line contradicts ``known``). This is the studio's hint."""
    state = LineGrid(rows, cols, known)
    best: Step | None = None
    for axis, length in (("row", state.width), ("column", state.height)):
        filled, empty = state.masks[axis]
        for index, clue in enumerate(state.clues[axis]):
            solved = solve_line(clue, length, filled[index], empty[index])
            if solved is None:
                return None
            new = (solved[0] | solved[1]) & ~(filled[index] | empty[index])
            if new and (best is None or new.bit_count() > len(best.cells)):
                cells = tuple(
                    ((index, x) if axis == "row" else (x, index)) + (bool(solved[0] >> x & 1),)
                    for x in range(length)
                    if new >> x & 1
                )
                best = Step(LineRef(axis, index), cells)  # type: ignore[arg-type]
    return best


def format_clue(clue: Clue) -> str:
    """A clue as people write it: ``"3 1 2"``, or ``"0"`` for an empty line."""
    return " ".join(str(n) for n in clue) or "0"
