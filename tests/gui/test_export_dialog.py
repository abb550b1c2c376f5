"""The Export dialog (studio.gui.export_dialog) driven with real mouse and key events: what is
drawn (puzzle, solution, both), the format, the cell in millimetres or the format's unit, a
PNG's resolution, the size shown before writing, errors kept in the dialog, the choices
remembered; and :func:`run_export` from the window."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QDoubleSpinBox
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import colour_grid_from_text, grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette
from studio.gui.export_dialog import ExportDialog, run_export
from studio.gui.file_dialogs import work_folder
from studio.gui.main_window import MainWindow
from studio.gui.settings import ExportSettings, Settings
from studio.render.export import View, export_size, extent, native_cell
from studio.render.nonogram import LOOK

LEFT = Qt.MouseButton.LeftButton
PICTURE = grid_from_text(["###", "#..", "##."])
DOCUMENT = document_of_picture("nonogram", PICTURE, title="L")


def open_dialog(
    qtbot: QtBot, folder: Path, *, solution: bool = True, view: View = View.PUZZLE
) -> ExportDialog:
    dialog = ExportDialog(
        DOCUMENT, LOOK, PICTURE if solution else None, name="L", folder=folder, view=view
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    """Click a radio button on its circle, a push button anywhere."""
    qtbot.mouseClick(button, LEFT, pos=QPoint(8, button.height() // 2))


def choose(qtbot: QtBot, box: QComboBox, text: str) -> None:
    """Choose an item of a combo box by the keyboard: Home or End for the first or the last,
    else Down or Up, one item at a time."""
    target = box.findText(text)
    assert target >= 0, f"{text!r} is not offered"
    box.setFocus()
    if target in (0, box.count() - 1):
        qtbot.keyClick(box, Qt.Key.Key_Home if target == 0 else Qt.Key.Key_End)
    while box.currentIndex() != target:
        qtbot.keyClick(box, Qt.Key.Key_Down if box.currentIndex() < target else Qt.Key.Key_Up)
    assert box.currentText() == text


def type_into(qtbot: QtBot, box: QDoubleSpinBox, text: str) -> None:
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, text)


def slots() -> tuple[int, int]:
    """Rows and columns of cells one drawing takes, margins included (half a cell around)."""
    rows, cols = extent(DOCUMENT.puzzle, LOOK)
    return rows + 1, cols + 1


def test_a_png_at_300_dpi_by_default(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    assert dialog.suffix() == ".png"
    assert (dialog.cell.value(), dialog.unit(), dialog.dpi.value()) == (6.0, "mm", 300)
    assert dialog.dpi.isEnabled()
    assert Path(dialog.path_edit.text()) == tmp_path / "L.png"
    cell = round(6 / 25.4 * 300)  # 71 px
    rows, cols = slots()
    width, height = cols * cell + 1, rows * cell + 1
    assert export_size(DOCUMENT, LOOK, ".png", native_cell(".png", 6, "mm", 300)) == (
        width,
        height,
        1,
    )
    assert dialog.size_label.text().startswith(f"{width} × {height} px, ")
    assert dialog.size_label.text().endswith(" cm at 300 dpi")
    click(qtbot, dialog.export_button)
    assert dialog.result() == ExportDialog.DialogCode.Accepted
    assert dialog.written == tmp_path / "L.png"
    with Image.open(tmp_path / "L.png") as image:
        assert image.size == (width, height)
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_an_svg_in_millimetres(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    choose(qtbot, dialog.format_box, "SVG drawing")
    assert Path(dialog.path_edit.text()).name == "L.svg", "the extension follows the format"
    assert not dialog.dpi.isEnabled(), "a vector image has no resolution"
    type_into(qtbot, dialog.cell, "5")
    rows, cols = slots()
    assert dialog.size_label.text() == f"{cols * 5:.1f} × {rows * 5:.1f} mm"
    click(qtbot, dialog.export_button)
    text = (tmp_path / "L.svg").read_text()
    assert re.search(rf'<svg width="{cols * 5}mm" height="{rows * 5}mm"', text)


def test_a_unit_change_keeps_the_length(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    choose(qtbot, dialog.unit_box, "px")
    assert dialog.cell.value() == pytest.approx(6 / 25.4 * 300, abs=0.01)  # 70.87 px
    type_into(qtbot, dialog.cell, "24")
    # px is not a PDF's unit: the same length (24 px at 300 dpi) in millimetres.
    choose(qtbot, dialog.format_box, "PDF document")
    assert dialog.unit() == "mm"
    assert dialog.cell.value() == pytest.approx(24 / 300 * 25.4, abs=0.01)
    choose(qtbot, dialog.unit_box, "pt")
    assert dialog.cell.value() == pytest.approx(24 / 300 * 72, abs=0.01)


def test_the_puzzle_and_its_solution_in_one_pdf(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    choose(qtbot, dialog.format_box, "PDF document")
    click(qtbot, dialog.view_buttons[View.BOTH])
    assert dialog.view() is View.BOTH
    assert Path(dialog.path_edit.text()).name == "L with solution.pdf"
    assert dialog.size_label.text().endswith(", 2 pages")
    click(qtbot, dialog.export_button)
    assert len(PdfReader(tmp_path / "L with solution.pdf").pages) == 2


def test_without_a_solution_only_the_puzzle_is_offered(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path, solution=False, view=View.SOLUTION)
    assert dialog.view() is View.PUZZLE
    assert not dialog.view_buttons[View.SOLUTION].isEnabled()
    assert not dialog.view_buttons[View.BOTH].isEnabled()


def test_a_size_too_large_is_refused_before_writing(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    type_into(qtbot, dialog.cell, "900")
    assert not dialog.export_button.isEnabled()
    assert "the image would be" in dialog.message.text()
    assert "at most 16 384" in dialog.message.text()
    type_into(qtbot, dialog.cell, "6")
    assert dialog.export_button.isEnabled()
    assert not dialog.message.isVisible()


def test_a_file_that_cannot_be_written_keeps_the_dialog_open(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    target = tmp_path / "missing" / "L.png"
    dialog.path_edit.setFocus()
    dialog.path_edit.selectAll()
    qtbot.keyClicks(dialog.path_edit, str(target))
    click(qtbot, dialog.export_button)
    assert dialog.isVisible()
    assert dialog.written is None
    assert dialog.message.text() == f"{target}: cannot write the PNG: No such file or directory"
    assert Settings().export_settings() == ExportSettings(), "nothing remembered"


def test_a_full_disk_keeps_the_old_file_and_says_so(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a full disk the window once said "Exported" over a 0-byte file."""
    dialog = open_dialog(qtbot, tmp_path)
    target = tmp_path / "L.png"
    target.write_bytes(b"the old picture")
    dialog.path_edit.setText(str(target))
    dialog.ask_replace = lambda path: True  # type: ignore[method-assign]

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    click(qtbot, dialog.export_button)
    monkeypatch.undo()
    assert dialog.isVisible()
    assert dialog.written is None
    assert dialog.message.text() == f"{target}: cannot write the PNG: No space left on device"
    assert target.read_bytes() == b"the old picture"
    assert os.listdir(tmp_path) == ["L.png"]


def test_a_typed_extension_chooses_the_format(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    dialog.path_edit.setText(str(tmp_path / "plain"))
    assert dialog.path() == tmp_path / "plain.png", "no extension: the format's"
    dialog.path_edit.setFocus()
    dialog.path_edit.selectAll()
    qtbot.keyClicks(dialog.path_edit, str(tmp_path / "drawing.svg"))
    assert dialog.suffix() == ".svg"
    qtbot.keyClick(dialog.path_edit, Qt.Key.Key_Return)  # Enter exports
    assert dialog.written == tmp_path / "drawing.svg"
    assert (tmp_path / "drawing.svg").read_text().startswith("<?xml")


def test_a_file_typed_that_exists_is_replaced_only_when_the_user_says(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Export wrote over any file typed in the field without a word; one chosen in the file
    dialog was asked about there, and is not asked about twice."""
    dialog = open_dialog(qtbot, tmp_path)
    target = tmp_path / "cover.png"
    target.write_bytes(b"the book's cover")
    asked: list[Path] = []
    answers = [False, True]
    dialog.ask_replace = lambda path: asked.append(path) or answers.pop(0)  # type: ignore[method-assign]
    dialog.path_edit.setText(str(tmp_path / "cover"))
    click(qtbot, dialog.export_button)
    assert asked == [target]
    assert dialog.isVisible(), "No: the dialog stays open for another name"
    assert target.read_bytes() == b"the book's cover"
    click(qtbot, dialog.export_button)
    assert dialog.written == target
    assert target.read_bytes().startswith(b"\x89PNG")
    chosen = open_dialog(qtbot, tmp_path)
    chosen.ask_path = lambda: target  # type: ignore[method-assign]
    chosen.ask_replace = lambda path: asked.append(path) or False  # type: ignore[method-assign]
    qtbot.mouseClick(chosen.browse, LEFT)
    click(qtbot, chosen.export_button)
    assert chosen.written == target
    assert len(asked) == 2, "chosen in the file dialog, which asked"


def test_browse_asks_for_the_file(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    dialog.ask_path = lambda: tmp_path / "chosen.pdf"  # type: ignore[method-assign]
    qtbot.mouseClick(dialog.browse, LEFT)
    assert dialog.path_edit.text() == str(tmp_path / "chosen.pdf")
    assert dialog.suffix() == ".pdf"


def test_the_choices_are_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, tmp_path)
    choose(qtbot, dialog.format_box, "PDF document")
    choose(qtbot, dialog.unit_box, "pt")
    type_into(qtbot, dialog.cell, "20")
    click(qtbot, dialog.export_button)
    # A new Settings reads the file again, as after a restart.
    remembered = Settings().export_settings()
    assert remembered == ExportSettings(suffix=".pdf", cell=20.0, unit="pt", dpi=300.0)
    again = open_dialog(qtbot, tmp_path)
    assert (again.suffix(), again.cell.value(), again.unit()) == (".pdf", 20.0, "pt")
    assert Path(again.path_edit.text()).name == "L.pdf"


# --- from the window ---------------------------------------------------------------------------


def answer_the_dialog(qtbot: QtBot, answer) -> None:
    """Once the modal Export dialog is up, let ``answer`` drive it with events."""

    def when_shown() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ExportDialog):
            QTimer.singleShot(0, when_shown)  # not up yet: look again on the next turn
            return
        answer(dialog)

    QTimer.singleShot(0, when_shown)


def test_run_export_from_the_window(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    """File ▸ Export Solution opens the dialog with the solution view chosen; Export writes it
    and the status bar says so. (``export_dialog`` wired as the window will be.)"""
    window: MainWindow = open_window(DOCUMENT)
    window.export_dialog = lambda solution: run_export(window, solution=solution)  # type: ignore[method-assign]
    target = tmp_path / "L solution.png"
    seen: list[View] = []

    def answer(dialog: ExportDialog) -> None:
        seen.append(dialog.view())
        dialog.path_edit.setText(str(target))
        qtbot.mouseClick(dialog.export_button, LEFT)

    answer_the_dialog(qtbot, answer)
    window.export_solution_action.trigger()
    assert seen == [View.SOLUTION]
    assert target.read_bytes().startswith(b"\x89PNG")
    assert window.statusBar().currentMessage() == f"Exported {target}"
    # Typed, not chosen in a file dialog: the next dialog starts there all the same.
    assert work_folder() == tmp_path


def test_run_export_cancelled_writes_nothing(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    window: MainWindow = open_window(DOCUMENT)
    answer_the_dialog(qtbot, lambda dialog: qtbot.keyClick(dialog, Qt.Key.Key_Escape))
    assert run_export(window) is None
    assert list(tmp_path.iterdir()) == []


def test_export_solution_without_one_says_so(qtbot: QtBot, open_window) -> None:
    """A puzzle known only by its clues, with none, has no solution to draw: the row's 1 1
    needs the third column, whose clue is empty."""
    window: MainWindow = open_window(Document(Nonogram([(1, 1), (), ()], [(1,), (1,), ()])))
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    assert window.view.picture_shown() is None
    assert run_export(window, solution=True) is None
    assert errors == [("No solution to export", "The puzzle has no solution known yet.")]


def test_colours_alike_in_greyscale_are_named_and_the_file_is_still_written(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A colour puzzle whose red and green are one grey on paper: the dialog says so in a
    line, and Export writes the PNG in its colours all the same; black and white says
    nothing."""
    palette = Palette(
        (
            Colour("white", ".", (255, 255, 255)),
            Colour("red", "r", (255, 0, 0)),
            Colour("green", "g", (0, 148, 0)),
        )
    )
    picture = colour_grid_from_text(["rg.", ".gr"], palette.chars)
    document = document_of_picture("nonogram", picture, palette=palette)
    dialog = ExportDialog(document, LOOK, picture, name="rg", folder=tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.greyscale.isVisible()
    assert dialog.greyscale.text() == "Warning: red and green would print alike in greyscale"
    choose(qtbot, dialog.format_box, "PNG image")
    click(qtbot, dialog.export_button)
    assert dialog.written == tmp_path / "rg.png"
    pixels = np.asarray(Image.open(tmp_path / "rg.png").convert("RGB"))
    assert ((pixels == (255, 0, 0)).all(axis=2)).any()
    assert ((pixels == (0, 148, 0)).all(axis=2)).any()
    plain = open_dialog(qtbot, tmp_path)
    assert not plain.greyscale.isVisible()


def test_the_suggested_name_is_portable(qtbot: QtBot, tmp_path: Path) -> None:
    """A generated puzzle's name (``Mosaic 10×10 #7``) or a title with a colon makes a file
    name every system takes."""
    dialog = ExportDialog(DOCUMENT, LOOK, PICTURE, name="Winter: 10×10", folder=tmp_path)
    qtbot.addWidget(dialog)
    assert Path(dialog.path_edit.text()).name == "Winter_ 10x10.png"
