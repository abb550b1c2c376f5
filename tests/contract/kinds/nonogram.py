"""The nonogram's contract data: tiny puzzles, a strategy, and the rules written out again:
every row and every column spells its clue, and the grid agrees with the givens."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from hypothesis import strategies as st

from studio.core.grid import BoolGrid, grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.puzzle import Puzzle
from tests.contract.kinds import KindData, Row, runs, search_rows


def _may_still_spell(column: Sequence[bool], clue: tuple[int, ...]) -> bool:
    """Whether the top of a column can still grow into one that spells ``clue``."""
    found = runs(column)
    if column and column[-1] and found:
        done, growing = found[:-1], found[-1]  # the last run may still grow
        return clue[: len(done)] == done and len(clue) > len(done) and growing <= clue[len(done)]
    return clue[: len(found)] == found


def solutions(puzzle: Puzzle) -> tuple[BoolGrid, ...]:
    """Every grid whose rows and columns spell their clues and that agrees with the givens."""
    assert isinstance(puzzle, Nonogram)
    given = {(r, c): filled for r, c, filled in puzzle.givens}
    width = len(puzzle.cols)

    def keeps(rows: Sequence[Row], complete: bool) -> bool:
        r = len(rows) - 1
        row = rows[r]
        if runs(row) != puzzle.rows[r]:
            return False
        if any(given.get((r, c), row[c]) != row[c] for c in range(width)):
            return False
        for c, clue in enumerate(puzzle.cols):
            column = [line[c] for line in rows]
            if (runs(column) != clue) if complete else not _may_still_spell(column, clue):
                return False
        return True

    return search_rows(puzzle.shape, keeps)


def _clue(draw: st.DrawFn, length: int) -> tuple[int, ...]:
    found = draw(st.lists(st.integers(1, length), max_size=(length + 1) // 2))
    return tuple(found) if sum(found) + len(found) - 1 <= length else ()


@st.composite
def puzzles(draw: st.DrawFn, max_side: int = 4) -> Nonogram:
    """Up to ``max_side`` square: mostly the clues of a random picture, sometimes random clues
    (often without a solution); a few givens, some against the picture (no solution then)."""
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    cells = draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    picture = np.array(cells, dtype=bool).reshape(height, width)
    rows = [runs(row) for row in picture.tolist()]
    cols = [runs(col) for col in picture.T.tolist()]
    if not draw(st.integers(0, 3)):
        random_rows = [_clue(draw, width) for _ in range(height)]
        random_cols = [_clue(draw, height) for _ in range(width)]
        # Equal totals are a validation rule: keep random clues that meet it.
        if sum(map(sum, random_rows)) == sum(map(sum, random_cols)):
            rows, cols = random_rows, random_cols
    cell = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    shown = draw(st.lists(cell, unique=True, max_size=3))
    flipped = draw(st.lists(st.booleans(), min_size=len(shown), max_size=len(shown)))
    givens = [
        (r, c, bool(picture[r, c]) != flip) for (r, c), flip in zip(shown, flipped, strict=True)
    ]
    return Nonogram(rows, cols, givens)


def _drawn(*rows: str, given_cells: Sequence[tuple[int, int]] = ()) -> Nonogram:
    return Nonogram.from_picture(grid_from_text(list(rows)), given_cells)


SAMPLES: dict[str, Puzzle] = {
    "one cell, empty": Nonogram([()], [()]),
    "line-solvable": _drawn("##.", "#..", "###"),
    "unique, not line-solvable": _drawn(".#.#", ".#.#", "#.#.", "..#."),
    "two diagonals": _drawn("#.", ".#"),
    "a diagonal given": _drawn("#.", ".#", given_cells=[(0, 0)]),
    "two switches": _drawn("#..#", ".##.", ".##.", "#..#"),
    "clues that cannot meet": Nonogram([(), (1, 1)], [(), (), (2,)]),
    "a given against the clue": Nonogram([(1,)], [(1,)], [(0, 0, False)]),
}

DATA = KindData(
    name="nonogram",
    samples=SAMPLES,
    puzzles=puzzles(),
    brute_force=solutions,
    generated_shapes=((3, 4), (5, 5)),
    partial_repairs=("thesis",),  # van Oers §5.3.2 applies its moves while they help
)
