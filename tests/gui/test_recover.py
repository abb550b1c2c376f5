"""Unsaved work left behind by a studio that ended without closing: offered at the next start,
opened again as unsaved work (documents in tabs, the book in its panel), discarded, or kept
for the start after."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.palette import Palette
from studio.core.recovery import Session, Unsaved, left_behind, read_copy
from studio.gui.edited import Recovery
from studio.gui.main_window import MainWindow
from studio.gui.recover import recover_left_behind
from studio.gui.settings import recovery_dir
from tests.gui.test_autosave import fill_the_disk

HEART = document_of_picture("nonogram", grid_from_text(["#.#", "###", ".#."]))
MOSAIC = document_of_picture("mosaic", grid_from_text(["#..", ".#.", "..#"]))


@pytest.fixture
def crashed(tmp_path: Path) -> Path:
    """The copies of a studio that was killed: a nonogram saved before at ``heart.json``, an
    untitled mosaic, and a book; returns the nonogram's file."""
    path = tmp_path / "heart.json"
    session = Session(recovery_dir())
    session.keep("unsaved-1", Unsaved(HEART, "heart", path))
    session.keep("unsaved-2", Unsaved(MOSAIC, "Untitled 2"))
    book = Book("Valentines", entries=(BookEntry(HEART, title="Heart"),))
    session.keep("unsaved-3", Unsaved(book, "valentines", tmp_path / "valentines.book.json"))
    assert session._lock is not None
    session._lock.close()  # killed: the kernel lets go of its lock
    return path


def answering(window: MainWindow, answer: Recovery) -> list[list[str]]:
    """Have the window answer "recover?" with ``answer``; what it was asked, in order."""
    asked: list[list[str]] = []
    window.ask_recover = lambda items: asked.append(items) or answer  # type: ignore[method-assign]
    return asked


def test_recover_opens_the_work_again_as_unsaved_work(
    qtbot: QtBot, open_window, crashed: Path
) -> None:
    window = open_window()
    asked = answering(window, Recovery.RECOVER)
    recover_left_behind(window)
    [items] = asked
    assert items[0].startswith("“heart” (nonogram 3×3), kept ")
    assert items[1].startswith("“Untitled 2” (mosaic 3×3), kept ")
    assert items[2].startswith("the book “Valentines” (valentines.book.json, 1 puzzle), kept ")
    tabs = window.document_tabs()
    assert [tab.model.name for tab in tabs] == ["heart", "Untitled 2"], "the blank tab gave way"
    assert [tab.model.document for tab in tabs] == [HEART, MOSAIC]
    assert all(tab.model.modified for tab in tabs)
    assert tabs[0].model.path == crashed, "Save writes where it did"
    assert window.book.model.book.title == "Valentines"
    assert window.book.model.modified
    assert window.book.dock.isVisibleTo(window)
    left = left_behind(recovery_dir())
    assert left.copies == [], "recovered: not offered again"
    left.release()


def test_recovered_work_is_copied_again_before_the_old_copies_go(
    qtbot: QtBot, open_window, crashed: Path
) -> None:
    """A crash just after Recover loses nothing: the new studio's copies are on disk as soon as
    the old ones are gone, not a timer's delay later."""
    window = open_window()
    answering(window, Recovery.RECOVER)
    recover_left_behind(window)
    kept = recovery_dir().glob("*/*.json")  # the old copies are gone: these are the new
    assert sorted(read_copy(file).name for file in kept) == ["Untitled 2", "heart", "valentines"]


def test_discard_removes_the_work_left_behind(qtbot: QtBot, open_window, crashed: Path) -> None:
    window = open_window()
    answering(window, Recovery.DISCARD)
    recover_left_behind(window)
    assert [tab.model.name for tab in window.document_tabs()] == ["Untitled"]
    assert not window.book.model.modified
    window.autosave.end()
    assert list(recovery_dir().iterdir()) == []


def test_not_now_keeps_the_work_for_the_next_start(
    qtbot: QtBot, open_window, crashed: Path
) -> None:
    window = open_window()
    answering(window, Recovery.LATER)
    recover_left_behind(window)
    assert [tab.model.name for tab in window.document_tabs()] == ["Untitled"]
    again = answering(window, Recovery.LATER)
    recover_left_behind(window)
    assert len(again[0]) == 3


def test_nothing_left_behind_asks_nothing(qtbot: QtBot, open_window) -> None:
    window = open_window()
    asked = answering(window, Recovery.RECOVER)
    recover_left_behind(window)
    assert asked == []


def test_a_copy_that_cannot_be_read_is_named_and_kept_or_discarded_as_the_user_says(
    qtbot: QtBot, open_window, crashed: Path
) -> None:
    """Once only an error message, at every start: the copy could be removed only by hand."""
    [folder] = recovery_dir().iterdir()
    (folder / "unsaved-4.json").write_text("{")
    window = open_window()
    answering(window, Recovery.LATER)
    asked: list[list[str]] = []
    answers = [False, True]
    window.ask_discard_unreadable = lambda lines: asked.append(lines) or answers.pop(0)  # type: ignore[method-assign]
    recover_left_behind(window)
    [[line]] = asked
    assert "unsaved-4.json" in line
    assert "invalid JSON" in line
    assert (folder / "unsaved-4.json").exists(), "Keep"
    recover_left_behind(window)
    assert not (folder / "unsaved-4.json").exists(), "Discard"
    left = left_behind(recovery_dir())
    assert len(left.copies) == 3, "the copies that can be read stay as answered (Not Now)"
    left.release()


def test_recovered_work_keeps_its_old_copies_while_no_new_one_can_be_written(
    qtbot: QtBot, open_window, crashed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a full disk Recover removed the only copies, and the next crash lost the work."""
    fill_the_disk(monkeypatch)
    window = open_window()
    answering(window, Recovery.RECOVER)
    recover_left_behind(window)
    assert len(window.document_tabs()) == 2
    qtbot.waitUntil(lambda: window.unkept_label.isVisibleTo(window), timeout=10_000)
    left = left_behind(recovery_dir())
    names = sorted(copy.unsaved.name for copy in left.copies)
    assert names == ["Untitled 2", "heart", "valentines"]
    left.release()


def test_a_second_book_is_said_to_wait_for_the_next_start_and_does(
    qtbot: QtBot, open_window, crashed: Path
) -> None:
    """The window holds one book: the dialog said "Recover opens it again" of both, and only a
    passing status message told that one was kept."""
    session = Session(recovery_dir())
    session.keep("unsaved-1", Unsaved(Book("Autumn"), "autumn"))
    colour = document_of_picture(
        "nonogram", np.array([[0, 1], [2, 0]], dtype=np.uint8), palette=Palette.default(2)
    )
    session.keep("unsaved-2", Unsaved(colour, "Leaves"))
    assert session._lock is not None
    session._lock.close()
    window = open_window()
    asked = answering(window, Recovery.RECOVER)
    recover_left_behind(window)
    [lines] = asked
    books = [line for line in lines if line.startswith("the book")]
    assert [line.endswith("Recover leaves it for the next start)") for line in books] == [
        False,
        True,
    ]
    assert any(line.startswith("“Leaves” (nonogram 2×2, 2 colours)") for line in lines)
    assert window.book.model.book.title == "Valentines", "the first studio's, started first"
    again = answering(window, Recovery.LATER)
    window.book.model.undo_stack.setClean()
    recover_left_behind(window)
    [[line]] = again
    assert line.startswith("the book “Autumn” (0 puzzles)")
    assert not line.endswith("next start)"), "nothing holds the book now: Recover opens it"
