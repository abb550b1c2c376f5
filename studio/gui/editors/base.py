"""What a kind's editor does for the puzzle view: the headers around the grid, what a stroke
puts on a cell, the kind's own tools and commands. The view, the tools (:mod:`studio.gui.strokes`)
and the window stay the same for every kind (docs/architecture.md, "Layers": no
``if kind == ...`` in generic GUI code)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from studio.core.document import Document

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView

Cell = tuple[int, int]


@dataclass(frozen=True)
class KindTool:
    """A tool of one kind, beside the drawing tools: it acts on the cell clicked.

    Attributes:
        name: its identifier, passed back to :meth:`KindEditor.use_tool`.
        title: the menu and toolbar text, with its mnemonic.
        tip: what it does, for the tooltip.
        shortcut: its key.
    """

    name: str
    title: str
    tip: str
    shortcut: str


class KindEditor:
    """The editor of one kind of puzzle; subclasses override what their kind needs."""

    def __init__(self, view: PuzzleView) -> None:
        self.view = view

    # Headers ------------------------------------------------------------------------------

    def headers(self) -> tuple[QWidget | None, QWidget | None]:
        """Widgets fixed above and left of the grid (a nonogram's clues), or ``None``."""
        return None, None

    def header_slots(self) -> tuple[int, int]:
        """Cell slots the headers take above and left of the grid: what they need, and room to
        grow, so that the grid stays put while a stroke deepens the clues."""
        return 0, 0

    def relayout_needed(self) -> bool:
        """True when the headers have outgrown their room (checked between strokes)."""
        return False

    def refresh(self) -> None:
        """Redraw the headers (after an analysis, a hover...)."""

    def refresh_lines(self, rows: list[int], cols: list[int]) -> None:
        """Redraw the headers of these rows and columns only (a stroke changed them)."""
        self.refresh()

    # Commands and tools -------------------------------------------------------------------

    def actions(self) -> list[QAction]:
        """Commands of this kind for the window's Puzzle menu."""
        return []

    def tools(self) -> list[KindTool]:
        """The kind's own tools, offered beside the drawing tools."""
        return []

    def use_tool(self, name: str, cell: Cell) -> bool:
        """Use the kind's tool ``name`` on ``cell``; True if it did something."""
        return False

    def status(self) -> str:
        """A line about the puzzle for the status bar (e.g. how many clues a mosaic shows)."""
        return ""

    # Strokes ------------------------------------------------------------------------------

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        """A click the kind handles itself (e.g. Ctrl+click on a mosaic's clue); True if so."""
        return False

    def picture_base(self) -> Document | None:
        """The document whose picture an edit of the picture starts from (a palette edit): a
        puzzle known only by its clues with the solution shown as its picture; ``None`` while
        there is no picture to edit."""
        document = self.view.document
        return document if document.picture is not None else None

    def stroke_base(self) -> Document:
        """The document a stroke paints on."""
        return self.view.document

    def stroke_value(self, cell: Cell, button: Qt.MouseButton) -> object | None:
        """What a stroke started on ``cell`` with ``button`` puts on cells (the left button: the
        next value; the right: the blank one), or ``None`` for no stroke."""
        return None

    def cell_values(self, document: Document) -> np.ndarray:
        """What each cell of ``document`` holds, ``(height, width)``: a fill spreads over cells
        alike."""
        return np.zeros(document.puzzle.shape, dtype=np.int8)

    def painted(self, document: Document, cells: list[Cell], value: object) -> Document:
        """``document`` with ``cells`` holding ``value``."""
        return document

    def stroke_text(self, value: object, count: int) -> str:
        """The undo text of a stroke that put ``value`` on ``count`` cells."""
        return f"Paint {count} cell{'s' if count != 1 else ''}"

    def close(self) -> None:
        """The view switches to another kind: remove the headers."""
        for header in self.headers():
            if header is not None:
                header.hide()  # no paint of the old kind's clues before it is deleted
                header.deleteLater()
