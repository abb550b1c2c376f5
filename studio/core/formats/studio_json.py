"""Puzzle Studio's own document: versioned JSON that keeps everything the studio edits.

::

    {
      "format": "puzzle-studio",
      "version": 2,
      "kind": "nonogram",
      "width": 4,
      "height": 2,
      "title": "",
      "author": "",
      "notes": "",
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

- ``format`` must be ``"puzzle-studio"``; ``version`` at most :data:`VERSION` (a newer file is
  refused with a message saying so, rather than read half-way).
- The puzzle's own fields come after the metadata and depend on its ``kind``: each kind's part
  is the kind's :attr:`~studio.core.contract.kind.Kind.payload` (a nonogram's ``clues`` and
  ``givens``: :mod:`studio.core.kinds.nonogram.formats.payload`).
- ``title``, ``author``, ``notes``, ``license`` may be left out (empty); ``picture`` may be
  left out or ``null`` (no picture), otherwise ``height`` strings of ``width`` ``#``/``.``
  cells.
- Unknown fields are refused, so that a misspelt field is not silently ignored; a later
  version that adds fields raises :data:`VERSION`.

Versions: 1 has no ``license`` (a version 1 file that holds one is refused, naming the field);
2 adds it. Both are read; version 2 is written.

Writing: UTF-8 text (non-ASCII kept as is), two-space indent, keys in the order above, one line
per clue list and per picture row, a final newline.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from studio.core.contract.format import Format
from studio.core.contract.json_fields import (
    array_text,
    check_known,
    encode,
    fail,
    field,
    grid_rows,
    object_text,
    positive,
    text,
    typed,
)
from studio.core.contract.text import bad_cell_message, first_bad_cell, show_value
from studio.core.document import METADATA, Document
from studio.core.errors import FormatError, StudioError
from studio.core.grid import BoolGrid, grid_from_text, grid_to_text
from studio.core.kinds import KINDS, get_kind

TITLE = "Puzzle Studio document"
MARKER = "puzzle-studio"
VERSION = 2
"""The newest version this studio reads, and the one it writes."""

_ADDED = {"license": 2}
"""The metadata fields later versions added, with the version that added each."""
_HEAD = ("format", "version", "kind", "width", "height")


def sniff(text: str) -> bool:
    """True if ``text`` starts (after whitespace) with ``{``."""
    return text.lstrip().startswith("{")


def read(text: str) -> Document:
    """Parse a Puzzle Studio document.

    Raises:
        FormatError: for JSON syntax (with JSON's line and column); naming the field at fault,
            e.g. ``clues.rows[3][1]: expected a positive integer, found "x"``; for another
            format marker; for a version newer than :data:`VERSION`.
    """
    return read_object(_decode(text))


def read_object(value: object) -> Document:
    """A Puzzle Studio document from its JSON value (already parsed), e.g. one embedded in a
    book.

    Raises:
        FormatError: naming the field at fault, as :func:`read`.
    """
    data = typed(value, dict, "")
    version = _check_header(data)
    name = field(data, "kind", str)
    try:
        kind = get_kind(name)
    except StudioError as error:
        fail("kind", str(error))
    payload = kind.payload
    known = tuple(key for key in METADATA if _ADDED.get(key, 1) <= version)
    check_known(data, (*_HEAD, *known, *payload.fields, "picture"), "")
    width = positive(field(data, "width", int), "width")
    height = positive(field(data, "height", int), "height")
    kind.spec.check_shape((height, width))  # before the clues and picture are read
    metadata = {key: text(data.get(key, ""), key) for key in known}
    puzzle = payload.read(data, width, height)
    picture = _picture(data.get("picture"), width, height)
    return Document(puzzle, picture, **metadata)


def write(document: Document) -> str:
    """The document as Puzzle Studio JSON (version :data:`VERSION`), ending in a newline.

    Raises:
        FormatError: for a puzzle of no registered kind.
    """
    try:
        payload = get_kind(document.kind).payload
    except StudioError:
        raise FormatError(f"the {TITLE} format has no place for a {document.kind}") from None
    height, width = document.puzzle.shape
    picture = None if document.picture is None else grid_to_text(document.picture)
    fields = [
        ("format", encode(MARKER)),
        ("version", encode(VERSION)),
        ("kind", encode(document.kind)),
        ("width", encode(width)),
        ("height", encode(height)),
        *((name, encode(value)) for name, value in document.metadata().items()),
        *payload.write(document.puzzle),
        ("picture", "null" if picture is None else array_text(picture, 1)),
    ]
    return object_text(fields, 0) + "\n"


def decode(text: str) -> object:
    """Parse JSON text, refusing duplicate keys; errors carry JSON's line and column.

    Raises:
        FormatError: for text that is not JSON.
    """
    return _decode(text)


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
            fail("", f"the field {show_value(key)} appears twice")
        seen[key] = value
    return seen


def _check_header(data: Mapping[str, object]) -> int:
    """The format marker and version first: a newer file is refused before its fields are.
    Returns the version."""
    if data.get("format") != MARKER:
        found = show_value(data["format"]) if "format" in data else "nothing"
        fail("format", f"expected {encode(MARKER)} (a Puzzle Studio document), found {found}")
    version = positive(field(data, "version", int), "version")
    if version > VERSION:
        raise FormatError(
            f"made by a newer Puzzle Studio (version {version}); this one reads up to {VERSION}"
        )
    return version


def _picture(value: object, width: int, height: int) -> BoolGrid | None:
    if value is None:
        return None
    rows = grid_rows(value, "picture", width, height, first_bad_cell, bad_cell_message)
    return grid_from_text(rows)


FORMAT = Format("studio", TITLE, (".json",), tuple(kind.name for kind in KINDS), sniff, read, write)
"""The studio's own document, first of :data:`studio.core.formats.FORMATS`."""
