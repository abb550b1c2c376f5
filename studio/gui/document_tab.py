"""One open document, as a tab of the main window: its file and undo history, its view, its
live analysis, its repair and colours panels, hint steps, and the changes of the whole document
that run on a worker (a repair, minimal clues).

The tab keeps its own verdict (:attr:`DocumentTab.verdict`): the window's status bar shows the
verdict of the tab shown, always of the document on screen, never a message that outlived it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from studio.core import hints
from studio.core.book import BookEntry
from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.grid import UNKNOWN, mask_of
from studio.core.kinds import new_document
from studio.core.puzzle import Puzzle
from studio.core.repair import Repair, repair_document, repaired
from studio.core.sat.analysis import Analysis, Status
from studio.core.verdict import describe
from studio.gui.document_model import UNTITLED, DocumentModel
from studio.gui.live_analysis import SUGGESTION_TIME_LIMIT, LiveAnalysis
from studio.gui.palette_panel import PalettePanel
from studio.gui.puzzle_view import HintState, PuzzleView
from studio.gui.repair_panel import RepairPanel
from studio.gui.workers import Batch

Change = Callable[[Document, CancelToken], tuple[Document, str]]
"""A change of the whole document for a worker: ``(document, cancel) -> (document, undo text)``."""


class DocumentTab(QWidget):
    """A document being edited and everything that follows it.

    Signals:
        verdict_changed(str): the verdict of the document shown changed (for the status bar).
        info_changed(str): the kind's line about the puzzle changed (e.g. clues shown).
        message(str): a passing remark (the status bar shows it a few seconds).
        title_changed(): the document's name or saved state changed.
        failed(str, str): something could not be done: a title and one line.
    """

    verdict_changed = Signal(str)
    info_changed = Signal(str)
    message = Signal(str)
    title_changed = Signal()
    failed = Signal(str, str)

    def __init__(
        self,
        document: Document,
        *,
        path: Path | None = None,
        source: Path | None = None,
        name: str | None = None,
        untitled: str = UNTITLED,
        parent: QWidget | None = None,
    ) -> None:
        """``path``, ``source`` and ``name`` are :meth:`DocumentModel.load`'s; ``untitled``
        what the document is called while it has no other name."""
        super().__init__(parent)
        self.model = DocumentModel(document, self, untitled=untitled)
        self.model.load(document, path=path, source=source, name=name)
        self.view = PuzzleView(self.model)
        self.analysis = LiveAnalysis(self)
        self.changes = Batch(self)
        self.repair_panel = RepairPanel()
        self.palette_panel = PalettePanel(self.model, self.view)
        self.book_source: BookEntry | None = None
        """The book entry this document was opened from (Add to Book then updates it)."""
        self.verdict = "Checking…"
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

        self.model.changed.connect(self._document_changed)
        self.model.file_changed.connect(self.title_changed)
        self.model.loaded.connect(self._forget_book_source)
        self.analysis.started.connect(self._checking)
        self.analysis.invalid.connect(self._invalid)
        self.analysis.interim.connect(self._interim)
        self.analysis.analysed.connect(self._analysed)
        self.analysis.rated.connect(self._rated)
        self.analysis.searching.connect(self.repair_panel.set_searching)
        self.analysis.suggested.connect(
            lambda repairs: self.repair_panel.set_suggestions(repairs, self.document.colour_names)
        )
        self.analysis.rating_timed_out.connect(self._rating_timed_out)
        self.analysis.suggesting_timed_out.connect(
            lambda: self.repair_panel.set_search_timed_out(SUGGESTION_TIME_LIMIT)
        )
        self.analysis.failed.connect(self._analysis_failed)
        self.changes.finished.connect(self._change_done)
        self.changes.failed.connect(self._change_failed)
        self.changes.cancelled.connect(self._change_cancelled)
        self.view.change_requested.connect(self.change_document)
        self.view.message.connect(self.message)
        self.palette_panel.message.connect(self.message)
        self.repair_panel.preview.connect(self.view.set_preview)
        self.repair_panel.apply.connect(self.apply_repair)
        self.repair_panel.repair_all.connect(self.repair_all)
        self._document_changed(immediately=True)

    @property
    def document(self) -> Document:
        return self.model.document

    @property
    def title(self) -> str:
        """The tab's title: the document's name, starred while it has unsaved changes."""
        return f"{self.model.name}{' *' if self.model.modified else ''}"

    @property
    def untouched(self) -> bool:
        """True for a new blank document nobody has edited or saved yet: opening a file may
        take its place. A puzzle opened from a file, in any format, keeps its tab."""
        document = self.document
        return (
            self.model.file is None
            and not self.model.modified
            and self.model.undo_stack.count() == 0
            and document == new_document(document.kind, document.puzzle.shape)
        )

    def shutdown(self) -> None:
        """Stop every worker of this document and wait for it (before the tab closes)."""
        self.analysis.shutdown()
        self.changes.shutdown()

    # The verdict ----------------------------------------------------------------------------

    def _set_verdict(self, text: str) -> None:
        self.verdict = text
        self.verdict_changed.emit(text)

    def _document_changed(self, immediately: bool = False) -> None:
        self.repair_panel.set_kind(self.document.kind)
        self.repair_panel.set_idle("Checking…")
        self.info_changed.emit(self.view.editor.status())
        self.analysis.show(self.document, immediately=immediately)

    def _checking(self) -> None:
        resumed = self.analysis.resumed
        if resumed is not None and resumed.status == Status.MULTIPLE:
            self._set_verdict(self.status_text(replace(resumed, stop_reason=None)))
        elif self.analysis.unlimited:
            self._set_verdict("Checking without a time limit (Esc stops it)…")
        else:
            self._set_verdict("Checking…")

    def analyse_without_limit(self) -> None:
        """Check the document again with no time limit (the hardest puzzles need minutes);
        Esc stops it, an edit brings the limit back. Says so when no limit cut the verdict
        shown short."""
        verdict = self.analysis.analysis
        unrated = (
            verdict is not None and verdict.status == Status.UNIQUE and verdict.difficulty is None
        )
        if verdict is not None and verdict.complete and not unrated:
            self.message.emit("The verdict is complete: no time limit cut it short")
        elif self.analysis.unlimited_busy:
            self.message.emit("Already checking without a time limit (Esc stops it)")
        else:
            self.repair_panel.set_idle("Checking without a time limit: Esc stops it.")
            self.analysis.show(self.document, immediately=True, unlimited=True)

    def _invalid(self, reason: str) -> None:
        # Typed clues can be half-way (row and column totals differ until both are in).
        self.view.set_analysis(None)
        self._set_verdict(f"Not a valid puzzle yet: {reason}")
        self.repair_panel.set_idle("Repairs come once the clues make a puzzle.")

    def _interim(self, analysis: Analysis) -> None:
        """What the analysis has proven so far, while it goes on (the variable fields found)."""
        self.view.set_analysis(analysis)
        self._set_verdict(self.status_text(analysis))
        self.repair_panel.set_idle(
            "Ambiguous; still proving the other cells fixed. Repairs come when the analysis is "
            "complete (Esc stops it, keeping the fields found)."
        )

    def _analysed(self, analysis: Analysis) -> None:
        self.view.set_analysis(analysis)
        text = self.status_text(analysis)
        if analysis.status == Status.UNIQUE:
            self.repair_panel.set_unique(analysis.logic_solvable)
            if analysis.difficulty is None:
                text += " · rating…"
        elif analysis.stop_reason == "timeout":
            self.repair_panel.set_idle(
                f"The analysis stopped at its time limit of {self.analysis.time_limit:g} s. "
                "Solve ▸ Analyse Without Time Limit (Ctrl+Shift+A) goes on until it ends; "
                "Esc stops it."
            )
        elif analysis.status != Status.MULTIPLE or not analysis.complete:
            self.repair_panel.set_idle("Repairs come when the puzzle has solutions to tell apart.")
        self._set_verdict(text)

    def _rated(self, analysis: Analysis) -> None:
        self.view.set_analysis(analysis)
        self._set_verdict(self.status_text(analysis))

    def _rating_timed_out(self) -> None:
        self._set_unrated(f"time limit of {self.analysis.time_limit:g} s reached")

    def _set_unrated(self, why: str) -> None:
        """The verdict of a unique puzzle whose rating stopped, and ``why``."""
        if self.analysis.analysis is not None:
            self._set_verdict(f"{self.status_text(self.analysis.analysis)} · not rated ({why})")

    def _analysis_failed(self, message: str) -> None:
        self._set_verdict(f"Analysis failed: {message}")
        self.failed.emit("Analysis failed", message)

    def status_text(self, analysis: Analysis) -> str:
        """The verdict in words, e.g. ``Ambiguous: 14 variable fields``."""
        return describe(analysis, self.document.colour_names, time_limit=self.analysis.time_limit)

    def stop(self) -> bool:
        """Esc: leave the hint steps, or else stop a running change or the analysis; False if
        nothing was going on."""
        if self.view.hints is not None:
            self.view.set_hints(None)
            self.message.emit("")
        elif self.changes.busy:
            self.changes.cancel()
        elif self.analysis.checking:
            # What was proven when it stopped: the newest interim analysis, else the one cut
            # short that a check without a limit went on from (keeping why it was cut short).
            proven = self.analysis.so_far or self.analysis.resumed
            rating = not self.analysis.busy
            self.analysis.stop()
            if proven is not None:
                self.view.set_analysis(proven)
                stop_reason = proven.stop_reason or "cancelled"
                self._set_verdict(self.status_text(replace(proven, stop_reason=stop_reason)))
                self.repair_panel.set_idle(
                    "Stopped: Solve ▸ Analyse Without Time Limit (Ctrl+Shift+A) goes on from here."
                )
            elif rating:  # of a unique puzzle: the Repair panel already says so
                self._set_unrated("stopped")
            else:
                self._set_verdict("Analysis stopped")
                self.repair_panel.set_idle("Analysis stopped: repairs come with the next check.")
        else:
            return False
        return True

    # Repairs and other changes of the whole document ---------------------------------------

    def apply_repair(self, repair: Repair[Puzzle]) -> None:
        """Apply a suggested repair as one undo step."""
        self.model.replace(repaired(self.document, repair), f"Repair: {repair.describe()}")

    def repair_all(self, strategy: str, logic_solvable: bool) -> None:
        """Repair until unique (and logic-solvable if asked) on a worker; one undo step."""
        reference = self.view.solution_shown()

        def change(document: Document, cancel: CancelToken) -> tuple[Document, str]:
            result = repair_document(
                document,
                reference=reference,
                strategy=strategy,
                logic_solvable=logic_solvable,
                cancel=cancel,
            )
            return repaired(document, result), f"Repair all: {result.describe()}"

        self.change_document("Repairing", change)

    def change_document(self, doing: str, change: Change) -> None:
        """Run a change of the whole document on a worker (a repair, a kind's command such as
        minimal clues), then apply it as one undo step named by the change; Esc stops it."""
        if self.changes.busy:
            return
        before = self.document

        def job(cancel: CancelToken, _progress: object) -> tuple[Document, Document, str]:
            return (before, *change(before, cancel))

        self.repair_panel.set_busy(doing)
        self.changes.start(job)

    def _change_done(self, outcome: tuple[Document, Document, str]) -> None:
        before, after, title = outcome
        self.repair_panel.set_busy(None)
        if before is not self.document:
            return  # edited meanwhile: the change is of another document
        self.model.replace(after, title)
        self.message.emit(title)

    def _change_cancelled(self) -> None:
        self.repair_panel.set_busy(None)
        self.message.emit("Stopped")

    def _change_failed(self, message: str) -> None:
        self.repair_panel.set_busy(None)
        self.failed.emit("The change failed", message)

    # Hints -----------------------------------------------------------------------------------

    def next_hint(self) -> None:
        """Show the next step a person could take, from the steps shown so far."""
        puzzle = self.document.puzzle
        try:
            self.document.validate()
        except PuzzleError as error:
            self.message.emit(f"No hint: {error}")
            return
        state = self.view.hints
        known = state.known if state is not None else hints.start(puzzle)
        found = hints.step(puzzle, known)
        if found is None:
            solved = not bool(np.any(known == UNKNOWN))
            logic = puzzle.spec.logic
            self.message.emit(
                f"Solved: {logic} decides every cell"
                if solved
                else f"{logic.capitalize()} decides no more cells: the rest needs probing or search"
            )
            return
        hint = found.hint
        self.view.set_hints(HintState(found.known, mask_of(puzzle.shape, hint.source)))
        count = len(hint.cells)
        reason = hint.text(self.document.colour_names)
        self.message.emit(
            f"Hint: {reason}: {count} cell{'s' if count != 1 else ''} decided "
            "(H: next step, Esc: back to the picture)"
        )

    def _forget_book_source(self) -> None:
        self.book_source = None
