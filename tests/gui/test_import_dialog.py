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
from PySide6.QtWidgets import QAbstractButton, QColorDialog, QDialogButtonBox, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.pixelart import (
    DEFAULT_THRESHOLD,
    FIT_SIDE,
    ImportOptions,
    auto_threshold,
    import_document,
    import_picture,
    luminance_and_opacity,
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


# --- colours -----------------------------------------------------------------------------------


def colour_dialog(qtbot: QtBot, colours: int) -> tuple[ImportImageDialog, Path]:
    """The dialog on a Tango icon (transparent around a face of browns, oranges and yellows)
    with *Colours* typed in."""
    path = shared_path("data", "pixelart", "tango16", "emotes-face-smile.png")
    dialog = open_dialog(qtbot, open_image(path), path.name)
    type_into(qtbot, dialog.colours_box, str(colours))
    return dialog, path


def current_document(dialog: ImportImageDialog) -> Document:
    document = dialog.document()
    assert document is not None
    return document


def choose_swatch(qtbot: QtBot, dialog: ImportImageDialog, value: int) -> None:
    """Click the swatch of colour ``value`` (0 the background)."""
    rect = dialog.swatches.visualItemRect(dialog.swatches.item(value))
    qtbot.mouseClick(dialog.swatches.viewport(), LEFT, pos=rect.center())
    assert dialog.swatches.currentRow() == value


def button_named(dialog: ImportImageDialog, text: str) -> QPushButton:
    return next(b for b in dialog.palette_box.findChildren(QPushButton) if b.text() == text)


def shown_cell(dialog: ImportImageDialog, row: int, col: int) -> str:
    """The colour the preview shows at the centre of a cell, ``#rrggbb``."""
    shown = dialog.preview.grab().toImage()
    grid = dialog.preview.grid_rect()
    height, width = dialog.preview.picture.shape
    x = grid.left() + (col + 0.5) * grid.width() / width
    y = grid.top() + (row + 0.5) * grid.height() / height
    ratio = shown.devicePixelRatio()
    return shown.pixelColor(round(x * ratio), round(y * ratio)).name()


def test_colours_make_the_command_lines_colour_puzzle_with_its_palette(qtbot: QtBot) -> None:
    """Colours 3 on an icon: the document import-image --colors 3 makes (picture, palette,
    clues), drawn in its colours, the palette under it as swatches with their hex, background
    first; the threshold and invert play no part and are greyed out."""
    dialog, path = colour_dialog(qtbot, 3)
    document = current_document(dialog)
    assert document == import_document(path, ImportOptions(colours=3))
    palette = document.palette
    assert palette is not None
    assert palette.inks == 3
    picture = document.picture
    assert picture is not None
    assert picture.dtype == np.uint8
    assert set(np.unique(picture)) == {0, 1, 2, 3}
    assert document.puzzle.colours == 3
    # The transparent pixels, and only they, are the background.
    _, opaque = luminance_and_opacity(open_image(path))
    assert np.array_equal(picture == 0, ~opaque)
    assert dialog.palette_box.isVisible()
    texts = [dialog.swatches.item(i).text() for i in range(dialog.swatches.count())]
    assert texts == [f"{palette.colours[0].hex}\nbackground"] + [c.hex for c in palette.colours[1:]]
    assert not dialog.threshold.isEnabled()
    assert not dialog.invert.isEnabled()
    filled = int(np.count_nonzero(picture))
    assert dialog.summary.text() == f"Puzzle: 16×16 cells, {filled} filled in 3 colours"
    # Each cell is drawn in its own colour, the background's included.
    for row, col in (
        (0, 0),
        *(zip(*np.nonzero(picture == v), strict=True).__next__() for v in (1, 2, 3)),
    ):
        assert shown_cell(dialog, int(row), int(col)) == palette.colours[picture[row, col]].hex


def test_merge_one_colour_into_another(qtbot: QtBot) -> None:
    """Choose a swatch, Merge Into ▸ another: its cells take the other's colour and the inks
    after it move down one."""
    dialog, _ = colour_dialog(qtbot, 3)
    before = current_document(dialog)
    assert before.picture is not None
    assert before.palette is not None
    choose_swatch(qtbot, dialog, 2)
    menu = dialog.merge_menu
    menu.popup(dialog.mapToGlobal(QPoint(0, 0)))
    qtbot.waitExposed(menu)
    assert [a.text() for a in menu.actions()] == [before.palette.colours[v].hex for v in (1, 3)]
    target = menu.actions()[1]  # ink 3, the second item: chosen from the keyboard
    with qtbot.waitSignal(target.triggered):
        qtbot.keyClick(menu, Qt.Key.Key_Down)
        qtbot.keyClick(menu, Qt.Key.Key_Down)
        qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert not menu.isVisible()
    after = current_document(dialog)
    assert after.palette is not None
    assert after.palette.inks == 2
    expected = before.picture.copy()
    expected[expected == 2] = 3
    expected[expected == 3] = 2  # ink 3 moves down to 2
    assert np.array_equal(after.picture, expected)
    assert after.palette.colours == (
        before.palette.colours[0],
        before.palette.colours[1],
        before.palette.colours[3],
    )
    assert dialog.swatches.count() == 3
    assert dialog.swatches.currentRow() == 2, "the colour merged into stays chosen"
    assert dialog.summary.text().endswith("in 2 colours")
    # Changing the colours quantises again: the palette starts afresh.
    type_into(qtbot, dialog.colours_box, "4")
    type_into(qtbot, dialog.colours_box, "3")
    assert current_document(dialog) == before


def test_colours_that_look_alike_are_said_until_they_are_removed(qtbot: QtBot) -> None:
    """An icon's gradient gives two near-whites on its white: the dialog says they look alike;
    once Remove has made both the background, it says nothing."""
    path = shared_path("data", "pixelart", "tango16", "actions-edit-copy.png")
    dialog = open_dialog(qtbot, open_image(path), path.name)
    type_into(qtbot, dialog.colours_box, "3")
    assert dialog.message.isVisible()
    assert dialog.message.text() == (
        "Warning: #f0f0ef, #fcfcfc and the background look alike. Merge them, or recolour one."
    )
    for value in (3, 2):
        choose_swatch(qtbot, dialog, value)
        qtbot.mouseClick(button_named(dialog, "Re&move"), LEFT)
    assert current_document(dialog).puzzle.colours == 1
    assert not dialog.message.isVisible()


def test_make_a_colour_the_background(qtbot: QtBot) -> None:
    dialog, _ = colour_dialog(qtbot, 3)
    before = current_document(dialog)
    assert before.picture is not None
    assert before.palette is not None
    assert not button_named(dialog, "Make &Background").isEnabled(), "the background is chosen"
    choose_swatch(qtbot, dialog, 3)
    qtbot.mouseClick(button_named(dialog, "Make &Background"), LEFT)
    after = current_document(dialog)
    assert after.picture is not None
    assert after.palette is not None
    expected = before.picture.copy()
    expected[before.picture == 3], expected[before.picture == 0] = 0, 3
    assert np.array_equal(after.picture, expected)
    assert after.palette.colours[0].rgb == before.palette.colours[3].rgb
    assert after.palette.colours[3].rgb == before.palette.colours[0].rgb
    assert dialog.swatches.item(0).text() == f"{before.palette.colours[3].hex}\nbackground"
    assert dialog.swatches.currentRow() == 0


def test_recolour_with_the_colour_dialog(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog, _ = colour_dialog(qtbot, 3)
    before = current_document(dialog)
    assert before.picture is not None
    asked: list[str] = []

    def get_color(initial: QColor, parent: object, title: str) -> QColor:
        asked.append(initial.name())
        return QColor("#123456")

    monkeypatch.setattr(QColorDialog, "getColor", get_color)
    choose_swatch(qtbot, dialog, 1)
    old = dialog.swatches.item(1).text()
    qtbot.mouseClick(button_named(dialog, "&Recolour…"), LEFT)
    assert asked == [old]
    after = current_document(dialog)
    assert after.palette is not None
    assert after.palette.colours[1].hex == "#123456"
    assert np.array_equal(after.picture, before.picture), "only the look changes"
    assert dialog.swatches.item(1).text() == "#123456"
    row, col = (int(i[0]) for i in np.nonzero(before.picture == 1))
    assert shown_cell(dialog, row, col) == "#123456"


def test_the_palette_is_edited_from_the_keyboard_too(qtbot: QtBot) -> None:
    """The edits are the swatches' context menu (the Menu key), besides the buttons."""
    dialog, _ = colour_dialog(qtbot, 3)
    texts = [action.text() for action in dialog.swatches.actions()]
    assert texts == ["M&erge Into", "Make &Background", "&Recolour…", "Re&move"]
    assert dialog.swatches.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    dialog.swatches.setFocus()
    qtbot.keyClick(dialog.swatches, Qt.Key.Key_Right)
    assert dialog.swatches.currentRow() == 1
    before = current_document(dialog)
    assert before.picture is not None
    dialog.remove_action.trigger()
    after = current_document(dialog)
    assert after.picture is not None
    expected = before.picture.copy()
    expected[expected == 1] = 0
    expected[expected > 1] -= 1
    assert np.array_equal(after.picture, expected)


def test_one_colour_is_black_and_white_as_before(qtbot: QtBot) -> None:
    dialog, path = colour_dialog(qtbot, 3)
    type_into(qtbot, dialog.colours_box, "1")
    document = current_document(dialog)
    assert document.palette is None
    assert np.array_equal(document.picture, import_picture(path))
    assert not dialog.palette_box.isVisible()
    assert dialog.threshold.isEnabled()
    assert dialog.summary.text().endswith(" filled")


def test_a_black_and_white_kind_takes_no_colours(qtbot: QtBot) -> None:
    dialog, path = colour_dialog(qtbot, 3)
    dialog.kind_box.setFocus()
    qtbot.keyClick(dialog.kind_box, Qt.Key.Key_Down)  # Nonogram → Mosaic
    assert dialog.kind() == "mosaic"
    assert not dialog.colours_box.isEnabled()
    document = current_document(dialog)
    assert document.kind == "mosaic"
    assert document.palette is None
    assert np.array_equal(document.picture, import_picture(path))


def test_the_colours_are_remembered(qtbot: QtBot) -> None:
    dialog, _ = colour_dialog(qtbot, 4)
    qtbot.mouseClick(ok_button(dialog), LEFT)
    assert Settings().import_settings().colours == 4
    again = open_dialog(qtbot, noise(20, 20))
    assert again.colours_box.value() == 4


def test_a_colour_the_palette_has_already_is_refused_in_one_line(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recolouring an ink to another's colour would make two colours one: the dialog says so
    under the previews and keeps the palette."""
    dialog, _ = colour_dialog(qtbot, 3)
    before = current_document(dialog)
    assert before.palette is not None
    taken = before.palette.colours[2].hex
    monkeypatch.setattr(QColorDialog, "getColor", lambda *_: QColor(taken))
    choose_swatch(qtbot, dialog, 1)
    qtbot.mouseClick(button_named(dialog, "&Recolour…"), LEFT)
    assert current_document(dialog) == before
    assert dialog.message.isVisible()
    assert dialog.message.text() == f"{taken} is colour 2 already: merge into it instead"
