"""Copies of unsaved work: written once work is unsaved, gone once it is saved, undone to its
saved state, closed or discarded, and all gone when the window closes; a copy that cannot be
written is said in the status bar until copies work again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core import formats
from studio.core.book import Book
from studio.core.errors import StudioError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.recovery import Session, read_copy
from studio.gui.main_window import MainWindow
from studio.gui.settings import recovery_dir
from tests.gui.drive import drag

HEART = grid_from_text(["#.#", "###", ".#."])


def copies() -> dict[str, str]:
    """Every copy kept now, by file name: the name of the work it holds."""
    return {file.name: read_copy(file).name for file in recovery_dir().glob("*/*.json")}


def kept(qtbot: QtBot, window: MainWindow) -> dict[str, str]:
    """The copies once those due are written (the timer's, after :data:`KEEP_AFTER_MS`)."""
    qtbot.waitUntil(lambda: not window.autosave._timer.isActive(), timeout=10_000)
    window.autosave.wait()
    return copies()


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on no copy can be written, as on a full disk."""

    def full(session: Session, slot: str, unsaved: object) -> None:
        raise StudioError(f"{slot}.json: cannot write the copy: No space left on device")

    monkeypatch.setattr(Session, "keep", full)


def keep_now(window: MainWindow) -> dict[str, str]:
    """The copies once those due are written at once."""
    window.autosave.keep_now()
    window.autosave.wait()
    return copies()


def test_unsaved_work_is_copied_and_the_copy_goes_once_it_is_saved(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    path = tmp_path / "heart.json"
    formats.save(document_of_picture("nonogram", HEART), path)
    window = open_window()
    window.open_path(path)
    assert copies() == {}, "nothing unsaved, nothing copied"
    drag(qtbot, window, [(0, 1)])
    assert list(kept(qtbot, window).values()) == ["heart"]
    [file] = recovery_dir().glob("*/*.json")
    assert read_copy(file).value == window.model.document
    assert read_copy(file).path == path, "Save, once recovered, writes where it did"
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    window.autosave.wait()
    assert copies() == {}


def test_undoing_back_to_the_saved_state_drops_the_copy(qtbot: QtBot, open_window) -> None:
    window = open_window()
    drag(qtbot, window, [(0, 0)])
    assert list(keep_now(window).values()) == ["Untitled"]
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    window.autosave.wait()
    assert copies() == {}


def test_closing_a_tab_or_the_window_drops_the_copies(qtbot: QtBot, open_window) -> None:
    window = open_window()
    window.add_tab(document_of_picture("nonogram", HEART), name="Heart", unsaved=True)
    window.add_tab(document_of_picture("nonogram", HEART), name="Arrow", unsaved=True)
    window.book.model.replace(Book(title="Mine"), "Retitle")
    assert sorted(kept(qtbot, window).values()) == ["Arrow", "Heart", "Untitled"]
    window.close_tab(window.tabs.currentIndex())  # closing discards (open_window's answer)
    window.autosave.wait()
    assert sorted(copies().values()) == ["Heart", "Untitled"]
    window.close()
    assert list(recovery_dir().iterdir()) == []


def test_a_copy_that_cannot_be_written_is_said_until_copies_work_again(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window()
    keep = Session.keep
    fill_the_disk(monkeypatch)
    drag(qtbot, window, [(0, 0)])
    with qtbot.waitSignal(window.autosave.problem_changed, timeout=10_000):
        window.autosave.keep_now()
    assert window.unkept_label.isVisibleTo(window)
    assert "No space left on device" in window.unkept_label.toolTip()
    assert "would be lost" in window.unkept_label.toolTip()
    monkeypatch.setattr(Session, "keep", keep)
    drag(qtbot, window, [(1, 1)])
    with qtbot.waitSignal(window.autosave.problem_changed, timeout=10_000):
        window.autosave.keep_now()
    assert not window.unkept_label.isVisibleTo(window)
    assert list(copies().values()) == ["Untitled"]


def test_the_warning_goes_once_no_work_is_left_without_its_copy(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """On a full disk, saving the work left the warning up: removing a copy is no failure."""
    window = open_window()
    fill_the_disk(monkeypatch)
    drag(qtbot, window, [(0, 0)])
    with qtbot.waitSignal(window.autosave.problem_changed, timeout=10_000):
        window.autosave.keep_now()
    assert window.unkept_label.isVisibleTo(window)
    window.ask_save_path = lambda: tmp_path / "saved.json"  # type: ignore[method-assign]
    with qtbot.waitSignal(window.autosave.problem_changed, timeout=10_000) as told:
        qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert told.args == [""]
    assert not window.unkept_label.isVisibleTo(window)


def test_a_window_that_cannot_keep_copies_says_so_from_the_start(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "state").write_text("a file where the folder should be")
    monkeypatch.setenv("PUZZLE_STUDIO_STATE_DIR", str(tmp_path / "state"))
    window = open_window()
    assert window.unkept_label.isVisibleTo(window)
    assert "cannot keep copies of unsaved work" in window.unkept_label.toolTip()
    drag(qtbot, window, [(0, 0)])
    keep_now(window)  # nothing to write with: the work stays in the window
    assert window.model.modified
