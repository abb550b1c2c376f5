"""The Fobidoshi editor: the designer places the givens, circles and crosses, on the grid.

A left click steps a cell's given forward (empty → circle → cross → empty), a right click clears
it; a drag puts the pressed cell's new given on every cell it passes. Each click or drag is one
undo step (a stroke of the document model: shown live, one step on release). The grid draws the
reference solution, or the solver's (:mod:`studio.render.fobidoshi`), and tints four given
circles in a row.

The Puzzle menu removes the givens a unique puzzle does not need (each dropped, row by row, while
the puzzle stays unique: a minimal set, Heslenfeld 2024 §4.1's removal of unneeded crosses
applied to every given), on a worker and as one undo step. Clearing every given is the window's
grid command Clear.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.repair import minimal_givens
from studio.core.sat.analysis import Status
from studio.gui.editors.base import Cell, KindEditor

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView

FORWARD = {BLANK: CIRCLE, CIRCLE: CROSS, CROSS: BLANK}
"""The given a left click puts on a cell, by the cell's given."""
USAGE = (
    "Left click: empty → circle → cross → empty · right click: clear · drag: the same on each cell"
)
"""How the mouse edits the givens (the canvas's tooltip)."""
_DROPPED = (
    "The solution kept with the puzzle breaks these givens, so it was dropped (Undo brings it back)"
)
_UNDO_TEXT = {BLANK: "Clear givens", CIRCLE: "Place circles", CROSS: "Place crosses"}


class FobidoshiEditor(KindEditor):
    """Edits the givens with the mouse; no panels around the grid."""

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        view.canvas.setToolTip(USAGE)
        self.unneeded_action = QAction("Remove &Unneeded Givens", view)
        self.unneeded_action.setToolTip("Drop every given the puzzle stays unique without")
        self.unneeded_action.triggered.connect(self.remove_unneeded_givens)

    @property
    def puzzle(self) -> Fobidoshi:
        puzzle = self.view.document.puzzle
        assert isinstance(puzzle, Fobidoshi)
        return puzzle

    def actions(self) -> list[QAction]:
        return [self.unneeded_action]

    def refresh(self) -> None:
        self.unneeded_action.setEnabled(self._unique())

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

    def stroke_value(self, cell: Cell, button: Qt.MouseButton) -> object | None:
        if button == Qt.MouseButton.LeftButton:
            return FORWARD.get(int(self.puzzle.givens[cell]), CIRCLE)
        if button == Qt.MouseButton.RightButton:
            return BLANK
        return None

    def cell_values(self, document: Document) -> np.ndarray:
        puzzle = document.puzzle
        assert isinstance(puzzle, Fobidoshi)
        return puzzle.givens

    def painted(self, document: Document, cells: list[Cell], value: object) -> Document:
        """``document`` with the given ``value`` on ``cells``; a reference solution that breaks
        the new givens is dropped (the grid then shows the solver's, and repairs look for one)."""
        puzzle = document.puzzle
        assert isinstance(puzzle, Fobidoshi)
        givens = puzzle.givens.copy()
        rows, cols = zip(*cells, strict=True)
        givens[list(rows), list(cols)] = int(value)  # type: ignore[call-overload]
        changed = Fobidoshi(givens)
        picture = document.picture
        if picture is not None and changed.check(picture):
            picture = None
            # Said after the edit lands: the window clears its messages when the document changes.
            QTimer.singleShot(0, partial(self.view.message.emit, _DROPPED))
        return replace(document, puzzle=changed, picture=picture)

    def stroke_text(self, value: object, count: int) -> str:
        return _UNDO_TEXT[int(value)]  # type: ignore[call-overload]

    def close(self) -> None:
        self.view.canvas.setToolTip("")
        for action in self.actions():
            action.deleteLater()
        super().close()


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
