"""One way to make a command's action: its title, what it does, its keys and its tooltip."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None

EVERYWHERE: dict[QKeySequence.StandardKey, tuple[str, ...]] = {
    QKeySequence.StandardKey.Redo: ("Ctrl+Shift+Z", "Ctrl+Y"),
}
"""Keys a standard command takes on every platform, beside the platform's own: Qt gives Redo
only Ctrl+Shift+Z on X11 and Ctrl+Y first on Windows, and a person moving between them tries
both."""


def standard_keys(key: QKeySequence.StandardKey) -> list[QKeySequence]:
    """The platform's bindings of ``key``, then those of :data:`EVERYWHERE` it lacks, each
    once (a key bound twice to one action makes Qt call it ambiguous and do nothing)."""
    keys = QKeySequence.keyBindings(key)
    keys += [
        sequence for sequence in map(QKeySequence, EVERYWHERE.get(key, ())) if sequence not in keys
    ]
    return keys


def make_action(
    parent: QObject,
    title: str,
    slot: Callable[..., object],
    shortcut: Shortcut = None,
    tip: str = "",
) -> QAction:
    """An action called ``title`` (with its mnemonic) that runs ``slot``; a standard key takes
    its :func:`standard_keys`; ``tip`` is its tooltip and status tip, with the keys added."""
    action = QAction(title, parent)
    if isinstance(shortcut, QKeySequence.StandardKey):
        action.setShortcuts(standard_keys(shortcut))
    elif shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    if tip:
        tip = f"{tip} ({keys})" if keys else tip
        action.setToolTip(tip)
        action.setStatusTip(tip)
    action.triggered.connect(slot)
    return action


def make_widget_action(
    widget: QWidget, title: str, slot: Callable[..., object], shortcut: Shortcut, tip: str = ""
) -> QAction:
    """:func:`make_action` for a command on what ``widget`` shows (a list's chosen item): its
    keys work while ``widget`` has the focus, so that F2 or Delete there does not shadow the
    same keys elsewhere in the window."""
    action = make_action(widget, title, slot, shortcut, tip)
    action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    widget.addAction(action)
    return action
