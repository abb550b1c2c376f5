"""The open document, its file, and its undo history (:class:`~studio.gui.edited.EditedFile`).

A stroke (painting cells, placing givens) updates the document live as the mouse moves (the
clues and the analysis follow) and becomes one undo step when the mouse is released.

The document's name (its tab, the window's title, the name Save As suggests) is its file's,
else the title given in Puzzle ▸ Properties, else the name it came with (a generator's, an
image's, the book's), else its own "Untitled N".

Its file is remembered as it was when last read or written (:class:`DiskFile`), so that what
another program does to it is noticed: the window offers to reload it, and Save asks before
overwriting it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from pathlib import Path

from PySide6.QtCore import QObject

from studio.core.document import Document
from studio.gui.edited import EditedFile, Replace

UNTITLED = "Untitled"
"""What a document with no other name is called; the window numbers the next ones
("Untitled 2")."""

RELOAD = "Reload from disk"
"""The undo step of a reload: undoing it brings back the document shown before."""


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


class DocumentModel(EditedFile):
    """The document being edited (see :class:`EditedFile` for the signals; ``file_changed``
    also says that its name changed).

    Args:
        untitled: what it is called while it has no other name ("Untitled 2").
    """

    def __init__(
        self, document: Document, parent: QObject | None = None, *, untitled: str = UNTITLED
    ) -> None:
        super().__init__(document, parent)
        self.untitled = untitled
        self.disk = DiskFile()
        self._given: str | None = None
        self._source: Path | None = None
        self._stroke_start: Document | None = None

    @property
    def document(self) -> Document:
        assert isinstance(self._value, Document)
        return self._value

    @property
    def file(self) -> Path | None:
        """The file the document shows: its studio document (:attr:`path`), else the file in
        another format it was read from (Save asks where to save it)."""
        return self.path or self._source

    @property
    def name(self) -> str:
        """What the tab and the window title call the document (see the module's docstring)."""
        if self.file is not None:
            return self.file.stem
        return self.document.title or self._given or self.untitled

    def rename(self, name: str) -> None:
        """Call the document ``name`` (a book's puzzle renumbered) while it has no file or
        title of its own to name it."""
        if name != self._given:
            self._given = name
            self.file_changed.emit()

    def load(
        self,
        document: Document,
        *,
        path: Path | None = None,
        source: Path | None = None,
        name: str | None = None,
    ) -> None:
        """Start editing another document; the undo history starts afresh.

        Args:
            path: the studio document file it came from, if any (Save writes there).
            source: the file in another format it came from, if any.
            name: the name it came with, shown while it has no file or title.
        """
        self._stroke_start = None
        self._given = name
        self._source = None if path else source
        self.disk.track(path or source)
        self._load(document, path)

    def mark_saved(self, path: Path) -> None:
        self._source = None
        self.disk.track(path)
        super().mark_saved(path)

    def reload(self, document: Document) -> None:
        """Show ``document``, its file read again after another program changed it, as the
        file's state: one undo step (:data:`RELOAD`) that brings back what was shown, edits
        and all, when undone."""
        self._stroke_start = None
        if document != self.document:
            self._replace(document, RELOAD)
        self.undo_stack.setClean()
        self.disk.track(self.file)

    def replace(self, document: Document, text: str) -> None:
        """Replace the document as one undoable step called ``text``."""
        self._replace(document, text)

    def _show(self, value: object) -> None:
        name = self.name
        super()._show(value)
        if self.name != name:  # a title given or taken away
            self.file_changed.emit()

    # Strokes -------------------------------------------------------------------------------

    def begin_stroke(self) -> None:
        """Start a stroke: edits shown live as the mouse moves (:meth:`show_stroke`), one undo
        step when it ends (:meth:`end_stroke`)."""
        self._stroke_start = self.document

    def show_stroke(self, document: Document) -> None:
        """Show ``document`` as the stroke has made it so far (no undo step yet); the clues and
        the analysis follow at once."""
        if self._stroke_start is not None and document != self.document:
            self._show(document)

    def abandon_stroke(self) -> None:
        """Forget the stroke under way without an undo step: the document changed otherwise
        meanwhile (an undo with the button still down), and that change stands."""
        self._stroke_start = None

    def end_stroke(self, text: str) -> None:
        """Finish the stroke: everything it changed becomes one undo step called ``text``."""
        before, self._stroke_start = self._stroke_start, None
        if before is not None and before is not self.document:
            self.undo_stack.push(Replace(self._show, before, self.document, text))
