"""Helpers the text formats share: clue checking, number scanning, positions in the text.

Each rule about what a clue may hold, or how a position is reported, exists once here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import NoReturn

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import BoolGrid
from studio.core.kinds import get_kind
from studio.core.kinds.nonogram.puzzle import Clue, Nonogram

# A number with more digits than this cannot be a run length of any grid we could hold; the cap
# also keeps int() clear of Python's limit on converting very long digit strings.
MAX_DIGITS = 9
DIGITS = frozenset("0123456789")


class ClueError(ValueError):
    """A clue that is not a list of positive integers; ``index`` is the offending entry."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


def clue_from_values(values: Sequence[object]) -> Clue:
    """One line's clue from the run lengths a file holds: positive integers, or ``[0]`` alone.

    ``[0]`` (and ``[]``) mean an empty line. Booleans and floats are refused, although Python
    would take ``True`` for 1 and ``int(2.0)`` for 2: a file holding them is not well made.

    Raises:
        ClueError: naming the first entry that is not a positive integer.
    """
    runs: list[int] = []
    for index, value in enumerate(values):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ClueError(index, f"expected a positive integer, found {show_value(value)}")
        runs.append(value)
    if runs == [0]:
        return ()
    if 0 in runs:
        raise ClueError(runs.index(0), "expected a positive integer, found 0")
    return tuple(runs)


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


def nonogram_of(document: Document, format_title: str, *, givens: bool = False) -> Nonogram:
    """The document's nonogram, for a writer of a nonogram-only format.

    Args:
        document: the document to write.
        format_title: the format's name for messages.
        givens: True if the format holds given cells; otherwise a puzzle with givens is refused
            (dropping them would change the puzzle).

    Raises:
        FormatError: if the document holds another kind of puzzle, or givens the format cannot
            hold.
    """
    if not isinstance(document.puzzle, Nonogram):
        raise FormatError(f"the {format_title} format holds nonograms, not {document.kind}")
    count = len(document.puzzle.givens)
    if count and not givens:
        cells = "cell" if count == 1 else "cells"
        raise FormatError(
            f"the {format_title} format cannot hold given cells, and this puzzle has {count} "
            f"given {cells}; save it as a Puzzle Studio document or a Tatham game ID"
        )
    return document.puzzle


def picture_mismatch(puzzle: Nonogram, picture: BoolGrid) -> str | None:
    """Why ``picture`` (bool ``(height, width)``, the puzzle's shape) does not solve ``puzzle``'s
    clues, e.g. ``"row 3 has runs 2 1, its clue is 3"``; ``None`` if it does.

    For formats that hold both the clues and the solution: the two must agree.
    """
    violations = puzzle.check(picture)
    return violations[0].message if violations else None


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

    def clue(self, starts: Sequence[int], values: Sequence[int]) -> Clue:
        """The clue of run lengths ``values`` read at offsets ``starts``; errors point at the
        offending entry."""
        try:
            return clue_from_values(values)
        except ClueError as error:
            self.offset = starts[error.index]
            self.fail(error.message)

    def unexpected(self, expected: str) -> NoReturn:
        self.fail(f"{expected}, found {describe_char(self.text, self.offset)}")

    def fail(self, message: str) -> NoReturn:
        line, column = position(self.text, self.offset)
        shown = line if line > 1 or self.line_on_first_line else None
        raise FormatError(message, line=shown, column=column)


class GameIdScanner(Scanner):
    """A scanner over a Tatham game ID between its surrounding whitespace, and its size.

    Source: Simon Tatham's Portable Puzzle Collection, ``decode_params`` of each game: ``WxH``,
    or ``N`` for a square.
    """

    line_on_first_line = False  # an ID is one line: its column says enough

    def __init__(self, text: str) -> None:
        super().__init__(text.rstrip(), len(text) - len(text.lstrip()))

    def size(self, kind: str) -> tuple[int, int]:
        """``(width, height)`` from ``WxH`` or ``N``, for a puzzle of ``kind``.

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
        get_kind(kind).check_shape((height, width))
        return width, height
