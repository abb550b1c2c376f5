"""Many puzzles at once, on several processes or machines, the same whatever their number.

Puzzle ``i`` comes from ``puzzle_seed(seed, i)``
(:func:`~studio.core.contract.generation.puzzle_seed`), results are taken in index order
(:func:`studio.core.parallel.in_order`: in this process, then on a process pool once the batch
proves long, or on a Dask cluster), and a puzzle equal to an earlier one is skipped for the next
index: so the batch depends on the seed only, not on the number of processes or machines, nor on
which finishes first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import closing

from studio.core.cancel import CancelToken
from studio.core.contract.generation import (
    Generated,
    GeneratorError,
    GeneratorOptions,
    Report,
    check_seed,
    puzzle_seed,
)
from studio.core.generate import generate, resolved
from studio.core.parallel import POOL_AFTER_SECONDS, in_order, require_dask

__all__ = ["MAX_INDICES_PER_PUZZLE", "POOL_AFTER_SECONDS", "generate_batch"]

MAX_INDICES_PER_PUZZLE = 20
"""Indices tried per puzzle wanted before giving up on finding that many distinct puzzles
(tiny sizes have few puzzles)."""


def puzzle_of_batch(
    options: GeneratorOptions,
    seed: int,
    index: int,
    cancel: CancelToken | None = None,
    report: Report | None = None,
) -> Generated:
    """Puzzle ``index`` of the batch seeded ``seed``: a function of these alone, wherever it
    runs (a batch's work unit, sent to other processes by name)."""
    return generate(options, puzzle_seed(seed, index), cancel=cancel, report=report)


def generate_batch(
    options: GeneratorOptions,
    seed: int,
    count: int,
    *,
    jobs: int = 1,
    pool_after: float = POOL_AFTER_SECONDS,
    scheduler: str | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[int, int], None] | None = None,
    report: Report | None = None,
) -> Iterator[Generated]:
    """``count`` distinct puzzles (no two with the same clues and givens), in index order, each
    as soon as it and those before it are made.

    Args:
        options: what to generate (the kind's generator is chosen by ``options.kind``).
        seed: the batch's seed; the result depends on it alone.
        count: puzzles wanted.
        jobs: the most processes to generate on (1: this process only).
        pool_after: seconds the rest of the batch must be expected to take in this process
            before it goes to a pool of ``jobs`` processes (0: a pool after the first puzzle,
            whatever it took).
        scheduler: the address of a Dask scheduler (``tcp://host:port``): every puzzle is made
            on its cluster, and ``jobs`` and ``pool_after`` do not apply.
        cancel: checked between puzzles; cancels the puzzles not yet made on a pool.
        progress: ``progress(done, count)`` after each puzzle yielded.
        report: how a puzzle that takes long is coming along
            (:func:`~studio.core.generate.generate`), for the puzzles made in this process
            (a pool's puzzles report nothing).

    Raises:
        GeneratorError: at once for bad options, a negative seed or count, or ``jobs`` < 1;
            while iterating, as :func:`~studio.core.generate.generate`, or for fewer than
            ``count`` distinct puzzles within :data:`MAX_INDICES_PER_PUZZLE` indices per puzzle.
        DaskMissing: at once, for a ``scheduler`` without Dask installed.
        ClusterError: while iterating, when the scheduler cannot be reached or the cluster
            fails.
        Stopped: when ``cancel`` fires.
    """
    check_seed(seed)
    if jobs < 1:
        raise GeneratorError(f"jobs must be at least 1, got {jobs}")
    if count < 0:
        raise GeneratorError(f"count must be 0 or more, got {count}")
    if scheduler is not None:
        require_dask()
    options = resolved(options)
    token = cancel or CancelToken()
    return _distinct(options, seed, count, jobs, pool_after, scheduler, token, progress, report)


def _distinct(
    options: GeneratorOptions,
    seed: int,
    count: int,
    jobs: int,
    pool_after: float,
    scheduler: str | None,
    cancel: CancelToken,
    progress: Callable[[int, int], None] | None,
    report: Report | None,
) -> Iterator[Generated]:
    if count == 0:
        return
    seen: set[object] = set()
    made = 0
    indices = range(count * MAX_INDICES_PER_PUZZLE)
    batch = in_order(
        puzzle_of_batch,
        ((options, seed, index) for index in indices),
        wanted=count,
        jobs=jobs,
        pool_after=pool_after,
        scheduler=scheduler,
        cancel=cancel,
        here={"report": report},
    )
    with closing(batch):  # once done, the puzzles still pending are cancelled
        for generated in batch:
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
