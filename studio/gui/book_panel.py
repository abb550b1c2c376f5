"""The Book panel: the book's puzzles with thumbnails, verdicts and warnings, in print order,
numbered 1…N as they print.

Reordering (drag, Ctrl+Up/Down, or sorting by difficulty, size or kind), removing and renaming
are undoable book edits made here, and renumber the puzzles; adding puzzles and opening one are
the window's (:mod:`studio.gui.book_commands`), asked for with signals. A right-click on the
list offers all of them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QSize,
    Qt,
    QTimer,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from studio.core.book import BookEntry, SortKey
from studio.gui.actions import Shortcut, make_action, make_widget_action
from studio.gui.book_model import BookModel
from studio.gui.kinds import looks
from studio.gui.palette import warning_text
from studio.render.export import thumbnail

THUMBNAIL = 56
"""Side of a puzzle's thumbnail in the list, in pixels."""
_ENTRY = Qt.ItemDataRole.UserRole

SORT_TITLES = {
    SortKey.DIFFICULTY: ("By &Difficulty", "Easiest first; puzzles not shown unique last"),
    SortKey.SIZE: ("By &Size", "Fewest cells first"),
    SortKey.KIND: ("By &Kind", "Nonograms, mosaics, then Fobidoshi: one section each"),
}
"""Each sort's menu entry and tooltip."""


def entry_text(number: int, title: str, entry: BookEntry) -> str:
    """Two lines for the list: number and title; size, kind and difficulty, or the warning."""
    height, width = entry.document.puzzle.shape
    kind = entry.document.puzzle.spec.title
    verdict = f"⚠ {entry.warning}" if entry.warning is not None else entry.stars or "unique"
    return f"{number}. {title}\n{width}×{height} {kind} · {verdict}"


class BookPanel(QWidget):
    """Lists the book's puzzles; reorders, removes and renames them as undoable book edits.

    Signals:
        add_requested(): add the window's puzzle (or update the entry it came from).
        add_files_requested(): ask for puzzle files to add.
        open_requested(int): open the puzzle at this position in the window.
        rename_requested(int): ask for a new title for the puzzle at this position.
    """

    add_requested = Signal()
    add_files_requested = Signal()
    open_requested = Signal(int)
    rename_requested = Signal(int)

    def __init__(self, model: BookModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._icons: weakref.WeakKeyDictionary[BookEntry, QIcon] = weakref.WeakKeyDictionary()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("bookList")
        self.list.setIconSize(QSize(THUMBNAIL, THUMBNAIL))
        self.list.setUniformItemSizes(True)  # only the first row is measured: long books list fast
        self.list.setItemDelegate(_ThumbnailDelegate(self._icon, self.list))
        self.list.setSpacing(2)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setToolTip("Double-click opens a puzzle; drag to reorder; right-click for more")
        self.add_button = QPushButton("&Add Puzzle")
        self.add_button.setToolTip("Add the puzzle in the window to the book (Ctrl+B)")
        self.open_button = QPushButton("Open")
        self.rename_button = QPushButton("Rename…")
        self.remove_button = QPushButton("Remove")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.open_button, self.rename_button, self.remove_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

        # The list's commands, with their keys while it has the focus, and in its menu.
        keys = QKeySequence.StandardKey
        self.open_action = self._list_action(
            "&Open in a Tab", lambda: self._request(self.open_requested), None, "Or double-click"
        )
        self.rename_action = self._list_action(
            "&Rename…", lambda: self._request(self.rename_requested), "F2"
        )
        self.up_action = self._list_action("Move &Up", lambda: self.move_current(-1), "Ctrl+Up")
        self.down_action = self._list_action(
            "Move Do&wn", lambda: self.move_current(+1), "Ctrl+Down"
        )
        self.remove_action = self._list_action("Re&move", self.remove_current, keys.Delete)
        self.sort_actions = {
            key: make_action(self, title, lambda _=False, key=key: self.sort_by(key), None, tip)
            for key, (title, tip) in SORT_TITLES.items()
        }
        self.add_files_action = make_action(
            self,
            "Add Puzzle &Files…",
            self.add_files_requested.emit,
            None,
            "Each analysed as added",
        )
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        self.context_menu: QMenu | None = None
        """The menu the last right-click opened."""
        self.add_button.clicked.connect(self.add_requested)
        self.open_button.clicked.connect(self.open_action.trigger)
        self.rename_button.clicked.connect(self.rename_action.trigger)
        self.remove_button.clicked.connect(self.remove_action.trigger)
        self.list.itemActivated.connect(lambda item: self.open_requested.emit(self.list.row(item)))
        self.list.currentRowChanged.connect(self._update_buttons)
        # A drop moves the item first; the book follows once the drop is over.
        self.list.model().rowsMoved.connect(lambda *_: QTimer.singleShot(0, self._order_from_list))
        model.changed.connect(self.refresh)
        self._shown: tuple[BookEntry, ...] = ()
        """The puzzles shown, to tell those that come in."""
        self.refresh()

    def refresh(self) -> None:
        """Show the book as it is now, numbered in its order: a puzzle that came into it (added,
        or back by an undo) selected, else the selected puzzle wherever it went (or the
        selected row, if it left the book)."""
        book = self.model.book
        row = self.list.currentRow()
        current = self.list.currentItem()
        selected = current.data(_ENTRY) if current is not None else None
        row = next((i for i, entry in enumerate(book.entries) if entry is selected), row)
        before = {id(entry) for entry in self._shown}
        if before:
            row = next((i for i, e in enumerate(book.entries) if id(e) not in before), row)
        self._shown = book.entries  # held, so that the ids stay theirs
        warning = warning_text(self.palette())
        self.list.blockSignals(True)
        self.list.clear()
        for (number, entry), title in zip(book.numbered(), book.titles(), strict=True):
            item = QListWidgetItem(entry_text(number, title, entry))
            item.setData(_ENTRY, entry)
            if entry.warning is not None:
                item.setForeground(warning)
                item.setToolTip(f"Puzzle {number} {entry.warning}: fix it before printing")
            self.list.addItem(item)
        self.list.setCurrentRow(min(row, self.list.count() - 1))
        self.list.blockSignals(False)
        warnings = book.warnings()
        count = len(book.entries)
        text = f"<b>{book.title}</b>" + (f" by {book.author}" if book.author else "")
        text += f"<br>{count} puzzle{'s' if count != 1 else ''}"
        if warnings:
            text += f" · <span style='color:{warning.name()}'>{len(warnings)} to fix</span>"
        self.summary.setText(text)
        self._update_buttons()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # the warnings' red follows the ground
            self.refresh()

    def move_current(self, step: int) -> None:
        """Move the selected puzzle ``step`` places (−1: earlier) as one undo step."""
        row, count = self.list.currentRow(), self.list.count()
        target = row + step
        if 0 <= row < count and 0 <= target < count:
            self.model.replace(self.model.book.moved(row, target), f"Move puzzle {row + 1}")

    def sort_by(self, key: SortKey) -> None:
        """Put the puzzles in the order of ``key`` (:meth:`Book.sorted_by`: stable, so a sort
        after another sorts within its ties), renumbering them, as one undo step; a book
        already in that order is left as it is."""
        book = self.model.book
        ordered = book.sorted_by(key)
        if ordered.entries != book.entries:
            self.model.replace(ordered, f"Sort the book by {key.value}")

    def remove_current(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            title = self.model.book.titles()[row]
            self.model.replace(self.model.book.removed(row), f"Remove “{title}” from the book")

    def rename(self, row: int, title: str) -> None:
        """Give the puzzle at ``row`` the title ``title`` in the book (empty: none; the list
        calls it "Puzzle N")."""
        book = self.model.book
        entries = list(book.entries)
        entries[row] = replace(entries[row], title=title.strip())
        self.model.replace(book.with_entries(entries), f"Rename puzzle {row + 1}")

    def _order_from_list(self) -> None:
        order = [self.list.item(row).data(_ENTRY) for row in range(self.list.count())]
        book = self.model.book
        if order != list(book.entries):
            self.model.replace(book.with_entries(order), "Reorder the book")

    def _request(self, signal: SignalInstance) -> None:
        row = self.list.currentRow()
        if row >= 0:
            signal.emit(row)

    def _list_action(
        self, title: str, slot: Callable[[], object], keys: Shortcut, tip: str = ""
    ) -> QAction:
        """A command on the selected puzzle, its keys working while the list has the focus."""
        return make_widget_action(self.list, title, slot, keys, tip)

    def _context_menu(self, point: QPoint) -> None:
        """The list's commands at ``point`` (the list's viewport), on the puzzle there."""
        menu = QMenu(self)
        menu.addActions([self.open_action, self.rename_action])
        menu.addSeparator()
        menu.addActions([self.up_action, self.down_action, self.remove_action])
        menu.addSeparator()
        sort = menu.addMenu("&Sort Puzzles")
        sort.addActions(list(self.sort_actions.values()))
        menu.addSeparator()
        menu.addAction(self.add_files_action)
        menu.aboutToHide.connect(menu.deleteLater)
        self.context_menu = menu
        menu.popup(self.list.viewport().mapToGlobal(point))

    def _update_buttons(self) -> None:
        row, count = self.list.currentRow(), self.list.count()
        selected = row >= 0
        for action in (self.open_action, self.rename_action, self.remove_action):
            action.setEnabled(selected)
        self.up_action.setEnabled(selected and row > 0)
        self.down_action.setEnabled(selected and row < count - 1)
        for button in (self.open_button, self.rename_button, self.remove_button):
            button.setEnabled(selected)
        for action in self.sort_actions.values():
            action.setEnabled(count > 1)

    def _icon(self, entry: BookEntry) -> QIcon:
        icon = self._icons.get(entry)
        if icon is None:
            look = looks(entry.document.puzzle)
            image = thumbnail(entry.document, look, THUMBNAIL, solution=entry.solution)
            icon = self._icons[entry] = QIcon(QPixmap.fromImage(image))
        return icon


class _ThumbnailDelegate(QStyledItemDelegate):
    """Gives each row its puzzle's thumbnail when the row is first drawn: a book of thousands
    of puzzles lists at once, and only the rows on screen are ever drawn."""

    def __init__(self, icon: Callable[[BookEntry], QIcon], parent: QWidget) -> None:
        super().__init__(parent)
        self._icon = icon

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        entry = index.data(_ENTRY)
        if isinstance(entry, BookEntry):
            option.icon = self._icon(entry)
            option.features |= QStyleOptionViewItem.ViewItemFeature.HasDecoration
            option.decorationSize = QSize(THUMBNAIL, THUMBNAIL)
