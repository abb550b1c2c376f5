"""The open document, its file, and its undo history.

Every change to the document is a :class:`ReplaceDocument` command on the undo stack: documents
are immutable, so a command just holds the document before and after. A paint stroke updates
the document live as the mouse moves (the clues and the analysis follow) and becomes one undo
step when the mouse is released.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from studio.core.document import Document
from studio.core.grid import BoolGrid


class ReplaceDocument(QUndoCommand):
    """An undoable change: the whole document before and after."""

    def __init__(self, model: DocumentModel, before: Document, after: Document, text: str):
        super().__init__(text)
        self._model = model
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._model._show(self._after)

    def undo(self) -> None:
        self._model._show(self._before)


class DocumentModel(QObject):
    """The document being edited.

    Signals:
        changed(): the document changed (an edit, undo/redo, or another document loaded).
        file_changed(): the file name or the saved state changed (for the window title).
    """

    changed = Signal()
    file_changed = Signal()

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._path: Path | None = None
        self._name = "Untitled"
        self._stroke_start: Document | None = None
        self._stroke_base: BoolGrid | None = None
        self._stroke_picture: BoolGrid | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.file_changed)

    @property
    def document(self) -> Document:
        return self._document

    @property
    def path(self) -> Path | None:
        """The studio document file this is saved in; ``None`` until saved as one."""
        return self._path

    @property
    def name(self) -> str:
        """What the window title calls the document."""
        return self._name

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def load(
        self, document: Document, *, path: Path | None = None, name: str | None = None
    ) -> None:
        """Start editing another document; the undo history starts afresh.

        Args:
            path: the studio document file it came from, if any (Save writes there).
            name: the title shown; defaults to the file's stem or the document's title.
        """
        self._stroke_start = None
        self._path = path
        self._name = name or (path.stem if path else document.title or "Untitled")
        self.undo_stack.clear()
        self._show(document)
        self.file_changed.emit()

    def mark_saved(self, path: Path) -> None:
        self._path = path
        self._name = path.stem
        self.undo_stack.setClean()
        self.file_changed.emit()

    def replace(self, document: Document, text: str) -> None:
        """Replace the document as one undoable step called ``text``."""
        if document is not self._document:
            self.undo_stack.push(ReplaceDocument(self, self._document, document, text))

    # Painting -----------------------------------------------------------------------------

    def begin_stroke(self, base_picture: BoolGrid) -> None:
        """Start a paint stroke on ``base_picture`` (the picture, or the solution shown when the
        document has no picture yet)."""
        self._stroke_start = self._document
        self._stroke_base = np.array(base_picture, dtype=bool)
        self._stroke_picture = self._stroke_base.copy()

    def paint(self, cells: list[tuple[int, int]], filled: bool) -> None:
        """Set ``cells`` to ``filled`` within the current stroke; the clues follow at once."""
        if self._stroke_picture is None:
            return
        rows, cols = zip(*cells, strict=True) if cells else ((), ())
        if cells and not np.all(self._stroke_picture[rows, cols] == filled):
            self._stroke_picture[rows, cols] = filled
            self._show(self._document.with_picture(self._stroke_picture.copy()))

    def end_stroke(self) -> None:
        """Finish the stroke: everything it changed becomes one undo step."""
        before, base, picture = self._stroke_start, self._stroke_base, self._stroke_picture
        self._stroke_start = self._stroke_base = self._stroke_picture = None
        if before is None or base is None or picture is None or before is self._document:
            return
        changed = int(np.count_nonzero(base != picture))
        verb = "Fill" if np.any(picture & ~base) else "Clear"
        self.undo_stack.push(
            ReplaceDocument(self, before, self._document, f"{verb} {changed} cell(s)")
        )

    def _show(self, document: Document) -> None:
        if document is not self._document:
            self._document = document
            self.changed.emit()
