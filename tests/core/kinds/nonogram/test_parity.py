"""Parity counts (:mod:`studio.core.kinds.nonogram.parity`): each run's share of the odd cells,
the counting argument of Wolter's n-Dom in the encoding, and the solutions left as they were."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.grid import unknown_grid
from studio.core.kinds.nonogram import puzzle as nonogram_puzzle
from studio.core.kinds.nonogram.parity import odd_share
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import count_solutions
from studio.core.sat.cnf import CnfBuilder
from tests.contract.kinds.nonogram import solutions


def dom(n: int) -> Nonogram:
    """Wolter's n-Dom (as ``benchmarks/hard_end.py`` builds it): unique, no line logic applies,
    and before the parity counts Glucose's proof of it grew about 1.45× with every n."""
    rows = [(3,), (1,), *[(3, 1), (1,)] * (n - 1), (1,)]
    cols = [(1,), (1,), *[(1, 3), (1,)] * (n - 1), (3,)]
    return Nonogram(rows, cols)


def bits(*cells: int) -> int:
    return sum(1 << cell for cell in cells)


@pytest.mark.parametrize(
    ("runs", "share"),
    [
        ([(3, bits(0, 2))], (1, 1)),  # starts on even cells only: its middle cell
        ([(3, bits(1))], (2, 2)),
        ([(3, bits(0, 1, 2))], (1, 2)),
        ([(2, bits(0, 1, 2, 3))], (1, 1)),  # an even run covers one odd cell wherever it is
        ([(3, bits(0)), (1, bits(4, 5))], (1, 2)),
        ([], (0, 0)),
    ],
)
def test_a_line_covers_between_its_runs_fewest_and_most_odd_cells(
    runs: list[tuple[int, int]], share: tuple[int, int]
) -> None:
    assert odd_share(runs, 6) == share


def test_the_encoding_of_n_dom_counts_its_odd_columns() -> None:
    """The odd columns of 6-Dom hold 6 filled cells, and each of the six rows with a run of 3
    puts at least one there: the encoding itself says that the other rows put none, which
    Glucose could only find by search (pigeonhole reasoning)."""
    puzzle = dom(6)
    cnf = CnfBuilder()
    cells = puzzle.encode(cnf, unknown_grid(*puzzle.shape))
    units = {clause[0] for clause in cnf.clauses if len(clause) == 1}
    for row in (r for r, clue in enumerate(puzzle.rows) if clue == (1,)):
        assert {-int(cell) for cell in cells[row, 1::2]} <= units, row


@pytest.mark.parametrize("colours", [1, 2])
def test_solutions_are_those_of_the_brute_force(
    colours: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small random pictures, where the lines are few and the counts often narrow them: the
    solutions counted (up to 20) are the brute force's."""
    rng = np.random.default_rng(15)
    narrowed = 0
    for _ in range(30):
        height, width = (int(side) for side in rng.integers(2, 5, 2))
        filled = rng.random((height, width)) < rng.uniform(0.2, 0.8)
        picture = filled if colours == 1 else filled * rng.integers(1, 3, (height, width))
        puzzle = Nonogram.from_picture(picture)
        with_counts = CnfBuilder()
        puzzle.encode(with_counts, unknown_grid(height, width))
        with monkeypatch.context() as patch:
            patch.setattr(nonogram_puzzle, "encode_parity_counts", lambda *args: None)
            without = CnfBuilder()
            puzzle.encode(without, unknown_grid(height, width))
        narrowed += with_counts.clause_count > without.clause_count
        expected = min(len(solutions(puzzle)), 20)
        assert count_solutions(puzzle, 20, logic_first=False) == expected, picture
    assert narrowed >= 10
