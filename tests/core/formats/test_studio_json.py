"""The studio's JSON document: exact layout, round trips, and field-naming errors."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings

from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError
from studio.core.formats import read_text, studio_json
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_records
from tests.core.formats.strategies import nonograms_with_givens

PICTURE = np.array([[True, False, False, True], [False, False, False, False]])

EXPECTED = """\
{
  "format": "puzzle-studio",
  "version": 2,
  "kind": "nonogram",
  "width": 4,
  "height": 2,
  "title": "Zwei Türme",
  "author": "Ann",
  "notes": "line one\\nline two",
  "license": "CC-BY-4.0",
  "clues": {
    "rows": [
      [1, 1],
      []
    ],
    "columns": [
      [1],
      [],
      [],
      [1]
    ]
  },
  "picture": [
    "#..#",
    "...."
  ]
}
"""


def _document() -> Document:
    return document_of_picture(
        "nonogram",
        PICTURE,
        title="Zwei Türme",
        author="Ann",
        notes="line one\nline two",
        license="CC-BY-4.0",
    )


def _valid() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXPECTED)
    return data


def test_writing_gives_the_documented_layout() -> None:
    assert studio_json.write(_document()) == EXPECTED


def test_round_trip_keeps_clues_picture_and_metadata() -> None:
    document = _document()
    assert studio_json.read(studio_json.write(document)) == document


def test_round_trip_without_a_picture() -> None:
    document = Document(Nonogram(rows=[(1,), ()], cols=[(1,)]), title="t")
    text = studio_json.write(document)
    assert '"picture": null' in text
    assert studio_json.read(text) == document


def test_every_shared_puzzle_round_trips() -> None:
    for record in shared_records("nonogram"):
        picture = None
        if "solution" in record:
            picture = np.array([[c == "#" for c in row] for row in record["solution"]])
        document = Document(
            Nonogram(record["rows"], record["cols"]), picture, title=record.get("title", "")
        )
        assert studio_json.read(studio_json.write(document)) == document, record["id"]


GIVENS_LAYOUT = """\
  "clues": {
    "rows": [
      [1, 1],
      []
    ],
    "columns": [
      [1],
      [],
      [],
      [1]
    ]
  },
  "givens": [
    [0, 0, 1],
    [1, 2, 0]
  ],
  "picture": [
"""


def test_givens_are_written_after_the_clues_one_per_line_and_read_back() -> None:
    picture = _document().picture
    assert picture is not None
    document = Document(
        Nonogram.from_picture(picture, [(1, 2), (0, 0)]), picture, title="Zwei Türme"
    )
    text = studio_json.write(document)
    assert GIVENS_LAYOUT in text
    assert studio_json.read(text) == document
    assert studio_json.read(text).puzzle.givens == ((0, 0, True), (1, 2, False))


@settings(max_examples=200, deadline=None)
@given(puzzle=nonograms_with_givens())
def test_random_givens_round_trip(puzzle: Nonogram) -> None:
    document = Document(puzzle)
    assert studio_json.read(studio_json.write(document)) == document


def test_givens_are_left_out_when_there_are_none() -> None:
    assert '"givens"' not in studio_json.write(_document())


def test_givens_may_come_in_any_order() -> None:
    data = _valid()
    data["givens"] = [[1, 2, 0], [0, 0, 1]]
    assert studio_json.read(json.dumps(data)).puzzle.givens == ((0, 0, True), (1, 2, False))


def test_a_cell_given_twice_is_left_to_validation() -> None:
    data = _valid()
    data["givens"] = [[0, 0, 1], [0, 0, 1]]
    text = json.dumps(data)
    assert len(studio_json.read(text).puzzle.givens) == 2
    with pytest.raises(PuzzleError, match="row 1, column 1 is given twice"):
        read_text(text)


def test_optional_fields_may_be_left_out() -> None:
    data = _valid()
    for name in ("title", "author", "notes", "picture"):
        del data[name]
    document = studio_json.read(json.dumps(data))
    assert document.picture is None
    assert (document.title, document.author, document.notes) == ("", "", "")


def test_a_lone_zero_is_an_empty_line() -> None:
    data = _valid()
    data["clues"]["rows"][1] = [0]
    assert studio_json.read(json.dumps(data)) == studio_json.read(EXPECTED)


def _set(path: str, value: object) -> str:
    """EXPECTED with the field at a dotted path (``clues.rows.0``) set, or deleted for ``...``."""
    data = _valid()
    node: Any = data
    *parents, last = path.split(".")
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    where: Any = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[where]
    else:
        node[where] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            "format",
            "pbn",
            'format: expected "puzzle-studio" (a Puzzle Studio document), found "pbn"',
        ),
        (
            "format",
            ...,
            'format: expected "puzzle-studio" (a Puzzle Studio document), found nothing',
        ),
        ("version", 4, "made by a newer Puzzle Studio (version 4); this one reads up to 3"),
        ("version", "1", 'version: expected an integer, found "1"'),
        ("version", 0, "version: expected a positive integer, found 0"),
        ("version", ..., "version: missing"),
        (
            "kind",
            "sudoku",
            "kind: unknown puzzle kind 'sudoku'; known: nonogram, mosaic, fobidoshi",
        ),
        ("kind", 3, "kind: expected a string, found 3"),
        ("width", True, "width: expected an integer, found true"),
        ("width", 2.5, "width: expected an integer, found 2.5"),
        ("height", 0, "height: expected a positive integer, found 0"),
        ("height", ..., "height: missing"),
        ("width", 5, "clues.columns: expected 5 clues (the width), found 4"),
        ("height", 3, "clues.rows: expected 3 clues (the height), found 2"),
        ("title", None, "title: expected a string, found null"),
        ("notes", ["a"], 'notes: expected a string, found ["a"]'),
        ("clues", [], "clues: expected an object {...}, found []"),
        ("clues.rows", ..., "clues.rows: missing"),
        ("clues.columns", {}, "clues.columns: expected a list [...], found {}"),
        ("clues.rows.1", 3, "clues.rows[1]: expected a list [...], found 3"),
        ("clues.rows.0", [1, "x"], 'clues.rows[0][1]: expected a positive integer, found "x"'),
        ("clues.rows.0", [1, 0], "clues.rows[0][1]: expected a positive integer, found 0"),
        ("clues.columns.3", [-1], "clues.columns[3][0]: expected a positive integer, found -1"),
        ("clues.hints", [], 'clues: unknown field "hints"; expected rows, columns'),
        (
            "titel",
            "x",
            'unknown field "titel"; expected format, version, kind, width, height, '
            "title, author, notes, license, clues, givens, picture",
        ),
        ("license", 4, "license: expected a string, found 4"),
        ("picture", "#..#", 'picture: expected a list [...], found "#..#"'),
        ("picture.1", "..", "picture[1]: expected 4 cells (the width), found 2"),
        ("picture.1", "..x.", "picture[1][2]: expected '#' or '.', found 'x'"),
        ("picture.0", 7, "picture[0]: expected a string, found 7"),
        ("picture", ["#..#"], "picture: expected 2 rows (the height), found 1"),
        ("title", "\ud800", "title: not valid Unicode text (it holds a lone surrogate)"),
        ("givens", {}, "givens: expected a list [...], found {}"),
        ("givens", [7], "givens[0]: expected a list [...], found 7"),
        ("givens", [[0, 0]], "givens[0]: expected [row, column, filled], found [0, 0]"),
        (
            "givens",
            [[0, 0, 1], [0, 0, 1, 1]],
            "givens[1]: expected [row, column, filled], found [0, 0, 1, 1]",
        ),
        ("givens", [[True, 0, 1]], "givens[0][0]: expected an integer, found true"),
        ("givens", [[0, 1.0, 1]], "givens[0][1]: expected an integer, found 1.0"),
        ("givens", [[0, 0, 1], [7, 0, 1]], "givens[1][0]: row 7 is outside the 2 rows (0 to 1)"),
        ("givens", [[-1, 0, 1]], "givens[0][0]: row -1 is outside the 2 rows (0 to 1)"),
        ("givens", [[0, 4, 1]], "givens[0][1]: column 4 is outside the 4 columns (0 to 3)"),
        ("givens", [[0, 0, 2]], "givens[0][2]: expected 1 (filled) or 0 (empty), found 2"),
        ("givens", [[0, 0, True]], "givens[0][2]: expected 1 (filled) or 0 (empty), found true"),
        ("givens", [[0, 0, 1.0]], "givens[0][2]: expected 1 (filled) or 0 (empty), found 1.0"),
        ("givens", [[0, 0, "1"]], 'givens[0][2]: expected 1 (filled) or 0 (empty), found "1"'),
    ],
)
def test_bad_fields_are_named(path: str, value: object, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        studio_json.read(_set(path, value))
    assert str(caught.value) == message


def test_a_version_1_document_reads_without_a_licence() -> None:
    data = _valid()
    data["version"] = 1
    del data["license"]
    document = studio_json.read(json.dumps(data))
    assert document == replace(_document(), license="")
    assert studio_json.write(document) == EXPECTED.replace('"CC-BY-4.0"', '""')


def test_a_version_1_document_holds_no_licence() -> None:
    """The licence came with version 2: in a version 1 file it is a misspelt field."""
    data = _valid()
    data["version"] = 1
    with pytest.raises(FormatError) as caught:
        studio_json.read(json.dumps(data))
    assert str(caught.value) == (
        'unknown field "license"; expected format, version, kind, width, height, '
        "title, author, notes, clues, givens, picture"
    )


def test_the_licence_may_be_left_out_and_is_part_of_equality() -> None:
    data = _valid()
    del data["license"]
    assert studio_json.read(json.dumps(data)).license == ""
    assert replace(_document(), license="CC0-1.0") != _document()


def test_a_newer_version_is_refused_before_its_unknown_fields() -> None:
    data = _valid()
    data["version"] = 7
    data["layers"] = []
    with pytest.raises(FormatError, match=r"newer Puzzle Studio \(version 7\)"):
        studio_json.read(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        (
            '{\n  "format": "puzzle-studio",\n  "version": 1,,\n}',
            "invalid JSON: Expecting property name enclosed in double quotes",
            3,
            16,
        ),
        ("", "invalid JSON: Expecting value", 1, 1),
        ("[1, 2]", "expected an object {...}, found [1, 2]", None, None),
        (
            '{"format": "puzzle-studio", "format": "x"}',
            'the field "format" appears twice',
            None,
            None,
        ),
        ("[" * 100_000, "invalid JSON: nested too deeply", None, None),
    ],
)
def test_json_syntax_errors_give_line_and_column(
    text: str, message: str, line: int | None, column: int | None
) -> None:
    with pytest.raises(FormatError) as caught:
        studio_json.read(text)
    assert (caught.value.reason, caught.value.line, caught.value.column) == (message, line, column)


def test_an_integer_too_long_for_python_is_a_format_error() -> None:
    with pytest.raises(FormatError, match="invalid JSON"):
        studio_json.read('{"format": "puzzle-studio", "version": ' + "9" * 5000 + "}")
