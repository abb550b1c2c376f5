"""Painting a picture with the mouse: the editing of kinds drawn from a picture (nonogram, mosaic).

Left-drag fills, right-drag clears; a left-drag that starts on a filled cell clears. Each drag is
one undo step (:meth:`DocumentModel.begin_stroke`). A puzzle known only by its clues paints on
the solution shown, which then becomes its picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import Qt

from studio.core.grid import BoolGrid
from studio.gui.editors.base import Cell, KindEditor

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView


class PictureEditor(KindEditor):
    """Paints the document's picture; the clues follow."""

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        self._stroke_value: bool | None = None
        self._last_cell: Cell | None = None
        # The stroke's start and its picture so far (painted cells are set here, then shown).
        self._stroke_base = self._stroke_picture = np.zeros((0, 0), dtype=bool)

    def shown_picture(self) -> BoolGrid:
        """The picture painting starts from: the one shown, else an empty grid."""
        shown = self.view.picture_shown()
        if shown is not None:
            return shown
        return np.zeros(self.view.document.puzzle.shape, dtype=bool)

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        if self._stroke_value is not None:
            return True
        if button == Qt.MouseButton.LeftButton:
            self._stroke_value = not bool(self.shown_picture()[cell])
        elif button == Qt.MouseButton.RightButton:
            self._stroke_value = False
        else:
            return False
        self._stroke_base = self.shown_picture()
        self._stroke_picture = self._stroke_base.copy()
        self.view.model.begin_stroke()
        self._last_cell = cell
        self._paint([cell])
        return True

    def drag(self, cell: Cell) -> None:
        if self._stroke_value is None or cell == self._last_cell:
            return
        start = self._last_cell or cell
        self._last_cell = cell
        self._paint(cells_between(start, cell))

    def release(self) -> None:
        if self._stroke_value is None:
            return
        changed = self._stroke_picture != self._stroke_base
        verb = "Fill" if np.any(changed & self._stroke_picture) else "Clear"
        self._stroke_value = None
        self._last_cell = None
        self.view.model.end_stroke(f"{verb} {int(changed.sum())} cell(s)")

    def _paint(self, cells: list[Cell]) -> None:
        """Give ``cells`` the stroke's value; the document follows at once."""
        assert self._stroke_value is not None
        rows, cols = zip(*cells, strict=True)
        self._stroke_picture[rows, cols] = self._stroke_value
        document = self.view.document
        self.view.model.show_stroke(document.with_picture(self._stroke_picture.copy()))


def cells_between(start: Cell, end: Cell) -> list[Cell]:
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
