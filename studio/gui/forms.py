"""Form rows whose field is a row of widgets: the label's mnemonic (``&Threshold``) goes to the
field's first widget. Qt gives a label a buddy only when the field is one widget; otherwise the
``&`` would be shown as it is."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QLayout, QWidget


def add_row(form: QFormLayout, text: str, row: QLayout, buddy: QWidget) -> None:
    """Add ``row`` to ``form`` under the label ``text``, whose mnemonic focuses ``buddy``."""
    label = QLabel(text)
    label.setBuddy(buddy)
    form.addRow(label, row)
