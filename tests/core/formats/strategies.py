"""Hypothesis strategies the format tests share: pictures, and nonograms with givens."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from studio.core.grid import BoolGrid
from studio.core.kinds.nonogram.puzzle import Nonogram


@st.composite
def pictures(draw: st.DrawFn, max_side: int = 6) -> BoolGrid:
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side))
    cells = draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    return np.array(cells, dtype=bool).reshape(height, width)


@st.composite
def given_cells(draw: st.DrawFn, shape: tuple[int, int]) -> list[tuple[int, int]]:
    """A random set of cells of a grid of ``shape``, often none."""
    height, width = shape
    cells = [(r, c) for r in range(height) for c in range(width)]
    return draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells)))


@st.composite
def nonograms_with_givens(draw: st.DrawFn, max_side: int = 8) -> Nonogram:
    """The nonogram of a random picture, with random cells of the picture given."""
    picture = draw(pictures(max_side))
    return Nonogram.from_picture(picture, draw(given_cells(picture.shape)))
