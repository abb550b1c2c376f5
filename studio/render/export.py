"""One puzzle, drawn whole (grid and clues) into a rectangle, and exported as PNG, SVG or PDF.

The same drawing serves the book's pages (:mod:`.book`), the window's thumbnails and the
``studio export`` command. *Puzzle view* shows what a solver gets (clues, givens, an empty
grid); *solution view* fills in the solution; an export may hold both (:class:`View`).

Sizes are true: a cell may be given in millimetres, points or pixels (:func:`native_cell`); a
PNG records its resolution, an SVG declares its width and height in millimetres (to 0.01 mm),
and a PDF page is the drawing's size rounded up to whole points (the cells keep their exact
size).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QPointF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
)
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
from studio.core.grid import Picture
from studio.core.palette import Palette as Inks
from studio.core.puzzle import Puzzle
from studio.render.grid import DEFAULT_PALETTE, Layout, Palette
from studio.render.key import draw_key, key_rows
from studio.render.scene import Look, Scene, draw_scene


def extent(
    puzzle: Puzzle,
    look: Look,
    surround: bool = True,
    *,
    inks: Inks | None = None,
    font_family: str = "",
) -> tuple[int, int]:
    """``(rows, columns)`` of cell slots the puzzle takes: its grid, plus, if drawn, its
    surround (a nonogram's clues) and, for a colour puzzle (``inks``, its document's palette),
    the colour key under it (:func:`.key.key_rows`, its names measured in ``font_family``)."""
    top, left = look.surround_slots(puzzle) if surround else (0, 0)
    height, width = puzzle.shape
    key = key_rows(inks, width + left, font_family) if surround else 0
    return height + top + key, width + left


def draw_puzzle(
    painter: QPainter,
    area: QRectF,
    puzzle: Puzzle,
    look: Look,
    *,
    solution: Picture | None = None,
    inks: Inks | None = None,
    palette: Palette = DEFAULT_PALETTE,
    surround: bool = True,
    clues: bool = True,
    cell: float | None = None,
    hairline: float = 1.0,
    thin_rule: float | None = None,
    thick_rule: float | None = None,
    font_family: str = "",
) -> QRectF:
    """Draw ``puzzle`` centred in ``area``: its surround (a nonogram's clues) and its grid,
    with ``solution`` filled in (solution view) or not (puzzle view); a colour puzzle in its
    colours, its colour key under it with the surround.

    Args:
        area: where to draw, in the painter's units.
        look: how the puzzle's kind is drawn.
        solution: ``(height, width)``, bool, or ``uint8`` colours with ``inks``; drawn in ink
            or in its colours.
        inks: a colour puzzle's colours (its document's
            :attr:`~studio.core.document.Document.palette`); ``None`` in black and white.
        surround: draw the clues around the grid, and a colour puzzle's key (False for the
            solutions at the back of a book and for thumbnails, which only show the grid).
        clues: draw what the solver is told inside the grid (False: a printed answer,
            :attr:`Scene.clues`).
        cell: the cell size in the painter's units; ``None``: as large as fits ``area``.
        hairline: the thinnest line, in the painter's units (:attr:`Layout.hairline`).
        thin_rule, thick_rule: the rules' widths in the painter's units; ``None``: they follow
            the cell (:attr:`Layout.thin_rule`).
        font_family: the numbers' font family; ``""``: Qt's default (:attr:`Layout.font_family`).

    Returns:
        The rectangle the grid took (without the surround).
    """
    top, left = look.surround_slots(puzzle) if surround else (0, 0)
    height, width = puzzle.shape
    rows, cols = extent(puzzle, look, surround, inks=inks, font_family=font_family)
    if cell is None:
        cell = min(area.width() / cols, area.height() / rows)
    used = QSizeF(cols * cell, rows * cell)
    origin_x = area.left() + (area.width() - used.width()) / 2 + left * cell
    origin_y = area.top() + (area.height() - used.height()) / 2 + top * cell
    layout = Layout(
        puzzle.shape,
        cell,
        origin_x,
        origin_y,
        hairline=hairline,
        thin_rule=thin_rule,
        thick_rule=thick_rule,
        font_family=font_family,
    )
    scene = Scene(puzzle, picture=solution, clues=clues, inks=inks)
    draw_scene(painter, layout, scene, look, palette)
    if surround and look.surround is not None:
        look.surround.draw(painter, layout, scene, palette)
    grid = QRectF(origin_x, origin_y, width * cell, height * cell)
    if surround and inks is not None:
        below = QRectF(grid.left() - left * cell, grid.bottom(), cols * cell, used.height())
        draw_key(painter, below, cell, inks, palette, hairline=hairline, font_family=font_family)
    return grid


class View(Enum):
    """What an exported file shows."""

    PUZZLE = "puzzle"
    """What a solver gets: clues, givens, an empty grid."""
    SOLUTION = "solution"
    """The solution filled in."""
    BOTH = "both"
    """The puzzle, then its solution: side by side (beside it when the drawing is at least as
    tall as wide, below it otherwise) in a PNG or an SVG, on a second page of a PDF."""


UNITS_PER_INCH: dict[str, float] = {"px": 96.0, "pt": 72.0, "mm": 25.4}
"""Each unit a cell may be given in, per inch: a CSS pixel (1/96 in, SVG's user unit), a point
(1/72 in), a millimetre."""


def native_unit(suffix: str) -> str:
    """The unit an image of ``suffix`` is drawn in: ``px`` (PNG: the image's pixels; SVG: CSS
    pixels), ``pt`` (PDF)."""
    return _UNITS[suffix]


def native_cell(suffix: str, cell: float, unit: str | None = None, dpi: float = 96.0) -> float:
    """A cell of ``cell`` ``unit`` (``px``, ``pt`` or ``mm``; ``None``: the format's own unit,
    :func:`native_unit`) in the unit the format is drawn in.

    * PNG: pixels. A cell in ``px`` is that many pixels whatever ``dpi``; in ``mm`` or ``pt``
      it is its length at ``dpi`` pixels an inch, rounded to whole pixels so that every rule
      falls on a pixel (at 300 dpi a cell is then within 0.05 mm of its length).
    * SVG: CSS pixels, 1/96 in; PDF: points, 1/72 in. Both keep the exact length.

    Raises:
        StudioError: for an unknown unit or a ``dpi`` that is not a positive number.
    """
    unit = unit or _UNITS[suffix]
    if unit not in UNITS_PER_INCH:
        raise StudioError(f"unknown unit {unit!r}: use {', '.join(UNITS_PER_INCH)}")
    if not (dpi > 0 and math.isfinite(dpi)):
        raise StudioError(f"a resolution must be a positive number of dots an inch, not {dpi:g}")
    if suffix == ".png":
        if unit == "px":
            return cell
        return float(round(cell / UNITS_PER_INCH[unit] * dpi))
    return cell / UNITS_PER_INCH[unit] * UNITS_PER_INCH[_UNITS[suffix]]


def export_size(
    document: Document, look: Look, suffix: str, cell: float, view: View = View.PUZZLE
) -> tuple[float, float, int]:
    """``(width, height, pages)`` of the image :func:`export_image` writes with cells of
    ``cell`` in the format's own unit (:func:`native_cell`): width and height of a page in that
    unit (a PNG's in whole pixels, as written), and the number of pages (2 for a PDF of
    :attr:`View.BOTH`, else 1)."""
    pages = _pages(document, look, cell, view, one_page=suffix != ".pdf")
    size = pages[0][0]
    if suffix == ".png":
        return float(_png_side(size.width())), float(_png_side(size.height())), 1
    if suffix == ".pdf":
        size = _pdf_page(size)
    return size.width(), size.height(), len(pages)


def export_image(
    document: Document,
    path: str | os.PathLike[str],
    look: Look,
    *,
    solution: Picture | None = None,
    view: View | None = None,
    cell: float = 24.0,
    unit: str | None = None,
    dpi: float = 96.0,
) -> None:
    """Write the puzzle, its solution, or both as an image whose kind follows the extension:
    PNG, SVG (vector, its width and height in millimetres) or PDF (vector, a page the
    drawing's size). The image is drawn in memory, then written through
    :func:`studio.core.files.write_bytes`: a failed write keeps the old file.

    Args:
        solution: the solution, ``(height, width)`` bool or ``uint8`` colours, for the
            solution view.
        view: what to draw (:class:`View`); ``None``: the solution view when ``solution`` is
            given, else the puzzle view.
        cell: the side of a cell in ``unit`` (:func:`native_cell`); around the drawing is a
            margin of half a cell, between two drawings a cell.
        unit: ``px``, ``pt`` or ``mm``; ``None``: the format's own (PNG and SVG ``px``, PDF
            ``pt``). An SVG's CSS pixel is 1/96 in: its size in millimetres is exact.
        dpi: a PNG's resolution (pixels an inch), written in the file (``pHYs``) and used to
            turn a cell in ``mm`` or ``pt`` into pixels; SVG and PDF need none.

    Raises:
        StudioError: for another extension, a solution view without ``solution``, a size
            beyond :func:`check_image_size`, or a file that cannot be written (``heart.png:
            cannot write the PNG: No space left on device``).
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        raise StudioError(
            f"{target}: cannot export to {suffix or 'a file without extension'}; "
            f"use {', '.join(IMAGE_SUFFIXES)}"
        )
    if view is None:
        view = View.PUZZLE if solution is None else View.SOLUTION
    if view is not View.PUZZLE and solution is None:
        raise StudioError(f"{target}: drawing the solution needs the puzzle's solution")
    native = native_cell(suffix, cell, unit, dpi)
    check_image_size(document, look, suffix, native, view)
    pages = _pages(document, look, native, view, one_page=suffix != ".pdf", solution=solution)
    what = f"the {suffix[1:].upper()}"
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not _WRITERS[suffix](buffer, document, look, pages, dpi) or not buffer.size():
        raise StudioError(f"{target}: cannot draw {what}")
    files.write_bytes(target, bytes(buffer.data().data()), what=what)


def check_image_size(
    document: Document, look: Look, suffix: str, cell: float, view: View = View.PUZZLE
) -> None:
    """Refuse, before any drawing, a cell size (in the format's own unit,
    :func:`native_cell`) that makes no image: below 1, or one that makes a side longer than
    the format allows (:data:`MAX_IMAGE_SIDE`).

    Raises:
        StudioError: e.g. ``the image would be 1 500 000 px wide; at most 16 384``.
    """
    if not cell >= 1:
        raise StudioError(f"a cell must be at least 1 {_UNITS[suffix]}, not {cell:g}")
    size = _pages(document, look, cell, view, one_page=suffix != ".pdf")[0][0]
    longest, side = max((size.width(), "wide"), (size.height(), "high"))
    length = round(longest)
    if length > MAX_IMAGE_SIDE[suffix]:
        raise StudioError(
            f"the image would be {_number(length)} {_UNITS[suffix]} {side}; "
            f"at most {_number(MAX_IMAGE_SIDE[suffix])}"
        )


def _number(value: int) -> str:
    return f"{value:,}".replace(",", " ")


_Drawing = tuple[QRectF, "Picture | None"]
"""Where a drawing goes on its page, and the solution it shows (``None``: the puzzle view)."""
_Page = tuple[QSizeF, list[_Drawing]]


def _pages(
    document: Document,
    look: Look,
    cell: float,
    view: View,
    *,
    one_page: bool,
    solution: Picture | None = None,
) -> list[_Page]:
    """The pages of an export and the drawings on each, in the format's unit: every drawing
    ``cell`` a cell with half a cell of margin around; two drawings share a page a cell apart
    (``one_page``) or take a page each."""
    shown: list[Picture | None] = [None] if view is View.PUZZLE else [solution]
    if view is View.BOTH:
        shown.insert(0, None)
    rows, cols = extent(document.puzzle, look, inks=document.palette)
    margin = cell / 2
    drawing = QSizeF(cols * cell, rows * cell)
    if len(shown) == 1 or not one_page:
        size = QSizeF(drawing.width() + 2 * margin, drawing.height() + 2 * margin)
        return [(size, [(QRectF(QPointF(margin, margin), drawing), grid)]) for grid in shown]
    beside = rows >= cols
    step = QPointF(drawing.width() + cell, 0) if beside else QPointF(0, drawing.height() + cell)
    size = QSizeF(drawing.width() + 2 * margin + step.x(), drawing.height() + 2 * margin + step.y())
    first = QPointF(margin, margin)
    return [
        (size, [(QRectF(first + step * index, drawing), grid) for index, grid in enumerate(shown)])
    ]


def _draw_page(painter: QPainter, document: Document, look: Look, drawings: list[_Drawing]) -> None:
    for area, grid in drawings:
        draw_puzzle(painter, area, document.puzzle, look, solution=grid, inks=document.palette)


def _png_side(length: float) -> int:
    return int(length) + 1


def _raster(document: Document, look: Look, pages: list[_Page], dpi: float) -> QImage:
    """The one page of ``pages`` drawn on a white picture of ``dpi`` (null if Qt could not
    allocate it)."""
    ((size, drawings),) = pages
    image = QImage(_png_side(size.width()), _png_side(size.height()), QImage.Format.Format_RGB32)
    if image.isNull():
        return image
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(QColor(DEFAULT_PALETTE.paper))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _draw_page(painter, document, look, drawings)
    painter.end()
    return image


def picture_image(
    document: Document,
    look: Look,
    *,
    view: View = View.PUZZLE,
    solution: Picture | None = None,
    cell: float = 24.0,
) -> QImage:
    """The puzzle, its solution or both (``view``, with ``solution`` ``(height, width)``, bool
    or ``uint8`` colours) as a picture in memory, ``cell`` pixels a cell, in the print palette
    (for the clipboard).

    Raises:
        StudioError: for a size beyond :func:`check_image_size`, or one Qt cannot allocate.
    """
    check_image_size(document, look, ".png", cell, view=view)
    pages = _pages(document, look, cell, view, one_page=True, solution=solution)
    image = _raster(document, look, pages, 96.0)
    if image.isNull():
        raise StudioError("cannot draw the picture: not enough memory")
    return image


def _write_png(
    device: QIODevice, document: Document, look: Look, pages: list[_Page], dpi: float
) -> bool:
    image = _raster(document, look, pages, dpi)
    return not image.isNull() and QImageWriter(device, QByteArray(b"png")).write(image)


SVG_RESOLUTION = 2540
"""Dots an inch of the SVG's declared size: its width and height are written in millimetres to
the hundredth (Qt's generator takes a whole number of dots)."""


def _write_svg(
    device: QIODevice, document: Document, look: Look, pages: list[_Page], dpi: float
) -> bool:
    del dpi  # a vector image has none
    ((size, drawings),) = pages
    generator = QSvgGenerator()
    generator.setOutputDevice(device)
    # Drawn in CSS pixels (the viewBox); the declared size is the same length in millimetres.
    scale = SVG_RESOLUTION / UNITS_PER_INCH["px"]
    generator.setResolution(SVG_RESOLUTION)
    generator.setSize(QSize(round(size.width() * scale), round(size.height() * scale)))
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(document.title or "Puzzle")
    generator.setDescription(f"Made with {APP_NAME}")
    painter = QPainter(generator)
    _draw_page(painter, document, look, drawings)
    return painter.end()


def _write_pdf(
    device: QIODevice, document: Document, look: Look, pages: list[_Page], dpi: float
) -> bool:
    del dpi  # a vector page has none
    writer = QPdfWriter(device)
    writer.setTitle(document.title or "Puzzle")
    writer.setAuthor(document.author)
    writer.setCreator(APP_NAME)
    # Pages the drawing's size, in points: the painter then draws in points too.
    writer.setResolution(72)
    page = QPageSize(
        _pdf_page(pages[0][0]), QPageSize.Unit.Point, "puzzle", QPageSize.SizeMatchPolicy.ExactMatch
    )
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    for index, (_size, drawings) in enumerate(pages):
        if index:
            writer.newPage()
        _draw_page(painter, document, look, drawings)
    return painter.end()


def _pdf_page(size: QSizeF) -> QSizeF:
    """A page of at least ``size`` points: Qt's PDF writer takes whole points (it rounds the
    page box), so the page grows by under a point and the drawing keeps its exact size."""
    return QSizeF(math.ceil(size.width() - 1e-9), math.ceil(size.height() - 1e-9))


_Writer = Callable[[QIODevice, Document, Look, list[_Page], float], bool]
_WRITERS: dict[str, _Writer] = {".png": _write_png, ".svg": _write_svg, ".pdf": _write_pdf}
IMAGE_SUFFIXES = tuple(_WRITERS)
"""The files :func:`export_image` writes, by extension."""

_UNITS = {".png": "px", ".svg": "px", ".pdf": "pt"}
MAX_IMAGE_SIDE = {".png": 16384, ".svg": 16384, ".pdf": 14400}
"""The longest side of an exported image, in its units: 16 384 px, as large as Qt's raster
images and most viewers go; 14 400 pt (200 in) for a PDF page, the most PDF readers accept."""


def thumbnail(
    document: Document, look: Look, side: int, *, solution: Picture | None = None
) -> QImage:
    """A ``side`` × ``side`` pixel picture of the puzzle's grid (for lists), on white: the
    clues around a grid are left out, being unreadable at that size."""
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    area = QRectF(1, 1, side - 2, side - 2)
    draw_puzzle(
        painter,
        area,
        document.puzzle,
        look,
        solution=solution,
        inks=document.palette,
        surround=False,
    )
    painter.end()
    return image
