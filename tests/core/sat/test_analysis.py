"""Analysis on nonograms beyond brute force: larger pictures, the shared corpus, time limits,
cancel and the lazy-clause hook (against brute force on tiny grids of every kind: the contract
suite, tests/contract/test_analysis.py)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from multiprocessing.context import SpawnProcess

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from studio.core.cancel import CancelToken
from studio.core.grid import grid_from_text, grid_to_text
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat import analysis as analysis_module
from studio.core.sat.analysis import Analysis, Status, analyze, count_solutions, solve
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import SolverSession
from tests.conftest import shared_params, shared_record
from tests.contract.kinds.nonogram import solutions
from tests.core.pictures import symmetric_pictures
from tests.core.sat.formulas import assert_gone, pigeonhole


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_every_solution_found_satisfies_its_clues(
    height: int, width: int, data: st.DataObject
) -> None:
    cells = data.draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    picture = np.array(cells).reshape(height, width)
    puzzle = Nonogram.from_picture(picture)
    analysis = analyze(puzzle)
    assert analysis.solution is not None
    assert puzzle.check(analysis.solution) == []
    assert (
        not analysis.variable[analysis.solution != picture].size
        or analysis.variable[analysis.solution != picture].all()
    ), "a cell where the picture and the solution differ must be variable"


# Among the hardest puzzles known (minutes for the best solvers): measured in benchmarks/.
HARDEST = {"survey:knotty", "pynogram:frans_faase"}


@pytest.mark.parametrize(
    "record",
    shared_params("nonogram", keep=lambda r: r["id"] not in HARDEST),
    ids=lambda r: r["id"],
)
def test_shared_corpus_verdicts(record: dict) -> None:
    puzzle = Nonogram(record["rows"], record["cols"])
    puzzle.validate()
    analysis = analyze(puzzle, cancel=CancelToken(timeout=30))
    assert analysis.complete
    if "unique" in record:
        assert (analysis.status == Status.UNIQUE) == record["unique"]
    if record.get("unique") and "solution" in record:
        assert analysis.solution is not None
        assert grid_to_text(analysis.solution) == record["solution"]
    if record.get("line_solvable") is not None:
        assert analysis.logic_solvable == record["line_solvable"]


@pytest.mark.parametrize(
    ("puzzle_id", "sample"), [("pynogram:xmas", None), ("mikix-removed:tux", 150)]
)
def test_variable_fields_of_ambiguous_puzzles_are_exact(puzzle_id: str, sample: int | None) -> None:
    """Each variable field takes both values in some solution; every other cell only one.

    Checked cell by cell with an independent solver call that forces the opposite value (on
    ``tux``, every variable field and a random sample of the other cells, to stay quick).
    """
    record = shared_record("nonogram", puzzle_id)
    puzzle = Nonogram(record["rows"], record["cols"])
    analysis = analyze(puzzle)
    assert analysis.status == Status.MULTIPLE
    assert analysis.solution is not None
    cells = np.argwhere(analysis.variable).tolist()
    fixed = np.argwhere(~analysis.variable).tolist()
    if sample is not None:
        rng = np.random.default_rng(0)
        fixed = [fixed[i] for i in rng.choice(len(fixed), size=sample, replace=False)]
    cnf = CnfBuilder()
    literals = puzzle.encode(cnf, np.full(puzzle.shape, -1, dtype=np.int8))
    with SolverSession(cnf) as session:
        for r, c in cells + fixed:
            literal = int(literals[r, c])
            opposite = -literal if analysis.solution[r, c] else literal
            assert session.solve([opposite]) == bool(analysis.variable[r, c]), (r, c)
            if analysis.variable[r, c]:
                model = np.array(session.model())
                other = (model[np.abs(literals) - 1] > 0) == (literals > 0)
                assert puzzle.check(other) == []


def test_knotty_published_solutions_pass_check() -> None:
    record = shared_record("nonogram", "survey:knotty")
    puzzle = Nonogram(record["rows"], record["cols"])
    first, second = (grid_from_text(s) for s in record["solutions_known"])
    assert puzzle.check(first) == []
    assert puzzle.check(second) == []
    assert int((first != second).sum()) == 14


def tournament_puzzle(seed: int) -> Nonogram:
    """A random 25×25 picture, half filled (the TAAI/TCGA style): ambiguous, dozens of fields."""
    return Nonogram.from_picture(np.random.default_rng(seed).random((25, 25)) < 0.5)


def test_interim_analyses_grow_toward_the_verdict() -> None:
    puzzle = tournament_puzzle(4)
    seen: list[Analysis] = []
    final = analyze(puzzle, interim=seen.append)
    assert final.status == Status.MULTIPLE
    assert final.complete
    assert len(seen) >= 2
    for interim in seen:
        assert interim.status == Status.MULTIPLE
        assert not interim.complete
        assert interim.stop_reason is None
        assert interim.variable is not final.variable, "a copy: the search goes on"
        assert (interim.variable <= final.variable).all()
    for earlier, later in itertools.pairwise(seen):
        assert earlier.variable.sum() < later.variable.sum()
        assert (earlier.variable <= later.variable).all()
    assert (seen[-1].variable == final.variable).all()


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_an_analysis_resumed_from_one_cut_short_is_exact(seed: int) -> None:
    puzzle = tournament_puzzle(seed)
    cut = analyze(puzzle, variable_limit=2)
    assert cut.status == Status.MULTIPLE
    assert cut.stop_reason == "limit"
    seen: list[Analysis] = []
    resumed = analyze(puzzle, resume=cut, interim=seen.append)
    assert resumed.complete
    assert (resumed.variable == analyze(puzzle).variable).all()
    assert all((cut.variable <= interim.variable).all() for interim in seen), "none is lost"


def test_a_time_limit_gives_unknown_and_returns_promptly() -> None:
    record = shared_record("nonogram", "survey:knotty")
    puzzle = Nonogram(record["rows"], record["cols"])
    analysis = analyze(puzzle, cancel=CancelToken(timeout=0.5))
    assert analysis.status == Status.UNKNOWN
    assert not analysis.complete
    assert analysis.stop_reason == "timeout"
    assert analysis.seconds < 5


def test_cancel_from_another_thread_stops_the_solver() -> None:

    record = shared_record("nonogram", "survey:knotty")
    puzzle = Nonogram(record["rows"], record["cols"])
    token = CancelToken()
    threading.Timer(0.3, token.cancel).start()
    analysis = analyze(puzzle, cancel=token)
    assert analysis.stop_reason == "cancelled"
    assert analysis.seconds < 5


def test_solve_returns_a_solution_or_none() -> None:
    assert solve(Nonogram([(1,)], [(1,)])) is not None
    impossible = Nonogram([(1,), (1,)], [(2,), ()])
    impossible.validate()
    assert solve(impossible) is not None
    contradiction = Nonogram([(2,), (2,)], [(2,), (1,)])  # totals differ: validate rejects it
    with pytest.raises(ValueError, match="add up"):
        contradiction.validate()


def test_no_solution_names_the_line() -> None:
    # Valid clues with equal totals, yet row 2 ("1 1" in three cells) forces column 1 filled.
    puzzle = Nonogram([(), (1, 1)], [(), (), (2,)])
    puzzle.validate()
    assert solutions(puzzle) == ()
    analysis = analyze(puzzle)
    assert analysis.status == Status.NONE
    assert analysis.contradiction is not None
    assert analysis.contradiction.message == "column 1 cannot stay empty"
    assert analysis.contradiction.cells == ((0, 0), (1, 0))


class _WithoutCorner(Nonogram):
    """A nonogram with one rule the encoding leaves out: cell (0, 0) stays empty. It is only
    told to the solver, through the lazy-clause hook, when a model breaks it."""

    def lazy_clauses(self, cells, grid):  # type: ignore[no-untyped-def]
        return [[-int(cells[0, 0])]] if grid[0, 0] else []


def test_lazy_clauses_rule_out_models_that_break_a_rule_left_out_of_the_encoding() -> None:
    puzzle = _WithoutCorner([(1,), (1,)], [(1,), (1,)])  # the 2×2 diagonals: two solutions
    assert analyze(Nonogram(puzzle.rows, puzzle.cols)).status == Status.MULTIPLE
    analysis = analyze(puzzle, logic_first=False)
    assert analysis.status == Status.UNIQUE
    assert analysis.solution is not None
    assert not analysis.solution[0, 0]
    assert count_solutions(puzzle, 10, logic_first=False) == 1


def _assert_agrees_with_brute_force(puzzle: Nonogram, *, logic_first: bool = True) -> None:
    truth = solutions(puzzle)
    analysis = analyze(puzzle, logic_first=logic_first)
    assert analysis.complete
    expected = {0: Status.NONE, 1: Status.UNIQUE}.get(len(truth), Status.MULTIPLE)
    assert analysis.status == expected
    if truth:
        assert analysis.solution is not None
        assert puzzle.check(analysis.solution) == []
        stack = np.array(truth)
        assert np.array_equal(analysis.variable, stack.any(axis=0) & ~stack.all(axis=0))


@settings(max_examples=200, deadline=None)
@given(symmetric_pictures())
def test_symmetric_puzzles_agree_with_brute_force(picture: np.ndarray) -> None:
    """The symmetric search first and the variable fields closed under the symmetries."""
    _assert_agrees_with_brute_force(Nonogram.from_picture(picture))


@settings(max_examples=100, deadline=None)
@given(symmetric_pictures())
def test_a_hard_puzzle_s_symmetric_solution_is_found_when_there_is_one(
    picture: np.ndarray,
) -> None:
    """Glucose's budgeted first call "runs out of conflicts" (the puzzle is hard), so the
    symmetric search runs next: a puzzle whose symmetries fix a solution gets one such. (An
    easy puzzle keeps whichever solution Glucose finds first.)"""
    puzzle = Nonogram.from_picture(picture)
    symmetries = puzzle.symmetries()
    assume(all(s.fixes(picture) for s in symmetries))
    try_solve = SolverSession.try_solve
    calls: list[int] = []

    def first_call_gives_up(
        session: SolverSession, assumptions: Sequence[int], conflicts: int
    ) -> bool | None:
        calls.append(conflicts)
        if len(calls) == 1:
            assert conflicts == analysis_module.PLAIN_CONFLICTS
            return None
        return try_solve(session, assumptions, conflicts)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SolverSession, "try_solve", first_call_gives_up)
        analysis = analyze(puzzle)
    assert analysis.solution is not None
    assert all(s.fixes(analysis.solution) for s in symmetries)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 5), st.integers(3, 5), st.data())
def test_the_local_sweep_keeps_variable_fields_exact(
    height: int, width: int, data: st.DataObject
) -> None:
    """The first global call for another solution "runs out of conflicts", so the local sweep
    over 2×2 windows runs before the global calls; the result must not change."""
    cells = data.draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    try_solve = SolverSession.try_solve
    global_calls: list[int] = []

    def out_of_conflicts(
        session: SolverSession, assumptions: Sequence[int], conflicts: int
    ) -> bool | None:
        if conflicts == analysis_module.GLOBAL_CONFLICTS:
            global_calls.append(conflicts)
            if len(global_calls) == 1:
                return None
        return try_solve(session, assumptions, conflicts)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis_module, "WINDOW_SIDE", 2)
        patch.setattr(analysis_module, "WINDOW_STRIDE", 1)
        patch.setattr(SolverSession, "try_solve", out_of_conflicts)
        _assert_agrees_with_brute_force(
            Nonogram.from_picture(np.array(cells).reshape(height, width))
        )


@pytest.mark.parametrize(("height", "width"), [(95, 80), (40, 40), (20, 95), (17, 3), (16, 16)])
def test_the_sweep_windows_double_until_one_would_hold_the_grid(height: int, width: int) -> None:
    windows = analysis_module._windows((height, width))
    by_side: dict[int, list[tuple[slice, slice]]] = {}
    for (rows, cols), conflicts in windows:
        side = rows.stop - rows.start
        assert cols.stop - cols.start == side, "square"
        inside = min(side, height) * min(side, width)
        assert conflicts == 2_000 * inside // 256, "as many conflicts a cell at every scale"
        by_side.setdefault(side, []).append((rows, cols))
    sides = [16 * 2**k for k in range(len(by_side))]
    assert list(by_side) == sides, "smallest first, doubling"
    assert all(max(height, width) > side for side in sides)
    assert not sides or max(height, width) <= 2 * sides[-1], "the next would hold the grid"
    for side, squares in by_side.items():
        # Every square of half a side plus one cell lies within some window of the scale.
        reach = side // 2 + 1
        for top in range(max(1, height - reach + 1)):
            for left in range(max(1, width - reach + 1)):
                assert any(
                    rows.start <= top
                    and top + min(reach, height) <= rows.stop
                    and cols.start <= left
                    and left + min(reach, width) <= cols.stop
                    for rows, cols in squares
                ), (side, top, left)


def _stalling_global_calls(monkeypatch: pytest.MonkeyPatch, calls: list[str]) -> None:
    """Every budgeted global call "runs out of conflicts"; ``calls`` gets each call of the
    variable fields with a conflict budget: ``"global"``, or the backend of a sweep's call."""
    try_solve = SolverSession.try_solve

    def recorded(session: SolverSession, assumptions: Sequence[int], conflicts: int) -> bool | None:
        is_global = conflicts == analysis_module.GLOBAL_CONFLICTS
        if conflicts != analysis_module.PLAIN_CONFLICTS:  # not the first solution's
            calls.append("global" if is_global else session.backend)
        return None if is_global else try_solve(session, assumptions, conflicts)

    monkeypatch.setattr(SolverSession, "try_solve", recorded)


def test_the_sweep_runs_in_a_minisat_session_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Glucose's session the windows' assumptions kept Glucose from restarting, and so
    from looking at its budget and at a cancel (Faase: 50 s past a time limit)."""
    calls: list[str] = []
    _stalling_global_calls(monkeypatch, calls)
    monkeypatch.setattr(analysis_module, "WINDOW_SIDE", 2)
    monkeypatch.setattr(analysis_module, "WINDOW_STRIDE", 1)
    # Every permutation matrix is a solution: the sweep flips 2×2 switches, the child the rest.
    puzzle = Nonogram.from_picture(grid_from_text(["#...", ".#..", "..#.", "...#"]))
    _assert_agrees_with_brute_force(puzzle, logic_first=False)
    sweep = calls[1 : calls.index("global", 1)]
    assert calls[0] == "global"
    assert sweep, calls
    assert set(sweep) == {analysis_module.SWEEP_BACKEND}, calls
    assert analysis_module.SWEEP_BACKEND != "glucose4"


def test_past_the_size_for_a_second_encoding_there_is_no_sweep(
    monkeypatch: pytest.MonkeyPatch, spawned: list[SpawnProcess]
) -> None:
    calls: list[str] = []
    _stalling_global_calls(monkeypatch, calls)
    monkeypatch.setattr(analysis_module, "WINDOW_SIDE", 1)
    monkeypatch.setattr(analysis_module, "WINDOW_STRIDE", 1)
    monkeypatch.setattr(analysis_module, "HARD_STEPS_MAX_OPEN", 3)
    _assert_agrees_with_brute_force(
        Nonogram.from_picture(grid_from_text(["##.#", "#..#", ".##.", "#.##"])), logic_first=False
    )
    assert calls == [], "no budget, no sweep"
    assert spawned == []


@pytest.mark.parametrize(
    "picture",
    [
        ["#.", ".#"],  # two solutions: the child finds the other, then proves none is left
        ["##.#", "#..#", ".##.", "#.##"],
        ["#..#.", ".#..#", "..#..", "#..#.", ".#..#"],
        ["#.#", ".#.", "#.#"],  # unique: the child proves it
    ],
)
def test_past_the_sweep_the_global_calls_go_to_the_child_process_and_stay_exact(
    picture: list[str], spawned: list[SpawnProcess], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every budgeted global call "runs out of conflicts": the sweep runs over single cells,
    then each global call goes to Kissat in a child process (line logic is left out, which
    would solve some of these)."""
    _stalling_global_calls(monkeypatch, [])
    monkeypatch.setattr(analysis_module, "WINDOW_SIDE", 1)
    monkeypatch.setattr(analysis_module, "WINDOW_STRIDE", 1)
    puzzle = Nonogram.from_picture(grid_from_text(picture))
    _assert_agrees_with_brute_force(puzzle, logic_first=False)
    assert spawned, "the global calls went to the child process"


@pytest.fixture
def glucose_gives_up_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Glucose's budgeted first call "runs out of conflicts", so the hard-puzzle steps run:
    the symmetric search (itself made to give up here), the probe, then the child process."""
    try_solve = SolverSession.try_solve
    budgets = {analysis_module.PLAIN_CONFLICTS, analysis_module.SYMMETRIC_CONFLICTS}

    def out_of_conflicts(
        session: SolverSession, assumptions: Sequence[int], conflicts: int
    ) -> bool | None:
        return None if conflicts in budgets else try_solve(session, assumptions, conflicts)

    monkeypatch.setattr(SolverSession, "try_solve", out_of_conflicts)


@pytest.mark.parametrize(
    "picture",
    [
        ["#.#", ".#.", "#.#"],  # unique, symmetric
        ["#.", ".#"],  # two solutions
        ["##.#", "#..#", ".##.", "#.##"],
        ["#..#.", ".#..#", "..#..", "#..#.", ".#..#"],
    ],
)
@pytest.mark.usefixtures("glucose_gives_up_at_once")
def test_the_hard_puzzle_steps_keep_the_analysis_exact(picture: list[str]) -> None:
    _assert_agrees_with_brute_force(Nonogram.from_picture(grid_from_text(picture)))


@pytest.mark.usefixtures("glucose_gives_up_at_once")
def test_the_child_process_respects_lazy_clauses() -> None:
    puzzle = _WithoutCorner([(1,), (1,)], [(1,), (1,)])
    analysis = analyze(puzzle, logic_first=False)
    assert analysis.status == Status.UNIQUE
    assert analysis.solution is not None
    assert not analysis.solution[0, 0]


@pytest.mark.usefixtures("glucose_gives_up_at_once")
def test_past_the_size_for_the_hard_steps_glucose_goes_on_alone(
    spawned: list[SpawnProcess], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis_module, "HARD_STEPS_MAX_OPEN", 3)
    _assert_agrees_with_brute_force(Nonogram.from_picture(grid_from_text(["#.", ".#"])))
    assert spawned == []


@pytest.mark.usefixtures("glucose_gives_up_at_once")
def test_no_solution_is_found_by_the_hard_puzzle_steps_too() -> None:
    impossible = Nonogram([(), (1, 1)], [(), (), (2,)])
    assert analyze(impossible, logic_first=False).status == Status.NONE


class _Stubborn(Nonogram):
    """A nonogram whose encoding carries, besides its own, a pigeonhole formula of 14 holes
    on variables of their own: unsatisfiable, and minutes of work for a solver."""

    def encode(self, cnf, known):  # type: ignore[no-untyped-def]
        cells = super().encode(cnf, known)
        pigeonhole(14, cnf)
        return cells


@pytest.mark.parametrize("how", ["cancelled", "timeout"])
@pytest.mark.usefixtures("glucose_gives_up_at_once")
def test_cancel_and_time_limit_kill_the_child_process(
    how: str, spawned: list[SpawnProcess]
) -> None:
    """Past Glucose's budget the first solution is looked for in a child process, which a
    cancel from another thread, or the time limit, kills; none is left behind."""
    token = CancelToken(timeout=1.0 if how == "timeout" else None)
    if how == "cancelled":
        threading.Timer(1.0, token.cancel).start()
    analysis = analyze(_Stubborn([(1,)], [(1,)]), cancel=token, logic_first=False)
    assert analysis.status == Status.UNKNOWN
    assert analysis.stop_reason == how
    [child] = spawned
    assert_gone(child)
