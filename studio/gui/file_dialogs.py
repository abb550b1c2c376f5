"""File dialogs that start where the designer last worked.

Every Open, Save As, Import and Export dialog of the window starts in one folder, the folder
of the last file chosen in any of them, kept between sessions
(:meth:`~studio.gui.settings.Settings.work_folder`); a file that has a path of its own is
suggested where it is. Before the first choice that folder is the working directory.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from studio.gui.settings import Settings


def work_folder() -> Path:
    """Where a file without a path of its own is suggested (:meth:`Settings.work_folder`)."""
    return Settings().work_folder()


def _chosen(names: list[str]) -> list[Path]:
    """The paths chosen (none if cancelled); their folder becomes the work folder."""
    paths = [Path(name) for name in names if name]
    if paths:
        Settings().set_work_folder(paths[0].parent)
    return paths


def ask_open(parent: QWidget, title: str, name_filter: str) -> Path | None:
    """One existing file, or ``None`` if cancelled; the dialog starts in the work folder."""
    name, _ = QFileDialog.getOpenFileName(parent, title, str(work_folder()), name_filter)
    return next(iter(_chosen([name])), None)


def ask_open_many(parent: QWidget, title: str, name_filter: str) -> list[Path]:
    """Existing files, none if cancelled; the dialog starts in the work folder."""
    names, _ = QFileDialog.getOpenFileNames(parent, title, str(work_folder()), name_filter)
    return _chosen(names)


def ask_save(parent: QWidget, title: str, suggested: Path, name_filter: str) -> Path | None:
    """Where to write, or ``None`` if cancelled. ``suggested`` is the file's own path, or
    (relative: a bare name) a name put in the work folder."""
    start = suggested if suggested.is_absolute() else work_folder() / suggested
    name, _ = QFileDialog.getSaveFileName(parent, title, str(start), name_filter)
    return next(iter(_chosen([name])), None)
