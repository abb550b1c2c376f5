"""The one batch mechanism: a function over a stream of arguments, the results in stream order.

A batch starts in this process and moves to a pool once the rest of it is expected to take a
while (:func:`in_order`), or runs on a Dask cluster from the start when given a scheduler. On a
pool the tasks in flight are a bounded window over the stream: two a slot, so every worker stays
busy, the stream is read only as far as needed, and cancelling has few tasks to stop.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, InvalidStateError, wait
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

from studio.core.cancel import CancelToken
from studio.core.parallel.cluster import dask_pool
from studio.core.parallel.local import local_pool

T = TypeVar("T")

POOL_AFTER_SECONDS = 1.0
"""A batch moves to a process pool once the items still wanted are expected to take this long
in this process (see :func:`_worth_a_pool`): starting the processes costs about half a second to
a second (each imports numpy and python-sat), which a short batch never repays
(benchmarks/books.py: 40 15×15 nonograms take 0.1 s here, 0.5 s on a pool of two; 200 25×25
ones 3.3 s here, 2.6 s on the pool)."""

ITEMS_TIMED = 3
"""Items run in this process before the batch's length is estimated: the first also pays for
warming caches (up to five times a 15×15 puzzle's usual time), so their median is the
estimate."""


@dataclass(frozen=True)
class Ready(Generic[T]):
    """An item whose result is known already (a bad input's error, say): it takes its place in
    the order and runs nowhere."""

    value: T


Item: TypeAlias = "tuple[object, ...] | Ready[T]"
"""The arguments of one call of the batch's function, or its result when already known."""


class Pool(Protocol):
    """Where a batch's tasks run: a local process pool or a Dask cluster. Each comes from a
    context manager whose exit cancels the tasks not yet started (and, for Dask, those
    running)."""

    def submit(self, function: Callable[..., T], /, *arguments: object) -> Future[T]:
        """Run ``function(*arguments)`` there; the future holds its result or exception."""
        ...

    def slots(self) -> int:
        """How many tasks run there at once now (0 while a cluster has no worker)."""
        ...


def in_order(
    function: Callable[..., T],
    items: Iterable[Item[T]],
    *,
    wanted: int,
    jobs: int = 1,
    pool_after: float = POOL_AFTER_SECONDS,
    scheduler: str | None = None,
    cancel: CancelToken,
    here: Mapping[str, object] | None = None,
) -> Generator[T, None, None]:
    """``function(*item)`` for each item of ``items`` (a :class:`Ready` item's value as it is),
    in the order of ``items``, each as soon as it and those before it are done.

    Args:
        function: a top-level function (a pool finds it by name), called as
            ``function(*item, cancel=cancel)`` in this process and ``function(*item)`` in a
            pool; its result must depend on the item alone, so that it is the same wherever
            it runs.
        items: the argument tuples, read only as far as the tasks in flight need.
        wanted: the results the caller expects to take, for the estimate of the batch's length.
        jobs: the most processes of the local pool (1: this process only).
        pool_after: seconds the rest of the batch must be expected to take in this process
            before it goes to a pool of ``jobs`` processes (0: a pool after the first item,
            whatever it took).
        scheduler: the address of a Dask scheduler (``tcp://host:port``): every item runs on
            its cluster, and ``jobs`` and ``pool_after`` do not apply.
        cancel: checked between items and while waiting for a pool: cancels the tasks still
            to run and stops the wait at once.
        here: more keyword arguments for ``function`` in this process only, like ``cancel``
            (e.g. a progress callback, which cannot travel to a pool).

    Raises:
        Stopped: when ``cancel`` fires.
        ClusterError: when the cluster cannot be reached or fails (:mod:`.cluster`).
        Exception: what ``function`` raised, for the first item that raised.
    """
    stream = iter(items)
    if scheduler is not None:
        with dask_pool(scheduler) as pool:
            yield from _on_pool(pool, function, stream, cancel)
        return
    durations: list[float] = []
    for done, item in enumerate(stream, start=1):
        cancel.check()
        if isinstance(item, Ready):
            yield item.value
        else:
            started = time.perf_counter()
            result = function(*item, cancel=cancel, **(here or {}))
            durations.append(time.perf_counter() - started)
            yield result
        if jobs > 1 and _worth_a_pool(durations, wanted - done, pool_after):
            with local_pool(jobs) as pool:
                yield from _on_pool(pool, function, stream, cancel)
            return


def _worth_a_pool(durations: list[float], left: int, pool_after: float) -> bool:
    """Whether the ``left`` items still wanted are expected to take ``pool_after`` seconds or
    more here: the median of the ``durations`` (seconds) of those run, once :data:`ITEMS_TIMED`
    are, times ``left``. Always, when ``pool_after`` is 0."""
    if left <= 0:
        return False
    if pool_after == 0:
        return True
    return len(durations) >= ITEMS_TIMED and statistics.median(durations) * left >= pool_after


def _on_pool(
    pool: Pool, function: Callable[..., T], stream: Iterator[Item[T]], cancel: CancelToken
) -> Iterator[T]:
    """The results of the items of ``stream`` run on ``pool``, in order. When the caller stops
    or ``cancel`` fires, the tasks not taken are the pool's to cancel as it is left (cancelling
    a Dask task's ``concurrent.futures`` future here could race with its result coming in)."""
    cancelled: Future[None] = Future()
    unregister = cancel.on_cancel(lambda: _settle(cancelled))
    pending: deque[Future[T]] = deque()
    try:
        while True:
            while len(pending) < 2 * max(1, pool.slots()):
                item = next(stream, None)
                if item is None:
                    break
                if isinstance(item, Ready):
                    pending.append(_settled(item.value))
                else:
                    pending.append(pool.submit(function, *item))
            if not pending:
                return
            # Wait for the next result or for the cancel, whichever comes first: a puzzle in
            # progress on a pool cannot be interrupted, but the batch need not wait for it.
            while True:
                cancel.check()
                if pending[0].done():
                    break
                watched: list[Future[Any]] = [pending[0], cancelled]
                wait(watched, timeout=cancel.remaining(), return_when=FIRST_COMPLETED)
            yield pending.popleft().result()
    finally:
        unregister()


def _settled(value: T) -> Future[T]:
    future: Future[T] = Future()
    future.set_result(value)
    return future


def _settle(future: Future[None]) -> None:
    with suppress(InvalidStateError):  # the token was cancelled twice
        future.set_result(None)
