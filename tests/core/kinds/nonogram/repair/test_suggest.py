"""suggest(): verified, ranked changes for the designer, checked by brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import StudioError
from studio.core.grid import cells_of, grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair import suggest
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Status, analyze
from tests.core.kinds.nonogram.repair import AMBIGUOUS, designs, solutions, variable_count


@settings(max_examples=80, deadline=None)
@given(designs(), st.integers(1, 6))
def test_suggestions_are_ranked_verified_and_each_reduces(
    design: tuple[np.ndarray, list[Cell]], limit: int
) -> None:
    picture, given_cells = design
    puzzle = Nonogram.from_picture(picture, given_cells)
    analysis = analyze(puzzle)
    repairs = suggest(picture, puzzle, analysis, limit=limit)
    if analysis.status == Status.UNIQUE:
        assert repairs == []
        return
    now = variable_count(puzzle)
    assert 1 <= len(repairs) <= limit
    keys = [(r.remaining, len(r.flips) + len(r.givens)) for r in repairs]
    if repairs[-1].givens and sum(bool(r.givens) for r in repairs) == 1:
        keys.pop()  # a given may be moved into the last place so that one is always offered
    assert keys == sorted(keys)
    assert len({(r.flips, r.givens) for r in repairs}) == len(repairs)
    if limit >= 2:
        assert any(r.givens for r in repairs)
    for r in repairs:
        assert r.remaining < now
        assert r.remaining == variable_count(r.puzzle)
        assert (r.analysis.status == Status.UNIQUE) == (r.remaining == 0)
        assert tuple(cells_of(r.picture != picture)) == r.flips
        assert r.puzzle == Nonogram.from_picture(r.picture, [*given_cells, *r.givens])
        assert not set(r.givens) & set(given_cells)


def test_a_colour_repair_recolours() -> None:
    """The two switches, the left one's cells in colour 2: a change is said as a recolouring,
    and leaves the variable fields brute force counts."""
    picture = AMBIGUOUS.astype(np.uint8)
    picture[:, :2] *= 2
    puzzle = Nonogram.from_picture(picture)
    best = suggest(picture, puzzle, analyze(puzzle), limit=8)[0]
    assert best.describe() == f"recolour 1 cell → {best.remaining} variable fields left"
    assert best.remaining == variable_count(best.puzzle) < variable_count(puzzle)


def test_the_two_switch_example() -> None:
    puzzle = Nonogram.from_picture(AMBIGUOUS)
    repairs = suggest(AMBIGUOUS, puzzle, analyze(puzzle), limit=8)
    # Filling two cells of column 3 between the switches changes lines of both at once.
    best, *others = repairs
    assert best.describe() == "flip 2 cells → unique"
    assert best.flips == ((1, 2), (2, 2))
    assert len(solutions(best.puzzle)) == 1
    # Any other single change settles one switch and leaves the other's four cells.
    assert {r.describe() for r in others} == {
        "flip 1 cell → 4 variable fields left",
        "add 1 given → 4 variable fields left",
    }
    assert others[-1].givens


def test_a_unique_design_needs_no_suggestion() -> None:
    picture = grid_from_text(["###", "#..", "#.."])
    puzzle = Nonogram.from_picture(picture)
    assert len(solutions(puzzle)) == 1
    assert suggest(picture, puzzle, analyze(puzzle)) == []


def test_an_incomplete_analysis_is_redone() -> None:
    puzzle = Nonogram.from_picture(AMBIGUOUS)
    stopped = CancelToken()
    stopped.cancel()
    incomplete = analyze(puzzle, cancel=stopped)
    assert not incomplete.complete
    assert suggest(AMBIGUOUS, puzzle, incomplete, limit=2)


def test_the_picture_must_solve_the_puzzle() -> None:
    puzzle = Nonogram.from_picture(AMBIGUOUS)
    other = AMBIGUOUS.copy()
    other[2, 2] = True
    with pytest.raises(StudioError, match="not a solution of the puzzle"):
        suggest(other, puzzle, analyze(puzzle))
    with pytest.raises(StudioError, match="limit must be at least 1"):
        suggest(AMBIGUOUS, puzzle, analyze(puzzle), limit=0)


def test_cancel_stops_suggesting() -> None:
    puzzle = Nonogram.from_picture(AMBIGUOUS)
    analysis = analyze(puzzle)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        suggest(AMBIGUOUS, puzzle, analysis, cancel=token)


def test_describe_names_both_kinds_of_change() -> None:
    puzzle = Nonogram.from_picture(AMBIGUOUS)
    repair = suggest(AMBIGUOUS, puzzle, analyze(puzzle), limit=1)[0]
    both = type(repair)(
        flips=((0, 0), (1, 1)),
        givens=((2, 2),),
        picture=repair.picture,
        puzzle=repair.puzzle,
        analysis=analyze(Nonogram.from_picture(grid_from_text(["#"]))),
    )
    assert both.describe() == "flip 2 cells and add 1 given → unique"
