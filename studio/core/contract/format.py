"""File formats, for any kind: what a kind declares of each format it reads and writes
(:class:`Format`) and of its part of the studio's own document (:class:`Payload`).

The registry (:mod:`studio.core.formats`) reads and writes through these: a kind adds a format
by listing it in its declaration, nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from studio.core.document import Document
from studio.core.puzzle import Puzzle


@dataclass(frozen=True)
class Format:
    """A file format.

    Attributes:
        name: identifier used by ``--format`` and :func:`studio.core.formats.get_format`,
            e.g. ``"tatham"``.
        title: shown in file dialogs, e.g. ``"Tatham Pattern game ID"``.
        extensions: file name endings, lower case with the dot, e.g. ``(".json",)``.
        kinds: the puzzle kinds the format holds, e.g. ``("nonogram",)``.
        sniff: a cheap test: does this text look like this format? It must not claim what
            another format writes, unless the format is :attr:`loose` (the contract tests check
            what each format writes is claimed by it first).
        read: text to document; raises :class:`~studio.core.errors.FormatError` (line and column
            set where the format has them, ``source`` left to the caller), or
            :class:`~studio.core.errors.PuzzleError` for a size beyond the kind's limits. Does
            not validate the puzzle otherwise.
        write: document to text; raises :class:`~studio.core.errors.FormatError` when the
            document cannot be written in this format (another kind, givens it cannot hold, or
            no picture for a grid).
        needs_picture: True if ``write`` needs the document's picture (the grid holds nothing
            else).
        loose: True if ``sniff`` also takes malformed texts (so that their error is this
            format's) at the risk of claiming another format's: loose formats are tried after
            all the others.
        game_id: True for a game ID: the whole puzzle on one line, what people paste into
            a chat or another program (Tatham's IDs); Edit ▸ Copy puts it on the clipboard.
    """

    name: str
    title: str
    extensions: tuple[str, ...]
    kinds: tuple[str, ...]
    sniff: Callable[[str], bool]
    read: Callable[[str], Document]
    write: Callable[[Document], str]
    needs_picture: bool = False
    loose: bool = False
    game_id: bool = False


@dataclass(frozen=True)
class Payload:
    """One kind's part of the studio document (:mod:`studio.core.formats.studio_json`): its
    field names (in the order written), a reader ``(data, width, height) -> puzzle`` and a
    writer ``puzzle -> [(field, encoded value)]``."""

    fields: tuple[str, ...]
    read: Callable[[Mapping[str, object], int, int], Puzzle]
    write: Callable[[Puzzle], list[tuple[str, str]]]
