"""The book's print settings: title, author, page size, puzzles per page, margins, sections.

Shown before a PDF export (with the puzzles that should not go to print, if any) and from
Book › Print Settings. The settings belong to the book and are saved with it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.book import PER_PAGE, TRIM_SIZES, Book
from studio.core.errors import StudioError


class BookDialog(QDialog):
    """Edits a book's title, author and :class:`~studio.core.book.BookLayout`."""

    def __init__(self, book: Book, parent: QWidget | None = None, *, export: bool = False):
        super().__init__(parent)
        self.setWindowTitle("Export the book as PDF" if export else "Book print settings")
        layout = book.layout
        self.title = QLineEdit(book.title)
        self.author = QLineEdit(book.author)
        self.page_size = QComboBox()
        for name, size in TRIM_SIZES.items():
            self.page_size.addItem(size.title, name)
        self.page_size.setCurrentIndex(self.page_size.findData(layout.page_size))
        self.per_page = QComboBox()
        self.per_page.addItem("Automatic (cells stay readable)", None)
        for count in PER_PAGE:
            self.per_page.addItem(str(count), count)
        self.per_page.setCurrentIndex(max(0, self.per_page.findData(layout.per_page)))
        self.margin = _millimetres(layout.margin_mm)
        self.gutter = _millimetres(layout.gutter_mm)
        self.title_page = QCheckBox("&Title page")
        self.title_page.setChecked(layout.title_page)
        self.contents = QCheckBox("&Contents")
        self.contents.setChecked(layout.contents)
        self.solutions = QCheckBox("&Solutions at the back")
        self.solutions.setChecked(layout.solutions)

        form = QFormLayout()
        form.addRow("T&itle:", self.title)
        form.addRow("&Author:", self.author)
        form.addRow("&Page size:", self.page_size)
        form.addRow("Puzzles per pa&ge (at most):", self.per_page)
        form.addRow("&Margins:", self.margin)
        form.addRow("&Gutter (binding side):", self.gutter)
        for check in (self.title_page, self.contents, self.solutions):
            form.addRow("", check)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        if export:
            buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Export…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addLayout(form)
        warnings = book.warnings()
        if export and warnings:
            shown = "<br>".join(warnings[:8]) + ("<br>…" if len(warnings) > 8 else "")
            note = QLabel(
                f"<b>{len(warnings)} puzzle{'s' if len(warnings) != 1 else ''} should not go "
                f"to print as {'they are' if len(warnings) != 1 else 'it is'}:</b><br>{shown}"
            )
            note.setObjectName("bookWarnings")
            note.setWordWrap(True)
            column.addWidget(note)
        column.addWidget(buttons)
        self._book = book

    def accept(self) -> None:
        """Close, unless the settings cannot be printed (margins wider than the page): then
        say why and stay."""
        try:
            self.book()
        except StudioError as error:
            QMessageBox.warning(self, "Cannot print so", str(error))
            return
        super().accept()

    def book(self) -> Book:
        """The book with the settings chosen (the layout's other settings, such as the bleed,
        as they were).

        Raises:
            StudioError: for margins that leave too little of the page.
        """
        layout = replace(
            self._book.layout,
            page_size=str(self.page_size.currentData()),
            per_page=self.per_page.currentData(),
            margin_mm=self.margin.value(),
            gutter_mm=self.gutter.value(),
            title_page=self.title_page.isChecked(),
            contents=self.contents.isChecked(),
            solutions=self.solutions.isChecked(),
        )
        title = self.title.text().strip() or self._book.title
        return replace(self._book, title=title, author=self.author.text().strip(), layout=layout)


def _millimetres(value: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0.0, 50.0)
    box.setDecimals(1)
    box.setSuffix(" mm")
    box.setValue(value)
    return box
