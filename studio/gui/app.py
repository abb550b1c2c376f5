"""Start the studio window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from studio import APP_NAME, __version__
from studio.gui.main_window import MainWindow


def run(path: str | None = None) -> int:
    """Open the main window (on the puzzle or image at ``path``, if given) until it closes.

    Returns:
        The application's exit code.
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    window = MainWindow()
    window.show()
    if path is not None:
        window.open_path(Path(path))
    return app.exec()
