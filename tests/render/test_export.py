"""Drawing a puzzle: a filled cell is dark, an empty one light, in every output format."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.core.errors import StudioError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.render.export import draw_puzzle, export_image, extent
from studio.render.nonogram import LOOK

PICTURE = grid_from_text(["##..#", "#...#", ".###."])
DOCUMENT = document_of_picture("nonogram", PICTURE, title="Test")


def render(qtbot: QtBot, solution: np.ndarray | None) -> tuple[QImage, QRectF]:
    del qtbot  # the fixture makes the QApplication drawing needs
    image = QImage(400, 300, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    grid = draw_puzzle(painter, QRectF(0, 0, 400, 300), DOCUMENT.puzzle, LOOK, solution=solution)
    painter.end()
    return image, grid


def cell_centre(grid: QRectF, row: int, col: int) -> tuple[int, int]:
    cell = grid.width() / PICTURE.shape[1]
    return int(grid.left() + (col + 0.5) * cell), int(grid.top() + (row + 0.5) * cell)


def test_solution_view_fills_exactly_the_filled_cells(qtbot: QtBot) -> None:
    image, grid = render(qtbot, PICTURE)
    for (row, col), filled in np.ndenumerate(PICTURE):
        lightness = image.pixelColor(*cell_centre(grid, row, col)).lightness()
        assert (lightness < 100) == bool(filled), (row, col)


def test_puzzle_view_leaves_the_grid_empty_and_draws_the_clues(qtbot: QtBot) -> None:
    image, grid = render(qtbot, None)
    for row, col in np.ndindex(PICTURE.shape):
        assert image.pixelColor(*cell_centre(grid, row, col)).lightness() > 200
    # The clues take the space left of and above the grid: something is drawn there.
    rows, cols = extent(DOCUMENT.puzzle, LOOK)
    assert (rows, cols) == (3 + 2, 5 + 2)  # clues "2 1" and "1 1" take two slots
    left_strip = [
        image.pixelColor(x, int(grid.center().y())).lightness() for x in range(int(grid.left()))
    ]
    assert min(left_strip) < 128, "row clues are drawn left of the grid"


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_export_writes_each_format(qtbot: QtBot, tmp_path: Path, suffix: str) -> None:
    target = tmp_path / f"puzzle{suffix}"
    export_image(DOCUMENT, target, LOOK, solution=PICTURE)
    data = target.read_bytes()
    magic = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}[suffix]
    assert data.startswith(magic)
    assert os.listdir(tmp_path) == [target.name]  # written beside, then renamed
    if suffix == ".png":
        image = QImage(str(target))
        assert not image.isNull()
        # The first row's first cell (filled) is dark somewhere in the image's grid area.
        assert (
            min(
                image.pixelColor(x, y).lightness()
                for x in range(0, image.width(), 4)
                for y in range(0, image.height(), 4)
            )
            < 60
        )


def test_export_refuses_unknown_formats(qtbot: QtBot, tmp_path: Path) -> None:
    with pytest.raises(StudioError, match=r"cannot export to \.gif"):
        export_image(DOCUMENT, tmp_path / "x.gif", LOOK)


def test_export_to_a_missing_folder_is_a_clear_error(qtbot: QtBot, tmp_path: Path) -> None:
    with pytest.raises(
        StudioError, match=r"x\.png: cannot write the PNG: No such file or directory$"
    ):
        export_image(DOCUMENT, tmp_path / "missing" / "x.png", LOOK)
