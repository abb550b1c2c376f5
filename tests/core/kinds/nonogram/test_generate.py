"""The nonogram generator: options, uniqueness (checked by counting solutions, not by trusting
the returned analysis), line-solvability, difficulty bands, reports of a slow puzzle, empty
lines, the raw pictures a seed draws, batches, cancel (a seed reproducing its puzzle: the
contract suite)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.contract import generation
from studio.core.contract.generation import relax_hint
from studio.core.contract.pictures import fill_empty_lines
from studio.core.generate import (
    Generated,
    GeneratorError,
    GeneratorOptions,
    Underway,
    generate,
    puzzle_seed,
)
from studio.core.generate.batch import generate_batch
from studio.core.grid import UNKNOWN, BoolGrid
from studio.core.kinds.nonogram import generate as generator
from studio.core.kinds.nonogram.generate import SCREEN, STRATEGIES, raw_picture
from studio.core.kinds.nonogram.linesolve import line_solve
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze, count_solutions


def puzzle_of(generated: Generated) -> Nonogram:
    puzzle = generated.document.puzzle
    assert isinstance(puzzle, Nonogram)
    return puzzle


def assert_unique_with_its_picture(generated: Generated) -> None:
    puzzle = puzzle_of(generated)
    picture = generated.document.picture
    assert picture is not None
    puzzle.validate()
    assert puzzle.check(picture) == []
    assert count_solutions(puzzle, 2) == 1
    assert count_solutions(puzzle, 2, logic_first=False) == 1
    assert generated.analysis.status == Status.UNIQUE
    assert generated.analysis.solution is not None
    assert np.array_equal(generated.analysis.solution, picture)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"shape": (1, 5)}, "height must be 2 to 100 cells, got 1"),
        ({"shape": (5, 101)}, "width must be 2 to 100 cells, got 101"),
        ({"shape": (5, 5.0)}, "width must be 2 to 100 cells, got 5.0"),
        ({"shape": (5,)}, r"shape must be \(height, width\)"),
        ({"density": 0.0}, "density must be between 0 and 1"),
        ({"density": 1.0}, "density must be between 0 and 1"),
        ({"density": -0.2}, "density must be between 0 and 1"),
        ({"max_difficulty": 0}, "max difficulty must be 1 to 5, got 0"),
        ({"max_difficulty": 6}, "max difficulty must be 1 to 5, got 6"),
        ({"min_difficulty": 0}, "min difficulty must be 1 to 5, got 0"),
        ({"min_difficulty": 6}, "min difficulty must be 1 to 5, got 6"),
        ({"min_difficulty": 4, "max_difficulty": 3}, "min difficulty 4 is above max difficulty 3"),
        ({"min_difficulty": 3, "logic_solvable": True}, "logic-solvable puzzles score 1 to 2"),
    ],
)
def test_bad_options_name_the_option(changes: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"shape": (5, 5), **changes}
    with pytest.raises(GeneratorError, match=message):
        GeneratorOptions(**arguments)  # type: ignore[arg-type]


def test_an_unknown_strategy_names_the_kind_and_its_strategies() -> None:
    with pytest.raises(GeneratorError, match="unknown strategy 'noise' for nonogram; choose one"):
        generate(GeneratorOptions((5, 5), strategy="noise"), 1)


def test_bad_options_are_value_errors() -> None:
    with pytest.raises(ValueError, match="density"):
        GeneratorOptions((5, 5), density=2.0)


@pytest.mark.parametrize("seed", [-1, 1.5, True])
def test_a_seed_must_be_a_non_negative_integer(seed: object) -> None:
    options = GeneratorOptions((5, 5))
    with pytest.raises(GeneratorError, match="seed must be a non-negative integer"):
        generate(options, seed)  # type: ignore[arg-type]
    with pytest.raises(GeneratorError, match="seed must be a non-negative integer"):
        generate_batch(options, seed, 2)  # type: ignore[arg-type]


def test_a_negative_count_is_refused_at_the_call() -> None:
    with pytest.raises(GeneratorError, match="count must be 0 or more, got -1"):
        generate_batch(GeneratorOptions((5, 5)), 1, -1)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("shape", [(2, 2), (2, 9), (5, 5), (10, 7), (15, 15)])
@pytest.mark.parametrize("screen", [1, SCREEN])
def test_every_puzzle_is_unique_and_has_no_empty_line(
    strategy: str, shape: tuple[int, int], screen: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one picture screened most go through repair; with the default most need none."""
    monkeypatch.setattr(generator, "SCREEN", screen)
    options = GeneratorOptions(shape, strategy=strategy)
    for seed in range(4):
        generated = generate(options, seed)
        assert_unique_with_its_picture(generated)
        picture = generated.document.picture
        assert picture is not None
        assert picture.shape == shape
        assert picture.any(axis=1).all()
        assert picture.any(axis=0).all()
        assert generated.seed == seed
        assert generated.attempts >= 1


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("screen", [1, SCREEN])
def test_line_solvable_when_asked(
    strategy: str, screen: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(generator, "SCREEN", screen)
    options = GeneratorOptions((12, 12), strategy=strategy, logic_solvable=True)
    for seed in range(4):
        generated = generate(options, seed)
        assert_unique_with_its_picture(generated)
        puzzle = puzzle_of(generated)
        deduction = line_solve(puzzle.rows, puzzle.cols, puzzle.givens_grid())
        assert deduction.complete
        assert generated.analysis.logic_solvable


def test_max_difficulty_keeps_only_easier_puzzles() -> None:
    options = GeneratorOptions((10, 10), strategy="density", max_difficulty=1)
    for seed in range(4):
        generated = generate(options, seed)
        assert generated.analysis.difficulty is not None
        assert generated.analysis.difficulty.score == 1


def test_min_difficulty_keeps_only_puzzles_line_logic_cannot_finish() -> None:
    """Difficulty 3 and up means more than line logic: checked by the line solver and by
    counting solutions, apart from the generator's own analysis."""
    options = GeneratorOptions((10, 10), min_difficulty=3)
    for seed in range(3):
        generated = generate(options, seed)
        assert_unique_with_its_picture(generated)
        puzzle = puzzle_of(generated)
        assert not line_solve(puzzle.rows, puzzle.cols, puzzle.givens_grid()).complete
        rating = analyze(puzzle).difficulty
        assert rating is not None
        assert rating.score >= 3
        assert generated.analysis.difficulty == rating


def test_a_difficulty_band_is_met_and_reproducible() -> None:
    options = GeneratorOptions((8, 8), strategy="density", min_difficulty=2, max_difficulty=2)
    first = [generate(options, seed) for seed in range(3)]
    for generated in first:
        rating = analyze(puzzle_of(generated)).difficulty
        assert rating is not None
        assert rating.score == 2
    again = [generate(options, seed).document.puzzle for seed in range(3)]
    assert again == [generated.document.puzzle for generated in first]


def test_a_level_out_of_reach_is_refused_with_what_to_relax(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No 3×3 nonogram needs probing (line logic solves every one of the 512 pictures that SAT
    finds unique): the generator gives up after its attempts and says what to relax."""
    for bits in itertools.product((False, True), repeat=9):
        puzzle = Nonogram.from_picture(np.array(bits).reshape(3, 3))
        assert count_solutions(puzzle, 2) > 1 or puzzle.deduce().complete
    monkeypatch.setattr(generator, "MAX_ATTEMPTS", 60)
    with pytest.raises(GeneratorError, match="in 60 attempts; try a larger size or a lower min"):
        generate(GeneratorOptions((3, 3), min_difficulty=3), 1)


def test_a_slow_puzzle_reports_its_tries_and_what_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step reports (REPORT_EVERY 0) and carries the hint (HINT_AFTER 0): the raw
    pictures tried, then repair's cells left open to line logic, down to the last."""
    monkeypatch.setattr(generation, "REPORT_EVERY", 0.0)
    monkeypatch.setattr(generation, "HINT_AFTER", 0.0)
    heard: list[Underway] = []
    options = GeneratorOptions((25, 25), strategy="density", logic_solvable=True)
    generated = generate(options, 1, report=heard.append)
    assert generated.repaired_cells > 1, "the seed must need repair, in more than one step"
    assert [u.tries for u in heard] == sorted(u.tries for u in heard)
    assert heard[-1].tries == generated.attempts
    left = [int(u.best.split()[0]) for u in heard if u.best.endswith("cells open to line logic")]
    assert left
    assert left == sorted(left, reverse=True)
    assert left[-1] > 0
    assert all(u.hint == "a smaller size or not insisting on logic alone" for u in heard)
    assert generate(options, 1).document.puzzle == generated.document.puzzle


def test_the_report_line_says_it_all() -> None:
    assert Underway(1, 0.4).line() == "1 try, 0 s"
    assert (
        Underway(20, 12.3, "312 cells open to line logic", "a smaller size").line()
        == "20 tries, 12 s; best so far: 312 cells open to line logic. Faster: a smaller size"
    )


@pytest.mark.parametrize(
    ("changes", "hint"),
    [
        ({}, "a smaller size"),
        ({"logic_solvable": True}, "a smaller size or not insisting on logic alone"),
        ({"min_difficulty": 4}, "a larger size or a lower minimum difficulty"),
        (
            {"min_difficulty": 2, "max_difficulty": 2},
            "a larger size, a lower minimum difficulty or a higher maximum difficulty",
        ),
    ],
)
def test_the_hint_names_the_options_to_relax(changes: dict[str, object], hint: str) -> None:
    options = GeneratorOptions((5, 5), **changes)  # type: ignore[arg-type]
    assert relax_hint(options) == hint


def test_empty_lines_may_stay_when_allowed() -> None:
    """Sparse pictures keep their empty lines when ``nonempty_lines`` is off."""
    options = GeneratorOptions((8, 8), strategy="density", density=0.1, nonempty_lines=False)
    pictures = [generate(options, seed).document.picture for seed in range(6)]
    assert any(
        p is not None and not (p.any(axis=1).all() and p.any(axis=0).all()) for p in pictures
    )


def variable_then_open(picture: BoolGrid) -> tuple[int, int]:
    analysis = analyze(Nonogram.from_picture(picture))
    return int(analysis.variable.sum()), int((analysis.deduction.grid == UNKNOWN).sum())


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("screen", [1, 3, SCREEN])
def test_the_puzzle_comes_from_the_seeds_raw_pictures(
    strategy: str, screen: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within the first round the raw pictures are the seed's first draws: the puzzle's
    picture is the last of them as it was, or the least ambiguous of them (fewest variable
    fields, then fewest open cells after line logic) changed by repair in exactly
    ``repaired_cells`` cells. Screening fewer pictures sends more to repair."""
    monkeypatch.setattr(generator, "SCREEN", screen)
    options = GeneratorOptions((12, 12), strategy=strategy)
    repaired = 0
    for seed in range(8):
        generated = generate(options, seed)
        assert generated.attempts <= screen
        rng = np.random.default_rng(seed)
        raws = [fill_empty_lines(raw_picture(options, rng), rng) for _ in range(generated.attempts)]
        picture = generated.document.picture
        assert picture is not None
        if generated.repaired_cells == 0 and not puzzle_of(generated).givens:
            assert np.array_equal(raws[-1], picture)
            continue
        assert generated.attempts == screen
        keys = [variable_then_open(raw) for raw in raws]
        closest = raws[keys.index(min(keys))]
        assert int((closest != picture).sum()) == generated.repaired_cells
        repaired += 1
    if screen == 1 or (screen < SCREEN and strategy == "density"):
        assert repaired  # the ranking above was put to the test


def test_the_puzzle_is_named_by_size_and_seed_and_left_untitled() -> None:
    generated = generate(GeneratorOptions((6, 11), strategy="picture"), 417)
    assert generated.name == "Nonogram 11×6 #417"
    assert generated.document.title == ""
    assert generated.document.kind == "nonogram"
    assert "seed 417" in generated.document.notes


def test_puzzle_seeds_follow_the_documented_rule() -> None:
    """The first is the batch's seed, the others come from SeedSequence spawning."""
    children = np.random.SeedSequence(99).spawn(5)
    expected = [99, *(int(child.generate_state(1)[0]) for child in children[1:])]
    assert [puzzle_seed(99, i) for i in range(5)] == expected
    assert len(set(expected)) == 5
    assert puzzle_seed(99, 1) != puzzle_seed(100, 1)


def test_a_batch_of_one_is_the_puzzle_of_its_seed() -> None:
    options = GeneratorOptions((6, 8), strategy="density")
    (only,) = generate_batch(options, 123, 1)
    assert only.seed == 123
    assert only.document == generate(options, 123).document


def test_a_batch_reproduces_each_puzzle_alone_and_reports_progress() -> None:
    options = GeneratorOptions((7, 7), strategy="clue-stats")
    calls: list[tuple[int, int]] = []
    batch = list(generate_batch(options, 5, 3, progress=lambda done, n: calls.append((done, n))))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert [g.seed for g in batch] == [puzzle_seed(5, i) for i in range(3)]
    for generated in batch:
        assert generate(options, generated.seed).document == generated.document
    pictures = [generated.document.picture for generated in batch]
    assert all(
        not np.array_equal(pictures[i], pictures[j]) for i in range(3) for j in range(i + 1, 3)
    )
    shorter = [g.document for g in generate_batch(options, 5, 2)]
    assert shorter == [g.document for g in batch[:2]]


def test_a_cancelled_token_stops_generation() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped) as stopped:
        generate(GeneratorOptions((10, 10)), 1, cancel=token)
    assert stopped.value.reason == "cancelled"


def test_cancel_between_puzzles_stops_the_batch() -> None:
    token = CancelToken()

    def progress(done: int, count: int) -> None:
        if done == 1:
            token.cancel()

    batch = generate_batch(GeneratorOptions((6, 6)), 3, 5, cancel=token, progress=progress)
    first = next(batch)
    assert first.seed == puzzle_seed(3, 0)
    with pytest.raises(Stopped):
        next(batch)


def test_a_time_limit_stops_a_long_generation_midway() -> None:
    """A 40×40 random-density puzzle takes seconds (many analyses and a repair); the token's
    deadline interrupts whatever runs when it passes."""
    with pytest.raises(Stopped) as stopped:
        generate(GeneratorOptions((40, 40), strategy="density"), 1, cancel=CancelToken(0.05))
    assert stopped.value.reason == "timeout"
