"""The shared grid drawing: which cells a layout narrowed to a repaint's rectangle draws (a
partial repaint on screen), and that a whole layout (an image, a page) draws every cell."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF

from studio.render.grid import Layout

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
