"""The rules of a grid: never thinner than the layout's hairline (a pixel on screen, 0.25 pt on
paper), the print palette's thin rules dark enough for a home printer."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.render.grid import DEFAULT_PALETTE, Layout, draw_rules

SIDE = 10  # cells each way, so that the rule every 5 cells is thick


def rules_image(cell: float, hairline: float) -> np.ndarray:
    """A 10 × 10 grid's rules drawn from (2, 2): grey levels, one row per pixel row."""
    size = int(SIDE * cell) + 5
    image = QImage(size, size, QImage.Format.Format_Grayscale8)
    image.fill(QColor("white"))
    painter = QPainter(image)
    draw_rules(painter, Layout((SIDE, SIDE), cell, 2, 2, hairline=hairline))
    painter.end()
    return np.array(
        [[image.pixelColor(x, y).lightness() for x in range(size)] for y in range(size)]
    )


def widths_across(line: np.ndarray) -> list[int]:
    """The widths, in pixels, of the runs darker than white along a line."""
    runs, run = [], 0
    for value in [*line.tolist(), 255]:
        if value < 250:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    return runs


def test_thin_rules_are_a_hairline_wide_at_least(qtbot: QtBot) -> None:
    cell = 20.0  # a thin rule would be 20 / 25 = 0.8 px
    middle_of_a_row = int(2 + cell / 2)
    screen = widths_across(rules_image(cell, 1.0)[middle_of_a_row])
    paper = widths_across(rules_image(cell, 3.0)[middle_of_a_row])
    assert len(screen) == len(paper) == SIDE + 1
    thin = [i for i in range(SIDE + 1) if i % 5]
    assert all(screen[i] <= 2 for i in thin)
    assert all(paper[i] >= 3 for i in thin), paper


def test_a_thumbnail_keeps_only_its_thick_rules(qtbot: QtBot) -> None:
    # Cells under six hairlines (here 5 px with 1 px hairlines) show only border and fives.
    image = rules_image(5.0, 1.0)
    assert len(widths_across(image[4])) == 3
    # With a finer hairline, the same cells are no thumbnail: every rule is drawn.
    assert len(widths_across(rules_image(5.0, 0.5)[4])) == SIDE + 1


def test_the_print_palette_keeps_thin_rules_at_least_60_percent_black() -> None:
    for name in ("minor_rule", "major_rule", "ink", "clue_text"):
        color = QColor(getattr(DEFAULT_PALETTE, name))
        assert max(color.red(), color.green(), color.blue()) <= 0.4 * 255, name
