"""The runs format: a nonogram as two lists of clue lists, ``([[2],[3,2]],[[5,2],[1]])``.

This is the "Haskell Runs format" of the blog post *Solving Tatham's Puzzles - Pattern*
(``shared/references/tatham-pattern-to-sat-blog.txt``): a tuple of two lists as Haskell's
``show`` or Python's ``repr`` prints it, with no size information. Puzzle Studio's order is
**rows first** (top to bottom), **then columns** (left to right), as the product specifies. The
blog's own example lists the columns first (its tuple repeats the order of the Tatham game ID);
text copied from there reads transposed here.

Reading:
    - whitespace (spaces, tabs, newlines) between tokens is ignored;
    - the outer brackets may be ``( )`` (a tuple) or ``[ ]`` (a list of two lists);
    - ``[]`` is an empty line, and so is ``[0]``;
    - it is parsed by a small tokenizer, never by ``eval``.

Writing gives the canonical compact form ``([[2],[3,2]],[[5,2],[1]])``: no spaces, ``[]`` for
an empty line, no trailing newline.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.contract.format import Format
from studio.core.contract.text import Scanner
from studio.core.document import Document
from studio.core.kinds.nonogram.formats.clues import nonogram_of, scanned_clue
from studio.core.kinds.nonogram.puzzle import SPEC, Clue, Nonogram

TITLE = "Runs lists (rows, columns)"


def sniff(text: str) -> bool:
    """True if ``text`` starts (after whitespace) with ``(`` or ``[``."""
    return text.lstrip()[:1] in ("(", "[")


def read(text: str) -> Document:
    """Parse the runs format into a document without a picture.

    Raises:
        FormatError: with the line and column of the first unexpected character, e.g.
            ``line 1, column 5: expected a number, ',' or ']', found 'x'``.
    """
    return _Parser(text).document()


def write(document: Document) -> str:
    """The canonical compact runs text of the document's clues, rows first.

    Raises:
        FormatError: if the document is not a nonogram.
    """
    puzzle = nonogram_of(document, "runs")
    return f"({_write_lines(puzzle.rows)},{_write_lines(puzzle.cols)})"


def _write_lines(clues: Sequence[Clue]) -> str:
    return "[" + ",".join("[" + ",".join(str(n) for n in clue) + "]" for clue in clues) + "]"


_CLOSING = {"(": ")", "[": "]"}


class _Parser(Scanner):
    """Recursive descent over ``outer := ( lines , lines ) ; lines := [ clue, ... ]``."""

    def document(self) -> Document:
        opening = self.peek()
        if opening not in _CLOSING:
            self.unexpected("expected '(' or '[' to open the rows and columns")
        self.offset += 1
        rows = self._lines()
        self._expect(",", "between the rows and the columns")
        cols = self._lines()
        self._expect(_CLOSING[opening], "after the columns")
        if self.peek():
            self.unexpected("expected the end of the text")
        return Document(Nonogram(rows, cols))

    def _lines(self) -> list[Clue]:
        self._expect("[", "to open a list of lines")
        lines: list[Clue] = []
        if self.peek() == "]":
            self.offset += 1
            return lines
        while True:
            lines.append(self._clue())
            if self._separator("lines") == "]":
                return lines

    def _clue(self) -> Clue:
        self._expect("[", "to open a line's runs")
        starts: list[int] = []
        values: list[int] = []
        if self.peek() == "]":
            self.offset += 1
            return ()
        while True:
            self.peek()
            starts.append(self.offset)
            values.append(self.number())
            if self._separator("runs") == "]":
                break
        return scanned_clue(self, starts, values)

    def _separator(self, items: str) -> str:
        """Consume the ``,`` or ``]`` after an item of a list of ``items``; return which."""
        char = self.peek()
        if char not in (",", "]"):
            self.unexpected(f"expected ',' or ']' in the list of {items}")
        self.offset += 1
        return char

    def _expect(self, char: str, why: str) -> None:
        if self.peek() != char:
            self.unexpected(f"expected {char!r} {why}")
        self.offset += 1

    def peek(self) -> str:
        """The next character after whitespace ("" at the end); the offset moves to it."""
        while self.offset < len(self.text) and self.text[self.offset].isspace():
            self.offset += 1
        return super().peek()


FORMAT = Format("runs", TITLE, (".txt",), (SPEC.name,), sniff, read, write)
"""This format, as the nonogram's declaration lists it."""
