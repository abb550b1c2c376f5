"""The grid commands on nonograms: the clues of a mirrored or turned picture are the original
clues reversed and reordered as the lines move (written out here, not computed by the commands'
own means), givens keep following the picture, and a nonogram known only by its clues is edited
through its solution."""

from __future__ import annotations

import numpy as np
from hypothesis import given

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.grid_edit import commands, inverted, mirrored, rotated, shifted, without_givens
from studio.core.kinds import get_kind
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.core.documents import documents

NONOGRAM = get_kind("nonogram")


Lines = tuple[tuple[int, ...], ...]


def _clues(document: Document) -> tuple[Lines, Lines]:
    """The row and column clues of a nonogram document."""
    puzzle = document.puzzle
    assert isinstance(puzzle, Nonogram)
    return puzzle.rows, puzzle.cols


def _reversed(clues: Lines) -> Lines:
    return tuple(clue[::-1] for clue in clues)


@given(documents(NONOGRAM))
def test_mirroring_left_right_reverses_each_row_clue_and_the_order_of_the_columns(
    document: Document,
) -> None:
    rows, cols = _clues(document)
    assert _clues(mirrored(document, "left-right")) == (_reversed(rows), cols[::-1])


@given(documents(NONOGRAM))
def test_mirroring_top_bottom_reverses_the_order_of_the_rows_and_each_column_clue(
    document: Document,
) -> None:
    rows, cols = _clues(document)
    assert _clues(mirrored(document, "top-bottom")) == (rows[::-1], _reversed(cols))


@given(documents(NONOGRAM))
def test_turning_makes_columns_rows_and_rows_columns(document: Document) -> None:
    """Clockwise the left column becomes the top row, read bottom to top, and the bottom row the
    left column; anticlockwise the right column becomes the top row, and the top row the left
    column, read right to left."""
    rows, cols = _clues(document)
    assert _clues(rotated(document, 1)) == (_reversed(cols), rows[::-1])
    assert _clues(rotated(document, -1)) == (cols[::-1], _reversed(rows))


@given(documents(NONOGRAM))
def test_a_given_shows_what_the_edited_picture_holds(document: Document) -> None:
    for result in (rotated(document, 1), inverted(document), shifted(document, 1, 2, wrap=True)):
        puzzle = result.puzzle
        assert isinstance(puzzle, Nonogram)
        assert result.picture is not None
        assert all(filled == result.picture[r, c] for r, c, filled in puzzle.givens)


def test_a_wrapping_shift_makes_the_clues_of_the_wrapped_picture() -> None:
    picture = grid_from_text(["##..#", ".#...", "....."])
    document = Document(Nonogram.from_picture(picture, [(0, 4), (1, 0)]), picture)
    puzzle = shifted(document, 1, 1, wrap=True).puzzle
    # ".....", "###..", "..#..", the givens moved to (1, 0) and (2, 1)
    assert puzzle == Nonogram([(), (3,), (1,)], [(1,), (1,), (2,), (), ()], [(1, 0, 1), (2, 1, 0)])


def test_invert_empties_a_full_line_and_turns_givens_over() -> None:
    picture = grid_from_text(["###", "#.#"])
    document = Document(Nonogram.from_picture(picture, [(1, 1)]), picture)
    puzzle = inverted(document).puzzle
    assert puzzle == Nonogram([(), (1,)], [(), (1,), ()], [(1, 1, True)])
    assert without_givens(document).puzzle == Nonogram([(3,), (1, 1)], [(2,), (1,), (2,)])


def test_a_nonogram_known_by_its_clues_turns_through_its_solution() -> None:
    solution = grid_from_text(["##.", "..#"])
    clues_only = Document(Nonogram([(2,), (1,)], [(1,), (1,), (1,)]), None, title="Game ID")
    turned = rotated(clues_only, 1, picture=solution)
    assert turned.puzzle == Nonogram([(1,), (1,), (1,)], [(1,), (2,)])
    assert turned.picture is not None
    assert np.array_equal(turned.picture, grid_from_text([".#", ".#", "#."]))
    assert turned.title == "Game ID"


def test_a_nonogram_offers_invert_and_clear_givens() -> None:
    assert commands(NONOGRAM) == (
        "resize",
        "shift",
        "mirror",
        "rotate",
        "invert",
        "clear",
        "clear-givens",
    )
