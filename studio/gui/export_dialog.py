"""The Export dialog: what to draw (the puzzle, its solution, or both), the format, the cell size
in millimetres or the format's own unit, a PNG's resolution and the file, with the size of the
result shown as the options change. The choices are remembered for the next export
(:class:`studio.gui.settings.ExportSettings`).

The window opens it with :func:`run_export`; the drawing is
:func:`studio.render.export.export_image`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.book.layout import MAX_DPI
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.palette import greyscale_warning
from studio.gui.file_dialogs import (
    ask_save,
    file_stem,
    may_replace,
    with_extension,
    work_folder,
)
from studio.gui.forms import add_row
from studio.gui.kinds import qt_kind
from studio.gui.settings import ExportSettings, Settings
from studio.render.export import (
    IMAGE_SUFFIXES,
    UNITS_PER_INCH,
    View,
    check_image_size,
    export_image,
    export_size,
    native_cell,
    native_unit,
)
from studio.render.scene import Look

if TYPE_CHECKING:
    from studio.gui.main_window import MainWindow

FORMAT_NAMES = {".png": "PNG image", ".svg": "SVG drawing", ".pdf": "PDF document"}
"""The formats offered, by extension, as the dialog names them."""

VIEW_NAMES = {View.PUZZLE: "&Puzzle", View.SOLUTION: "&Solution", View.BOTH: "Puzzle &and solution"}

_MM_PER_INCH = UNITS_PER_INCH["mm"]


class ExportDialog(QDialog):
    """Export one puzzle as PNG, SVG or PDF, choosing what to draw and how large.

    Export writes the file (:func:`~studio.render.export.export_image`) and closes the dialog,
    remembering the choices; a file that cannot be written is named in the dialog, which stays
    open. :attr:`written` is then the path written. A colour puzzle whose colours would print
    alike in greyscale says so in a line (:attr:`greyscale`) above the buttons.

    Args:
        document: the puzzle.
        look: how its kind is drawn.
        solution: the solution to draw (bool ``(rows, columns)``); ``None``: only the puzzle
            view is offered.
        name: the document's name, the file's suggested stem.
        folder: where the file is suggested.
        view: what is chosen at first.
    """

    def __init__(
        self,
        document: Document,
        look: Look,
        solution: Picture | None,
        *,
        name: str,
        folder: Path,
        view: View = View.PUZZLE,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document, self.look, self.solution = document, look, solution
        self.written: Path | None = None
        self._chosen: Path | None = None
        """The file last chosen in the file dialog, whose replacing it asked about."""
        self._name = name
        self._settings = Settings()
        remembered = self._settings.export_settings()
        self.setWindowTitle("Export Solution" if view is View.SOLUTION else "Export Puzzle")

        self.views = QButtonGroup(self)
        view_row = QHBoxLayout()
        self.view_buttons: dict[View, QRadioButton] = {}
        for index, shown in enumerate(View):
            button = QRadioButton(VIEW_NAMES[shown])
            if shown is not View.PUZZLE and solution is None:
                button.setEnabled(False)
                button.setToolTip("No solution is known yet")
            self.views.addButton(button, index)
            self.view_buttons[shown] = button
            view_row.addWidget(button)
        view_row.addStretch(1)
        self.view_buttons[view if solution is not None else View.PUZZLE].setChecked(True)

        self.format_box = QComboBox()
        for suffix in IMAGE_SUFFIXES:
            self.format_box.addItem(FORMAT_NAMES[suffix], suffix)
        suffix = remembered.suffix if remembered.suffix in IMAGE_SUFFIXES else ".png"
        self.format_box.setCurrentIndex(self.format_box.findData(suffix))

        self.cell = QDoubleSpinBox()
        self.cell.setDecimals(2)
        self.cell.setRange(0.01, 100_000)
        self.unit_box = QComboBox()
        cell_row = QHBoxLayout()
        cell_row.addWidget(self.cell)
        cell_row.addWidget(self.unit_box)
        cell_row.addStretch(1)

        self.dpi = QSpinBox()
        self.dpi.setRange(1, MAX_DPI)
        self.dpi.setSuffix(" dpi")
        self.dpi.setValue(round(remembered.dpi))
        self.dpi.setToolTip("Pixels an inch: recorded in the PNG, and the size of a cell in mm")

        self.path_edit = QLineEdit(str(folder / f"{self._stem(self.view())}{suffix}"))
        self.browse = QPushButton("&Browse…")
        self.browse.setAutoDefault(False)  # Enter exports; it never opens a file dialog
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(self.browse)

        self.size_label = QLabel()
        greyscale = greyscale_warning(document.palette)
        self.greyscale = QLabel(f"Warning: {greyscale}" if greyscale else "")
        self.greyscale.setWordWrap(True)
        self.greyscale.setVisible(greyscale is not None)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        # The standard OK button, named for what it does: Enter presses it.
        self.export_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.export_button.setText("&Export")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        add_row(form, "Show:", view_row, self.view_buttons[View.PUZZLE])
        form.addRow("&Format:", self.format_box)
        add_row(form, "&Cell size:", cell_row, self.cell)
        form.addRow("&Resolution:", self.dpi)
        add_row(form, "F&ile:", path_row, self.path_edit)
        form.addRow("Size:", self.size_label)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.greyscale)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

        self._fill_units(suffix, remembered.unit, remembered.cell)
        self.format_box.currentIndexChanged.connect(self._format_changed)
        self.unit_box.currentIndexChanged.connect(self._unit_changed)
        self.views.idToggled.connect(self._view_toggled)
        self.browse.clicked.connect(self._browse)
        self.path_edit.textEdited.connect(self._path_edited)
        for signal in (self.cell.valueChanged, self.dpi.valueChanged):
            signal.connect(self._refresh)
        self._refresh()

    # What is chosen ------------------------------------------------------------------------------

    def view(self) -> View:
        return list(View)[self.views.checkedId()]

    def suffix(self) -> str:
        """The format, by extension: ``.png``, ``.svg`` or ``.pdf``."""
        return str(self.format_box.currentData())

    def extensions(self) -> tuple[str, ...]:
        """The file names exported to: the format's extension first, then the others (a name
        typed with one of them chooses its format)."""
        return (self.suffix(), *IMAGE_SUFFIXES)

    def unit(self) -> str:
        """``mm``, or the format's own unit (``px``, ``pt``)."""
        return str(self.unit_box.currentData())

    def path(self) -> Path:
        """The file to write, given the format's extension if it has none."""
        return with_extension(Path(self.path_edit.text().strip()), self.extensions())

    def settings(self) -> ExportSettings:
        return ExportSettings(
            suffix=self.suffix(), cell=self.cell.value(), unit=self.unit(), dpi=self.dpi.value()
        )

    # Export ----------------------------------------------------------------------------------

    def accept(self) -> None:
        """Write the file; close only if it was written."""
        if not self.path_edit.text().strip():
            self._show_message("Choose a file to export to.")
            return
        path = self.path()
        if path.exists() and path != self._chosen and not self.ask_replace(path):
            return
        try:
            export_image(
                self.document,
                path,
                self.look,
                solution=self.solution,
                view=self.view(),
                cell=self.cell.value(),
                unit=self.unit(),
                dpi=self.dpi.value(),
            )
        except StudioError as error:
            self._show_message(str(error))
            return
        self.written = path
        self._settings.set_export_settings(self.settings())
        super().accept()

    def ask_replace(self, path: Path) -> bool:
        """Whether to export over the file at ``path``, typed rather than chosen in the file
        dialog (which asked). Tests answer it."""
        return may_replace(self, "Export", path)

    def ask_path(self) -> Path | None:
        """Ask where to export (a file dialog); ``None`` if cancelled. Tests answer it."""
        suffix = self.suffix()
        name_filter = f"{FORMAT_NAMES[suffix]} (*{suffix});;All files (*)"
        return ask_save(self, "Export to", self.path(), name_filter, self.extensions())

    # Reacting to the controls ----------------------------------------------------------------

    def _stem(self, view: View) -> str:
        """The suggested file name of ``view``, portable (:func:`file_stem`)."""
        return file_stem(
            self._name
            + {View.PUZZLE: "", View.SOLUTION: " solution", View.BOTH: " with solution"}[view]
        )

    def _fill_units(self, suffix: str, unit: str, cell: float) -> None:
        """Offer the units of ``suffix`` (mm and its own), choose ``unit`` and show ``cell``."""
        self.unit_box.blockSignals(True)
        self.unit_box.clear()
        own = native_unit(suffix)
        self.unit_box.addItem("mm", "mm")
        self.unit_box.addItem(own, own)
        self.unit_box.setCurrentIndex(max(0, self.unit_box.findData(unit)))
        self.unit_box.blockSignals(False)
        self.cell.blockSignals(True)
        self.cell.setValue(cell)
        self.cell.blockSignals(False)
        self._suffix, self._unit = suffix, self.unit()

    def _millimetres(self, value: float, unit: str, suffix: str) -> float:
        """A cell of ``value`` ``unit`` in an image of ``suffix``, in millimetres (a PNG's pixels
        at its resolution)."""
        if unit == "px" and suffix == ".png":
            return value / self.dpi.value() * _MM_PER_INCH
        return value / UNITS_PER_INCH[unit] * _MM_PER_INCH

    def _format_changed(self) -> None:
        """Another format: the path's extension follows; the cell keeps its number if the new
        format has its unit, else becomes the same length in millimetres."""
        suffix = self.suffix()
        before = Path(self.path_edit.text())
        if before.suffix.lower() in IMAGE_SUFFIXES:
            self.path_edit.setText(str(before.with_suffix(suffix)))
        if self._unit in ("mm", native_unit(suffix)):
            self._fill_units(suffix, self._unit, self.cell.value())
        else:
            length = self._millimetres(self.cell.value(), self._unit, self._suffix)
            self._fill_units(suffix, "mm", round(length, 2))
        self._refresh()

    def _unit_changed(self) -> None:
        """Another unit: the same length in it."""
        suffix, unit = self.suffix(), self.unit()
        length = self._millimetres(self.cell.value(), self._unit, suffix)
        if unit == "mm":
            value = length
        elif unit == "px" and suffix == ".png":
            value = length / _MM_PER_INCH * self.dpi.value()
        else:
            value = length / _MM_PER_INCH * UNITS_PER_INCH[unit]
        self._fill_units(suffix, unit, round(value, 2))
        self._refresh()

    def _view_toggled(self, index: int, checked: bool) -> None:
        if not checked:
            return
        path = Path(self.path_edit.text())
        stems = {self._stem(view) for view in View}
        if path.stem in stems:  # still the suggested name: follow what is shown
            self.path_edit.setText(str(path.with_name(self._stem(self.view()) + path.suffix)))
        self._refresh()

    def _path_edited(self) -> None:
        suffix = Path(self.path_edit.text()).suffix.lower()
        if suffix in IMAGE_SUFFIXES and suffix != self.suffix():
            self.format_box.setCurrentIndex(self.format_box.findData(suffix))

    def _browse(self) -> None:
        path = self.ask_path()
        if path is not None:
            self._chosen = path
            self.path_edit.setText(str(path))
            self._path_edited()

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _refresh(self) -> None:
        suffix, view = self.suffix(), self.view()
        self.dpi.setEnabled(suffix == ".png")
        try:
            cell = native_cell(suffix, self.cell.value(), self.unit(), self.dpi.value())
            check_image_size(self.document, self.look, suffix, cell, view)
        except StudioError as error:
            self.size_label.setText("—")
            self._show_message(str(error))
            self.export_button.setEnabled(False)
            return
        self._show_message("")
        self.export_button.setEnabled(True)
        width, height, pages = export_size(self.document, self.look, suffix, cell, view)
        self.size_label.setText(_describe(suffix, width, height, pages, self.dpi.value()))


def _describe(suffix: str, width: float, height: float, pages: int, dpi: float) -> str:
    """The size of an export as a designer reads it: ``1 562 × 1 250 px, 13.2 × 10.6 cm at
    300 dpi``; ``98.4 × 80.2 mm``; ``114 × 86 pt (40.2 × 30.3 mm), 2 pages``."""

    def mm(length: float, unit: str) -> float:
        return length / UNITS_PER_INCH[unit] * _MM_PER_INCH

    if suffix == ".png":
        cm = f"{width / dpi * 2.54:.1f} × {height / dpi * 2.54:.1f} cm"
        return f"{_whole(width)} × {_whole(height)} px, {cm} at {dpi:g} dpi"
    millimetres = f"{mm(width, 'px' if suffix == '.svg' else 'pt'):.1f} × "
    millimetres += f"{mm(height, 'px' if suffix == '.svg' else 'pt'):.1f} mm"
    if suffix == ".svg":
        return millimetres
    counted = f", {pages} pages" if pages > 1 else ""
    return f"{_whole(width)} × {_whole(height)} pt ({millimetres}){counted}"


def _whole(value: float) -> str:
    return f"{round(value):,}".replace(",", " ")


def run_export(window: MainWindow, *, solution: bool = False) -> Path | None:
    """File ▸ Export Puzzle (``solution=False``) or Export Solution: the Export dialog over the
    window's shown document, the solution view chosen at first for Export Solution. Returns
    the path written, also announced in the status bar, or ``None`` if nothing was.

    Export Solution with no solution known says so (``window.show_error``) and opens nothing.
    """
    model = window.model
    document = model.document
    shown = window.view.picture_shown()
    if solution and shown is None:
        window.show_error("No solution to export", "The puzzle has no solution known yet.")
        return None
    dialog = ExportDialog(
        document,
        qt_kind(document.kind).look,
        shown,
        name=model.name,
        folder=model.path.parent if model.path is not None else work_folder(),
        view=View.SOLUTION if solution else View.PUZZLE,
        parent=window,
    )
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.written is None:
        return None
    # Where it went is where the next dialog starts, typed into the field or chosen.
    Settings().set_work_folder(dialog.written.parent)
    window.show_message(f"Exported {dialog.written}")
    return dialog.written
