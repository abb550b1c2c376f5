"""Tests of the nonogram's repairs, and what they share: the brute force of the contract data
(:func:`tests.contract.kinds.nonogram.solutions`), an ambiguous picture, random designs."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from studio.core.grid import grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.puzzle import Cell
from tests.contract.kinds.nonogram import solutions

__all__ = ["AMBIGUOUS", "designs", "solutions", "variable_count"]


def variable_count(puzzle: Nonogram) -> int:
    """Cells that differ between the brute-force solutions of ``puzzle``."""
    stack = np.array(solutions(puzzle))
    return int((stack.any(axis=0) & ~stack.all(axis=0)).sum())


# Two independent switches (rows 1-2 × columns 4-5, rows 4-5 × columns 3 and 5), each with
# two ways to place its filled cells: four solutions, eight variable fields.
AMBIGUOUS = grid_from_text(["#..#.", "#...#", ".....", "#..##", "#.##."])


@st.composite
def designs(draw: st.DrawFn, max_side: int = 6) -> tuple[np.ndarray, list[Cell]]:
    """An ambiguous random picture from 2×3 to ``max_side`` square (the first ambiguous one
    drawn from a seeded generator), and up to two cells the design gives."""
    height, width = draw(st.integers(2, max_side)), draw(st.integers(3, max_side))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.4, 0.5, 0.6]))
    picture = rng.random((height, width)) < density
    while len(solutions(Nonogram.from_picture(picture))) == 1:
        picture = rng.random((height, width)) < density
    cell = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    return picture, draw(st.lists(cell, max_size=2, unique=True))
