"""File formats: the registry the CLI and the GUI read and write puzzles through.

:data:`FORMATS` is the studio's own document (:mod:`.studio_json`, every kind) and then every
kind's formats, as the kinds declare them (:attr:`studio.core.contract.kind.Kind.formats`):

=============  =============================  ==========  ======================================
name           what                           extension   module (``studio.core.kinds.…``)
=============  =============================  ==========  ======================================
studio         Puzzle Studio document (JSON)  ``.json``   :mod:`.studio_json`: every kind; clues,
                                                          givens, picture, notes, licence
ascii          nonogram: grid of ``#``, ``.``  ``.txt``   ``nonogram.formats.grid``: the picture
tatham         Tatham Pattern game ID         ``.txt``    ``nonogram.formats.tatham``:
                                                          ``10x10:2/3.2/...``, givens
runs           nonogram runs lists            ``.txt``    ``nonogram.formats.runs``:
                                                          ``([[2],[3,2]],[[5,2]])``
clue-lines     nonogram clue lines            ``.txt``    ``nonogram.formats.clue_lines``:
                                                          ``rows``, ``3 1``, ...,
                                                          ``columns``, ...
non            Simpson's ``.non`` file        ``.non``    ``nonogram.formats.non``: clues, goal,
                                                          title, author, licence (nonogram-db)
webpbn         Wolter's webpbn XML            ``.xml``    ``nonogram.formats.webpbn``: clues,
                                                          goal, title, author (webpbn, pbnsolve)
mosaic-grid    mosaic: grid of digits, ``.``  ``.txt``    ``mosaic.formats.grid``: the clues
tatham-mosaic  Tatham Mosaic game ID          ``.txt``    ``mosaic.formats.tatham``:
                                                          ``5x5:b4442e...``
janko          Janko's Fobidoshi text         ``.txt``    ``fobidoshi.formats.janko``: size,
                                                          givens ``-ox``, solution
=============  =============================  ==========  ======================================

Extensions are kept few and conventional, none invented: ``.json`` is always the studio's
document, ``.non`` the ``.non`` file and ``.xml`` the webpbn XML; ``.txt`` is shared by the
text formats. Only the studio document, the game IDs and the Janko text hold givens; the other
writers refuse a puzzle with givens rather than drop them.

- Reading (:func:`load`): an extension that belongs to one format decides (``.json``,
  ``.non``, ``.xml``); for ``.txt``, another extension or none, the content decides (sniffing,
  below).
- Writing (:func:`save`, :func:`format_for_path`): ``.json``, ``.non`` and ``.xml`` write their
  format, ``.txt`` the first format in :data:`FORMATS` that lists the extension and holds the
  document's kind (the text grid of a nonogram or a mosaic, the Janko text); pass
  ``format="tatham"`` or another name to write that one, whatever the file is called.

Sniffing tries each format's cheap test in the order of :data:`FORMATS`, the loose ones
(:attr:`~studio.core.contract.format.Format.loose`) last, and the first that recognises the
text reads it: ``{`` starts a studio document; ``#``, ``.`` or ``;`` a nonogram grid, unless a
row holds a digit (a mosaic grid: rows of digits and ``.``); ``WxH:`` and only digits and
lower-case letters a Mosaic game ID, before the looser ``10x10:`` (or ``10x10#``) of a Pattern
game ID; ``(`` or ``[`` runs lists; a first line ``rows`` alone clue lines; a ``.non`` key
(``title``, ``width``, ...) followed by more lines a ``.non`` file; ``<`` (``<?xml``,
``<puzzleset>``) the webpbn XML; a size line or a row of ``-``, ``o``, ``x`` Janko's text. With
a kind given, only that kind's formats are tried. Text that none recognises is read by the first
kind's text grid (the nonogram's, or the kind asked for), whose error then points at the first
character that is not a cell.

Every error is a :class:`~studio.core.errors.StudioError`: :class:`FormatError` for malformed
text (with the file as ``source`` and the line and column where known), :class:`PuzzleError`
for a well-formed puzzle that cannot be valid (prefixed with the file), plain ``StudioError``
for an unknown format or kind or a file that cannot be written.
"""

from __future__ import annotations

import os
from pathlib import Path

from studio.core import files
from studio.core.contract.format import Format
from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError, StudioError
from studio.core.formats import studio_json
from studio.core.kinds import KINDS, get_kind

FORMATS: tuple[Format, ...] = (
    studio_json.FORMAT,
    *(format for kind in KINDS for format in kind.formats),
)
"""Every format, in the order file dialogs list them and sniffing tries them."""

_BY_NAME = {spec.name: spec for spec in FORMATS}


def get_format(name: str) -> Format:
    """The format called ``name`` (case-insensitive).

    Raises:
        StudioError: for an unknown name; the message lists the known ones.
    """
    try:
        return _BY_NAME[name.lower()]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise StudioError(f"unknown file format {name!r}; known: {known}") from None


def format_for_path(path: str | os.PathLike[str], kind: str | None = None) -> Format:
    """The format :func:`save` writes to ``path``, chosen by its extension: the first in
    :data:`FORMATS` with that extension, and that holds ``kind`` when one is given.

    ``.json`` gives the studio document, ``.non`` the ``.non`` file, ``.xml`` the webpbn XML,
    ``.txt`` the text grid of the kind (see the module docstring).

    Raises:
        StudioError: for an extension no format uses; the message lists the known ones.
    """
    suffix = Path(path).suffix.lower()
    owners = [spec for spec in FORMATS if suffix in spec.extensions]
    chosen = next((spec for spec in owners if kind is None or kind in spec.kinds), None)
    chosen = chosen or next(iter(owners), None)
    if chosen is None:
        known = ", ".join(sorted({ext for spec in FORMATS for ext in spec.extensions}))
        found = f"the extension {suffix!r}" if suffix else "no extension"
        raise StudioError(
            f"{os.fspath(path)}: no file format for {found}; use {known}, or name a format"
        )
    return chosen


def read_text(
    text: str,
    *,
    source: str | None = None,
    kind: str | None = None,
    format: str | None = None,
) -> Document:
    """Read a document from ``text`` and validate its puzzle.

    Args:
        text: the file's or the pasted text.
        source: where the text came from (a file name, ``"game ID"``); prefixes every error.
        kind: accept only puzzles of this kind (a name or alias, see
            :func:`studio.core.kinds.get_kind`); also narrows sniffing to its formats.
        format: the format's name; ``None`` sniffs the content.

    Raises:
        FormatError: for malformed text, attributed to ``source``.
        PuzzleError: for a puzzle that cannot be valid; the message starts with ``source``.
        StudioError: for an unknown kind or format, or a format that does not hold ``kind``.
    """
    candidates = _candidates(kind, format)
    chosen = candidates[0] if format is not None else _sniff(text, candidates, kind)
    try:
        document = chosen.read(text)
        if kind is not None and document.kind != get_kind(kind).name:
            raise FormatError(f"expected a {get_kind(kind).name}, found a {document.kind}")
        document.validate()
    except FormatError as error:
        raise (error.located(source) if source else error) from None
    except PuzzleError as error:
        if source:
            raise PuzzleError(f"{source}: {error}") from None
        raise
    return document


def load(
    path: str | os.PathLike[str], *, kind: str | None = None, format: str | None = None
) -> Document:
    """Read the document in the file at ``path`` (UTF-8; a byte-order mark is skipped).

    The format is ``format`` if given, else the one format the extension belongs to, else the
    one the content looks like (see the module docstring).

    Raises:
        FormatError: for a missing or unreadable file, one that is not a regular file or is
            larger than :data:`~studio.core.files.PUZZLE_FILE_LIMIT` (refused before reading),
            bytes that are not UTF-8, or malformed text; ``source`` is the path.
        PuzzleError: for a puzzle that cannot be valid; the message starts with the path.
        StudioError: for an unknown kind or format.
    """
    source = os.fspath(path)
    data = files.read_bytes(source, limit=files.PUZZLE_FILE_LIMIT, what="a puzzle file")
    text = decode(data, source)
    if format is None:
        suffix = Path(source).suffix.lower()
        owners = [spec for spec in _candidates(kind, None) if suffix in spec.extensions]
        if len(owners) == 1:
            format = owners[0].name
    return read_text(text, source=source, kind=kind, format=format)


def save(document: Document, path: str | os.PathLike[str], *, format: str | None = None) -> None:
    """Write ``document`` to ``path`` atomically and verified (:func:`.files.write_text`), UTF-8.

    The format is ``format`` if given, else :func:`format_for_path`. The file always ends in
    a newline, also for the one-line formats (game ID, runs) whose text has none.

    Raises:
        FormatError: if the document cannot be written in that format; ``source`` is the path.
        StudioError: for an unknown format or extension, a ``format`` whose files are named
            otherwise than ``path`` (``.non`` text in ``x.json`` could not be read back: files
            are read by their extension), or when the file cannot be written (the old file, if
            any, is then unchanged).
    """
    source = os.fspath(path)
    chosen = get_format(format) if format is not None else format_for_path(source, document.kind)
    suffix = Path(source).suffix.lower()
    if suffix not in chosen.extensions and any(suffix in spec.extensions for spec in FORMATS):
        raise StudioError(
            f"{source}: the {chosen.title} is named {' or '.join(chosen.extensions)}, not "
            f"{suffix}: files are read back by their name"
        )
    try:
        text = chosen.write(document)
    except FormatError as error:
        raise error.located(source) from None
    if not text.endswith("\n"):
        text += "\n"
    files.write_text(source, text, what="the puzzle")


def _candidates(kind: str | None, format: str | None) -> tuple[Format, ...]:
    """The formats that may be read: those of ``kind``, narrowed to ``format`` if given."""
    formats = FORMATS
    if kind is not None:
        name = get_kind(kind).name
        formats = tuple(spec for spec in FORMATS if name in spec.kinds)
        if not formats:
            raise StudioError(f"no file format holds {name} puzzles yet")
    if format is None:
        return formats
    chosen = get_format(format)
    if chosen not in formats:
        raise StudioError(f"the {chosen.title} format does not hold {kind} puzzles")
    return (chosen,)


def sniffed(text: str, *, kind: str | None = None) -> Format | None:
    """The format ``text`` looks like (see the module docstring), among the formats of ``kind``
    if one is given; ``None`` when no format recognises it.

    Raises:
        StudioError: for an unknown kind.
    """
    return _recognised(text, _candidates(kind, None))


def _recognised(text: str, candidates: tuple[Format, ...]) -> Format | None:
    in_order = sorted(candidates, key=lambda spec: spec.loose)  # stable: loose ones last
    return next((spec for spec in in_order if spec.sniff(text)), None)


def _sniff(text: str, candidates: tuple[Format, ...], kind: str | None) -> Format:
    # Text of another kind than ``kind`` (a webpbn file read as a mosaic) is read as what it
    # is, so that the kind's check says "expected a mosaic, found a nonogram", not that '<'
    # is no clue. Text no format recognises is read by the first kind's first format, its
    # text grid: the error names the first character that is not a cell, the most useful
    # thing to say about arbitrary text.
    kinds_formats = [spec for spec in candidates if spec is not studio_json.FORMAT]
    fallback = kinds_formats[0] if kinds_formats else candidates[0]
    recognised = _recognised(text, candidates)
    if recognised is None and kind is not None:
        recognised = _recognised(text, FORMATS)
    return recognised or fallback


def decode(data: bytes, source: str) -> str:
    """The UTF-8 text of a puzzle file's bytes (a byte-order mark skipped).

    Raises:
        FormatError: naming ``source``, the line and the first byte that is not UTF-8.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise FormatError(f"not UTF-8 text (byte 0x{byte:02x})", source=source, line=line) from None


__all__ = [
    "FORMATS",
    "Format",
    "decode",
    "format_for_path",
    "get_format",
    "load",
    "read_text",
    "save",
    "sniffed",
]
