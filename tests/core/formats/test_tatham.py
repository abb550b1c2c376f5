"""Tatham Pattern game IDs: the published IDs round-trip, and malformed IDs name the column."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.formats import tatham
from studio.core.kinds.nonogram import Nonogram
from tests.conftest import shared_records

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
    assert tatham.write(Document.from_picture("nonogram", picture)) == SMALL_ID


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


def test_given_cells_are_refused_not_dropped() -> None:
    with pytest.raises(FormatError, match=r"column 15: given cells .* not supported yet"):
        tatham.read("3x2:2//1/1.1/1,aE")


def test_a_random_seed_id_asks_for_the_game_id() -> None:
    with pytest.raises(FormatError, match=r"column 6: a random-seed ID needs Tatham's Pattern"):
        tatham.read("10x10#12345")


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
