"""The Help menu, offscreen: the shortcuts list is the menus' own, every kind has its rules."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from studio import __version__
from studio.core.kinds import KINDS
from studio.gui.help import GRID_KEYS, ShortcutsDialog, about_text, menu_shortcuts
from tests.gui.drive import drag
from tests.gui.typing_in import shown_dialog


def help_menu(window):
    (menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    return menu


def test_the_shortcuts_are_read_from_the_menus(open_window) -> None:
    window = open_window()
    rows = menu_shortcuts(window)
    assert ("File", "Save", "Ctrl+S") in rows
    assert ("Tools", "Line", "L") in rows
    assert ("Puzzle", "Rotate Clockwise", "Ctrl+R") in rows, "the Puzzle menu, filled on show"
    assert ("Puzzle ▸ Shift", "Shift Left", "Ctrl+Shift+Left") in rows
    window.save_action.setShortcut("Ctrl+Alt+Q")
    assert ("File", "Save", "Ctrl+Alt+Q") in menu_shortcuts(window), "no copy to drift"
    dialog = ShortcutsDialog(window)
    assert dialog.table.rowCount() == len(rows) + len(GRID_KEYS)
    assert dialog.table.item(dialog.table.rowCount() - 1, 0).text() == "Grid"


def test_how_to_play_shows_each_kinds_rules(open_window, monkeypatch) -> None:
    window = open_window()
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "information", lambda _parent, title, text: shown.append((title, text))
    )
    (rules,) = [a.menu() for a in help_menu(window).actions() if a.text() == "&How to Play"]
    for action in rules.actions():
        action.trigger()
    assert shown == [(f"How to play {k.spec.title}", k.spec.rules) for k in KINDS]


def test_about_names_the_version_licence_and_sources(qtbot: QtBot) -> None:
    text = about_text()
    assert __version__ in text
    assert "MIT" in text
    for source in ("Tatham", "van Oers", "de Jong", "Heslenfeld", "python-sat"):
        assert source in text


def test_every_command_in_the_menus_says_what_it_does(open_window) -> None:
    window = open_window()
    untold = []

    def walk(menu: QMenu) -> None:
        menu.aboutToShow.emit()
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu())
            elif action.text() and not action.isSeparator() and action.isEnabled():
                title = action.text().replace("&", "")
                if action.toolTip() in ("", title) and menu is not window.recent_menu:
                    untold.append(title)

    for action in window.menuBar().actions():
        walk(action.menu())
    assert untold == [], untold


def test_every_key_shows_in_full_and_a_command_lists_each_of_its_keys(
    qtbot: QtBot, open_window
) -> None:
    """The Keys column is as wide as its longest keys, with no sideways scrolling (Ctrl+Shift+S
    was cut off), the long descriptions wrapping instead. Redo lists both its keys, Ctrl+Shift+Z
    and Ctrl+Y, and Copy only Ctrl+C: not the platform's stand-ins on keys of their own
    (Ctrl+Insert, F16, the Redo and Copy keys of some keyboards)."""
    window = open_window()
    dialog = ShortcutsDialog(window)
    shown_dialog(qtbot, dialog)
    table = dialog.table
    metrics = table.fontMetrics()
    keys = [table.item(row, 2).text() for row in range(table.rowCount())]
    widest = max(metrics.horizontalAdvance(text) for text in keys)
    assert table.columnWidth(2) >= widest
    assert table.horizontalScrollBar().maximum() == 0
    listed = {what: keys.split(", ") for _menu, what, keys in menu_shortcuts(window)}
    assert sorted(listed["Redo"]) == ["Ctrl+Shift+Z", "Ctrl+Y"]
    assert listed["Copy"] == ["Ctrl+C"]


def test_undo_and_redo_are_listed_by_their_names_not_the_step(qtbot: QtBot, open_window) -> None:
    """After an edit the Edit menu says "Undo Fill 1 cell"; the list keeps "Undo"."""
    window = open_window()
    drag(qtbot, window, [(0, 0)])
    drag(qtbot, window, [(1, 1)])
    window.undo_action.trigger()
    assert "Fill" in window.undo_action.text()
    assert "Fill" in window.redo_action.text()
    commands = [what for _menu, what, _keys in menu_shortcuts(window)]
    assert "Undo" in commands
    assert "Redo" in commands
    assert "Save As" in commands, "nor the dots of a command that asks more"
