"""Clue lines: a nonogram's clues as a person types them or pastes them, one line per clue, the
rows first. The nonogram's typing format (:attr:`~studio.core.contract.kind.Kind.typed_format`).

::

    rows
    3 1
    2, 2
    0

    columns
    1
    3
    -
    1,1

- A line ``rows`` alone, then one line per row clue, top to bottom; then a line ``columns``
  alone, then one line per column clue, left to right. The two words may be written in any case
  (``Rows``) and with spaces around them.
- A clue is its runs, separated by spaces, by a comma, or both (``3 1``, ``3,1``, ``3, 1``). An
  empty line's clue is ``0`` or ``-`` alone: a clue is never blank.
- Blank lines are ignored everywhere, so that the blocks may be set apart; trailing whitespace
  and a carriage return at the end of a line too.
- The size is the count of clue lines: as many rows as row clues, as many columns as column
  clues. There is no size line.
- There are no comments: the studio's comment characters (``;`` in the text grids) and the
  usual ``#`` both start a nonogram's text grid, which is sniffed first, so a commented clue
  text would not be recognised when opened as a file.

**Colour**: a line ``colors`` alone before ``rows``, then one line per colour, background
first: its character, its ``#rrggbb`` and its name (the character when left out), as the text
grid's ``; color`` lines declare them. A run is then its length followed by its colour's
character, a bare length being of the first colour (``3r 2 1g``: 3 red, 2 of the first colour,
1 green), as the window's clue editor takes them
(:func:`~studio.core.kinds.nonogram.puzzle.parse_clue`)::

    colors
    . #ffffff white
    X #000000 black
    r #cc0000 red
    rows
    1 1r 1
    2r
    columns
    1 1r
    2r
    1

The format is ours: the clues as a printed nonogram shows them beside its grid, runs separated
by spaces as in print or by commas as in Simpson's ``.non`` clue lines (:mod:`.non`), whose
``rows``/``columns`` blocks it follows without the size and metadata keys. A text whose first
line is ``rows`` alone is never a ``.non`` file (there the row clues need the height first).

Reading gives a nonogram without a picture, errors naming the line and column. Writing gives
the colours of a colour puzzle, ``rows``, the row clues, ``columns``, the column clues, runs
separated by one space and ``0`` for an empty line, each line ending in a newline; title,
author, notes, licence and the picture are not kept, and givens are refused (the format has no
place for them), as is a colour spelt with a digit or a comma (it would read as part of a run
length or as a separator).
"""

from __future__ import annotations

import re
from typing import NoReturn

from studio.core.contract.format import Format
from studio.core.contract.text import DIGITS, LineScanner, position
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import LineRef
from studio.core.kinds.nonogram.formats.clues import (
    COLOUR_DECLARATION,
    declaration,
    declared_colour,
    declared_palette,
    nonogram_of,
    scanned_clue,
)
from studio.core.kinds.nonogram.linesolve import Runs, format_clue
from studio.core.kinds.nonogram.puzzle import SPEC, Nonogram
from studio.core.palette import UNTYPABLE, Palette

TITLE = "Clue lines (rows, columns)"

COLORS, ROWS, COLUMNS = "colors", "rows", "columns"
EMPTY_LINE, EMPTY_LINE_DASH = "0", "-"
"""How an empty line's clue is written, and the other spelling read."""

_SNIFF = re.compile(r"\s*(?:rows|colors)[ \t\r]*(?:\n|\Z)", re.IGNORECASE | re.ASCII)
_HEADER = re.compile(r"\s*(rows|columns|colors)\s*", re.IGNORECASE | re.ASCII)
_COLOUR = re.compile(r"\s*" + COLOUR_DECLARATION)


def sniff(text: str) -> bool:
    """True if the first non-blank line is ``rows`` or ``colors`` alone (in any case)."""
    return _SNIFF.match(text) is not None


def read(text: str) -> Document:
    """Parse clue lines into a nonogram document without a picture.

    Raises:
        FormatError: naming the line and column and what was expected, e.g. ``line 1, column
            1: expected a line 'rows', then one line per row clue, found '3'``, ``line 3, column
            2: expected a space or ',' between runs, or the end of the line, found 'x'``,
            ``line 6, column 2: expected a colour of the palette (X, r), a space or ',' after
            a run length, found 'g'``,
            ``line 9, column 1: expected a line 'columns', then one line per column clue, found
            the end of the text``, ``line 5, column 1: 'rows' a second time (the first is on
            line 1)``.
        PuzzleError: for more row or column clues than a nonogram may have, before any clue is
            read.
    """
    return _Reader(text).document()


def write(document: Document) -> str:
    """The document's clues as clue lines, ``rows\\n3 1\\n...columns\\n...\\n``; a colour
    puzzle's colours first, its runs spelt with them.

    Raises:
        FormatError: if the document is not a nonogram, has givens, or spells a colour with a
            digit or a comma.
    """
    puzzle = nonogram_of(document, TITLE, colours=True)
    palette = document.palette
    lines = []
    chars = ""
    if palette is not None:
        bad = next((c for c in palette.colours[1:] if c.char in UNTYPABLE), None)
        if bad is not None:
            raise FormatError(
                f"the colour {bad.name!r} is spelt {bad.char!r}, which clue lines would read as "
                "part of a run; save it as a Puzzle Studio document or webpbn XML"
            )
        lines = [COLORS, *map(declaration, palette.colours)]
        chars = palette.chars
    height, width = puzzle.shape
    rows = [format_clue(puzzle.runs(LineRef("row", r)), chars) for r in range(height)]
    cols = [format_clue(puzzle.runs(LineRef("column", c)), chars) for c in range(width)]
    lines += [ROWS, *rows, COLUMNS, *cols]
    return "".join(f"{line}\n" for line in lines)


class _Reader(LineScanner):
    """Reads the non-blank lines, each known by its ``(start, end)`` offsets in the text
    (trailing whitespace left out)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.palette: Palette | None = None
        self.inks = ""
        self.lines: list[tuple[int, int]] = []
        start = 0
        for line in text.split("\n"):
            content = line.rstrip()
            if content.strip():
                self.lines.append((start, start + len(content)))
            start += len(line) + 1

    def document(self) -> Document:
        self.palette = self._palette()
        rows, columns = self._blocks()
        SPEC.check_shape((len(rows), len(columns)))
        puzzle = Nonogram.of_runs(
            map(self._row, rows),
            map(self._clue, columns),
            1 if self.palette is None else self.palette.inks,
        )
        return Document(puzzle, palette=self.palette)

    def _palette(self) -> Palette | None:
        """The colours declared under a first line ``colors`` (taken off :attr:`lines`), or
        ``None`` when the text does not start so."""
        if not self.lines or self._header(self.lines[0]) != COLORS:
            return None
        colours = []
        for line in self.lines[1:]:
            if self._header(line) is not None:
                break
            match = _COLOUR.fullmatch(self.text, *line)
            self._go_to(line)
            if match is None:
                self.unexpected(
                    f"expected a colour (its character, #rrggbb and its name), or a line {ROWS!r}"
                )
            colours.append(declared_colour(match))
        last = self.lines[len(colours)]
        palette = declared_palette(colours, position(self.text, last[0])[0])
        if palette.inks < 2:
            self._go_to(self.lines[0])
            self.fail(
                f"expected the background and at least two colours after {COLORS!r} (a "
                "black-and-white puzzle has no colours to declare)"
            )
        self.inks = palette.chars[1:]
        self.lines = self.lines[len(colours) + 1 :]
        return palette

    def _blocks(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The row clue lines and the column clue lines, after checking the two headers."""
        headers = [(i, name) for i, line in enumerate(self.lines) if (name := self._header(line))]
        if not headers or headers[0] != (0, ROWS):
            expected = f"expected a line {ROWS!r}, then one line per row clue"
            if not self.lines:
                self._fail_at_end(expected)
            self._go_to(self.lines[0])
            self.unexpected(expected)
        first = {ROWS: 0}
        for index, name in headers[1:]:
            if name in first:
                number = position(self.text, self.lines[first[name]][0])[0]
                self._go_to(self.lines[index])
                self.fail(f"{name!r} a second time (the first is on line {number})")
            first[name] = index
        if COLUMNS not in first:
            for line in self.lines[1:]:
                self._row(line)  # a misspelt 'columns' is named where it is
            self._fail_at_end(f"expected a line {COLUMNS!r}, then one line per column clue")
        split = first[COLUMNS]
        if split == 1:
            self._go_to(self.lines[split])
            self.fail(f"expected at least one row clue between {ROWS!r} and {COLUMNS!r}")
        if split == len(self.lines) - 1:
            self._fail_at_end(f"expected at least one column clue after {COLUMNS!r}")
        return self.lines[1:split], self.lines[split + 1 :]

    def _header(self, line: tuple[int, int]) -> str | None:
        """``"rows"`` or ``"columns"`` if the line is that word alone, else ``None``."""
        match = _HEADER.fullmatch(self.text, *line)
        return match.group(1).lower() if match else None

    def _go_to(self, line: tuple[int, int]) -> None:
        """Move to the first non-blank character of ``line``."""
        self.offset, self.end = line
        self.skip_spaces()

    def _fail_at_end(self, expected: str) -> NoReturn:
        self.offset = len(self.text)
        self.fail(f"{expected}, found the end of the text")

    def _row(self, line: tuple[int, int]) -> Runs:
        return self._clue(line, f", or a line {COLUMNS!r}")

    def _clue(self, line: tuple[int, int], or_else: str = "") -> Runs:
        """The runs of a clue line: ``3 1``, ``3,1``, ``3, 1``; ``0`` or ``-`` for none; in
        colour each length may be followed by its colour's character (``3r 1``). ``or_else``
        adds what else the line could be to the message for a wrong start."""
        self._go_to(line)
        if self.peek() not in DIGITS and self.peek() != EMPTY_LINE_DASH:
            self.unexpected(
                f"expected a clue: run lengths, or {EMPTY_LINE!r} or {EMPTY_LINE_DASH!r} for "
                f"an empty line{or_else}"
            )
        if self.peek() == EMPTY_LINE_DASH:
            self.offset += 1
            self.skip_spaces()
            if self.peek():
                self.unexpected(f"expected the end of the line after {EMPTY_LINE_DASH!r}")
            return ()
        starts: list[int] = []
        values: list[int] = []
        colours: list[int] = []
        comma = False
        while True:
            if self.peek() not in DIGITS:
                after = " after ','" if comma else ""
                self.unexpected(f"expected a run length (a number){after}")
            starts.append(self.offset)
            values.append(self.number())
            colours.append(self._colour())
            after_run = self.offset
            self.skip_spaces()
            if not self.peek():
                lengths = scanned_clue(self, starts, values)
                return tuple(zip(lengths, colours, strict=False))
            comma = self.peek() == ","
            if comma:
                self.offset += 1
                self.skip_spaces()
            elif self.offset == after_run:
                self.unexpected("expected a space or ',' between runs, or the end of the line")

    def _colour(self) -> int:
        """The colour of the run whose length was just read: the character after it, if it is
        one of the palette's (read past), else the first colour."""
        char = self.peek()
        if self.palette is None or not char or char.isspace() or char == ",":
            return 1
        if char not in self.inks:
            inks = ", ".join(self.inks)
            self.unexpected(
                f"expected a colour of the palette ({inks}), a space or ',' after a run"
            )
        self.offset += 1
        return self.inks.index(char) + 1


FORMAT = Format("clue-lines", TITLE, (".txt",), (SPEC.name,), sniff, read, write)
"""This format, as the nonogram's declaration lists it."""
