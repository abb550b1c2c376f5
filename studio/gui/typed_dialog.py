"""Puzzle ▸ Type Clues: the whole puzzle as text, typed or pasted, checked as it is typed.

The text is the kind's typing format (:func:`studio.core.typed.typed_text`: a nonogram's clue
lines, a mosaic's grid of digits, Janko's Fobidoshi text); any other format of the kind is taken
too (a pasted game ID or runs list, :func:`~studio.core.typed.retyped`). The first problem is
named under the text, with its line, and OK waits until there is none.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from studio.core.document import Document
from studio.core.errors import FormatError, StudioError
from studio.core.kinds import kind_of
from studio.core.typed import retyped, typed_text

CHECK_DELAY_MS = 150
"""How long typing pauses before the text is checked."""


class TypedCluesDialog(QDialog):
    """The puzzle's clues as text; :meth:`document` is the puzzle they make."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        spec = document.puzzle.spec
        self.setWindowTitle(f"Type the {spec.title} Clues")
        self._document = document
        self._result: Document | None = None
        try:
            text = typed_text(document)
            note = ""
        except FormatError as error:
            text, note = "", f"The puzzle cannot be shown as text ({error}); type it anew."
        kind = kind_of(document.puzzle)
        format_title = next(f.title for f in kind.formats if f.name == kind.typed_format)
        intro = QLabel(
            f"Type or paste the puzzle as {format_title}, or any format the studio reads "
            "(a game ID, runs lists…). The picture stays while it still solves the clues."
        )
        intro.setWordWrap(True)
        self.text = QPlainTextEdit(text)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.problem = QLabel(note)
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check)
        self.text.textChanged.connect(self._timer.start)
        self.resize(520, 560)
        if note:  # nothing to read yet: the note says why, and OK waits for the first text
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        else:
            self.check()

    def check(self) -> None:
        """Read the text now: name the first problem, or enable OK."""
        self._timer.stop()
        try:
            self._result = retyped(self._document, self.text.toPlainText())
        except StudioError as error:
            self._result = None
            self.problem.setText(str(error))
        else:
            self.problem.setText("")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._result is not None)

    def document(self) -> Document | None:
        """The document the text makes (the old one's metadata kept), ``None`` while the text
        has a problem."""
        if self._timer.isActive():
            self.check()
        return self._result
