"""A book as a print-ready PDF, checked from the outside: the PDF opened with pypdf (page and
print boxes in points, embedded fonts, the texts a reader needs), and its pages rasterised by
poppler's ``pdftoppm`` to measure the cells and rules as printed."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry, BookLayout, entry_for
from studio.core.book.plan import Placement, Role
from studio.core.cancel import CancelToken, Stopped
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.formats.book_json import load_book
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import generate_batch
from studio.core.kinds import document_of_picture, new_document
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze
from studio.gui.kinds import looks
from studio.render.book import BookExport, book_plan, draw_book, export_book

MM_PER_POINT = 25.4 / 72
SAMPLE = Path(__file__).parents[3] / "resources" / "samples" / "sampler.book.json"


def generated(kind: str, side: int, count: int, seed: int) -> list[BookEntry]:
    batch = generate_batch(GeneratorOptions((side, side), kind=kind), seed, count, jobs=1)
    return [entry_for(g.document, analysis=g.analysis) for g in batch]


def seventeen(layout: BookLayout) -> Book:
    """Issue 13's book: 6 + 4 nonograms of two sizes, 4 mosaics, 3 Fobidoshi."""
    entries = [
        *generated("nonogram", 10, 6, 1),
        *generated("nonogram", 20, 4, 2),
        *generated("mosaic", 15, 4, 3),
        *generated("fobidoshi", 10, 3, 4),
    ]
    return Book("Seventeen Puzzles", "Puzzle Studio Tests", layout, tuple(entries))


@pytest.fixture(scope="module")
def book() -> Book:
    return seventeen(BookLayout(page_size="6x9", bleed_mm=3.175))


@pytest.fixture(scope="module")
def exported(
    qapp: object, book: Book, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, BookExport]:
    del qapp  # drawing needs the application object
    target = tmp_path_factory.mktemp("book") / "seventeen.pdf"
    return target, export_book(book, target, looks)


def mm(value: object) -> float:
    return float(value) * MM_PER_POINT  # type: ignore[arg-type]


def test_the_issue_13_book_is_ready_for_a_press(exported: tuple[Path, BookExport]) -> None:
    """6×9 in with a 3.175 mm bleed: pages of 158.8 × 235.0 mm, a 152.4 × 228.6 mm TrimBox,
    one cell size per kind and size, cells ≥ 4 mm, solutions ≥ 1.5 mm, a rules page per kind."""
    path, result = exported
    reader = PdfReader(path)
    assert len(reader.pages) == result.pages
    for page in reader.pages:
        media, trim, bleed = page.mediabox, page.trimbox, page.bleedbox
        assert (mm(media.width), mm(media.height)) == pytest.approx((158.75, 234.95), abs=0.01)
        assert (mm(trim.width), mm(trim.height)) == pytest.approx((152.4, 228.6), abs=0.01)
        assert mm(trim.left) - mm(media.left) == pytest.approx(3.175, abs=0.01)
        assert mm(media.top) - mm(trim.top) == pytest.approx(3.175, abs=0.01)
        assert list(bleed) == list(media)
    plan = result.plan
    cells: dict[tuple[str, tuple[int, int]], set[float]] = {}
    for placement in plan.puzzles:
        document = placement.entry.document
        cells.setdefault((document.kind, document.puzzle.shape), set()).add(placement.cell_mm)
    assert len(cells) == 4
    assert all(len(sizes) == 1 for sizes in cells.values()), cells
    assert min(p.cell_mm for p in plan.puzzles) >= 4.0
    assert min(p.cell_mm for p in plan.solutions) >= 1.5
    texts = page_texts(reader)
    for kind in ("Nonogram", "Mosaic", "Fobidoshi"):
        rules = [n for n, text in enumerate(texts, 1) if f"How to solve {kind} puzzles" in text]
        assert len(rules) == 2, kind  # the contents and the rules page
        assert plan.pages[rules[1] - 1].role is Role.RULES


def test_cells_and_rules_measure_as_planned_on_the_printed_page(
    exported: tuple[Path, BookExport], tmp_path: Path
) -> None:
    """Each kind and size's grid measured on the page rasterised at 300 dpi: its bottom border
    is as long as its cells at the planned size; a solution's too. Every rule of a nonogram's
    grid, measured at 600 dpi, is at least 60 % black and at least 0.25 pt wide."""
    path, result = exported
    plan = result.plan
    firsts: dict[tuple[str, tuple[int, int]], Placement] = {}
    for placement in plan.puzzles:
        document = placement.entry.document
        firsts.setdefault((document.kind, document.puzzle.shape), placement)
    for placement in [*firsts.values(), plan.solutions[6]]:
        image = rasterise(path, placement.page, 300, tmp_path)
        _rows, cols = placement.entry.document.puzzle.shape
        assert border_cell_mm(image, 300, placement, cols) == pytest.approx(
            placement.cell_mm, rel=0.03
        ), placement.number
    nonogram = firsts[("nonogram", (20, 20))]
    image = rasterise(path, nonogram.page, 600, tmp_path)
    for darkest, width_pt in rules_across_first_row(image, 600, nonogram):
        assert darkest <= 0.4 * 255, "at least 60 % black"
        assert width_pt >= 0.24, "at least 0.25 pt (a pixel's rounding allowed)"


def test_fonts_are_embedded(exported: tuple[Path, BookExport]) -> None:
    reader = PdfReader(exported[0])
    fonts = [font for page in reader.pages for font in page_fonts(page)]
    assert fonts
    for font in fonts:
        if font["/Subtype"] == "/Type0":
            font = font["/DescendantFonts"][0].get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), font.get("/BaseFont")


def test_numbers_titles_and_page_numbers(exported: tuple[Path, BookExport], book: Book) -> None:
    path, result = exported
    reader = PdfReader(path)
    texts = page_texts(reader)
    assert reader.metadata is not None
    assert (reader.metadata.title, reader.metadata.author) == (book.title, book.author)
    assert "Seventeen Puzzles" in texts[0]
    assert "Contents" in texts[1]
    for page in result.plan.pages:
        words = texts[page.number - 1].split()
        # The page number, at the foot of every page but the front matter.
        assert (str(page.number) in words[-1:]) == page.folio, page.number
        for placement in page.placements:
            assert str(placement.number) in words
    # Generated puzzles are untitled: nothing but numbers labels them, and never a seed.
    assert not any("#" in text for text in texts)
    # The solutions show the grids alone: no clue digits, no clues around them.
    for page in result.plan.pages:
        if page.role is Role.SOLUTIONS:
            labels = {str(p.number) for p in page.placements} | {str(page.number)}
            assert set(texts[page.number - 1].split()) == {"Solutions", *labels}


def test_an_even_page_count_when_asked(qtbot: QtBot, tmp_path: Path, book: Book) -> None:
    counts = []
    for pad_even in (False, True):
        layout = BookLayout(page_size="A4", pad_even=pad_even, contents=False)
        result = export_book(
            Book(entries=book.entries[:7], layout=layout), tmp_path / "b.pdf", looks
        )
        assert len(PdfReader(tmp_path / "b.pdf").pages) == result.pages
        counts.append(result.pages)
    assert counts[1] % 2 == 0
    assert counts[1] - counts[0] in (0, 1)


@pytest.mark.parametrize("page_size", ["A4", "6x9"])
def test_the_back_says_what_is_true_of_a_solution_that_is_not_the_only_one(
    qtbot: QtBot, tmp_path: Path, page_size: str
) -> None:
    """An ambiguous puzzle known by its clues alone prints one of its solutions, noted as one
    of several; one without a solution known says how many it has (not "no solution known"
    of a puzzle with several). The note beside a small solution's number is whole on a 6×9 in
    page too (it was cut to "one of…")."""
    diagonal = Document(Nonogram([(1,), (1,)], [(1,), (1,)]), title="Diagonal")
    one = entry_for(diagonal)
    none_kept = BookEntry(diagonal, "Either", solution=None, status="multiple")
    unknown = BookEntry(diagonal, "Unsolved", solution=None, status="unknown")
    layout = BookLayout(page_size=page_size, title_page=False, contents=False)
    book = Book(entries=(one, none_kept, unknown), layout=layout)
    result = export_book(book, tmp_path / "b.pdf", looks)
    assert [page.role for page in result.plan.pages] == [Role.RULES, Role.PUZZLES, Role.SOLUTIONS]
    text = page_texts(PdfReader(tmp_path / "b.pdf"))[2]
    assert "1 one of several" in text
    assert "2 several solutions" in text
    assert "3 no solution known" in text
    # The one solution printed fills one cell of each row: the grid is drawn.
    first = result.plan.solutions[0]
    image = rasterise(tmp_path / "b.pdf", first.page, 300, tmp_path)
    px = 300 / 25.4
    cells = image[
        round(first.area.top * px) : round(first.area.bottom * px),
        round(first.area.left * px) : round(first.area.right * px),
    ]
    assert (cells < 128).mean() > 0.25, "half the cells inked"


@pytest.mark.parametrize("page_size", ["6x9", "A4"])
def test_what_a_title_page_says_of_the_book_wraps_rather_than_being_cut(
    qtbot: QtBot, tmp_path: Path, page_size: str
) -> None:
    """Four kinds' names do not fit one line of a 6×9 in page: the line wraps (it was cut
    to "Mosaic and F…")."""
    colour = (np.random.default_rng(3).random((8, 8)) * 3).astype(np.uint8)
    picture = np.random.default_rng(4).random((8, 8)) < 0.5
    entries = (
        BookEntry(document_of_picture("nonogram", picture), "", picture, "unique", 1),
        BookEntry(document_of_picture("nonogram", colour), "", colour, "unique", 1),
        BookEntry(document_of_picture("mosaic", picture), "", picture, "unique", 1),
        BookEntry(new_document("fobidoshi", (6, 6)), "", None, "unknown"),
    )
    book = Book(title="Logic Garden", layout=BookLayout(page_size=page_size), entries=entries)
    export_book(book, tmp_path / "b.pdf", looks)
    title_page = " ".join(PdfReader(tmp_path / "b.pdf").pages[0].extract_text().split())
    assert "4 puzzles: Nonogram, Colour Nonogram, Mosaic and Fobidoshi" in title_page


def test_the_page_number_stands_clear_of_a_grid_reaching_the_foot_of_the_body(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A tall nonogram alone on a 6×9 in page reaches the bottom of the body; its page number
    sits a line's space below (it sat 1.5 mm under the grid's corner)."""
    picture = np.random.default_rng(80).random((80, 20)) < 0.5
    entry = BookEntry(document_of_picture("nonogram", picture), "", picture, "unique", 2)
    layout = BookLayout(
        page_size="6x9", title_page=False, contents=False, rules_pages=False, solutions=False
    )
    path = tmp_path / "tall.pdf"
    (placement,) = export_book(Book(layout=layout, entries=(entry,)), path, looks).plan.puzzles
    assert placement.area.bottom == pytest.approx(layout.body_area(placement.page).bottom)
    px = 600 / 25.4
    image = rasterise(path, placement.page, 600, tmp_path)
    folio = layout.folio_area(placement.page)
    below = round((placement.area.bottom + 0.5) * px)  # past the grid's border
    band = image[
        below : round(folio.bottom * px) + 1, round(folio.left * px) : round(folio.right * px)
    ]
    first_ink = below + int(np.flatnonzero((band < 128).any(axis=1))[0])
    assert first_ink / px - placement.area.bottom >= 2.5


def test_a_20_by_20_nonogram_with_the_deepest_clues_keeps_4_mm_cells_on_6x9(qtbot: QtBot) -> None:
    """Ten runs in every row and column (a checkerboard) take ten clue slots each way."""
    checkerboard = np.indices((20, 20)).sum(axis=0) % 2 == 0
    document = document_of_picture("nonogram", checkerboard)
    entry = BookEntry(document, solution=checkerboard, status="unique")
    plan = book_plan(
        Book(layout=BookLayout(page_size="6x9", bleed_mm=3.175), entries=(entry,)), looks
    )
    assert plan.puzzles[0].cell_mm >= 4.0


def test_the_book_draws_on_a_printer_as_on_the_pdf(
    qtbot: QtBot, tmp_path: Path, book: Book
) -> None:
    """Print and print preview draw on a QPrinter: the same pages, at the printer's resolution."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    small = Book(entries=book.entries[10:], layout=BookLayout(page_size="letter"))
    plan = draw_book(printer, small, looks)
    reader = PdfReader(tmp_path / "printed.pdf")
    assert len(reader.pages) == len(plan.pages)
    box = reader.pages[0].mediabox
    assert (mm(box.width), mm(box.height)) == pytest.approx((215.9, 279.4), abs=0.4)


def test_the_book_prints_in_its_font_and_its_rule_widths(
    qtbot: QtBot, tmp_path: Path, book: Book
) -> None:
    """The layout's font family is the one embedded; its rules measure as set on the page
    rasterised at 600 dpi: thin 1 pt, thick (every five cells and the border) 2 pt."""
    layout = BookLayout(
        page_size="A4",
        contents=False,
        font_family="DejaVu Serif",
        thin_rule_pt=1.0,
        thick_rule_pt=2.0,
    )
    twenties = Book(entries=book.entries[6:10], layout=layout)
    path = tmp_path / "serif.pdf"
    result = export_book(twenties, path, looks)
    fonts = {str(font["/BaseFont"]) for page in PdfReader(path).pages for font in page_fonts(page)}
    # Every text is in the serif; Qt takes the stars of the difficulty (★, which DejaVu
    # Serif lacks) from another font.
    assert {"/DejaVuSerif", "/DejaVuSerif-Bold"} <= fonts
    assert "/DejaVuSans-Bold" not in fonts
    placement = result.plan.puzzles[0]
    image = rasterise(path, placement.page, 600, tmp_path)
    widths = [width for _darkest, width in rules_across_first_row(image, 600, placement)]
    thick = {0, 5, 10, 15, 20}
    assert [w for i, w in enumerate(widths) if i not in thick] == pytest.approx(
        [1.0] * 16, abs=0.15
    )
    assert [widths[i] for i in sorted(thick)] == pytest.approx([2.0] * 5, abs=0.15)


def test_a_font_that_is_not_installed_is_a_clear_error(qtbot: QtBot, tmp_path: Path, book: Book):
    """Qt would print in another font without a word: the proofs would not be the book."""
    layout = BookLayout(font_family="No Such Font Family")
    with pytest.raises(StudioError, match="the font family 'No Such Font Family' is not installed"):
        export_book(Book(entries=book.entries[:1], layout=layout), tmp_path / "b.pdf", looks)
    assert not (tmp_path / "b.pdf").exists()


def test_a_stopped_print_aborts_the_printer_s_job(
    qtbot: QtBot, tmp_path: Path, book: Book, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc during Print: the printer is told to drop the job (where it can: a PDF file cannot)
    rather than print the pages drawn so far."""
    aborted: list[QPrinter] = []
    monkeypatch.setattr(QPrinter, "abort", lambda printer: aborted.append(printer) or True)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    cancel = CancelToken()
    with pytest.raises(Stopped):
        draw_book(printer, book, looks, progress=lambda done, _: cancel.cancel(), cancel=cancel)
    assert aborted == [printer]


def test_a_stopped_export_leaves_the_old_pdf_untouched(
    qtbot: QtBot, tmp_path: Path, book: Book
) -> None:
    target = tmp_path / "book.pdf"
    target.write_bytes(b"the PDF printed last week")
    cancel = CancelToken()

    def stop_after_some(done: int, _total: int) -> None:
        if done >= 3:
            cancel.cancel()

    with pytest.raises(Stopped):
        export_book(book, target, looks, progress=stop_after_some, cancel=cancel)
    assert target.read_bytes() == b"the PDF printed last week"
    assert os.listdir(tmp_path) == ["book.pdf"]


def test_an_empty_book_and_an_unwritable_folder_are_clear_errors(
    qtbot: QtBot, tmp_path: Path, book: Book
) -> None:
    with pytest.raises(StudioError, match="no puzzles"):
        export_book(Book(), tmp_path / "b.pdf", looks)
    with pytest.raises(StudioError, match="cannot write the PDF"):
        export_book(book, tmp_path / "missing" / "book.pdf", looks)


def test_the_sample_book_is_unique_and_prints_every_kind(qtbot: QtBot, tmp_path: Path) -> None:
    book = load_book(SAMPLE)
    assert {entry.document.kind for entry in book.entries} == {"nonogram", "mosaic", "fobidoshi"}
    for entry in book.entries:
        analysis = analyze(entry.document.puzzle)
        assert analysis.status is Status.UNIQUE
        assert entry.document.picture is not None
        assert np.array_equal(analysis.solution, entry.document.picture)
    result = export_book(book, tmp_path / "sampler.pdf", looks)
    roles = [page.role for page in result.plan.pages]
    assert roles.count(Role.RULES) == 3
    assert len(PdfReader(tmp_path / "sampler.pdf").pages) == result.pages


# Measuring the printed page -------------------------------------------------------------------


def page_texts(reader: PdfReader) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def page_fonts(page: DictionaryObject) -> Iterator[DictionaryObject]:
    resources = page["/Resources"].get_object()
    if "/Font" in resources:
        for font in resources["/Font"].get_object().values():
            yield font.get_object()


def rasterise(path: Path, page: int, dpi: int, folder: Path) -> np.ndarray:
    """Page ``page`` of the PDF in grey levels (0 black, 255 white), one row per pixel row,
    the page's top-left corner (the bleed's) first."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    stem = folder / f"page-{page}-{dpi}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-gray",
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            "-png",
            str(path),
            str(stem),
        ],
        check=True,
    )
    return np.asarray(Image.open(f"{stem}.png").convert("L"), dtype=np.uint8)


def longest_dark_run(line: np.ndarray) -> int:
    """The longest run of pixels darker than mid-grey."""
    best = run = 0
    for dark in line < 128:
        run = run + 1 if dark else 0
        best = max(best, run)
    return best


def border_cell_mm(image: np.ndarray, dpi: int, placement: Placement, cols: int) -> float:
    """The cell size read off the grid's bottom border (the longest dark run near the foot of
    the placement's area: the grid sits at its bottom-right), less the border's own width."""
    px = dpi / 25.4
    y = round(placement.area.bottom * px)
    run = max(longest_dark_run(image[row]) for row in range(y - 4, y + 5))
    border = placement.cell_mm / 10 * px  # the thick rule's width (Layout.cell / 10)
    return (run - border) / px / cols


def rules_across_first_row(
    image: np.ndarray, dpi: int, placement: Placement
) -> list[tuple[int, float]]:
    """Each rule crossed along the middle of the grid's first row: its darkest grey level and
    its width in points (where darker than mid-grey)."""
    px = dpi / 25.4
    rows, cols = placement.entry.document.puzzle.shape
    cell = placement.cell_mm
    top = placement.area.bottom - rows * cell
    left = placement.area.right - cols * cell
    line = image[round((top + cell / 2) * px)]
    start, stop = round((left - cell / 4) * px), round((placement.area.right + cell / 4) * px)
    found: list[tuple[int, float]] = []
    run: list[int] = []
    for value in [*line[start:stop].tolist(), 255]:
        if value < 200:
            run.append(value)
        elif run:
            found.append((min(run), sum(v < 128 for v in run) / px / 25.4 * 72))
            run = []
    assert len(found) == cols + 1, "a rule between every two cells, and the borders"
    return found
