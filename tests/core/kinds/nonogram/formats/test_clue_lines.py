"""Clue lines, the nonogram's typing format: the written layout, every spelling a person may type
read to the runs of the picture (counted here independently), bad lines named by line and
column, and colour puzzles with their colours declared."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError
from studio.core.formats import FORMATS, read_text
from studio.core.grid import BoolGrid, grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.formats import clue_lines, non
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette
from tests.core.formats.strategies import pictures

# 3 columns, 2 rows:  #.#  /  #..
PICTURE = grid_from_text(["#.#", "#.."])
WRITTEN = "rows\n1 1\n1\ncolumns\n2\n0\n1\n"


def runs(line: Iterable[object]) -> list[int]:
    """The lengths of the runs of filled cells of ``line``, counted by grouping."""
    return [len(list(group)) for filled, group in groupby(bool(cell) for cell in line) if filled]


def test_writing_gives_the_documented_layout() -> None:
    document = document_of_picture("nonogram", PICTURE, title="dropped", license="CC0-1.0")
    assert clue_lines.write(document) == WRITTEN
    assert clue_lines.read(WRITTEN) == Document(document.puzzle)


@st.composite
def typed_spellings(draw: st.DrawFn, picture: BoolGrid) -> str:
    """The clues of ``picture`` as a person may type them: any separators, blank lines, ``0`` or
    ``-`` for an empty line, the headers in any case, Windows line ends."""
    separator = st.sampled_from([" ", ",", ", ", " , ", "  ", "\t", " ,"])
    blank = st.sampled_from(["", "", "\n", "\n\n", "\n  \n"])

    def clue(line: object) -> str:
        lengths = runs(line)
        if not lengths:
            return draw(st.sampled_from(["0", "-", " 0 ", "- "]))
        text = str(lengths[0])
        for length in lengths[1:]:
            text += draw(separator) + str(length)
        return text

    def header(word: str) -> str:
        return draw(st.sampled_from([word, word.upper(), word.title(), f"  {word} "]))

    lines = [header("rows"), *(clue(row) for row in picture)]
    lines += [draw(blank) + header("columns"), *(clue(column) for column in picture.T)]
    end = draw(st.sampled_from(["\n", "\r\n"]))
    return draw(blank) + end.join(lines) + draw(st.sampled_from(["", end, end + "\n"]))


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_every_spelling_reads_as_the_runs_of_the_picture(data: st.DataObject) -> None:
    picture = data.draw(pictures(max_side=8))
    text = data.draw(typed_spellings(picture))
    document = read_text(text)  # sniffed: no other format claims it
    assert [list(clue) for clue in document.puzzle.rows] == [runs(row) for row in picture]
    assert [list(clue) for clue in document.puzzle.cols] == [runs(col) for col in picture.T]
    assert document.picture is None
    assert clue_lines.read(clue_lines.write(document)) == document


@settings(max_examples=100, deadline=None)
@given(picture=pictures(max_side=8))
def test_what_is_written_reads_back_and_is_claimed_by_this_format_alone(
    picture: BoolGrid,
) -> None:
    document = Document(Nonogram.from_picture(picture))
    text = clue_lines.write(document)
    assert clue_lines.read(text) == document
    assert [spec.name for spec in FORMATS if spec.sniff(text)] == ["clue-lines"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "",
            "line 1, column 1: expected a line 'rows', then one line per row clue, found the end "
            "of the text",
        ),
        (
            "3 1\n2\n",
            "line 1, column 1: expected a line 'rows', then one line per row clue, found '3'",
        ),
        (
            "columns\n1\nrows\n1\n",
            "line 1, column 1: expected a line 'rows', then one line per row clue, found 'c'",
        ),
        (
            "rows\n1\n1\n",
            "line 4, column 1: expected a line 'columns', then one line per column "
            "clue, found the end of the text",
        ),
        (
            "rows\n1\ncolums\n1\n",
            "line 3, column 1: expected a clue: run lengths, or '0' or '-' "
            "for an empty line, or a line 'columns', found 'c'",
        ),
        (
            "rows\n\ncolumns\n1\n",
            "line 3, column 1: expected at least one row clue between 'rows' and 'columns'",
        ),
        (
            "rows\n1\ncolumns\n\n",
            "line 5, column 1: expected at least one column clue after "
            "'columns', found the end of the text",
        ),
        ("rows\n1\nrows\n1\n", "line 3, column 1: 'rows' a second time (the first is on line 1)"),
        (
            "rows\n1\ncolumns\n1\n  columns\n",
            "line 5, column 3: 'columns' a second time (the first is on line 3)",
        ),
        (
            "rows\n1\ncolumns\n1\nrows\n",
            "line 5, column 1: 'rows' a second time (the first is on line 1)",
        ),
        (
            "rows\n1,\ncolumns\n1\n",
            "line 2, column 3: expected a run length (a number) after "
            "',', found the end of the line",
        ),
        (
            "rows\n1,,2\ncolumns\n1\n",
            "line 2, column 3: expected a run length (a number) after ',', found ','",
        ),
        (
            "rows\n1 x\ncolumns\n1\n",
            "line 2, column 3: expected a run length (a number), found 'x'",
        ),
        (
            "rows\n12x\ncolumns\n1\n",
            "line 2, column 3: expected a space or ',' between runs, or "
            "the end of the line, found 'x'",
        ),
        (
            "rows\n1\ncolumns\n-1\n",
            "line 4, column 2: expected the end of the line after '-', found '1'",
        ),
        ("rows\n1\ncolumns\n2 0\n", "line 4, column 3: expected a positive integer, found 0"),
        (
            "rows\n1\ncolumns\n# 1\n",
            "line 4, column 1: expected a clue: run lengths, or '0' or "
            "'-' for an empty line, found '#'",
        ),
        (
            "rows\n1\ncolumns\n1234567890\n",
            "line 4, column 1: expected a number of at most 9 digits, found 10",
        ),
    ],
)
def test_bad_lines_are_named_by_line_and_column(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        clue_lines.read(text)
    assert str(caught.value) == message


def test_a_size_beyond_the_kind_is_refused_before_the_clues_are_read() -> None:
    text = "rows\n1\ncolumns\n" + "x\n" * 201
    with pytest.raises(PuzzleError, match=r"^201×1 is more than the 200×200 cells a nonogram"):
        clue_lines.read(text)


def test_a_well_formed_puzzle_is_read_unvalidated() -> None:
    """Reading does not validate: a clue too long for its line is the validator's to name."""
    document = clue_lines.read("rows\n3\ncolumns\n1\n")
    assert document.puzzle == Nonogram([(3,)], [(1,)])
    with pytest.raises(PuzzleError, match="row 1: clue 3 needs 3 cells, the row has 1"):
        read_text("rows\n3\ncolumns\n1\n")


def test_givens_and_other_kinds_are_refused() -> None:
    with pytest.raises(FormatError, match="cannot hold given cells, and this puzzle has 1"):
        clue_lines.write(Document(Nonogram([(1,)], [(1,)], givens=[(0, 0, True)])))
    with pytest.raises(FormatError, match="holds nonograms, not mosaic"):
        clue_lines.write(document_of_picture("mosaic", PICTURE))


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("rows\n1\n", True),
        ("\n\n  ROWS \t\r\n1\n", True),
        ("rows", True),
        ("rows 2\ncolumns 3\n", False),  # Simpson's size lines: a .non file
        ("rows:\n1\n", False),
        ("title x\nrows\n1\n", False),
        ("; rows\nrows\n1\n", False),
        ("colors\n. #ffffff white\n", True),
        ("color . #ffffff white\nrows\n1\n", False),
    ],
)
def test_sniff_claims_a_first_line_of_rows_or_colors_alone(text: str, claimed: bool) -> None:
    assert clue_lines.sniff(text) is claimed
    if claimed:
        assert not non.sniff(text)


COLOUR_PICTURE = np.array([[1, 2, 1], [2, 2, 0]], dtype=np.uint8)  # X r X / r r .
PALETTE = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("black", "X", (0, 0, 0)),
        Colour("dark red", "r", (204, 0, 0)),
    )
)
COLOUR_WRITTEN = (
    "colors\n. #ffffff white\nX #000000 black\nr #cc0000 dark red\n"
    "rows\n1 1r 1\n2r\ncolumns\n1 1r\n2r\n1\n"
)


def test_a_colour_puzzle_is_written_with_its_colours_and_read_back() -> None:
    document = Document(Nonogram.from_picture(COLOUR_PICTURE, colours=2), palette=PALETTE)
    assert clue_lines.write(document) == COLOUR_WRITTEN
    assert clue_lines.read(COLOUR_WRITTEN) == document
    assert [spec.name for spec in FORMATS if spec.sniff(COLOUR_WRITTEN)] == ["clue-lines"]
    typed = "Colors\n. #FFFFFF white\nX #000000 black\nr #cc0000 dark red\n\nROWS\n1,1r, 1X\n2r\n"
    assert read_text(typed + "columns\n1 1r\n2r\n1\n") == document


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "colors\n. #ffffff white\nX #000000 black\nr #cc0000 red\nrows\n1 1g\n",
            "line 6, column 4: expected a colour of the palette (X, r), a space or ',' after "
            "a run, found 'g'",
        ),
        (
            "colors\n. #ffffff white\nX #000000 black\nrows\n1\ncolumns\n1\n",
            "line 1, column 1: expected the background and at least two colours after 'colors' "
            "(a black-and-white puzzle has no colours to declare)",
        ),
        (
            "colors\n. #ffffff white\nred #cc0000\nrows\n1\n",
            "line 3, column 1: expected a colour (its character, #rrggbb and its name), or a "
            "line 'rows', found 'r'",
        ),
        (
            "colors\n. #ffffff white\nr #000000 black\nr #cc0000 red\nrows\n1\n",
            "line 4: the character 'r' stands for two colours",
        ),
    ],
)
def test_bad_colours_are_named_by_line(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        clue_lines.read(text)
    assert str(caught.value) == message


def test_a_colour_spelt_with_a_digit_cannot_be_written() -> None:
    digits = Palette((*PALETTE.colours[:2], Colour("red", "1", (204, 0, 0))))
    document = Document(Nonogram.from_picture(COLOUR_PICTURE, colours=2), palette=digits)
    with pytest.raises(FormatError, match="the colour 'red' is spelt '1'"):
        clue_lines.write(document)
