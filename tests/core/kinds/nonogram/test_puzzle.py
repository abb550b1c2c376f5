"""The nonogram kind: validation messages, checking, givens, difficulty."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.errors import PuzzleError
from studio.core.grid import grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze
from tests.conftest import shared_record


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (Nonogram([], []), "at least one row and one column"),
        (Nonogram([(3, 2)], [(1,)] * 5), "row 1: clue 3 2 needs 6 cells, the row has 5"),
        (Nonogram([(1,)], [(2,)]), "column 1: clue 2 needs 2 cells, the column has 1"),
        (Nonogram([(1,), (1,)], [(2,), (1,)]), "row clues add up to 2 filled cells, the column"),
        (Nonogram([(1,)], [(1,)], [(0, 1, True)]), "given at row 1, column 2 lies outside"),
        (Nonogram([(1,)], [(1,)], [(0, 0, True), (0, 0, False)]), "row 1, column 1 is given twice"),
    ],
)
def test_validate_names_the_problem(puzzle: Nonogram, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        puzzle.validate()


def test_zero_clue_is_an_empty_line() -> None:
    assert Nonogram([(0,)], [()]) == Nonogram([()], [()])


def test_check_names_the_lines_and_givens_a_grid_breaks() -> None:
    picture = grid_from_text(["##.", "..#"])
    puzzle = Nonogram.from_picture(picture, given_cells=[(0, 2)])
    assert puzzle.check(picture) == []
    wrong = grid_from_text(["#.#", "..#"])
    messages = [v.message for v in puzzle.check(wrong)]
    assert messages == [
        "row 1, column 3 is given empty",
        "row 1 has runs 1 1, its clue is 2",
        "column 2 has runs 0, its clue is 1",
        "column 3 has runs 2, its clue is 1",
    ]


def test_with_picture_keeps_the_given_cells_with_the_new_values() -> None:
    puzzle = Nonogram.from_picture(grid_from_text(["#.", ".#"]), given_cells=[(0, 0)])
    redrawn = puzzle.with_picture(grid_from_text([".#", ".#"]))
    assert redrawn.givens == ((0, 0, False),)
    assert redrawn.rows == ((1,), (1,))


def test_givens_make_an_ambiguous_picture_unique() -> None:
    picture = grid_from_text(["#.", ".#"])
    assert analyze(Nonogram.from_picture(picture)).status == Status.MULTIPLE
    analysis = analyze(Nonogram.from_picture(picture, given_cells=[(0, 0)]))
    assert analysis.status == Status.UNIQUE
    assert analysis.logic_solvable
    assert np.array_equal(analysis.solution, picture)


def test_the_gchq_card_is_unique_with_its_givens() -> None:
    """xmas is the GCHQ 2015 card without its given cells: its 12 variable fields settle once
    the card's givens are back (we give the variable fields of one solution, which is what a
    designer repairing it would do)."""
    record = shared_record("nonogram", "pynogram:xmas")
    puzzle = Nonogram(record["rows"], record["cols"])
    analysis = analyze(puzzle)
    assert analysis.solution is not None
    givens = [(r, c, bool(analysis.solution[r, c])) for r, c in analysis.variable_cells]
    assert analyze(Nonogram(puzzle.rows, puzzle.cols, givens)).status == Status.UNIQUE


@pytest.mark.parametrize(
    ("puzzle_id", "level", "scores"),
    [
        ("tatham:5x5-07", "line", {1}),
        ("tatham:25x25-09", "line", {1, 2}),
        ("mikix-removed:at", "probing", {3, 4}),
        ("pynogram:smile", "probing", {3}),
        ("dom:5", "search", {5}),
    ],
)
def test_difficulty_levels_on_shared_puzzles(puzzle_id: str, level: str, scores: set[int]) -> None:
    record = shared_record("nonogram", puzzle_id)
    analysis = analyze(Nonogram(record["rows"], record["cols"]))
    assert analysis.status == Status.UNIQUE
    assert analysis.difficulty is not None
    assert analysis.difficulty.level == level
    assert analysis.difficulty.score in scores


def test_ambiguous_puzzles_get_no_difficulty() -> None:
    analysis = analyze(Nonogram.from_picture(grid_from_text(["#.", ".#"])))
    assert analysis.difficulty is None


@pytest.mark.parametrize("cell", [(2, 0), (0, -1)])
def test_a_given_outside_the_picture_is_refused(cell: tuple[int, int]) -> None:
    with pytest.raises(PuzzleError, match="lies outside the 2×2 grid"):
        Nonogram.from_picture(grid_from_text(["#.", ".#"]), given_cells=[cell])
