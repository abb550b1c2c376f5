"""Minimal clue sets (:func:`minimal_clues`), the API behind the generator and the editor's
"minimal clues": the result meets its standard and no clue can go, checked from scratch (SAT
without logic for uniqueness, the logic solver otherwise); skipping clues the solver's trace
does without changes nothing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import PuzzleError
from studio.core.grid import cells_of, unknown_grid
from studio.core.kinds.mosaic.logic import solve
from studio.core.kinds.mosaic.minimal import STANDARDS, Standard, minimal_clues
from studio.core.kinds.mosaic.puzzle import Mosaic, picture_clues
from studio.core.sat.analysis import count_solutions


def meets(clues: np.ndarray, standard: Standard) -> bool:
    """The standard, checked from scratch."""
    if standard == "unique":
        return count_solutions(Mosaic(clues), 2, logic_first=False) == 1
    return solve(clues, unknown_grid(*clues.shape), pairs=standard == "pairs").complete


def test_minimal_clues_is_none_when_all_clues_do_not_meet_the_standard() -> None:
    # Two cells, one filled: every clue is 1, and either cell may be the filled one.
    picture = np.array([[True, False]])
    everywhere = np.ones((1, 2), dtype=bool)
    assert minimal_clues(picture, everywhere, cells_of(everywhere)) is None
    assert minimal_clues(picture, everywhere, [], standard="one-clue") is None


def test_minimal_clues_keeps_the_clues_not_listed() -> None:
    picture = np.eye(4, dtype=bool)
    everywhere = np.ones((4, 4), dtype=bool)
    kept = minimal_clues(picture, everywhere, [(0, 0), (3, 3)])
    assert kept is not None
    assert kept[1:3].all()


@st.composite
def pictures_and_orders(draw: st.DrawFn) -> tuple[np.ndarray, list[tuple[int, int]]]:
    shape = (draw(st.integers(2, 6)), draw(st.integers(2, 6)))
    picture = draw(arrays(np.bool_, shape))
    cells = cells_of(np.ones(shape, dtype=bool))
    return picture, draw(st.permutations(cells))


@pytest.mark.parametrize("standard", STANDARDS)
@given(case=pictures_and_orders())
@settings(max_examples=60, deadline=None)
def test_it_drops_exactly_what_checking_after_every_drop_drops(
    standard: Standard, case: tuple[np.ndarray, list[tuple[int, int]]]
) -> None:
    """One incremental SAT session (uniqueness), or clues dropped untried when the logic
    solver's trace does without them, give the same set as checking from scratch after every
    drop."""
    picture, order = case
    everywhere = np.ones(picture.shape, dtype=bool)
    kept = minimal_clues(picture, everywhere, order, standard=standard)
    naive = everywhere.copy()
    if not meets(picture_clues(picture, naive), standard):
        assert kept is None
        return
    for cell in order:
        naive[cell] = False
        naive[cell] = not meets(picture_clues(picture, naive), standard)
    assert kept is not None
    assert np.array_equal(kept, naive)


@pytest.mark.parametrize("standard", STANDARDS)
def test_the_default_order_is_every_shown_clue_and_the_result_is_minimal(
    standard: Standard,
) -> None:
    rng = np.random.default_rng(7)
    for _ in range(30):
        picture = rng.random((6, 6)) < 0.5
        kept = minimal_clues(picture, np.ones((6, 6), dtype=bool), standard=standard)
        if kept is None:
            continue
        assert meets(picture_clues(picture, kept), standard)
        for cell in cells_of(kept):
            fewer = kept.copy()
            fewer[cell] = False
            assert not meets(picture_clues(picture, fewer), standard), cell
        return
    pytest.fail("no 6x6 picture met the standard with every clue")


def test_a_mask_of_another_shape_is_an_error() -> None:
    with pytest.raises(PuzzleError, match="clue cells cover 2×1 cells, the picture 3×1"):
        minimal_clues(np.zeros((1, 3), bool), np.ones((1, 2), bool))


@pytest.mark.parametrize("standard", STANDARDS)
def test_cancel_stops_it(standard: Standard) -> None:
    token = CancelToken()
    token.cancel()
    picture = np.eye(5, dtype=bool)
    with pytest.raises(Stopped):
        minimal_clues(picture, np.ones((5, 5), bool), standard=standard, cancel=token)
