"""Ctrl+C that stops a solver call at once.

Python runs a signal's handler in the main thread, between two bytecodes; a SAT call is one
long C call, so a Ctrl+C during it waited for the call to end (a 200×200 analysis ran on for
minutes). Python's own C-level handler also writes the signal's number to a *wakeup fd*
(:func:`signal.set_wakeup_fd`) the moment the signal arrives; a thread reading that fd hears
Ctrl+C at once and interrupts every solver call in progress
(:func:`~studio.core.sat.session.interrupt_all`). The call returns, and Python's handler raises
``KeyboardInterrupt`` in the main thread as usual (exit status 130).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator

from studio.core.sat.session import interrupt_all


@contextlib.contextmanager
def solver_calls_interruptible() -> Iterator[None]:
    """While inside, Ctrl+C (SIGINT) interrupts every solver call in progress as well as
    raising ``KeyboardInterrupt``. Only the main thread may set a wakeup fd: elsewhere (a test
    calling :func:`studio.cli.main` from a thread) this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    heard, told = os.pipe()
    os.set_blocking(told, False)  # the signal handler must never block on a full pipe
    earlier = signal.set_wakeup_fd(told, warn_on_full_buffer=False)
    listener = threading.Thread(target=_listen, args=(heard,), name="ctrl-c", daemon=True)
    listener.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(earlier)
        # A byte 0 stops the listener (no signal has the number 0); closing the pipe would
        # not, while a child process forked meanwhile still holds its end.
        os.write(told, bytes([_STOP]))
        listener.join()
        os.close(told)
        os.close(heard)


_STOP = 0


def _listen(heard: int) -> None:
    while _STOP not in (numbers := os.read(heard, 64)):
        if signal.SIGINT in numbers:
            interrupt_all()
