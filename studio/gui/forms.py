"""Form rows whose field is a row of widgets: the label's mnemonic (``&Threshold``) goes to the
field's first widget. Qt gives a label a buddy only when the field is one widget; otherwise the
``&`` would be shown as it is. And the fields the generating dialogs share: spin boxes, a pair
of them in a row, a seed with a New button, a range of difficulty levels."""

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


def add_row(form: QFormLayout, text: str, row: QLayout, buddy: QWidget) -> None:
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


def seed_row(seed: QSpinBox) -> QHBoxLayout:
    """``seed`` (a random one to begin with) and a button that draws a new one."""
    seed.setRange(0, 2**31 - 1)
    seed.setValue(secrets.randbelow(2**31))
    new_seed = QPushButton("New")
    new_seed.setToolTip("Draw a new random seed")
    new_seed.clicked.connect(lambda: seed.setValue(secrets.randbelow(2**31)))
    row = QHBoxLayout()
    row.addWidget(seed, 1)
    row.addWidget(new_seed)
    return row


def difficulty_range(easiest: int, hardest: int) -> tuple[QSpinBox, QSpinBox]:
    """Two spin boxes of difficulty levels (1..5), from and to."""
    boxes = spin_box(1, 5, easiest), spin_box(1, 5, hardest)
    for box in boxes:
        box.setToolTip("1–2: plain logic; 3–4: one level of “what if”; 5: search")
    return boxes
