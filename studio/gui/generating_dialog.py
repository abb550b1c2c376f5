"""The part every dialog that makes puzzles shares (Generate, Fill the Book): the puzzles made
on a :class:`~studio.gui.workers.Batch` with a progress bar and a status line that says how a
slow puzzle is coming along; Esc or Cancel stops the work (nothing is kept) before it closes
the dialog; ``made`` carries the puzzles and the dialog closes accepted."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.cancel import CancelToken
from studio.core.generate import Generated, Underway
from studio.gui.workers import Batch, Notes, Progress

Report = Callable[[Underway], None]
Make = Callable[[CancelToken, Progress, Report], Iterable[Generated]]
"""Makes the puzzles on the worker: ``make(cancel, progress, report)``."""


class GeneratingDialog(QDialog):
    """A dialog that makes puzzles on a worker. Subclasses hand their options to
    :meth:`lay_out`, start the work in :meth:`start` with :meth:`run`, and extend
    :meth:`set_running` with the controls that rest while it runs.

    Signals:
        made(list): the :class:`~studio.core.generate.Generated` puzzles, when all are made.
    """

    made = Signal(list)

    def __init__(self, parent: QWidget | None = None, status: str = "") -> None:
        super().__init__(parent)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.status = QLabel(status)
        self.status.setWordWrap(True)  # a slow puzzle's line is long
        self.batch = Batch(self)
        self.batch.progress.connect(self._progress)
        self.batch.finished.connect(self._finished)
        self.batch.cancelled.connect(self._cancelled)
        self.batch.failed.connect(self._failed)
        self.notes = Notes(self)
        self.notes.said.connect(self._underway)

    def lay_out(self, form: QFormLayout, action: str) -> QPushButton:
        """The dialog: ``form`` (the options), the progress, the status line, and Cancel beside
        the button ``action`` (its text, with its mnemonic), which starts :meth:`start` and
        rests while the work runs. Returns that button."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self._action = buttons.addButton(action, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.start)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        return self._action

    def start(self) -> None:
        """The action button: check the options and :meth:`run` the work."""
        raise NotImplementedError

    def run(self, make: Make, total: int, text: str) -> None:
        """Make ``total`` puzzles on the worker, ``text`` saying so until the first is made."""
        notes = self.notes

        def report(underway: Underway) -> None:
            notes.say(underway.line())

        def job(cancel: CancelToken, progress: Progress) -> list[Generated]:
            return list(make(cancel, progress, report))

        self.set_running(True)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.status.setText(f"{text} (Esc stops)")
        self.batch.start(job)

    def set_running(self, running: bool) -> None:
        """Show the progress and rest the action button while the work runs; subclasses rest
        their controls too."""
        self.progress.setVisible(running)
        self._action.setEnabled(not running)

    def reject(self) -> None:
        """Esc or Cancel: stop the work if it runs (nothing is kept), else close."""
        if self.batch.busy:
            self.batch.cancel()
        else:
            super().reject()

    def done(self, result: int) -> None:
        self.batch.shutdown()
        super().done(result)

    def _progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.status.setText(f"{done} of {total} made… (Esc stops)")

    def _underway(self, line: str) -> None:
        """How the puzzle being made is coming along (a late line after the end is dropped)."""
        if self.batch.busy:
            self.status.setText(f"Puzzle {self.progress.value() + 1}: {line} (Esc stops)")

    def _finished(self, puzzles: list[Generated]) -> None:
        self.set_running(False)
        self.made.emit(puzzles)
        self.accept()

    def _cancelled(self) -> None:
        self.set_running(False)
        self.status.setText("Stopped: nothing was added")

    def _failed(self, message: str) -> None:
        self.set_running(False)
        self.status.setText(f"{message}. Nothing was added")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
