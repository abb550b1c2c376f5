"""The nonogram editor: the picture painted on the grid, the row clues at its left and the
column clues on top (headers that stay put while the grid scrolls), clues typed into them, and
the given tool, which gives or takes back a cell of the picture.

The headers reserve room: as many clue slots as a line of their length can need (in colour,
where runs of two colours may touch, twice as many as in black and white), up to
:data:`RESERVED_SLOTS`, so that painting or recolouring never moves the grid; beyond that they
grow between strokes only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLineEdit, QSizePolicy, QWidget

from studio.core.errors import PuzzleError
from studio.core.grid import Axis, BoolGrid, LineRef, cell_name
from studio.core.kinds.nonogram.linesolve import Runs, format_clue
from studio.core.kinds.nonogram.puzzle import Clue, Nonogram, parse_clue
from studio.gui.editors.base import Cell, KindTool
from studio.gui.editors.picture import PictureEditor
from studio.render.grid import Layout, clue_font
from studio.render.nonogram import clue_depth, draw_clues

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView


RESERVED_SLOTS = 10
"""The most clue slots a header reserves before it is needed: a line of 20 cells holds at most
10 runs in black and white, a line of 10 cells 10 in colour, so that the clue headers of
puzzles up to 20×20 (10×10 in colour) never grow; longer lines rarely have more."""

GIVEN_TOOL = KindTool(
    "given",
    "&Given",
    "Click a cell to give it (shown to the solver from the start) or take it back",
    "G",
)


def reserved_slots(needed: int, line_length: int, colours: int) -> int:
    """The slots a header of clues of lines of ``line_length`` cells reserves, in a puzzle of
    ``colours`` inks: every slot such a line can need, at most :data:`RESERVED_SLOTS`, and at
    least ``needed``. In black and white, runs part by a background cell: half the cells,
    rounded up; in colour, runs of two colours may touch: as many as the cells."""
    most = line_length if colours > 1 else (line_length + 1) // 2
    return max(needed, min(most, RESERVED_SLOTS), 1)


class NonogramEditor(PictureEditor):
    """Clue headers around the grid and the given tool; painting from :class:`PictureEditor`."""

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        self.row_clues = CluePanel(self, "row")
        self.column_clues = CluePanel(self, "column")
        self.clue_editor = ClueEditor(self)
        self._reserved = (0, 0)
        view.model.loaded.connect(self._forget_reserve)

    @property
    def puzzle(self) -> Nonogram:
        puzzle = self.view.document.puzzle
        assert isinstance(puzzle, Nonogram)
        return puzzle

    def clues(self, axis: str) -> Sequence[Clue]:
        return _clues(self.puzzle, axis)

    def chars(self) -> str:
        """How typed clues spell the colours (the palette's
        :attr:`~studio.core.palette.Palette.typing_chars`, background first); empty in black
        and white (:func:`~studio.core.kinds.nonogram.puzzle.parse_clue`)."""
        palette = self.view.document.palette
        return "" if palette is None else palette.typing_chars

    def typed_clue(self, line: LineRef) -> str:
        """A line's clue as it is typed: ``3 1 2``, in colour ``3r 2 1g``."""
        return format_clue(self.puzzle.runs(line), self.chars())

    def depth(self, axis: str) -> int:
        """Number of clue slots a panel needs: the longest clue, at least 1."""
        return clue_depth(self.clues(axis))

    def headers(self) -> tuple[QWidget | None, QWidget | None]:
        return self.column_clues, self.row_clues

    def header_slots(self) -> tuple[int, int]:
        if not self.view.strokes.active:  # the grid stays put while a stroke goes on
            self._reserved = self._wanted()
        return self._reserved

    def relayout_needed(self) -> bool:
        return not self.view.strokes.active and self._wanted() != self._reserved

    def _wanted(self) -> tuple[int, int]:
        height, width = self.puzzle.shape
        top, left = self._reserved
        colours = self.puzzle.colours
        return (
            max(top, reserved_slots(self.depth("column"), height, colours)),
            max(left, reserved_slots(self.depth("row"), width, colours)),
        )

    def _forget_reserve(self) -> None:
        """Another document: the headers fit it afresh (they never shrink while it is edited)."""
        self._reserved = (0, 0)

    def refresh(self) -> None:
        self.row_clues.update()
        self.column_clues.update()

    def refresh_lines(self, rows: list[int], cols: list[int]) -> None:
        for index in rows:
            self.row_clues.update(self.row_clues.band(index))
        for index in cols:
            self.column_clues.update(self.column_clues.band(index))

    def tools(self) -> list[KindTool]:
        return [*super().tools(), GIVEN_TOOL]

    def use_tool(self, name: str, cell: Cell) -> bool:
        """The given tool: give the cell, or take its given back (one undo step)."""
        if name != GIVEN_TOOL.name:
            return super().use_tool(name, cell)
        document = self.stroke_base()
        assert document.picture is not None
        given = set(self.puzzle.given_cells())
        verb = "Take back" if cell in given else "Give"
        given ^= {cell}
        puzzle = Nonogram.from_picture(document.picture, sorted(given), self.puzzle.colours)
        self.view.model.replace(
            replace(document, puzzle=puzzle), f"{verb} the given at {cell_name(cell)}"
        )
        return True

    def close(self) -> None:
        self.clue_editor.deleteLater()
        super().close()

    def edit_clue(self, axis: str, index: int) -> None:
        """Open the in-place editor on a line's clue (double-click a clue to get here)."""
        panel = self.row_clues if axis == "row" else self.column_clues
        self.view.ensure_visible((index, self.view.cursor_cell[1]) if axis == "row" else (0, index))
        band = panel.band(index)
        origin = panel.mapTo(self.view, band.topLeft())
        cell = self.view.cell
        if axis == "row":
            rect = QRect(origin.x(), origin.y(), max(band.width(), 8 * cell), cell)
            rect.moveRight(origin.x() + band.width() - 1)
            rect.moveLeft(max(0, rect.left()))
        else:
            rect = QRect(origin.x(), origin.y() + band.height() - cell, max(cell, 8 * cell), cell)
        line = LineRef("row" if axis == "row" else "column", index)
        # Typed in the clues' own size, a row's against the grid as its numbers stand.
        self.clue_editor.setFont(clue_font(cell))
        self.clue_editor.setAlignment(
            (Qt.AlignmentFlag.AlignRight if axis == "row" else Qt.AlignmentFlag.AlignLeft)
            | Qt.AlignmentFlag.AlignVCenter
        )
        self.clue_editor.open(line, self.typed_clue(line), rect)

    def type_clue(self, line: LineRef, runs: Runs) -> None:
        """A clue typed into a panel: the clues now lead, the picture no longer holds."""
        if runs == self.puzzle.runs(line):
            return
        document = replace(
            self.view.document, puzzle=self.puzzle.with_runs(line, runs), picture=None
        )
        self.view.model.replace(document, f"Type the clue of {line}")


def _line_of(conflict: BoolGrid, axis: str) -> int | None:
    """The row (or column) whose every cell is in ``conflict``, if any."""
    hits = np.flatnonzero(conflict.all(axis=1 if axis == "row" else 0))
    return int(hits[0]) if hits.size == 1 else None


class CluePanel(QWidget):
    """The clues of the rows (drawn left of the grid) or of the columns (drawn above it).
    Double-click a clue to type it."""

    def __init__(self, editor: NonogramEditor, axis: str) -> None:
        super().__init__(editor.view)
        self.editor = editor
        self.axis = axis
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)
        self.setToolTip(
            f"{axis.capitalize()} clues: double-click one to type it (e.g. 3 1 2; in colour "
            "each length followed by its colour's character, 3r 2 1g)"
        )

    def line_clues(self) -> list[str]:
        """Each line's clue as shown and typed, e.g. ``"3 1"`` (for tests and accessibility):
        a previewed repair's while one is previewed."""
        shown = self.editor.view.shown_puzzle()
        assert isinstance(shown, Nonogram)
        axis: Axis = "row" if self.axis == "row" else "column"
        lines = range(len(_clues(shown, self.axis)))
        return [format_clue(shown.runs(LineRef(axis, i)), self.editor.chars()) for i in lines]

    def _highlighted_lines(self) -> set[int]:
        """The lines of this panel to highlight: the one under the pointer, and the one the hint
        shown comes from (a line all filled shows no shading on the grid)."""
        view = self.editor.view
        axis = 0 if self.axis == "row" else 1
        lines = set() if view.hover is None else {view.hover[axis]}
        source = view.hints.source if view.hints is not None else None
        if source is not None and source.sum() == source.shape[1 - axis]:
            lines.update(np.flatnonzero(source.all(axis=1 - axis)).tolist())
        return lines

    def _start(self) -> int:
        """Where the first line's clue starts along the panel: the grid's, scrolled."""
        layout = self.editor.view.grid_layout()
        return round(layout.top if self.axis == "row" else layout.left)

    def band(self, index: int) -> QRect:
        """Where line ``index``'s clue is drawn, in panel coordinates."""
        cell = self.editor.view.cell
        start = self._start() + index * cell
        if self.axis == "row":
            return QRect(0, start, self.width(), cell)
        return QRect(start, 0, cell, self.height())

    def line_at(self, point: QPoint) -> int | None:
        """The line whose clue is at ``point``, if any."""
        view = self.editor.view
        offset = (point.y() if self.axis == "row" else point.x()) - self._start()
        index = offset // view.cell
        count = len(self.editor.clues(self.axis))
        return index if offset >= 0 and index < count else None

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.line_at(event.position().toPoint())
        if index is not None:
            self.editor.edit_clue(self.axis, index)

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.editor.view
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        palette = view.screen_palette()
        painter.fillRect(event.rect(), QColor(palette.background))
        # Place the grid's layout so that the clues end exactly where the grid starts.
        rows = self.axis == "row"
        depth = (self.width() if rows else self.height()) // view.cell
        left, top = (self.width(), self._start()) if rows else (self._start(), self.height())
        conflict = view.conflict_mask()
        shown = view.shown_puzzle()  # a previewed repair's clues, as they would be
        assert isinstance(shown, Nonogram)
        draw_clues(
            painter,
            Layout(view.document.puzzle.shape, view.cell, left, top).within(QRectF(event.rect())),
            _clues(shown, self.axis),
            axis=self.axis,
            depth=depth,
            conflict_line=None if conflict is None else _line_of(conflict, self.axis),
            highlight_lines=self._highlighted_lines(),
            palette=palette,
            run_colours=_run_colours(shown, self.axis),
            inks=view.document.palette,
        )
        painter.end()


_EDITOR_KEYS = (Qt.Key.Key_Escape, Qt.Key.Key_Tab, Qt.Key.Key_Backtab)


class ClueEditor(QLineEdit):
    """Types one line's clue in place (e.g. ``3 1 2``), checked as it is typed.

    Enter keeps the clue, Esc cancels, Tab and Shift+Tab keep it and move to the next or
    previous line, so that clues copied from a magazine go in quickly.
    """

    def __init__(self, editor: NonogramEditor) -> None:
        super().__init__(editor.view)
        self.editor = editor
        self.line: LineRef | None = None
        self.hide()
        self.textEdited.connect(self._check)
        self.returnPressed.connect(lambda: self._commit(0))

    def open(self, line: LineRef, text: str, rect: QRect) -> None:
        self.line = line
        self.setGeometry(rect)
        self.setText(text)
        self.selectAll()
        self._check()
        self.show()
        self.raise_()
        self.setFocus()

    def clue(self) -> Runs | None:
        """The typed clue, or ``None`` (with the reason shown) when it is not a valid one."""
        if self.line is None:
            return None
        length = self.editor.puzzle.line_length(self.line)
        try:
            return parse_clue(self.text(), self.line, length, self.editor.chars())
        except PuzzleError as error:
            self.setToolTip(str(error))
            self.editor.view.message.emit(str(error))
            return None

    def _check(self) -> None:
        valid = self.clue() is not None
        self.setStyleSheet("" if valid else "background: #fce8e6; color: #c5221f;")
        if valid:
            self.setToolTip("")
            self.editor.view.message.emit("")

    def _commit(self, step: int) -> None:
        line, clue = self.line, self.clue()
        if line is None or clue is None:
            return
        self.close_editor()
        self.editor.type_clue(line, clue)
        following = line.index + step
        if step and 0 <= following < len(self.editor.clues(line.axis)):
            self.editor.edit_clue(line.axis, following)

    def close_editor(self) -> None:
        self.line = None
        self.hide()
        self.editor.view.setFocus()

    def event(self, event: QEvent) -> bool:
        if isinstance(event, QKeyEvent) and event.key() in _EDITOR_KEYS:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()  # Esc is also the window's Stop Analysis: here it cancels
                return True
            if event.type() == QEvent.Type.KeyPress:
                if event.key() == Qt.Key.Key_Escape:
                    self.close_editor()
                    self.editor.view.message.emit("")
                else:
                    self._commit(-1 if event.key() == Qt.Key.Key_Backtab else 1)
                return True
        return bool(super().event(event))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if self.line is not None:
            self.close_editor()


def _clues(puzzle: Nonogram, axis: str) -> Sequence[Clue]:
    return puzzle.rows if axis == "row" else puzzle.cols


def _run_colours(puzzle: Nonogram, axis: str) -> Sequence[Clue] | None:
    """The colour of each run of the clues of ``axis``; ``None`` in black and white."""
    if puzzle.colours == 1:
        return None
    return puzzle.row_colours if axis == "row" else puzzle.col_colours
