"""The open document, its file, and its undo history (:class:`~studio.gui.edited.EditedFile`).

A stroke (painting cells, placing givens) updates the document live as the mouse moves (the
clues and the analysis follow) and becomes one undo step when the mouse is released.

The document's name (its tab, the window's title, the name Save As suggests) is its file's
(a file in another format by its whole name, ``heart.non``), else the title given in Puzzle ▸
Properties, else the name it came with (a generator's, an image's, the book's), else its own
"Untitled N".

Its file is remembered as it was when last read or written (:class:`~studio.gui.edited.DiskFile`,
as the book's is), so that what another program does to it is noticed: the window offers to
reload it, and Save asks before overwriting it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject

from studio.core.document import Document
from studio.core.recovery import Unsaved
from studio.gui.edited import EditedFile, Replace

UNTITLED = "Untitled"
"""What a document with no other name is called; the window numbers the next ones
("Untitled 2")."""


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
        """What the tab and the window title call the document (see the module's docstring):
        a file in another format by its whole name (``heart.non``), which tells it from the
        studio document beside it (``heart``) and says it is not one."""
        if self.path is not None:
            return self.path.stem
        if self._source is not None:
            return self._source.name
        return self.document.title or self._given or self.untitled

    def unsaved(self) -> Unsaved:
        return Unsaved(self.document, self.name, self.path, self._source)

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
        self._load(document, path)
        self.disk.track(self.file)

    def mark_saved(self, path: Path) -> None:
        self._source = None
        super().mark_saved(path)

    def reload(self, value: object) -> None:
        self._stroke_start = None  # a stroke under way ends with what was shown
        super().reload(value)

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
