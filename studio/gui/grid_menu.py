"""The grid commands in the window: resize and crop, shift, mirror, rotate, invert, clear and
clear the givens of the puzzle shown, each one undo step.

The commands are the core's (:mod:`studio.core.grid_edit`); which of them a kind offers comes
from its declaration (:func:`~studio.core.grid_edit.commands`), never from its name. A document
known only by its clues is edited through the solution the view shows. A command the core
refuses (a crop past the size limits, a shift that would break the rules) says why in the status
bar and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMenu,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.core import grid_edit
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.kinds import kind_of
from studio.core.puzzle import KindSpec
from studio.gui.actions import make_action

if TYPE_CHECKING:
    from studio.gui.document_tab import DocumentTab

Edit = Callable[[Document, Picture | None], Document]
"""A grid command bound to its arguments: the document and the picture shown -> the result."""


class GridCommands:
    """The grid commands' actions, for the Puzzle menu; they act on the tab ``current()``
    returns and report refusals through ``message``."""

    def __init__(
        self,
        parent: QWidget,
        current: Callable[[], DocumentTab],
        message: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._current = current
        self._message = message
        self.wrap_action = QAction("&Wrap Around", parent)
        self.wrap_action.setCheckable(True)
        self.wrap_action.setToolTip("Cells shifted over one edge come back at the other")
        parent = self._parent

        def action(
            title: str, slot: Callable[[], None], tip: str, shortcut: str | None = None
        ) -> QAction:
            return make_action(parent, title, slot, shortcut, tip)

        self.actions: dict[grid_edit.Command, list[QAction]] = {
            "resize": [
                action(
                    "&Resize or Crop…",
                    self.resize,
                    "Add or remove rows and columns on any side",
                    "Ctrl+Alt+R",
                )
            ],
            "shift": [
                action(title, self._shifter(rows, cols), tip, key)
                for title, rows, cols, tip, key in (
                    ("Shift &Up", -1, 0, "Move every cell up one row", "Ctrl+Shift+Up"),
                    ("Shift &Down", 1, 0, "Move every cell down one row", "Ctrl+Shift+Down"),
                    ("Shift &Left", 0, -1, "Move every cell left one column", "Ctrl+Shift+Left"),
                    (
                        "Shift Ri&ght",
                        0,
                        1,
                        "Move every cell right one column",
                        "Ctrl+Shift+Right",
                    ),
                )
            ],
            "mirror": [
                action(
                    "&Mirror Left–Right",
                    self._edit(
                        "Mirror left–right",
                        lambda document, picture: grid_edit.mirrored(
                            document, "left-right", picture=picture
                        ),
                    ),
                    "Swap the left and right sides",
                ),
                action(
                    "Mirror Top–&Bottom",
                    self._edit(
                        "Mirror top–bottom",
                        lambda document, picture: grid_edit.mirrored(
                            document, "top-bottom", picture=picture
                        ),
                    ),
                    "Swap the top and bottom",
                ),
            ],
            "rotate": [
                action(
                    "R&otate Clockwise",
                    self._edit(
                        "Rotate clockwise",
                        lambda document, picture: grid_edit.rotated(document, 1, picture=picture),
                    ),
                    "Turn the grid a quarter turn clockwise",
                    "Ctrl+R",
                ),
                action(
                    "Rotate &Anticlockwise",
                    self._edit(
                        "Rotate anticlockwise",
                        lambda document, picture: grid_edit.rotated(document, -1, picture=picture),
                    ),
                    "Turn the grid a quarter turn anticlockwise",
                    "Ctrl+Shift+R",
                ),
            ],
            "invert": [
                action(
                    "&Invert",
                    self._edit(
                        "Invert",
                        lambda document, picture: grid_edit.inverted(document, picture=picture),
                    ),
                    "Swap filled and empty cells of the picture",
                    "Ctrl+Shift+I",
                )
            ],
            "clear": [
                action(
                    "&Clear",
                    self._edit(
                        "Clear",
                        lambda document, picture: grid_edit.cleared(document, picture=picture),
                    ),
                    "Empty the grid, as a new puzzle of its size",
                )
            ],
            "clear-givens": [
                action(
                    "Clear &Givens",
                    self._edit(
                        "Clear givens",
                        lambda document, picture: grid_edit.without_givens(
                            document, picture=picture
                        ),
                    ),
                    "Remove every given; the picture stays",
                )
            ],
        }

    def all_actions(self) -> list[QAction]:
        """Every command's action (for the window, so that their shortcuts work)."""
        return [self.wrap_action, *(a for actions in self.actions.values() for a in actions)]

    def fill(self, menu: QMenu) -> None:
        """Add the commands the shown puzzle's kind offers to ``menu``."""
        offered = grid_edit.commands(kind_of(self._current().document.puzzle))
        for command in offered:
            if command == "shift":
                shift = menu.addMenu("S&hift")
                shift.addActions(self.actions["shift"])
                shift.addSeparator()
                shift.addAction(self.wrap_action)
            else:
                menu.addActions(self.actions[command])
        self.update()

    def update(self) -> None:
        """Enable the commands the shown puzzle's kind offers (their shortcuts too)."""
        offered = set(grid_edit.commands(kind_of(self._current().document.puzzle)))
        for command, actions in self.actions.items():
            for action in actions:
                action.setEnabled(command in offered)

    def resize(self) -> None:
        """Ask how many rows and columns to add or crop on each side, then do it."""
        document = self._current().document
        dialog = ResizeDialog(document.puzzle.shape, document.puzzle.spec, self._parent)
        if not self.run_resize_dialog(dialog):
            return
        top, bottom, left, right = dialog.sides()
        height, width = dialog.new_shape()
        self._apply(
            f"Resize to {width}×{height}",
            lambda document, picture: grid_edit.resized(
                document, top, bottom, left, right, picture=picture
            ),
        )

    def run_resize_dialog(self, dialog: ResizeDialog) -> bool:
        """Show the dialog; True if accepted (tests answer it themselves)."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def _shifter(self, rows: int, cols: int) -> Callable[[], None]:
        direction = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}[rows, cols]

        def shift() -> None:
            wrap = self.wrap_action.isChecked()
            self._apply(
                f"Shift {direction}{' (wrap)' if wrap else ''}",
                lambda document, picture: grid_edit.shifted(
                    document, rows, cols, wrap=wrap, picture=picture
                ),
            )

        return shift

    def _edit(self, text: str, edit: Edit) -> Callable[[], None]:
        return lambda: self._apply(text, edit)

    def _apply(self, text: str, edit: Edit) -> None:
        """Apply ``edit`` to the shown document as one undo step called ``text``."""
        tab = self._current()
        document = tab.document
        picture = tab.view.solution_shown()
        try:
            edited = edit(document, picture)
        except StudioError as error:
            self._message(_sentence(str(error)))  # the core's reason names the command
            return
        if edited == document:
            self._message(f"{text}: nothing changes")
            return
        tab.model.replace(edited, text)


class ResizeDialog(QDialog):
    """How many rows and columns to add (positive) or crop (negative) on each side of a grid,
    with the new size shown and kept within the kind's limits."""

    def __init__(
        self, shape: tuple[int, int], spec: KindSpec, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Resize or Crop")
        self._shape = shape
        self._spec = spec
        height, width = shape
        self.top, self.bottom = self._side(height, "rows above"), self._side(height, "rows below")
        self.left = self._side(width, "columns on the left")
        self.right = self._side(width, "columns on the right")
        form = QFormLayout()
        form.addRow("Rows &above:", self.top)
        form.addRow("Rows &below:", self.bottom)
        form.addRow("Columns &left:", self.left)
        form.addRow("Columns &right:", self.right)
        self.size_label = QLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        explanation = QLabel("A positive number adds blank lines on its side, a negative crops.")
        explanation.setWordWrap(True)
        layout.addWidget(explanation)
        layout.addLayout(form)
        layout.addWidget(self.size_label)
        layout.addWidget(self.buttons)
        self._refresh()

    def _side(self, length: int, what: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(-(length - 1), self._spec.max_side)
        box.setToolTip(f"How many {what} to add (negative: to crop)")
        box.valueChanged.connect(self._refresh)
        return box

    def sides(self) -> tuple[int, int, int, int]:
        """Rows added above and below, columns added left and right (negative: cropped)."""
        return self.top.value(), self.bottom.value(), self.left.value(), self.right.value()

    def new_shape(self) -> tuple[int, int]:
        """``(height, width)`` after the change."""
        top, bottom, left, right = self.sides()
        return self._shape[0] + top + bottom, self._shape[1] + left + right

    def _refresh(self) -> None:
        height, width = self.new_shape()
        try:
            self._spec.check_shape((height, width))
        except StudioError as error:
            self.size_label.setText(_sentence(str(error)))
            ok = False
        else:
            self.size_label.setText(f"New size: {width}×{height}")
            ok = (height, width) != self._shape or any(self.sides())
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        button.setEnabled(ok)


def _sentence(reason: str) -> str:
    """The core's reason (``cannot shift: ...``) as a sentence for the window."""
    return reason[:1].upper() + reason[1:]
