"""The grid commands on Fobidoshi: the givens move with their cells; a reference solution moves
with them and is dropped once it no longer solves the puzzle; an edit that joins given circles
into four in a row is refused; Clear clears the givens, the whole puzzle."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.grid import grid_from_text
from studio.core.grid_edit import cleared, commands, mirrored, resized, rotated, shifted
from studio.core.kinds import get_kind
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi

FOBIDOSHI = get_kind("fobidoshi")

# A U of circles whose bottom joins its arms; a circle and a cross given.
SOLUTION = grid_from_text(["......", "......", "#.#...", "#.#...", "###...", "......"])
GIVENS = ["x-----", "------", "o-----", "------", "------", "------"]


def _document(picture: np.ndarray | None = SOLUTION) -> Document:
    return Document(Fobidoshi.from_rows(GIVENS), picture, title="U")


def test_the_reference_solution_turns_with_the_givens() -> None:
    turned = rotated(_document(), 1)
    assert isinstance(turned.puzzle, Fobidoshi)
    assert turned.puzzle.rows()[0] == "---o-x"  # the left column, read bottom to top
    assert turned.picture is not None
    assert turned.puzzle.check(turned.picture) == []
    assert np.array_equal(turned.picture[0], [False, True, True, True, False, False])


def test_a_crop_that_cuts_the_circles_apart_drops_the_reference() -> None:
    cropped = resized(_document(), 0, -2, 0, 0)  # the bottom of the U goes
    assert isinstance(cropped.puzzle, Fobidoshi)
    assert cropped.puzzle.rows() == GIVENS[:4]
    assert cropped.picture is None
    assert resized(_document(), 0, -1, 0, -1).picture is not None  # empty cells only


def test_the_solution_shown_becomes_the_reference_of_a_puzzle_without_one() -> None:
    mirrored_document = mirrored(_document(None), "left-right", picture=SOLUTION)
    assert mirrored_document.picture is not None
    assert np.array_equal(mirrored_document.picture, SOLUTION[:, ::-1])
    assert mirrored(_document(None), "left-right").picture is None


def test_a_wrap_that_joins_given_circles_into_four_in_a_row_is_refused() -> None:
    document = Document(Fobidoshi.from_rows(["oo-oo", "-----", "-----", "-----"]))
    with pytest.raises(PuzzleError) as caught:
        shifted(document, 0, 2, wrap=True)
    assert str(caught.value) == (
        "cannot shift: row 1 holds 4 given circles in a row (columns 1 to 4)"
    )
    assert shifted(document, 0, 1, wrap=True).puzzle == Fobidoshi.from_rows(
        ["ooo-o", "-----", "-----", "-----"]
    )


def test_an_invalid_puzzle_stays_editable() -> None:
    document = Document(Fobidoshi.from_rows(["oooo", "----", "----", "----"]))
    assert rotated(document, 1).puzzle == Fobidoshi.from_rows(["---o", "---o", "---o", "---o"])


def test_clear_takes_every_given_and_keeps_the_reference() -> None:
    result = cleared(_document())
    assert result.puzzle == Fobidoshi.blank((6, 6))
    assert result.picture is not None
    assert np.array_equal(result.picture, SOLUTION)
    assert result.title == "U"


def test_a_fobidoshi_offers_clear_only_once_and_no_invert() -> None:
    """Its givens are the whole puzzle: Clear Givens would be Clear again."""
    assert commands(FOBIDOSHI) == ("resize", "shift", "mirror", "rotate", "clear")
