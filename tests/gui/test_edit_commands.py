"""Copy, paste, Type Clues and Properties in the window, offscreen, through the shortcuts and
the system clipboard: a copied puzzle pastes back whole, a game ID pastes as a new tab, typed
clues become one undo step, a bad paste or text says where it is wrong."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage
from pytestqt.qtbot import QtBot

from studio.core import formats
from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.fobidoshi.puzzle import CIRCLE, Fobidoshi
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.gui.clipboard import STUDIO_MIME, TYPED_MIME
from studio.gui.main_window import MainWindow
from studio.gui.properties_dialog import PropertiesDialog
from studio.gui.typed_dialog import TypedCluesDialog
from tests.gui.conftest import verdict_in_new_tab

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
HEART = grid_from_text([".#.#.", "#####", "#####", ".###.", "..#.."])
HEART_ID = "5x5:2/4/4/4/2/1.1/5/5/3/1"  # Tatham's Pattern ID of HEART: columns, then rows


@pytest.fixture
def clipboard():
    board = QGuiApplication.clipboard()
    board.clear()
    yield board
    board.clear()


def test_copy_offers_the_game_id_the_typed_text_and_the_document(
    qtbot: QtBot, open_window, clipboard
) -> None:
    document = document_of_picture("nonogram", HEART, title="Heart", author="Ada")
    window = open_window(document)
    qtbot.keyClick(window.view, Qt.Key.Key_C, CTRL)
    data = clipboard.mimeData()
    assert data.text() == HEART_ID
    assert formats.read_text(data.text()).puzzle == document.puzzle, "the ID is the puzzle"
    typed = bytes(data.data(TYPED_MIME).data()).decode()
    assert typed.startswith("rows\n1 1\n5\n")
    whole = formats.read_text(bytes(data.data(STUDIO_MIME).data()).decode())
    assert whole == document, "the studio document keeps the picture and the metadata"
    assert window.statusBar().currentMessage() == "Copied the puzzle"


def test_paste_opens_the_copied_puzzle_in_a_new_tab(
    qtbot: QtBot, open_window, clipboard, tmp_path
) -> None:
    document = document_of_picture("nonogram", HEART, title="Heart")
    window = open_window()
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.model.load(document, path=tmp_path / "heart.json")  # a file's: not replaced
    qtbot.keyClick(window.view, Qt.Key.Key_C, CTRL)
    first = window.tab
    with verdict_in_new_tab(qtbot, window):
        qtbot.keyClick(window.view, Qt.Key.Key_V, CTRL)
    assert window.tabs.count() == 2
    assert window.tab is not first
    assert window.model.document == document
    assert window.tabs.tabText(window.tabs.currentIndex()).startswith("Heart")


def test_a_game_id_from_elsewhere_pastes_as_a_puzzle(qtbot: QtBot, open_window, clipboard) -> None:
    window = open_window()
    clipboard.setText(HEART_ID)
    with verdict_in_new_tab(qtbot, window):
        window.edit.paste_action.trigger()
    assert window.model.document.puzzle == document_of_picture("nonogram", HEART).puzzle
    assert window.status_label.text().startswith("Unique")


def test_a_bad_paste_says_where_and_opens_nothing(open_window, clipboard) -> None:
    window = open_window()
    clipboard.setText("rows\n1 1\n5\ncolumns\n2 x\n")
    window.edit.paste_action.trigger()
    message = window.statusBar().currentMessage()
    assert message.startswith("Cannot paste: the clipboard, line 5"), message
    clipboard.clear()
    window.edit.paste_action.trigger()
    assert "holds no puzzle" in window.statusBar().currentMessage()
    assert window.tabs.count() == 1


def test_a_pasted_image_goes_through_the_import_dialog(
    qtbot: QtBot, open_window, clipboard, monkeypatch
) -> None:
    window = open_window()
    icon = QImage(16, 16, QImage.Format.Format_RGB32)
    icon.fill(QColor("white"))
    for x in range(16):
        icon.setPixelColor(x, 7, QColor("black"))  # a line across the middle
    clipboard.setImage(icon)
    seen = []

    def accept(dialog) -> bool:
        seen.append(dialog)
        return True

    monkeypatch.setattr(window, "run_import_dialog", accept)
    with verdict_in_new_tab(qtbot, window):
        window.edit.paste_action.trigger()
    assert len(seen) == 1
    picture = window.model.document.picture
    assert picture is not None
    assert picture.shape == (16, 16), "pixel art keeps its size"
    assert picture[7].all()
    assert int(picture.sum()) == 16
    assert window.tabs.tabText(window.tabs.currentIndex()).startswith("Pasted image")


def test_copy_solution_image_draws_the_solution(open_window, clipboard) -> None:
    window = open_window(document_of_picture("nonogram", HEART))
    window.edit.copy_image_action.trigger()
    image = clipboard.image()
    assert not image.isNull()
    assert window.statusBar().currentMessage() == "Copied the solution as a picture"
    dark = sum(
        image.pixelColor(x, y).lightness() < 80
        for x in range(image.width())
        for y in range(image.height())
    )
    assert dark > 0.1 * image.width() * image.height(), "the heart in ink"
    window.model.load(Document(Nonogram([(1,), (1,)], [(1,), (1,)])))  # two solutions
    window.edit.copy_image_action.trigger()
    assert window.statusBar().currentMessage() == "No solution to copy yet"


def test_copy_as_text_gives_the_typed_text_or_says_why_not(open_window, clipboard) -> None:
    window = open_window(document_of_picture("nonogram", HEART))
    window.edit.copy_text_action.trigger()
    assert clipboard.text().startswith("rows\n1 1\n5\n5\n3\n1\ncolumns\n")
    with_givens = Document(Nonogram.from_picture(HEART, [(0, 1)]), HEART)
    window.model.load(with_givens)
    clipboard.clear()
    window.edit.copy_text_action.trigger()
    assert window.statusBar().currentMessage().startswith("Cannot copy as text:")
    assert clipboard.text() == ""


def test_type_clues_says_why_the_puzzle_is_not_shown_as_text(qtbot: QtBot) -> None:
    """Clue lines have no place for givens: the dialog opens empty with the reason, which the
    empty text's own problem must not replace, and OK waits for a text."""
    dialog = TypedCluesDialog(Document(Nonogram.from_picture(HEART, [(0, 1)]), HEART))
    qtbot.addWidget(dialog)
    assert dialog.text.toPlainText() == ""
    assert dialog.problem.text().startswith("The puzzle cannot be shown as text (")
    assert "given" in dialog.problem.text()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    type_lines(qtbot, dialog.text, ["rows", "1", "columns", "1"])
    dialog.check()
    assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_a_kind_without_a_game_id_copies_its_text(open_window, clipboard) -> None:
    givens = np.zeros((4, 4), dtype=np.int8)
    givens[0, 0] = CIRCLE
    window = open_window(Document(Fobidoshi(givens)))
    window.edit.copy_action.trigger()
    assert clipboard.text() == "4\no---\n----\n----\n----\n", "Janko's text"


def type_lines(qtbot: QtBot, widget, lines: list[str]) -> None:
    """Type each line and Enter after it (but the last)."""
    for index, line in enumerate(lines):
        if index:
            qtbot.keyClick(widget, Qt.Key.Key_Return)
        qtbot.keyClicks(widget, line)


def test_type_clues_checks_as_typed_and_is_one_undo_step(
    qtbot: QtBot, open_window, monkeypatch
) -> None:
    window = open_window(document_of_picture("nonogram", HEART, title="Heart"))

    def type_in(dialog: TypedCluesDialog) -> bool:
        qtbot.addWidget(dialog)
        dialog.text.selectAll()
        type_lines(qtbot, dialog.text, ["rows", "1", "0", "columns", "1 x"])
        dialog.check()
        ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        assert not ok.isEnabled()
        assert "line 5" in dialog.problem.text(), dialog.problem.text()
        for _ in range(2):  # "x" and the space before it
            qtbot.keyClick(dialog.text, Qt.Key.Key_Backspace)
        type_lines(qtbot, dialog.text, ["", "0"])
        dialog.check()
        assert ok.isEnabled(), dialog.problem.text()
        return True

    monkeypatch.setattr(window.edit, "run_dialog", type_in)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.edit.type_clues_action.trigger()
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Nonogram)
    assert (puzzle.rows, puzzle.cols) == (((1,), ()), ((1,), ()))
    assert window.model.document.title == "Heart", "the metadata stays"
    assert window.model.document.picture is None, "the heart no longer solves the clues"
    assert window.model.undo_stack.undoText() == "Type clues"


def test_properties_are_one_undo_step(qtbot: QtBot, open_window, monkeypatch) -> None:
    window = open_window(document_of_picture("nonogram", HEART))

    def fill_in(dialog: PropertiesDialog) -> bool:
        qtbot.addWidget(dialog)
        qtbot.keyClicks(dialog.title, "Heart")
        dialog.licence.setCurrentText("CC-BY-4.0")
        qtbot.keyClicks(dialog.notes, "For Valentine's day")
        return True

    monkeypatch.setattr(window.edit, "run_dialog", fill_in)
    window.edit.properties_action.trigger()
    document = window.model.document
    assert (document.title, document.license, document.notes) == (
        "Heart",
        "CC-BY-4.0",
        "For Valentine's day",
    )
    assert window.model.undo_stack.undoText() == "Edit properties"
    window.undo_action.trigger()
    assert window.model.document.title == ""


def test_the_puzzle_menu_offers_properties_and_type_clues(open_window) -> None:
    window: MainWindow = open_window()
    window.puzzle_menu.aboutToShow.emit()
    titles = [a.text().replace("&", "") for a in window.puzzle_menu.actions()][:2]
    assert titles == ["Properties…", "Type Clues…"]
