"""A book with colour nonograms: their own section after the black-and-white nonograms, opened
by the colour rules page with its worked example; each colour puzzle in its colours with a key
under it that the plan keeps room for; the solutions in colour. Checked from the PDF: its text
(pypdf) and its pages rasterised in colour (poppler's ``pdftoppm``)."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from studio.core.book import Book, BookEntry, BookLayout, SortKey, entry_for
from studio.core.book.layout import Area
from studio.core.book.plan import Role
from studio.core.document import Document
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import generate_batch
from studio.core.kinds import get_kind
from studio.core.palette import Colour, Palette
from studio.gui.kinds import looks
from studio.render.book import BookExport, export_book
from studio.render.export import extent
from studio.render.key import key_rows

RED, GREEN, BLUE = (220, 0, 0), (0, 150, 60), (30, 60, 200)


def generated(side: int, count: int, seed: int, colours: int = 1) -> list[BookEntry]:
    options = GeneratorOptions((side, side), kind="nonogram", colours=colours)
    batch = generate_batch(options, seed, count, jobs=1)
    return [entry_for(g.document, analysis=g.analysis) for g in batch]


def in_colours(entry: BookEntry, palette: Palette) -> BookEntry:
    """The entry with its document's colours named and coloured as ``palette``."""
    document = entry.document
    coloured = Document(document.puzzle, document.picture, palette=palette)
    return BookEntry(coloured, entry.title, entry.solution, entry.status, entry.difficulty)


PALETTE = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("red", "r", RED),
        Colour("green", "g", GREEN),  # L* 54, red's 47: alike in greyscale
        Colour("blue", "b", BLUE),
    )
)


@pytest.fixture(scope="module")
def book() -> Book:
    """Colour, black and white, colour: sorted by kind, the two black-and-white nonograms come
    first (puzzles 1 and 2), then the colour ones (3 and 4)."""
    colour = [in_colours(entry, PALETTE) for entry in generated(8, 2, 5, colours=3)]
    entries = [colour[0], *generated(8, 2, 6), colour[1]]
    layout = BookLayout(page_size="6x9", bleed_mm=3.175, per_page=2)
    return Book("Colours", "Tests", layout, tuple(entries)).sorted_by(SortKey.KIND)


@pytest.fixture(scope="module")
def exported(
    qapp: object, book: Book, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, BookExport]:
    del qapp  # drawing needs the application object
    target = tmp_path_factory.mktemp("book") / "colours.pdf"
    return target, export_book(book, target, looks)


def texts(path: Path) -> list[str]:
    """Each page's words, ligatures spelt out (``ﬀ``: ``ff``)."""
    pages = PdfReader(path).pages
    return [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split()) for page in pages]


def test_the_colour_nonograms_have_their_own_section_after_the_black_and_white(
    exported: tuple[Path, BookExport], book: Book
) -> None:
    path, result = exported
    assert [entry.document.puzzle.colours for entry in book.entries] == [1, 1, 3, 3]
    rules = [page for page in result.plan.pages if page.role is Role.RULES]
    assert [(page.kind, page.colour) for page in rules] == [
        ("nonogram", False),
        ("nonogram", True),
    ]
    pages = texts(path)
    colour_rules = pages[rules[1].number - 1]
    assert colour_rules.startswith("How to solve Colour Nonogram puzzles")
    assert "Two runs of the same colour have at least one empty cell between them" in colour_rules
    assert "runs of different colours may touch" in colour_rules
    assert "Example" in colour_rules
    assert "Puzzle" in colour_rules
    # The key of the worked example names its colours.
    assert {"red", "yellow", "green"} <= set(colour_rules.split())
    black_and_white = pages[rules[0].number - 1]
    assert black_and_white.startswith("How to solve Nonogram puzzles")
    assert "colour" not in black_and_white
    contents = pages[1]
    assert "Nonogram puzzles 1–2" in contents
    assert "How to solve Colour Nonogram puzzles" in contents
    assert "Colour Nonogram puzzles 3–4" in contents
    assert "Nonogram and Colour Nonogram" in pages[0]
    first_colour = next(p for p in result.plan.puzzles if p.number == 3)
    assert rules[1].number < first_colour.page


def test_a_colour_puzzle_is_placed_with_its_key_inside_the_page(
    exported: tuple[Path, BookExport], book: Book
) -> None:
    """The plan's area of each colour puzzle is its clues, grid and key at its cell; the key's
    rows are within the body, and under a label that names it nowhere else."""
    path, result = exported
    layout = book.layout
    pages = texts(path)
    for placement in result.plan.puzzles:
        document = placement.entry.document
        rows, cols = extent(document.puzzle, looks(document.puzzle), inks=document.palette)
        assert placement.area.height == pytest.approx(rows * placement.cell_mm)
        assert placement.area.width == pytest.approx(cols * placement.cell_mm)
        body = layout.body_area(placement.page)
        assert inside(placement.area, body)
        key = key_rows(document.palette, cols)
        assert (key > 0) == (document.puzzle.colours > 1)
        if key:
            assert {"red", "green", "blue"} <= set(pages[placement.page - 1].split())


def inside(area: Area, body: Area) -> bool:
    return (
        area.left >= body.left - 1e-6
        and area.top >= body.top - 1e-6
        and area.right <= body.right + 1e-6
        and area.bottom <= body.bottom + 1e-6
    )


def raster(path: Path, page: int, folder: Path, dpi: int = 100) -> np.ndarray:
    """Page ``page`` of the PDF in RGB, ``(height, width, 3)``."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    stem = folder / f"page-{page}"
    pages = ["-f", str(page), "-l", str(page), "-singlefile"]
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", *pages, str(path), str(stem)], check=True)
    return np.asarray(Image.open(f"{stem}.png").convert("RGB")).astype(np.int64)


def count(image: np.ndarray, rgb: tuple[int, int, int], within: int = 12) -> int:
    return int((np.abs(image - rgb).max(axis=2) <= within).sum())


def test_puzzles_solutions_and_the_example_print_in_colour(
    exported: tuple[Path, BookExport], tmp_path: Path
) -> None:
    """At 100 dpi: the page of colour puzzles holds each ink in its key and clue boxes; the
    solutions page holds the inks in the grids (the first colour puzzle's cells as solved);
    the colour rules page the example's red, yellow and green; black-and-white pages none."""
    path, result = exported
    plan = result.plan
    colour_page = next(p.page for p in plan.puzzles if p.number == 3)
    bw_page = next(p.page for p in plan.puzzles if p.number == 1)
    image = raster(path, colour_page, tmp_path)
    for rgb in (RED, GREEN, BLUE):
        assert count(image, rgb) >= 100, rgb
    bw = raster(path, bw_page, tmp_path)
    assert all(count(bw, rgb, 40) == 0 for rgb in (RED, GREEN, BLUE))
    solutions = raster(path, plan.solutions[2].page, tmp_path)
    solved = plan.solutions[2].entry.solution
    assert solved is not None
    for value, rgb in enumerate((RED, GREEN, BLUE), start=1):
        assert (solved == value).any() == (count(solutions, rgb) > 0), rgb
    rules = next(p for p in plan.pages if p.role is Role.RULES and p.colour)
    example = raster(path, rules.number, tmp_path)
    flower = get_kind("nonogram").colour_example().palette
    assert flower is not None
    for ink in flower.colours[1:]:
        assert count(example, ink.rgb) >= 50, ink.name
