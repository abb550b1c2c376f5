"""A pool of processes on this machine, for :func:`studio.core.parallel.in_order`.

python-sat holds the GIL in plain solve calls, so threads would not run puzzles side by side: a
process pool does (docs/architecture.md, "Batches").
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import get_context
from typing import Any, TypeVar
from weakref import WeakSet

from studio.core.children import die_with_parent

T = TypeVar("T")


class LocalPool:
    """``jobs`` processes of this machine (a :class:`~studio.core.parallel.ordered.Pool`)."""

    def __init__(self, executor: ProcessPoolExecutor, jobs: int) -> None:
        self._executor = executor
        self._jobs = jobs
        self._futures: WeakSet[Future[Any]] = WeakSet()  # those not yet dropped by the batch

    def submit(self, function: Callable[..., T], /, *arguments: object) -> Future[T]:
        future = self._executor.submit(function, *arguments)
        self._futures.add(future)
        return future

    def slots(self) -> int:
        return self._jobs

    def cancel(self) -> None:
        """Cancel the tasks not started."""
        # Not left to shutdown(cancel_futures=True): without waiting, the pool's thread may
        # find the executor collected before it cancels anything, and run every task queued.
        for future in list(self._futures):
            future.cancel()


@contextmanager
def local_pool(jobs: int) -> Iterator[LocalPool]:
    """A pool of ``jobs`` processes, shut down on leaving: after the tasks in progress when the
    batch ended, or at once (they finish on their own) when it was cancelled or failed."""
    # Spawned, not forked: the caller may have threads (the GUI's workers), and a fork copies
    # their locks in whatever state they are.
    # Each worker dies with this process: killed (``kill PID``), it cannot shut them down.
    executor = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=get_context("spawn"),
        initializer=die_with_parent,
        initargs=(os.getpid(),),
    )
    pool = LocalPool(executor, jobs)
    ended = False
    try:
        yield pool
        ended = True
    except GeneratorExit:  # the caller took what it wanted and closed the batch
        ended = True
        raise
    finally:
        pool.cancel()
        executor.shutdown(wait=ended)
