"""A Fobidoshi in the studio's JSON document: exact layout, round trips, field-naming errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.formats import read_text, studio_json
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi

PUZZLE = Fobidoshi.from_rows(["-o-x", "o---", "----", "---o"])
SOLUTION = np.array(
    [
        [False, True, True, False],
        [True, True, False, False],
        [False, True, True, True],
        [False, False, False, True],
    ]
)

EXPECTED = """\
{
  "format": "puzzle-studio",
  "version": 2,
  "kind": "fobidoshi",
  "width": 4,
  "height": 4,
  "title": "Vier",
  "author": "",
  "notes": "",
  "license": "",
  "givens": [
    "-o-x",
    "o---",
    "----",
    "---o"
  ],
  "picture": [
    ".##.",
    "##..",
    ".###",
    "...#"
  ]
}
"""


def test_layout_and_round_trip() -> None:
    assert PUZZLE.check(SOLUTION) == []
    document = Document(PUZZLE, SOLUTION, title="Vier")
    assert studio_json.write(document) == EXPECTED
    back = read_text(EXPECTED)
    assert back.puzzle == PUZZLE
    assert back.picture is not None
    assert (back.picture == SOLUTION).all()
    assert back.title == "Vier"


def test_round_trip_without_picture_and_rectangular() -> None:
    puzzle = Fobidoshi.from_rows(["-o-x-", "o----", "-----", "---o-"])
    back = studio_json.read(studio_json.write(Document(puzzle)))
    assert back.puzzle == puzzle
    assert back.picture is None


def _with_givens(givens: object) -> str:
    data = json.loads(EXPECTED)
    data["givens"] = givens
    return json.dumps(data)


@pytest.mark.parametrize(
    ("givens", "message"),
    [
        (["-o-x", "o---", "----"], "givens: expected 4 rows \\(the height\\), found 3"),
        (["-o-x", "o---", "--q-", "---o"], "givens\\[2\\]\\[2\\]: expected '-' .*found 'q'"),
        (["-o-x", "o---", "---", "---o"], "givens\\[2\\]: expected 4 cells \\(the width\\)"),
        (["-o-x", "o---", 7, "---o"], "givens\\[2\\]: expected"),
        ("----", "givens: expected"),
    ],
)
def test_errors_name_the_field(givens: object, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        studio_json.read(_with_givens(givens))


def test_missing_givens_is_named() -> None:
    data = json.loads(EXPECTED)
    del data["givens"]
    with pytest.raises(FormatError, match="givens"):
        studio_json.read(json.dumps(data))
