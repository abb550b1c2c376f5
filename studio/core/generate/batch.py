"""Many puzzles at once, on several processes, the same whatever their number.

python-sat holds the GIL in plain solve calls, so threads would not run generators side by side:
a process pool does (DESIGN.md §2, Threads). Puzzle ``i`` comes from ``puzzle_seed(seed, i)``
(:func:`.base.puzzle_seed`), results are taken in index order, and a puzzle equal to an earlier
one is skipped for the next index: so the batch depends on the seed only, not on the number of
processes or on which finishes first.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context

from studio.core.cancel import CancelToken
from studio.core.contract.generation import (
    Generated,
    GeneratorError,
    GeneratorOptions,
    check_seed,
    puzzle_seed,
)
from studio.core.generate import generate, resolved

POOL_AFTER_SECONDS = 1.0
"""A batch moves to a process pool once the puzzles still wanted are expected to take this long
in this process (see :func:`_worth_a_pool`): starting the processes costs
about half a second to a second (each imports numpy and python-sat), which a short batch never
repays (benchmarks/books.py: 40 15×15 nonograms take 0.1 s here, 0.5 s on a pool of two; 200
25×25 ones 3.3 s here, 2.6 s on the pool)."""

PUZZLES_TIMED = 3
"""Puzzles made in this process before the batch's length is estimated: the first also pays for
warming caches (up to five times a 15×15's usual time), so their median is the estimate."""

MAX_INDICES_PER_PUZZLE = 20
"""Indices tried per puzzle wanted before giving up on finding that many distinct puzzles
(tiny sizes have few puzzles)."""


def _make(options: GeneratorOptions, seed: int) -> Generated:
    return generate(options, seed)


def generate_batch(
    options: GeneratorOptions,
    seed: int,
    count: int,
    *,
    jobs: int = 1,
    pool_after: float = POOL_AFTER_SECONDS,
    cancel: CancelToken | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Generated]:
    """``count`` distinct puzzles (no two with the same clues and givens), in index order.

    Args:
        options: what to generate (the kind's generator is chosen by ``options.kind``).
        seed: the batch's seed; the result depends on it alone.
        count: puzzles wanted.
        jobs: the most processes to generate on (1: this process only).
        pool_after: seconds the rest of the batch must be expected to take in this process
            before it goes to a pool of ``jobs`` processes (0: a pool after the first puzzle,
            whatever it took).
        cancel: checked between puzzles; stops the pool.
        progress: ``progress(done, count)`` after each puzzle yielded.

    Raises:
        GeneratorError: at once for bad options, a negative seed or count, or ``jobs`` < 1;
            while iterating, as :func:`~studio.core.generate.generate`, or for fewer than
            ``count`` distinct puzzles within :data:`MAX_INDICES_PER_PUZZLE` indices per puzzle.
        Stopped: when ``cancel`` fires.
    """
    check_seed(seed)
    if jobs < 1:
        raise GeneratorError(f"jobs must be at least 1, got {jobs}")
    if count < 0:
        raise GeneratorError(f"count must be 0 or more, got {count}")
    options = resolved(options)
    token = cancel or CancelToken()
    return _distinct(options, seed, count, jobs, pool_after, token, progress)


def _distinct(
    options: GeneratorOptions,
    seed: int,
    count: int,
    jobs: int,
    pool_after: float,
    cancel: CancelToken,
    progress: Callable[[int, int], None] | None,
) -> Iterator[Generated]:
    if count == 0:
        return
    seen: set[object] = set()
    made = 0
    limit = count * MAX_INDICES_PER_PUZZLE
    for generated in _in_order(options, seed, count, limit, jobs, pool_after, cancel):
        if generated.document.puzzle in seen:
            continue
        seen.add(generated.document.puzzle)
        made += 1
        if progress is not None:
            progress(made, count)
        yield generated
        if made == count:
            return
    raise GeneratorError(f"only {made} distinct puzzles of {count} could be made")


def _in_order(
    options: GeneratorOptions,
    seed: int,
    count: int,
    limit: int,
    jobs: int,
    pool_after: float,
    cancel: CancelToken,
) -> Iterator[Generated]:
    """Puzzles ``0 .. limit-1`` of the batch, in order: in this process while the ``count``
    wanted are expected to be done within ``pool_after`` seconds more, then on ``jobs``
    processes."""
    index = 0
    durations: list[float] = []
    while index < limit:
        cancel.check()
        started = time.perf_counter()
        generated = generate(options, puzzle_seed(seed, index), cancel=cancel)
        durations.append(time.perf_counter() - started)
        yield generated
        index += 1
        if jobs > 1 and _worth_a_pool(durations, count - index, pool_after):
            yield from _on_pool(options, seed, range(index, limit), jobs, cancel)
            return


def _worth_a_pool(durations: list[float], left: int, pool_after: float) -> bool:
    """Whether the ``left`` puzzles still wanted are expected to take ``pool_after`` seconds or
    more here: the median of the ``durations`` (seconds) of those made, once
    :data:`PUZZLES_TIMED` are, times ``left``. Always, when ``pool_after`` is 0."""
    if left <= 0:
        return False
    if pool_after == 0:
        return True
    return len(durations) >= PUZZLES_TIMED and statistics.median(durations) * left >= pool_after


def _on_pool(
    options: GeneratorOptions, seed: int, indices: range, jobs: int, cancel: CancelToken
) -> Iterator[Generated]:
    """Puzzles ``indices`` of the batch, in order, made ``jobs`` at a time."""
    # Spawned, not forked: the caller may have threads (the GUI's workers), and a fork copies
    # their locks in whatever state they are.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        pending: dict[int, Future[Generated]] = {}
        ahead = iter(indices)
        try:
            for index in indices:
                # Keep every process busy, but do not run far ahead of what is consumed.
                while len(pending) < 2 * jobs and (following := next(ahead, None)) is not None:
                    pending[following] = pool.submit(_make, options, puzzle_seed(seed, following))
                cancel.check()
                yield pending.pop(index).result()
        finally:
            for future in pending.values():
                future.cancel()
