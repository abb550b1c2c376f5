"""The local process pool: left at once when a batch is cancelled or failed, after the tasks in
progress when it ended; either way the tasks not started are cancelled."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from concurrent.futures import Future

import pytest

from studio.core.parallel.local import local_pool

SLEEP_SECONDS = 3.0  # a task that is still running when the pool is left at once


def test_a_failed_batch_leaves_the_pool_at_once() -> None:
    futures: list[Future[None]] = []

    def fail_with_tasks_running() -> None:
        with local_pool(2) as pool:
            futures.extend(pool.submit(time.sleep, SLEEP_SECONDS) for _ in range(6))
            raise RuntimeError("cancelled")

    with pytest.raises(RuntimeError):
        fail_with_tasks_running()
    assert not futures[0].done(), "leaving did not wait for the running tasks"
    # Two run, and the process pool may have handed one more to its queue: the rest never start.
    assert all(future.cancelled() for future in futures[3:])


def test_a_finished_batch_waits_for_the_tasks_in_progress() -> None:
    with local_pool(2) as pool:
        futures = [pool.submit(time.sleep, 0.1) for _ in range(4)]
        assert futures[0].result() is None
    assert all(future.done() for future in futures)
    assert pool.slots() == 2


_KILLED_PARENT = """
import os, sys, time
from studio.core.parallel.local import local_pool

with local_pool(1) as pool:
    print(pool.submit(os.getpid).result(), flush=True)
    pool.submit(time.sleep, 120)  # its worker is busy when this process is killed
    sys.stdin.read()
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the kernel's parent-death signal is Linux's")
def test_a_killed_parent_takes_its_workers_with_it() -> None:
    """``kill -9`` of a batch (or ``kill``: no cleanup runs either way) left its workers
    running, orphaned, at full CPU; the kernel now ends them with it."""
    parent = subprocess.Popen(
        [sys.executable, "-c", _KILLED_PARENT],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        ended = os.pidfd_open(worker)  # readable once the worker has ended
        parent.kill()
        parent.wait()
        # Without the parent-death signal the worker sleeps on for two minutes.
        readable, _, _ = select.select([ended], [], [], 60)
        assert readable, "the worker outlived its parent"
        os.close(ended)
    finally:
        parent.kill()
        parent.wait()
