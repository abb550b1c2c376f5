"""The small questions (studio/gui/dialogs.py) answered with the keyboard, as a person does:
each button has its own Alt+letter, the default answer is Enter's, Escape cancels."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from studio.gui.dialogs import (
    ask_to_discard_unreadable,
    ask_to_overwrite,
    ask_to_recover,
    ask_to_reload,
    ask_to_save_all,
)
from studio.gui.edited import Choice, Conflict, Recovery
from tests.gui.mnemonics import clashes

ALT, NONE = Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.NoModifier
UNANSWERED_MS = 5_000
"""When a box still open after its key is taken as unanswered (a mnemonic clicks its button
after a short animation)."""


@pytest.fixture
def parent(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


@contextmanager
def pressing(
    qtbot: QtBot, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE
) -> Iterator[list[str]]:
    """Press ``key`` in the message box the block shows, once it is up; yields the texts of
    its buttons. A box the key leaves open is closed as Escape would, so that the test fails
    rather than waits for ever."""
    buttons: list[str] = []
    timer = QTimer()
    timer.setInterval(10)

    def press() -> None:
        box = QApplication.activeModalWidget()
        # Shortcuts reach only the active window: a box shown but not yet active (a loaded
        # machine) would let Alt+D pass and be taken as unanswered.
        if isinstance(box, QMessageBox) and box.isVisible() and box.isActiveWindow():
            timer.stop()
            buttons.extend(button.text() for button in box.findChildren(QAbstractButton))
            SHOWN.append(box.informativeText())
            qtbot.keyClick(box, key, modifiers)
            QTimer.singleShot(UNANSWERED_MS, box, box.reject)

    timer.timeout.connect(press)
    timer.start()
    yield buttons
    timer.stop()


SHOWN: list[str] = []
"""The informative text of each message box a test answered, in order."""


def answer(
    qtbot: QtBot, ask: Callable[[], object], key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE
) -> object:
    with pressing(qtbot, key, modifiers) as buttons:
        answered = ask()
    assert buttons, "the question was shown"
    assert clashes(buttons) == []
    return answered


def test_quit_answers_save_all_and_discard_all_by_their_letters(
    qtbot: QtBot, parent: QWidget
) -> None:
    def ask() -> Choice:
        return ask_to_save_all(parent, ["“Untitled”", "“Untitled 2”"])

    assert answer(qtbot, ask, Qt.Key.Key_D, ALT) == Choice.DISCARD
    assert answer(qtbot, ask, Qt.Key.Key_S, ALT) == Choice.SAVE
    assert answer(qtbot, ask, Qt.Key.Key_Return) == Choice.SAVE
    assert answer(qtbot, ask, Qt.Key.Key_Escape) == Choice.CANCEL


def test_a_file_changed_elsewhere_is_overwritten_only_when_asked(
    qtbot: QtBot, parent: QWidget
) -> None:
    def ask() -> Conflict:
        return ask_to_overwrite(parent, "“heart”")

    assert answer(qtbot, ask, Qt.Key.Key_Return) == Conflict.SAVE_AS, "nothing lost by default"
    assert answer(qtbot, ask, Qt.Key.Key_O, ALT) == Conflict.OVERWRITE
    assert answer(qtbot, ask, Qt.Key.Key_A, ALT) == Conflict.SAVE_AS
    assert answer(qtbot, ask, Qt.Key.Key_Escape) == Conflict.CANCEL


@pytest.mark.parametrize("modified", [False, True])
def test_reload_is_the_default_only_without_unsaved_changes(
    qtbot: QtBot, parent: QWidget, modified: bool
) -> None:
    def ask() -> bool:
        return ask_to_reload(parent, "“heart”", modified=modified)

    assert answer(qtbot, ask, Qt.Key.Key_Return) is not modified
    assert answer(qtbot, ask, Qt.Key.Key_R, ALT) is True
    assert answer(qtbot, ask, Qt.Key.Key_K, ALT) is False
    assert answer(qtbot, ask, Qt.Key.Key_Escape) is False


def test_unsaved_work_left_behind_is_recovered_discarded_or_kept_by_its_letters(
    qtbot: QtBot, parent: QWidget
) -> None:
    def ask() -> Recovery:
        return ask_to_recover(parent, ["“heart” (nonogram 3×3)", "“<b>” (mosaic 3×3)"])

    assert answer(qtbot, ask, Qt.Key.Key_Return) == Recovery.RECOVER
    assert answer(qtbot, ask, Qt.Key.Key_D, ALT) == Recovery.DISCARD
    assert answer(qtbot, ask, Qt.Key.Key_N, ALT) == Recovery.LATER
    assert answer(qtbot, ask, Qt.Key.Key_Escape) == Recovery.LATER, "decided at the next start"
    # A list whose long lines wrap under themselves, each name as it is (not read as markup).
    assert SHOWN[-1].startswith("<ul><li>“heart” (nonogram 3×3)</li><li>“&lt;b&gt;” ")
    assert SHOWN[-1].endswith("<p>Recover opens them again, as unsaved work.</p>")


def test_copies_that_cannot_be_read_are_kept_unless_discarded(
    qtbot: QtBot, parent: QWidget, tmp_path: Path
) -> None:
    def ask() -> bool:
        return ask_to_discard_unreadable(parent, ["x.json: invalid JSON"], tmp_path)

    assert answer(qtbot, ask, Qt.Key.Key_Return) is False, "Keep is the default"
    assert answer(qtbot, ask, Qt.Key.Key_Escape) is False
    assert answer(qtbot, ask, Qt.Key.Key_D, ALT) is True
