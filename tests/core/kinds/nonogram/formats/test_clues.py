"""Nonogram clues in the text formats: checking names the offending entry; writers refuse what
they cannot hold."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.kinds.nonogram.formats import clues
from studio.core.kinds.nonogram.puzzle import Nonogram


@pytest.mark.parametrize(
    ("values", "clue"),
    [([], ()), ([0], ()), ([3], (3,)), ([1, 2, 3], (1, 2, 3))],
)
def test_clue_from_values_accepts_positive_runs_and_a_lone_zero(
    values: list[object], clue: tuple[int, ...]
) -> None:
    assert clues.clue_from_values(values) == clue


@pytest.mark.parametrize(
    ("values", "index", "message"),
    [
        ([1, 0], 1, "expected a positive integer, found 0"),
        ([0, 0], 0, "expected a positive integer, found 0"),
        ([2, -1], 1, "expected a positive integer, found -1"),
        ([1, "x"], 1, 'expected a positive integer, found "x"'),
        ([True], 0, "expected a positive integer, found true"),
        ([2.0], 0, "expected a positive integer, found 2.0"),
        ([None], 0, "expected a positive integer, found null"),
    ],
)
def test_clue_from_values_names_the_bad_entry(
    values: list[object], index: int, message: str
) -> None:
    with pytest.raises(clues.ClueError) as caught:
        clues.clue_from_values(values)
    assert (caught.value.index, caught.value.message) == (index, message)


GIVEN = Nonogram([(1,)], [(1,)], givens=[(0, 0, True)])


def test_nonogram_of_refuses_givens_unless_the_format_holds_them() -> None:
    document = Document(GIVEN)
    assert clues.nonogram_of(document, "Some", givens=True) is GIVEN
    with pytest.raises(FormatError) as caught:
        clues.nonogram_of(document, "Some")
    assert str(caught.value) == (
        "the Some format cannot hold given cells, and this puzzle has 1 given cell; "
        "save it as a Puzzle Studio document or a Tatham game ID"
    )


def test_picture_mismatch_names_the_first_broken_line() -> None:
    puzzle = Nonogram([(1,), ()], [(1,)])
    assert clues.picture_mismatch(puzzle, np.array([[True], [False]])) is None
    assert clues.picture_mismatch(puzzle, np.array([[True], [True]])) == (
        "row 2 has runs 1, its clue is 0"
    )
