"""The three nonogram encodings (fast, thesis Ch. 4, naive Ch. 3): known solutions, each line's
models, clause counts from the thesis's rules, and the naive encoding's placement limit. Their
agreement with brute force is the contract suite's (tests/contract/test_analysis.py: every
encoding a kind declares)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from studio.core.errors import StudioError
from studio.core.grid import grid_from_text, grid_to_text, run_lengths, unknown_grid
from studio.core.kinds.nonogram import cnf as nonogram_cnf
from studio.core.kinds.nonogram import naive_cnf as nonogram_naive
from studio.core.kinds.nonogram import thesis_cnf as nonogram_thesis
from studio.core.kinds.nonogram.encodings import ENCODINGS, with_encoding
from studio.core.kinds.nonogram.linesolve import analyse_runs
from studio.core.kinds.nonogram.naive_cnf import EncodingTooLarge, placement_count, placements
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze, solve
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import SolverSession
from tests.conftest import shared_params

NAMES = sorted(ENCODINGS)


TATHAM_SMALL = shared_params(
    "nonogram", keep=lambda r: r["id"].startswith(("tatham:5x5-", "tatham:10x10-"))
)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("record", TATHAM_SMALL, ids=lambda r: r["id"])
def test_tatham_puzzles_give_their_solution(name: str, record: dict) -> None:
    puzzle = Nonogram(record["rows"], record["cols"])
    analysis = analyze(with_encoding(puzzle, name), logic_first=False)
    assert analysis.status == Status.UNIQUE
    assert analysis.solution is not None
    assert grid_to_text(analysis.solution) == record["solution"]


def test_fast_encoding_of_impossible_givens_has_no_solution() -> None:
    """A 1×1 puzzle with an empty clue and the cell given filled has no solution; without the
    line solver in front, the order encoding should say so rather than raise."""
    puzzle = Nonogram([()], [()], [(0, 0, True)])
    assert analyze(with_encoding(puzzle, "fast"), logic_first=False).status == Status.NONE


def test_givens_are_honoured() -> None:
    """The 2×2 diagonal has two solutions; one given picks the one it agrees with."""
    picture = grid_from_text(["#.", ".#"])
    for name in NAMES:
        puzzle = Nonogram.from_picture(picture, given_cells=[(1, 1)])
        found = solve(with_encoding(puzzle, name), logic_first=False)
        assert found is not None
        assert np.array_equal(found, picture), name
        flipped = Nonogram(puzzle.rows, puzzle.cols, [(1, 1, False)])
        found = solve(with_encoding(flipped, name), logic_first=False)
        assert found is not None
        assert np.array_equal(found, ~picture), name


def test_placements_follow_the_thesis_example() -> None:
    """Example 3.2.1: clue 6 3 2 in 15 cells, two free empty cells over four gaps, ten
    placements from {1,1} = [0,0,1,1,1] (both before the first run) to {4,4} = [1,1,1,0,0]."""
    found = list(placements((6, 3, 2), 15))
    assert len(found) == 10
    assert found[0] == [2, 9, 13]
    assert found[-1] == [0, 7, 11]


@pytest.mark.parametrize("length", range(1, 9))
def test_placements_are_every_line_that_spells_the_clue(length: int) -> None:
    by_clue: dict[tuple[int, ...], set[tuple[bool, ...]]] = {}
    for bits in itertools.product((False, True), repeat=length):
        by_clue.setdefault(run_lengths(bits), set()).add(bits)
    for clue, lines in by_clue.items():
        spelled = set()
        for starts in placements(clue, length):
            line = [False] * length
            for start, size in zip(starts, clue, strict=True):
                line[start : start + size] = [True] * size
            spelled.add(tuple(line))
        assert spelled == lines, clue
        assert placement_count(clue, length) == len(lines), clue


LINE_ENCODERS: dict[str, Callable[[CnfBuilder, Sequence[int], list[int]], None]] = {
    "fast": lambda cnf, clue, cells: fast_line(cnf, clue, cells),
    "thesis": nonogram_thesis.encode_line,
    "naive": nonogram_naive.encode_line,
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("length", range(1, 9))
def test_line_encoding_admits_exactly_the_lines_spelling_its_clue(name: str, length: int) -> None:
    """Every clue that fits ``length`` cells (and some that do not): the models of one line's
    encoding, read on its cells, are exactly the lines whose runs are the clue."""
    by_clue: dict[tuple[int, ...], set[tuple[bool, ...]]] = {
        (length + 1,): set(),
        (length, 1): set(),
    }
    for bits in itertools.product((False, True), repeat=length):
        by_clue.setdefault(run_lengths(bits), set()).add(bits)
    for clue, lines in by_clue.items():
        cnf = CnfBuilder()
        cells = cnf.new_vars(length).tolist()
        LINE_ENCODERS[name](cnf, clue, cells)
        found = set()
        with SolverSession(cnf) as session:
            while session.solve():
                model = session.model()
                line = tuple(model[cell - 1] > 0 for cell in cells)
                found.add(line)
                session.add_clause(
                    [-cell if on else cell for cell, on in zip(cells, line, strict=True)]
                )
        assert found == lines, clue


# --- clause counts -------------------------------------------------------------------------------


def line_size(
    encode_line: Callable[[CnfBuilder, Sequence[int], list[int]], None], clue: Sequence[int], n: int
) -> tuple[int, int]:
    """(variables, clauses) that one line of ``n`` open cells adds."""
    cnf = CnfBuilder()
    cells = cnf.new_vars(n).tolist()
    before_vars, before_clauses = cnf.num_vars, cnf.clause_count
    encode_line(cnf, clue, cells)
    return cnf.num_vars - before_vars, cnf.clause_count - before_clauses


def fast_line(cnf: CnfBuilder, clue: Sequence[int], cells: list[int]) -> None:
    """The order encoding of one open line, over the run ranges the line solver gives (a clue
    that does not fit has none: the line then has no model)."""
    runs = tuple((n, 1) for n in clue)
    open_line = (1 << len(cells)) - 1
    analysis = analyse_runs(runs, len(cells), (open_line, open_line))
    if analysis is None:
        cnf.add([])
        return
    nonogram_cnf.encode_line(cnf, runs, [-cell for cell in cells], {1: cells}, analysis.starts)


def thesis_clauses(clue: Sequence[int], n: int) -> int:
    """The clauses of rules 1–11 (thesis §4.4) for one line, counted rule by rule from the
    ranges of the thesis's formulas (rule 5's symmetric pairs once)."""
    k = len(clue)
    total = 0
    for s in clue:
        total += n  # rule 1: every field
        total += n  # rule 2: every field
        total += 1 + (s - 1)  # rule 3: the disjunction, and a unit for each field it cannot fit
        total += sum(min(s - 1, n - 1 - f) for f in range(n))  # rule 4: the next s - 1 fields
        total += n * (n - 1) // 2  # rule 5: pairs of fields
        total += n - 1  # rule 6: fields 2..n
        total += n - s  # rule 7: fields 1..n-s
        total += n * (n - 1) // 2  # rule 8: f' < f
        total += sum(max(0, n - f - s) for f in range(n))  # rule 9: f' >= f + s
    total += n  # rule 10: one per field
    total += max(k - 1, 0) * n * (n + 1) // 2  # rule 11: f' <= f, every block but the last
    return total


@pytest.mark.parametrize(
    ("clue", "n"), [((2, 3, 4), 20), ((1,), 1), ((5,), 9), ((1, 1, 1, 1), 12), ((), 6)]
)
def test_thesis_clause_count_is_that_of_its_rules(clue: tuple[int, ...], n: int) -> None:
    variables, clauses = line_size(nonogram_thesis.encode_line, clue, n)
    assert variables == 2 * len(clue) * n
    assert clauses == thesis_clauses(clue, n)


@pytest.mark.parametrize(("clue", "n"), [((2, 3, 4), 12), ((1,), 1), ((1, 1, 1), 9), ((), 6)])
def test_naive_clause_count_is_one_conjunction_per_placement(clue: tuple[int, ...], n: int) -> None:
    """Tseytin with one name per placement: n + 1 clauses each, one disjunction per line."""
    count = sum(1 for bits in itertools.product((0, 1), repeat=n) if run_lengths(bits) == clue)
    variables, clauses = line_size(nonogram_naive.encode_line, clue, n)
    assert variables == count
    assert clauses == count * (n + 1) + 1


def test_clauses_grow_as_the_thesis_says() -> None:
    """Doubling a line with three runs: the order encoding's clauses grow linearly (O(n·k): each
    doubling adds twice what the last one did), the thesis's quadratically (O(n²·k): four
    times), the naive one's with the placements, C(free + 3, 3)."""
    clue, k = (2, 3, 4), 3
    lengths = (20, 40, 80)
    fast = [line_size(fast_line, clue, n)[1] for n in lengths]
    thesis = [line_size(nonogram_thesis.encode_line, clue, n)[1] for n in lengths]
    naive = [line_size(nonogram_naive.encode_line, clue, n)[1] for n in lengths[:2]]
    for n, fast_n, thesis_n in zip(lengths, fast, thesis, strict=True):
        assert k * n <= fast_n <= 8 * k * n
        assert k * n * n <= thesis_n <= 2 * k * n * n
    assert 1.8 <= (fast[2] - fast[1]) / (fast[1] - fast[0]) <= 2.2
    assert 3.5 <= (thesis[2] - thesis[1]) / (thesis[1] - thesis[0]) <= 4.5
    assert naive[1] / naive[0] > 10
    assert naive[1] > thesis[1] > fast[1]


# --- limits and names ----------------------------------------------------------------------------


def test_naive_refuses_too_many_placements() -> None:
    picture = np.array([[True, False] * 8 + [False] * 44])  # 8 runs of 1 in 60 cells
    puzzle = Nonogram.from_picture(picture)
    with pytest.raises(
        EncodingTooLarge, match=r"row 1 alone has 886,322,710 \(clue 1 1 1 1 1 1 1 1 in 60 cells\)"
    ):
        analyze(with_encoding(puzzle, "naive"), logic_first=False)
    small = Nonogram.from_picture(picture[:, :20])  # 8 runs of 1 in 20 cells: C(13, 8) = 1287
    with pytest.raises(EncodingTooLarge, match="1,307 placements, over the limit of 1,000"):
        nonogram_naive.encode(CnfBuilder(), small, unknown_grid(1, 20), max_placements=1000)
    nonogram_naive.encode(CnfBuilder(), small, unknown_grid(1, 20), max_placements=1307)


def test_unknown_encoding_names_the_known_ones() -> None:
    puzzle = Nonogram([(1,)], [(1,)])
    with pytest.raises(StudioError, match="unknown encoding 'sat'; known: fast, thesis, naive"):
        with_encoding(puzzle, "sat")


def test_the_wrapper_is_the_puzzle_but_for_its_encoding() -> None:
    puzzle = Nonogram.from_picture(grid_from_text(["##.", "..#"]))
    encoded = with_encoding(puzzle, "thesis")
    assert encoded.kind == "nonogram"
    assert encoded.shape == (2, 3)
    assert encoded.check(grid_from_text(["##.", "..#"])) == []
    assert np.array_equal(encoded.deduce().grid, puzzle.deduce().grid)
    fast, thesis = CnfBuilder(), CnfBuilder()
    with_encoding(puzzle, "fast").encode(fast, unknown_grid(2, 3))
    encoded.encode(thesis, unknown_grid(2, 3))
    assert thesis.clause_count > fast.clause_count
