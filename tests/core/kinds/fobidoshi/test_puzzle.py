"""The Fobidoshi kind: validation, checking, connectivity, the shared Janko puzzles, the logic
solver and the backtracking search against SAT, rating and hints."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

from studio.core.errors import PuzzleError
from studio.core.grid import EMPTY, FILLED, UNKNOWN
from studio.core.kinds import get_kind
from studio.core.kinds.fobidoshi.puzzle import BLANK, CHARS, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.rules import BARRIER, CUT, RUNS, next_step, propagate
from studio.core.kinds.fobidoshi.search import Improvements, SearchResult, backtrack
from studio.core.sat.analysis import Status, analyze, count_solutions
from studio.core.sat.cnf import CnfBuilder
from tests.conftest import shared_params, shared_records


def _circles(rows: list[str]) -> np.ndarray:
    return np.array([[char == "o" for char in row] for row in rows], dtype=bool)


# --- The API the editor and the renderer use ----------------------------------------------------


def test_codes_rows_and_givens_round_trip() -> None:
    puzzle = Fobidoshi.from_rows(["-ox-", "----", "o---", "---x"])
    assert CHARS == "-ox"
    assert (BLANK, CIRCLE, CROSS) == (0, 1, 2)
    assert puzzle.rows() == ["-ox-", "----", "o---", "---x"]
    assert puzzle.given_cells() == [(0, 1), (0, 2), (2, 0), (3, 3)]
    assert Fobidoshi(puzzle.givens) == puzzle
    assert puzzle.with_given((0, 1), BLANK).rows()[0] == "--x-"
    assert puzzle.with_given((1, 1), CROSS).given_cells()[2] == (1, 1)
    assert not puzzle.givens.flags.writeable
    grid = puzzle.givens_grid()
    assert grid[0, 1] == FILLED
    assert grid[0, 2] == EMPTY
    assert grid[0, 0] == UNKNOWN
    assert Fobidoshi.blank((5, 4)).shape == (5, 4)
    assert get_kind("fobidoshi").blank is not None
    assert hash(puzzle) == hash(Fobidoshi.from_rows(puzzle.rows()))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Fobidoshi.blank((3, 5)), "at least 4 rows and 4 columns, this one is 5×3"),
        (lambda: Fobidoshi.blank((4, 3)), "this one is 3×4"),
        (lambda: Fobidoshi.from_rows(["oooo", "----", "----", "----"]), "row 1 holds 4 given"),
        (
            lambda: Fobidoshi.from_rows(["----", "-o--", "-o--", "-o--", "-o--"]),
            r"column 2 holds 4 given circles in a row \(rows 2 to 5\)",
        ),
        (
            lambda: Fobidoshi(np.array([[0] * 4, [0] * 4, [0, 0, 3, 0], [0] * 4])),
            "row 3, column 3 holds the code 3",
        ),
    ],
)
def test_validate_names_the_problem(make: Any, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        make().validate()


def test_three_given_circles_in_a_row_are_fine() -> None:
    Fobidoshi.from_rows(["ooo-", "----", "----", "----"]).validate()


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["----", "--q-"], "row 2, column 3: expected '-' .*found 'q'"),
        (["----", "---"], "row 2 has 3 cells, row 1 has 4"),
    ],
)
def test_from_rows_names_the_cell(rows: list[str], message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        Fobidoshi.from_rows(rows)


def test_construction_refuses_what_is_not_a_grid_of_codes() -> None:
    with pytest.raises(PuzzleError, match="grid of rows and columns"):
        Fobidoshi(np.zeros(4, dtype=np.int8))
    with pytest.raises(PuzzleError, match="codes 0"):
        Fobidoshi(np.full((4, 4), -1))


# --- Checking a grid, connectivity --------------------------------------------------------------


def test_check_names_each_broken_rule_and_its_cells() -> None:
    puzzle = Fobidoshi.from_rows(["x---", "---o", "----", "----"])
    grid = _circles(["oooo", "----", "--o-", "--o-"])
    violations = puzzle.check(grid)
    assert [v.message for v in violations] == [
        "row 1, column 1 is given a cross",
        "row 2, column 4 is given a circle",
        "row 1 has 4 circles in a row",
        "the circles at row 3, column 3 are cut off from the others",
    ]
    assert violations[0].cells == ((0, 0),)
    assert violations[2].cells == ((0, 0), (0, 1), (0, 2), (0, 3))
    assert violations[3].cells == ((2, 2), (3, 2))


def test_check_keeps_the_largest_group_and_blames_the_others() -> None:
    puzzle = Fobidoshi.blank((4, 4))
    grid = _circles(["o---", "----", "--oo", "--o-"])
    [violation] = puzzle.check(grid)
    assert violation.message == "the circle at row 1, column 1 is cut off from the others"
    assert violation.cells == ((0, 0),)


def test_a_loop_is_allowed() -> None:
    """A ring of circles around a cross is connected: the one solution."""
    puzzle = Fobidoshi.from_rows(["ooox", "oxox", "ooox", "xxxx"])
    ring = _circles(["ooo-", "o-o-", "ooo-", "----"])
    assert puzzle.check(ring) == []
    for logic_first in (True, False):
        analysis = analyze(puzzle, logic_first=logic_first)
        assert analysis.status == Status.UNIQUE
        assert analysis.solution is not None
        assert (analysis.solution == ring).all()


def test_two_separate_groups_are_rejected() -> None:
    """Crosses wall two given circles apart: the rules without connectivity hold for many
    grids, but no solution exists."""
    puzzle = Fobidoshi.from_rows(["oxx-", "-xx-", "-xxo", "-xx-"])
    assert puzzle.check(_circles(["o---", "----", "---o", "----"]))
    for logic_first in (True, False):
        assert analyze(puzzle, logic_first=logic_first).status == Status.NONE
        assert count_solutions(puzzle, 5, logic_first=logic_first) == 0
    assert puzzle.deduce().contradiction is not None


def test_lazy_clauses_cut_a_model_whose_circles_fall_apart() -> None:
    puzzle = Fobidoshi.blank((4, 4))
    cnf = CnfBuilder()
    cells = puzzle.encode(cnf, puzzle.givens_grid())
    apart = _circles(["o---", "----", "----", "---o"])
    clauses = puzzle.lazy_clauses(cells, apart)
    assert len(clauses) == 2
    for clause in clauses:
        # The model breaks every cut: both chosen circles are circled, no border cell is.
        assert not any((literal > 0) == apart[divmod(abs(literal) - 2, 4)] for literal in clause)
    assert puzzle.lazy_clauses(cells, _circles(["oo--", "-o--", "----", "----"])) == []
    assert puzzle.lazy_clauses(cells, np.zeros((4, 4), dtype=bool)) == []


# --- The shared Janko puzzles ---------------------------------------------------------------------

RECORDS = shared_params("fobidoshi")


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_shared_puzzle_is_unique_with_its_solution(record: dict[str, Any]) -> None:
    puzzle = Fobidoshi.from_rows(record["givens"])
    puzzle.validate()
    assert list(puzzle.shape) == record["size"]
    solution = _circles(record["solution"])
    assert puzzle.check(solution) == []
    analysis = analyze(puzzle)
    assert analysis.status == Status.UNIQUE
    assert analysis.solution is not None
    assert (analysis.solution == solution).all()
    assert analysis.difficulty is not None
    assert 1 <= analysis.difficulty.score <= 5


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_logic_solver_agrees_with_sat(record: dict[str, Any]) -> None:
    """The rules decide only cells of the solution; the thesis's backtracking search, where it
    finishes within its budget, finds the same one solution."""
    puzzle = Fobidoshi.from_rows(record["givens"])
    solution = _circles(record["solution"])
    deduction = puzzle.deduce()
    assert deduction.contradiction is None
    decided = deduction.grid != UNKNOWN
    assert ((deduction.grid == FILLED) == solution)[decided].all()
    found = _searched(record["id"])
    if found.exhausted:
        assert len(found.solutions) == 1
        assert (found.solutions[0] == solution).all()
    else:
        assert all((s == solution).all() for s in found.solutions)


@functools.cache
def _searched(puzzle_id: str) -> SearchResult:
    record = next(r for r in RECORDS if r["id"] == puzzle_id)
    return backtrack(Fobidoshi.from_rows(record["givens"]).givens_grid(), max_calls=1000)


def test_the_search_finishes_most_shared_puzzles() -> None:
    """Guards the test above against a search that never finishes."""
    finished = [_searched(r["id"]).exhausted for r in RECORDS]
    assert sum(finished) >= len(RECORDS) // 2 or not RECORDS


def test_the_improvements_cut_the_search() -> None:
    """Thesis §3.3: barriers and good moves visit fewer configurations than plain search."""
    record = shared_records("fobidoshi")[1]
    start = Fobidoshi.from_rows(record["givens"]).givens_grid()
    improved = backtrack(start, improvements=Improvements(neighbours=False))
    plain = backtrack(start, improvements=Improvements(False, False, False), max_calls=5000)
    assert improved.exhausted
    assert improved.calls < plain.calls


# --- Rules, hints, rating ---------------------------------------------------------------------


def test_runs_rule_crosses_the_ends_of_three_in_a_row() -> None:
    grid = Fobidoshi.from_rows(["-ooo-", "-----", "-----", "--o--", "--o--"]).givens_grid()
    result = propagate(grid, rules=frozenset((RUNS,)))
    assert result.grid[0, 0] == EMPTY
    assert result.grid[0, 4] == EMPTY
    assert (result.grid[1:3, 2] == UNKNOWN).all()  # a circle on either: at most three
    grid[2, 2] = FILLED
    assert propagate(grid, rules=frozenset((RUNS,))).grid[1, 2] == EMPTY


def test_barrier_and_cut_rules() -> None:
    # The only way from the top circle to the bottom one is through column 1.
    puzzle = Fobidoshi.from_rows(["o---", "-xxx", "----", "---o"])
    step = next_step(puzzle.givens_grid())
    assert step is not None
    assert step.rule == CUT
    assert step.cells == ((1, 0, True),)
    assert step.reason == "a cross at row 2, column 1 would cut the circles apart"
    walled = Fobidoshi.from_rows(["o-x-", "--x-", "xx--", "----"]).givens_grid()
    step = next_step(walled)
    assert step is not None
    assert step.rule == BARRIER
    assert {cell[:2] for cell in step.cells} == {
        (0, 3),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
    }


def test_hint_leaves_givens_alone_and_follows_what_is_known() -> None:
    puzzle = Fobidoshi.from_rows(["ooo-", "----", "----", "----"])
    hint = puzzle.hint(np.full((4, 4), UNKNOWN, dtype=np.int8))
    assert hint is not None
    assert hint.cells == ((0, 3, False),)
    assert hint.reason == "row 1: no four circles in a row"
    assert set(hint.source) == {(0, 0), (0, 1), (0, 2)}
    known = np.full((4, 4), UNKNOWN, dtype=np.int8)
    known[0, 3] = EMPTY
    later = puzzle.hint(known)
    assert later is None or (0, 3, False) not in later.cells


def test_rating_levels() -> None:
    rules = [r for r in RECORDS if Fobidoshi.from_rows(r["givens"]).deduce().complete]
    for record in rules:
        rating = analyze(Fobidoshi.from_rows(record["givens"])).difficulty
        assert rating is not None
        assert rating.level == "rules"
        assert rating.score <= 2
    ring = analyze(Fobidoshi.from_rows(["ooox", "oxox", "ooox", "xxxx"])).difficulty
    assert ring is not None
    assert ring.score == 1
    ratings = [analyze(Fobidoshi.from_rows(r["givens"])).difficulty for r in RECORDS]
    scores = {rating.score for rating in ratings if rating is not None}
    assert len(scores) >= 2 or not RECORDS
