"""The batch mechanism: results in stream order whatever finishes first, a bounded window of
tasks in flight, known results passed through, and a cancel that does not wait for a task.

The pool here is a thread pool put in place of the local process pool, so that the tasks can
wait on events the test sets; the real pools are tested in test_local.py and test_cluster.py.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.parallel import Ready, in_order, ordered

GUARD_SECONDS = 30.0  # a task never waits longer than this for the test, so nothing hangs


class ThreadPool:
    """Two slots on ``threads`` threads (more than the slots: a task may wait for a later one);
    remembers what was submitted."""

    def __init__(self, threads: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads)
        self.submitted: list[Future[Any]] = []

    def submit(self, function: Callable[..., Any], /, *arguments: object) -> Future[Any]:
        future = self.executor.submit(function, *arguments)
        self.submitted.append(future)
        return future

    def slots(self) -> int:
        return 2


@pytest.fixture
def pool_of(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], ThreadPool]]:
    """``pool_of(threads)``: the pool a batch with ``jobs`` > 1 moves to from now on."""
    pools: list[ThreadPool] = []

    def make(threads: int) -> ThreadPool:
        pools.append(ThreadPool(threads))

        @contextmanager
        def thread_pool(jobs: int) -> Iterator[ThreadPool]:
            try:
                yield pools[-1]
            finally:  # as the real pools do
                pools[-1].executor.shutdown(wait=False, cancel_futures=True)

        monkeypatch.setattr(ordered, "local_pool", thread_pool)
        return pools[-1]

    yield make
    for pool in pools:
        pool.executor.shutdown()


def test_results_come_in_stream_order_when_later_tasks_finish_first(
    pool_of: Callable[[int], ThreadPool],
) -> None:
    pool_of(4)
    finished: list[int] = []
    done = {index: threading.Event() for index in range(6)}

    def task(index: int, cancel: CancelToken | None = None) -> int:
        # On the pool (items 1 to 4, one window), each waits for the one after it.
        if 1 <= index < 4:
            assert done[index + 1].wait(GUARD_SECONDS)
        finished.append(index)
        done[index].set()
        return index * 10

    batch = in_order(
        task, [(i,) for i in range(6)], wanted=6, jobs=2, pool_after=0, cancel=CancelToken()
    )
    assert list(batch) == [0, 10, 20, 30, 40, 50]
    assert finished[:5] == [0, 4, 3, 2, 1]


def test_no_more_than_two_tasks_a_slot_are_in_flight(
    pool_of: Callable[[int], ThreadPool],
) -> None:
    pool = pool_of(2)

    def task(index: int, cancel: CancelToken | None = None) -> int:
        return index

    taken = 0
    for taken, result in enumerate(
        in_order(
            task, ((i,) for i in range(50)), wanted=50, jobs=2, pool_after=0, cancel=CancelToken()
        ),
        start=1,
    ):
        assert result == taken - 1
        in_flight = len(pool.submitted) - (taken - 1)  # item 0 ran here
        assert in_flight <= 2 * pool.slots()
    assert taken == 50


def test_ready_items_keep_their_place_and_run_nowhere(
    pool_of: Callable[[int], ThreadPool],
) -> None:
    pool = pool_of(2)

    def task(word: str, cancel: CancelToken | None = None) -> str:
        return word.upper()

    items: list[tuple[object, ...] | Ready[str]] = [("a",), Ready("kept"), ("b",), Ready("too")]
    batch = in_order(task, items, wanted=4, jobs=2, pool_after=0, cancel=CancelToken())
    assert list(batch) == ["A", "kept", "B", "too"]
    assert len(pool.submitted) == 1  # "b"; "a" ran here before the batch moved to the pool


def test_without_a_pool_every_item_runs_here_with_the_cancel_token() -> None:
    token = CancelToken()
    seen: list[CancelToken | None] = []

    def task(index: int, cancel: CancelToken | None = None) -> int:
        seen.append(cancel)
        return index

    assert list(in_order(task, [(1,), (2,)], wanted=2, jobs=1, cancel=token)) == [1, 2]
    assert seen == [token, token]


def test_cancel_stops_the_wait_at_once_and_leaves_the_pool(
    pool_of: Callable[[int], ThreadPool],
) -> None:
    pool = pool_of(2)  # of the window of four, two run and two wait for a thread
    token = CancelToken()
    release = threading.Event()

    def task(index: int, cancel: CancelToken | None = None) -> int:
        if index == 1:  # the first task on the pool: cancels the batch, then never ends by itself
            token.cancel()
        if index >= 1:
            release.wait(GUARD_SECONDS)
        return index

    try:
        batch = in_order(
            task, [(i,) for i in range(10)], wanted=10, jobs=2, pool_after=0, cancel=token
        )
        assert next(batch) == 0
        with pytest.raises(Stopped):
            next(batch)
        assert not pool.submitted[0].done(), "the batch did not wait for the running task"
        assert all(future.cancelled() for future in pool.submitted[2:]), "the pool was left"
    finally:
        release.set()
