"""Copies of unsaved work, kept as it changes, for the next start to offer back after a crash
(:mod:`studio.core.recovery`).

A document or the book with unsaved changes is copied :data:`KEEP_AFTER_MS` after it changes
(so a crash loses at most that much work), its copy removed once it is saved, closed, discarded
or undone to its saved state, and every copy when the studio closes.

The copies are written on a thread of their own, one after another in the order asked: a
200×200 colour puzzle's copy takes 40 ms to write and a 600-puzzle book's 0.3 s
(``benchmarks/autosave.py``), too long for the window's thread between two events of a stroke.
The values are immutable, so the thread reads them safely; a copy asked for again before the
thread reached it is written once, the newer.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import count

from PySide6.QtCore import QObject, QTimer, Signal

from studio.core.errors import StudioError
from studio.core.recovery import Session, Unsaved
from studio.gui.edited import EditedFile
from studio.gui.error_log import record
from studio.gui.settings import recovery_dir

KEEP_AFTER_MS = 2_000
"""How long after unsaved work changes its copy is written (a burst of edits, one write)."""


class Autosave(QObject):
    """Keeps a copy of each watched document or book while it has unsaved changes.

    Signals:
        problem_changed(str): why copies cannot be kept (one line, a full disk say), or ``""``
            once they can again; the work itself is still in the window.
    """

    problem_changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._slots: dict[EditedFile, str] = {}
        self._due: set[EditedFile] = set()
        self._numbers = count(1)
        self._asked = count(1)
        self._latest: dict[str, int] = {}
        """The newest request for each slot; the writer skips the older ones."""
        self._problem = ""
        self._failed: dict[str, str] = {}
        """Why each slot's last copy could not be written (the writer's thread's own)."""
        self._told = ""
        """The problem the writer last told of (the writer's thread's own)."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(KEEP_AFTER_MS)
        self._timer.timeout.connect(self.keep_now)
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self.problem_changed.connect(self._note_problem)
        try:
            self._session: Session | None = Session(recovery_dir())
        except StudioError as error:
            self._session = None
            self._problem = str(error)

    @property
    def problem(self) -> str:
        """Why copies cannot be kept, or ``""`` if they can."""
        return self._problem

    def watch(self, edited: EditedFile) -> None:
        """Keep copies of ``edited`` while it has unsaved changes, from now on."""
        self._slots[edited] = f"unsaved-{next(self._numbers)}"
        edited.changed.connect(self._changed)
        edited.file_changed.connect(self._changed)
        self._note(edited)

    def forget(self, edited: EditedFile) -> None:
        """Stop watching ``edited`` and remove its copy: it is closed."""
        slot = self._slots.pop(edited, None)
        if slot is None:
            return
        edited.changed.disconnect(self._changed)
        edited.file_changed.disconnect(self._changed)
        self._due.discard(edited)
        self._ask(slot, None)

    def keep_now(self) -> None:
        """Have the copies due written now (the timer does this :data:`KEEP_AFTER_MS` after a
        change)."""
        self._timer.stop()
        due, self._due = self._due, set()
        for edited in due:
            self._ask(self._slots[edited], edited.unsaved())

    def wait(self) -> None:
        """Wait until every copy asked for is written (or has failed)."""
        self._writer.submit(lambda: None).result()

    def keep_all(self) -> bool:
        """Write the copies due now and wait for them: True if every watched work with unsaved
        changes has its copy on disk (none failed, and copies can be kept at all)."""
        self.keep_now()
        self.wait()
        return self._session is not None and not self._failed

    def end(self) -> None:
        """Remove every copy: the studio closes with nothing left unsaved (or discarded)."""
        self._timer.stop()
        self._due.clear()
        self._writer.shutdown(wait=True)
        if self._session is not None:
            self._session.end()
            self._session = None

    def _changed(self) -> None:
        edited = self.sender()
        if isinstance(edited, EditedFile) and edited in self._slots:
            self._note(edited)

    def _note(self, edited: EditedFile) -> None:
        if edited.modified:
            self._due.add(edited)
            if not self._timer.isActive():
                self._timer.start()
        else:
            self._due.discard(edited)
            self._ask(self._slots[edited], None)

    def _ask(self, slot: str, unsaved: Unsaved | None) -> None:
        """Have the writer keep ``unsaved`` as ``slot``'s copy, or (``None``) drop it."""
        if self._session is None:
            return
        number = self._latest[slot] = next(self._asked)
        self._writer.submit(self._write, self._session, slot, unsaved, number)

    def _write(self, session: Session, slot: str, unsaved: Unsaved | None, number: int) -> None:
        """On the writer's thread."""
        if self._latest.get(slot) != number:
            return  # asked again since: the newer request does it
        self._failed.pop(slot, None)
        try:
            if unsaved is None:
                session.drop(slot)
            else:
                session.keep(slot, unsaved)
        except StudioError as error:
            self._failed[slot] = str(error)
        except Exception as error:  # a bug: one line here, the traceback in the log
            self._failed[slot] = record(error)
        # Told until no work is left without its copy: saved, closed, or copied at last.
        problem = next(iter(self._failed.values()), "")
        if problem != self._told:
            self._told = problem
            self.problem_changed.emit(problem)

    def _note_problem(self, problem: str) -> None:
        self._problem = problem  # in the window's thread, as every slot of this object
