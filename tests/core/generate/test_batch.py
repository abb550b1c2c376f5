"""Batches: the same puzzles for any number of processes, and no two alike."""

from __future__ import annotations

import pytest

from studio.core.contract import generation
from studio.core.generate import GeneratorError, GeneratorOptions, Underway, generate
from studio.core.generate.batch import generate_batch
from studio.core.parallel import local, ordered


def test_one_and_two_processes_make_the_same_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    options = GeneratorOptions((8, 8))
    one = [g.document for g in generate_batch(options, 21, 6, jobs=1)]
    pools: list[int] = []
    monkeypatch.setattr(local, "ProcessPoolExecutor", counting(local.ProcessPoolExecutor, pools))
    two = [g.document for g in generate_batch(options, 21, 6, jobs=2, pool_after=0)]
    assert pools == [2], "the second batch ran on a pool of two processes"
    assert one == two
    assert len({d.puzzle for d in one}) == 6


class HalfSecondClock:
    """A clock by which every puzzle takes half a second to make."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.5  # a reading before and after each puzzle: 0.5 s apart
        return self.now


@pytest.mark.parametrize(("count", "pools_made"), [(4, []), (6, [2])])
def test_a_pool_starts_once_the_rest_would_take_longer_than_pool_after(
    monkeypatch: pytest.MonkeyPatch, count: int, pools_made: list[int]
) -> None:
    # After the three puzzles timed, the rest is expected to take 0.5 s (4 wanted) or 1.5 s (6).
    pools: list[int] = []
    monkeypatch.setattr(local, "ProcessPoolExecutor", counting(local.ProcessPoolExecutor, pools))
    monkeypatch.setattr(ordered, "time", HalfSecondClock())
    made = generate_batch(GeneratorOptions((5, 5)), 3, count, jobs=2, pool_after=1.0)
    assert len(list(made)) == count
    assert pools == pools_made


def counting(pool_class: type, pools: list[int]) -> type:
    """``pool_class``, noting the size of every pool made."""

    class Counted(pool_class):  # type: ignore[misc, valid-type]
        def __init__(self, max_workers: int, **kwargs: object) -> None:
            pools.append(max_workers)
            super().__init__(max_workers, **kwargs)

    return Counted


def test_duplicates_are_skipped_deterministically() -> None:
    # 2×2 has few unique puzzles: a batch of 3 must skip repeats, the same way every time.
    options = GeneratorOptions((2, 2), strategy="density")
    first = [g.document.puzzle for g in generate_batch(options, 1, 3)]
    assert len(set(first)) == 3
    again = generate_batch(options, 1, 3, jobs=2, pool_after=0)
    assert [g.document.puzzle for g in again] == first


def test_more_distinct_puzzles_than_exist_is_an_error() -> None:
    with pytest.raises(GeneratorError, match="distinct puzzles"):
        list(generate_batch(GeneratorOptions((2, 2), strategy="density"), 1, 40))


def test_bad_jobs() -> None:
    with pytest.raises(GeneratorError, match="jobs"):
        generate_batch(GeneratorOptions((5, 5)), 1, 1, jobs=0)


def test_puzzle_i_of_a_difficulty_band_depends_on_the_seed_and_i_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Puzzles passed over for being too easy do not shift the ones after: the first two of a
    batch of three are the batch of two; each one's seed makes it alone; and the puzzles made
    in this process report how they are coming along."""
    options = GeneratorOptions((8, 8), min_difficulty=3)
    monkeypatch.setattr(generation, "REPORT_EVERY", 0.0)
    heard: list[Underway] = []
    three = list(generate_batch(options, 5, 3, report=heard.append))
    two = list(generate_batch(options, 5, 2))
    assert [g.document for g in two] == [g.document for g in three[:2]]
    for generated in three:
        assert generate(options, generated.seed).document == generated.document
        assert generated.analysis.difficulty is not None
        assert generated.analysis.difficulty.score >= 3
    # Each puzzle's reports count its tries from 1 up to its attempts.
    tries = [u.tries for u in heard]
    starts = [i for i, t in enumerate(tries) if i == 0 or t < tries[i - 1]]
    ends = [tries[i - 1] for i in starts[1:]] + [tries[-1]]
    assert ends == [g.attempts for g in three]
