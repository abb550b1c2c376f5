"""QPainter drawing of a puzzle grid: cells, marks, overlays, givens, rules.

The same routines draw the canvas on screen, images and printed pages (docs/architecture.md,
"Drawing": one drawing code for screen and print, as in Tatham's collection). They take plain
data (numpy grids, clue tuples) and a :class:`Layout`, never widgets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from studio.core.grid import EMPTY, FILLED, BoolGrid, PartialGrid

if TYPE_CHECKING:
    from studio.render.scene import Scene

MAJOR_RULE_EVERY = 5
"""A thick rule every this many cells, as printed nonograms have."""


@dataclass(frozen=True)
class Palette:
    """Colours of the drawing, as Qt colour names (``#AARRGGBB`` where translucent); the
    defaults (:data:`DEFAULT_PALETTE`, for print and images) print well in black and white too.
    The window draws with the desktop's colours instead (:func:`studio.gui.palette.screen_palette`).
    """

    paper: str = "#ffffff"
    background: str = "#ffffff"  # around the grid
    cursor: str = "#1a73e8"  # the keyboard's cell
    ink: str = "#202124"
    solution_ink: str = "#5f6368"  # a solved cell the designer did not paint
    minor_rule: str = "#c4c7c5"
    major_rule: str = "#202124"
    variable: str = "#96ff8c00"  # the variable fields, over ink or paper
    conflict: str = "#46d93025"  # a line that cannot hold its clue
    conflict_text: str = "#c5221f"
    highlight: str = "#1c1a73e8"  # a hint's line, the clue lines under the mouse
    given: str = "#1a73e8"  # the frame of a given cell
    changed: str = "#9934a853"  # a cell a previewed repair changes
    clue_text: str = "#202124"


DEFAULT_PALETTE = Palette()


@dataclass(frozen=True)
class Layout:
    """Where a grid of ``shape`` (rows, columns) sits: cell size and top-left corner, in px."""

    shape: tuple[int, int]
    cell: float
    left: float = 0.0
    top: float = 0.0

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the grid in pixels."""
        height, width = self.shape
        return width * self.cell, height * self.cell

    def cell_rect(self, row: int, col: int) -> QRectF:
        return QRectF(self.left + col * self.cell, self.top + row * self.cell, self.cell, self.cell)

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        """The ``(row, col)`` under ``point``, or ``None`` outside the grid."""
        col = int((point.x() - self.left) // self.cell)
        row = int((point.y() - self.top) // self.cell)
        height, width = self.shape
        return (row, col) if 0 <= row < height and 0 <= col < width else None


def cells_to_draw(
    painter: QPainter, layout: Layout, mask: npt.NDArray[np.bool_]
) -> list[tuple[int, int]]:
    """The cells of ``mask`` (bool ``(height, width)``) that the painter's clip reaches, row by
    row: all of them without a clip (an image, a page), only those of the region repainted on
    screen, so that repainting a few cells of a large grid does not draw every cell."""
    height, width = layout.shape
    top, bottom, left, right = 0, height, 0, width
    if painter.hasClipping():
        clip = painter.clipBoundingRect()
        cell = layout.cell
        left = max(0, math.floor((clip.left() - layout.left) / cell))
        right = min(width, math.floor((clip.right() - layout.left) / cell) + 1)
        top = max(0, math.floor((clip.top() - layout.top) / cell))
        bottom = min(height, math.floor((clip.bottom() - layout.top) / cell) + 1)
        if left >= right or top >= bottom:
            return []
    found = np.argwhere(mask[top:bottom, left:right])
    return [(int(row) + top, int(col) + left) for row, col in found]


def _fill_cells(painter: QPainter, layout: Layout, mask: BoolGrid, color: str) -> None:
    brush = QColor(color)
    for row, col in cells_to_draw(painter, layout, mask):
        painter.fillRect(layout.cell_rect(row, col), brush)


def draw_grid(
    painter: QPainter,
    layout: Layout,
    *,
    picture: BoolGrid | None = None,
    solution: BoolGrid | None = None,
    marks: PartialGrid | None = None,
    givens: Sequence[tuple[int, int, bool]] = (),
    variable: BoolGrid | None = None,
    conflict: BoolGrid | None = None,
    highlight: BoolGrid | None = None,
    changed: BoolGrid | None = None,
    palette: Palette = DEFAULT_PALETTE,
    major_every: int | None = MAJOR_RULE_EVERY,
) -> None:
    """Draw the cells and the rules of a grid.

    Args:
        painter: an active painter.
        layout: position and cell size.
        picture: the designer's picture (bool ``(height, width)``), drawn in ink.
        solution: a solver's solution, drawn in a lighter ink where ``picture`` is absent.
        marks: a solver's partial grid (``int8``): filled cells in ink, empty ones dotted.
        givens: ``(row, col, filled)`` cells shown from the start, framed in their own colour.
        variable: cells to tint as variable fields.
        conflict: cells to tint as part of a line that cannot hold its clue.
        highlight: cells to shade (e.g. the line a hint comes from).
        changed: cells to mark as changed (a repair being previewed).
        palette: colours.
        major_every: a thick rule every this many cells (see :func:`draw_rules`).
    """
    width_px, height_px = layout.size
    painter.fillRect(QRectF(layout.left, layout.top, width_px, height_px), QColor(palette.paper))
    if highlight is not None:
        _fill_cells(painter, layout, highlight, palette.highlight)
    if picture is not None:
        _fill_cells(painter, layout, picture, palette.ink)
    elif solution is not None:
        _fill_cells(painter, layout, solution, palette.solution_ink)
    if marks is not None:
        _fill_cells(painter, layout, marks == FILLED, palette.ink)
        _dot_cells(painter, layout, marks == EMPTY, palette.ink)
    if variable is not None:
        _fill_cells(painter, layout, variable, palette.variable)
    if conflict is not None:
        _fill_cells(painter, layout, conflict, palette.conflict)
    if changed is not None:
        _fill_cells(painter, layout, changed, palette.changed)
    _frame_givens(painter, layout, givens, palette)
    draw_rules(painter, layout, palette=palette, major_every=major_every)


def draw_picture_grid(
    painter: QPainter,
    layout: Layout,
    scene: Scene,
    palette: Palette,
    givens: Sequence[tuple[int, int, bool]] = (),
) -> None:
    """Draw the grid of a kind drawn from a picture (nonogram, mosaic): everything ``scene``
    shows on the cells, and ``givens`` framed (see :func:`draw_grid`)."""
    draw_grid(
        painter,
        layout,
        picture=scene.picture,
        solution=scene.solution,
        marks=scene.marks,
        givens=givens,
        variable=scene.variable,
        conflict=scene.conflict,
        highlight=scene.highlight,
        changed=scene.changed,
        palette=palette,
    )


def _dot_cells(painter: QPainter, layout: Layout, mask: BoolGrid, color: str) -> None:
    """A small dot in each cell: the solver's "known empty" mark."""
    draw_discs(painter, layout, mask, color, max(1.0, layout.cell / 10))


def draw_discs(
    painter: QPainter, layout: Layout, mask: BoolGrid, color: str, radius: float
) -> None:
    """A disc of ``radius`` (painter units) centred in each cell of ``mask`` (bool
    ``(height, width)``)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    for row, col in cells_to_draw(painter, layout, mask):
        painter.drawEllipse(layout.cell_rect(row, col).center(), radius, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _frame_givens(
    painter: QPainter, layout: Layout, givens: Sequence[tuple[int, int, bool]], palette: Palette
) -> None:
    """An inset frame around each given cell; an empty given also gets a cross, so that both
    kinds read in black and white."""
    width = max(1.5, layout.cell / 8)
    pen = QPen(QColor(palette.given), width)
    painter.setPen(pen)
    inset = width / 2 + 1
    for row, col, filled in givens:
        rect = layout.cell_rect(row, col).adjusted(inset, inset, -inset, -inset)
        painter.drawRect(rect)
        if not filled:
            painter.drawLine(rect.topLeft(), rect.bottomRight())
            painter.drawLine(rect.topRight(), rect.bottomLeft())


TINY_CELL = 6.0
"""Cells smaller than this (in the painter's units) get only the thick rules, one unit wide."""


def draw_rules(
    painter: QPainter,
    layout: Layout,
    *,
    palette: Palette = DEFAULT_PALETTE,
    major_every: int | None = MAJOR_RULE_EVERY,
) -> None:
    """Thin rules between cells, a thick rule every ``major_every`` cells (default
    :data:`MAJOR_RULE_EVERY`, for counting; ``None``: none, for kinds nobody counts cells of)
    and a thick border."""
    height, width = layout.shape
    left, top = layout.left, layout.top
    right, bottom = left + width * layout.cell, top + height * layout.cell
    # Widths follow the cell, so that a printed page (hundreds of dots a cell) keeps the
    # proportions of the screen.
    thin = QPen(QColor(palette.minor_rule), max(1.0, layout.cell / 25))
    thick = QPen(QColor(palette.major_rule), max(2.0, layout.cell / 10))
    rules = [(thin, False), (thick, True)]
    if layout.cell < TINY_CELL:  # a thumbnail: rules would bury the picture
        thick.setWidthF(1.0)
        rules = [(thick, True)]
    for pen, major in rules:
        painter.setPen(pen)
        for col in range(width + 1):
            if _is_major(col, width, major_every) == major:
                x = left + col * layout.cell
                painter.drawLine(QPointF(x, top), QPointF(x, bottom))
        for row in range(height + 1):
            if _is_major(row, height, major_every) == major:
                y = top + row * layout.cell
                painter.drawLine(QPointF(left, y), QPointF(right, y))


def _is_major(index: int, count: int, every: int | None) -> bool:
    """Whether the rule before cell ``index`` of ``count`` is thick: the border, and every
    ``every`` cells."""
    return index in (0, count) or (every is not None and index % every == 0)


def clue_font(cell: float, widest: str = "0") -> QFont:
    """The font for clue numbers in cells of ``cell`` pixels: readable, never larger than a cell,
    and narrow enough that ``widest`` (the longest number, e.g. ``"100"``) fits a cell with a
    little room on each side, so that numbers in neighbouring cells never run together."""
    font = QFont()
    font.setPixelSize(max(6, round(cell * 0.55)))
    advance = QFontMetricsF(font).horizontalAdvance(widest)
    room = cell * 0.86
    if advance > room:
        font.setPixelSize(max(4, int(font.pixelSize() * room / advance)))
    return font
