"""Hypothesis strategies for small pictures, shared by the tests that brute-force them."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import strategies as st

#: The dihedral maps of a square grid, by the names :mod:`studio.core.symmetry` gives them.
NUMPY_MAPS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "rotate 180°": lambda g: np.rot90(g, 2),
    "mirror left-right": np.fliplr,
    "mirror top-bottom": np.flipud,
    "rotate 90°": lambda g: np.rot90(g, 1),
    "rotate 270°": lambda g: np.rot90(g, 3),
    "transpose": lambda g: g.T,
    "anti-transpose": lambda g: np.rot90(g, 2).T,
}


@st.composite
def symmetric_pictures(draw: st.DrawFn, max_side: int = 5) -> np.ndarray:
    """Square pictures up to ``max_side``, made symmetric under a random map (or left as
    drawn), with an empty row below them sometimes (a border line the symmetry leaves out)."""
    side = draw(st.integers(1, max_side))
    cells = draw(st.lists(st.booleans(), min_size=side * side, max_size=side * side))
    picture = np.array(cells).reshape(side, side)
    name = draw(st.sampled_from([None, *NUMPY_MAPS]))
    if name is not None:
        picture = picture | NUMPY_MAPS[name](picture)
    if draw(st.booleans()):
        picture = np.vstack([picture, np.zeros((1, side), dtype=bool)])
    return picture
