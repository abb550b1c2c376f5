"""Planning a printed book: page order, sections, one cell size per kind and size, the slot
grids, the solutions, the contents; checked against figures worked out by hand."""

from __future__ import annotations

from collections import Counter
from itertools import groupby

import numpy as np
import pytest

from studio.core.book import Book, BookEntry, BookLayout
from studio.core.book.layout import Area
from studio.core.book.plan import (
    CONTENTS_LINE_MM,
    HEADING_MM,
    LABEL_MM,
    BookPlan,
    Placement,
    Role,
    plan_book,
    sections,
)
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.kinds import document_of_picture, new_document

SURROUND: dict[int, tuple[int, int]] = {}
"""Cells each test puzzle takes above and left of its grid, by ``id`` (a nonogram's clues)."""


def extent(document: Document) -> tuple[int, int]:
    """The stand-in for the drawing's measure: the grid and its surround."""
    puzzle = document.puzzle
    top, left = SURROUND.get(id(puzzle), (0, 0))
    height, width = puzzle.shape
    return height + top, width + left


def entry(
    kind: str, side: int, *, surround: tuple[int, int] = (0, 0), title: str = ""
) -> BookEntry:
    rng = np.random.default_rng(side)
    if kind == "fobidoshi":  # not drawn from a picture: a blank one is enough to plan
        document = new_document(kind, (side, side))
        solution = rng.random((side, side)) < 0.5
    else:
        solution = rng.random((side, side)) < 0.5
        document = document_of_picture(kind, solution)
    SURROUND[id(document.puzzle)] = surround
    return BookEntry(Document(document.puzzle, document.picture), title, solution, "unique", 1)


def seventeen() -> Book:
    """6 + 4 nonograms of two sizes (clues 5 and 8 deep), 4 mosaics, 3 Fobidoshi, 6×9 in."""
    entries = [
        *(entry("nonogram", 10, surround=(4, 5)) for _ in range(6)),
        *(entry("nonogram", 20, surround=(8, 8), title="Owl" if i == 1 else "") for i in range(4)),
        *(entry("mosaic", 15) for _ in range(4)),
        *(entry("fobidoshi", 10) for _ in range(3)),
    ]
    return Book("Seventeen", "Tests", BookLayout(page_size="6x9", bleed_mm=3.175), tuple(entries))


def by_number(placements: tuple[Placement, ...]) -> list[int]:
    return [p.number for p in placements]


def test_sections_are_runs_of_one_kind_and_each_kind_is_explained_once() -> None:
    book = Book(
        entries=(
            entry("nonogram", 5),
            entry("nonogram", 6),
            entry("mosaic", 5),
            entry("nonogram", 7),
        )
    )
    parts = sections(book)
    assert [(s.kind, [n for n, _ in s.entries], s.opens_kind) for s in parts] == [
        ("nonogram", [1, 2], True),
        ("mosaic", [3], True),
        ("nonogram", [4], False),
    ]
    assert [s.name for s in parts] == [
        "Nonogram puzzles 1–2",
        "Mosaic puzzle 3",
        "Nonogram puzzle 4",
    ]
    assert parts[1].rules_heading == "How to solve Mosaic puzzles"
    plan = plan_book(book, extent)
    assert [page.kind for page in plan.pages if page.role is Role.RULES] == ["nonogram", "mosaic"]


def test_the_pages_follow_a_published_books_order() -> None:
    plan = plan_book(seventeen(), extent)
    roles = [page.role for page in plan.pages]
    assert roles[:3] == [Role.TITLE, Role.CONTENTS, Role.RULES]
    assert [page.number for page in plan.pages] == list(range(1, len(roles) + 1))
    # Front matter and blank pages carry no number; the rest do.
    assert [page.number for page in plan.pages if not page.folio] == [1, 2]
    # A rules page before the first puzzle of each kind, the solutions at the back.
    first_of_kind: dict[str, int] = {}
    for placement in plan.puzzles:
        first_of_kind.setdefault(placement.entry.document.kind, placement.page)
    rules = {page.kind: page.number for page in plan.pages if page.role is Role.RULES}
    assert rules == {kind: page - 1 for kind, page in first_of_kind.items()}
    solution_pages = [page.number for page in plan.pages if page.role is Role.SOLUTIONS]
    assert min(solution_pages) > max(p.page for p in plan.puzzles)
    assert solution_pages == list(range(min(solution_pages), len(roles) + 1))
    assert by_number(plan.puzzles) == by_number(plan.solutions) == list(range(1, 18))


def test_the_body_starts_on_a_right_hand_page() -> None:
    book = seventeen()
    for changes, front in (
        ({}, [Role.TITLE, Role.CONTENTS]),
        ({"contents": False}, [Role.TITLE, Role.BLANK]),
        ({"title_page": False}, [Role.CONTENTS, Role.BLANK]),
        ({"title_page": False, "contents": False}, []),
    ):
        layout = BookLayout(page_size="6x9", **changes)
        plan = plan_book(Book(entries=book.entries, layout=layout), extent)
        roles = [page.role for page in plan.pages]
        assert roles[: len(front) + 1] == [*front, Role.RULES], changes


def test_one_cell_size_per_kind_and_size_at_least_4_mm_on_6x9() -> None:
    plan = plan_book(seventeen(), extent)
    cells: dict[tuple[str, tuple[int, int]], set[float]] = {}
    for placement in plan.puzzles:
        document = placement.entry.document
        cells.setdefault((document.kind, document.puzzle.shape), set()).add(placement.cell_mm)
    assert all(len(sizes) == 1 for sizes in cells.values()), cells
    # By hand: 6×9 in less 12.7 mm margins and a 3.175 mm gutter leaves 123.825 mm across;
    # less the page number's 6 mm band, 197.2 mm down. 10×10 with clues 5 wide, 4 deep: two
    # a page (a column of two slots: (197.2 − 6) / 2 − 8 = 87.6 mm for 14 rows, 6.26 mm),
    # since side by side they would get (123.825 − 6) / 2 / 15 = 3.93 mm, under 4.
    assert one(cells[("nonogram", (10, 10))]) == pytest.approx(87.6 / 14)
    # 20×20 with clues 8 deep: alone on a page, 123.825 / 28 = 4.42 mm.
    assert one(cells[("nonogram", (20, 20))]) == pytest.approx(123.825 / 28)
    # 15×15 mosaics: two a page, 87.6 / 15 = 5.84 mm. 10×10 Fobidoshi: six a page would
    # keep 5.37 mm cells, but the three fit one page of four slots as well, at
    # (123.825 − 6) / 2 / 10 = 5.89 mm.
    assert one(cells[("mosaic", (15, 15))]) == pytest.approx(87.6 / 15)
    assert one(cells[("fobidoshi", (10, 10))]) == pytest.approx((123.825 - 6) / 2 / 10)
    shares = Counter(len(page.placements) for page in plan.pages if page.role is Role.PUZZLES)
    assert shares == Counter({2: 3 + 2, 1: 4, 3: 1})


def test_at_most_per_page_and_never_below_the_least_cell_when_one_a_page_can_do() -> None:
    book = seventeen()
    one = plan_book(
        Book(entries=book.entries, layout=BookLayout(page_size="6x9", per_page=1)), extent
    )
    assert {len(page.placements) for page in one.pages if page.role is Role.PUZZLES} == {1}
    for page_size, least in (("A4", 5), ("letter", 5), ("8.5x11", 5), ("6x9", 4)):
        plan = plan_book(Book(entries=book.entries, layout=BookLayout(page_size=page_size)), extent)
        assert min(p.cell_mm for p in plan.puzzles) >= least, page_size


def test_every_puzzle_lies_in_its_pages_body_clear_of_the_others() -> None:
    assert_clear_of_each_other(plan_book(seventeen(), extent))


def assert_clear_of_each_other(plan: BookPlan) -> None:
    """Every puzzle and solution in its page's body at its cell size, none overlapping."""
    layout = plan.layout
    for page in plan.pages:
        body = layout.body_area(page.number)
        boxes = [box for p in page.placements for box in (p.area, p.label)]
        for box in boxes:
            assert inside(box, body), (page.number, box)
        for placement in page.placements:
            rows, cols = extent(placement.entry.document)
            if page.role is Role.SOLUTIONS:
                rows, cols = placement.entry.document.puzzle.shape
            assert placement.area.width == pytest.approx(cols * placement.cell_mm)
            assert placement.area.height == pytest.approx(rows * placement.cell_mm)
        areas = [p.area for p in page.placements]
        for index, one in enumerate(areas):
            assert not any(overlap(one, other) for other in areas[index + 1 :]), page.number


def test_the_grids_of_a_page_line_up_whatever_their_clues() -> None:
    shallow, deep = (entry("nonogram", 10, surround=depth) for depth in ((1, 1), (4, 5)))
    layout = BookLayout(page_size="6x9", title_page=False)
    plan = plan_book(Book(entries=(shallow, deep), layout=layout), extent)
    first, second = plan.puzzles
    assert first.page == second.page
    # One above the other: the grids' right edges (the clues are left of them) line up.
    assert first.area.right == pytest.approx(second.area.right)
    assert first.area.left > second.area.left, "the shallow clues start further right"


def test_solutions_in_rows_each_size_at_the_densest_grid_that_keeps_it_readable() -> None:
    plan = plan_book(seventeen(), extent)
    solution_pages = [page for page in plan.pages if page.role is Role.SOLUTIONS]
    assert all(1.5 <= p.cell_mm <= 3.0 for p in plan.solutions)
    # By hand: below the heading a page of solutions is 197.2 − 14 = 183.2 mm high. A slot of
    # 4 × 5 is (123.825 − 3 × 6) / 4 = 26.46 mm wide and (183.2 − 4 × 6) / 5 − 5 = 26.84 mm
    # high under its number: 10×10 grids at 2.65 mm, 15×15 at 1.76 mm; a 20×20 grid would get
    # 1.32 mm there, so it takes 3 × 4: (123.825 − 12) / 3 / 20 = 1.86 mm across, and
    # ((183.2 − 18) / 4 − 5) / 20 = 1.815 mm down.
    cells = {p.entry.document.puzzle.shape: p.cell_mm for p in plan.solutions}
    assert cells[(10, 10)] == pytest.approx((123.825 - 18) / 4 / 10)
    assert cells[(15, 15)] == pytest.approx((123.825 - 18) / 4 / 15)
    assert cells[(20, 20)] == pytest.approx(((183.2 - 18) / 4 - 5) / 20)
    # In number order, a row taking the fewest columns of its sizes: the two 10×10 left over
    # share a row of three with the first 20×20. Rows of 31.5, 41.3, 41.3 and 31.5 mm fit the
    # first page with their gaps (163.6 mm); the three Fobidoshi's row goes over.
    rows = [
        [by_number(tuple(row)) for _top, row in groupby(page.placements, lambda p: p.label.top)]
        for page in solution_pages
    ]
    assert rows == [[[1, 2, 3, 4], [5, 6, 7], [8, 9, 10], [11, 12, 13, 14]], [[15, 16, 17]]]


def test_small_solutions_share_pages_however_large_the_largest_puzzle() -> None:
    """Four small, one wide, four small, two large (the user test's book): the small ones
    share pages with the wide one instead of each taking a page sized for the largest; each
    size at its own cell, the large ones' cells larger than they would be on a shared grid."""
    small = [entry("nonogram", 15) for _ in range(8)]
    wide, tall, large = (rectangle(shape) for shape in ((50, 75), (80, 50), (60, 50)))
    book = Book(
        layout=BookLayout(page_size="6x9"), entries=(*small[:4], wide, *small[4:], tall, large)
    )
    plan = plan_book(book, extent)
    pages = [page for page in plan.pages if page.role is Role.SOLUTIONS]
    assert [by_number(page.placements) for page in pages] == [list(range(1, 10)), [10], [11]]
    cells = {p.number: p.cell_mm for p in plan.solutions}
    assert cells[1] == pytest.approx((123.825 - 18) / 4 / 15)  # 1.76 mm, four a row
    assert cells[5] == pytest.approx(123.825 / 75)  # 1.65 mm, a row of its own
    assert cells[10] == pytest.approx((183.2 - 5) / 80)  # 2.23 mm, a page of its own
    assert min(cells.values()) >= 1.5
    assert_clear_of_each_other(plan)


def rectangle(shape: tuple[int, int]) -> BookEntry:
    solution = np.random.default_rng(shape[0]).random(shape) < 0.5
    document = document_of_picture("nonogram", solution)
    return BookEntry(document, "", solution, "unique", 1)


def test_the_contents_point_at_the_pages_and_list_only_titled_puzzles() -> None:
    plan = plan_book(seventeen(), extent)
    (contents,) = [page for page in plan.pages if page.role is Role.CONTENTS]
    pages = {page.number: page for page in plan.pages}
    lines = {line.text: line.page for line in contents.lines}
    assert list(lines) == [
        "How to solve Nonogram puzzles",
        "Nonogram puzzles 1–10",
        "8  Owl",
        "How to solve Mosaic puzzles",
        "Mosaic puzzles 11–14",
        "How to solve Fobidoshi puzzles",
        "Fobidoshi puzzles 15–17",
        "Solutions",
    ]
    assert pages[lines["How to solve Mosaic puzzles"]].kind == "mosaic"
    assert 11 in by_number(pages[lines["Mosaic puzzles 11–14"]].placements)
    assert 8 in by_number(pages[lines["8  Owl"]].placements)
    assert pages[lines["Solutions"]].role is Role.SOLUTIONS


def test_long_contents_take_more_pages_and_push_the_body_on() -> None:
    entries = tuple(entry("mosaic", 5, title=f"T{i}") for i in range(60))
    layout = BookLayout(page_size="6x9")
    plan = plan_book(Book(entries=entries, layout=layout), extent)
    contents = [page for page in plan.pages if page.role is Role.CONTENTS]
    per_page = int((layout.body_area(1).height - HEADING_MM) // CONTENTS_LINE_MM)
    lines = 1 + 1 + 60 + 1  # rules, section, the titled puzzles, solutions
    assert [len(page.lines) for page in contents] == [per_page, per_page, lines - 2 * per_page]
    first_body = next(page.number for page in plan.pages if page.folio)
    assert first_body % 2 == 1


def test_pad_even_adds_a_blank_page_only_when_the_count_is_odd() -> None:
    book = seventeen()
    for solutions in (True, False):
        layout = BookLayout(page_size="6x9", solutions=solutions)
        plain = plan_book(Book(entries=book.entries, layout=layout), extent)
        padded = plan_book(
            Book(
                entries=book.entries,
                layout=BookLayout(page_size="6x9", solutions=solutions, pad_even=True),
            ),
            extent,
        )
        assert len(padded.pages) % 2 == 0
        assert len(padded.pages) - len(plain.pages) == len(plain.pages) % 2
        if len(plain.pages) % 2:
            assert padded.pages[-1].role is Role.BLANK


def test_without_the_optional_pages() -> None:
    layout = BookLayout(title_page=False, contents=False, rules_pages=False, solutions=False)
    plan = plan_book(Book(entries=seventeen().entries, layout=layout), extent)
    assert {page.role for page in plan.pages} == {Role.PUZZLES}
    assert plan.solutions == ()


def test_an_empty_book_has_no_plan() -> None:
    with pytest.raises(StudioError, match="no puzzles"):
        plan_book(Book(), extent)


def test_each_label_is_right_above_its_puzzle() -> None:
    plan = plan_book(seventeen(), extent)
    for placement in (*plan.puzzles, *plan.solutions):
        assert placement.label.bottom == pytest.approx(placement.area.top)
        assert placement.label.left == pytest.approx(placement.area.left)
    assert {p.label.height for p in plan.puzzles} == {LABEL_MM}


def one(sizes: set[float]) -> float:
    (size,) = sizes
    return size


def inside(box: Area, area: Area) -> bool:
    tolerance = 1e-9
    return (
        box.left >= area.left - tolerance
        and box.top >= area.top - tolerance
        and box.right <= area.right + tolerance
        and box.bottom <= area.bottom + tolerance
    )


def overlap(one: Area, other: Area) -> bool:
    return (
        one.left < other.right
        and other.left < one.right
        and one.top < other.bottom
        and other.top < one.bottom
    )


def test_the_layouts_cell_limits_are_honoured() -> None:
    """A least cell asked for above the trim's puts fewer puzzles on a page; a largest cell
    caps a small puzzle alone on its page."""
    book = seventeen()
    # By hand (see above): 10×10 nonograms with their clues get 6.26 mm two a page on 6×9.
    # Asking for 7 mm leaves no slot grid that keeps it: one a page, as large as fits,
    # 123.825 / 15 = 8.26 mm, capped at the default largest cell, 8 mm.
    strict = BookLayout(page_size="6x9", bleed_mm=3.175, least_cell_mm=7.0)
    plan = plan_book(Book(entries=book.entries[:6], layout=strict), extent)
    assert {len(page.placements) for page in plan.pages if page.role is Role.PUZZLES} == {1}
    assert {p.cell_mm for p in plan.puzzles} == {8.0}
    capped = BookLayout(page_size="6x9", least_cell_mm=7.0, most_cell_mm=7.5)
    plan = plan_book(Book(entries=book.entries[:6], layout=capped), extent)
    assert {p.cell_mm for p in plan.puzzles} == {7.5}
    # A least cell below the trim's lets the six share one page of 2 × 3 slots: each
    # (197.2 − 2 × 6) / 3 − 8 = 53.73 mm high for 14 rows, 3.84 mm, and 58.9 mm wide for 15
    # columns, 3.93 mm: 3.84 mm cells.
    loose = BookLayout(page_size="6x9", least_cell_mm=3.5)
    plan = plan_book(Book(entries=book.entries[:6], layout=loose), extent)
    assert [len(page.placements) for page in plan.pages if page.role is Role.PUZZLES] == [6]
    assert {round(p.cell_mm, 6) for p in plan.puzzles} == {round(((197.2 - 12) / 3 - 8) / 14, 6)}


def test_solutions_per_page_is_a_most() -> None:
    book = seventeen()
    for most in (1, 2, 4, 6):
        layout = BookLayout(page_size="6x9", solutions_per_page=most)
        plan = plan_book(Book(entries=book.entries, layout=layout), extent)
        pages = [page for page in plan.pages if page.role is Role.SOLUTIONS]
        assert max(len(page.placements) for page in pages) == most
        assert len(pages) == -(-17 // most)
        assert by_number(plan.solutions) == list(range(1, 18))


def colour_entry(side: int) -> BookEntry:
    """A colour nonogram of ``side`` (two inks), its clues taken as 3 deep each way."""
    picture = (np.random.default_rng(side).random((side, side)) * 3).astype(np.uint8)
    document = document_of_picture("nonogram", picture)
    SURROUND[id(document.puzzle)] = (3, 3)
    return BookEntry(document, "", picture, "unique", 1)


def test_a_kinds_colour_puzzles_make_sections_of_their_own_with_their_rules() -> None:
    """Black and white, colour, black and white, colour: four sections, the first of each of
    nonograms and colour nonograms opened by its rules page; colour puzzles never share a page
    with black-and-white ones (their solutions may)."""
    book = Book(
        entries=(entry("nonogram", 5), colour_entry(5), entry("nonogram", 5), colour_entry(5))
    )
    parts = sections(book)
    assert [(s.title, s.colour, s.opens_kind) for s in parts] == [
        ("Nonogram", False, True),
        ("Colour Nonogram", True, True),
        ("Nonogram", False, False),
        ("Colour Nonogram", True, False),
    ]
    assert parts[1].name == "Colour Nonogram puzzle 2"
    assert parts[1].rules_heading == "How to solve Colour Nonogram puzzles"
    plan = plan_book(book, extent)
    rules = [(page.kind, page.colour) for page in plan.pages if page.role is Role.RULES]
    assert rules == [("nonogram", False), ("nonogram", True)]
    for page in plan.pages:
        colours = {p.entry.document.puzzle.colours > 1 for p in page.placements}
        assert len(colours) <= 1 or page.role is Role.SOLUTIONS, page.number
    lines = [line.text for page in plan.pages for line in page.lines]
    assert "How to solve Colour Nonogram puzzles" in lines
