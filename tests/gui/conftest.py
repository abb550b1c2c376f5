"""GUI test fixtures: offscreen Qt, a private settings folder, and no thread left behind."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.gui.edited import Choice
from studio.gui.main_window import MainWindow
from studio.gui.workers import running_workers


@pytest.fixture(autouse=True)
def private_settings(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Settings and the error log in folders of the test's own."""
    monkeypatch.setenv("PUZZLE_STUDIO_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("PUZZLE_STUDIO_STATE_DIR", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(autouse=True)
def no_thread_left_running(qtbot: QtBot) -> Iterator[None]:
    yield
    # Widgets are closed (and their analyses shut down) by qtbot before this runs.
    assert running_workers() == 0, "an analysis thread outlived its test"


@pytest.fixture
def open_window(qtbot: QtBot):
    """Make a main window on a document and wait for its first analysis."""

    def make(document: Document | None = None, *, wait: bool = True) -> MainWindow:
        window = MainWindow(document)
        # Listen before anything spins the event loop: the constructor started the first
        # analysis and its result may arrive while the window is being activated.
        first_analysis = qtbot.waitSignal(window.analysis.analysed, timeout=10_000)
        # Tests answer "save changes?" themselves where it matters; otherwise closing discards.
        window.ask_save_changes = lambda: Choice.DISCARD  # type: ignore[method-assign]
        window.book.ask_save_changes = lambda: Choice.DISCARD  # type: ignore[method-assign]
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        # Shortcuts only reach the active window.
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
        if wait:
            first_analysis.wait()
        return window

    return make
