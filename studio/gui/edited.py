"""An immutable value edited in the window, its file, and its undo history.

Values (documents, books) are immutable, so an undo command just holds the value before and
after (:class:`Replace`). :class:`EditedFile` is what the window edits: the puzzle document
(:class:`~studio.gui.document_model.DocumentModel`) and the book
(:class:`~studio.gui.book_model.BookModel`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from studio.core.recovery import Unsaved


class Replace(QUndoCommand):
    """An undoable change: the whole value before and after, shown through ``show``."""

    def __init__(self, show: Callable[[Any], None], before: object, after: object, text: str):
        super().__init__(text)
        self._show = show
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._show(self._after)

    def undo(self) -> None:
        self._show(self._before)


@dataclass(frozen=True)
class Stamp:
    """What tells one version of a file from another without reading it: when it was last
    written, its size, and which file it is (a program that saves as the studio does, writing
    a new file and renaming it over the old, makes another file)."""

    mtime_ns: int
    size: int
    inode: int


def stamp_of(path: Path) -> Stamp | None:
    """The stamp of the file at ``path`` now; ``None`` if there is none."""
    try:
        status = path.stat()
    except OSError:
        return None
    return Stamp(status.st_mtime_ns, status.st_size, status.st_ino)


class News(Enum):
    """What another program did to a file since the studio last read or wrote it."""

    CHANGED = auto()
    REMOVED = auto()


class DiskFile:
    """The file a document was last read from or written to, as it was then.

    The studio's own writes replace the file (a temporary file renamed over it); the stamp is
    taken again right after each, so they are never news.
    """

    def __init__(self) -> None:
        self.path: Path | None = None
        self._stamp: Stamp | None = None
        self._told: Stamp | None = None

    def track(self, path: Path | None) -> None:
        """The document was just read from or written to ``path`` (``None``: no file)."""
        self.path = path
        self._stamp = self._told = stamp_of(path) if path is not None else None

    @property
    def changed(self) -> bool:
        """Whether another program wrote the file since (a file removed since is not: saving
        puts it back)."""
        now = stamp_of(self.path) if self.path is not None else None
        return now is not None and now != self._stamp

    def news(self) -> News | None:
        """What happened to the file since this was last asked (or it was tracked), once."""
        if self.path is None or self._stamp is None:
            return None
        now = stamp_of(self.path)
        if now == self._told:
            return None
        self._told = now
        if now is None:
            return News.REMOVED
        return News.CHANGED if now != self._stamp else None


RELOAD = "Reload from disk"
"""The undo step of a reload: undoing it brings back what was shown before."""
NOT_RELOADED = "\n\nWhat the window shows is kept, as unsaved work: Save asks before writing it."
"""Said after why a file another program changed could not be read back."""


class EditedFile(QObject):
    """A value being edited, the file it is saved in, and its undo stack.

    Signals:
        changed(): the value changed (an edit, undo/redo, or another value loaded).
        file_changed(): the file or the saved state changed (for titles).
        loaded(): another value was loaded in place of the one edited so far.
    """

    changed = Signal()
    file_changed = Signal()
    loaded = Signal()

    def __init__(self, value: object, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._value = value
        self._path: Path | None = None
        self.disk = DiskFile()
        """The file as it was when last read or written, to notice what others do to it."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.file_changed)

    @property
    def path(self) -> Path | None:
        """The file this is saved in; ``None`` until saved."""
        return self._path

    @property
    def file(self) -> Path | None:
        """The file the value shows, which another program may change (:attr:`path`)."""
        return self._path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def reload(self, value: object) -> None:
        """Show ``value``, the file read again after another program changed it, as the
        file's state: one undo step (:data:`RELOAD`) that brings back what was shown, edits
        and all, when undone."""
        if value != self._value:
            self._replace(value, RELOAD)
        self.undo_stack.setClean()
        self.disk.track(self.file)

    def unsaved(self) -> Unsaved:
        """The value as a copy of unsaved work keeps it (:mod:`studio.gui.autosave`)."""
        raise NotImplementedError

    def _load(self, value: object, path: Path | None) -> None:
        """Start on another value; the undo history starts afresh."""
        self._path = path
        self.disk.track(path)
        self.undo_stack.clear()
        self._show(value)
        self.file_changed.emit()
        self.loaded.emit()

    def mark_saved(self, path: Path) -> None:
        self._path = path
        self.disk.track(path)
        self.undo_stack.setClean()
        self.file_changed.emit()

    def _replace(self, value: object, text: str) -> None:
        """Change the value as one undoable step called ``text``."""
        if value is not self._value:
            self.undo_stack.push(Replace(self._show, self._value, value, text))

    def _show(self, value: object) -> None:
        if value is not self._value:
            self._value = value
            self.changed.emit()


class Choice(Enum):
    """The answer to "save your changes?"."""

    SAVE = auto()
    DISCARD = auto()
    CANCEL = auto()


class Conflict(Enum):
    """The answer to "another program changed the file: overwrite it?"."""

    OVERWRITE = auto()
    SAVE_AS = auto()
    CANCEL = auto()


class Recovery(Enum):
    """The answer to "recover the unsaved work left by a crash?"."""

    RECOVER = auto()
    DISCARD = auto()
    LATER = auto()
    """Keep it for the next start to offer again."""


def may_drop(edited: EditedFile, ask: Callable[[], Choice], save: Callable[[], bool]) -> bool:
    """Whether ``edited`` may be closed or replaced now: it has no unsaved change, or ``ask``
    says to discard it, or to save it and ``save`` succeeds."""
    if not edited.modified:
        return True
    choice = ask()
    if choice == Choice.SAVE:
        return save()
    return choice == Choice.DISCARD


def reload_if_asked(
    edited: EditedFile, ask: Callable[..., bool], read: Callable[[Path], object | None]
) -> bool:
    """``edited``'s file was changed by another program: show it as the file has it now, if
    ``ask`` (told ``modified=``) says so and ``read`` reads it back (one undo step,
    :meth:`EditedFile.reload`); else, kept or unreadable (half written, say), what is shown is
    no longer the file's and becomes unsaved work, so that closing asks. True if reloaded."""
    file = edited.file
    if file is None:
        return False
    value = read(file) if ask(modified=edited.modified) else None
    if value is None:
        edited.undo_stack.resetClean()
        return False
    edited.reload(value)
    return True


def save_file(
    edited: EditedFile,
    ask_path: Callable[[], Path | None],
    save_to: Callable[[Path], bool],
    ask_overwrite: Callable[[], Conflict],
    *,
    as_new: bool = False,
) -> bool:
    """Save ``edited`` where it was saved before, or (the first time, or ``as_new``) where
    ``ask_path`` says; over a file another program changed since it was read or saved only if
    ``ask_overwrite`` says so (or where ``ask_path`` says, if it says Save As). False if the
    user cancelled or ``save_to`` failed."""
    if not as_new and edited.path is not None and edited.disk.changed:
        answer = ask_overwrite()
        if answer == Conflict.CANCEL:
            return False
        as_new = answer == Conflict.SAVE_AS
    path = None if as_new else edited.path
    path = path or ask_path()
    return path is not None and save_to(path)
