"""The pruned brute force these tests rely on agrees with the plain one of tests/core/brute.py."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.core.kinds.nonogram.brute import all_solutions
from tests.core.kinds.nonogram.repair import solutions


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_pruned_brute_force_agrees_with_plain(height: int, width: int, data: st.DataObject) -> None:
    cells = data.draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    picture = np.array(cells, dtype=bool).reshape(height, width)
    shown = data.draw(
        st.lists(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), unique=True)
    )
    # Givens with any value, so that some puzzles have no solution at all.
    flipped = data.draw(st.lists(st.booleans(), min_size=len(shown), max_size=len(shown)))
    puzzle = Nonogram.from_picture(picture)
    puzzle = Nonogram(
        puzzle.rows,
        puzzle.cols,
        [(r, c, bool(picture[r, c]) != flip) for (r, c), flip in zip(shown, flipped, strict=True)],
    )
    plain = [
        grid
        for grid in all_solutions(puzzle.rows, puzzle.cols)
        if all(grid[r, c] == filled for r, c, filled in puzzle.givens)
    ]
    pruned = solutions(puzzle)
    assert sorted(g.tobytes() for g in pruned) == sorted(g.tobytes() for g in plain)
