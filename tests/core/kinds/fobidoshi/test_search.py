"""The Fobidoshi's probing and the thesis's backtracking search against brute force (the
contract data's, :func:`tests.contract.kinds.fobidoshi.solutions`), on 4×4 puzzles and 5×5 ones
with few open cells. Analysis, counting, ``deduce`` and hints against the same brute force are
the contract suite's (tests/contract)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from studio.core.grid import EMPTY, FILLED
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.rules import probe
from studio.core.kinds.fobidoshi.search import LOGIC, PLAIN, Improvements, backtrack
from tests.contract.kinds.fobidoshi import solutions

Grids = npt.NDArray[np.bool_]


def solutions_of(puzzle: Fobidoshi) -> Grids:
    return np.array(solutions(puzzle), dtype=bool).reshape(-1, *puzzle.shape)


def keeps(grid: Grids) -> bool:
    """True when ``grid`` keeps the rules: the one solution of itself given whole."""
    return len(solutions(Fobidoshi(np.where(grid, CIRCLE, CROSS)))) == 1


def _random_puzzles(size: int, count: int, seed: int) -> list[Fobidoshi]:
    """Valid puzzles with 40 % to 90 % of the cells given as in a random grid: mostly grids
    that keep the rules (so the puzzle has a solution, often one), some that do not (often
    none)."""
    rng = np.random.default_rng(seed)
    puzzles = []
    while len(puzzles) < count:
        keeps_rules = rng.random() < 0.75
        target = rng.random((size, size)) < 0.65
        while keeps(target) != keeps_rules:
            target = rng.random((size, size)) < 0.65
        shown = rng.random((size, size)) < rng.uniform(0.4, 0.9)
        puzzle = Fobidoshi(np.where(shown, np.where(target, CIRCLE, CROSS), BLANK))
        if size * size - int(shown.sum()) > 16:
            continue
        try:
            puzzle.validate()
        except ValueError:
            continue
        puzzles.append(puzzle)
    return puzzles


SMALL = 50
PUZZLES = _random_puzzles(4, SMALL, 1) + _random_puzzles(5, 30, 2)


def _variable(solutions: Grids) -> npt.NDArray[np.bool_]:
    return solutions.any(axis=0) & ~solutions.all(axis=0)


def test_the_sample_covers_every_status() -> None:
    counts = [len(solutions_of(p)) for p in PUZZLES]
    assert 0 in counts
    assert 1 in counts
    assert max(counts) > 1


@pytest.mark.parametrize("index", range(len(PUZZLES)))
def test_probing_is_sound(index: int) -> None:
    """Probing never decides a cell against a solution; a contradiction means there is none."""
    puzzle = PUZZLES[index]
    found = solutions_of(puzzle)
    deduction = puzzle.deduce()
    if deduction.contradiction is not None:
        return
    probed = probe(deduction.grid)
    if probed.contradiction is not None:
        assert len(found) == 0
        return
    for solution in found:
        assert (probed.grid[solution] != EMPTY).all()
        assert (probed.grid[~solution] != FILLED).all()


@pytest.mark.parametrize(
    "improvements",
    [PLAIN, Improvements(good_moves=False), Improvements(barriers=False), Improvements(), LOGIC],
    ids=["plain", "barriers", "good-moves", "all", "logic"],
)
def test_backtracking_counts_every_solution(improvements: Improvements) -> None:
    """The thesis's search with each set of improvements finds exactly the solutions (the
    plain search only on the 4×4 puzzles: it is slow)."""
    for puzzle in PUZZLES if improvements != PLAIN else PUZZLES[:SMALL]:
        solutions = solutions_of(puzzle)
        found = backtrack(puzzle.givens_grid(), limit=10**6, improvements=improvements)
        assert found.exhausted
        assert sorted(s.tobytes() for s in found.solutions) == sorted(
            s.tobytes() for s in solutions
        )


def test_backtracking_stops_at_the_limit() -> None:
    many = Fobidoshi.blank((4, 4))
    found = backtrack(many.givens_grid(), limit=2)
    assert len(found.solutions) == 2
    assert not found.exhausted
    assert backtrack(many.givens_grid(), limit=10**6, max_calls=5).calls == 6


def test_known_cells_start_the_search() -> None:
    """A start grid with a cell already decided (not a given) is searched from there."""
    puzzle = next(p for p in PUZZLES if len(_variable(solutions_of(p)).nonzero()[0]))
    solutions = solutions_of(puzzle)
    cell = tuple(np.argwhere(_variable(solutions))[0])
    start = puzzle.givens_grid()
    start[cell] = FILLED
    found = backtrack(start, limit=10**6)
    expected = sorted(s.tobytes() for s in solutions if s[cell])
    assert sorted(s.tobytes() for s in found.solutions) == expected
