"""The kind's logic is sound: ``givens_grid``, ``deduce`` and ``hint`` decide only what every
solution agrees on; walking hint after hint decides what ``deduce`` does, so it reaches the
solution of a puzzle logic solves; ``rate`` scores a unique puzzle 1 to 5."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from studio.core.grid import UNKNOWN, PartialGrid, Picture, picture_of
from studio.core.puzzle import Puzzle
from tests.contract import CONTRACT, data_of, each_kind, each_sample, sample
from tests.contract.kinds import KindData


def assert_agrees(known: PartialGrid, solutions: tuple[Picture, ...], what: str) -> None:
    """Every cell ``known`` decides has that value in every solution."""
    assert known.dtype == np.int8, what
    decided = known != UNKNOWN
    for solution in solutions:
        assert np.array_equal(known[decided], solution[decided].astype(np.int8)), what


def assert_deduce_is_sound(kind_data: KindData, puzzle: Puzzle) -> None:
    solutions = kind_data.solutions(puzzle)
    givens = puzzle.givens_grid()
    assert givens.shape == puzzle.shape
    assert ((givens >= UNKNOWN) & (givens <= puzzle.colours)).all()
    assert_agrees(givens, solutions, "the givens")
    deduction = puzzle.deduce()
    if deduction.contradiction is not None:
        assert solutions == (), "logic found a contradiction in a puzzle with a solution"
        assert deduction.contradiction.message
        assert not deduction.complete
        return
    assert_agrees(deduction.grid, solutions, "the deduction")
    decided = givens != UNKNOWN
    assert np.array_equal(deduction.grid[decided], givens[decided]), "logic starts from the givens"
    if deduction.complete:
        assert len(solutions) == 1


def assert_hints_walk_to_the_deduction(kind_data: KindData, puzzle: Puzzle) -> None:
    solutions = kind_data.solutions(puzzle)
    if not solutions:
        return
    known = puzzle.givens_grid()
    for _ in range(puzzle.shape[0] * puzzle.shape[1] + 1):
        hint = puzzle.hint(known)
        if hint is None:
            break
        assert hint.reason
        assert hint.cells, "a hint decides something"
        for r, c, value in hint.cells:
            assert known[r, c] == UNKNOWN, f"{hint.reason}: ({r}, {c}) was known"
            assert all(int(s[r, c]) == value for s in solutions), f"{hint.reason}: ({r}, {c})"
            known[r, c] = value
    else:
        raise AssertionError("hints went on after every cell was decided")
    deduction = puzzle.deduce()
    assert np.array_equal(known, deduction.grid), "hints decide what deduce does"
    if deduction.complete:
        assert np.array_equal(picture_of(known, puzzle.colours), solutions[0])


@each_sample
def test_deduce_on_the_samples_is_sound(name: str, label: str) -> None:
    assert_deduce_is_sound(data_of(name), sample(name, label))


@each_kind
@CONTRACT
@given(st.data())
def test_deduce_is_sound(name: str, data: st.DataObject) -> None:
    kind_data = data_of(name)
    assert_deduce_is_sound(kind_data, data.draw(kind_data.puzzles))


@each_sample
def test_hints_on_the_samples_are_sound_and_walk_to_the_deduction(name: str, label: str) -> None:
    assert_hints_walk_to_the_deduction(data_of(name), sample(name, label))


@each_kind
@CONTRACT
@given(st.data())
def test_hints_are_sound_and_walk_to_the_deduction(name: str, data: st.DataObject) -> None:
    kind_data = data_of(name)
    assert_hints_walk_to_the_deduction(kind_data, data.draw(kind_data.puzzles))


@each_kind
def test_some_sample_is_solved_by_logic_and_some_is_not(name: str) -> None:
    """Guards the tests above: hints walk to a solution, and stop short of one, on some
    sample of every kind."""
    kind_data = data_of(name)
    unique = [p for p in kind_data.samples.values() if len(kind_data.solutions(p)) == 1]
    assert {p.deduce().complete for p in unique} == {True, False}
