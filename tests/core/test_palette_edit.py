"""Palette edits (studio.core.palette_edit): each one's picture, palette and clues, the clues
checked against runs counted by hand."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.kinds import document_of_picture, new_document
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Palette
from studio.core.palette_edit import (
    add_colour,
    make_background,
    merge_colours,
    palette_of,
    recolour,
    remove_colour,
    rename_colour,
)

RED, BLUE = (204, 0, 0), (52, 101, 164)


def colour_document() -> Document:
    """Row 0: red red blue; row 1: . blue blue (1 red, 2 blue)."""
    picture = np.array([[1, 1, 2], [0, 2, 2]], dtype=np.uint8)
    return document_of_picture(
        "nonogram", picture, palette=Palette.of_rgb([(255, 255, 255), RED, BLUE])
    )


def picture(document: Document) -> np.ndarray:
    assert document.picture is not None
    return document.picture


def runs(document: Document) -> tuple[object, ...]:
    puzzle = document.puzzle
    assert isinstance(puzzle, Nonogram)
    return puzzle.rows, puzzle.row_colours, puzzle.cols, puzzle.col_colours


def test_adding_a_colour_to_black_and_white_keeps_its_cells_black() -> None:
    document = document_of_picture("nonogram", np.array([[True, False, True]]))
    coloured = add_colour(document, RED)
    assert coloured.palette is not None
    assert [c.rgb for c in coloured.palette.colours] == [(255, 255, 255), (0, 0, 0), RED]
    assert coloured.palette.chars == ".ab"
    assert coloured.puzzle.colours == 2
    assert np.array_equal(picture(coloured), [[1, 0, 1]])
    assert runs(coloured) == (((1, 1),), ((1, 1),), ((1,), (), (1,)), ((1,), (), (1,)))


def test_a_kind_of_one_colour_refuses_a_second() -> None:
    with pytest.raises(StudioError, match="mosaic is black and white"):
        add_colour(new_document("mosaic", (3, 3)), RED)


def test_removing_a_colour_clears_its_cells_and_moves_the_later_inks_down() -> None:
    document = add_colour(colour_document(), (0, 128, 0))
    removed = remove_colour(document, 1)
    assert removed.palette is not None
    assert [c.rgb for c in removed.palette.colours] == [(255, 255, 255), BLUE, (0, 128, 0)]
    assert np.array_equal(picture(removed), [[0, 0, 1], [0, 1, 1]])
    assert runs(removed) == (((1,), (2,)), ((1,), (1,)), ((), (1,), (2,)), ((), (1,), (1,)))


def test_removing_the_last_but_one_ink_makes_the_puzzle_black_and_white() -> None:
    removed = remove_colour(colour_document(), 2)
    assert removed.palette is None
    assert removed.puzzle.colours == 1
    assert np.array_equal(picture(removed), [[True, True, False], [False, False, False]])


def test_merging_paints_one_colour_with_the_other() -> None:
    document = add_colour(colour_document(), (0, 128, 0))
    painted = np.array([[1, 1, 2], [3, 2, 2]], dtype=np.uint8)
    merged = merge_colours(document.with_picture(painted), 2, 1)
    assert merged.palette is not None
    assert [c.rgb for c in merged.palette.colours] == [(255, 255, 255), BLUE, (0, 128, 0)]
    assert np.array_equal(picture(merged), [[1, 1, 1], [2, 1, 1]])
    with pytest.raises(ValueError, match="into itself"):
        merge_colours(document, 1, 1)


def test_recolouring_renames_a_colour_named_by_its_hex() -> None:
    recoloured = recolour(colour_document(), 1, (255, 0, 0))
    assert recoloured.palette is not None
    assert recoloured.palette.colours[1].name == "#ff0000"
    assert recoloured.puzzle == colour_document().puzzle
    named = recolour(
        add_colour(document_of_picture("nonogram", np.eye(2, dtype=bool)), RED), 2, BLUE
    )
    assert named.palette is not None
    # Added as "red" (the studio's name for its look), recoloured: named for its new look.
    assert named.palette.colours[2].name == "#3465a4"
    given = recolour(rename_colour(named, 2, "sea"), 2, RED)
    assert given.palette is not None
    assert given.palette.colours[2].name == "sea", "a name the designer gave stays"
    with pytest.raises(ValueError, match="black on white"):
        recolour(new_document("nonogram", (2, 2)), 0, RED)


def test_renaming_changes_only_the_name() -> None:
    document = colour_document()
    assert document.palette is not None
    renamed = rename_colour(document, 1, "  poppy red ")
    assert renamed.palette is not None
    assert renamed.palette.names == ("background", "poppy red", "#3465a4")
    assert renamed.palette.chars == document.palette.chars
    assert renamed.palette.colours[1].rgb == RED
    assert np.array_equal(picture(renamed), picture(document))
    assert renamed.puzzle == document.puzzle
    paper = rename_colour(renamed, 0, "paper")
    assert paper.palette is not None
    assert paper.palette.names[0] == "paper"
    kept = recolour(renamed, 1, (255, 0, 0))
    assert kept.palette is not None
    assert kept.palette.names[1] == "poppy red", "a name given by hand outlives a recolour"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("red\nblue", "one line"),
        ("x" * 41, "at most 40 characters"),
        ("#3465A4", "another colour is called #3465a4"),
        ("Background", "another colour is called background"),
    ],
)
def test_a_name_that_is_empty_too_long_or_taken_is_refused(name: str, why: str) -> None:
    with pytest.raises(StudioError, match=why):
        rename_colour(colour_document(), 1, name)


def test_renaming_needs_a_colour_of_a_colour_palette() -> None:
    own = rename_colour(colour_document(), 1, "#CC0000")  # its own name, in capitals
    assert own.palette is not None
    assert own.palette.names[1] == "#CC0000"
    with pytest.raises(ValueError, match="not in the palette"):
        rename_colour(colour_document(), 3, "green")
    with pytest.raises(ValueError, match="black on white"):
        rename_colour(new_document("nonogram", (2, 2)), 1, "ink")


def test_an_ink_made_the_background_swaps_with_it() -> None:
    swapped = make_background(colour_document(), 2)
    assert swapped.palette is not None
    assert [c.rgb for c in swapped.palette.colours] == [BLUE, RED, (255, 255, 255)]
    assert swapped.palette.chars == ".ab"
    assert np.array_equal(picture(swapped), [[1, 1, 0], [2, 0, 0]])
    assert make_background(swapped, 2) == colour_document()


def test_black_and_white_is_drawn_black_on_white() -> None:
    assert [c.rgb for c in palette_of(new_document("nonogram", (2, 2))).colours] == [
        (255, 255, 255),
        (0, 0, 0),
    ]
