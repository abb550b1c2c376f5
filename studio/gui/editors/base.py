"""What a kind's editor does for the puzzle view: the panels around the grid, and what the mouse
does on it. The view, the canvas and the window stay the same for every kind (docs/architecture.md,
"Layers": no ``if kind == ...`` in generic code)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView

Cell = tuple[int, int]


class KindEditor:
    """The editor of one kind of puzzle; subclasses override what their kind needs."""

    def __init__(self, view: PuzzleView) -> None:
        self.view = view

    def panels(self) -> tuple[QWidget | None, QWidget | None]:
        """Widgets drawn above and left of the grid (a nonogram's clues), or ``None``."""
        return None, None

    def resize(self) -> None:
        """Fit the panels to the puzzle and the zoom."""

    def refresh(self) -> None:
        """Redraw the panels (after an analysis, a hover...)."""

    def actions(self) -> list[QAction]:
        """Commands of this kind for the window's Puzzle menu."""
        return []

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        """The mouse went down on ``cell``; True if the editor took it."""
        return False

    def drag(self, cell: Cell) -> None:
        """The mouse moved onto ``cell`` with a button down."""

    def release(self) -> None:
        """The mouse button went up."""

    def close(self) -> None:
        """The view switches to another kind: remove the panels."""
        for panel in self.panels():
            if panel is not None:
                panel.deleteLater()
