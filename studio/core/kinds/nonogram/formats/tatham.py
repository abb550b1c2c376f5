"""Simon Tatham's Pattern game ID: ``10x10:2/3.2/1.1.3/.../4.1``, with optional given cells.

The format is the game description of Pattern in Simon Tatham's Portable Puzzle Collection
(``pattern.c``: ``new_game_desc`` writes it, ``validate_desc`` checks it, ``new_game`` reads it),
prefixed by the parameters ``WxH`` and ``:`` as the game shows it under *Game > Specific*; the
blog post *Solving Tatham's Puzzles - Pattern*
(``shared/references/tatham-pattern-to-sat-blog.txt``) parses the same text.

- After ``WxH:`` come the ``W`` column clues (left to right), then the ``H`` row clues (top to
  bottom), separated by ``/``; the runs of one line are separated by ``.``.
- An empty line is an empty string between slashes (``3x2:1//1/1/1``), as Tatham's generator
  writes it; ``0`` is read as an empty line too.
- Given cells (``patternpicture``, the ``STANDALONE_PICTURE_GENERATOR`` build of ``pattern.c``)
  follow the clues after a ``,``: letters over the cells in row-major order. A letter ``c``
  skips ``lower(c) - 'a'`` cells that are not given, then, unless that was 25 (``z``: a skip of
  25 cells alone) or the end of the grid, the next cell is given: filled for an upper-case
  letter, empty for a lower-case one. ``3x2:2//1/1.1/1,aDb`` gives row 1, column 1 empty and
  row 2, column 2 filled. The letters must cover the grid exactly (``validate_desc``). Writing
  follows the generator's loop: the ``,`` suffix only when there are givens.
- A size of one number, ``10:``, is square, as Tatham's ``decode_params`` reads it.
- Whitespace around the ID is ignored.

Not read: random-seed IDs, ``10x10#12345``: only Tatham's own generator can turn a seed into a
puzzle.
"""

from __future__ import annotations

import re
import string

from studio.core.contract.format import Format
from studio.core.contract.text import DIGITS, GameIdScanner
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import EMPTY, UNKNOWN
from studio.core.kinds.nonogram.formats.clues import nonogram_of, scanned_clue
from studio.core.kinds.nonogram.puzzle import SPEC, Clue, Given, Nonogram

TITLE = "Tatham Pattern game ID"

# pattern.c: a letter skips up to 25 cells; the 26th letter, z, skips 25 with no given after.
_LONGEST_SKIP = 25
_CLUE_SQUARES = "clue-squares section (the given cells)"

_SNIFF = re.compile(r"\s*\d+(?:x\d+)?[:#]")


def sniff(text: str) -> bool:
    """True if ``text`` starts like a game ID or a random-seed ID: ``WxH:``, ``WxH#``, ``N:``.

    Loose on purpose (the format is declared ``loose``): a Pattern ID with a typo still reads as
    one and its error names the typo. Tatham's other games start the same way, so the stricter
    sniffs of their formats (a Mosaic ID's digits and letters only) are tried first.
    """
    return _SNIFF.match(text) is not None


def read(text: str) -> Document:
    """Parse a Pattern game ID into a document without a picture.

    Raises:
        FormatError: naming the column (1-based, within its line; the line is given when the
            ID does not start on the first line) and what was expected, e.g.
            ``column 9: expected a digit, '.' or '/', found 'x'``; or the count of clues when
            it does not match the size (``the ID holds 9 clues, 10x10 needs 20``); in the given
            cells, ``pattern.c``'s "too little data", "too much data" or "unrecognised
            character in clue-squares section"; or that random-seed IDs are not supported.
    """
    return _Reader(text).document()


def write(document: Document) -> str:
    """The game ID of the document's clues and givens (no trailing newline), as Tatham's
    generator spells it.

    Raises:
        FormatError: if the document is not a nonogram.
    """
    puzzle = nonogram_of(document, TITLE, givens=True)
    height, width = puzzle.shape
    lines = "/".join(".".join(str(n) for n in clue) for clue in (*puzzle.cols, *puzzle.rows))
    suffix = f",{_given_letters(puzzle)}" if puzzle.givens else ""
    return f"{width}x{height}:{lines}{suffix}"


def _given_letters(puzzle: Nonogram) -> str:
    """The letters of the givens, as the loop in ``new_game_desc`` writes them."""
    letters: list[str] = []
    run = 0
    for state in puzzle.givens_grid().ravel().tolist():
        if state == UNKNOWN:
            run += 1
            if run == _LONGEST_SKIP:
                letters.append("z")
                run = 0
        else:
            letters.append(chr(run + ord("a" if state == EMPTY else "A")))
            run = 0
    if run > 0:
        letters.append(chr(run + ord("a")))
    return "".join(letters)


class _Reader(GameIdScanner):
    """Reads the ID."""

    def document(self) -> Document:
        if self.offset >= len(self.text):
            raise FormatError("expected a game ID like 5x5:2/1.1/3/1/2/1/3/1.1/2/1, found nothing")
        width, height = self.size(SPEC)
        separator = self.peek()
        if separator == "#":
            self.fail(
                "a random-seed ID needs Tatham's Pattern generator to make the puzzle; "
                "use the game ID it shows under Game > Specific instead"
            )
        if separator != ":":
            self.unexpected("expected ':' after the size")
        self.offset += 1
        clues = self._clues()
        if len(clues) != width + height:
            raise FormatError(
                f"the ID holds {len(clues)} clues, {width}x{height} needs {width + height}"
            )
        givens: list[Given] = []
        if self.peek() == ",":
            self.offset += 1
            givens = self._givens(width, height)
        return Document(Nonogram(rows=clues[width:], cols=clues[:width], givens=givens))

    def _clues(self) -> list[Clue]:
        """The ``/``-separated lines up to the end of the ID or the ``,`` of the givens."""
        clues: list[Clue] = []
        while True:
            clues.append(self._line())
            char = self.peek()
            if char in ("", ","):
                return clues
            if char != "/":
                # Only reached after a number: at a line's start the digit check in _line
                # already failed, so here the character follows a run length.
                self.unexpected("expected a digit, '.' or '/'")
            self.offset += 1

    def _line(self) -> Clue:
        """One line's runs, ``2.1.3``, or nothing for an empty line."""
        if self.peek() not in DIGITS:
            if self.peek() not in ("", "/", ","):
                self.unexpected("expected a digit or '/'")
            return ()
        starts: list[int] = []
        values: list[int] = []
        while True:
            starts.append(self.offset)
            values.append(self.number())
            if self.peek() != ".":
                break
            self.offset += 1
            if self.peek() not in DIGITS:
                self.unexpected("expected a digit after '.'")
        return scanned_clue(self, starts, values)

    def _givens(self, width: int, height: int) -> list[Given]:
        """The given cells: the letters after ``,``, read as ``validate_desc`` checks them and
        ``new_game`` places them."""
        cells = width * height
        givens: list[Given] = []
        cell = 0
        while cell < cells:
            char = self.peek()
            if not char:
                self.fail(
                    f"too little data in {_CLUE_SQUARES}: "
                    f"the letters cover {cell} of the {cells} cells"
                )
            if char not in string.ascii_letters:
                self.unexpected(f"unrecognised character in {_CLUE_SQUARES}: expected a letter")
            skip = ord(char.lower()) - ord("a")
            cell += skip
            if skip < _LONGEST_SKIP and cell < cells:
                givens.append((cell // width, cell % width, char.isupper()))
                cell += 1
            if cell > cells:
                self.fail(
                    f"too much data in {_CLUE_SQUARES}: "
                    f"the letters cover {cell} of the {cells} cells"
                )
            self.offset += 1
        if self.peek():
            self.fail(
                f"too much data in {_CLUE_SQUARES}: the letters already cover all {cells} cells"
            )
        return givens


FORMAT = Format(
    "tatham", TITLE, (".txt",), (SPEC.name,), sniff, read, write, loose=True, game_id=True
)
"""This format, as the nonogram's declaration lists it."""
