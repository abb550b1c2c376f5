"""Helpers the text formats of every kind share: number scanning, positions in the text, values
shown in messages, metadata lines, and the scanners of clue texts and Tatham game IDs.

Each rule about how a position is reported exists once here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import NoReturn

from studio.core.errors import FormatError
from studio.core.grid import EMPTY_CHAR, FILLED_CHAR
from studio.core.puzzle import KindSpec

# A number with more digits than this cannot be a run length of any grid we could hold; the cap
# also keeps int() clear of Python's limit on converting very long digit strings.
MAX_DIGITS = 9
DIGITS = frozenset("0123456789")


def show_value(value: object) -> str:
    """A value as JSON spells it, for "found ..." in messages: one line, at most 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    # A lone surrogate (JSON can spell one) would make the message itself unprintable.
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 40 else text[:37] + "..."


def number_at(text: str, offset: int) -> tuple[int, int]:
    """The decimal number starting at ``text[offset]`` and the offset just after it.

    Raises:
        ValueError: with the message to show, if no digit is there or the number is too long.
    """
    end = offset
    while end < len(text) and text[end] in DIGITS:
        end += 1
    if end == offset:
        raise ValueError(f"expected a number, found {describe_char(text, offset)}")
    if end - offset > MAX_DIGITS:
        raise ValueError(f"expected a number of at most {MAX_DIGITS} digits, found {end - offset}")
    return int(text[offset:end]), end


def position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based ``(line, column)`` of ``text[offset]``."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def describe_char(text: str, offset: int) -> str:
    """The character at ``offset`` for an error message, or "the end of the text"."""
    return repr(text[offset]) if offset < len(text) else "the end of the text"


def notes_lines(notes: str, keys: Sequence[str]) -> list[tuple[str | None, str]]:
    """The lines of ``notes``, each as ``(key, value)`` if it reads ``"key: value"`` for one of
    ``keys``, else ``(None, line)``.

    Formats with metadata fields of their own (copyright, licence, catalogue...) keep them in
    the document's notes one per line as ``"key: value"`` (see :func:`note_line`); a writer gives
    each such line back to its field and the other lines to the format's free-text note, so
    that reading what was written gives the same notes.
    """
    if not notes:
        return []
    lines: list[tuple[str | None, str]] = []
    for line in notes.split("\n"):
        key, separator, value = line.partition(": ")
        lines.append((key, value) if separator and key in keys else (None, line))
    return lines


def note_line(key: str, value: str) -> str:
    """The notes line for a metadata field of a format: ``"key: value"``."""
    return f"{key}: {value}"


class Scanner:
    """A position in a text, and the reading and error helpers the clue parsers share.

    Errors are :class:`FormatError` with the 1-based line and column of ``offset``; the line is
    left out on the first line when ``line_on_first_line`` is False (one-line formats).
    """

    line_on_first_line = True

    def __init__(self, text: str, offset: int = 0) -> None:
        self.text = text
        self.offset = offset

    def peek(self) -> str:
        """The character at the offset, ``""`` at the end."""
        return self.text[self.offset : self.offset + 1]

    def number(self) -> int:
        """Read the decimal number at the offset."""
        try:
            value, self.offset = number_at(self.text, self.offset)
        except ValueError as error:
            self.fail(str(error))
        return value

    def unexpected(self, expected: str) -> NoReturn:
        self.fail(f"{expected}, found {describe_char(self.text, self.offset)}")

    def fail(self, message: str) -> NoReturn:
        line, column = position(self.text, self.offset)
        shown = line if line > 1 or self.line_on_first_line else None
        raise FormatError(message, line=shown, column=column)


class LineScanner(Scanner):
    """A scanner that reads one line of a multi-line text at a time: ``end`` is where the
    current line ends (its trailing whitespace left out, the caller sets it), and what lies
    past it is "the end of the line" in messages."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.end = 0

    def peek(self) -> str:
        """The character at the offset, ``""`` at the end of the line."""
        return self.text[self.offset] if self.offset < self.end else ""

    def skip_spaces(self) -> None:
        """Move past whitespace, up to the end of the line."""
        while self.offset < self.end and self.text[self.offset].isspace():
            self.offset += 1

    def unexpected(self, expected: str) -> NoReturn:
        found = repr(self.text[self.offset]) if self.offset < self.end else "the end of the line"
        self.fail(f"{expected}, found {found}")


class GameIdScanner(Scanner):
    """A scanner over a Tatham game ID between its surrounding whitespace, and its size.

    Source: Simon Tatham's Portable Puzzle Collection, ``decode_params`` of each game: ``WxH``,
    or ``N`` for a square.
    """

    line_on_first_line = False  # an ID is one line: its column says enough

    def __init__(self, text: str) -> None:
        super().__init__(text.rstrip(), len(text) - len(text.lstrip()))

    def size(self, spec: KindSpec) -> tuple[int, int]:
        """``(width, height)`` from ``WxH`` or ``N``, for a puzzle of the kind ``spec``.

        Raises:
            FormatError: at the first character that does not fit, or for a side below 1.
            PuzzleError: for a size the kind does not allow, before the rest is read.
        """
        start = self.offset
        if self.peek() not in DIGITS:
            self.unexpected("expected the size, like 10x10")
        width = height = self.number()
        if self.peek() == "x":
            self.offset += 1
            if self.peek() not in DIGITS:
                self.unexpected("expected a digit after 'x'")
            height = self.number()
        if width < 1 or height < 1:
            self.offset = start
            self.fail(f"the size must be at least 1x1, found {width}x{height}")
        spec.check_shape((height, width))
        return width, height


# Text grids: a puzzle or a picture as rows of characters ---------------------------------------

COMMENT = ";"
"""A line of a text grid whose first non-blank character is this is a comment."""
_PICTURE_CELLS = frozenset((FILLED_CHAR, EMPTY_CHAR))


_KIND_COMMENT = re.compile(rf"\s*{COMMENT}\s*kind:\s*(\w+)\s*(?:\n|$)")


def kind_comment(kind: str) -> str:
    """The comment line that names a text grid's kind (``; kind: mosaic``), for a grid whose
    cells alone could be another kind's (a mosaic without a clue is all ``.``, as is an empty
    nonogram picture)."""
    return f"{COMMENT} kind: {kind}"


def named_kind(text: str) -> str | None:
    """The kind a text grid names in its first line (:func:`kind_comment`), if it does."""
    match = _KIND_COMMENT.match(text)
    return match.group(1) if match else None


def first_bad_cell(row: str) -> int | None:
    """The 0-based index of the first character of ``row`` that is not ``#`` or ``.``."""
    return next((i for i, char in enumerate(row) if char not in _PICTURE_CELLS), None)


def bad_cell_message(char: str) -> str:
    return f"expected {FILLED_CHAR!r} or {EMPTY_CHAR!r}, found {char!r}"


def checked_rows(
    text: str,
    spec: KindSpec,
    cells: str,
    first_bad: Callable[[str], int | None],
    bad_message: Callable[[str], str],
) -> list[str]:
    """The rows of the grid of a puzzle of the kind ``spec`` in ``text`` (see
    :func:`grid_lines`), each checked: every character a cell (``first_bad(row)`` gives the
    index of the first that is not, ``bad_message(char)`` what to say of it) and as many as in
    the first row.

    Raises:
        FormatError: at the first bad character, or the first row of another width; when there
            is no grid, saying it expected ``cells`` (e.g. ``"rows of '#' and '.'"``).
        PuzzleError: for more rows or columns than the kind allows, found before any cell is
            read (a 7 MB row would otherwise take a minute to become clues and be refused).
    """
    rows = grid_lines(text)
    if not rows:
        raise FormatError(f"expected {cells}, found no grid")
    first_number, first = rows[0]
    spec.check_shape((len(rows), len(first)))
    for number, row in rows:
        bad = first_bad(row)
        if bad is not None:
            raise FormatError(bad_message(row[bad]), line=number, column=bad + 1)
        if len(row) != len(first):
            raise FormatError(
                f"expected {len(first)} cells like line {first_number}, found {len(row)}",
                line=number,
            )
    return [row for _, row in rows]


def grid_lines(text: str) -> list[tuple[int, str]]:
    """The grid's rows with their 1-based line numbers, comments skipped, ends stripped.

    Raises:
        FormatError: for a blank line between two rows.
    """
    # split("\n"), not splitlines(): the latter also breaks at \v, \f, \x1c and others, and the
    # line numbers would no longer be the ones an editor shows.
    numbered = [(n, line.rstrip()) for n, line in enumerate(text.split("\n"), start=1)]
    content = [(n, line) for n, line in numbered if not line.lstrip().startswith(COMMENT)]
    filled = [i for i, (_, line) in enumerate(content) if line]
    if not filled:
        return []
    rows = content[filled[0] : filled[-1] + 1]
    blank = next((n for n, line in rows if not line), None)
    if blank is not None:
        raise FormatError("expected a row of the grid, found a blank line", line=blank)
    return rows
