"""Small dialogs: save changes?, a file changed by another program, unsaved work left by a
crash, and a new puzzle's size;
the file dialogs' filter for puzzle files. (Importing an image:
:mod:`studio.gui.import_dialog`.)"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from studio import APP_NAME
from studio.core import formats
from studio.core.kinds import KINDS, get_kind
from studio.core.pixelart import MAX_SIDE
from studio.gui.edited import Choice, Conflict, Recovery

_PUZZLE_PATTERNS = " ".join(
    sorted({f"*{suffix}" for spec in formats.FORMATS for suffix in spec.extensions})
)
PUZZLE_FILTER = f"Puzzles ({_PUZZLE_PATTERNS});;Puzzle Studio documents (*.json);;All files (*)"
"""The file dialogs' filter for puzzle files: every format's extensions."""


def ask_to_save(parent: QWidget, name: str) -> Choice:
    """Ask whether to save the unsaved changes to ``name`` (quoted as the user knows it)."""
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent,
        APP_NAME,
        f"Save the changes to {name}?",
        buttons.Save | buttons.Discard | buttons.Cancel,
        buttons.Save,
    )
    return {buttons.Save: Choice.SAVE, buttons.Discard: Choice.DISCARD}.get(answer, Choice.CANCEL)


def ask_to_save_all(parent: QWidget, names: list[str]) -> Choice:
    """Ask once, before quitting, what to do with every unsaved document and book (``names``
    quoted as the user knows them): save them all, discard them all, or not quit."""
    return _ask(
        parent,
        QMessageBox.Icon.Question,
        f"Save the changes to {len(names)} unsaved item{'s' if len(names) != 1 else ''}?",
        _bulleted(names),
        [
            ("&Save All", QMessageBox.ButtonRole.AcceptRole, Choice.SAVE),
            ("&Discard All", QMessageBox.ButtonRole.DestructiveRole, Choice.DISCARD),
        ],
        Choice.CANCEL,
    )


def ask_to_overwrite(parent: QWidget, name: str) -> Conflict:
    """Ask, before saving ``name`` (quoted as the user knows it) over its file, what to do now
    that another program has changed the file: overwrite it, save under another name (the
    default: nothing is lost), or not save."""
    return _ask(
        parent,
        QMessageBox.Icon.Warning,
        f"Another program has changed the file of {name} since it was opened or saved.",
        "Overwrite replaces that program's version with yours; Save As keeps both.",
        [
            ("&Overwrite", QMessageBox.ButtonRole.DestructiveRole, Conflict.OVERWRITE),
            ("Save &As…", QMessageBox.ButtonRole.AcceptRole, Conflict.SAVE_AS),
        ],
        Conflict.CANCEL,
        default=1,
    )


def ask_to_reload(parent: QWidget, name: str, *, modified: bool) -> bool:
    """Ask whether to reload ``name`` (quoted as the user knows it), whose file another
    program has changed; ``modified``: it has unsaved changes, which Undo brings back after a
    reload (Keep is then the default)."""
    return _ask(
        parent,
        QMessageBox.Icon.Question,
        f"Another program has changed the file of {name}.",
        "Reload shows the file as it is now, and Undo brings back your unsaved changes. Keep "
        "leaves your version, and Save will ask before overwriting the file."
        if modified
        else "Reload shows the file as it is now, and Undo brings back this version.",
        [
            ("&Reload", QMessageBox.ButtonRole.AcceptRole, True),
            (
                "&Keep My Version" if modified else "&Keep This Version",
                QMessageBox.ButtonRole.RejectRole,
                False,
            ),
        ],
        None,
        default=1 if modified else 0,
    )


def ask_to_recover(parent: QWidget, items: list[str]) -> Recovery:
    """Ask what to do with the unsaved work a studio that ended without closing left behind
    (``items``, each described on a line): open it again (the default), discard it, or decide
    at the next start (Esc)."""
    return _ask(
        parent,
        QMessageBox.Icon.Warning,
        "Puzzle Studio ended last time without saving this work:",
        f"{_bulleted(items)}<p>Recover opens {'it' if len(items) == 1 else 'them'} again, as "
        "unsaved work.</p>",
        [
            ("&Recover", QMessageBox.ButtonRole.AcceptRole, Recovery.RECOVER),
            ("&Discard", QMessageBox.ButtonRole.DestructiveRole, Recovery.DISCARD),
            ("&Not Now", QMessageBox.ButtonRole.RejectRole, Recovery.LATER),
        ],
        None,
    )


def ask_to_discard_unreadable(parent: QWidget, lines: list[str], folder: Path) -> bool:
    """Whether to discard the copies of unsaved work that cannot be read back (``lines``, one
    each, saying why), kept in ``folder``; Keep (the default) leaves them for the next start."""
    return _ask(
        parent,
        QMessageBox.Icon.Warning,
        "Some unsaved work left behind cannot be recovered:",
        f"{_bulleted(lines)}<p>Keep leaves the copies in {html.escape(str(folder))} for the next "
        "start; Discard removes them.</p>",
        [
            ("&Discard", QMessageBox.ButtonRole.DestructiveRole, True),
            ("&Keep", QMessageBox.ButtonRole.RejectRole, False),
        ],
        None,
        default=1,
    )


def _bulleted(lines: list[str]) -> str:
    """``lines`` as a list whose long lines wrap under themselves, not under the bullet (rich
    text, which a message box's text takes)."""
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


Answer = TypeVar("Answer")


def _ask(
    parent: QWidget,
    icon: QMessageBox.Icon,
    text: str,
    details: str,
    choices: list[tuple[str, QMessageBox.ButtonRole, Answer]],
    cancel: Answer | None,
    *,
    default: int = 0,
) -> Answer:
    """A question with a button for each of ``choices`` (label, role, answer), the one at
    ``default`` the default; with ``cancel``, a Cancel button that answers it, else Esc gives
    the last choice's answer."""
    box = QMessageBox(parent)
    box.setWindowTitle(APP_NAME)
    box.setIcon(icon)
    box.setText(text)
    box.setInformativeText(details)
    buttons = [box.addButton(label, role) for label, role, _answer in choices]
    if cancel is not None:
        box.addButton(QMessageBox.StandardButton.Cancel)
    else:
        box.setEscapeButton(buttons[-1])
    box.setDefaultButton(buttons[default])
    box.exec()
    clicked = box.clickedButton()
    for button, (_label, _role, answer) in zip(buttons, choices, strict=True):
        if button is clicked:
            return answer
    assert cancel is not None  # without Cancel, Esc is the last choice's button
    return cancel


class NewPuzzleDialog(QDialog):
    """Asks for the kind, width and height of a new, empty puzzle."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        width: int = 15,
        height: int = 15,
        kind: str = "nonogram",
    ):
        super().__init__(parent)
        self.setWindowTitle("New puzzle")
        self.kind_box = QComboBox()
        for declared in KINDS:
            self.kind_box.addItem(declared.spec.title, declared.name)
        self.kind_box.setCurrentIndex(max(0, self.kind_box.findData(kind)))
        self.width_box = _spin_box(width)
        self.height_box = _spin_box(height)
        self.kind_box.currentIndexChanged.connect(self._limit_sides)
        self._limit_sides()
        form = QFormLayout(self)
        form.addRow("&Kind:", self.kind_box)
        form.addRow("&Width (columns):", self.width_box)
        form.addRow("&Height (rows):", self.height_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def kind(self) -> str:
        return str(self.kind_box.currentData())

    def shape(self) -> tuple[int, int]:
        """``(height, width)`` chosen."""
        return self.height_box.value(), self.width_box.value()

    def _limit_sides(self) -> None:
        smallest = get_kind(self.kind()).spec.min_side
        self.width_box.setMinimum(smallest)
        self.height_box.setMinimum(smallest)


def _spin_box(value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(1, MAX_SIDE)
    box.setValue(value)
    return box
