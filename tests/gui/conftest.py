"""GUI test fixtures: offscreen Qt, a private settings folder, no thread left behind, no file
opened on the desktop and no print dialog waiting for a person."""

from __future__ import annotations

import contextlib
import os
import traceback
import weakref
from collections.abc import Callable, Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QThread, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtPrintSupport import QPrintDialog, QPrintPreviewDialog
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from studio.core.document import Document
from studio.gui.edited import Choice, Conflict
from studio.gui.main_window import MainWindow


@pytest.fixture(autouse=True)
def private_settings(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Settings and the error log in folders of the test's own."""
    monkeypatch.setenv("PUZZLE_STUDIO_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("PUZZLE_STUDIO_STATE_DIR", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(autouse=True)
def opened_urls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the studio asked the desktop to open (an exported PDF), in order: recorded here,
    never opened, whatever a test does."""
    opened: list[str] = []

    def open_url(url: QUrl) -> bool:
        opened.append(url.toString())
        return True

    monkeypatch.setattr(QDesktopServices, "openUrl", open_url)
    return opened


@pytest.fixture(autouse=True)
def no_modal_print_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's print dialogs would wait for a person: a test that reaches one without
    answering it (``ask_printer``, ``run_preview_dialog``) fails rather than hangs."""

    def refuse(dialog: QDialog) -> int:
        raise AssertionError(f"a test opened {type(dialog).__name__} modally")

    for dialog in (QPrintDialog, QPrintPreviewDialog):
        monkeypatch.setattr(dialog, "exec", refuse)


_STARTED: weakref.WeakKeyDictionary[QThread, str] = weakref.WeakKeyDictionary()
"""Every QThread started in this test session, with where it was started."""


def running_threads() -> list[str]:
    """Where each QThread still running was started (empty when none is)."""
    # A thread whose C++ object is gone (deleteLater) has finished, whatever its wrapper says.
    return [
        where for thread, where in list(_STARTED.items()) if isValid(thread) and thread.isRunning()
    ]


@pytest.fixture(autouse=True)
def no_thread_left_running(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[], list[str]]]:
    """Fail a test that leaves any QThread running: ``QThread.start`` is patched to remember
    each thread and where it started (as napari's test suite does), whoever starts it."""
    real_start = QThread.start

    def start(thread: QThread, *args: object) -> None:
        _STARTED[thread] = "".join(traceback.format_stack(limit=8)[:-1])
        real_start(thread, *args)

    monkeypatch.setattr(QThread, "start", start)
    yield running_threads
    # Widgets are closed (and their workers shut down) by qtbot before this runs.
    left = running_threads()
    assert not left, "a thread outlived its test; it was started at:\n" + "\n".join(left)


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
        window.ask_save_all = lambda names: Choice.DISCARD  # type: ignore[method-assign]
        window.book.ask_save_changes = lambda: Choice.DISCARD  # type: ignore[method-assign]
        # Nor does a file another program changed ever wait on a question: kept, not saved over.
        window.ask_reload = lambda *, modified: False  # type: ignore[method-assign]
        window.book.ask_reload = lambda *, modified: False  # type: ignore[method-assign]
        window.ask_overwrite = lambda: Conflict.CANCEL  # type: ignore[method-assign]
        window.book.ask_overwrite = lambda: Conflict.CANCEL  # type: ignore[method-assign]
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        # Shortcuts only reach the active window.
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
        if wait:
            first_analysis.wait()
        return window

    return make


@contextlib.contextmanager
def verdict_in_new_tab(qtbot: QtBot, window: MainWindow, timeout: int = 10_000) -> Iterator[None]:
    """Wait, after the block, for a new tab to be shown and for its first verdict."""
    before = window.tab
    yield
    qtbot.waitUntil(
        lambda: window.tab is not before and window.analysis.analysis is not None, timeout=timeout
    )
