"""Painting a picture: the editing of kinds drawn from a picture (nonogram, mosaic).

A left stroke paints the view's colour (:attr:`~studio.gui.puzzle_view.PuzzleView.colour`:
filled, in black and white), a right one the background; a left stroke that starts on a cell
of the colour paints the background. A puzzle known only by its clues paints on the solution
shown, which then becomes its picture. Where the kind allows colours, the eyedropper (and
Ctrl+click with any tool) takes the colour of the cell clicked.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from studio.core.document import Document
from studio.core.grid import picture_of
from studio.core.palette_edit import palette_of
from studio.gui.editors.base import Cell, KindEditor, KindTool

EYEDROPPER = KindTool(
    "eyedropper",
    "&Eyedropper",
    "Click a cell to paint with its colour (or Ctrl+click it with any tool)",
    "I",
)


class PictureEditor(KindEditor):
    """Paints the document's picture; the clues follow."""

    def picture_base(self) -> Document | None:
        document = self.view.document
        if document.picture is not None:
            return document
        shown = self.view.solution_shown()
        return None if shown is None else document.with_picture(shown)

    def stroke_base(self) -> Document:
        document = self.picture_base()
        if document is not None:
            return document
        blank = self.view.document
        empty = np.zeros(blank.puzzle.shape, dtype=np.uint8)
        return blank.with_picture(picture_of(empty, blank.puzzle.colours))

    def tools(self) -> list[KindTool]:
        return [EYEDROPPER] if self.view.document.puzzle.spec.has_colours else []

    def use_tool(self, name: str, cell: Cell) -> bool:
        if name != EYEDROPPER.name:
            return False
        self.take_colour(cell)
        return True

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        eyedropper = EYEDROPPER in self.tools()
        control = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        if eyedropper and control and button == Qt.MouseButton.LeftButton:
            self.take_colour(cell)
            return True
        return False

    def take_colour(self, cell: Cell) -> None:
        """Paint with the colour of ``cell`` from now on (the eyedropper)."""
        shown = self.view.picture_shown()
        if shown is None:
            self.view.message.emit("No picture to take a colour from yet")
            return
        value = int(shown[cell])
        self.view.set_colour(value)
        self.view.message.emit(f"Painting with {palette_of(self.view.document).names[value]}")

    def stroke_value(self, cell: Cell, button: Qt.MouseButton) -> object | None:
        if button == Qt.MouseButton.LeftButton:
            picture = self.stroke_base().picture
            assert picture is not None
            colour = self.view.colour
            return 0 if int(picture[cell]) == colour else colour
        if button == Qt.MouseButton.RightButton:
            return 0
        return None

    def cell_values(self, document: Document) -> np.ndarray:
        assert document.picture is not None
        return document.picture

    def painted(self, document: Document, cells: list[Cell], value: object) -> Document:
        picture = document.picture
        assert picture is not None
        assert isinstance(value, int)
        picture = picture.copy()
        rows, cols = zip(*cells, strict=True)
        picture[list(rows), list(cols)] = value
        return document.with_picture(picture)

    def stroke_text(self, value: object, count: int) -> str:
        cells = f"{count} cell{'s' if count != 1 else ''}"
        palette = self.view.document.palette
        if not value:
            return f"Clear {cells}"
        if palette is None:
            return f"Fill {cells}"
        assert isinstance(value, int)
        return f"Paint {cells} {palette.names[value]}"
