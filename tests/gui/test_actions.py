"""Commands' actions (studio/gui/actions.py): the keys a standard command takes everywhere."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from pytestqt.qtbot import QtBot

from studio.gui.actions import standard_keys
from studio.gui.help import menu_shortcuts
from studio.gui.main_window import blank_document
from tests.gui.drive import stroke

REDO = QKeySequence.StandardKey.Redo
X11_REDO = [QKeySequence("Ctrl+Shift+Z"), QKeySequence(Qt.Key.Key_Redo)]
"""What Qt binds Redo to on plain X11 (no Ctrl+Y)."""
CONTROL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def x11_bindings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The platform's bindings as on plain X11 (offscreen binds Redo to Ctrl+Y as well)."""
    platform = QKeySequence.keyBindings
    monkeypatch.setattr(
        QKeySequence, "keyBindings", lambda key: list(X11_REDO) if key == REDO else platform(key)
    )


def texts(keys: list[QKeySequence]) -> list[str]:
    return [key.toString() for key in keys]


@pytest.mark.usefixtures("x11_bindings")
def test_redo_takes_ctrl_y_and_ctrl_shift_z_where_the_platform_gives_one(
    qtbot: QtBot, open_window
) -> None:
    """The README promises both; X11 gave Ctrl+Shift+Z alone."""
    assert texts(standard_keys(REDO)) == [*texts(X11_REDO), "Ctrl+Y"]
    window = open_window(blank_document(5, 5))
    assert texts(window.redo_action.shortcuts()) == texts(standard_keys(REDO))
    assert ("Edit", "Redo", "Ctrl+Shift+Z, Ctrl+Y") in menu_shortcuts(window), "Help lists both"
    stroke(qtbot, window, [(0, 0)])
    painted = window.model.document
    window.view.setFocus()
    for name, key, modifiers in [
        ("Ctrl+Y", Qt.Key.Key_Y, CONTROL),
        ("Ctrl+Shift+Z", Qt.Key.Key_Z, CONTROL | SHIFT),
    ]:
        qtbot.keyClick(window.view, Qt.Key.Key_Z, CONTROL)
        assert window.model.document is not painted
        qtbot.keyClick(window.view, key, modifiers)
        assert window.model.document is painted, name


def test_no_key_is_bound_twice_to_redo_nor_to_another_command(open_window) -> None:
    """Bound twice, a key is ambiguous and Qt does nothing (the platform's own Ctrl+Y and the
    one added here, say)."""
    keys = texts(standard_keys(REDO))
    assert len(set(keys)) == len(keys)
    window = open_window()
    owners = [
        action
        for action in window.findChildren(QAction)
        if {"Ctrl+Y", "Ctrl+Shift+Z"} & set(texts(action.shortcuts()))
    ]
    assert owners == [window.redo_action]
