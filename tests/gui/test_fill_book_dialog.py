"""Book ▸ Fill the Book: the puzzles are made on a worker with real clicks and keys, reach the
book from easy to hard as one undo step, and Esc, a bad request or a level out of reach adds
nothing and says why."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core.kinds.nonogram import generate as nonogram_generator
from studio.core.sat.analysis import Status, analyze
from studio.gui.fill_book_dialog import FillBookDialog
from studio.gui.settings import FillBookSettings, FillKind, Settings
from tests.gui.typing_in import shown_dialog, type_into

SIZES = {"nonogram": (8, 8), "mosaic": (7, 7), "fobidoshi": (6, 6)}


def only(qtbot: QtBot, dialog: FillBookDialog, sizes: dict[str, tuple[int, int]]) -> None:
    """Tick the kinds of ``sizes`` (by a click) and set their sizes; untick the others."""
    for name, row in dialog.kinds.items():
        if row.chosen.isChecked() != (name in sizes):
            qtbot.mouseClick(row.chosen, Qt.MouseButton.LeftButton)
        assert row.chosen.isChecked() == (name in sizes)
        assert row.width.isEnabled() == row.height.isEnabled() == (name in sizes)
        if name in sizes:
            row.width.setValue(sizes[name][1])
            row.height.setValue(sizes[name][0])


def test_fill_the_book_adds_each_kind_from_easy_to_hard(qtbot: QtBot, open_window) -> None:
    window = open_window()

    def run(dialog: FillBookDialog) -> None:
        shown_dialog(qtbot, dialog)
        only(qtbot, dialog, SIZES)
        type_into(qtbot, dialog.count, "2")
        dialog.seed.setValue(5)
        with qtbot.waitSignal(dialog.made, timeout=120_000):
            qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
        assert not dialog.isVisible(), "done: the dialog closes"

    window.book.run_fill_dialog = run  # type: ignore[method-assign]
    window.book.fill_action.trigger()
    entries = window.book.model.book.entries
    kinds = [entry.document.kind for entry in entries]
    assert kinds == ["nonogram", "nonogram", "mosaic", "mosaic", "fobidoshi", "fobidoshi"]
    for entry, level in zip(entries, [1, 3] * 3, strict=True):
        assert entry.document.puzzle.shape == SIZES[entry.document.kind]
        fresh = analyze(entry.document.puzzle)
        assert fresh.status == Status.UNIQUE
        assert fresh.difficulty is not None
        assert fresh.difficulty.score == level
    assert window.book.model.undo_stack.undoText() == "Add 6 generated puzzles"
    assert window.book.dock.isVisible()


def test_a_colour_section_makes_colour_puzzles(qtbot: QtBot, open_window) -> None:
    """Only the kinds whose default strategy draws in colour have a Colours box; it is typed
    into like the rest, greyed out while the puzzles are made, and every puzzle has as many
    inks as asked."""
    window = open_window()
    dialog = FillBookDialog(window)
    shown_dialog(qtbot, dialog)
    dialog.made.connect(window.book.add_generated)
    assert [name for name, row in dialog.kinds.items() if row.colours] == ["nonogram"]
    only(qtbot, dialog, {"nonogram": (10, 10)})
    colours = dialog.kinds["nonogram"].colours
    assert colours is not None
    assert colours.value() == 1
    qtbot.keyClick(dialog, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    assert colours.hasFocus(), "Alt+O goes to the Colours box"
    type_into(qtbot, colours, "3")
    type_into(qtbot, dialog.count, "2")
    dialog.hardest.setValue(2)
    dialog.seed.setValue(5)
    with qtbot.waitSignal(dialog.made, timeout=120_000):
        qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
        assert not colours.isEnabled(), "greyed out while the puzzles are made"
    puzzles = [entry.document.puzzle for entry in window.book.model.book.entries]
    assert [(puzzle.kind, puzzle.colours) for puzzle in puzzles] == [("nonogram", 3)] * 2
    for puzzle, level in zip(puzzles, [1, 2], strict=True):
        fresh = analyze(puzzle)
        assert fresh.status == Status.UNIQUE
        assert fresh.difficulty is not None
        assert fresh.difficulty.score == level


def test_the_dialog_opens_on_the_choices_of_its_last_run(qtbot: QtBot, open_window) -> None:
    """It opened on 6 puzzles of every kind at 10×10 each time (a publisher filling a series
    set them again for every book); choices never run are not kept."""
    window = open_window()
    dialog = FillBookDialog(window)
    shown_dialog(qtbot, dialog)
    only(qtbot, dialog, {"nonogram": (8, 7)})
    type_into(qtbot, dialog.count, "2")
    dialog.easiest.setValue(2)
    dialog.seed.setValue(5)  # reaches levels 2 and 3 at once at this size
    with qtbot.waitSignal(dialog.made, timeout=120_000):
        qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
    type_into(qtbot, dialog.count, "9")  # changed, never run
    dialog.close()
    again = FillBookDialog(window)
    shown_dialog(qtbot, again)
    rows = again.kinds
    assert [name for name, row in rows.items() if row.chosen.isChecked()] == ["nonogram"]
    assert not rows["mosaic"].width.isEnabled(), "a kind not ticked keeps its fields off"
    assert (rows["nonogram"].height.value(), rows["nonogram"].width.value()) == (8, 7)
    assert (again.count.value(), again.easiest.value(), again.hardest.value()) == (2, 2, 3)
    # A colour nonogram's row keeps its colours too (a settings round trip, nothing made).
    Settings().set_fill_book_settings(
        FillBookSettings({"nonogram": FillKind(True, 10, 10, colours=3)}, 4, 1, 2)
    )
    third = FillBookDialog(window)
    colours = third.kinds["nonogram"].colours
    assert colours is not None
    assert colours.value() == 3
    third.close()


def test_esc_stops_the_filling_and_adds_nothing(qtbot: QtBot, open_window) -> None:
    window = open_window()
    dialog = FillBookDialog(window)
    shown_dialog(qtbot, dialog)
    dialog.made.connect(window.book.add_generated)
    only(qtbot, dialog, {"nonogram": (40, 40)})
    dialog.count.setValue(100)
    dialog.easiest.setValue(3)
    qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
    assert dialog.batch.busy
    assert not dialog.fill_button.isEnabled()
    with qtbot.waitSignal(dialog.batch.cancelled, timeout=30_000):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.isVisible(), "the first Esc stops the work, not the dialog"
    assert dialog.status.text() == "Stopped: nothing was added"
    assert dialog.fill_button.isEnabled()
    assert window.book.model.book.entries == ()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible(), "the next one closes it"


def test_a_bad_request_is_one_line_and_nothing_starts(qtbot: QtBot, open_window) -> None:
    dialog = FillBookDialog(open_window())
    shown_dialog(qtbot, dialog)
    type_into(qtbot, dialog.easiest, "4")
    type_into(qtbot, dialog.hardest, "2")
    qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "the easiest level 4 is above the hardest 2"
    assert not dialog.batch.busy
    for row in dialog.kinds.values():
        row.chosen.setChecked(False)
    dialog.hardest.setValue(5)
    qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "a ramp needs at least one kind"


def test_a_level_out_of_reach_says_what_to_relax(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No 3×3 nonogram needs probing (tests/core: the generator's tests check all 512): the
    dialog names the level the size reaches and the setting to change, not the generator's
    "a higher maximum difficulty", which a ramp's level cannot take."""
    monkeypatch.setattr(nonogram_generator, "MAX_ATTEMPTS", 40)
    window = open_window()
    dialog = FillBookDialog(window)
    shown_dialog(qtbot, dialog)
    only(qtbot, dialog, {"nonogram": (3, 3)})
    dialog.count.setValue(1)
    dialog.easiest.setValue(3)
    with qtbot.waitSignal(dialog.batch.failed, timeout=30_000):
        qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
    # The failure is told as its thread ends; until then the dialog's Esc stops the work.
    qtbot.waitUntil(lambda: not dialog.batch.busy, timeout=5_000)
    assert dialog.isVisible()
    assert (
        "no 3×3 nonogram of level 3 was found (level 1 was): lower the easiest and hardest "
        "levels to 1"
    ) in dialog.status.text()
    assert dialog.status.text().endswith("Nothing was added")
    assert window.book.model.book.entries == ()
