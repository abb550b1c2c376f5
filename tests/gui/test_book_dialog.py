"""The Print Settings dialog, driven with the keyboard and the mouse: every setting reaches the
book's layout, and what the layout refuses is one line in the dialog, which stays open."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDialog, QWidget
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookLayout, entry_for
from studio.core.kinds import document_of_picture
from studio.gui.book_dialog import AUTOMATIC_RULE, BookDialog
from studio.gui.settings import Settings

LEFT = Qt.MouseButton.LeftButton


def shown(qtbot: QtBot, book: Book, *, export: bool = False) -> BookDialog:
    dialog = BookDialog(book, export=export)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def type_into(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Select what the field holds and type ``text`` over it, as a person does."""
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(widget, text)


def tick(qtbot: QtBot, box: QCheckBox) -> None:
    """Click a check box on its box (a wide one's middle may be past its text)."""
    qtbot.mouseClick(box, LEFT, pos=QPoint(box.height() // 2, box.height() // 2))


def choose(qtbot: QtBot, box: QComboBox, text: str) -> None:
    """Pick the item ``text`` with the keyboard: the first item, then down to it."""
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    while box.currentText() != text:
        index = box.currentIndex()
        qtbot.keyClick(box, Qt.Key.Key_Down)
        assert box.currentIndex() != index, f"{text!r} is not offered"


def test_every_setting_reaches_the_layout(qtbot: QtBot) -> None:
    dialog = shown(qtbot, Book(layout=BookLayout()))
    choose(qtbot, dialog.page_size, "Trade 6 × 9 in")
    type_into(qtbot, dialog.bleed, "3.175")
    tick(qtbot, dialog.mirrored)  # mirrored margins off: no gutter
    tick(qtbot, dialog.pad_even)
    tick(qtbot, dialog.rules_pages)
    choose(qtbot, dialog.solutions_per_page, "6")
    type_into(qtbot, dialog.least_cell, "4.5")
    type_into(qtbot, dialog.most_cell, "7")
    type_into(qtbot, dialog.thin_rule, "0.5")
    type_into(qtbot, dialog.thick_rule, "1.5")
    tick(qtbot, dialog.default_font)
    type_into(qtbot, dialog.font_family.lineEdit(), "DejaVu Serif")
    assert not dialog.message.isVisible(), dialog.message.text()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(dialog.thick_rule, Qt.Key.Key_Return)
    layout = dialog.book().layout
    assert layout == BookLayout(
        page_size="6x9",
        bleed_mm=3.175,
        gutter_mm=0.0,
        pad_even=True,
        rules_pages=False,
        solutions_per_page=6,
        least_cell_mm=4.5,
        most_cell_mm=7.0,
        thin_rule_pt=0.5,
        thick_rule_pt=1.5,
        font_family="DejaVu Serif",
    )


def test_automatic_settings_show_so_and_stay_automatic(qtbot: QtBot) -> None:
    """A setting left to the studio shows what it will be and reads back as ``None``; nothing
    is rounded on the way (a 0.125 in gutter stays 3.175 mm)."""
    dialog = shown(qtbot, Book(layout=BookLayout(page_size="6x9")))
    assert dialog.least_cell.text() == "Automatic (4 mm)"
    assert dialog.thin_rule.text() == AUTOMATIC_RULE
    choose(qtbot, dialog.page_size, "A4 (210 × 297 mm)")
    assert dialog.least_cell.text() == "Automatic (5 mm)", "the least cell follows the page"
    assert dialog.book().layout == BookLayout(page_size="A4")


def test_a_setting_the_layout_refuses_is_one_line_and_the_dialog_stays(qtbot: QtBot) -> None:
    book = Book(layout=BookLayout(thin_rule_pt=1.0))
    dialog = shown(qtbot, book)
    type_into(qtbot, dialog.thick_rule, "0.5")
    assert dialog.message.isVisible()
    assert dialog.message.text() == "thick rules of 0.5 pt are thinner than the thin rules (1 pt)"
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.isVisible()
    assert dialog.result() != QDialog.DialogCode.Accepted
    type_into(qtbot, dialog.thick_rule, "2")
    assert not dialog.message.isVisible()
    choose(qtbot, dialog.page_size, "Trade 6 × 9 in")
    type_into(qtbot, dialog.margin, "50")
    assert dialog.message.text().startswith("margins of 50 mm and a gutter of 3.175 mm leave")
    type_into(qtbot, dialog.margin, "12.7")
    assert not dialog.message.isVisible()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.book().layout.thick_rule_pt == 2.0


def test_a_font_not_installed_here_is_kept_and_noted(qtbot: QtBot) -> None:
    """A book made where its font is installed can still be edited here: the name stays, with
    a note that it prints only where the font is."""
    dialog = shown(qtbot, Book(layout=BookLayout(font_family="Garamond Premier Pro")))
    assert not dialog.default_font.isChecked()
    assert dialog.font_family.currentText() == "Garamond Premier Pro"
    assert dialog.message.text().startswith(
        "the font family 'Garamond Premier Pro' is not installed here"
    )
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.book().layout.font_family == "Garamond Premier Pro"


def test_open_the_pdf_when_done_is_offered_before_an_export_and_remembered(
    qtbot: QtBot,
) -> None:
    settings = shown(qtbot, Book())
    assert not settings.open_pdf.isVisibleTo(settings), "only before an export"
    dialog = shown(qtbot, Book(), export=True)
    assert dialog.ok_button.text() == "&Export…"
    assert not dialog.open_pdf.isChecked()
    tick(qtbot, dialog.open_pdf)
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert Settings().open_pdf()
    assert shown(qtbot, Book(), export=True).open_pdf.isChecked()


def test_before_an_export_the_preflight_follows_the_settings(qtbot: QtBot) -> None:
    """A 30×30 picture prints its clues under 6 pt on a 6×9 in page and reads on A4; the
    preflight runs on a worker as the settings change."""
    stripes = np.zeros((30, 30), dtype=bool)
    stripes[:, ::2] = True
    stripes[::3, :] = True
    entry = entry_for(document_of_picture("nonogram", stripes), "Stripes")
    book = Book(entries=(entry,), layout=BookLayout(page_size="6x9"))
    dialog = BookDialog(book, export=True)  # its preflight waits for the event loop
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.preflighted, timeout=30_000):
        dialog.show()
    assert dialog.preflight_note.isVisible()
    assert "#1 Stripes (30×30): prints too small to read: numbers of" in (
        dialog.preflight_note.text()
    )
    with qtbot.waitSignal(dialog.preflighted, timeout=30_000):
        choose(qtbot, dialog.page_size, "A4 (210 × 297 mm)")
    assert not dialog.preflight_note.isVisible()
