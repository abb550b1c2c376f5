"""Does the window stay smooth while the analysis runs?

A 10 ms QTimer ticks on the GUI thread of a real main window (offscreen) while the window
analyses a puzzle on its worker (docs/architecture.md, "Threads and workers"). The longest gap
between two ticks is how long the window would have been frozen; the target is ≤ 50 ms. Also
reported: the delay from the edit to the verdict in the status bar.

Cases: random 40×40 pictures of density 0.5 (ambiguous, the worst case the issue names), and
Knotty, whose SAT search runs until the time limit (here 3 s): it shows that a long solver call
does not hold the GIL.

Usage: ``QT_QPA_PLATFORM=offscreen python benchmarks/gui_responsiveness.py [--count N]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from studio.core.document import Document
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.gui.main_window import MainWindow

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "nonogram" / "puzzles.jsonl"
TICK_MS = 10


def measure(window: MainWindow, document: Document) -> tuple[float, float, str]:
    """Load ``document``, wait for its verdict; return the longest tick gap and the delay (ms)."""
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    window.analysis.analysed.connect(loop.quit)
    timer.start()
    started = time.perf_counter()
    ticks.append(started)
    window.model.load(document)
    loop.exec()
    finished = time.perf_counter()
    timer.stop()
    window.analysis.analysed.disconnect(loop.quit)
    ticks.append(finished)
    gaps = np.diff(ticks) * 1000
    return float(gaps.max()), (finished - started) * 1000, window.status_label.text()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10, help="random 40×40 pictures")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--knotty-limit", type=float, default=3.0, help="seconds")
    args = parser.parse_args()

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.show()
    rng = np.random.default_rng(args.seed)
    rows = []
    for index in range(args.count):
        picture = rng.random((40, 40)) < 0.5
        gap, delay, status = measure(window, document_of_picture("nonogram", picture))
        rows.append((f"random 40×40 #{index + 1}", gap, delay, status))
    if SHARED.exists():
        knotty = next(
            json.loads(line)
            for line in SHARED.read_text().splitlines()
            if '"survey:knotty"' in line
        )
        window.analysis.time_limit = args.knotty_limit
        gap, delay, status = measure(window, Document(Nonogram(knotty["rows"], knotty["cols"])))
        rows.append(("Knotty 40×40 (until the limit)", gap, delay, status))
    window.analysis.shutdown()
    window.model.undo_stack.setClean()
    window.close()
    del app

    print(f"{'case':34} {'longest gap ms':>15} {'edit → verdict ms':>18}  status")
    for name, gap, delay, status in rows:
        print(f"{name:34} {gap:15.1f} {delay:18.1f}  {status}")
    random_gaps = [gap for name, gap, _, _ in rows if name.startswith("random")]
    print()
    print(
        f"random 40×40: longest gap median {statistics.median(random_gaps):.1f} ms, "
        f"max {max(random_gaps):.1f} ms (target ≤ 50 ms; timer interval {TICK_MS} ms)"
    )


if __name__ == "__main__":
    main()
