"""The shared grid drawing: the rules never thinner than the layout's hairline (a pixel on
screen, 0.25 pt on paper), the print palette's thin rules dark enough for a home printer; which
cells a layout narrowed to a repaint's rectangle draws (a partial repaint on screen), and that a
whole layout (an image, a page) draws every cell."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.render.grid import DEFAULT_PALETTE, Layout, draw_grid, draw_rules

SIDE = 10  # cells each way, so that the rule every 5 cells is thick


def rules_image(
    cell: float, hairline: float, thin: float | None = None, thick: float | None = None
) -> np.ndarray:
    """A 10 × 10 grid's rules drawn from (5, 5), with rule widths ``thin`` and ``thick`` if
    set: grey levels, one row per pixel row."""
    size = int(SIDE * cell) + 10
    image = QImage(size, size, QImage.Format.Format_Grayscale8)
    image.fill(QColor("white"))
    painter = QPainter(image)
    layout = Layout((SIDE, SIDE), cell, 5, 5, hairline=hairline, thin_rule=thin, thick_rule=thick)
    draw_rules(painter, layout)
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
    middle_of_a_row = int(5 + cell / 2)
    screen = widths_across(rules_image(cell, 1.0)[middle_of_a_row])
    paper = widths_across(rules_image(cell, 3.0)[middle_of_a_row])
    assert len(screen) == len(paper) == SIDE + 1
    thin = [i for i in range(SIDE + 1) if i % 5]
    assert all(screen[i] <= 2 for i in thin)
    assert all(paper[i] >= 3 for i in thin), paper


def test_rule_widths_set_by_the_layout_replace_those_that_follow_the_cell(qtbot: QtBot) -> None:
    """A book's rule widths (its thin and thick rules in points, here in pixels) are drawn as
    set, whatever the cell; a thick rule left to follow the cell is never thinner than the
    thin rules set."""
    cell = 20.0  # following the cell: thin 0.8 px (a hairline, 1 px), thick 2 px
    middle_of_a_row = int(5 + cell / 2)
    set_both = widths_across(rules_image(cell, 1.0, thin=3.0, thick=7.0)[middle_of_a_row])
    assert len(set_both) == SIDE + 1
    assert [width for i, width in enumerate(set_both) if i % 5] == pytest.approx([3] * 8, abs=1)
    assert [set_both[0], set_both[5], set_both[10]] == pytest.approx([7] * 3, abs=1)
    thin_only = widths_across(rules_image(cell, 1.0, thin=5.0)[middle_of_a_row])
    assert [thin_only[0], thin_only[5]] == pytest.approx([5, 5], abs=1)


def test_a_thumbnail_keeps_only_its_thick_rules(qtbot: QtBot) -> None:
    # Cells under six hairlines (here 5 px with 1 px hairlines) show only border and fives.
    image = rules_image(5.0, 1.0)
    assert len(widths_across(image[7])) == 3
    # With a finer hairline, the same cells are no thumbnail: every rule is drawn.
    assert len(widths_across(rules_image(5.0, 0.5)[7])) == SIDE + 1


def test_the_print_palette_keeps_thin_rules_at_least_60_percent_black() -> None:
    for name in ("minor_rule", "major_rule", "ink", "clue_text"):
        color = QColor(getattr(DEFAULT_PALETTE, name))
        assert max(color.red(), color.green(), color.blue()) <= 0.4 * 255, name


LAYOUT = Layout((6, 8), 10.0, left=5.0, top=5.0)


def drawn(clip: QRectF | None, mask: np.ndarray) -> list[tuple[int, int]]:
    layout = LAYOUT if clip is None else LAYOUT.within(clip)
    return list(layout.cells(mask))


def test_without_a_clip_every_cell_of_the_mask_is_drawn() -> None:
    mask = np.random.default_rng(1).random((6, 8)) < 0.5
    assert drawn(None, mask) == [(int(r), int(c)) for r, c in np.argwhere(mask)]


def test_a_clip_draws_the_cells_it_touches_even_in_part() -> None:
    everything = np.ones((6, 8), dtype=bool)
    # x from 22 to 41: columns 1 (15–25), 2 and 3 (35–45); y from 5 to 14.9: row 0 only.
    cells = drawn(QRectF(22, 5, 19, 9.9), everything)
    assert cells == [(0, 1), (0, 2), (0, 3)]
    sparse = np.zeros((6, 8), dtype=bool)
    sparse[0, 2] = sparse[4, 4] = True
    assert drawn(QRectF(22, 5, 19, 9.9), sparse) == [(0, 2)]


def test_a_clip_outside_the_grid_draws_nothing() -> None:
    assert drawn(QRectF(90, 70, 10, 10), np.ones((6, 8), dtype=bool)) == []
    assert drawn(QRectF(0, 0, 4, 4), np.ones((6, 8), dtype=bool)) == []


def test_a_filled_given_is_drawn_filled_in_black_and_white(qtbot: QtBot) -> None:
    """A printed puzzle has no picture: a filled given framed on white read as an empty or
    unknown cell. Filled, it is ink inside its frame; an empty given stays white, crossed."""
    cell = 80
    image = QImage(2 * cell, cell, QImage.Format.Format_Grayscale8)
    image.fill(QColor("white"))
    painter = QPainter(image)
    draw_grid(painter, Layout((1, 2), cell), givens=[(0, 0, 1), (0, 1, 0)])
    painter.end()
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(cell, -1)
    # Inside each frame, between the arms a cross would have: (28, 40) in the cell.
    assert pixels[28, 40] < 64, "the filled given: ink"
    assert pixels[28, cell + 40] > 192, "the empty given: paper"
