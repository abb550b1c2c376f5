"""Nonogram line solver: exact deductions line by line, iterated over the grid to a fixpoint.

For one line (its clue and what is known of its cells) the line solver finds, for every cell,
the values it takes in *some* placement of the runs consistent with what is known
(docs/algorithms.md, "Line solver"); a cell left one value is decided. Iterating over rows and
columns until nothing changes decides whether a puzzle is *line-solvable* (Tatham's generator
standard), names the first line that cannot hold its clue, and fixes cells before SAT.

Colour: a clue is a sequence of runs, each a length and a colour (1 to *k*; 0 is the
background); two consecutive runs of one colour need a background cell between them, runs of
two colours may touch. A black-and-white clue is the case *k* = 1 (:func:`as_runs` reads plain
run lengths as runs of colour 1), through the same code. What is known of a cell is the set of
values it may still take, one bit mask per value and line (bit ``x`` for cell ``x``): the state
of a colour line solver such as Jan Wolter's pbnsolve (``webpbn.com/pbnsolve.html``, "line
solving"), which keeps per cell the colours still possible.

Implementation: the placement DP over (run, position) is a small C extension
(``_placements.c``): a forward pass over prefixes and a backward pass over suffixes on byte
tables, then every run start that a prefix and a suffix agree on, O(n·k) steps for *n* cells and
*k* runs. The bit-set DP in Python it replaced cost 15 µs a 40-cell line against 2 µs (issue 15:
line-solvable puzzles are almost all line solving).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from studio.core.cancel import CancelToken
from studio.core.grid import UNKNOWN, BoolGrid, LineRef, PartialGrid, unknown_grid
from studio.core.kinds.nonogram._placements import placements
from studio.core.puzzle import Deduction, Violation

Runs = tuple[tuple[int, int], ...]
"""A line's clue as the line solver reads it: ``(length, colour)`` per run, in order."""
Clue = Sequence[int] | Sequence[tuple[int, int]]
"""A clue as callers give it: run lengths (black and white) or ``(length, colour)`` runs."""


def as_runs(clue: Clue) -> Runs:
    """``clue`` as ``(length, colour)`` runs: plain run lengths are runs of colour 1."""
    return tuple(
        (int(run[0]), int(run[1])) if isinstance(run, tuple) else (int(run), 1) for run in clue
    )


@dataclass(frozen=True)
class LineAnalysis:
    """The placements of a clue in a line with known cells, as bit masks (bit x = cell x).

    Attributes:
        starts: per run, the cells where it starts in some valid placement.
        can: per value ``v`` (0 the background, then the colours), the cells that take ``v``
            in some valid placement.
    """

    starts: tuple[int, ...]
    can: tuple[int, ...]

    @property
    def can_empty(self) -> int:
        """Cells empty (background) in some valid placement."""
        return self.can[0]

    @property
    def can_fill(self) -> int:
        """Cells of some colour in some valid placement."""
        filled = 0
        for mask in self.can[1:]:
            filled |= mask
        return filled


def analyse_runs(runs: Runs, length: int, possible: tuple[int, ...]) -> LineAnalysis | None:
    """All placements of ``runs`` in a line of ``length`` cells where cell ``x`` may take
    value ``v`` only if bit ``x`` of ``possible[v]`` is set.

    Args:
        runs: ``(length, colour)`` per run, lengths ≥ 1, colours 1 to ``len(possible) - 1``.
        length: number of cells ``n`` in the line.
        possible: per value (0 the background, then each colour), a bit mask of the cells
            that may still take it.

    Returns:
        The summary of every valid placement, or ``None`` if there is none.
    """
    return _analyse_runs(runs, length, possible)


# Repair and generation line-solve many puzzles that differ in a cell or two, so most lines
# come back with the same clue and the same known cells: a cache answers those at once.
@functools.lru_cache(maxsize=1 << 16)
def _analyse_runs(runs: Runs, length: int, possible: tuple[int, ...]) -> LineAnalysis | None:
    found = placements(runs, length, possible)
    return None if found is None else LineAnalysis(*found)


def _to_masks(cells: npt.NDArray[np.bool_]) -> list[int]:
    """Per row of ``cells``, the bit mask of its True cells."""
    packed = np.packbits(cells, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def line_masks(picture: BoolGrid) -> tuple[list[int], list[int]]:
    """The filled cells of each row and of each column of ``picture`` (bool ``(height,
    width)``) as bit masks (bit ``x`` for cell ``x``), for :func:`runs`."""
    grid = np.asarray(picture, dtype=bool)
    return _to_masks(grid), _to_masks(grid.T)


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


def _from_masks(masks: list[int], width: int) -> npt.NDArray[np.bool_]:
    """Inverse of :func:`_to_masks`: a bool array of shape ``(len(masks), width)``."""
    nbytes = (width + 7) // 8
    raw = b"".join(mask.to_bytes(nbytes, "little") for mask in masks)
    bits = np.unpackbits(
        np.frombuffer(raw, dtype=np.uint8).reshape(len(masks), nbytes), axis=1, bitorder="little"
    )
    return bits[:, :width].astype(bool)


def _decided(masks: Sequence[int]) -> list[int]:
    """Per value, the cells whose only possible value it is, from one line's ``masks``."""
    seen = several = 0
    for mask in masks:
        several |= seen & mask
        seen |= mask
    return [mask & ~several for mask in masks]


def _black_and_white(value: int, colours: int) -> int | bool:
    """A cell's value as hints and probes report it: ``filled`` for one colour."""
    return bool(value) if colours == 1 else value


class LineGrid:
    """The line solver's state over a whole puzzle: per line and value, the cells that may
    still take that value, as bit masks.

    Copying is cheap (lists of ints), which is what probing needs: try a cell each way on
    copies, propagate, compare.

    Args:
        rows, cols: the clue of each row and column (:data:`Clue`).
        known: ``int8`` partial grid ``(len(rows), len(cols))`` to start from.
        colours: the puzzle's number of colours *k* (default: the highest colour of a run).
    """

    def __init__(
        self,
        rows: Sequence[Clue],
        cols: Sequence[Clue],
        known: PartialGrid | None = None,
        colours: int | None = None,
    ) -> None:
        self.clues: dict[str, list[Runs]] = {
            "row": [as_runs(clue) for clue in rows],
            "column": [as_runs(clue) for clue in cols],
        }
        used = (colour for clues in self.clues.values() for clue in clues for _, colour in clue)
        self.colours = colours if colours is not None else max(used, default=1)
        self.height, self.width = len(rows), len(cols)
        start = unknown_grid(self.height, self.width) if known is None else known
        open_cells = start == UNKNOWN
        values = range(self.colours + 1)
        self.possible = {
            "row": [_to_masks((start == value) | open_cells) for value in values],
            "column": [_to_masks(((start == value) | open_cells).T) for value in values],
        }
        self.dirty: dict[str, set[int]] = {
            "row": set(range(self.height)),
            "column": set(range(self.width)),
        }
        self.steps = 0
        self.passes = 0
        self.unknown = int(np.count_nonzero(open_cells))
        """Cells not known yet, kept up to date by every change."""

    def copy(self) -> LineGrid:
        other = object.__new__(LineGrid)
        other.clues, other.height, other.width = self.clues, self.height, self.width
        other.colours = self.colours
        other.possible = {axis: [list(m) for m in masks] for axis, masks in self.possible.items()}
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
            lines[line.axis][line.index] = as_runs(clue)
            other.dirty[line.axis].add(line.index)
        other.clues = lines
        for row, col in forget:
            other.unknown += other.value(row, col) != UNKNOWN
            for axis, index, bit in (("row", row, col), ("column", col, row)):
                for masks in other.possible[axis]:
                    masks[index] |= 1 << bit
            other.dirty["row"].add(row)
            other.dirty["column"].add(col)
        return other

    def value(self, row: int, col: int) -> int:
        """The cell's value (EMPTY, FILLED or a colour) if decided, else UNKNOWN."""
        bit = 1 << col
        found = [value for value, masks in enumerate(self.possible["row"]) if masks[row] & bit]
        return found[0] if len(found) == 1 else UNKNOWN

    def values(self, row: int, col: int) -> list[int]:
        """The values the cell may still take, in increasing order."""
        bit = 1 << col
        return [value for value, masks in enumerate(self.possible["row"]) if masks[row] & bit]

    def set_cell(self, row: int, col: int, value: int) -> None:
        """Make a cell known (``value``: the colour, or ``filled`` as a bool); its row and
        column are solved again by :meth:`propagate`."""
        self.unknown -= self.value(row, col) == UNKNOWN
        for other, (row_masks, col_masks) in enumerate(
            zip(self.possible["row"], self.possible["column"], strict=True)
        ):
            if other != value:
                row_masks[row] &= ~(1 << col)
                col_masks[col] &= ~(1 << row)
        self.dirty["row"].add(row)
        self.dirty["column"].add(col)

    def unknown_cells(self) -> list[tuple[int, int]]:
        """The cells not known yet, in row-major order."""
        masks = self.possible["row"]
        cells = []
        for row in range(self.height):
            seen = open_cells = 0
            for value_masks in masks:
                open_cells |= seen & value_masks[row]
                seen |= value_masks[row]
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
            masks = self.possible[axis]
            cross_masks = self.possible[other[axis]]
            cross_dirty = self.dirty[other[axis]]
            for index in sorted(self.dirty[axis]):
                if cancel is not None:
                    cancel.check()
                self.steps += 1
                before = tuple([value_masks[index] for value_masks in masks])
                solved = _analyse_runs(self.clues[axis][index], lengths[axis], before)
                if solved is None:
                    return LineRef(axis, index)  # type: ignore[arg-type]
                lost_any = 0
                for value, new in enumerate(solved.can):
                    lost = before[value] & ~new
                    if not lost:
                        continue
                    lost_any |= lost
                    masks[value][index] = new
                    cross = cross_masks[value]
                    while lost:
                        low = lost & -lost
                        cell = low.bit_length() - 1
                        cross[cell] &= ~(1 << index)
                        cross_dirty.add(cell)
                        lost ^= low
                # Decided now, new to both axes: the cross lines learnt each one above.
                if self.colours > 1:
                    lost_any &= _any(_decided(solved.can)) & ~_any(_decided(before))
                self.unknown -= lost_any.bit_count()
            self.dirty[axis].clear()
            axis = other[axis]
        return None

    def known_in_all(
        self, others: Sequence[LineGrid], *, unknown_in: LineGrid
    ) -> list[tuple[int, int, int]]:
        """Cells known with the same value here and in every one of ``others``, but not in
        ``unknown_in``, as ``(row, col, value)``, row by row."""
        cells = []
        for row in range(self.height):
            known = 0
            for mask in _decided([masks[row] for masks in unknown_in.possible["row"]]):
                known |= mask
            agreed = [mask & ~known for mask in _decided(self._row(row))]
            for grid in others:
                agreed = [a & d for a, d in zip(agreed, _decided(grid._row(row)), strict=True)]
            for value, mask in enumerate(agreed):
                while mask:
                    low = mask & -mask
                    cells.append((row, low.bit_length() - 1, value))
                    mask ^= low
        return cells

    def _row(self, row: int) -> list[int]:
        return [masks[row] for masks in self.possible["row"]]

    def grid(self) -> PartialGrid:
        """The known cells as an ``int8`` partial grid ``(height, width)``."""
        grid = unknown_grid(self.height, self.width)
        decided = [_decided(row) for row in zip(*self.possible["row"], strict=True)]
        for value in range(self.colours + 1):
            grid[_from_masks([row[value] for row in decided], self.width)] = value
        return grid

    def deduction(self, contradiction: LineRef | None, probes: int = 0) -> Deduction:
        violation = None
        if contradiction is not None:
            if contradiction.axis == "row":
                cells = tuple((contradiction.index, c) for c in range(self.width))
            else:
                cells = tuple((r, contradiction.index) for r in range(self.height))
            wording, colours = self._impossible(contradiction)
            violation = Violation(f"{contradiction} {wording}", cells, colours)
        return Deduction(
            grid=self.grid(),
            contradiction=violation,
            steps=self.steps,
            passes=self.passes,
            probes=probes,
        )

    def _impossible(self, line: LineRef) -> tuple[str, tuple[int, ...]]:
        """What a line that cannot hold its clue cannot do, naming the colour to blame when
        one alone is: the line's runs of that colour do not fit even where the others are
        taken for background. The wording names colours as ``{0}``, ``{1}``…, with their
        values (:class:`~studio.core.puzzle.Violation`)."""
        runs = self.clues[line.axis][line.index]
        if not runs:
            return "cannot stay empty", ()
        if self.colours == 1:
            return f"cannot hold {format_clue(runs)}", ()
        length = self.width if line.axis == "row" else self.height
        masks = [value_masks[line.index] for value_masks in self.possible[line.axis]]
        full = (1 << length) - 1
        known = _decided(masks)
        in_clue = sorted({colour for _, colour in runs})
        others = [colour for colour in range(1, self.colours + 1) if colour not in in_clue]
        for colour in [*in_clue, *others]:
            own = tuple((run, 1) for run, value in runs if value == colour)
            if _analyse_runs(own, length, (full & ~known[colour], masks[colour])) is None:
                if not own:
                    return "cannot hold {0}, which its clue lacks", (colour,)
                lengths = " ".join(str(run) for run, _ in own)
                return f"cannot hold {lengths} in {{0}}", (colour,)
        wording, colours = runs_wording(runs)
        return f"cannot hold {wording}", colours


def line_solve(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: PartialGrid | None = None,
    cancel: CancelToken | None = None,
    colours: int | None = None,
) -> Deduction:
    """Apply the line solver to rows and columns in turn until nothing more follows.

    Each pass solves the rows (then the columns) that gained a known cell since they were last
    solved, in index order; the first pass solves every line. The first line that cannot hold
    its clue is reported as the contradiction, with its cells, and with the colour to blame in
    a colour puzzle (``row 3 cannot hold 2 1 in colour 2``).

    Args:
        rows: clue of each row, top to bottom (:data:`Clue`).
        cols: clue of each column, left to right.
        known: ``int8`` partial grid of shape ``(len(rows), len(cols))`` to start from.
        cancel: checked before each line solved.
        colours: the puzzle's number of colours (as :class:`LineGrid`).

    Returns:
        The cells line logic determines; ``steps`` counts line solves, ``passes`` the passes.

    Raises:
        Stopped: when ``cancel`` is cancelled or out of time.
    """
    state = LineGrid(rows, cols, known, colours)
    return state.deduction(state.propagate(cancel))


def probe_solve(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: PartialGrid | None = None,
    cancel: CancelToken | None = None,
    colours: int | None = None,
) -> Deduction:
    """Line solving plus probing: try each value of an open cell, line-solve each, keep what
    follows.

    If one value alone survives line logic, the cell takes it; if several survive, every cell
    on which their outcomes agree is known (docs/algorithms.md, "Line solver"). Probes go in
    row-major order (a black-and-white cell tried filled, then empty; a colour cell in the
    order of its values), in rounds, until a round adds nothing. This is the second difficulty
    level: what a careful human does with "what if" on one cell.

    Returns:
        The cells determined; ``probes`` counts the probes that determined something.

    Raises:
        Stopped: when ``cancel`` is cancelled or out of time.
    """
    state = LineGrid(rows, cols, known, colours)
    contradiction = state.propagate(cancel)
    probes = 0
    progressed = contradiction is None
    while progressed:
        progressed = False
        for row, col in state.unknown_cells():
            values = state.values(row, col)
            if len(values) < 2:
                continue  # found by an earlier probe of this round
            outcomes = []
            for value in reversed(values):
                trial = state.copy()
                trial.set_cell(row, col, value)
                if trial.propagate(cancel) is None:
                    outcomes.append(trial)
            if not outcomes:
                # No value survives line logic: the puzzle has no solution.
                state.set_cell(row, col, values[-1])
                return state.deduction(state.propagate(cancel), probes)
            # With one survivor this is everything it knows; with more, what they agree on.
            new = outcomes[0].known_in_all(outcomes[1:], unknown_in=state)
            if new:
                probes += 1
                progressed = True
                for r, c, value in new:
                    state.set_cell(r, c, value)
                contradiction = state.propagate(cancel)
                if contradiction is not None:
                    return state.deduction(contradiction, probes)
    return state.deduction(contradiction, probes)


@dataclass(frozen=True)
class Step:
    """One line-logic deduction: the cells that one line's clue decides.

    Attributes:
        line: the row or column.
        cells: ``(row, col, value)`` of each cell it decides, in line order: ``filled`` (a
            bool) in a black-and-white puzzle, the colour (0 the background) in a colour one.
    """

    line: LineRef
    cells: tuple[tuple[int, int, int], ...]


def next_step(
    rows: Sequence[Clue], cols: Sequence[Clue], known: PartialGrid, colours: int | None = None
) -> Step | None:
    """The most fruitful line deduction from ``known``: the line that decides the most new
    cells (the first such, rows before columns), or ``None`` if no line decides anything (or a
    line contradicts ``known``). This is the studio's hint.

    In colour a line may only rule colours out of its cells, which ``known`` (decided cells)
    cannot hold: when no line decides a cell from ``known`` alone, the lines are solved to
    their fixpoint first, as a person keeps notes of the colours a cell can no longer take,
    and the line deciding the most cells then is the hint.
    """
    state = LineGrid(rows, cols, known, colours)
    decided_before = {
        axis: [_any(_decided(values)) for values in zip(*state.possible[axis], strict=True)]
        for axis in ("row", "column")
    }
    best = _best_step(state, decided_before)
    if best is None and state.propagate() is None:
        best = _best_step(state, decided_before)
    return best


def _best_step(state: LineGrid, decided_before: dict[str, list[int]]) -> Step | None:
    """The line deciding the most cells not in ``decided_before`` (per axis and line, as bit
    masks), from ``state``; ``None`` if none does or a line cannot hold its clue."""
    best: Step | None = None
    for axis, length in (("row", state.width), ("column", state.height)):
        masks = state.possible[axis]
        for index, runs in enumerate(state.clues[axis]):
            solved = _analyse_runs(runs, length, tuple([m[index] for m in masks]))
            if solved is None:
                return None
            decided = _decided(solved.can)
            new = _any(decided) & ~decided_before[axis][index]
            if new and (best is None or new.bit_count() > len(best.cells)):
                cells = tuple(
                    ((index, x) if axis == "row" else (x, index))
                    + (_black_and_white(value, state.colours),)
                    for x in range(length)
                    if new >> x & 1
                    for value, mask in enumerate(decided)
                    if mask >> x & 1
                )
                best = Step(LineRef(axis, index), cells)  # type: ignore[arg-type]
    return best


def _any(masks: Sequence[int]) -> int:
    """The union of ``masks``."""
    union = 0
    for mask in masks:
        union |= mask
    return union


def format_clue(clue: Clue, chars: str = "") -> str:
    """A clue as people type it: ``"3 1 2"``, or ``"0"`` for an empty line. In colour,
    ``chars`` spells the colours (a palette's :attr:`~studio.core.palette.Palette.chars`,
    background first): each run is its length followed by its colour's character, a run of
    the first colour bare, ``"3r 2 1g"``; :func:`~studio.core.kinds.nonogram.puzzle.parse_clue`
    reads it back."""
    return (
        " ".join(
            f"{length}{chars[colour] if chars and colour != 1 else ''}"
            for length, colour in as_runs(clue)
        )
        or "0"
    )


def runs_wording(runs: Runs, first: int = 0) -> tuple[str, tuple[int, ...]]:
    """A colour clue as a message words it, ``"3 in {0}, 1 in {1}"``, and the colour of each
    field (:func:`~studio.core.palette.name_colours`), the fields numbered from ``first`` so
    that a message may word two clues; ``"0"`` for an empty line."""
    if not runs:
        return "0", ()
    wording = ", ".join(f"{length} in {{{first + i}}}" for i, (length, _) in enumerate(runs))
    return wording, tuple(colour for _, colour in runs)
