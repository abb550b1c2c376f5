"""Tests of studio.core.repair, and the brute-force truth they share."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import strategies as st

from studio.core.grid import grid_from_text, run_lengths
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.puzzle import Cell


def _fits(column: tuple[bool, ...], clue: tuple[int, ...], complete: bool) -> bool:
    """Whether the top of a column (complete: the whole column) can still spell ``clue``."""
    runs = run_lengths(column)
    if complete:
        return runs == clue
    if column and column[-1] and runs:
        # The last run may still grow.
        done, growing = runs[:-1], runs[-1]
        return clue[: len(done)] == done and len(clue) > len(done) and growing <= clue[len(done)]
    return clue[: len(runs)] == runs


def solutions(puzzle: Nonogram) -> list[np.ndarray]:
    """Every solution of ``puzzle``, givens included, by brute force (grids up to about 6×6).

    Rows are enumerated among all bit patterns that spell their clue and agree with the row's
    givens, depth first, dropping a partial grid as soon as a column cannot spell its clue; no
    line logic and no SAT involved.
    """
    height, width = puzzle.shape
    givens = puzzle.givens_grid()
    everything = list(itertools.product((False, True), repeat=width))
    rows = [
        [
            bits
            for bits in everything
            if run_lengths(bits) == clue
            and all(givens[r, c] < 0 or bits[c] == bool(givens[r, c]) for c in range(width))
        ]
        for r, clue in enumerate(puzzle.rows)
    ]
    found: list[np.ndarray] = []

    def extend(prefix: list[tuple[bool, ...]]) -> None:
        depth = len(prefix)
        if depth == height:
            found.append(np.array(prefix, dtype=bool).reshape(height, width))
            return
        for bits in rows[depth]:
            grid = [*prefix, bits]
            complete = depth + 1 == height
            if all(
                _fits(tuple(row[c] for row in grid), puzzle.cols[c], complete) for c in range(width)
            ):
                extend(grid)

    extend([])
    return found


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
