"""The kind's ``check`` and the data's brute force, written apart from each other, agree: each
grid passes ``check`` exactly when the brute force lists it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.contract import CONTRACT, contains, data_of, each_kind, each_sample, grids_near, sample


@each_sample
def test_every_brute_force_solution_passes_check(name: str, label: str) -> None:
    puzzle = sample(name, label)
    solutions = data_of(name).solutions(puzzle)
    assert len({solution.tobytes() for solution in solutions}) == len(solutions)
    for solution in solutions:
        assert solution.shape == puzzle.shape
        assert puzzle.check(solution) == []


@each_kind
@CONTRACT
@given(st.data())
def test_check_passes_exactly_the_brute_force_solutions(name: str, data: st.DataObject) -> None:
    kind_data = data_of(name)
    puzzle = data.draw(kind_data.puzzles)
    solutions = kind_data.solutions(puzzle)
    for _ in range(4):
        grid = grids_near(data.draw, puzzle, solutions)
        violations = puzzle.check(grid)
        assert (violations == []) == contains(solutions, grid)
        for violation in violations:
            assert violation.message
            assert all(
                0 <= r < puzzle.shape[0] and 0 <= c < puzzle.shape[1] for r, c in violation.cells
            )
