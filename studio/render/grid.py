"""QPainter drawing of a puzzle grid: cells, marks, overlays, givens, rules.

The same routines draw the canvas on screen, images and printed pages (docs/architecture.md,
"Drawing": one drawing code for screen and print, as in Tatham's collection). They take plain
data (numpy grids, clue tuples) and a :class:`Layout`, never widgets.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from studio.core.grid import EMPTY, FILLED, BoolGrid, PartialGrid, Picture, filled_cells

if TYPE_CHECKING:
    from studio.render.scene import Scene

MAJOR_RULE_EVERY = 5
"""A thick rule every this many cells, as printed nonograms have."""


@dataclass(frozen=True)
class Palette:
    """Colours of the drawing, as Qt colour names (``#AARRGGBB`` where translucent); the
    defaults (:data:`DEFAULT_PALETTE`, for print and images) print well in black and white too:
    ink, clues and thick rules are pure black, thin rules 65 % black.
    The window draws with the desktop's colours instead (:func:`studio.gui.palette.screen_palette`).
    """

    paper: str = "#ffffff"
    background: str = "#ffffff"  # around the grid
    cursor: str = "#1a73e8"  # the keyboard's cell
    ink: str = "#000000"
    solution_ink: str = "#5f6368"  # a solved cell the designer did not paint
    minor_rule: str = "#595959"  # 65 % black: a home printer's thin rules stay visible
    major_rule: str = "#000000"
    variable: str = "#96ff8c00"  # the variable fields, over ink or paper
    conflict: str = "#46d93025"  # a line that cannot hold its clue
    conflict_text: str = "#c5221f"
    highlight: str = "#1c1a73e8"  # a hint's line, the clue lines under the mouse
    given: str = "#1a73e8"  # the frame of a given cell
    changed: str = "#9934a853"  # a cell a previewed repair changes
    clue_text: str = "#000000"


DEFAULT_PALETTE = Palette()


@dataclass(frozen=True)
class Layout:
    """Where a grid of ``shape`` (rows, columns) sits: cell size and top-left corner, in the
    painter's units (pixels on screen and in images)."""

    shape: tuple[int, int]
    cell: float
    left: float = 0.0
    top: float = 0.0
    window: tuple[range, range] | None = None
    """The rows and columns to draw (those a repaint covers, :meth:`within`); ``None``: all."""
    hairline: float = 1.0
    """The thinnest line worth drawing, in the painter's units: a pixel on screen and in
    images; on a printed page, :data:`PRINT_HAIRLINE_PT` (a press loses thinner rules)."""
    thin_rule: float | None = None
    """The thin rules' width in the painter's units (a book's
    :attr:`~studio.core.book.BookLayout.thin_rule_pt`); ``None``: follows the cell
    (:func:`draw_rules`)."""
    thick_rule: float | None = None
    """The thick rules' width in the painter's units; ``None``: follows the cell."""
    font_family: str = ""
    """The font family of the numbers drawn (:func:`clue_font`); ``""``: Qt's default."""

    def within(self, rect: QRectF) -> Layout:
        """This layout drawing only the rows and columns that meet ``rect`` (a repaint's
        rectangle, in the painter's units): a small repaint of a large grid stays small."""
        height, width = self.shape

        def span(low: float, high: float, origin: float, count: int) -> range:
            first = max(0, math.floor((low - origin) / self.cell))
            return range(first, max(first, min(count, math.ceil((high - origin) / self.cell))))

        rows = span(rect.top(), rect.bottom(), self.top, height)
        return replace(self, window=(rows, span(rect.left(), rect.right(), self.left, width)))

    @property
    def rows(self) -> range:
        """The rows to draw."""
        return self.window[0] if self.window is not None else range(self.shape[0])

    @property
    def cols(self) -> range:
        """The columns to draw."""
        return self.window[1] if self.window is not None else range(self.shape[1])

    def cells(self, mask: BoolGrid) -> Iterator[tuple[int, int]]:
        """The ``(row, col)`` of the cells of ``mask`` (bool ``(height, width)``) to draw."""
        rows, cols = self.rows, self.cols
        for row, col in np.argwhere(mask[rows.start : rows.stop, cols.start : cols.stop]):
            yield int(row) + rows.start, int(col) + cols.start

    def shows(self, row: int, col: int) -> bool:
        """Whether the cell ``(row, col)`` is to be drawn."""
        return row in self.rows and col in self.cols

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


def _fill_cells(painter: QPainter, layout: Layout, mask: BoolGrid, color: str) -> None:
    brush = QColor(color)
    for row, col in layout.cells(mask):
        painter.fillRect(layout.cell_rect(row, col), brush)


def draw_grid(
    painter: QPainter,
    layout: Layout,
    *,
    picture: Picture | None = None,
    solution: Picture | None = None,
    marks: PartialGrid | None = None,
    givens: Sequence[tuple[int, int, int]] = (),
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
    rows, cols = layout.rows, layout.cols
    corner = layout.cell_rect(rows.start, cols.start).topLeft()
    paper = QRectF(corner.x(), corner.y(), len(cols) * layout.cell, len(rows) * layout.cell)
    painter.fillRect(paper, QColor(palette.paper))
    if highlight is not None:
        _fill_cells(painter, layout, highlight, palette.highlight)
    # Colour pictures are drawn in ink for now: their colours are the window's to come.
    if picture is not None:
        _fill_cells(painter, layout, filled_cells(picture), palette.ink)
    elif solution is not None:
        _fill_cells(painter, layout, filled_cells(solution), palette.solution_ink)
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
    givens: Sequence[tuple[int, int, int]] = (),
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
    for row, col in layout.cells(mask):
        painter.drawEllipse(layout.cell_rect(row, col).center(), radius, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _frame_givens(
    painter: QPainter, layout: Layout, givens: Sequence[tuple[int, int, int]], palette: Palette
) -> None:
    """An inset frame around each given cell; an empty given also gets a cross, so that both
    kinds read in black and white."""
    width = max(1.5, layout.cell / 8)
    pen = QPen(QColor(palette.given), width)
    painter.setPen(pen)
    inset = width / 2 + 1
    for row, col, filled in givens:
        if not layout.shows(row, col):
            continue
        rect = layout.cell_rect(row, col).adjusted(inset, inset, -inset, -inset)
        painter.drawRect(rect)
        if not filled:
            painter.drawLine(rect.topLeft(), rect.bottomRight())
            painter.drawLine(rect.topRight(), rect.bottomLeft())


TINY_CELL = 6.0
"""Cells smaller than this many hairlines (:attr:`Layout.hairline`) get only the thick rules,
one hairline wide."""

PRINT_HAIRLINE_PT = 0.25
"""The thinnest rule on a printed page, in points (1/72 in): 0.25 pt, the finest line
print-on-demand presses promise to hold."""


def is_tiny(layout: Layout) -> bool:
    """Whether the cells are too small for thin rules and in-cell marks (a thumbnail)."""
    return layout.cell < TINY_CELL * layout.hairline


def draw_rules(
    painter: QPainter,
    layout: Layout,
    *,
    palette: Palette = DEFAULT_PALETTE,
    major_every: int | None = MAJOR_RULE_EVERY,
) -> None:
    """Thin rules between cells, a thick rule every ``major_every`` cells (default
    :data:`MAJOR_RULE_EVERY`, for counting; ``None``: none, for kinds nobody counts cells of)
    and a thick border.

    Widths follow the cell (thin 1/25 of it, thick 1/10), so that a printed page keeps the
    proportions of the screen, and never go below the layout's hairline (thick: two); a
    layout's :attr:`~Layout.thin_rule` and :attr:`~Layout.thick_rule` set them instead (a
    thick rule never thinner than a thin one).
    """
    height, width = layout.shape
    left, top = layout.left, layout.top
    right, bottom = left + width * layout.cell, top + height * layout.cell
    hairline = layout.hairline
    thin_width = layout.thin_rule or max(hairline, layout.cell / 25)
    thick_width = max(thin_width, layout.thick_rule or max(2 * hairline, layout.cell / 10))
    thin = QPen(QColor(palette.minor_rule), thin_width)
    thick = QPen(QColor(palette.major_rule), thick_width)
    rules = [(thin, False), (thick, True)]
    if is_tiny(layout):  # a thumbnail: rules would bury the picture
        thick.setWidthF(hairline)
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


def clue_font(cell: float, widest: str = "0", family: str = "") -> QFont:
    """The font for clue numbers in cells of ``cell`` pixels: readable, never larger than a cell,
    and narrow enough that ``widest`` (the longest number, e.g. ``"100"``) fits a cell with a
    little room on each side, so that numbers in neighbouring cells never run together.
    ``family``: the font family (:attr:`Layout.font_family`); ``""``: Qt's default."""
    font = QFont()
    if family:
        font.setFamily(family)
    font.setPixelSize(max(6, round(cell * 0.55)))
    advance = QFontMetricsF(font).horizontalAdvance(widest)
    room = cell * 0.86
    if advance > room:
        font.setPixelSize(max(4, int(font.pixelSize() * room / advance)))
    return font
