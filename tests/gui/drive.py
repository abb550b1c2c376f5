"""Driving the window's grid with real mouse events, as a person does: where a cell is on the
canvas (worked out from the cell size, the margin and the scroll bars, not asked of the view),
and strokes pressed, moved and released there."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from studio.gui.main_window import MainWindow
from studio.gui.puzzle_view import MARGIN

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def cell_origin(window: MainWindow, row: int, col: int) -> tuple[int, int]:
    """The top-left corner of a cell in canvas coordinates, scrolled as the view is."""
    view = window.view
    cell = view.cell
    return (
        MARGIN + col * cell - view.horizontalScrollBar().value(),
        MARGIN + row * cell - view.verticalScrollBar().value(),
    )


def cell_point(window: MainWindow, row: int, col: int) -> QPoint:
    """The centre of a cell in canvas coordinates."""
    left, top = cell_origin(window, row, col)
    half = window.view.cell // 2
    return QPoint(left + half, top + half)


def corner_point(window: MainWindow, row: int, col: int) -> QPoint:
    """A point near a cell's top-left corner, clear of rules, digits and circles."""
    left, top = cell_origin(window, row, col)
    fifth = window.view.cell // 5
    return QPoint(left + fifth, top + fifth)


def stroke(
    qtbot: QtBot,
    window: MainWindow,
    cells: list[tuple[int, int]],
    button: Qt.MouseButton = LEFT,
    modifiers: Qt.KeyboardModifier = NO_MODIFIER,
) -> None:
    """Press on the first cell (with ``modifiers`` held), move through the others, release on
    the last."""
    canvas = window.view.canvas
    qtbot.mousePress(canvas, button, modifiers, cell_point(window, *cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(canvas, cell_point(window, *cell))
    qtbot.mouseRelease(canvas, button, modifiers, cell_point(window, *cells[-1]))


def drag(
    qtbot: QtBot,
    window: MainWindow,
    cells: list[tuple[int, int]],
    button: Qt.MouseButton = LEFT,
    modifiers: Qt.KeyboardModifier = NO_MODIFIER,
) -> None:
    """A :func:`stroke`, then wait for the analysis of the result."""
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        stroke(qtbot, window, cells, button, modifiers)
