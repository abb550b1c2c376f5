"""Raw nonogram pictures: random density (van Oers 2024, §5.1.1) and smoothed noise (Tatham).

Raw pictures are not yet puzzles: they may be ambiguous and may have empty lines. The nonogram
generator (:mod:`studio.core.kinds.nonogram.generate`) fills empty lines (:func:`fill_empty_lines`)
and repairs the picture to a unique puzzle.
"""

from __future__ import annotations

import numpy as np

from studio.core.grid import BoolGrid, window_sum


def density_picture(shape: tuple[int, int], density: float, rng: np.random.Generator) -> BoolGrid:
    """Every cell filled independently with probability ``density`` (thesis §5.1.1: a uniform
    number in [0, 1) per cell, filled when below the density).

    Returns:
        bool grid of shape ``shape`` = ``(height, width)``.
    """
    picture: BoolGrid = rng.random(shape) < density
    return picture


def smoothed_picture(shape: tuple[int, int], density: float, rng: np.random.Generator) -> BoolGrid:
    """A blobby, picture-like grid: uniform noise averaged over each cell's 3×3 neighbourhood,
    the highest averages filled.

    Source: Simon Tatham's Portable Puzzle Collection, ``pattern.c``, ``generate()``: one round
    of averaging over the neighbours inside the grid (fewer at edges and corners), and no
    averaging across a dimension of 2 (else a 2×2 grid would hold four equal values). Tatham
    fills the upper half of the sorted averages, choosing at random between just under and just
    over half for an odd cell count; for another density the number filled is ``density × cells``
    rounded the same way (up with probability equal to the fraction), so it is exact on average.
    The thesis (ch. 8) suggests the same idea: a cell's colour depending on its neighbours'.

    Returns:
        bool grid of shape ``shape`` = ``(height, width)``.
    """
    height, width = shape
    noise = rng.random(shape)
    reach = (0 if height == 2 else 1, 0 if width == 2 else 1)
    smooth = window_sum(noise, reach) / window_sum(np.ones(shape), reach)
    cells = height * width
    wanted = density * cells
    filled = int(wanted) + int(rng.random() < wanted - int(wanted))
    picture = np.zeros(cells, dtype=bool)
    picture[np.argsort(smooth, axis=None, kind="stable")[cells - filled :]] = True
    return picture.reshape(shape)


def fill_empty_lines(picture: BoolGrid, rng: np.random.Generator) -> BoolGrid:
    """A copy of ``picture`` with one random cell filled in each empty row, then one in each
    column still empty (filling a column's cell cannot empty a row, so no line stays empty).

    Returns:
        bool grid of the same shape; ``picture`` itself when it has no empty line.
    """
    rows = np.flatnonzero(~picture.any(axis=1))
    cols = np.flatnonzero(~picture.any(axis=0))
    if rows.size == 0 and cols.size == 0:
        return picture
    filled = picture.copy()
    height, width = picture.shape
    filled[rows, rng.integers(0, width, size=rows.size)] = True
    cols = np.flatnonzero(~filled.any(axis=0))
    filled[rng.integers(0, height, size=cols.size), cols] = True
    return filled
