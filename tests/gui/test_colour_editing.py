"""Editing a colour nonogram in the window, with real mouse and key events: the Colours panel
(choose, add, remove, recolour, merge, make the background, each one undo step), painting with
the colour chosen, the eyedropper, typed coloured clues, and the palette's names in the status
bar. The pictures are checked against values worked out here by hand."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QContextMenuEvent
from PySide6.QtWidgets import QApplication, QColorDialog, QInputDialog, QToolButton
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import LineRef
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette
from studio.gui.help import menu_shortcuts
from studio.gui.main_window import MainWindow, blank_document
from studio.gui.palette_panel import PalettePanel
from studio.gui.settings import Settings
from studio.gui.typed_dialog import TypedCluesDialog
from studio.render.nonogram import clue_depth
from tests.gui.drive import LEFT, RIGHT, cell_point, drag

CONTROL = Qt.KeyboardModifier.ControlModifier
PALETTE = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("black", "X", (0, 0, 0)),
        Colour("red", "r", (204, 0, 0)),
        Colour("green", "g", (78, 154, 6)),
    )
)
PICTURE = np.array([[1, 1, 0, 2], [0, 2, 2, 0], [3, 0, 1, 1], [0, 0, 0, 0]], dtype=np.uint8)


def colour_document() -> Document:
    return document_of_picture("nonogram", PICTURE, palette=PALETTE)


def picture(window: MainWindow) -> np.ndarray:
    shown = window.model.document.picture
    assert shown is not None
    return shown


def panel(window: MainWindow) -> PalettePanel:
    return window.tab.palette_panel


def labels(window: MainWindow) -> list[str]:
    colours = panel(window).colours
    return [colours.item(row).text() for row in range(colours.count())]


def click_colour(qtbot: QtBot, window: MainWindow, value: int) -> None:
    colours = panel(window).colours
    point = colours.visualItemRect(colours.item(value)).center()
    qtbot.mouseClick(colours.viewport(), LEFT, pos=point)


def press_button(qtbot: QtBot, window: MainWindow, title: str) -> None:
    """Click the panel's button whose command is ``title`` (without its mnemonic)."""
    buttons = panel(window).findChildren(QToolButton)
    (button,) = [b for b in buttons if b.defaultAction().text().replace("&", "") == title]
    assert button.isEnabled(), title
    qtbot.mouseClick(button, LEFT)


def key(qtbot: QtBot, window: MainWindow, which: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier):
    window.view.setFocus()
    qtbot.keyClick(window.view, which, modifiers)


def answer_colour(monkeypatch: pytest.MonkeyPatch, hex_: str) -> None:
    """Qt's colour dialog answers ``hex_`` (a person picking it)."""
    monkeypatch.setattr(QColorDialog, "getColor", lambda *_args: QColor(hex_))


def test_clicking_a_colour_paints_with_it_left_and_the_background_right(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(colour_document())
    assert window.colours.dock.isVisible()
    assert labels(window) == [
        "0  white, background",
        "1  black  (clue letter X)",
        "2  red  (clue letter r)",
        "3  green  (clue letter g)",
    ]
    click_colour(qtbot, window, 2)
    assert window.view.colour == 2
    drag(qtbot, window, [(3, 0), (3, 1), (3, 2)])
    expected = PICTURE.copy()
    expected[3, :3] = 2
    assert np.array_equal(picture(window), expected)
    assert window.model.undo_stack.undoText() == "Paint 3 cells red"
    drag(qtbot, window, [(3, 1), (3, 2)])  # starts on red: paints the background
    expected[3, 1:3] = 0
    assert np.array_equal(picture(window), expected)
    drag(qtbot, window, [(0, 0), (0, 1)], RIGHT)
    expected[0, :2] = 0
    assert np.array_equal(picture(window), expected)
    assert window.model.undo_stack.undoText() == "Clear 2 cells"
    assert window.view.editor.row_clues.line_clues() == ["1r", "2r", "1g 2", "1r"]
    for _ in range(3):
        window.undo_action.trigger()
    assert np.array_equal(picture(window), PICTURE)


def test_the_tools_and_keys_paint_the_colour(qtbot: QtBot, open_window) -> None:
    window = open_window(colour_document())
    key(qtbot, window, Qt.Key.Key_3)
    assert window.view.colour == 3
    assert panel(window).colours.currentRow() == 3
    key(qtbot, window, Qt.Key.Key_F)  # flood fill the bottom row's empty area
    drag(qtbot, window, [(3, 3)])
    filled = PICTURE.copy()
    filled[3], filled[2, 1] = 3, 3  # (2, 1) touches the row; (1, 0), cut off, stays
    assert np.array_equal(picture(window), filled)
    key(qtbot, window, Qt.Key.Key_P)
    window.view.set_cursor_cell((1, 3))
    key(qtbot, window, Qt.Key.Key_1)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        key(qtbot, window, Qt.Key.Key_Space)
    assert picture(window)[1, 3] == 1
    window.view.set_cursor_cell((1, 0))
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        key(qtbot, window, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
        qtbot.keyRelease(window.view, Qt.Key.Key_Shift)
    assert list(picture(window)[1]) == [1, 1, 2, 1]
    key(qtbot, window, Qt.Key.Key_9)  # no colour 9: nothing changes
    assert window.view.colour == 1


def test_the_eyedropper_and_ctrl_click_take_a_cells_colour(qtbot: QtBot, open_window) -> None:
    window = open_window(colour_document())
    key(qtbot, window, Qt.Key.Key_I)
    qtbot.mouseClick(window.view.canvas, LEFT, pos=cell_point(window, 0, 3))
    assert window.view.colour == 2
    assert window.statusBar().currentMessage() == "Painting with red"
    key(qtbot, window, Qt.Key.Key_P)
    qtbot.mouseClick(window.view.canvas, LEFT, CONTROL, cell_point(window, 2, 0))
    assert window.view.colour == 3
    assert panel(window).colours.currentRow() == 3
    assert window.model.undo_stack.count() == 0, "taking a colour paints nothing"
    assert np.array_equal(picture(window), PICTURE)


def test_palette_edits_are_undo_steps(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    filled = PICTURE > 0
    window = open_window(document_of_picture("nonogram", filled))
    assert labels(window) == ["0  white, background", "1  black"]
    assert not panel(window).remove_action.isEnabled()
    assert not panel(window).recolour_action.isEnabled()
    assert not panel(window).rename_action.isEnabled(), "black and white keep their names"
    answer_colour(monkeypatch, "#cc0000")
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        press_button(qtbot, window, "Add Colour…")
    palette = window.model.document.palette
    assert palette is not None
    assert [colour.rgb for colour in palette.colours] == [(255, 255, 255), (0, 0, 0), (204, 0, 0)]
    assert np.array_equal(picture(window), filled.astype(np.uint8)), "filled cells stay black"
    assert window.model.undo_stack.undoText() == "Add colour #cc0000"
    assert window.view.colour == 2
    assert labels(window)[1:] == ["1  black  (clue letter a)", "2  red  (clue letter b)"], (
        "named for what it is"
    )
    drag(qtbot, window, [(3, 0), (3, 1)])
    assert list(picture(window)[3, :2]) == [2, 2]
    answer_colour(monkeypatch, "#00aa00")
    press_button(qtbot, window, "Recolour…")
    assert window.model.document.palette.colours[2].rgb == (0, 0xAA, 0)
    assert window.model.undo_stack.undoText() == "Recolour red as #00aa00"
    assert labels(window)[2] == "2  #00aa00  (clue letter b)", "no longer red"
    click_colour(qtbot, window, 0)
    answer_colour(monkeypatch, "#ffffcc")
    press_button(qtbot, window, "Recolour…")
    assert window.model.document.palette.colours[0].rgb == (255, 255, 0xCC)
    click_colour(qtbot, window, 2)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        press_button(qtbot, window, "Remove")
    assert window.model.document.palette is None, "one ink left: black and white again"
    assert np.array_equal(picture(window), filled), "the cells of the colour removed are blank"
    assert window.model.undo_stack.undoText() == "Remove #00aa00"
    assert window.view.colour == 1
    assert labels(window) == ["0  white, background", "1  black"]
    for _ in range(5):
        window.undo_action.trigger()
    assert window.model.document.palette is None
    assert np.array_equal(picture(window), filled)
    assert window.model.undo_stack.index() == 0


def test_merge_into_and_make_background(qtbot: QtBot, open_window, monkeypatch) -> None:
    window = open_window(colour_document())
    monkeypatch.setattr(
        panel(window),
        "ask_merge_target",
        lambda name, choices: dict(map(reversed, choices))["green"],
    )
    click_colour(qtbot, window, 2)
    press_button(qtbot, window, "Merge Into…")
    assert window.model.undo_stack.undoText() == "Merge red into green"
    expected = PICTURE.copy()
    expected[PICTURE == 2] = 3
    expected[expected == 3] = 2  # green moves down one, red gone
    assert np.array_equal(picture(window), expected)
    assert window.view.colour == 2, "painting with the colour merged into"
    assert labels(window)[2] == "2  green  (clue letter g)"
    click_colour(qtbot, window, 1)
    press_button(qtbot, window, "Make Background")
    assert window.model.undo_stack.undoText() == "Make black the background"
    swapped = expected.copy()
    swapped[expected == 1], swapped[expected == 0] = 0, 1
    assert np.array_equal(picture(window), swapped)
    assert labels(window)[:2] == ["0  black, background", "1  white  (clue letter X)"]


def test_make_background_leaves_the_grid_where_it_was(qtbot: QtBot, open_window) -> None:
    """A 20×10 colour design whose first column's clue goes from 5 runs to 6 when black becomes
    the background (white, then red, then white touch): the column clues kept room for every run
    a column of 10 can have in colour, 10 (the grid once moved down a clue row, and stayed there
    after Undo). Black and white keeps room for 5, a column of 10's most there."""
    design = np.zeros((10, 20), dtype=np.uint8)
    design[:, 0] = [0, 1, 0, 1, 0, 2, 1, 2, 0, 0]
    three = Palette(PALETTE.colours[:3])
    window = open_window(document_of_picture("nonogram", design, palette=three))
    canvas = window.view.canvas
    before = canvas.mapTo(window, QPoint(0, 0))
    click_colour(qtbot, window, 1)
    press_button(qtbot, window, "Make Background")
    assert window.model.undo_stack.undoText() == "Make black the background"
    assert clue_depth(window.model.document.puzzle.cols) == 6
    assert canvas.mapTo(window, QPoint(0, 0)) == before
    window.model.load(blank_document(10, 20))
    assert window.view.editor.header_slots() == (5, 10)


def test_colours_that_look_alike_are_named_under_the_list_until_told_apart(
    qtbot: QtBot, open_window, monkeypatch
) -> None:
    """Recolour red to a near-black: the panel says it and black look alike; Undo, and the
    line is gone."""
    window = open_window(colour_document())
    alike = panel(window).alike
    assert not alike.isVisible()
    answer_colour(monkeypatch, "#141414")
    click_colour(qtbot, window, 2)
    press_button(qtbot, window, "Recolour…")
    assert alike.isVisible()
    assert alike.text() == "Warning: black and #141414 look alike. Merge them, or recolour one."
    key(qtbot, window, Qt.Key.Key_Z, CONTROL)
    assert not alike.isVisible()


def test_rename_is_an_undo_step_refuses_a_taken_name_and_has_f2_as_delete_removes(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(colour_document())
    typed: list[str] = []

    def answer(_parent, _title, _label, text):  # type: ignore[no-untyped-def]
        typed.append(text)  # the dialog starts from the colour's name
        return answer.name, True

    monkeypatch.setattr(QInputDialog, "getText", answer)
    click_colour(qtbot, window, 2)
    answer.name = " poppy "  # type: ignore[attr-defined]
    press_button(qtbot, window, "Rename…")
    assert typed == ["red"]
    assert window.model.undo_stack.undoText() == "Rename red to poppy"
    assert labels(window)[2] == "2  poppy  (clue letter r)"
    assert panel(window).colours.item(2).toolTip() == "poppy: #cc0000"
    assert np.array_equal(picture(window), PICTURE)
    answer.name = "Green"  # type: ignore[attr-defined]
    qtbot.keyClick(panel(window).colours, Qt.Key.Key_F2)  # the list has the focus: F2 renames
    assert typed == ["red", "poppy"]
    assert window.statusBar().currentMessage() == "Another colour is called green"
    assert window.model.undo_stack.undoText() == "Rename red to poppy", "nothing changed"
    window.undo_action.trigger()
    assert labels(window)[2] == "2  red  (clue letter r)"
    click_colour(qtbot, window, 3)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(panel(window).colours, Qt.Key.Key_Delete)
    assert window.model.undo_stack.undoText() == "Remove green"


def test_a_colour_too_many_is_refused_in_the_status_bar(
    qtbot: QtBot, open_window, monkeypatch
) -> None:
    values = np.arange(33, dtype=np.uint8).reshape(3, 11)  # every colour of 32 inks, once
    window = open_window(document_of_picture("nonogram", values))
    answer_colour(monkeypatch, "#cc0000")
    press_button(qtbot, window, "Add Colour…")
    assert window.statusBar().currentMessage() == "A nonogram has at most 32 colours"
    assert window.model.undo_stack.count() == 0


def test_a_puzzle_known_by_its_clues_changes_colours_on_its_solution(
    qtbot: QtBot, open_window, monkeypatch
) -> None:
    window = open_window(Document(colour_document().puzzle, palette=PALETTE))
    assert window.view.solution_shown() is not None
    click_colour(qtbot, window, 3)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        press_button(qtbot, window, "Remove")
    expected = PICTURE.copy()
    expected[PICTURE == 3] = 0
    assert np.array_equal(picture(window), expected)


def test_typing_a_coloured_clue(qtbot: QtBot, open_window) -> None:
    window = open_window(colour_document())
    rows = window.view.editor.row_clues
    qtbot.mouseDClick(rows, LEFT, pos=rows.band(0).center())
    editor = window.view.editor.clue_editor
    assert editor.text() == "2 1r", "shown as it is typed"
    editor.selectAll()
    qtbot.keyClicks(editor, "3x")
    assert editor.toolTip() == "row 1: 'x' is not a colour of the palette (X, r, g)"
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, "r")  # a run of 3 red: R, the rectangle's key, is typed here
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert not editor.isVisible()
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Nonogram)
    assert puzzle.runs(LineRef("row", 0)) == ((3, 2),)
    assert rows.line_clues()[0] == "3r"
    assert window.model.document.picture is None
    assert window.model.undo_stack.undoText() == "Type the clue of row 1"


def test_a_palette_spelt_with_digits_is_typed_with_the_stand_ins_the_panel_shows(
    qtbot: QtBot, open_window
) -> None:
    """A webpbn file may spell its colours 1, 2, 3, which a clue would read as lengths."""
    digits = Palette(
        tuple(Colour(c.name, char, c.rgb) for c, char in zip(PALETTE.colours, "0123", strict=True))
    )
    window = open_window(document_of_picture("nonogram", PICTURE, palette=digits))
    assert labels(window)[1:] == [
        "1  black  (clue letter a)",
        "2  red  (clue letter b)",
        "3  green  (clue letter c)",
    ]
    rows = window.view.editor.row_clues
    assert rows.line_clues()[0] == "2 1b"
    qtbot.mouseDClick(rows, LEFT, pos=rows.band(0).center())
    editor = window.view.editor.clue_editor
    editor.selectAll()
    qtbot.keyClicks(editor, "1c 2b")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Nonogram)
    assert puzzle.runs(LineRef("row", 0)) == ((1, 3), (2, 2))


def test_type_clues_shows_and_takes_the_colours(qtbot: QtBot, open_window, monkeypatch) -> None:
    window = open_window(colour_document())

    def type_in(dialog: TypedCluesDialog) -> bool:
        qtbot.addWidget(dialog)
        text = dialog.text.toPlainText()
        assert text.startswith("colors\n. #ffffff white\nX #000000 black\nr #cc0000 red\n")
        assert "rows\n2 1r\n2r\n1g 2\n0\ncolumns\n" in text
        dialog.text.setPlainText(text.replace("rows\n2 1r\n", "rows\n2 1g\n"))
        dialog.check()
        # Red lost a cell to green: the first colour whose totals differ, named as the text
        # names it.
        assert dialog.problem.text() == (
            "the row clues add up to 2 cells of red, the column clues to 3"
        )
        dialog.text.setPlainText(text)
        return True

    monkeypatch.setattr(window.edit, "run_dialog", type_in)
    window.edit.type_clues_action.trigger()
    assert window.model.undo_stack.count() == 0, "the same puzzle: nothing to undo"


def test_the_status_bar_names_colours_by_the_palette(qtbot: QtBot, open_window) -> None:
    # The row is black then red; column 1 holds one red cell, column 2 one black.
    crossed = Nonogram.of_runs([[(1, 1), (1, 2)]], [[(1, 2)], [(1, 1)]], colours=2)
    palette = Palette(PALETTE.colours[:3])
    window = open_window(Document(crossed, palette=palette))
    assert window.status_label.text() == "No solution: column 1 cannot hold 1 in red"
    window.close()
    small = np.array([[1, 2, 1], [2, 2, 0]], dtype=np.uint8)
    window = open_window(document_of_picture("nonogram", small, palette=palette))
    key(qtbot, window, Qt.Key.Key_H)
    message = window.statusBar().currentMessage()
    assert message.startswith("Hint: row 1 (1 in black, 1 in red, 1 in black): 3 cells decided")
    key(qtbot, window, Qt.Key.Key_Escape)
    qtbot.mouseMove(window.view.canvas, cell_point(window, 0, 1))
    assert window.position_label.text() == "row 1, column 2 · red"
    qtbot.mouseClick(window.view.canvas, Qt.MouseButton.RightButton, pos=cell_point(window, 0, 1))
    assert window.position_label.text() == "row 1, column 2 · white", "the cell painted under it"


def test_black_and_white_paints_as_before(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(4, 4))
    drag(qtbot, window, [(0, 0), (0, 1), (0, 2)])
    assert picture(window).dtype == np.bool_
    assert list(picture(window)[0]) == [True, True, True, False]
    assert window.model.undo_stack.undoText() == "Fill 3 cells"
    drag(qtbot, window, [(0, 1), (0, 2)])
    assert list(picture(window)[0]) == [True, False, False, False]
    assert window.model.undo_stack.undoText() == "Clear 2 cells"
    assert window.model.document.palette is None
    qtbot.mouseMove(window.view.canvas, cell_point(window, 0, 0))
    assert window.position_label.text() == "row 1, column 1"


def test_the_panel_is_for_kinds_with_colours_and_its_toggle_is_kept(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE > 0))
    assert not window.colours.dock.isVisible()
    assert not window.colours.show_action.isEnabled(), "no Colours panel to show for a mosaic"
    assert not any(action.isEnabled() for action in window.colours.keys)
    assert "Eyedropper" not in [a.text().replace("&", "") for a in window.tools_menu.actions()]
    key(qtbot, window, Qt.Key.Key_0)
    drag(qtbot, window, [(3, 0)])
    assert picture(window)[3, 0], "a mosaic paints filled cells as ever"
    window.close()
    window = open_window(colour_document())
    assert "Eyedropper" in [a.text().replace("&", "") for a in window.tools_menu.actions()]
    assert window.colours.dock.isVisible()
    assert window.colours.show_action.isEnabled()
    window.colours.show_action.trigger()
    assert not window.colours.dock.isVisible()
    assert not Settings().colours_panel()
    window.colours.show_action.trigger()
    assert window.colours.dock.isVisible()


def test_the_context_menu_acts_on_the_colour_clicked(qtbot: QtBot, open_window) -> None:
    window = open_window(colour_document())
    colours = panel(window).colours
    viewport = colours.viewport()
    point = colours.visualItemRect(colours.item(3)).center()
    qtbot.mouseClick(viewport, RIGHT, pos=point)
    # The context menu event is the platform's, sent here as the window system sends it.
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    menu = panel(window).context_menu
    assert menu is not None
    qtbot.waitUntil(menu.isVisible)
    titles = [action.text().replace("&", "") for action in menu.actions()]
    assert titles == [
        "Add Colour…",
        "Remove",
        "Recolour…",
        "Rename…",
        "Merge Into…",
        "Make Background",
    ]
    remove = menu.actions()[1]
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(remove).center())
    assert window.model.undo_stack.undoText() == "Remove green"
    assert labels(window)[1:] == ["1  black  (clue letter X)", "2  red  (clue letter r)"]


def test_the_colour_keys_are_listed_and_clash_with_no_other_shortcut(open_window) -> None:
    window = open_window(colour_document())
    rows = menu_shortcuts(window)
    assert ("Tools ▸ Colour", "Colour 2", "2") in rows
    assert ("Tools", "Eyedropper", "I") in rows
    keys = [keys for _, _, keys in rows]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)


def test_add_colour_offers_a_colour_not_yet_in_the_puzzle(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dialog opened on red in a puzzle with red already: OK as offered added a second red,
    named "colour d"."""
    window = open_window(colour_document())  # black, red, green
    offered: list[str] = []

    def as_offered(initial: QColor, *_args: object) -> QColor:
        offered.append(initial.name())
        return initial

    monkeypatch.setattr(QColorDialog, "getColor", as_offered)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        press_button(qtbot, window, "Add Colour…")
    assert offered == ["#204a87"]
    assert labels(window)[4].startswith("4  blue"), "one more distinct colour, named"


def test_a_colour_repair_says_what_each_cell_becomes(qtbot: QtBot, open_window) -> None:
    """Four suggestions read "recolour 1 cell → 4 variable fields left (r9 c4)": which colour
    each one paints was seen only by hovering it."""
    picture = np.array([[1, 0, 2], [0, 1, 2], [2, 2, 0]], dtype=np.uint8)  # its 1s swap places
    window = open_window(document_of_picture("nonogram", picture, palette=Palette.default(2)))
    qtbot.waitUntil(lambda: bool(window.repair_panel.repairs()), timeout=20_000)
    names = window.model.document.palette.names
    for row in range(window.repair_panel.suggestions.count()):
        repair = window.repair_panel.repairs()[row]
        label = window.repair_panel.suggestions.item(row).text()
        for cell in [*repair.flips, *repair.givens]:
            becomes = names[int(repair.picture[cell])]
            assert f"r{cell[0] + 1}\u00a0c{cell[1] + 1}\u00a0→\u00a0{becomes}" in label, label
