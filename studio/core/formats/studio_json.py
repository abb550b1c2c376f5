"""Puzzle Studio's own document: versioned JSON that keeps everything the studio edits.

::

    {
      "format": "puzzle-studio",
      "version": 1,
      "kind": "nonogram",
      "width": 4,
      "height": 2,
      "title": "",
      "author": "",
      "notes": "",
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

- ``format`` must be ``"puzzle-studio"``; ``version`` at most :data:`VERSION` (a newer file is
  refused with a message saying so, rather than read half-way).
- ``rows`` top to bottom, ``columns`` left to right; ``[]`` (or ``[0]``) is an empty line.
- ``givens`` (optional, written only when there are some, after ``clues``): the cells shown
  from the start, ``[row, column, filled]`` with 0-based row and column and ``filled`` 1 or 0,
  sorted, one per line: ``"givens": [[0, 3, 1], [1, 0, 0]]``. A cell given twice is refused
  when the puzzle is validated (:meth:`Nonogram.validate`).
- ``title``, ``author``, ``notes`` may be left out (empty); ``picture`` may be left out or
  ``null`` (no picture), otherwise ``height`` strings of ``width`` ``#``/``.`` cells.
- Unknown fields are refused, so that a misspelt field is not silently ignored; a later
  version that adds fields raises :data:`VERSION`.

Writing: UTF-8 text (non-ASCII kept as is), two-space indent, keys in the order above, one line
per clue list and per picture row, a final newline.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import NoReturn, TypeVar

from studio.core.document import Document
from studio.core.errors import FormatError, StudioError
from studio.core.formats.ascii import bad_cell_message, first_bad_cell
from studio.core.formats.text import ClueError, clue_from_values, nonogram_of, show_value
from studio.core.grid import BoolGrid, grid_from_text, grid_to_text
from studio.core.kinds import get_kind
from studio.core.kinds.nonogram import Clue, Given, Nonogram

TITLE = "Puzzle Studio document"
MARKER = "puzzle-studio"
VERSION = 1
"""The newest version this studio reads, and the one it writes."""

_METADATA = ("title", "author", "notes")
_FIELDS = (
    "format",
    "version",
    "kind",
    "width",
    "height",
    *_METADATA,
    "clues",
    "givens",
    "picture",
)
_CLUE_FIELDS = ("rows", "columns")

T = TypeVar("T")


def sniff(text: str) -> bool:
    """True if ``text`` starts (after whitespace) with ``{``."""
    return text.lstrip().startswith("{")


def read(text: str) -> Document:
    """Parse a Puzzle Studio document.

    Raises:
        FormatError: for JSON syntax (with JSON's line and column); naming the field at fault,
            e.g. ``clues.rows[3][1]: expected a positive integer, found "x"`` or
            ``givens[2][0]: row 7 is outside the 5 rows (0 to 4)``; for another format marker;
            for a version newer than :data:`VERSION`.
    """
    data = _typed(_decode(text), dict, "")
    _check_header(data)
    _check_known(data, _FIELDS, "")
    kind = _field(data, "kind", str)
    try:
        get_kind(kind)
    except StudioError as error:
        _fail("kind", str(error))
    width = _positive(_field(data, "width", int), "width")
    height = _positive(_field(data, "height", int), "height")
    metadata = {name: _text(data.get(name, ""), name) for name in _METADATA}
    clues = _field(data, "clues", dict)
    _check_known(clues, _CLUE_FIELDS, "clues.")
    rows = _clue_lines(clues, "rows", height, "height")
    cols = _clue_lines(clues, "columns", width, "width")
    givens = _givens(data.get("givens", []), width, height)
    picture = _picture(data.get("picture"), width, height)
    return Document(Nonogram(rows, cols, givens), picture, **metadata)


def write(document: Document) -> str:
    """The document as Puzzle Studio JSON (version :data:`VERSION`), ending in a newline.

    Raises:
        FormatError: if the document is not a nonogram (the only kind so far).
    """
    puzzle = nonogram_of(document, TITLE, givens=True)
    height, width = puzzle.shape
    clues = [("rows", _array(puzzle.rows, 2)), ("columns", _array(puzzle.cols, 2))]
    givens = [(r, c, int(filled)) for r, c, filled in puzzle.givens]
    picture = None if document.picture is None else grid_to_text(document.picture)
    fields = [
        ("format", _json(MARKER)),
        ("version", _json(VERSION)),
        ("kind", _json(document.kind)),
        ("width", _json(width)),
        ("height", _json(height)),
        *((name, _json(getattr(document, name))) for name in _METADATA),
        ("clues", _object(clues, 1)),
        *([("givens", _array(givens, 1))] if givens else []),
        ("picture", "null" if picture is None else _array(picture, 1)),
    ]
    return _object(fields, 0) + "\n"


# --- Writing ----------------------------------------------------------------------------------


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _object(fields: Sequence[tuple[str, str]], depth: int) -> str:
    """A JSON object from already encoded values, one field per line."""
    inner, outer = "  " * (depth + 1), "  " * depth
    body = ",\n".join(f"{inner}{_json(key)}: {value}" for key, value in fields)
    return f"{{\n{body}\n{outer}}}"


def _array(items: Sequence[tuple[int, ...]] | Sequence[str], depth: int) -> str:
    """A JSON array with one item per line, so each clue list, given or picture row is one
    line."""
    if not items:
        return "[]"
    inner, outer = "  " * (depth + 1), "  " * depth
    body = ",\n".join(
        f"{inner}{_json(list(item) if isinstance(item, tuple) else item)}" for item in items
    )
    return f"[\n{body}\n{outer}]"


# --- Reading ----------------------------------------------------------------------------------


def _decode(text: str) -> object:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except FormatError:
        raise
    except json.JSONDecodeError as error:
        raise FormatError(
            f"invalid JSON: {error.msg}", line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise FormatError("invalid JSON: nested too deeply") from None
    except ValueError as error:
        # Python refuses to convert integers of thousands of digits (int_max_str_digits).
        raise FormatError(f"invalid JSON: {error}") from None


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    # json keeps the last of two equal keys; a file that says two things is refused instead.
    seen: dict[str, object] = {}
    for key, value in pairs:
        if key in seen:
            _fail("", f"the field {show_value(key)} appears twice")
        seen[key] = value
    return seen


def _check_header(data: Mapping[str, object]) -> None:
    """The format marker and version first: a newer file is refused before its fields are."""
    if data.get("format") != MARKER:
        found = show_value(data["format"]) if "format" in data else "nothing"
        _fail("format", f"expected {_json(MARKER)} (a Puzzle Studio document), found {found}")
    version = _positive(_field(data, "version", int), "version")
    if version > VERSION:
        raise FormatError(
            f"made by a newer Puzzle Studio (version {version}); this one reads up to {VERSION}"
        )


def _check_known(data: Mapping[str, object], known: Sequence[str], path: str) -> None:
    unknown = [key for key in data if key not in known]
    if unknown:
        expected = ", ".join(known)
        _fail(path.rstrip("."), f"unknown field {show_value(unknown[0])}; expected {expected}")


def _field(data: Mapping[str, object], name: str, kind: type[T], path: str = "") -> T:
    """The required field ``data[name]``, checked to be a ``kind``."""
    if name not in data:
        _fail(f"{path}{name}", "missing")
    return _typed(data[name], kind, f"{path}{name}")


_KIND_NAMES: dict[type, str] = {
    int: "an integer",
    str: "a string",
    dict: "an object {...}",
    list: "a list [...]",
}


def _typed(value: object, kind: type[T], where: str) -> T:
    # JSON true and false are Python bools, which are ints: never accept them as numbers.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        _fail(where, f"expected {_KIND_NAMES[kind]}, found {show_value(value)}")
    return value


def _positive(value: int, where: str) -> int:
    if value < 1:
        _fail(where, f"expected a positive integer, found {value}")
    return value


def _text(value: object, where: str) -> str:
    text = _typed(value, str, where)
    # JSON can spell lone surrogates ("\ud800"), which no UTF-8 file can hold.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        _fail(where, "not valid Unicode text (it holds a lone surrogate)")
    return text


def _clue_lines(clues: Mapping[str, object], name: str, count: int, dimension: str) -> list[Clue]:
    where = f"clues.{name}"
    lines = _field(clues, name, list, "clues.")
    if len(lines) != count:
        _fail(where, f"expected {count} clues (the {dimension}), found {len(lines)}")
    result = []
    for index, line in enumerate(lines):
        values = _typed(line, list, f"{where}[{index}]")
        try:
            result.append(clue_from_values(values))
        except ClueError as error:
            _fail(f"{where}[{index}][{error.index}]", error.message)
    return result


def _givens(value: object, width: int, height: int) -> list[Given]:
    """The ``givens`` field: ``[row, column, filled]`` triples inside the grid; a cell given
    twice is left to :meth:`Nonogram.validate`."""
    givens: list[Given] = []
    for index, item in enumerate(_typed(value, list, "givens")):
        where = f"givens[{index}]"
        triple = _typed(item, list, where)
        if len(triple) != 3:
            _fail(where, f"expected [row, column, filled], found {show_value(triple)}")
        row = _index(triple[0], height, "row", f"{where}[0]")
        col = _index(triple[1], width, "column", f"{where}[1]")
        filled = triple[2]
        if not isinstance(filled, int) or isinstance(filled, bool) or filled not in (0, 1):
            _fail(f"{where}[2]", f"expected 1 (filled) or 0 (empty), found {show_value(filled)}")
        givens.append((row, col, filled == 1))
    return givens


def _index(value: object, count: int, axis: str, where: str) -> int:
    """A 0-based row or column number inside ``count`` rows or columns."""
    number = _typed(value, int, where)
    if not 0 <= number < count:
        _fail(where, f"{axis} {number} is outside the {count} {axis}s (0 to {count - 1})")
    return number


def _picture(value: object, width: int, height: int) -> BoolGrid | None:
    if value is None:
        return None
    rows = _typed(value, list, "picture")
    if len(rows) != height:
        _fail("picture", f"expected {height} rows (the height), found {len(rows)}")
    for index, row in enumerate(rows):
        where = f"picture[{index}]"
        text = _typed(row, str, where)
        bad = first_bad_cell(text)
        if bad is not None:
            _fail(f"{where}[{bad}]", bad_cell_message(text[bad]))
        if len(text) != width:
            _fail(where, f"expected {width} cells (the width), found {len(text)}")
    return grid_from_text(rows)


def _fail(field: str, message: str) -> NoReturn:
    raise FormatError(f"{field}: {message}" if field else message)
