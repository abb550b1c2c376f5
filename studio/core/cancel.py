"""Cooperative cancellation and time limits for long computations.

A :class:`CancelToken` travels with one computation (an analysis, a generation). The GUI calls
:meth:`CancelToken.cancel` from its own thread when a newer edit makes the running analysis stale;
Python loops call :meth:`CancelToken.check` between steps, and solver sessions register an
interrupt callback so that a SAT call in progress stops at once (docs/architecture.md,
"Cancellation").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Literal

from studio.core.errors import StudioError

StopReason = Literal["cancelled", "timeout", "limit"]
"""Why a computation stopped: cancelled, out of time, or past a limit the caller set."""


class Stopped(StudioError):
    """Raised inside a computation that was cancelled or ran out of time."""

    def __init__(self, reason: StopReason) -> None:
        self.reason: StopReason = reason
        messages = {"cancelled": "cancelled", "timeout": "time limit reached", "limit": "limit"}
        super().__init__(messages[reason])


class CancelToken:
    """Cancellation flag plus an optional deadline, safe to use from several threads.

    Args:
        timeout: seconds from now after which :meth:`check` raises ``Stopped("timeout")``;
            ``None`` for no limit.
    """

    def __init__(self, timeout: float | None = None) -> None:
        self._cancelled = threading.Event()
        self._deadline = None if timeout is None else time.monotonic() + timeout
        self._lock = threading.Lock()
        self._interrupts: list[Callable[[], None]] = []

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Ask the computation to stop; interrupts any solver call in progress."""
        self._cancelled.set()
        with self._lock:
            callbacks = list(self._interrupts)
        for interrupt in callbacks:
            interrupt()

    def remaining(self) -> float | None:
        """Seconds left before the deadline (never negative), or ``None`` without a deadline."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.monotonic())

    def check(self) -> None:
        """Raise :class:`Stopped` if cancelled or past the deadline."""
        if self._cancelled.is_set():
            raise Stopped("cancelled")
        remaining = self.remaining()
        if remaining is not None and remaining <= 0.0:
            raise Stopped("timeout")

    def on_cancel(self, interrupt: Callable[[], None]) -> Callable[[], None]:
        """Call ``interrupt`` when cancelled (at once if already so); returns the unregister."""
        with self._lock:
            self._interrupts.append(interrupt)
        if self._cancelled.is_set():
            interrupt()

        def unregister() -> None:
            with self._lock:
                self._interrupts.remove(interrupt)

        return unregister
