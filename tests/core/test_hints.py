"""Hint steps: each applies one deduction; walking them from the givens reaches what the kind's
logic reaches, and for a logic-solvable puzzle its solution."""

from __future__ import annotations

import numpy as np

from studio.core import hints
from studio.core.grid import EMPTY, FILLED, UNKNOWN, grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze

HEART = grid_from_text([".#.#.", "#####", "#####", ".###.", "..#.."])


def test_walking_the_hints_of_a_logic_solvable_puzzle_solves_it() -> None:
    puzzle = document_of_picture("nonogram", HEART).puzzle
    steps = list(hints.walk(puzzle))
    assert steps
    assert steps[-1].solved
    assert np.array_equal(steps[-1].known == FILLED, HEART)
    assert hints.step(puzzle, steps[-1].known) is None, "nothing is left to decide"


def test_a_step_decides_exactly_its_cells_and_leaves_the_known_grid_alone() -> None:
    puzzle = document_of_picture("nonogram", HEART).puzzle
    known = hints.start(puzzle)
    before = known.copy()
    first = hints.step(puzzle, known)
    assert first is not None
    assert np.array_equal(known, before)
    changed = {(int(r), int(c)) for r, c in zip(*np.nonzero(first.known != known), strict=True)}
    assert changed == {(r, c) for r, c, _ in first.hint.cells}
    for r, c, filled in first.hint.cells:
        assert first.known[r, c] == (FILLED if filled else EMPTY)


def test_the_walk_stops_where_logic_does_on_a_puzzle_it_cannot_solve() -> None:
    # Two diagonals fit: line logic decides nothing.
    puzzle = Nonogram([(1,), (1,)], [(1,), (1,)])
    assert analyze(puzzle).status == Status.MULTIPLE
    assert list(hints.walk(puzzle)) == []
    assert (hints.start(puzzle) == UNKNOWN).all()
