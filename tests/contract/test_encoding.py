"""The kind's CNF (``encode``) with its lazy clauses (``lazy_clauses``) admits exactly the grids
``check`` passes: a grid the encoding admits and the lazy clauses do not cut is a solution, and
the lazy clauses cut the grid they are given and never a solution."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from studio.core.grid import Picture, unknown_grid
from studio.core.puzzle import Puzzle
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.sat.session import SolverSession
from tests.contract import (
    CONTRACT,
    data_of,
    each_kind,
    each_sample,
    every_grid,
    grids_near,
    sample,
)


@contextmanager
def encoded(puzzle: Puzzle) -> Iterator[tuple[SolverSession, LiteralGrid]]:
    """The puzzle's encoding from scratch (nothing known beyond its givens) in a solver."""
    cnf = CnfBuilder()
    cells = puzzle.encode(cnf, unknown_grid(*puzzle.shape))
    assert cells.shape[:2] == puzzle.shape
    assert cells.ndim == (2 if puzzle.colours == 1 else 3), "one-hot cells in colour"
    with SolverSession(cnf) as session:
        yield session, cells


def fixing(cells: LiteralGrid, grid: Picture) -> list[int]:
    """Assumptions that give every cell its value in ``grid``."""
    if cells.ndim == 2:
        return np.where(grid, cells, -cells).ravel().tolist()
    values = np.asarray(grid, dtype=np.intp)[:, :, None]
    return np.take_along_axis(cells, values, axis=2).ravel().tolist()


def assert_encoding_agrees_with_check(puzzle: Puzzle, grids: list[Picture]) -> None:
    with encoded(puzzle) as (session, cells):
        cuts: list[list[int]] = []
        for grid in grids:
            admitted = session.solve(fixing(cells, grid))
            lazy = puzzle.lazy_clauses(cells, grid) if admitted else []
            assert (admitted and not lazy) == (puzzle.check(grid) == []), grid.astype(int)
            cuts += lazy
            for clause in lazy:
                session.add_clause(clause)
            if lazy:
                assert not session.solve(fixing(cells, grid)), "the lazy clauses cut the grid"
        for grid in grids:
            if puzzle.check(grid) == []:
                assert session.solve(fixing(cells, grid)), "a lazy clause cut a solution"


@each_sample
def test_the_encoding_of_the_samples_admits_exactly_their_solutions(name: str, label: str) -> None:
    """Every grid of a sample small enough (up to 2**12 grids), else its solutions and the
    grids one cell away from them."""
    puzzle = sample(name, label)
    solutions = data_of(name).solutions(puzzle)
    height, width = puzzle.shape
    if (puzzle.colours + 1) ** (height * width) <= 2**12:
        grids = every_grid(puzzle)
    else:
        grids = [np.array(s) for s in solutions]
        for solution in solutions[:4]:
            for cell in np.ndindex(puzzle.shape):
                for value in range(1, puzzle.colours + 1):
                    grid = np.array(solution)
                    grid[cell] = (int(grid[cell]) + value) % (puzzle.colours + 1)
                    grids.append(grid)
    assert_encoding_agrees_with_check(puzzle, grids)


@each_kind
@CONTRACT
@given(st.data())
def test_the_encoding_admits_exactly_the_grids_check_passes(name: str, data: st.DataObject) -> None:
    kind_data = data_of(name)
    puzzle = data.draw(kind_data.puzzles)
    solutions = kind_data.solutions(puzzle)
    grids = [grids_near(data.draw, puzzle, solutions) for _ in range(6)]
    assert_encoding_agrees_with_check(puzzle, [*grids, *(np.array(s) for s in solutions[:3])])
