"""The grid commands in the window, driven by their shortcuts and the Puzzle menu, offscreen:
each is one undo step, a kind gets what its declaration allows, a refusal says why."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.fobidoshi.puzzle import CIRCLE, Fobidoshi
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.gui.grid_menu import ResizeDialog
from studio.gui.main_window import MainWindow

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
PICTURE = grid_from_text(["##...", "#....", "....#"])


def menu_titles(window: MainWindow) -> list[str]:
    window.puzzle_menu.aboutToShow.emit()
    return [action.text().replace("&", "") for action in window.puzzle_menu.actions()]


def key(qtbot: QtBot, window: MainWindow, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    """Press a shortcut on the grid and wait for the analysis of the result."""
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window.view, key, modifiers)


def picture(window: MainWindow) -> np.ndarray:
    shown = window.model.document.picture
    assert shown is not None
    return shown


def test_rotate_and_shift_by_shortcut_are_undo_steps(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("nonogram", PICTURE))
    key(qtbot, window, Qt.Key.Key_R, CTRL)
    assert np.array_equal(picture(window), np.rot90(PICTURE, -1)), "a clockwise quarter turn"
    assert window.model.document.puzzle.shape == (5, 3)
    assert window.model.undo_stack.undoText() == "Rotate clockwise"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    key(qtbot, window, Qt.Key.Key_Right, CTRL | SHIFT)
    assert np.array_equal(picture(window)[:, 1:], PICTURE[:, :-1])
    assert not picture(window)[:, 0].any(), "without wrap the right column is lost"
    window.grid.wrap_action.setChecked(True)
    key(qtbot, window, Qt.Key.Key_Up, CTRL | SHIFT)
    assert window.model.undo_stack.undoText() == "Shift up (wrap)"
    assert picture(window)[-1, 1:3].all(), "the top row came back at the bottom"
    assert window.model.undo_stack.count() == 2


def test_resize_adds_and_crops_on_each_side(qtbot: QtBot, open_window, monkeypatch) -> None:
    window = open_window(document_of_picture("nonogram", PICTURE))

    def answer(dialog: ResizeDialog) -> bool:
        dialog.top.setValue(2)
        dialog.right.setValue(-1)
        assert dialog.size_label.text() == "New size: 4×5"
        return True

    monkeypatch.setattr(window.grid, "run_resize_dialog", answer)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.grid.actions["resize"][0].trigger()
    assert window.model.document.puzzle.shape == (5, 4)
    assert np.array_equal(picture(window)[2:], PICTURE[:, :4])
    assert not picture(window)[:2].any()
    assert window.model.undo_stack.undoText() == "Resize to 4×5"


def test_the_resize_dialog_refuses_sizes_beyond_the_kind(qtbot: QtBot) -> None:
    spec = Fobidoshi.blank((4, 4)).spec
    dialog = ResizeDialog((4, 4), spec)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled(), "nothing to change yet"
    dialog.left.setValue(spec.max_side)
    assert not ok.isEnabled()
    assert f"{spec.max_side}×{spec.max_side}" in dialog.size_label.text()
    dialog.left.setValue(1)
    assert ok.isEnabled()
    assert dialog.left.minimum() == -3, "a crop leaves at least one column"


def test_each_kind_is_offered_what_its_declaration_allows(open_window) -> None:
    window = open_window(document_of_picture("nonogram", PICTURE))
    nonogram = menu_titles(window)
    assert {"Invert", "Clear", "Clear Givens", "Rotate Clockwise", "Resize or Crop…"} <= set(
        nonogram
    )
    window.model.load(Document(Fobidoshi.blank((5, 5))))
    fobidoshi = menu_titles(window)
    assert "Invert" not in fobidoshi, "a Fobidoshi has no picture to invert"
    assert "Clear Givens" not in fobidoshi, "its givens are all Clear takes"
    (invert,) = window.grid.actions["invert"]
    assert not invert.isEnabled(), "nor does its shortcut invert anything"


def test_a_refused_command_says_why_and_changes_nothing(qtbot: QtBot, open_window) -> None:
    # Three circles at the right end and one at the left: shifted left with wrap, four in a row.
    givens = np.zeros((6, 6), dtype=np.int8)
    givens[0, [0, 3, 4, 5]] = CIRCLE
    window = open_window(Document(Fobidoshi(givens)))
    window.grid.wrap_action.setChecked(True)
    before = window.model.document
    qtbot.keyClick(window.view, Qt.Key.Key_Left, CTRL | SHIFT)
    assert window.model.document is before
    assert window.model.undo_stack.count() == 0
    message = window.statusBar().currentMessage()
    assert message == "Cannot shift: row 1 holds 4 given circles in a row (columns 3 to 6)"


def test_a_clue_only_puzzle_is_edited_through_its_solution(qtbot: QtBot, open_window) -> None:
    puzzle = document_of_picture("nonogram", PICTURE).puzzle
    assert isinstance(puzzle, Nonogram)
    window = open_window(Document(Nonogram(puzzle.rows, puzzle.cols)))
    assert window.model.document.picture is None
    key(qtbot, window, Qt.Key.Key_I, CTRL | SHIFT)
    assert np.array_equal(picture(window), ~PICTURE), "the solution shown, inverted"
    assert window.model.undo_stack.undoText() == "Invert"


@pytest.mark.parametrize("kind", ["nonogram", "mosaic"])
def test_clear_empties_a_drawn_puzzle(qtbot: QtBot, open_window, kind: str) -> None:
    window = open_window(document_of_picture(kind, PICTURE))
    (clear,) = window.grid.actions["clear"]
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        clear.trigger()
    assert not picture(window).any()
    clear.trigger()  # nothing left to clear: no second step
    assert window.model.undo_stack.count() == 1
    assert window.statusBar().currentMessage() == "Clear: nothing changes"
