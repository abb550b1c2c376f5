"""Drawing a puzzle: a filled cell is dark, an empty one light, in every output format; the
exported sizes are true (a PNG's resolution, an SVG in millimetres, a PDF page in points) and an
export may hold the puzzle and its solution."""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.core.errors import StudioError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.render.export import (
    View,
    check_image_size,
    draw_puzzle,
    export_image,
    export_size,
    extent,
    native_cell,
)
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


# --- sizes, units and views --------------------------------------------------------------------
# DOCUMENT takes 5 rows and 7 columns of cell slots (the test above): with half a cell of margin
# around, one drawing is 8 cells wide and 6 high.


def svg_attribute(path: Path, name: str) -> str:
    """The value of an attribute of an SVG's root element (parsed from its text)."""
    found = re.search(rf'<svg[^>]*\s{name}="([^"]+)"', path.read_text())
    assert found is not None, name
    return found[1]


def svg_size_mm(path: Path) -> tuple[float, float]:
    """The width and height an SVG declares, in millimetres."""
    width, height = (svg_attribute(path, side) for side in ("width", "height"))
    assert width.endswith("mm")
    assert height.endswith("mm")
    return float(width[:-2]), float(height[:-2])


def svg_view_box(path: Path) -> list[float]:
    return [float(value) for value in svg_attribute(path, "viewBox").split()]


@pytest.mark.parametrize(
    ("cell", "unit", "expected_mm"),
    [
        (5, "mm", 5.0),
        (24, None, 24 * 25.4 / 96),
        (24, "px", 24 * 25.4 / 96),
        (12, "pt", 12 * 25.4 / 72),
    ],
)
def test_svg_is_in_true_millimetres(
    qtbot: QtBot, tmp_path: Path, cell: float, unit: str | None, expected_mm: float
) -> None:
    target = tmp_path / "puzzle.svg"
    export_image(DOCUMENT, target, LOOK, cell=cell, unit=unit)
    width, height = svg_size_mm(target)
    assert width == pytest.approx(8 * expected_mm, abs=0.01)
    assert height == pytest.approx(6 * expected_mm, abs=0.01)
    # The drawing is in CSS pixels (1/96 in): the viewBox is the same length.
    _, _, box_width, box_height = svg_view_box(target)
    assert box_width * 25.4 / 96 == pytest.approx(width, abs=0.01)
    assert box_height * 25.4 / 96 == pytest.approx(height, abs=0.01)


def test_png_records_its_resolution_and_takes_cells_in_millimetres(
    qtbot: QtBot, tmp_path: Path
) -> None:
    target = tmp_path / "puzzle.png"
    export_image(DOCUMENT, target, LOOK, cell=5, unit="mm", dpi=300)
    cell_px = round(5 / 25.4 * 300)  # 59.06 -> 59 whole pixels
    with Image.open(target) as image:
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert image.size == (8 * cell_px + 1, 6 * cell_px + 1)  # one pixel for the last rule
    export_image(DOCUMENT, target, LOOK, cell=30, dpi=72)  # px: the dpi is only recorded
    with Image.open(target) as image:
        assert image.info["dpi"] == pytest.approx((72, 72), abs=0.01)
        assert image.size == (8 * 30 + 1, 6 * 30 + 1)
    assert export_size(DOCUMENT, LOOK, ".png", 30.0) == (241.0, 181.0, 1)


def test_pdf_page_holds_the_drawing_at_its_true_size(qtbot: QtBot, tmp_path: Path) -> None:
    target = tmp_path / "puzzle.pdf"
    export_image(DOCUMENT, target, LOOK, solution=PICTURE, view=View.BOTH, cell=5, unit="mm")
    pages = PdfReader(target).pages
    assert len(pages) == 2, "the puzzle, then its solution"
    exact = (8 * 5 * 72 / 25.4, 6 * 5 * 72 / 25.4)  # 113.39 x 85.04 pt
    for page in pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        # Qt's writer takes whole points: the page grows by less than one.
        assert exact[0] <= width < exact[0] + 1
        assert exact[1] <= height < exact[1] + 1
    assert export_size(DOCUMENT, LOOK, ".pdf", native_cell(".pdf", 5, "mm"), View.BOTH) == (
        114.0,
        86.0,
        2,
    )


@pytest.mark.parametrize(
    ("suffix", "cell", "unit", "dpi", "expected"),
    [
        (".png", 24, None, 300, 24),
        (".png", 24, "px", 300, 24),
        (".png", 5, "mm", 300, 59),
        (".png", 72, "pt", 150, 150),
        (".svg", 5, "mm", 300, 5 * 96 / 25.4),
        (".svg", 72, "pt", 96, 96),
        (".pdf", 5, "mm", 96, 5 * 72 / 25.4),
        (".pdf", 96, "px", 96, 72),
        (".pdf", 10, None, 96, 10),
    ],
)
def test_native_cell_converts_by_inches(
    suffix: str, cell: float, unit: str | None, dpi: float, expected: float
) -> None:
    assert native_cell(suffix, cell, unit, dpi) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("unit", "dpi", "message"),
    [
        ("cm", 96, "unknown unit 'cm'"),
        ("mm", 0, "resolution must be a positive"),
        ("mm", math.nan, "positive"),
    ],
)
def test_native_cell_refuses_what_it_cannot_measure(unit: str, dpi: float, message: str) -> None:
    with pytest.raises(StudioError, match=message):
        native_cell(".png", 5, unit, dpi)


def test_both_views_side_by_side_show_the_puzzle_then_the_solution(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """DOCUMENT is wider (7 slots) than high (5): the solution goes below the puzzle, a cell
    apart; in the puzzle the grid is empty, in the solution exactly the picture is filled."""
    target = tmp_path / "both.png"
    cell = 20
    export_image(DOCUMENT, target, LOOK, solution=PICTURE, view=View.BOTH, cell=cell)
    image = QImage(str(target))
    assert (image.width(), image.height()) == (8 * cell + 1, (5 + 5 + 1 + 1) * cell + 1)
    left, top = cell // 2 + 2 * cell, cell // 2 + 2 * cell  # the grid, past two clue slots
    below = top + (5 + 1) * cell
    for (row, col), filled in np.ndenumerate(PICTURE):
        x = left + col * cell + cell // 2
        assert image.pixelColor(x, top + row * cell + cell // 2).lightness() > 200, (row, col)
        dark = image.pixelColor(x, below + row * cell + cell // 2).lightness() < 100
        assert dark == bool(filled), (row, col)


def test_a_tall_puzzle_gets_its_solution_beside_it(qtbot: QtBot) -> None:
    tall = document_of_picture("nonogram", grid_from_text(["#"] * 9), title="Tall")
    rows, cols = extent(tall.puzzle, LOOK)
    assert rows > cols
    width, height, pages = export_size(tall, LOOK, ".svg", 10.0, View.BOTH)
    assert (width, height, pages) == ((2 * cols + 2) * 10, (rows + 1) * 10, 1)


def test_a_solution_view_needs_the_solution(qtbot: QtBot, tmp_path: Path) -> None:
    for view in (View.SOLUTION, View.BOTH):
        with pytest.raises(StudioError, match="needs the puzzle's solution"):
            export_image(DOCUMENT, tmp_path / "x.png", LOOK, view=view)
    assert not (tmp_path / "x.png").exists()


def test_both_views_count_against_the_size_limit(qtbot: QtBot) -> None:
    """8 cells wide alone, 8 wide and 12 high with the solution below: at 1 500 px a cell the
    puzzle fits 16 384 px, the pair does not."""
    check_image_size(DOCUMENT, LOOK, ".png", 1500)
    with pytest.raises(StudioError, match="18 000 px high; at most 16 384"):
        check_image_size(DOCUMENT, LOOK, ".png", 1500, View.BOTH)
