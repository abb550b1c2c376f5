"""Puzzle ▸ Properties: the title, author, licence and notes a document carries into files,
exports and books."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from studio.core.document import Document

LICENCES = ("", "CC-BY-4.0", "CC-BY-SA-4.0", "CC-BY-NC-4.0", "CC0-1.0", "All rights reserved")
"""Licences offered (SPDX identifiers, as nonogram-db writes them); any other text may be typed."""


class PropertiesDialog(QDialog):
    """The document's title, author, licence and notes, edited together."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Puzzle Properties")
        self.title = QLineEdit(document.title)
        self.title.setToolTip("Printed above the puzzle in books and exports")
        self.author = QLineEdit(document.author)
        self.licence = QComboBox()
        self.licence.setEditable(True)
        self.licence.addItems(LICENCES)
        self.licence.setCurrentText(document.license)
        self.licence.setToolTip("Who may copy the puzzle: an SPDX identifier or your own words")
        self.notes = QPlainTextEdit(document.notes)
        self.notes.setToolTip("Anything worth keeping with the puzzle: sources, ideas, a catalogue")
        form = QFormLayout()
        form.addRow("&Title:", self.title)
        form.addRow("&Author:", self.author)
        form.addRow("&Licence:", self.licence)
        form.addRow("&Notes:", self.notes)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._document = document

    def edited(self) -> Document:
        """The document with the properties as the dialog shows them."""
        return replace(
            self._document,
            title=self.title.text().strip(),
            author=self.author.text().strip(),
            license=self.licence.currentText().strip(),
            notes=self.notes.toPlainText().rstrip(),
        )
