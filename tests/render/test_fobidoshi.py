"""Drawing a Fobidoshi: pixels of known cells (a circled cell is dark in its centre, an empty one
light; givens darker than a solution's circles; tints in the corners a disc leaves free)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.cli import main
from studio.core.grid import EMPTY, FILLED, UNKNOWN, grid_from_text
from studio.core.kinds.fobidoshi.formats import janko
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi
from studio.render.export import draw_puzzle, export_image, thumbnail
from studio.render.fobidoshi import LOOK, circled_cells, given_conflicts
from studio.render.grid import Layout
from studio.render.scene import Scene, draw_scene
from tests.conftest import shared_params, shared_record

CELL = 30
PUZZLE = Fobidoshi.from_rows(["o---", "-x--", "--o-", "x---"])


def render(scene: Scene) -> QImage:
    """``scene`` drawn with CELL-pixel cells from the image's corner."""
    height, width = scene.puzzle.shape
    image = QImage(width * CELL + 1, height * CELL + 1, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    draw_scene(painter, Layout(scene.puzzle.shape, CELL), scene, LOOK)
    painter.end()
    return image


def lightness(image: QImage, row: int, col: int, dx: float = 0.5, dy: float = 0.5) -> int:
    """Lightness (0 black … 255 white) of a point of a cell, ``dx``/``dy`` across it."""
    return image.pixelColor(int((col + dx) * CELL), int((row + dy) * CELL)).lightness()


def corner(image: QImage, row: int, col: int) -> QColor:
    """A point near a cell's top-left corner, off the rules and outside any disc."""
    return image.pixelColor(col * CELL + 5, row * CELL + 5)


def test_a_printed_answer_shows_every_circle_in_ink_and_no_crosses(qtbot: QtBot) -> None:
    """The solutions at the back of a book: given or found, a circle is a circle."""
    solution = grid_from_text(["#...", "#...", "###.", "...."])
    image = render(Scene(PUZZLE, picture=solution, clues=False))
    shown = render(Scene(PUZZLE, picture=solution))
    for (row, col), circled in np.ndenumerate(solution):
        assert (lightness(image, row, col) < 40) == bool(circled), (row, col)
    # The solution view draws a found circle lighter than a given one; an answer, all in ink.
    assert lightness(shown, 1, 0) > lightness(image, 1, 0) + 40
    # The given crosses at (1, 1) and (3, 0) are gone: nothing on their arms.
    for row, col in ((1, 1), (3, 0)):
        assert lightness(shown, row, col, 0.3, 0.3) < 128
        assert lightness(image, row, col, 0.3, 0.3) > 240


def test_puzzle_view_draws_given_circles_and_crosses_only(qtbot: QtBot) -> None:
    image = render(Scene(PUZZLE))
    for (row, col), code in np.ndenumerate(PUZZLE.givens):
        centre = lightness(image, row, col)
        if code == 0:
            assert centre > 240, f"blank cell {(row, col)} is light"
        else:
            assert centre < 80, f"given {(row, col)} is dark in its centre"
    # A cross is two diagonals: the middle of its top edge stays light, a circle's does not.
    assert lightness(image, 1, 1, 0.5, 0.3) > 200
    assert lightness(image, 0, 0, 0.5, 0.3) < 80


def test_solution_view_circles_the_solution_lighter_than_the_givens(qtbot: QtBot) -> None:
    solution = grid_from_text(["##..", "#.##", "###.", ".#.."])
    image = render(Scene(PUZZLE, picture=solution))
    given = lightness(image, 0, 0)
    solved = lightness(image, 0, 1)
    assert given < solved < 160, "a solution's circle is dark, a given darker still"
    for (row, col), circled in np.ndenumerate(solution):
        if PUZZLE.givens[row, col] == 0:
            assert (lightness(image, row, col) < 160) == bool(circled), (row, col)


def test_the_solver_solution_is_drawn_when_there_is_no_picture(qtbot: QtBot) -> None:
    solution = grid_from_text(["#...", "....", "....", "...."])
    image = render(Scene(PUZZLE, solution=grid_from_text(["##..", "....", "....", "...."])))
    assert lightness(image, 0, 1) < 160
    # The picture, when there is one, wins over the solver's solution.
    image = render(Scene(PUZZLE, picture=solution, solution=~solution))
    assert lightness(image, 0, 1) > 240


def test_hint_marks_circle_and_dot_what_is_known(qtbot: QtBot) -> None:
    marks = PUZZLE.givens_grid()
    marks[0, 1] = FILLED
    marks[0, 2] = EMPTY
    assert marks[3, 3] == UNKNOWN
    image = render(Scene(PUZZLE, marks=marks))
    assert lightness(image, 0, 1) < 160, "a known circle is drawn"
    assert lightness(image, 0, 2) < 128, "a known cross is dotted in its centre"
    assert lightness(image, 0, 2, 0.5, 0.25) > 240, "a dot, not a disc"
    assert lightness(image, 3, 3) > 240


def test_four_given_circles_in_a_row_are_tinted_as_a_conflict(qtbot: QtBot) -> None:
    puzzle = Fobidoshi.from_rows(["oooo-", "-----", "o----", "o----", "o----"])
    assert given_conflicts(puzzle)[0].tolist() == [True, True, True, True, False]
    assert not given_conflicts(puzzle)[1:].any(), "three in a column are allowed"
    image = render(Scene(puzzle))
    tinted, plain = corner(image, 0, 2), corner(image, 2, 0)
    assert tinted.red() > tinted.blue() + 30, "the run's cells are tinted red"
    assert (plain.red(), plain.green(), plain.blue()) == (255, 255, 255)


def test_overlays_tint_the_corners_of_their_cells(qtbot: QtBot) -> None:
    mask = np.zeros(PUZZLE.shape, dtype=bool)
    mask[2, 2] = True
    tints = set()
    for name in ("variable", "conflict", "changed", "highlight"):
        image = render(Scene(PUZZLE, **{name: mask}))
        tint, plain = corner(image, 2, 2), corner(image, 2, 3)
        assert (plain.red(), plain.green(), plain.blue()) == (255, 255, 255)
        assert tint != plain, f"{name} tints its cell"
        assert lightness(image, 2, 2) < 80, f"the given circle stays on top of the {name} tint"
        tints.add((tint.red(), tint.green(), tint.blue()))
    assert len(tints) == 4, "each overlay has its own colour"
    variable = render(Scene(PUZZLE, variable=mask))
    orange = corner(variable, 2, 2)
    assert orange.red() > orange.blue() + 50, "variable fields are tinted orange"


def test_no_thick_rule_every_five_cells(qtbot: QtBot) -> None:
    image = render(Scene(Fobidoshi.blank((7, 7))))
    between_5_and_6 = image.pixelColor(5 * CELL, int(0.5 * CELL)).lightness()
    border = image.pixelColor(0, int(0.5 * CELL)).lightness()
    assert between_5_and_6 > 60, "a thin rule (grey) between columns 5 and 6, not a thick one"
    assert border < 30, "a thick (black) border"


def test_circled_cells_leave_out_the_givens() -> None:
    everything = np.ones(PUZZLE.shape, dtype=bool)
    circled = circled_cells(Scene(PUZZLE, picture=everything))
    assert circled.tolist() == (PUZZLE.givens == 0).tolist()


@pytest.mark.parametrize(
    "record",
    shared_params("fobidoshi", keep=lambda r: r["size"][0] <= 8)[:3],
    ids=lambda record: record["id"],
)
def test_shared_solutions_render_cell_for_cell(qtbot: QtBot, record: dict[str, Any]) -> None:
    """A Janko puzzle's solution view: exactly the solution's cells are dark, looked at a
    little above their centre (where a given cross, drawn on the diagonals, leaves paper)."""
    puzzle = Fobidoshi.from_rows(record["givens"])
    solution = np.array([[c == "o" for c in row] for row in record["solution"]])
    image = QImage(400, 400, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    grid = draw_puzzle(painter, QRectF(0, 0, 400, 400), puzzle, LOOK, solution=solution)
    painter.end()
    cell = grid.width() / puzzle.shape[1]
    for (row, col), circled in np.ndenumerate(solution):
        x, y = int(grid.left() + (col + 0.5) * cell), int(grid.top() + (row + 0.3) * cell)
        assert (image.pixelColor(x, y).lightness() < 160) == bool(circled), (row, col)


def test_export_and_thumbnail_of_a_janko_file(qtbot: QtBot, tmp_path: Path) -> None:
    document = janko.read("4\no---\n-x--\n--o-\nx---\noo--\no-oo\nooo-\n-o--\n")
    assert document.picture is not None
    target = tmp_path / "solution.png"
    export_image(document, target, LOOK, solution=document.picture, cell=20)
    image = QImage(str(target))
    # One cell of margin, then the grid: the solution's (0, 1) is circled, (1, 1) a cross.
    assert image.pixelColor(10 + 30, 10 + 10).lightness() < 160
    assert image.pixelColor(10 + 30, 10 + 20 + 4).lightness() > 200
    small = thumbnail(document, LOOK, 48, solution=document.picture)
    assert (small.width(), small.height()) == (48, 48)
    darkest = min(small.pixelColor(x, y).lightness() for x in range(48) for y in range(48))
    assert darkest < 80


def test_studio_export_solves_a_janko_file_and_draws_its_solution(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``studio export --solution`` on a Janko text holding only the givens: the solver's
    solution, cell for cell (the shared record's), at ``--cell`` pixels a cell."""
    record = shared_record("fobidoshi", "janko-fobidoshi-002")
    source = tmp_path / "002.txt"
    source.write_text("\n".join([str(record["size"][0]), *record["givens"]]) + "\n")
    target = tmp_path / "002.png"
    assert main(["export", str(source), "-o", str(target), "--solution", "--cell", "20"]) == 0
    capsys.readouterr()
    image = QImage(str(target))
    for row, line in enumerate(record["solution"]):
        for col, char in enumerate(line):
            # Half a cell of margin, then the grid; a little above the centre (see above).
            x, y = int(10 + (col + 0.5) * 20), int(10 + (row + 0.3) * 20)
            assert (image.pixelColor(x, y).lightness() < 160) == (char == "o"), (row, col)
