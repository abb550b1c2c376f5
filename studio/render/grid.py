"""QPainter drawing of a puzzle grid: cells, marks, overlays, givens, rules.

The same routines draw the canvas on screen, images and printed pages (docs/architecture.md,
"Drawing": one drawing code for screen and print, as in Tatham's collection). They take plain
data (numpy grids, clue tuples) and a :class:`Layout`, never widgets.

A colour puzzle's cells are drawn in its palette's colours (:func:`draw_grid`'s ``inks``), and
what lies over a colour (a variable field's hatch, a dot) in black or white, whichever stands out
from it (:func:`studio.core.palette.text_on`). The marks that must read on any cell, a given's
frame and the keyboard's cell, are edged (:func:`_stroke_edged`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from studio.core.grid import EMPTY, FILLED, UNKNOWN, BoolGrid, PartialGrid, Picture, filled_cells
from studio.core.palette import BLACK_RGB, RGB, WHITE_RGB, contrast_ratio, text_on
from studio.core.palette import Palette as Inks

if TYPE_CHECKING:
    from studio.render.scene import Scene

MAJOR_RULE_EVERY = 5
"""A thick rule every this many cells, as printed nonograms have."""
CENTRE = (0.5, 0.5)
"""The middle of a cell, as fractions of its width and height from its top left."""
DOT_IN_CORNER = (0.8, 0.8)
"""Where a kind whose cells hold its clues' digits puts the "known empty" dots (a mosaic):
in the cell's bottom right, clear of a centred digit."""


@dataclass(frozen=True)
class Palette:
    """Colours of the drawing, as Qt colour names (``#AARRGGBB`` where translucent); the
    defaults (:data:`DEFAULT_PALETTE`, for print and images) print well in black and white too:
    ink, clues and thick rules are pure black, thin rules 65 % black.
    The window draws with the desktop's colours instead (:func:`studio.gui.palette.screen_palette`),
    except a colour puzzle's grid (:func:`studio.render.scene.draw_scene`).
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


def _fill_cells(painter: QPainter, layout: Layout, mask: BoolGrid, color: str | QColor) -> None:
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
    inks: Inks | None = None,
    dots_at: tuple[float, float] = CENTRE,
) -> None:
    """Draw the cells and the rules of a grid.

    Args:
        painter: an active painter.
        layout: position and cell size.
        picture: the designer's picture (``(height, width)``, bool, or ``uint8`` colours with
            ``inks``), drawn in ink, or each cell in its colour.
        solution: a solver's solution, drawn in a lighter ink where ``picture`` is absent (in
            colour: each colour mixed with the paper, :data:`SOLUTION_SHARE`).
        marks: a solver's partial grid (``int8``): filled cells in ink (in colour: each known
            colour in full), empty ones dotted.
        givens: ``(row, col, value)`` cells shown from the start, each framed inside the
            cell, an empty one also crossed, alike on every cell (:func:`_frame_givens`); a
            given's cell is also filled: in ink (black and white) or with its colour.
        variable: cells to tint as variable fields (in colour, also hatched: :func:`_hatch`).
        conflict: cells to tint as part of a line that cannot hold its clue.
        highlight: cells to shade (e.g. the line a hint comes from).
        changed: cells to mark as changed (a repair being previewed).
        palette: colours of the drawing.
        major_every: a thick rule every this many cells (see :func:`draw_rules`).
        inks: what the colours of a colour puzzle look like (a document's palette), which
            ``picture``, ``solution``, ``marks`` and ``givens`` then hold; ``None`` in black
            and white. Cells known to be the background take its colour; unknown cells are
            always paper.
        dots_at: where in a cell the "known empty" dot of ``marks`` goes (fractions of the
            cell from its top left): :data:`DOT_IN_CORNER` for a kind whose cells hold its
            clues' digits.
    """
    rows, cols = layout.rows, layout.cols
    corner = layout.cell_rect(rows.start, cols.start).topLeft()
    paper = QRectF(corner.x(), corner.y(), len(cols) * layout.cell, len(rows) * layout.cell)
    painter.fillRect(paper, QColor(palette.paper))
    if highlight is not None:
        _fill_cells(painter, layout, highlight, palette.highlight)
    shown: _Shown | None = None
    if inks is not None:
        shown = _draw_colours(
            painter, layout, inks, palette, picture, solution, marks, givens, dots_at
        )
    elif picture is not None:
        _fill_cells(painter, layout, filled_cells(picture), palette.ink)
    elif solution is not None:
        _fill_cells(painter, layout, filled_cells(solution), palette.solution_ink)
    if marks is not None and inks is None:
        _fill_cells(painter, layout, marks == FILLED, palette.ink)
        _dot_cells(painter, layout, marks == EMPTY, palette.ink, dots_at)
    if inks is None and givens:
        # A filled given is shown filled, as a colour given shows its colour: a printed
        # puzzle has no picture, and a frame on white read as an empty or unknown cell.
        given_filled = np.zeros(layout.shape, dtype=bool)
        for row, col, value in givens:
            given_filled[row, col] = bool(value)
        _fill_cells(painter, layout, given_filled, palette.ink)
    if variable is not None:
        _fill_cells(painter, layout, variable, palette.variable)
        if shown is not None:
            _hatch(painter, layout, variable, shown)
    if conflict is not None:
        _fill_cells(painter, layout, conflict, palette.conflict)
    if changed is not None:
        _fill_cells(painter, layout, changed, palette.changed)
        if shown is not None:
            _frame_changed(painter, layout, changed, shown)
    _frame_givens(painter, layout, givens, palette)
    draw_rules(painter, layout, palette=palette, major_every=major_every)


SOLUTION_SHARE = 0.55
"""In colour, a solver's solution shown where there is no picture is each colour mixed with
the paper, this share of the colour: plainly the colour, plainly lighter than a painted cell
(black and white draws it in :attr:`Palette.solution_ink` for the same reason)."""


def _mixed(paper: RGB, rgb: RGB, share: float) -> RGB:
    """``share`` of ``rgb`` over ``paper``."""
    red, green, blue = (round(p + (c - p) * share) for p, c in zip(paper, rgb, strict=True))
    return red, green, blue


def _rgb(color: QColor) -> RGB:
    return color.red(), color.green(), color.blue()


@dataclass(frozen=True)
class _Shown:
    """What a colour grid shows in each cell: ``rgb`` ``uint8 (height, width, 3)``, the colour
    drawn there (the paper where nothing is known)."""

    rgb: npt.NDArray[np.uint8]

    def at(self, row: int, col: int) -> RGB:
        red, green, blue = (int(value) for value in self.rgb[row, col])
        return red, green, blue

    def dark(self) -> BoolGrid:
        """Bool ``(height, width)``: the cells on which white reads better than black
        (:func:`text_on`)."""
        height, width, _ = self.rgb.shape
        colours, inverse = np.unique(self.rgb.reshape(-1, 3), axis=0, return_inverse=True)
        on_dark = np.array([text_on((int(r), int(g), int(b))) == WHITE_RGB for r, g, b in colours])
        dark: BoolGrid = on_dark[inverse.reshape(-1)].reshape(height, width)
        return dark


def _draw_colours(
    painter: QPainter,
    layout: Layout,
    inks: Inks,
    palette: Palette,
    picture: Picture | None,
    solution: Picture | None,
    marks: PartialGrid | None,
    givens: Sequence[tuple[int, int, int]],
    dots_at: tuple[float, float],
) -> _Shown:
    """Each known cell of a colour grid in its colour: the picture's in full, else the
    solution's mixed with the paper (:data:`SOLUTION_SHARE`); the marks and the givens in full;
    a background mark also dotted, at ``dots_at``. Returns what each cell now shows."""
    paper = _rgb(QColor(palette.paper))
    shape = layout.shape
    values = np.full(shape, UNKNOWN, dtype=np.int16)  # the colour known, UNKNOWN if none
    light = np.zeros(shape, dtype=bool)  # a solver's solution, drawn lighter
    if picture is not None:
        values[:] = picture
    elif solution is not None:
        values[:] = solution
        light[:] = True
    if marks is not None:
        known = marks != UNKNOWN
        values[known] = marks[known]
        light[known] = False
    for row, col, value in givens:
        values[row, col], light[row, col] = int(value), False
    rgb = np.empty((*shape, 3), dtype=np.uint8)
    rgb[:] = paper
    for value, colour in enumerate(inks.colours):
        if value == 0 and colour.rgb == paper:
            continue  # the paper shows it already (a white background on print's paper)
        for lighter in (False, True):
            mask = (values == value) & (light == lighter)
            if not mask.any():
                continue
            drawn = _mixed(paper, colour.rgb, SOLUTION_SHARE) if lighter else colour.rgb
            rgb[mask] = drawn
            _fill_cells(painter, layout, mask, QColor(*drawn))
    shown = _Shown(rgb)
    if marks is not None:  # a known background: dotted, black or white as stands out
        empty = marks == EMPTY
        on_dark = shown.dark()
        for dots, ink in ((empty & ~on_dark, BLACK_RGB), (empty & on_dark, WHITE_RGB)):
            _dot_cells(painter, layout, dots, QColor(*ink), dots_at)
    return shown


HATCH_LINES = 3
"""Diagonal lines across a variable field in colour."""


def _hatch(painter: QPainter, layout: Layout, mask: BoolGrid, shown: _Shown) -> None:
    """Diagonal lines across each cell of ``mask`` (a colour grid's variable fields), black or
    white, whichever stands out more from the cell's colour (:func:`text_on`).

    The orange tint under them is the variable fields' mark in black and white, but it all but
    vanishes on an orange, red or yellow cell; lines of the cell's contrasting colour read on
    any colour, dark or light, and still let the colour show between them."""
    width = max(layout.hairline, layout.cell / 14)
    step = layout.cell / HATCH_LINES
    painter.save()
    for row, col in layout.cells(mask):
        rect = layout.cell_rect(row, col)
        painter.setClipRect(rect)
        painter.setPen(QPen(QColor(*text_on(shown.at(row, col))), width))
        for index in range(1, 2 * HATCH_LINES):  # "/" lines, clipped to the cell
            offset = index * step
            painter.drawLine(
                QPointF(rect.left() + offset - layout.cell, rect.bottom()),
                QPointF(rect.left() + offset, rect.top()),
            )
    painter.restore()


def _frame_changed(painter: QPainter, layout: Layout, mask: BoolGrid, shown: _Shown) -> None:
    """A dashed frame inside each cell of ``mask`` (the cells a previewed repair changes, in
    colour), black or white as stands out from the cell (:func:`text_on`): the green tint that
    marks them in black and white fades on a green or a dark cell."""
    pen = QPen(QColor(), max(layout.hairline, layout.cell / 10), Qt.PenStyle.DashLine)
    inset = pen.widthF() / 2 + layout.cell / 8
    for row, col in layout.cells(mask):
        pen.setColor(QColor(*text_on(shown.at(row, col))))
        painter.setPen(pen)
        painter.drawRect(layout.cell_rect(row, col).adjusted(inset, inset, -inset, -inset))


def draw_picture_grid(
    painter: QPainter,
    layout: Layout,
    scene: Scene,
    palette: Palette,
    givens: Sequence[tuple[int, int, int]] = (),
    dots_at: tuple[float, float] = CENTRE,
) -> None:
    """Draw the grid of a kind drawn from a picture (nonogram, mosaic): everything ``scene``
    shows on the cells, and ``givens`` framed, known empty cells dotted at ``dots_at`` (see
    :func:`draw_grid`)."""
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
        inks=scene.inks,
        dots_at=dots_at,
    )


def _dot_cells(
    painter: QPainter, layout: Layout, mask: BoolGrid, color: str | QColor, at: tuple[float, float]
) -> None:
    """A small dot in each cell of ``mask``: the solver's "known empty" mark, at ``at``."""
    draw_discs(painter, layout, mask, color, max(1.0, layout.cell / 10), at)


def draw_discs(
    painter: QPainter,
    layout: Layout,
    mask: BoolGrid,
    color: str | QColor,
    radius: float,
    at: tuple[float, float] = CENTRE,
) -> None:
    """A disc of ``radius`` (painter units) in each cell of ``mask`` (bool ``(height,
    width)``), its centre at ``at`` (fractions of the cell from its top left)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    for row, col in layout.cells(mask):
        rect = layout.cell_rect(row, col)
        centre = QPointF(rect.left() + at[0] * rect.width(), rect.top() + at[1] * rect.height())
        painter.drawEllipse(centre, radius, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _frame_givens(
    painter: QPainter, layout: Layout, givens: Sequence[tuple[int, int, int]], palette: Palette
) -> None:
    """A frame inside each given cell, clear of its rules; an empty given also gets a cross, so
    that both kinds read in black and white. The frame is the palette's ink, edged
    (:func:`_stroke_edged`), alike on every cell: a given looks the same whatever its colour,
    and nothing like the keyboard's cell (:func:`draw_cursor`), a ring of another colour over
    the cell's border. None on a thumbnail (:func:`is_tiny`)."""
    if not givens or is_tiny(layout):
        return
    width = max(1.5 * layout.hairline, layout.cell / 10)
    edge = max(layout.hairline, layout.cell / 24)
    inset = max(2 * layout.hairline, layout.cell / 8) + edge + width / 2  # the frame's middle
    path = QPainterPath()
    for row, col, filled in givens:
        if not layout.shows(row, col):
            continue
        rect = layout.cell_rect(row, col).adjusted(inset, inset, -inset, -inset)
        path.addRect(rect)
        if not filled:
            for start, end in (
                (rect.topLeft(), rect.bottomRight()),
                (rect.topRight(), rect.bottomLeft()),
            ):
                path.moveTo(start)
                path.lineTo(end)
    _stroke_edged(painter, path, QColor(palette.ink), width, edge)


def draw_cursor(painter: QPainter, layout: Layout, row: int, col: int, palette: Palette) -> None:
    """The keyboard's cell ``(row, col)``: a ring of the palette's cursor colour (the desktop's
    highlight) over the cell's border, half outside it, edged (:func:`_stroke_edged`) so that it
    reads on any cell and on its neighbours; a given's frame (:func:`_frame_givens`) lies
    inside the cell, clear of it."""
    width, edge = cursor_widths(layout)
    path = QPainterPath()
    path.addRect(layout.cell_rect(row, col))
    _stroke_edged(painter, path, QColor(palette.cursor), width, edge)


def cursor_widths(layout: Layout) -> tuple[float, float]:
    """The keyboard's ring's width and its edges' (:func:`draw_cursor`): an eighth of a cell,
    two to four hairlines, and a hairline. Half the one and the other reach outside the cell,
    three hairlines at most, so that a view keeps room for them round its grid."""
    hairline = layout.hairline
    return max(2 * hairline, min(4 * hairline, layout.cell / 8)), hairline


def _stroke_edged(
    painter: QPainter, path: QPainterPath, core: QColor, width: float, edge: float
) -> None:
    """``path`` stroked ``width`` wide in ``core``, with an ``edge`` wide line on either side
    in black or white, whichever stands out from ``core`` (:func:`text_on`, a contrast of 4.5
    or more): on a ground that hides the core, the edges show, and on one that hides the edges,
    the core does. Square corners; ends cut square at their points (a cross's arms end on its
    frame)."""
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for color, pen_width in ((QColor(*text_on(_rgb(core))), width + 2 * edge), (core, width)):
        pen = QPen(color, pen_width)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawPath(path)
    painter.restore()


LEAST_CONTRAST = 3.0
"""The least contrast ratio (:func:`~studio.core.palette.contrast_ratio`) a colour box keeps with
the paper, else it is outlined: WCAG 2.1's for graphical objects (success criterion 1.4.11)."""


def draw_swatch(
    painter: QPainter, rect: QRectF, rgb: RGB, palette: Palette, hairline: float
) -> None:
    """A box of colour ``rgb`` filling ``rect`` (a colour clue's, a colour key's); outlined
    ``hairline`` wide in the clue colour when it stands out too little from the paper
    (:data:`LEAST_CONTRAST`: a yellow box on white paper)."""
    painter.fillRect(rect, QColor(*rgb))
    if contrast_ratio(rgb, _rgb(QColor(palette.paper))) < LEAST_CONTRAST:
        painter.setPen(QPen(QColor(palette.clue_text), hairline))
        painter.drawRect(rect)


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
