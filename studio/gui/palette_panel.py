"""The Colours panel: the palette of the puzzle shown (the puzzle's colours, not the window's
drawing colours of :mod:`studio.gui.palette`), the colour painted with, and the palette's edits.

The panel lists the background and each ink as a swatch with its number and name; clicking one
(or its number key, :class:`ColoursDock`) makes it the colour strokes paint
(:attr:`~studio.gui.puzzle_view.PuzzleView.colour`). Add, Remove, Recolour, Merge Into and Make
Background are the core's edits (:mod:`studio.core.palette_edit`), each one undo step; a
black-and-white puzzle shows white and black, and adding a colour makes it a colour puzzle. A
puzzle known only by its clues is edited on the solution shown. What the core refuses (more
colours than the kind allows) is said in one line in the status bar. Colours that look alike
(:func:`~studio.core.palette.colours_alike`) are named under the list.

Shown for the kinds that allow colours (``spec.has_colours``), whatever their name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QColorDialog,
    QDockWidget,
    QGridLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.core import palette_edit
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.palette import Palette, alike_warning
from studio.core.palette_edit import RGB, palette_of
from studio.gui.actions import make_action, make_widget_action
from studio.gui.document_model import DocumentModel
from studio.gui.puzzle_view import PuzzleView
from studio.gui.settings import Settings

if TYPE_CHECKING:
    from studio.gui.document_tab import DocumentTab

SWATCH = 20
"""The side of a colour's swatch, in pixels."""
KEYED_COLOURS = 10
"""Colours with a number key: the background (0) and the inks 1 to 9."""

Edit = Callable[[Document], Document]


def swatch(rgb: RGB, side: int = SWATCH) -> QIcon:
    """A square of the colour, ``side`` pixels, outlined so that white shows on white (the
    palette panel's and the import dialog's)."""
    pixmap = QPixmap(side, side)
    pixmap.fill(QColor(*rgb))
    painter = QPainter(pixmap)
    painter.setPen(QColor("#808080"))
    painter.drawRect(0, 0, side - 1, side - 1)
    painter.end()
    icon = QIcon(pixmap)
    icon.addPixmap(pixmap, QIcon.Mode.Selected)  # the colour itself, not tinted by the selection
    return icon


def alike_note(palette: Palette | None) -> str | None:
    """The line that says which colours look alike (:func:`alike_warning`) and what to do,
    or ``None`` (the Colours panel's and the import dialog's)."""
    alike = alike_warning(palette)
    return None if alike is None else f"Warning: {alike}. Merge them, or recolour one."


class PalettePanel(QWidget):
    """The colours of one document, and the colour its view paints with.

    Signals:
        message(str): a refusal or remark for the status bar.
    """

    message = Signal(str)

    def __init__(self, model: DocumentModel, view: PuzzleView) -> None:
        super().__init__()
        self.model = model
        self.view = view
        self._shown: Palette | None = None
        self.context_menu: QMenu | None = None
        self.colours = QListWidget()
        self.colours.setIconSize(QSize(SWATCH, SWATCH))
        self.colours.setToolTip(
            "Click a colour to paint with it (keys 0 to 9); right-click for its commands; "
            "F2 renames it, Delete removes it"
        )
        self.colours.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.colours.customContextMenuRequested.connect(self._context_menu)
        self.colours.currentRowChanged.connect(self._chosen)
        self.add_action = make_action(self, "&Add Colour…", self.add_colour, None, "A new colour")
        # F2 renames and Delete removes while the list has the focus, as in the book's list.
        self.remove_action = make_widget_action(
            self.colours,
            "&Remove",
            self.remove_colour,
            QKeySequence.StandardKey.Delete,
            "Remove the colour: its cells go blank",
        )
        self.recolour_action = make_action(
            self, "Re&colour…", self.recolour, None, "Change how the colour looks"
        )
        self.rename_action = make_widget_action(
            self.colours, "Re&name…", self.rename_colour, "F2", "Change what the colour is called"
        )
        self.merge_action = make_action(
            self, "&Merge Into…", self.merge_colour, None, "Paint the colour's cells another"
        )
        self.background_action = make_action(
            self,
            "Make &Background",
            self.make_background,
            None,
            "Swap the colour and the background, cells and all",
        )
        buttons = QGridLayout()
        for index, action in enumerate(self.commands()):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            buttons.addWidget(button, index // 2, index % 2)
        self.alike = QLabel()
        self.alike.setWordWrap(True)
        self.alike.setToolTip("A solver would take colours that look alike for one another")
        layout = QVBoxLayout(self)
        layout.addWidget(self.colours, 1)
        layout.addWidget(self.alike)
        layout.addLayout(buttons)
        model.changed.connect(self.refresh)
        view.colour_changed.connect(self._select)
        self.refresh()

    def commands(self) -> list[QAction]:
        """The palette's commands, in the order of the buttons and the context menu."""
        return [
            self.add_action,
            self.remove_action,
            self.recolour_action,
            self.rename_action,
            self.merge_action,
            self.background_action,
        ]

    # What is shown ---------------------------------------------------------------------------

    @property
    def puzzle_palette(self) -> Palette:
        """The document's palette (white and black for a black-and-white one)."""
        return palette_of(self.model.document)

    def refresh(self) -> None:
        """Show the document's colours (after any change: an edit, an undo, another file)."""
        document = self.model.document
        self.setEnabled(document.puzzle.spec.has_colours)
        palette = self.puzzle_palette
        if palette != self._shown:
            self._shown = palette
            self.colours.blockSignals(True)
            self.colours.clear()
            for value, colour in enumerate(palette.colours):
                item = QListWidgetItem(swatch(colour.rgb), self._label(value))
                item.setToolTip(f"{colour.name}: {colour.hex}")
                self.colours.addItem(item)
            self.colours.blockSignals(False)
            note = alike_note(document.palette)
            self.alike.setText(note or "")
            self.alike.setVisible(note is not None)
        self._select(self.view.colour)

    def _label(self, value: int) -> str:
        colour = self.puzzle_palette.colours[value]
        if value == 0:
            return (
                "0  background" if colour.name == "background" else f"0  {colour.name}, background"
            )
        palette = self.model.document.palette
        char = palette.typing_chars[value] if palette is not None else colour.name
        # The letter that spells it in a typed clue ("3a"), unless that is its name already:
        # then the name reads "colour b", as messages say it.
        letter = f"  (clue letter {char})" if char != colour.name else ""
        return f"{value}  {self.puzzle_palette.names[value]}{letter}"

    def _select(self, value: int) -> None:
        self.colours.blockSignals(True)
        self.colours.setCurrentRow(value)
        self.colours.blockSignals(False)
        self._update_actions()

    def _update_actions(self) -> None:
        value = self.view.colour
        inks = self.puzzle_palette.inks
        coloured = self.model.document.palette is not None
        self.remove_action.setEnabled(value > 0 and inks > 1)
        self.merge_action.setEnabled(value > 0 and inks > 1)
        self.recolour_action.setEnabled(coloured)
        self.rename_action.setEnabled(coloured)
        self.background_action.setEnabled(coloured and value > 0)

    def _chosen(self, row: int) -> None:
        if row >= 0:
            self.view.set_colour(row)

    def _context_menu(self, point: QPoint) -> None:
        item = self.colours.itemAt(point)
        if item is not None:
            self.colours.setCurrentItem(item)  # the commands act on the colour clicked
        menu = QMenu(self)
        menu.addActions(self.commands())
        menu.aboutToHide.connect(menu.deleteLater)
        self.context_menu = menu
        menu.popup(self.colours.viewport().mapToGlobal(point))

    # The edits -------------------------------------------------------------------------------

    def add_colour(self) -> None:
        """Ask for a colour and add it to the palette; paint with it."""
        rgb = self.ask_colour(QColor(*self.puzzle_palette.unused_ink()), "Add Colour")
        if rgb is None:
            return
        hex_ = QColor(*rgb).name()
        if self._edit(partial(palette_edit.add_colour, rgb=rgb), f"Add colour {hex_}"):
            self.view.set_colour(self.puzzle_palette.inks)

    def remove_colour(self) -> None:
        """Remove the colour painted with; paint with the one before it."""
        value = self.view.colour
        name = self.puzzle_palette.names[value]
        edit = partial(palette_edit.remove_colour, value=value)
        if self._edit(edit, f"Remove {name}"):
            self.view.set_colour(max(1, value - 1))

    def recolour(self) -> None:
        """Ask for a new look of the colour painted with (the background's too)."""
        value = self.view.colour
        colour = self.puzzle_palette.colours[value]
        rgb = self.ask_colour(QColor(*colour.rgb), f"Recolour {colour.name}")
        if rgb is None or rgb == colour.rgb:
            return
        hex_ = QColor(*rgb).name()
        text = f"Recolour {self.puzzle_palette.names[value]} as {hex_}"
        self._edit(partial(palette_edit.recolour, value=value, rgb=rgb), text, picture=False)

    def rename_colour(self) -> None:
        """Ask for a new name of the colour painted with (the background's too): messages and
        the printed key call it so (an imported image's colours are named by their hex)."""
        value = self.view.colour
        old = self.puzzle_palette.colours[value].name
        name = self.ask_name(old)
        if name is None or name.strip() == old:
            return
        text = f"Rename {self.puzzle_palette.names[value]} to {name.strip()}"
        edit = partial(palette_edit.rename_colour, value=value, name=name)
        self._edit(edit, text, picture=False)

    def merge_colour(self) -> None:
        """Ask for another ink and paint the cells of the colour painted with in it."""
        gone = self.view.colour
        names = self.puzzle_palette.names
        choices = [value for value in range(1, self.puzzle_palette.inks + 1) if value != gone]
        keep = self.ask_merge_target(names[gone], [(value, names[value]) for value in choices])
        if keep is None:
            return
        text = f"Merge {names[gone]} into {names[keep]}"
        if self._edit(partial(palette_edit.merge_colours, keep=keep, gone=gone), text):
            self.view.set_colour(keep if keep < gone else keep - 1)

    def make_background(self) -> None:
        """Make the colour painted with the background (its cells and the background's swap)."""
        value = self.view.colour
        text = f"Make {self.puzzle_palette.names[value]} the background"
        self._edit(partial(palette_edit.make_background, value=value), text)

    def _edit(self, edit: Edit, text: str, *, picture: bool = True) -> bool:
        """Apply ``edit`` as one undo step called ``text``; False (and why in the status bar)
        when it cannot be made. A ``picture`` edit starts from the picture shown."""
        document = self.view.editor.picture_base() if picture else self.model.document
        if document is None:
            self.message.emit("No picture to change the colours of yet: the clues have no solution")
            return False
        try:
            edited = edit(document)
        except StudioError as error:
            self.message.emit(str(error)[:1].upper() + str(error)[1:])
            return False
        self.model.replace(edited, text)
        return True

    # Questions to the user: separate methods so that tests can answer them ------------------

    def ask_colour(self, initial: QColor, title: str) -> RGB | None:
        """A colour chosen in Qt's colour dialog, or ``None`` if cancelled."""
        chosen = QColorDialog.getColor(initial, self, title)
        if not chosen.isValid():
            return None
        return chosen.red(), chosen.green(), chosen.blue()

    def ask_name(self, old: str) -> str | None:
        """A colour's new name, typed in place of ``old``, or ``None`` if cancelled."""
        name, ok = QInputDialog.getText(self, "Rename Colour", f"New name of {old}:", text=old)
        return name if ok else None

    def ask_merge_target(self, name: str, choices: list[tuple[int, str]]) -> int | None:
        """The ink to merge the colour ``name`` into, among ``choices`` (value, name)."""
        names = [choice_name for _, choice_name in choices]
        chosen, ok = QInputDialog.getItem(
            self, "Merge Into", f"Paint the cells of {name} in:", names, 0, False
        )
        return choices[names.index(chosen)][0] if ok and chosen in names else None


class ColoursDock:
    """The Colours panel of the tab shown, in a dock of the window (shown for the kinds that
    allow colours, while View ▸ Show Colours is on: a setting kept between sessions), and the
    number keys that choose the colour painted with (0 the background, 1 to 9 the inks), in
    Tools ▸ Colour."""

    def __init__(
        self, window: QMainWindow, settings: Settings, current: Callable[[], DocumentTab]
    ) -> None:
        self._settings = settings
        self._current = current
        self.stack = QStackedWidget()
        self.dock = QDockWidget("Colours", window)
        self.dock.setObjectName("coloursDock")
        self.dock.setWidget(self.stack)
        self.dock.setToolTip("The puzzle's colours: the one selected is painted with")
        # Closed from the View menu only, so that the setting and the dock agree.
        features = QDockWidget.DockWidgetFeature
        self.dock.setFeatures(features.DockWidgetMovable | features.DockWidgetFloatable)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.show_action = make_action(
            window,
            "Show &Colours",
            self._toggled,
            None,
            "Show or hide the Colours panel, for the puzzles that have colours",
        )
        self.show_action.setCheckable(True)
        self.show_action.setChecked(settings.colours_panel())
        self.keys = [
            make_action(
                window,
                "&Background" if value == 0 else f"Colour &{value}",
                lambda _checked=False, value=value: self._current().view.set_colour(value),
                str(value),
                "Paint with the background" if value == 0 else f"Paint with colour {value}",
            )
            for value in range(KEYED_COLOURS)
        ]
        window.addActions(self.keys)
        self.menu = QMenu("&Colour", window)
        self.menu.addActions(self.keys)

    def add(self, tab: DocumentTab) -> None:
        self.stack.addWidget(tab.palette_panel)

    def remove(self, tab: DocumentTab) -> None:
        self.stack.removeWidget(tab.palette_panel)
        tab.palette_panel.deleteLater()

    def show(self, tab: DocumentTab) -> None:
        """Show the colours of ``tab``, the tab shown now."""
        self.stack.setCurrentWidget(tab.palette_panel)
        self.update()

    def update(self) -> None:
        """Show the dock, and enable the keys of the colours, that the puzzle shown has; Show
        Colours is greyed out (keeping its tick, the setting) for a kind without colours, whose
        tab never shows the panel."""
        document = self._current().document
        coloured = document.puzzle.spec.has_colours
        self.show_action.setEnabled(coloured)
        self.dock.setVisible(coloured and self.show_action.isChecked())
        inks = palette_of(document).inks if coloured else -1
        for value, action in enumerate(self.keys):
            action.setEnabled(value <= inks)

    def _toggled(self, on: bool) -> None:
        self._settings.set_colours_panel(on)
        self.update()
