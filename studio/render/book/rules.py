"""The page that opens a kind's first section: how to solve it, and a worked example (the
kind's declared :attr:`~studio.core.contract.kind.Kind.example`, puzzle and solution side by
side, drawn as the book's puzzles are). The first section of a kind's colour puzzles opens with
their rules (``spec.colour_rules``) and the kind's
:attr:`~studio.core.contract.kind.Kind.colour_example`, in colour with its key.

Its heading sits on a black band that runs off the top and the sides of the page into the
bleed, as chapter openers do: after the cut the band reaches the paper's edge.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor

from studio.core.book.layout import Area
from studio.core.book.plan import GAP_MM, Page, rules_heading, section_title
from studio.core.kinds import get_kind
from studio.render.book.sheet import INK, LEFT, TOP_CENTRE, TOP_LEFT, Sheet
from studio.render.export import extent
from studio.render.scene import Looks

BAND_MM = 14.0
"""The heading band's depth below the top margin (it also covers the margin and the bleed)."""
HEADING_PT = 18.0
RULES_PT = 11.0
CAPTION_PT = 9.0
EXAMPLE_PT = 12.0
CAPTION_MM = 7.0


def rules_page(sheet: Sheet, page: Page, looks: Looks) -> None:
    """The rules of ``page.kind`` (its :attr:`KindSpec.rules`, or with ``page.colour`` its
    :attr:`KindSpec.colour_rules`) under a bleeding band with the heading, and its worked
    example below them."""
    layout = sheet.layout
    body = layout.body_area(page.number)
    kind = get_kind(page.kind)
    rules, example = kind.spec.rules, kind.example
    if page.colour and kind.colour_example is not None:
        rules, example = kind.spec.colour_rules, kind.colour_example
    document = example()
    width_mm, _height = layout.page_mm
    band = Area(0.0, 0.0, width_mm, body.top + BAND_MM)
    sheet.painter.fillRect(sheet.rect(band), INK)
    heading = Area(body.left, body.top, body.width, BAND_MM)
    white = QColor("#ffffff")
    title = rules_heading(section_title(document))
    wide = sheet.metrics(HEADING_PT, bold=True).horizontalAdvance(title)
    # A long heading, smaller (fonts do not scale quite in proportion: a little to spare).
    size = HEADING_PT * min(1.0, 0.95 * sheet.mm(body.width) / wide)
    sheet.text(heading, title, size, LEFT, bold=True, color=white)

    top = body.top + BAND_MM + 8.0
    text_rect = sheet.rect(Area(body.left, top, body.width, body.bottom - top))
    metrics = sheet.metrics(RULES_PT)
    used = metrics.boundingRect(text_rect, TOP_LEFT | Qt.TextFlag.TextWordWrap, rules)
    sheet.text(text_rect, rules, RULES_PT, TOP_LEFT, wrap=True)

    example_top = top + used.height() / sheet.unit + 8.0
    sheet.text(
        Area(body.left, example_top, body.width, 8.0), "Example", EXAMPLE_PT, LEFT, bold=True
    )
    puzzle, look = document.puzzle, looks(document.puzzle)
    room_top = example_top + 10.0
    half = (body.width - GAP_MM) / 2
    room_height = body.bottom - room_top - CAPTION_MM
    rows, cols = extent(puzzle, look, inks=document.palette, font_family=layout.font_family)
    cell = min(layout.most_cell_mm, half / cols, room_height / rows)
    for index, (caption, solution) in enumerate((("Puzzle", None), ("Solution", document.picture))):
        left = body.left + index * (half + GAP_MM)
        area = Area(left, room_top, half, rows * cell)
        grid = sheet.puzzle(area, document, look, cell, solution=solution)
        under = sheet.mm(area.bottom + 1.5)  # below the grid, and its colour key if it has one
        below = QRectF(grid.left(), under, grid.width(), sheet.mm(5.5))
        sheet.text(below, caption, CAPTION_PT, TOP_CENTRE)
