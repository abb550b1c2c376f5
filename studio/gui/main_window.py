"""The main window: menus, the puzzle view, the status bar, and the file commands."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QWidget,
)
from shiboken6 import isValid

from studio import APP_NAME
from studio.core import formats, hints
from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import PuzzleError, StudioError
from studio.core.generate import Generated
from studio.core.grid import UNKNOWN, mask_of
from studio.core.kinds import document_of_picture, new_document
from studio.core.pixelart import FORMATS as IMAGE_FORMATS
from studio.core.pixelart import open_image
from studio.core.puzzle import Puzzle
from studio.core.repair import Repair, repair_document, repaired
from studio.core.sat.analysis import Analysis, Status
from studio.core.verdict import describe
from studio.gui.book_commands import BookCommands
from studio.gui.dialogs import ImportImageDialog, NewPuzzleDialog, ask_to_save
from studio.gui.document_model import DocumentModel
from studio.gui.edited import Choice, may_drop, save_file
from studio.gui.generate_dialog import GenerateDialog
from studio.gui.kinds import qt_kind
from studio.gui.live_analysis import LiveAnalysis
from studio.gui.loading import wait_for
from studio.gui.puzzle_view import DEFAULT_CELL, HintState, PuzzleView
from studio.gui.repair_panel import RepairPanel
from studio.gui.settings import Settings
from studio.gui.workers import Batch
from studio.render.export import IMAGE_SUFFIXES as IMAGE_EXPORTS
from studio.render.export import export_image

IMAGE_SUFFIXES = tuple(f".{name.lower()}" for name in IMAGE_FORMATS)
_PUZZLE_PATTERNS = " ".join(
    sorted({f"*{suffix}" for spec in formats.FORMATS for suffix in spec.extensions})
)
PUZZLE_FILTER = f"Puzzles ({_PUZZLE_PATTERNS});;Puzzle Studio documents (*.json);;All files (*)"
IMAGE_FILTER = f"Images ({' '.join('*' + s for s in IMAGE_SUFFIXES)});;All files (*)"
SAVE_FILTER = "Puzzle Studio document (*.json)"
EXPORT_FILTER = ";;".join(f"{suffix[1:].upper()} (*{suffix})" for suffix in IMAGE_EXPORTS)


def blank_document(height: int = 15, width: int = 15, kind: str = "nonogram") -> Document:
    """An empty puzzle of ``kind``, ``height`` × ``width`` cells."""
    return new_document(kind, (height, width))


_WINDOWS: set[MainWindow] = set()


def open_windows() -> list[MainWindow]:
    """The main windows open now."""
    return list(_WINDOWS)


class MainWindow(QMainWindow):
    """One document at a time, analysed live."""

    def __init__(self, document: Document | None = None) -> None:
        super().__init__()
        _WINDOWS.add(self)  # every open window is kept alive until it is closed
        self.settings = Settings()
        self.model = DocumentModel(document or blank_document(), self)
        self.view = PuzzleView(self.model)
        self.view.set_cell_size(self.settings.cell_size(DEFAULT_CELL))
        self.analysis = LiveAnalysis(self)
        self.changes = Batch(self)
        self.repair_panel = RepairPanel()
        self.repair_dock = QDockWidget("Repair", self)
        self.repair_dock.setObjectName("repairDock")
        self.repair_dock.setWidget(self.repair_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.repair_dock)
        self.book = BookCommands(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.book.dock)
        self.book.dock.hide()  # the puzzle gets the room until there is a book to show
        self.resizeDocks([self.repair_dock, self.book.dock], [240, 230], Qt.Orientation.Horizontal)
        scroll = QScrollArea()
        scroll.setWidget(self.view)
        scroll.setWidgetResizable(True)
        self.setCentralWidget(scroll)
        self.status_label = QLabel()
        self.status_label.setObjectName("analysisStatus")
        self.position_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.book.progress)
        self.statusBar().addPermanentWidget(self.position_label)
        self.setAcceptDrops(True)
        self._build_actions()
        self._build_menus()

        self.model.changed.connect(self._document_changed)
        self.model.file_changed.connect(self._update_title)
        self.analysis.started.connect(lambda: self._show_status("Checking…"))
        self.analysis.invalid.connect(self._invalid)
        self.analysis.analysed.connect(self._analysed)
        self.analysis.rated.connect(self._rated)
        self.analysis.searching.connect(self.repair_panel.set_searching)
        self.analysis.suggested.connect(self.repair_panel.set_suggestions)
        self.analysis.failed.connect(self._job_failed)
        self.changes.finished.connect(self._change_done)
        self.changes.failed.connect(self._change_failed)
        self.changes.cancelled.connect(self._change_cancelled)
        self.view.change_requested.connect(self.change_document)
        self.repair_panel.preview.connect(self.view.set_preview)
        self.repair_panel.apply.connect(self.apply_repair)
        self.repair_panel.repair_all.connect(self.repair_all)
        self.view.hovered.connect(self._show_position)
        self.view.message.connect(self.show_message)
        self.resize(900, 700)
        self._update_title()
        self._document_changed(immediately=True)

    # Actions and menus ----------------------------------------------------------------------

    def add_action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self.add_action("&New…", self.new_puzzle, keys.New)
        self.open_action = self.add_action("&Open…", self.open_dialog, keys.Open)
        self.save_action = self.add_action("&Save", self.save, keys.Save)
        self.save_as_action = self.add_action("Save &As…", self.save_as, keys.SaveAs)
        self.import_action = self.add_action("&Import Image…", self.import_dialog, "Ctrl+I")
        self.generate_action = self.add_action("&Generate…", self.generate_dialog, "Ctrl+G")
        self.export_action = self.add_action("&Export Puzzle…", lambda: self.export_dialog(False))
        self.export_solution_action = self.add_action(
            "Export &Solution…", lambda: self.export_dialog(True)
        )
        self.new_window_action = self.add_action("New &Window", self.new_window, "Ctrl+Shift+N")
        self.quit_action = self.add_action("&Quit", self.close, keys.Quit)
        # Undo follows what was edited last, or what has the focus: the puzzle or the book.
        self.undo_group = QUndoGroup(self)
        for stack in (self.model.undo_stack, self.book.model.undo_stack):
            self.undo_group.addStack(stack)
            stack.indexChanged.connect(partial(self._stack_edited, stack))
        self.undo_group.setActiveStack(self.model.undo_stack)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(keys.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(keys.Redo)
        self.addActions([self.undo_action, self.redo_action])
        self.zoom_in_action = self.add_action("Zoom &In", lambda: self._zoom(+4), keys.ZoomIn)
        self.zoom_out_action = self.add_action("Zoom &Out", lambda: self._zoom(-4), keys.ZoomOut)
        self.zoom_reset_action = self.add_action(
            "&Actual Size", lambda: self._zoom(DEFAULT_CELL - self.view.cell), "Ctrl+0"
        )
        self.variable_action = self.add_action(
            "Show &Variable Fields", self.view.set_show_variable, "V"
        )
        self.variable_action.setCheckable(True)
        self.variable_action.setChecked(True)
        self.stop_action = self.add_action("&Stop Analysis", self.stop_analysis, "Esc")
        self.hint_action = self.add_action("&Hint: Next Step", self.next_hint, "H")

    def _build_menus(self) -> None:
        menu = self.menuBar().addMenu("&File")
        menu.addActions([self.new_action, self.new_window_action, self.open_action])
        self.recent_menu = menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        menu.addActions([self.save_action, self.save_as_action])
        menu.addSeparator()
        menu.addActions([self.import_action, self.generate_action])
        menu.addSeparator()
        menu.addActions([self.export_action, self.export_solution_action])
        menu.addSeparator()
        menu.addAction(self.quit_action)
        menu = self.menuBar().addMenu("&Edit")
        menu.addActions([self.undo_action, self.redo_action])
        self.book.fill_menu(self.menuBar().addMenu("&Book"))
        menu = self.menuBar().addMenu("&View")
        menu.addActions([self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action])
        menu.addSeparator()
        menu.addActions([self.variable_action, self.stop_action])
        menu.addAction(self.repair_dock.toggleViewAction())
        self.puzzle_menu = self.menuBar().addMenu("&Puzzle")
        self.puzzle_menu.aboutToShow.connect(self._fill_puzzle_menu)
        menu = self.menuBar().addMenu("&Solve")
        menu.addAction(self.hint_action)

    def _fill_puzzle_menu(self) -> None:
        """The commands of the puzzle's kind: its editor's actions, which the editor owns."""
        self.puzzle_menu.clear()
        actions = self.view.editor.actions()
        self.puzzle_menu.addActions(actions)
        if not actions:
            self.puzzle_menu.addAction("No commands for this kind").setEnabled(False)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if not recent:
            self.recent_menu.addAction("No recent files").setEnabled(False)

    # Analysis -------------------------------------------------------------------------------

    def _document_changed(self, immediately: bool = False) -> None:
        self.repair_panel.set_kind(self.model.document.kind)
        self.repair_panel.set_idle("Checking…")
        self.analysis.show(self.model.document, immediately=immediately)

    def _invalid(self, reason: str) -> None:
        # Typed clues can be half-way (row and column totals differ until both are in).
        self.view.set_analysis(None)
        self._show_status(f"Not a valid puzzle yet: {reason}")
        self.repair_panel.set_idle("Repairs come once the clues make a puzzle.")

    def show_message(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _job_failed(self, message: str) -> None:
        self._show_status(f"Analysis failed: {message}")
        self.show_error("Analysis failed", message)

    def _analysed(self, analysis: Analysis) -> None:
        self.view.set_analysis(analysis)
        self._show_status(self.status_text(analysis))
        if analysis.status == Status.UNIQUE:
            self.repair_panel.set_unique()
            if analysis.difficulty is None:
                self._show_status(self.status_text(analysis) + " · rating…")
        elif analysis.status != Status.MULTIPLE or not analysis.complete:
            self.repair_panel.set_idle("Repairs come when the puzzle has solutions to tell apart.")

    def _rated(self, analysis: Analysis) -> None:
        self.view.set_analysis(analysis)
        self._show_status(self.status_text(analysis))

    # Repair --------------------------------------------------------------------------------

    def apply_repair(self, repair: Repair[Puzzle]) -> None:
        """Apply a suggested repair as one undo step."""
        self.model.replace(repaired(self.model.document, repair), f"Repair: {repair.describe()}")

    def repair_all(self, strategy: str, logic_solvable: bool) -> None:
        """Repair until unique (and logic-solvable if asked) on a worker; one undo step."""
        reference = self.view.solution_shown()

        def change(document: Document, cancel: CancelToken) -> tuple[Document, str]:
            result = repair_document(
                document,
                reference=reference,
                strategy=strategy,
                logic_solvable=logic_solvable,
                cancel=cancel,
            )
            return repaired(document, result), f"Repair all: {result.describe()}"

        self.change_document("Repairing", change)

    def change_document(
        self, doing: str, change: Callable[[Document, CancelToken], tuple[Document, str]]
    ) -> None:
        """Run a change of the whole document on a worker (a repair, a kind's command such as
        minimal clues), then apply it as one undo step named by the change; Esc stops it."""
        if self.changes.busy:
            return
        before = self.model.document

        def job(cancel: CancelToken, _progress: object) -> tuple[Document, Document, str]:
            return (before, *change(before, cancel))

        self.repair_panel.set_busy(doing)
        self.show_message(f"{doing}… (Esc stops)")
        self.changes.start(job)

    def _change_done(self, outcome: tuple[Document, Document, str]) -> None:
        before, after, title = outcome
        self.repair_panel.set_busy(None)
        if before is not self.model.document:
            return  # edited meanwhile: the change is of another document
        self.model.replace(after, title)
        self.show_message(title)

    def _change_cancelled(self) -> None:
        self.repair_panel.set_busy(None)
        self.show_message("Stopped")

    def _change_failed(self, message: str) -> None:
        self.repair_panel.set_busy(None)
        self.show_error("The change failed", message)

    def status_text(self, analysis: Analysis) -> str:
        text = describe(analysis)
        if analysis.stop_reason == "timeout":
            text += f" after {self.analysis.time_limit:g} s"
        return text

    def stop_analysis(self) -> None:
        """Esc: leave the hint steps, or else stop a running repair or analysis."""
        if self.view.hints is not None:
            self.view.set_hints(None)
            self.show_message("")
        elif self.changes.busy:
            self.changes.cancel()
        elif self.book.busy:
            self.book.stop()
        elif self.analysis.busy:
            self.analysis.stop()
            self._show_status("Analysis stopped")

    def next_hint(self) -> None:
        """Show the next step a person could take, from the steps shown so far."""
        puzzle = self.model.document.puzzle
        try:
            puzzle.validate()
        except PuzzleError as error:
            self.show_message(f"No hint: {error}")
            return
        state = self.view.hints
        known = state.known if state is not None else hints.start(puzzle)
        found = hints.step(puzzle, known)
        if found is None:
            solved = not bool(np.any(known == UNKNOWN))
            logic = puzzle.spec.logic
            self.show_message(
                f"Solved: {logic} decides every cell"
                if solved
                else f"{logic.capitalize()} decides no more cells: the rest needs probing or search"
            )
            return
        hint = found.hint
        self.view.set_hints(HintState(found.known, mask_of(puzzle.shape, hint.source)))
        count = len(hint.cells)
        self.show_message(
            f"Hint: {hint.reason} decides {count} cell{'s' if count != 1 else ''} "
            "(H: next step, Esc: back to the picture)"
        )

    def _stack_edited(self, stack: QUndoStack, _index: int) -> None:
        if isValid(stack):  # a stack being destroyed clears itself, which counts as an edit
            stack.setActive()

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is None or new.window() is not self:
            return
        book = self.book.dock.isAncestorOf(new)
        self.undo_group.setActiveStack((self.book.model if book else self.model).undo_stack)

    def _show_status(self, text: str) -> None:
        self.status_label.setText(text)

    def _show_position(self, cell: tuple[int, int] | None) -> None:
        self.position_label.setText(
            "" if cell is None else f"row {cell[0] + 1}, column {cell[1] + 1}"
        )

    def _zoom(self, step: int) -> None:
        self.view.set_cell_size(self.view.cell + step)
        self.settings.set_cell_size(self.view.cell)

    # Files ----------------------------------------------------------------------------------

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.model.name}[*] — {APP_NAME}")
        self.setWindowModified(self.model.modified)

    def new_puzzle(self) -> None:
        if not self.maybe_save():
            return
        choice = self.ask_new_puzzle()
        if choice is not None:
            kind, (height, width) = choice
            self.model.load(blank_document(height, width, kind))

    def open_dialog(self) -> None:
        path = self.ask_open_path()
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a puzzle file (read on a worker) or import an image file; False if cancelled or
        unreadable."""
        if path.suffix.lower() in IMAGE_SUFFIXES:
            return self.import_path(path)
        if not self.maybe_save():
            return False
        try:
            document = wait_for(
                self, f"Opening {path.name}…", lambda _cancel, _progress: formats.load(path)
            )
        except StudioError as error:
            self.show_error("Cannot open the puzzle", str(error))
            return False
        if not isinstance(document, Document):  # cancelled
            return False
        is_studio = formats.format_for_path(path).name == "studio" if path.suffix else False
        # Only a studio document can be saved back in place without losing anything; other
        # formats are saved as a new studio document (Save asks for a name).
        self.model.load(document, path=path if is_studio else None, name=path.stem)
        self.settings.add_recent_file(path)
        return True

    def import_dialog(self) -> None:
        path = self.ask_image_path()
        if path is not None:
            self.import_path(path)

    def import_path(self, path: Path) -> bool:
        """Import an image as a new puzzle of the kind the import dialog asks for; False if
        cancelled."""
        if not self.maybe_save():
            return False
        try:
            image = open_image(path)
        except StudioError as error:
            self.show_error("Cannot import the image", str(error))
            return False
        dialog = ImportImageDialog(image, path, self)
        if not self.run_import_dialog(dialog):
            return False
        picture = dialog.picture()
        if picture is None:
            return False
        document = document_of_picture(dialog.kind(), picture, title=path.stem)
        self.model.load(document, name=path.stem)
        self.model.undo_stack.resetClean()  # an imported picture is unsaved work
        self.settings.add_recent_file(path)
        return True

    def generate_dialog(self) -> None:
        dialog = GenerateDialog(self)
        dialog.generated.connect(
            lambda puzzles: (
                self.book.add_generated(puzzles)
                if dialog.adds_to_book()
                else self.open_generated(puzzles)
            )
        )
        self.run_generate_dialog(dialog)

    def open_generated(self, puzzles: list[Generated]) -> None:
        """Open generated puzzles: the first here if this window holds nothing yet, the rest
        (or all) in new windows."""
        for index, generated in enumerate(puzzles):
            document = generated.document
            if index == 0 and self.model.path is None and not self.model.modified:
                self.model.load(document, name=document.title)
                self.model.undo_stack.resetClean()  # a generated puzzle is unsaved work
            else:
                window = self.new_window(document)
                window.model.undo_stack.resetClean()

    def new_window(self, document: Document | None = None) -> MainWindow:
        """Another main window (on ``document``, or a blank puzzle)."""
        window = MainWindow(document)
        if document is not None:
            window.model.load(document, name=document.title or None)
        window.show()
        return window

    def save(self) -> bool:
        return save_file(self.model, self.ask_save_path, self.save_to)

    def save_as(self) -> bool:
        return save_file(self.model, self.ask_save_path, self.save_to, as_new=True)

    def save_to(self, path: Path) -> bool:
        if path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        try:
            formats.save(self.model.document, path, format="studio")
        except StudioError as error:
            self.show_error("Cannot save the puzzle", str(error))
            return False
        self.model.mark_saved(path)
        self.settings.add_recent_file(path)
        self.statusBar().showMessage(f"Saved {path}", 3000)
        return True

    def export_dialog(self, solution: bool) -> None:
        """Export the puzzle (or its solution view) as PNG, SVG or PDF."""
        path = self.ask_export_path(solution)
        if path is not None:
            self.export_to(path, solution=solution)

    def export_to(self, path: Path, *, solution: bool = False) -> bool:
        document = self.model.document
        shown = self.view.picture_shown()
        if solution and shown is None:
            self.show_error("No solution to export", "The puzzle has no solution known yet.")
            return False
        if path.suffix.lower() not in IMAGE_EXPORTS:
            path = path.with_name(path.name + ".png")
        try:
            look = qt_kind(document.kind).look
            export_image(document, path, look, solution=shown if solution else None)
        except StudioError as error:
            self.show_error("Cannot export the puzzle", str(error))
            return False
        self.show_message(f"Exported {path}")
        return True

    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; True if it is fine to drop the document now."""
        return may_drop(self.model, self.ask_save_changes, self.save)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_save() and self.book.maybe_save():
            for runner in (self.analysis, self.changes, self.book):
                runner.shutdown()
            _WINDOWS.discard(self)
            event.accept()
        else:
            event.ignore()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = [url for url in event.mimeData().urls() if url.isLocalFile()]
        if urls:
            event.acceptProposedAction()
            self.open_path(Path(urls[0].toLocalFile()))

    # Questions to the user: separate methods so that tests can answer them ------------------

    def ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Open puzzle", "", PUZZLE_FILTER)
        return Path(name) if name else None

    def ask_new_puzzle(self) -> tuple[str, tuple[int, int]] | None:
        """The kind and ``(height, width)`` of a new puzzle, or ``None`` if cancelled."""
        height, width = self.model.document.puzzle.shape
        dialog = NewPuzzleDialog(self, width=width, height=height, kind=self.model.document.kind)
        if dialog.exec() != NewPuzzleDialog.DialogCode.Accepted:
            return None
        return dialog.kind(), dialog.shape()

    def ask_image_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Import image", "", IMAGE_FILTER)
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        suggested = str(self.model.path or Path.cwd() / f"{self.model.name}.json")
        name, _ = QFileDialog.getSaveFileName(self, "Save puzzle", suggested, SAVE_FILTER)
        return Path(name) if name else None

    def ask_export_path(self, solution: bool) -> Path | None:
        stem = self.model.name + (" solution" if solution else "")
        suggested = (self.model.path.parent if self.model.path else Path.cwd()) / f"{stem}.png"
        name, _ = QFileDialog.getSaveFileName(
            self, "Export solution" if solution else "Export puzzle", str(suggested), EXPORT_FILTER
        )
        return Path(name) if name else None

    def ask_save_changes(self) -> Choice:
        return ask_to_save(self, f"“{self.model.name}”")

    def run_import_dialog(self, dialog: ImportImageDialog) -> bool:
        return dialog.exec() == ImportImageDialog.DialogCode.Accepted

    def run_generate_dialog(self, dialog: GenerateDialog) -> None:
        dialog.exec()

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.warning(self, title, message)
