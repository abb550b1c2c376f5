"""File dialogs that start where the designer last worked, and suggest names every system takes.

Every Open, Save As, Import and Export dialog of the window starts in one folder, the folder
of the last file chosen in any of them, kept between sessions
(:meth:`~studio.gui.settings.Settings.work_folder`); a file that has a path of its own is
suggested where it is. Before the first choice that folder is the working directory.

A name made from a title (``Logic Garden: Volume One``) is suggested as a portable file name
(:func:`file_stem`): a book copied to a Windows machine or a USB stick keeps its name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from studio.gui.settings import Settings

UNPORTABLE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
"""Characters Windows refuses in a file name (macOS's Finder shows ``:`` as ``/``), and
control characters."""
DEVICE = re.compile(r"^(CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])(?=\.|$)", re.IGNORECASE)
"""Windows' device names, which it refuses as a file's name whatever the extension."""
MAX_STEM_BYTES = 200
"""The longest stem suggested, in UTF-8 bytes: file systems take 255 bytes a name, and the
extension needs room too."""


def file_stem(title: str, fallback: str = "Untitled") -> str:
    """``title`` as a file name without its extension that Windows, macOS and Linux all take.

    Each character Windows refuses (``<>:"/\\|?*``) and each control character becomes ``_``;
    ``×`` becomes ``x`` (``10x10`` is typed as it reads); dots and spaces go from both ends
    (Windows drops trailing ones, a leading dot hides the file on Linux and macOS); a Windows
    device name (``CON``, ``LPT1``) gets a ``_``; a very long title is cut to
    :data:`MAX_STEM_BYTES`. ``fallback`` when nothing is left.
    """
    stem = UNPORTABLE.sub("_", title.replace("×", "x")).strip(". ")
    stem = stem.encode()[:MAX_STEM_BYTES].decode(errors="ignore").rstrip(". ")
    return DEVICE.sub(r"\1_", stem) or fallback


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


def ask_folder(parent: QWidget, title: str) -> Path | None:
    """One existing folder, or ``None`` if cancelled; the dialog starts in the work folder."""
    name = QFileDialog.getExistingDirectory(parent, title, str(work_folder()))
    return next(iter(_chosen([name])), None)


def ask_open_many(parent: QWidget, title: str, name_filter: str) -> list[Path]:
    """Existing files, none if cancelled; the dialog starts in the work folder."""
    names, _ = QFileDialog.getOpenFileNames(parent, title, str(work_folder()), name_filter)
    return _chosen(names)


def ask_save(
    parent: QWidget, title: str, suggested: Path, name_filter: str, extensions: Sequence[str]
) -> Path | None:
    """Where to write a file of one of ``extensions`` (``.json``; ``.book.json``; ``.png``,
    ``.svg`` or ``.pdf``), or ``None`` if cancelled. ``suggested`` is the file's own path,
    or (relative: a bare name, often a title and an extension) a name put in the work
    folder, made portable (:func:`file_stem`).

    The name typed is given the first extension when it has none (:func:`with_extension`),
    and replacing a file of the name so made is asked about here, not by Qt's dialog, which
    would ask of the name typed: "heart" typed beside heart.json was written over in silence,
    and "boat.json" typed for a book was asked about while boat.book.json was written. The
    dialog opens again on the name if the answer is No."""
    start = suggested if suggested.is_absolute() else work_folder() / _portable(suggested)
    while True:
        name, _ = QFileDialog.getSaveFileName(
            parent,
            title,
            str(start),
            name_filter,
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        chosen = next(iter(_chosen([name])), None)
        if chosen is None:
            return None
        path = with_extension(chosen, extensions)
        if not path.exists() or may_replace(parent, title, path):
            return path
        start = path


def with_extension(path: Path, extensions: Sequence[str]) -> Path:
    """``path`` ending in one of ``extensions``, the first added when it ends in none
    (``heart`` → ``heart.json``, ``notes.txt`` → ``notes.txt.json``); a part of it already
    there is completed, not doubled (``v.json`` and ``v.book`` → ``v.book.json``). The case
    typed is kept (``HEART.JSON``)."""
    name = path.name
    if name.lower().endswith(tuple(extension.lower() for extension in extensions)):
        return path
    for part in extensions[0].split(".")[1:]:
        if name.lower().endswith(f".{part.lower()}"):
            name = name[: -len(part) - 1]
    return path.with_name(name + extensions[0])


def may_replace(parent: QWidget, title: str, path: Path) -> bool:
    """Whether to write over the file at ``path``, which exists: the user's answer (No by
    default)."""
    answer = QMessageBox.question(
        parent,
        title,
        f"{path.name} already exists.\nDo you want to replace it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


def _portable(name: Path) -> str:
    """A bare name made portable: a separator in it came from a title, not a folder, so it is
    replaced with the rest of the stem; the extension is kept."""
    suffix = name.suffix
    return file_stem(str(name).removesuffix(suffix)) + suffix
