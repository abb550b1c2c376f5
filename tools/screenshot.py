"""Take the README's screenshot of the studio in a real window.

Run on a display, or headless with ``xvfb-run -s "-screen 0 1280x900x24" .venv/bin/python
tools/screenshot.py docs/screenshot.png``. It opens the sample book in the Book panel and the
sample sailboat, paints one cell more (which makes the puzzle ambiguous), waits for the analysis
and the repair suggestions, and grabs the window.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication

from studio.core import formats
from studio.gui.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[1] / "resources" / "samples"
SAMPLE = SAMPLES / "sailboat.json"
BOOK = SAMPLES / "sampler.book.json"


def main(output: str) -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow(formats.load(SAMPLE))
    window.model.load(window.model.document, path=SAMPLE)
    window.book.open_path(BOOK)
    window.resize(1120, 640)
    window.show()
    editor = window.view.editor  # one left click on an empty cell fills it
    editor.press((8, 11), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    editor.release()
    window.view.set_hover((8, 11))
    loop = QEventLoop()
    window.suggestions.finished.connect(loop.quit)  # the verdict, then the repairs
    loop.exec()
    QTimer.singleShot(300, loop.quit)  # let the window manager-less screen settle and repaint
    loop.exec()
    window.grab().save(output)
    window.model.undo_stack.setClean()
    window.close()
    del app


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.png")
