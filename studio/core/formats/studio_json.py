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
- ``palette`` (version 3, a colour puzzle only): its colours, background first, each
  ``{"name": "red", "char": "r", "rgb": "#cc0000"}``
  (:class:`~studio.core.palette.Palette`); the picture's rows then spell each cell with its
  colour's ``char``, and the kind's part holds the colours of the clues (a nonogram's runs as
  ``[length, colour]``).
- Unknown fields are refused, so that a misspelt field is not silently ignored; a later
  version that adds fields raises :data:`VERSION`.

Versions: 1 has no ``license`` (a version 1 file that holds one is refused, naming the field);
2 adds it; 3 adds ``palette``. All are read. A black-and-white document is written as version
2, byte for byte as before colour; a colour document as version 3.

Writing: UTF-8 text (non-ASCII kept as is), two-space indent, keys in the order above, one line
per clue list and per picture row, a final newline.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

import numpy as np

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
from studio.core.grid import (
    Picture,
    colour_grid_from_text,
    colour_grid_to_text,
    grid_from_text,
    grid_to_text,
)
from studio.core.kinds import KINDS, get_kind
from studio.core.palette import Colour, Palette

TITLE = "Puzzle Studio document"
MARKER = "puzzle-studio"
VERSION = 3
"""The newest version this studio reads, and the one it writes for a colour puzzle."""

PLAIN_VERSION = 2
"""The version written for a black-and-white puzzle: the newest whose fields it needs."""

_ADDED = {"license": 2, "palette": 3}
"""The fields later versions added, with the version that added each."""
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
    palette_field = ("palette",) if _ADDED["palette"] <= version else ()
    check_known(data, (*_HEAD, *known, *palette_field, *payload.fields, "picture"), "")
    width = positive(field(data, "width", int), "width")
    height = positive(field(data, "height", int), "height")
    kind.spec.check_shape((height, width))  # before the clues and picture are read
    metadata = {key: text(data.get(key, ""), key) for key in known}
    palette = _palette(data["palette"]) if "palette" in data else None
    puzzle = payload.read(data, width, height)
    picture = _picture(data.get("picture"), width, height, palette)
    if (palette is not None) != (puzzle.colours > 1) or (
        palette is not None and palette.inks != puzzle.colours
    ):
        inks = "no palette" if palette is None else f"a palette of {palette.inks} colours"
        fail("palette", f"a puzzle of {puzzle.colours} colours has {inks}")
    return Document(puzzle, picture, palette=palette, **metadata)


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
    palette = document.palette
    picture = None
    if document.picture is not None:
        picture = (
            grid_to_text(np.asarray(document.picture, dtype=bool))
            if palette is None
            else colour_grid_to_text(np.asarray(document.picture, dtype=np.uint8), palette.chars)
        )
    colours = [] if palette is None else [("palette", _palette_text(palette))]
    fields = [
        ("format", encode(MARKER)),
        ("version", encode(PLAIN_VERSION if palette is None else VERSION)),
        ("kind", encode(document.kind)),
        ("width", encode(width)),
        ("height", encode(height)),
        *((name, encode(value)) for name, value in document.metadata().items()),
        *colours,
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


def _picture(value: object, width: int, height: int, palette: Palette | None) -> Picture | None:
    if value is None:
        return None
    if palette is None:
        rows = grid_rows(value, "picture", width, height, first_bad_cell, bad_cell_message)
        return grid_from_text(rows)
    chars = palette.chars

    def first_bad(row: str) -> int | None:
        return next((i for i, char in enumerate(row) if char not in chars), None)

    def bad_message(char: str) -> str:
        return f"expected a colour's char ({', '.join(map(repr, chars))}), found {char!r}"

    rows = grid_rows(value, "picture", width, height, first_bad, bad_message)
    return colour_grid_from_text(rows, chars)


_COLOUR_FIELDS = ("name", "char", "rgb")
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def _palette(value: object) -> Palette:
    """The ``palette`` field: a list of ``{"name", "char", "rgb"}`` objects, background first.

    Raises:
        FormatError: naming the entry at fault, e.g. ``palette[2].rgb: expected "#rrggbb",
            found "red"``.
    """
    colours = []
    for number, item in enumerate(typed(value, list, "palette")):
        where = f"palette[{number}]"
        entry = typed(item, dict, where)
        check_known(entry, _COLOUR_FIELDS, f"{where}.")
        name = field(entry, "name", str, f"{where}.")
        char = field(entry, "char", str, f"{where}.")
        rgb = field(entry, "rgb", str, f"{where}.")
        if _HEX.fullmatch(rgb) is None:
            fail(f"{where}.rgb", f'expected "#rrggbb", found {show_value(rgb)}')
        colours.append(Colour(name, char, (int(rgb[1:3], 16), int(rgb[3:5], 16), int(rgb[5:], 16))))
    try:
        return Palette(tuple(colours))
    except ValueError as error:
        fail("palette", str(error))


def _palette_text(palette: Palette) -> str:
    """The ``palette`` field, one colour per line."""
    entries = [encode({"name": c.name, "char": c.char, "rgb": c.hex}) for c in palette.colours]
    return "[\n" + ",\n".join(f"    {entry}" for entry in entries) + "\n  ]"


FORMAT = Format("studio", TITLE, (".json",), tuple(kind.name for kind in KINDS), sniff, read, write)
"""The studio's own document, first of :data:`studio.core.formats.FORMATS`."""
