"""The thesis heuristic (van Oers 2024 §5.3.2): its rules on hand-built variable fields, and
whole repairs whose outcome, success or failure, is checked by brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from studio.core.grid import Axis, LineRef, cells_of, grid_from_text, grid_to_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair import repair
from studio.core.kinds.nonogram.repair.thesis import Placement, choose_lines, thesis_step
from studio.core.puzzle import Cell
from studio.core.sat.analysis import analyze
from tests.core.kinds.nonogram.repair import designs, solutions, variable_count

FULL = np.ones((4, 4), dtype=bool)  # every line has filled cells besides the variable fields


def mask(*cells: Cell, shape: tuple[int, int] = (4, 4)) -> np.ndarray:
    grid = np.zeros(shape, dtype=bool)
    for cell in cells:
        grid[cell] = True
    return grid


ROW: Axis = "row"
COL: Axis = "column"


@pytest.mark.parametrize(
    ("variable", "placement", "line"),
    [
        # A 2×2 block: two per row, two per column: the first line with the most, a row.
        (mask((1, 1), (1, 2), (2, 1), (2, 2)), Placement.EQUAL, LineRef(ROW, 1)),
        # A 2×3 block: three per row beat two per column.
        (mask((1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)), Placement.EQUAL, LineRef(ROW, 1)),
        # A 3×2 block: three per column beat two per row.
        (mask((0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2)), Placement.EQUAL, LineRef(COL, 1)),
        # Rows 2 and 2, columns 1, 2, 1: a column, the one with the most.
        (mask((0, 0), (0, 1), (1, 1), (1, 2)), Placement.ROWS_EQUAL, LineRef(COL, 1)),
        # Columns 2 and 2, rows 1, 2, 1: a row, the one with the most.
        (mask((0, 0), (1, 0), (1, 1), (2, 1)), Placement.COLUMNS_EQUAL, LineRef(ROW, 1)),
        # Rows 3, 1 and columns 2, 1, 1: the line with the most, row 1.
        (mask((0, 0), (0, 1), (0, 2), (1, 0)), Placement.NEITHER, LineRef(ROW, 0)),
        # Columns 3, 1 and rows 2, 1, 1: column 1.
        (mask((0, 0), (1, 0), (2, 0), (0, 1)), Placement.NEITHER, LineRef(COL, 0)),
    ],
)
def test_the_placement_chooses_the_line(
    variable: np.ndarray, placement: Placement, line: LineRef
) -> None:
    choice = choose_lines(FULL, variable)
    assert choice.placement == placement
    assert choice.lines == (line,)


def test_a_line_filled_only_on_variable_fields_is_chosen_whatever_the_placement() -> None:
    variable = mask((1, 1), (1, 2), (2, 1), (2, 2))  # a 2×2 block, which alone gives row 2
    picture = FULL.copy()
    picture[2] = [False, True, False, False]  # row 3: its one filled cell is variable
    picture[:, 2] = [False, False, True, False]  # column 3: likewise
    choice = choose_lines(picture, variable)
    assert choice.placement == Placement.EMPTY_LINE
    assert choice.lines == (LineRef(ROW, 2), LineRef(COL, 2))
    assert grid_to_text(thesis_step(picture, variable)) == ["##.#", "#.##", ".##.", "##.#"]


def test_a_round_fills_the_chosen_line_and_empties_the_other_variable_fields() -> None:
    picture = grid_from_text(["#.#.", ".#.#", "#.#.", ".#.#"])
    variable = mask((1, 1), (1, 2), (2, 1), (2, 2))
    assert choose_lines(picture, variable).lines == (LineRef(ROW, 1),)
    stepped = thesis_step(picture, variable)
    assert grid_to_text(stepped) == ["#.#.", ".###", "#...", ".#.#"]
    assert np.array_equal(stepped[~variable], picture[~variable])


def test_ties_are_broken_by_the_generator() -> None:
    variable = mask((1, 1), (1, 2), (2, 1), (2, 2))
    tied = {LineRef(ROW, 1), LineRef(ROW, 2), LineRef(COL, 1), LineRef(COL, 2)}
    picks = {choose_lines(FULL, variable, np.random.default_rng(seed)).lines for seed in range(40)}
    assert {line for (line,) in picks} == tied


def test_no_variable_fields_is_refused() -> None:
    with pytest.raises(ValueError, match="no variable fields"):
        choose_lines(FULL, np.zeros((4, 4), dtype=bool))


# Pictures found among random ones, one per rule, with the picture one round makes; the last
# two rounds make no progress, so the repair stops with the picture unchanged and ambiguous.
EXAMPLES = [
    (["##.", "###", ".##"], Placement.EQUAL, ["###", "###", ".#."]),
    (
        ["..##", "#..#", ".###", "#..#", ".#.#", ".##."],
        Placement.ROWS_EQUAL,
        [".##.", "#..#", ".###", ".#.#", ".#.#", ".##."],
    ),
    (
        ["#.##.", "###..", ".....", ".##.#", "#...#", ".#.#."],
        Placement.COLUMNS_EQUAL,
        ["#.##.", "###..", ".....", "#####", "....#", ".#..."],
    ),
    (
        ["...#.#", "....#.", "##.#..", "###.#.", "#....#"],
        Placement.NEITHER,
        ["...#.#", "....#.", "##....", "###...", "#..###"],
    ),
    (["..#", "...", "#.."], Placement.EMPTY_LINE, ["#.#", "...", "#.#"]),
    (["..###", ".##..", "##.#.", ".#..#", "#.#.."], Placement.EQUAL, None),
    (["##.", "#..", ".#.", ".##", "##."], Placement.EMPTY_LINE, None),
]


@pytest.mark.parametrize(("rows", "placement", "expected"), EXAMPLES)
def test_thesis_repairs_of_real_pictures(
    rows: list[str], placement: Placement, expected: list[str] | None
) -> None:
    picture = grid_from_text(rows)
    puzzle = Nonogram.from_picture(picture)
    assert len(solutions(puzzle)) > 1
    assert choose_lines(picture, analyze(puzzle).variable).placement == placement
    result = repair(picture, strategy="thesis")
    assert grid_to_text(result.picture) == (expected or rows)
    assert result.steps == (0 if expected is None else 1)
    assert result.unique == (len(solutions(result.puzzle)) == 1)
    assert result.unique == (expected is not None)


@settings(max_examples=100, deadline=None)
@given(designs())
def test_thesis_reports_its_outcome_honestly(design: tuple[np.ndarray, list[Cell]]) -> None:
    picture, given_cells = design
    result = repair(picture, strategy="thesis", given_cells=given_cells)
    truth = solutions(result.puzzle)
    assert result.unique == (len(truth) == 1)
    assert any(np.array_equal(t, result.picture) for t in truth)
    assert result.analysis.variable.sum() == variable_count(result.puzzle)
    assert result.changed_cells == tuple(cells_of(result.picture != picture))
    before = variable_count(Nonogram.from_picture(picture, given_cells))
    if result.steps:
        assert variable_count(result.puzzle) < before
    else:
        assert np.array_equal(result.picture, picture)
