"""Form rows whose field is a row of widgets: the label's mnemonic (``&Threshold``) goes to the
field's first widget. Qt gives a label a buddy only when the field is one widget; otherwise the
``&`` would be shown as it is. And the fields the generating dialogs share: spin boxes, a pair
of them in a row, a seed with a New button (:class:`SeedBox`), ink colours, a range of
difficulty levels."""

from __future__ import annotations

import secrets

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSpinBox,
    QWidget,
)


def add_row(form: QFormLayout, text: str, row: QLayout | QWidget, buddy: QWidget) -> None:
    """Add ``row`` to ``form`` under the label ``text``, whose mnemonic focuses ``buddy``."""
    label = QLabel(text)
    label.setBuddy(buddy)
    form.addRow(label, row)


def spin_box(low: int, high: int, value: int) -> QSpinBox:
    """A spin box from ``low`` to ``high`` showing ``value``."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


def pair_row(first: QWidget, between: str, second: QWidget) -> QHBoxLayout:
    """``first between second``, left-aligned: a size (``15 × 15``), a range (``1 to 3``)."""
    row = QHBoxLayout()
    row.addWidget(first)
    row.addWidget(QLabel(between))
    row.addWidget(second)
    row.addStretch(1)
    return row


class SeedBox(QWidget):
    """A seed (a random one to begin with) and a New button that draws another: one widget,
    so that disabling it while a run goes on disables both.

    Attributes:
        spin: the seed's spin box (the label's buddy).
        new_seed: the New button.
    """

    def __init__(self) -> None:
        super().__init__()
        self.spin = spin_box(0, 2**31 - 1, secrets.randbelow(2**31))
        self.new_seed = QPushButton("New")
        self.new_seed.setToolTip("Draw a new random seed")
        self.new_seed.clicked.connect(lambda: self.spin.setValue(secrets.randbelow(2**31)))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.spin, 1)
        row.addWidget(self.new_seed)

    def value(self) -> int:
        return self.spin.value()

    def setValue(self, seed: int) -> None:
        self.spin.setValue(seed)


def colours_box(high: int) -> QSpinBox:
    """Ink colours, 1 (black and white) to ``high``, showing 1."""
    box = spin_box(1, high, 1)
    box.setToolTip("Ink colours: 1 is black and white, more a colour puzzle")
    return box


def difficulty_range(easiest: int, hardest: int) -> tuple[QSpinBox, QSpinBox]:
    """Two spin boxes of difficulty levels (1..5), from and to."""
    boxes = spin_box(1, 5, easiest), spin_box(1, 5, hardest)
    for box in boxes:
        box.setToolTip("1–2: plain logic; 3–4: one level of “what if”; 5: search")
    return boxes
