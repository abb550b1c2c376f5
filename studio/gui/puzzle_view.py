"""The puzzle on screen: the grid, with the headers its kind puts around it, scrolling under them.

:class:`PuzzleView` holds what is shown (the document, the latest analysis, the zoom, the mouse
and keyboard cells, hint steps, a previewed repair) and the colour painted with (the palette
panel chooses it, the strokes paint it). It is a scroll area whose viewport is the
grid (``canvas``): the kind's headers (a nonogram's clues) stay put at its top and left while
the grid scrolls under them, as a spreadsheet's headers do. The headers reserve room for their
clues (:meth:`KindEditor.header_slots`): the grid never moves while a stroke is painted, so the
cell under the pointer stays the cell being painted.

Painting goes through :class:`~studio.gui.strokes.Strokes` (the tools) and the kind's editor
(:mod:`studio.gui.editors`); edits go to the :class:`~studio.gui.document_model.DocumentModel`.
A change repaints only the cells it touched (and their neighbours, where a kind draws clues
from them), so that painting a large grid keeps up with the pointer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QWidget

from studio.core.document import Document
from studio.core.grid import BoolGrid, PartialGrid, Picture, dilated, mask_of
from studio.core.palette_edit import palette_of
from studio.core.puzzle import Puzzle
from studio.core.repair import Repair
from studio.core.sat.analysis import Analysis
from studio.gui.document_model import DocumentModel
from studio.gui.editors.base import Cell, KindEditor
from studio.gui.kinds import qt_kind
from studio.gui.palette import screen_palette
from studio.gui.strokes import Strokes
from studio.render.grid import Layout, Palette, cursor_widths, draw_cursor
from studio.render.scene import Scene, draw_scene

MARGIN = 3
"""Pixels around the grid, so that neither its thick border nor the keyboard's ring
(:func:`~studio.render.grid.cursor_widths`) is clipped."""

PAGE_MARGIN = 12
"""Pixels between the view's left and top edges and the puzzle (its headers, else its grid), as
a page has: no kind's grid sits flush against the window's edge or under the tab bar."""

MIN_CELL, MAX_CELL, DEFAULT_CELL = 6, 64, 24

_ARROWS = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}


@dataclass(frozen=True)
class HintState:
    """Where stepping through hints has got: the cells known so far and the last hint's source."""

    known: PartialGrid
    source: BoolGrid | None = None


class PuzzleView(QAbstractScrollArea):
    """The grid and the kind's headers, sized by the zoom, scrolled under frozen headers.

    Signals:
        hovered(object): the ``(row, col)`` under the mouse, or ``None``.
        colour_changed(int): the colour painted with changed (its value).
        message(str): a remark for the status bar (``""`` clears it).
        change_requested(str, object): an editor's command that changes the whole document
            and may take long (e.g. minimal clues): what it is doing, and the change, a
            ``(document, cancel) -> (document, undo text)`` function for a worker.
    """

    hovered = Signal(object)
    colour_changed = Signal(int)
    message = Signal(str)
    change_requested = Signal(str, object)

    def __init__(self, model: DocumentModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.cell = DEFAULT_CELL
        self.analysis: Analysis | None = None
        self.analysis_current = False  # False while the shown analysis is of an older edit
        self.show_variable = True
        self.hover: Cell | None = None
        # Where the mouse is over the grid, if it is: on the screen, which a zoom or a scroll
        # does not move (the viewport moves with the headers' size).
        self._pointer: QPointF | None = None
        self.cursor_cell: Cell = (0, 0)
        """The keyboard's cell (drawn while the view has the focus)."""
        self.hints: HintState | None = None
        self.preview: Repair[Puzzle] | None = None
        self.colour = 1
        """The colour a left stroke paints: 1 to *k* an ink of the palette, 0 the background
        (:func:`~studio.core.palette_edit.palette_of`; 1, filled, in black and white)."""
        self.palette_ = screen_palette(self.palette())
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        self.viewport().setAutoFillBackground(False)
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.valueChanged.connect(self._scrolled)
        self._shown = model.document
        self.strokes = Strokes(self)
        self.editor: KindEditor = self._new_editor()
        model.changed.connect(self._document_changed)
        self._relayout()

    @property
    def document(self) -> Document:
        return self.model.document

    @property
    def canvas(self) -> QWidget:
        """The widget the grid is drawn on (and the mouse acts on): the viewport."""
        return self.viewport()

    # What is shown ---------------------------------------------------------------------------

    def set_analysis(self, analysis: Analysis | None, *, current: bool = True) -> None:
        """Show ``analysis`` (``current=False``: it describes an earlier edit)."""
        self.analysis = analysis
        self.analysis_current = current
        self._update_all()

    def set_preview(self, repair: Repair[Puzzle] | None) -> None:
        """Show what a repair would make of the puzzle, its clues too (``None``: show the
        puzzle again)."""
        if repair is not self.preview:  # no repaint when nothing was previewed nor is
            self.preview = repair
            self._update_all()

    def shown_puzzle(self) -> Puzzle:
        """The puzzle the grid and its headers show: a previewed repair's, else the
        document's."""
        return self.preview.puzzle if self.preview is not None else self.document.puzzle

    def set_hints(self, hints: HintState | None) -> None:
        """Show the solving steps taken so far instead of the picture (``None``: leave that)."""
        self.hints = hints
        self._update_all()

    def set_show_variable(self, show: bool) -> None:
        self.show_variable = show
        self.canvas.update()

    def set_cell_size(self, cell: int) -> None:
        cell = max(MIN_CELL, min(MAX_CELL, cell))
        if cell != self.cell:
            self.cell = cell
            self._relayout()

    def zoom_to_fit(self) -> None:
        """The largest cell at which the whole puzzle, headers included, fits the view."""
        height, width = self.document.puzzle.shape
        top, left = self.editor.header_slots()
        room_w = (
            self.width() - PAGE_MARGIN - 2 * MARGIN - self.verticalScrollBar().sizeHint().width()
        )
        room_h = (
            self.height()
            - PAGE_MARGIN
            - 2 * MARGIN
            - self.horizontalScrollBar().sizeHint().height()
        )
        fit = min(room_w // (width + left), room_h // (height + top))
        self.set_cell_size(int(fit))

    def set_hover(self, cell: Cell | None) -> None:
        if cell != self.hover:
            lines = [line for line in (self.hover, cell) if line is not None]
            self.hover = cell
            self.hovered.emit(cell)
            # The grid draws nothing of the hover; the headers may, on its old and new lines.
            self.editor.refresh_lines([r for r, _ in lines], [c for _, c in lines])

    def set_colour(self, value: int) -> None:
        """Paint with colour ``value``, kept within the document's palette (the ink, 1, for a
        kind without colours)."""
        least = 0 if self.document.puzzle.spec.has_colours else 1
        value = max(least, min(palette_of(self.document).inks, value))
        if value != self.colour:
            self.colour = value
            self.colour_changed.emit(value)

    def set_cursor_cell(self, cell: Cell) -> None:
        """Move the keyboard's cell (clamped to the grid) and scroll it into view."""
        height, width = self.document.puzzle.shape
        cell = (max(0, min(height - 1, cell[0])), max(0, min(width - 1, cell[1])))
        if cell != self.cursor_cell:
            self.canvas.update(self._cell_rect(self.cursor_cell))
            self.cursor_cell = cell
            self.canvas.update(self._cell_rect(cell))
        self.ensure_visible(cell)

    def cell_text(self, cell: Cell) -> str:
        """A cell as the status bar names it, ``row 3, column 4``; in colour with the name of
        its colour in the picture shown (``row 3, column 4 · red``)."""
        text = f"row {cell[0] + 1}, column {cell[1] + 1}"
        palette, shown = self.document.palette, self.picture_shown()
        if palette is not None and shown is not None:
            text += f" · {palette.names[int(shown[cell])]}"
        return text

    def solution_shown(self) -> Picture | None:
        """The solver's solution drawn for a document without a picture, if any."""
        if self.document.picture is None and self.analysis is not None and self.analysis_current:
            return self.analysis.solution
        return None

    def picture_shown(self) -> Picture | None:
        """The designer's picture, else the solver's solution drawn in its place, if any."""
        picture = self.document.picture
        return picture if picture is not None else self.solution_shown()

    def conflict_mask(self) -> BoolGrid | None:
        """The cells of the rule that cannot be met, if the analysis of the puzzle shown found
        one (an older analysis may be of another puzzle, even of another size)."""
        if self.analysis is None or not self.analysis_current:
            return None
        contradiction = self.analysis.contradiction
        if contradiction is None:
            return None
        return mask_of(self.document.puzzle.shape, contradiction.cells)

    def scene(self) -> Scene:
        """What the grid shows now: a previewed repair, the hint steps, or the puzzle."""
        if self.preview is not None:
            repair = self.preview
            return Scene(
                repair.puzzle,
                picture=repair.picture,
                variable=repair.analysis.variable if self.show_variable else None,
                changed=mask_of(repair.picture.shape, repair.flips + repair.givens),
                design=True,
                inks=self.document.palette,
            )
        puzzle = self.document.puzzle
        if self.hints is not None:
            # Stepping through hints shows what a solver knows, not the answer.
            return Scene(
                puzzle,
                marks=self.hints.known,
                highlight=self.hints.source,
                inks=self.document.palette,
            )
        analysis = self.analysis if self.analysis_current else None
        return Scene(
            puzzle,
            picture=self.document.picture,
            solution=self.solution_shown(),
            variable=analysis.variable if analysis is not None and self.show_variable else None,
            conflict=self.conflict_mask(),
            design=True,
            inks=self.document.palette,
        )

    def grid_layout(self) -> Layout:
        """Where the grid is in the viewport: scrolled under the headers."""
        left = MARGIN - self.horizontalScrollBar().value()
        top = MARGIN - self.verticalScrollBar().value()
        return Layout(self.document.puzzle.shape, self.cell, left, top)

    def cell_center(self, row: int, col: int) -> QPoint:
        """The centre of a cell in the viewport's coordinates (where the mouse acts)."""
        return self._cell_rect((row, col)).center()

    def screen_palette(self) -> Palette:
        """The colours the grid and the headers are drawn in: the desktop's."""
        return self.palette_

    # Events --------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        # Clipped to what is repainted: the looks then draw only the cells in it.
        painter.setClipRegion(event.region())
        painter.fillRect(event.rect(), QColor(self.palette_.background))
        scene = self.scene()
        # Only the cells the repaint covers: a stroke's steps repaint a few cells of a large grid.
        layout = self.grid_layout().within(QRectF(event.rect()))
        draw_scene(painter, layout, scene, qt_kind(scene.puzzle.kind).look, self.palette_)
        if self.hasFocus():
            draw_cursor(painter, self.grid_layout(), *self.cursor_cell, self.palette_)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.grid_layout().cell_at(event.position())
        if cell is not None and self.strokes.press(cell, event.button(), event.modifiers()):
            self.set_cursor_cell(cell)
            event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._pointer = event.globalPosition()
        cell = self.grid_layout().cell_at(event.position())
        self.set_hover(cell)
        if cell is not None:
            self.strokes.drag(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self.strokes.release()

    def leaveEvent(self, event: QEvent) -> None:
        self._left()

    def viewportEvent(self, event: QEvent) -> bool:
        # The pointer leaving the grid for a clue header stays inside the view: no leaveEvent.
        if event.type() == QEvent.Type.Leave:
            self._left()
        return bool(super().viewportEvent(event))

    def _left(self) -> None:
        self._pointer = None
        self.set_hover(None)

    def _hover_again(self) -> None:
        """The grid moved under a pointer that did not (a zoom, a scroll, from the keyboard or
        the wheel): the hover follows the cell now under it."""
        if self._pointer is not None:
            self.set_hover(self.grid_layout().cell_at(self.canvas.mapFromGlobal(self._pointer)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, modifiers = event.key(), event.modifiers()
        if key in _ARROWS:
            step_r, step_c = _ARROWS[Qt.Key(key)]
            target = (self.cursor_cell[0] + step_r, self.cursor_cell[1] + step_c)
            if modifiers & Qt.KeyboardModifier.ShiftModifier:
                self.strokes.key_paint(self.cursor_cell, target)
            self.set_cursor_cell(target)
        elif key == Qt.Key.Key_Home and modifiers & Qt.KeyboardModifier.ControlModifier:
            self.set_cursor_cell((0, 0))
        elif key == Qt.Key.Key_End and modifiers & Qt.KeyboardModifier.ControlModifier:
            height, width = self.document.puzzle.shape
            self.set_cursor_cell((height - 1, width - 1))
        elif key == Qt.Key.Key_Space:
            self.strokes.key_toggle(self.cursor_cell)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.strokes.key_clear(self.cursor_cell)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Shift:
            self.strokes.key_release()
        super().keyReleaseEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.canvas.update(self._cell_rect(self.cursor_cell))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.strokes.key_release()
        self.canvas.update(self._cell_rect(self.cursor_cell))

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            step = 2 if event.angleDelta().y() > 0 else -2
            self.set_cell_size(self.cell + step)
            event.accept()
        else:
            super().wheelEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.palette_ = screen_palette(self.palette())
            self._update_all()

    # Layout and repaints -------------------------------------------------------------------

    def _document_changed(self) -> None:
        before, self._shown = self._shown, self.document
        self.analysis_current = False
        self.hints = None
        self.preview = None
        if self.editor_kind != self.document.kind:
            self.editor.close()
            self.editor = self._new_editor()
        self.set_colour(self.colour)  # a colour the palette lost (an undo): the last one
        painted = self.strokes.take_painted()
        if painted is None:  # not a step of the stroke under way, if any: it cannot go on
            self.strokes.abandon()
        if before.puzzle.shape != self.document.puzzle.shape or self.editor.relayout_needed():
            self.set_cursor_cell(self.cursor_cell)
            self._relayout()
        elif painted is None:
            self._update_all()
        else:
            self._update_cells(painted)

    def stroke_ended(self) -> None:
        """A stroke ended: headers it outgrew (they stay put while it goes on) grow now. Ending
        a stroke changes no document, so :meth:`_document_changed` would not see it."""
        if self.editor.relayout_needed():
            self._relayout()

    def _update_cells(self, cells: list[Cell]) -> None:
        """Repaint what painting ``cells`` changed: the cells, their neighbours (a kind may draw
        a cell from them: a mosaic's clues) and the headers of their lines."""
        changed = mask_of(self.document.puzzle.shape, cells)
        rows, cols = np.nonzero(dilated(changed, 1))
        if rows.size:
            first = self._cell_rect((int(rows.min()), int(cols.min())))
            last = self._cell_rect((int(rows.max()), int(cols.max())))
            self.canvas.update(first.united(last))
        self.editor.refresh_lines(sorted({r for r, _ in cells}), sorted({c for _, c in cells}))

    def _new_editor(self) -> KindEditor:
        editor = qt_kind(self.document.kind).editor(self)
        self.editor_kind = self.document.kind
        for header in editor.headers():
            if header is not None:
                header.setParent(self)
                header.show()
        return editor

    def _relayout(self) -> None:
        """Size the headers and the scroll ranges for the puzzle and the zoom."""
        height, width = self.document.puzzle.shape
        top_slots, left_slots = self.editor.header_slots()
        top, left = top_slots * self.cell, left_slots * self.cell
        top_header, left_header = self.editor.headers()
        self.setViewportMargins(
            PAGE_MARGIN + (left if left_header else 0),
            PAGE_MARGIN + (top if top_header else 0),
            0,
            0,
        )
        area = self.viewport().geometry()
        if top_header is not None:
            top_header.setGeometry(area.left(), area.top() - top, area.width(), top)
        if left_header is not None:
            left_header.setGeometry(area.left() - left, area.top(), left, area.height())
        content_w = width * self.cell + 2 * MARGIN
        content_h = height * self.cell + 2 * MARGIN
        for bar, content, room in (
            (self.horizontalScrollBar(), content_w, area.width()),
            (self.verticalScrollBar(), content_h, area.height()),
        ):
            bar.setRange(0, max(0, content - room))
            bar.setPageStep(room)
            bar.setSingleStep(self.cell)
        self._update_all()
        self._hover_again()

    def _scrolled(self) -> None:
        self._update_all()
        self._hover_again()

    def _update_all(self) -> None:
        self.canvas.update()
        self.editor.refresh()

    def _cell_rect(self, cell: Cell) -> QRect:
        """A cell's rectangle in the viewport, with what is drawn over its border: its rules and
        the keyboard's ring (:func:`~studio.render.grid.draw_cursor`)."""
        layout = self.grid_layout()
        width, edge = cursor_widths(layout)
        reach = math.ceil(width / 2 + edge) + 1
        return layout.cell_rect(*cell).toAlignedRect().adjusted(-reach, -reach, reach, reach)

    def ensure_visible(self, cell: Cell) -> None:
        """Scroll so that ``cell`` is in view, with the margin around it: the first and last
        cells bring the grid's edge (and its border) into view too."""
        rect = self.grid_layout().cell_rect(*cell).toAlignedRect()
        rect.adjust(-MARGIN, -MARGIN, MARGIN, MARGIN)
        area = self.viewport().rect()
        for bar, low, high, size in (
            (self.horizontalScrollBar(), rect.left(), rect.right(), area.width()),
            (self.verticalScrollBar(), rect.top(), rect.bottom(), area.height()),
        ):
            if low < 0:
                bar.setValue(bar.value() + low)
            elif high > size - 1:
                bar.setValue(bar.value() + high - (size - 1))
