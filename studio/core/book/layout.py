"""How a book is printed: its trim size, bleed, mirrored margins and sections, in millimetres.

A printed book is cut from larger sheets: the *trim* is the page the reader holds (A4, US
Letter, the 6×9 in and 8.5×11 in trade sizes), the *bleed* a band around it that the cut takes
away, into which anything meant to reach the page's edge is drawn (a print-on-demand press asks
for 0.125 in, 3.175 mm). So a PDF page is the trim plus the bleed on every side, and its
TrimBox says where the cut goes. The *margins* are mirrored: the *gutter*, extra room on the
binding side, is on the left of a right-hand page (recto, odd numbers) and on the right of a
left-hand page (verso, even numbers).

Every length here is in millimetres, measured from the top-left corner of the PDF page (the
bleed's corner), as Qt draws; :mod:`studio.render.book` turns them into the device's units.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from studio.core.errors import StudioError

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0

MAX_DPI = 10_000
"""The finest resolution an image is exported at, in dots an inch: beyond any printer's, and
far inside the 32-bit dots a metre a PNG records it in (past about 54 million dpi Qt's
``setDotsPerMeterX`` overflowed)."""


@dataclass(frozen=True)
class TrimSize:
    """A page size a book is trimmed to.

    Attributes:
        name: the name in book files and on the command line (``--page-size``).
        title: the name shown to people.
        width_mm, height_mm: the trimmed page, in millimetres.
        least_cell_mm: the smallest cell a puzzle gets on this page when a page of its own
            can give it that much (puzzles up to 20×20 always can): more puzzles share a page
            only while their cells stay this large.
    """

    name: str
    title: str
    width_mm: float
    height_mm: float
    least_cell_mm: float


TRIM_SIZES: dict[str, TrimSize] = {
    size.name: size
    for size in (
        TrimSize("A4", "A4 (210 × 297 mm)", 210.0, 297.0, 5.0),
        TrimSize("letter", "US Letter (8.5 × 11 in)", 215.9, 279.4, 5.0),
        TrimSize("6x9", "Trade 6 × 9 in", 152.4, 228.6, 4.0),
        TrimSize("8.5x11", "Trade 8.5 × 11 in", 215.9, 279.4, 5.0),
    )
}
"""The trim sizes, by name: ISO A4, US Letter, and the 6×9 in and 8.5×11 in trade sizes of
print-on-demand paperbacks (the smaller page asks for 4 mm cells, the larger ones 5 mm)."""

PAGE_SIZES = tuple(TRIM_SIZES)
"""The names of :data:`TRIM_SIZES`, in the order people see them."""

PER_PAGE = (1, 2, 4, 6)
"""Puzzles a page of puzzles can hold (1 × 1, 1 × 2, 2 × 2 and 2 × 3 slots)."""

SOLUTIONS_PER_PAGE = (1, 2, 4, 6, 9, 12, 20)
"""Solutions a page of solutions can hold (1 × 1 up to 4 × 5 slots)."""

LEAST_CELL_RANGE = (2.0, 8.0)
"""The least cell a designer may ask for, in millimetres: below 2 mm nobody writes in a cell;
8 mm is :data:`MOST_CELL_MM`, the default largest."""

MOST_CELL_MM = 8.0
"""The largest cell printed by default: a small puzzle alone on a page stays puzzle-sized."""

MOST_CELL_RANGE = (3.0, 20.0)
"""The largest cell a designer may ask for, in millimetres."""

RULE_RANGE_PT = (0.25, 4.0)
"""Rule widths a designer may ask for, in points (1/72 in): from 0.25 pt, the finest line
print-on-demand presses promise to hold, to 4 pt."""

MAX_FONT_NAME = 100
"""The longest font family name, in characters."""

MAX_BLEED_MM = 12.7
"""The widest bleed, half an inch: more than any press asks (3 mm or 0.125 in is usual)."""

LEAST_LIVE_MM = 60.0
"""Margins must leave at least this much of the page's width and height to print on."""

FOLIO_MM = 6.0
"""The band at the foot of the live area that holds the page number, at its foot: a 9 pt
number leaves about 3 mm of the band clear above it, a line's space between it and a puzzle
reaching the bottom of the body."""


@dataclass(frozen=True)
class Area:
    """A rectangle on a PDF page, in millimetres from the page's top-left corner."""

    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height


def is_recto(page: int) -> bool:
    """Whether page ``page`` (numbered from 1) is a right-hand page: the odd ones, bound on
    their left."""
    return page % 2 == 1


@dataclass(frozen=True)
class BookLayout:
    """How a book is printed.

    Attributes:
        page_size: the trim size, one of :data:`PAGE_SIZES`.
        per_page: the most puzzles a page holds, one of :data:`PER_PAGE`; fewer wherever more
            would shrink cells below the trim size's :attr:`TrimSize.least_cell_mm`. ``None``:
            as many as keep the cells that large.
        margin_mm: the margins around everything printed, page numbers included, in
            millimetres. The default, 0.5 in, is what print-on-demand presses ask of a book
            with bleed (at least 0.375 in outside).
        gutter_mm: extra margin on the binding side (left on right-hand pages, right on
            left-hand ones), in millimetres: with the default, 0.625 in inside, enough for a
            paperback of up to 500 pages.
        bleed_mm: the bleed around the trim on every side, in millimetres (0 to
            :data:`MAX_BLEED_MM`; 3.175 for most print-on-demand presses): the PDF's pages are
            the trim plus twice this.
        title_page: begin with a title page (title, author, the number of puzzles).
        contents: a contents page after it: the sections, titled puzzles and solutions, with
            their pages.
        rules_pages: open the first section of each kind with a page of its rules and a worked
            example.
        solutions: print the solutions at the back.
        pad_even: add blank pages at the end up to an even count (presses print on both sides
            of a sheet; some ask for it).
        least_cell_mm: the smallest cell a puzzle gets, in millimetres, when a page of its own
            can give it that much (:data:`LEAST_CELL_RANGE`); ``None``: the trim size's
            (:attr:`TrimSize.least_cell_mm`, 4 or 5 mm). More puzzles share a page only while
            their cells stay this large.
        most_cell_mm: the largest cell printed, in millimetres (:data:`MOST_CELL_RANGE`, at
            least :attr:`least_cell`): a small puzzle alone on a page stays puzzle-sized.
        thin_rule_pt: the width of the thin rules between cells, in points
            (:data:`RULE_RANGE_PT`); ``None``: a 25th of the cell, never below 0.25 pt.
        thick_rule_pt: the width of the thick rules (every five cells, and the border), in
            points (:data:`RULE_RANGE_PT`, at least the thin rules' if both are set);
            ``None``: a 10th of the cell, never below 0.5 pt.
        font_family: the font family of every number and text printed (clues, labels,
            headings, rules); ``""``: Qt's default font. It must be installed where the book is
            drawn (:mod:`studio.render.book` checks), and is embedded in the PDF.
        solutions_per_page: the most solutions a page of solutions holds, one of
            :data:`SOLUTIONS_PER_PAGE` (and so the most a row holds: 2 × 2 slots for 4, up to
            4 × 5 for 20); fewer wherever more would shrink a solution's cells below 1.5 mm.
            ``None``: as many as keep them that large, up to 20.

    Raises:
        StudioError: one line naming the first setting out of range: a page size or count
            outside the lists, a negative margin, a bleed outside 0 to :data:`MAX_BLEED_MM`,
            margins that leave less than :data:`LEAST_LIVE_MM` to print on, a cell limit, a
            rule width or a font name out of range.
    """

    page_size: str = "A4"
    per_page: int | None = None
    margin_mm: float = 12.7
    gutter_mm: float = 3.175
    bleed_mm: float = 0.0
    title_page: bool = True
    contents: bool = True
    rules_pages: bool = True
    solutions: bool = True
    pad_even: bool = False
    least_cell_mm: float | None = None
    most_cell_mm: float = MOST_CELL_MM
    thin_rule_pt: float | None = None
    thick_rule_pt: float | None = None
    font_family: str = ""
    solutions_per_page: int | None = None

    def __post_init__(self) -> None:
        if self.page_size not in TRIM_SIZES:
            raise StudioError(
                f"unknown page size {self.page_size!r}; use one of {', '.join(PAGE_SIZES)}"
            )
        if self.per_page is not None and self.per_page not in PER_PAGE:
            raise StudioError(
                f"a page holds {', '.join(map(str, PER_PAGE))} puzzles, not {self.per_page}"
            )
        if self.margin_mm < 0 or self.gutter_mm < 0:
            raise StudioError("margins cannot be negative")
        if not 0 <= self.bleed_mm <= MAX_BLEED_MM:
            raise StudioError(
                f"a bleed of {self.bleed_mm:g} mm; it must be 0 to {MAX_BLEED_MM:g} mm"
            )
        trim = self.trim
        width = trim.width_mm - 2 * self.margin_mm - self.gutter_mm
        height = trim.height_mm - 2 * self.margin_mm
        if min(width, height) < LEAST_LIVE_MM:
            raise StudioError(
                f"margins of {self.margin_mm:g} mm and a gutter of {self.gutter_mm:g} mm leave "
                f"{width:.0f} × {height:.0f} mm of a {trim.title} page; at least "
                f"{LEAST_LIVE_MM:g} mm each way must be left to print on"
            )
        solutions = self.solutions_per_page
        if solutions is not None and solutions not in SOLUTIONS_PER_PAGE:
            counts = ", ".join(map(str, SOLUTIONS_PER_PAGE))
            raise StudioError(f"a page of solutions holds {counts} solutions, not {solutions}")
        if self.least_cell_mm is not None:
            _within("the least cell", self.least_cell_mm, LEAST_CELL_RANGE, "mm")
        _within("the largest cell", self.most_cell_mm, MOST_CELL_RANGE, "mm")
        if self.most_cell_mm < self.least_cell:
            raise StudioError(
                f"the largest cell ({self.most_cell_mm:g} mm) is smaller than the least cell "
                f"({self.least_cell:g} mm)"
            )
        for name, rule in (("thin", self.thin_rule_pt), ("thick", self.thick_rule_pt)):
            if rule is not None:
                _within(f"{name} rules", rule, RULE_RANGE_PT, "pt")
        thin, thick = self.thin_rule_pt, self.thick_rule_pt
        if thin is not None and thick is not None and thick < thin:
            raise StudioError(
                f"thick rules of {thick:g} pt are thinner than the thin rules ({thin:g} pt)"
            )
        family = self.font_family
        if len(family) > MAX_FONT_NAME or not family.isprintable() or family != family.strip():
            raise StudioError(
                f"a font family is a name of at most {MAX_FONT_NAME} characters on one line, "
                f"without spaces around it; not {family[:MAX_FONT_NAME]!r}"
            )

    @property
    def least_cell(self) -> float:
        """The least cell in millimetres: :attr:`least_cell_mm`, or the trim size's."""
        return self.trim.least_cell_mm if self.least_cell_mm is None else self.least_cell_mm

    def without_bleed(self) -> BookLayout:
        """This layout with no bleed: pages of the trim alone, for a home printer (which can
        print neither to the edge nor past it). Everything else is placed as before, from the
        trim's corner."""
        return replace(self, bleed_mm=0.0)

    @property
    def trim(self) -> TrimSize:
        """The trim size, :data:`TRIM_SIZES` of :attr:`page_size`."""
        return TRIM_SIZES[self.page_size]

    @property
    def page_mm(self) -> tuple[float, float]:
        """``(width, height)`` of a PDF page in millimetres: the trim and the bleed around it."""
        trim = self.trim
        return trim.width_mm + 2 * self.bleed_mm, trim.height_mm + 2 * self.bleed_mm

    def trim_area(self) -> Area:
        """Where the page is cut: the trim, inside the bleed."""
        trim = self.trim
        return Area(self.bleed_mm, self.bleed_mm, trim.width_mm, trim.height_mm)

    def live_area(self, page: int) -> Area:
        """Everything printed on page ``page`` (from 1) lies here, page number included: the
        trim less the margins, the gutter on the binding side."""
        trim = self.trim_area()
        inside = self.margin_mm + self.gutter_mm
        left = inside if is_recto(page) else self.margin_mm
        return Area(
            trim.left + left,
            trim.top + self.margin_mm,
            trim.width - 2 * self.margin_mm - self.gutter_mm,
            trim.height - 2 * self.margin_mm,
        )

    def body_area(self, page: int) -> Area:
        """The live area above the page number's band: where a page's content goes."""
        live = self.live_area(page)
        return Area(live.left, live.top, live.width, live.height - FOLIO_MM)

    def folio_area(self, page: int) -> Area:
        """The band at the foot of the live area for the page number, which goes at its outer
        end (right on a right-hand page)."""
        live = self.live_area(page)
        return Area(live.left, live.bottom - FOLIO_MM, live.width, FOLIO_MM)


def _within(what: str, value: float, bounds: tuple[float, float], unit: str) -> None:
    """Refuse ``value`` outside ``bounds`` (NaN too), in one line naming ``what``.

    Raises:
        StudioError: e.g. ``thin rules of 0.1 pt; they must be 0.25 to 4 pt``.
    """
    least, most = bounds
    if not (math.isfinite(value) and least <= value <= most):
        verb = "they" if what.endswith("s") else "it"
        raise StudioError(
            f"{what} of {value:g} {unit}; {verb} must be {least:g} to {most:g} {unit}"
        )
