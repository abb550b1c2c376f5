"""Background workers: newest result only, progress and cancel, failures reported."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from studio.core.cancel import CancelToken
from studio.gui.workers import Batch, LatestOnly, running_workers


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
    assert running_workers() == 0


def test_latest_only_reports_a_failing_job(qtbot: QtBot) -> None:
    runner = LatestOnly(debounce_ms=0, time_limit=None)

    def broken(cancel: CancelToken) -> None:
        raise ValueError("a bug")

    with qtbot.waitSignal(runner.failed, timeout=5_000) as blocker:
        runner.request(broken, immediately=True)
    assert "ValueError: a bug" in blocker.args[0]
    runner.shutdown()


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
    assert seen == [(1, 3), (2, 3), (3, 3)]

    release = threading.Event()
    with qtbot.waitSignal(batch.cancelled, timeout=5_000):
        batch.start(lambda cancel, progress: blocking_job(release, "never")(cancel))
        with pytest.raises(RuntimeError, match="already running"):
            batch.start(count)
        batch.cancel()
    batch.shutdown()
    assert running_workers() == 0
