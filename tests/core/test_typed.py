"""Typed and pasted puzzles (studio.core.typed) on every registered kind: what is typed reads
back as the same puzzle, pasted formats of the same kind serve too, another kind is refused in
one line, metadata stay and the picture stays only while it solves (checked by counting runs or
neighbours here, not by the kinds' own code)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import groupby
from typing import TypeVar

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.contract.kind import Kind
from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError, StudioError
from studio.core.formats import get_format, read_text
from studio.core.grid import BoolGrid, grid_from_text
from studio.core.grid_edit import without_givens
from studio.core.kinds import KINDS, document_of_picture, new_document
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.typed import retyped, typed_text
from tests.core.documents import documents, valid

EVERY_KIND = pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)

# 3 columns, 2 rows:  #.#  /  #..
PICTURE = grid_from_text(["#.#", "#.."])
METADATA = {"title": "T", "author": "A", "notes": "N", "license": "CC0-1.0"}
NONOGRAM = document_of_picture("nonogram", PICTURE, **METADATA)
MOSAIC = document_of_picture("mosaic", PICTURE, **METADATA)
FOBIDOSHI = new_document("fobidoshi", (4, 4), **METADATA)

MOSAIC_ID = "5x5:b4442e5b2a5e2a1"


T = TypeVar("T")


def outcome(function: Callable[..., T], *args: object) -> T | StudioError:
    """What ``function(*args)`` returns, or the error the core raised on purpose."""
    try:
        return function(*args)
    except StudioError as error:
        return error


def runs(line: Iterable[object]) -> list[int]:
    """The lengths of the runs of filled cells of ``line``, counted by grouping."""
    return [len(list(group)) for filled, group in groupby(bool(cell) for cell in line) if filled]


def neighbours(picture: BoolGrid, row: int, column: int) -> int:
    """The filled cells of the 3×3 square around a cell, counted one by one."""
    height, width = picture.shape
    return sum(
        bool(picture[r, c])
        for r in range(row - 1, row + 2)
        for c in range(column - 1, column + 2)
        if 0 <= r < height and 0 <= c < width
    )


@EVERY_KIND
@given(data=st.data())
def test_what_is_typed_reads_back_as_the_same_document(kind: Kind, data: st.DataObject) -> None:
    document = data.draw(documents(kind).filter(lambda d: valid(d.puzzle)))
    if kind.layers.has_givens and data.draw(st.booleans(), label="givens cleared"):
        document = without_givens(document)
    text = outcome(typed_text, document)
    if isinstance(text, StudioError):
        # Refused only for what the typing format cannot hold, as its writer refuses it (a
        # nonogram's given cells, a Fobidoshi that is not square).
        writer = get_format(kind.typed_format).write
        assert str(outcome(writer, Document(document.puzzle))) == str(text)
        return
    assert retyped(document, text) == document
    # The text holds the puzzle alone: no picture, no metadata.
    bare = Document(document.puzzle)
    assert typed_text(bare) == text
    assert retyped(bare, text) == bare


def test_a_nonogram_types_as_clue_lines_and_a_fobidoshi_as_janko_text() -> None:
    assert typed_text(NONOGRAM) == "rows\n1 1\n1\ncolumns\n2\n0\n1\n"
    assert typed_text(MOSAIC) == "231\n231\n"
    assert [neighbours(PICTURE, r, c) for r in range(2) for c in range(3)] == [2, 3, 1] * 2
    assert typed_text(FOBIDOSHI) == "4\n----\n----\n----\n----\n"


def test_a_colour_nonogram_types_with_its_colours_and_keeps_its_picture() -> None:
    picture = np.array([[1, 2, 1], [2, 2, 0]], dtype=np.uint8)
    document = document_of_picture("nonogram", picture, **METADATA)
    text = typed_text(document)
    assert text == (
        "colors\n. #ffffff white\na #000000 black\nb #cc0000 red\n"
        "rows\n1 1b 1\n2b\ncolumns\n1 1b\n2b\n1\n"
    )
    assert retyped(document, text) == document
    recoloured = retyped(document, text.replace("b #cc0000", "b #00aa00"))
    assert recoloured.palette is not None
    assert recoloured.palette.colours[2].rgb == (0, 0xAA, 0)
    assert recoloured.picture is not None, "the picture still solves the clues"


def test_given_cells_the_clue_lines_cannot_hold_are_refused() -> None:
    with_givens = replace(NONOGRAM, puzzle=Nonogram.from_picture(PICTURE, [(0, 0)]))
    with pytest.raises(FormatError, match="cannot hold given cells, and this puzzle has 1"):
        typed_text(with_givens)


@pytest.mark.parametrize(
    ("document", "text"),
    [
        (NONOGRAM, "rows\n2\n1\ncolumns\n2\n0\n1\n"),  # same size, the picture breaks row 1
        (NONOGRAM, "rows\n1 1\n1\n0\ncolumns\n2\n0\n1\n"),  # another size
        (MOSAIC, "231\n232\n"),
        (MOSAIC, "231\n231\n...\n"),
    ],
)
def test_the_picture_is_dropped_when_it_no_longer_solves(document: Document, text: str) -> None:
    assert document.picture is not None
    again = retyped(document, text)
    assert again.picture is None
    assert again.metadata() == METADATA
    assert again.puzzle == read_text(text, kind=document.kind).puzzle


def test_the_picture_stays_while_it_still_solves() -> None:
    """Hiding mosaic clues changes the puzzle, not its solution's fit; a nonogram's clues
    written another way are the same puzzle."""
    hidden = retyped(MOSAIC, "2.1\n.3.\n")
    assert hidden.puzzle != MOSAIC.puzzle
    assert hidden.picture is not None
    assert np.array_equal(hidden.picture, PICTURE)
    assert [[neighbours(PICTURE, r, c) for c in range(3)] for r in range(2)] == [[2, 3, 1]] * 2
    spelt = retyped(NONOGRAM, "Rows\n1,1\n\n1\n\nColumns\n2\n-\n1")
    assert spelt == NONOGRAM
    assert [runs(row) for row in PICTURE] == [[1, 1], [1]]


@pytest.mark.parametrize(
    ("document", "text"),
    [
        (NONOGRAM, "3x2:2//1/1.1/1"),  # Tatham's Pattern ID lists the columns first
        (NONOGRAM, "([[1,1],[1]],[[2],[],[1]])"),
        (NONOGRAM, "#.#\n#..\n"),
        (MOSAIC, "3x2:231231"),
    ],
)
def test_a_pasted_text_of_the_same_kind_serves(document: Document, text: str) -> None:
    again = retyped(document, text)
    assert again == document


def test_what_the_text_brings_replaces_what_the_document_had() -> None:
    pasted = 'title "Two"\nwidth 3\nheight 1\nrows\n1,1\ncolumns\n1\n0\n1\ngoal "101"\n'
    again = retyped(NONOGRAM, pasted)
    assert again.metadata() == METADATA | {"title": "Two"}
    assert again.picture is not None
    assert np.array_equal(again.picture, grid_from_text(["#.#"]))
    solved = "4\n-o--\n----\n----\n----\n" + "-o--\n-ooo\no-oo\nooo-\n"
    again = retyped(FOBIDOSHI, solved)
    assert again.puzzle == Fobidoshi.from_rows(["-o--", "----", "----", "----"])
    assert again.picture is not None
    assert again.picture.sum() == 10
    assert again.metadata() == METADATA


@pytest.mark.parametrize(
    ("document", "text", "message"),
    [
        (NONOGRAM, MOSAIC_ID, "that is a mosaic; this puzzle is a nonogram"),
        (NONOGRAM, "231\n231\n", "that is a mosaic; this puzzle is a nonogram"),
        (MOSAIC, "rows\n1\ncolumns\n1\n", "that is a nonogram; this puzzle is a mosaic"),
        (MOSAIC, "#.#\n#..\n", "that is a nonogram; this puzzle is a mosaic"),
        (
            FOBIDOSHI,
            get_format("studio").write(NONOGRAM),
            "that is a nonogram; this puzzle is a Fobidoshi",
        ),
    ],
)
def test_a_puzzle_of_another_kind_is_refused_in_one_line(
    document: Document, text: str, message: str
) -> None:
    with pytest.raises(FormatError) as caught:
        retyped(document, text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("document", "text", "message"),
    [
        # No format reads it: the typing format says where it went wrong.
        (
            NONOGRAM,
            "hello",
            "line 1, column 1: expected a line 'rows', then one line per row clue, found 'h'",
        ),
        (
            NONOGRAM,
            "rows\n1 x\ncolumns\n1\n",
            "line 2, column 3: expected a run length (a number), found 'x'",
        ),
        (MOSAIC, "23\n2x\n", "line 2, column 2: expected a clue 0–9 or '.' (no clue), found 'x'"),
        (
            FOBIDOSHI,
            "4\n----\n--q-\n----\n----\n",
            "line 3, column 3: expected '-' (blank), 'o' (circle) or 'x' (cross), found 'q'",
        ),
        # Another kind's format recognises it but cannot read it: still the typing format's.
        (
            NONOGRAM,
            "4\n----\n-o-\n",
            "line 1, column 1: expected a line 'rows', then one line per row clue, found '4'",
        ),
        # A format of this kind recognises it: its own error, a typo in a pasted game ID.
        (NONOGRAM, "10x10:2/x", "column 9: expected a digit or '/', found 'x'"),
    ],
)
def test_bad_text_names_the_line_and_column(document: Document, text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        retyped(document, text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("document", "text", "message"),
    [
        (NONOGRAM, "rows\n3\ncolumns\n1\n", "row 1: clue 3 needs 3 cells, the row has 1"),
        (NONOGRAM, "rows\n" + "0\n" * 201 + "columns\n0\n", "1×201 is more than the 200×200"),
        (MOSAIC, "0\n" * 301, "1×301 is more than the 300×300"),
        (FOBIDOSHI, "3\n---\n---\n---\n", "a Fobidoshi needs at least 4 rows and 4 columns"),
        (NONOGRAM, "201x1:" + "/".join(["0"] * 202), "201×1 is more than the 200×200"),
    ],
)
def test_an_invalid_puzzle_or_size_is_refused_as_everywhere(
    document: Document, text: str, message: str
) -> None:
    with pytest.raises(PuzzleError, match=f"^{message}"):
        retyped(document, text)


@pytest.mark.parametrize("document", [NONOGRAM, MOSAIC, FOBIDOSHI], ids=lambda d: d.kind)
@given(text=st.text(alphabet="0123456789 ,-.#ox\nrowscolumnRW:x{}[]()/", max_size=80))
def test_any_text_gives_a_valid_document_of_the_kind_or_one_error(
    document: Document, text: str
) -> None:
    again = outcome(retyped, document, text)
    if isinstance(again, StudioError):
        assert isinstance(again, FormatError | PuzzleError), again
        if isinstance(again, FormatError) and again.line is not None:
            assert 1 <= again.line <= text.count("\n") + 1, again
        return
    assert again.kind == document.kind
    again.puzzle.validate()
    if again.picture is not None:
        assert again.puzzle.check(again.picture) == []
