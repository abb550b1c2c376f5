"""A puzzle book drawn on pages: a print-ready PDF, or any paged device (a printer, a print
preview).

The core plans the book (:mod:`studio.core.book.plan`: which page holds what, every puzzle's
cell size, in millimetres); this package draws the plan. :func:`draw_book` draws every page on
any ``QPagedPaintDevice`` (a ``QPdfWriter``, or the ``QPrinter`` of a print dialog or a
``QPrintPreviewDialog``'s ``paintRequested``); :func:`export_book` makes the PDF with it and sets
the print boxes (:mod:`.pdf`). Modules: :mod:`.sheet` (millimetres, text and page numbers on a
device), :mod:`.front` (title page, contents), :mod:`.rules` (a kind's rules page),
:mod:`.puzzles` (pages of puzzles and of solutions); :mod:`.preflight` names, before printing,
what would print badly (a puzzle too small to read, a title cut to fit).

The pages: a title page and the contents (unnumbered); then section by section (a run of
puzzles of one kind, in colour or not), the first of each kind (and of its colour puzzles)
opened by its rules page with a worked example, the puzzles numbered 1…N at one cell size per
kind and size, colour puzzles in their colours with a colour key under each
(:mod:`studio.render.key`); the solutions at the back, in colour too; page numbers at the
outer corners; a PDF page is the trim and its bleed, its TrimBox and BleedBox set, its fonts
embedded (Qt embeds a subset of each font it draws with).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QPagedPaintDevice, QPdfWriter
from PySide6.QtPrintSupport import QPrinter

from studio import APP_NAME
from studio.core import files
from studio.core.book import Book
from studio.core.book.plan import BookPlan, Page, Role, plan_book
from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import StudioError
from studio.render.book.front import contents_page, title_page
from studio.render.book.pdf import with_print_boxes
from studio.render.book.puzzles import puzzle_page, solutions_page
from studio.render.book.rules import rules_page
from studio.render.book.sheet import Sheet
from studio.render.export import extent
from studio.render.scene import Looks

PDF_DPI = 1200
"""Units of the PDF writer's coordinates a inch (the PDF is vector: this only sets how finely
positions are written)."""

Progress = Callable[[int, int], None]
"""``progress(puzzles drawn, puzzles)``."""

_PAGES: dict[Role, Callable[[Sheet, Book, Page, Looks], None]] = {
    Role.TITLE: lambda sheet, book, page, _looks: title_page(sheet, book, page),
    Role.CONTENTS: lambda sheet, _book, page, _looks: contents_page(sheet, page),
    Role.BLANK: lambda *_: None,
    Role.RULES: lambda sheet, _book, page, looks: rules_page(sheet, page, looks),
    Role.PUZZLES: lambda sheet, _book, page, looks: puzzle_page(sheet, page, looks),
    Role.SOLUTIONS: lambda sheet, _book, page, looks: solutions_page(sheet, page, looks),
}
"""How each page is drawn, by what it is for."""


def book_plan(book: Book, looks: Looks) -> BookPlan:
    """Where everything of ``book`` goes (:func:`studio.core.book.plan.plan_book`), each
    puzzle measured with its look.

    Raises:
        StudioError: for a book without puzzles.
    """
    family = book.layout.font_family
    return plan_book(
        book,
        lambda document: extent(
            document.puzzle, looks(document.puzzle), inks=document.palette, font_family=family
        ),
    )


def draw_book(
    device: QPagedPaintDevice,
    book: Book,
    looks: Looks,
    *,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> BookPlan:
    """Draw every page of ``book`` on ``device``, which gets the book's page size (the trim
    and its bleed, no margins: :func:`.sheet.page_layout`) and keeps its own resolution.

    Args:
        looks: how each puzzle is drawn (:func:`studio.gui.kinds.looks`).
        progress: called with ``(puzzles drawn, puzzles)`` after each page of puzzles.
        cancel: checked after each page.

    Returns:
        The plan drawn: pages, and each puzzle's and solution's page and cell size.

    Raises:
        StudioError: an empty book, a font family that is not installed, or a device that
            cannot be drawn on or cannot start a page.
        Stopped: when ``cancel`` fires: a printer's job is aborted where the printer can,
            any other device's document ended where it stopped.
    """
    plan = book_plan(book, looks)
    sheet = Sheet(device, book.layout)
    drawn = 0
    try:
        for page in plan.pages:
            if page.number > 1:
                sheet.new_page()
            _PAGES[page.role](sheet, book, page, looks)
            if page.folio:
                sheet.folio(page.number)
            if page.role is Role.PUZZLES:
                drawn += len(page.placements)
                if progress is not None:
                    progress(drawn, len(book.entries))
            if cancel is not None:
                cancel.check()
    except Stopped:
        if isinstance(device, QPrinter):
            device.abort()  # a printer that can drop the job prints nothing of a stopped book
        raise
    finally:
        complete = sheet.end()  # a painter left open would draw on at exit
    if not complete:
        raise StudioError("the page device could not complete the book")
    return plan


@dataclass(frozen=True, eq=False)
class BookExport:
    """What an export made: its plan (pages, and each puzzle's and solution's place and cell
    size), and how long it took."""

    plan: BookPlan
    seconds: float

    @property
    def pages(self) -> int:
        """The PDF's page count."""
        return len(self.plan.pages)


def export_book(
    book: Book,
    path: str | os.PathLike[str],
    looks: Looks,
    *,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> BookExport:
    """Write ``book`` as a print-ready PDF at ``path`` (:func:`draw_book`, then the print
    boxes: :func:`.pdf.with_print_boxes`).

    The PDF is made in memory and written through :func:`studio.core.files.write_bytes`: a
    failed, short or stopped export leaves the file there before untouched.

    Args:
        looks: how each puzzle is drawn (:func:`studio.gui.kinds.looks`).
        progress: called with ``(puzzles drawn, puzzles)`` as the pages are made.
        cancel: checked after each page.

    Raises:
        StudioError: an empty book, a font family that is not installed, or a file that cannot
            be written (``book.pdf: cannot write the PDF: No space left on device``).
        Stopped: when ``cancel`` fires.
    """
    started = time.perf_counter()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(book.title)
    writer.setAuthor(book.author)
    writer.setCreator(APP_NAME)
    writer.setResolution(PDF_DPI)
    plan = draw_book(writer, book, looks, progress=progress, cancel=cancel)
    if buffer.size() == 0:
        raise StudioError(f"{os.fspath(path)}: cannot draw the PDF")
    pdf = with_print_boxes(bytes(buffer.data().data()), book.layout)
    files.write_bytes(path, pdf, what="the PDF")
    return BookExport(plan, time.perf_counter() - started)
