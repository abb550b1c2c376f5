"""The Import Image dialog: the image beside the picture it makes, previewed live as the
threshold (automatic by default), invert, size (with an aspect lock) and kind change; the
choices are remembered for the next import (:class:`studio.gui.settings.ImportSettings`).

What the picture is, cell by cell, is the core's (:mod:`studio.core.pixelart`); the dialog only
chooses its options.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.errors import FormatError
from studio.core.grid import BoolGrid
from studio.core.kinds import KINDS
from studio.core.pixelart import (
    DEFAULT_THRESHOLD,
    MAX_SIDE,
    MIN_PIXEL_ART,
    ImportOptions,
    auto_threshold,
    default_shape,
    keep_aspect,
    luminance_and_opacity,
    picture_from_image,
    pixel_block,
)
from studio.gui.forms import add_row
from studio.gui.palette import is_dark, screen_palette
from studio.gui.settings import ImportSettings, Settings
from studio.render.grid import Layout, draw_grid

PREVIEW_SIDE = 260
"""Smallest side of each preview, in pixels."""


class PicturePreview(QWidget):
    """A bool picture drawn as a grid, in the desktop's colours (light or dark); nothing while
    there is no picture."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture: BoolGrid = np.zeros((1, 1), dtype=bool)
        self.shown = False
        self.setMinimumSize(QSize(PREVIEW_SIDE, PREVIEW_SIDE))

    def set_picture(self, picture: BoolGrid | None) -> None:
        """Show ``picture`` (bool ``(rows, columns)``), or nothing for ``None``."""
        self.shown = picture is not None
        if picture is not None:
            self.picture = picture
        self.update()

    def grid_rect(self) -> QRectF:
        """Where the grid is drawn, in the widget's pixels: as large as fits, centred."""
        height, width = self.picture.shape
        cell = max(1.0, min((self.width() - 4) / width, (self.height() - 4) / height))
        return QRectF(
            (self.width() - width * cell) / 2,
            (self.height() - height * cell) / 2,
            width * cell,
            height * cell,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.shown:
            return
        height, width = self.picture.shape
        area = self.grid_rect()
        painter = QPainter(self)
        layout = Layout((height, width), area.width() / width, area.left(), area.top())
        draw_grid(painter, layout, picture=self.picture, palette=screen_palette(self.palette()))
        painter.end()


class SourcePreview(QWidget):
    """The image as it is, as large as fits and centred, on a checkerboard where it is
    transparent; its pixels stay sharp squares when enlarged (pixel art) and are smoothed when
    reduced (a photo)."""

    def __init__(self, image: Image.Image, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = _qimage(image)
        self.setMinimumSize(QSize(PREVIEW_SIDE, PREVIEW_SIDE))

    def image_rect(self) -> QRectF:
        """Where the image is drawn, in the widget's pixels."""
        width, height = self.image.width(), self.image.height()
        scale = min((self.width() - 4) / width, (self.height() - 4) / height)
        if scale >= 1:
            scale = max(1, int(scale))  # whole pixels: every source pixel the same size
        return QRectF(
            (self.width() - width * scale) / 2,
            (self.height() - height * scale) / 2,
            width * scale,
            height * scale,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        area = self.image_rect()
        painter = QPainter(self)
        palette = self.palette()
        light = palette.color(QPalette.ColorRole.Base)
        dark = light.lighter(150) if is_dark(palette) else light.darker(112)
        painter.fillRect(area, light)
        square = 8
        painter.save()
        painter.setClipRect(area)
        for row in range(int(area.height() // square) + 1):
            for col in range(row % 2, int(area.width() // square) + 1, 2):
                painter.fillRect(
                    QRectF(area.left() + col * square, area.top() + row * square, square, square),
                    dark,
                )
        painter.restore()
        smooth = area.width() < self.image.width()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
        painter.drawImage(area, self.image)
        painter.end()


def _qimage(image: Image.Image) -> QImage:
    """``image`` as an RGBA QImage of its own memory, at most :data:`SHOWN_SIDE` pixels a side
    (a larger image is reduced by averaging). 16-bit grey, which Pillow would clip to white, is
    shown as the luminance the import sees; a mode with no colours, as a blank."""
    try:
        if image.mode in _SIXTEEN_BIT:
            luminance, opaque = luminance_and_opacity(image)
            alpha = np.where(opaque, 255, 0).astype(np.uint8)
            rgba = Image.fromarray(np.dstack([luminance, luminance, luminance, alpha]), "RGBA")
        else:
            rgba = image.convert("RGBA")
    except (FormatError, ValueError):
        rgba = Image.new("RGBA", image.size)
    if max(rgba.size) > SHOWN_SIDE:
        rgba.thumbnail((SHOWN_SIDE, SHOWN_SIDE), Image.Resampling.BOX)
    data = rgba.tobytes()
    width, height = rgba.size
    return QImage(data, width, height, 4 * width, QImage.Format.Format_RGBA8888).copy()


SHOWN_SIDE = 1024
"""Longest side, in pixels, of the copy of the image the dialog keeps to show."""

_SIXTEEN_BIT = frozenset({"I;16", "I;16L", "I;16B", "I;16N", "I"})


class ImportImageDialog(QDialog):
    """Kind, threshold (automatic or by hand), invert and size for an image, with the image
    and the resulting picture side by side, previewed live.

    The threshold is Otsu's of the image while *Automatic* is ticked; moving the slider sets it
    by hand and unticks *Automatic*. *Scale to* is ticked when the image is larger than the
    remembered size (30 cells a side at first) and may be unticked: the picture is then the
    image pixel for pixel, which an image over the import limit cannot be (the dialog says so).
    With *Keep aspect ratio* the other side follows the one typed. Accepting remembers the
    choices (:meth:`remember`).
    """

    def __init__(self, image: Image.Image, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = image
        self.setWindowTitle(f"Import {path.name}")
        self._settings = Settings()
        remembered = self._settings.import_settings()
        width, height = image.size
        try:
            self.automatic_value = auto_threshold(image)
            rows, columns = default_shape(image, remembered.fit)
            block = pixel_block(image)
        except FormatError:  # an unreadable mode: the preview says why
            self.automatic_value, block = DEFAULT_THRESHOLD, 1
            rows, columns = min(height, MAX_SIDE), min(width, MAX_SIDE)
        self._updating = False

        self.source = SourcePreview(image)
        self.preview = PicturePreview()
        described = f"Image: {width}×{height} pixels"
        if block > 1 and max(width, height) // block >= MIN_PIXEL_ART:
            described += f", {width // block}×{height // block} pixel art at {block}×"
        self.source_label = QLabel(described)
        self.summary = QLabel()  # the picture's size, or why there is none
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        previews = QGridLayout()
        previews.addWidget(self.source_label, 0, 0)
        previews.addWidget(self.summary, 0, 1)
        previews.addWidget(self.source, 1, 0)
        previews.addWidget(self.preview, 1, 1)
        previews.addWidget(self.message, 2, 0, 1, 2)
        for label in (self.source_label, self.summary, self.message):
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        previews.setColumnStretch(0, 1)
        previews.setColumnStretch(1, 1)
        previews.setRowStretch(1, 1)

        self.kind_box = QComboBox()
        for declared in KINDS:
            if declared.drawn:
                self.kind_box.addItem(declared.spec.title, declared.name)
        self.kind_box.setCurrentIndex(max(0, self.kind_box.findData(remembered.kind)))

        self.threshold = QSlider(Qt.Orientation.Horizontal)
        self.threshold.setRange(0, 255)
        self.threshold_value = QSpinBox()
        self.threshold_value.setRange(0, 255)
        self.automatic = QCheckBox("&Automatic")
        self.automatic.setToolTip(
            f"Otsu's threshold of this image: {self.automatic_value} (the luminance that best "
            "splits its opaque pixels into dark and light)"
        )
        self._manual_value = remembered.threshold
        self.automatic.setChecked(remembered.automatic_threshold)
        self._set_threshold(
            self.automatic_value if remembered.automatic_threshold else remembered.threshold
        )
        threshold_row = QHBoxLayout()
        threshold_row.addWidget(self.threshold, 1)
        threshold_row.addWidget(self.threshold_value)
        threshold_row.addWidget(self.automatic)

        self.invert = QCheckBox("&Invert (fill the light pixels)")
        self.invert.setChecked(remembered.invert)

        self.scale = QCheckBox("&Scale to")
        self.scale.setChecked((rows, columns) != (height, width))
        self.width_box = _side_box(columns)
        self.height_box = _side_box(rows)
        self.keep_aspect = QCheckBox("Keep &aspect ratio")
        self.keep_aspect.setChecked(remembered.keep_aspect)
        size_row = QHBoxLayout()
        size_row.addWidget(self.scale)
        size_row.addWidget(self.width_box)
        size_row.addWidget(QLabel("×"))
        size_row.addWidget(self.height_box)
        size_row.addWidget(QLabel("cells"))
        size_row.addWidget(self.keep_aspect)
        size_row.addStretch(1)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("&Make a:", self.kind_box)
        add_row(form, "&Threshold:", threshold_row, self.threshold)
        form.addRow("", self.invert)
        add_row(form, "Si&ze:", size_row, self.scale)
        layout = QVBoxLayout(self)
        layout.addLayout(previews, 1)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

        self.threshold.valueChanged.connect(self.threshold_value.setValue)
        self.threshold_value.valueChanged.connect(self.threshold.setValue)
        self.threshold_value.valueChanged.connect(self._threshold_moved)
        self.automatic.toggled.connect(self._automatic_toggled)
        self.width_box.valueChanged.connect(lambda: self._side_changed(by_columns=True))
        self.height_box.valueChanged.connect(lambda: self._side_changed(by_columns=False))
        self.keep_aspect.toggled.connect(self._keep_aspect_toggled)
        for signal in (self.invert.toggled, self.scale.toggled):
            signal.connect(self._refresh)
        self._picture: BoolGrid | None = None
        self._refresh()

    # What the dialog gives -------------------------------------------------------------------

    def options(self) -> ImportOptions:
        """The options chosen: always a threshold and a shape (the image's own size when
        *Scale to* is not ticked)."""
        width, height = self.image.size
        shape = (
            (self.height_box.value(), self.width_box.value())
            if self.scale.isChecked()
            else (height, width)
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

    def settings(self) -> ImportSettings:
        """The choices as they would be remembered: the size remembered is the longer side
        chosen under *Scale to* (else the one remembered before); the threshold, the last one
        set by hand."""
        before = self._settings.import_settings()
        return ImportSettings(
            automatic_threshold=self.automatic.isChecked(),
            threshold=self._manual_value,
            invert=self.invert.isChecked(),
            keep_aspect=self.keep_aspect.isChecked(),
            fit=(
                max(self.width_box.value(), self.height_box.value())
                if self.scale.isChecked()
                else before.fit
            ),
            kind=self.kind(),
        )

    def remember(self) -> None:
        """Keep the choices for the next import, in this session and the next."""
        self._settings.set_import_settings(self.settings())

    def accept(self) -> None:
        if self._picture is None:
            return
        self.remember()
        super().accept()

    # Reacting to the controls ------------------------------------------------------------------

    def _set_threshold(self, value: int) -> None:
        self._updating = True
        try:
            self.threshold.setValue(value)
            self.threshold_value.setValue(value)
        finally:
            self._updating = False

    def _threshold_moved(self, value: int) -> None:
        if self._updating:
            return
        self._manual_value = value
        if self.automatic.isChecked() and value != self.automatic_value:
            self._updating = True
            self.automatic.setChecked(False)  # set by hand now
            self._updating = False
        self._refresh()

    def _automatic_toggled(self, on: bool) -> None:
        if self._updating:
            return
        if on:
            self._set_threshold(self.automatic_value)
        else:  # the picture stays as it is, the threshold now the designer's
            self._manual_value = self.threshold_value.value()
        self._refresh()

    def _keep_aspect_toggled(self, on: bool) -> None:
        if on:
            self._side_changed(by_columns=True)

    def _side_changed(self, *, by_columns: bool) -> None:
        if self._updating:
            return
        if self.keep_aspect.isChecked():
            width, height = self.image.size
            if by_columns:
                rows, columns = keep_aspect(width, height, columns=self.width_box.value())
            else:
                rows, columns = keep_aspect(width, height, rows=self.height_box.value())
            self._updating = True
            self.width_box.setValue(columns)
            self.height_box.setValue(rows)
            self._updating = False
        self._refresh()

    def _refresh(self) -> None:
        scaled = self.scale.isChecked()
        for widget in (self.width_box, self.height_box, self.keep_aspect):
            widget.setEnabled(scaled)
        width, height = self.image.size
        try:
            if not scaled and max(width, height) > MAX_SIDE:
                raise FormatError(
                    f"{width}×{height} pixels is more than the {MAX_SIDE}×{MAX_SIDE} cells a "
                    "picture may have: scale it"
                )
            self._picture = picture_from_image(self.image, self.options())
        except FormatError as error:
            self._picture = None
            self.preview.set_picture(None)
            self.summary.setText("No picture")
            self.message.setText(str(error))
            self.message.show()
        else:
            rows, columns = self._picture.shape
            self.preview.set_picture(self._picture)
            self.summary.setText(
                f"Puzzle: {columns}×{rows} cells, {int(self._picture.sum())} filled"
            )
            self.message.hide()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._picture is not None)


def _side_box(value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(1, MAX_SIDE)
    box.setValue(value)
    return box
