"""One puzzle, drawn whole (grid and clues) into a rectangle, and exported as PNG, SVG or PDF.

The same drawing serves the book's pages (:mod:`.book`), the window's thumbnails and the
``studio export`` command. *Puzzle view* shows what a solver gets (clues, givens, an empty
grid); *solution view* fills in the solution.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QImageWriter,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator

from studio import APP_NAME
from studio.core import files
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import BoolGrid
from studio.core.puzzle import Puzzle
from studio.render.grid import DEFAULT_PALETTE, Layout, Palette
from studio.render.scene import Look, Scene, draw_scene


def extent(puzzle: Puzzle, look: Look, surround: bool = True) -> tuple[int, int]:
    """``(rows, columns)`` of cell slots the puzzle takes: its grid, plus its surround (a
    nonogram's clues) if drawn."""
    top, left = look.surround_slots(puzzle) if surround else (0, 0)
    height, width = puzzle.shape
    return height + top, width + left


def fit_cell(puzzle: Puzzle, look: Look, size: QSizeF, surround: bool = True) -> float:
    """The largest cell size (in the painter's units) at which the puzzle, with its surround
    if drawn, fits ``size``."""
    rows, cols = extent(puzzle, look, surround)
    return min(size.width() / cols, size.height() / rows)


def draw_puzzle(
    painter: QPainter,
    area: QRectF,
    puzzle: Puzzle,
    look: Look,
    *,
    solution: BoolGrid | None = None,
    palette: Palette = DEFAULT_PALETTE,
    surround: bool = True,
    clues: bool = True,
    cell: float | None = None,
    hairline: float = 1.0,
) -> QRectF:
    """Draw ``puzzle`` centred in ``area``: its surround (a nonogram's clues) and its grid,
    with ``solution`` filled in (solution view) or not (puzzle view).

    Args:
        area: where to draw, in the painter's units.
        look: how the puzzle's kind is drawn.
        solution: bool ``(height, width)``, drawn in ink.
        surround: draw the clues around the grid (False for the solutions at the back of a
            book and for thumbnails, which only show the grid).
        clues: draw what the solver is told inside the grid (False: a printed answer,
            :attr:`Scene.clues`).
        cell: the cell size in the painter's units; ``None``: as large as fits ``area``.
        hairline: the thinnest line, in the painter's units (:attr:`Layout.hairline`).

    Returns:
        The rectangle the grid took (without the surround).
    """
    top, left = look.surround_slots(puzzle) if surround else (0, 0)
    height, width = puzzle.shape
    if cell is None:
        cell = fit_cell(puzzle, look, area.size(), surround)
    used = QSizeF((width + left) * cell, (height + top) * cell)
    origin_x = area.left() + (area.width() - used.width()) / 2 + left * cell
    origin_y = area.top() + (area.height() - used.height()) / 2 + top * cell
    layout = Layout(puzzle.shape, cell, origin_x, origin_y, hairline=hairline)
    scene = Scene(puzzle, picture=solution, clues=clues)
    draw_scene(painter, layout, scene, look, palette)
    if surround and look.surround is not None:
        look.surround.draw(painter, layout, scene, palette)
    return QRectF(origin_x, origin_y, width * cell, height * cell)


def export_image(
    document: Document,
    path: str | os.PathLike[str],
    look: Look,
    *,
    solution: BoolGrid | None = None,
    cell: float = 24.0,
) -> None:
    """Write the puzzle (or, with ``solution``, its solution view) as an image whose kind
    follows the extension: PNG (``cell`` pixels a cell), SVG (vector) or PDF (vector, one page
    the puzzle's size, ``cell`` points a cell). The image is drawn in memory, then written
    through :func:`studio.core.files.write_bytes`: a failed write keeps the old file.

    Raises:
        StudioError: for another extension, a size beyond :func:`check_image_size`, or a file
            that cannot be written (``heart.png: cannot write the PNG: No space left on
            device``).
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        raise StudioError(
            f"{target}: cannot export to {suffix or 'a file without extension'}; "
            f"use {', '.join(IMAGE_SUFFIXES)}"
        )
    check_image_size(document, look, suffix, cell)
    puzzle = document.puzzle
    rows, cols = extent(puzzle, look)
    margin = cell / 2
    size = QSizeF(cols * cell + 2 * margin, rows * cell + 2 * margin)
    area = QRectF(margin, margin, cols * cell, rows * cell)
    what = f"the {suffix[1:].upper()}"
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not _WRITERS[suffix](buffer, document, look, size, area, solution) or not buffer.size():
        raise StudioError(f"{target}: cannot draw {what}")
    files.write_bytes(target, bytes(buffer.data().data()), what=what)


def check_image_size(document: Document, look: Look, suffix: str, cell: float) -> None:
    """Refuse, before any drawing, a cell size that makes no image: below 1, or one that makes
    a side longer than the format allows (:data:`MAX_IMAGE_SIDE`).

    Raises:
        StudioError: e.g. ``the image would be 1 500 000 px wide; at most 16 384``.
    """
    if not cell >= 1:
        raise StudioError(f"a cell must be at least 1 {_UNITS[suffix]}, not {cell:g}")
    rows, cols = extent(document.puzzle, look)
    longest, side = max((cols + 1, "wide"), (rows + 1, "high"))
    length = round(longest * cell)
    if length > MAX_IMAGE_SIDE[suffix]:
        raise StudioError(
            f"the image would be {_number(length)} {_UNITS[suffix]} {side}; "
            f"at most {_number(MAX_IMAGE_SIDE[suffix])}"
        )


def _number(value: int) -> str:
    return f"{value:,}".replace(",", " ")


def _write_png(
    device: QIODevice,
    document: Document,
    look: Look,
    size: QSizeF,
    area: QRectF,
    solution: BoolGrid | None,
) -> bool:
    image = QImage(int(size.width()) + 1, int(size.height()) + 1, QImage.Format.Format_RGB32)
    if image.isNull():  # Qt could not allocate it
        return False
    image.fill(QColor(DEFAULT_PALETTE.paper))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_puzzle(painter, area, document.puzzle, look, solution=solution)
    painter.end()
    return QImageWriter(device, QByteArray(b"png")).write(image)


def _write_svg(
    device: QIODevice,
    document: Document,
    look: Look,
    size: QSizeF,
    area: QRectF,
    solution: BoolGrid | None,
) -> bool:
    generator = QSvgGenerator()
    generator.setOutputDevice(device)
    generator.setSize(size.toSize())
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(document.title or "Puzzle")
    generator.setDescription(f"Made with {APP_NAME}")
    painter = QPainter(generator)
    draw_puzzle(painter, area, document.puzzle, look, solution=solution)
    return painter.end()


def _write_pdf(
    device: QIODevice,
    document: Document,
    look: Look,
    size: QSizeF,
    area: QRectF,
    solution: BoolGrid | None,
) -> bool:
    writer = QPdfWriter(device)
    writer.setTitle(document.title or "Puzzle")
    writer.setAuthor(document.author)
    writer.setCreator(APP_NAME)
    # One page the puzzle's size, in points: the painter then draws in points too.
    writer.setResolution(72)
    page = QPageSize(size, QPageSize.Unit.Point, "puzzle")
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    draw_puzzle(painter, area, document.puzzle, look, solution=solution)
    return painter.end()


_Writer = Callable[[QIODevice, Document, Look, QSizeF, QRectF, "BoolGrid | None"], bool]
_WRITERS: dict[str, _Writer] = {".png": _write_png, ".svg": _write_svg, ".pdf": _write_pdf}
IMAGE_SUFFIXES = tuple(_WRITERS)
"""The files :func:`export_image` writes, by extension."""

_UNITS = {".png": "px", ".svg": "px", ".pdf": "pt"}
MAX_IMAGE_SIDE = {".png": 16384, ".svg": 16384, ".pdf": 14400}
"""The longest side of an exported image, in its units: 16 384 px, as large as Qt's raster
images and most viewers go; 14 400 pt (200 in) for a PDF page, the most PDF readers accept."""


def thumbnail(
    document: Document, look: Look, side: int, *, solution: BoolGrid | None = None
) -> QImage:
    """A ``side`` × ``side`` pixel picture of the puzzle's grid (for lists), on white: the
    clues around a grid are left out, being unreadable at that size."""
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    area = QRectF(1, 1, side - 2, side - 2)
    draw_puzzle(painter, area, document.puzzle, look, solution=solution, surround=False)
    painter.end()
    return image
