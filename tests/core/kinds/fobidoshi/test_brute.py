"""Fobidoshi analysis, counting, the logic solver and the backtracking search against brute
force: every grid of a 4×4, and every completion of a 5×5 with few open cells, checked by the
rules written out here again (numpy windows and a flood fill), independently of the kind."""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
import pytest

from studio.core.grid import EMPTY, FILLED
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.rules import probe
from studio.core.kinds.fobidoshi.search import LOGIC, PLAIN, Improvements, backtrack
from studio.core.sat.analysis import Status, analyze, count_solutions, solve

Grids = npt.NDArray[np.bool_]


def rules_hold(grids: Grids) -> npt.NDArray[np.bool_]:
    """For a stack ``(n, height, width)`` of grids: no four circles in a row or column, and
    the circles (if any) orthogonally connected."""
    n, height, width = grids.shape
    ok = np.ones(n, dtype=bool)
    for c in range(width - 3):
        ok &= ~grids[:, :, c : c + 4].all(axis=2).any(axis=1)
    for r in range(height - 3):
        ok &= ~grids[:, r : r + 4, :].all(axis=1).any(axis=1)
    flat = grids.reshape(n, -1)
    reached = np.zeros_like(grids)
    first = flat.argmax(axis=1)
    reached.reshape(n, -1)[np.arange(n), first] = flat[np.arange(n), first]
    for _ in range(height * width):
        grown = reached.copy()
        grown[:, 1:] |= reached[:, :-1]
        grown[:, :-1] |= reached[:, 1:]
        grown[:, :, 1:] |= reached[:, :, :-1]
        grown[:, :, :-1] |= reached[:, :, 1:]
        grown &= grids
        if (grown == reached).all():
            break
        reached = grown
    return ok & (reached == grids).all(axis=(1, 2))


def all_solutions(givens: npt.NDArray[np.int8]) -> Grids:
    """Every solution of the givens, by trying every value of the blank cells."""
    blank = givens == BLANK
    count = int(blank.sum())
    assert count <= 18, "too many open cells for brute force"
    bits = (np.arange(2**count)[:, None] >> np.arange(count)) & 1
    grids = np.broadcast_to(givens == CIRCLE, (2**count, *givens.shape)).copy()
    grids[:, blank] = bits.astype(bool)
    return grids[rules_hold(grids)]


@functools.cache
def solutions_of(puzzle: Fobidoshi) -> Grids:
    return all_solutions(puzzle.givens)


def test_brute_force_rules_themselves() -> None:
    """The independent rules: two groups and four in a row are out; a loop is in."""
    apart = np.zeros((1, 4, 4), dtype=bool)
    apart[0, 0, 0] = apart[0, 3, 3] = True
    four = np.zeros((1, 4, 4), dtype=bool)
    four[0, 1, :] = True
    loop = np.ones((1, 3, 3), dtype=bool)
    loop[0, 1, 1] = False
    assert rules_hold(np.concatenate([apart, four])).tolist() == [False, False]
    assert rules_hold(loop).tolist() == [True]


def _random_puzzles(size: int, count: int, seed: int) -> list[Fobidoshi]:
    """Valid puzzles with 40 % to 90 % of the cells given as in a random grid: mostly grids
    that keep the rules (so the puzzle has a solution, often one), some that do not (often
    none)."""
    rng = np.random.default_rng(seed)
    puzzles = []
    while len(puzzles) < count:
        keeps_rules = rng.random() < 0.75
        target = rng.random((size, size)) < 0.65
        while rules_hold(target[None])[0] != keeps_rules:
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


@pytest.mark.parametrize("logic_first", [True, False])
@pytest.mark.parametrize("index", range(len(PUZZLES)))
def test_analysis_matches_brute_force(index: int, logic_first: bool) -> None:
    puzzle = PUZZLES[index]
    solutions = solutions_of(puzzle)
    analysis = analyze(puzzle, logic_first=logic_first)
    expected = {0: Status.NONE, 1: Status.UNIQUE}.get(len(solutions), Status.MULTIPLE)
    assert analysis.status == expected
    if len(solutions):
        assert analysis.solution is not None
        assert any((analysis.solution == s).all() for s in solutions)
        assert puzzle.check(analysis.solution) == []
        assert (analysis.variable == _variable(solutions)).all()
    cap = 6
    assert count_solutions(puzzle, cap, logic_first=logic_first) == min(len(solutions), cap)
    assert (solve(puzzle, logic_first=logic_first) is None) == (len(solutions) == 0)


@pytest.mark.parametrize("index", range(len(PUZZLES)))
def test_logic_is_sound(index: int) -> None:
    """The rules and probing never decide a cell against a solution; a contradiction means
    there is none."""
    puzzle = PUZZLES[index]
    solutions = solutions_of(puzzle)
    deduction = puzzle.deduce()
    probed = probe(deduction.grid) if deduction.contradiction is None else deduction
    for found in (deduction, probed):
        if found.contradiction is not None:
            assert len(solutions) == 0
            continue
        for solution in solutions:
            assert (found.grid[solution] != EMPTY).all()
            assert (found.grid[~solution] != FILLED).all()
    hint = puzzle.hint(puzzle.givens_grid())
    if hint is not None and len(solutions):
        for r, c, circled in hint.cells:
            assert puzzle.givens[r, c] == BLANK
            assert all(bool(s[r, c]) == circled for s in solutions)


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
