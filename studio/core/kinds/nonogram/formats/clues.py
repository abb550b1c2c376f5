"""Reading and writing nonogram clues in the text formats: the rule of what a clue may hold
(:func:`clue_from_values`), scanned clues with their position in the text, the checks every
nonogram-only writer makes (:func:`nonogram_of`, :func:`picture_mismatch`), and how the text
formats declare a colour puzzle's palette (:data:`COLOUR_DECLARATION`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from studio.core.contract.text import Scanner, show_value
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import Picture
from studio.core.kinds.nonogram.puzzle import Clue, Nonogram
from studio.core.palette import Colour, Palette


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


def scanned_clue(scanner: Scanner, starts: Sequence[int], values: Sequence[int]) -> Clue:
    """The clue of run lengths ``values`` that ``scanner`` read at offsets ``starts``.

    Raises:
        FormatError: pointing at the offending entry.
    """
    try:
        return clue_from_values(values)
    except ClueError as error:
        scanner.offset = starts[error.index]
        scanner.fail(error.message)


def nonogram_of(
    document: Document, format_title: str, *, givens: bool = False, colours: bool = False
) -> Nonogram:
    """The document's nonogram, for a writer of a nonogram-only format.

    Args:
        document: the document to write.
        format_title: the format's name for messages.
        givens: True if the format holds given cells; otherwise a puzzle with givens is refused
            (dropping them would change the puzzle).
        colours: True if the format holds colour nonograms; otherwise one is refused.

    Raises:
        FormatError: if the document holds another kind of puzzle, or givens the format cannot
            hold.
    """
    if not isinstance(document.puzzle, Nonogram):
        raise FormatError(f"the {format_title} format holds nonograms, not {document.kind}")
    if document.puzzle.colours > 1 and not colours:
        raise FormatError(
            f"the {format_title} format holds black-and-white nonograms, and this one has "
            f"{document.puzzle.colours} colours; save it as a Puzzle Studio document, a text "
            "grid or webpbn XML"
        )
    count = len(document.puzzle.givens)
    if count and not givens:
        cells = "cell" if count == 1 else "cells"
        raise FormatError(
            f"the {format_title} format cannot hold given cells, and this puzzle has {count} "
            f"given {cells}; save it as a Puzzle Studio document or a Tatham game ID"
        )
    return document.puzzle


def picture_mismatch(puzzle: Nonogram, picture: Picture) -> str | None:
    """Why ``picture`` (``(height, width)``, the puzzle's shape) does not solve ``puzzle``'s
    clues, e.g. ``"row 3 has runs 2 1, its clue is 3"``; ``None`` if it does.

    For formats that hold both the clues and the solution: the two must agree.
    """
    violations = puzzle.check(picture)
    return violations[0].message if violations else None


COLOUR_DECLARATION = r"(\S)\s+#([0-9a-fA-F]{6})\s*(.*?)\s*$"
"""How the text formats declare one colour of a palette: its character, its ``#rrggbb`` and
its name (the character when none is given), ``r #cc0000 red``; the groups are the three.
The text grid puts it on ``; color`` lines (:mod:`.grid`), the clue lines under ``colors``
(:mod:`.clue_lines`)."""


def declaration(colour: Colour) -> str:
    """``colour`` as :data:`COLOUR_DECLARATION` spells it: ``r #cc0000 red``."""
    return f"{colour.char} {colour.hex} {colour.name}"


def declared_colour(match: re.Match[str]) -> Colour:
    """The colour a match of :data:`COLOUR_DECLARATION` declares."""
    char, rgb, name = match.groups()
    red, green, blue = (int(rgb[i : i + 2], 16) for i in (0, 2, 4))
    return Colour(name or char, char, (red, green, blue))


def declared_palette(colours: Sequence[Colour], line: int) -> Palette:
    """The palette of the colours declared, background first.

    Raises:
        FormatError: at ``line`` (the last declaration) for a palette that cannot be (a
            character twice, one colour alone...).
    """
    try:
        return Palette(tuple(colours))
    except ValueError as error:
        raise FormatError(str(error), line=line) from None
