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

from dataclasses import dataclass

from studio.core.errors import StudioError

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0


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

MAX_BLEED_MM = 12.7
"""The widest bleed, half an inch: more than any press asks (3 mm or 0.125 in is usual)."""

LEAST_LIVE_MM = 60.0
"""Margins must leave at least this much of the page's width and height to print on."""

FOLIO_MM = 6.0
"""The band at the foot of the live area that holds the page number."""


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

    Raises:
        StudioError: for a page size or count outside the lists, a negative margin, a bleed
            outside 0 to :data:`MAX_BLEED_MM`, or margins that leave less than
            :data:`LEAST_LIVE_MM` to print on.
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
