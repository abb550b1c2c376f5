"""Waiting for a condition in a test: polled, with a deadline, never a fixed sleep."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

POLL_SECONDS = 0.02


def wait_for(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    """The first true value of ``condition()``, polled until ``seconds`` have passed.

    Raises:
        TimeoutError: naming ``what`` when it never came.
    """
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {seconds:g} s")
        time.sleep(POLL_SECONDS)
