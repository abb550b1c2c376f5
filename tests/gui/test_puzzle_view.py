"""The puzzle view (studio/gui/puzzle_view.py) driven with real mouse and key events, offscreen:
the keyboard's cell, the grid staying put under the pen, the clue headers frozen while the grid
scrolls, zoom to fit, the cell size, and repaints limited to what a stroke changed."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.kinds import document_of_picture
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.gui.editors.nonogram import CluePanel, NonogramEditor
from studio.gui.main_window import MainWindow, blank_document
from studio.gui.puzzle_view import MARGIN, MAX_CELL, MIN_CELL, PAGE_MARGIN
from studio.render.grid import Layout
from studio.render.nonogram import draw_clues
from tests.gui.drive import LEFT, cell_origin, cell_point, drag, stroke

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def editor(window: MainWindow) -> NonogramEditor:
    nonogram_editor = window.view.editor
    assert isinstance(nonogram_editor, NonogramEditor)
    return nonogram_editor


def picture(window: MainWindow) -> np.ndarray:
    shown = window.model.document.picture
    assert shown is not None
    return shown


def key(qtbot: QtBot, window: MainWindow, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(window.view, key, modifiers)


def canvas_in_window(window: MainWindow) -> QPoint:
    return window.view.canvas.mapTo(window, QPoint(0, 0))


# The keyboard's cell ---------------------------------------------------------------------------


def test_keys_move_the_cursor_and_space_fills_its_cell(qtbot: QtBot, open_window) -> None:
    """On a 20×15 nonogram (20 wide, 15 tall): Ctrl+Home, Right×3, Down×12, Space fills row 13,
    column 4, and nothing else."""
    window = open_window(blank_document(15, 20))
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_End, CTRL)  # from anywhere
    key(qtbot, window, Qt.Key.Key_Home, CTRL)
    for _ in range(3):
        key(qtbot, window, Qt.Key.Key_Right)
    for _ in range(12):
        key(qtbot, window, Qt.Key.Key_Down)
    key(qtbot, window, Qt.Key.Key_Space)
    expected = np.zeros((15, 20), dtype=bool)
    expected[12, 3] = True  # row 13, column 4
    assert np.array_equal(picture(window), expected)
    assert window.model.undo_stack.count() == 1


def test_arrows_stop_at_the_edges(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(3, 4))
    window.view.setFocus()
    for _ in range(6):
        key(qtbot, window, Qt.Key.Key_Left)
        key(qtbot, window, Qt.Key.Key_Up)
    assert window.view.cursor_cell == (0, 0)
    for _ in range(6):
        key(qtbot, window, Qt.Key.Key_Right)
        key(qtbot, window, Qt.Key.Key_Down)
    assert window.view.cursor_cell == (2, 3)


def test_ctrl_end_brings_the_last_cell_into_view(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(60, 60))
    view = window.view
    view.set_cell_size(24)
    assert view.verticalScrollBar().maximum() > 0, "the grid needs scrolling"
    view.setFocus()
    key(qtbot, window, Qt.Key.Key_End, CTRL)
    assert view.cursor_cell == (59, 59)
    left, top = cell_origin(window, 59, 59)
    cell = QRect(left, top, view.cell, view.cell)
    assert view.canvas.rect().contains(cell), (cell, view.canvas.rect())
    hbar, vbar = view.horizontalScrollBar(), view.verticalScrollBar()
    assert (hbar.value(), vbar.value()) == (hbar.maximum(), vbar.maximum()), "the grid's corner"
    key(qtbot, window, Qt.Key.Key_Home, CTRL)
    assert view.cursor_cell == (0, 0)
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) == (0, 0)


def test_the_cursor_cell_is_drawn_only_while_the_grid_has_the_focus(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(blank_document(5, 5))
    view = window.view
    view.set_cursor_cell((2, 3))
    highlight = QColor(view.screen_palette().cursor)
    left, top = cell_origin(window, 2, 3)
    edge = QPoint(left + 1, top + view.cell // 2)  # just inside the cell's left edge

    def edge_color() -> QColor:
        return view.canvas.grab().toImage().pixelColor(edge)

    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert edge_color() == highlight
    window.repair_panel.setFocus()
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert edge_color() != highlight


# The grid stays put under the pen ----------------------------------------------------------------


def test_a_drag_whose_column_clues_deepen_fills_its_row_and_the_grid_stays_put(
    qtbot: QtBot, open_window
) -> None:
    """The regression for "the grid moved under the pen": painting row 8 adds a run to every
    column's clue; the column header must not grow under the pen, or the canvas moves down and
    the pen paints the row above."""
    before = np.zeros((15, 20), dtype=bool)
    before[[0, 2, 4, 10, 12, 14], :] = True  # six runs a column; row 8 (index 7) makes seven
    window = open_window(document_of_picture("nonogram", before))
    view = window.view
    row = 7
    origin = canvas_in_window(window)
    # Where a person's pen is, in the window: fixed while the hand moves along the row.
    pen = [cell_point(window, row, col) + origin for col in range(20)]
    canvas = view.canvas
    positions = []
    with qtbot.waitSignal(window.analysis.analysed, timeout=10_000):
        qtbot.mousePress(canvas, LEFT, pos=canvas.mapFrom(window, pen[0]))
        for point in pen[1:]:
            qtbot.mouseMove(canvas, canvas.mapFrom(window, point))
            positions.append(canvas_in_window(window))
        qtbot.mouseRelease(canvas, LEFT, pos=canvas.mapFrom(window, pen[-1]))
    expected = before.copy()
    expected[row] = True
    assert np.array_equal(picture(window), expected), f"\n{picture(window).astype(int)}"
    assert set(positions) == {origin}, "the canvas did not move in the window during the drag"
    assert editor(window).column_clues.line_clues()[0] == "1 1 1 1 1 1 1"
    assert window.model.undo_stack.count() == 1


def test_a_clue_header_grows_once_the_stroke_that_outgrew_it_ends(
    qtbot: QtBot, open_window
) -> None:
    """A stroke never moves the grid; once it ends, a header too small for its clues grows."""
    start = np.zeros((4, 30), dtype=bool)
    start[0, 0:20:2] = True  # ten runs in row 1: the ten slots a header reserves
    window = open_window(document_of_picture("nonogram", start))
    rows = editor(window).row_clues
    cell = window.view.cell
    assert rows.width() == 10 * cell
    drag(qtbot, window, [(0, 20)])
    assert editor(window).row_clues.line_clues()[0] == "1 1 1 1 1 1 1 1 1 1 1"
    assert rows.width() == 11 * cell, "eleven runs, eleven slots"
    assert rows.line_at(QPoint(1, rows.band(0).center().y())) == 0


# Frozen headers ----------------------------------------------------------------------------------


def column_clue_image(window: MainWindow, panel: CluePanel) -> QImage:
    """The column header as it should look, drawn here from where the grid is scrolled to."""
    view = window.view
    puzzle = window.model.document.puzzle
    assert isinstance(puzzle, Nonogram)
    palette = view.screen_palette()
    image = QImage(panel.size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(palette.background))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    left = MARGIN - view.horizontalScrollBar().value()
    layout = Layout(puzzle.shape, view.cell, left, panel.height())
    depth = panel.height() // view.cell
    draw_clues(painter, layout, puzzle.cols, axis="column", depth=depth, palette=palette)
    painter.end()
    return image


def test_the_clue_headers_stay_put_and_follow_the_scrolled_grid(qtbot: QtBot, open_window) -> None:
    grid = np.zeros((60, 60), dtype=bool)
    for col in range(60):
        period = col // 15 + 2  # blocks of 15 columns of 5, 4, 3 and 2 runs
        grid[0:10:period, col] = True
    grid[30, 7:60:3] = True  # and one more run in every third column from the eighth
    window = open_window(document_of_picture("nonogram", grid))
    view = window.view
    view.set_cell_size(16)
    panels = editor(window)
    top, left = panels.column_clues, panels.row_clues
    hbar, vbar = view.horizontalScrollBar(), view.verticalScrollBar()
    assert hbar.maximum() > 0, "the grid needs scrolling across"
    assert vbar.maximum() > 0, "and down"
    geometry = (top.geometry(), left.geometry())
    canvas = view.canvas.geometry()
    assert top.geometry().bottom() + 1 == canvas.top(), "the column clues sit on the grid"
    assert (top.geometry().left(), top.geometry().width()) == (canvas.left(), canvas.width())
    assert left.geometry().right() + 1 == canvas.left(), "the row clues beside it"
    assert (left.geometry().top(), left.geometry().height()) == (canvas.top(), canvas.height())
    for h, v in [(0, 0), (333, 0), (333, 250), (hbar.maximum(), vbar.maximum())]:
        hbar.setValue(h)
        vbar.setValue(v)
        assert (top.geometry(), left.geometry()) == geometry, "the headers do not scroll away"
        # The first column in view, worked out from the scroll: its clue is where its cells are.
        probe = MARGIN + 2  # a pixel near the top-left of the view, on a cell whatever the scroll
        first = (probe - MARGIN + h) // view.cell
        assert top.line_at(QPoint(probe, 1)) == first
        x = cell_origin(window, 0, first)[0]
        band = top.band(first)
        assert top.mapTo(window, band.topLeft()).x() == view.canvas.mapTo(window, QPoint(x, 0)).x()
        first_row = (probe - MARGIN + v) // view.cell
        assert left.line_at(QPoint(1, probe)) == first_row
        # What it draws: the clues of the columns in view, scrolled with the grid.
        drawn = top.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        assert drawn == column_clue_image(window, top), f"column header at scroll {h}"


# Zoom ------------------------------------------------------------------------------------------


def fits(window: MainWindow) -> bool:
    """Whether the whole grid is in view, not scrolled, with every header in full."""
    view = window.view
    height, width = window.model.document.puzzle.shape
    cell = view.cell
    grid = QRect(MARGIN, MARGIN, width * cell, height * cell)
    bars = (view.horizontalScrollBar().maximum(), view.verticalScrollBar().maximum())
    inside = view.rect().contains(view.canvas.geometry())
    top, left = view.editor.headers()
    canvas = view.canvas.geometry()
    along = (top is None or top.geometry().width() == canvas.width()) and (
        left is None or left.geometry().height() == canvas.height()
    )
    headers = [h for h in (top, left) if h is not None]
    return (
        bars == (0, 0)
        and view.canvas.rect().contains(grid)
        and inside
        and along
        and all(view.rect().contains(h.geometry()) for h in headers)
    )


def test_zoom_to_fit_shows_the_whole_puzzle_and_its_headers(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(15, 20))
    view = window.view
    view.set_cell_size(40)
    assert not fits(window)
    key(qtbot, window, Qt.Key.Key_9, CTRL)  # View ▸ Zoom to Fit
    assert fits(window)
    top, left = editor(window).header_slots()
    # The largest such cell: one pixel more would not leave room for a scroll bar.
    room = view.verticalScrollBar().sizeHint().width()
    wider = (20 + left) * (view.cell + 1) + 2 * MARGIN + PAGE_MARGIN > view.width() - room
    taller = (15 + top) * (view.cell + 1) + 2 * MARGIN + PAGE_MARGIN > view.height() - room
    assert wider or taller
    # A mosaic has no headers: its grid alone fills the room.
    window.model.load(blank_document(10, 10, "mosaic"))
    view.set_cell_size(MIN_CELL)
    view.zoom_to_fit()
    assert fits(window)
    assert view.cell > 3 * MIN_CELL


def test_the_hover_follows_the_grid_zoomed_or_scrolled_under_a_still_pointer(
    qtbot: QtBot, open_window
) -> None:
    """Zoomed from the keyboard, the grid moves under the pointer: the row and column shaded,
    and the status bar, name the cell now under it (they kept naming the old one), or none."""
    window = open_window(blank_document(10, 10))
    view = window.view
    view.set_cell_size(24)
    qtbot.mouseMove(view.canvas, cell_point(window, 9, 8))
    assert window.position_label.text() == "row 10, column 9"
    pointer = view.canvas.mapToGlobal(cell_point(window, 9, 8))  # it stays there

    def under_pointer(cell: int) -> tuple[int, int] | None:
        """The cell under the pointer, worked out from the canvas's place (the clue headers
        widen with the cells, moving the canvas) and the cell size."""
        x, y = (v - MARGIN for v in view.canvas.mapFromGlobal(pointer).toTuple())
        return (y // cell, x // cell) if 0 <= x < 10 * cell and 0 <= y < 10 * cell else None

    key(qtbot, window, Qt.Key.Key_Plus, CTRL)  # View ▸ Zoom In: cells of 28
    assert view.cell == 28
    assert view.hover == under_pointer(28) == (7, 6)
    assert window.position_label.text() == "row 8, column 7"
    key(qtbot, window, Qt.Key.Key_Minus, CTRL)
    key(qtbot, window, Qt.Key.Key_Minus, CTRL)  # cells of 20: the grid ends above the pointer
    assert view.hover is under_pointer(20) is None
    assert window.position_label.text() == ""
    window.model.load(blank_document(60, 60))
    view.set_cell_size(24)
    point = cell_point(window, 2, 2)
    qtbot.mouseMove(view.canvas, point)
    key(qtbot, window, Qt.Key.Key_PageDown)  # scrolls a page down
    scrolled = view.verticalScrollBar().value()
    assert scrolled > 0
    assert view.hover == ((point.y() - MARGIN + scrolled) // 24, 2)


@pytest.mark.parametrize("kind", ["nonogram", "mosaic", "fobidoshi"])
def test_no_kind_sits_flush_against_the_view_s_edges(qtbot: QtBot, open_window, kind: str) -> None:
    """The puzzle (a nonogram's clues, a mosaic's or a Fobidoshi's grid) keeps a page's margin
    from the view's left and top edges: the margin shows the window's ground alone (a mosaic's
    and a Fobidoshi's border once touched the edge and the tab bar)."""
    window = open_window(blank_document(8, 8, kind))
    view = window.view
    image = view.grab().toImage()
    ground = QColor(view.screen_palette().background)
    margin = [
        image.pixelColor(x, y).name()
        for x in range(view.width() - 20)
        for y in range(view.height() - 20)
        if x < PAGE_MARGIN or y < PAGE_MARGIN
    ]
    assert set(margin) == {ground.name()}


def test_the_cell_size_is_bounded_and_the_headers_follow_it(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(5, 6))
    view = window.view
    view.set_cell_size(1000)
    assert view.cell == MAX_CELL
    view.set_cell_size(1)
    assert view.cell == MIN_CELL
    view.set_cell_size(20)
    top, left = editor(window).column_clues, editor(window).row_clues
    assert top.height() == 3 * 20, "a column of 5 holds at most 3 runs"
    assert left.width() == 3 * 20
    assert view.horizontalScrollBar().maximum() == 0


# Partial repaints ---------------------------------------------------------------------------------


class PaintRecorder(QObject):
    """Records the region of every paint event the canvas gets, as its rectangles."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[list[QRect]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.regions.append(list(event.region()))
        return False


def area(rects: list[QRect]) -> int:
    """Pixels painted (a paint event's rectangles do not overlap)."""
    return sum(rect.width() * rect.height() for rect in rects)


def test_a_stroke_repaints_only_the_cells_it_changes(qtbot: QtBot, open_window) -> None:
    window = open_window(blank_document(60, 60))
    window.resize(1200, 1000)
    view = window.view
    qtbot.waitUntil(lambda: view.canvas.width() > 600)
    recorder = PaintRecorder()
    view.canvas.installEventFilter(recorder)
    view.set_cell_size(12)
    view.setFocus()
    whole = view.canvas.rect()
    # Wait for the canvas drawn in full at the new size, with the focus; count from there.
    qtbot.waitUntil(lambda: view.hasFocus() and [whole] in recorder.regions)
    recorder.regions.clear()
    cells = [(5, col) for col in range(3, 12)]
    canvas = view.canvas
    # Each step is painted before the next: the analysis (debounced) has not come back yet.
    qtbot.mousePress(canvas, LEFT, pos=cell_point(window, *cells[0]))
    qtbot.waitUntil(lambda: len(recorder.regions) > 0)
    for cell in cells[1:]:
        count = len(recorder.regions)
        qtbot.mouseMove(canvas, cell_point(window, *cell))
        qtbot.waitUntil(lambda count=count: len(recorder.regions) > count)
    qtbot.mouseRelease(canvas, LEFT, pos=cell_point(window, *cells[-1]))
    view.canvas.removeEventFilter(recorder)
    assert len(recorder.regions) >= len(cells)
    assert area([whole]) > 400 * 400
    for region in recorder.regions:
        assert area(region) < area([whole]) / 20, (region, whole)
    filled = np.zeros((60, 60), dtype=bool)
    filled[5, 3:12] = True
    assert np.array_equal(picture(window), filled)


def test_a_right_drag_clears_on_a_scrolled_grid(qtbot: QtBot, open_window) -> None:
    window = open_window(document_of_picture("nonogram", np.ones((60, 60), dtype=bool)))
    view = window.view
    view.set_cell_size(16)
    view.horizontalScrollBar().setValue(400)
    view.verticalScrollBar().setValue(300)
    stroke(qtbot, window, [(25, 30), (25, 33)], Qt.MouseButton.RightButton)
    expected = np.ones((60, 60), dtype=bool)
    expected[25, 30:34] = False
    assert np.array_equal(picture(window), expected)


def test_the_hover_ends_when_the_pointer_leaves_the_grid_for_a_header(
    qtbot: QtBot, open_window
) -> None:
    window = open_window(blank_document(5, 5))
    view = window.view
    qtbot.mouseMove(view.canvas, cell_point(window, 2, 3))
    assert view.hover == (2, 3)
    assert window.position_label.text() == "row 3, column 4"
    qtbot.mouseMove(editor(window).column_clues, QPoint(5, 5))
    assert view.hover is None, "no row or column is shaded in the headers any more"
    assert window.position_label.text() == ""


@pytest.mark.parametrize("kind", ["nonogram", "mosaic", "fobidoshi"])
def test_a_partial_repaint_draws_only_the_cells_it_repaints(
    qtbot: QtBot, open_window, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """On a 100×100 grid, repainting a few cells must not draw all ten thousand (a 200×200
    picture took as long to repaint a cell as to repaint all)."""
    picture = np.random.default_rng(3).random((100, 100)) < 0.5
    if kind == "fobidoshi":
        givens = np.where(picture, CIRCLE, CROSS).astype(np.int8)
        givens[:, ::3] = BLANK  # never four circles in a row
        document = Document(Fobidoshi(givens))
    else:
        document = document_of_picture(kind, picture)
    window = open_window(document, wait=False)
    window.tab.analysis.stop()  # nothing needed from it here
    window.resize(1200, 1000)
    view = window.view
    view.set_cell_size(12)
    qtbot.waitUntil(lambda: view.canvas.width() > 400 and view.canvas.height() > 400)
    view.canvas.repaint()  # all of it, at this size: nothing left to repaint but what follows
    calls = {"fillRect": 0, "drawText": 0, "drawEllipse": 0, "drawLine": 0}
    for name in calls:
        real = getattr(QPainter, name)

        def counted(painter, *args, real=real, name=name):
            calls[name] += 1
            return real(painter, *args)

        monkeypatch.setattr(QPainter, name, counted)
    left, top = cell_origin(window, 5, 5)
    view.canvas.repaint(QRect(left, top, 3 * view.cell, 3 * view.cell))  # 3×3 cells, or 4×4
    monkeypatch.undo()
    cells = sum(calls[name] for name in ("fillRect", "drawText", "drawEllipse"))
    assert 0 < cells <= 4 * 16, calls
    assert calls["drawLine"] <= 2 * 101 + 2 * 16, calls  # the rules, and the crosses in view
