"""The puzzle on screen: the grid canvas with the row clues at its left and the column clues on top.

:class:`PuzzleView` holds what is shown (the document, the latest analysis, the zoom, the mouse
cell) and lays out three widgets that draw it with :mod:`studio.render.grid`. Painting on the
canvas goes to the :class:`~studio.gui.document_model.DocumentModel`; the view never edits the
document itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QWheelEvent
from PySide6.QtWidgets import QGridLayout, QLineEdit, QSizePolicy, QWidget

from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.grid import BoolGrid, LineRef, PartialGrid
from studio.core.kinds.nonogram import Clue, Nonogram, parse_clue
from studio.core.linesolve import format_clue
from studio.core.repair import Repair
from studio.core.sat.analysis import Analysis
from studio.gui.document_model import DocumentModel
from studio.render.grid import Layout, draw_clues, draw_grid

MARGIN = 3
"""Pixels around the grid, so that the thick border is not clipped."""

MIN_CELL, MAX_CELL, DEFAULT_CELL = 6, 64, 24


@dataclass(frozen=True)
class HintState:
    """Where stepping through hints has got: the cells known so far and the last hint's source."""

    known: PartialGrid
    source: BoolGrid | None = None


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
    clue_typed = Signal(object, object)  # LineRef, Clue
    message = Signal(str)

    def __init__(self, model: DocumentModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.cell = DEFAULT_CELL
        self.analysis: Analysis | None = None
        self.analysis_current = False  # False while the shown analysis is of an older edit
        self.show_variable = True
        self.hover: tuple[int, int] | None = None
        self.hints: HintState | None = None
        self.preview: Repair | None = None

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
        self.clue_editor = ClueEditor(self)
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

    def set_preview(self, repair: Repair | None) -> None:
        """Show what a repair would make of the puzzle (``None``: show the puzzle again)."""
        self.preview = repair
        self.canvas.update()

    def set_hints(self, hints: HintState | None) -> None:
        """Show the solving steps taken so far instead of the picture (``None``: leave that)."""
        self.hints = hints
        self._update_all()

    def givens(self) -> tuple[tuple[int, int, bool], ...]:
        puzzle = self.document.puzzle
        return puzzle.givens if isinstance(puzzle, Nonogram) else ()

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

    def edit_clue(self, axis: str, index: int) -> None:
        """Open the in-place editor on a line's clue (double-click a clue to get here)."""
        panel = self.row_clues if axis == "row" else self.column_clues
        band = panel.band(index)
        origin = panel.mapTo(self, band.topLeft())
        cell = self.cell
        if axis == "row":
            rect = QRect(origin.x(), origin.y(), max(band.width(), 8 * cell), cell)
            rect.moveRight(origin.x() + band.width() - 1)
            rect.moveLeft(max(0, rect.left()))
        else:
            rect = QRect(origin.x(), origin.y() + band.height() - cell, max(cell, 8 * cell), cell)
        line = LineRef("row" if axis == "row" else "column", index)
        self.clue_editor.open(line, format_clue(self._clues(axis)[index]), rect)

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
        self.hints = None
        self.preview = None
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
        return [format_clue(clue) for clue in self.view._clues(self.axis)]

    def band(self, index: int) -> QRect:
        """Where line ``index``'s clue is drawn, in panel coordinates."""
        cell = self.view.cell
        if self.axis == "row":
            return QRect(0, MARGIN + index * cell, self.width(), cell)
        return QRect(MARGIN + index * cell, 0, cell, self.height())

    def line_at(self, point: QPoint) -> int | None:
        """The line whose clue is at ``point``, if any."""
        offset = (point.y() if self.axis == "row" else point.x()) - MARGIN
        index = offset // self.view.cell
        count = len(self.view._clues(self.axis))
        return index if offset >= 0 and index < count else None

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.line_at(event.position().toPoint())
        if index is not None:
            self.view.edit_clue(self.axis, index)

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
        painter = QPainter(self)
        givens = view.givens()
        if view.preview is not None:
            # A repair under the mouse in the Repair panel: show the puzzle it would make.
            repair = view.preview
            changed = np.zeros(repair.picture.shape, dtype=bool)
            for row, col in repair.flips:
                changed[row, col] = True
            draw_grid(
                painter,
                view.grid_layout(),
                picture=repair.picture,
                givens=repair.puzzle.givens,
                changed=changed,
                variable=repair.analysis.variable if view.show_variable else None,
            )
        elif view.hints is not None:
            # Stepping through hints shows what a solver knows, not the answer.
            draw_grid(
                painter,
                view.grid_layout(),
                marks=view.hints.known,
                givens=givens,
                highlight=view.hints.source,
            )
        else:
            analysis = view.analysis
            variable = None
            if view.show_variable and analysis is not None and view.analysis_current:
                variable = analysis.variable
            draw_grid(
                painter,
                view.grid_layout(),
                picture=view.document.picture,
                solution=view.solution_shown(),
                givens=givens,
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


_EDITOR_KEYS = (Qt.Key.Key_Escape, Qt.Key.Key_Tab, Qt.Key.Key_Backtab)


class ClueEditor(QLineEdit):
    """Types one line's clue in place (e.g. ``3 1 2``), checked as it is typed.

    Enter keeps the clue, Esc cancels, Tab and Shift+Tab keep it and move to the next or
    previous line, so that clues copied from a magazine go in quickly.
    """

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        self.view = view
        self.line: LineRef | None = None
        self.hide()
        self.textEdited.connect(self._check)
        self.returnPressed.connect(lambda: self._commit(0))

    def open(self, line: LineRef, text: str, rect: QRect) -> None:
        self.line = line
        self.setGeometry(rect)
        self.setText(text)
        self.selectAll()
        self._check()
        self.show()
        self.raise_()
        self.setFocus()

    def clue(self) -> Clue | None:
        """The typed clue, or ``None`` (with the reason shown) when it is not a valid one."""
        if self.line is None:
            return None
        puzzle = self.view.document.puzzle
        assert isinstance(puzzle, Nonogram)
        try:
            return parse_clue(self.text(), self.line, puzzle.line_length(self.line))
        except PuzzleError as error:
            self.setToolTip(str(error))
            self.view.message.emit(str(error))
            return None

    def _check(self) -> None:
        valid = self.clue() is not None
        self.setStyleSheet("" if valid else "background: #fce8e6; color: #c5221f;")
        if valid:
            self.setToolTip("")
            self.view.message.emit("")

    def _commit(self, step: int) -> None:
        line, clue = self.line, self.clue()
        if line is None or clue is None:
            return
        self.close_editor()
        self.view.clue_typed.emit(line, clue)
        following = line.index + step
        if step and 0 <= following < len(self.view._clues(line.axis)):
            self.view.edit_clue(line.axis, following)

    def close_editor(self) -> None:
        self.line = None
        self.hide()
        self.view.setFocus()

    def event(self, event: QEvent) -> bool:
        if isinstance(event, QKeyEvent) and event.key() in _EDITOR_KEYS:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # Esc is also the window's Stop Analysis: here it cancels
                return True
            if event.type() == QEvent.Type.KeyPress:
                if event.key() == Qt.Key.Key_Escape:
                    self.close_editor()
                    self.view.message.emit("")
                else:
                    self._commit(-1 if event.key() == Qt.Key.Key_Backtab else 1)
                return True
        return bool(super().event(event))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if self.line is not None:
            self.close_editor()


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
