"""One way to make a command's action: its title, what it does, its keys and its tooltip."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None


def make_action(
    parent: QObject,
    title: str,
    slot: Callable[..., object],
    shortcut: Shortcut = None,
    tip: str = "",
) -> QAction:
    """An action called ``title`` (with its mnemonic) that runs ``slot``; a standard key takes
    every binding of the platform (Redo: Ctrl+Y and Ctrl+Shift+Z); ``tip`` is its tooltip and
    status tip, with the keys added."""
    action = QAction(title, parent)
    if isinstance(shortcut, QKeySequence.StandardKey):
        action.setShortcuts(shortcut)
    elif shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    if tip:
        tip = f"{tip} ({keys})" if keys else tip
        action.setToolTip(tip)
        action.setStatusTip(tip)
    action.triggered.connect(slot)
    return action
