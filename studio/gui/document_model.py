"""The open document, its file, and its undo history (:class:`~studio.gui.edited.EditedFile`).

A stroke (painting cells, placing givens) updates the document live as the mouse moves (the
clues and the analysis follow) and becomes one undo step when the mouse is released.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject

from studio.core.document import Document
from studio.gui.edited import EditedFile, Replace


class DocumentModel(EditedFile):
    """The document being edited (see :class:`EditedFile` for the signals)."""

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(document, parent)
        self._name = "Untitled"
        self._stroke_start: Document | None = None

    @property
    def document(self) -> Document:
        assert isinstance(self._value, Document)
        return self._value

    @property
    def name(self) -> str:
        """What the window title calls the document."""
        return self._name

    def rename(self, name: str) -> None:
        """Call the document ``name`` (a book's puzzle renumbered); its file, if any, keeps
        naming it."""
        if self.path is None and name != self._name:
            self._name = name
            self.file_changed.emit()

    def load(
        self, document: Document, *, path: Path | None = None, name: str | None = None
    ) -> None:
        """Start editing another document; the undo history starts afresh.

        Args:
            path: the studio document file it came from, if any (Save writes there).
            name: the title shown; defaults to the file's stem or the document's title.
        """
        self._stroke_start = None
        self._name = name or (path.stem if path else document.title or "Untitled")
        self._load(document, path)

    def mark_saved(self, path: Path) -> None:
        self._name = path.stem
        super().mark_saved(path)

    def replace(self, document: Document, text: str) -> None:
        """Replace the document as one undoable step called ``text``."""
        self._replace(document, text)

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
