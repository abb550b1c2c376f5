"""Puzzles typed or pasted by hand, for any kind: a document's puzzle as text in its kind's
typing format (:attr:`~studio.core.contract.kind.Kind.typed_format`: a nonogram's clue lines,
a mosaic's text grid, Janko's Fobidoshi text), and such a text made back into the document.

The window's *Type Clues* shows :func:`typed_text` and applies :func:`retyped` to what the
designer typed or pasted; the kind's declaration decides the format, never its name.
"""

from __future__ import annotations

from typing import Any

from studio.core.contract.kind import Kind
from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError
from studio.core.formats import Format, get_format, sniffed
from studio.core.grid import Picture
from studio.core.kinds import kind_of
from studio.core.puzzle import Puzzle


def typed_text(document: Document) -> str:
    """The puzzle of ``document`` in its kind's typing format: the clues and givens, and the
    colours of a colour puzzle (no picture, no metadata), e.g. a nonogram's
    ``"rows\\n3 1\\n...columns\\n...\\n"``.

    Raises:
        FormatError: when the typing format cannot hold the puzzle: a nonogram with given cells
            (the clue lines have no place for them; a Tatham game ID has), a Fobidoshi that is
            not square (Janko's text holds square grids), a mosaic clue above 9 (only in a
            puzzle that fails validation).
    """
    format = get_format(kind_of(document.puzzle).typed_format)
    return format.write(Document(document.puzzle, palette=document.palette))


def retyped(document: Document, text: str) -> Document:
    """``document`` with the puzzle ``text`` holds, validated.

    ``text`` is read in the kind's typing format first; failing that, in the format it is
    sniffed as (:func:`studio.core.formats.sniffed`), so that a pasted Tatham game ID, runs lists
    or a whole file of the same kind serve too. Title, author, notes and licence are kept from
    ``document`` unless the text brings its own (a pasted ``.non`` file's title, say). The
    picture (bool ``(height, width)``) is the text's if it brings one (a goal, a solution), else
    ``document``'s while it still solves the new puzzle (same shape,
    :meth:`~studio.core.puzzle.Puzzle.check` finds nothing), else none.

    Raises:
        FormatError: the typing format's error, naming the line and column, when no format
            reads the text (or only another kind's format recognises it and cannot read it);
            the error of the format the text is sniffed as, when that format holds this kind;
            ``that is a mosaic; this puzzle is a nonogram`` for a puzzle of another kind.
        PuzzleError: for a puzzle that cannot be valid, a size beyond the kind's limits
            included (:meth:`~studio.core.puzzle.KindSpec.check_shape`).
    """
    kind = kind_of(document.puzzle)
    typed = get_format(kind.typed_format)
    try:
        found = typed.read(text)
    except (FormatError, PuzzleError) as error:
        # Read as the typing format, a text meant for another may also seem too large.
        found = _pasted(text, kind, typed, error)
    if found.kind != kind.name:
        raise FormatError(f"that is {_a(found.puzzle)}; this puzzle is {_a(document.puzzle)}")
    found.validate()
    metadata: dict[str, Any] = {
        key: found.metadata()[key] or value for key, value in document.metadata().items()
    }
    picture = found.picture
    if picture is None and _solves(document.picture, found.puzzle):
        picture = document.picture
    return Document(found.puzzle, picture, palette=found.palette, **metadata)


def _pasted(text: str, kind: Kind, typed: Format, error: FormatError | PuzzleError) -> Document:
    """The document of ``text`` in the format it is sniffed as, not validated; ``error`` (the
    typing format's) when none or only another kind's format fails to read it."""
    format = sniffed(text)
    if format is None or format is typed:
        raise error
    try:
        return format.read(text)
    except (FormatError, PuzzleError):
        if kind.name in format.kinds:
            raise  # meant as that format: a pasted game ID with a typo, say
        raise error from None


def _solves(picture: Picture | None, puzzle: Puzzle) -> bool:
    """True if ``picture`` is a solution of ``puzzle``, a valid puzzle."""
    return picture is not None and picture.shape == puzzle.shape and not puzzle.check(picture)


def _a(puzzle: Puzzle) -> str:
    """The puzzle's kind with its article, as a sentence names it: ``"a mosaic"``."""
    return f"a {puzzle.spec.noun or puzzle.kind}"
