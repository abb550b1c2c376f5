"""The main window: the open documents as tabs, the tools, the menus, the status bar, the Repair
panel of the document shown and the application's one book.

Each document is a :class:`~studio.gui.document_tab.DocumentTab` (its file, undo history, view,
live analysis and repair panel). The window's commands act on the tab shown; the status bar
shows that tab's verdict in a label of its own (never covered by a passing message, which times
out and is cleared when another document is shown); Quit asks once about every unsaved
document and the book.

A file is open in one place at most, since two copies would each save over the other's work:
opening a puzzle file again, however it is opened (Open, Open Recent, a drop, the command
line), shows its tab, and the book's file the Book panel; Save As onto another tab's file is
refused.

What another program does to an open document's file is noticed, as Qt Creator does, by a
file system watcher and again whenever the window is activated: a changed file is offered for
reloading (undoably), a removed one makes its document unsaved work, and Save asks before
overwriting a file changed since it was read or saved. The studio's own saves are not news
(:class:`~studio.gui.document_model.DiskFile`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from itertools import count
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QEvent, QFileSystemWatcher, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QStatusTipEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QWidget,
)
from shiboken6 import isValid

from studio import APP_NAME
from studio.core import formats
from studio.core.book import BookEntry
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.formats.book_json import EXTENSION as BOOK_EXTENSION
from studio.core.generate import Generated
from studio.core.kinds import new_document
from studio.core.pixelart import FORMATS as IMAGE_FORMATS
from studio.core.pixelart import open_image
from studio.gui.actions import Shortcut, make_action, standard_keys
from studio.gui.autosave import Autosave
from studio.gui.book_commands import BookCommands
from studio.gui.dialogs import (
    PUZZLE_FILTER,
    NewPuzzleDialog,
    ask_to_discard_unreadable,
    ask_to_overwrite,
    ask_to_recover,
    ask_to_reload,
    ask_to_save,
    ask_to_save_all,
)
from studio.gui.document_model import UNTITLED, DocumentModel
from studio.gui.document_tab import DocumentTab
from studio.gui.edit_commands import PASTED_IMAGE, EditCommands
from studio.gui.edited import (
    NOT_RELOADED,
    Choice,
    Conflict,
    EditedFile,
    News,
    Recovery,
    may_drop,
    reload_if_asked,
    save_file,
)
from studio.gui.export_dialog import run_export
from studio.gui.file_dialogs import ask_open, ask_save, with_extension
from studio.gui.generate_dialog import GenerateDialog
from studio.gui.grid_menu import GridCommands
from studio.gui.help import fill_help_menu
from studio.gui.import_dialog import ImportImageDialog
from studio.gui.live_analysis import LiveAnalysis
from studio.gui.loading import wait_for
from studio.gui.palette import warning_text
from studio.gui.palette_panel import ColoursDock
from studio.gui.puzzle_view import DEFAULT_CELL, PuzzleView
from studio.gui.repair_panel import RepairPanel
from studio.gui.settings import Settings, recovery_dir
from studio.gui.status_field import StatusField
from studio.gui.strokes import Tool
from studio.gui.workers import Batch
from studio.render.export import IMAGE_SUFFIXES as IMAGE_EXPORTS

IMAGE_SUFFIXES = tuple(f".{name.lower()}" for name in IMAGE_FORMATS)
IMAGE_FILTER = f"Images ({' '.join('*' + s for s in IMAGE_SUFFIXES)});;All files (*)"
SAVE_FILTER = "Puzzle Studio document (*.json)"
EXPORT_FILTER = ";;".join(f"{suffix[1:].upper()} (*{suffix})" for suffix in IMAGE_EXPORTS)

MESSAGE_MS = 5000
"""How long a passing message stays in the status bar."""
SCREEN_SHARE = 0.85
"""The share of the available screen a new window takes."""
SETTLE_MS = 200
"""How long the open files must be quiet before they are looked at: another program's save
is often several writes (truncate, write, rename), each a notification."""


def blank_document(height: int = 15, width: int = 15, kind: str = "nonogram") -> Document:
    """An empty puzzle of ``kind``, ``height`` × ``width`` cells."""
    return new_document(kind, (height, width))


def same_file(path: Path, other: Path | None) -> bool:
    """Whether ``path`` and ``other`` name one file: the same file on disk (through a link,
    or in another case on a file system that ignores case), else the same resolved path."""
    if other is None:
        return False
    try:
        return path.samefile(other)
    except OSError:  # one of them is not there (any more)
        return path.resolve() == other.resolve()


class MainWindow(QMainWindow):
    """The studio's window: documents as tabs, analysed live."""

    def __init__(self, document: Document | None = None) -> None:
        super().__init__()
        self._message = ("", 0.0)
        """The passing message shown last and when it times out (:func:`time.monotonic`)."""
        self.settings = Settings()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.setCentralWidget(self.tabs)
        self.repair_stack = QStackedWidget()
        self.repair_dock = QDockWidget("Repair", self)
        self.repair_dock.setObjectName("repairDock")
        self.repair_dock.setWidget(self.repair_stack)
        self.repair_dock.setToolTip("Verified changes that make the puzzle unique")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.repair_dock)
        self.colours = ColoursDock(self, self.settings, lambda: self.tab)
        self.splitDockWidget(self.colours.dock, self.repair_dock, Qt.Orientation.Vertical)
        self.resizeDocks([self.colours.dock, self.repair_dock], [240, 400], Qt.Orientation.Vertical)
        self.undo_group = QUndoGroup(self)
        self.book = BookCommands(self)
        self.autosave = Autosave(self)
        """Copies of unsaved work, offered back by the next start if this one crashes."""
        self.autosave.watch(self.book.model)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.book.dock)
        self.book.dock.hide()  # the puzzle gets the room until there is a book to show
        self.resizeDocks([self.repair_dock, self.book.dock], [260, 240], Qt.Orientation.Horizontal)
        self.status_label = StatusField()
        self.status_label.setObjectName("analysisStatus")
        self.status_label.setToolTip("The verdict of the puzzle shown, kept up to date")
        self.info_label = StatusField()
        self.position_label = StatusField()
        self.unkept_label = StatusField("⚠ No copy of unsaved work")
        """Shown while copies of unsaved work cannot be kept (its tooltip says why)."""
        # Permanent widgets: a passing message never covers the verdict. None stretches, so
        # the passing message keeps the room on the left.
        self.statusBar().addPermanentWidget(self.status_label)
        self.statusBar().addPermanentWidget(self.info_label)
        self.statusBar().addPermanentWidget(self.book.progress)
        self.statusBar().addPermanentWidget(self.position_label)
        self.statusBar().addPermanentWidget(self.unkept_label)
        self.autosave.problem_changed.connect(self._show_unkept)
        self._show_unkept(self.autosave.problem)
        self.setAcceptDrops(True)
        self.watcher = QFileSystemWatcher(self)
        self.disk_check = QTimer(self)
        """Looks at the open files once they have been quiet :data:`SETTLE_MS`."""
        self.disk_check.setSingleShot(True)
        self.disk_check.setInterval(SETTLE_MS)
        self.disk_check.timeout.connect(self.check_files)
        self.watcher.fileChanged.connect(self.disk_check.start)
        self.watcher.directoryChanged.connect(self.disk_check.start)
        self.book.model.file_changed.connect(self._watch_files)
        self._checking_files = False
        self._check_again = False
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.tabs.currentChanged.connect(self._tab_shown)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.undo_group.addStack(self.book.model.undo_stack)
        self.book.model.undo_stack.indexChanged.connect(
            partial(self._stack_edited, self.book.model.undo_stack)
        )
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self._size_to_screen()
        self.add_tab(document or blank_document())

    # The tab shown ----------------------------------------------------------------------------

    @property
    def tab(self) -> DocumentTab:
        """The document shown."""
        tab = self.tabs.currentWidget()
        assert isinstance(tab, DocumentTab)
        return tab

    @property
    def model(self) -> DocumentModel:
        return self.tab.model

    @property
    def view(self) -> PuzzleView:
        return self.tab.view

    @property
    def analysis(self) -> LiveAnalysis:
        return self.tab.analysis

    @property
    def repair_panel(self) -> RepairPanel:
        return self.tab.repair_panel

    @property
    def changes(self) -> Batch:
        return self.tab.changes

    def document_tabs(self) -> list[DocumentTab]:
        """Every open document, in tab order."""
        return [self.tabs.widget(i) for i in range(self.tabs.count())]  # type: ignore[misc]

    def add_tab(
        self,
        document: Document,
        *,
        path: Path | None = None,
        source: Path | None = None,
        name: str | None = None,
        unsaved: bool = False,
        book_source: BookEntry | None = None,
    ) -> DocumentTab:
        """Show ``document`` in a tab of its own (in place of an untouched blank one), zoomed to
        fit; ``unsaved``: it is new work (generated, imported), not yet in any file; ``path``,
        ``source`` and ``name`` are :meth:`DocumentModel.load`'s."""
        # A blank tab nobody used gives its place (as a browser's does).
        old = self.tab if self.tabs.count() > 0 and self.tab.untouched else None
        tab = DocumentTab(
            document, path=path, source=source, name=name, untitled=self._untitled(old)
        )
        tab.view.set_cell_size(self.settings.cell_size(DEFAULT_CELL))
        tab.book_source = book_source
        if unsaved:
            tab.model.undo_stack.resetClean()
        self.autosave.watch(tab.model)
        tab.title_changed.connect(partial(self._tab_title_changed, tab))
        tab.model.file_changed.connect(self._watch_files)
        tab.verdict_changed.connect(partial(self._if_shown, tab, self.status_label.setText))
        tab.info_changed.connect(partial(self._if_shown, tab, self.info_label.setText))
        tab.message.connect(partial(self._if_shown, tab, self.show_message))
        tab.failed.connect(self.show_error)
        tab.view.hovered.connect(self._show_position)
        tab.model.changed.connect(partial(self._if_shown, tab, self._document_edited))
        # Another document loaded in the tab has left its book entry: Add no longer updates it.
        tab.model.loaded.connect(partial(self._if_shown, tab, lambda _: self.book.update_actions()))
        self.undo_group.addStack(tab.model.undo_stack)
        tab.model.undo_stack.indexChanged.connect(partial(self._stack_edited, tab.model.undo_stack))
        self.repair_stack.addWidget(tab.repair_panel)
        self.colours.add(tab)
        self.tabs.setCurrentIndex(self.tabs.addTab(tab, tab.title))
        self._tab_title_changed(tab)
        if old is not None:
            self._remove_tab(old)
        self._watch_files()
        # Fit once the tab has its size (after this event is handled).
        QTimer.singleShot(0, tab.view.zoom_to_fit)
        return tab

    def close_tab(self, index: int) -> bool:
        """Close the tab at ``index`` (asking to save its changes); the last tab closing leaves
        a blank document. False if the user cancelled."""
        tab = self.tabs.widget(index)
        assert isinstance(tab, DocumentTab)
        if tab.model.modified:
            self.tabs.setCurrentWidget(tab)  # the question is about the document in view
        if not may_drop(tab.model, self.ask_save_changes, lambda: self._save(tab)):
            return False
        if self.tabs.count() == 1:
            self.add_tab(blank_document())
        self._remove_tab(tab)
        return True

    def _remove_tab(self, tab: DocumentTab) -> None:
        tab.shutdown()
        self.autosave.forget(tab.model)
        self.undo_group.removeStack(tab.model.undo_stack)
        self.repair_stack.removeWidget(tab.repair_panel)
        self.colours.remove(tab)
        self.tabs.removeTab(self.tabs.indexOf(tab))
        tab.repair_panel.deleteLater()
        tab.deleteLater()
        self._watch_files()

    def _untitled(self, leaving: DocumentTab | None) -> str:
        """The first of "Untitled", "Untitled 2", … that no tab is called but ``leaving``, to
        tell untitled documents apart (in their tabs, and when Quit lists them)."""
        taken = {tab.model.name for tab in self.document_tabs() if tab is not leaving}
        names = (UNTITLED if number == 1 else f"{UNTITLED} {number}" for number in count(1))
        return next(name for name in names if name not in taken)

    def _if_shown(self, tab: DocumentTab, slot: Callable[[str], object], text: str = "") -> None:
        """Pass on what ``tab`` says only while it is the tab shown."""
        if self.tabs.currentWidget() is tab:
            slot(text)

    def _tab_shown(self, index: int) -> None:
        if index < 0:
            return
        tab = self.tab
        self.show_message("")  # a message about another document is no longer true
        self.status_label.setText(tab.verdict)
        self.info_label.setText(tab.view.editor.status())
        self.repair_stack.setCurrentWidget(tab.repair_panel)
        self.colours.show(tab)
        self.undo_group.setActiveStack(tab.model.undo_stack)
        tab.view.setFocus()  # the keyboard's cell works at once, without a click first
        self.variable_action.setChecked(tab.view.show_variable)
        self._fill_tools()
        self._apply_tool()
        self.book.update_actions()
        self.grid.update()
        self._update_title()

    def _tab_title_changed(self, tab: DocumentTab) -> None:
        index = self.tabs.indexOf(tab)
        if index >= 0:
            self.tabs.setTabText(index, tab.title)
            file = tab.model.file
            self.tabs.setTabToolTip(index, str(file) if file else tab.model.name)
        if tab is self.tabs.currentWidget():
            self._update_title()

    def _document_edited(self, _text: str = "") -> None:
        self.show_message("")  # a message about the document before is stale now
        self._show_position(self.view.hover)  # the cell under the pointer may have changed
        self.colours.update()
        if self.view.editor_kind != self._tools_kind:
            self._fill_tools()
            self.grid.update()

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.model.name}[*] — {APP_NAME}")
        self.setWindowModified(self.model.modified)

    def _size_to_screen(self) -> None:
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        room = screen.availableGeometry()
        self.resize(QSize(int(room.width() * SCREEN_SHARE), int(room.height() * SCREEN_SHARE)))

    # Actions, menus and the toolbar -----------------------------------------------------------

    def add_action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: Shortcut = None,
        tip: str = "",
    ) -> QAction:
        """A command of the window (its shortcut works wherever the focus is)."""
        action = make_action(self, text, slot, shortcut, tip)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        add = self.add_action
        self.new_action = add("&New…", self.new_puzzle, keys.New, "A new, empty puzzle")
        self.open_action = add("&Open…", self.open_dialog, keys.Open, "Open a puzzle file")
        self.save_action = add("&Save", self.save, keys.Save, "Save the puzzle shown")
        self.save_as_action = add(
            "Save &As…", self.save_as, keys.SaveAs, "Save the puzzle shown under a new name"
        )
        self.save_all_action = add("Save A&ll", self.save_all, "Ctrl+Alt+S", "Save every puzzle")
        self.close_tab_action = add(
            "&Close",
            lambda: self.close_tab(self.tabs.currentIndex()),
            keys.Close,
            "Close the puzzle shown (asks to save its changes)",
        )
        self.import_action = add(
            "&Import Image…", self.import_dialog, "Ctrl+I", "Make a puzzle of a picture"
        )
        self.generate_action = add(
            "&Generate…", self.generate_dialog, "Ctrl+G", "Make unique puzzles"
        )
        self.export_action = add(
            "&Export Puzzle…", lambda: self.export_dialog(False), None, "As PNG, SVG or PDF"
        )
        self.export_solution_action = add(
            "Export Sol&ution…", lambda: self.export_dialog(True), None, "The solution, as an image"
        )
        self.quit_action = add(
            "&Quit", self.close, keys.Quit, "Close the studio (asks once about unsaved work)"
        )
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(standard_keys(keys.Undo))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(standard_keys(keys.Redo))
        # The toolbar shows the icon text, kept short: with the step's name ("Undo Repair
        # all: …") every button after it moved as the name changed. The menu and the tooltip
        # show the whole text.
        self.undo_action.setIconText("Undo")
        self.redo_action.setIconText("Redo")
        self.addActions([self.undo_action, self.redo_action])
        self.zoom_in_action = add("Zoom &In", lambda: self._zoom(+4), keys.ZoomIn, "Larger cells")
        self.zoom_out_action = add(
            "Zoom &Out", lambda: self._zoom(-4), keys.ZoomOut, "Smaller cells"
        )
        self.zoom_reset_action = add(
            "&Actual Size",
            lambda: self._zoom(DEFAULT_CELL - self.view.cell),
            "Ctrl+0",
            f"Cells of {DEFAULT_CELL} pixels",
        )
        self.zoom_fit_action = add(
            "Zoom to &Fit", lambda: self.view.zoom_to_fit(), "Ctrl+9", "The whole puzzle in view"
        )
        self.variable_action = add(
            "Show &Variable Fields",
            lambda checked: self.view.set_show_variable(checked),
            "V",
            "Tint the cells that differ between solutions",
        )
        self.variable_action.setCheckable(True)
        self.variable_action.setChecked(True)
        self.stop_action = add(
            "&Stop", self.stop_analysis, "Esc", "Stop the analysis, a repair or the hints"
        )
        self.hint_action = add(
            "&Hint: Next Step", lambda: self.tab.next_hint(), "H", "The next step a solver takes"
        )
        self.analyse_action = add(
            "&Analyse Without Time Limit",
            lambda: self.tab.analyse_without_limit(),
            "Ctrl+Shift+A",
            "Check the puzzle until the verdict is complete, however long it takes (Esc stops)",
        )
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[Tool, QAction] = {}
        for tool in Tool:
            action = add(tool.title, self._apply_tool, tool.shortcut, tool.tip)
            action.setCheckable(True)
            action.setData(tool)
            self.tool_group.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions[Tool.PENCIL].setChecked(True)
        self.kind_tool_actions: list[QAction] = []
        self._tools_kind = ""
        self.grid = GridCommands(self, lambda: self.tab, self.show_message)
        self.addActions(self.grid.all_actions())
        self.edit = EditCommands(
            self,
            lambda: self.tab,
            lambda document, name: self.add_tab(document, name=name, unsaved=True),
            lambda image: self.import_image(image, Path(f"{PASTED_IMAGE}.png")),
            self.show_message,
        )
        self.addActions(self.edit.actions())

    def _build_menus(self) -> None:
        menu = self.menuBar().addMenu("&File")
        menu.addActions([self.new_action, self.open_action])
        self.recent_menu = menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        menu.addActions([self.save_action, self.save_as_action, self.save_all_action])
        menu.addSeparator()
        menu.addActions([self.import_action, self.generate_action])
        menu.addSeparator()
        menu.addActions([self.export_action, self.export_solution_action])
        menu.addSeparator()
        menu.addActions([self.book.preview_action, self.book.print_action])
        menu.addSeparator()
        menu.addActions([self.close_tab_action, self.quit_action])
        menu = self.menuBar().addMenu("&Edit")
        menu.addActions([self.undo_action, self.redo_action])
        menu.addSeparator()
        edit = self.edit
        menu.addActions(
            [edit.copy_action, edit.copy_text_action, edit.copy_image_action, edit.paste_action]
        )
        self.tools_menu = self.menuBar().addMenu("&Tools")
        self.book.fill_menu(self.menuBar().addMenu("&Book"))
        menu = self.menuBar().addMenu("&View")
        menu.addActions(
            [
                self.zoom_in_action,
                self.zoom_out_action,
                self.zoom_reset_action,
                self.zoom_fit_action,
            ]
        )
        menu.addSeparator()
        menu.addActions([self.variable_action, self.stop_action])
        menu.addSeparator()
        show_repair = self.repair_dock.toggleViewAction()
        show_repair.setText("Show &Repair")  # beside Show Colours, with a letter of its own
        show_repair.setToolTip("Show or hide the Repair panel")
        menu.addAction(show_repair)
        menu.addAction(self.colours.show_action)
        self.puzzle_menu = self.menuBar().addMenu("&Puzzle")
        self.puzzle_menu.aboutToShow.connect(self._fill_puzzle_menu)
        menu = self.menuBar().addMenu("&Solve")
        menu.addAction(self.hint_action)
        menu.addAction(self.analyse_action)
        fill_help_menu(self.menuBar().addMenu("&Help"), self)

    def _build_toolbar(self) -> None:
        self.toolbar = QToolBar("Tools", self)
        self.toolbar.setObjectName("toolBar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)

    def _fill_tools(self) -> None:
        """The drawing tools and the kind's own tools, in the toolbar and the Tools menu."""
        editor = self.view.editor
        self._tools_kind = self.view.editor_kind
        for action in self.kind_tool_actions:
            self.tool_group.removeAction(action)
            self.removeAction(action)
            action.deleteLater()
        self.kind_tool_actions = []
        for kind_tool in editor.tools():
            action = self.add_action(
                kind_tool.title,
                self._apply_tool,
                kind_tool.shortcut,
                kind_tool.tip,
            )
            action.setCheckable(True)
            action.setData(kind_tool.name)
            self.tool_group.addAction(action)
            self.kind_tool_actions.append(action)
        if self.tool_group.checkedAction() is None:
            self.tool_actions[Tool.PENCIL].setChecked(True)
        tools = [*self.tool_actions.values(), *self.kind_tool_actions]
        self.toolbar.clear()
        self.toolbar.addActions([self.new_action, self.open_action, self.save_action])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.undo_action, self.redo_action])
        self.toolbar.addSeparator()
        self.toolbar.addActions(tools)
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.zoom_fit_action, self.hint_action])
        self.tools_menu.clear()
        self.tools_menu.addActions(tools)
        self.tools_menu.addSeparator()
        self.tools_menu.addMenu(self.colours.menu)

    def _apply_tool(self) -> None:
        """The tool checked is the one in hand, in every tab."""
        checked = self.tool_group.checkedAction()
        data = checked.data() if checked is not None else Tool.PENCIL
        strokes = self.view.strokes
        if isinstance(data, Tool):
            strokes.tool, strokes.kind_tool = data, None
        else:
            strokes.tool, strokes.kind_tool = Tool.PENCIL, str(data)

    def _fill_puzzle_menu(self) -> None:
        """Properties and Type Clues, the grid commands the puzzle's kind offers, then its
        editor's own actions."""
        self.puzzle_menu.clear()
        self.puzzle_menu.addActions([self.edit.properties_action, self.edit.type_clues_action])
        self.puzzle_menu.addSeparator()
        self.grid.fill(self.puzzle_menu)
        actions = self.view.editor.actions()
        if actions:
            self.puzzle_menu.addSeparator()
            self.puzzle_menu.addActions(actions)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if not recent:
            self.recent_menu.addAction("No recent files").setEnabled(False)

    # The status bar ------------------------------------------------------------------------

    def show_message(self, text: str) -> None:
        """A passing remark: it times out, and goes when another document is shown or edited;
        a button's or menu item's status tip covers it only while the pointer is on that."""
        self._message = (text, time.monotonic() + MESSAGE_MS / 1000)
        if text:
            self.statusBar().showMessage(text, MESSAGE_MS)
        else:
            self.statusBar().clearMessage()

    def _show_unkept(self, problem: str) -> None:
        # The label's own palette, not a style sheet: Qt gives a style sheet to the tooltip too.
        palette = self.unkept_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, warning_text(self.palette()))
        self.unkept_label.setPalette(palette)
        self.unkept_label.setVisible(bool(problem))
        self.unkept_label.setToolTip(
            f"{problem}\nIf the studio ended now, the changes not saved would be lost."
        )

    def _show_position(self, cell: tuple[int, int] | None) -> None:
        self.position_label.setText("" if cell is None else self.view.cell_text(cell))

    # Commands on the tab shown ---------------------------------------------------------------

    def stop_analysis(self) -> None:
        """Esc: leave the hint steps, or else stop a running repair, the book's job or the
        analysis."""
        if self.tab.view.hints is None and not self.tab.changes.busy and self.book.busy:
            self.book.stop()
        else:
            self.tab.stop()

    def next_hint(self) -> None:
        self.tab.next_hint()

    def _zoom(self, step: int) -> None:
        self.view.set_cell_size(self.view.cell + step)
        self.settings.set_cell_size(self.view.cell)

    def _stack_edited(self, stack: QUndoStack, _index: int) -> None:
        if isValid(stack):  # a stack being destroyed clears itself, which counts as an edit
            stack.setActive()

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        """The focus moved within the window: Undo follows it to the book's panel, or away to
        the puzzle. Coming back from a dialog (Save, a progress box, Print Settings) or from
        another window is no move: Undo stays with what was edited last (it went to the
        puzzle, and a book's undo history seemed lost once the book was saved)."""
        if new is None or new.window() is not self or old is None or old.window() is not self:
            return
        book = self.book.dock.isAncestorOf(new)
        self.undo_group.setActiveStack((self.book.model if book else self.model).undo_stack)

    # Files ----------------------------------------------------------------------------------

    def new_puzzle(self) -> None:
        choice = self.ask_new_puzzle()
        if choice is not None:
            kind, (height, width) = choice
            self.add_tab(blank_document(height, width, kind))

    def open_dialog(self) -> None:
        path = self.ask_open_path()
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a puzzle file in a tab (read on a worker), a book file or a folder of puzzles as
        the book, or import an image file; False if cancelled or unreadable. A puzzle file or
        book already open is shown, not read again (an image may be imported again, with other
        settings)."""
        if path.suffix.lower() in IMAGE_SUFFIXES:
            return self.import_path(path)
        if path.is_dir():  # dropped, or named on the command line: its puzzles as a book
            return self.book.open_path(path)
        if path.name.lower().endswith(BOOK_EXTENSION):
            if not same_file(path, self.book.model.path):
                return self.book.open_path(path)
            self.book.dock.show()
            self.book.dock.raise_()
            return True
        tab = self.tab_of(path)
        if tab is not None:
            self.tabs.setCurrentWidget(tab)
            self.settings.add_recent_file(path)
            self.check_files()  # opened again to see the file as it is: a change is news now
            return True
        document = self._read(path)
        if document is None:
            return False
        is_studio = formats.format_for_path(path).name == "studio" if path.suffix else False
        # Only a studio document can be saved back in place without losing anything; other
        # formats are saved as a new studio document (Save asks for a name).
        if is_studio:
            self.add_tab(document, path=path)
        else:
            self.add_tab(document, source=path)
        self.settings.add_recent_file(path)
        return True

    def _read(
        self, path: Path, failed: str = "Cannot open the puzzle", after: str = ""
    ) -> Document | None:
        """The puzzle in the file at ``path``, read on a worker; ``None`` if cancelled or
        unreadable (said, titled ``failed``, the error followed by ``after``)."""
        try:
            document = wait_for(
                self, f"Opening {path.name}…", lambda _cancel, _progress: formats.load(path)
            )
        except StudioError as error:
            self.show_error(failed, f"{error}{after}")
            return None
        return document if isinstance(document, Document) else None

    def tab_of(self, path: Path) -> DocumentTab | None:
        """The tab showing the file at ``path``, if one does."""
        return next((tab for tab in self.document_tabs() if same_file(path, tab.model.file)), None)

    def import_dialog(self) -> None:
        path = self.ask_image_path()
        if path is not None:
            self.import_path(path)

    def import_path(self, path: Path) -> bool:
        """Import an image file as a new puzzle of the kind the import dialog asks for; False
        if cancelled."""
        try:
            image = open_image(path)
        except StudioError as error:
            self.show_error("Cannot import the image", str(error))
            return False
        if not self.import_image(image, path):
            return False
        self.settings.add_recent_file(path)
        return True

    def import_image(self, image: Image.Image, path: Path) -> bool:
        """Make a puzzle of ``image`` (from the file ``path``, or pasted: a made-up name) in
        the import dialog, in a new tab; False if cancelled."""
        dialog = ImportImageDialog(image, path, self)
        if not self.run_import_dialog(dialog):
            return False
        document = dialog.document()
        if document is None:
            return False
        self.add_tab(document, name=path.stem, unsaved=True)
        return True

    def generate_dialog(self) -> None:
        dialog = GenerateDialog(self)
        dialog.made.connect(
            lambda puzzles: (
                self.book.add_generated(puzzles)
                if dialog.adds_to_book()
                else self.open_generated(puzzles)
            )
        )
        self.run_generate_dialog(dialog)

    def open_generated(self, puzzles: list[Generated]) -> None:
        """Open generated puzzles, each in a tab of its own (unsaved work)."""
        for generated in puzzles:
            # Untitled: the tab goes by the generator's name ("Nonogram 15×15 #7").
            self.add_tab(generated.document, name=generated.name, unsaved=True)

    def open_document(
        self, document: Document, *, name: str, book_source: BookEntry | None = None
    ) -> DocumentTab:
        """Show ``document`` in a tab: the tab already showing the same book entry, if any."""
        for tab in self.document_tabs():
            if book_source is not None and tab.book_source is book_source:
                self.tabs.setCurrentWidget(tab)
                return tab
        return self.add_tab(document, name=name, book_source=book_source)

    def save(self) -> bool:
        return self._save(self.tab)

    def save_as(self) -> bool:
        return self._save(self.tab, as_new=True)

    def save_all(self) -> bool:
        """Save every document with unsaved changes, and the book; False if one was not saved."""
        return all(self._save(tab) for tab in self.document_tabs() if tab.model.modified) and (
            not self.book.model.modified or self.book.save()
        )

    def _save(self, tab: DocumentTab, *, as_new: bool = False) -> bool:
        """Save ``tab``'s document in its file, or (the first time, or ``as_new``) where the
        user says; a file another program changed since it was read or saved is overwritten
        only if the user says so. False if not saved."""
        model = tab.model
        if as_new or model.path is None or model.disk.changed:
            self.tabs.setCurrentWidget(tab)  # a question about it comes: show which one
        save_to = partial(self.save_to, tab=tab)
        return save_file(model, self.ask_save_path, save_to, self.ask_overwrite, as_new=as_new)

    def save_to(self, path: Path, *, tab: DocumentTab | None = None) -> bool:
        """Write ``tab``'s document (the one shown by default) to ``path`` (``.json`` added),
        unless another tab shows that file."""
        tab = tab or self.tab
        path = with_extension(path, (".json",))
        other = self.tab_of(path)
        if other is not None and other is not tab:
            self.show_error(
                "Cannot save the puzzle",
                f"{path.name} is open in another tab: close it first, or save under another name.",
            )
            return False
        try:
            formats.save(tab.document, path, format="studio")
        except StudioError as error:
            self.show_error("Cannot save the puzzle", str(error))
            return False
        tab.model.mark_saved(path)
        self.settings.add_recent_file(path)
        self.show_message(f"Saved {path}")
        return True

    def export_dialog(self, solution: bool) -> None:
        """Export the puzzle, its solution or both as PNG, SVG or PDF (the export dialog)."""
        run_export(self, solution=solution)

    def maybe_save(self) -> bool:
        """Ask to save the shown document's unsaved changes; True if it may be dropped now."""
        return may_drop(self.model, self.ask_save_changes, self.save)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit: one question about every unsaved document and the book."""
        unsaved = [f"“{tab.model.name}”" for tab in self.document_tabs() if tab.model.modified]
        if self.book.model.modified:
            unsaved.append(f"the book “{self.book.model.book.title}”")
        if unsaved:
            choice = self.ask_save_all(unsaved)
            if choice == Choice.CANCEL or (choice == Choice.SAVE and not self.save_all()):
                event.ignore()
                return
        for tab in self.document_tabs():
            tab.shutdown()
        self.book.shutdown()
        self.autosave.end()  # nothing is left unsaved: saved, or discarded when asked
        event.accept()

    # Files changed by other programs ---------------------------------------------------------

    def check_files(self) -> None:
        """Look at the files of the open documents: offer to reload each that another program
        changed (one question at a time, with its tab shown), and make a document whose file
        was removed unsaved work, so that closing it asks."""
        if not self.isVisible():
            return  # closed (quit): nothing to ask
        if QApplication.activeModalWidget() is not None:
            return  # not over a dialog: the window, active again when it closes, looks again
        if self._checking_files:  # reading a file to reload: look again once it is read
            self._check_again = True
            return
        self._checking_files = True
        try:
            for tab in self.document_tabs():
                news = tab.model.disk.news()
                if news == News.CHANGED:
                    self._offer_reload(tab)
                elif news == News.REMOVED:
                    self._removed(tab.model, f"“{tab.model.name}”")
            news = self.book.model.disk.news()
            if news == News.CHANGED:
                self.book.offer_reload()
            elif news == News.REMOVED:
                self._removed(self.book.model, f"The book “{self.book.model.book.title}”")
        finally:
            self._checking_files = False
        self._watch_files()  # a file replaced by another is a new file to watch
        if self._check_again:
            self._check_again = False
            self.disk_check.start()

    def _removed(self, edited: EditedFile, name: str) -> None:
        """``edited``'s file was moved or deleted: what it shows is unsaved work now."""
        edited.undo_stack.resetClean()
        self.show_message(
            f"{name} was moved or deleted by another program: it is unsaved work now (Save "
            "puts it back)"
        )

    def _offer_reload(self, tab: DocumentTab) -> None:
        self.tabs.setCurrentWidget(tab)
        read = partial(self._read, failed="Cannot reload the puzzle", after=NOT_RELOADED)
        if reload_if_asked(tab.model, self.ask_reload, read):
            self.show_message(f"Reloaded {tab.model.file} (Undo brings back what was shown)")

    def _watch_files(self) -> None:
        """Watch the open documents' files, and their folders (another program's save may put
        a new file in the place of the old one)."""
        edited = [*(tab.model for tab in self.document_tabs()), self.book.model]
        files = [file for model in edited if (file := model.file) is not None]
        wanted = {str(file) for file in files if file.is_file()}
        wanted |= {str(file.parent) for file in files if file.parent.is_dir()}
        watched = {*self.watcher.files(), *self.watcher.directories()}
        if wanted - watched:
            self.watcher.addPaths(sorted(wanted - watched))
        if watched - wanted:
            self.watcher.removePaths(sorted(watched - wanted))

    def event(self, event: QEvent) -> bool:
        """The pointer leaving a toolbar button or a menu item (an empty status tip) brings
        back the passing message its status tip covered, for the rest of its time: Qt's own
        handling cleared it (a hint's message went blank on the way from the Hint button to
        the grid)."""
        if isinstance(event, QStatusTipEvent) and not event.tip():
            text, until = self._message
            left_ms = round((until - time.monotonic()) * 1000)
            if text and left_ms > 0:
                self.statusBar().showMessage(text, left_ms)
                return True
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:
        """Back in the window: look at the open files (a watcher can miss a change, on a
        network drive say)."""
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self.disk_check.start()
        super().changeEvent(event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = [url for url in event.mimeData().urls() if url.isLocalFile()]
        if urls:
            event.acceptProposedAction()
            for url in urls:
                self.open_path(Path(url.toLocalFile()))

    # Questions to the user: separate methods so that tests can answer them ------------------

    def ask_open_path(self) -> Path | None:
        return ask_open(self, "Open puzzle", PUZZLE_FILTER)

    def ask_new_puzzle(self) -> tuple[str, tuple[int, int]] | None:
        """The kind and ``(height, width)`` of a new puzzle, or ``None`` if cancelled."""
        height, width = self.model.document.puzzle.shape
        dialog = NewPuzzleDialog(self, width=width, height=height, kind=self.model.document.kind)
        if dialog.exec() != NewPuzzleDialog.DialogCode.Accepted:
            return None
        return dialog.kind(), dialog.shape()

    def ask_image_path(self) -> Path | None:
        return ask_open(self, "Import image", IMAGE_FILTER)

    def ask_save_path(self) -> Path | None:
        model = self.model
        # A file in another format is saved as a studio document beside it (heart.non: heart.json).
        suggested = model.file.with_suffix(".json") if model.file else Path(f"{model.name}.json")
        return ask_save(self, "Save puzzle", suggested, SAVE_FILTER, (".json",))

    def ask_save_changes(self) -> Choice:
        return ask_to_save(self, f"“{self.model.name}”")

    def ask_overwrite(self) -> Conflict:
        """Whether to save the shown document over its file, changed by another program."""
        return ask_to_overwrite(self, f"“{self.model.name}”")

    def ask_reload(self, *, modified: bool) -> bool:
        """Whether to reload the shown document, its file changed by another program."""
        return ask_to_reload(self, f"“{self.model.name}”", modified=modified)

    def ask_save_all(self, names: list[str]) -> Choice:
        return ask_to_save_all(self, names)

    def ask_recover(self, items: list[str]) -> Recovery:
        return ask_to_recover(self, items)

    def ask_discard_unreadable(self, lines: list[str]) -> bool:
        return ask_to_discard_unreadable(self, lines, recovery_dir())

    def run_import_dialog(self, dialog: ImportImageDialog) -> bool:
        return dialog.exec() == ImportImageDialog.DialogCode.Accepted

    def run_generate_dialog(self, dialog: GenerateDialog) -> None:
        dialog.exec()

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.warning(self, title, message)
