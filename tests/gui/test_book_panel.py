"""The Book panel on its own: reordering, removing and renaming are undoable book edits."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry
from studio.core.kinds import document_of_picture
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
