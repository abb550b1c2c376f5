"""Fixtures of the solver tests."""

from __future__ import annotations

from multiprocessing.context import SpawnProcess

import pytest


@pytest.fixture
def spawned(monkeypatch: pytest.MonkeyPatch) -> list[SpawnProcess]:
    """Every child process started with ``spawn`` during the test, in order."""
    started: list[SpawnProcess] = []
    start = SpawnProcess.start

    def recording(process: SpawnProcess) -> None:
        start(process)
        started.append(process)

    monkeypatch.setattr(SpawnProcess, "start", recording)
    return started
