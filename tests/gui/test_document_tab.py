"""Documents as tabs (studio/gui/document_tab.py) and the window's tabs and status bar, driven
with real mouse and key events, offscreen: which tab New and Open take, what closing and
quitting ask, and a status bar that always speaks of the document on screen."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog, QTabBar
from pytestqt.qtbot import QtBot

from studio.core import formats
from studio.core.book import Book, entry_for
from studio.core.document import Document
from studio.core.formats.book_json import save_book
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status
from studio.gui import live_analysis, main_window
from studio.gui.document_tab import DocumentTab
from studio.gui.edited import Choice
from studio.gui.main_window import MainWindow, blank_document
from studio.gui.properties_dialog import PropertiesDialog
from tests.conftest import shared_record
from tests.gui.conftest import running_threads, verdict_in_new_tab
from tests.gui.drive import LEFT, NO_MODIFIER, drag, stroke

UNIQUE = grid_from_text(["###", "#..", "##."])  # unique, line-solvable
MOSAIC = grid_from_text(["#..#", ".##.", "#...", "..##"])
CONTROL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Error boxes, collected instead of shown (a modal box would stop the test)."""
    shown: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, message: shown.append(title))
    return shown


def tab_names(window: MainWindow) -> list[str]:
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def click_tab(qtbot: QtBot, window: MainWindow, index: int) -> None:
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(index).center())
    assert window.tabs.currentIndex() == index


def click_close(qtbot: QtBot, window: MainWindow, index: int) -> None:
    """Click the close button of tab ``index``."""
    bar = window.tabs.tabBar()
    sides = (QTabBar.ButtonPosition.RightSide, QTabBar.ButtonPosition.LeftSide)
    button = next(b for side in sides if (b := bar.tabButton(index, side)) is not None)
    qtbot.mouseClick(button, LEFT)


def save(tmp_path: Path, name: str, document: Document) -> Path:
    path = tmp_path / name
    formats.save(document, path)
    return path


# Which tab ------------------------------------------------------------------------------------


def test_new_and_open_take_the_place_of_an_untouched_blank_tab(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window()
    blank = window.tab
    assert blank.untouched
    window.ask_new_puzzle = lambda: ("mosaic", (4, 6))  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.count() == 1, "New took the blank tab's place"
    assert window.model.document.puzzle.shape == (4, 6)
    path = save(tmp_path, "first.json", document_of_picture("nonogram", UNIQUE))
    window.ask_open_path = lambda: path  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert tab_names(window) == ["first"], "and so did Open"
    # A document that was opened is no blank tab: the next one opens beside it.
    other = save(tmp_path, "second.json", document_of_picture("nonogram", ~UNIQUE))
    with verdict_in_new_tab(qtbot, window):
        window.open_path(other)
    assert tab_names(window) == ["first", "second"]
    assert window.model.path == other


def test_open_takes_the_place_of_a_blank_tab_beside_others(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(blank_document(4, 4))
    drag(qtbot, window, [(0, 0)])
    window.ask_new_puzzle = lambda: ("nonogram", (3, 3))  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        window.new_action.trigger()
    assert window.tab.untouched
    with verdict_in_new_tab(qtbot, window):
        window.open_path(save(tmp_path, "next.json", document_of_picture("nonogram", UNIQUE)))
    assert tab_names(window) == ["Untitled *", "next"]


def test_an_edited_blank_tab_is_kept(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(4, 4))
    drag(qtbot, window, [(0, 0)])
    drag(qtbot, window, [(0, 0)])  # and back: blank again, but with a history to keep
    assert not window.tab.untouched
    window.ask_new_puzzle = lambda: ("nonogram", (3, 3))  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        window.new_action.trigger()
    assert window.tabs.count() == 2


def test_a_file_in_another_format_keeps_its_tab_when_the_next_opens(
    qtbot: QtBot, open_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A puzzle opened from a text file has no path to save to (Save asks for one) and no
    history yet, but it is no blank document: opening another file must not close it."""
    window = open_window()
    text = tmp_path / "arrow.txt"
    text.write_text("##.\n#..\n..#\n")
    with verdict_in_new_tab(qtbot, window):
        assert window.open_path(text)
    assert window.model.path is None
    other = save(tmp_path, "other.json", document_of_picture("nonogram", ~UNIQUE))
    with verdict_in_new_tab(qtbot, window):
        assert window.open_path(other)
    assert tab_names(window) == ["arrow.txt", "other"], "by its whole name: not a document"
    window.tabs.setCurrentIndex(0)
    suggested: list[Path] = []
    monkeypatch.setattr(main_window, "ask_save", lambda *args: suggested.append(args[2]))
    window.ask_save_path()
    assert suggested == [tmp_path / "arrow.json"], "saved as a document beside it"


def test_a_file_already_open_is_shown_not_opened_again(
    qtbot: QtBot, open_window, tmp_path: Path, errors: list[str]
) -> None:
    """Two tabs of one file each saved over the other's edits. Ctrl+O, Open Recent, a drop,
    another spelling of its path and a link to it all show the one tab, its edits kept."""
    path = save(tmp_path, "heart.json", document_of_picture("nonogram", UNIQUE))
    window = open_window()
    window.ask_open_path = lambda: path  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        qtbot.keyClick(window, Qt.Key.Key_O, CONTROL)
    heart = window.tab
    drag(qtbot, window, [(2, 2)])
    edited = window.model.document
    other = window.add_tab(blank_document(3, 3))

    def open_again(how: str, open_it: Callable[[], object]) -> None:
        click_tab(qtbot, window, 1)
        open_it()
        assert window.document_tabs() == [heart, other], how
        assert window.tab is heart, how
        assert heart.model.document is edited, how
        assert heart.model.modified, how

    open_again("Ctrl+O", lambda: qtbot.keyClick(window, Qt.Key.Key_O, CONTROL))

    def open_recent() -> None:
        window.recent_menu.aboutToShow.emit()
        (recent,) = window.recent_menu.actions()
        recent.trigger()

    open_again("Open Recent", open_recent)
    (tmp_path / "sub").mkdir()
    open_again("another spelling", lambda: window.open_path(tmp_path / "sub" / ".." / path.name))
    (tmp_path / "link.json").symlink_to(path)
    open_again("a link", lambda: window.open_path(tmp_path / "link.json"))

    def drop() -> None:
        dropped = QMimeData()
        dropped.setUrls([QUrl.fromLocalFile(str(path))])
        window.dropEvent(
            QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, dropped, LEFT, NO_MODIFIER)
        )

    open_again("a drop", drop)
    assert errors == []


def test_save_as_onto_the_file_of_another_tab_is_refused(
    qtbot: QtBot, open_window, tmp_path: Path, errors: list[str]
) -> None:
    """Else two tabs would show one file, each saving over the other."""
    path = save(tmp_path, "heart.json", document_of_picture("nonogram", UNIQUE))
    window = open_window()
    with verdict_in_new_tab(qtbot, window):
        window.open_path(path)
    window.add_tab(blank_document(4, 4))
    window.ask_save_path = lambda: path  # type: ignore[method-assign]
    assert not window.save_as()
    assert errors == ["Cannot save the puzzle"]
    assert formats.load(path) == document_of_picture("nonogram", UNIQUE)
    assert window.model.path is None


def test_the_book_file_already_open_is_shown_with_its_changes(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Opening the book's own file again once asked to save it, then read it again."""
    path = tmp_path / "garden.book.json"
    save_book(Book("Garden", entries=(entry_for(document_of_picture("nonogram", UNIQUE)),)), path)
    window = open_window()
    assert window.open_path(path)
    book = window.book.model
    book.replace(book.book.added(entry_for(document_of_picture("nonogram", ~UNIQUE))), "Add")
    window.book.dock.hide()
    window.book.ask_save_changes = lambda: pytest.fail("asked to save the book")  # type: ignore[method-assign]
    assert window.open_path(tmp_path / "." / "garden.book.json")
    assert window.book.dock.isVisible()
    assert book.modified
    assert len(book.book.entries) == 2


def test_an_untitled_documents_tab_and_suggested_name_follow_its_title(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Puzzle ▸ Properties (Ctrl+Alt+P) names a generated puzzle; its file name is the title
    made portable."""
    window = open_window()
    window.add_tab(blank_document(4, 4, "mosaic"), name="Mosaic 4×4 #728367604", unsaved=True)
    assert tab_names(window) == ["Mosaic 4×4 #728367604 *"]

    def entitle(dialog: PropertiesDialog) -> bool:
        qtbot.addWidget(dialog)
        qtbot.keyClicks(dialog.title, "Logic Garden: Volume One")
        return True

    monkeypatch.setattr(window.edit, "run_dialog", entitle)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(
            window,
            Qt.Key.Key_P,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier,
        )
    assert tab_names(window) == ["Logic Garden: Volume One *"]
    assert window.windowTitle().startswith("Logic Garden: Volume One")
    suggested: list[str] = []
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        lambda _parent, _title, start, _filter, **_options: suggested.append(start) or ("", ""),
    )
    save_as = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_S, save_as)
    assert [Path(start).name for start in suggested] == ["Logic Garden_ Volume One.json"]
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert tab_names(window) == ["Mosaic 4×4 #728367604 *"], "the title undone"
    qtbot.keyClick(window, Qt.Key.Key_S, save_as)
    assert Path(suggested[-1]).name == "Mosaic 4x4 #728367604.json"


def test_untitled_documents_are_told_apart(qtbot: QtBot, open_window) -> None:
    """In their tabs and in the list Quit shows; a number freed is given again."""
    window = open_window(blank_document(4, 4))
    drag(qtbot, window, [(1, 1)])
    window.ask_new_puzzle = lambda: ("nonogram", (3, 3))  # type: ignore[method-assign]
    for _ in range(2):
        with verdict_in_new_tab(qtbot, window):
            qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        drag(qtbot, window, [(0, 0)])
    assert tab_names(window) == ["Untitled *", "Untitled 2 *", "Untitled 3 *"]
    assert window.close_tab(1)
    with verdict_in_new_tab(qtbot, window):
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert tab_names(window) == ["Untitled *", "Untitled 3 *", "Untitled 2"]
    asked: list[list[str]] = []
    window.ask_save_all = lambda names: asked.append(names) or Choice.CANCEL  # type: ignore[method-assign]
    window.close()
    assert asked == [["“Untitled”", "“Untitled 3”"]]
    window.ask_save_all = lambda names: Choice.DISCARD  # type: ignore[method-assign]


# Closing and quitting ----------------------------------------------------------------------------


def test_closing_a_modified_tab_asks_and_a_clean_one_does_not(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(blank_document(4, 4))
    drag(qtbot, window, [(1, 1)])
    with verdict_in_new_tab(qtbot, window):
        window.open_path(save(tmp_path, "clean.json", document_of_picture("nonogram", UNIQUE)))
    asked: list[DocumentTab] = []
    answer = Choice.CANCEL

    def ask() -> Choice:
        asked.append(window.tab)
        return answer

    window.ask_save_changes = ask  # type: ignore[method-assign]
    modified = window.document_tabs()[0]
    click_close(qtbot, window, 0)
    assert asked == [modified], "asked, with the document in question shown"
    assert window.document_tabs()[0] is modified, "Cancel keeps it"
    click_close(qtbot, window, 1)
    assert asked == [modified], "a clean document closes without a question"
    assert tab_names(window) == ["Untitled *"]
    answer = Choice.DISCARD
    click_close(qtbot, window, 0)
    assert len(asked) == 2
    (tab,) = window.document_tabs()
    assert tab is not modified, "the last tab closed leaves a blank document"
    assert tab.untouched


def test_quit_asks_once_about_every_unsaved_document(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(blank_document(4, 4))
    drag(qtbot, window, [(1, 1)])
    with verdict_in_new_tab(qtbot, window):
        window.open_path(save(tmp_path, "clean.json", document_of_picture("nonogram", UNIQUE)))
    with verdict_in_new_tab(qtbot, window):
        window.open_path(save(tmp_path, "edited.json", document_of_picture("nonogram", UNIQUE)))
    drag(qtbot, window, [(2, 2)])
    asked: list[list[str]] = []
    answer = Choice.CANCEL

    def ask_all(names: list[str]) -> Choice:
        asked.append(names)
        return answer

    window.ask_save_all = ask_all  # type: ignore[method-assign]
    window.ask_save_changes = lambda: pytest.fail("Quit asks once, for all")  # type: ignore[method-assign]
    window.quit_action.trigger()  # (Ctrl+Q where the desktop binds it: not offscreen)
    assert asked == [["“Untitled”", "“edited”"]]
    assert window.isVisible(), "Cancel keeps the window"
    answer = Choice.DISCARD
    window.quit_action.trigger()
    assert len(asked) == 2
    assert not window.isVisible()


# The status bar ---------------------------------------------------------------------------------


def test_undo_after_a_repair_changes_the_verdict(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    with qtbot.waitSignal(window.analysis.suggested, timeout=20_000):
        drag(qtbot, window, [(0, 0)])
        drag(qtbot, window, [(1, 1)])
    ambiguous = "Ambiguous: 4 variable fields"
    assert window.status_label.text() == ambiguous
    repair = window.repair_panel.repairs()[0]
    assert repair.remaining == 0
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mouseClick(window.repair_panel.apply_button, LEFT)
    assert window.status_label.text().startswith("Unique")
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert window.status_label.text() == ambiguous
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.redo_action.trigger()
    assert window.status_label.text().startswith("Unique")


def test_each_tab_shows_its_own_verdict_and_no_message_of_another(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(0, 0)])
    drag(qtbot, window, [(1, 1)])
    first = window.status_label.text()
    assert first.startswith("Ambiguous")
    with verdict_in_new_tab(qtbot, window):
        window.open_path(save(tmp_path, "unique.json", document_of_picture("nonogram", UNIQUE)))
    qtbot.waitUntil(lambda: "difficulty" in window.status_label.text())
    second = window.status_label.text()
    assert second.startswith("Unique")
    window.show_message("Saved somewhere")
    click_tab(qtbot, window, 0)
    assert window.status_label.text() == first
    assert window.statusBar().currentMessage() == "", "the message was about the other tab"
    window.show_message("About the first")
    click_tab(qtbot, window, 1)
    assert window.status_label.text() == second
    assert window.statusBar().currentMessage() == ""


def test_a_verdict_of_a_tab_in_the_background_is_not_shown(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(0, 0)])  # unique: one cell
    first = window.tab
    with verdict_in_new_tab(qtbot, window):
        window.open_path(save(tmp_path, "unique.json", document_of_picture("nonogram", UNIQUE)))
    qtbot.waitUntil(lambda: "difficulty" in window.status_label.text())
    shown = window.status_label.text()
    click_tab(qtbot, window, 0)
    with qtbot.waitSignal(first.analysis.analysed, timeout=10_000):
        stroke(qtbot, window, [(1, 1)])
        click_tab(qtbot, window, 1)  # before the first tab's verdict comes back (debounced)
    assert first.verdict.startswith("Ambiguous")
    assert window.status_label.text() == shown
    click_tab(qtbot, window, 0)
    assert window.status_label.text() == first.verdict


def test_a_passing_message_has_room_beside_the_verdict(open_window) -> None:
    window = open_window(blank_document(4, 4))
    message = "Copied the solution as a picture"
    window.show_message(message)
    bar = window.statusBar()
    fields = [label for label in (window.status_label, window.info_label) if label.isVisible()]
    room = min(label.geometry().left() for label in fields)
    assert room >= bar.fontMetrics().horizontalAdvance(message), "the message is seen, not squeezed"
    assert window.status_label.isVisible()


def test_an_edit_clears_a_passing_message(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(4, 4))
    window.show_message("Exported somewhere")
    assert window.statusBar().currentMessage() == "Exported somewhere"
    drag(qtbot, window, [(0, 0)])
    assert window.statusBar().currentMessage() == ""


def test_a_fobidoshi_without_solution_says_why(qtbot: QtBot, open_window) -> None:
    # A circle closed in by crosses in a corner cannot join the circle in the other corner.
    puzzle = Fobidoshi.from_rows(["ox--", "x---", "----", "---o"])
    puzzle.validate()
    window = open_window(Document(puzzle))
    assert window.view.analysis is not None
    assert window.view.analysis.status == Status.NONE
    text = window.status_label.text()
    assert text.startswith("No solution: ")
    assert "cut off" in text, "the reason: the crosses that cut a circle off"
    assert window.status_label.isVisible()
    # Pointing at the grid (whose tooltip tells how to use the mouse) leaves the reason shown.
    qtbot.mouseMove(window.view.canvas, window.view.canvas.rect().center())
    window.show_message("Some remark")
    assert window.status_label.text() == text
    assert window.status_label.isVisible()


def test_the_info_label_counts_the_clues_a_mosaic_shows(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", MOSAIC))
    assert window.info_label.text() == "16 of 16 clues shown"
    window.puzzle_menu.aboutToShow.emit()
    (minimal,) = [a for a in window.puzzle_menu.actions() if a.text() == "Mi&nimal Clues"]
    editor = window.view.editor
    (unique,) = [a for a in editor.standards.actions() if a.data() == "unique"]
    unique.trigger()
    with (
        qtbot.waitSignal(window.changes.finished, timeout=20_000),
        qtbot.waitSignal(window.analysis.analysed, timeout=20_000),
    ):
        minimal.trigger()
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    shown = int(np.count_nonzero(puzzle.clue_grid() >= 0))
    assert 0 < shown < 16
    assert window.info_label.text() == f"{shown} of 16 clues shown"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert window.info_label.text() == "16 of 16 clues shown"
    with verdict_in_new_tab(qtbot, window):
        window.add_tab(blank_document(3, 3))
    assert window.info_label.text() == "", "a nonogram has no such line"
    click_tab(qtbot, window, 0)
    assert window.info_label.text() == "16 of 16 clues shown"


def test_closing_the_only_blank_tab_leaves_a_blank_one(qtbot: QtBot, open_window) -> None:
    window = open_window()
    before = window.tab
    click_close(qtbot, window, 0)
    (tab,) = window.document_tabs()
    assert tab is not before
    assert tab.untouched
    assert window.status_label.text() in ("Checking…", tab.verdict)
    with qtbot.waitSignal(tab.analysis.analysed, timeout=10_000):
        stroke(qtbot, window, [(0, 0)])
    assert window.status_label.text() == tab.verdict
    assert window.model.undo_stack.count() == 1


# The time limit -------------------------------------------------------------------------------

ANALYSE_LONGER = (
    Qt.Key.Key_A,
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
)


def reanalysed(qtbot: QtBot, window: MainWindow, time_limit: float) -> None:
    """Check the document shown again under ``time_limit`` seconds, and wait for the verdict."""
    window.tab.analysis.time_limit = time_limit
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.model.load(replace(window.tab.document))  # a new object: checked anew


def test_a_verdict_cut_short_by_the_time_limit_is_finished_without_it(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(document_of_picture("nonogram", grid_from_text(["#.", ".#"])))
    reanalysed(qtbot, window, 0.0)
    assert window.status_label.text() == "Unknown: time limit of 0 s reached"
    assert "Analyse Without Time Limit (Ctrl+Shift+A)" in window.repair_panel.summary.text()
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000) as blocker:
        qtbot.keyClick(window, *ANALYSE_LONGER)
        assert window.status_label.text() == "Checking without a time limit (Esc stops it)…"
    assert blocker.args[0].complete
    assert window.status_label.text() == "Ambiguous: 4 variable fields"
    qtbot.keyClick(window, *ANALYSE_LONGER)
    assert window.statusBar().currentMessage() == (
        "The verdict is complete: no time limit cut it short"
    )
    assert not window.analysis.busy
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        drag(qtbot, window, [(0, 1)])
    assert window.status_label.text() == "Unknown: time limit of 0 s reached", (
        "an edit brings the limit back"
    )


def test_esc_stops_the_check_without_a_limit_and_the_verdict_before_stays(
    qtbot: QtBot, open_window
) -> None:
    knotty = shared_record("nonogram", "survey:knotty")
    window = open_window(Document(Nonogram(knotty["rows"], knotty["cols"])), wait=False)
    reanalysed(qtbot, window, 0.0)
    before = window.status_label.text()
    assert before == "Unknown: time limit of 0 s reached"
    qtbot.keyClick(window, *ANALYSE_LONGER)
    assert window.analysis.busy
    assert window.status_label.text() == "Checking without a time limit (Esc stops it)…"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.analysis.working
    assert window.status_label.text() == before
    assert window.repair_panel.summary.text().startswith("Stopped:")
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)


def test_a_rating_at_its_time_limit_says_so_and_is_finished_without_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rating once stopped at its limit without a word: "rating…" stayed for good."""
    real_rated = live_analysis.rated

    def rated_only_without_limit(puzzle, analysis, *, cancel):  # type: ignore[no-untyped-def]
        while cancel.remaining() is not None:  # a limited rating waits for its limit
            cancel.check()
            threading.Event().wait(0.01)
        return real_rated(puzzle, analysis, cancel=cancel)

    monkeypatch.setattr(live_analysis, "rated", rated_only_without_limit)
    # A 4×4 picture with one solution that line logic alone does not reach (probing does).
    puzzle = Nonogram([(2,), (2,), (1,), (1,)], [(1,), (2,), (1,), (1, 1)])
    window = MainWindow(Document(puzzle))  # not shown: nothing spins the event loop yet
    qtbot.addWidget(window)
    window.tab.analysis.time_limit = 0.05
    with qtbot.waitSignal(window.tab.analysis.rating_timed_out, timeout=10_000):
        pass
    assert window.status_label.text() == (
        "Unique · not line-solvable · not rated (time limit of 0.05 s reached)"
    )
    with qtbot.waitSignal(window.analysis.rated, timeout=10_000):
        window.tab.analyse_without_limit()
    assert window.status_label.text() == "Unique · needs probing · difficulty 3/5"
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)


def test_esc_stops_a_rating_within_its_time_limit(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc once stopped only the analysis or a check without a limit: a rating under the
    time limit went on, with the status bar saying "rating…", until it ended or timed out."""

    def rated_never(puzzle, analysis, *, cancel):  # type: ignore[no-untyped-def]
        while True:  # a rating that only Esc (or its time limit) ends
            cancel.check()
            threading.Event().wait(0.01)

    monkeypatch.setattr(live_analysis, "rated", rated_never)
    # A 4×4 picture with one solution that line logic alone does not reach (probing does).
    puzzle = Nonogram([(2,), (2,), (1,), (1,)], [(1,), (2,), (1,), (1, 1)])
    window = open_window(Document(puzzle))
    assert window.status_label.text() == "Unique · not line-solvable · rating…"
    assert window.analysis.working
    assert not window.analysis.unlimited
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.analysis.working
    assert window.status_label.text() == "Unique · not line-solvable · not rated (stopped)"
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)


def test_a_long_analysis_shows_what_it_has_proven_and_esc_keeps_it(
    qtbot: QtBot, open_window
) -> None:
    """Knotty is ambiguous within seconds, but the proof that no other cell varies takes
    minutes: the verdict once said only "Checking…" until the time limit."""
    knotty = shared_record("nonogram", "survey:knotty")
    window = open_window(Document(Nonogram(knotty["rows"], knotty["cols"])), wait=False)
    with qtbot.waitSignal(window.analysis.interim, timeout=60_000) as blocker:
        pass
    interim = blocker.args[0]
    assert window.view.analysis is window.analysis.so_far
    assert window.repair_panel.summary.text().startswith("Ambiguous; still proving")
    assert window.status_label.text() == (
        f"Ambiguous: {interim.variable.sum()} or more variable fields (still checking)"
    )
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    found = window.analysis.so_far.variable.sum()  # more may have come before Esc
    assert window.status_label.text() == f"Ambiguous: {found} or more variable fields (stopped)"
    assert window.repair_panel.summary.text().endswith("goes on from here.")
    qtbot.keyClick(window, *ANALYSE_LONGER)
    assert window.status_label.text() == (
        f"Ambiguous: {found} or more variable fields (still checking)"
    ), "it goes on from the fields found"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.analysis.working
    assert window.status_label.text() == f"Ambiguous: {found} or more variable fields (stopped)"
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)


def test_esc_right_after_going_on_from_an_interim_verdict_says_stopped(
    qtbot: QtBot, open_window
) -> None:
    """Ctrl+Shift+A while the limited analysis still ran, then Esc, once brought back the
    interim verdict's words: *(still checking)*, with nothing checking."""
    knotty = shared_record("nonogram", "survey:knotty")
    window = open_window(Document(Nonogram(knotty["rows"], knotty["cols"])), wait=False)
    with qtbot.waitSignal(window.analysis.interim, timeout=60_000):
        pass
    qtbot.keyClick(window, *ANALYSE_LONGER)
    found = window.analysis.resumed.variable.sum()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.analysis.working
    assert window.status_label.text() == f"Ambiguous: {found} or more variable fields (stopped)"
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)
