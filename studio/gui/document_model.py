"""The open document, its file, and its undo history (:class:`~studio.gui.edited.EditedFile`).

A paint stroke updates the document live as the mouse moves (the clues and the analysis follow)
and becomes one undo step when the mouse is released.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject

from studio.core.document import Document
from studio.core.grid import BoolGrid
from studio.gui.edited import EditedFile, Replace


class DocumentModel(EditedFile):
    """The document being edited (see :class:`EditedFile` for the signals)."""

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(document, parent)
        self._name = "Untitled"
        self._stroke_start: Document | None = None
        self._stroke_base: BoolGrid | None = None
        self._stroke_picture: BoolGrid | None = None

    @property
    def document(self) -> Document:
        assert isinstance(self._value, Document)
        return self._value

    @property
    def name(self) -> str:
        """What the window title calls the document."""
        return self._name

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

    # Painting -----------------------------------------------------------------------------

    def begin_stroke(self, base_picture: BoolGrid) -> None:
        """Start a paint stroke on ``base_picture`` (the picture, or the solution shown when the
        document has no picture yet)."""
        self._stroke_start = self.document
        self._stroke_base = np.array(base_picture, dtype=bool)
        self._stroke_picture = self._stroke_base.copy()

    def paint(self, cells: list[tuple[int, int]], filled: bool) -> None:
        """Set ``cells`` to ``filled`` within the current stroke; the clues follow at once."""
        if self._stroke_picture is None:
            return
        rows, cols = zip(*cells, strict=True) if cells else ((), ())
        if cells and not np.all(self._stroke_picture[rows, cols] == filled):
            self._stroke_picture[rows, cols] = filled
            self._show(self.document.with_picture(self._stroke_picture.copy()))

    def end_stroke(self) -> None:
        """Finish the stroke: everything it changed becomes one undo step."""
        before, base, picture = self._stroke_start, self._stroke_base, self._stroke_picture
        self._stroke_start = self._stroke_base = self._stroke_picture = None
        if before is None or base is None or picture is None or before is self.document:
            return
        changed = int(np.count_nonzero(base != picture))
        verb = "Fill" if np.any(picture & ~base) else "Clear"
        self.undo_stack.push(
            Replace(self._show, before, self.document, f"{verb} {changed} cell(s)")
        )
