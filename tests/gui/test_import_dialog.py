"""The Import Image dialog (studio.gui.import_dialog) driven with real mouse and key events:
the default size (16×16 stays 16×16, 300×200 becomes 30×20), the aspect lock, *Scale to* really
optional, the automatic threshold beside the slider, the source image beside the picture, the
choices remembered between imports and restarts, and the desktop's dark palette."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton, QDialogButtonBox, QSpinBox
from pytestqt.qtbot import QtBot

from studio.core.pixelart import (
    DEFAULT_THRESHOLD,
    FIT_SIDE,
    ImportOptions,
    auto_threshold,
    import_picture,
    open_image,
    picture_from_image,
)
from studio.gui.import_dialog import ImportImageDialog
from studio.gui.main_window import blank_document
from studio.gui.settings import ImportSettings, Settings
from tests.conftest import shared_path
from tests.gui.conftest import verdict_in_new_tab

LEFT = Qt.MouseButton.LeftButton


def open_dialog(qtbot: QtBot, image: Image.Image, name: str = "image.png") -> ImportImageDialog:
    dialog = ImportImageDialog(image, Path(name))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    """Click a check box on its box (a click right of its text would miss it)."""
    qtbot.mouseClick(button, LEFT, pos=QPoint(8, button.height() // 2))


def type_into(qtbot: QtBot, box: QSpinBox, text: str) -> None:
    """Select what a spin box holds and type ``text`` over it, then Tab away."""
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, text)


def noise(width: int, height: int, seed: int = 1) -> Image.Image:
    """A grey image with no blocks: pixel art nowhere."""
    values = np.random.default_rng(seed).integers(0, 256, (height, width), dtype=np.uint8)
    return Image.fromarray(values, "L")


def ok_button(dialog: ImportImageDialog) -> QAbstractButton:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


# --- size --------------------------------------------------------------------------------------


def test_a_16x16_icon_is_imported_as_it_is(qtbot: QtBot) -> None:
    path = shared_path("data", "pixelart", "tango16", "emotes-face-smile.png")
    image = open_image(path)
    dialog = open_dialog(qtbot, image, path.name)
    assert not dialog.scale.isChecked()
    assert (dialog.width_box.value(), dialog.height_box.value()) == (16, 16)
    assert not dialog.width_box.isEnabled()
    picture = dialog.picture()
    assert picture is not None
    assert picture.shape == (16, 16)
    # The core's default import: the same automatic threshold, pixel for pixel.
    assert np.array_equal(picture, import_picture(path))
    assert dialog.summary.text() == f"Puzzle: 16×16 cells, {int(picture.sum())} filled"
    assert dialog.source_label.text() == "Image: 16×16 pixels"


def test_a_300x200_image_becomes_30x20_and_keeps_its_aspect(qtbot: QtBot) -> None:
    """Once "Scale to 200×200", ticked and greyed out at once."""
    dialog = open_dialog(qtbot, noise(300, 200))
    assert dialog.scale.isChecked()
    assert dialog.scale.isEnabled()
    assert (dialog.width_box.value(), dialog.height_box.value()) == (30, 20)
    assert dialog.keep_aspect.isChecked()
    picture = dialog.picture()
    assert picture is not None
    assert picture.shape == (20, 30)
    type_into(qtbot, dialog.width_box, "45")
    assert dialog.height_box.value() == 30, "45 × 200 / 300"
    type_into(qtbot, dialog.height_box, "7")
    assert dialog.width_box.value() == 11, "7 × 300 / 200 = 10.5, rounded up"
    # Unlocked, each side is the designer's.
    click(qtbot, dialog.keep_aspect)
    type_into(qtbot, dialog.width_box, "12")
    assert (dialog.width_box.value(), dialog.height_box.value()) == (12, 7)
    assert dialog.summary.text().startswith("Puzzle: 12×7 cells")
    # Locking again makes the height follow the width.
    click(qtbot, dialog.keep_aspect)
    assert dialog.height_box.value() == 8


def test_scale_to_is_really_optional(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, noise(40, 36))
    assert dialog.scale.isChecked(), "40×36 is larger than 30×30"
    assert (dialog.width_box.value(), dialog.height_box.value()) == (30, 27)
    click(qtbot, dialog.scale)
    assert not dialog.scale.isChecked()
    assert not dialog.width_box.isEnabled()
    assert not dialog.keep_aspect.isEnabled()
    picture = dialog.picture()
    assert picture is not None
    assert picture.shape == (36, 40), "the image pixel for pixel"
    assert ok_button(dialog).isEnabled()


def test_an_image_too_large_to_take_as_it_is_says_so(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, noise(300, 200))
    click(qtbot, dialog.scale)
    assert dialog.picture() is None
    assert not ok_button(dialog).isEnabled()
    assert dialog.summary.text() == "No picture"
    assert dialog.message.text() == (
        "300×200 pixels is more than the 200×200 cells a picture may have: scale it"
    )
    assert dialog.message.isVisible()
    assert not dialog.preview.shown, "no stale picture beside the message"
    click(qtbot, dialog.scale)
    assert ok_button(dialog).isEnabled()
    assert not dialog.message.isVisible()
    assert dialog.preview.shown


def test_pixel_art_saved_larger_is_taken_at_its_size(qtbot: QtBot) -> None:
    path = shared_path("data", "pixelart", "tango16", "emotes-face-smile.png")
    icon = open_image(path)
    large = icon.resize((64, 64), Image.Resampling.NEAREST)
    dialog = open_dialog(qtbot, large)
    assert dialog.source_label.text() == "Image: 64×64 pixels, 16×16 pixel art at 4×"
    assert (dialog.width_box.value(), dialog.height_box.value()) == (16, 16)
    assert np.array_equal(dialog.picture(), import_picture(path))


# --- threshold ---------------------------------------------------------------------------------


def test_the_threshold_is_automatic_and_the_slider_still_moves(qtbot: QtBot) -> None:
    path = shared_path("data", "pixelart", "tango16", "actions-edit-delete.png")
    image = open_image(path)
    automatic = auto_threshold(image)
    assert automatic != DEFAULT_THRESHOLD  # 143: the slider shows it moved
    dialog = open_dialog(qtbot, image)
    assert dialog.automatic.isChecked()
    assert dialog.threshold.value() == dialog.threshold_value.value() == automatic
    # A key on the slider sets the threshold by hand.
    dialog.threshold.setFocus()
    qtbot.keyClick(dialog.threshold, Qt.Key.Key_Right)
    assert dialog.threshold_value.value() == automatic + 1
    assert not dialog.automatic.isChecked()
    by_hand = ImportOptions(threshold=automatic + 1, shape=(16, 16))
    assert np.array_equal(dialog.picture(), picture_from_image(image, by_hand))
    # Automatic again: the slider goes back to Otsu's threshold.
    click(qtbot, dialog.automatic)
    assert dialog.threshold.value() == automatic
    assert np.array_equal(dialog.picture(), import_picture(path))
    # Unticking it keeps the picture as it is.
    click(qtbot, dialog.automatic)
    assert dialog.threshold.value() == automatic


def test_threshold_and_invert_preview_live(qtbot: QtBot) -> None:
    image = Image.new("L", (4, 2), 255)
    image.putpixel((0, 0), 0)
    image.putpixel((1, 0), 120)
    dialog = open_dialog(qtbot, image, "tiny.png")
    type_into(qtbot, dialog.threshold_value, "100")
    picture = dialog.picture()
    assert picture is not None
    assert int(picture.sum()) == 1
    type_into(qtbot, dialog.threshold_value, "200")
    assert int(dialog.preview.picture.sum()) == 2
    click(qtbot, dialog.invert)
    assert int(dialog.preview.picture.sum()) == 6
    assert dialog.summary.text() == "Puzzle: 4×2 cells, 6 filled"


# --- what is shown -----------------------------------------------------------------------------


def test_the_image_is_shown_beside_its_picture(qtbot: QtBot) -> None:
    """The source preview draws the image's own colours (red stays red), left of the grid."""
    image = Image.new("RGBA", (4, 2), (0, 0, 0, 0))
    image.putpixel((0, 0), (200, 0, 0, 255))
    image.putpixel((3, 1), (0, 0, 255, 255))
    dialog = open_dialog(qtbot, image)
    area = dialog.source.image_rect()
    assert area.width() / 4 == area.height() / 2, "square pixels"
    shown = dialog.source.grab().toImage()
    pixel = area.width() / 4

    def colour(col: int, row: int) -> QColor:
        x, y = area.left() + (col + 0.5) * pixel, area.top() + (row + 0.5) * pixel
        return shown.pixelColor(
            round(x * shown.devicePixelRatio()), round(y * shown.devicePixelRatio())
        )

    assert colour(0, 0).name() == "#c80000"
    assert colour(3, 1).name() == "#0000ff"
    assert colour(1, 0).saturation() == 0, "a transparent pixel shows the checkerboard"
    assert (
        dialog.source.mapTo(dialog, QPoint(0, 0)).x()
        < dialog.preview.mapTo(dialog, QPoint(0, 0)).x()
    )


def test_the_picture_follows_a_dark_palette(qtbot: QtBot) -> None:
    """An empty cell is drawn on the text fields' ground: white paper in a light palette, dark
    in a dark one (as the canvas)."""
    dialog = open_dialog(qtbot, Image.new("L", (2, 1), 255))

    def empty_cell() -> QColor:
        shown = dialog.preview.grab().toImage()
        grid = dialog.preview.grid_rect()
        x, y = grid.left() + grid.width() / 4, grid.center().y()  # the first cell's centre
        ratio = shown.devicePixelRatio()
        return shown.pixelColor(round(x * ratio), round(y * ratio))

    assert empty_cell().lightness() > 200
    palette = QPalette(dialog.palette())
    palette.setColor(QPalette.ColorRole.Base, QColor("#202124"))
    palette.setColor(QPalette.ColorRole.Text, QColor("#e8eaed"))
    dialog.setPalette(palette)
    assert empty_cell().name() == "#202124"


# --- remembered --------------------------------------------------------------------------------


def test_the_choices_are_remembered_between_imports_and_restarts(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, noise(300, 200))
    dialog.kind_box.setFocus()
    qtbot.keyClick(dialog.kind_box, Qt.Key.Key_Down)  # Nonogram → Mosaic
    assert dialog.kind() == "mosaic"
    type_into(qtbot, dialog.threshold_value, "90")
    click(qtbot, dialog.invert)
    type_into(qtbot, dialog.width_box, "40")
    click(qtbot, dialog.keep_aspect)
    qtbot.mouseClick(ok_button(dialog), LEFT)
    assert dialog.result() == ImportImageDialog.DialogCode.Accepted
    # A new Settings reads the file again, as after a restart.
    assert Settings().import_settings() == ImportSettings(
        automatic_threshold=False,
        threshold=90,
        invert=True,
        keep_aspect=False,
        fit=40,
        kind="mosaic",
    )
    again = open_dialog(qtbot, noise(200, 300, seed=2))
    assert again.kind() == "mosaic"
    assert not again.automatic.isChecked()
    assert again.threshold_value.value() == 90
    assert again.invert.isChecked()
    assert not again.keep_aspect.isChecked()
    assert (again.width_box.value(), again.height_box.value()) == (27, 40), "fits 40×40"


def test_cancel_remembers_nothing(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, noise(300, 200))
    click(qtbot, dialog.invert)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), LEFT)
    assert Settings().import_settings() == ImportSettings()
    assert ImportSettings().fit == FIT_SIDE


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        ({"threshold": "300", "fit": "0", "invert": "maybe"}, ImportSettings()),
        (
            {"threshold": "12", "fit": "64", "invert": "true"},
            ImportSettings(threshold=12, fit=64, invert=True),
        ),
    ],
)
def test_unreadable_settings_fall_back_to_the_defaults(
    qtbot: QtBot, stored: dict[str, str], expected: ImportSettings
) -> None:
    settings = Settings()
    for key, value in stored.items():
        settings._store.setValue(f"import/{key}", value)
    settings._store.sync()
    assert Settings().import_settings() == expected


def test_the_window_imports_through_the_dialog(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    """File ▸ Import Image with the real dialog, accepted with its OK button: a 300×200 image
    opens as a 30×20 nonogram, the picture the dialog showed."""
    path = tmp_path / "photo.png"
    noise(300, 200).save(path)
    window = open_window(blank_document(5, 5))
    shown: list[np.ndarray] = []

    def accept_with_ok(dialog: ImportImageDialog) -> bool:
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        shown.append(dialog.preview.picture)
        qtbot.mouseClick(ok_button(dialog), LEFT)
        return dialog.result() == ImportImageDialog.DialogCode.Accepted

    window.ask_image_path = lambda: path  # type: ignore[method-assign]
    window.run_import_dialog = accept_with_ok  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        window.import_action.trigger()
    picture = window.model.document.picture
    assert picture is not None
    assert picture.shape == (20, 30)
    assert np.array_equal(picture, shown[0])
    assert np.array_equal(picture, import_picture(path))
