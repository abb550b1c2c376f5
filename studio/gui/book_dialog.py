"""The book's print settings: title and author; the page (trim size, bleed, margins, mirrored
margins); what the book holds (title page, contents, rules pages, solutions and how many a
page, padding to an even count); how its puzzles print (how many a page, the least and the
largest cell, the rules' line weights, the font).

Shown from Book ▸ Print Settings and before a PDF export (then with the puzzles that should
not go to print, if any, what of the book would print badly with the settings shown (the
preflight, :func:`~studio.render.book.preflight.preflight`, run on a worker as they change),
and "Open the PDF when done", remembered between sessions). The
settings belong to the book and are saved with it. Every value is checked by
:class:`~studio.core.book.BookLayout` as it is edited: what it refuses is shown in one line in
the dialog, which stays open on OK until it is fixed.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont, QFontInfo
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFontComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from studio.core.book import PER_PAGE, SOLUTIONS_PER_PAGE, TRIM_SIZES, Book, BookLayout
from studio.core.book.layout import MAX_BLEED_MM, MOST_CELL_MM
from studio.core.errors import StudioError
from studio.gui.forms import add_row
from studio.gui.kinds import looks
from studio.gui.palette import warning_text
from studio.gui.settings import Settings
from studio.gui.workers import LatestOnly
from studio.render.book.preflight import preflight
from studio.render.book.sheet import require_font

AUTOMATIC_RULE = "Automatic (follows the cell)"
"""What a rule width's box shows at 0: the rule follows the cell."""

PREFLIGHT_DEBOUNCE_MS = 300
"""The preflight runs once the settings rest this long: it draws every puzzle (about 5 ms a
puzzle)."""


class BookDialog(QDialog):
    """Edits a book's title, author and :class:`~studio.core.book.BookLayout`.

    Args:
        book: the book whose settings are shown.
        export: the dialog before an export: OK reads "Export…", the puzzles to fix are
            listed, and "Open the PDF when done" is offered (:meth:`Settings.open_pdf`).
    """

    preflighted = Signal()
    """The preflight's lines are shown (none: the note is hidden)."""

    def __init__(self, book: Book, parent: QWidget | None = None, *, export: bool = False):
        super().__init__(parent)
        self.setWindowTitle("Export the book as PDF" if export else "Book print settings")
        self._book = book
        self._export = export
        self._settings = Settings()
        layout = book.layout

        self.title = QLineEdit(book.title)
        self.author = QLineEdit(book.author)
        about = QFormLayout()
        about.addRow("T&itle:", self.title)
        about.addRow("&Author:", self.author)

        self.page_size = QComboBox()
        for name, size in TRIM_SIZES.items():
            self.page_size.addItem(size.title, name)
        self.page_size.setCurrentIndex(self.page_size.findData(layout.page_size))
        self.bleed = _millimetres(layout.bleed_mm, most=MAX_BLEED_MM, decimals=3)
        self.bleed.setToolTip(
            "Printed past the trim on every side, for a press: 3.175 mm (0.125 in) for most "
            "print-on-demand presses; 0 for none. Print and Print Preview leave it out."
        )
        self.margin = _millimetres(layout.margin_mm, decimals=3)
        self.mirrored = QCheckBox("Mirrored, &with a gutter of")
        self.mirrored.setToolTip(
            "Extra margin on the binding side: left on right-hand pages, right on left-hand ones"
        )
        self.mirrored.setChecked(layout.gutter_mm > 0)
        # Turned on again, mirrored margins start from the default gutter.
        self.gutter = _millimetres(layout.gutter_mm or BookLayout().gutter_mm, decimals=3)
        self.gutter.setEnabled(self.mirrored.isChecked())
        gutter_row = QHBoxLayout()
        gutter_row.addWidget(self.mirrored)
        gutter_row.addWidget(self.gutter, 1)
        page = QFormLayout()
        page.addRow("&Page size:", self.page_size)
        page.addRow("&Bleed:", self.bleed)
        page.addRow("&Margins:", self.margin)
        page.addRow("Binding side:", gutter_row)

        self.title_page = QCheckBox("&Title page")
        self.title_page.setChecked(layout.title_page)
        self.contents = QCheckBox("&Contents")
        self.contents.setChecked(layout.contents)
        self.rules_pages = QCheckBox("&Rules page before each kind")
        self.rules_pages.setChecked(layout.rules_pages)
        self.solutions = QCheckBox("&Solutions at the back")
        self.solutions.setChecked(layout.solutions)
        self.solutions_per_page = QComboBox()
        self.solutions_per_page.addItem("Automatic (cells of 1.5 mm or more)", None)
        for count in SOLUTIONS_PER_PAGE:
            self.solutions_per_page.addItem(str(count), count)
        self.solutions_per_page.setCurrentIndex(
            max(0, self.solutions_per_page.findData(layout.solutions_per_page))
        )
        self.pad_even = QCheckBox("Pad to an &even page count")
        self.pad_even.setToolTip("Blank pages at the end: presses print both sides of a sheet")
        self.pad_even.setChecked(layout.pad_even)
        held = QFormLayout()
        for check in (self.title_page, self.contents, self.rules_pages, self.solutions):
            held.addRow(check)
        held.addRow("Sol&utions per page (at most):", self.solutions_per_page)
        held.addRow(self.pad_even)

        self.per_page = QComboBox()
        self.per_page.addItem("Automatic (cells stay readable)", None)
        for count in PER_PAGE:
            self.per_page.addItem(str(count), count)
        self.per_page.setCurrentIndex(max(0, self.per_page.findData(layout.per_page)))
        self.least_cell = _millimetres(layout.least_cell_mm or 0.0, decimals=2)
        self.least_cell.setToolTip(
            "The smallest cell a puzzle gets when a page of its own can give it that much: "
            "more puzzles share a page only while their cells stay this large"
        )
        self.most_cell = _millimetres(layout.most_cell_mm, decimals=2)
        self.most_cell.setToolTip(f"A small puzzle stays puzzle-sized ({MOST_CELL_MM:g} mm)")
        self.thin_rule = _points(layout.thin_rule_pt)
        self.thin_rule.setToolTip("Between cells; 0.25 pt is the finest a press promises")
        self.thick_rule = _points(layout.thick_rule_pt)
        self.thick_rule.setToolTip("Every five cells and around the grid")
        self.default_font = QCheckBox("Default")
        self.default_font.setToolTip("The desktop's usual font")
        self.font_family = QFontComboBox()
        self.font_family.setEditable(True)  # a book's font not installed here keeps its name
        self.font_family.setCurrentFont(QFont(layout.font_family or QFontInfo(QFont()).family()))
        if layout.font_family:
            self.font_family.setEditText(layout.font_family)
        self.default_font.setChecked(not layout.font_family)
        self.font_family.setEnabled(bool(layout.font_family))
        font_row = QHBoxLayout()
        font_row.addWidget(self.default_font)
        font_row.addWidget(self.font_family, 1)
        puzzles = QFormLayout()
        puzzles.addRow("Pu&zzles per page (at most):", self.per_page)
        puzzles.addRow("&Least cell:", self.least_cell)
        puzzles.addRow("Lar&gest cell:", self.most_cell)
        puzzles.addRow("T&hin rules:", self.thin_rule)
        puzzles.addRow("Thic&k rules:", self.thick_rule)
        add_row(puzzles, "&Font:", font_row, self.default_font)

        self.message = QLabel()
        self.message.setObjectName("bookSettingsError")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {warning_text(self.palette()).name()}")
        self.message.hide()
        self.open_pdf = QCheckBox("&Open the PDF when done")
        self.open_pdf.setChecked(self._settings.open_pdf())
        self.open_pdf.setVisible(export)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if export:
            self.ok_button.setText("&Export…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        left = QVBoxLayout()
        left.addWidget(_group("Book", about))
        left.addWidget(_group("Puzzles", puzzles))
        right = QVBoxLayout()
        right.addWidget(_group("Page", page))
        right.addWidget(_group("Pages printed", held))
        left.addStretch(1)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        column = QVBoxLayout(self)
        column.addLayout(columns)
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
        self.preflight_note = QLabel()
        self.preflight_note.setObjectName("bookPreflight")
        self.preflight_note.setWordWrap(True)
        self.preflight_note.hide()
        self._preflight = LatestOnly(self, debounce_ms=PREFLIGHT_DEBOUNCE_MS, time_limit=None)
        self._preflight.finished.connect(self._show_preflight)
        column.addWidget(self.preflight_note)
        column.addWidget(self.message)
        column.addWidget(self.open_pdf)
        column.addWidget(buttons)

        self.mirrored.toggled.connect(self.gutter.setEnabled)
        self.default_font.toggled.connect(lambda on: self.font_family.setEnabled(not on))
        self.page_size.currentIndexChanged.connect(self._page_size_changed)
        for box in (self.page_size, self.per_page, self.solutions_per_page):
            box.currentIndexChanged.connect(self._check)
        for spin in (
            self.bleed,
            self.margin,
            self.gutter,
            self.least_cell,
            self.most_cell,
            self.thin_rule,
            self.thick_rule,
        ):
            spin.valueChanged.connect(self._check)
        for check in (self.mirrored, self.default_font):
            check.toggled.connect(self._check)
        self.font_family.editTextChanged.connect(self._check)
        self._page_size_changed()
        self._check()

    def accept(self) -> None:
        """Close with the settings chosen, unless the book's layout refuses them: then the
        reason stays shown and so does the dialog."""
        if not self._check():
            return
        if self._export:
            self._settings.set_open_pdf(self.open_pdf.isChecked())
        super().accept()

    def done(self, result: int) -> None:
        self._preflight.shutdown()  # no thread outlives the dialog
        super().done(result)

    def book(self) -> Book:
        """The book with the settings chosen.

        Raises:
            StudioError: the first setting :class:`~studio.core.book.BookLayout` refuses, in
                one line (margins that leave too little of the page, a rule out of range...).
        """
        family = "" if self.default_font.isChecked() else self.font_family.currentText().strip()
        layout = replace(
            self._book.layout,
            page_size=str(self.page_size.currentData()),
            per_page=self.per_page.currentData(),
            bleed_mm=self.bleed.value(),
            margin_mm=self.margin.value(),
            gutter_mm=self.gutter.value() if self.mirrored.isChecked() else 0.0,
            title_page=self.title_page.isChecked(),
            contents=self.contents.isChecked(),
            rules_pages=self.rules_pages.isChecked(),
            solutions=self.solutions.isChecked(),
            solutions_per_page=self.solutions_per_page.currentData(),
            pad_even=self.pad_even.isChecked(),
            least_cell_mm=self.least_cell.value() or None,
            most_cell_mm=self.most_cell.value(),
            thin_rule_pt=self.thin_rule.value() or None,
            thick_rule_pt=self.thick_rule.value() or None,
            font_family=family,
        )
        title = self.title.text().strip() or self._book.title
        return replace(self._book, title=title, author=self.author.text().strip(), layout=layout)

    def _check(self) -> bool:
        """Show what the layout refuses, or that the font is missing here; True if the
        settings can be kept (a missing font can: the book may be printed elsewhere)."""
        try:
            layout = self.book().layout
        except StudioError as error:
            self._show(str(error))
            return False
        try:
            require_font(layout)
        except StudioError as error:
            self._show(f"{error}: the book prints only where it is")
        else:
            self._show("")
            if self._export:
                book = self.book()
                self._preflight.request(lambda cancel: preflight(book, looks, cancel))
        return True

    def _show_preflight(self, lines: list[str]) -> None:
        """What of the book would print badly with the settings shown, a line each."""
        shown = "<br>".join(html.escape(line) for line in lines[:8])
        more = "<br>…" if len(lines) > 8 else ""
        self.preflight_note.setText(
            f"<b>As set, the book would print badly:</b><br>{shown}{more}" if lines else ""
        )
        self.preflight_note.setVisible(bool(lines))
        self.preflighted.emit()

    def _show(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _page_size_changed(self) -> None:
        trim = TRIM_SIZES[str(self.page_size.currentData())]
        self.least_cell.setSpecialValueText(f"Automatic ({trim.least_cell_mm:g} mm)")


def _group(title: str, form: QFormLayout) -> QGroupBox:
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
    box = QGroupBox(title)
    box.setLayout(form)
    return box


def _millimetres(value: float, *, most: float = 50.0, decimals: int) -> QDoubleSpinBox:
    """A length in millimetres, 0 to ``most`` (the layout says what it takes), to
    ``decimals`` places: as many as the layout's lengths have (3.175 mm is 0.125 in)."""
    box = QDoubleSpinBox()
    box.setRange(0.0, most)
    box.setDecimals(decimals)
    box.setSingleStep(0.5)
    box.setSuffix(" mm")
    box.setValue(value)
    return box


def _points(value: float | None) -> QDoubleSpinBox:
    """A rule's width in points; 0 shows :data:`AUTOMATIC_RULE` (``None``)."""
    box = QDoubleSpinBox()
    box.setRange(0.0, 10.0)
    box.setDecimals(2)
    box.setSingleStep(0.25)
    box.setSuffix(" pt")
    box.setSpecialValueText(AUTOMATIC_RULE)
    box.setValue(value or 0.0)
    return box
