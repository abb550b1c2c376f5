"""Work the user waits for (opening a file or a book) on a worker, with progress and Cancel.

The caller gets the result as if the work were done in place, but the window is never blocked
while it runs: the event loop turns inside :func:`wait_for`, and a progress dialog with Cancel
appears once the work has taken :data:`DIALOG_DELAY_MS` (a small file opens without a flash of
a dialog).
"""

from __future__ import annotations

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QProgressDialog, QWidget

from studio.core.errors import StudioError
from studio.gui.workers import Batch, Job

DIALOG_DELAY_MS = 400
"""How long the work runs before its progress dialog appears."""


def wait_for(parent: QWidget, label: str, job: Job) -> object | None:
    """Run ``job(cancel, progress)`` on a worker until it ends; the window stays live.

    Args:
        parent: the window the progress dialog belongs to (modal to it).
        label: what is being done, e.g. ``"Opening winter.book.json…"``.

    Returns:
        The job's result, or ``None`` when the user cancelled it (Cancel stops a job that
        checks its cancel token at once; one that does not is waited for, and its result
        dropped).

    Raises:
        StudioError: the job's failure, in one line (see :mod:`studio.gui.workers`).
    """
    runner = Batch(parent)
    dialog = QProgressDialog(label, "Cancel", 0, 0, parent)
    dialog.setWindowTitle("Please wait")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(DIALOG_DELAY_MS)
    dialog.setAutoReset(False)
    dialog.setAutoClose(False)
    loop = QEventLoop()
    outcome: dict[str, object] = {}

    def progress(done: int, total: int) -> None:
        dialog.setMaximum(total)
        dialog.setValue(done)

    def finished(result: object) -> None:
        outcome["result"] = result
        loop.quit()

    def failed(message: str) -> None:
        outcome["error"] = message
        loop.quit()

    def cancel() -> None:
        dialog.setLabelText("Stopping…")
        runner.cancel()

    runner.progress.connect(progress)
    runner.finished.connect(finished)
    runner.failed.connect(failed)
    runner.cancelled.connect(loop.quit)
    dialog.canceled.connect(cancel)
    runner.start(job)
    loop.exec()
    runner.shutdown()  # the job is over: its thread ends at once
    cancelled = dialog.wasCanceled()
    dialog.close()
    dialog.deleteLater()
    runner.deleteLater()
    if cancelled:
        return None
    if "error" in outcome:
        raise StudioError(str(outcome["error"]))
    return outcome.get("result")
