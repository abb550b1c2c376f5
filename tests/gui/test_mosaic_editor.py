"""The mosaic editor driven with real mouse events, offscreen: painting, clue toggling, the
Puzzle menu's clue commands, and what the canvas shows."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import grid_from_text, unknown_grid, window_sum
from studio.core.kinds import document_of_picture
from studio.core.kinds.mosaic.logic import solve
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.pixelart import import_picture
from studio.core.sat.analysis import Status
from studio.gui.editors.mosaic import MosaicEditor
from studio.gui.import_dialog import ImportImageDialog
from studio.gui.main_window import MainWindow, blank_document
from studio.gui.puzzle_view import MARGIN
from tests.conftest import shared_path, shared_record
from tests.contract.kinds.mosaic import solutions
from tests.gui.conftest import verdict_in_new_tab
from tests.gui.drive import cell_point, corner_point

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton
# Small enough for brute force (2^12 pictures), big enough for clues to be droppable.
PICTURE = grid_from_text(["#..#", ".##.", "#..."])


def brute_solutions(puzzle: Mosaic) -> int:
    """How many pictures meet every shown clue, by brute force (no solver involved)."""
    return len(solutions(puzzle))


def click(
    qtbot: QtBot,
    window: MainWindow,
    cell: tuple[int, int],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Click a cell and wait for the analysis of the result."""
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mouseClick(window.view.canvas, LEFT, modifier, cell_point(window, *cell))


def editor(window: MainWindow) -> MosaicEditor:
    mosaic_editor = window.view.editor
    assert isinstance(mosaic_editor, MosaicEditor)
    return mosaic_editor


def shown(window: MainWindow) -> np.ndarray:
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    return puzzle.shown()


def tool_action(window: MainWindow, text: str) -> Callable[[], None]:
    """The Tools menu's tool called ``text``, as a person finds it there."""
    matches = [a for a in window.tools_menu.actions() if a.text().replace("&", "") == text]
    assert len(matches) == 1, [a.text() for a in window.tools_menu.actions()]
    return matches[0].trigger


def puzzle_menu_action(window: MainWindow, text: str) -> Callable[[], None]:
    """The Puzzle menu's command called ``text``, as a person finds it there."""
    window.puzzle_menu.aboutToShow.emit()
    matches = [a for a in window.puzzle_menu.actions() if a.text().replace("&", "") == text]
    assert len(matches) == 1, [a.text() for a in window.puzzle_menu.actions()]
    return matches[0].trigger


@pytest.fixture(autouse=True)
def errors(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Errors the window would show in a message box (which would block the test): none is
    expected."""
    shown_errors: list[str] = []
    monkeypatch.setattr(
        MainWindow, "show_error", lambda _self, _title, message: shown_errors.append(message)
    )
    yield shown_errors
    assert not shown_errors


def test_painting_updates_the_clues_in_the_cells(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5, kind="mosaic"))
    assert window.info_label.text() == "25 of 25 clues shown"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mousePress(window.view.canvas, LEFT, pos=cell_point(window, 0, 0))
        qtbot.mouseMove(window.view.canvas, cell_point(window, 0, 1))
        qtbot.mouseRelease(window.view.canvas, LEFT, pos=cell_point(window, 0, 1))
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    assert puzzle.clue_grid()[:2, :3].tolist() == [[2, 2, 1], [2, 2, 1]]
    assert window.status_label.text().startswith("Unique")
    assert window.model.undo_stack.count() == 1
    image = window.view.canvas.grab().toImage()
    assert image.pixelColor(corner_point(window, 0, 0)).lightness() < 100
    assert image.pixelColor(corner_point(window, 1, 1)).lightness() > 200


def test_ctrl_click_hides_and_shows_a_clue_as_undo_steps(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE))
    click(qtbot, window, (1, 1), CTRL)
    assert not shown(window)[1, 1]
    assert int(shown(window).sum()) == PICTURE.size - 1
    assert window.model.document.picture is not None, "the picture stays"
    assert np.array_equal(window.model.document.picture, PICTURE), "a toggle paints nothing"
    assert window.info_label.text() == "11 of 12 clues shown"
    click(qtbot, window, (1, 1), CTRL)
    assert shown(window)[1, 1]
    assert window.model.undo_stack.count() == 2
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert not shown(window)[1, 1]


def test_the_clue_tool_toggles_clues_with_a_plain_click(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE))
    tool_action(window, "Clue")()
    click(qtbot, window, (0, 0))
    assert not shown(window)[0, 0]
    assert np.array_equal(window.model.document.picture, PICTURE)
    tool_action(window, "Pencil")()  # back to painting
    click(qtbot, window, (0, 1))
    assert window.model.document.picture is not None
    assert window.model.document.picture[0, 1]


def test_cells_no_clue_reaches_are_tinted_variable(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5, kind="mosaic"))
    for cell in [(0, 0), (0, 1), (1, 0), (1, 1)]:  # every clue that sees (0, 0)
        click(qtbot, window, cell, CTRL)
    analysis = window.view.analysis
    assert analysis is not None
    assert analysis.status == Status.MULTIPLE
    assert analysis.variable_cells == [(0, 0)]
    # Leave no repair search running past the test.
    qtbot.waitUntil(lambda: not window.analysis.working, timeout=20_000)
    assert window.status_label.text() == "Ambiguous: 1 variable field"
    image = window.view.canvas.grab().toImage()
    tinted = image.pixelColor(corner_point(window, 0, 0))
    plain = image.pixelColor(corner_point(window, 2, 2))
    assert tinted.red() > tinted.blue() + 50, "the variable field is tinted orange"
    assert (plain.red(), plain.green(), plain.blue()) == (255, 255, 255)


def test_hidden_clues_are_drawn_faint_on_the_canvas(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE))
    click(qtbot, window, (1, 3), CTRL)  # an empty cell: its clue, 2, is drawn faint
    image = window.view.canvas.grab().toImage()
    cell = window.view.cell

    def darkest(row: int, col: int) -> int:
        left, top = MARGIN + col * cell + 3, MARGIN + row * cell + 3
        return min(
            image.pixelColor(left + x, top + y).lightness()
            for x in range(cell - 6)
            for y in range(cell - 6)
        )

    assert darkest(2, 2) < 100, "a shown clue is dark on an empty cell"
    assert 100 < darkest(1, 3) < 235, "a hidden clue is faint"


def test_minimal_clues_is_one_undo_step_and_leaves_a_minimal_unique_puzzle(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE))
    assert brute_solutions(window.model.document.puzzle) == 1
    choose_standard(window, "Unique")  # PICTURE needs clue pairs: one clue at a time falls short
    with (
        qtbot.waitSignal(window.analysis.analysed, timeout=20_000),
        qtbot.waitSignal(window.changes.finished, timeout=20_000),
    ):
        puzzle_menu_action(window, "Minimal Clues")()
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    kept = puzzle.shown()
    assert 0 < kept.sum() < PICTURE.size
    assert brute_solutions(puzzle) == 1, "still unique"
    for cell in puzzle.clue_cells():
        fewer = kept.copy()
        fewer[cell] = False
        assert brute_solutions(puzzle.with_shown(PICTURE, fewer)) > 1, f"{cell} is needed"
    assert window.model.undo_stack.count() == 1
    assert window.status_label.text().startswith("Unique")
    # Show All Clues brings every clue back, as another undo step.
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        puzzle_menu_action(window, "Show All Clues")()
    assert shown(window).all()
    assert window.model.undo_stack.count() == 2
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert np.array_equal(shown(window), kept)


def choose_standard(window: MainWindow, title: str) -> None:
    """Pick what Minimal Clues keeps from the Puzzle menu's submenu."""
    window.puzzle_menu.aboutToShow.emit()
    (submenu,) = [
        a.menu() for a in window.puzzle_menu.actions() if a.text() == "Minimal Clues &Keep"
    ]
    (action,) = [a for a in submenu.actions() if a.text() == f"&{title}"]
    action.trigger()
    assert editor(window).standard() == action.data()


def test_minimal_clues_can_keep_the_puzzle_solvable_clue_by_clue(qtbot: QtBot, open_window) -> None:
    picture = grid_from_text(["....", "...#", "#.##"])
    window = open_window(document_of_picture("mosaic", picture))
    choose_standard(window, "One clue at a time")
    with (
        qtbot.waitSignal(window.analysis.analysed, timeout=20_000),
        qtbot.waitSignal(window.changes.finished, timeout=20_000),
    ):
        puzzle_menu_action(window, "Minimal Clues")()
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    clues = puzzle.clue_grid()
    one_clue = solve(clues, unknown_grid(*clues.shape), pairs=False)
    assert one_clue.complete, "every cell follows one clue at a time"
    assert brute_solutions(puzzle) == 1
    assert puzzle.shown().sum() < picture.size


def test_minimal_clues_says_when_even_all_clues_fall_short(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE))  # needs clue pairs
    choose_standard(window, "One clue at a time")
    before = window.model.document
    with qtbot.waitSignal(window.changes.finished, timeout=20_000):
        puzzle_menu_action(window, "Minimal Clues")()
    assert window.model.document is before
    assert window.model.undo_stack.count() == 0
    assert "even all clues fall short" in window.statusBar().currentMessage()


def test_repair_suggests_a_clue_previews_it_and_applies_it(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5, kind="mosaic"))
    for cell in [(0, 0), (0, 1), (1, 0)]:
        click(qtbot, window, cell, CTRL)
    with qtbot.waitSignal(window.analysis.suggested, timeout=20_000):
        click(qtbot, window, (1, 1), CTRL)  # now no clue sees (0, 0)
    panel = window.repair_panel
    assert panel.line_solvable.text() == "and logic-solvable"  # the kind's words, not a nonogram's
    repairs = panel.repairs()
    assert repairs, "an ambiguous mosaic gets suggestions"
    best = repairs[0]
    assert best.remaining == 0
    assert not best.flips, "a clue is enough: the picture stays"
    (added,) = best.givens
    assert added in [(0, 0), (0, 1), (1, 0), (1, 1)]
    panel.suggestions.setCurrentRow(0)
    pixel = window.view.canvas.grab().toImage().pixelColor(corner_point(window, *added))
    assert pixel.green() > pixel.red(), "the clue the repair adds is marked green"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mouseClick(panel.apply_button, LEFT)
    assert shown(window)[added]
    assert window.status_label.text().startswith("Unique")


def test_a_puzzle_known_by_its_clues_shows_clues_of_its_solution(qtbot: QtBot, open_window) -> None:
    record = shared_record("mosaic", "5x5:b4442e5b2a5e2a1")  # Tatham's generator, unique
    solution = np.array(record["solution"], dtype=bool)
    window = open_window(Document(Mosaic(record["clues"])))
    assert window.model.document.picture is None
    assert not shown(window)[0, 0]
    click(qtbot, window, (0, 0), CTRL)
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Mosaic)
    assert puzzle.clue_grid()[0, 0] == window_sum(solution.astype(np.int8))[0, 0]
    assert np.array_equal(window.model.document.picture, solution), "the solution is the picture"


def test_a_clue_cannot_be_shown_without_a_picture_to_count(qtbot: QtBot, open_window) -> None:
    # 0 empties the whole 2×2 grid, 4 fills it: no solution, so nothing to count.
    window = open_window(Document(Mosaic([[0, None], [None, 4]])))
    assert window.view.analysis is not None
    assert window.view.analysis.status == Status.NONE
    qtbot.mouseClick(window.view.canvas, LEFT, CTRL, cell_point(window, 0, 1))
    assert "paint one" in window.statusBar().currentMessage()
    assert window.model.undo_stack.count() == 0
    # A shown clue can always be hidden: that needs no count.
    click(qtbot, window, (0, 0), CTRL)
    assert shown(window).tolist() == [[False, False], [False, True]]
    assert window.model.document.picture is None


def test_the_puzzle_menu_follows_the_kind(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("mosaic", PICTURE))
    puzzle_menu_action(window, "Show All Clues")()  # every clue is shown already
    assert window.statusBar().currentMessage() == "Every clue is shown already"
    assert window.model.undo_stack.count() == 0
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.model.load(document_of_picture("nonogram", PICTURE))
    assert isinstance(window.model.document.puzzle, Nonogram)
    assert not isinstance(window.view.editor, MosaicEditor)
    window.puzzle_menu.aboutToShow.emit()
    titles = [a.text().replace("&", "") for a in window.puzzle_menu.actions()]
    assert "Minimal Clues" not in titles
    assert "Clear Givens" in titles, "a nonogram's grid commands"


def test_import_image_as_a_mosaic(qtbot: QtBot, open_window, monkeypatch) -> None:
    path = shared_path("data", "pixelart", "xbitmaps", "star.xbm")
    window = open_window(blank_document(5, 5))

    def choose_mosaic(dialog: ImportImageDialog) -> bool:
        dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("mosaic"))
        return True

    monkeypatch.setattr(window, "ask_image_path", lambda: path)
    monkeypatch.setattr(window, "run_import_dialog", choose_mosaic)
    with verdict_in_new_tab(qtbot, window, timeout=20_000):
        window.import_action.trigger()
    picture = import_picture(path)
    assert np.array_equal(window.model.document.picture, picture)
    assert isinstance(window.view.editor, MosaicEditor)
    assert shown(window).all(), "an imported picture shows all its clues"
    # With every clue shown the star has one solution (not so for every picture).
    assert window.status_label.text().startswith("Unique")
