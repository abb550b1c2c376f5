"""The application's book: the Book menu, the Book panel, printing, and the work they run on
workers.

One book serves every open document. Adding the puzzle shown analyses it on a worker (its
solution, verdict and difficulty go into the book); a puzzle opened from the book (in a tab of
its own) is updated in place when added back. Add Puzzle Files reads and analyses puzzle files
on a worker, adds those it could read as one undo step and names the others in one message.
Exporting the PDF runs on a worker with progress in the status bar (Esc stops it and leaves
any earlier PDF untouched), and opens it when done if the export dialog says so. Print Preview
and Print draw the same pages without the bleed (a home printer prints neither to the edge nor
past it); printing runs on a worker too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence, QPaintEngine
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDockWidget, QInputDialog, QMenu, QProgressBar

from studio.core.book import Book, BookEntry, entry_for
from studio.core.book.plan import BookPlan
from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import PuzzleError, StudioError
from studio.core.formats.book_json import (
    EXTENSION,
    entries_of_files,
    load_book,
    save_book,
)
from studio.core.generate import Generated
from studio.gui.actions import make_action
from studio.gui.book_dialog import BookDialog
from studio.gui.book_model import BookModel
from studio.gui.book_panel import BookPanel
from studio.gui.dialogs import PUZZLE_FILTER, ask_to_overwrite, ask_to_reload, ask_to_save
from studio.gui.edited import (
    NOT_RELOADED,
    Choice,
    Conflict,
    may_drop,
    reload_if_asked,
    save_file,
)
from studio.gui.file_dialogs import (
    ask_folder,
    ask_open,
    ask_open_many,
    ask_save,
    with_extension,
)
from studio.gui.fill_book_dialog import FillBookDialog
from studio.gui.kinds import looks
from studio.gui.live_analysis import DEFAULT_TIME_LIMIT
from studio.gui.loading import wait_for
from studio.gui.workers import Batch, Job, Progress
from studio.render.book import BookExport, draw_book, export_book
from studio.render.book.sheet import page_layout, require_font

if TYPE_CHECKING:
    from studio.gui.main_window import MainWindow

BOOK_FILTER = f"Puzzle books (*{EXTENSION});;All files (*)"
PDF_FILTER = "PDF (*.pdf)"
PREVIEW_SHARE = 0.9
"""The share of the window the print preview takes."""


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
        self._done: Callable[[Any], None] = lambda _result: None
        """What to do with the result of the job running."""
        self._steps = ""
        """The progress message of the job running, with ``{done}`` and ``{total}``."""

        keys = QKeySequence.StandardKey
        self.new_action = window.add_action(
            "&New Book", self.new_book, None, "Start an empty book (asks to save this one)"
        )
        self.open_action = window.add_action(
            "&Open Book…", self.open_dialog, None, "Open a book file"
        )
        self.open_folder_action = window.add_action(
            "Open Fol&der as Book…",
            self.open_folder_dialog,
            None,
            "Make a new book of the puzzle files in a folder, in file-name order",
        )
        self.save_action = window.add_action("&Save Book", self.save, None, "Save the book")
        self.save_as_action = window.add_action(
            "Save Book &As…", self.save_as, None, "Save the book under a new name"
        )
        self.add_action = window.add_action(
            "Add Puzzle to &Book", self.add_puzzle, "Ctrl+B", "Add the puzzle shown to the book"
        )
        self.fill_action = window.add_action(
            "F&ill the Book…",
            self.fill_dialog,
            None,
            "Add puzzles of each kind, from easy to hard, made from one seed",
        )
        self.settings_action = window.add_action(
            "&Print Settings…",
            self.edit_settings,
            None,
            "Page size, bleed, margins, what the book holds, cells, line weights, font",
        )
        self.export_action = window.add_action(
            "&Export Book as PDF…",
            self.export_dialog,
            "Ctrl+Shift+E",
            "The print-ready PDF of the book",
        )
        self.preview_action = window.add_action(
            "Print Book Pre&view…",
            self.print_preview,
            "Ctrl+Shift+P",
            "The book's pages as they print at home (without the bleed)",
        )
        self.print_action = window.add_action(
            "&Print Book…", self.print_book, keys.Print, "Print the book (without the bleed)"
        )

        self.model.changed.connect(self.update_actions)
        self.model.changed.connect(self._rename_tabs)
        self.model.file_changed.connect(self._update_dock_title)
        self.panel.add_requested.connect(self.add_puzzle)
        self.panel.add_files_requested.connect(self.add_files_dialog)
        self.panel.open_requested.connect(self.open_entry)
        self.panel.rename_requested.connect(self.rename_entry)
        self.jobs.finished.connect(self._job_done)
        self.jobs.failed.connect(self._job_failed)
        self.jobs.cancelled.connect(self._job_cancelled)
        self.jobs.progress.connect(self._job_progress)
        self._update_dock_title()

    def fill_menu(self, menu: QMenu) -> None:
        """The Book menu's commands (Print Preview and Print are in the File menu)."""
        menu.addActions(
            [
                self.new_action,
                self.open_action,
                self.open_folder_action,
                self.save_action,
                self.save_as_action,
            ]
        )
        menu.addSeparator()
        menu.addActions([self.add_action, self.panel.add_files_action, self.fill_action])
        sort = menu.addMenu("Sor&t Puzzles")
        sort.addActions(list(self.panel.sort_actions.values()))
        menu.addSeparator()
        menu.addActions([self.settings_action, self.export_action])
        menu.addSeparator()
        # Not the dock's own toggle, which is named after its title (Book: winter) and so has
        # no letter for Alt to reach it by.
        show = make_action(
            self.window,
            "Sho&w Book Panel",
            self.dock.setVisible,
            tip="Show or hide the book's panel",
        )
        show.setCheckable(True)
        show.setChecked(self.dock.isVisible())
        self.dock.visibilityChanged.connect(show.setChecked)
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

    def open_folder_dialog(self) -> None:
        path = self.ask_folder_path()
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a book file, or a folder of puzzle documents as a new book (read on a worker,
        with progress and Cancel; each file of the folder not read is named after); False if
        cancelled or unreadable."""
        if not self.maybe_save():
            return False
        book = self.read(path)
        if book is None:
            return False
        self.model.load(book, path if path.is_file() else None)
        self.dock.show()
        return True

    def read(
        self, path: Path, failed: str = "Cannot open the book", after: str = ""
    ) -> Book | None:
        """The book in the file or folder at ``path``, read on a worker (each file of a folder
        not read is named after); ``None`` if cancelled or unreadable (said, titled ``failed``,
        the error followed by ``after``)."""
        unread: list[str] = []

        def read(cancel: CancelToken, progress: Progress) -> Book:
            def named(error: StudioError) -> None:
                unread.append(str(error))

            return load_book(path, unread=named, progress=progress, cancel=cancel)

        try:
            book = wait_for(self.window, f"Opening {path.name}…", read)
        except StudioError as error:
            self.window.show_error(failed, f"{error}{after}")
            return None
        if not isinstance(book, Book):  # cancelled
            return None
        self._name_unread("Not every file was read", "read", unread)
        return book

    def offer_reload(self) -> None:
        """The book's file was changed by another program: show it as the file has it now,
        if the user says so (an undo step), else keep what is shown as unsaved work (as when
        the file cannot be read)."""
        self.dock.show()
        read = partial(self.read, failed="Cannot reload the book", after=NOT_RELOADED)
        if reload_if_asked(self.model, self.ask_reload, read):
            self.window.show_message(
                f"Reloaded the book from {self.model.path} (Undo brings back what was shown)"
            )

    def recover(self, book: Book, path: Path | None) -> None:
        """Show ``book``, unsaved work a crash left behind (its file, if it had one, is where
        Save writes)."""
        self.model.load(book, path)
        self.model.undo_stack.resetClean()
        self.dock.show()

    def save(self) -> bool:
        return save_file(self.model, self.ask_save_path, self.save_to, self.ask_overwrite)

    def save_as(self) -> bool:
        return save_file(
            self.model, self.ask_save_path, self.save_to, self.ask_overwrite, as_new=True
        )

    def ask_overwrite(self) -> Conflict:
        """Whether to save the book over its file, changed by another program."""
        return ask_to_overwrite(self.window, f"the book “{self.model.book.title}”")

    def ask_reload(self, *, modified: bool) -> bool:
        """Whether to reload the book, its file changed by another program."""
        return ask_to_reload(self.window, f"the book “{self.model.book.title}”", modified=modified)

    def save_to(self, path: Path) -> bool:
        path = with_extension(path, (EXTENSION,))
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
        self._start(job, lambda outcome: self._added(*outcome), time_limit=DEFAULT_TIME_LIMIT)

    def add_files_dialog(self) -> None:
        paths = self.ask_puzzle_paths()
        if paths:
            self.add_files(paths)

    def add_files(self, paths: list[Path]) -> None:
        """Read and analyse puzzle files on a worker (each within the live analysis' time
        limit), then add the puzzles read at the end of the book as one undo step and name
        every file not read in one message."""
        if self._busy():
            return

        def job(cancel: CancelToken, progress: Progress) -> tuple[list[BookEntry], list[str]]:
            entries, errors = entries_of_files(
                paths, time_limit=DEFAULT_TIME_LIMIT, progress=progress, cancel=cancel
            )
            return entries, [str(error) for error in errors]

        count = len(paths)
        self.window.show_message(f"Adding {count} file{'s' if count != 1 else ''}… (Esc stops)")
        self._start(
            job,
            lambda outcome: self._files_added(*outcome),
            steps="Adding files: {done} of {total} read and analysed… (Esc stops)",
            total=count,
        )

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
        dialog.made.connect(self.add_generated)
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

    def _files_added(self, entries: list[BookEntry], errors: list[str]) -> None:
        if entries:
            count = len(entries)
            plural = "s" if count != 1 else ""
            self.model.replace(self.model.book.added(*entries), f"Add {count} puzzle file{plural}")
            self.panel.list.setCurrentRow(len(self.model.book.entries) - 1)
            self.dock.show()
            flagged = sum(entry.warning is not None for entry in entries)
            note = f" — {flagged} flagged" if flagged else ""
            self.window.show_message(f"Added {count} puzzle{plural} to the book{note}")
        else:
            self.window.show_message("")
        self._name_unread("Not every file was added", "added", errors)

    def _name_unread(self, title: str, done: str, errors: list[str]) -> None:
        """Name each file not read (its error in one line) in one message, if any."""
        if errors:
            listed = "\n".join(f"• {error}" for error in errors)
            what = f"{len(errors)} file{'s were' if len(errors) != 1 else ' was'} not {done}"
            self.window.show_error(title, f"{what}:\n{listed}")

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
            self._rename_tabs()
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
        """Ask for the print settings and the PDF's name, then export on a worker. Cancel in
        the file dialog goes back to the print settings (it ended the export, settings and
        all); Cancel there ends it."""
        if self._busy():
            return
        if not self.model.book.entries:
            self.window.show_error(
                "Nothing to export", "The book holds no puzzles yet: add some first (Ctrl+B)."
            )
            return
        while (edited := self.ask_settings(self.model.book, export=True)) is not None:
            self._apply_settings(edited)
            path = self.ask_pdf_path()
            if path is not None:
                self.export_to(path, open_when_done=self.window.settings.open_pdf())
                return

    def export_to(self, path: Path, *, open_when_done: bool = False) -> None:
        """Export the book as a PDF at ``path`` on a worker; ``open_when_done``: then show it
        in the desktop's PDF viewer (:meth:`open_pdf`)."""
        path = with_extension(path, (".pdf",))
        book = self.model.book

        def job(cancel: CancelToken, progress: Progress) -> BookExport:
            return export_book(book, path, looks, progress=progress, cancel=cancel)

        self.window.show_message(f"Exporting {path.name}… (Esc stops)")
        self._start(
            job,
            lambda result: self._exported(path, result, open_when_done),
            steps="Exporting: {done} of {total} puzzles drawn… (Esc stops)",
            total=len(book.entries),
        )

    def _exported(self, path: Path, result: BookExport, open_when_done: bool) -> None:
        warnings = len(self.model.book.warnings())
        note = f" — {warnings} puzzle(s) flagged" if warnings else ""
        unopened = (
            "; no application opened it" if open_when_done and not self.open_pdf(path) else ""
        )
        greyscale = _greyscale_note(self.model.book)
        self.window.show_message(
            f"Exported {result.pages} pages to {path} in {result.seconds:.1f} s{note}{unopened}"
            f"{greyscale}"
        )

    def open_pdf(self, path: Path) -> bool:
        """Show the PDF at ``path`` in the desktop's viewer for PDFs; False if none opened."""
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def home_book(self) -> Book | None:
        """The book as printed at home: without its bleed (:meth:`BookLayout.without_bleed`);
        ``None``, after saying why, for a book that cannot be printed here (no puzzles, or its
        font not installed)."""
        book = self.model.book
        if not book.entries:
            self.window.show_error(
                "Nothing to print", "The book holds no puzzles yet: add some first (Ctrl+B)."
            )
            return None
        try:
            require_font(book.layout)
        except StudioError as error:
            self.window.show_error("Cannot print the book", str(error))
            return None
        return replace(book, layout=book.layout.without_bleed())

    def print_preview(self) -> None:
        """File ▸ Print Book Preview: the pages drawn by the book's renderer onto the preview's
        printer, page by page as they print (and printed from there if asked)."""
        book = self.home_book()
        if book is None:
            return
        dialog = QPrintPreviewDialog(self.window)  # with a printer of its own, for its life
        printer = dialog.printer()
        printer.setDocName(book.title)
        printer.setPageLayout(page_layout(book.layout))
        dialog.setWindowTitle(f"Print Preview: {book.title}")
        dialog.resize(self.window.size() * PREVIEW_SHARE)  # Qt's own size shows a page tiny
        dialog.paintRequested.connect(lambda device: self._draw_preview(device, book))
        self.run_preview_dialog(dialog)

    def _draw_preview(self, printer: QPrinter, book: Book) -> None:
        if printer.paintEngine().type() == QPaintEngine.Type.Pdf and printer.outputFileName():
            # The preview's own Print to File: the PDF written as Print Book writes it, whole
            # and verified, rather than streamed through the printer (a paper printer is
            # drawn on here, in the dialog's life, which ends with this print).
            self._print(book, printer)
            return
        try:
            draw_book(printer, book, looks)
        except StudioError as error:  # a device that failed: the preview shows what it got
            self.window.show_message(f"The preview is incomplete: {error}")

    def print_book(self) -> None:
        """File ▸ Print Book: the print dialog, then the pages drawn on its printer on a worker
        (progress in the status bar; Esc stops, and aborts the job where the printer can).
        Printing to a PDF file writes it as Export Book as PDF does (through
        :func:`studio.core.files.write_bytes`), without the bleed."""
        if self._busy():
            return
        book = self.home_book()
        if book is None:
            return
        printer = self.ask_printer(book)
        if printer is not None:
            self._print(book, printer)

    def _print(self, book: Book, printer: QPrinter) -> None:
        """Print ``book`` (without its bleed) on ``printer`` on the worker; a PDF printer with
        a file name writes the file as an export does."""
        if self._busy():
            return
        target = printer.outputFileName()
        to_file = printer.outputFormat() == QPrinter.OutputFormat.PdfFormat and bool(target)

        def job(cancel: CancelToken, progress: Progress) -> BookPlan:
            if to_file:  # Print to File: written as an export is, whole and verified
                return export_book(book, target, looks, progress=progress, cancel=cancel).plan
            return draw_book(printer, book, looks, progress=progress, cancel=cancel)

        where = target or printer.printerName() or "the printer"
        self.window.show_message(f"Printing “{book.title}”… (Esc stops)")
        self._start(
            job,
            lambda plan: self.window.show_message(
                f"Sent {len(plan.pages)} pages of “{book.title}” to {where}{_greyscale_note(book)}"
            ),
            steps="Printing: {done} of {total} puzzles drawn… (Esc stops)",
            total=len(book.entries),
        )

    def _apply_settings(self, edited: Book) -> None:
        book = self.model.book
        if (edited.title, edited.author, edited.layout) != (book.title, book.author, book.layout):
            self.model.replace(edited, "Change the book's print settings")

    # Jobs ----------------------------------------------------------------------------------

    def _start(
        self,
        job: Job,
        done: Callable[[Any], None],
        *,
        steps: str = "",
        total: int = 0,
        time_limit: float | None = None,
    ) -> None:
        """Run ``job`` on the book's worker and ``done(result)`` when it ends; with ``steps``
        (a message with ``{done}`` and ``{total}``), show its progress out of ``total``."""
        self._done, self._steps = done, steps
        if steps:
            self.progress.setRange(0, total)
            self.progress.setValue(0)
            self.progress.setVisible(True)
        self.jobs.start(job, time_limit=time_limit)

    def _job_done(self, result: object) -> None:
        self.progress.setVisible(False)
        self._done(result)

    def _job_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        if self._steps:
            self.window.show_message(self._steps.format(done=done, total=total))

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
            "Add Puzzle to &Book" if row is None else f"&Update Puzzle {row + 1} in Book"
        )
        self.panel.add_button.setText("&Add Puzzle" if row is None else f"&Update {row + 1}")
        has_puzzles = bool(self.model.book.entries)
        for action in (self.export_action, self.preview_action, self.print_action):
            action.setEnabled(has_puzzles)

    def _rename_tabs(self) -> None:
        """Tabs showing a book's puzzle take its name in the book as it is now (a sort
        renumbers the puzzles, a rename retitles one)."""
        titles = self.model.book.titles()
        for tab in self.window.document_tabs():
            row = self._row_of(tab.book_source)
            if row is not None:
                tab.model.rename(titles[row])

    def _update_dock_title(self) -> None:
        modified = " *" if self.model.modified else ""
        self.dock.setWindowTitle(f"Book: {self.model.name}{modified}")

    # Questions to the user: separate methods so that tests can answer them ------------------

    def ask_open_path(self) -> Path | None:
        return ask_open(self.window, "Open book", BOOK_FILTER)

    def ask_folder_path(self) -> Path | None:
        return ask_folder(self.window, "Open a folder of puzzles as a book")

    def ask_save_path(self) -> Path | None:
        suggested = self.model.path or Path(f"{self.model.book.title}{EXTENSION}")
        return ask_save(self.window, "Save book", suggested, BOOK_FILTER, (EXTENSION,))

    def ask_pdf_path(self) -> Path | None:
        base = self.model.path
        suggested = (
            base.with_name(base.name.removesuffix(EXTENSION) + ".pdf")
            if base
            else Path(f"{self.model.book.title}.pdf")
        )
        return ask_save(self.window, "Export book as PDF", suggested, PDF_FILTER, (".pdf",))

    def ask_puzzle_paths(self) -> list[Path]:
        return ask_open_many(self.window, "Add puzzle files to the book", PUZZLE_FILTER)

    def ask_printer(self, book: Book) -> QPrinter | None:
        """The printer the print dialog chose, set to the book's pages; ``None`` if
        cancelled."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(book.title)
        printer.setPageLayout(page_layout(book.layout))
        dialog = QPrintDialog(printer, self.window)
        dialog.setWindowTitle(f"Print “{book.title}”")
        return printer if dialog.exec() == QPrintDialog.DialogCode.Accepted else None

    def run_preview_dialog(self, dialog: QPrintPreviewDialog) -> None:
        dialog.exec()
        dialog.deleteLater()

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


def _greyscale_note(book: Book) -> str:
    """The end of a message about a printed ``book``: the colour puzzles whose colours would
    print alike in greyscale (:meth:`Book.greyscale_warnings`), or nothing."""
    warnings = book.greyscale_warnings()
    return f" — warning: {'; '.join(warnings)}" if warnings else ""
