"""The verdict of the document on screen, kept up to date on workers: validate → analyse → rate a
unique puzzle → suggest repairs for an ambiguous one.

:class:`LiveAnalysis` is told of every document the window shows (:meth:`LiveAnalysis.show`) and
announces each step's result with a signal. One staleness rule holds for every step: a result is
announced only if it was computed for the very document shown now (the same object; an undo
brings the same object back). A newer document cancels every step of the older one at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

from PySide6.QtCore import QObject, Signal

from studio.core.cancel import CancelToken, Stopped
from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.grid import Picture
from studio.core.puzzle import Puzzle
from studio.core.repair import Repair, suggest_repairs
from studio.core.sat.analysis import Analysis, Status, analyze, rated
from studio.gui.workers import LatestOnly

DEBOUNCE_MS = 60
"""Quiet time after an edit before analysis starts: short enough to feel immediate."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds an analysis may run before it stops (the hardest puzzles known)."""

SUGGESTION_TIME_LIMIT = 30.0
"""Seconds the search for repair suggestions may take before it gives up."""

INTERIM_AFTER = 0.5
"""Seconds into an analysis before what it has proven so far is shown: a quick one (nearly
all) then goes straight to its verdict, without a flicker of interim ones."""


def reference_of(document: Document, analysis: Analysis | None) -> Picture | None:
    """The solution a puzzle known only by its clues is shown (and repaired) with: the
    analysis's, when the document has no picture of its own."""
    if document.picture is None and analysis is not None:
        return analysis.solution
    return None


class LiveAnalysis(QObject):
    """The analysis pipeline of the document on screen.

    Signals:
        started(): a new document is being checked.
        invalid(str): the document is no valid puzzle yet; why (typed clues half-way).
        interim(object): an incomplete :class:`Analysis` of the document shown while the
            analysis goes on (an ambiguous puzzle, with the variable fields found so far).
        analysed(object): the :class:`Analysis` of the document shown (rated when free).
        rated(object): the analysis again, with the difficulty of the unique puzzle.
        searching(int): repair suggestions are being looked for, for this many variable fields.
        suggested(object): the repair suggestions (a list, best first) for the document shown.
        rating_timed_out(): the rating stopped at :attr:`time_limit`, without a difficulty.
        suggesting_timed_out(): the repair suggestions stopped at
            :data:`SUGGESTION_TIME_LIMIT`, without any.
        failed(str): a step failed, in one line.
    """

    started = Signal()
    invalid = Signal(str)
    interim = Signal(object)
    analysed = Signal(object)
    rated = Signal(object)
    # Emitted from the analysing thread (document, cancel token, analysis), heard queued.
    _reported = Signal(object, object, object)
    searching = Signal(int)
    suggested = Signal(object)
    rating_timed_out = Signal()
    suggesting_timed_out = Signal()
    failed = Signal(str)

    def __init__(
        self, parent: QObject | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT
    ) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.analysis: Analysis | None = None
        """The newest analysis of :attr:`document`, once there is one."""
        self.unlimited = False
        """True while :attr:`document` is checked without :attr:`time_limit`."""
        self.so_far: Analysis | None = None
        """The newest interim analysis of :attr:`document`, while its analysis goes on."""
        self.resumed: Analysis | None = None
        """The analysis cut short that the one without a time limit goes on from."""
        self._analysing = LatestOnly(self, debounce_ms=DEBOUNCE_MS, time_limit=time_limit)
        self._rating = LatestOnly(self, debounce_ms=0, time_limit=time_limit)
        self._suggesting = LatestOnly(self, debounce_ms=0, time_limit=SUGGESTION_TIME_LIMIT)
        self._analysing.finished.connect(self._analysis_done)
        self._reported.connect(self._interim_done)
        self._rating.finished.connect(self._rating_done)
        self._suggesting.finished.connect(self._suggestions_done)
        # A step stops at its time limit only while its document is shown: showing another
        # cancels it.
        self._rating.timed_out.connect(self.rating_timed_out)
        self._suggesting.timed_out.connect(self.suggesting_timed_out)
        for runner in self._runners:
            runner.failed.connect(self.failed)

    @property
    def _runners(self) -> tuple[LatestOnly, ...]:
        return (self._analysing, self._rating, self._suggesting)

    @property
    def time_limit(self) -> float | None:
        """Seconds the analysis and the rating may each run (``None``: no limit)."""
        return self._analysing.time_limit

    @time_limit.setter
    def time_limit(self, seconds: float | None) -> None:
        self._analysing.time_limit = self._rating.time_limit = seconds

    @property
    def busy(self) -> bool:
        """True while the analysis (not the rating or the suggestions) is on its way."""
        return self._analysing.busy

    @property
    def checking(self) -> bool:
        """True while the analysis or the rating (not the suggestions) is on its way."""
        return self._analysing.busy or self._rating.busy

    @property
    def unlimited_busy(self) -> bool:
        """True while the analysis or the rating runs without :attr:`time_limit`."""
        return self.unlimited and self.checking

    @property
    def working(self) -> bool:
        """True while any step (analysis, rating, suggestions) is on its way."""
        return any(runner.busy for runner in self._runners)

    def show(
        self, document: Document, *, immediately: bool = False, unlimited: bool = False
    ) -> None:
        """Check ``document`` from now on (after a short debounce, unless ``immediately``); the
        steps of the document before are stopped and their results dropped. ``unlimited``
        lifts :attr:`time_limit` from the analysis and the rating of this document only (the
        hardest puzzles need minutes; an edit brings the limit back), and goes on from where
        the limit stopped its analysis."""
        earlier = (self.analysis or self.so_far) if document is self.document else None
        self.stop()
        self.document, self.analysis, self.so_far = document, None, None
        self.unlimited = unlimited
        resume = earlier if unlimited and earlier is not None and not earlier.complete else None
        self.resumed = resume
        puzzle = document.puzzle
        try:
            document.validate()
        except PuzzleError as error:
            self.invalid.emit(str(error))
            return
        self.started.emit()

        def job(cancel: CancelToken) -> tuple[Document, Analysis]:
            def report(interim: Analysis) -> None:
                if interim.seconds >= INTERIM_AFTER:
                    self._reported.emit(document, cancel, interim)

            analysis = analyze(puzzle, cancel=cancel, rate=False, interim=report, resume=resume)
            if analysis.logic_solvable:  # rating it is free: the deduction is done
                # The verdict comes first: a time limit that strikes here leaves the rating
                # to the rating step.
                with suppress(Stopped):
                    analysis = rated(puzzle, analysis, cancel=cancel)
            return document, analysis

        self._analysing.request(job, immediately=immediately, unlimited=unlimited)

    def stop(self) -> None:
        """Stop every step in progress (Esc); the verdict shown so far stays."""
        for runner in self._runners:
            runner.cancel()

    def shutdown(self) -> None:
        """Stop every step and wait for their threads (before the window closes)."""
        for runner in self._runners:
            runner.shutdown()

    def _current(self, document: Document) -> bool:
        return document is self.document

    def _interim_done(self, document: Document, cancel: CancelToken, analysis: Analysis) -> None:
        # A cancelled job's report may come after the next job of the same document began.
        if self._current(document) and self.analysis is None and not cancel.cancelled:
            self.so_far = analysis
            self.interim.emit(analysis)

    def _analysis_done(self, result: tuple[Document, Analysis]) -> None:
        document, analysis = result
        if not self._current(document):
            return
        self.analysis = analysis
        self.analysed.emit(analysis)
        if analysis.status == Status.UNIQUE and analysis.difficulty is None:
            self._rate(document, analysis)
        elif analysis.status == Status.MULTIPLE and analysis.complete:
            self.searching.emit(len(analysis.variable_cells))
            self._suggest(document, analysis)

    def _rate(self, document: Document, analysis: Analysis) -> None:
        puzzle = document.puzzle

        def job(cancel: CancelToken) -> tuple[Document, Analysis]:
            return document, rated(puzzle, analysis, cancel=cancel)

        self._rating.request(job, unlimited=self.unlimited)

    def _rating_done(self, result: tuple[Document, Analysis]) -> None:
        document, analysis = result
        if self._current(document):
            self.analysis = analysis
            self.rated.emit(analysis)

    def _suggest(self, document: Document, analysis: Analysis) -> None:
        reference = reference_of(document, analysis)

        def job(cancel: CancelToken) -> tuple[Document, Sequence[Repair[Puzzle]]]:
            return document, suggest_repairs(document, analysis, reference=reference, cancel=cancel)

        self._suggesting.request(job)

    def _suggestions_done(self, result: tuple[Document, Sequence[Repair[Puzzle]]]) -> None:
        document, repairs = result
        if self._current(document):
            self.suggested.emit(list(repairs))
