"""The window's commands on the puzzle as a whole: copy and paste (:mod:`studio.gui.clipboard`),
Type Clues (:mod:`studio.gui.typed_dialog`) and Properties (:mod:`studio.gui.properties_dialog`).

Copy and paste go through the system clipboard; a paste opens the puzzle as a new tab. Type
Clues and Properties change the shown document as one undo step each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PIL import Image
from PySide6.QtCore import QMimeData
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialog, QWidget

from studio.core.document import Document
from studio.core.errors import StudioError
from studio.gui import clipboard
from studio.gui.actions import make_action
from studio.gui.kinds import qt_kind
from studio.gui.properties_dialog import PropertiesDialog
from studio.gui.typed_dialog import TypedCluesDialog
from studio.render.export import View, picture_image

if TYPE_CHECKING:
    from studio.gui.document_tab import DocumentTab

PASTED = "Pasted"
"""The name of a pasted puzzle's tab when it has no title."""
PASTED_IMAGE = "Pasted image"
"""The name of a puzzle made of a pasted image."""


class EditCommands:
    """Copy, Copy as Text, Copy Solution Image, Paste, Type Clues and Properties, acting on the
    tab ``current()`` returns; a pasted puzzle goes to ``open_document``, a pasted image to
    ``import_image`` (the import dialog), remarks to ``message``."""

    def __init__(
        self,
        parent: QWidget,
        current: Callable[[], DocumentTab],
        open_document: Callable[[Document, str], object],
        import_image: Callable[[Image.Image], object],
        message: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._current = current
        self._open = open_document
        self._import = import_image
        self._message = message
        keys = QKeySequence.StandardKey
        self.copy_action = make_action(
            self._parent,
            "&Copy",
            self.copy,
            keys.Copy,
            "Copy the puzzle: its game ID, its text, the document",
        )
        self.copy_text_action = make_action(
            self._parent,
            "Copy as &Text",
            self.copy_text,
            "Ctrl+Shift+C",
            "Copy the puzzle as typed by hand (clue lines, a grid of digits…)",
        )
        self.copy_image_action = make_action(
            self._parent,
            "Copy Solution &Image",
            self.copy_solution_image,
            "Ctrl+Alt+C",
            "Copy the solution as a picture, for a document or a web page",
        )
        self.paste_action = make_action(
            self._parent,
            "&Paste",
            self.paste,
            keys.Paste,
            "Open the puzzle on the clipboard in a new tab",
        )
        self.type_clues_action = make_action(
            self._parent,
            "&Type Clues…",
            self.type_clues,
            "Ctrl+T",
            "Type or paste the whole puzzle as text",
        )
        self.properties_action = make_action(
            self._parent,
            "&Properties…",
            self.edit_properties,
            "Ctrl+Alt+P",
            "The puzzle's title, author, licence and notes",
        )

    def actions(self) -> list[QAction]:
        return [
            self.copy_action,
            self.copy_text_action,
            self.copy_image_action,
            self.paste_action,
            self.type_clues_action,
            self.properties_action,
        ]

    def copy(self) -> None:
        document = self._current().document
        QGuiApplication.clipboard().setMimeData(clipboard.puzzle_data(document))
        self._message("Copied the puzzle")

    def copy_text(self) -> None:
        try:
            data = clipboard.typed_data(self._current().document)
        except StudioError as error:
            self._message(f"Cannot copy as text: {error}")
            return
        QGuiApplication.clipboard().setMimeData(data)
        self._message("Copied the puzzle as text")

    def copy_solution_image(self) -> None:
        tab = self._current()
        solution = tab.view.picture_shown()
        if solution is None:
            self._message("No solution to copy yet")
            return
        look = qt_kind(tab.document.kind).look
        try:
            image = picture_image(tab.document, look, view=View.SOLUTION, solution=solution)
        except StudioError as error:
            self._message(f"Cannot copy the solution: {error}")
            return
        QGuiApplication.clipboard().setMimeData(clipboard.image_data(image))
        self._message("Copied the solution as a picture")

    def paste(self) -> None:
        """Open the clipboard's puzzle in a new tab, or import its image; say why when it
        holds neither."""
        # Offscreen, a cleared clipboard has no data object at all.
        data = QGuiApplication.clipboard().mimeData() or QMimeData()
        image = clipboard.pasted_image(data)
        if image is not None:
            self._import(image)
            return
        try:
            document = clipboard.pasted_document(data)
        except StudioError as error:
            self._message(f"Cannot paste: {error}")
            return
        self._open(document, document.title or PASTED)

    def type_clues(self) -> None:
        tab = self._current()
        dialog = TypedCluesDialog(tab.document, self._parent)
        if not self.run_dialog(dialog):
            return
        document = dialog.document()
        if document is not None and document != tab.document:
            tab.model.replace(document, "Type clues")

    def edit_properties(self) -> None:
        tab = self._current()
        dialog = PropertiesDialog(tab.document, self._parent)
        if not self.run_dialog(dialog):
            return
        document = dialog.edited()
        if document != tab.document:
            tab.model.replace(document, "Edit properties")

    def run_dialog(self, dialog: QDialog) -> bool:
        """Show ``dialog``; True if accepted (tests answer it themselves)."""
        return dialog.exec() == QDialog.DialogCode.Accepted
