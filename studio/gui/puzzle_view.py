"""The puzzle on screen: the grid canvas, with the panels its kind puts around it.

:class:`PuzzleView` holds what is shown (the document, the latest analysis, the zoom, the mouse
cell, hint steps, a previewed repair) and lays out the canvas and the panels of the kind's
editor (:mod:`studio.gui.editors`). The canvas draws a :class:`~studio.render.scene.Scene` and
passes the mouse to the editor; edits go to the
:class:`~studio.gui.document_model.DocumentModel`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QWheelEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

from studio.core.document import Document
from studio.core.grid import BoolGrid, PartialGrid, mask_of
from studio.core.puzzle import Puzzle
from studio.core.repair import Repair
from studio.core.sat.analysis import Analysis
from studio.gui.document_model import DocumentModel
from studio.gui.editors.base import Cell, KindEditor
from studio.gui.kinds import qt_kind
from studio.render.grid import Layout
from studio.render.scene import Scene, draw_scene

MARGIN = 3
"""Pixels around the grid, so that the thick border is not clipped."""

MIN_CELL, MAX_CELL, DEFAULT_CELL = 6, 64, 24


@dataclass(frozen=True)
class HintState:
    """Where stepping through hints has got: the cells known so far and the last hint's source."""

    known: PartialGrid
    source: BoolGrid | None = None


class PuzzleView(QWidget):
    """The canvas and the kind's panels, sized by the zoom.

    Signals:
        hovered(object): the ``(row, col)`` under the mouse, or ``None``.
        message(str): a remark for the status bar (``""`` clears it).
        change_requested(str, object): an editor's command that changes the whole document
            and may take long (e.g. minimal clues): what it is doing, and the change, a
            ``(document, cancel) -> (document, undo text)`` function for a worker.
    """

    hovered = Signal(object)
    message = Signal(str)
    change_requested = Signal(str, object)

    margin = MARGIN

    def __init__(self, model: DocumentModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.cell = DEFAULT_CELL
        self.analysis: Analysis | None = None
        self.analysis_current = False  # False while the shown analysis is of an older edit
        self.show_variable = True
        self.hover: Cell | None = None
        self.hints: HintState | None = None
        self.preview: Repair[Puzzle] | None = None

        self.canvas = GridCanvas(self)
        self.grid = QGridLayout(self)
        self.grid.setSpacing(0)
        self.grid.setContentsMargins(8, 8, 8, 8)
        self.grid.addWidget(
            self.canvas, 1, 1, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        )
        self.grid.setColumnStretch(2, 1)
        self.grid.setRowStretch(2, 1)
        self.editor: KindEditor = self._new_editor()
        model.changed.connect(self._document_changed)
        self._resize_parts()

    @property
    def document(self) -> Document:
        return self.model.document

    # What is shown ---------------------------------------------------------------------------

    def set_analysis(self, analysis: Analysis | None, *, current: bool = True) -> None:
        """Show ``analysis`` (``current=False``: it describes an earlier edit)."""
        self.analysis = analysis
        self.analysis_current = current
        self._update_all()

    def set_preview(self, repair: Repair[Puzzle] | None) -> None:
        """Show what a repair would make of the puzzle (``None``: show the puzzle again)."""
        self.preview = repair
        self.canvas.update()

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
            self._resize_parts()

    def set_hover(self, cell: Cell | None) -> None:
        if cell != self.hover:
            self.hover = cell
            self.hovered.emit(cell)
            self.editor.refresh()  # the canvas draws nothing of the hover: only panels may

    def solution_shown(self) -> BoolGrid | None:
        """The solver's solution drawn for a document without a picture, if any."""
        if self.document.picture is None and self.analysis is not None and self.analysis_current:
            return self.analysis.solution
        return None

    def picture_shown(self) -> BoolGrid | None:
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
        """What the canvas draws now: a previewed repair, the hint steps, or the puzzle."""
        if self.preview is not None:
            repair = self.preview
            return Scene(
                repair.puzzle,
                picture=repair.picture,
                variable=repair.analysis.variable if self.show_variable else None,
                changed=mask_of(repair.picture.shape, repair.flips + repair.givens),
                design=True,
            )
        puzzle = self.document.puzzle
        if self.hints is not None:
            # Stepping through hints shows what a solver knows, not the answer.
            return Scene(puzzle, marks=self.hints.known, highlight=self.hints.source)
        analysis = self.analysis if self.analysis_current else None
        return Scene(
            puzzle,
            picture=self.document.picture,
            solution=self.solution_shown(),
            variable=analysis.variable if analysis is not None and self.show_variable else None,
            conflict=self.conflict_mask(),
            design=True,
        )

    def grid_layout(self) -> Layout:
        return Layout(self.document.puzzle.shape, self.cell, MARGIN, MARGIN)

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
        if self.editor_kind != self.document.kind:
            self.editor.close()
            self.editor = self._new_editor()
        self._resize_parts()

    def _new_editor(self) -> KindEditor:
        editor = qt_kind(self.document.kind).editor(self)
        self.editor_kind = self.document.kind
        top, left = editor.panels()
        if top is not None:
            self.grid.addWidget(top, 0, 1, Qt.AlignmentFlag.AlignLeft)
        if left is not None:
            self.grid.addWidget(left, 1, 0, Qt.AlignmentFlag.AlignTop)
        return editor

    def _resize_parts(self) -> None:
        height, width = self.document.puzzle.shape
        self.canvas.setFixedSize(width * self.cell + 2 * MARGIN, height * self.cell + 2 * MARGIN)
        self.editor.resize()
        self._update_all()

    def _update_all(self) -> None:
        self.canvas.update()
        self.editor.refresh()


class GridCanvas(QWidget):
    """The grid: draws the view's scene, and hands the mouse to the kind's editor."""

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        self.view = view
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.CrossCursor)

    def sizeHint(self) -> QSize:
        return self.size()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        scene = self.view.scene()
        draw_scene(painter, self.view.grid_layout(), scene, qt_kind(scene.puzzle.kind).look)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.view.grid_layout().cell_at(event.position())
        if cell is not None and self.view.editor.press(cell, event.button(), event.modifiers()):
            event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.view.grid_layout().cell_at(event.position())
        self.view.set_hover(cell)
        if cell is not None:
            self.view.editor.drag(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self.view.editor.release()

    def leaveEvent(self, event: object) -> None:
        self.view.set_hover(None)
