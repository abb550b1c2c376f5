"""Batches: the same puzzles for any number of processes, and no two alike."""

from __future__ import annotations

import pytest

from studio.core.generate import GeneratorError, GeneratorOptions
from studio.core.generate.batch import generate_batch


def test_one_and_two_processes_make_the_same_batch() -> None:
    options = GeneratorOptions((8, 8))
    one = [g.document for g in generate_batch(options, 21, 6, jobs=1)]
    two = [g.document for g in generate_batch(options, 21, 6, jobs=2)]
    assert one == two
    assert len({d.puzzle for d in one}) == 6


def test_duplicates_are_skipped_deterministically() -> None:
    # 2×2 has few unique puzzles: a batch of 3 must skip repeats, the same way every time.
    options = GeneratorOptions((2, 2), strategy="density")
    first = [g.document.puzzle for g in generate_batch(options, 1, 3)]
    assert len(set(first)) == 3
    assert [g.document.puzzle for g in generate_batch(options, 1, 3, jobs=2)] == first


def test_more_distinct_puzzles_than_exist_is_an_error() -> None:
    with pytest.raises(GeneratorError, match="distinct puzzles"):
        list(generate_batch(GeneratorOptions((2, 2), strategy="density"), 1, 40))


def test_bad_jobs() -> None:
    with pytest.raises(GeneratorError, match="jobs"):
        generate_batch(GeneratorOptions((5, 5)), 1, 1, jobs=0)
