"""repair(): "flips" and "givens" make every ambiguous picture unique, checked by brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.cancel import CancelToken, Stopped
from studio.core.contract.repairs import RepairResult
from studio.core.errors import PuzzleError, StudioError
from studio.core.grid import UNKNOWN, cells_of, grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair import flips, givens, repair
from studio.core.kinds.nonogram.repair.search import Change, Design, Search
from studio.core.pixelart import import_picture
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Status, analyze, count_solutions
from tests.conftest import shared_path
from tests.core.kinds.nonogram.repair import AMBIGUOUS, designs, solutions, variable_count


def assert_consistent(
    original: np.ndarray, result: RepairResult, given_cells: list[Cell] | None = None
) -> None:
    """The result's puzzle is its picture's, changed_cells are where the pictures differ, and
    added_givens are its givens that the design (``given_cells``) did not have."""
    assert result.puzzle == Nonogram.from_picture(result.picture, result.givens)
    assert result.changed_cells == tuple(cells_of(result.picture != original))
    design = set(given_cells or ())
    assert result.added_givens == tuple(cell for cell in result.givens if cell not in design)


def assert_no_new_empty_line(original: np.ndarray, repaired: np.ndarray) -> None:
    assert not np.any(original.any(axis=1) & ~repaired.any(axis=1))
    assert not np.any(original.any(axis=0) & ~repaired.any(axis=0))


@settings(max_examples=200, deadline=None)
@given(designs())
def test_flips_make_every_picture_unique(design: tuple[np.ndarray, list[Cell]]) -> None:
    picture, given_cells = design
    was_unique = len(solutions(Nonogram.from_picture(picture, given_cells))) == 1
    result = repair(picture, given_cells=given_cells)
    truth = solutions(result.puzzle)
    assert result.unique
    assert len(truth) == 1
    assert np.array_equal(truth[0], result.picture)
    assert_consistent(picture, result, given_cells)
    assert set(given_cells) <= set(result.givens)
    assert_no_new_empty_line(picture, result.picture)
    if was_unique:
        assert (result.steps, result.changed_cells) == (0, ())
        assert result.givens == tuple(sorted(given_cells))
    else:
        assert result.steps >= 1


@settings(max_examples=200, deadline=None)
@given(designs())
def test_givens_make_every_picture_unique_with_no_removable_given(
    design: tuple[np.ndarray, list[Cell]],
) -> None:
    picture, given_cells = design
    result = repair(picture, strategy="givens", given_cells=given_cells)
    truth = solutions(result.puzzle)
    assert result.unique
    assert len(truth) == 1
    assert np.array_equal(truth[0], picture)
    assert np.array_equal(result.picture, picture)
    assert_consistent(picture, result, given_cells)
    assert set(given_cells) <= set(result.givens)
    for cell in set(result.givens) - set(given_cells):
        fewer = [g for g in result.givens if g != cell]
        assert len(solutions(Nonogram.from_picture(picture, fewer))) > 1, cell


@settings(max_examples=60, deadline=None)
@given(designs(max_side=5), st.sampled_from(["flips", "givens"]))
def test_line_solvable_results_are_completed_by_line_logic(
    design: tuple[np.ndarray, list[Cell]], strategy: str
) -> None:
    picture, given_cells = design
    result = repair(picture, strategy=strategy, given_cells=given_cells, line_solvable=True)
    assert result.puzzle.deduce().complete
    assert result.analysis.logic_solvable
    truth = solutions(result.puzzle)
    assert len(truth) == 1
    assert np.array_equal(truth[0], result.picture)
    assert_consistent(picture, result, given_cells)
    if strategy == "givens":
        for cell in set(result.givens) - set(given_cells):
            fewer = [g for g in result.givens if g != cell]
            assert not Nonogram.from_picture(picture, fewer).deduce().complete, cell


@settings(max_examples=60, deadline=None)
@given(designs(), st.sampled_from(["flips", "givens"]))
def test_a_minimum_difficulty_keeps_line_logic_from_finishing(
    design: tuple[np.ndarray, list[Cell]], strategy: str
) -> None:
    """With min_difficulty 3 a repair that changes something never ends line-solvable: unique
    (by brute force) and beyond line logic, or still ambiguous when every change verified was
    too easy. (A design its givens already make unique needs no change.)"""
    picture, given_cells = design
    result = repair(picture, strategy=strategy, given_cells=given_cells, min_difficulty=3)
    assert_consistent(picture, result, given_cells)
    truth = solutions(result.puzzle)
    assert result.unique == (len(truth) == 1)
    if result.unique and result.steps:
        assert not result.puzzle.deduce().complete
        assert result.analysis.difficulty is not None
        assert result.analysis.difficulty.score >= 3


# Unique, but line logic alone stalls (found among random 4×4 pictures).
NOT_LINE_SOLVABLE = grid_from_text([".#.#", ".#.#", "#.#.", "..#."])


@pytest.mark.parametrize("strategy", ["flips", "givens"])
def test_a_unique_picture_is_made_line_solvable_only_when_asked(strategy: str) -> None:
    puzzle = Nonogram.from_picture(NOT_LINE_SOLVABLE)
    assert len(solutions(puzzle)) == 1
    assert not puzzle.deduce().complete
    as_is = repair(NOT_LINE_SOLVABLE, strategy=strategy)
    assert (as_is.steps, as_is.changed_cells, as_is.givens) == (0, (), ())
    assert not as_is.analysis.logic_solvable
    result = repair(NOT_LINE_SOLVABLE, strategy=strategy, line_solvable=True)
    assert result.steps >= 1
    assert result.puzzle.deduce().complete
    truth = solutions(result.puzzle)
    assert len(truth) == 1
    assert np.array_equal(truth[0], result.picture)


def test_a_family_that_cannot_reduce_gives_nothing() -> None:
    # Row 3 and column 1 cross neither switch: filling their common cell leaves both.
    far = Change(flips=((2, 0),))
    design = Design.start(AMBIGUOUS, ())
    assert variable_count(design.after(far)[1]) == 8
    variable = analyze(design.puzzle).variable
    assert Search(CancelToken()).best(design, [far], variable) is None


def test_the_two_switch_example_needs_two_changes() -> None:
    assert len(solutions(Nonogram.from_picture(AMBIGUOUS))) == 4
    by_flips = repair(AMBIGUOUS)
    by_givens = repair(AMBIGUOUS, strategy="givens")
    assert by_flips.unique
    assert len(by_flips.changed_cells) == by_flips.steps == 2
    assert by_flips.givens == ()
    assert by_givens.unique
    assert len(by_givens.givens) == 2
    assert by_givens.changed_cells == ()
    assert by_givens.describe() == "2 givens added → unique · line-solvable"
    assert by_flips.describe() == "2 cells changed → unique · line-solvable"


def test_winnowing_drops_each_given_the_others_make_redundant() -> None:
    # (0, 3) and (0, 4) each settle the first switch: the first one tried goes.
    shown = [(0, 3), (3, 2), (0, 4)]
    puzzle = Nonogram.from_picture(AMBIGUOUS, shown)
    assert len(solutions(puzzle)) == 1
    winnowed = givens.winnow(puzzle, shown, lambda p: len(solutions(p)) == 1)
    assert winnowed.given_cells() == [(0, 4), (3, 2)]
    # The design's own givens are never dropped.
    design = Nonogram.from_picture(AMBIGUOUS, [(4, 4), *shown])
    kept = givens.winnow(design, shown, lambda p: len(solutions(p)) == 1)
    assert kept.given_cells() == [(0, 4), (4, 4)]


# Found among random 9×10 pictures: the greedy adds four givens, the last ones make the second
# redundant. Too large for brute force; counted by SAT with blocking clauses instead.
WINNOWED = grid_from_text(
    [
        "..##.#....",
        "....#....#",
        "#..#..#..#",
        "##.#...#.#",
        "#....#.###",
        ".##.#.###.",
        "#..#...#.#",
        "##..#..##.",
        ".....#....",
    ]
)


def test_the_givens_strategy_winnows() -> None:
    result = repair(WINNOWED, strategy="givens")
    assert result.steps == 4
    assert len(result.givens) == 3
    assert count_solutions(result.puzzle, 2) == 1
    for cell in result.givens:
        fewer = Nonogram.from_picture(WINNOWED, [g for g in result.givens if g != cell])
        assert count_solutions(fewer, 2) == 2, cell


def test_flips_fall_back_to_givens_when_no_flip_helps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flips, "flip_step", lambda *args: None)
    result = repair(AMBIGUOUS)
    assert result.unique
    assert result.changed_cells == ()
    assert len(result.givens) == result.steps >= 1
    assert len(solutions(result.puzzle)) == 1


def test_flips_fall_back_to_pairs_when_no_single_flip_is_allowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(flips, "single_flips", lambda *args: [])
    result = repair(AMBIGUOUS)
    assert result.unique
    assert result.givens == ()
    assert len(result.changed_cells) == 2 * result.steps
    truth = solutions(result.puzzle)
    assert len(truth) == 1
    assert np.array_equal(truth[0], result.picture)


def test_flip_families_widen_around_the_target() -> None:
    design = Design.start(np.ones((6, 6), dtype=bool), ())
    target = np.zeros((6, 6), dtype=bool)
    target[0, 0] = True
    near, pairs, wider, rest = flips.flip_families(design, target)
    assert [c.flips for c in near] == [((0, 0),), ((0, 1),), ((1, 0),), ((1, 1),)]
    assert [c.flips for c in pairs] == [
        ((0, 0), (0, 1)),
        ((0, 0), (1, 0)),
        ((0, 1), (1, 1)),
        ((1, 0), (1, 1)),
    ]
    assert {c.flips[0] for c in wider} == {(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert len(rest) == 36 - 9


@settings(max_examples=60, deadline=None)
@given(designs())
def test_the_line_solvable_proxy_is_exact_for_givens_and_optimistic_for_flips(
    design: tuple[np.ndarray, list[Cell]],
) -> None:
    """Search.line_ranked against line solving each changed puzzle from scratch: a given's
    open cells are exactly those, a flip's never more; the best verify × rounds come first."""
    picture, given_cells = design
    start = Design.start(picture, given_cells)
    search = Search(CancelToken(), verify=2, rounds=3)
    open_cells = start.puzzle.deduce().grid == UNKNOWN
    changes = [
        *flips.single_flips(start, np.ones(picture.shape, dtype=bool)),
        *givens.given_changes(cells_of(open_cells)),
    ]
    best = search.line_ranked(start, changes)
    everyone = Search(CancelToken(), verify=len(changes), rounds=1).line_ranked(start, changes)
    assert len(everyone) == len(changes)
    assert [c.open_cells for c in everyone] == sorted(c.open_cells for c in everyone)
    assert [c.open_cells for c in best] == [c.open_cells for c in everyone[:6]]
    for candidate in everyone:
        assert candidate.puzzle == start.after(candidate.change)[1]
        scratch = search.open_cells(candidate.puzzle)
        if candidate.change.givens:
            assert candidate.open_cells == scratch
        else:
            assert candidate.open_cells <= scratch


def test_flips_never_empty_a_line() -> None:
    # Emptying (0, 0), (1, 2) or (2, 1) would leave its row or column empty; emptying (2, 2)
    # leaves a filled cell in row 3 and in column 3.
    picture = grid_from_text(["#..", "..#", ".##"])
    design = Design.start(picture, ())
    offered = {c.flips[0] for c in flips.single_flips(design, np.ones((3, 3), dtype=bool))}
    assert offered == {*cells_of(~picture), (2, 2)}


def test_reproducible_from_the_seed() -> None:
    picture = np.random.default_rng(1).random((10, 10)) < 0.5
    assert analyze(Nonogram.from_picture(picture)).status == Status.MULTIPLE
    for strategy in ("flips", "givens", "thesis"):
        first = repair(picture, strategy=strategy, rng=np.random.default_rng(3))
        again = repair(picture, strategy=strategy, rng=np.random.default_rng(3))
        plain = repair(picture, strategy=strategy)
        assert (first.changed_cells, first.givens) == (again.changed_cells, again.givens)
        assert (plain.changed_cells, plain.givens) == (
            repair(picture, strategy=strategy).changed_cells,
            repair(picture, strategy=strategy).givens,
        )


def test_the_input_picture_is_not_modified() -> None:
    picture = AMBIGUOUS.copy()
    repair(picture)
    repair(picture, strategy="thesis")
    assert np.array_equal(picture, AMBIGUOUS)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"strategy": "random"}, StudioError, "unknown repair strategy 'random'"),
        ({"strategy": "thesis", "line_solvable": True}, StudioError, "cannot aim"),
        ({"strategy": "thesis", "min_difficulty": 3}, StudioError, "cannot aim"),
        ({"line_solvable": True, "min_difficulty": 3}, StudioError, "score 1 to 2, not 3"),
        ({"given_cells": [(9, 0)]}, PuzzleError, "given at row 10, column 1 lies outside"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        repair(AMBIGUOUS, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("shape", [(0, 3), (4,), (2, 0)])
def test_a_picture_must_be_a_grid(shape: tuple[int, ...]) -> None:
    with pytest.raises(PuzzleError, match="a picture is a grid"):
        repair(np.zeros(shape, dtype=bool))


@pytest.mark.parametrize("strategy", ["flips", "givens", "thesis"])
def test_cancel_stops_the_repair(strategy: str) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        repair(AMBIGUOUS, strategy=strategy, cancel=token)


PIXEL_ART = ("xbitmaps/dropbar8.xbm", "xbitmaps/xlogo11.xbm", "tango16/actions-go-first.png")


@pytest.mark.parametrize("name", PIXEL_ART)
@pytest.mark.parametrize("strategy", ["flips", "givens"])
def test_ambiguous_pixel_art_is_repaired(name: str, strategy: str) -> None:
    path = shared_path("data", "pixelart", *name.split("/"))
    picture = import_picture(path)
    assert count_solutions(Nonogram.from_picture(picture), 2) == 2
    result = repair(picture, strategy=strategy)
    assert result.unique
    # An independent count (blocking clauses, not the variable-field loop).
    assert count_solutions(result.puzzle, 2) == 1
    assert result.puzzle.check(result.picture) == []
    assert_consistent(picture, result)
    assert_no_new_empty_line(picture, result.picture)
