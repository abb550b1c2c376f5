"""Drawing a mosaic: filled cells dark, empty ones light, each clue's digit in its own cell,
readable on dark cells, hidden clues faint on the designer's canvas only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import EMPTY, FILLED, grid_from_text, unknown_grid
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.render.export import export_image, thumbnail
from studio.render.grid import DEFAULT_PALETTE, Layout, clue_font
from studio.render.mosaic import LOOK
from studio.render.scene import Scene, draw_scene

PICTURE = grid_from_text(["##..#", "#...#", ".###."])
# Clues shown on a filled cell (0, 0), empty cells (0, 2) and (2, 4), and a filled one (2, 2).
SHOWN = grid_from_text(["#.#..", ".....", "..#.#"])
PUZZLE = Mosaic.from_picture(PICTURE, SHOWN)
CELL = 40
INSET = 4  # pixels inside a cell's edge: clear of the rules


Render = Callable[[Scene], QImage]


@pytest.fixture
def draw(qtbot: QtBot) -> Render:
    """Draws a scene at :data:`CELL` pixels a cell, one pixel in from the image's corner."""
    del qtbot  # the fixture makes the QApplication drawing needs

    def render(scene: Scene) -> QImage:
        height, width = scene.puzzle.shape
        image = QImage(width * CELL + 2, height * CELL + 2, QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_scene(painter, Layout(scene.puzzle.shape, CELL, 1, 1), scene, LOOK)
        painter.end()
        return image

    return render


def interior(image: QImage, row: int, col: int) -> np.ndarray:
    """Lightness (0–255) of the pixels of a cell, clear of its rules: ``(y, x)``."""
    top, left = 1 + row * CELL + INSET, 1 + col * CELL + INSET
    size = CELL - 2 * INSET
    return np.array(
        [
            [image.pixelColor(left + x, top + y).lightness() for x in range(size)]
            for y in range(size)
        ]
    )


def corner(image: QImage, row: int, col: int) -> QColor:
    """A pixel near a cell's top-left corner, where no digit reaches."""
    return image.pixelColor(1 + col * CELL + INSET + 1, 1 + row * CELL + INSET + 1)


def test_solution_view_fills_exactly_the_filled_cells(draw: Render) -> None:
    image = draw(Scene(PUZZLE, picture=PICTURE))
    for (row, col), filled in np.ndenumerate(PICTURE):
        assert (corner(image, row, col).lightness() < 100) == bool(filled), (row, col)


def test_a_printed_answer_is_the_picture_alone_without_digits(draw: Render) -> None:
    """The solutions at the back of a book: each cell wholly ink or wholly paper."""
    image = draw(Scene(PUZZLE, picture=PICTURE, clues=False))
    for (row, col), filled in np.ndenumerate(PICTURE):
        pixels = interior(image, row, col)
        if filled:
            assert pixels.max() < 40, (row, col)
        else:
            assert pixels.min() > 240, (row, col)


def test_puzzle_view_is_a_blank_grid_with_digits_in_the_clue_cells(draw: Render) -> None:
    image = draw(Scene(PUZZLE))
    for (row, col), shown in np.ndenumerate(SHOWN):
        pixels = interior(image, row, col)
        assert corner(image, row, col).lightness() > 240, (row, col)
        assert (pixels.min() < 100) == bool(shown), (row, col)


def test_digits_are_light_on_filled_cells(draw: Render) -> None:
    image = draw(Scene(PUZZLE, picture=PICTURE))
    for (row, col), shown in np.ndenumerate(SHOWN):
        pixels = interior(image, row, col)
        if PICTURE[row, col]:
            assert (pixels.max() > 150) == bool(shown), (row, col)
        else:
            assert (pixels.min() < 100) == bool(shown), (row, col)


def reference_digit(digit: int) -> np.ndarray:
    """The interior of a cell holding ``digit``, drawn here with plain Qt calls."""
    image = QImage(CELL, CELL, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = clue_font(CELL)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor(DEFAULT_PALETTE.clue_text))
    painter.drawText(QRectF(0, 0, CELL, CELL), Qt.AlignmentFlag.AlignCenter, str(digit))
    painter.end()
    size = CELL - 2 * INSET
    return np.array(
        [
            [image.pixelColor(INSET + x, INSET + y).lightness() for x in range(size)]
            for y in range(size)
        ]
    )


def test_each_clue_cell_shows_its_own_count(draw: Render) -> None:
    # Counted by hand on PICTURE: (0,0) sees 3 filled cells, (0,2) 1, (2,2) 3, (2,4) 2.
    expected = {(0, 0): 3, (0, 2): 1, (2, 2): 3, (2, 4): 2}
    image = draw(Scene(PUZZLE))
    references = {digit: reference_digit(digit) for digit in range(10)}
    for cell, count in expected.items():
        pixels = interior(image, *cell)
        best = min(references, key=lambda d: np.abs(references[d] - pixels).sum())
        assert best == count, cell


def test_hidden_clues_are_faint_on_the_designer_canvas_only(draw: Render) -> None:
    hidden_empty = (1, 2)  # empty, no clue shown; its count is 4
    shown_empty = (0, 2)
    design = draw(Scene(PUZZLE, picture=PICTURE, design=True))
    faint = interior(design, *hidden_empty).min()
    strong = interior(design, *shown_empty).min()
    assert 100 < faint < 235, "a hidden clue is drawn, lighter than a shown one"
    assert strong < 100
    printed = draw(Scene(PUZZLE, picture=PICTURE))
    assert interior(printed, *hidden_empty).min() > 240, "print shows only the puzzle's clues"


def test_hint_marks_ink_filled_cells_and_keep_digits_readable(draw: Render) -> None:
    marks = unknown_grid(*PICTURE.shape)
    marks[0, 0] = FILLED
    marks[0, 2] = EMPTY
    image = draw(Scene(PUZZLE, marks=marks))
    assert corner(image, 0, 0).lightness() < 100
    assert interior(image, 0, 0).max() > 150, "the clue on a filled mark is drawn light"
    assert interior(image, 0, 2).min() < 100, "the clue on an empty mark is drawn dark"


def test_a_known_empty_cells_dot_stands_clear_of_its_digit(draw: Render) -> None:
    """A dot in the middle of a cell blotted its digit: "0" read as "⊙"."""
    marks = unknown_grid(*PICTURE.shape)
    marks[0, 2] = EMPTY  # the cell of a clue
    marks[1, 2] = EMPTY  # no clue
    image = draw(Scene(PUZZLE, marks=marks))
    middle = 1 + 2 * CELL + CELL // 2
    dot = (int(1 + 2 * CELL + 0.8 * CELL), int(1 + CELL + 0.8 * CELL))
    assert image.pixelColor(*dot).lightness() < 100, "dotted in the bottom right"
    assert image.pixelColor(middle, 1 + CELL + CELL // 2).lightness() > 200, "not in the middle"
    bare = draw(Scene(PUZZLE))
    assert interior(image, 0, 2)[: CELL // 2].tolist() == interior(bare, 0, 2)[: CELL // 2].tolist()


def test_variable_fields_are_tinted(draw: Render) -> None:
    variable = np.zeros(PICTURE.shape, dtype=bool)
    variable[1, 1] = True
    image = draw(Scene(PUZZLE, picture=PICTURE, variable=variable))
    tinted, plain = corner(image, 1, 1), corner(image, 1, 2)
    assert tinted.saturation() > 100
    assert plain.saturation() < 10


def test_export_and_thumbnail_draw_the_kind(qtbot: QtBot, tmp_path: Path) -> None:
    del qtbot
    document = Document(PUZZLE, PICTURE)
    target = tmp_path / "mosaic.png"
    export_image(document, target, LOOK, solution=PICTURE, cell=CELL)
    image = QImage(str(target))
    margin = CELL // 2  # export_image's margin: half a cell
    for (row, col), filled in np.ndenumerate(PICTURE):
        x, y = margin + col * CELL + INSET + 1, margin + row * CELL + INSET + 1
        assert (image.pixelColor(x, y).lightness() < 100) == bool(filled), (row, col)
    small = thumbnail(document, LOOK, 24, solution=PICTURE)  # cells under TINY_CELL: no digits
    assert not small.isNull()
