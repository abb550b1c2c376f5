"""A field of the window's status bar: the verdict, the editor's counts, the cell under the
pointer, the warning about copies of unsaved work.

Each is set apart from the one before by a thin line, so that "difficulty 1/5", "80 of 100
clues shown" and "row 8, column 8" read as three things, not one sentence; a field with
nothing to say is hidden, line and all.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

STYLE = (
    'QLabel[statusField="true"] { border-style: solid; border-width: 0 0 0 1px;'
    " border-color: palette(mid); padding-left: 6px; }"
)
"""A selector: a bare declaration would reach the field's tooltip too (one of the class's
Python name matches nothing: Qt's style sheets know C++ class names). Qt draws a border only
with a ``border-style`` of its own: ``border-left: 1px solid`` alone draws nothing."""


class StatusField(QLabel):
    """A label of the status bar, hidden while its text is empty."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("statusField", True)
        self.setStyleSheet(STYLE)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        if not text:
            self.hide()  # explicitly: the status bar, taking it, leaves it hidden
        elif self.parentWidget() is not None:
            self.show()  # never before the status bar takes it: it would be a window
