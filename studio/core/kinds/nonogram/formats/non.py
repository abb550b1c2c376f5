"""Steve Simpson's ``.non`` format as nonogram-db extends it (the source of the shared ``mikix:``
puzzles): one key per line, a line per clue, the solution as ``goal``.

::

    catalogue "webpbn.com #1"
    title "Dancer"
    by "Jan Wolter"
    copyright "&copy; Copyright 2004 by Jan Wolter"
    license CC-BY-3.0
    width 5
    height 10

    rows
    2
    2,1
    ...

    columns
    2,1
    ...

    goal "01100011010010101110101001010000110010100101111000"

Sources: Simpson's *Puzzle-file format* (``stevocity.me.uk/nonogram/fmt2``, formerly
``comp.lancs.ac.uk/~ss/nonogram/fmt2``) and ``FORMAT.md`` of the repository
``mikix/nonogram-db``, which adds ``goal``, ``license``, ``color`` and blank clue lines; Jan
Wolter's pbnsolve (``read_bw.c``, ``doc/input.md``) reads both the same way.

Reading:
    - Each line starts with a key, then its value. ``width`` and ``height`` (or Simpson's
      ``columns W`` and ``rows H``) come once each, before the clues and the goal.
    - ``rows`` alone on its line is followed by the ``height`` row clues, top to bottom, one
      line each; ``columns`` alone by the ``width`` column clues, left to right. Runs are
      separated by ``,`` (spaces around it are allowed). An empty line is ``0`` (Simpson) or a
      blank line (nonogram-db, pbnsolve): a clue block is always exactly its count of lines.
    - ``goal``: the solution row by row, ``1`` filled, ``0`` empty, quoted or not. It becomes
      the picture and must solve the clues. (The published rule reads any character but ``0``
      as filled; only ``1`` is taken here, so that a typo is reported rather than painted.)
    - A string value may be quoted (``"..."``) and may hold HTML character references
      (``&copy;``, ``&#10;``).
    - ``title`` is the title, ``by`` the author, ``license`` the licence (nonogram-db's SPDX
      identifier, or any text); ``catalogue``, ``copyright`` and Puzzle Studio's own ``note``
      (Simpson allows any property) become lines of the notes in file order: ``catalogue:
      webpbn.com #1``, ..., and each ``note`` line as it is.
    - Blank lines between keys are ignored, and so is any other key (the rule of both
      descriptions): ``maxrule``, ``color``, pbnsolve's ``saved``...

Refused, naming the line: colour puzzles (a colour letter after a run, ``3b``, or in the goal);
bundles (``.nonpack``, puzzles separated by ``====`` lines); a goal spread over several lines (a
pbnsolve extension); a key given twice; a clue line outside the clue blocks.

Writing: ``title``, ``by``, the notes lines (a ``catalogue: ...`` or ``copyright: ...`` line
back to its key, any other line as a ``note``), ``license``, ``width``, ``height``, the row and
column clues with ``0`` for an empty line (Simpson's spelling, which every reader takes), and
``goal`` when the document has a picture. Strings are quoted, with ``&``, ``<``,
``>``, quotes and line breaks as character references; a licence that is an SPDX identifier is
written bare, as nonogram-db does. The file is UTF-8 and ends in a newline.
"""

from __future__ import annotations

import html
import re
import string
from typing import NoReturn

import numpy as np

from studio.core.contract.format import Format
from studio.core.contract.text import DIGITS, LineScanner, note_line, notes_lines
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import BoolGrid
from studio.core.kinds.nonogram.formats.clues import nonogram_of, picture_mismatch, scanned_clue
from studio.core.kinds.nonogram.puzzle import SPEC, Clue, Nonogram

TITLE = "Nonogram .non file"

_NOTE_KEYS = ("catalogue", "copyright")
_LICENSE = "license"
_NOTE = "note"
_SIZES = {"width": "width", "height": "height", "columns": "width", "rows": "height"}
_BLOCKS = {"rows": ("height", "row"), "columns": ("width", "column")}
_WHAT = {
    "width": "the width",
    "height": "the height",
    "rows": "the row clues",
    "columns": "the column clues",
    "goal": "the goal",
    "title": "the title",
    "by": "the author (by)",
    _LICENSE: "the licence",
}
_FILLED, _EMPTY = "1", "0"
_BUNDLE = "===="
_LETTERS = frozenset(string.ascii_letters)
# nonogram-db writes a licence that is an SPDX identifier without quotes.
_SPDX = re.compile(r"[A-Za-z][A-Za-z0-9.+-]*")
_KEY = re.compile(r"\S+")
_SNIFF = re.compile(
    r"\s*(?!rows[ \t\r]*\n)"
    r"(?:catalogue|title|by|copyright|license|width|height|rows|columns|goal|color|note)"
    r"(?:[ \t\r][^\n]*)?\n"
)


def sniff(text: str) -> bool:
    """True if the first non-blank line starts with a ``.non`` key (``title``, ``width``, ...)
    and more lines follow: a one-line text is never a ``.non`` file. A first line of ``rows``
    alone is not a ``.non`` file's (its row clues need the height before them) but the clue
    lines' (:mod:`.clue_lines`)."""
    return _SNIFF.match(text) is not None


def read(text: str) -> Document:
    """Parse a ``.non`` file into a document; its picture is the goal, if any.

    Raises:
        FormatError: naming the line (and column) and what was expected, e.g.
            ``line 12, column 3: expected ',' between runs or the end of the line, found ';'``,
            ``line 20: expected 5 column clues after 'columns' (the width), the text ends
            after 3``, ``line 22: the goal does not solve the clues: row 3 has runs 2, its clue
            is 3``; or a missing ``width``, ``height``, ``rows`` or ``columns``.
    """
    return _Reader(text).document()


def write(document: Document) -> str:
    """The document as a ``.non`` file (clues, goal from the picture, metadata).

    Raises:
        FormatError: if the document is not a nonogram, or has givens (the format has none).
    """
    puzzle = nonogram_of(document, TITLE)
    height, width = puzzle.shape
    lines: list[str] = []
    if document.title:
        lines.append(f"title {_quoted(document.title)}")
    if document.author:
        lines.append(f"by {_quoted(document.author)}")
    for key, value in notes_lines(document.notes, _NOTE_KEYS):
        lines.append(f"{key or _NOTE} {_quoted(value)}")
    if document.license:
        spdx = _SPDX.fullmatch(document.license)
        lines.append(f"{_LICENSE} {document.license if spdx else _quoted(document.license)}")
    lines += [f"width {width}", f"height {height}"]
    lines += ["", "rows", *map(_clue_text, puzzle.rows)]
    lines += ["", "columns", *map(_clue_text, puzzle.cols)]
    if document.picture is not None:
        cells = "".join(_FILLED if cell else _EMPTY for cell in document.picture.ravel())
        lines += ["", f'goal "{cells}"']
    return "\n".join(lines) + "\n"


def _clue_text(clue: Clue) -> str:
    return ",".join(map(str, clue)) if clue else "0"


def _quoted(value: str) -> str:
    escaped = html.escape(value, quote=True).replace("\n", "&#10;").replace("\r", "&#13;")
    return f'"{escaped}"'


class _Reader(LineScanner):
    """A scanner that walks the text line by line."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.lines: list[tuple[int, str]] = []
        start = 0
        for line in text.split("\n"):
            self.lines.append((start, line.rstrip()))
            start += len(line) + 1
        if text.endswith("\n"):
            # The newline ends the last line; it does not start a blank one (which would be an
            # empty clue at the end of a block).
            self.lines.pop()
        self.next_line = 0
        self.key_start = 0
        self.seen: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        self.blocks: dict[str, list[Clue]] = {}
        self.goal: tuple[int, BoolGrid] | None = None
        self.single = {"title": "", "by": "", _LICENSE: ""}
        self.notes: list[str] = []

    def document(self) -> Document:
        while self.next_line < len(self.lines):
            content = self._next_line()
            if content:
                self._key_line(content)
        for name in ("width", "height"):
            if name not in self.sizes:
                raise FormatError(f"missing the {name}: a '{name} N' line")
        for key, (_, axis) in _BLOCKS.items():
            if key not in self.blocks:
                raise FormatError(
                    f"missing the {axis} clues: a '{key}' line, then one line per {axis}"
                )
        puzzle = Nonogram(self.blocks["rows"], self.blocks["columns"])
        picture = None
        if self.goal is not None:
            line, picture = self.goal
            mismatch = picture_mismatch(puzzle, picture)
            if mismatch is not None:
                raise FormatError(f"the goal does not solve the clues: {mismatch}", line=line)
        return Document(
            puzzle,
            picture,
            title=self.single["title"],
            author=self.single["by"],
            notes="\n".join(self.notes),
            license=self.single[_LICENSE],
        )

    def _next_line(self) -> str:
        """Move to the next line; return its content without surrounding whitespace, with the
        offset at its start."""
        start, line = self.lines[self.next_line]
        self.next_line += 1
        content = line.lstrip()
        self.offset = start + len(line) - len(content)
        self.end = start + len(line)
        return content

    def _key_line(self, content: str) -> None:
        if content.startswith(_BUNDLE):
            self.fail(
                "a bundle of several puzzles (.nonpack) is not read; split it into .non files"
            )
        if content[0] in DIGITS:
            self.fail(
                "expected a key such as 'columns' or 'goal', found a clue line; 'rows' and "
                "'columns' are followed by exactly height and width lines, a blank one being "
                "an empty line"
            )
        key = _KEY.match(content)
        assert key is not None  # content is not blank
        name = key.group()
        self.key_start = self.offset
        self.offset += key.end()
        self.skip_spaces()
        value = self.text[self.offset : self.end]
        if name in _BLOCKS and not value:
            self._block(name)
        elif name in _SIZES:
            self._size(_SIZES[name])
        elif name == "goal":
            self._goal(value)
        elif name in self.single:
            self._once(name)
            self.single[name] = self._string(value)
        elif name in _NOTE_KEYS:
            self.notes.append(note_line(name, self._string(value)))
        elif name == _NOTE:
            self.notes.append(self._string(value))

    def _once(self, name: str) -> None:
        if name in self.seen:
            self._fail_at_key(
                f"{_WHAT[name]} given a second time (first on line {self.seen[name]})"
            )
        self.seen[name] = self.next_line

    def _fail_at_key(self, message: str) -> NoReturn:
        self.offset = self.key_start
        self.fail(message)

    def _size(self, name: str) -> None:
        self._once(name)
        if self.peek() not in DIGITS:
            self.unexpected(f"expected the {name}, a number")
        start = self.offset
        size = self.number()
        if self.offset < self.end:
            self.unexpected(f"expected the end of the line after the {name}")
        if size < 1:
            self.offset = start
            self.fail(f"the {name} must be at least 1, found {size}")
        self.sizes[name] = size

    def _block(self, key: str) -> None:
        dimension, axis = _BLOCKS[key]
        self._once(key)
        if dimension not in self.sizes:
            self._fail_at_key(
                f"the {axis} clues need the {dimension} first: a '{dimension} N' line"
            )
        count = self.sizes[dimension]
        clues: list[Clue] = []
        for done in range(count):
            if self.next_line == len(self.lines):
                self.offset = len(self.text)
                self.fail(
                    f"expected {count} {axis} clues after '{key}' (the {dimension}), "
                    f"the text ends after {done}"
                )
            self._next_line()
            clues.append(self._clue_line())
        self.blocks[key] = clues

    def _clue_line(self) -> Clue:
        """The runs of the current line, ``2,1``; ``0`` or nothing for an empty line."""
        starts: list[int] = []
        values: list[int] = []
        while self.offset < self.end:
            self.skip_spaces()
            if self.peek() not in DIGITS:
                self.unexpected("expected a run length (a number)")
            starts.append(self.offset)
            values.append(self.number())
            if self.peek() in _LETTERS:
                self._colour(f"a run of colour {self.peek()!r}")
            self.skip_spaces()
            if self.offset < self.end:
                if self.peek() != ",":
                    self.unexpected("expected ',' between runs or the end of the line")
                self.offset += 1
                if self.offset == self.end:
                    self.unexpected("expected a run length (a number) after ','")
        return scanned_clue(self, starts, values)

    def _goal(self, value: str) -> None:
        self._once("goal")
        if "width" not in self.sizes or "height" not in self.sizes:
            self._fail_at_key(
                "the goal needs the width and height first: 'width N' and 'height N' lines"
            )
        width, height = self.sizes["width"], self.sizes["height"]
        start = self.offset
        if value.startswith('"'):
            if len(value) < 2 or not value.endswith('"'):
                self.offset = self.end
                self.fail("expected a closing '\"' after the goal")
            value = value[1:-1]
            start += 1
        if not value:
            self.fail(
                f"expected the goal's {width * height} cells on its line "
                f"({_FILLED} filled, {_EMPTY} empty), found none"
            )
        for index, char in enumerate(value):
            if char not in (_FILLED, _EMPTY):
                self.offset = start + index
                if char in _LETTERS:
                    self._colour(f"a cell of colour {char!r}")
                self.unexpected(f"expected {_FILLED!r} (filled) or {_EMPTY!r} (empty) in the goal")
        if len(value) != width * height:
            self.offset = start
            self.fail(f"the goal holds {len(value)} cells, {width}x{height} needs {width * height}")
        cells = np.frombuffer(value.encode("ascii"), dtype=np.uint8) == ord(_FILLED)
        self.goal = (self.next_line, cells.reshape(height, width))

    def _string(self, value: str) -> str:
        """A string value: quotes removed, HTML character references replaced."""
        if value.startswith('"'):
            if len(value) < 2 or not value.endswith('"'):
                self.offset = self.end
                self.fail("expected a closing '\"'")
            value = value[1:-1]
        return html.unescape(value)

    def _colour(self, what: str) -> NoReturn:
        self.fail(f"{what}: colour puzzles are not read, only black and white ones")


FORMAT = Format("non", TITLE, (".non",), (SPEC.name,), sniff, read, write)
"""This format, as the nonogram's declaration lists it."""
