"""The mosaic kind: construction, validation messages, checking, the encoding of one clue, the
one-clue solver against brute force on tiny grids, the shared Tatham puzzles, difficulty levels
and hints (analysis, ``deduce`` and hints against brute force: the contract suite)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings

from studio.core.errors import PuzzleError
from studio.core.grid import EMPTY, FILLED, UNKNOWN, grid_from_text, unknown_grid
from studio.core.kinds import document_of_picture, get_kind
from studio.core.kinds.mosaic.cnf import ENCODINGS, Encoding, exactly
from studio.core.kinds.mosaic.logic import NO_CLUE, MosaicDeduction, neighbourhood, solve
from studio.core.kinds.mosaic.puzzle import MAX_CLUE, SPEC, Mosaic
from studio.core.puzzle import Deduction, DrawnPuzzle
from studio.core.sat.analysis import Status, analyze
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.sat.session import SolverSession
from tests.conftest import shared_params
from tests.contract.kinds.mosaic import DATA
from tests.contract.kinds.mosaic import solutions as brute_solutions


def mosaic(*rows: str) -> Mosaic:
    """A mosaic from rows of digits and ``.`` (no clue)."""
    return Mosaic([[NO_CLUE if ch == "." else int(ch) for ch in row] for row in rows])


# Tiny grids (up to 4×4): a picture and which of its clues are shown, or clues drawn at random
# (often with no solution at all); the contract data's.
any_mosaics = DATA.puzzles


def test_clues_are_an_int8_grid_with_no_clue_as_minus_one() -> None:
    puzzle = Mosaic([[None, 3], [-1, 0]])
    assert puzzle.clues == ((NO_CLUE, 3), (NO_CLUE, 0))
    assert puzzle.shape == (2, 2)
    assert puzzle.clue_grid().dtype == np.int8
    assert puzzle.clue_cells() == [(0, 1), (1, 1)]
    assert puzzle.shown().tolist() == [[False, True], [False, True]]
    assert puzzle == Mosaic(np.array([[-1, 3], [-1, 0]]))
    assert hash(puzzle) == hash(Mosaic(np.array([[-1, 3], [-1, 0]])))


def test_the_clue_grid_is_a_copy() -> None:
    puzzle = mosaic("1.")
    puzzle.clue_grid()[0, 0] = 5
    assert puzzle.clues == ((1, NO_CLUE),)


def test_ragged_rows_are_an_error_naming_the_row() -> None:
    with pytest.raises(PuzzleError, match="row 2 has 1 cells, row 1 has 2"):
        Mosaic([[1, 2], [3]])


def test_the_kind_is_registered_and_drawn_from_a_picture() -> None:
    assert get_kind("mosaic").spec is SPEC
    assert get_kind("Fill-a-Pix").spec is SPEC
    assert get_kind("mosaic").drawn
    picture = grid_from_text(["#.", ".."])
    puzzle = document_of_picture("mosaic", picture).puzzle
    assert puzzle == mosaic("11", "11")
    assert isinstance(puzzle, DrawnPuzzle)


def test_from_picture_shows_the_counts_of_the_shown_cells() -> None:
    picture = grid_from_text(["##.", "#..", "..."])
    shown = grid_from_text(["#..", "...", "..#"])
    assert Mosaic.from_picture(picture) == mosaic("331", "331", "110")
    assert Mosaic.from_picture(picture, shown) == mosaic("3..", "...", "..0")


def test_from_picture_rejects_a_mask_of_another_shape() -> None:
    with pytest.raises(PuzzleError, match="clue cells cover 2×1 cells, the picture 3×1"):
        Mosaic.from_picture(np.zeros((1, 3), bool), np.ones((1, 2), bool))


def test_with_picture_keeps_the_clue_cells_and_with_shown_changes_them() -> None:
    puzzle = mosaic("1..", "...")
    picture = grid_from_text(["##.", "##."])
    assert puzzle.with_picture(picture) == mosaic("4..", "...")
    assert puzzle.with_shown(picture, grid_from_text(["..#", "..#"])) == mosaic("..2", "..2")


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (Mosaic([]), "at least one row and one column"),
        (Mosaic([[]]), "at least one row and one column"),
        (mosaic("...", "..."), None),
        (Mosaic([[None, 10, None], [None] * 3]), "row 1, column 2: clue 10 is outside 0–9"),
        (Mosaic([[None, None], [None, -3]]), "row 2, column 2: clue -3 is outside 0–9"),
        (Mosaic([[None, None], [None, 300]]), "row 2, column 2: clue 300 is outside 0–9"),
        (mosaic("5.", ".."), "row 1, column 1: clue 5 is more than the 4 cells of its"),
        (mosaic("...", "..7", "..."), "row 2, column 3: clue 7 is more than the 6 cells"),
        (mosaic("3"), "row 1, column 1: clue 3 is more than the 1 cells"),
    ],
)
def test_validate_names_the_problem(puzzle: Mosaic, message: str | None) -> None:
    if message is None:
        puzzle.validate()
        return
    with pytest.raises(PuzzleError, match=message):
        puzzle.validate()


def test_check_names_each_broken_clue_with_its_neighbourhood() -> None:
    picture = grid_from_text(["#..", "..."])
    puzzle = mosaic("1.2", "...")
    violations = puzzle.check(picture)
    assert [v.message for v in violations] == [
        "row 1, column 3 has 0 filled cells around it, its clue is 2"
    ]
    assert violations[0].cells == ((0, 1), (0, 2), (1, 1), (1, 2))
    assert mosaic("1..", "..0").check(picture) == []


def test_neighbourhoods_are_clipped_at_the_edges() -> None:
    assert neighbourhood((0, 0), (3, 3)) == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert len(neighbourhood((1, 1), (3, 3))) == 9
    assert neighbourhood((0, 2), (1, 3)) == ((0, 1), (0, 2))


def test_a_mosaic_has_no_givens_and_no_lazy_rules() -> None:
    puzzle = mosaic("1.", "..")
    assert (puzzle.givens_grid() == UNKNOWN).all()
    cnf = CnfBuilder()
    cells = puzzle.encode(cnf, unknown_grid(2, 2))
    assert puzzle.lazy_clauses(cells, np.zeros((2, 2), bool)) == []


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("size", range(1, 10))
def test_exactly_allows_exactly_the_assignments_with_that_count(
    encoding: Encoding, size: int
) -> None:
    """Both encodings of "exactly k of n" against every assignment of n cells, with some cells
    given as constants."""
    for count in range(size + 1):
        for constants in ((), (1,), (-1,), (1, -1)):
            cnf = CnfBuilder()
            cells = cnf.new_vars(size).tolist()
            literals = [*cells, *constants]
            clauses = exactly(cnf, literals, count, encoding)
            for clause in clauses:
                cnf.add(clause)
            models = _models(cnf, cells)
            expected = {
                bits
                for bits in itertools.product((False, True), repeat=size)
                if sum(bits) + constants.count(1) == count
            }
            assert models == expected, (size, count, constants)


def _models(cnf: CnfBuilder, cells: list[int]) -> set[tuple[bool, ...]]:
    found: set[tuple[bool, ...]] = set()
    with SolverSession(cnf) as session:
        while session.solve():
            model = session.model()
            bits = tuple(model[v - 1] > 0 for v in cells)
            found.add(bits)
            session.add_clause([-v if bit else v for v, bit in zip(cells, bits, strict=True)])
    return found


@given(any_mosaics)
@settings(max_examples=150, deadline=None)
def test_one_clue_logic_only_decides_what_every_solution_agrees_on(puzzle: Mosaic) -> None:
    """The solver without clue pairs (Tatham's); with them it is the kind's ``deduce``, whose
    soundness is the contract suite's."""
    solutions = brute_solutions(puzzle)
    deduction = _one_clue(puzzle)
    if deduction.contradiction is not None:
        assert solutions == ()
        return
    for solution in solutions:
        known = deduction.grid != UNKNOWN
        assert np.array_equal(deduction.grid[known] == FILLED, solution[known])
    if deduction.complete:
        assert len(solutions) == 1


def _one_clue(puzzle: Mosaic) -> MosaicDeduction:
    return solve(puzzle.clue_grid(), unknown_grid(*puzzle.shape), pairs=False)


@given(any_mosaics)
@settings(max_examples=100, deadline=None)
def test_pairs_decide_at_least_what_single_clues_do(puzzle: Mosaic) -> None:
    one = _one_clue(puzzle)
    both = puzzle.deduce()
    if one.contradiction is not None:
        assert both.contradiction is not None
        return
    if both.contradiction is None:
        known = one.grid != UNKNOWN
        assert np.array_equal(both.grid[known], one.grid[known])
        assert both.steps >= one.steps


def test_cells_no_clue_reaches_are_variable() -> None:
    """A clue-less region leaves its cells free: analysis must show them."""
    puzzle = mosaic("0....", ".....", ".....")
    analysis = analyze(puzzle)
    assert analysis.status == Status.MULTIPLE
    expected = np.ones((3, 5), dtype=bool)
    expected[:2, :2] = False
    assert np.array_equal(analysis.variable, expected)


def test_a_clue_that_known_cells_break_makes_the_encoding_unsatisfiable() -> None:
    puzzle = mosaic("4.", "..")
    known = np.array([[EMPTY, UNKNOWN], [UNKNOWN, UNKNOWN]], dtype=np.int8)
    cnf = CnfBuilder()
    cells: LiteralGrid = puzzle.encode(cnf, known)
    assert int(cells[0, 0]) == -1
    with SolverSession(cnf) as session:
        assert not session.solve()


def test_contradictions_name_the_clue() -> None:
    deduction = mosaic("9..", "...", "..0").deduce()
    assert deduction.contradiction is not None
    assert "clue" in deduction.contradiction.message
    assert "cannot be met" in deduction.contradiction.message
    assert analyze(mosaic("9..", "...", "..0")).status == Status.NONE


@pytest.mark.parametrize("record", shared_params("mosaic"), ids=lambda r: r["id"])
def test_every_shared_puzzle_is_unique_with_its_solution(record: dict[str, object]) -> None:
    puzzle = Mosaic(record["clues"])
    puzzle.validate()
    solution = np.array(record["solution"], dtype=bool)
    assert puzzle.check(solution) == []
    analysis = analyze(puzzle)
    assert analysis.status == Status.UNIQUE
    assert analysis.solution is not None
    assert np.array_equal(analysis.solution, solution)
    alone = analyze(puzzle, logic_first=False)  # SAT alone, no logic solver
    assert alone.status == Status.UNIQUE
    assert alone.solution is not None
    assert np.array_equal(alone.solution, solution)
    # Tatham's generator keeps a puzzle only if his one-clue solver completes it.
    assert _one_clue(puzzle).complete
    assert analysis.difficulty is not None
    assert analysis.difficulty.level == "one-clue"
    assert analysis.difficulty.score in (1, 2)


@pytest.mark.parametrize(
    ("rows", "level", "scores"),
    [
        (("...4", "0.4.", "....", "2.3."), "one-clue", (1, 2)),
        (("1.3.", "..4.", "113.", "..3."), "pairs", (3, 4)),
        (("...0", "3.4.", ".4.2", "3.3."), "search", (5,)),
    ],
)
def test_difficulty_levels(rows: tuple[str, ...], level: str, scores: tuple[int, ...]) -> None:
    puzzle = mosaic(*rows)
    solutions = brute_solutions(puzzle)
    assert len(solutions) == 1
    analysis = analyze(puzzle)
    assert analysis.difficulty is not None
    assert analysis.difficulty.level == level
    assert analysis.difficulty.score in scores
    assert analysis.logic_solvable == (level != "search")


def test_rate_accepts_a_plain_deduction() -> None:
    puzzle = mosaic("1.3.", "..4.", "113.", "..3.")
    plain = Deduction(unknown_grid(4, 4))
    assert puzzle.rate(plain).level == "pairs"


@pytest.mark.parametrize(
    "rows",
    [("...4", "0.4.", "....", "2.3."), ("1.3.", "..4.", "113.", "..3.")],
)
def test_hints_walk_to_the_solution(rows: tuple[str, ...]) -> None:
    """Following hint after hint solves a logic-solvable puzzle, each one true to the
    solution and naming clues whose neighbourhoods hold its cells."""
    puzzle = mosaic(*rows)
    (solution,) = brute_solutions(puzzle)
    known = unknown_grid(*puzzle.shape)
    while (known == UNKNOWN).any():
        hint = puzzle.hint(known)
        assert hint is not None
        assert hint.cells
        assert hint.reason.startswith("the clue")
        for r, c, filled in hint.cells:
            assert known[r, c] == UNKNOWN
            assert bool(solution[r, c]) == filled
            assert (r, c) in hint.source
            known[r, c] = FILLED if filled else EMPTY
    assert puzzle.hint(known) is None


def test_a_pair_hint_names_both_clues() -> None:
    puzzle = mosaic("1.3.", "..4.", "113.", "..3.")
    # Walk single-clue hints until the first pair hint.
    known = unknown_grid(4, 4)
    while (hint := puzzle.hint(known)) is not None and hint.reason.startswith("the clue at"):
        for r, c, filled in hint.cells:
            known[r, c] = FILLED if filled else EMPTY
    assert hint is not None
    assert hint.reason.startswith("the clues at")
    assert " and " in hint.reason


def test_max_clue_is_nine() -> None:
    assert MAX_CLUE == 9
    assert Mosaic.from_picture(np.ones((3, 3), bool)).clues[1][1] == MAX_CLUE
