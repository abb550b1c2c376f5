"""The line solver against brute-force enumeration of every line and every tiny grid (its
soundness as the nonogram's ``deduce`` is the contract suite's, tests/contract), and against
line solving from scratch."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.cancel import CancelToken, Stopped
from studio.core.grid import EMPTY, FILLED, UNKNOWN, LineRef, colour_runs, run_lengths
from studio.core.kinds.nonogram.linesolve import (
    LineAnalysis,
    LineGrid,
    analyse_runs,
    as_runs,
    format_clue,
    line_masks,
    line_solve,
    next_step,
    probe_solve,
    runs,
)
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.contract.kinds.nonogram import solutions


def placements(
    clue: tuple[int, ...], length: int, filled: int, empty: int
) -> list[tuple[int, ...]]:
    """Every line of ``length`` cells with runs ``clue`` that agrees with the known cells."""
    return [
        bits
        for bits in itertools.product((0, 1), repeat=length)
        if run_lengths(bits) == clue
        and all(bits[x] for x in range(length) if filled >> x & 1)
        and not any(bits[x] for x in range(length) if empty >> x & 1)
    ]


def analyse_line(
    clue: tuple[int, ...], length: int, filled: int, empty: int
) -> LineAnalysis | None:
    """:func:`analyse_runs` on a black-and-white line with these known cells."""
    full = (1 << length) - 1
    return analyse_runs(as_runs(clue), length, (full & ~filled, full & ~empty))


def run_starts(bits: tuple[int, ...]) -> list[int]:
    return [x for x in range(len(bits)) if bits[x] and (x == 0 or not bits[x - 1])]


@st.composite
def lines(draw: st.DrawFn) -> tuple[tuple[int, ...], int, int, int]:
    """A clue (from a random line, or random runs that may not fit) and known cells."""
    length = draw(st.integers(1, 10))
    if draw(st.booleans()):
        clue = run_lengths(draw(st.lists(st.booleans(), min_size=length, max_size=length)))
    else:
        clue = tuple(draw(st.lists(st.integers(1, 4), max_size=4)))
    known = draw(
        st.lists(st.sampled_from((UNKNOWN, EMPTY, FILLED)), min_size=length, max_size=length)
    )
    filled = sum(1 << x for x, v in enumerate(known) if v == FILLED)
    empty = sum(1 << x for x, v in enumerate(known) if v == EMPTY)
    return clue, length, filled, empty


@settings(max_examples=600, deadline=None)
@given(lines())
def test_analyse_line_is_exact(line: tuple[tuple[int, ...], int, int, int]) -> None:
    clue, length, filled, empty = line
    expected = placements(clue, length, filled, empty)
    result = analyse_line(clue, length, filled, empty)
    if not expected:
        assert result is None
        return
    assert result is not None
    assert result.can_fill == sum(1 << x for x in range(length) if any(b[x] for b in expected))
    assert result.can_empty == sum(1 << x for x in range(length) if any(not b[x] for b in expected))
    for j, starts in enumerate(result.starts):
        assert starts == sum(1 << start for start in {run_starts(b)[j] for b in expected})


def test_analyse_line_classic_overlap() -> None:
    # A run of 8 in 10 cells: the middle 6 cells are filled in every placement.
    line = analyse_line((8,), 10, 0, 0)
    assert line is not None
    assert ~line.can_empty & 0b1111111111 == 0b0011111100
    assert ~line.can_fill & 0b1111111111 == 0


def test_analyse_line_reports_impossible_line() -> None:
    assert analyse_line((3, 3), 6, 0, 0) is None
    assert analyse_line((2,), 4, 0b0100, 0b0010 | 0b1000) is None


def test_format_clue() -> None:
    assert format_clue((3, 1, 2)) == "3 1 2"
    assert format_clue(()) == "0"


def brute_force_known(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]]) -> np.ndarray:
    """Cells equal in every solution of the puzzle (tiny grids with at least one solution)."""
    stack = np.array(solutions(Nonogram(rows, cols)))
    known = np.full(stack.shape[1:], UNKNOWN, dtype=np.int8)
    known[stack.all(axis=0)] = FILLED
    known[~stack.any(axis=0)] = EMPTY
    return known


def test_line_solve_names_the_impossible_line() -> None:
    # Rows need 2+2 cells in column 0's single cell... column 1 wants 3 filled of 2 rows.
    rows = [(2,), (2,)]
    cols = [(2,), (1,)]
    deduction = line_solve(rows, cols)
    assert deduction.contradiction is not None
    assert deduction.contradiction.message == "column 2 cannot hold 1"
    assert deduction.contradiction.cells == ((0, 1), (1, 1))


def test_line_solve_completes_a_line_solvable_puzzle() -> None:
    picture = np.array([[1, 1, 1], [1, 0, 0], [1, 1, 0]], dtype=bool)
    deduction = line_solve([run_lengths(r) for r in picture], [run_lengths(c) for c in picture.T])
    assert deduction.complete
    assert np.array_equal(deduction.grid == FILLED, picture)
    assert deduction.passes >= 1
    assert deduction.steps >= 6


@pytest.mark.parametrize("width", [1, 7, 8, 9, 63, 64, 65, 130])
def test_line_solve_handles_widths_across_byte_boundaries(width: int) -> None:
    picture = np.zeros((2, width), dtype=bool)
    picture[0, :] = True
    picture[1, width - 1] = True
    deduction = line_solve([run_lengths(r) for r in picture], [run_lengths(c) for c in picture.T])
    assert deduction.complete
    assert np.array_equal(deduction.grid == FILLED, picture)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_probing_is_sound_and_at_least_as_strong_as_line_logic(
    height: int, width: int, data: st.DataObject
) -> None:
    picture = np.array(
        data.draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    ).reshape(height, width)
    rows = [run_lengths(row) for row in picture]
    cols = [run_lengths(col) for col in picture.T]
    truth = brute_force_known(rows, cols)
    probed = probe_solve(rows, cols)
    assert probed.contradiction is None
    decided = probed.grid != UNKNOWN
    assert np.array_equal(probed.grid[decided], truth[decided])
    assert decided.sum() >= (line_solve(rows, cols).grid != UNKNOWN).sum()


def test_probing_finds_what_line_logic_cannot() -> None:
    # A 4×4 picture with one solution that line logic alone does not reach.
    rows = [(2,), (2,), (1,), (1,)]
    cols = [(1,), (2,), (1,), (1, 1)]
    assert not line_solve(rows, cols).complete
    assert len(solutions(Nonogram(rows, cols))) == 1
    assert probe_solve(rows, cols).complete


def test_next_step_names_the_most_fruitful_line() -> None:
    rows = [(3,), (1,), ()]
    cols = [(1,), (2,), (1,)]
    step = next_step(rows, cols, np.full((3, 3), UNKNOWN, dtype=np.int8))
    assert step is not None
    assert str(step.line) == "row 1"
    assert step.cells == ((0, 0, True), (0, 1, True), (0, 2, True))
    solved = line_solve(rows, cols).grid
    assert next_step(rows, cols, solved) is None


class _CancelAfter(CancelToken):
    """A token that fires at its ``checks``-th check: where a computation looks."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    def check(self) -> None:
        self.left -= 1
        if self.left <= 0:
            self.cancel()
        super().check()


def test_the_line_solver_checks_the_cancel_token_before_each_line() -> None:
    """It checked once a pass: a pass over long lines ran on past --timeout and Esc."""
    rows = [(1,)] * 50
    cols = [(50,)] + [()] * 49
    state = LineGrid(rows, cols)
    with pytest.raises(Stopped):
        state.propagate(_CancelAfter(3))
    assert state.steps == 2, "it stopped before the third line"


@st.composite
def colour_lines(draw: st.DrawFn) -> tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]:
    """Runs in up to 3 colours (from a random line, or random runs that may not fit) and,
    per value, the cells that may still take it."""
    length = draw(st.integers(1, 7))
    colours = draw(st.integers(1, 3))
    if draw(st.booleans()):
        cells = draw(st.lists(st.integers(0, colours), min_size=length, max_size=length))
        runs = colour_runs(cells)
    else:
        pair = st.tuples(st.integers(1, 3), st.integers(1, colours))
        runs = tuple(draw(st.lists(pair, max_size=3)))
    masks = st.integers(0, (1 << length) - 1)
    possible = tuple(draw(masks) | draw(masks) for _ in range(colours + 1))
    return runs, length, possible


@settings(max_examples=400, deadline=None)
@given(colour_lines())
def test_analyse_runs_is_exact_in_colour(
    line: tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]],
) -> None:
    """Against every line of values: same-colour runs apart, different colours touching."""
    runs, length, possible = line
    expected = [
        cells
        for cells in itertools.product(range(len(possible)), repeat=length)
        if colour_runs(cells) == runs and all(possible[v] >> x & 1 for x, v in enumerate(cells))
    ]
    result = analyse_runs(runs, length, possible)
    if not expected:
        assert result is None
        return
    assert result is not None
    for value in range(len(possible)):
        cells = sum(1 << x for x in range(length) if any(e[x] == value for e in expected))
        assert result.can[value] == cells


@settings(max_examples=100, deadline=None)
@given(st.integers(65, 200), st.integers(1, 3), st.data())
def test_analyse_runs_is_exact_on_lines_longer_than_a_machine_word(
    length: int, colours: int, data: st.DataObject
) -> None:
    """A long line known but for a window of up to 6 cells across a 64-bit boundary (the C DP
    reads and writes masks word by word): against every filling of the window."""
    cells = data.draw(st.lists(st.integers(0, colours), min_size=length, max_size=length))
    runs = colour_runs(cells)
    boundary = data.draw(st.sampled_from([b for b in (64, 128, 192) if b < length]))
    start = data.draw(st.integers(boundary - 5, boundary))
    window = range(start, min(length, start + 6))
    values = range(colours + 1)
    possible = tuple(
        sum(1 << x for x in range(length) if x in window or cells[x] == v) for v in values
    )
    expected = []
    for filling in itertools.product(values, repeat=len(window)):
        line = list(cells)
        line[start : start + len(window)] = filling
        if colour_runs(line) == runs:
            expected.append(line)
    result = analyse_runs(runs, length, possible)
    assert result is not None  # the line itself is one placement
    for value in values:
        assert result.can[value] == sum(
            1 << x for x in range(length) if any(e[x] == value for e in expected)
        )
    run_starts = [
        {x for x in range(length) if e[x] and (x == 0 or e[x - 1] != e[x])} for e in expected
    ]
    for j, starts in enumerate(result.starts):
        assert starts == sum(1 << start for start in {sorted(found)[j] for found in run_starts})


def test_two_colours_touch_and_one_colour_needs_a_gap() -> None:
    # 2 in colour 1 then 1 in colour 2 in three cells: exactly one placement, touching.
    line = analyse_runs(((2, 1), (1, 2)), 3, (0b111, 0b111, 0b111))
    assert line is not None
    assert (line.can[0], line.can[1], line.can[2]) == (0, 0b011, 0b100)
    assert analyse_runs(((2, 1), (1, 1)), 3, (0b111, 0b111)) is None


def test_the_line_to_blame_names_its_colour() -> None:
    # The row is colour 1 then colour 2; column 1 wants colour 2, column 2 colour 1.
    deduction = line_solve([((1, 1), (1, 2))], [((1, 2),), ((1, 1),)], colours=2)
    assert deduction.contradiction is not None
    assert deduction.contradiction.message == "column 1 cannot hold 1 in colour 2"


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.data())
def test_a_changed_grid_goes_on_soundly_and_knows_what_solving_from_scratch_knows(
    height: int, width: int, data: st.DataObject
) -> None:
    """LineGrid.changed: the lines through flipped cells get the new picture's clues and those
    cells are forgotten; going on from there, every known cell is the new picture's, and at
    least every cell line solving the new puzzle from scratch knows is known."""
    size = height * width
    bits = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    picture = np.array(bits).reshape(height, width)
    cells = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    flips = data.draw(st.lists(cells, min_size=1, max_size=3, unique=True))
    before = LineGrid([run_lengths(r) for r in picture], [run_lengths(c) for c in picture.T])
    assert before.propagate() is None
    changed = picture.copy()
    for cell in flips:
        changed[cell] = not changed[cell]
    clues = [(LineRef("row", r), run_lengths(changed[r])) for r, _ in flips] + [
        (LineRef("column", c), run_lengths(changed[:, c])) for _, c in flips
    ]
    known_before = before.grid()
    state = before.changed(clues, flips)
    assert state.propagate() is None
    known = state.grid()
    decided = known != UNKNOWN
    assert np.array_equal(known[decided] == FILLED, changed[decided])
    assert state.unknown == int((~decided).sum())
    scratch = line_solve([run_lengths(r) for r in changed], [run_lengths(c) for c in changed.T])
    assert np.all(decided[scratch.grid != UNKNOWN])
    assert np.array_equal(before.grid(), known_before), "the grid changed from is left as it was"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.booleans(), max_size=70))
def test_runs_of_a_mask_are_the_lines_clue(cells: list[bool]) -> None:
    mask = sum(1 << x for x, filled in enumerate(cells) if filled)
    assert runs(mask) == run_lengths(cells)


def test_line_masks_hold_the_rows_and_columns() -> None:
    picture = np.array([[True, False, True], [False, False, True]])
    assert line_masks(picture) == ([0b101, 0b100], [0b01, 0b00, 0b11])
