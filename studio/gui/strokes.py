"""Drawing on the grid with the tools, by mouse and by keyboard.

The tools are the same for every kind (:class:`Tool`): pencil (freehand; with Shift, a straight
line), line, rectangle, filled rectangle, flood fill; a kind may add its own (a nonogram's given
tool, a mosaic's clue tool), which act on a click. What a stroke puts on a cell, and what a cell
holds, is the kind editor's business (:meth:`KindEditor.stroke_value`,
:meth:`KindEditor.painted`): a picture cell filled or empty, a Fobidoshi given cycled. A stroke
shows live as it goes and is one undo step when it ends
(:meth:`~studio.gui.document_model.DocumentModel.begin_stroke`).

Keyboard: Space gives the keyboard's cell what a click would (with the tool in hand), Delete
clears it, and arrows with Shift held paint a stroke along the way, ended when Shift is let go.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import Qt

from studio.core.document import Document
from studio.core.grid import cells_of
from studio.gui.editors.base import Cell

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView


class Tool(Enum):
    """A drawing tool: its title (with the mnemonic), its shortcut, and what it does."""

    PENCIL = ("&Pencil", "P", "Paint cells one by one; Shift+drag draws a straight line")
    LINE = ("&Line", "L", "Drag to draw a straight line of cells")
    RECTANGLE = ("&Rectangle", "R", "Drag to draw the outline of a rectangle")
    FILLED_RECTANGLE = ("F&illed Rectangle", "Shift+R", "Drag to fill a rectangle")
    FILL = ("&Fill", "F", "Click to fill the area of like cells around the one clicked")

    @property
    def title(self) -> str:
        return self.value[0]

    @property
    def shortcut(self) -> str:
        return self.value[1]

    @property
    def tip(self) -> str:
        return self.value[2]


ShapeCells = Callable[[Cell, Cell], list[Cell]]


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


def rectangle(start: Cell, end: Cell, *, filled: bool) -> list[Cell]:
    """The cells of the rectangle with corners ``start`` and ``end``: all of them, or its
    outline."""
    top, bottom = sorted((start[0], end[0]))
    left, right = sorted((start[1], end[1]))
    return [
        (r, c)
        for r in range(top, bottom + 1)
        for c in range(left, right + 1)
        if filled or r in (top, bottom) or c in (left, right)
    ]


def region(values: np.ndarray, start: Cell) -> list[Cell]:
    """The cells 4-connected to ``start`` through cells of the same value (a flood fill's
    area), in row-major order; ``values`` is any ``(height, width)`` array."""
    height, width = values.shape
    same = values == values[start]
    reached = np.zeros(values.shape, dtype=bool)
    reached[start] = True
    frontier = [start]
    while frontier:
        row, col = frontier.pop()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < height and 0 <= c < width and same[r, c] and not reached[r, c]:
                reached[r, c] = True
                frontier.append((r, c))
    return cells_of(reached)


_SHAPES: dict[Tool, ShapeCells] = {
    Tool.LINE: cells_between,
    Tool.RECTANGLE: lambda start, end: rectangle(start, end, filled=False),
    Tool.FILLED_RECTANGLE: lambda start, end: rectangle(start, end, filled=True),
}


class Strokes:
    """The strokes painted on a view: the tool in hand, the stroke under way, and which cells
    its last step changed (the view repaints only those)."""

    def __init__(self, view: PuzzleView) -> None:
        self.view = view
        self.tool = Tool.PENCIL
        self.kind_tool: str | None = None
        """A kind's own tool in hand (its name), instead of :attr:`tool`."""
        self._value: object = None
        self._base: Document | None = None
        self._shape: Tool | None = None
        self._start: Cell = (0, 0)
        self._last: Cell = (0, 0)
        self._cells: list[Cell] = []
        self._painted: list[Cell] | None = None
        self._by_keyboard = False

    @property
    def active(self) -> bool:
        """True while a stroke is under way."""
        return self._base is not None

    def take_painted(self) -> list[Cell] | None:
        """The cells the last step of the stroke changed, once (the view's repaint); ``None``
        when the document changed otherwise."""
        painted, self._painted = self._painted, None
        return painted

    # Mouse ---------------------------------------------------------------------------------

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        """The mouse went down on ``cell``; True if it started (or made) a stroke."""
        editor = self.view.editor
        if self.active:
            if not self._by_keyboard:
                return True
            self._end()  # Shift may still be down from Shift+arrows: the click starts afresh
        if self.kind_tool is not None and button == Qt.MouseButton.LeftButton:
            return editor.use_tool(self.kind_tool, cell)
        if editor.press(cell, button, modifiers):  # e.g. Ctrl+click, the kind's own shortcut
            return True
        value = editor.stroke_value(cell, button)
        if value is None:
            return False
        shape = self.tool
        if shape is Tool.PENCIL and modifiers & Qt.KeyboardModifier.ShiftModifier:
            shape = Tool.LINE
        self._begin(cell, value, shape, by_keyboard=False)
        if shape is Tool.FILL:
            base = self._base
            assert base is not None
            self._show(region(editor.cell_values(base), cell))
            self.release()
        return True

    def drag(self, cell: Cell) -> None:
        """The mouse moved onto ``cell``."""
        if not self.active or self._by_keyboard or cell == self._last:
            return
        if self._shape is Tool.PENCIL:
            self._show(self._cells + cells_between(self._last, cell))
        elif self._shape in _SHAPES:
            self._show(_SHAPES[self._shape](self._start, cell))
        self._last = cell

    def release(self) -> None:
        """The mouse button went up: the stroke is one undo step."""
        if self.active and not self._by_keyboard:
            self._end()

    # Keyboard ------------------------------------------------------------------------------

    def key_toggle(self, cell: Cell) -> None:
        """Space: give ``cell`` what a left click would with the tool in hand (a fill floods
        the area, a kind's tool acts on the cell), as one undo step."""
        if not self.active and self.press(
            cell, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        ):
            self.release()

    def key_clear(self, cell: Cell) -> None:
        """Delete: clear ``cell``."""
        self._one_cell(cell, self.view.editor.stroke_value(cell, Qt.MouseButton.RightButton))

    def key_paint(self, cell: Cell, target: Cell) -> None:
        """Shift+arrow from ``cell`` to ``target``: paint both, in one stroke until Shift is let
        go; the stroke puts what Space would put on the cell it starts from."""
        height, width = self.view.document.puzzle.shape
        if not (0 <= target[0] < height and 0 <= target[1] < width):
            target = cell
        if not self.active:
            value = self.view.editor.stroke_value(cell, Qt.MouseButton.LeftButton)
            if value is None:
                return
            self._begin(cell, value, Tool.PENCIL, by_keyboard=True)
        if self._by_keyboard:
            self._show(self._cells + cells_between(self._last, target))
            self._last = target

    def key_release(self) -> None:
        """Shift was let go (or the view lost the focus): a keyboard stroke ends."""
        if self.active and self._by_keyboard:
            self._end()

    def abandon(self) -> None:
        """The document changed under the stroke (an undo, a grid command, with the button or
        Shift still down): drop the stroke; that change stands, and no undo step is made."""
        if self.active:
            self._base = None
            self._value = None
            self._painted = None
            self.view.model.abandon_stroke()

    # The stroke ----------------------------------------------------------------------------

    def _one_cell(self, cell: Cell, value: object) -> None:
        if value is None or self.active:
            return
        self._begin(cell, value, Tool.PENCIL, by_keyboard=True)
        self._end()

    def _begin(self, cell: Cell, value: object, shape: Tool, *, by_keyboard: bool) -> None:
        self._value, self._shape, self._by_keyboard = value, shape, by_keyboard
        self._base = self.view.editor.stroke_base()
        self._start = self._last = cell
        self._cells = []
        self.view.model.begin_stroke()
        self._show([cell])

    def _show(self, cells: list[Cell]) -> None:
        """Show the stroke as ``cells`` holding its value (on the stroke's start)."""
        base = self._base
        assert base is not None
        unique = list(dict.fromkeys(cells))
        # The view repaints what changed since the last step: the cells left and those taken.
        self._painted = list(set(self._cells).symmetric_difference(unique)) or unique
        self._cells = unique
        self.view.model.show_stroke(self.view.editor.painted(base, unique, self._value))
        self._painted = None  # taken by the view, if the document changed at all

    def _end(self) -> None:
        text = self.view.editor.stroke_text(self._value, len(self._cells))
        self._base = None
        self._value = None
        self._painted = None
        self.view.model.end_stroke(text)
        self.view.stroke_ended()
