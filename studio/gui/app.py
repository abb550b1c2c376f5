"""Start the studio window."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from studio import APP_NAME, __version__
from studio.gui.main_window import MainWindow
from studio.gui.recover import recover_left_behind

DESKTOP_FILE = "puzzle-studio"
"""The desktop entry's name (packaging/puzzle-studio.desktop), less ``.desktop``."""


def application_icon() -> QIcon:
    """The studio's icon at each size it is drawn at (studio/resources/icons/puzzle-studio-N.png).
    Needs the QApplication to exist."""
    icon = QIcon()
    for entry in (resources.files("studio") / "resources" / "icons").iterdir():
        if entry.name.startswith("puzzle-studio-") and entry.name.endswith(".png"):
            icon.addFile(str(entry))
    return icon


def run(path: str | None = None, *, quit_after_ms: int | None = None) -> int:
    """Open the main window (on the puzzle or image at ``path``, if given) until it closes,
    first offering back the unsaved work of a studio that ended without closing.

    Args:
        quit_after_ms: quit after this many milliseconds (``studio gui --quit-after MS``, for
            smoke tests of the built app).

    Returns:
        The application's exit code.
    """
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    # Wayland's app ID: the compositor shows the desktop entry's name and icon for the window.
    app.setDesktopFileName(DESKTOP_FILE)
    app.setWindowIcon(application_icon())
    window = MainWindow()
    window.show()
    recover_left_behind(window)
    if path is not None:
        window.open_path(Path(path))
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, app.quit)
    return app.exec()
