"""Nonogram line solver: exact deductions line by line, iterated over the grid to a fixpoint.

For one line (its clue and the cells known so far) the line solver finds every cell that has
the same value in *all* placements of the runs consistent with the known cells (DESIGN.md §3,
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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.grid import EMPTY, FILLED, UNKNOWN, LineRef, PartialGrid, unknown_grid
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


def _reverse(bits: int, width: int) -> int:
    return int(format(bits, f"0{width}b")[::-1], 2)


def _forward(clue: Clue, can_empty: int, can_fill: int) -> tuple[list[int], list[int]]:
    """Reachable states of the padded line, per number of runs placed, and valid run starts.

    State ``p`` means positions ``0 .. p-1`` are decided. ``reach[j]`` holds the states reachable
    with runs ``0 .. j-1`` placed; ``fits[j]`` the positions where run ``j`` fits locally
    (cells fillable, the next cell emptiable).
    """

    def closure(states: int) -> int:
        # Step over emptiable positions: a carry through each run of ones in ``can_empty``
        # marks every state up to one past the end of that run.
        return (((states & can_empty) + can_empty) ^ can_empty) | states

    reach = [closure(1)]
    fits = []
    for length in clue:
        valid = _windows(can_fill, length) & (can_empty >> length)
        fits.append(valid)
        reach.append(closure((reach[-1] & valid) << (length + 1)))
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


def _from_masks(masks: list[int], width: int) -> PartialGrid:
    """Inverse of :func:`_to_masks` for one state: a bool array of shape ``(len, width)``."""
    nbytes = (width + 7) // 8
    raw = b"".join(mask.to_bytes(nbytes, "little") for mask in masks)
    bits = np.unpackbits(
        np.frombuffer(raw, dtype=np.uint8).reshape(len(masks), nbytes), axis=1, bitorder="little"
    )
    return bits[:, :width].astype(bool)


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
        cancel: checked once per pass.

    Returns:
        The cells line logic determines; ``steps`` counts line solves, ``passes`` the passes.

    Raises:
        Stopped: when ``cancel`` is cancelled or out of time.
    """
    height, width = len(rows), len(cols)
    start = unknown_grid(height, width) if known is None else known
    masks = {
        "row": (_to_masks(start, FILLED), _to_masks(start, EMPTY)),
        "column": (_to_masks(start.T, FILLED), _to_masks(start.T, EMPTY)),
    }
    clues = {"row": rows, "column": cols}
    lengths = {"row": width, "column": height}
    other = {"row": "column", "column": "row"}
    dirty = {"row": set(range(height)), "column": set(range(width))}
    steps = passes = 0
    contradiction = None
    axis = "row"
    while (dirty["row"] or dirty["column"]) and contradiction is None:
        if cancel is not None:
            cancel.check()
        passes += 1
        filled, empty = masks[axis]
        cross_filled, cross_empty = masks[other[axis]]
        for index in sorted(dirty[axis]):
            steps += 1
            solved = solve_line(clues[axis][index], lengths[axis], filled[index], empty[index])
            if solved is None:
                contradiction = LineRef(axis, index)  # type: ignore[arg-type]
                break
            new_filled = solved[0] & ~filled[index]
            new_empty = solved[1] & ~empty[index]
            filled[index], empty[index] = solved
            for new, cross in ((new_filled, cross_filled), (new_empty, cross_empty)):
                while new:
                    low = new & -new
                    cell = low.bit_length() - 1
                    cross[cell] |= 1 << index
                    dirty[other[axis]].add(cell)
                    new ^= low
        dirty[axis].clear()
        axis = other[axis]

    row_filled, row_empty = masks["row"]
    grid = np.full((height, width), UNKNOWN, dtype=np.int8)
    grid[_from_masks(row_filled, width)] = FILLED
    grid[_from_masks(row_empty, width)] = EMPTY
    violation = None
    if contradiction is not None:
        line_cells = (
            tuple((contradiction.index, c) for c in range(width))
            if contradiction.axis == "row"
            else tuple((r, contradiction.index) for r in range(height))
        )
        clue = clues[contradiction.axis][contradiction.index]
        problem = f"cannot hold {format_clue(clue)}" if clue else "cannot stay empty"
        violation = Violation(f"{contradiction} {problem}", line_cells)
    return Deduction(grid=grid, contradiction=violation, steps=steps, passes=passes)


def format_clue(clue: Clue) -> str:
    """A clue as people write it: ``"3 1 2"``, or ``"0"`` for an empty line."""
    return " ".join(str(n) for n in clue) or "0"
