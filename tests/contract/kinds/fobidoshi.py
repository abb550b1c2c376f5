"""The Fobidoshi's contract data: tiny puzzles, a strategy, and the rules written out again: no
four circles in a row or column, every circle reaches every other through circled neighbours,
and the grid agrees with the given circles and crosses."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from hypothesis import strategies as st

from studio.core.errors import PuzzleError
from studio.core.grid import BoolGrid
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi
from studio.core.puzzle import Puzzle
from tests.contract.kinds import KindData, Row, runs, search_rows

GIVEN = {"o": True, "x": False}


def _groups(rows: Sequence[Row]) -> list[set[tuple[int, int]]]:
    """The circles of ``rows`` in groups of orthogonal neighbours."""
    circles = {(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell}
    groups = []
    while circles:
        todo = [circles.pop()]
        group = set(todo)
        while todo:
            r, c = todo.pop()
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell in circles:
                    circles.remove(cell)
                    group.add(cell)
                    todo.append(cell)
        groups.append(group)
    return groups


def solutions(puzzle: Puzzle) -> tuple[BoolGrid, ...]:
    """Every grid that keeps the rules and the givens."""
    assert isinstance(puzzle, Fobidoshi)
    givens = puzzle.rows()

    def keeps(rows: Sequence[Row], complete: bool) -> bool:
        last = len(rows) - 1
        if any(
            GIVEN.get(char, cell) != cell
            for char, cell in zip(givens[last], rows[last], strict=True)
        ):
            return False
        lines = [*rows, *zip(*rows, strict=True)]
        if any(length >= 4 for line in lines for length in runs(line)):
            return False
        groups = _groups(rows)
        if complete:
            return len(groups) <= 1
        # A group with no circle in the last row has stopped growing: no other may exist.
        return len(groups) <= 1 or all(any(r == last for r, _ in group) for group in groups)

    return search_rows(puzzle.shape, keeps)


@st.composite
def puzzles(draw: st.DrawFn) -> Fobidoshi:
    """4×4 (the smallest), with a random share of the cells given as in a random grid: often
    a grid that keeps the rules (a solution, often the one), sometimes not (none)."""
    shape = (4, 4)
    target = np.array(draw(st.lists(st.booleans(), min_size=16, max_size=16))).reshape(shape)
    shown = np.array(draw(st.lists(st.booleans(), min_size=16, max_size=16))).reshape(shape)
    codes = np.where(shown, np.where(target, 1, 2), 0)
    puzzle = Fobidoshi(codes)
    try:
        puzzle.validate()
    except PuzzleError:
        # Four given circles in a row: keep the givens but those circles.
        puzzle = Fobidoshi(np.where(codes == 1, 0, codes))
    return puzzle


SAMPLES: dict[str, Puzzle] = {
    "a ring around a cross": Fobidoshi.from_rows(["ooox", "oxox", "ooox", "xxxx"]),
    "blank": Fobidoshi.blank((4, 4)),
    "two circles walled apart": Fobidoshi.from_rows(["oxx-", "-xx-", "-xxo", "-xx-"]),
    "a cut forces a circle": Fobidoshi.from_rows(["o---", "-xxx", "----", "---o"]),
    "three in a row": Fobidoshi.from_rows(["ooo-", "x--x", "x-xx", "xxxx"]),
    "a wide one, unique": Fobidoshi.from_rows(["ox---", "-xxxx", "----x", "----o"]),
    "a tall one, four groups walled apart": Fobidoshi.from_rows(
        ["o-x-", "xx-x", "o-x-", "-x-x", "o-x-"]
    ),
}

DATA = KindData(
    name="fobidoshi",
    samples=SAMPLES,
    puzzles=puzzles(),
    brute_force=solutions,
    generated_shapes=((4, 5), (5, 5)),
)
