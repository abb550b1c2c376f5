"""Does painting keep up with the pointer on a big grid?

A real main window (offscreen unless ``QT_QPA_PLATFORM`` says otherwise) shows a 60×60 nonogram
of a random picture (density 0.5: deep clues, an ambiguous puzzle whose analysis runs on its
worker meanwhile). A left-button drag crosses a row, one mouse move per cell, each move followed
by the paint it asks for and whatever else the GUI thread has queued (the analysis's signals, the
clue headers). Measured per cell: the *service time*, from the move to the end of its paint; the
area repainted (the issue's "no repaint of the whole canvas per cell crossed").

How far the canvas is behind the pointer comes from a queue of those service times with the
pointer moving one cell every ``--interval`` ms (8 ms: a 125 Hz mouse crossing 60 cells in half a
second): the cells whose paint is not done when the button is released. The issue's anchor: the
old editor was 13 cells behind on a fast 60×60 drag; the target is at most one.

Usage: ``python benchmarks/editor_drag.py [--runs N] [--interval MS]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from studio.core.kinds import document_of_picture
from studio.gui.edited import Choice
from studio.gui.main_window import MainWindow

SIDE = 60
CELL = 14
LEFT = Qt.MouseButton.LeftButton


class PaintMeter(QObject):
    """Counts the pixels each paint event of a widget covers."""

    def __init__(self) -> None:
        super().__init__()
        self.areas: list[int] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.areas.append(sum(r.width() * r.height() for r in event.region()))
        return False


def drag_row(window: MainWindow, row: int, meter: PaintMeter) -> tuple[list[float], list[int]]:
    """Drag across ``row``; per cell crossed, the service time (ms) and the pixels repainted."""
    view, canvas = window.view, window.view.canvas
    app = QApplication.instance()
    assert app is not None
    app.processEvents()
    times, areas = [], []
    QTest.mousePress(canvas, LEFT, Qt.KeyboardModifier.NoModifier, view.cell_center(row, 0))
    app.processEvents()
    for col in range(1, SIDE):
        meter.areas.clear()
        started = time.perf_counter()
        QTest.mouseMove(canvas, view.cell_center(row, col))
        app.processEvents()  # the paint the move asked for, and what else is queued
        times.append((time.perf_counter() - started) * 1000)
        areas.append(sum(meter.areas))
    QTest.mouseRelease(
        canvas, LEFT, Qt.KeyboardModifier.NoModifier, view.cell_center(row, SIDE - 1)
    )
    app.processEvents()
    return times, areas


def cells_behind(service_ms: list[float], interval_ms: float) -> int:
    """Cells not yet painted when the button is released (with the last move: the cell under
    the pointer counts while its paint is under way): a queue where move ``i`` arrives at
    ``i * interval_ms`` and takes its service time."""
    done = 0.0
    finished = []
    for index, service in enumerate(service_ms):
        done = max(done, index * interval_ms) + service
        finished.append(done)
    release = (len(service_ms) - 1) * interval_ms
    return sum(1 for end in finished if end > release)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="drags, each on a fresh picture")
    parser.add_argument("--interval", type=float, default=8.0, help="ms between pointer moves")
    parser.add_argument("--seed", type=int, default=60)
    args = parser.parse_args()

    app = QApplication.instance() or QApplication([])  # kept: the window needs it alive
    rng = np.random.default_rng(args.seed)
    window = MainWindow(document_of_picture("nonogram", rng.random((SIDE, SIDE)) < 0.5))
    window.ask_save_all = lambda names: Choice.DISCARD  # type: ignore[method-assign]
    window.resize(1400, 1150)
    window.show()
    window.view.set_cell_size(CELL)
    meter = PaintMeter()
    window.view.canvas.installEventFilter(meter)
    viewport = window.view.canvas.width() * window.view.canvas.height()
    print(
        f"60×60 nonogram, cell {CELL} px, canvas {window.view.canvas.width()}×"
        f"{window.view.canvas.height()} px, pointer every {args.interval:g} ms "
        f"({QApplication.platformName()})"
    )
    print(
        f"{'run':>3} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'repaint %':>10} "
        f"{'full repaints':>14} {'cells behind':>13}"
    )
    behind_all = []
    for run in range(args.runs):
        window.model.load(document_of_picture("nonogram", rng.random((SIDE, SIDE)) < 0.5))
        times, areas = drag_row(window, SIDE // 2, meter)
        shares = [area / viewport * 100 for area in areas]
        behind = cells_behind(times, args.interval)
        behind_all.append(behind)
        print(
            f"{run + 1:>3} {statistics.median(times):10.2f} "
            f"{float(np.percentile(times, 95)):8.2f} {max(times):8.2f} "
            f"{statistics.median(shares):10.2f} {sum(s > 90 for s in shares):14d} {behind:13d}"
        )
    print()
    print(
        f"cells behind the pointer at release: max {max(behind_all)} "
        "(target ≤ 1; the old editor: 13)"
    )
    for tab in window.document_tabs():
        tab.shutdown()
    window.close()
    del app


if __name__ == "__main__":
    main()
