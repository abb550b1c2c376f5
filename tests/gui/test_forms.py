"""Every dialog's labels: an ``&`` marks a mnemonic with a field to focus, never text shown as
it is (as "&Threshold" once was), and no two of a dialog's mnemonics are alike (the Import Image
dialog's *Make a* and *Remove* once were)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtWidgets import QAbstractButton, QDialog, QGroupBox, QLabel
from pytestqt.qtbot import QtBot

from studio.core.book import Book
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture, get_kind
from studio.gui.book_dialog import BookDialog
from studio.gui.dialogs import NewPuzzleDialog
from studio.gui.export_dialog import ExportDialog
from studio.gui.fill_book_dialog import FillBookDialog
from studio.gui.generate_dialog import GenerateDialog
from studio.gui.grid_menu import ResizeDialog
from studio.gui.import_dialog import ImportImageDialog
from studio.gui.kinds import qt_kind
from tests.gui.mnemonics import clashes

DIALOGS = {
    "import image": lambda: ImportImageDialog(Image.new("L", (4, 2), 255), Path("tiny.png")),
    "new puzzle": lambda: NewPuzzleDialog(None, width=5, height=5, kind="nonogram"),
    "generate": lambda: GenerateDialog(),
    "fill the book": lambda: FillBookDialog(),
    "book": lambda: BookDialog(Book()),
    "resize": lambda: ResizeDialog((5, 5), get_kind("nonogram").spec),
    "export": lambda: ExportDialog(
        document_of_picture("nonogram", grid_from_text(["#."])),
        qt_kind("nonogram").look,
        None,
        name="x",
        folder=Path("."),
    ),
}


@pytest.mark.parametrize("name", DIALOGS)
def test_every_mnemonic_label_has_a_buddy(qtbot: QtBot, name: str) -> None:
    dialog: QDialog = DIALOGS[name]()
    qtbot.addWidget(dialog)
    mnemonics = [label for label in dialog.findChildren(QLabel) if "&" in label.text()]
    assert mnemonics, "the dialog's labels have mnemonics"
    for label in mnemonics:
        assert label.buddy() is not None, f"{label.text()!r} shows its '&'"


@pytest.mark.parametrize("name", DIALOGS)
def test_no_two_mnemonics_of_a_dialog_are_alike(qtbot: QtBot, name: str) -> None:
    dialog: QDialog = DIALOGS[name]()
    qtbot.addWidget(dialog)
    texts = [widget.text() for widget in dialog.findChildren(QLabel)]
    texts += [widget.text() for widget in dialog.findChildren(QAbstractButton)]
    texts += [widget.title() for widget in dialog.findChildren(QGroupBox)]
    assert clashes(texts) == []
