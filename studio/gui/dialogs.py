"""Small dialogs: save changes?, a new puzzle's size, and importing an image with a live
preview."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio import APP_NAME
from studio.core.errors import FormatError
from studio.core.grid import BoolGrid
from studio.core.kinds import KINDS, get_kind
from studio.core.pixelart import DEFAULT_THRESHOLD, MAX_SIDE, ImportOptions, picture_from_image
from studio.gui.edited import Choice
from studio.render.grid import Layout, draw_grid


def ask_to_save(parent: QWidget, name: str) -> Choice:
    """Ask whether to save the unsaved changes to ``name`` (quoted as the user knows it)."""
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent,
        APP_NAME,
        f"Save the changes to {name}?",
        buttons.Save | buttons.Discard | buttons.Cancel,
        buttons.Save,
    )
    return {buttons.Save: Choice.SAVE, buttons.Discard: Choice.DISCARD}.get(answer, Choice.CANCEL)


def ask_to_save_all(parent: QWidget, names: list[str]) -> Choice:
    """Ask once, before quitting, what to do with every unsaved document and book (``names``
    quoted as the user knows them): save them all, discard them all, or not quit."""
    box = QMessageBox(parent)
    box.setWindowTitle(APP_NAME)
    box.setIcon(QMessageBox.Icon.Question)
    listed = "\n".join(f"  • {name}" for name in names)
    box.setText(f"Save the changes to {len(names)} unsaved item{'s' if len(names) != 1 else ''}?")
    box.setInformativeText(listed)
    save = box.addButton("Save All", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("Discard All", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save)
    box.exec()
    clicked = box.clickedButton()
    if clicked is save:
        return Choice.SAVE
    return Choice.DISCARD if clicked is discard else Choice.CANCEL


class NewPuzzleDialog(QDialog):
    """Asks for the kind, width and height of a new, empty puzzle."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        width: int = 15,
        height: int = 15,
        kind: str = "nonogram",
    ):
        super().__init__(parent)
        self.setWindowTitle("New puzzle")
        self.kind_box = QComboBox()
        for declared in KINDS:
            self.kind_box.addItem(declared.spec.title, declared.name)
        self.kind_box.setCurrentIndex(max(0, self.kind_box.findData(kind)))
        self.width_box = _spin_box(width)
        self.height_box = _spin_box(height)
        self.kind_box.currentIndexChanged.connect(self._limit_sides)
        self._limit_sides()
        form = QFormLayout(self)
        form.addRow("&Kind:", self.kind_box)
        form.addRow("&Width (columns):", self.width_box)
        form.addRow("&Height (rows):", self.height_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def kind(self) -> str:
        return str(self.kind_box.currentData())

    def shape(self) -> tuple[int, int]:
        """``(height, width)`` chosen."""
        return self.height_box.value(), self.width_box.value()

    def _limit_sides(self) -> None:
        smallest = get_kind(self.kind()).spec.min_side
        self.width_box.setMinimum(smallest)
        self.height_box.setMinimum(smallest)


class PicturePreview(QWidget):
    """A bool picture drawn as a small grid."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture: BoolGrid = np.zeros((1, 1), dtype=bool)
        self.setMinimumSize(QSize(260, 260))

    def set_picture(self, picture: BoolGrid) -> None:
        self.picture = picture
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        height, width = self.picture.shape
        cell = max(1.0, min((self.width() - 4) / width, (self.height() - 4) / height))
        painter = QPainter(self)
        draw_grid(painter, Layout((height, width), cell, 2, 2), picture=self.picture)
        painter.end()


class ImportImageDialog(QDialog):
    """Threshold, invert and size for an image, with the resulting picture previewed live."""

    def __init__(self, image: Image.Image, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = image
        self.setWindowTitle(f"Import {path.name}")
        width, height = image.size

        self.threshold = QSlider(Qt.Orientation.Horizontal)
        self.threshold.setRange(0, 255)
        self.threshold.setValue(DEFAULT_THRESHOLD)
        self.threshold_value = QSpinBox()
        self.threshold_value.setRange(0, 255)
        self.threshold_value.setValue(DEFAULT_THRESHOLD)
        self.threshold.valueChanged.connect(self.threshold_value.setValue)
        self.threshold_value.valueChanged.connect(self.threshold.setValue)
        threshold_row = QHBoxLayout()
        threshold_row.addWidget(self.threshold)
        threshold_row.addWidget(self.threshold_value)

        self.kind_box = QComboBox()
        for declared in KINDS:
            if declared.drawn:
                self.kind_box.addItem(declared.spec.title, declared.name)
        self.invert = QCheckBox("&Invert (fill the light pixels)")
        self.scale = QCheckBox("&Scale to")
        self.width_box = _spin_box(min(width, MAX_SIDE))
        self.height_box = _spin_box(min(height, MAX_SIDE))
        # Images larger than a nonogram can be must be scaled down.
        must_scale = width > MAX_SIDE or height > MAX_SIDE
        self.scale.setChecked(must_scale)
        self.scale.setEnabled(not must_scale)
        size_row = QHBoxLayout()
        size_row.addWidget(self.scale)
        size_row.addWidget(self.width_box)
        size_row.addWidget(QLabel("×"))
        size_row.addWidget(self.height_box)
        size_row.addStretch(1)

        self.preview = PicturePreview()
        self.summary = QLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("&Make a:", self.kind_box)
        form.addRow("&Threshold:", threshold_row)
        form.addRow("", self.invert)
        form.addRow("Size:", size_row)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{path.name}: {width}×{height} pixels"))
        layout.addLayout(form)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)

        for signal in (
            self.threshold_value.valueChanged,
            self.invert.toggled,
            self.scale.toggled,
            self.width_box.valueChanged,
            self.height_box.valueChanged,
        ):
            signal.connect(self._refresh)
        self._picture: BoolGrid | None = None
        self._refresh()

    def options(self) -> ImportOptions:
        shape = (
            (self.height_box.value(), self.width_box.value()) if self.scale.isChecked() else None
        )
        return ImportOptions(
            threshold=self.threshold_value.value(), invert=self.invert.isChecked(), shape=shape
        )

    def picture(self) -> BoolGrid | None:
        """The picture for the current settings, or ``None`` if they are not usable."""
        return self._picture

    def kind(self) -> str:
        """The kind of puzzle to make of the picture."""
        return str(self.kind_box.currentData())

    def _refresh(self) -> None:
        self.width_box.setEnabled(self.scale.isChecked())
        self.height_box.setEnabled(self.scale.isChecked())
        try:
            self._picture = picture_from_image(self.image, self.options())
        except FormatError as error:
            self._picture = None
            self.summary.setText(str(error))
        else:
            height, width = self._picture.shape
            self.preview.set_picture(self._picture)
            self.summary.setText(f"{width}×{height} cells, {int(self._picture.sum())} filled")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._picture is not None)


def _spin_box(value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(1, MAX_SIDE)
    box.setValue(value)
    return box
