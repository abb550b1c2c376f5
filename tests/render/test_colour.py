"""Colour puzzles drawn in colour, checked by their pixels: each cell in its palette's colour
(a solver's solution lighter, a background that is not white in its colour), the solver's
marks, givens framed alike on any colour, variable fields that read on any colour, clue
numbers on boxes of their run's colour in a contrasting black or white, and the colour key
under an exported puzzle."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import colour_grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette
from studio.render.export import View, draw_puzzle, export_image, extent, thumbnail
from studio.render.grid import DEFAULT_PALETTE, SOLUTION_SHARE, Layout
from studio.render.key import KEY_GAP, NAME_GAP, key_entries, key_rows
from studio.render.nonogram import LOOK, draw_clues, draw_scene
from studio.render.scene import Scene

RGB = tuple[int, int, int]
WHITE: RGB = (255, 255, 255)
RED: RGB = (255, 0, 0)
GREEN: RGB = (0, 100, 0)
YELLOW: RGB = (255, 255, 0)
INKS = Palette(
    (
        Colour("white", ".", WHITE),
        Colour("red", "r", RED),
        Colour("green", "g", GREEN),
        Colour("yellow", "y", YELLOW),
    )
)
PICTURE = colour_grid_from_text(["rrg.", "y.gg", "ry.r"], INKS.chars)
PUZZLE = Nonogram.from_picture(PICTURE)
CELL = 20


def pixels(image: QImage) -> npt.NDArray[np.int64]:
    """The image's RGB, ``(height, width, 3)``."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = rgb.width(), rgb.height()
    data = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.sizeInBytes())
    return (
        data.reshape(height, rgb.bytesPerLine())[:, : width * 3]
        .reshape(height, width, 3)
        .astype(np.int64)
    )


def drawn(scene: Scene, cell: int = CELL) -> npt.NDArray[np.int64]:
    """The grid of ``scene`` drawn at (0, 0) on white, as pixels."""
    height, width = scene.puzzle.shape
    image = QImage(width * cell, height * cell, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    draw_scene(painter, Layout(scene.puzzle.shape, cell), scene, DEFAULT_PALETTE)
    painter.end()
    return pixels(image)


def centre(image: npt.NDArray[np.int64], row: int, col: int, cell: int = CELL) -> RGB:
    red, green, blue = (int(v) for v in image[row * cell + cell // 2, col * cell + cell // 2])
    return red, green, blue


def test_each_cell_of_the_picture_is_its_colour(qtbot: QtBot) -> None:
    image = drawn(Scene(PUZZLE, picture=PICTURE, inks=INKS))
    for (row, col), value in np.ndenumerate(PICTURE):
        assert centre(image, row, col) == INKS.colours[value].rgb, (row, col)


def test_a_solvers_solution_is_its_colours_mixed_with_the_paper(qtbot: QtBot) -> None:
    image = drawn(Scene(PUZZLE, solution=PICTURE, inks=INKS))
    for (row, col), value in np.ndenumerate(PICTURE):
        rgb = INKS.colours[value].rgb
        lighter = tuple(round(255 + (c - 255) * SOLUTION_SHARE) for c in rgb)
        assert centre(image, row, col) == lighter, (row, col)
    assert centre(image, 0, 0) != RED  # plainly not the designer's own


def test_a_background_that_is_not_white_colours_the_known_background(qtbot: QtBot) -> None:
    """Known background cells take colour 0's RGB; the cells of a blank puzzle view stay paper
    (nothing is known there)."""
    blue = (40, 60, 200)
    inks = Palette((Colour("sky", ".", blue), *INKS.colours[1:]))
    image = drawn(Scene(PUZZLE, picture=PICTURE, inks=inks))
    assert centre(image, 0, 3) == blue
    assert centre(image, 0, 0) == RED
    blank = drawn(Scene(PUZZLE, inks=inks))
    assert centre(blank, 0, 3) == WHITE


def test_marks_show_known_colours_in_full_and_the_known_background_dotted(qtbot: QtBot) -> None:
    marks = np.full(PUZZLE.shape, -1, dtype=np.int8)
    marks[0, 0], marks[0, 2], marks[0, 3] = 1, 2, 0
    image = drawn(Scene(PUZZLE, marks=marks, inks=INKS))
    assert centre(image, 0, 0) == RED
    assert centre(image, 0, 2) == GREEN
    assert max(centre(image, 0, 3)) < 80, "a dark dot in the known background cell"
    assert centre(image, 1, 1) == WHITE, "unknown stays paper"


@pytest.mark.parametrize(
    "rgb", [(0, 0, 0), (255, 255, 255), (0, 160, 0), (0x1A, 0x73, 0xE8), (255, 255, 0)]
)
def test_a_given_is_filled_with_its_colour_and_framed_alike_on_any(qtbot: QtBot, rgb: RGB) -> None:
    """On black, white, green, blue (the keyboard's cell's hue) and yellow, a given's frame is
    the same: black, edged in white on both sides, so that it reads on every colour and never
    turns into another mark (it was blue, and black or white where blue stood out too little)."""
    inks = Palette((Colour("paper", ".", (250, 250, 250)), Colour("ink", "a", rgb)))
    picture = np.array([[1]], dtype=np.uint8)
    puzzle = Nonogram.from_picture(picture, given_cells=[(0, 0)])
    image = drawn(Scene(puzzle, inks=inks), cell=40)  # the puzzle view: only the givens known
    assert centre(image, 0, 0, 40) == rgb, "filled with its colour"
    # At 40 px: the frame's white edge from 5 to 6.7 px in, its black core to 10.7, white to 12.3.
    for x, expected in ((6, WHITE), (8, (0, 0, 0)), (11, WHITE)):
        assert tuple(int(v) for v in image[20, x]) == expected, x
        assert tuple(int(v) for v in image[x, 20]) == expected, x


def test_an_empty_given_is_crossed_so_that_it_reads_on_a_black_background(qtbot: QtBot) -> None:
    """A given of the background, on a background of black: a black cross edged in white."""
    inks = Palette((Colour("night", ".", (0, 0, 0)), Colour("snow", "a", WHITE)))
    picture = np.array([[0, 1]], dtype=np.uint8)
    puzzle = Nonogram.from_picture(picture, given_cells=[(0, 0)], colours=1)
    image = drawn(Scene(puzzle, inks=inks), cell=40)
    assert centre(image, 0, 0, 40) == (0, 0, 0), "the arms cross, black"
    assert tuple(int(v) for v in image[24, 20]) == WHITE, "the arms' white edges"
    assert tuple(int(v) for v in image[30, 8]) == (0, 0, 0), "the background's own colour"


@pytest.mark.parametrize(
    "rgb", [(0, 0, 0), (255, 255, 255), (255, 140, 0), (255, 0, 0), (255, 255, 0), (0, 160, 0)]
)
@pytest.mark.parametrize(("mark", "share"), [("variable", 0.15), ("changed", 0.10)])
def test_a_variable_field_and_a_repair_s_change_read_on_any_colour(
    qtbot: QtBot, rgb: RGB, mark: str, share: float
) -> None:
    """Black, white, orange, red, yellow and green cells: the variable mark (and a previewed
    repair's) changes a good share of the cell's pixels by a lot, where the orange (green) tint
    alone would all but vanish on orange (green)."""
    inks = Palette((Colour("paper", ".", (250, 250, 250)), Colour("ink", "a", rgb)))
    picture = np.array([[1]], dtype=np.uint8)
    puzzle = Nonogram.from_picture(picture)
    plain = drawn(Scene(puzzle, picture=picture, inks=inks), cell=40)
    marks = {mark: np.ones((1, 1), bool)}
    marked = drawn(Scene(puzzle, picture=picture, inks=inks, **marks), cell=40)  # type: ignore[arg-type]
    inside = (slice(4, 36), slice(4, 36))  # clear of the rules
    far = np.abs(marked[inside] - plain[inside]).max(axis=2) >= 100
    assert far.mean() >= share, f"{far.mean():.0%} of the cell changed visibly"


def clue_image(
    clues: list[tuple[int, ...]], colours: list[tuple[int, ...]], **options: object
) -> npt.NDArray[np.int64]:
    """One row's clue drawn left of a one-cell grid, 3 slots deep, cells of 40 px."""
    image = QImage(3 * 40, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    layout = Layout((1, 1), 40, 3 * 40, 0)
    draw_clues(
        painter,
        layout,
        clues,
        axis="row",
        depth=3,
        run_colours=colours,
        inks=INKS,
        **options,  # type: ignore[arg-type]
    )
    painter.end()
    return pixels(image)


def test_a_clue_number_sits_on_a_box_of_its_colour_in_black_or_white(qtbot: QtBot) -> None:
    """Runs 2 red, 1 green, 3 yellow: each slot's box in its colour (a corner of the box), the
    number in black on red and yellow, white on this dark green (WCAG's higher contrast)."""
    image = clue_image([(2, 1, 3)], [(1, 2, 3)])
    for slot, (rgb, text) in enumerate(((RED, 0), (GREEN, 255), (YELLOW, 0))):
        box = image[6:34, slot * 40 + 6 : slot * 40 + 34]
        assert tuple(int(v) for v in box[1, 1]) == rgb, slot
        near_text = np.abs(box - text).max(axis=2) < 60
        assert near_text.sum() >= 10, f"slot {slot}: its number in {text}"


def test_a_box_close_to_the_paper_is_outlined(qtbot: QtBot) -> None:
    image = clue_image([(1, 1)], [(3, 1)])  # yellow, then red nearest the grid
    yellow_edge = image[20, 40 + 3 : 40 + 6]  # the box's left edge, inset 3.2 px
    red_edge = image[20, 80 + 3 : 80 + 6]
    assert (yellow_edge.max(axis=1) < 120).any(), "a dark outline round yellow"
    assert not (red_edge.max(axis=1) < 120).any(), "none round red"


def test_a_conflict_line_outlines_its_boxes_and_a_highlight_lies_under_them(
    qtbot: QtBot,
) -> None:
    """The conflict is an alarm and tints the boxes too; the hover's highlight leaves each
    box its colour, which the designer reads off it."""
    plain = clue_image([(1,)], [(2,)])
    conflict = clue_image([(1,)], [(2,)], conflict_line=0)
    highlight = clue_image([(1,)], [(2,)], highlight_lines={0})
    edge = (20, 80 + 4)  # on the box's outline, inside its slot
    assert tuple(int(v) for v in plain[edge]) == GREEN
    red, green, _blue = conflict[edge]
    assert red > 150
    assert green < 100, "the conflict's red outline"
    assert tuple(int(v) for v in highlight[2, 2]) != WHITE, "the band is tinted"
    assert tuple(int(v) for v in highlight[20, 80 + 8]) == GREEN, "the box keeps its colour"


def colour_document(inks: Palette = INKS) -> Document:
    return Document(PUZZLE, PICTURE, palette=inks)


def test_the_extent_holds_the_colour_key_and_black_and_white_has_none(qtbot: QtBot) -> None:
    rows, cols = extent(PUZZLE, LOOK)
    assert key_rows(None, cols) == 0
    with_key = extent(PUZZLE, LOOK, inks=INKS)
    assert with_key[1] == cols
    assert with_key[0] == rows + key_rows(INKS, cols) >= rows + 2
    assert extent(PUZZLE, LOOK, surround=False, inks=INKS) == PUZZLE.shape


def test_many_inks_wrap_to_more_key_rows_that_the_drawing_stays_within(qtbot: QtBot) -> None:
    """Nine inks with long names under a narrow puzzle: the key wraps to several rows, every
    swatch is drawn, and nothing is drawn below the extent."""
    rgbs = [(200, 30 * i, 0) for i in range(9)]
    inks = Palette(
        (INKS.colours[0], *(Colour(f"colour {i}", str(i), rgb) for i, rgb in enumerate(rgbs)))
    )
    rows, cols = extent(PUZZLE, LOOK, inks=inks)
    assert key_rows(inks, cols) > 3
    image = QImage(cols * CELL, rows * CELL + 40, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    draw_puzzle(painter, QRectF(0, 0, cols * CELL, rows * CELL), PUZZLE, LOOK, inks=inks, cell=CELL)
    painter.end()
    drawing = pixels(image)
    grid_bottom = (rows - key_rows(inks, cols)) * CELL
    below = drawing[grid_bottom + int(KEY_GAP * CELL) :]
    for rgb in rgbs:
        assert (np.abs(below - rgb).max(axis=2) == 0).sum() >= 50, rgb
    assert (drawing[rows * CELL :] == 255).all(), "nothing below the extent"


def test_an_exported_png_has_the_colours_and_the_key_under_the_puzzle(
    qtbot: QtBot, tmp_path: Path
) -> None:
    target = tmp_path / "icon.png"
    export_image(colour_document(), target, LOOK, solution=PICTURE, view=View.BOTH, cell=CELL)
    image = np.asarray(Image.open(target).convert("RGB")).astype(np.int64)
    rows, cols = extent(PUZZLE, LOOK, inks=INKS)
    assert image.shape[0] == rows * CELL + CELL + 1  # half a cell of margin each side
    for rgb in (RED, GREEN, YELLOW):
        assert (np.abs(image - rgb).max(axis=2) == 0).sum() >= 4 * CELL * CELL, rgb
    key_band = image[(rows - key_rows(INKS, cols)) * CELL + CELL // 2 :]
    for rgb in (RED, GREEN, YELLOW):
        assert (np.abs(key_band - rgb).max(axis=2) == 0).any(), f"{rgb} in the key"


def test_a_colour_without_a_given_name_has_its_swatch_alone_in_the_key(qtbot: QtBot) -> None:
    """Hex names (an imported image's) tell a reader nothing: the key prints no text for them,
    and its entries are only as wide as their swatches; a given name is printed after its
    swatch."""
    hexed = Palette.of_rgb([WHITE, RED, GREEN, YELLOW])
    entries = key_entries(hexed, width=40)
    assert [(entry.name, entry.row) for entry in entries] == [("", 0)] * 3
    assert [entry.left for entry in entries] == [0.0, 1.8, 3.6]  # swatch and gap apart
    named = key_entries(INKS, width=40)
    assert [entry.name for entry in named] == ["red", "green", "yellow"]
    assert named[1].left > 1 + NAME_GAP + named[0].name_width

    def inked_columns(inks: Palette) -> npt.NDArray[np.intp]:
        """The pixel columns where the key (below its gap) is not paper."""
        rows, cols = extent(PUZZLE, LOOK, inks=inks)
        image = QImage(cols * CELL, rows * CELL, QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        area = QRectF(0, 0, cols * CELL, rows * CELL)
        draw_puzzle(painter, area, PUZZLE, LOOK, inks=inks, cell=CELL)
        painter.end()
        key = pixels(image)[int((rows - key_rows(inks, cols) + KEY_GAP) * CELL) + 1 :]
        return np.flatnonzero((key < 255).any(axis=(0, 2)))

    assert inked_columns(hexed).max() < (3.6 + 1) * CELL  # the three swatches, nothing after
    red_name = (1 + NAME_GAP) * CELL, (1 + NAME_GAP + named[0].name_width) * CELL
    assert ((inked_columns(INKS) > red_name[0]) & (inked_columns(INKS) < red_name[1])).sum() > 5


def test_a_thumbnail_is_in_colour_without_a_key(qtbot: QtBot) -> None:
    image = pixels(thumbnail(colour_document(), LOOK, 48, solution=PICTURE))
    assert (np.abs(image - RED).max(axis=2) == 0).any()
    assert (np.abs(image - GREEN).max(axis=2) == 0).any()
