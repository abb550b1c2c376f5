"""The Fobidoshi editor driven with real mouse and key events, offscreen: clicks cycle the givens,
a drag paints one, each is one undo step; the grid shows the solution and the broken rules."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.kinds.fobidoshi.formats import janko
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.sat.analysis import Status, analyze, count_solutions
from studio.gui.editors.fobidoshi import FobidoshiEditor
from studio.gui.main_window import MainWindow
from studio.gui.puzzle_view import MARGIN
from tests.conftest import shared_record
from tests.gui.conftest import verdict_in_new_tab
from tests.gui.drive import drag, stroke

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton


@pytest.fixture(autouse=True)
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Error boxes, collected instead of shown (a modal box would stop the test)."""
    shown: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, message: shown.append(title))
    return shown


def shared_document(puzzle_id: str, *, with_solution: bool) -> Document:
    record = shared_record("fobidoshi", puzzle_id)
    lines = [str(record["size"][0]), *record["givens"]]
    if with_solution:
        lines += record["solution"]
    return janko.read("\n".join(lines))


def pixel(image: QImage, window: MainWindow, row: int, col: int, dx: float, dy: float) -> QColor:
    cell = window.view.cell
    return image.pixelColor(int(MARGIN + (col + dx) * cell), int(MARGIN + (row + dy) * cell))


def givens(window: MainWindow) -> np.ndarray:
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Fobidoshi)
    return puzzle.givens


def test_new_fobidoshi_from_the_new_dialog(qtbot: QtBot, open_window) -> None:
    window = open_window()
    window.ask_new_puzzle = lambda: ("fobidoshi", (6, 7))  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        window.new_action.trigger()
    assert window.model.document.puzzle == Fobidoshi.blank((6, 7))
    assert isinstance(window.view.editor, FobidoshiEditor)
    assert "right click: clear" in window.view.canvas.toolTip()
    assert window.view.editor.headers() == (None, None), "no clue headers around the grid"


def test_left_click_cycles_the_given_one_undo_step_a_click(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Fobidoshi.blank((5, 5))))
    seen = []
    for _ in range(3):
        drag(qtbot, window, [(1, 2)])
        seen.append(int(givens(window)[1, 2]))
    assert seen == [CIRCLE, CROSS, BLANK]
    assert window.model.undo_stack.count() == 3
    assert window.model.undo_stack.undoText() == "Clear givens"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert givens(window)[1, 2] == CROSS
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert givens(window)[1, 2] == CIRCLE
    image = window.view.canvas.grab().toImage()
    assert pixel(image, window, 1, 2, 0.5, 0.5).lightness() < 80, "the given circle is drawn"
    assert window.isWindowModified()


def test_right_click_clears_a_given(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Fobidoshi.blank((5, 5)).with_given((3, 3), CROSS)))
    drag(qtbot, window, [(3, 3)], RIGHT)
    assert givens(window)[3, 3] == BLANK
    assert window.model.undo_stack.count() == 1
    stroke(qtbot, window, [(0, 0)], RIGHT)  # nothing to clear: no undo step
    assert window.model.undo_stack.count() == 1


def test_a_drag_paints_one_given_in_one_undo_step_and_marks_the_broken_rule(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(Document(Fobidoshi.blank((5, 5))))
    # Four circles in a row: not a valid puzzle, known at once without an analysis.
    stroke(qtbot, window, [(0, 0), (0, 3)])
    assert (givens(window)[0] == [CIRCLE] * 4 + [BLANK]).all()
    assert window.model.undo_stack.count() == 1
    assert window.status_label.text().startswith("Not a valid puzzle yet: row 1 holds 4")
    image = window.view.canvas.grab().toImage()
    tinted, plain = pixel(image, window, 0, 1, 0.15, 0.15), pixel(image, window, 1, 1, 0.15, 0.15)
    assert tinted.red() > tinted.blue() + 30, "the run of four is tinted red"
    assert (plain.red(), plain.green(), plain.blue()) == (255, 255, 255)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert (givens(window) == BLANK).all(), "the whole drag is undone at once"


def test_the_grid_shows_the_solution_and_variable_fields(qtbot: QtBot, open_window) -> None:
    document = shared_document("janko-fobidoshi-001", with_solution=False)
    window = open_window(document)
    analysis = window.view.analysis
    assert analysis is not None
    assert analysis.status == Status.UNIQUE
    solution = analysis.solution
    assert solution is not None
    image = window.view.canvas.grab().toImage()
    for (row, col), circled in np.ndenumerate(solution):
        dark = pixel(image, window, row, col, 0.5, 0.3).lightness() < 160
        assert dark == bool(circled), (row, col)
    # Take away a given the puzzle needs: the cells that can change are tinted.
    puzzle = document.puzzle
    assert isinstance(puzzle, Fobidoshi)
    needed = next(
        cell
        for cell in puzzle.given_cells()
        if analyze(puzzle.with_given(cell, BLANK)).status == Status.MULTIPLE
    )
    drag(qtbot, window, [needed], RIGHT)
    assert window.status_label.text().startswith("Ambiguous")
    analysis = window.view.analysis
    assert analysis is not None
    row, col = analysis.variable_cells[0]
    # Inside the keyboard cursor's frame (an eighth of a cell), which outlines the clicked cell.
    tint = pixel(window.view.canvas.grab().toImage(), window, row, col, 0.2, 0.2)
    assert tint.red() > tint.blue() + 50, "variable fields are tinted orange"


def valid_circle(window: MainWindow, cell: tuple[int, int]) -> bool:
    """Whether a circle given on ``cell`` leaves a valid puzzle (no four in a row)."""
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Fobidoshi)
    try:
        puzzle.with_given(cell, CIRCLE).validate()
    except PuzzleError:
        return False
    return True


def test_a_given_against_the_reference_solution_drops_it(qtbot: QtBot, open_window) -> None:
    """A given the kept solution breaks drops it, said in the designer's words; Undo brings it
    back."""
    document = shared_document("janko-fobidoshi-001", with_solution=True)
    reference = document.picture
    assert reference is not None
    window = open_window(document)
    open_cells = [cell for cell in zip(*np.nonzero(givens(window) == BLANK), strict=True)]
    agreeing = next(cell for cell in open_cells if reference[cell])
    drag(qtbot, window, [agreeing])  # a circle where the reference has one
    assert window.model.document.picture is not None
    against = next(
        cell for cell in open_cells if not reference[cell] and valid_circle(window, cell)
    )
    drag(qtbot, window, [against])
    assert window.model.document.picture is None
    qtbot.waitUntil(lambda: "dropped" in window.statusBar().currentMessage())
    said = window.statusBar().currentMessage()
    assert said.startswith("The solution kept with the puzzle breaks these givens"), said
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert np.array_equal(window.model.document.picture, reference)


def test_open_a_janko_text_file(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    path = tmp_path / "janko.txt"
    path.write_text(janko.write(shared_document("janko-fobidoshi-002", with_solution=True)))
    window = open_window()
    with verdict_in_new_tab(qtbot, window):
        assert window.open_path(path)
    assert window.model.document.kind == "fobidoshi"
    assert isinstance(window.view.editor, FobidoshiEditor)
    assert window.status_label.text().startswith("Unique")
    qtbot.waitUntil(lambda: "difficulty" in window.status_label.text(), timeout=10_000)


def test_clear_all_givens_is_one_undo_step(qtbot: QtBot, open_window) -> None:
    document = shared_document("janko-fobidoshi-001", with_solution=True)
    window = open_window(document)
    (clear,) = window.grid.actions["clear"]
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        clear.trigger()
    assert (givens(window) == BLANK).all()
    assert np.array_equal(window.model.document.picture, document.picture), "still a solution"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert window.model.document.puzzle == document.puzzle


def test_remove_unneeded_givens_leaves_a_minimal_unique_puzzle(qtbot: QtBot, open_window) -> None:
    window = open_window(shared_document("janko-fobidoshi-002", with_solution=False))
    editor = window.view.editor
    assert isinstance(editor, FobidoshiEditor)
    assert editor.unneeded_action.isEnabled(), "the puzzle is unique"
    before = window.model.document.puzzle
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        editor.unneeded_action.trigger()
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Fobidoshi)
    assert isinstance(before, Fobidoshi)
    assert set(puzzle.given_cells()) < set(before.given_cells()), "002 has a given to spare"
    assert window.view.analysis is not None
    assert window.view.analysis.status == Status.UNIQUE
    for cell in puzzle.given_cells():
        assert count_solutions(puzzle.with_given(cell, BLANK), 2) == 2, f"{cell} is needed"
    assert window.model.undo_stack.count() == 1
    assert window.model.undo_stack.undoText().startswith("Remove ")
    # Nothing more to drop: no second undo step.
    with qtbot.waitSignal(window.changes.finished, timeout=10_000):
        editor.unneeded_action.trigger()
    assert window.model.undo_stack.count() == 1
    assert window.statusBar().currentMessage() == "Every given is needed"


def test_remove_unneeded_givens_waits_for_a_unique_puzzle(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Fobidoshi.blank((4, 4))))
    editor = window.view.editor
    assert isinstance(editor, FobidoshiEditor)
    assert not editor.unneeded_action.isEnabled()
    editor.remove_unneeded_givens()
    assert "unique" in window.statusBar().currentMessage()
    assert window.model.undo_stack.count() == 0


def test_hints_step_through_the_rules(qtbot: QtBot, open_window) -> None:
    window = open_window(shared_document("janko-fobidoshi-001", with_solution=False))
    qtbot.keyClick(window, Qt.Key.Key_H)
    hints = window.view.hints
    assert hints is not None
    puzzle = window.model.document.puzzle
    assert (hints.known != puzzle.givens_grid()).any(), "the first hint decides a cell"
    assert window.statusBar().currentMessage().startswith("Hint:")
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.view.hints is None
