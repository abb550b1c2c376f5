"""The window's book: adding puzzles and puzzle files, opening, updating, saving, exporting
(and opening the PDF), print preview and print, with real key events."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QDesktopServices, QPageLayout
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QPushButton,
)
from pytestqt.qtbot import QtBot

from studio.core import files, formats
from studio.core.book import Book, BookEntry, BookLayout, entry_for
from studio.core.document import Document
from studio.core.formats.book_json import load_book, save_book
from studio.core.grid import colour_grid_from_text, grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.palette import Colour, Palette
from studio.core.sat.analysis import Status
from studio.gui import loading
from studio.gui.book_dialog import BookDialog
from studio.gui.edited import Choice, Conflict
from studio.gui.generate_dialog import GenerateDialog
from studio.gui.kinds import looks
from studio.gui.main_window import MainWindow
from studio.gui.palette import warning_text
from studio.render.book import book_plan
from tests.gui.conftest import running_threads

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier

HEART = grid_from_text([".#.#.", "#####", "#####", ".###.", "..#.."])
# Two solutions: either diagonal of the top-left square.
DIAGONAL = grid_from_text(["#....", ".#...", ".....", ".....", "....."])


def document(picture: np.ndarray, title: str) -> Document:
    return document_of_picture("nonogram", picture, title=title)


def add_current(qtbot: QtBot, window: MainWindow) -> None:
    """Ctrl+B, as a person adds the window's puzzle, and wait for its analysis."""
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)


def test_adding_puzzles_lists_them_with_verdict_and_warning(qtbot: QtBot, open_window) -> None:
    window = open_window(document(HEART, "Heart"))
    assert not window.book.dock.isVisible(), "no book yet: the puzzle gets the room"
    add_current(qtbot, window)
    assert window.book.dock.isVisible()
    window.model.load(document(DIAGONAL, "Diagonal"))
    add_current(qtbot, window)

    book = window.book.model.book
    assert [entry.title for entry in book.entries] == ["Heart", "Diagonal"]
    heart, diagonal = book.entries
    assert heart.status == Status.UNIQUE.value
    assert heart.difficulty is not None
    assert heart.solution is not None
    assert np.array_equal(heart.solution, HEART)
    assert diagonal.status == Status.MULTIPLE.value
    items = window.book.panel.list
    assert items.count() == 2
    assert items.item(0).text().startswith("1. Heart\n5×5 Nonogram · ★")
    assert items.item(1).text() == "2. Diagonal\n5×5 Nonogram · ⚠ has several solutions"
    assert items.item(1).foreground().color() == warning_text(items.palette())
    assert "1 to fix" in window.book.panel.summary.text()
    assert window.book.dock.windowTitle() == "Book: Untitled *"


def test_undo_follows_the_last_edit_book_or_puzzle(qtbot: QtBot, open_window) -> None:
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    assert window.undo_action.text().startswith("&Undo Add “Heart”")
    qtbot.keyClick(window.view.canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.book.model.book.entries == ()
    assert window.model.document.title == "Heart", "the puzzle is not what was undone"


def test_the_export_dialog_names_the_puzzles_to_fix(qtbot: QtBot) -> None:
    entries = (entry_for(document(HEART, "Heart")), entry_for(document(DIAGONAL, "Diagonal")))
    dialog = BookDialog(Book(title="Mixed", entries=entries), export=True)
    qtbot.addWidget(dialog)
    warnings = dialog.findChild(QLabel, "bookWarnings")
    assert warnings is not None
    assert "1 puzzle should not go to print" in warnings.text()
    assert "#2 Diagonal: has several solutions" in warnings.text()
    fine = BookDialog(Book(title="Fine", entries=entries[:1]), export=True)
    qtbot.addWidget(fine)
    assert fine.findChild(QLabel, "bookWarnings") is None


def test_opening_a_book_puzzle_and_adding_it_back_updates_it(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(document(DIAGONAL, "Diagonal"))
    add_current(qtbot, window)
    window.model.load(document(HEART, "Heart"))
    add_current(qtbot, window)
    panel = window.book.panel

    # Double-click the first puzzle: it opens in the window.
    centre = panel.list.visualItemRect(panel.list.item(0)).center()
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert window.model.document == window.book.model.book.entries[0].document
    assert window.book.add_action.text() == "&Update Puzzle 1 in Book"

    # Make it unique (fill the other diagonal) and add it back: the entry is replaced.
    fixed = document(DIAGONAL, "Diagonal")
    picture = DIAGONAL.copy()
    picture[0, 1] = True
    window.model.replace(fixed.with_picture(picture), "Fill 1 cell(s)")
    add_current(qtbot, window)
    entries = window.book.model.book.entries
    assert len(entries) == 2
    assert entries[0].title == "Diagonal"
    assert entries[0].status == Status.UNIQUE.value
    assert window.book.panel.list.item(0).text().startswith("1. Diagonal\n5×5 Nonogram · ★")

    # Loading another puzzle forgets where the window's puzzle came from.
    window.model.load(document(HEART, "Another"))
    assert window.book.add_action.text() == "Add Puzzle to &Book"


def test_save_and_reopen_the_book(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    window.book.ask_save_path = lambda: tmp_path / "valentine"  # type: ignore[method-assign]
    assert window.book.save()
    path = tmp_path / "valentine.book.json"
    assert window.book.model.path == path
    assert window.book.dock.windowTitle() == "Book: valentine"
    assert [e.title for e in load_book(path).entries] == ["Heart"]

    window.book.new_book()
    assert window.book.panel.list.count() == 0
    window.book.ask_open_path = lambda: path  # type: ignore[method-assign]
    window.book.open_dialog()
    assert window.book.panel.list.count() == 1
    assert not window.book.model.modified


def saved_book(qtbot: QtBot, open_window, folder: Path) -> tuple[MainWindow, Path]:
    """A window whose book, of one puzzle, is saved in ``folder``; and the book's file."""
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    path = folder / "valentine.book.json"
    window.book.ask_save_path = lambda: path  # type: ignore[method-assign]
    assert window.book.save()
    return window, path


def test_save_asks_before_overwriting_a_book_another_program_changed(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window, path = saved_book(qtbot, open_window, tmp_path)
    theirs = path.read_bytes().replace(b'"Heart"', b'"Their heart"')
    path.write_bytes(theirs)  # another program's version, a different size
    asked: list[Conflict] = []

    def answer(choice: Conflict) -> Callable[[], Conflict]:
        def ask() -> Conflict:
            asked.append(choice)
            return choice

        return ask

    window.book.model.replace(replace(window.book.model.book, title="Mine"), "Retitle")
    window.book.ask_overwrite = answer(Conflict.CANCEL)  # type: ignore[method-assign]
    assert not window.book.save()
    assert path.read_bytes() == theirs, "kept"
    window.book.ask_overwrite = answer(Conflict.OVERWRITE)  # type: ignore[method-assign]
    assert window.book.save()
    assert load_book(path).title == "Mine"
    assert asked == [Conflict.CANCEL, Conflict.OVERWRITE]
    assert window.book.save(), "its own save is no news: nothing asked"
    assert len(asked) == 2


def test_a_book_changed_by_another_program_is_offered_for_reloading(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """`studio generate --book same.book.json` added a puzzle to the open book: the panel kept
    showing the old one as saved, and said nothing."""
    window, path = saved_book(qtbot, open_window, tmp_path)
    before = window.book.model.book
    asked: list[bool] = []
    window.book.ask_reload = lambda *, modified: asked.append(modified) or True  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not window.disk_check.isActive())
    theirs = replace(before, title="Their valentines")
    save_book(theirs, path)
    qtbot.waitUntil(lambda: window.book.model.book.title == "Their valentines", timeout=10_000)
    assert asked == [False]
    assert not window.book.model.modified, "the file's state"
    window.book.model.undo_stack.undo()
    assert window.book.model.book == before, "Undo brings back what was shown"
    assert window.book.model.modified


def test_a_book_kept_over_another_programs_or_deleted_is_unsaved_work(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window, path = saved_book(qtbot, open_window, tmp_path)
    qtbot.waitUntil(lambda: not window.disk_check.isActive())
    save_book(replace(window.book.model.book, title="Theirs"), path)
    qtbot.waitUntil(lambda: window.book.model.modified, timeout=10_000)  # kept (the default)
    assert window.book.model.book.title != "Theirs"
    window.book.model.undo_stack.setClean()
    qtbot.waitUntil(lambda: not window.disk_check.isActive())
    path.unlink()
    qtbot.waitUntil(lambda: window.book.model.modified, timeout=10_000)
    assert "moved or deleted" in window.statusBar().currentMessage()


def test_an_unsaved_book_is_not_dropped_without_asking(qtbot: QtBot, open_window) -> None:
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    quit_asked: list[list[str]] = []
    window.ask_save_all = lambda names: quit_asked.append(names) or Choice.CANCEL  # type: ignore[method-assign]
    window.close()
    assert quit_asked == [["the book “Puzzles”"]]
    assert window.isVisible()
    asked: list[int] = []
    window.book.ask_save_changes = lambda: asked.append(1) or Choice.CANCEL  # type: ignore[method-assign]
    window.book.new_book()
    assert asked == [1]
    assert len(window.book.model.book.entries) == 1
    window.book.ask_save_changes = lambda: Choice.DISCARD  # type: ignore[method-assign]
    window.ask_save_all = lambda names: Choice.DISCARD  # type: ignore[method-assign]


def test_export_the_book_as_pdf(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    window.model.load(document(DIAGONAL, "Diagonal"))
    add_current(qtbot, window)
    chosen = BookLayout(page_size="letter", per_page=1, contents=False)
    window.book.ask_settings = (  # type: ignore[method-assign]
        lambda book, export: Book("Valentines", "Ann", chosen, book.entries)
    )
    window.book.ask_pdf_path = lambda: tmp_path / "valentines"  # type: ignore[method-assign]
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_E, CTRL_SHIFT)
    pdf = PdfReader(tmp_path / "valentines.pdf")
    # Title page, a blank left-hand page, the nonogram's rules page, one puzzle a page, one
    # page of solutions.
    assert len(pdf.pages) == 6
    assert pdf.metadata is not None
    assert pdf.metadata.title == "Valentines"
    assert float(pdf.pages[0].mediabox.width) == 612  # US Letter: 8.5 in
    assert window.statusBar().currentMessage().startswith("Exported 6 pages")
    assert "1 puzzle(s) flagged" in window.statusBar().currentMessage()
    # The print settings are the book's now, and undoable.
    assert window.book.model.book.layout == chosen
    assert window.book.model.undo_stack.undoText() == "Change the book's print settings"


def test_a_pdf_that_cannot_be_written_is_not_claimed(
    qtbot: QtBot, open_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    target = tmp_path / "book.pdf"
    target.write_bytes(b"%PDF the old book %%EOF")

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with qtbot.waitSignal(window.book.jobs.failed, timeout=20_000):
        window.book.export_to(target)
    monkeypatch.undo()
    assert errors == [
        ("The book job failed", f"{target}: cannot write the PDF: No space left on device")
    ]
    assert window.statusBar().currentMessage() == ""
    assert target.read_bytes() == b"%PDF the old book %%EOF"


def test_generated_puzzles_can_go_into_the_book(qtbot: QtBot, open_window) -> None:
    window = open_window()

    def run(dialog: GenerateDialog) -> None:
        dialog.width_box.setValue(5)
        dialog.height_box.setValue(5)
        dialog.seed.setValue(3)
        dialog.into_book.setChecked(True)
        dialog.count.setValue(30)
        assert dialog.count.value() == 30, "a book takes more puzzles than windows would"
        dialog.count.setValue(8)  # enough to run on a process pool from the worker thread
        with qtbot.waitSignal(dialog.made, timeout=120_000):
            qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)

    window.run_generate_dialog = run  # type: ignore[method-assign]
    window.generate_dialog()
    book = window.book.model.book
    assert len(book.entries) == 8
    assert all(e.status == Status.UNIQUE.value for e in book.entries)
    assert len({e.document.puzzle for e in book.entries}) == 8, "no puzzle twice"
    assert window.book.model.undo_stack.undoText() == "Add 8 generated puzzles"
    assert len(window.document_tabs()) == 1, "no tab was opened"


def test_a_new_book_shows_the_book_panel(qtbot: QtBot, open_window) -> None:
    window = open_window(document(HEART, "Heart"))
    window.book.new_action.trigger()
    assert window.book.dock.isVisible()


def long_book(path: Path, count: int) -> None:
    rng = np.random.default_rng(7)
    pictures = [rng.random((15, 15)) < 0.5 for _ in range(count)]
    entries = tuple(BookEntry(document(p, f"P{i}"), solution=p) for i, p in enumerate(pictures))
    save_book(Book(entries=entries), path)


def every(window: MainWindow, ms: int, slot: Callable[[], object]) -> QTimer:
    """Call ``slot`` every ``ms`` while a call into the window runs (the timer dies with it)."""
    timer = QTimer(window)
    timer.timeout.connect(slot)
    timer.start(ms)
    return timer


def test_a_book_is_read_on_a_worker_and_cancel_stops_it(
    qtbot: QtBot, open_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a 10 000-puzzle book once froze the window for 15 s with no way out."""
    monkeypatch.setattr(loading, "DIALOG_DELAY_MS", 0)
    window = open_window()
    path = tmp_path / "long.book.json"
    long_book(path, 2000)
    ticks: list[int] = []
    every(window, 5, lambda: ticks.append(1))

    def cancel_once_shown() -> None:
        dialogs = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
        if dialogs:
            watcher.stop()
            qtbot.mouseClick(dialogs[0].findChild(QPushButton), Qt.MouseButton.LeftButton)

    watcher = every(window, 5, cancel_once_shown)
    assert not window.book.open_path(path)
    assert window.book.model.book.entries == ()
    assert ticks, "the window went on while the book was read"
    assert not running_threads()


def test_a_book_opens_with_its_progress_shown(
    qtbot: QtBot, open_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loading, "DIALOG_DELAY_MS", 0)
    window = open_window()
    path = tmp_path / "some.book.json"
    long_book(path, 200)
    seen: list[tuple[int, int]] = []

    def watch() -> None:
        for dialog in window.findChildren(QProgressDialog):
            seen.append((dialog.value(), dialog.maximum()))

    every(window, 1, watch)
    assert window.book.open_path(path)
    assert len(window.book.model.book.entries) == 200
    assert any(total == 200 and 0 < done <= 200 for done, total in seen), "progress was shown"


def test_an_unreadable_book_is_one_line(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    window = open_window()
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    fifo = tmp_path / "pipe.book.json"
    os.mkfifo(fifo)
    assert not window.book.open_path(fifo)
    assert errors == [("Cannot open the book", f"{fifo}: not a regular file")]


@pytest.mark.parametrize("how", ["menu", "drop"])
def test_a_folder_opens_as_a_book_naming_each_file_not_read(
    qtbot: QtBot, open_window, tmp_path: Path, how: str
) -> None:
    """From Book ▸ Open Folder as Book, or dropped on the window (or named on the command
    line: the same open_path)."""
    window = open_window()
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    formats.save(document(HEART, "Heart"), tmp_path / "a.json")
    (tmp_path / "b.json").write_text("{")
    if how == "menu":
        window.book.ask_folder_path = lambda: tmp_path  # type: ignore[method-assign]
        window.book.open_folder_action.trigger()
    else:
        assert window.open_path(tmp_path)
    assert [entry.title for entry in window.book.model.book.entries] == ["Heart"]
    ((title, message),) = errors
    assert title == "Not every file was read"
    assert message.startswith(f"1 file was not read:\n• {tmp_path / 'b.json'}, line 1, ")


def book_of(window: MainWindow, layout: BookLayout) -> Book:
    """Give the window's book two puzzles (one unique) and ``layout``, as if opened."""
    entries = (entry_for(document(HEART, "Heart")), entry_for(document(DIAGONAL, "Diagonal")))
    book = Book("Valentines", "Ann", layout, entries)
    window.book.model.load(book)
    return book


def test_cancel_in_the_file_dialog_goes_back_to_the_print_settings(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """It ended the export: the Export the Book dialog, its settings and its preflight, were
    gone after a "No, don't replace" and a Cancel."""
    window = open_window(document(HEART, "Heart"))
    book_of(window, BookLayout())
    shown: list[float] = []

    def settings(book: Book, export: bool) -> Book | None:
        shown.append(book.layout.bleed_mm)
        bleed = replace(book.layout, bleed_mm=3.175)
        return replace(book, layout=bleed) if len(shown) < 3 else None

    paths = [None, tmp_path / "v.pdf"]
    window.book.ask_settings = settings  # type: ignore[method-assign]
    window.book.ask_pdf_path = lambda: paths.pop(0)  # type: ignore[method-assign]
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_E, CTRL_SHIFT)
    assert shown == [0.0, 3.175], "back to the settings, as they were set"
    assert (tmp_path / "v.pdf").exists()
    qtbot.keyClick(window.view.canvas, Qt.Key.Key_E, CTRL_SHIFT)
    assert shown == [0.0, 3.175, 3.175], "Cancel in the settings ends it"


def test_export_opens_the_pdf_when_the_dialog_says_so(
    qtbot: QtBot,
    open_window,
    tmp_path: Path,
    opened_urls: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_window(document(HEART, "Heart"))
    book_of(window, BookLayout())
    window.book.ask_settings = lambda book, export: book  # type: ignore[method-assign]
    window.book.ask_pdf_path = lambda: tmp_path / "v.pdf"  # type: ignore[method-assign]
    for open_pdf in (False, True):
        window.settings.set_open_pdf(open_pdf)
        with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
            qtbot.keyClick(window.view.canvas, Qt.Key.Key_E, CTRL_SHIFT)
    assert opened_urls == [(tmp_path / "v.pdf").as_uri()], "once: when asked, after writing"
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)  # no PDF viewer
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_E, CTRL_SHIFT)
    message = window.statusBar().currentMessage()
    assert message.startswith(f"Exported 5 pages to {tmp_path / 'v.pdf'}")
    assert message.endswith("; no application opened it")


def test_print_preview_draws_the_book_without_its_bleed(qtbot: QtBot, open_window) -> None:
    window = open_window(document(HEART, "Heart"))
    book = book_of(window, BookLayout(page_size="6x9", bleed_mm=3.175, contents=False))
    shown: list[QPrintPreviewDialog] = []

    def run(dialog: QPrintPreviewDialog) -> None:  # non-modal, so that the test can look
        qtbot.addWidget(dialog)
        shown.append(dialog)
        with qtbot.waitSignal(dialog.paintRequested, timeout=20_000):
            dialog.show()

    window.book.run_preview_dialog = run  # type: ignore[method-assign]
    qtbot.keyClick(window.view.canvas, Qt.Key.Key_P, CTRL_SHIFT)
    (dialog,) = shown
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    pages = book_plan(book, looks).pages
    qtbot.waitUntil(lambda: preview.pageCount() == len(pages))
    size = dialog.printer().pageLayout().fullRect(QPageLayout.Unit.Point)
    assert (size.width(), size.height()) == (432, 648), "6 × 9 in: the trim, no bleed"
    assert window.book.model.book is book, "previewing changes nothing in the book"


def pdf_printer(path: Path) -> QPrinter:
    """A printer that prints to a PDF file: what Print draws on, seen from outside."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def files_written(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The paths written through the verified write from now on, in order."""
    written: list[Path] = []
    write_bytes = files.write_bytes
    monkeypatch.setattr(
        files,
        "write_bytes",
        lambda path, *a, **k: written.append(path) or write_bytes(path, *a, **k),
    )
    return written


def test_print_to_file_writes_every_page_without_the_bleed_whole_and_verified(
    qtbot: QtBot, open_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Print to File (PDF) in the print dialog: the book's pages at the trim size, the file
    written as every file is (to memory, then atomically and checked)."""
    written = files_written(monkeypatch)
    window = open_window(document(HEART, "Heart"))
    book = book_of(window, BookLayout(page_size="6x9", bleed_mm=3.175))
    chosen: list[Book] = []

    def ask_printer(book: Book) -> QPrinter:
        chosen.append(book)
        return pdf_printer(tmp_path / "printed.pdf")

    window.book.ask_printer = ask_printer  # type: ignore[method-assign]
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert chosen[0].layout == book.layout.without_bleed()
    reader = PdfReader(tmp_path / "printed.pdf")
    assert len(reader.pages) == len(book_plan(book, looks).pages)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (432, 648)
    assert window.statusBar().currentMessage() == (
        f"Sent {len(reader.pages)} pages of “Valentines” to {tmp_path / 'printed.pdf'}"
    )
    assert written == [str(tmp_path / "printed.pdf")]


def test_print_to_file_from_the_preview_is_whole_and_verified(
    qtbot: QtBot, open_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The preview's own Print button, printing to a file: the PDF is written as Print Book
    writes it, through the verified write, not streamed through the preview's printer."""
    written = files_written(monkeypatch)
    window = open_window(document(HEART, "Heart"))
    book = book_of(window, BookLayout(page_size="6x9", bleed_mm=3.175))
    target = tmp_path / "from-preview.pdf"

    def run(dialog: QPrintPreviewDialog) -> None:
        qtbot.addWidget(dialog)
        preview = dialog.findChild(QPrintPreviewWidget)
        assert preview is not None
        dialog.printer().setOutputFileName(str(target))  # as its print dialog would
        with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
            preview.print()

    window.book.run_preview_dialog = run  # type: ignore[method-assign]
    qtbot.keyClick(window.view.canvas, Qt.Key.Key_P, CTRL_SHIFT)
    assert written == [str(target)]
    reader = PdfReader(target)
    assert len(reader.pages) == len(book_plan(book, looks).pages)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (432, 648), "the trim, no bleed"


def test_print_and_preview_need_puzzles_and_the_book_s_font(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(document(HEART, "Heart"))
    assert not window.book.print_action.isEnabled()
    assert not window.book.preview_action.isEnabled()
    book_of(window, BookLayout(font_family="No Such Family"))
    assert window.book.print_action.isEnabled()
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    qtbot.keyClick(window.view.canvas, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.view.canvas, Qt.Key.Key_P, CTRL_SHIFT)
    message = "the font family 'No Such Family' is not installed here"
    assert errors == [("Cannot print the book", message)] * 2


def test_the_file_menu_offers_print_preview_and_print(qtbot: QtBot, open_window) -> None:
    window = open_window()
    file_menu = window.menuBar().actions()[0].menu()
    texts = [action.text() for action in file_menu.actions()]
    assert texts.index("Print Book Pre&view…") + 1 == texts.index("&Print Book…")


def test_add_puzzle_files_adds_what_it_reads_and_names_the_rest_once(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(document(HEART, "Heart"))
    book_of(window, BookLayout())
    good = [tmp_path / "heart.json", tmp_path / "diagonal.json"]
    formats.save(document(HEART, "Second heart"), good[0])
    formats.save(document(DIAGONAL, ""), good[1])
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    window.book.ask_puzzle_paths = lambda: [good[0], broken, tmp_path / "gone.non", good[1]]  # type: ignore[method-assign]
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    window.book.panel.list.setCurrentRow(0)
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        window.book.panel.add_files_action.trigger()  # the panel's menu item, or Book's
    assert window.book.panel.list.count() == 4
    assert window.book.model.book.titles()[2:] == ["Second heart", "Puzzle 4"]
    assert window.book.panel.list.item(3).text().startswith("4. Puzzle 4\n")
    assert window.book.model.undo_stack.undoText() == "Add 2 puzzle files"
    ((title, message),) = errors
    assert title == "Not every file was added"
    lines = message.splitlines()
    assert lines[0] == "2 files were not added:"
    assert lines[1].startswith(f"• {broken}")
    assert lines[2].startswith(f"• {tmp_path / 'gone.non'}")
    assert window.statusBar().currentMessage() == "Added 2 puzzles to the book — 1 flagged"
    window.book.model.undo_stack.undo()
    assert window.book.panel.list.count() == 2, "one undo step takes them all out"


def test_a_book_file_opened_as_a_puzzle_opens_as_the_book(open_window, tmp_path: Path) -> None:
    # File ▸ Open, a drop or `studio gui winter.book.json` all come through open_path.
    path = tmp_path / "winter.book.json"
    save_book(Book(entries=[entry_for(document_of_picture("nonogram", HEART))]), path)
    window = open_window()
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    tabs = window.tabs.count()
    assert window.open_path(path), errors
    assert window.book.model.path == path
    assert len(window.book.model.book.entries) == 1
    assert window.book.dock.isVisible()
    assert window.tabs.count() == tabs, "no tab for the book"


def test_tabs_of_book_puzzles_follow_their_numbers(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Untitled puzzles are named by their number in the book: a reorder renames their tabs;
    a tab saved to a file keeps the file's name."""
    window = open_window(document_of_picture("nonogram", HEART))
    add_current(qtbot, window)
    assert tab_names(window) == ["Puzzle 1"]
    window.model.load(document_of_picture("nonogram", DIAGONAL))
    assert tab_names(window) == ["Untitled"]
    add_current(qtbot, window)
    window.book.open_entry(0)
    assert tab_names(window) == ["Puzzle 2", "Puzzle 1"]
    panel = window.book.panel
    panel.list.setCurrentRow(1)
    panel.up_action.trigger()
    assert tab_names(window) == ["Puzzle 1", "Puzzle 2"]
    window.model.mark_saved(tmp_path / "heart.json")
    panel.down_action.trigger()
    assert tab_names(window) == ["Puzzle 2", "heart"]


def tab_names(window: MainWindow) -> list[str]:
    return [window.tabs.tabText(i).removesuffix(" *") for i in range(window.tabs.count())]


ALIKE = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("red", "r", (255, 0, 0)),
        Colour("green", "g", (0, 148, 0)),  # red's lightness: one grey on paper
    )
)


def test_export_and_print_name_colours_that_print_alike_in_greyscale(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """A book with a colour puzzle whose red and green are one grey: Export Book and Print
    Book still write the PDF, and the status bar names the puzzle and its colours."""
    window = open_window(document(HEART, "Heart"))
    flower = colour_grid_from_text(["rg", "g."], ALIKE.chars)
    coloured = document_of_picture("nonogram", flower, title="Flower", palette=ALIKE)
    book = Book("Colours", "Ann", BookLayout(contents=False), (entry_for(coloured),))
    window.book.model.load(book)
    window.book.ask_settings = lambda book, export: book  # type: ignore[method-assign]
    window.book.ask_pdf_path = lambda: tmp_path / "colours.pdf"  # type: ignore[method-assign]
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_E, CTRL_SHIFT)
    assert (tmp_path / "colours.pdf").exists()
    message = window.statusBar().currentMessage()
    assert message.startswith("Exported")
    assert message.endswith("— warning: #1 Flower: red and green would print alike in greyscale")
    window.book.ask_printer = lambda book: pdf_printer(tmp_path / "printed.pdf")  # type: ignore[method-assign]
    with qtbot.waitSignal(window.book.jobs.finished, timeout=20_000):
        qtbot.keyClick(window.view.canvas, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert (tmp_path / "printed.pdf").exists()
    assert window.statusBar().currentMessage() == (
        f"Sent {len(PdfReader(tmp_path / 'printed.pdf').pages)} pages of “Colours” to "
        f"{tmp_path / 'printed.pdf'} — warning: #1 Flower: red and green would print alike "
        "in greyscale"
    )


def test_saving_the_book_leaves_undo_with_the_book(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """After Print Settings (a dialog) and Save Book, Undo went to the puzzle, greyed out: the
    book's history seemed wiped. Coming back from a dialog is no move of the focus."""
    window = open_window(document(HEART, "Heart"))
    add_current(qtbot, window)
    book = window.book.model
    layout = replace(book.book.layout, bleed_mm=3.175)
    book.replace(replace(book.book, layout=layout), "Change the book's print settings")
    assert window.undo_group.activeStack() is book.undo_stack, "the book was edited last"
    # Save Book's progress box, as any dialog, takes the focus and gives it back to the puzzle.
    window.book.ask_save_path = lambda: tmp_path / "v.book.json"  # type: ignore[method-assign]
    assert window.book.save()
    box = QDialog(window)
    field = QLineEdit(box)
    box.show()
    box.activateWindow()
    field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field, timeout=5_000)
    box.close()
    window.activateWindow()
    window.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view, timeout=5_000)
    assert window.undo_group.activeStack() is book.undo_stack
    assert window.undo_action.isEnabled()
    assert book.undo_stack.undoText() == "Change the book's print settings"
