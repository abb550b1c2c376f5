"""The nonogram's contract data: tiny puzzles, a strategy, and the rules written out again:
every row and every column spells its clue, and the grid agrees with the givens. Black and
white and colour alike: a clue is its runs, each a length and a colour (1 in black and white),
and the brute force tries every value of every cell."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from hypothesis import strategies as st

from studio.core.grid import Picture, grid_from_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.puzzle import Puzzle
from tests.contract.kinds import KindData, Row, runs, search_rows

Runs = tuple[tuple[int, int], ...]


def colour_runs(cells: Sequence[int]) -> Runs:
    """The runs of ``cells`` (0 the background): ``(length, value)`` per stretch of equal
    non-zero values, in order."""
    found: list[tuple[int, int]] = []
    previous = 0
    for cell in cells:
        value = int(cell)
        if value and value == previous:
            found[-1] = (found[-1][0] + 1, value)
        elif value:
            found.append((1, value))
        previous = value
    return tuple(found)


def _may_still_spell(column: Sequence[int], clue: Runs) -> bool:
    """Whether the top of a column can still grow into one that spells ``clue``."""
    found = colour_runs(column)
    if column and column[-1] and found:
        done, (growing, colour) = found[:-1], found[-1]  # the last run may still grow
        return (
            clue[: len(done)] == done
            and len(clue) > len(done)
            and clue[len(done)][1] == colour
            and growing <= clue[len(done)][0]
        )
    return clue[: len(found)] == found


def solutions(puzzle: Puzzle) -> tuple[Picture, ...]:
    """Every grid whose rows and columns spell their clues and that agrees with the givens."""
    assert isinstance(puzzle, Nonogram)
    given = {(r, c): int(value) for r, c, value in puzzle.givens}
    width = len(puzzle.cols)
    rows = [
        tuple(zip(clue, colours, strict=True))
        for clue, colours in zip(puzzle.rows, puzzle.row_colours, strict=True)
    ]
    cols = [
        tuple(zip(clue, colours, strict=True))
        for clue, colours in zip(puzzle.cols, puzzle.col_colours, strict=True)
    ]

    def keeps(grown: Sequence[Row], complete: bool) -> bool:
        r = len(grown) - 1
        row = grown[r]
        if colour_runs(row) != rows[r]:
            return False
        if any(given.get((r, c), int(row[c])) != int(row[c]) for c in range(width)):
            return False
        for c, clue in enumerate(cols):
            column = [int(line[c]) for line in grown]
            if (colour_runs(column) != clue) if complete else not _may_still_spell(column, clue):
                return False
        return True

    return search_rows(puzzle.shape, keeps, puzzle.colours)


def _clue(draw: st.DrawFn, length: int) -> tuple[int, ...]:
    found = draw(st.lists(st.integers(1, length), max_size=(length + 1) // 2))
    return tuple(found) if sum(found) + len(found) - 1 <= length else ()


@st.composite
def colour_puzzles(draw: st.DrawFn, max_side: int = 3) -> Nonogram:
    """Up to ``max_side`` square in 2 or 3 colours: the clues of a random picture, sometimes
    with a random clue line (often without a solution); a given or two, some against the
    picture."""
    colours = draw(st.integers(2, 3))
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    cells = draw(
        st.lists(st.integers(0, colours), min_size=height * width, max_size=height * width)
    )
    picture = np.array(cells, dtype=np.uint8).reshape(height, width)
    rows = [colour_runs(row) for row in picture.tolist()]
    cols = [colour_runs(col) for col in picture.T.tolist()]
    if not draw(st.integers(0, 3)):
        # Swap the colours of one row's runs: the totals stay, the clues may no longer meet.
        r = draw(st.integers(0, height - 1))
        rows[r] = tuple((length, colours + 1 - colour) for length, colour in rows[r])
        cols = [tuple((n, c) for n, c in col) for col in cols]
        totals = [
            sum(n for clue in lines for n, c in clue if c == colour)
            for lines in (rows, cols)
            for colour in range(1, colours + 1)
        ]
        if totals[:colours] != totals[colours:]:
            rows = [colour_runs(row) for row in picture.tolist()]
    cell = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    shown = draw(st.lists(cell, unique=True, max_size=2))
    values = draw(st.lists(st.integers(0, colours), min_size=len(shown), max_size=len(shown)))
    keep = draw(st.booleans())
    givens = [
        (r, c, int(picture[r, c]) if keep else value)
        for (r, c), value in zip(shown, values, strict=True)
    ]
    return Nonogram.of_runs(rows, cols, colours, givens)


@st.composite
def puzzles(draw: st.DrawFn, max_side: int = 4) -> Nonogram:
    """Up to ``max_side`` square: mostly the clues of a random picture, sometimes random clues
    (often without a solution); a few givens, some against the picture (no solution then); one
    time in four a colour nonogram (:func:`colour_puzzles`)."""
    if not draw(st.integers(0, 3)):
        return draw(colour_puzzles())
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


def _coloured(*rows: str, colours: int, given_cells: Sequence[tuple[int, int]] = ()) -> Nonogram:
    """The nonogram of rows of digits, 0 the background."""
    picture = np.array([[int(char) for char in row] for row in rows], dtype=np.uint8)
    return Nonogram.from_picture(picture, given_cells, colours)


SAMPLES: dict[str, Puzzle] = {
    "one cell, empty": Nonogram([()], [()]),
    "line-solvable": _drawn("##.", "#..", "###"),
    "unique, not line-solvable": _drawn(".#.#", ".#.#", "#.#.", "..#."),
    "two diagonals": _drawn("#.", ".#"),
    "a diagonal given": _drawn("#.", ".#", given_cells=[(0, 0)]),
    "two switches": _drawn("#..#", ".##.", ".##.", "#..#"),
    "clues that cannot meet": Nonogram([(), (1, 1)], [(), (), (2,)]),
    "a given against the clue": Nonogram([(1,)], [(1,)], [(0, 0, False)]),
    "colours touching": _coloured("12", "21", colours=2),
    "colour, line-solvable": _coloured("112", "302", "333", colours=3),
    "colour, two switches": _coloured("12", "21", "00", colours=2, given_cells=()).with_picture(
        np.array([[1, 1], [2, 2], [0, 0]], dtype=np.uint8)
    ),
    "colour, switched": _coloured("10", "01", "22", colours=2),
    "colour, a given": _coloured("10", "01", "22", colours=2, given_cells=[(0, 0)]),
    "colours that cannot meet": Nonogram.of_runs([[(1, 1), (1, 2)]], [[(1, 2)], [(1, 1)]], 2),
}

DATA = KindData(
    name="nonogram",
    samples=SAMPLES,
    puzzles=puzzles(),
    brute_force=solutions,
    generated_shapes=((3, 4), (5, 5)),
    partial_repairs=("thesis",),  # van Oers §5.3.2 applies its moves while they help
    # The thesis's repair and encodings, and the naive encoding, are black and white.
    refused=lambda puzzle, method: method in ("thesis", "naive") and puzzle.colours > 1,
)
