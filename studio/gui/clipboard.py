"""A puzzle on the clipboard: what Copy puts there and what Paste takes from it.

Copy offers the puzzle three ways at once, and the program that pastes takes the one it reads
(MIME types, as Qt's clipboard carries them):

- ``text/plain``: the kind's game ID (Tatham's, :attr:`Format.game_id`), the line a person
  pastes into a chat or into Tatham's puzzles; the kind's typed text where it has none;
- :data:`TYPED_MIME`: the puzzle as typed by hand (:func:`studio.core.typed.typed_text`: a
  nonogram's clue lines, a mosaic's grid of digits, Janko's text);
- :data:`STUDIO_MIME`: the studio document, picture and metadata included (what a paste into
  another Puzzle Studio window keeps whole).

Copy as Text puts the typed text as ``text/plain``; Copy Solution Image puts the solution as an
image. Paste takes the studio document if there is one, else the text, read as any format the
studio reads (the command line's INPUT), else an image (pixel art copied from a paint program),
which the import dialog makes a puzzle of.
"""

from __future__ import annotations

from PIL import Image
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMimeData
from PySide6.QtGui import QImage, QImageWriter

from studio.core import files, formats
from studio.core.document import Document
from studio.core.errors import FormatError, StudioError
from studio.core.kinds import kind_of
from studio.core.pixelart import image_from_bytes
from studio.core.typed import typed_text

STUDIO_MIME = "application/x-puzzle-studio+json"
"""The studio document (:mod:`studio.core.formats.studio_json`), UTF-8."""
TYPED_MIME = "text/x-puzzle-studio-typed"
"""The puzzle as typed by hand in its kind's typing format, UTF-8."""
SOURCE = "the clipboard"


def puzzle_data(document: Document) -> QMimeData:
    """The clipboard's data for ``document``: game ID (or typed text), typed text where the
    kind's typing format holds the puzzle, and the studio document."""
    data = QMimeData()
    data.setData(STUDIO_MIME, formats.get_format("studio").write(document).encode())
    try:
        typed: str | None = typed_text(document)
    except FormatError:  # e.g. a nonogram's givens, which clue lines cannot hold
        typed = None
    if typed is not None:
        data.setData(TYPED_MIME, typed.encode())
    data.setText(_game_id(document) or typed or formats.get_format("studio").write(document))
    return data


def typed_data(document: Document) -> QMimeData:
    """The clipboard's data for Copy as Text: the typed text, as plain text.

    Raises:
        FormatError: when the kind's typing format cannot hold the puzzle.
    """
    data = QMimeData()
    data.setText(typed_text(document))
    return data


def image_data(image: QImage) -> QMimeData:
    """The clipboard's data for an image (the solution drawn)."""
    data = QMimeData()
    data.setImageData(image)
    return data


def pasted_image(data: QMimeData) -> Image.Image | None:
    """The image on the clipboard when it holds one and no puzzle text (an icon copied from a
    paint program), as :func:`studio.core.pixelart.open_image` gives a file's.

    Raises:
        StudioError: for an image larger than an image file may be.
    """
    if data.hasFormat(STUDIO_MIME) or (data.hasText() and data.text().strip()):
        return None
    if not data.hasImage():
        return None
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"png")).write(QImage(data.imageData()))
    return image_from_bytes(bytes(buffer.data().data()), SOURCE)


def pasted_document(data: QMimeData) -> Document:
    """The document on the clipboard: the studio document if there is one, else the text read
    as any format the studio reads, validated.

    Raises:
        StudioError: when the clipboard holds no puzzle (nothing, an image), more than a puzzle
            file may hold, or text that no format reads (the error names the line and what was
            expected).
    """
    if data.hasFormat(STUDIO_MIME):
        raw = bytes(data.data(STUDIO_MIME).data())
        files.check_size(len(raw), files.PUZZLE_FILE_LIMIT, "a puzzle file", SOURCE)
        return formats.read_text(formats.decode(raw, SOURCE), source=SOURCE, format="studio")
    if data.hasText() and data.text().strip():
        text = data.text()
        files.check_size(len(text.encode()), files.PUZZLE_FILE_LIMIT, "a puzzle file", SOURCE)
        return formats.read_text(text, source=SOURCE)
    raise StudioError("the clipboard holds no puzzle: copy a puzzle, a game ID or clue text")


def _game_id(document: Document) -> str | None:
    """The document's game ID, if its kind has that format and it can hold the puzzle."""
    game_id = kind_of(document.puzzle).game_id_format
    if game_id is None:
        return None
    try:
        return game_id.write(document).strip()
    except FormatError:
        return None
