"""A puzzle book as a print-ready PDF (Qt's QPdfWriter: vector, fonts embedded).

Pages, in order: an optional title page; an optional contents page (or pages); the puzzles,
numbered, 1, 2, 4 or 6 a page (as the layout says, or page by page as many of the next puzzles
as keep their cells readable: :func:`paginate`), each with its number, title and difficulty;
the solutions at the back, smaller and several a page, each labelled with its puzzle's number.
Page numbers at the foot; margins with a gutter on the binding side (left on odd pages, right on
even ones); the PDF's title and author are the book's.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter

from studio import APP_NAME
from studio.core import files
from studio.core.book import Book, BookEntry
from studio.core.cancel import CancelToken
from studio.core.errors import StudioError
from studio.render.export import draw_puzzle, fit_cell
from studio.render.scene import Looks

DPI = 300
"""Resolution of the PDF's coordinate system (the output is vector; this only sets units)."""

PAGE_SIZES: dict[str, QPageSize] = {
    "A4": QPageSize(QPageSize.PageSizeId.A4),
    "letter": QPageSize(QPageSize.PageSizeId.Letter),
    "6x9": QPageSize(QSizeF(6, 9), QPageSize.Unit.Inch, "6 x 9 in"),
    "8.5x11": QPageSize(QSizeF(8.5, 11), QPageSize.Unit.Inch, "8.5 x 11 in"),
}

READABLE_CELL_MM = 4.5
"""The smallest cell a solver writes in comfortably; decides how many puzzles share a page."""
LARGEST_CELL_MM = 8.0
"""The largest cell printed: a small puzzle alone on a page stays puzzle-sized."""
SOLUTION_CELL_MM = 1.6
"""The smallest cell of the solutions at the back (only looked at, not written in)."""
PUZZLES_PER_PAGE = (1, 2, 4, 6)
"""How many puzzles a page of puzzles can hold (the slot grids below)."""
SOLUTIONS_PER_PAGE = (1, 2, 4, 6, 9, 12)
# Columns × rows of the slots on a page, for each number of puzzles a page holds.
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4)}
CONTENTS_LINES = 36
"""Contents lines on one page."""


@dataclass(frozen=True)
class BookExport:
    """What an export made: the PDF's page count, each puzzle's page, and how many puzzles
    each page of puzzles is laid out for (its slots; the last page may leave some empty)."""

    pages: int
    puzzle_pages: tuple[int, ...]
    per_page: tuple[int, ...]
    seconds: float


def _mm(value: float) -> float:
    return value / 25.4 * DPI


def slots(count: int, area: QRectF, label_height: float) -> list[tuple[QRectF, QRectF]]:
    """``count`` slots on a page: for each, the label's rectangle and the puzzle's."""
    cols, rows = GRIDS[count]
    gap = _mm(6)
    width = (area.width() - gap * (cols - 1)) / cols
    height = (area.height() - gap * (rows - 1)) / rows
    result = []
    for index in range(count):
        row, col = divmod(index, cols)
        left = area.left() + col * (width + gap)
        top = area.top() + row * (height + gap)
        label = QRectF(left, top, width, label_height)
        result.append((label, QRectF(left, top + label_height, width, height - label_height)))
    return result


def paginate(
    entries: Sequence[BookEntry],
    looks: Looks,
    area: QRectF,
    label: float,
    grids: Sequence[int],
    smallest_mm: float,
    surround: bool = True,
) -> list[tuple[int, int]]:
    """Share the puzzles out on pages, in order: for each page, ``(slots, puzzles)``.

    Each page takes as many of the next puzzles as one of ``grids`` (slots a page) holds with
    every cell at least ``smallest_mm``; on a tie the fewer, larger slots win. So a run of small
    puzzles shares pages while a large one gets a page of its own, and a puzzle too large for
    ``smallest_mm`` even alone still gets a page. ``looks``: how each puzzle is drawn;
    ``surround``: whether the puzzles are drawn with their surround (a nonogram's clues; not in
    the solutions).
    """
    smallest = _mm(smallest_mm)
    sizes = {grid: slots(grid, area, label)[0][1].size() for grid in sorted(grids)}
    pages: list[tuple[int, int]] = []
    start = 0
    while start < len(entries):
        best = (1, 1)
        for grid, slot in sizes.items():
            fitting = 0
            for entry in entries[start : start + grid]:
                puzzle = entry.document.puzzle
                if fit_cell(puzzle, looks(puzzle), slot, surround) < smallest:
                    break
                fitting += 1
            if fitting > best[1]:
                best = (grid, fitting)
        pages.append(best)
        start += best[1]
    return pages


def fixed_pages(count: int, per_page: int) -> list[tuple[int, int]]:
    """``count`` puzzles ``per_page`` a page, as :func:`paginate` gives them."""
    return [(per_page, min(per_page, count - start)) for start in range(0, count, per_page)]


class _Pages:
    """A PDF writer and painter that numbers its pages and knows their printable area."""

    def __init__(self, device: QIODevice, book: Book) -> None:
        layout = book.layout
        self.writer = QPdfWriter(device)
        self.writer.setTitle(book.title)
        self.writer.setAuthor(book.author)
        self.writer.setCreator(APP_NAME)
        self.writer.setResolution(DPI)
        self.writer.setPageLayout(
            QPageLayout(
                PAGE_SIZES[layout.page_size],
                QPageLayout.Orientation.Portrait,
                QMarginsF(0, 0, 0, 0),
            )
        )
        self.margin = _mm(layout.margin_mm)
        self.gutter = _mm(layout.gutter_mm)
        self.painter = QPainter(self.writer)
        self.painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.number = 1

    def size(self) -> QSizeF:
        return QSizeF(self.writer.width(), self.writer.height())

    def area(self, number: int | None = None) -> QRectF:
        """The printable area of page ``number`` (default: this page), above the footer."""
        page = self.number if number is None else number
        size = self.size()
        inner_left = page % 2 == 1  # odd pages are right-hand pages: binding on the left
        left = self.margin + (self.gutter if inner_left else 0)
        width = size.width() - 2 * self.margin - self.gutter
        footer = _mm(8)
        return QRectF(left, self.margin, width, size.height() - 2 * self.margin - footer)

    def next(self) -> None:
        self.footer()
        self.writer.newPage()
        self.number += 1

    def footer(self) -> None:
        size = self.size()
        rect = QRectF(0, size.height() - self.margin - _mm(6), size.width(), _mm(6))
        self.text(rect, str(self.number), 9, Qt.AlignmentFlag.AlignCenter)

    def text(
        self, rect: QRectF, text: str, points: float, align: Qt.AlignmentFlag, bold: bool = False
    ) -> None:
        font = QFont()
        font.setPointSizeF(points)
        font.setBold(bold)
        self.painter.setFont(font)
        self.painter.setPen(QColor("#000000"))
        self.painter.drawText(rect, align | Qt.TextFlag.TextWordWrap, text)

    def finish(self) -> bool:
        """End the last page; False if the PDF could not be completed."""
        self.footer()
        return self.painter.end()


def _label(entry: BookEntry, number: int, title: str) -> str:
    stars = f"  {entry.stars}" if entry.stars else ""
    return f"{number}. {title}{stars}"


def export_book(
    book: Book,
    path: str | os.PathLike[str],
    looks: Looks,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancel: CancelToken | None = None,
) -> BookExport:
    """Write ``book`` as a PDF at ``path`` (see the module docstring for the pages).

    The PDF is drawn in memory and written through :func:`studio.core.files.write_bytes`: a
    failed, short or stopped export leaves the file there before untouched.

    Args:
        looks: how each puzzle is drawn (:data:`studio.gui.kinds.looks`).
        progress: called with ``(puzzles drawn, puzzles)`` as the pages are made.
        cancel: checked after each puzzle.

    Raises:
        StudioError: an empty book, or a file that cannot be written (``book.pdf: cannot write
            the PDF: No space left on device``).
        Stopped: when ``cancel`` fires.
    """
    if not book.entries:
        raise StudioError("the book holds no puzzles yet")
    started = time.perf_counter()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    pages = _Pages(buffer, book)
    try:
        puzzle_pages, per_page = _draw_book(pages, book, looks, progress, cancel)
    finally:
        complete = pages.finish()  # a painter left open would write on at exit
    if not complete or buffer.size() == 0:
        raise StudioError(f"{os.fspath(path)}: cannot draw the PDF")
    files.write_bytes(path, bytes(buffer.data().data()), what="the PDF")
    return BookExport(pages.number, puzzle_pages, per_page, time.perf_counter() - started)


def _draw_book(
    pages: _Pages,
    book: Book,
    looks: Looks,
    progress: Callable[[int, int], None] | None,
    cancel: CancelToken | None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Draw every page but the last footer; ``(each puzzle's page, each page's slots)``."""
    layout = book.layout
    titles = book.titles()
    label_height = _mm(9)
    shares = (
        fixed_pages(len(book.entries), layout.per_page)
        if layout.per_page
        else paginate(
            book.entries, looks, pages.area(), label_height, PUZZLES_PER_PAGE, READABLE_CELL_MM
        )
    )
    contents_pages = math.ceil(len(book.entries) / CONTENTS_LINES) if layout.contents else 0
    first_puzzle_page = 1 + int(layout.title_page) + contents_pages
    puzzle_pages = tuple(
        first_puzzle_page + page for page, (_, count) in enumerate(shares) for _ in range(count)
    )

    if layout.title_page:
        _title_page(pages, book)
        pages.next()
    if layout.contents:
        _contents(pages, book, titles, puzzle_pages)
    numbered = iter(book.numbered())
    for page, (grid, count) in enumerate(shares):
        for (label, slot), (number, entry) in zip(
            slots(grid, pages.area(), label_height), islice(numbered, count), strict=False
        ):
            pages.text(label, _label(entry, number, titles[number - 1]), 11, _LEFT, bold=True)
            puzzle = entry.document.puzzle
            draw_puzzle(pages.painter, slot, puzzle, looks(puzzle), max_cell=_mm(LARGEST_CELL_MM))
            if cancel is not None:
                cancel.check()
            if progress is not None:
                progress(number, len(book.entries))
        if page + 1 < len(shares) or layout.solutions:
            pages.next()
    if layout.solutions:
        _solutions(pages, book, looks)
    return puzzle_pages, tuple(grid for grid, _ in shares)


_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def _title_page(pages: _Pages, book: Book) -> None:
    area = pages.area()
    centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
    pages.text(
        QRectF(area.left(), area.top() + area.height() / 3, area.width(), _mm(30)),
        book.title,
        28,
        centre,
        bold=True,
    )
    pages.text(
        QRectF(area.left(), area.top() + area.height() / 3 + _mm(32), area.width(), _mm(12)),
        book.author,
        16,
        centre,
    )
    count = len(book.entries)
    pages.text(
        QRectF(area.left(), area.top() + area.height() / 3 + _mm(50), area.width(), _mm(10)),
        f"{count} puzzle{'s' if count != 1 else ''}",
        12,
        centre,
    )


def _contents(pages: _Pages, book: Book, titles: list[str], puzzle_pages: tuple[int, ...]) -> None:
    line = _mm(6)
    for start in range(0, len(titles), CONTENTS_LINES):
        area = pages.area()
        pages.text(
            QRectF(area.left(), area.top(), area.width(), _mm(12)), "Contents", 18, _LEFT, bold=True
        )
        for offset, (number, entry) in enumerate(book.numbered()[start : start + CONTENTS_LINES]):
            top = area.top() + _mm(16) + offset * line
            row = QRectF(area.left(), top, area.width(), line)
            pages.text(row, _label(entry, number, titles[number - 1]), 10, _LEFT)
            right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            pages.text(row, str(puzzle_pages[number - 1]), 10, right)
        pages.next()


def _solutions(pages: _Pages, book: Book, looks: Looks) -> None:
    heading = _mm(14)
    small_label = _mm(6)
    area = pages.area()
    body = QRectF(area.left(), area.top() + heading, area.width(), area.height() - heading)
    shares = paginate(
        book.entries, looks, body, small_label, SOLUTIONS_PER_PAGE, SOLUTION_CELL_MM, surround=False
    )
    numbered = iter(book.numbered())
    for page, (grid, count) in enumerate(shares):
        area = pages.area()
        pages.text(
            QRectF(area.left(), area.top(), area.width(), _mm(10)),
            "Solutions",
            16,
            _LEFT,
            bold=True,
        )
        body = QRectF(area.left(), area.top() + heading, area.width(), area.height() - heading)
        for (label, slot), (number, entry) in zip(
            slots(grid, body, small_label), islice(numbered, count), strict=False
        ):
            pages.text(label, str(number), 9, _LEFT, bold=True)
            if entry.solution is None:
                pages.text(slot, "no solution known", 9, Qt.AlignmentFlag.AlignCenter)
            else:
                puzzle = entry.document.puzzle
                draw_puzzle(
                    pages.painter,
                    slot,
                    puzzle,
                    looks(puzzle),
                    solution=entry.solution,
                    surround=False,
                )
        if page + 1 < len(shares):
            pages.next()
