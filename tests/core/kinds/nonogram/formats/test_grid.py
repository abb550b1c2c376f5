"""Text grids: picture and clues are read, comments and blank edges skipped, errors located."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.kinds.nonogram.formats import grid as ascii
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_records

HEART = "\n".join([".#.#.", "#####", ".###.", "..#.."]) + "\n"


def test_reading_gives_the_picture_and_the_clues_made_from_it() -> None:
    document = ascii.read(HEART)
    assert document.picture is not None
    assert document.picture.shape == (4, 5)
    assert document.picture[0].tolist() == [False, True, False, True, False]
    assert document.puzzle == Nonogram(
        rows=[(1, 1), (5,), (3,), (1,)], cols=[(1,), (3,), (3,), (3,), (1,)]
    )


def test_writing_gives_back_the_same_text() -> None:
    assert ascii.write(ascii.read(HEART)) == HEART


def test_comments_blank_edges_trailing_space_and_crlf_are_ignored() -> None:
    text = (
        "; a heart\r\n\r\n  ; by me\n.#.#.  \n#####\t\n; between rows\n.###.\r\n..#..\n\n\n; end\n"
    )
    assert ascii.read(text) == ascii.read(HEART)


def test_every_shared_solution_round_trips_and_gives_the_record_clues() -> None:
    records = [r for r in shared_records("nonogram") if "solution" in r]
    assert records
    for record in records:
        text = "\n".join(record["solution"]) + "\n"
        document = ascii.read(text)
        assert document.puzzle == Nonogram(record["rows"], record["cols"]), record["id"]
        assert ascii.write(document) == text


def test_a_document_without_picture_cannot_be_written() -> None:
    document = Document(Nonogram(rows=[(1,)], cols=[(1,)]))
    with pytest.raises(FormatError, match="has no picture to write as a grid"):
        ascii.write(document)


def test_an_empty_picture_row_is_allowed_only_as_dots() -> None:
    document = ascii.read("...\n.#.\n")
    assert document.picture is not None
    assert not np.any(document.picture[0])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected rows of '#' and '.', found no grid"),
        ("; only a comment\n\n", "expected rows of '#' and '.', found no grid"),
        ("#.#\n#.#\n#.#.x\n", "line 3, column 5: expected '#' or '.', found 'x'"),
        ("#.#\n X.\n", "line 2, column 1: expected '#' or '.', found ' '"),
        ("#.#\n# #\n", "line 2, column 2: expected '#' or '.', found ' '"),
        ("; c\n#.#.\n#.#.\n#.#\n", "line 4: expected 4 cells like line 2, found 3"),
        ("#.#\n\n#.#\n", "line 2: expected a row of the grid, found a blank line"),
        ("#.#\nabc\n", "line 2, column 1: expected '#' or '.', found 'a'"),
    ],
)
def test_malformed_grids_name_line_and_column(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        ascii.read(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "expected"),
    [("#..#", True), ("\n\n.#", True), ("; title\n#", True), ("5x5:1", False), ("{", False)],
)
def test_sniff(text: str, expected: bool) -> None:
    assert ascii.sniff(text) is expected
