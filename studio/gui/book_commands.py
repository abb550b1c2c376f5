"""The application's book: the Book menu, the Book panel, and the work they run on workers.

One book serves every open document. Adding the puzzle shown analyses it on a worker (its
solution, verdict and difficulty go into the book); a puzzle opened from the book (in a tab of
its own) is updated in place when added back. Exporting the PDF runs on a worker with progress
in the status bar; Esc stops it and leaves any earlier PDF untouched.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QInputDialog, QMenu, QProgressBar

from studio.core.book import Book, BookEntry, entry_for
from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import PuzzleError, StudioError
from studio.core.formats.book_json import EXTENSION, load_book, save_book
from studio.core.generate import Generated
from studio.gui.book_dialog import BookDialog
from studio.gui.book_model import BookModel
from studio.gui.book_panel import BookPanel
from studio.gui.dialogs import ask_to_save
from studio.gui.edited import Choice, may_drop, save_file
from studio.gui.fill_book_dialog import FillBookDialog
from studio.gui.kinds import looks
from studio.gui.live_analysis import DEFAULT_TIME_LIMIT
from studio.gui.loading import wait_for
from studio.gui.workers import Batch, Progress
from studio.render.book import BookExport, export_book

if TYPE_CHECKING:
    from studio.gui.main_window import MainWindow

BOOK_FILTER = f"Puzzle books (*{EXTENSION});;All files (*)"
PDF_FILTER = "PDF (*.pdf)"


class BookCommands(QObject):
    """The application's book: its model, panel (in a dock), actions and background jobs."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.model = BookModel(self)
        self.panel = BookPanel(self.model)
        self.dock = QDockWidget("Book", window)
        self.dock.setObjectName("bookDock")
        self.dock.setWidget(self.panel)
        self.jobs = Batch(self)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(160)
        self.progress.setVisible(False)
        self._adding_to: object = None
        """The tab whose puzzle is being added (its book entry follows)."""

        keys = QKeySequence.StandardKey
        self.new_action = window.add_action(
            "&New Book", self.new_book, None, "Start an empty book (asks to save this one)"
        )
        self.open_action = window.add_action(
            "&Open Book…", self.open_dialog, None, "Open a book file"
        )
        self.save_action = window.add_action("&Save Book", self.save, None, "Save the book")
        self.save_as_action = window.add_action(
            "Save Book &As…", self.save_as, None, "Save the book under a new name"
        )
        self.add_action = window.add_action(
            "&Add Puzzle to Book", self.add_puzzle, "Ctrl+B", "Add the puzzle shown to the book"
        )
        self.fill_action = window.add_action(
            "&Fill the Book…",
            self.fill_dialog,
            None,
            "Add puzzles of each kind, from easy to hard, made from one seed",
        )
        self.settings_action = window.add_action(
            "Print &Settings…", self.edit_settings, None, "Page size, margins, what the book holds"
        )
        self.export_action = window.add_action(
            "&Export Book as PDF…",
            self.export_dialog,
            keys.Print,
            "The print-ready PDF of the book",
        )

        self.model.changed.connect(self.update_actions)
        self.model.file_changed.connect(self._update_dock_title)
        self.panel.add_requested.connect(self.add_puzzle)
        self.panel.open_requested.connect(self.open_entry)
        self.panel.rename_requested.connect(self.rename_entry)
        self.jobs.finished.connect(self._job_done)
        self.jobs.failed.connect(self._job_failed)
        self.jobs.cancelled.connect(self._job_cancelled)
        self.jobs.progress.connect(self._job_progress)
        self._update_dock_title()

    def fill_menu(self, menu: QMenu) -> None:
        """The Book menu's commands."""
        menu.addActions([self.new_action, self.open_action, self.save_action, self.save_as_action])
        menu.addSeparator()
        menu.addActions([self.add_action, self.fill_action])
        menu.addSeparator()
        menu.addActions([self.settings_action, self.export_action])
        menu.addSeparator()
        show = self.dock.toggleViewAction()
        show.setToolTip("Show or hide the book's panel")
        menu.addAction(show)

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def stop(self) -> None:
        """Stop the running job (adding or exporting)."""
        self.jobs.cancel()

    def shutdown(self) -> None:
        self.jobs.shutdown()

    # Book files -----------------------------------------------------------------------------

    def new_book(self) -> None:
        if self.maybe_save():
            self.model.load(Book())
            self.dock.show()

    def open_dialog(self) -> None:
        path = self.ask_open_path()
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a book file, or a folder of puzzle documents as a new book (read on a worker,
        with progress and Cancel); False if cancelled or unreadable."""
        if not self.maybe_save():
            return False
        try:
            book = wait_for(
                self.window,
                f"Opening {path.name}…",
                lambda cancel, progress: load_book(path, progress=progress, cancel=cancel),
            )
        except StudioError as error:
            self.window.show_error("Cannot open the book", str(error))
            return False
        if not isinstance(book, Book):  # cancelled
            return False
        self.model.load(book, path if path.is_file() else None)
        self.dock.show()
        return True

    def save(self) -> bool:
        return save_file(self.model, self.ask_save_path, self.save_to)

    def save_as(self) -> bool:
        return save_file(self.model, self.ask_save_path, self.save_to, as_new=True)

    def save_to(self, path: Path) -> bool:
        if not path.name.endswith(EXTENSION):
            path = path.with_name(path.name.removesuffix(".json") + EXTENSION)
        try:
            save_book(self.model.book, path)
        except StudioError as error:
            self.window.show_error("Cannot save the book", str(error))
            return False
        self.model.mark_saved(path)
        self.window.show_message(f"Saved the book to {path}")
        return True

    def maybe_save(self) -> bool:
        """Ask to save the book's unsaved changes; True if it may be dropped now."""
        return may_drop(self.model, self.ask_save_changes, self.save)

    # Puzzles in the book ------------------------------------------------------------------

    def add_puzzle(self) -> None:
        """Add the window's puzzle (analysed on a worker); update it if it came from the book."""
        if self._busy():
            return
        tab = self.window.tab
        document = tab.document
        try:
            document.puzzle.validate()
        except PuzzleError as error:
            self.window.show_error("Cannot add the puzzle to the book", str(error))
            return
        source = tab.book_source
        self._adding_to = tab
        title = source.title if source is not None else document.title

        def job(cancel: CancelToken, _progress: Progress) -> tuple[BookEntry | None, BookEntry]:
            entry = entry_for(document, title, cancel=cancel)
            if cancel.cancelled:  # a timeout keeps the entry, marked as not shown unique
                raise Stopped("cancelled")
            return source, entry

        self.window.show_message("Adding the puzzle to the book… (Esc stops)")
        self.jobs.start(job, time_limit=DEFAULT_TIME_LIMIT)

    def add_generated(self, puzzles: list[Generated]) -> None:
        """Add generated puzzles (already analysed) at the end of the book, as one undo step."""
        entries = [entry_for(g.document, analysis=g.analysis) for g in puzzles]
        if entries:
            count = len(entries)
            self.model.replace(
                self.model.book.added(*entries),
                f"Add {count} generated puzzle{'s' if count != 1 else ''}",
            )
            self.dock.show()
            self.window.show_message(f"Added {count} puzzles to the book")

    def fill_dialog(self) -> None:
        """Fill the Book: the dialog makes the puzzles on its worker; they are added at the
        end of the book as one undo step."""
        dialog = FillBookDialog(self.window)
        dialog.filled.connect(self.add_generated)
        self.run_fill_dialog(dialog)

    def open_entry(self, row: int) -> None:
        """Open the book's puzzle at ``row`` in a tab; Add then updates it in the book."""
        entry = self.model.book.entries[row]
        name = self.model.book.titles()[row]
        self.window.open_document(entry.document, name=name, book_source=entry)
        self.update_actions()

    def rename_entry(self, row: int) -> None:
        title = self.ask_title(self.model.book.entries[row].title)
        if title is not None:
            self.panel.rename(row, title)

    def _row_of(self, entry: BookEntry | None) -> int | None:
        """The book's row holding this very entry, if it still does."""
        entries = self.model.book.entries
        return next((row for row, e in enumerate(entries) if e is entry), None)

    def _added(self, source: BookEntry | None, entry: BookEntry) -> None:
        book = self.model.book
        row = self._row_of(source)
        if row is None:
            self.model.replace(book.added(entry), f"Add “{entry.title or 'puzzle'}” to the book")
            row = len(book.entries)
        else:
            entries = list(book.entries)
            entries[row] = entry
            self.model.replace(book.with_entries(entries), f"Update puzzle {row + 1}")
        tab = self._adding_to
        if tab in self.window.document_tabs() and tab.book_source is source:
            tab.book_source = entry  # the tab shows that entry now: Add updates it again
        self.update_actions()
        self.panel.list.setCurrentRow(row)
        self.dock.show()
        warning = f": it {entry.warning}" if entry.warning else ""
        self.window.show_message(f"Puzzle {row + 1} of the book{warning}")

    # Print ---------------------------------------------------------------------------------

    def edit_settings(self) -> None:
        edited = self.ask_settings(self.model.book, export=False)
        if edited is not None:
            self._apply_settings(edited)

    def export_dialog(self) -> None:
        """Ask for the print settings and the PDF's name, then export on a worker."""
        if self._busy():
            return
        if not self.model.book.entries:
            self.window.show_error(
                "Nothing to export", "The book holds no puzzles yet: add some first (Ctrl+B)."
            )
            return
        edited = self.ask_settings(self.model.book, export=True)
        if edited is None:
            return
        self._apply_settings(edited)
        path = self.ask_pdf_path()
        if path is not None:
            self.export_to(path)

    def export_to(self, path: Path) -> None:
        """Export the book as a PDF at ``path`` on a worker."""
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        book = self.model.book

        def job(cancel: CancelToken, progress: Progress) -> tuple[Path, BookExport]:
            return path, export_book(book, path, looks, progress=progress, cancel=cancel)

        self.progress.setRange(0, len(book.entries))
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.window.show_message(f"Exporting {path.name}… (Esc stops)")
        self.jobs.start(job)

    def _apply_settings(self, edited: Book) -> None:
        book = self.model.book
        if (edited.title, edited.author, edited.layout) != (book.title, book.author, book.layout):
            self.model.replace(edited, "Change the book's print settings")

    # Jobs ----------------------------------------------------------------------------------

    def _job_done(self, outcome: tuple[object, object]) -> None:
        self.progress.setVisible(False)
        first, second = outcome
        if isinstance(second, BookEntry):
            self._added(first if isinstance(first, BookEntry) else None, second)
        elif isinstance(first, Path) and isinstance(second, BookExport):
            warnings = len(self.model.book.warnings())
            note = f" — {warnings} puzzle(s) flagged" if warnings else ""
            self.window.show_message(
                f"Exported {second.pages} pages to {first} in {second.seconds:.1f} s{note}"
            )

    def _job_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.window.show_message(f"Exporting: {done} of {total} puzzles drawn… (Esc stops)")

    def _job_cancelled(self) -> None:
        self.progress.setVisible(False)
        self.window.show_message("Stopped")

    def _job_failed(self, message: str) -> None:
        self.progress.setVisible(False)
        self.window.show_message("")  # the "Exporting…" of a job that is over
        self.window.show_error("The book job failed", message)

    def _busy(self) -> bool:
        if self.jobs.busy:
            self.window.show_message("The book is busy with the last command (Esc stops it)")
        return self.jobs.busy

    def update_actions(self) -> None:
        """Name Add after the entry the puzzle shown came from, if it did."""
        tabs = self.window.document_tabs()
        source = self.window.tab.book_source if tabs else None
        row = self._row_of(source)
        self.add_action.setText(
            "&Add Puzzle to Book" if row is None else f"&Update Puzzle {row + 1} in Book"
        )
        self.panel.add_button.setText("&Add Puzzle" if row is None else f"&Update {row + 1}")
        has_puzzles = bool(self.model.book.entries)
        self.export_action.setEnabled(has_puzzles)

    def _update_dock_title(self) -> None:
        name = self.model.path.name.removesuffix(EXTENSION) if self.model.path else "Untitled"
        self.dock.setWindowTitle(f"Book: {name}{' *' if self.model.modified else ''}")

    # Questions to the user: separate methods so that tests can answer them ------------------

    def ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Open book", "", BOOK_FILTER)
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        suggested = self.model.path or Path.cwd() / f"{self.model.book.title}{EXTENSION}"
        name, _ = QFileDialog.getSaveFileName(self.window, "Save book", str(suggested), BOOK_FILTER)
        return Path(name) if name else None

    def ask_pdf_path(self) -> Path | None:
        base = self.model.path
        suggested = (
            base.with_name(base.name.removesuffix(EXTENSION) + ".pdf")
            if base
            else Path.cwd() / f"{self.model.book.title}.pdf"
        )
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Export book as PDF", str(suggested), PDF_FILTER
        )
        return Path(name) if name else None

    def ask_settings(self, book: Book, *, export: bool) -> Book | None:
        dialog = BookDialog(book, self.window, export=export)
        if dialog.exec() != BookDialog.DialogCode.Accepted:
            return None
        return dialog.book()

    def run_fill_dialog(self, dialog: FillBookDialog) -> None:
        dialog.exec()

    def ask_title(self, title: str) -> str | None:
        prompt = "Title printed beside its number (empty: none):"
        text, ok = QInputDialog.getText(self.window, "Rename puzzle", prompt, text=title)
        return text if ok else None

    def ask_save_changes(self) -> Choice:
        return ask_to_save(self.window, f"the book “{self.model.book.title}”")
