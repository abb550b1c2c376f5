"""The window's colours (studio/gui/palette.py): the grid and its clues follow a dark desktop
palette, set on the application or on the window, and stay readable; a colour puzzle's grid,
printed and exported pictures keep their black on white (DEFAULT_PALETTE); the keyboard's cell
and a given read on any cell, each its own. Checked on the pixels drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette, text_on
from studio.gui.editors.nonogram import NonogramEditor
from studio.gui.export_dialog import ExportDialog
from studio.gui.kinds import qt_kind
from studio.gui.main_window import MainWindow
from studio.gui.palette import is_dark, screen_palette
from studio.render.export import View
from studio.render.grid import DEFAULT_PALETTE
from tests.gui.drive import cell_origin, cell_point, corner_point

PICTURE = grid_from_text(["##..#", "#....", "..###", ".#.#."])

DARK = {
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.Text: "#e8e8e8",
    QPalette.ColorRole.WindowText: "#f0f0f0",
    QPalette.ColorRole.Highlight: "#3d7dd8",
}


def dark_palette() -> QPalette:
    palette = QPalette(QApplication.palette())
    for role, color in DARK.items():
        palette.setColor(role, QColor(color))
    return palette


def luminance(color: QColor) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.red())
        + 0.7152 * channel(color.green())
        + 0.0722 * channel(color.blue())
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture
def app_palette() -> Iterator[None]:
    """Whatever a test does to the application's palette is undone after it."""
    before = QPalette(QApplication.palette())
    yield
    QApplication.setPalette(before)


def lightness_extremes(image: QImage, rect: QRect) -> tuple[int, int]:
    """The darkest and the lightest pixel of ``rect`` in ``image``."""
    values = [
        image.pixelColor(x, y).lightness()
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    ]
    return min(values), max(values)


def paper_lightness(window: MainWindow) -> int:
    """The lightness of an empty cell (1, 1) as drawn now."""
    return window.view.canvas.grab().toImage().pixelColor(corner_point(window, 1, 1)).lightness()


def check_dark(qtbot: QtBot, window: MainWindow) -> None:
    """What a person sees on a dark desktop: dark paper, light ink that reads on it, light
    clues on the dark header."""
    # A new palette reaches the widgets through posted events.
    qtbot.waitUntil(lambda: paper_lightness(window) < 80)
    view = window.view
    image = view.canvas.grab().toImage()
    paper = image.pixelColor(corner_point(window, 1, 1))  # an empty cell
    ink = image.pixelColor(corner_point(window, 0, 0))  # a filled one
    assert ink.lightness() > paper.lightness()
    assert contrast(ink, paper) >= 4.5, "filled cells read against the paper"
    editor = view.editor
    assert isinstance(editor, NonogramEditor)
    header = editor.column_clues.grab().toImage()
    band = editor.column_clues.band(4)  # the column of clue 1 1 (rows 1 and 3)
    darkest, lightest = lightness_extremes(header, band.adjusted(2, 2, -2, -2))
    assert darkest < 80, "the header's ground is dark"
    assert lightest > 180, "the clue digits are light"


def test_a_dark_application_palette_darkens_the_grid_and_lightens_the_clues(
    qtbot: QtBot, open_window, app_palette
) -> None:
    window = open_window(document_of_picture("nonogram", PICTURE))
    light = QPalette(QApplication.palette())
    assert paper_lightness(window) > 200, "a light desktop: white paper"
    QApplication.setPalette(dark_palette())
    check_dark(qtbot, window)
    QApplication.setPalette(light)
    qtbot.waitUntil(lambda: paper_lightness(window) > 200)  # and back


def test_a_dark_window_palette_reaches_the_grid_and_new_tabs(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("nonogram", PICTURE))
    window.setPalette(dark_palette())
    check_dark(qtbot, window)
    window.add_tab(document_of_picture("nonogram", PICTURE))
    window.view.set_cell_size(24)
    check_dark(qtbot, window)


def test_mosaic_clues_read_on_dark_paper_and_on_light_ink(
    qtbot: QtBot, open_window, app_palette
) -> None:
    QApplication.setPalette(dark_palette())
    window = open_window(document_of_picture("mosaic", PICTURE))
    window.view.set_cell_size(30)
    image = window.view.canvas.grab().toImage()
    cell = window.view.cell

    def extremes(row: int, col: int) -> tuple[int, int]:
        left, top = cell_origin(window, row, col)
        return lightness_extremes(image, QRect(left + 4, top + 4, cell - 8, cell - 8))

    # (1, 2) is empty: its clue, light on the dark paper; (0, 0) filled: a dark clue on light ink.
    assert image.pixelColor(corner_point(window, 1, 2)).lightness() < 80, "dark paper"
    assert image.pixelColor(corner_point(window, 0, 0)).lightness() > 180, "light ink"
    darkest, lightest = extremes(1, 2)
    assert darkest < 80, "dark paper"
    assert lightest > 180, "a light digit"
    darkest, lightest = extremes(0, 0)
    assert lightest > 180, "light ink"
    assert darkest < 80, "a dark digit"


def test_printing_and_export_keep_black_on_white(
    qtbot: QtBot, open_window, app_palette, tmp_path: Path
) -> None:
    QApplication.setPalette(dark_palette())
    window = open_window(document_of_picture("nonogram", PICTURE))
    assert window.view.screen_palette().paper != DEFAULT_PALETTE.paper
    # Exported through the window's export dialog, as a person does it.
    dialog = ExportDialog(
        window.model.document,
        qt_kind("nonogram").look,
        window.view.picture_shown(),
        name="puzzle",
        folder=tmp_path,
        view=View.SOLUTION,
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert dialog.written is not None
    image = QImage(str(dialog.written))
    lightness = np.array(
        [
            [image.pixelColor(x, y).lightness() for x in range(image.width())]
            for y in range(image.height())
        ]
    )
    assert lightness[0, 0] > 240, "white paper"
    assert (lightness < 60).sum() > 0.1 * lightness.size, "black ink"


def test_screen_palette_follows_the_desktops_roles() -> None:
    dark = dark_palette()
    assert is_dark(dark)
    colours = screen_palette(dark)
    assert colours.paper == DARK[QPalette.ColorRole.Base]
    assert colours.background == DARK[QPalette.ColorRole.Window]
    assert colours.ink == DARK[QPalette.ColorRole.Text]
    assert colours.clue_text == DARK[QPalette.ColorRole.WindowText]
    assert colours.cursor == DARK[QPalette.ColorRole.Highlight]
    light = QPalette(QColor("#dddddd"))
    light.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    light.setColor(QPalette.ColorRole.Text, QColor("#000000"))
    assert not is_dark(light)
    assert screen_palette(light).variable == DEFAULT_PALETTE.variable
    # Every tint and rule stays apart from the paper, on either ground.
    for palette in (dark, light):
        colours = screen_palette(palette)
        paper = QColor(colours.paper)
        for name in ("ink", "major_rule", "clue_text", "solution_ink", "conflict_text"):
            assert contrast(QColor(getattr(colours, name)), paper) >= 3, (name, palette)


def test_the_keyboard_cell_takes_the_highlight(qtbot: QtBot, open_window, app_palette) -> None:
    QApplication.setPalette(dark_palette())
    window = open_window(document_of_picture("nonogram", PICTURE))
    view = window.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.set_cursor_cell((1, 1))
    left, top = cell_origin(window, 1, 1)
    edge = view.canvas.grab().toImage().pixelColor(QPoint(left + 1, top + view.cell // 2))
    assert edge == QColor(DARK[QPalette.ColorRole.Highlight])


COLOURED = np.array([[0, 1, 1, 0, 2], [0, 0, 2, 2, 0], [1, 0, 0, 0, 0]], dtype=np.uint8)
INKS = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("black", "a", (0, 0, 0)),
        Colour("green", "b", (0, 170, 0)),
    )
)


def test_a_colour_puzzle_is_drawn_as_it_prints_on_a_dark_desktop(
    qtbot: QtBot, open_window, app_palette
) -> None:
    """On a dark desktop, a colour puzzle's grid keeps print's white paper and the colours as
    they are, black cells black (they once sat on the dark paper, all but lost); its clues stay
    on the window's dark ground."""
    QApplication.setPalette(dark_palette())
    window = open_window(document_of_picture("nonogram", COLOURED, palette=INKS))
    qtbot.waitUntil(lambda: window.view.screen_palette().paper == DARK[QPalette.ColorRole.Base])
    image = window.view.canvas.grab().toImage()
    assert image.pixelColor(cell_point(window, 0, 1)) == QColor("#000000")
    assert image.pixelColor(cell_point(window, 0, 4)) == QColor(0, 170, 0)
    assert image.pixelColor(cell_point(window, 0, 0)) == QColor("#ffffff"), "print's paper"
    editor = window.view.editor
    assert isinstance(editor, NonogramEditor)
    header = editor.column_clues.grab().toImage()
    assert header.pixelColor(2, 2).lightness() < 80, "the clues' ground stays the window's"


def row_of(image: QImage, y: int, xs: range) -> list[QColor]:
    return [image.pixelColor(x, y) for x in xs]


@pytest.mark.parametrize("dark", [False, True])
def test_the_keyboard_cell_and_a_given_read_on_any_cell_and_never_alike(
    qtbot: QtBot, open_window, app_palette, dark: bool
) -> None:
    """The keyboard's cell is a ring of the desktop's highlight over the cell's border, edged in
    black or white on both sides: it reads even on a cell of the highlight's own colour. A
    given's frame lies inside its cell, black edged in white, with nothing of the highlight
    (the two were blue frames of nearly one blue)."""
    if dark:
        QApplication.setPalette(dark_palette())
    highlight = QApplication.palette().color(QPalette.ColorRole.Highlight)
    hue = (highlight.red(), highlight.green(), highlight.blue())
    inks = Palette(
        (
            Colour("white", ".", (255, 255, 255)),
            Colour("hue", "a", hue),
            Colour("ink", "b", (0, 0, 0)),
        )
    )
    picture = np.array([[0, 0, 0, 0, 0], [0, 1, 0, 2, 0], [0, 0, 0, 0, 0]], dtype=np.uint8)
    puzzle = Nonogram.from_picture(picture, given_cells=[(1, 3)])
    window = open_window(Document(puzzle, picture, palette=inks))
    view = window.view
    view.set_cell_size(24)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.set_cursor_cell((1, 1))
    image = view.canvas.grab().toImage()
    edge = QColor(*text_on(hue))
    left, top = cell_origin(window, 1, 1)
    across = row_of(image, top + 12, range(left - 6, left + 12))  # into the cell of the hue
    first = across.index(highlight)  # the ring, from outside the cell
    last = next(i for i in range(first, len(across)) if across[i] != highlight) - 1
    assert first < 6 <= last, "the ring lies over the cell's border, half outside"
    assert across[first - 1] == edge, "edged outside"
    assert across[last + 1] == edge, "edged inside, on a cell of the highlight's own colour"
    assert highlight in across[last + 2 :], "the cell's colour within"
    left, top = cell_origin(window, 1, 3)
    inside = row_of(image, top + 12, range(left + 1, left + 12))  # the given's black cell
    assert highlight not in inside, "the given has nothing of the keyboard's cell"
    assert inside[0] == QColor("#000000"), "its frame stays clear of the cell's border"
    assert QColor("#ffffff") in inside, "its frame's white edges, on the black cell"
