"""Pages of puzzles and pages of solutions: each placement of the plan drawn at its cell size,
its number above it.

A puzzle's label is its number in bold, its title if it has one, and its difficulty in stars
at the right; a colour puzzle has its colour key under it. A solution is the grid alone (no
clues around it, no clue digits in it: :attr:`Scene.clues` off; a colour one in its colours),
its puzzle's number above it.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF

from studio.core.book.layout import Area
from studio.core.book.plan import HEADING_MM, Page, Placement
from studio.render.book.sheet import LEFT, RIGHT, Sheet
from studio.render.scene import Looks

NUMBER_PT = 13.0
TITLE_PT = 11.0
STARS_PT = 10.0
SOLUTION_NUMBER_PT = 8.0
HEADING_PT = 16.0
TITLE_GAP_MM = 2.5
"""Between a puzzle's number and its title."""


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
        sheet.text(placement.label, str(placement.number), SOLUTION_NUMBER_PT, LEFT, bold=True)
        if entry.solution is None:  # the book warned before printing; say so in its place
            label = placement.label
            below = Area(label.left, label.bottom, label.width, label.height)
            sheet.text(below, "no solution known", SOLUTION_NUMBER_PT, LEFT)
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
    number = str(placement.number)
    sheet.text(rect, number, NUMBER_PT, LEFT, bold=True)
    stars = placement.entry.stars
    stars_width = sheet.metrics(STARS_PT).horizontalAdvance(stars + " ") if stars else 0.0
    if stars:
        sheet.text(rect, stars, STARS_PT, RIGHT)
    title = placement.entry.title
    if title:
        number_width = sheet.metrics(NUMBER_PT, bold=True).horizontalAdvance(number)
        after = number_width + sheet.mm(TITLE_GAP_MM)
        width = rect.width() - after - stars_width
        room = QRectF(rect.left() + after, rect.top(), width, rect.height())
        sheet.text(room, title, TITLE_PT, LEFT)
