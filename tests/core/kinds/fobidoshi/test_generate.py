"""The Fobidoshi generators (Heslenfeld §4.1, §4.2): every output unique by SAT alone at sizes 6
to 16, logic-solvable or capped in difficulty when asked, and their parts (small sizes by brute
force, and seeds reproducing their puzzles: the contract suite)."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.cancel import CancelToken
from studio.core.generate import GeneratorError, GeneratorOptions, generate
from studio.core.grid import FILLED, UNKNOWN, grid_to_text
from studio.core.kinds.fobidoshi.generate import (
    STRATEGIES,
    closes_loop,
    connected_attempt,
    random_solution,
)
from studio.core.kinds.fobidoshi.puzzle import CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.rules import components, long_runs
from studio.core.sat.analysis import Status, analyze


def _options(
    shape: tuple[int, int],
    strategy: str,
    *,
    logic_solvable: bool = False,
    max_difficulty: int | None = None,
    min_difficulty: int | None = None,
) -> GeneratorOptions:
    return GeneratorOptions(
        shape,
        kind="fobidoshi",
        strategy=strategy,
        logic_solvable=logic_solvable,
        max_difficulty=max_difficulty,
        min_difficulty=min_difficulty,
    )


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("shape", [(6, 6), (7, 9), (12, 12), (16, 16)])
def test_every_size_is_unique_by_sat_alone(strategy: str, shape: tuple[int, int]) -> None:
    generated = generate(_options(shape, strategy), 7)
    document = generated.document
    assert document.puzzle.shape == shape
    analysis = analyze(document.puzzle, logic_first=False, rate=False)
    assert analysis.status == Status.UNIQUE
    assert document.picture is not None
    assert analysis.solution is not None
    assert (analysis.solution == document.picture).all()
    assert generated.analysis.status == Status.UNIQUE
    assert generated.analysis.difficulty is not None
    assert generated.attempts >= 1
    assert f"strategy {strategy}" in document.notes


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_logic_solvable_puzzles_are_solved_by_the_rules(strategy: str) -> None:
    generated = generate(_options((8, 8), strategy, logic_solvable=True), 3)
    assert generated.document.puzzle.deduce().complete
    assert generated.analysis.difficulty is not None
    assert generated.analysis.difficulty.score <= 2


@pytest.mark.parametrize(("strategy", "cap"), [("random-start", 3), *((s, 1) for s in STRATEGIES)])
def test_difficulty_cap_is_met(strategy: str, cap: int) -> None:
    generated = generate(_options((7, 7), strategy, max_difficulty=cap), 5)
    assert generated.analysis.difficulty is not None
    assert generated.analysis.difficulty.score <= cap
    assert generated.analysis.status == Status.UNIQUE


@pytest.mark.parametrize("level", [1, 3, 5])
def test_each_level_is_reached_exactly(level: int) -> None:
    """A band of one level (the difficulty ramp's request): unique by SAT alone, and the rules
    alone finish it exactly when the level is 1 or 2."""
    options = _options((7, 7), STRATEGIES[0], min_difficulty=level, max_difficulty=level)
    generated = generate(options, 1)
    puzzle = generated.document.puzzle
    assert analyze(puzzle, logic_first=False, rate=False).status == Status.UNIQUE
    rating = analyze(puzzle).difficulty
    assert rating is not None
    assert rating.score == level
    assert puzzle.deduce().complete == (level <= 2)


def test_too_small_is_refused() -> None:
    with pytest.raises(GeneratorError, match="at least 4 rows and 4 columns, this one is 5×3"):
        generate(_options((3, 5), "connected"), 0)


def test_connected_generator_prefers_few_crosses() -> None:
    """Thesis Table 2: the second generator gives hardly any crosses."""
    crosses = 0
    for seed in range(3):
        puzzle = generate(_options((9, 9), "connected"), seed).document.puzzle
        assert isinstance(puzzle, Fobidoshi)
        crosses += int(np.count_nonzero(puzzle.givens == CROSS))
    assert crosses <= 3 * 81 // 20


def test_random_solution_is_connected_without_long_runs() -> None:
    rng = np.random.default_rng(4)
    made = 0
    for _ in range(60):
        found = random_solution((9, 9), rng)
        if found is None:
            continue
        made += 1
        grid, placed = found
        circles = grid == FILLED
        assert len(components(circles)) == 1
        assert long_runs(circles) == []
        assert sorted(placed) == sorted((int(r), int(c)) for r, c in np.argwhere(circles))
        # Every cell beside a circle is circled, a given cross, or forced out by a run.
        beside = np.zeros_like(circles)
        beside[1:] |= circles[:-1]
        beside[:-1] |= circles[1:]
        beside[:, 1:] |= circles[:, :-1]
        beside[:, :-1] |= circles[:, 1:]
        for r, c in np.argwhere((grid == UNKNOWN) & beside):
            trial = circles.copy()
            trial[r, c] = True
            assert long_runs(trial), "only the runs rule leaves a cell beside a circle open"
    assert made > 0


def test_closes_loop_cases_of_thesis_figure_12() -> None:
    grid = np.full((5, 5), UNKNOWN, dtype=np.int8)
    # A U of circles open at (1, 2): closing it at (1, 2) from (1, 1) encloses (2, 2).
    for cell in [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3)]:
        grid[cell] = FILLED
    assert closes_loop(grid, (1, 1), (1, 2))
    # Straight on, with the three cells on one side circled: a solid band, no loop.
    band = np.full((5, 5), UNKNOWN, dtype=np.int8)
    band[0, 1] = band[0, 2] = band[0, 3] = band[1, 1] = band[1, 3] = FILLED
    assert not closes_loop(band, (1, 1), (1, 2))
    # At an angle, completing a 2×2 block: no loop; with the opposite cell open: a loop.
    block = np.full((4, 4), UNKNOWN, dtype=np.int8)
    block[0, 0] = block[0, 1] = block[1, 1] = FILLED
    assert not closes_loop(block, (0, 0), (1, 0))
    # A hook from (1, 1) round to (2, 2): joining them at (1, 2) encloses (2, 1) ...
    hook = np.full((4, 4), UNKNOWN, dtype=np.int8)
    for cell in [(1, 1), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2)]:
        hook[cell] = FILLED
    assert closes_loop(hook, (1, 1), (1, 2))
    # ... unless (2, 1) is circled too: then it completes a 2×2 block.
    hook[2, 1] = FILLED
    assert not closes_loop(hook, (1, 1), (1, 2))


def test_an_attempt_is_unique_or_nothing() -> None:
    rng = np.random.default_rng(0)
    results = [connected_attempt((6, 6), rng, CancelToken()) for _ in range(40)]
    valid = [a for a in results if a.puzzle is not None]
    assert valid
    assert len(valid) < len(results)  # the thesis's criterion rejects most attempts
    for attempt in valid:
        assert attempt.puzzle is not None
        assert attempt.solution is not None
        assert analyze(attempt.puzzle, rate=False).status == Status.UNIQUE
        assert grid_to_text(attempt.solution)
