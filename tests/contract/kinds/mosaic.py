"""The mosaic's contract data: tiny puzzles, a strategy, and the rule written out again: each
clue counts the filled cells of its 3×3 neighbourhood, itself included, clipped at the edges."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from studio.core.grid import BoolGrid, grid_from_text
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.puzzle import Puzzle
from tests.contract.kinds import KindData, Row, search_rows

NO_CLUE = -1


def _around(r: int, c: int, shape: tuple[int, int]) -> list[tuple[int, int]]:
    height, width = shape
    return [
        (rr, cc)
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if 0 <= rr < height and 0 <= cc < width
    ]


def solutions(puzzle: Puzzle) -> tuple[BoolGrid, ...]:
    """Every grid in which each clue counts the filled cells around it."""
    assert isinstance(puzzle, Mosaic)
    clues = [
        (clue, _around(r, c, puzzle.shape))
        for r, row in enumerate(puzzle.clues)
        for c, clue in enumerate(row)
        if clue != NO_CLUE
    ]

    def keeps(rows: Sequence[Row], complete: bool) -> bool:
        for clue, cells in clues:
            filled = sum(1 for r, c in cells if r < len(rows) and rows[r][c])
            open_cells = sum(1 for r, _ in cells if r >= len(rows))
            if not filled <= clue <= filled + open_cells:
                return False
        return True

    return search_rows(puzzle.shape, keeps)


_shapes = st.tuples(st.integers(1, 4), st.integers(1, 4))


@st.composite
def _drawn(draw: st.DrawFn) -> Mosaic:
    """A random picture showing the clues of random cells."""
    shape = draw(_shapes)
    return Mosaic.from_picture(draw(arrays(np.bool_, shape)), draw(arrays(np.bool_, shape)))


@st.composite
def _random(draw: st.DrawFn) -> Mosaic:
    """Random clues, each at most its neighbourhood: often no solution at all."""
    height, width = draw(_shapes)
    return Mosaic(
        [
            [
                draw(st.one_of(st.none(), st.integers(0, len(_around(r, c, (height, width))))))
                for c in range(width)
            ]
            for r in range(height)
        ]
    )


def _mosaic(*rows: str) -> Mosaic:
    """A mosaic from rows of digits and ``.`` (no clue)."""
    return Mosaic([[NO_CLUE if char == "." else int(char) for char in row] for row in rows])


SAMPLES: dict[str, Puzzle] = {
    "one cell, no clue": _mosaic("."),
    "one clue at a time": _mosaic("...4", "0.4.", "....", "2.3."),
    "clue pairs": _mosaic("1.3.", "..4.", "113.", "..3."),
    "beyond pairs": _mosaic("...0", "3.4.", ".4.2", "3.3."),
    "every clue of a corner cell": Mosaic.from_picture(grid_from_text(["#.", ".."])),
    "a corner no clue reaches": _mosaic("0..", "...", "..."),
    "a hidden clue that would not help": _mosaic(".1"),
    "full and empty at once": _mosaic("4.", ".0"),
    "a one-row contradiction": _mosaic("2.0"),
}

DATA = KindData(
    name="mosaic",
    samples=SAMPLES,
    puzzles=st.one_of(_drawn(), _random()),
    brute_force=solutions,
    generated_shapes=((4, 3), (5, 5)),
)
