"""The Generate dialog, with real clicks and keys: contradicting options are one line and start
nothing, puzzles come in the difficulty band and the colours asked, and a slow puzzle's status
line says how it is coming along."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle, QStyleOptionComboBox
from pytestqt.qtbot import QtBot

from studio.core.contract import generation
from studio.core.sat.analysis import Status, analyze
from studio.gui.generate_dialog import GenerateDialog
from tests.gui.typing_in import shown_dialog, type_into


def test_generate_refuses_a_difficulty_logic_alone_cannot_have(qtbot: QtBot, open_window) -> None:
    dialog = GenerateDialog(open_window())
    shown_dialog(qtbot, dialog)
    assert dialog.logic_solvable.isChecked()
    type_into(qtbot, dialog.easiest, "3")
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == (
        "min difficulty 3 asks for more than logic alone: logic-solvable puzzles score 1 to 2"
    )
    assert not dialog.batch.busy
    type_into(qtbot, dialog.hardest, "2")
    qtbot.mouseClick(dialog.logic_solvable, Qt.MouseButton.LeftButton)
    # Said as soon as the choices change, before Generate is pressed again.
    assert dialog.status.text() == "min difficulty 3 is above max difficulty 2"
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "min difficulty 3 is above max difficulty 2"
    type_into(qtbot, dialog.hardest, "4")
    assert dialog.status.text() == "", "no longer true: taken back (it stayed, stale)"


def test_generate_makes_puzzles_of_the_difficulty_asked(qtbot: QtBot, open_window) -> None:
    dialog = GenerateDialog(open_window())
    shown_dialog(qtbot, dialog)
    dialog.width_box.setValue(9)
    dialog.height_box.setValue(9)
    dialog.seed.setValue(2)
    type_into(qtbot, dialog.count, "2")
    qtbot.mouseClick(dialog.logic_solvable, Qt.MouseButton.LeftButton)
    type_into(qtbot, dialog.easiest, "3")
    type_into(qtbot, dialog.hardest, "4")
    with qtbot.waitSignal(dialog.made, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    for generated in blocker.args[0]:
        fresh = analyze(generated.document.puzzle)
        assert fresh.status == Status.UNIQUE
        assert fresh.difficulty is not None
        assert 3 <= fresh.difficulty.score <= 4


def test_colours_make_a_colour_puzzle_where_the_strategy_draws_in_colour(
    qtbot: QtBot, open_window
) -> None:
    """Colours 3 with the picture strategy: a unique puzzle in three colours. A strategy that
    draws black and white, and a black-and-white kind, grey the box out; what it holds is
    then not asked for."""
    dialog = GenerateDialog(open_window())
    shown_dialog(qtbot, dialog)
    assert dialog.colours.isEnabled()
    assert dialog.colours.maximum() == 32  # a nonogram's most
    dialog.width_box.setValue(8)
    dialog.height_box.setValue(8)
    dialog.seed.setValue(4)
    type_into(qtbot, dialog.colours, "3")
    with qtbot.waitSignal(dialog.made, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    (generated,) = blocker.args[0]
    document = generated.document
    assert document.puzzle.colours == 3
    assert document.palette is not None
    assert analyze(document.puzzle).status == Status.UNIQUE
    dialog.strategy.setCurrentIndex(dialog.strategy.findData("clue-stats"))
    assert not dialog.colours.isEnabled()
    assert dialog.options().colours == 1
    with qtbot.waitSignal(dialog.made, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0][0].document.puzzle.colours == 1
    assert not dialog.colours.isEnabled(), "still greyed out after the run"
    assert not dialog.density.isEnabled()
    dialog.kind.setCurrentIndex(dialog.kind.findData("mosaic"))
    assert not dialog.colours.isEnabled()
    assert dialog.colours.maximum() == 1


def test_a_slow_puzzle_shows_how_it_is_coming_along(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every step reports here (the report and hint delays at 0): the dialog's status line
    shows the tries, the time, the best candidate so far and what to relax; the seed and its
    New button wait."""
    monkeypatch.setattr(generation, "REPORT_EVERY", 0.0)
    monkeypatch.setattr(generation, "HINT_AFTER", 0.0)
    dialog = GenerateDialog(open_window())
    shown_dialog(qtbot, dialog)
    dialog.width_box.setValue(25)
    dialog.height_box.setValue(25)
    dialog.strategy.setCurrentIndex(dialog.strategy.findData("density"))
    dialog.seed.setValue(1)
    shown: list[str] = []
    new_seed_enabled: list[bool] = []  # the New button while the run goes on

    def set_text(text: str) -> None:
        shown.append(text)
        new_seed_enabled.append(dialog.seed.new_seed.isEnabled())
        real_set_text(text)

    real_set_text = dialog.status.setText
    dialog.status.setText = set_text  # type: ignore[method-assign]
    with qtbot.waitSignal(dialog.made, timeout=60_000):
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    lines = [text for text in shown if text.startswith("Puzzle 1: ")]
    assert lines, "the status line showed the puzzle underway"
    assert lines[0].startswith("Puzzle 1: 1 try, 0 s. Faster: a smaller size or not insisting")
    assert any("best so far: " in line and "cells open to line logic" in line for line in lines)
    assert not any(new_seed_enabled[: len(shown) - 1]), "no new seed while the run goes on"
    assert dialog.seed.new_seed.isEnabled()


def test_the_dialog_opens_on_the_choices_of_its_last_run(qtbot: QtBot, open_window) -> None:
    """A run of 2 colour nonograms, 7×6, picture-like in 2 colours, difficulty 1 to 3 without
    insisting on logic alone, into the book: the dialog opened next, in this session or the
    next (they are settings), offers the same; choices never run are not
    kept."""
    window = open_window()
    dialog = GenerateDialog(window)
    shown_dialog(qtbot, dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData("nonogram"))
    dialog.strategy.setCurrentIndex(dialog.strategy.findData("picture"))
    type_into(qtbot, dialog.width_box, "7")
    type_into(qtbot, dialog.height_box, "6")
    type_into(qtbot, dialog.colours, "2")
    qtbot.mouseClick(dialog.logic_solvable, Qt.MouseButton.LeftButton)
    type_into(qtbot, dialog.hardest, "3")
    qtbot.mouseClick(dialog.into_book, Qt.MouseButton.LeftButton)
    type_into(qtbot, dialog.count, "2")
    dialog.seed.setValue(3)
    with qtbot.waitSignal(dialog.made, timeout=60_000):
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    type_into(qtbot, dialog.width_box, "11")  # changed, never run
    dialog.close()
    again = GenerateDialog(window)
    shown_dialog(qtbot, again)
    assert again.kind.currentData() == "nonogram"
    assert again.strategy.currentData() == "picture"
    assert (again.width_box.value(), again.height_box.value()) == (7, 6)
    assert again.colours.value() == 2
    assert again.colours.isEnabled()
    assert not again.logic_solvable.isChecked()
    assert (again.easiest.value(), again.hardest.value()) == (1, 3)
    assert again.into_book.isChecked()
    assert again.count.value() == 2
    assert again.options().colours == 2


def test_every_kinds_strategies_are_shown_whole(qtbot: QtBot, open_window) -> None:
    """Fobidoshi's "Random connected solution (Heslenfeld §4.2)" was cut: the box asked for
    the width of the first kind's strategies only (the dialog's width hid it offscreen)."""
    dialog = GenerateDialog(open_window())
    shown_dialog(qtbot, dialog)
    box = dialog.strategy
    options = QStyleOptionComboBox()
    box.initStyleOption(options)
    arrow = box.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, options, QStyle.SubControl.SC_ComboBoxArrow, box
    )
    for index in range(dialog.kind.count()):
        dialog.kind.setCurrentIndex(index)
        for item in range(box.count()):
            text = box.itemText(item)
            needed = box.fontMetrics().horizontalAdvance(text) + arrow.width()
            assert box.sizeHint().width() >= needed, text
