"""The Book panel on its own: reordering (keys, drops, the right-click menu, sorting), removing and
renaming are undoable book edits, and the puzzles are numbered 1…N in the book's order."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QPalette
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry, SortKey
from studio.core.kinds import document_of_picture
from studio.core.palette import contrast_ratio
from studio.core.sat.analysis import Status
from studio.gui import book_panel
from studio.gui.book_model import BookModel
from studio.gui.book_panel import THUMBNAIL, BookPanel


def entry(title: str, filled: tuple[int, int]) -> BookEntry:
    picture = np.zeros((3, 3), dtype=bool)
    picture[filled] = True
    return BookEntry(document_of_picture("nonogram", picture), title, picture, "unique", 1)


def panel_with(qtbot: QtBot, *titles: str) -> BookPanel:
    model = BookModel()
    model.load(Book(entries=tuple(entry(t, (i % 3, i % 3)) for i, t in enumerate(titles))))
    panel = BookPanel(model)
    qtbot.addWidget(panel)
    panel.show()
    panel.activateWindow()
    # Shortcuts only reach the active window.
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    return panel


def titles(panel: BookPanel) -> list[str]:
    return [e.title for e in panel.model.book.entries]


def test_keys_move_and_remove_puzzles_as_undo_steps(qtbot: QtBot) -> None:
    panel = panel_with(qtbot, "A", "B", "C")
    panel.list.setFocus()
    panel.list.setCurrentRow(0)
    qtbot.keyClick(panel.list, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert titles(panel) == ["B", "A", "C"]
    assert panel.list.currentRow() == 1, "the moved puzzle stays selected"
    assert panel.list.item(0).text().startswith("1. B\n")
    qtbot.keyClick(panel.list, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(panel.list, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)  # at the top
    assert titles(panel) == ["A", "B", "C"]
    qtbot.keyClick(panel.list, Qt.Key.Key_Delete)
    assert titles(panel) == ["B", "C"]
    assert panel.model.undo_stack.undoText() == "Remove “A” from the book"
    panel.model.undo_stack.undo()
    panel.model.undo_stack.undo()
    panel.model.undo_stack.undo()
    assert titles(panel) == ["A", "B", "C"]


def test_a_puzzle_back_by_an_undo_is_selected(qtbot: QtBot) -> None:
    """Undoing a Remove left the selection on the puzzle's neighbour."""
    panel = panel_with(qtbot, "A", "B", "C")
    panel.list.setFocus()
    panel.list.setCurrentRow(1)
    qtbot.keyClick(panel.list, Qt.Key.Key_Delete)
    assert titles(panel) == ["A", "C"]
    assert panel.list.currentItem().text().startswith("2. C\n"), "its neighbour, meanwhile"
    panel.model.undo_stack.undo()
    assert panel.list.currentRow() == 1
    assert panel.list.currentItem().text().startswith("2. B\n")


def test_a_drop_reorders_the_book(qtbot: QtBot) -> None:
    panel = panel_with(qtbot, "A", "B", "C")
    # What an internal drag-and-drop does to the list: move the row, then the book follows.
    assert panel.list.model().moveRow(QModelIndex(), 0, QModelIndex(), 3)
    qtbot.waitUntil(lambda: titles(panel) == ["B", "C", "A"])
    assert panel.model.undo_stack.undoText() == "Reorder the book"
    assert panel.list.item(2).text().startswith("3. A\n"), "numbers follow the new order"


def test_rename_gives_the_title_printed(qtbot: QtBot) -> None:
    panel = panel_with(qtbot, "A", "B")
    panel.rename(1, "  Lighthouse ")
    assert titles(panel) == ["A", "Lighthouse"]
    panel.rename(0, "")
    assert panel.model.book.titles() == ["Puzzle 1", "Lighthouse"]


def test_thumbnails_show_the_solution(qtbot: QtBot) -> None:
    panel = panel_with(qtbot, "Corner")
    row = panel.list.visualItemRect(panel.list.item(0))
    shown = panel.list.viewport().grab(row).toImage()
    lightness = [
        shown.pixelColor(x, y).lightness()
        for x in range(min(THUMBNAIL, shown.width()))
        for y in range(min(THUMBNAIL, shown.height()))
    ]
    assert min(lightness) < 80, "the filled cell of the solution is drawn dark"
    assert max(lightness) > 200


def test_a_long_book_draws_only_the_thumbnails_on_screen(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A book of thousands of puzzles once took seconds to list: every thumbnail was drawn."""
    drawn = []
    real = book_panel.thumbnail
    monkeypatch.setattr(
        book_panel, "thumbnail", lambda *args, **kwargs: drawn.append(1) or real(*args, **kwargs)
    )
    panel = panel_with(qtbot, *(f"P{i}" for i in range(500)))
    qtbot.waitUntil(lambda: bool(drawn))  # the rows on screen are drawn
    assert panel.list.count() == 500
    assert len(drawn) < 50


def right_click(qtbot: QtBot, panel: BookPanel, row: int) -> QMenu:
    """Right-click the puzzle at ``row``: the list's menu, once shown. (QTest's click sends
    the press and release; the context menu event that follows them is the platform's, sent
    here as the window system sends it.)"""
    viewport = panel.list.viewport()
    point = panel.list.visualItemRect(panel.list.item(row)).center()
    qtbot.mouseClick(viewport, Qt.MouseButton.RightButton, pos=point)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    qtbot.waitUntil(lambda: panel.context_menu is not None and panel.context_menu.isVisible())
    assert panel.context_menu is not None
    return panel.context_menu


def click_item(qtbot: QtBot, menu: QMenu, text: str) -> None:
    """Click the item called ``text`` (mnemonic and all) in an open menu."""
    action = next(a for a in menu.actions() if a.text() == text)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def numbers_shown(panel: BookPanel) -> list[str]:
    """Each row's first line, as the panel shows it: ``"2. B"``."""
    return [panel.list.item(row).text().split("\n")[0] for row in range(panel.list.count())]


def test_the_menu_moves_removes_and_renumbers_as_undo_steps(qtbot: QtBot) -> None:
    panel = panel_with(qtbot, "A", "B", "C")
    menu = right_click(qtbot, panel, 2)
    assert panel.list.currentRow() == 2, "the puzzle right-clicked is the one acted on"
    assert not panel.down_action.isEnabled(), "the last puzzle goes no further down"
    click_item(qtbot, menu, "Move &Up")
    assert numbers_shown(panel) == ["1. A", "2. C", "3. B"]
    click_item(qtbot, right_click(qtbot, panel, 0), "Re&move")
    assert numbers_shown(panel) == ["1. C", "2. B"]
    assert panel.model.undo_stack.undoText() == "Remove “A” from the book"
    panel.model.undo_stack.undo()
    panel.model.undo_stack.undo()
    assert numbers_shown(panel) == ["1. A", "2. B", "3. C"]


def test_the_menu_asks_to_open_rename_and_add_files(qtbot: QtBot) -> None:
    panel = panel_with(qtbot, "A", "B")
    with qtbot.waitSignal(panel.open_requested) as opened:
        click_item(qtbot, right_click(qtbot, panel, 1), "&Open in a Tab")
    assert opened.args == [1]
    with qtbot.waitSignal(panel.rename_requested) as renamed:
        click_item(qtbot, right_click(qtbot, panel, 0), "&Rename…")
    assert renamed.args == [0]
    with qtbot.waitSignal(panel.add_files_requested):
        click_item(qtbot, right_click(qtbot, panel, 0), "Add Puzzle &Files…")


def rated(title: str, side: int, difficulty: int | None, kind: str = "nonogram") -> BookEntry:
    picture = np.eye(side, dtype=bool)
    status = "unique" if difficulty is not None else "multiple"
    return BookEntry(document_of_picture(kind, picture), title, picture, status, difficulty)


def test_sorting_from_the_menu_renumbers_in_one_undo_step(qtbot: QtBot) -> None:
    panel = panel_with(qtbot)
    panel.model.load(
        Book(
            entries=(
                rated("hard", 5, 4),
                rated("unproven", 4, None),
                rated("mosaic", 6, 1, "mosaic"),
                rated("easy", 7, 2),
            )
        )
    )
    menu = right_click(qtbot, panel, 0)
    sort = next(a for a in menu.actions() if a.text() == "&Sort Puzzles").menu()
    click_item(qtbot, menu, "&Sort Puzzles")
    qtbot.waitUntil(sort.isVisible)
    click_item(qtbot, sort, "By &Difficulty")
    assert numbers_shown(panel) == ["1. mosaic", "2. easy", "3. hard", "4. unproven"]
    assert panel.list.currentRow() == 2, "the puzzle selected stays selected where it went"
    panel.sort_by(SortKey.KIND)  # stable: each kind from easy to hard
    assert numbers_shown(panel) == ["1. easy", "2. hard", "3. unproven", "4. mosaic"]
    panel.sort_by(SortKey.SIZE)
    assert numbers_shown(panel) == ["1. unproven", "2. hard", "3. mosaic", "4. easy"]
    assert panel.model.undo_stack.undoText() == "Sort the book by size"
    steps = panel.model.undo_stack.count()
    panel.sort_by(SortKey.SIZE)
    assert panel.model.undo_stack.count() == steps, "a book already in order is left alone"
    panel.model.undo_stack.undo()
    assert numbers_shown(panel) == ["1. easy", "2. hard", "3. unproven", "4. mosaic"]


def rgb(color: QColor) -> tuple[int, int, int]:
    return color.red(), color.green(), color.blue()


def test_a_puzzle_to_fix_reads_on_a_dark_desktop(qtbot: QtBot) -> None:
    """The flagged line and "1 to fix" take a red that reads on the panel's ground, light or
    dark (a dark red on dark grey once all but vanished): WCAG's 4.5 for text."""
    flagged = replace(entry("Knot", (0, 0)), status=Status.MULTIPLE.value)
    model = BookModel()
    model.load(Book(entries=(entry("Fine", (1, 1)), flagged)))
    panel = BookPanel(model)
    qtbot.addWidget(panel)
    for base, window in (("#ffffff", "#efefef"), ("#1e1e1e", "#2b2b2b")):
        palette = QPalette(panel.palette())
        palette.setColor(QPalette.ColorRole.Base, QColor(base))
        palette.setColor(QPalette.ColorRole.Window, QColor(window))
        panel.setPalette(palette)
        warning = panel.list.item(1).foreground().color()
        assert contrast_ratio(rgb(warning), rgb(QColor(base))) >= 4.5, base
        (shown,) = re.findall(r"color:(#[0-9a-f]{6})'>1 to fix", panel.summary.text())
        assert contrast_ratio(rgb(QColor(shown)), rgb(QColor(window))) >= 4.5, window
        assert panel.list.item(0).foreground() != panel.list.item(1).foreground()
