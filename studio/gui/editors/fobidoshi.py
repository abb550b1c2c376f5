"""The Fobidoshi editor: the designer places the givens, circles and crosses, on the grid.

A left click steps a cell's given forward (empty → circle → cross → empty), a right click clears
it; a drag puts the pressed cell's new given on every cell it passes. Each click or drag is one
undo step (a stroke of the document model: shown live, one step on release). The grid draws the
reference solution, or the solver's (:mod:`studio.render.fobidoshi`), and tints four given
circles in a row.

The Puzzle menu clears every given, or removes the givens a unique puzzle does not need (each
dropped, row by row, while the puzzle stays unique: a minimal set, Heslenfeld 2024 §4.1's
removal of unneeded crosses applied to every given), on a worker and as one undo step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.grid import cell_name
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.repair import minimal_givens
from studio.core.sat.analysis import Status
from studio.gui.editors.base import Cell, KindEditor
from studio.gui.editors.picture import cells_between

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView

FORWARD = {BLANK: CIRCLE, CIRCLE: CROSS, CROSS: BLANK}
"""The given a left click puts on a cell, by the cell's given."""
USAGE = (
    "Left click: empty → circle → cross → empty · right click: clear · drag: the same on each cell"
)
"""How the mouse edits the givens (the canvas's tooltip; the status bar after each click)."""
_NAMES = {BLANK: "no given", CIRCLE: "a circle", CROSS: "a cross"}
_UNDO_TEXT = {BLANK: "Clear givens", CIRCLE: "Place circles", CROSS: "Place crosses"}


class FobidoshiEditor(KindEditor):
    """Edits the givens with the mouse; no panels around the grid."""

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        self._stroke_code: int | None = None
        self._last_cell: Cell | None = None
        view.canvas.setToolTip(USAGE)
        self.clear_action = QAction("&Clear All Givens", view)
        self.clear_action.triggered.connect(self.clear_givens)
        self.unneeded_action = QAction("&Remove Unneeded Givens", view)
        self.unneeded_action.setToolTip("Drop every given the puzzle stays unique without")
        self.unneeded_action.triggered.connect(self.remove_unneeded_givens)

    @property
    def puzzle(self) -> Fobidoshi:
        puzzle = self.view.document.puzzle
        assert isinstance(puzzle, Fobidoshi)
        return puzzle

    def actions(self) -> list[QAction]:
        return [self.clear_action, self.unneeded_action]

    def refresh(self) -> None:
        self.unneeded_action.setEnabled(self._unique())

    def clear_givens(self) -> None:
        """Take away every given: one undo step (the reference solution stays: it still
        solves the puzzle)."""
        document = self.view.document
        blank = Fobidoshi.blank(self.puzzle.shape)
        if blank != self.puzzle:
            self.view.model.replace(replace(document, puzzle=blank), "Clear all givens")

    def remove_unneeded_givens(self) -> None:
        """Ask the window to drop the givens a unique puzzle does not need; it runs the search
        on a worker, Esc stops it, and it is one undo step."""
        if not self._unique():
            self.view.message.emit("Only a unique puzzle has givens to spare: repair it first")
            return
        self.view.change_requested.emit("Removing unneeded givens", without_unneeded_givens)

    def _unique(self) -> bool:
        analysis = self.view.analysis
        return (
            analysis is not None and self.view.analysis_current and analysis.status == Status.UNIQUE
        )

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        if self._stroke_code is not None:
            return True
        if button == Qt.MouseButton.LeftButton:
            code = FORWARD.get(int(self.puzzle.givens[cell]), CIRCLE)
        elif button == Qt.MouseButton.RightButton:
            code = BLANK
        else:
            return False
        self._stroke_code = code
        self._last_cell = cell
        self.view.model.begin_stroke()
        note = self._place([cell])
        self.view.message.emit(f"{cell_name(cell)}: {_NAMES[code]}{note} ({USAGE})")
        return True

    def drag(self, cell: Cell) -> None:
        if self._stroke_code is None or cell == self._last_cell:
            return
        start = self._last_cell or cell
        self._last_cell = cell
        note = self._place(cells_between(start, cell))
        if note:
            self.view.message.emit(f"{cell_name(cell)}: {_NAMES[self._stroke_code]}{note}")

    def release(self) -> None:
        if self._stroke_code is None:
            return
        self.view.model.end_stroke(_UNDO_TEXT[self._stroke_code])
        self._stroke_code = None
        self._last_cell = None

    def close(self) -> None:
        self.release()
        self.view.canvas.setToolTip("")
        for action in self.actions():
            action.deleteLater()
        super().close()

    def _place(self, cells: list[Cell]) -> str:
        """Give ``cells`` the stroke's code, shown at once; a note for the status bar when the
        reference solution had to go."""
        assert self._stroke_code is not None
        givens = self.puzzle.givens.copy()
        rows, cols = zip(*cells, strict=True)
        if np.all(givens[rows, cols] == self._stroke_code):
            return ""
        givens[rows, cols] = self._stroke_code
        puzzle = Fobidoshi(givens)
        document = self.view.document
        picture, note = document.picture, ""
        if picture is not None and puzzle.check(picture):
            # A reference that breaks a given is no longer the intended solution: the grid
            # shows the solver's instead, and repairs look for one.
            picture, note = None, "; the reference solution no longer fits and was dropped"
        self.view.model.show_stroke(replace(document, puzzle=puzzle, picture=picture))
        return note


def without_unneeded_givens(document: Document, cancel: CancelToken) -> tuple[Document, str]:
    """``document`` with every given its unique puzzle does not need dropped
    (:func:`~studio.core.kinds.fobidoshi.repair.minimal_givens`), and the undo text; ``document``
    itself when every given is needed.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    puzzle = document.puzzle
    assert isinstance(puzzle, Fobidoshi)
    kept = minimal_givens(puzzle, cancel=cancel)
    dropped = len(puzzle.given_cells()) - len(kept.given_cells())
    if not dropped:
        return document, "Every given is needed"  # the same document: no undo step
    return replace(document, puzzle=kept), f"Remove {dropped} unneeded given(s)"
