"""Pages of puzzles and pages of solutions: each placement of the plan drawn at its cell size,
its number above it.

A puzzle's label is its number in bold, its title if it has one (cut after a word if it is
too long: :meth:`.sheet.Sheet.fitted`), and its difficulty in stars at the right; a colour
puzzle has its colour key under it. A solution is the grid alone (no clues around it, no clue
digits in it: :attr:`Scene.clues` off; a colour one in its colours), its puzzle's number
above it, and beside the number what is true of a solution that is not simply the one
(:attr:`~studio.core.book.BookEntry.solution_note`: one of several, or none known).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF

from studio.core.book.layout import Area
from studio.core.book.plan import HEADING_MM, Page, Placement
from studio.render.book.sheet import LEFT, RIGHT, TOP_LEFT, Sheet
from studio.render.scene import Looks

NUMBER_PT = 13.0
TITLE_PT = 11.0
STARS_PT = 10.0
SOLUTION_NUMBER_PT = 8.0
SOLUTION_NOTE_PT = 7.0
HEADING_PT = 16.0
TITLE_GAP_MM = 2.5
"""Between a puzzle's number and its title."""
NOTE_GAP_MM = 1.5
"""Between a solution's number and its note."""


def puzzle_page(sheet: Sheet, page: Page, looks: Looks) -> None:
    """The page's puzzles, each under its label."""
    for placement in page.placements:
        _label(sheet, placement)
        document = placement.entry.document
        sheet.puzzle(placement.area, document, looks(document.puzzle), placement.cell_mm)


def solutions_page(sheet: Sheet, page: Page, looks: Looks) -> None:
    """The heading, then the page's solutions, each under its puzzle's number."""
    body = sheet.layout.body_area(page.number)
    heading = Area(body.left, body.top, body.width, HEADING_MM * 0.7)
    sheet.text(heading, "Solutions", HEADING_PT, bold=True)
    for placement in page.placements:
        entry = placement.entry
        label = sheet.rect(placement.label)
        number = str(placement.number)
        sheet.text(label, number, SOLUTION_NUMBER_PT, LEFT, bold=True)
        note = entry.solution_note  # the book warned before printing; say what is true
        if note is not None and entry.solution is None:  # in the grid's place, wrapped
            area = placement.area
            below = Area(area.left, area.top, placement.label.width, area.height)
            sheet.text(below, note, SOLUTION_NOTE_PT, TOP_LEFT, wrap=True)
        elif note is not None:  # beside the number
            after = sheet.metrics(SOLUTION_NUMBER_PT, bold=True).horizontalAdvance(number)
            after += sheet.mm(NOTE_GAP_MM)
            room = QRectF(label.left() + after, label.top(), label.width() - after, label.height())
            sheet.text(room, note, SOLUTION_NOTE_PT, LEFT)
        if entry.solution is None:
            continue
        sheet.puzzle(
            placement.area,
            entry.document,
            looks(entry.document.puzzle),
            placement.cell_mm,
            solution=entry.solution,
            clues=False,
        )


def _label(sheet: Sheet, placement: Placement) -> None:
    """The number in bold, the title after it, the difficulty's stars at the right end."""
    rect = sheet.rect(placement.label)
    sheet.text(rect, str(placement.number), NUMBER_PT, LEFT, bold=True)
    stars = placement.entry.stars
    if stars:
        sheet.text(rect, stars, STARS_PT, RIGHT)
    if placement.entry.title:
        sheet.text(title_room(sheet, placement), placement.entry.title, TITLE_PT, LEFT)


def title_room(sheet: Sheet, placement: Placement) -> QRectF:
    """Where a puzzle's title goes in its label, in device units: after its number, short of
    its stars."""
    rect = sheet.rect(placement.label)
    stars = placement.entry.stars
    stars_width = sheet.metrics(STARS_PT).horizontalAdvance(stars + " ") if stars else 0.0
    number_width = sheet.metrics(NUMBER_PT, bold=True).horizontalAdvance(str(placement.number))
    after = number_width + sheet.mm(TITLE_GAP_MM)
    return QRectF(
        rect.left() + after, rect.top(), rect.width() - after - stars_width, rect.height()
    )


def printed_title(sheet: Sheet, placement: Placement) -> str:
    """A puzzle's title as its label prints it: whole, or cut to fit (:meth:`Sheet.fitted`)."""
    return sheet.fitted(placement.entry.title, TITLE_PT, title_room(sheet, placement).width())
