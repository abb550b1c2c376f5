"""What keeping copies of unsaved work costs (studio.gui.autosave, docs/architecture.md,
"Editing").

1. The time to write one copy (``Session.keep``: the studio document or book as Save writes it,
   wrapped, written through the verified path with its fsync) and its size, for nonograms of
   15 to 200 a side, a 200×200 colour nonogram, and books of 100 and 600 15×15 puzzles.
2. The window while a copy is written: a 10 ms QTimer ticks on the GUI thread; the longest gap
   between two ticks is how long the window froze. The copy written on the autosave's own
   thread (as the studio does) against the same copy written on the GUI thread (as a first
   version did).

Usage: ``QT_QPA_PLATFORM=offscreen python benchmarks/autosave.py``  (about 30 s)
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path

import numpy as np

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from studio.core.book import Book, BookEntry
from studio.core.kinds import document_of_picture
from studio.core.palette import Palette
from studio.core.recovery import Session, Unsaved
from studio.gui.edited import EditedFile
from studio.gui.main_window import MainWindow

TICK_MS = 10
REPEAT = 5


def cases() -> list[tuple[str, Unsaved]]:
    rng = np.random.default_rng(2026)
    found = []
    for side in (15, 40, 100, 200):
        picture = rng.random((side, side)) < 0.5
        found.append((f"nonogram {side}×{side}", document_of_picture("nonogram", picture)))
    colours = rng.integers(0, 5, (200, 200)).astype(np.uint8)
    palette = Palette.default(4)
    colour = document_of_picture("nonogram", colours, palette=palette)
    found.append(("colour nonogram 200×200", colour))
    small = document_of_picture("nonogram", rng.random((15, 15)) < 0.5)
    for count in (100, 600):
        book = Book("Bench", entries=tuple(BookEntry(small) for _ in range(count)))
        found.append((f"book of {count} 15×15", book))
    return [(name, Unsaved(value, name)) for name, value in found]


def write_times(session: Session, unsaved: Unsaved) -> tuple[float, int]:
    """The median ms to keep ``unsaved``, and its copy's size in bytes."""
    times = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        session.keep("bench", unsaved)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), (session.folder / "bench.json").stat().st_size


def longest_gap(work: Callable[[], None], done: Callable[[], bool]) -> float:
    """The longest gap in ms between ticks of the GUI thread while ``work`` runs, until
    ``done``."""
    ticks = [time.perf_counter()]
    loop = QEventLoop()

    def tick() -> None:
        ticks.append(time.perf_counter())
        if done():
            loop.quit()

    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    timer.start()
    work()
    loop.exec()
    timer.stop()
    return float(np.diff(ticks).max() * 1000)


class Held(EditedFile):
    """An edited value with unsaved changes, as the window's models are."""

    def __init__(self, unsaved: Unsaved) -> None:
        super().__init__(unsaved.value)
        self._unsaved = unsaved
        self.undo_stack.resetClean()

    def unsaved(self) -> Unsaved:
        return self._unsaved


def on_own_thread(window: MainWindow, unsaved: Unsaved) -> float:
    """The longest gap while the window's autosave writes ``unsaved``'s copy."""
    held = Held(unsaved)
    window.autosave.watch(held)
    written: list[Future[None]] = []

    def keep() -> None:
        window.autosave.keep_now()
        written.append(window.autosave._writer.submit(lambda: None))  # after the copy

    gap = longest_gap(keep, lambda: written[0].done())
    window.autosave.forget(held)
    return gap


def main() -> None:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PUZZLE_STUDIO_STATE_DIR"] = folder
        os.environ["PUZZLE_STUDIO_CONFIG_DIR"] = folder
        session = Session(Path(folder) / "bench")
        window = MainWindow()
        print("1. Writing one copy (median of 5)")
        print(f"{'work':28} {'ms':>8} {'kB':>8}")
        chosen = cases()
        for name, unsaved in chosen:
            ms, size = write_times(session, unsaved)
            print(f"{name:28} {ms:8.1f} {size / 1000:8.1f}")
        print()
        print(f"2. The window while a copy is written (longest gap between {TICK_MS} ms ticks)")
        print(f"{'work':28} {'own thread ms':>14} {'GUI thread ms':>14}")
        for name, unsaved in chosen:
            if not name.startswith(("nonogram 200", "colour", "book of 600")):
                continue
            own = on_own_thread(window, unsaved)
            direct = longest_gap(partial(session.keep, "bench", unsaved), lambda: True)
            print(f"{name:28} {own:14.1f} {direct:14.1f}")
        window.autosave.end()
        session.end()
        window.deleteLater()
    del app


if __name__ == "__main__":
    main()
