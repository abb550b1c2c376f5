"""Simon Tatham's Mosaic game ID: ``5x5:b4442e5b2a5e2a1``.

The format is the game description of Mosaic in Simon Tatham's Portable Puzzle Collection
(``mosaic.c``), prefixed by the parameters ``WxH`` and ``:`` as the game shows it under
*Game > Specific* (the ``id`` of ``../shared/data/mosaic/puzzles.jsonl``):

- After ``WxH:`` come the cells row by row, left to right: a digit is a cell's clue, a letter
  ``a``..``z`` a run of 1..26 cells without a clue. The cells must cover the grid exactly.
- Writing splits a run longer than 26 into ``z`` and the rest, as ``mosaic.c`` does.
- Whitespace around the ID is ignored.

A Pattern game ID (:mod:`studio.core.kinds.nonogram.formats.tatham`) starts the same way but
always holds a ``/`` (a Pattern has at least two lines of clues), and a Mosaic ID never does:
:func:`sniff` takes only digits and lower-case letters after the ``:`` and is tried before the
Pattern's looser test (declared ``loose``), so it never claims a Pattern ID nor loses a Mosaic
ID to it. A Mosaic ID with too few or too many
cells still gets this format's error; text like ``10x10:2x`` (a Pattern ID with a typo, or a
Mosaic ID of 25 cells) reads as a Mosaic ID unless the nonogram kind is asked for.
"""

from __future__ import annotations

import re
import string

from studio.core.contract.format import Format
from studio.core.contract.text import DIGITS, GameIdScanner
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.kinds.mosaic.formats.grid import clue_rows, mosaic_of
from studio.core.kinds.mosaic.logic import NO_CLUE
from studio.core.kinds.mosaic.puzzle import SPEC, Mosaic

TITLE = "Tatham Mosaic game ID"

_LONGEST_RUN = 26
_SNIFF = re.compile(r"\s*\d+(?:x\d+)?:[0-9a-z]*\s*")


def sniff(text: str) -> bool:
    """True if ``text`` is ``WxH:`` (or ``N:``) followed by digits and lower-case letters only
    (see the module docstring)."""
    return _SNIFF.fullmatch(text) is not None


def read(text: str) -> Document:
    """Parse a Mosaic game ID into a document without a picture.

    Raises:
        FormatError: naming the column (1-based; the line too when the ID does not start on
            the first line) and what was expected, e.g. ``column 7: expected a clue 0–9 or a
            letter a–z, found '/'``; or that the cells do not cover the grid (``the ID covers
            24 cells, 5x5 has 25``).
    """
    return _Reader(text).document()


def write(document: Document) -> str:
    """The game ID of the document's clues (no trailing newline), as ``mosaic.c`` spells it.

    Raises:
        FormatError: if the document is not a mosaic.
    """
    puzzle = mosaic_of(document, TITLE)
    height, width = puzzle.shape
    parts: list[str] = []
    run = 0
    for clue in "".join(clue_rows(puzzle, TITLE)):
        if clue in DIGITS:
            if run:
                parts.append(_run_letter(run))
                run = 0
            parts.append(clue)
            continue
        run += 1
        if run == _LONGEST_RUN:
            parts.append(_run_letter(run))
            run = 0
    if run:
        parts.append(_run_letter(run))
    return f"{width}x{height}:{''.join(parts)}"


def _run_letter(run: int) -> str:
    return chr(ord("a") + run - 1)


class _Reader(GameIdScanner):
    """Reads the ID."""

    def document(self) -> Document:
        if self.offset >= len(self.text):
            raise FormatError("expected a game ID like 3x3:4b5a1a3a, found nothing")
        width, height = self.size(SPEC)
        if self.peek() != ":":
            self.unexpected("expected ':' after the size")
        self.offset += 1
        cells: list[int] = []
        total = width * height
        while char := self.peek():
            if char in DIGITS:
                cells.append(int(char))
            elif char in string.ascii_lowercase:
                cells.extend([NO_CLUE] * (ord(char) - ord("a") + 1))
            else:
                self.unexpected("expected a clue 0–9 or a letter a–z (cells without a clue)")
            if len(cells) > total:
                self.fail(f"the ID covers more than the {total} cells of {width}x{height}")
            self.offset += 1
        if len(cells) != total:
            raise FormatError(f"the ID covers {len(cells)} cells, {width}x{height} has {total}")
        return Document(Mosaic([cells[r * width : (r + 1) * width] for r in range(height)]))


FORMAT = Format("tatham-mosaic", TITLE, (".txt",), (SPEC.name,), sniff, read, write, game_id=True)
"""This format, as the mosaic's declaration lists it."""
