"""Tatham Pattern game IDs: the published IDs round-trip, and malformed IDs name the column."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.formats import tatham
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_records
from tests.core.formats.strategies import nonograms_with_givens

# 3 columns, 2 rows; the middle column is empty.
#   #.#
#   #..
SMALL = Nonogram(rows=[(1, 1), (1,)], cols=[(2,), (), (1,)])
SMALL_ID = "3x2:2//1/1.1/1"


def test_every_published_game_id_round_trips_and_matches_its_clues() -> None:
    records = [r for r in shared_records("nonogram") if "game_id" in r]
    assert records, "the shared data should hold Tatham game IDs"
    for record in records:
        document = tatham.read(record["game_id"])
        assert document.puzzle == Nonogram(record["rows"], record["cols"]), record["id"]
        assert document.puzzle.shape == (record["height"], record["width"])
        assert tatham.write(document) == record["game_id"]


def test_columns_come_first_then_rows() -> None:
    assert tatham.read(SMALL_ID).puzzle == SMALL
    assert tatham.write(Document(SMALL)) == SMALL_ID


def test_an_empty_line_is_written_empty_and_read_from_empty_or_zero() -> None:
    assert tatham.read("3x2:2/0/1/1.1/1").puzzle == SMALL
    assert tatham.read("3x2:2/00/1/1.1/1").puzzle == SMALL
    assert tatham.write(Document(Nonogram(rows=[(), ()], cols=[(), ()]))) == "2x2:///"


def test_whitespace_around_the_id_is_ignored() -> None:
    assert tatham.read(f"  \n\t{SMALL_ID} \n\n").puzzle == SMALL


def test_a_single_number_is_a_square_size_as_in_tatham_decode_params() -> None:
    assert tatham.read("2:1/1/1/1").puzzle.shape == (2, 2)


def test_leading_zeros_in_runs_are_read_and_written_canonically() -> None:
    assert tatham.write(tatham.read("3x2:02//1/1.01/1")) == SMALL_ID


def test_writing_picture_document_writes_only_its_clues() -> None:
    picture = np.array([[True, False, True], [True, False, False]])
    assert tatham.write(document_of_picture("nonogram", picture)) == SMALL_ID


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a game ID like 5x5:2/1.1/3/1/2/1/3/1.1/2/1, found nothing"),
        ("x5:1", "column 1: expected the size, like 10x10, found 'x'"),
        ("3x:1", "column 3: expected a digit after 'x', found ':'"),
        ("3x2/2", "column 4: expected ':' after the size, found '/'"),
        ("3x2", "column 4: expected ':' after the size, found the end of the text"),
        ("0x2:", "column 1: the size must be at least 1x1, found 0x2"),
        ("3x2:2//x/1.1/1", "column 8: expected a digit or '/', found 'x'"),
        ("3x2:2//1x/1.1/1", "column 9: expected a digit, '.' or '/', found 'x'"),
        ("3x2:2//1/1./1", "column 12: expected a digit after '.', found '/'"),
        ("3x2:2//1/1.1/1.", "column 16: expected a digit after '.', found the end of the text"),
        ("3x2:2//1/ 1.1/1", "column 10: expected a digit or '/', found ' '"),
        ("3x2:2//1/1.0/1", "column 12: expected a positive integer, found 0"),
        ("3x2:2//1/1.1", "the ID holds 4 clues, 3x2 needs 5"),
        ("3x2:2//1/1.1/1/", "the ID holds 6 clues, 3x2 needs 5"),
        ("3x2:2//1/1.1/1234567890", "column 14: expected a number of at most 9 digits, found 10"),
        ("\n\n3x2:2//1/1.1/1x", "line 3, column 15: expected a digit, '.' or '/', found 'x'"),
        # The given cells: pattern.c's validate_desc, with the column and what was expected.
        (
            "3x2:2//1/1.1/1,",
            "column 16: too little data in clue-squares section (the given cells): "
            "the letters cover 0 of the 6 cells",
        ),
        (
            "3x2:2//1/1.1/1,aC",
            "column 18: too little data in clue-squares section (the given cells): "
            "the letters cover 4 of the 6 cells",
        ),
        (
            "3x2:2//1/1.1/1,ag",
            "column 17: too much data in clue-squares section (the given cells): "
            "the letters cover 7 of the 6 cells",
        ),
        (
            "3x2:2//1/1.1/1,z",
            "column 16: too much data in clue-squares section (the given cells): "
            "the letters cover 25 of the 6 cells",
        ),
        (
            "3x2:2//1/1.1/1,aDba",
            "column 19: too much data in clue-squares section (the given cells): "
            "the letters already cover all 6 cells",
        ),
        (
            "3x2:2//1/1.1/1,a1",
            "column 17: unrecognised character in clue-squares section (the given cells): "
            "expected a letter, found '1'",
        ),
        (
            "3x2:2//1/1.1/1,aDbé",
            "column 19: too much data in clue-squares section (the given cells): "
            "the letters already cover all 6 cells",
        ),
        (
            "3x2:2//1/1.1/1,é",
            "column 16: unrecognised character in clue-squares section (the given cells): "
            "expected a letter, found 'é'",
        ),
        ("3x2:2//1,aDb", "the ID holds 3 clues, 3x2 needs 5"),
    ],
)
def test_malformed_ids_say_where_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        tatham.read(text)
    assert str(caught.value) == message


def test_the_example_error_of_the_spec_reads_with_its_source() -> None:
    with pytest.raises(FormatError) as caught:
        tatham.read("10x10:2x")
    located = caught.value.located("game ID")
    assert str(located) == "game ID, column 8: expected a digit, '.' or '/', found 'x'"
    assert (located.line, located.column) == (None, 8)


def test_given_cells_follow_the_comma_in_row_major_order() -> None:
    """``a``: no skip, row 1 column 1 given empty; ``D``: skip 3, row 2 column 2 given filled;
    ``b``: skip 1, to the end of the grid."""
    document = tatham.read("3x2:2//1/1.1/1,aDb")
    assert document.puzzle == Nonogram(SMALL.rows, SMALL.cols, [(0, 0, False), (1, 1, True)])
    assert tatham.write(document) == "3x2:2//1/1.1/1,aDb"


def test_an_id_without_givens_has_no_comma() -> None:
    assert "," not in tatham.write(Document(SMALL))


# pattern.c's generator loop, worked by hand on a 6x5 grid (30 cells) whose filled cells are
# (4, 1) and (4, 5): a run of 25 cells without a given is written "z" and starts a new run; the
# run left at the end is written as its lower-case letter alone.
@pytest.mark.parametrize(
    ("cells", "letters"),
    [
        ([(0, 0)], "aze"),  # cell 0 empty; then 25 ("z") and 4 ("e") cells
        ([(4, 0)], "yf"),  # 24 cells, cell 24 empty ("y"); 5 cells left ("f")
        ([(4, 1)], "zAe"),  # 25 cells ("z"); cell 25 filled, no skip ("A"); 4 left
        ([(4, 5)], "zE"),  # 25 cells; 4 more, then the last cell filled ("E"); none left
        ([(0, 0), (4, 5)], "azD"),
        ([(0, 0), (0, 1)], "aazd"),
    ],
)
def test_givens_are_written_as_tathams_generator_writes_them(
    cells: list[tuple[int, int]], letters: str
) -> None:
    picture = np.zeros((5, 6), dtype=bool)
    picture[4, 1] = picture[4, 5] = True
    puzzle = Nonogram.from_picture(picture, cells)
    text = tatham.write(Document(puzzle))
    assert text == "6x5:/1////1/////1.1," + letters
    assert tatham.read(text).puzzle == puzzle


@settings(max_examples=300, deadline=None)
@given(puzzle=nonograms_with_givens())
def test_random_givens_round_trip(puzzle: Nonogram) -> None:
    text = tatham.write(Document(puzzle))
    assert tatham.read(text).puzzle == puzzle
    # The suffix is there exactly when there are givens; an upper-case letter per filled one.
    letters = text.partition(",")[2]
    assert ("," in text) == bool(puzzle.givens)
    assert sum(letter.isupper() for letter in letters) == sum(f for _, _, f in puzzle.givens)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10x10:1/2", True),
        ("  5x5:", True),
        ("10x10#12345", True),
        ("7:1/1", True),
        ("10x10", False),
        ("x10:1", False),
        ("([[1]],[[1]])", False),
        ("#.#", False),
    ],
)
def test_sniff_recognises_game_ids_and_seeds(text: str, expected: bool) -> None:
    assert tatham.sniff(text) is expected
