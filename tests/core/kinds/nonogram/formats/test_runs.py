"""The runs format: rows first, canonical compact output, no eval, errors with line and column."""

from __future__ import annotations

import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.kinds.nonogram.formats import runs
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_records

# 3 columns, 2 rows:  #.#  /  #..
SMALL = Nonogram(rows=[(1, 1), (1,)], cols=[(2,), (), (1,)])
SMALL_RUNS = "([[1,1],[1]],[[2],[],[1]])"


def test_rows_come_first_then_columns() -> None:
    assert runs.read(SMALL_RUNS).puzzle == SMALL
    assert runs.write(Document(SMALL)) == SMALL_RUNS


def test_python_and_haskell_spellings_are_read() -> None:
    spaced = "(\n  [[1, 1], [1]],\n  [[2], [], [1]]\n)\n"
    assert runs.read(spaced).puzzle == SMALL
    assert runs.read("[[[1,1],[1]],[[2],[],[1]]]").puzzle == SMALL
    assert runs.read("([[1,1],[1]],[[2],[0],[1]])").puzzle == SMALL


def test_the_blog_example_reads_with_rows_first() -> None:
    blog = (
        "([[2],[3,2],[1,1,3],[2,5],[2,2,4],[1,1,4],[1,3],[1,1,2],[4],[4,1]],"
        "[[5,2],[2,3,3],[1,2],[6],[3],[1],[4],[6],[7],[4,1]])"
    )
    document = runs.read(blog)
    assert isinstance(document.puzzle, Nonogram)
    assert document.puzzle.rows[1] == (3, 2)
    assert document.puzzle.cols[0] == (5, 2)
    assert runs.write(document) == blog


def test_every_shared_puzzle_round_trips() -> None:
    for record in shared_records("nonogram"):
        document = Document(Nonogram(record["rows"], record["cols"]))
        assert runs.read(runs.write(document)) == document, record["id"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "",
            "line 1, column 1: expected '(' or '[' to open the rows and columns, "
            "found the end of the text",
        ),
        (
            "{[[1]],[[1]]}",
            "line 1, column 1: expected '(' or '[' to open the rows and columns, found '{'",
        ),
        ("([[1],[x]],[[1]])", "line 1, column 8: expected a number, found 'x'"),
        ("([[1],[1,0]],[[1]])", "line 1, column 10: expected a positive integer, found 0"),
        ("([[1],[-1]],[[1]])", "line 1, column 8: expected a number, found '-'"),
        (
            "([[1] [1]],[[1]])",
            "line 1, column 7: expected ',' or ']' in the list of lines, found '['",
        ),
        ("([[1 2]],[[1]])", "line 1, column 6: expected ',' or ']' in the list of runs, found '2'"),
        (
            "([[1]];[[1]])",
            "line 1, column 7: expected ',' between the rows and the columns, found ';'",
        ),
        ("([[1]],[[1]]]", "line 1, column 13: expected ')' after the columns, found ']'"),
        ("([[1]],[[1]]) x", "line 1, column 15: expected the end of the text, found 'x'"),
        ("([[1]],\n [1])", "line 2, column 3: expected '[' to open a line's runs, found '1'"),
        ("([[1]],\n [[1],\n  [2,]])", "line 3, column 6: expected a number, found ']'"),
        (
            "([[1]],[[1234567890]])",
            "line 1, column 10: expected a number of at most 9 digits, found 10",
        ),
        ("([1],[[1]])", "line 1, column 3: expected '[' to open a line's runs, found '1'"),
        ("(1,[[1]])", "line 1, column 2: expected '[' to open a list of lines, found '1'"),
    ],
)
def test_malformed_runs_say_line_column_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        runs.read(text)
    assert str(caught.value) == message


def test_errors_carry_line_and_column_as_fields() -> None:
    with pytest.raises(FormatError) as caught:
        runs.read("([[1]],\n [[1],\n  [2,x]])")
    assert (caught.value.line, caught.value.column) == (3, 6)


def test_text_is_never_evaluated() -> None:
    with pytest.raises(FormatError, match="column 1"):
        runs.read("__import__('os').system('false')")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("([[1]],[[1]])", True), ("  [[[1]],[[1]]]", True), ("{}", False), ("1x1:1/1", False)],
)
def test_sniff(text: str, expected: bool) -> None:
    assert runs.sniff(text) is expected
