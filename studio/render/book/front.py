"""The front matter: the title page and the contents (no page numbers on either)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt

from studio.core.book import Book
from studio.core.book.layout import Area
from studio.core.book.plan import CONTENTS_LINE_MM, HEADING_MM, ContentsLine, Page, section_title
from studio.render.book.sheet import LEFT, RIGHT, TOP_CENTRE, Sheet

TITLE_PT, AUTHOR_PT, NOTE_PT = 28.0, 16.0, 12.0
HEADING_PT = 18.0
CONTENTS_PT = 10.5
INDENT_MM = 6.0
"""A titled puzzle's line stands in this far under its section."""


def title_page(sheet: Sheet, book: Book, page: Page) -> None:
    """The title, the author and what the book holds (``17 puzzles: Nonogram, Colour
    Nonogram, Mosaic and Fobidoshi``), centred, from a third of the way down; the title and
    what the book holds wrapped at their words to the page's width."""
    body = sheet.layout.body_area(page.number)
    top = body.top + body.height / 3
    room = sheet.rect(Area(body.left, top, body.width, body.bottom - top))
    wrap = TOP_CENTRE | Qt.TextFlag.TextWordWrap
    height = sheet.metrics(TITLE_PT, bold=True).boundingRect(room, wrap, book.title).height()
    sheet.text(room, book.title, TITLE_PT, TOP_CENTRE, bold=True, wrap=True)
    top += height / sheet.unit + 10
    if book.author:
        sheet.text(Area(body.left, top, body.width, 10), book.author, AUTHOR_PT, TOP_CENTRE)
        top += 16
    kinds = list(dict.fromkeys(section_title(entry.document) for entry in book.entries))
    count = len(book.entries)
    held = kinds[0] if len(kinds) == 1 else f"{', '.join(kinds[:-1])} and {kinds[-1]}"
    note = f"{count} puzzle{'s' if count != 1 else ''}: {held}"
    below = Area(body.left, top, body.width, body.bottom - top)
    sheet.text(below, note, NOTE_PT, TOP_CENTRE, wrap=True)


def contents_page(sheet: Sheet, page: Page) -> None:
    """The heading, then the page's lines of the plan: each its text, dot leaders and page
    number."""
    body = sheet.layout.body_area(page.number)
    heading = Area(body.left, body.top, body.width, HEADING_MM * 0.7)
    sheet.text(heading, "Contents", HEADING_PT, bold=True)
    metrics = sheet.metrics(CONTENTS_PT)
    dot = metrics.horizontalAdvance(". ")
    for index, line in enumerate(page.lines):
        row = contents_row(sheet, page.number, index, line)
        number = str(line.page)
        text = contents_text(sheet, line, row)
        number_width = metrics.horizontalAdvance(number)
        text_width = metrics.horizontalAdvance(text)
        dots = max(0, int((row.width() - text_width - number_width) / dot) - 2)
        leader = QRectF(
            row.left() + text_width,
            row.top(),
            row.width() - text_width - number_width,
            row.height(),
        )
        sheet.text(row, text, CONTENTS_PT, LEFT)
        sheet.text(leader, " " + ". " * dots, CONTENTS_PT, RIGHT)
        sheet.text(row, number, CONTENTS_PT, RIGHT)


def contents_row(sheet: Sheet, page: int, index: int, line: ContentsLine) -> QRectF:
    """Where line ``index`` of contents page ``page`` goes, in device units: under the
    heading, a titled puzzle's line stood in by :data:`INDENT_MM`."""
    body = sheet.layout.body_area(page)
    top = body.top + HEADING_MM + index * CONTENTS_LINE_MM
    indent = INDENT_MM if line.indent else 0.0
    return sheet.rect(Area(body.left + indent, top, body.width - indent, CONTENTS_LINE_MM))


def contents_text(sheet: Sheet, line: ContentsLine, row: QRectF) -> str:
    """``line``'s text as printed in ``row``: cut after a word (:meth:`Sheet.fitted`) where
    it would leave less than its page number and four dots of leader."""
    metrics = sheet.metrics(CONTENTS_PT)
    room = row.width() - metrics.horizontalAdvance(str(line.page) + ". " * 4)
    return sheet.fitted(line.text, CONTENTS_PT, room)
