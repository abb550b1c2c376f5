"""Filling in a dialog as a person does: shown as the active window, a spin box typed over."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox, QWidget
from pytestqt.qtbot import QtBot


def type_into(qtbot: QtBot, box: QSpinBox, text: str) -> None:
    """Select the box's text and type ``text`` over it, as a person does."""
    qtbot.mouseClick(box.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, text)
    assert box.value() == int(text)


def shown_dialog(qtbot: QtBot, dialog: QWidget) -> None:
    """Show ``dialog`` as the active window, as exec() does: keys go to it, not to the main
    window's shortcuts (Esc there stops the analysis)."""
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5_000)
