"""Mosaic repair: the result is unique (counted by SAT without logic) with its picture, keeps
the designer's clues, adds only clues it needs, flips cells only when every clue is not enough;
suggestions each reduce the variable fields."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import cells_of, grid_from_text, unknown_grid
from studio.core.kinds import get_kind
from studio.core.kinds.mosaic.logic import solve
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.repair import RepairResult, repair_document, suggest_repairs
from studio.core.sat.analysis import Status, analyze, count_solutions


def design(seed: int, size: int = 8, shown: float = 0.2) -> Document:
    rng = np.random.default_rng(seed)
    picture = rng.random((size, size)) < 0.5
    return Document(Mosaic.from_picture(picture, rng.random((size, size)) < shown), picture)


def unique(puzzle: Mosaic) -> bool:
    return count_solutions(puzzle, 2, logic_first=False) == 1


def logic_solves(puzzle: Mosaic) -> bool:
    """Logic alone (one clue at a time and clue pairs) completes it: the analysis's
    ``logic_solvable``, which the repair's ``logic_solvable`` asks for."""
    return solve(puzzle.clue_grid(), unknown_grid(*puzzle.shape), pairs=True).complete


def check_result(document: Document, result: RepairResult[Mosaic], logic: bool) -> None:
    puzzle = result.puzzle
    assert isinstance(puzzle, Mosaic)
    assert puzzle.check(result.picture) == []
    assert unique(puzzle)
    assert result.unique
    assert np.array_equal(result.analysis.solution, result.picture)
    assert result.analysis.difficulty is not None
    before = document.puzzle.shown()
    after = puzzle.shown()
    assert (after | ~before).all(), "the designer's clues stay"
    assert result.givens == tuple(cells_of(after)), "every clue shown, as for every kind"
    assert result.added_givens == tuple(cells_of(after & ~before)), "only the clues it added"
    original = document.picture
    assert original is not None
    assert result.changed_cells == tuple(cells_of(result.picture != original))
    meets = logic_solves if logic else unique
    if logic:
        assert meets(puzzle)
        assert result.analysis.logic_solvable
    for cell in cells_of(after & ~before):
        fewer = after.copy()
        fewer[cell] = False
        assert not meets(Mosaic.from_picture(result.picture, fewer)), cell


@pytest.mark.parametrize("logic", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_repair_makes_a_unique_puzzle_with_the_clues_it_needs(seed: int, logic: bool) -> None:
    document = design(seed)
    assert analyze(document.puzzle).status == Status.MULTIPLE
    result = repair_document(document, logic_solvable=logic)
    check_result(document, result, logic)


def test_the_picture_only_changes_when_every_clue_is_not_enough() -> None:
    ambiguous = grid_from_text(["#.", ".."])
    assert analyze(Mosaic.from_picture(ambiguous)).status == Status.MULTIPLE
    document = Document(Mosaic.from_picture(ambiguous), ambiguous)
    result = repair_document(document)
    assert result.changed_cells
    check_result(document, result, logic=False)
    fine = design(1)
    assert analyze(Mosaic.from_picture(fine.picture)).status == Status.UNIQUE
    assert repair_document(fine).changed_cells == ()


@pytest.mark.parametrize(("rows", "logic"), [(["..", "##"], False), (["##.", "..#", "##."], True)])
def test_a_picture_no_single_flip_improves_is_repaired_by_two(rows: list[str], logic: bool) -> None:
    picture = grid_from_text(rows)
    document = Document(Mosaic.from_picture(picture, np.zeros(picture.shape, dtype=bool)), picture)
    result = repair_document(document, logic_solvable=logic)
    check_result(document, result, logic)


def test_a_logic_solvable_design_keeps_its_picture() -> None:
    picture = grid_from_text(["#.#.", "..##", "#...", ".##."])
    document = Document(Mosaic.from_picture(picture), picture)
    assert analyze(document.puzzle).logic_solvable
    result = repair_document(document, logic_solvable=True)
    assert result.changed_cells == ()
    assert result.puzzle.shown().sum() <= document.puzzle.shown().sum()


def test_a_puzzle_without_a_picture_is_repaired_towards_a_solution() -> None:
    document = design(2)
    bare = Document(document.puzzle)
    result = repair_document(bare)
    assert unique(result.puzzle)
    assert result.puzzle.check(result.picture) == []


def test_the_reference_must_solve_the_clues() -> None:
    document = design(3)
    assert document.picture is not None
    with pytest.raises(StudioError, match="does not solve the puzzle"):
        repair_document(Document(document.puzzle), reference=~document.picture)


def test_an_unknown_strategy_names_the_choices() -> None:
    assert get_kind("mosaic").repairs.strategies == ("clues",)
    with pytest.raises(StudioError, match="unknown repair strategy 'flips' for mosaic; use one"):
        repair_document(design(0), strategy="flips")


def test_repair_is_reproducible_with_a_seeded_generator() -> None:
    document = design(5, size=6, shown=0.1)
    first = repair_document(document, rng=np.random.default_rng(3))
    again = repair_document(document, rng=np.random.default_rng(3))
    assert first.puzzle == again.puzzle
    assert np.array_equal(first.picture, again.picture)


def test_cancel_stops_the_repair() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        repair_document(design(0), cancel=token)


@pytest.mark.parametrize("seed", range(3))
def test_each_suggestion_reduces_the_variable_fields(seed: int) -> None:
    document = design(seed)
    analysis = analyze(document.puzzle)
    suggestions = suggest_repairs(document, analysis, limit=4)
    assert 1 <= len(suggestions) <= 4
    remaining = [s.remaining for s in suggestions]
    assert remaining == sorted(remaining)
    for suggestion in suggestions:
        again = analyze(suggestion.puzzle)
        assert int(again.variable.sum()) == suggestion.remaining < int(analysis.variable.sum())
        assert suggestion.flips == ()
        (cell,) = suggestion.givens
        assert not document.puzzle.shown()[cell]
        assert suggestion.describe().startswith("add 1 clue → ")


def test_suggestions_flip_cells_when_every_clue_is_shown() -> None:
    picture = grid_from_text(["#.", ".."])
    document = Document(Mosaic.from_picture(picture), picture)
    suggestions = suggest_repairs(document, analyze(document.puzzle))
    assert suggestions
    for suggestion in suggestions:
        assert len(suggestion.flips) == 1
        assert suggestion.givens == (), "the designer's clues stay as they are"
        assert np.array_equal(suggestion.puzzle.shown(), document.puzzle.shown())
        assert suggestion.puzzle.check(suggestion.picture) == []
        assert suggestion.remaining < 4


def test_no_suggestions_for_a_unique_puzzle() -> None:
    picture = design(1).picture
    assert picture is not None
    document = Document(Mosaic.from_picture(picture), picture)
    assert suggest_repairs(document, analyze(document.puzzle)) == []
    with pytest.raises(StudioError, match="limit must be at least 1"):
        suggest_repairs(document, analyze(document.puzzle), limit=0)
