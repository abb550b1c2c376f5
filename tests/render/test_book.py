"""A book as PDF: page count and size, the texts a reader needs, the solutions at the back."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry, BookLayout, entry_for
from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import StudioError
from studio.core.formats.book_json import load_book
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import generate_batch
from studio.core.kinds import document_of_picture
from studio.core.sat.analysis import Status, analyze
from studio.gui.kinds import looks
from studio.render.book import (
    DPI,
    SOLUTION_CELL_MM,
    SOLUTIONS_PER_PAGE,
    export_book,
    paginate,
)

POINTS_PER_INCH = 72


def twelve_puzzles() -> Book:
    """Twelve unique puzzles of every kind and three sizes."""
    entries = []
    for kind, size, seed in (("nonogram", 5, 1), ("mosaic", 10, 2), ("fobidoshi", 8, 3)):
        batch = generate_batch(GeneratorOptions((size, size), kind=kind), seed, 4)
        entries += [entry_for(g.document, analysis=g.analysis) for g in batch]
    return Book(title="Twelve Puzzles", author="Puzzle Studio Tests", entries=tuple(entries))


@pytest.fixture(scope="module")
def book() -> Book:
    return twelve_puzzles()


@pytest.mark.parametrize(
    ("size", "inches"), [("A4", (8.27, 11.69)), ("letter", (8.5, 11)), ("6x9", (6, 9))]
)
def test_pages_have_the_book_size(
    qtbot: QtBot, tmp_path: Path, book: Book, size: str, inches: tuple[float, float]
) -> None:
    target = tmp_path / "book.pdf"
    result = export_book(
        Book(book.title, book.author, BookLayout(page_size=size), book.entries), target, looks
    )
    reader = PdfReader(target)
    assert len(reader.pages) == result.pages
    box = reader.pages[0].mediabox
    assert float(box.width) / POINTS_PER_INCH == pytest.approx(inches[0], abs=0.02)
    assert float(box.height) / POINTS_PER_INCH == pytest.approx(inches[1], abs=0.02)


def test_book_text_numbers_and_metadata(qtbot: QtBot, tmp_path: Path, book: Book) -> None:
    target = tmp_path / "book.pdf"
    result = export_book(
        Book(book.title, book.author, BookLayout(per_page=4), book.entries), target, looks
    )
    reader = PdfReader(target)
    # Title page, contents, 12 puzzles 4 a page, solutions.
    assert result.per_page == (4, 4, 4)
    assert result.puzzle_pages == (3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert "Twelve Puzzles" in texts[0]
    assert "Contents" in texts[1]
    for number, title in enumerate(book.titles(), start=1):
        assert f"{number}. {title}" in texts[1]
    assert f"1. {book.titles()[0]}" in texts[2]
    assert "Solutions" in texts[5]
    assert reader.metadata is not None
    assert reader.metadata.title == "Twelve Puzzles"
    assert reader.metadata.author == "Puzzle Studio Tests"
    # Page numbers at the foot of each page.
    for number, text in enumerate(texts, start=1):
        assert str(number) in text.split(), number


def test_without_title_contents_and_solutions(qtbot: QtBot, tmp_path: Path, book: Book) -> None:
    layout = BookLayout(per_page=6, title_page=False, contents=False, solutions=False)
    result = export_book(
        Book(book.title, book.author, layout, book.entries), tmp_path / "b.pdf", looks
    )
    assert result.pages == 2


def test_an_empty_book_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    with pytest.raises(StudioError, match="no puzzles"):
        export_book(Book(), tmp_path / "b.pdf", looks)


def test_a_stopped_export_leaves_the_old_pdf_untouched(
    qtbot: QtBot, tmp_path: Path, book: Book
) -> None:
    target = tmp_path / "book.pdf"
    target.write_bytes(b"the PDF printed last week")
    cancel = CancelToken()

    def stop_after_three(done: int, _total: int) -> None:
        if done == 3:
            cancel.cancel()

    with pytest.raises(Stopped):
        export_book(book, target, looks, progress=stop_after_three, cancel=cancel)
    assert target.read_bytes() == b"the PDF printed last week"
    assert os.listdir(tmp_path) == ["book.pdf"]


def test_an_unwritable_folder_is_a_clear_error(qtbot: QtBot, tmp_path: Path, book: Book) -> None:
    with pytest.raises(StudioError, match="cannot write the PDF"):
        export_book(book, tmp_path / "missing" / "book.pdf", looks)


def test_automatic_layout_gives_a_large_puzzle_a_page_of_its_own(
    qtbot: QtBot, tmp_path: Path
) -> None:
    rng = np.random.default_rng(5)

    def entry(side: int) -> BookEntry:
        picture = rng.random((side, side)) < 0.5
        document = document_of_picture("nonogram", picture)
        return BookEntry(document, solution=picture, status="unique")

    entries = (*(entry(10) for _ in range(7)), entry(30), entry(10))
    layout = BookLayout(title_page=False, contents=False, solutions=False)
    result = export_book(Book(layout=layout, entries=entries), tmp_path / "b.pdf", looks)
    # Six 10×10 share a page (cells stay readable on A4); the seventh cannot share with the
    # 30×30 that follows, which gets a page; the last 10×10 has the last page.
    assert result.per_page == (6, 1, 1, 1)
    assert result.puzzle_pages == (1, 1, 1, 1, 1, 1, 2, 3, 4)


def test_the_sample_book_is_unique_and_prints_on_six_a4_pages(qtbot: QtBot, tmp_path: Path) -> None:
    sample = Path(__file__).parents[2] / "resources" / "samples" / "sampler.book.json"
    book = load_book(sample)
    assert {entry.document.kind for entry in book.entries} == {"nonogram", "mosaic", "fobidoshi"}
    for entry in book.entries:
        analysis = analyze(entry.document.puzzle)
        assert analysis.status is Status.UNIQUE, entry.title
        assert entry.document.picture is not None
        assert np.array_equal(analysis.solution, entry.document.picture), entry.title
    # Title page, contents, 12 puzzles 4 a page, one page of solutions.
    result = export_book(book, tmp_path / "sampler.pdf", looks)
    assert (result.pages, result.per_page) == (6, (4, 4, 4))
    assert len(PdfReader(tmp_path / "sampler.pdf").pages) == 6


def test_solutions_are_paged_by_their_grids_alone(qtbot: QtBot) -> None:
    # Stripes: every row clue is fifteen 1s deep, which the solutions at the back never show.
    stripes = np.tile(np.arange(30) % 2 == 0, (30, 1))
    document = document_of_picture("nonogram", stripes)
    entries = [entry_for(document)] * 12
    body = QRectF(0, 0, 180 / 25.4 * DPI, 267 / 25.4 * DPI)  # A4 less 15 mm margins
    label = 3 / 25.4 * DPI
    grids_only = paginate(
        entries, looks, body, label, SOLUTIONS_PER_PAGE, SOLUTION_CELL_MM, surround=False
    )
    with_clues = paginate(entries, looks, body, label, SOLUTIONS_PER_PAGE, SOLUTION_CELL_MM)
    assert len(grids_only) < len(with_clues)
    assert grids_only == [(12, 12)]
