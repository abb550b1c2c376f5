"""The Help menu, offscreen: the shortcuts list is the menus' own, every kind has its rules."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from studio import __version__
from studio.core.kinds import KINDS
from studio.gui.help import GRID_KEYS, ShortcutsDialog, about_text, menu_shortcuts


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
