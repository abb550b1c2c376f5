"""Painting a picture: the editing of kinds drawn from a picture (nonogram, mosaic).

A left stroke fills, a right one clears; a left stroke that starts on a filled cell clears. A
puzzle known only by its clues paints on the solution shown, which then becomes its picture.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from studio.core.document import Document
from studio.gui.editors.base import Cell, KindEditor


class PictureEditor(KindEditor):
    """Paints the document's picture; the clues follow."""

    def stroke_base(self) -> Document:
        document = self.view.document
        shown = self.view.picture_shown()
        if document.picture is None:
            picture = shown if shown is not None else np.zeros(document.puzzle.shape, dtype=bool)
            return document.with_picture(picture)
        return document

    def stroke_value(self, cell: Cell, button: Qt.MouseButton) -> object | None:
        if button == Qt.MouseButton.LeftButton:
            picture = self.stroke_base().picture
            assert picture is not None
            return not bool(picture[cell])
        if button == Qt.MouseButton.RightButton:
            return False
        return None

    def cell_values(self, document: Document) -> np.ndarray:
        assert document.picture is not None
        return document.picture

    def painted(self, document: Document, cells: list[Cell], value: object) -> Document:
        picture = document.picture
        assert picture is not None
        picture = picture.copy()
        rows, cols = zip(*cells, strict=True)
        picture[list(rows), list(cols)] = bool(value)
        return document.with_picture(picture)

    def stroke_text(self, value: object, count: int) -> str:
        return f"{'Fill' if value else 'Clear'} {count} cell{'s' if count != 1 else ''}"
