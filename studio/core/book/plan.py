"""Where everything of a printed book goes: its pages in order and, on each, the puzzles or
solutions with their cell sizes, in millimetres (:mod:`.layout`). Pure geometry: drawing the
plan is :mod:`studio.render.book`, which supplies how many cells each puzzle takes with its
clues around it.

The rules, those of published puzzle books (issue 13):

- **Front matter.** A title page and the contents, without page numbers; the first page after
  them is a right-hand one (a blank left-hand page comes between if needed). Page numbers count
  every page, so the contents point at the numbers printed.
- **Sections.** A run of consecutive puzzles of one kind, in the book's order, is a section;
  the first section of each kind opens with a page of its rules and a worked example. A kind's
  colour puzzles (of a kind with colours, ``spec.has_colours``) make sections of their
  own ("Colour Nonogram puzzles 11–14"), the first opened by the rules of its colour puzzles
  (``spec.colour_rules``) and its colour example.
- **Numbers.** Puzzles are numbered 1…N through the book; a title is printed only if the
  puzzle has one.
- **One cell size per kind and size.** For each kind and size (a kind's colour puzzles apart
  from its black-and-white ones), a slot grid of :data:`PUZZLE_GRIDS` (at most
  :attr:`BookLayout.per_page` slots) in which its largest puzzle, clues and colour key and all,
  keeps cells of at least :attr:`BookLayout.least_cell` (the trim's unless the
  layout asks for another): of those, the ones that print the book's puzzles of that kind and
  size on the fewest pages, and of these the one with the largest cells (three puzzles get four
  slots, not six); with none that keeps such cells, one a page, as large as fits. Cells never
  exceed :attr:`BookLayout.most_cell_mm`, and a page of puzzles holds one kind and size. Each
  puzzle is centred in its slot in the box its kind and size's largest puzzle takes, its grid
  at the box's bottom-right (clues are drawn above and left of a grid), so that the grids of a
  page line up however deep their clues.
- **Solutions** at the back, in number order, in rows across the page: a row's solutions side
  by side in equal columns, their numbers in line, the rows one under another as the page
  takes them, at most :attr:`BookLayout.solutions_per_page` a page. Each kind and size's
  solutions have one cell, that of the densest slot grid of :data:`SOLUTION_GRIDS` (of at most
  that many slots) whose slot holds them with cells of at least :data:`SOLUTION_CELL_MM`
  (as large as fits when none does), at most :data:`SOLUTION_MOST_CELL_MM`; its columns are
  the most a row of them holds, and a row with several sizes takes the fewest columns among
  them. So small solutions share rows and pages however large the book's largest puzzle, and
  a large one gets a wide slot of its own: the grid alone, without the clues around it, at
  the top left of its slot (its number starts the column, a note beside it has the slot's
  width).
- **Even page count** when :attr:`BookLayout.pad_even` asks, with blank pages at the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import groupby

from studio.core.book import Book, BookEntry
from studio.core.book.layout import SOLUTIONS_PER_PAGE, Area, BookLayout
from studio.core.document import Document
from studio.core.errors import StudioError

Grid = tuple[int, int]
"""Slots on a page: ``(columns, rows)``."""

PUZZLE_GRIDS: Mapping[int, Grid] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
"""The slot grids of a page of puzzles, by the puzzles they hold (:data:`.layout.PER_PAGE`)."""
SOLUTION_GRIDS: Mapping[int, Grid] = {
    1: (1, 1),
    2: (1, 2),
    4: (2, 2),
    6: (2, 3),
    9: (3, 3),
    12: (3, 4),
    20: (4, 5),
}
"""The slot grids a size of solutions is measured on, by the solutions a page of them holds
(:data:`.layout.SOLUTIONS_PER_PAGE`): its cell, and the most of it a row holds (the columns)."""
assert tuple(SOLUTION_GRIDS) == SOLUTIONS_PER_PAGE

LABEL_MM = 8.0
"""Above each puzzle: its number, title and difficulty."""
SOLUTION_LABEL_MM = 5.0
"""Above each solution: its puzzle's number."""
GAP_MM = 6.0
"""Between two slots of a page."""
HEADING_MM = 14.0
"""A page's heading ("Contents", "Solutions") and the room under it."""
CONTENTS_LINE_MM = 6.5
"""One line of the contents."""
SOLUTION_CELL_MM = 1.5
"""The smallest solution cell the solutions' slot grids keep (readable, not written in)."""
SOLUTION_MOST_CELL_MM = 3.0
"""The largest solution cell: solutions are looked up, not solved."""
_TOLERANCE_MM = 1e-9
"""Lengths planned to fit exactly may differ by rounding."""

Extent = Callable[[Document], tuple[int, int]]
"""``(rows, columns)`` of cells a puzzle takes on a page with what is drawn around its grid (a
nonogram's clues, a colour puzzle's key): :func:`studio.render.export.extent` with the puzzle's
look and palette."""


class Role(StrEnum):
    """What a page is for."""

    TITLE = "title"
    CONTENTS = "contents"
    BLANK = "blank"
    RULES = "rules"
    PUZZLES = "puzzles"
    SOLUTIONS = "solutions"


@dataclass(frozen=True, eq=False)
class Placement:
    """A puzzle, or its solution, on a page.

    Attributes:
        number: the puzzle's number in the book, from 1.
        entry: the puzzle.
        page: the page, from 1.
        cell_mm: the side of a cell, in millimetres.
        area: what is drawn: the grid and, for a puzzle, its clues around it; exactly
            ``cell_mm`` times its cells each way (:data:`Extent`).
        label: where its number (and title) goes: right above :attr:`area`, from its left
            edge to the right of its slot.
    """

    number: int
    entry: BookEntry
    page: int
    cell_mm: float
    area: Area
    label: Area


@dataclass(frozen=True)
class ContentsLine:
    """A line of the contents: what, on which page, and for a titled puzzle's line (indented
    under its section) the puzzle's number."""

    text: str
    page: int
    number: int | None = None

    @property
    def indent(self) -> bool:
        """Whether the line stands in under its section: a titled puzzle's."""
        return self.number is not None


@dataclass(frozen=True, eq=False)
class Page:
    """One page of the book: its number (from 1), what it is for, the kind a rules page
    explains (and whether its colour puzzles), the puzzles or solutions on it, the contents
    lines on it."""

    number: int
    role: Role
    kind: str = ""
    colour: bool = False
    placements: tuple[Placement, ...] = ()
    lines: tuple[ContentsLine, ...] = ()

    @property
    def folio(self) -> bool:
        """Whether the page shows its number: not the front matter, not a blank page."""
        return self.role in (Role.RULES, Role.PUZZLES, Role.SOLUTIONS)


@dataclass(frozen=True, eq=False)
class Section:
    """A run of consecutive puzzles of one kind, all in colour or all in black and white.

    Attributes:
        kind: the kind's name.
        title: the name of its puzzles for people (:func:`section_title`).
        entries: ``(number, entry)`` of its puzzles.
        opens_kind: the first section of its kind (in colour, of its kind's colour puzzles) in
            the book: its rules page comes first.
        colour: its puzzles are in colour.
    """

    kind: str
    title: str
    entries: tuple[tuple[int, BookEntry], ...]
    opens_kind: bool
    colour: bool = False

    @property
    def name(self) -> str:
        """E.g. ``"Mosaic puzzles 11–14"``, ``"Mosaic puzzle 11"``."""
        first, last = self.entries[0][0], self.entries[-1][0]
        if first == last:
            return f"{self.title} puzzle {first}"
        return f"{self.title} puzzles {first}–{last}"

    @property
    def rules_heading(self) -> str:
        """The heading of the kind's rules page, e.g. ``"How to solve Mosaic puzzles"``."""
        return rules_heading(self.title)


def rules_heading(title: str) -> str:
    """The heading of the rules page of the kind called ``title``."""
    return f"How to solve {title} puzzles"


@dataclass(frozen=True, eq=False)
class BookPlan:
    """Every page of a printed book, and where each puzzle and solution is.

    Attributes:
        layout: the layout planned for.
        pages: every page, in order (``pages[i].number == i + 1``).
        puzzles: each puzzle's placement, in number order.
        solutions: each solution's placement, in number order; empty without solutions.
    """

    layout: BookLayout
    pages: tuple[Page, ...]
    puzzles: tuple[Placement, ...]
    solutions: tuple[Placement, ...]


def section_title(document: Document) -> str:
    """The name of the section that holds ``document``: its kind's ``spec.title``
    (``"Nonogram"``), ``"Colour Nonogram"`` for a colour puzzle."""
    title = document.puzzle.spec.title
    return f"Colour {title}" if document.puzzle.colours > 1 else title


def sections(book: Book) -> list[Section]:
    """The book's sections: its runs of consecutive puzzles of one kind, in colour or not, in
    order."""
    result: list[Section] = []
    seen: set[tuple[str, bool]] = set()

    def part(item: tuple[int, BookEntry]) -> tuple[str, bool]:
        document = item[1].document
        return document.kind, document.puzzle.colours > 1

    for key, run in groupby(book.numbered(), key=part):
        entries = tuple(run)
        title = section_title(entries[0][1].document)
        result.append(Section(key[0], title, entries, key not in seen, colour=key[1]))
        seen.add(key)
    return result


def plan_book(book: Book, extent: Extent) -> BookPlan:
    """Lay ``book`` out on pages by the rules of the module docstring.

    Args:
        extent: how many cells each puzzle takes, with its clues around it.

    Raises:
        StudioError: for a book without puzzles.
    """
    if not book.entries:
        raise StudioError("the book holds no puzzles yet")
    layout = book.layout
    parts = sections(book)
    puzzle_styles = _puzzle_styles(book, extent)

    pages: list[Page] = []
    if layout.title_page:
        pages.append(Page(1, Role.TITLE))
    contents_lines = _contents_line_count(parts, layout)
    lines_a_page = int((layout.body_area(1).height - HEADING_MM) // CONTENTS_LINE_MM)
    contents_pages = math.ceil(contents_lines / lines_a_page) if layout.contents else 0
    body = len(pages) + contents_pages + 1
    if body > 1 and body % 2 == 0:  # the body starts on a right-hand page
        body += 1

    rules_pages: dict[int, int] = {}  # section index: its rules page
    section_pages: dict[int, int] = {}  # section index: its first page of puzzles
    body_pages: list[Page] = []
    puzzles: list[Placement] = []
    for index, section in enumerate(parts):
        if section.opens_kind and layout.rules_pages:
            rules_pages[index] = body + len(body_pages)
            page = Page(rules_pages[index], Role.RULES, section.kind, colour=section.colour)
            body_pages.append(page)
        section_pages[index] = body + len(body_pages)
        for key, run in groupby(section.entries, key=lambda item: _key(item[1])):
            grid = puzzle_styles[key].grid
            for chunk in _chunks(list(run), math.prod(grid)):
                number = body + len(body_pages)
                slots = _slots(layout.body_area(number), grid)
                placed = _placed(chunk, number, slots, puzzle_styles, LABEL_MM, extent, middle=True)
                puzzles += placed
                body_pages.append(Page(number, Role.PUZZLES, placements=tuple(placed)))

    solutions: list[Placement] = []
    if layout.solutions:
        solution_styles = _solution_styles(book)
        rows = _solution_rows(book, solution_styles)
        for page_rows in _solution_pages(rows, layout):
            number = body + len(body_pages)
            area = _below_heading(layout.body_area(number))
            placed = []
            for row in page_rows:
                across = Area(area.left, area.top + row.top, area.width, row.height)
                slots = _slots(across, (row.columns, 1))
                placed += _placed(
                    row.entries,
                    number,
                    slots,
                    solution_styles,
                    SOLUTION_LABEL_MM,
                    _grid,
                    middle=False,
                )
            solutions += placed
            body_pages.append(Page(number, Role.SOLUTIONS, placements=tuple(placed)))

    if layout.contents:
        lines = _contents(parts, rules_pages, section_pages, puzzles, solutions)
        for start in range(0, len(lines), lines_a_page):
            chunk_lines = tuple(lines[start : start + lines_a_page])
            pages.append(Page(len(pages) + 1, Role.CONTENTS, lines=chunk_lines))
    while len(pages) + 1 < body:
        pages.append(Page(len(pages) + 1, Role.BLANK))
    pages += body_pages
    if layout.pad_even and len(pages) % 2:
        pages.append(Page(len(pages) + 1, Role.BLANK))
    return BookPlan(layout, tuple(pages), tuple(puzzles), tuple(solutions))


Key = tuple[str, bool, tuple[int, int]]
"""A kind, in colour or not, and a size, ``(kind, colour, (height, width))``: what shares one
cell size (a colour puzzle's key makes it deeper than its black-and-white neighbours)."""


def _key(entry: BookEntry) -> Key:
    puzzle = entry.document.puzzle
    return entry.document.kind, puzzle.colours > 1, puzzle.shape


def _grid(document: Document) -> tuple[int, int]:
    """The cells of a solution: its grid alone."""
    return document.puzzle.shape


@dataclass(frozen=True)
class _Style:
    """How the puzzles (or solutions) of one kind and size are printed: the page's slot
    grid, the cell in millimetres, and the box of cells, ``(rows, columns)``, the largest of
    them takes: each is drawn in that box, its grid in the box's bottom-right corner, so that
    the grids of a page line up however deep their clues."""

    grid: Grid
    cell: float
    box: tuple[int, int]


def _puzzle_styles(book: Book, extent: Extent) -> dict[Key, _Style]:
    """For each kind and size of the book, how its puzzles are printed."""
    layout = book.layout
    area = layout.body_area(1)  # the same size on every page
    grids = {
        count: grid
        for count, grid in PUZZLE_GRIDS.items()
        if layout.per_page is None or count <= layout.per_page
    }
    extents: dict[Key, list[tuple[int, int]]] = {}
    for entry in book.entries:
        extents.setdefault(_key(entry), []).append(extent(entry.document))
    styles = {}
    for key, found in extents.items():
        least, most = layout.least_cell, layout.most_cell_mm
        grid, cell = _choose_grid(found, area, grids, LABEL_MM, least, most)
        box = (max(rows for rows, _ in found), max(cols for _, cols in found))
        styles[key] = _Style(grid, cell, box)
    return styles


def _solution_styles(book: Book) -> dict[Key, _Style]:
    """How each kind and size's solutions are printed (the grid alone): the densest slot grid
    (of at most :attr:`BookLayout.solutions_per_page` slots) whose slot keeps its cells at
    least :data:`SOLUTION_CELL_MM`, else the sparsest, and the largest cell, at most
    :data:`SOLUTION_MOST_CELL_MM`, at which it fits that slot."""
    layout = book.layout
    body = _below_heading(layout.body_area(1))  # the same size on every page
    rooms = {  # densest first
        grid: _room(body, grid, SOLUTION_LABEL_MM)
        for count, grid in sorted(SOLUTION_GRIDS.items(), reverse=True)
        if layout.solutions_per_page is None or count <= layout.solutions_per_page
    }
    styles: dict[Key, _Style] = {}
    for entry in book.entries:
        key, shape = _key(entry), entry.document.puzzle.shape
        if key not in styles:
            options = [
                (grid, _cell_in(room, [shape], SOLUTION_MOST_CELL_MM))
                for grid, room in rooms.items()
            ]
            grid, cell = next((o for o in options if o[1] >= SOLUTION_CELL_MM), options[-1])
            styles[key] = _Style(grid, cell, shape)
    return styles


@dataclass(frozen=True)
class _Row:
    """Solutions side by side across a page of solutions: their ``(number, entry)``, the
    columns the row is divided into, its height (a number's label and the tallest grid) and
    its top below the page's heading, in millimetres."""

    entries: tuple[tuple[int, BookEntry], ...]
    columns: int
    height: float
    top: float = 0.0


def _solution_rows(book: Book, styles: Mapping[Key, _Style]) -> list[_Row]:
    """The solutions in number order, in rows: a solution joins the row before it while the
    row, in the fewest columns of its solutions' slot grids and its own, has a column left
    for it."""
    rows: list[_Row] = []
    for item in book.numbered():
        style = styles[_key(item[1])]
        columns, height = style.grid[0], SOLUTION_LABEL_MM + style.box[0] * style.cell
        last = rows[-1] if rows else None
        if last is not None and len(last.entries) < min(last.columns, columns):
            rows[-1] = _Row(
                (*last.entries, item), min(last.columns, columns), max(last.height, height)
            )
        else:
            rows.append(_Row((item,), columns, height))
    return rows


def _solution_pages(rows: Sequence[_Row], layout: BookLayout) -> list[list[_Row]]:
    """``rows`` on pages, each row placed at its top: one under another, :data:`GAP_MM`
    apart, while they fit the page below its heading and the page holds at most
    :attr:`BookLayout.solutions_per_page` solutions."""
    room = _below_heading(layout.body_area(1)).height
    most = layout.solutions_per_page or max(SOLUTION_GRIDS)
    pages: list[list[_Row]] = []
    used, held = 0.0, 0
    for row in rows:
        top = used + GAP_MM
        if pages and top + row.height <= room + _TOLERANCE_MM and held + len(row.entries) <= most:
            pages[-1].append(replace(row, top=top))
            used, held = top + row.height, held + len(row.entries)
        else:
            pages.append([row])
            used, held = row.height, len(row.entries)
    return pages


def _choose_grid(
    extents: Sequence[tuple[int, int]],
    area: Area,
    grids: Mapping[int, Grid],
    label: float,
    least: float,
    most: float,
) -> tuple[Grid, float]:
    """The slot grid (of ``grids``, in ``area``) for ``extents`` (rows, columns; one per
    puzzle), and its cell in millimetres (at most ``most``): of the grids whose slots hold
    every extent below a label at cells of at least ``least``, those that print them on the
    fewest pages, and of those the one with the largest cells. The sparsest grid when none
    keeps cells that large."""
    options = [
        (grid, _cell_in(_room(area, grid, label), extents, most))
        for _count, grid in sorted(grids.items())
    ]
    fitting = [option for option in options if option[1] >= least] or options[:1]

    def pages(option: tuple[Grid, float]) -> int:
        return math.ceil(len(extents) / math.prod(option[0]))

    fewest = min(map(pages, fitting))
    return max((option for option in fitting if pages(option) == fewest), key=lambda o: o[1])


def _room(area: Area, grid: Grid, label: float) -> tuple[float, float]:
    """Width and height of a slot of ``grid`` in ``area``, less the label above."""
    slot = _slots(area, grid)[0]
    return slot.width, slot.height - label


def _cell_in(room: tuple[float, float], extents: Sequence[tuple[int, int]], most: float) -> float:
    """The largest cell, at most ``most``, at which every extent fits ``room``."""
    width, height = room
    return min(most, *(min(width / cols, height / rows) for rows, cols in extents))


def _slots(area: Area, grid: Grid) -> list[Area]:
    """The slots of ``grid`` in ``area``, row by row, :data:`GAP_MM` apart."""
    cols, rows = grid
    width = (area.width - GAP_MM * (cols - 1)) / cols
    height = (area.height - GAP_MM * (rows - 1)) / rows
    return [
        Area(area.left + col * (width + GAP_MM), area.top + row * (height + GAP_MM), width, height)
        for row in range(rows)
        for col in range(cols)
    ]


def _below_heading(area: Area) -> Area:
    return Area(area.left, area.top + HEADING_MM, area.width, area.height - HEADING_MM)


def _chunks(items: list[tuple[int, BookEntry]], size: int) -> list[list[tuple[int, BookEntry]]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def _placed(
    chunk: Sequence[tuple[int, BookEntry]],
    page: int,
    slots: list[Area],
    styles: Mapping[Key, _Style],
    label: float,
    cells: Extent,
    *,
    middle: bool,
) -> list[Placement]:
    """The puzzles of ``chunk`` in ``slots``, each taking ``cells`` at the bottom-right of its
    style's box, the box under a label's height: if ``middle`` (a page of puzzles), centred in
    its slot; else (solutions) at the slot's top left, so that boxes of several sizes in a row
    keep their labels in line, the numbers start each column, and a note beside a number
    ("one of several") has the slot's width. Its label right above it, to the slot's right."""
    placed = []
    for (number, entry), slot in zip(chunk, slots, strict=False):
        style = styles[_key(entry)]
        cell = style.cell
        rows, cols = cells(entry.document)
        box_height, box_width = style.box[0] * cell, style.box[1] * cell
        left = slot.left + ((slot.width - box_width) / 2 if middle else 0.0)
        room = slot.height - label - box_height
        top = slot.top + label + (room / 2 if middle else 0.0)
        width, height = cols * cell, rows * cell
        area = Area(left + box_width - width, top + box_height - height, width, height)
        above = Area(area.left, area.top - label, slot.right - area.left, label)
        placed.append(Placement(number, entry, page, cell, area, above))
    return placed


def _contents_line_count(parts: Sequence[Section], layout: BookLayout) -> int:
    rules = sum(layout.rules_pages and section.opens_kind for section in parts)
    titled = sum(bool(entry.title) for section in parts for _number, entry in section.entries)
    return rules + len(parts) + titled + int(layout.solutions)


def _contents(
    parts: Sequence[Section],
    rules_pages: Mapping[int, int],
    section_pages: Mapping[int, int],
    puzzles: Sequence[Placement],
    solutions: Sequence[Placement],
) -> list[ContentsLine]:
    """The contents: each kind's rules page, each section and its titled puzzles, the
    solutions."""
    page_of = {placement.number: placement.page for placement in puzzles}
    lines = []
    for index, section in enumerate(parts):
        if index in rules_pages:
            lines.append(ContentsLine(section.rules_heading, rules_pages[index]))
        lines.append(ContentsLine(section.name, section_pages[index]))
        lines += [
            ContentsLine(f"{number}  {entry.title}", page_of[number], number)
            for number, entry in section.entries
            if entry.title
        ]
    if solutions:
        lines.append(ContentsLine("Solutions", solutions[0].page))
    return lines
