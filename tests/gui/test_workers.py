"""Background workers: newest result only, progress and cancel, failures reported."""

from __future__ import annotations

import threading
import time

import pytest
from pytestqt.qtbot import QtBot

from studio.core.cancel import CancelToken
from studio.core.errors import StudioError
from studio.gui.error_log import LOG_LIMIT, log_path, record
from studio.gui.workers import PROGRESS_INTERVAL, Batch, LatestOnly
from tests.gui.conftest import running_threads


def blocking_job(release: threading.Event, value: str):
    """A job that waits until released or cancelled (like a long SAT call)."""

    def job(cancel: CancelToken) -> str:
        while not release.wait(0.01):
            cancel.check()
        return value

    return job


def test_latest_only_reports_only_the_newest_request(qtbot: QtBot) -> None:
    runner = LatestOnly(debounce_ms=0, time_limit=None)
    release = threading.Event()
    with qtbot.waitSignal(runner.finished, timeout=5_000) as blocker:
        runner.request(blocking_job(release, "old"), immediately=True)
        runner.request(lambda cancel: "new", immediately=True)
        release.set()
    assert blocker.args == ["new"]
    runner.shutdown()
    assert not running_threads()


def test_a_failing_job_is_one_line_and_its_traceback_goes_to_the_log(qtbot: QtBot) -> None:
    runner = LatestOnly(debounce_ms=0, time_limit=None)

    def broken(cancel: CancelToken) -> None:
        raise ValueError("a bug\nwith a second line")

    with qtbot.waitSignal(runner.failed, timeout=5_000) as blocker:
        runner.request(broken, immediately=True)
    (message,) = blocker.args
    assert message == f"ValueError: a bug (details in {log_path()})"
    log = log_path().read_text()
    assert "Traceback (most recent call last)" in log
    assert 'raise ValueError("a bug' in log
    runner.shutdown()


def test_a_job_at_its_time_limit_says_so_and_leaves_the_runner_free(qtbot: QtBot) -> None:
    """A job stopped by its time limit once left the runner busy for good, and whoever waited
    on it (the rating, the repair suggestions) waiting forever."""
    runner = LatestOnly(debounce_ms=0, time_limit=0.05)
    finished: list[object] = []
    runner.finished.connect(finished.append)
    with qtbot.waitSignal(runner.timed_out, timeout=5_000):
        runner.request(blocking_job(threading.Event(), "never"), immediately=True)
    qtbot.waitUntil(lambda: not running_threads(), timeout=5_000)
    assert not runner.busy
    assert finished == []
    runner.shutdown()


def test_an_unlimited_request_has_no_time_limit_and_the_next_one_has(qtbot: QtBot) -> None:
    runner = LatestOnly(debounce_ms=0, time_limit=60.0)

    def remaining(cancel: CancelToken) -> float | None:
        return cancel.remaining()

    with qtbot.waitSignal(runner.finished, timeout=5_000) as blocker:
        runner.request(remaining, immediately=True, unlimited=True)
    assert blocker.args == [None]
    with qtbot.waitSignal(runner.finished, timeout=5_000) as blocker:
        runner.request(remaining, immediately=True)
    assert 0 < blocker.args[0] <= 60.0
    runner.shutdown()


def test_a_failed_job_leaves_the_runner_free(qtbot: QtBot) -> None:
    runner = LatestOnly(debounce_ms=0, time_limit=None)

    def broken(cancel: CancelToken) -> None:
        raise StudioError("no")

    with qtbot.waitSignal(runner.failed, timeout=5_000):
        runner.request(broken, immediately=True)
    qtbot.waitUntil(lambda: not runner.busy, timeout=5_000)  # it once stayed busy for good
    runner.shutdown()


def test_running_out_of_memory_is_one_line(qtbot: QtBot) -> None:
    """A worker's MemoryError once reached the user as a dialog holding a traceback."""
    batch = Batch()

    def greedy(cancel: CancelToken, progress: object) -> None:
        raise MemoryError

    with qtbot.waitSignal(batch.failed, timeout=5_000) as blocker:
        batch.start(greedy)
    assert blocker.args == [f"not enough memory (details in {log_path()})"]
    batch.shutdown()


def test_bad_input_in_a_job_is_its_own_message(qtbot: QtBot) -> None:
    batch = Batch()

    def refuse(cancel: CancelToken, progress: object) -> None:
        raise StudioError("x.txt: not a regular file")

    with qtbot.waitSignal(batch.failed, timeout=5_000) as blocker:
        batch.start(refuse)
    assert blocker.args == ["x.txt: not a regular file"]
    assert not log_path().exists(), "bad input is no bug: nothing to log"
    batch.shutdown()


def test_the_log_keeps_its_newest_part(tmp_path) -> None:
    path = log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"old entry\n" * (LOG_LIMIT // 10))
    message = record(RuntimeError("newest"))
    assert message.endswith(f"(details in {path})")
    kept = path.read_bytes()
    assert len(kept) == LOG_LIMIT
    assert kept.rstrip().endswith(b"RuntimeError: newest")


def test_a_job_stepping_fast_sends_few_reports(qtbot: QtBot) -> None:
    # Reading a 10 000-puzzle book: one queued event a step froze the window for 1.6 s.
    batch = Batch()
    seen: list[tuple[int, int]] = []
    batch.progress.connect(lambda done, total: seen.append((done, total)))
    steps = 100_000

    def count(cancel: CancelToken, progress) -> int:
        started = time.monotonic()
        for step in range(steps):
            progress(step + 1, steps)
        return int((time.monotonic() - started) / PROGRESS_INTERVAL) + 2

    with qtbot.waitSignal(batch.finished, timeout=10_000) as blocker:
        batch.start(count)
    qtbot.waitUntil(lambda: not batch.busy, timeout=5_000)
    assert len(seen) <= blocker.args[0], "one report an interval at most, and the last"
    assert seen[-1] == (steps, steps)
    batch.shutdown()


def test_batch_reports_progress_and_can_be_cancelled(qtbot: QtBot) -> None:
    batch = Batch()
    seen: list[tuple[int, int]] = []
    batch.progress.connect(lambda done, total: seen.append((done, total)))

    def count(cancel: CancelToken, progress) -> int:
        for step in range(3):
            progress(step + 1, 3)
        return 3

    with qtbot.waitSignal(batch.finished, timeout=5_000) as blocker:
        batch.start(count)
    assert blocker.args == [3]
    qtbot.waitUntil(lambda: not batch.busy, timeout=5_000)
    assert seen[0] == (1, 3), "the first step is shown at once"
    assert seen[-1] == (3, 3), "and the last always"

    release = threading.Event()
    with qtbot.waitSignal(batch.cancelled, timeout=5_000):
        batch.start(lambda cancel, progress: blocking_job(release, "never")(cancel))
        with pytest.raises(RuntimeError, match="already running"):
            batch.start(count)
        batch.cancel()
    batch.shutdown()
    assert not running_threads()
