"""The Import Image dialog: the image beside the picture it makes, previewed live as the
number of colours, threshold (automatic by default), invert, size (with an aspect lock) and kind
change; in colour, the palette under the picture, editable (merge two colours, make one the
background, recolour, remove); the choices are remembered for the next import
(:class:`studio.gui.settings.ImportSettings`).

What the picture is, cell by cell, is the core's (:func:`studio.core.pixelart.
document_from_image`, what ``studio import-image`` makes), and so are the palette's edits
(:mod:`studio.core.palette_edit`, what the window's palette makes); the dialog only chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QAction, QColor, QImage, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.contract.kind import Kind
from studio.core.document import Document
from studio.core.errors import FormatError, StudioError
from studio.core.grid import Picture
from studio.core.kinds import KINDS, get_kind
from studio.core.palette import MAX_INKS, Palette
from studio.core.palette_edit import (
    make_background,
    merge_colours,
    palette_of,
    recolour,
    remove_colour,
)
from studio.core.pixelart import (
    DEFAULT_THRESHOLD,
    MAX_SIDE,
    MIN_PIXEL_ART,
    ImportOptions,
    auto_threshold,
    default_shape,
    document_from_image,
    keep_aspect,
    luminance_and_opacity,
    pixel_block,
)
from studio.gui.forms import add_row
from studio.gui.palette import is_dark, screen_palette
from studio.gui.palette_panel import alike_note, swatch
from studio.gui.settings import ImportSettings, Settings
from studio.render.grid import DEFAULT_PALETTE, Layout, draw_grid

PREVIEW_SIDE = 260
"""Smallest side of each preview, in pixels."""


class PicturePreview(QWidget):
    """A picture drawn as a grid: in the desktop's colours (light or dark) in black and white;
    when given a palette, each cell in its colour (the background's included) under the rules
    of print, as the puzzle will look whatever the desktop's colours; nothing while there is no
    picture."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture: Picture = np.zeros((1, 1), dtype=bool)
        self.colours: Palette | None = None
        self._cells = QImage()
        self.shown = False
        self.setMinimumSize(QSize(PREVIEW_SIDE, PREVIEW_SIDE))

    def set_picture(self, picture: Picture | None, colours: Palette | None = None) -> None:
        """Show ``picture`` (``(rows, columns)``, bool, or ``uint8`` values of ``colours``) in
        the desktop's colours, or in ``colours``; nothing for ``None``."""
        self.shown = picture is not None
        if picture is not None:
            self.picture = picture
            self.colours = colours
            if colours is not None:
                self._cells = _cells_image(picture, colours)
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
        if self.colours is None:
            draw_grid(painter, layout, picture=self.picture, palette=screen_palette(self.palette()))
        else:  # the cells in their colours, unsmoothed, then the rules of print over them
            painter.drawImage(area, self._cells)
            draw_grid(painter, layout, palette=replace(DEFAULT_PALETTE, paper="#00000000"))
        painter.end()


def _cells_image(picture: Picture, colours: Palette) -> QImage:
    """``picture`` as an RGB QImage of one pixel a cell, each in its colour of ``colours``."""
    table = np.array([colour.rgb for colour in colours.colours], dtype=np.uint8)
    rgb = np.ascontiguousarray(table[np.asarray(picture, dtype=np.uint8)])
    height, width = picture.shape
    return QImage(rgb.tobytes(), width, height, 3 * width, QImage.Format.Format_RGB888).copy()


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
    """Kind, colours, threshold (automatic or by hand), invert and size for an image, with the
    image and the resulting picture side by side, previewed live.

    *Colours* 1 is black and white by the threshold: Otsu's of the image while *Automatic* is
    ticked; moving the slider sets it by hand and unticks *Automatic*. More colours quantise the
    image (the threshold and invert play no part) and show the palette under the picture, the
    background first: a swatch chosen may be merged into another, made the background,
    recoloured or removed (the buttons, or the swatch's context menu). Changing the colours,
    the size or the kind quantises the image again and starts the palette afresh. *Scale to*
    is ticked when the image is larger than the remembered size (30 cells a side at first) and
    may be unticked: the picture is then the image pixel for pixel, which an image over the
    import limit cannot be (the dialog says so). With *Keep aspect ratio* the other side follows
    the one typed. Accepting remembers the choices (:meth:`remember`).
    """

    def __init__(self, image: Image.Image, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = image
        self.title = path.stem
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
        self.palette_box = self._palette_box()
        previews = QGridLayout()
        previews.addWidget(self.source_label, 0, 0)
        previews.addWidget(self.summary, 0, 1)
        previews.addWidget(self.source, 1, 0)
        previews.addWidget(self.preview, 1, 1)
        previews.addWidget(self.palette_box, 2, 0, 1, 2)
        previews.addWidget(self.message, 3, 0, 1, 2)
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

        self.colours_box = QSpinBox()
        self.colours_box.setRange(1, max(_most_colours(kind) for kind in KINDS if kind.drawn))
        self.colours_box.setValue(remembered.colours)
        self.colours_box.setToolTip(
            "1: black and white, by the threshold. More: the opaque pixels are reduced to at "
            "most this many colours (median cut), the transparent ones are the background. "
            "Changing it, the size or the kind quantises the image again and starts the "
            "palette afresh."
        )

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
        self.keep_aspect = QCheckBox("Kee&p aspect ratio")
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
        form.addRow("Ma&ke a:", self.kind_box)
        form.addRow("&Colours:", self.colours_box)
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
        for signal in (
            self.invert.toggled,
            self.scale.toggled,
            self.colours_box.valueChanged,
            self.kind_box.currentIndexChanged,
        ):
            signal.connect(self._refresh)
        self.swatches.currentRowChanged.connect(self._swatch_chosen)
        self._document: Document | None = None
        self._refresh()

    def _palette_box(self) -> QWidget:
        """The swatches of the palette and the buttons that edit it (their actions are also
        the swatches' context menu)."""
        self.swatches = QListWidget()
        self.swatches.setViewMode(QListView.ViewMode.IconMode)
        self.swatches.setFlow(QListView.Flow.LeftToRight)
        self.swatches.setWrapping(False)  # one row, scrolled sideways when long
        self.swatches.setMovement(QListView.Movement.Static)
        self.swatches.setResizeMode(QListView.ResizeMode.Adjust)
        self.swatches.setIconSize(QSize(SWATCH_SIDE, SWATCH_SIDE))
        self.swatches.setGridSize(QSize(88, SWATCH_SIDE + 40))
        scroll_bar = self.swatches.horizontalScrollBar().sizeHint().height()
        self.swatches.setFixedHeight(SWATCH_SIDE + 44 + scroll_bar)
        self.swatches.setToolTip(
            "The colours of the picture, the background first. Changing the colours, the size "
            "or the kind quantises the image again and starts the palette afresh."
        )
        self.merge_menu = QMenu("M&erge Into", self)
        self.background_action = QAction("Make &Background", self)
        self.background_action.setToolTip("The chosen colour becomes the background")
        self.recolour_action = QAction("&Recolour…", self)
        self.remove_action = QAction("Re&move", self)
        self.remove_action.setToolTip("The chosen colour's cells become the background")
        self.background_action.triggered.connect(self._make_background)
        self.recolour_action.triggered.connect(self._recolour)
        self.merge_menu.aboutToShow.connect(self._list_merges)
        self.remove_action.triggered.connect(self._remove)
        actions = (
            self.merge_menu.menuAction(),
            self.background_action,
            self.recolour_action,
            self.remove_action,
        )
        self.swatches.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.swatches.addActions(list(actions))
        merge = QPushButton(self.merge_menu.title())
        merge.setMenu(self.merge_menu)
        buttons = QHBoxLayout()
        buttons.addWidget(merge)
        for action in actions[1:]:
            buttons.addWidget(_action_button(action))
        self.merge_menu.menuAction().enabledChanged.connect(merge.setEnabled)
        buttons.addStretch(1)
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.swatches)
        column.addLayout(buttons)
        return box

    # What the dialog gives -------------------------------------------------------------------

    def options(self) -> ImportOptions:
        """The options chosen: always a threshold and a shape (the image's own size when
        *Scale to* is not ticked), and the colours (1 for a kind in black and white only)."""
        width, height = self.image.size
        shape = (
            (self.height_box.value(), self.width_box.value())
            if self.scale.isChecked()
            else (height, width)
        )
        return ImportOptions(
            threshold=self.threshold_value.value(),
            invert=self.invert.isChecked(),
            shape=shape,
            colours=min(self.colours_box.value(), _most_colours(get_kind(self.kind()))),
        )

    def document(self) -> Document | None:
        """The puzzle made, titled with the image's name, its palette edits made; ``None`` if
        the settings are not usable."""
        return self._document

    def picture(self) -> Picture | None:
        """The document's picture (bool, or ``uint8`` colours), or ``None``."""
        return None if self._document is None else self._document.picture

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
            colours=self.colours_box.value(),
        )

    def remember(self) -> None:
        """Keep the choices for the next import, in this session and the next."""
        self._settings.set_import_settings(self.settings())

    def accept(self) -> None:
        if self._document is None:
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
        """Make the document of the options afresh (the palette's edits are dropped)."""
        self.colours_box.setEnabled(_most_colours(get_kind(self.kind())) > 1)
        in_colour = self.options().colours > 1
        for widget in (self.threshold, self.threshold_value, self.automatic, self.invert):
            widget.setEnabled(not in_colour)
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
            self._document = document_from_image(
                self.image, self.options(), self.kind(), title=self.title
            )
        except StudioError as error:
            self._document = None
            self.message.setText(str(error))
        self._show(chosen=0)

    def _show(self, chosen: int) -> None:
        """Show the document (or why there is none), its palette with swatch ``chosen``
        current."""
        document = self._document
        in_colour = self.options().colours > 1
        self.palette_box.setVisible(in_colour and document is not None)
        if document is None or document.picture is None:
            self.preview.set_picture(None)
            self.summary.setText("No picture")
            self.message.show()
        else:
            picture = document.picture
            rows, columns = picture.shape
            colours = palette_of(document)
            self.preview.set_picture(picture, colours if in_colour else None)
            filled = int(np.count_nonzero(picture))
            summary = f"Puzzle: {columns}×{rows} cells, {filled} filled"
            if colours.inks > 1:
                summary += f" in {colours.inks} colours"
            self.summary.setText(summary)
            self.message.hide()
            if in_colour:
                self._show_palette(colours, picture, chosen)
                self._warn_alike(document.palette)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(document is not None)

    def _show_palette(self, colours: Palette, picture: Picture, chosen: int) -> None:
        counts = np.bincount(
            np.asarray(picture, dtype=np.uint8).ravel(), minlength=len(colours.colours)
        )
        self.swatches.blockSignals(True)
        self.swatches.clear()
        for value, colour in enumerate(colours.colours):
            text = colour.hex if value else f"{colour.hex}\nbackground"
            item = QListWidgetItem(swatch(colour.rgb, SWATCH_SIDE), text)
            cells = "cell" if counts[value] == 1 else "cells"
            what = "The background" if value == 0 else f"Colour {value}"
            item.setToolTip(f"{what}, {colour.hex}: {counts[value]} {cells}")
            self.swatches.addItem(item)
        self.swatches.setCurrentRow(chosen)
        self.swatches.blockSignals(False)
        self._swatch_chosen(chosen)

    def _warn_alike(self, palette: Palette | None) -> None:
        """Say which colours look alike (a quantised gradient's near-whites): the solver would
        take them for one; merging them, or recolouring one, is at hand."""
        note = alike_note(palette)
        if note is not None:
            self.message.setText(note)
            self.message.show()

    def _swatch_chosen(self, value: int) -> None:
        """Enable what can be done to colour ``value`` (0 the background)."""
        document = self._document
        editable = document is not None and document.palette is not None
        inks = 0 if document is None else palette_of(document).inks
        self.merge_menu.menuAction().setEnabled(editable and value >= 1 and inks > 1)
        self.background_action.setEnabled(editable and value >= 1)
        self.remove_action.setEnabled(editable and value >= 1 and inks > 1)
        self.recolour_action.setEnabled(editable and value >= 0)

    def _list_merges(self) -> None:
        """Fill *Merge Into* with the inks the chosen one may be merged into (as it opens: an
        action is not deleted while it is being triggered)."""
        self.merge_menu.clear()
        if self._document is None:
            return
        chosen = self.swatches.currentRow()
        for value, colour in enumerate(palette_of(self._document).colours):
            if value not in (0, chosen):
                action = self.merge_menu.addAction(swatch(colour.rgb, SWATCH_SIDE), colour.hex)
                action.triggered.connect(lambda _=False, keep=value: self._merge_into(keep))

    def _merge_into(self, keep: int) -> None:
        gone = self.swatches.currentRow()
        self._edit(lambda document: merge_colours(document, keep, gone), keep - (keep > gone))

    def _make_background(self) -> None:
        value = self.swatches.currentRow()
        self._edit(lambda document: make_background(document, value), 0)

    def _remove(self) -> None:
        value = self.swatches.currentRow()
        inks = 0 if self._document is None else palette_of(self._document).inks
        self._edit(lambda document: remove_colour(document, value), min(value, inks - 1))

    def _recolour(self) -> None:
        document = self._document
        value = self.swatches.currentRow()
        if document is None or document.palette is None:
            return
        colour = document.palette.colours[value]
        chosen = QColorDialog.getColor(QColor(colour.hex), self, f"Recolour {colour.hex}")
        if not chosen.isValid():
            return
        rgb = (chosen.red(), chosen.green(), chosen.blue())
        same = [other for other, c in enumerate(document.palette.colours) if c.rgb == rgb]
        if same and same[0] != value:  # two colours alike would be one to the solver's eye
            what = "the background" if same[0] == 0 else f"colour {same[0]}"
            self.message.setText(f"{chosen.name()} is {what} already: merge into it instead")
            self.message.show()
            return
        self._edit(lambda document: recolour(document, value, rgb), value)

    def _edit(self, edit: Callable[[Document], Document], chosen: int) -> None:
        """Replace the document by ``edit`` of it and show it with swatch ``chosen`` current."""
        if self._document is not None:
            self._document = edit(self._document)
            self._show(chosen=chosen)


def _most_colours(kind: Kind) -> int:
    """The most ink colours a picture of ``kind`` may be imported in."""
    return min(kind.spec.max_colours, MAX_INKS)


SWATCH_SIDE = 24
"""Side of a palette swatch, in pixels."""


def _action_button(action: QAction) -> QPushButton:
    """A push button that triggers ``action`` and is enabled with it."""
    button = QPushButton(action.text())
    button.setToolTip(action.toolTip())
    button.setEnabled(action.isEnabled())
    button.clicked.connect(action.trigger)
    action.enabledChanged.connect(button.setEnabled)
    return button


def _side_box(value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(1, MAX_SIDE)
    box.setValue(value)
    return box
