"""The mosaic generator and minimal clue sets: unique (counted by SAT without logic), minimal
(dropping any clue left breaks the standard), logic-solvable when asked (a seed reproducing its
puzzle: the contract suite)."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.generate import Generated, GeneratorOptions, generate, resolved
from studio.core.grid import cells_of, unknown_grid
from studio.core.kinds.mosaic.logic import solve
from studio.core.kinds.mosaic.minimal import Standard
from studio.core.kinds.mosaic.puzzle import Mosaic, difficulty, picture_clues
from studio.core.sat.analysis import Status, count_solutions


def puzzle_of(generated: Generated) -> Mosaic:
    puzzle = generated.document.puzzle
    assert isinstance(puzzle, Mosaic)
    return puzzle


def unique(puzzle: Mosaic) -> bool:
    return count_solutions(puzzle, 2, logic_first=False) == 1


def meets(clues: np.ndarray, standard: Standard) -> bool:
    """The standard, checked from scratch: by SAT alone for uniqueness, by the logic solver
    for the others."""
    if standard == "unique":
        return unique(Mosaic(clues))
    deduction = solve(clues, unknown_grid(*clues.shape), pairs=standard == "pairs")
    return deduction.complete


def assert_minimal(picture: np.ndarray, shown: np.ndarray, standard: Standard) -> None:
    assert meets(picture_clues(picture, shown), standard)
    for cell in cells_of(shown):
        fewer = shown.copy()
        fewer[cell] = False
        assert not meets(picture_clues(picture, fewer), standard), cell


@pytest.mark.parametrize(
    ("options", "standard"),
    [
        (GeneratorOptions((6, 6), kind="mosaic"), "unique"),
        (GeneratorOptions((7, 5), kind="mosaic", strategy="picture", density=0.4), "unique"),
        (GeneratorOptions((6, 6), kind="mosaic", logic_solvable=True), "one-clue"),
        (GeneratorOptions((6, 6), kind="mosaic", max_difficulty=4), "pairs"),
    ],
)
def test_generated_puzzles_are_unique_and_minimal(
    options: GeneratorOptions, standard: Standard
) -> None:
    for seed in range(3):
        generated = generate(options, seed)
        puzzle = puzzle_of(generated)
        picture = generated.document.picture
        assert picture is not None
        assert puzzle.shape == options.shape
        puzzle.validate()
        assert puzzle.check(picture) == []
        assert unique(puzzle)
        assert generated.analysis.status == Status.UNIQUE
        assert np.array_equal(generated.analysis.solution, picture)
        assert_minimal(picture, puzzle.shown(), standard)
        rating = generated.analysis.difficulty
        assert rating is not None
        if standard == "one-clue":
            assert rating.level == "one-clue"
        if options.max_difficulty is not None:
            assert rating.score <= options.max_difficulty


def test_the_default_strategy_is_density() -> None:
    assert resolved(GeneratorOptions((5, 5), kind="fill-a-pix")).strategy == "density"


def test_cancel_stops_the_generator() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        generate(GeneratorOptions((10, 10), kind="mosaic"), 1, cancel=token)


def test_max_difficulty_caps_the_score() -> None:
    options = GeneratorOptions((8, 8), kind="mosaic", max_difficulty=1)
    for seed in range(3):
        generated = generate(options, seed)
        puzzle = puzzle_of(generated)
        deduction = solve(puzzle.clue_grid(), unknown_grid(8, 8), pairs=False)
        assert deduction.complete
        assert difficulty(deduction, (8, 8)).score == 1
        assert unique(puzzle)


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_min_and_max_difficulty_give_that_level(level: int) -> None:
    """A band of one level: unique by SAT, and the logic of one clue at a time finishes it
    exactly when the level is 1 or 2, clue pairs when it is 3 or 4."""
    options = GeneratorOptions((7, 7), kind="mosaic", min_difficulty=level, max_difficulty=level)
    generated = generate(options, 2)
    puzzle = puzzle_of(generated)
    assert unique(puzzle)
    one_clue = solve(puzzle.clue_grid(), unknown_grid(7, 7), pairs=False)
    pairs = solve(puzzle.clue_grid(), unknown_grid(7, 7), pairs=True)
    assert one_clue.complete == (level <= 2)
    assert pairs.complete == (level <= 4)
    rating = generated.analysis.difficulty
    assert rating is not None
    assert rating.score == level
