"""The grid commands (studio.core.grid_edit) on every registered kind, drawn from the layers each
declares: every layer moves cell by cell as the command says (checked against a cell-by-cell
expectation, not numpy's), commands undo each other, sizes outside the kind's limits are refused,
and a valid document stays valid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from studio.core.contract.kind import Kind
from studio.core.contract.layers import CellLayers, MarkGrid
from studio.core.document import Document
from studio.core.errors import PuzzleError, StudioError
from studio.core.grid_edit import (
    cleared,
    commands,
    inverted,
    mirrored,
    resized,
    rotated,
    shifted,
    without_givens,
)
from studio.core.kinds import KINDS, document_of_picture
from studio.core.palette import Palette
from tests.core.documents import documents, valid

EVERY_KIND = pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)

Source = Callable[[int, int], tuple[int, int] | None]
"""Where a cell of the result comes from: a cell of the original, or ``None`` for a new one."""


@st.composite
def edits(
    draw: st.DrawFn, kind: Kind, shape: tuple[int, int]
) -> tuple[str, Callable[[Document], Document], tuple[int, int], Source]:
    """A geometric command for a document of ``shape``: its name, the command, the result's
    shape and where each of its cells comes from (written out cell by cell)."""
    height, width = shape
    command = draw(st.sampled_from(["mirror", "rotate", "wrap", "shift", "resize"]))
    if command == "mirror":
        flips: dict[str, Source] = {
            "left-right": lambda i, j: (i, width - 1 - j),
            "top-bottom": lambda i, j: (height - 1 - i, j),
        }
        axis = draw(st.sampled_from(sorted(flips)))
        return axis, lambda d: mirrored(d, axis), shape, flips[axis]
    if command == "rotate":
        turns = draw(st.integers(-5, 5))
        sources: list[tuple[tuple[int, int], Source]] = [
            (shape, lambda i, j: (i, j)),
            ((width, height), lambda i, j: (height - 1 - j, i)),  # clockwise
            (shape, lambda i, j: (height - 1 - i, width - 1 - j)),
            ((width, height), lambda i, j: (j, width - 1 - i)),  # anticlockwise
        ]
        turned, source = sources[turns % 4]
        return f"rotate {turns}", lambda d: rotated(d, turns), turned, source
    rows = draw(st.integers(-height - 1, height + 1))
    cols = draw(st.integers(-width - 1, width + 1))
    if command == "wrap":
        return (
            f"wrap {rows} {cols}",
            lambda d: shifted(d, rows, cols, wrap=True),
            shape,
            lambda i, j: ((i - rows) % height, (j - cols) % width),
        )
    if command == "shift":
        return (
            f"shift {rows} {cols}",
            lambda d: shifted(d, rows, cols, wrap=False),
            shape,
            lambda i, j: _inside((i - rows, j - cols), shape),
        )
    top, bottom, left, right = (draw(st.integers(-2, 3)) for _ in range(4))
    grown = (height + top + bottom, width + left + right)
    assume(min(grown) >= kind.spec.min_side)
    return (
        f"resize {top} {bottom} {left} {right}",
        lambda d: resized(d, top, bottom, left, right),
        grown,
        lambda i, j: _inside((i - top, j - left), shape),
    )


def _inside(cell: tuple[int, int], shape: tuple[int, int]) -> tuple[int, int] | None:
    return cell if 0 <= cell[0] < shape[0] and 0 <= cell[1] < shape[1] else None


def _expected(
    layer: MarkGrid, blank: bool | int, shape: tuple[int, int], source: Source
) -> MarkGrid:
    moved = np.full(shape, blank, dtype=layer.dtype)
    for i in range(shape[0]):
        for j in range(shape[1]):
            origin = source(i, j)
            if origin is not None:
                moved[i, j] = layer[origin]
    return moved


@EVERY_KIND
@given(data=st.data())
def test_every_layer_moves_cell_by_cell_and_new_cells_are_blank(
    kind: Kind, data: st.DataObject
) -> None:
    """Picture and marks (givens, shown clues) move with their cells; what comes in is blank;
    the clues are made from the moved picture; a valid document stays valid or the command is
    refused by name."""
    document = data.draw(documents(kind))
    name, edit, shape, source = data.draw(edits(kind, document.puzzle.shape))
    before = kind.layers.split(document.puzzle)
    marks = {
        mark.name: _expected(before[mark.name], mark.blank, shape, source)
        for mark in kind.layers.marks
    }
    picture = None
    if document.picture is not None:
        picture = _expected(document.picture, False, shape, source)
    if valid(document.puzzle) and not valid(kind.layers.join(CellLayers(picture, marks))):
        # Refused only for breaking a valid puzzle, e.g. a wrap joining given circles.
        with pytest.raises(PuzzleError, match=r"^cannot "):
            edit(document)
        return
    result = edit(document)
    assert result.puzzle.shape == shape, name
    assert (result.title, result.author, result.notes) == ("T", "A", "N")
    after = kind.layers.split(result.puzzle)
    for mark in kind.layers.marks:
        assert np.array_equal(after[mark.name], marks[mark.name]), (name, mark.name)
    if picture is None:
        assert result.picture is None
    else:
        assert result.picture is not None
        assert np.array_equal(result.picture, picture), name
        assert result.puzzle.check(result.picture) == [], name
    if valid(document.puzzle):
        result.puzzle.validate()


@EVERY_KIND
@given(data=st.data())
def test_mirroring_twice_and_turning_four_times_give_the_document_back(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    assert mirrored(mirrored(document, "left-right"), "left-right") == document
    assert mirrored(mirrored(document, "top-bottom"), "top-bottom") == document
    turns = data.draw(st.integers(-3, 3))
    assert rotated(rotated(document, turns), -turns) == document
    quarter = document
    for _ in range(4):
        quarter = rotated(quarter, 1)
    assert quarter == document


@EVERY_KIND
@given(data=st.data())
def test_turning_a_quarter_swaps_height_and_width(kind: Kind, data: st.DataObject) -> None:
    document = data.draw(documents(kind))
    height, width = document.puzzle.shape
    assert rotated(document, 1).puzzle.shape == (width, height)
    assert rotated(document, -1).puzzle.shape == (width, height)
    assert rotated(document, 2).puzzle.shape == (height, width)


@EVERY_KIND
@given(data=st.data())
def test_adding_rows_and_columns_then_cropping_them_gives_the_document_back(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    top, bottom, left, right = (data.draw(st.integers(0, 3)) for _ in range(4))
    grown = resized(document, top, bottom, left, right)
    assert resized(grown, -top, -bottom, -left, -right) == document


@EVERY_KIND
@given(data=st.data())
def test_a_wrapping_shift_by_the_whole_grid_changes_nothing(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    height, width = document.puzzle.shape
    times = data.draw(st.integers(-2, 2))
    assert shifted(document, times * height, times * width, wrap=True) == document


@EVERY_KIND
@given(data=st.data())
def test_a_shift_past_the_edge_leaves_a_blank_document(kind: Kind, data: st.DataObject) -> None:
    document = data.draw(documents(kind))
    height, width = document.puzzle.shape
    rows = data.draw(st.sampled_from([height, -height, 2 * height + 1]))
    gone = shifted(document, rows, data.draw(st.integers(-width, width)), wrap=False)
    assert gone.puzzle == kind.new_document(document.puzzle.shape).puzzle
    if document.picture is not None:
        assert gone.picture is not None
        assert not gone.picture.any()


@EVERY_KIND
@given(data=st.data())
def test_clear_makes_what_a_new_document_of_the_size_would_be(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    result = cleared(document)
    new = kind.new_document(document.puzzle.shape)
    assert result.puzzle == new.puzzle
    assert (result.title, result.author, result.notes) == ("T", "A", "N")
    if kind.drawn:
        assert new.picture is not None
        assert result.picture is not None
        assert np.array_equal(result.picture, new.picture)


@EVERY_KIND
@given(data=st.data())
def test_clear_givens_blanks_the_givens_and_keeps_the_rest(kind: Kind, data: st.DataObject) -> None:
    document = data.draw(documents(kind))
    if not kind.layers.has_givens:
        with pytest.raises(StudioError, match="has no givens to clear"):
            without_givens(document)
        return
    result = without_givens(document)
    before = kind.layers.split(document.puzzle)
    after = kind.layers.split(result.puzzle)
    for mark in kind.layers.marks:
        if mark.givens:
            assert np.all(after[mark.name] == mark.blank), mark.name
        else:
            assert np.array_equal(after[mark.name], before[mark.name]), mark.name
    assert (result.picture is None) == (document.picture is None)
    if result.picture is not None and document.picture is not None:
        assert np.array_equal(result.picture, document.picture)


@EVERY_KIND
@given(data=st.data())
def test_invert_swaps_filled_and_empty_cells_of_a_drawn_picture(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    if not kind.drawn:
        with pytest.raises(StudioError, match="has no picture to invert"):
            inverted(document)
        return
    result = inverted(document)
    assert document.picture is not None
    assert result.picture is not None
    assert np.array_equal(result.picture, ~document.picture)
    assert result.puzzle.check(result.picture) == []
    before, after = kind.layers.split(document.puzzle), kind.layers.split(result.puzzle)
    for mark in kind.layers.marks:
        assert np.array_equal(after[mark.name], before[mark.name]), mark.name
    assert inverted(result) == document


@EVERY_KIND
@given(data=st.data())
def test_a_document_known_by_its_clues_is_edited_through_the_solution_shown(
    kind: Kind, data: st.DataObject
) -> None:
    document = data.draw(documents(kind))
    if document.picture is None:  # a kind that does without needs none
        assert rotated(document, 1).picture is None
        return
    clues_only = replace(document, picture=None)
    with pytest.raises(StudioError, match="known only by its clues needs a solution to mirror"):
        mirrored(clues_only, "top-bottom")
    assert mirrored(clues_only, "top-bottom", picture=document.picture) == mirrored(
        document, "top-bottom"
    )
    assert cleared(clues_only) == cleared(document)  # cleared whatever it holds


@EVERY_KIND
def test_growing_past_the_largest_size_is_refused_with_the_limit(kind: Kind) -> None:
    most, least = kind.spec.max_side, kind.spec.min_side
    noun = kind.spec.noun or kind.name
    document = kind.new_document((most, least))
    with pytest.raises(PuzzleError) as caught:
        resized(document, 1, 0, 0, 0)
    assert str(caught.value) == (
        f"{least}×{most + 1} is more than the {most}×{most} cells a {noun} may have"
    )
    with pytest.raises(PuzzleError, match="is more than"):
        resized(rotated(document, 1), 0, 0, 0, 1)


@EVERY_KIND
def test_cropping_below_the_smallest_size_or_everything_is_refused(kind: Kind) -> None:
    least = kind.spec.min_side
    document = kind.new_document((least, least + 2))
    with pytest.raises(StudioError, match=f"cannot crop every row of the {least + 2}×{least} "):
        resized(document, -least, 0, 0, 0)
    with pytest.raises(StudioError, match="cannot crop every column"):
        resized(document, 0, 0, -2, -(least + 5))
    if least > 1:
        with pytest.raises(PuzzleError, match=f"needs at least .*this one is {least + 2}×"):
            resized(document, 0, -1, 0, 0)


@EVERY_KIND
@given(data=st.data())
def test_every_command_offered_works_and_invert_is_offered_for_a_drawn_picture(
    kind: Kind, data: st.DataObject
) -> None:
    offered = commands(kind)
    assert offered[:4] == ("resize", "shift", "mirror", "rotate")
    assert "clear" in offered
    assert ("invert" in offered) == kind.drawn
    if "clear-givens" in offered:
        assert kind.layers.has_givens
    document = data.draw(documents(kind))
    run = {
        "resize": lambda: resized(document, 1, 0, 0, 1),
        "shift": lambda: shifted(document, 1, -1, wrap=False),
        "mirror": lambda: mirrored(document, "left-right"),
        "rotate": lambda: rotated(document, 1),
        "invert": lambda: inverted(document),
        "clear": lambda: cleared(document),
        "clear-givens": lambda: without_givens(document),
    }
    for command in offered:
        assert isinstance(run[command](), Document), command


def test_a_colour_document_keeps_its_colours_and_is_not_inverted() -> None:
    """Every command but invert keeps a colour picture's colours and palette; invert, which
    could not say which colour the background's cells take, is refused in one line."""
    picture = np.array([[1, 2, 0], [0, 1, 2]], dtype=np.uint8)
    document = document_of_picture("nonogram", picture, palette=Palette.default(2))
    expected = {
        "resize": (resized(document, 1, 0, 0, 1), np.pad(picture, ((1, 0), (0, 1)))),
        "shift": (shifted(document, 1, -1, wrap=False), np.array([[0, 0, 0], [2, 0, 0]])),
        "mirror": (mirrored(document, "horizontal"), picture[::-1]),
        "rotate": (rotated(document, 1), np.rot90(picture, -1)),
        "clear": (cleared(document), np.zeros_like(picture)),
    }
    for name, (result, values) in expected.items():
        assert result.palette == document.palette, name
        assert result.puzzle.colours == 2, name
        assert result.picture is not None
        assert np.array_equal(result.picture, values), name
        assert result.puzzle.check(result.picture) == [], name
    with pytest.raises(StudioError, match="a colour picture cannot be inverted"):
        inverted(document)
