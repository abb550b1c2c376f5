"""The main window driven with real mouse and key events, offscreen."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QStatusTipEvent
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from studio.core import formats
from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import KINDS, document_of_picture, get_kind, new_document
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.pixelart import ImportOptions, import_document, import_picture
from studio.core.sat.analysis import Status
from studio.gui import live_analysis
from studio.gui.edited import Choice, Conflict
from studio.gui.editors.nonogram import NonogramEditor
from studio.gui.error_log import log_path
from studio.gui.import_dialog import ImportImageDialog
from studio.gui.main_window import MainWindow, blank_document
from studio.gui.puzzle_view import MARGIN
from studio.gui.repair_panel import RepairPanel
from studio.gui.status_field import StatusField
from studio.gui.strokes import Tool
from studio.render.grid import clue_font
from tests.conftest import shared_path, shared_record
from tests.gui.conftest import running_threads, verdict_in_new_tab
from tests.gui.drive import cell_point, drag
from tests.gui.mnemonics import clashes


def test_painting_updates_clues_and_status(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    assert window.view.editor.row_clues.line_clues() == ["0"] * 5
    drag(qtbot, window, [(0, 0), (0, 1), (0, 2)])
    assert window.view.editor.row_clues.line_clues() == ["3", "0", "0", "0", "0"]
    assert window.view.editor.column_clues.line_clues() == ["1", "1", "1", "0", "0"]
    assert window.status_label.text() == "Unique · line-solvable · difficulty 1/5"
    assert window.isWindowModified()


def test_a_fast_drag_fills_every_cell_on_its_way(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(4, 0), (4, 4)])  # one move event across five cells
    assert window.view.editor.row_clues.line_clues()[4] == "5"


def test_drag_starting_on_a_filled_cell_clears(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(1, 0), (1, 1), (1, 2), (1, 3)])
    drag(qtbot, window, [(1, 1), (1, 2)])
    assert window.view.editor.row_clues.line_clues()[1] == "1 1"


def test_right_drag_clears(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(2, 0), (2, 4)])
    drag(qtbot, window, [(2, 4), (2, 3)], Qt.MouseButton.RightButton)
    assert window.view.editor.row_clues.line_clues()[2] == "3"


def test_ambiguous_picture_shows_its_variable_fields(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(0, 0)])
    drag(qtbot, window, [(1, 1)])
    assert window.status_label.text() == "Ambiguous: 4 variable fields"
    analysis = window.view.analysis
    assert analysis is not None
    assert analysis.status == Status.MULTIPLE
    assert analysis.variable_cells == [(0, 0), (0, 1), (1, 0), (1, 1)]
    # What a person sees: the variable cells are tinted, the others are not.
    image = window.view.canvas.grab().toImage()
    tinted = image.pixelColor(cell_point(window, 0, 1))
    plain = image.pixelColor(cell_point(window, 3, 3))
    assert (tinted.red(), tinted.green(), tinted.blue()) != (255, 255, 255)
    assert tinted.red() > tinted.blue() + 50, "variable fields are tinted orange"
    assert (plain.red(), plain.green(), plain.blue()) == (255, 255, 255)
    # The tint can be switched off.
    qtbot.keyClick(window, Qt.Key.Key_V)
    image = window.view.canvas.grab().toImage()
    untinted = image.pixelColor(cell_point(window, 0, 1))
    assert (untinted.red(), untinted.green(), untinted.blue()) == (255, 255, 255)


def test_each_stroke_is_one_undo_step(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(0, 0), (0, 4)])
    drag(qtbot, window, [(4, 0), (4, 1)])
    assert window.model.undo_stack.count() == 2
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert window.view.editor.row_clues.line_clues() == ["5", "0", "0", "0", "0"]
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.view.editor.row_clues.line_clues() == ["0"] * 5
    assert not window.isWindowModified()
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.redo_action.trigger()
    assert window.view.editor.row_clues.line_clues() == ["5", "0", "0", "0", "0"]


def test_save_and_open_round_trip(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    window = open_window(blank_document(4, 6))
    drag(qtbot, window, [(0, 0), (3, 0)])
    window.ask_save_path = lambda: tmp_path / "column"  # type: ignore[method-assign]
    assert window.save()
    saved = tmp_path / "column.json"
    assert formats.load(saved) == window.model.document
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("column")
    assert window.close_tab(0)
    with verdict_in_new_tab(qtbot, window):
        assert window.open_path(saved)
    assert window.view.editor.column_clues.line_clues() == ["4", "0", "0", "0", "0", "0"]
    assert window.settings.recent_files()[0] == saved.resolve()


def test_unsaved_changes_are_not_dropped_without_asking(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    other = tmp_path / "other.json"
    formats.save(blank_document(3, 3), other)
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(0, 0)])
    assert window.open_path(other), "another file opens beside it, in a tab"
    assert len(window.document_tabs()) == 2
    edited = window.document_tabs()[0]
    asked = []
    window.ask_save_changes = lambda: asked.append(window.tab) or Choice.CANCEL  # type: ignore[method-assign]
    assert not window.close_tab(0)
    assert asked == [edited], "closing its tab asks, with the tab shown"
    assert len(window.document_tabs()) == 2
    quit_asked = []
    window.ask_save_all = lambda names: quit_asked.append(names) or Choice.CANCEL  # type: ignore[method-assign]
    window.close()
    assert quit_asked == [["“Untitled”"]], "Quit asks once, about every unsaved document"
    assert window.isVisible(), "cancelling the question keeps the window open"
    window.ask_save_all = lambda names: Choice.DISCARD  # type: ignore[method-assign]


def test_opening_a_malformed_file_names_the_line(open_window, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("#..#\n#.x#\n")
    window = open_window(blank_document(5, 5))
    errors: list[str] = []
    window.show_error = lambda title, message: errors.append(message)  # type: ignore[method-assign]
    assert not window.open_path(bad)
    assert len(errors) == 1
    assert "line 2" in errors[0]
    assert "'x'" in errors[0]


def test_impossible_clues_name_the_line(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Nonogram([(), (1, 1)], [(), (), (2,)])))
    assert window.status_label.text() == "No solution: column 1 cannot stay empty"
    image = window.view.editor.column_clues.grab().toImage()
    depth_px = window.view.editor.column_clues.height()
    first = image.pixelColor(QPoint(MARGIN + window.view.cell // 2, depth_px - 2))
    second = image.pixelColor(QPoint(MARGIN + window.view.cell * 3 // 2, depth_px - 2))
    assert first != second, "the impossible column's clue is marked"


def test_an_old_contradiction_is_not_drawn_on_another_puzzle(qtbot: QtBot, open_window) -> None:
    window = open_window(Document(Nonogram([(), (1, 1)], [(), (), (2,)])))
    assert window.view.conflict_mask() is not None  # column 1, rows 1 and 2
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.model.load(blank_document(1, 1))
        assert window.view.conflict_mask() is None, "the old analysis is of a 3×2 puzzle"
        window.view.canvas.grab()  # painting before the new verdict must not fail


def test_clue_only_puzzle_shows_its_solution_and_paints_from_it(qtbot: QtBot, open_window) -> None:
    picture = grid_from_text(["#.#", "###", "..#"])
    window = open_window(Document(Nonogram.from_picture(picture)))
    assert np.array_equal(window.view.picture_shown(), picture)
    drag(qtbot, window, [(2, 0)])
    assert window.model.document.picture is not None
    assert window.view.editor.row_clues.line_clues() == ["1 1", "3", "1 1"]


def test_import_image_from_the_shared_pixel_art(qtbot: QtBot, open_window) -> None:
    path = shared_path("data", "pixelart", "xbitmaps", "star.xbm")
    window = open_window(blank_document(5, 5))
    window.ask_image_path = lambda: path  # type: ignore[method-assign]
    window.run_import_dialog = lambda dialog: True  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        window.import_action.trigger()
    assert np.array_equal(window.model.document.picture, import_picture(path))
    assert window.model.name == "star"
    assert window.isWindowModified(), "an imported picture is unsaved work"
    assert window.status_label.text().startswith(("Unique", "Ambiguous"))


def test_a_colour_import_opens_with_its_edited_palette(qtbot: QtBot, open_window) -> None:
    """The tab gets the dialog's document: its colours and its palette edits."""
    path = shared_path("data", "pixelart", "tango16", "emotes-face-smile.png")
    window = open_window(blank_document(5, 5))
    window.ask_image_path = lambda: path  # type: ignore[method-assign]
    made: list[Document] = []

    def run(dialog: ImportImageDialog) -> bool:
        dialog.colours_box.setValue(3)
        dialog.swatches.setCurrentRow(2)
        dialog.background_action.trigger()
        document = dialog.document()
        assert document is not None
        made.append(document)
        return True

    window.run_import_dialog = run  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        window.import_action.trigger()
    palette = window.model.document.palette
    assert palette is not None
    assert palette.inks == 3
    assert window.model.document == made[0]
    assert palette != import_document(path, ImportOptions(colours=3)).palette, "edited"


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
def test_no_two_items_of_a_menu_share_a_mnemonic(open_window, kind: str) -> None:
    """Alt+F then S must save: with two items on S (Save and Export Solution once), Qt only
    moves between them. Every menu as it is filled for a puzzle of each kind."""
    window = open_window(new_document(kind, (6, 6)))
    menus = [window.menuBar()]
    found: dict[str, list[list[str]]] = {}
    without: list[str] = []  # items Alt and a letter cannot reach
    while menus:
        menu = menus.pop()
        if isinstance(menu, QMenu):
            menu.aboutToShow.emit()  # the Puzzle menu fills as it opens
        texts = [action.text() for action in menu.actions()]
        found[menu.title() if isinstance(menu, QMenu) else "menu bar"] = clashes(texts)
        without += [
            a.text() for a in menu.actions() if a.isEnabled() and a.text() and "&" not in a.text()
        ]
        menus += [action.menu() for action in menu.actions() if action.menu()]
    assert len(found) > 8, "every menu was walked"
    assert {title: same for title, same in found.items() if same} == {}
    assert without == [], without


def test_zoom_changes_the_cell_size(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    before = window.view.cell
    window.zoom_in_action.trigger()
    assert window.view.cell == before + 4


def test_a_newer_edit_cancels_a_long_analysis(qtbot: QtBot, open_window) -> None:
    knotty = shared_record("nonogram", "survey:knotty")
    window = open_window(Document(Nonogram(knotty["rows"], knotty["cols"])), wait=False)
    assert window.analysis.busy
    assert window.status_label.text() == "Checking…"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000) as blocker:
        window.model.load(blank_document(3, 3))
    assert blocker.args[0].solution.shape == (3, 3), "the stale result of Knotty is dropped"
    assert window.status_label.text() == "Unique · line-solvable · difficulty 1/5"
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)


def test_stop_analysis_with_escape(qtbot: QtBot, open_window) -> None:
    knotty = shared_record("nonogram", "survey:knotty")
    window = open_window(Document(Nonogram(knotty["rows"], knotty["cols"])), wait=False)
    assert window.analysis.busy
    assert window.repair_panel.summary.text() == "Checking…"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.status_label.text() == "Analysis stopped"
    assert window.repair_panel.summary.text().startswith("Analysis stopped"), "not left checking"
    assert not window.analysis.busy
    qtbot.waitUntil(lambda: not running_threads(), timeout=10_000)


def test_a_failing_analysis_says_one_line_and_logs_the_rest(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug (here: no memory) once showed its traceback in a dialog."""
    window = open_window()
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]

    def out_of_memory(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(live_analysis, "analyze", out_of_memory)
    with qtbot.waitSignal(window.analysis.failed, timeout=10_000):
        window.model.load(blank_document(4, 4))
    line = f"not enough memory (details in {log_path()})"
    assert errors == [("Analysis failed", line)]
    assert window.status_label.text() == f"Analysis failed: {line}"
    assert "MemoryError" in log_path().read_text()


def test_new_puzzle_asks_for_the_size(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    window.ask_new_puzzle = lambda: ("nonogram", (3, 7))  # type: ignore[method-assign]
    with verdict_in_new_tab(qtbot, window):
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.model.document.puzzle.shape == (3, 7)
    assert window.view.editor.column_clues.line_clues() == ["0"] * 7
    # The keyboard's cell works at once: Space fills the top-left cell without a click first.
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Space)
    assert window.focusWidget() is window.view
    assert window.view.editor.row_clues.line_clues()[0] == "1"


def test_new_puzzle_dialog_gives_height_and_width(qtbot: QtBot) -> None:
    from studio.gui.dialogs import NewPuzzleDialog

    dialog = NewPuzzleDialog(width=10, height=4)
    qtbot.addWidget(dialog)
    dialog.width_box.setValue(12)
    assert dialog.shape() == (4, 12)
    assert dialog.kind() == "nonogram"


def test_recent_files_menu_reopens_a_saved_puzzle(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    window = open_window(blank_document(2, 3))
    assert window.save_to(tmp_path / "tiny.json")
    assert window.close_tab(0)
    window.recent_menu.aboutToShow.emit()
    (action,) = window.recent_menu.actions()
    assert action.text() == "tiny.json"
    with verdict_in_new_tab(qtbot, window):
        action.trigger()
    assert window.model.document.puzzle.shape == (2, 3)
    assert window.model.path == tmp_path / "tiny.json"


def clue_point(window: MainWindow, axis: str, index: int) -> QPoint:
    panel = window.view.editor.row_clues if axis == "row" else window.view.editor.column_clues
    return panel.band(index).center()


def test_typing_clues_solves_the_puzzle_and_names_bad_lines(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(3, 3))
    rows = window.view.editor.row_clues
    qtbot.mouseDClick(rows, Qt.MouseButton.LeftButton, pos=clue_point(window, "row", 0))
    editor = window.view.editor.clue_editor
    assert editor.isVisible()
    # Typed where a row's numbers stand, in their size: against the grid.
    assert editor.alignment() & Qt.AlignmentFlag.AlignRight
    assert editor.font().pixelSize() == clue_font(window.view.cell).pixelSize()
    qtbot.keyClicks(editor, "4")
    assert "row 1: clue 4 needs 4 cells, the row has 3" in editor.toolTip()
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert editor.isVisible(), "an invalid clue is not taken"
    editor.clear()
    qtbot.keyClicks(editor, "3")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)  # keeps row 1, moves on to row 2
    assert editor.line is not None
    assert str(editor.line) == "row 2"
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert not editor.isVisible()
    assert window.view.editor.row_clues.line_clues() == ["3", "0", "0"]
    assert window.model.document.picture is None
    assert window.status_label.text().startswith("Not a valid puzzle yet: the row clues add up")
    columns = window.view.editor.column_clues
    qtbot.mouseDClick(columns, Qt.MouseButton.LeftButton, pos=clue_point(window, "column", 0))
    for clue in ("1", "1"):
        qtbot.keyClicks(editor, clue)
        qtbot.keyClick(editor, Qt.Key.Key_Tab)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClicks(editor, "1")
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert window.view.editor.column_clues.line_clues() == ["1", "1", "1"]
    assert window.status_label.text().startswith("Unique · line-solvable")
    shown = window.view.picture_shown()
    assert shown is not None
    assert shown[0].all()
    assert not shown[1:].any()
    # Each typed clue is one undo step.
    assert window.model.undo_stack.count() == 4


def test_hints_step_through_the_solution(qtbot: QtBot, open_window) -> None:
    picture = grid_from_text(["###", "#..", "##."])
    window = open_window(document_of_picture("nonogram", picture))
    qtbot.keyClick(window, Qt.Key.Key_H)
    assert window.view.hints is not None
    message = window.statusBar().currentMessage()
    assert message.startswith("Hint: row 1 (3): 3 cells decided")
    # What a person sees: the hinted row is inked, the rest of the picture is not shown.
    image = window.view.canvas.grab().toImage()
    assert image.pixelColor(cell_point(window, 0, 2)).lightness() < 80
    assert image.pixelColor(cell_point(window, 1, 0)).lightness() > 150
    # A row all filled shows no shading on the grid: its clue is highlighted instead, while
    # the pointer is on another line too, and after it leaves.
    editor = window.view.editor
    assert isinstance(editor, NonogramEditor)
    first, second, third = (editor.row_clues.band(index) for index in (0, 1, 2))

    def shade(band: QRect) -> QColor:
        return editor.row_clues.grab().toImage().pixelColor(band.left() + 2, band.center().y())

    for hover in [(1, 1), None]:
        window.view.set_hover(hover)
        assert shade(first) != shade(third), f"row 1's clue highlighted, pointer on {hover}"
    assert shade(second) == shade(third), "no other"
    for _ in range(10):
        qtbot.keyClick(window, Qt.Key.Key_H)
    assert window.statusBar().currentMessage() == "Solved: line logic decides every cell"
    assert np.array_equal(window.view.hints.known == 1, picture)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.view.hints is None


def test_givens_are_drawn_framed(qtbot: QtBot, open_window) -> None:
    picture = grid_from_text(["#.", ".#"])
    document = Document(Nonogram.from_picture(picture, given_cells=[(0, 1)]), picture)
    window = open_window(document)
    assert window.status_label.text().startswith("Unique")
    image = window.view.canvas.grab().toImage()
    cell = window.view.cell
    inset = QPoint(MARGIN + cell + round(cell * 0.22), MARGIN + cell // 2)  # on the frame
    frame = image.pixelColor(inset)
    assert frame.lightness() < 80, "an empty given is framed in ink"


def test_repair_panel_previews_and_applies_a_suggestion(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    with qtbot.waitSignal(window.analysis.suggested, timeout=20_000):
        drag(qtbot, window, [(0, 0)])
        drag(qtbot, window, [(1, 1)])
    panel = window.repair_panel
    repairs = panel.repairs()
    assert repairs, "an ambiguous picture gets suggestions"
    assert [r.remaining for r in repairs] == sorted(r.remaining for r in repairs)
    best = repairs[0]
    assert best.remaining < 4
    # The whole suggestion shows on hover, every cell it changes named.
    tooltip = panel.suggestions.item(0).toolTip()
    assert tooltip.startswith(best.describe())
    for row, col in [*best.flips, *best.givens]:
        assert f"r{row + 1} c{col + 1}" in tooltip
    assert panel.suggestions.wordWrap(), "long suggestions wrap rather than being cut off"
    label = panel.suggestions.item(0).text()
    assert len([*best.flips, *best.givens]) <= 2, "a small change: its cells named"
    for row, col in [*best.flips, *best.givens]:
        assert f"r{row + 1}\u00a0c{col + 1}" in label, "a cell's name is never broken"
    # Selecting a suggestion previews it on the canvas, its clues too; the document is
    # untouched.
    editor = window.view.editor
    assert isinstance(editor, NonogramEditor)
    before_clues = editor.row_clues.line_clues()
    panel.suggestions.setCurrentRow(0)
    assert window.view.preview is best
    assert isinstance(best.puzzle, Nonogram)
    shown = editor.row_clues.line_clues()
    assert shown == [" ".join(map(str, row)) or "0" for row in best.puzzle.rows]
    assert best.flips, "a change of cells"
    assert shown != before_clues, "the clues it would make"
    if best.flips:
        row, col = best.flips[0]
        pixel = window.view.canvas.grab().toImage().pixelColor(cell_point(window, row, col))
        assert pixel.green() > pixel.red(), "a flipped cell is marked green"
    before = window.model.document
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert window.model.document.puzzle == best.puzzle
    assert window.view.preview is None
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.undo_action.trigger()
    assert window.model.document is before


def test_repair_all_with_givens_keeps_the_picture(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 5))
    drag(qtbot, window, [(0, 0)])
    drag(qtbot, window, [(1, 1)])
    picture = window.model.document.picture.copy()
    panel = window.repair_panel
    panel.strategy.setCurrentIndex(panel.strategy.findData("givens"))
    with qtbot.waitSignal(window.changes.finished, timeout=20_000):
        qtbot.mouseClick(panel.repair_all_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        pass
    assert np.array_equal(window.model.document.picture, picture)
    assert window.model.document.puzzle.givens
    assert window.status_label.text().startswith("Unique")
    assert window.model.undo_stack.undoText().startswith("Repair all")


def test_a_unique_puzzle_logic_does_not_solve_can_be_made_line_solvable(
    qtbot: QtBot, open_window
) -> None:
    """It said "Nothing to repair" with Repair all greyed, though the command line could do it:
    now Repair all waits only for "and line-solvable"."""
    # A 4×4 picture with one solution that line logic alone does not reach (probing does).
    picture = grid_from_text(["..##", "##..", ".#..", "...#"])
    puzzle = Nonogram.from_picture(picture)
    window = open_window(Document(puzzle, picture))
    panel = window.repair_panel
    assert panel.summary.text().startswith("Unique, but not line-solvable")
    assert not panel.repair_all_button.isEnabled()
    panel.strategy.setCurrentIndex(panel.strategy.findData("givens"))
    qtbot.mouseClick(panel.line_solvable, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert panel.repair_all_button.isEnabled()
    with qtbot.waitSignal(window.analysis.analysed, timeout=20_000):
        qtbot.mouseClick(panel.repair_all_button, Qt.MouseButton.LeftButton)
    assert window.status_label.text().startswith("Unique · line-solvable")
    assert window.model.undo_stack.undoText().endswith("→ unique · line-solvable")


def test_generate_opens_unique_puzzles_as_tabs(qtbot: QtBot, open_window) -> None:
    from studio.gui.generate_dialog import GenerateDialog

    window = open_window(wait=True)
    dialog = GenerateDialog(window)
    qtbot.addWidget(dialog)
    dialog.width_box.setValue(6)
    dialog.height_box.setValue(5)
    dialog.seed.setValue(7)
    dialog.count.setValue(2)
    dialog.made.connect(window.open_generated)
    with qtbot.waitSignal(dialog.made, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    puzzles = blocker.args[0]
    assert len(puzzles) == 2
    assert all(p.analysis.status == Status.UNIQUE for p in puzzles)
    tabs = window.document_tabs()
    assert [tab.document for tab in tabs] == [p.document for p in puzzles], (
        "each opens in a tab; the first in place of the untouched blank puzzle"
    )
    assert window.tab is tabs[-1]
    titles = [window.tabs.tabText(i).rstrip(" *") for i in range(window.tabs.count())]
    assert titles == [p.name for p in puzzles], "untitled: each tab goes by the generator's name"
    assert window.isWindowModified(), "a generated puzzle is unsaved work"


def test_a_puzzle_beyond_line_logic_is_rated_after_its_verdict(qtbot: QtBot) -> None:
    # A 4×4 picture with one solution that line logic alone does not reach (probing does).
    puzzle = Nonogram([(2,), (2,), (1,), (1,)], [(1,), (2,), (1,), (1, 1)])
    window = MainWindow(Document(puzzle))  # not shown: nothing spins the event loop yet
    qtbot.addWidget(window)
    shown_while_rating: list[str] = []
    window.analysis.analysed.connect(
        lambda _: shown_while_rating.append(window.status_label.text())
    )
    with qtbot.waitSignal(window.analysis.rated, timeout=10_000):
        pass
    assert shown_while_rating == ["Unique · not line-solvable · rating…"]
    assert window.status_label.text() == "Unique · needs probing · difficulty 3/5"


@pytest.mark.parametrize(("kind", "strategy"), [("mosaic", "picture"), ("fobidoshi", "connected")])
def test_generate_makes_every_kind(qtbot: QtBot, open_window, kind: str, strategy: str) -> None:
    from studio.gui.generate_dialog import GenerateDialog

    window = open_window(wait=True)
    dialog = GenerateDialog(window)
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
    dialog.strategy.setCurrentIndex(dialog.strategy.findData(strategy))
    assert get_kind(kind).spec.logic in dialog.logic_solvable.toolTip()
    assert dialog.density.isEnabled() == (kind == "mosaic"), "Fobidoshi has no density"
    dialog.width_box.setValue(2)
    assert dialog.width_box.value() == max(2, get_kind(kind).spec.min_side)  # Fobidoshi: 4
    dialog.width_box.setValue(6)
    dialog.height_box.setValue(6)
    dialog.seed.setValue(3)
    with qtbot.waitSignal(dialog.made, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    (generated,) = blocker.args[0]
    assert generated.document.kind == kind
    assert generated.name == f"{get_kind(kind).spec.title} 6×6 #{generated.seed}"
    assert generated.analysis.status == Status.UNIQUE
    assert generated.analysis.difficulty is not None
    assert generated.analysis.difficulty.score <= 2


def test_news_that_comes_while_repair_all_runs_waits_until_it_is_over(qtbot: QtBot) -> None:
    """The search for suggestions timing out 30 s into a long Repair all said "try Repair all"
    and enabled it, while the repair went on working."""
    panel = RepairPanel()
    qtbot.addWidget(panel)
    panel.set_kind("nonogram")
    panel.set_searching(87)
    panel.set_busy("Repairing")
    panel.set_search_timed_out(30)
    assert panel.summary.text() == "Repairing…"
    assert not panel.repair_all_button.isEnabled()
    assert not panel.apply_button.isEnabled()
    panel.set_busy(None)
    assert panel.summary.text() == "No suggestion found within 30 s: try Repair all."
    assert panel.repair_all_button.isEnabled()


def test_the_repair_panel_is_as_before_after_a_change_that_changes_nothing(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(document_of_picture("nonogram", grid_from_text(["#.", ".#", "##"])))
    panel = window.repair_panel
    before = panel.summary.text()
    assert not panel.repair_all_button.isEnabled(), "a unique puzzle has nothing to repair"
    with qtbot.waitSignal(window.changes.finished, timeout=10_000):
        window.tab.change_document("Thinking", lambda document, _cancel: (document, "Nothing"))
        assert panel.summary.text() == "Thinking…"
    assert panel.summary.text() == before
    assert not panel.repair_all_button.isEnabled()
    assert not panel.apply_button.isEnabled()


# Files changed by other programs --------------------------------------------------------------

HEART = grid_from_text(["#.#", "###", ".#."])
ARROW = grid_from_text([".#.", "###", ".#."])


def open_file(qtbot: QtBot, open_window, path: Path, picture: np.ndarray) -> MainWindow:
    """A window showing the puzzle of ``picture``, saved at ``path`` and opened from there."""
    formats.save(document_of_picture("nonogram", picture), path)
    window = open_window()
    with verdict_in_new_tab(qtbot, window):
        assert window.open_path(path)
    return window


def test_a_file_changed_by_another_program_is_offered_for_reloading(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Noticed by the watcher; the reload is one undo step, and the file's state."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    before = window.model.document
    asked: list[bool] = []
    window.ask_reload = lambda *, modified: asked.append(modified) or True  # type: ignore[method-assign]
    arrow = document_of_picture("nonogram", ARROW)
    qtbot.waitUntil(lambda: not window.disk_check.isActive())  # the look on activation is over
    formats.save(arrow, path)  # as `studio convert … -o heart.json` writes it
    qtbot.waitUntil(lambda: window.model.document == arrow, timeout=10_000)
    assert asked == [False], "asked once, as an unmodified document"
    assert not window.model.modified
    assert window.model.undo_stack.undoText() == "Reload from disk"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.document is before
    assert window.model.modified, "what was shown before is not what the file holds"


def test_a_version_kept_over_another_programs_is_unsaved_work(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Keep This Version on an unmodified tab: what it shows is no longer on disk, so closing
    it must ask (it closed without a word)."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    asked: list[bool] = []
    window.ask_reload = lambda *, modified: asked.append(modified) or False  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not window.disk_check.isActive())
    formats.save(document_of_picture("nonogram", ARROW), path)
    qtbot.waitUntil(lambda: asked == [False], timeout=10_000)
    assert window.model.document.picture is not None
    assert np.array_equal(window.model.document.picture, HEART)
    assert window.model.modified


def test_a_reload_that_cannot_read_the_file_leaves_unsaved_work(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Another program caught halfway through writing: the reload fails, and the tab holds the
    only whole copy, so closing it must ask (it closed, and quit, without a word)."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    window.ask_reload = lambda *, modified: True  # type: ignore[method-assign]
    errors: list[str] = []
    window.show_error = lambda title, message: errors.append(message)  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not window.disk_check.isActive())
    path.write_text(path.read_text()[:40])
    qtbot.waitUntil(lambda: bool(errors), timeout=10_000)
    assert "invalid JSON" in errors[0]
    assert errors[0].endswith(
        "What the window shows is kept, as unsaved work: Save asks before writing it."
    )
    assert np.array_equal(window.model.document.picture, HEART)
    assert window.model.modified


def test_the_studios_own_saves_are_not_news(qtbot: QtBot, open_window, tmp_path: Path) -> None:
    """A save writes a temporary file and renames it over the file: the watcher sees that."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    window.ask_reload = lambda **_: pytest.fail("asked about the studio's own save")  # type: ignore[method-assign]
    window.ask_overwrite = lambda: pytest.fail("asked about the studio's own save")  # type: ignore[method-assign]
    for cell in [(0, 1), (2, 2)]:
        drag(qtbot, window, [cell])
        qtbot.waitUntil(lambda: not window.disk_check.isActive())
        with qtbot.waitSignal(window.disk_check.timeout, timeout=10_000):  # the watcher saw it
            qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        assert not window.model.modified
        assert formats.load(path) == window.model.document
    window.check_files()  # as when the window is activated


def test_save_asks_before_overwriting_a_file_another_program_changed(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Unsaved changes kept rather than reloaded: Save asks, and Save As, its default, keeps
    both; Cancel writes nothing."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    drag(qtbot, window, [(0, 1)])
    mine = window.model.document
    asked: list[bool] = []
    window.ask_reload = lambda *, modified: asked.append(modified) or False  # type: ignore[method-assign]
    arrow = document_of_picture("nonogram", ARROW)
    formats.save(arrow, path)
    qtbot.waitUntil(lambda: asked == [True], timeout=10_000)
    assert window.model.document is mine, "kept"
    answers = [Conflict.CANCEL, Conflict.SAVE_AS]
    window.ask_overwrite = lambda: answers.pop(0)  # type: ignore[method-assign]
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert formats.load(path) == arrow
    assert window.model.modified
    window.ask_save_path = lambda: tmp_path / "mine.json"  # type: ignore[method-assign]
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert answers == []
    assert (formats.load(path), formats.load(tmp_path / "mine.json")) == (arrow, mine)
    assert window.model.path == tmp_path / "mine.json"
    assert not window.model.modified


def test_save_checks_the_file_even_when_no_change_was_noticed(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Saved at once after another program's write, before anything looked: Overwrite."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    drag(qtbot, window, [(0, 1)])
    window.ask_reload = lambda *, modified: False  # type: ignore[method-assign]
    asked: list[str] = []
    window.ask_overwrite = lambda: asked.append(window.model.name) or Conflict.OVERWRITE  # type: ignore[method-assign]
    formats.save(document_of_picture("nonogram", ARROW), path)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["heart"]
    assert formats.load(path) == window.model.document
    assert not window.model.modified


def test_a_change_is_noticed_when_the_window_is_activated(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """A watcher misses changes on some drives: coming back to the window looks too."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    window.watcher.removePaths([*window.watcher.files(), *window.watcher.directories()])
    asked: list[bool] = []
    window.ask_reload = lambda *, modified: asked.append(modified) or False  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not window.disk_check.isActive())
    formats.save(document_of_picture("nonogram", ARROW), path)
    elsewhere = QWidget()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    elsewhere.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is elsewhere)
    assert asked == []
    window.activateWindow()
    qtbot.waitUntil(lambda: asked == [False], timeout=10_000)


def test_a_file_removed_by_another_program_makes_its_document_unsaved_work(
    qtbot: QtBot, open_window, tmp_path: Path
) -> None:
    """Else closing its tab would drop the last copy without a question."""
    path = tmp_path / "heart.json"
    window = open_file(qtbot, open_window, path, HEART)
    path.unlink()
    qtbot.waitUntil(lambda: window.model.modified, timeout=10_000)
    assert window.tabs.tabText(0) == "heart *"
    window.ask_save_changes = lambda: Choice.SAVE  # type: ignore[method-assign]
    assert window.close_tab(0)
    assert formats.load(path) == document_of_picture("nonogram", HEART), "saved back"


# The toolbar ------------------------------------------------------------------------------------


def test_toolbar_buttons_stay_put_whatever_the_undo_step(qtbot: QtBot, open_window) -> None:
    """The toolbar's Undo once read "Undo Repair all: 0 cells changed, 8 givens → unique" and
    pushed every tool after it sideways; the whole text is in its tooltip and the menu."""
    window = open_window(blank_document(5, 5))
    undo = window.toolbar.widgetForAction(window.undo_action)
    pencil = window.toolbar.widgetForAction(window.tool_actions[Tool.PENCIL])
    left = pencil.geometry().left()
    step = "Repair all: 0 cells changed, 8 givens → unique"
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        window.model.replace(document_of_picture("nonogram", HEART), step)
    window.toolbar.layout().activate()
    assert undo.text() == "Undo"
    assert step in undo.toolTip()
    assert step in window.undo_action.text(), "the Edit menu names the step"
    assert pencil.geometry().left() == left
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    redo = window.toolbar.widgetForAction(window.redo_action)
    assert (redo.text(), redo.toolTip()) == ("Redo", f"Redo {step}")


def test_the_status_bars_fields_are_set_apart_and_hidden_with_nothing_to_say(
    open_window,
) -> None:
    """ "difficulty 1/5 100 of 100 clues shown row 8, column 8" read as one sentence."""
    window = open_window(blank_document(4, 4))
    window.position_label.setText("")
    assert not window.position_label.isVisibleTo(window)
    window.position_label.setText("row 1, column 1")
    assert window.position_label.isVisibleTo(window)
    drawn = window.position_label.grab().toImage()
    middle = drawn.height() // 2
    assert drawn.pixel(0, middle) != drawn.pixel(3, middle), "a line on its left"
    alone = StatusField("not yet in a status bar")
    assert not alone.isVisible(), "a field shown before the bar takes it would be a window"


def test_passing_over_a_button_leaves_the_message(qtbot: QtBot, open_window) -> None:
    """The hint's message went blank as the pointer passed over the toolbar on its way from
    the Hint button to the grid (an empty status tip clears the message)."""
    window = open_window(blank_document(4, 4))
    window.show_message("Hint: row 1 (3): 3 cells decided")
    tip = window.hint_action.statusTip()
    QApplication.sendEvent(window, QStatusTipEvent(tip))  # the pointer on its toolbar button
    assert window.statusBar().currentMessage() == tip
    QApplication.sendEvent(window, QStatusTipEvent(""))  # the pointer leaves the button
    assert window.statusBar().currentMessage() == "Hint: row 1 (3): 3 cells decided"
    window.show_message("")
    QApplication.sendEvent(window, QStatusTipEvent(""))
    assert window.statusBar().currentMessage() == "", "nothing to bring back"
