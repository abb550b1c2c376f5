"""Reading and writing the fields of Puzzle Studio's JSON document: every check names the field.

Shared by the document envelope (:mod:`.studio_json`) and each kind's part of it (e.g.
:mod:`studio.core.kinds.nonogram.formats.payload`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn, TypeVar

from studio.core.contract.text import show_value
from studio.core.errors import FormatError

T = TypeVar("T")


def encode(value: object) -> str:
    """One JSON value, non-ASCII kept as is."""
    return json.dumps(value, ensure_ascii=False)


def object_text(fields: Sequence[tuple[str, str]], depth: int) -> str:
    """A JSON object from already encoded values, one field per line."""
    inner, outer = "  " * (depth + 1), "  " * depth
    body = ",\n".join(f"{inner}{encode(key)}: {value}" for key, value in fields)
    return f"{{\n{body}\n{outer}}}"


def array_text(items: Sequence[Sequence[int]] | Sequence[str], depth: int) -> str:
    """A JSON array with one item per line, so each clue list, given or picture row is one
    line."""
    if not items:
        return "[]"
    inner, outer = "  " * (depth + 1), "  " * depth
    body = ",\n".join(
        f"{inner}{encode(item if isinstance(item, str) else list(item))}" for item in items
    )
    return f"[\n{body}\n{outer}]"


def check_known(data: Mapping[str, object], known: Sequence[str], path: str) -> None:
    """Refuse a field outside ``known``, so that a misspelt field is not silently ignored."""
    unknown = [key for key in data if key not in known]
    if unknown:
        expected = ", ".join(known)
        fail(path.rstrip("."), f"unknown field {show_value(unknown[0])}; expected {expected}")


def field(data: Mapping[str, object], name: str, kind: type[T], path: str = "") -> T:
    """The required field ``data[name]``, checked to be a ``kind``."""
    if name not in data:
        fail(f"{path}{name}", "missing")
    return typed(data[name], kind, f"{path}{name}")


_KIND_NAMES: dict[type, str] = {
    int: "an integer",
    bool: "true or false",
    str: "a string",
    dict: "an object {...}",
    list: "a list [...]",
}


def typed(value: object, kind: type[T], where: str) -> T:
    """``value`` checked to be a ``kind`` (a JSON boolean is never an integer)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        fail(where, f"expected {_KIND_NAMES[kind]}, found {show_value(value)}")
    return value


def positive(value: int, where: str) -> int:
    if value < 1:
        fail(where, f"expected a positive integer, found {value}")
    return value


def index(value: object, count: int, axis: str, where: str) -> int:
    """A 0-based row or column number inside ``count`` rows or columns."""
    number = typed(value, int, where)
    if not 0 <= number < count:
        fail(where, f"{axis} {number} is outside the {count} {axis}s (0 to {count - 1})")
    return number


def text(value: object, where: str) -> str:
    string = typed(value, str, where)
    # JSON can spell lone surrogates ("\ud800"), which no UTF-8 file can hold.
    try:
        string.encode("utf-8")
    except UnicodeEncodeError:
        fail(where, "not valid Unicode text (it holds a lone surrogate)")
    return string


def fail(where: str, message: str) -> NoReturn:
    raise FormatError(f"{where}: {message}" if where else message)


def grid_rows(
    value: object,
    where: str,
    width: int,
    height: int,
    first_bad: Callable[[str], int | None],
    bad_message: Callable[[str], str],
) -> list[str]:
    """``value`` checked as a grid of ``height`` strings of ``width`` cells each, every
    character a cell (``first_bad(row)`` gives the index of the first that is not,
    ``bad_message(char)`` what to say of it).

    Raises:
        FormatError: naming the field, row and cell, e.g. ``picture[3][5]: expected '#' or
            '.', found 'x'`` or ``picture: expected 6 rows (the height), found 5``.
    """
    rows = typed(value, list, where)
    if len(rows) != height:
        fail(where, f"expected {height} rows (the height), found {len(rows)}")
    for index, row in enumerate(rows):
        at = f"{where}[{index}]"
        cells = typed(row, str, at)
        bad = first_bad(cells)
        if bad is not None:
            fail(f"{at}[{bad}]", bad_message(cells[bad]))
        if len(cells) != width:
            fail(at, f"expected {width} cells (the width), found {len(cells)}")
    return rows
