"""The drawing tools (studio/gui/strokes.py) driven with real mouse and key events, offscreen: each
tool on each kind against a picture worked out here by hand (numpy slices, a flood fill of our
own), every stroke one undo step, the keyboard and the mouse in one undo history."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.gui.main_window import MainWindow, blank_document
from studio.gui.strokes import Tool
from tests.gui.drive import LEFT, RIGHT, cell_point, stroke

SHIFT = Qt.KeyboardModifier.ShiftModifier
DRAWN = ["nonogram", "mosaic"]

Cell = tuple[int, int]


def picture(window: MainWindow) -> np.ndarray:
    shown = window.model.document.picture
    assert shown is not None
    return shown


def givens(window: MainWindow) -> np.ndarray:
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Fobidoshi)
    return puzzle.givens


def mask(shape: tuple[int, int], cells: list[Cell]) -> np.ndarray:
    grid = np.zeros(shape, dtype=bool)
    for cell in cells:
        grid[cell] = True
    return grid


def flood(values: np.ndarray, start: Cell) -> np.ndarray:
    """The cells 4-connected to ``start`` through cells alike: a plain breadth-first search."""
    height, width = values.shape
    seen = {start}
    queue = deque([start])
    while queue:
        row, col = queue.popleft()
        for r, c in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
            inside = 0 <= r < height and 0 <= c < width
            if inside and (r, c) not in seen and values[r, c] == values[start]:
                seen.add((r, c))
                queue.append((r, c))
    return mask(values.shape, sorted(seen))


def take(qtbot: QtBot, window: MainWindow, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier):
    """Take a tool in hand by its shortcut, typed on the grid."""
    window.view.setFocus()
    qtbot.keyClick(window.view, key, modifiers)


def one_undo_step(qtbot: QtBot, window: MainWindow, before: Document) -> None:
    """The stroke was exactly one undo step: one more on the stack, and undoing it brings back
    the document before it."""
    assert window.model.undo_stack.count() == 1
    window.undo_action.trigger()
    assert window.model.document is before


# Choosing tools ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "modifiers", "tool"),
    [
        (Qt.Key.Key_L, Qt.KeyboardModifier.NoModifier, Tool.LINE),
        (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier, Tool.RECTANGLE),
        (Qt.Key.Key_R, SHIFT, Tool.FILLED_RECTANGLE),
        (Qt.Key.Key_F, Qt.KeyboardModifier.NoModifier, Tool.FILL),
    ],
)
def test_each_tool_has_its_shortcut(qtbot: QtBot, open_window, key, modifiers, tool) -> None:
    window = open_window(blank_document(5, 5))
    strokes = window.view.strokes
    assert strokes.tool is Tool.PENCIL
    take(qtbot, window, key, modifiers)
    assert (strokes.tool, strokes.kind_tool) == (tool, None)
    assert window.tool_actions[tool].isChecked()
    take(qtbot, window, Qt.Key.Key_P)
    assert strokes.tool is Tool.PENCIL


@pytest.mark.parametrize(
    ("kind", "key", "name"), [("nonogram", "G", "given"), ("mosaic", "C", "clue")]
)
def test_a_kinds_tool_has_its_shortcut(qtbot: QtBot, open_window, kind, key, name) -> None:
    window = open_window(blank_document(5, 5, kind))
    take(qtbot, window, getattr(Qt.Key, f"Key_{key}"))
    assert window.view.strokes.kind_tool == name
    take(qtbot, window, Qt.Key.Key_P)
    assert (window.view.strokes.tool, window.view.strokes.kind_tool) == (Tool.PENCIL, None)


# The tools on drawn kinds --------------------------------------------------------------------


def shape_case(tool: Tool) -> tuple[list[Cell], np.ndarray]:
    """A drag for ``tool`` on an 8×9 grid (with a detour, which only the pencil keeps) and the
    cells it must leave filled, worked out by hand."""
    expected = np.zeros((8, 9), dtype=bool)
    if tool is Tool.PENCIL:  # freehand: every cell passed, the detour too
        path = [(1, 1), (1, 6), (5, 6)]
        expected[1, 1:7] = True
        expected[1:6, 6] = True
        return path, expected
    path = [(1, 1), (6, 8), (0, 0), (4, 5)]  # ends on (4, 5): the detour leaves no trace
    if tool is Tool.LINE:
        path = [(1, 1), (6, 8), (0, 0), (5, 5)]
        for i in range(1, 6):
            expected[i, i] = True  # a diagonal, cell by cell
    elif tool is Tool.RECTANGLE:
        expected[1:5, 1:6] = True
        expected[2:4, 2:5] = False  # the outline only
    else:
        expected[1:5, 1:6] = True
    return path, expected


@pytest.mark.parametrize("kind", DRAWN)
@pytest.mark.parametrize(
    ("key", "modifiers", "tool"),
    [
        (Qt.Key.Key_P, Qt.KeyboardModifier.NoModifier, Tool.PENCIL),
        (Qt.Key.Key_L, Qt.KeyboardModifier.NoModifier, Tool.LINE),
        (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier, Tool.RECTANGLE),
        (Qt.Key.Key_R, SHIFT, Tool.FILLED_RECTANGLE),
    ],
)
def test_a_shape_tool_paints_its_shape_in_one_undo_step(
    qtbot: QtBot, open_window, kind, key, modifiers, tool
) -> None:
    window = open_window(blank_document(8, 9, kind))
    before = window.model.document
    take(qtbot, window, key, modifiers)
    path, expected = shape_case(tool)
    stroke(qtbot, window, path)
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    one_undo_step(qtbot, window, before)


@pytest.mark.parametrize("kind", DRAWN)
def test_shift_drag_with_the_pencil_draws_a_straight_line(qtbot: QtBot, open_window, kind) -> None:
    window = open_window(blank_document(6, 6, kind))
    before = window.model.document
    stroke(qtbot, window, [(5, 0), (5, 5), (0, 0), (0, 5)], modifiers=SHIFT)
    expected = np.zeros((6, 6), dtype=bool)
    expected[5, 0] = expected[4, 1] = expected[3, 2] = True
    expected[2, 3] = expected[1, 4] = expected[0, 5] = True  # the anti-diagonal only
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    one_undo_step(qtbot, window, before)


def test_a_right_drag_with_a_shape_tool_clears_the_shape(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("nonogram", np.ones((6, 7), dtype=bool)))
    take(qtbot, window, Qt.Key.Key_R, SHIFT)
    stroke(qtbot, window, [(4, 5), (1, 2)], RIGHT)
    expected = np.ones((6, 7), dtype=bool)
    expected[1:5, 2:6] = False
    assert np.array_equal(picture(window), expected)
    assert window.model.undo_stack.count() == 1


FILL_PICTURE = grid_from_text(
    [
        "..#.....",
        "..#.###.",
        "###.#.#.",
        "....###.",
        "#.......",
        ".#..##..",
    ]
)


@pytest.mark.parametrize("kind", DRAWN)
@pytest.mark.parametrize("start", [(0, 0), (3, 3), (2, 5), (1, 4), (5, 0)])
def test_fill_floods_the_area_of_like_cells(qtbot: QtBot, open_window, kind, start) -> None:
    window = open_window(document_of_picture(kind, FILL_PICTURE))
    before = window.model.document
    take(qtbot, window, Qt.Key.Key_F)
    stroke(qtbot, window, [start])
    area = flood(FILL_PICTURE, start)
    # A click on an empty cell fills its area; on a filled one, it clears it.
    expected = FILL_PICTURE ^ area
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    one_undo_step(qtbot, window, before)


# The tools on Fobidoshi (givens: a left stroke steps the given of the cell it starts on) ---------


def test_fobidoshi_rectangle_and_line_place_circles(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Fobidoshi.blank((7, 7))))
    take(qtbot, window, Qt.Key.Key_R)
    stroke(qtbot, window, [(1, 1), (6, 6), (3, 3)])
    expected = np.full((7, 7), BLANK)
    expected[1:4, 1:4] = CIRCLE
    expected[2, 2] = BLANK
    assert np.array_equal(givens(window), expected), f"\n{givens(window)}"
    take(qtbot, window, Qt.Key.Key_L)
    stroke(qtbot, window, [(6, 0), (6, 2)])
    expected[6, 0:3] = CIRCLE
    assert np.array_equal(givens(window), expected)
    # A stroke that starts on a circle puts crosses (the next given), on the whole shape.
    take(qtbot, window, Qt.Key.Key_R, SHIFT)
    stroke(qtbot, window, [(1, 1), (2, 2)])
    expected[1:3, 1:3] = CROSS
    assert np.array_equal(givens(window), expected)
    assert window.model.undo_stack.count() == 3


def test_fobidoshi_fill_stays_inside_a_ring_of_crosses(qtbot: QtBot, open_window) -> None:
    rows = ["xxxx..", "x..x..", "x..x..", "xxxx..", "......", "......"]
    puzzle = Fobidoshi.from_rows([row.replace(".", "-") for row in rows])
    window = open_window(Document(puzzle))
    before = window.model.document
    take(qtbot, window, Qt.Key.Key_F)
    stroke(qtbot, window, [(2, 2)])
    expected = puzzle.givens.copy()
    expected[flood(puzzle.givens, (2, 2))] = CIRCLE
    assert np.array_equal(givens(window), expected), f"\n{givens(window)}"
    assert (givens(window)[1:3, 1:3] == CIRCLE).all()
    one_undo_step(qtbot, window, before)


# A kind's own tools --------------------------------------------------------------------------


def test_the_given_tool_gives_a_cell_and_takes_it_back(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("nonogram", FILL_PICTURE))
    take(qtbot, window, Qt.Key.Key_G)
    stroke(qtbot, window, [(0, 2)])
    stroke(qtbot, window, [(0, 0)])
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Nonogram)
    assert sorted(puzzle.given_cells()) == [(0, 0), (0, 2)]
    assert np.array_equal(picture(window), FILL_PICTURE), "a given paints nothing"
    stroke(qtbot, window, [(0, 2)])
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Nonogram)
    assert puzzle.given_cells() == [(0, 0)]
    assert window.model.undo_stack.count() == 3


def test_the_clue_tool_hides_and_shows_clues(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", FILL_PICTURE))
    take(qtbot, window, Qt.Key.Key_C)
    stroke(qtbot, window, [(1, 1)])
    stroke(qtbot, window, [(4, 6)])
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    assert np.array_equal(~puzzle.shown(), mask(FILL_PICTURE.shape, [(1, 1), (4, 6)]))
    assert np.array_equal(picture(window), FILL_PICTURE)
    assert window.model.undo_stack.count() == 2


# The keyboard --------------------------------------------------------------------------------


def key(qtbot: QtBot, window: MainWindow, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(window.view, key, modifiers)


def shift_arrows(qtbot: QtBot, window: MainWindow, keys: list[Qt.Key]) -> None:
    """Hold Shift, press the arrows, let Shift go. (Each ``keyPress`` with Shift presses Shift
    too, as a held key repeats; a ``keyClick`` would let Shift go after each arrow.)"""
    view = window.view
    for arrow in keys:
        qtbot.keyPress(view, arrow, SHIFT)
    qtbot.keyRelease(view, Qt.Key.Key_Shift)


@pytest.mark.parametrize("kind", DRAWN)
def test_space_and_delete_act_on_the_cursor_cell(qtbot: QtBot, open_window, kind) -> None:
    window = open_window(blank_document(5, 6, kind))
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, window, Qt.Key.Key_Down)
    key(qtbot, window, Qt.Key.Key_Right)
    key(qtbot, window, Qt.Key.Key_Right)
    key(qtbot, window, Qt.Key.Key_Space)
    assert np.array_equal(picture(window), mask((5, 6), [(1, 2)]))
    key(qtbot, window, Qt.Key.Key_Space)  # as a click: on a filled cell, it clears
    assert not picture(window).any()
    key(qtbot, window, Qt.Key.Key_Space)
    key(qtbot, window, Qt.Key.Key_Delete)
    key(qtbot, window, Qt.Key.Key_Delete)  # nothing left to clear: no undo step
    assert not picture(window).any()
    assert window.model.undo_stack.count() == 4


@pytest.mark.parametrize("kind", DRAWN)
def test_shift_arrows_paint_one_undo_step_until_shift_is_let_go(
    qtbot: QtBot, open_window, kind
) -> None:
    window = open_window(blank_document(5, 6, kind))
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    shift_arrows(qtbot, window, [Qt.Key.Key_Right] * 3 + [Qt.Key.Key_Down] * 2)
    expected = np.zeros((5, 6), dtype=bool)
    expected[0, 0:4] = True
    expected[0:3, 3] = True
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    assert window.model.undo_stack.count() == 1
    assert window.view.cursor_cell == (2, 3)
    # Starting on a filled cell, the stroke clears (as Space would there).
    shift_arrows(qtbot, window, [Qt.Key.Key_Up, Qt.Key.Key_Up])
    expected[0:3, 3] = False
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    assert window.model.undo_stack.count() == 2
    # At the edge, the arrow goes nowhere and paints only the cell it is on.
    key(qtbot, window, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    shift_arrows(qtbot, window, [Qt.Key.Key_Right])
    expected[4, 5] = True
    assert np.array_equal(picture(window), expected)
    assert window.model.undo_stack.count() == 3


def test_the_keyboard_and_the_mouse_share_one_undo_history(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    stages = [window.model.document]
    stroke(qtbot, window, [(4, 0), (4, 4)])
    stages.append(window.model.document)
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    shift_arrows(qtbot, window, [Qt.Key.Key_Down] * 2)
    stages.append(window.model.document)
    stroke(qtbot, window, [(0, 4)])
    stages.append(window.model.document)
    assert window.view.cursor_cell == (0, 4), "the keyboard's cell follows a click"
    key(qtbot, window, Qt.Key.Key_Space)  # (0, 4) is filled: Space clears it
    stages.append(window.model.document)
    expected = np.zeros((5, 5), dtype=bool)
    expected[4] = True
    expected[0:3, 0] = True
    assert np.array_equal(picture(window), expected)
    assert [stage.picture.sum() for stage in stages[1:]] == [5, 8, 9, 8]
    assert window.model.undo_stack.count() == 4
    for stage in reversed(stages[:-1]):
        qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert window.model.document is stage
    for stage in stages[1:]:
        qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
        assert window.model.document is stage


def test_ctrl_shift_z_redoes(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    stroke(qtbot, window, [(0, 0)])
    after = window.model.document
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.document is not after
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | SHIFT)
    assert window.model.document is after


def test_shift_arrows_place_fobidoshi_givens(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Fobidoshi.blank((5, 5))))
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_Right)
    shift_arrows(qtbot, window, [Qt.Key.Key_Down, Qt.Key.Key_Down])
    expected = np.full((5, 5), BLANK)
    expected[0:3, 1] = CIRCLE
    assert np.array_equal(givens(window), expected)
    key(qtbot, window, Qt.Key.Key_Space)  # on a circle: the next given, a cross
    expected[2, 1] = CROSS
    assert np.array_equal(givens(window), expected)
    key(qtbot, window, Qt.Key.Key_Delete)
    expected[2, 1] = BLANK
    assert np.array_equal(givens(window), expected)
    assert window.model.undo_stack.count() == 3


def test_space_with_the_fill_tool_fills_as_a_click_would(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("nonogram", FILL_PICTURE))
    take(qtbot, window, Qt.Key.Key_F)
    window.view.set_cursor_cell((3, 3))
    key(qtbot, window, Qt.Key.Key_Space)
    assert np.array_equal(picture(window), FILL_PICTURE ^ flood(FILL_PICTURE, (3, 3)))
    assert window.model.undo_stack.count() == 1


@pytest.mark.parametrize(("kind", "tool"), [("nonogram", "G"), ("mosaic", "C")])
def test_space_with_a_kinds_tool_uses_the_tool(qtbot: QtBot, open_window, kind, tool) -> None:
    window = open_window(document_of_picture(kind, FILL_PICTURE))
    take(qtbot, window, getattr(Qt.Key, f"Key_{tool}"))
    window.view.set_cursor_cell((1, 4))
    key(qtbot, window, Qt.Key.Key_Space)
    assert np.array_equal(picture(window), FILL_PICTURE), "the tool paints nothing"
    puzzle = window.model.document.puzzle
    if isinstance(puzzle, Nonogram):
        assert puzzle.given_cells() == [(1, 4)]
    else:
        assert isinstance(puzzle, Mosaic)
        assert np.array_equal(~puzzle.shown(), mask(FILL_PICTURE.shape, [(1, 4)]))
    assert window.model.undo_stack.count() == 1


def test_a_click_while_shift_is_held_after_shift_arrows_ends_the_keyboard_stroke(
    qtbot: QtBot, open_window
) -> None:
    """Shift still down from Shift+arrows, a Shift+click is a stroke of its own; the keyboard's
    stroke ends there instead of swallowing the click and later joining its cells to the
    clicked one."""
    window = open_window(blank_document(5, 5))
    view = window.view
    view.setFocus()
    key(qtbot, window, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    for _ in range(2):
        qtbot.keyPress(view, Qt.Key.Key_Right, SHIFT)
    stroke(qtbot, window, [(3, 0)], modifiers=SHIFT)
    assert window.model.undo_stack.count() == 2, "the keyboard's stroke, then the click"
    qtbot.keyPress(view, Qt.Key.Key_Down, SHIFT)  # a new stroke, from the clicked cell
    qtbot.keyRelease(view, Qt.Key.Key_Shift)
    # (3, 0) is filled now, so the new stroke clears, as Space would there: (3, 0) and (4, 0).
    expected = mask((5, 5), [(0, 0), (0, 1), (0, 2)])
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    assert window.model.undo_stack.count() == 3
    window.undo_action.trigger()
    assert np.array_equal(picture(window), mask((5, 5), [(0, 0), (0, 1), (0, 2), (3, 0)]))


def test_undo_in_the_middle_of_a_drag_abandons_the_drag(qtbot: QtBot, open_window) -> None:
    """Ctrl+Z with the button still down undoes the last step; the drag under way is dropped
    rather than recorded on top of the document it started from (which would bring the undone
    step back with no way to undo it)."""
    window = open_window(blank_document(4, 4))
    start = window.model.document
    stroke(qtbot, window, [(0, 0), (0, 3)])
    row = window.model.document
    canvas = window.view.canvas
    qtbot.mousePress(canvas, LEFT, pos=cell_point(window, 2, 0))
    qtbot.mouseMove(canvas, cell_point(window, 2, 1))
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.document is start
    qtbot.mouseMove(canvas, cell_point(window, 2, 2))
    qtbot.mouseRelease(canvas, LEFT, pos=cell_point(window, 2, 2))
    assert window.model.document is start
    assert window.model.undo_stack.count() == 1
    assert not window.model.undo_stack.canUndo()
    window.redo_action.trigger()
    assert window.model.document is row


def test_the_tool_in_hand_holds_in_every_tab(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(6, 6))
    stroke(qtbot, window, [(5, 5)])  # an edit: the next document opens beside it
    take(qtbot, window, Qt.Key.Key_R, SHIFT)
    window.add_tab(blank_document(6, 6, "mosaic"))
    stroke(qtbot, window, [(1, 1), (2, 3)])
    expected = np.zeros((6, 6), dtype=bool)
    expected[1:3, 1:4] = True
    assert np.array_equal(picture(window), expected)
    # A kind's tool does not follow into a kind without it: the pencil is back in hand.
    take(qtbot, window, Qt.Key.Key_C)
    window.tabs.setCurrentIndex(0)
    assert window.view.strokes.kind_tool is None
    stroke(qtbot, window, [(0, 0), (0, 2)])
    assert picture(window)[0, :3].all()
