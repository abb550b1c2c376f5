"""Live analysis on a worker thread: debounced, cancellable, stale results dropped.

Each edit calls :meth:`AnalysisController.request`. After a short quiet period the controller
cancels the run in progress (its solver stops at once: ``CancelToken`` interrupts it) and starts
a new :class:`AnalysisWorker`. Every request bumps a generation counter and results of older
generations are dropped, so the window only ever shows the analysis of what is on screen.

The controller lives in the GUI thread and re-emits the worker's result as its own signal:
waiting on a signal of an object in another thread can abort pytest-qt (DESIGN.md, Known traps),
and widgets must only be touched from the GUI thread anyway. Workers stay referenced until their
``finished`` signal, since dropping the last reference to a running QThread aborts the process.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from studio.core.cancel import CancelToken
from studio.core.puzzle import Puzzle
from studio.core.sat.analysis import Analysis, analyze

DEBOUNCE_MS = 60
"""Quiet time after an edit before analysis starts: short enough to feel immediate."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds an analysis may run before the status says it stopped (the hardest puzzles known)."""


@dataclass(frozen=True)
class AnalysisResult:
    """An analysis and the request it answers."""

    generation: int
    puzzle: Puzzle
    analysis: Analysis


class AnalysisWorker(QThread):
    """Runs one analysis; emits ``done`` from the worker thread, then finishes."""

    done = Signal(object)  # AnalysisResult

    def __init__(self, generation: int, puzzle: Puzzle, cancel: CancelToken) -> None:
        super().__init__()
        self.generation = generation
        self.puzzle = puzzle
        self.cancel = cancel
        _ALL_WORKERS.add(self)

    def run(self) -> None:
        analysis = analyze(self.puzzle, cancel=self.cancel)
        self.done.emit(AnalysisResult(self.generation, self.puzzle, analysis))


_ALL_WORKERS: weakref.WeakSet[AnalysisWorker] = weakref.WeakSet()


def running_workers() -> int:
    """How many analysis threads are running now, in every controller (tests check for 0)."""
    return sum(1 for worker in list(_ALL_WORKERS) if worker.isRunning())


class AnalysisController(QObject):
    """Schedules analyses of the puzzle on screen and reports the current one.

    Signals:
        started(int): an analysis of this generation began (the status shows "Checking…").
        finished(AnalysisResult): the analysis of the latest request, never a stale one.
    """

    started = Signal(int)
    finished = Signal(object)

    def __init__(self, parent: QObject | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT):
        super().__init__(parent)
        self.time_limit = time_limit
        self._generation = 0
        self._pending: Puzzle | None = None
        self._current: AnalysisWorker | None = None
        self._workers: set[AnalysisWorker] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._start)

    @property
    def busy(self) -> bool:
        """True while a request waits for its result."""
        return self._pending is not None or self._current is not None

    def request(self, puzzle: Puzzle, *, immediately: bool = False) -> None:
        """Analyse ``puzzle`` after the debounce delay (at once if ``immediately``).

        The caller validates the puzzle first: analysis assumes a valid one.
        """
        self._generation += 1
        self._pending = puzzle
        if self._current is not None:
            self._current.cancel.cancel()
            self._current = None
        if immediately:
            self._timer.stop()
            self._start()
        else:
            self._timer.start()

    def cancel(self) -> None:
        """Stop the analysis in progress and forget the pending request."""
        self._generation += 1
        self._timer.stop()
        self._pending = None
        if self._current is not None:
            self._current.cancel.cancel()
            self._current = None

    def shutdown(self) -> None:
        """Cancel everything and wait for every worker thread to end (before the app quits)."""
        self.cancel()
        for worker in list(self._workers):
            worker.wait()
        self._workers.clear()

    def _start(self) -> None:
        if self._pending is None:
            return
        worker = AnalysisWorker(self._generation, self._pending, CancelToken(self.time_limit))
        self._pending = None
        worker.done.connect(self._on_done)
        # A bound method of this GUI-thread object, not a lambda: QThread.finished is emitted
        # from the worker thread and only a receiver object makes the call queued.
        worker.finished.connect(self._on_thread_finished)
        self._workers.add(worker)
        self._current = worker
        self.started.emit(worker.generation)
        worker.start()

    def _on_done(self, result: AnalysisResult) -> None:
        if result.generation != self._generation:
            return
        self._current = None
        self.finished.emit(result)

    def _on_thread_finished(self) -> None:
        worker = self.sender()
        if isinstance(worker, AnalysisWorker):
            self._workers.discard(worker)
            worker.deleteLater()
