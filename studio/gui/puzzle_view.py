"""The puzzle on screen: the grid canvas with the row clues at its left and the column clues on top.

:class:`PuzzleView` holds what is shown (the document, the latest analysis, the zoom, the mouse
cell) and lays out three widgets that draw it with :mod:`studio.render.grid`. Painting on the
canvas goes to the :class:`~studio.gui.document_model.DocumentModel`; the view never edits the
document itself.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QWheelEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

from studio.core.document import Document
from studio.core.grid import BoolGrid
from studio.core.kinds.nonogram import Nonogram
from studio.core.sat.analysis import Analysis
from studio.gui.document_model import DocumentModel
from studio.render.grid import Layout, draw_clues, draw_grid

MARGIN = 3
"""Pixels around the grid, so that the thick border is not clipped."""

MIN_CELL, MAX_CELL, DEFAULT_CELL = 6, 64, 24


def _line_of(conflict: BoolGrid, axis: str) -> int | None:
    """The row (or column) whose every cell is in ``conflict``, if any."""
    full = conflict.all(axis=1 if axis == "row" else 0)
    hits = np.flatnonzero(full)
    return int(hits[0]) if hits.size == 1 else None


class PuzzleView(QWidget):
    """Row clues, column clues and the canvas, sized by the zoom.

    Signals:
        hovered(object): the ``(row, col)`` under the mouse, or ``None``.
    """

    hovered = Signal(object)

    def __init__(self, model: DocumentModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.cell = DEFAULT_CELL
        self.analysis: Analysis | None = None
        self.analysis_current = False  # False while the shown analysis is of an older edit
        self.show_variable = True
        self.hover: tuple[int, int] | None = None

        self.canvas = GridCanvas(self)
        self.row_clues = CluePanel(self, "row")
        self.column_clues = CluePanel(self, "column")
        layout = QGridLayout(self)
        layout.setSpacing(0)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.column_clues, 0, 1, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.row_clues, 1, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.canvas, 1, 1, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.setColumnStretch(2, 1)
        layout.setRowStretch(2, 1)
        model.changed.connect(self._document_changed)
        self._resize_parts()

    @property
    def document(self) -> Document:
        return self.model.document

    # What is shown ---------------------------------------------------------------------------

    def set_analysis(self, analysis: Analysis | None, *, current: bool = True) -> None:
        """Show ``analysis`` (``current=False``: it describes an earlier edit, drawn faded)."""
        self.analysis = analysis
        self.analysis_current = current
        self._update_all()

    def set_show_variable(self, show: bool) -> None:
        self.show_variable = show
        self.canvas.update()

    def set_cell_size(self, cell: int) -> None:
        cell = max(MIN_CELL, min(MAX_CELL, cell))
        if cell != self.cell:
            self.cell = cell
            self._resize_parts()

    def set_hover(self, cell: tuple[int, int] | None) -> None:
        if cell != self.hover:
            self.hover = cell
            self.hovered.emit(cell)
            self._update_all()

    def solution_shown(self) -> BoolGrid | None:
        """The solver's solution drawn for a document without a picture, if any."""
        if self.document.picture is None and self.analysis is not None and self.analysis_current:
            return self.analysis.solution
        return None

    def conflict_mask(self) -> BoolGrid | None:
        if self.analysis is None or self.analysis.contradiction is None:
            return None
        mask = np.zeros(self.document.puzzle.shape, dtype=bool)
        for row, col in self.analysis.contradiction.cells:
            mask[row, col] = True
        return mask

    def grid_layout(self) -> Layout:
        return Layout(self.document.puzzle.shape, self.cell, MARGIN, MARGIN)

    def clue_depth(self, axis: str) -> int:
        clues = self._clues(axis)
        return max((len(clue) for clue in clues), default=0) or 1

    def _clues(self, axis: str) -> Sequence[Sequence[int]]:
        # Line clues are the nonogram's; other kinds will bring their own panels.
        puzzle = self.document.puzzle
        assert isinstance(puzzle, Nonogram)
        return puzzle.rows if axis == "row" else puzzle.cols

    # Events --------------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            step = 2 if event.angleDelta().y() > 0 else -2
            self.set_cell_size(self.cell + step)
            event.accept()
        else:
            super().wheelEvent(event)

    def _document_changed(self) -> None:
        self.analysis_current = False
        self._resize_parts()

    def _resize_parts(self) -> None:
        height, width = self.document.puzzle.shape
        grid_w = width * self.cell + 2 * MARGIN
        grid_h = height * self.cell + 2 * MARGIN
        self.canvas.setFixedSize(grid_w, grid_h)
        self.row_clues.setFixedSize(self.clue_depth("row") * self.cell, grid_h)
        self.column_clues.setFixedSize(grid_w, self.clue_depth("column") * self.cell)
        self._update_all()

    def _update_all(self) -> None:
        self.canvas.update()
        self.row_clues.update()
        self.column_clues.update()


class CluePanel(QWidget):
    """The clues of the rows (drawn left of the grid) or of the columns (drawn above it)."""

    def __init__(self, view: PuzzleView, axis: str) -> None:
        super().__init__(view)
        self.view = view
        self.axis = axis
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def line_clues(self) -> list[str]:
        """Each line's clue as shown, e.g. ``"3 1"`` (for tests and accessibility)."""
        return [" ".join(map(str, clue)) or "0" for clue in self.view._clues(self.axis)]

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.view
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        depth = view.clue_depth(self.axis)
        # Place the grid's layout so that the clues end exactly where the grid starts.
        left, top = (
            (depth * view.cell, MARGIN) if self.axis == "row" else (MARGIN, depth * view.cell)
        )
        conflict = view.conflict_mask()
        hover = view.hover
        draw_clues(
            painter,
            Layout(view.document.puzzle.shape, view.cell, left, top),
            view._clues(self.axis),
            axis=self.axis,
            depth=depth,
            conflict_line=None if conflict is None else _line_of(conflict, self.axis),
            highlight_line=None if hover is None else hover[0 if self.axis == "row" else 1],
        )
        painter.end()


class GridCanvas(QWidget):
    """The grid: shows the picture and the analysis, and paints with the mouse.

    Left-drag fills, right-drag clears; a left-drag that starts on a filled cell clears. Each
    drag is one undo step.
    """

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        self.view = view
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self._stroke_value: bool | None = None
        self._last_cell: tuple[int, int] | None = None

    def sizeHint(self) -> QSize:
        return self.size()

    def shown_picture(self) -> BoolGrid:
        """What the grid shows as filled: the picture, else the solution shown, else nothing."""
        document = self.view.document
        if document.picture is not None:
            return document.picture
        solution = self.view.solution_shown()
        return solution if solution is not None else np.zeros(document.puzzle.shape, dtype=bool)

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.view
        analysis = view.analysis
        variable = None
        if view.show_variable and analysis is not None and analysis.variable.any():
            variable = analysis.variable if view.analysis_current else None
        painter = QPainter(self)
        draw_grid(
            painter,
            view.grid_layout(),
            picture=view.document.picture,
            solution=view.solution_shown(),
            variable=variable,
            conflict=view.conflict_mask() if view.analysis_current else None,
        )
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.view.grid_layout().cell_at(event.position())
        if cell is None or self._stroke_value is not None:
            return
        button = event.button()
        if button == Qt.MouseButton.LeftButton:
            picture = self.shown_picture()
            self._stroke_value = not bool(picture[cell])
        elif button == Qt.MouseButton.RightButton:
            self._stroke_value = False
        else:
            return
        self.view.model.begin_stroke(self.shown_picture())
        self._last_cell = cell
        self.view.model.paint([cell], self._stroke_value)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        layout = self.view.grid_layout()
        cell = layout.cell_at(event.position())
        self.view.set_hover(cell)
        if self._stroke_value is None or cell is None or cell == self._last_cell:
            return
        start = self._last_cell or cell
        self._last_cell = cell
        self.view.model.paint(_cells_between(start, cell), self._stroke_value)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._stroke_value is None:
            return
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self._stroke_value = None
            self._last_cell = None
            self.view.model.end_stroke()

    def leaveEvent(self, event: object) -> None:
        self.view.set_hover(None)


def _cells_between(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells on the straight line from ``start`` to ``end`` (Bresenham), both included, so
    that a fast mouse leaves no gaps."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = abs(r1 - r0), abs(c1 - c0)
    sr, sc = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    error = dc - dr
    cells = [(r0, c0)]
    while (r0, c0) != (r1, c1):
        doubled = 2 * error
        if doubled > -dr:
            error -= dr
            c0 += sc
        if doubled < dc:
            error += dc
            r0 += sr
        cells.append((r0, c0))
    return cells
