"""Background work on QThreads: the window never waits for the core.

Two patterns, one worker class:

* :class:`LatestOnly`: work that follows the document (live analysis, repair suggestions).
  Each request cancels the one before (its solver stops at once: ``CancelToken`` interrupts
  it), waits a short debounce, and only the newest request's result is reported.
* :class:`Batch`: one long job with progress and Cancel (generation, opening a file).

A job's failure reaches its runner's ``failed`` signal as one line for the user: the message of
a :class:`~studio.core.errors.StudioError` (bad input), or for anything else (a bug, running out
of memory) what happened and where :mod:`.error_log` keeps the traceback.

Results are re-emitted by an object living in the GUI thread: waiting on a signal of an object
in another thread can abort pytest-qt (docs/architecture.md, "Known traps"), and widgets must
only be touched from the GUI thread anyway. Workers stay referenced until their ``finished``
signal, since dropping the last reference to a running QThread aborts the process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import StudioError
from studio.gui.error_log import record

Progress = Callable[[int, int], None]
Job = Callable[[CancelToken, Progress], Any]


class Notes(QObject):
    """Lines said from any thread, heard in the thread this object lives in (the GUI's): a
    job's report calls :meth:`say` from its worker thread, and ``said`` reaches the bound
    methods of GUI objects connected to it queued, as every worker signal does.

    Signals:
        said(str): one line, e.g. how a slow puzzle is coming along.
    """

    said = Signal(str)

    def say(self, line: str) -> None:
        self.said.emit(line)


PROGRESS_INTERVAL = 0.05
"""Seconds between two progress reports of a worker. A job that steps thousands of times a
second (reading a 10 000-puzzle book) would otherwise queue more events than the GUI thread can
take while the worker holds the GIL, and the window would freeze behind them."""


def throttled(emit: Callable[[int, int], None]) -> Callable[[int, int], None]:
    """``emit(done, total)`` at most every :data:`PROGRESS_INTERVAL`, but always the first report
    and the last (``done >= total``)."""
    last = -PROGRESS_INTERVAL

    def report(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if done >= total or now - last >= PROGRESS_INTERVAL:
            last = now
            emit(done, total)

    return report


class Worker(QThread):
    """Runs one job; emits ``progress`` (:func:`throttled`), then ``done`` or ``failed`` (one
    line for the user), from the worker thread."""

    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, job: Job, cancel: CancelToken, tag: int = 0) -> None:
        super().__init__()
        self.job = job
        self.cancel = cancel
        self.tag = tag
        self.stopped = False
        """True once the job has stopped early (cancelled, or at its time limit)."""

    def run(self) -> None:
        try:
            result = self.job(self.cancel, throttled(self.progress.emit))
        except Stopped:
            self.stopped = True  # whoever cancelled knows
            return
        except StudioError as error:
            self.failed.emit(str(error))
            return
        except Exception as error:  # a bug or no memory must reach the user, not end the thread
            self.failed.emit(record(error))
            return
        self.done.emit(result)


class _Runner(QObject):
    """Owns its workers until they finish, forgets its current job once its thread ends
    without a result, and stops them all on :meth:`shutdown`."""

    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._workers: set[Worker] = set()
        self._current: Worker | None = None

    def _start(self, job: Job, cancel: CancelToken, tag: int = 0) -> Worker:
        worker = Worker(job, cancel, tag)
        # Connected before the thread starts: a quick job emits before start() returns. Bound
        # methods of this GUI-thread object, not lambdas: the worker's signals are emitted from
        # its own thread and only a receiver object makes the calls queued.
        worker.done.connect(self._on_done)
        worker.progress.connect(self._on_progress)
        worker.failed.connect(self.failed)
        worker.finished.connect(self._on_thread_finished)
        self._workers.add(worker)
        worker.start()
        return worker

    def _on_done(self, result: object) -> None:
        raise NotImplementedError

    def _on_progress(self, done: int, total: int) -> None:
        """Progress of a job; only batch jobs report it."""

    def _on_thread_finished(self) -> None:
        worker = self.sender()
        if not isinstance(worker, Worker):
            return
        self._workers.discard(worker)
        worker.deleteLater()
        # Still current after its result would have come (signals from one thread arrive in
        # order): it ended without one, failing (said already) or stopped early.
        if worker is self._current:
            self._current = None
            if worker.stopped:
                self._stopped_early()

    def _stopped_early(self) -> None:
        """The current job stopped without a result and without failing."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """Cancel every job and wait for its thread to end (before the window closes)."""
        for worker in list(self._workers):
            worker.cancel.cancel()
        for worker in list(self._workers):
            worker.wait()
        self._workers.clear()


class LatestOnly(_Runner):
    """Runs the newest request after a debounce; older results are dropped.

    Signals:
        started(int): a job of this generation began.
        finished(object): the result of the newest request, never a stale one.
        timed_out(): the newest request stopped at its time limit, without a result.
        failed(str): a job raised (one line).
    """

    started = Signal(int)
    finished = Signal(object)
    timed_out = Signal()

    def __init__(
        self, parent: QObject | None = None, *, debounce_ms: int, time_limit: float | None
    ) -> None:
        super().__init__(parent)
        self.time_limit = time_limit
        self._generation = 0
        self._pending: Job | None = None
        self._pending_limit = time_limit
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._start_pending)

    @property
    def busy(self) -> bool:
        """True while a request waits for its result."""
        return self._pending is not None or self._current is not None

    def request(
        self,
        job: Callable[[CancelToken], Any],
        *,
        immediately: bool = False,
        unlimited: bool = False,
    ) -> None:
        """Run ``job(cancel)`` after the debounce (at once if ``immediately``), cancelling the
        job in progress; without :attr:`time_limit` if ``unlimited`` (Esc still stops it)."""
        self._cancel_current()
        self._generation += 1
        self._pending = lambda cancel, _progress: job(cancel)
        self._pending_limit = None if unlimited else self.time_limit
        if immediately:
            self._timer.stop()
            self._start_pending()
        else:
            self._timer.start()

    def cancel(self) -> None:
        """Stop the job in progress and forget the pending request."""
        self._cancel_current()
        self._generation += 1
        self._timer.stop()
        self._pending = None

    def shutdown(self) -> None:
        self.cancel()
        super().shutdown()

    def _cancel_current(self) -> None:
        if self._current is not None:
            self._current.cancel.cancel()
            self._current = None

    def _start_pending(self) -> None:
        if self._pending is None:
            return
        job, self._pending = self._pending, None
        self._current = self._start(job, CancelToken(self._pending_limit), self._generation)
        self.started.emit(self._generation)

    def _on_done(self, result: object) -> None:
        worker = self.sender()
        if not isinstance(worker, Worker) or worker.tag != self._generation:
            return
        self._current = None
        self.finished.emit(result)

    def _stopped_early(self) -> None:
        self.timed_out.emit()  # cancelling forgets a job: it can only be the time limit


class Batch(_Runner):
    """One long job at a time, with progress and Cancel.

    Signals:
        progress(int, int): done, total.
        finished(object): the job's result.
        cancelled(): the job stopped without a result and without failing: on :meth:`cancel`,
            or at its time limit.
        failed(str): the job raised (one line).
    """

    progress = Signal(int, int)
    finished = Signal(object)
    cancelled = Signal()

    @property
    def busy(self) -> bool:
        return self._current is not None

    def start(self, job: Job, *, time_limit: float | None = None) -> None:
        """Run ``job(cancel, progress)``; only one at a time.

        Args:
            time_limit: seconds after which ``cancel`` reports a timeout (the job decides what
                that means; only :meth:`cancel` makes it *cancelled*).
        """
        if self._current is not None:
            raise RuntimeError("a batch job is already running")
        self._current = self._start(job, CancelToken(time_limit))

    def cancel(self) -> None:
        if self._current is not None:
            self._current.cancel.cancel()

    def _on_done(self, result: object) -> None:
        self._current = None  # the next job may start now; this thread only has to end
        self.finished.emit(result)

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.emit(done, total)

    def _stopped_early(self) -> None:
        self.cancelled.emit()
