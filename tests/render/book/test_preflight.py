"""Preflight: a book's puzzles that would print too small to read and its titles that would
be cut are named before it is printed, each measured as its page draws it (checked against
the PDF itself), and a book within the trims' least cells reads clean."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from pypdf import PdfReader
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry, BookLayout
from studio.core.grid import colour_grid_from_text
from studio.core.kinds import document_of_picture, new_document
from studio.core.palette import Colour
from studio.core.palette import Palette as StudioPalette
from studio.core.puzzle import Puzzle
from studio.gui.kinds import looks
from studio.render.book import export_book
from studio.render.book.preflight import LEAST_GAP_PT, LEGIBLE_PT, preflight
from studio.render.grid import Layout, Palette, clue_font
from studio.render.scene import Look, Scene

LONG = "Three-Colour Garden Party with a Rather Long Title That Might Not Fit"


def nonogram(shape: tuple[int, int], title: str = "") -> BookEntry:
    picture = np.random.default_rng(shape[0] * shape[1]).random(shape) < 0.5
    return BookEntry(document_of_picture("nonogram", picture), title, picture, "unique", 2)


def smallest_text_pt(path: Path, page: int) -> float:
    """The smallest text on ``page`` of the PDF, in points, as its text matrices scale it."""
    sizes = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        if text.strip():
            sizes.append(size * math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3]))

    PdfReader(path).pages[page - 1].extract_text(visitor_text=visit)
    return min(sizes)


def test_a_puzzle_too_small_to_read_is_named_with_the_size_it_prints_at(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A 75×50 nonogram alone on a 6×9 in page (the user test's): its clues print at 2.2 pt
    on 1.44 mm cells, as the PDF has them; the 15×15 beside it prints well."""
    layout = BookLayout(page_size="6x9", contents=False, rules_pages=False, solutions=False)
    book = Book(layout=layout, entries=(nonogram((15, 15)), nonogram((50, 75))))
    (line,) = preflight(book, looks)
    result = export_book(book, tmp_path / "b.pdf", looks)
    big = result.plan.puzzles[1]
    printed = smallest_text_pt(tmp_path / "b.pdf", big.page)
    assert printed < LEGIBLE_PT
    assert line == (
        f"#2 (75×50): prints too small to read: numbers of {printed:.1f} pt, cells of "
        f"{big.cell_mm:.2f} mm (6 pt and 2 mm at least)"
    )


def test_a_book_at_the_trims_least_cells_reads_clean(qtbot: QtBot) -> None:
    """The floors agree with the trims: a 20×20 nonogram with the deepest clues (ten runs a
    line) at the least cell of 6×9 in, 4 mm, prints its numbers at 6.2 pt."""
    checkerboard = np.indices((20, 20)).sum(axis=0) % 2 == 0
    deepest = BookEntry(document_of_picture("nonogram", checkerboard), "", checkerboard, "unique")
    for page_size in ("6x9", "A4"):
        book = Book(layout=BookLayout(page_size=page_size), entries=(deepest, nonogram((10, 10))))
        assert preflight(book, looks) == [], page_size


def test_numbers_that_run_together_are_too_small(qtbot: QtBot) -> None:
    """A look that sets two numbers side by side with no room between them, at a size that
    is legible: "1012" is not "10 12"."""

    def crowded(painter: QPainter, layout: Layout, scene: Scene, palette: Palette) -> None:
        painter.setFont(clue_font(layout.cell, "10", layout.font_family))
        first = QRectF(layout.left, layout.top, layout.cell, layout.cell)
        painter.drawText(first, Qt.AlignmentFlag.AlignLeft, "10")
        after = painter.fontMetrics().horizontalAdvance("10")
        painter.drawText(first.translated(after, 0), Qt.AlignmentFlag.AlignLeft, "12")

    def crowded_looks(_puzzle: Puzzle) -> Look:
        return Look(crowded)

    book = Book(entries=(nonogram((10, 10)),))
    (line,) = preflight(book, crowded_looks)
    assert line.startswith("#1 (10×10): prints too small to read: numbers ")
    assert line.endswith(f" pt apart ({LEAST_GAP_PT:g} pt apart at least)")
    assert "numbers of" not in line, "the numbers themselves are large enough"


def test_cells_too_small_to_write_in_are_named_whatever_is_drawn_in_them(qtbot: QtBot) -> None:
    """A 100×100 Fobidoshi draws no numbers; on 6×9 in its cells are 1.2 mm."""
    fobidoshi = BookEntry(new_document("fobidoshi", (100, 100)), "Field", None, "unknown")
    (line,) = preflight(Book(layout=BookLayout(page_size="6x9"), entries=(fobidoshi,)), looks)
    assert line == "#1 Field (100×100): prints too small to read: cells of 1.24 mm (2 mm at least)"


def test_a_title_cut_to_fit_is_named_as_it_prints(qtbot: QtBot, tmp_path: Path) -> None:
    """Cut after a word, with an ellipsis, above the puzzle and in the contents, exactly as
    the PDF prints it; a title that fits is not named."""
    book = Book(
        layout=BookLayout(page_size="6x9"),
        entries=(nonogram((10, 10), LONG), nonogram((12, 12), "Owl")),
    )
    (line,) = preflight(book, looks)
    prefix = f"#1 {LONG}: its title is cut to fit above the puzzle and in the contents: “"
    assert line.startswith(prefix)
    shown = line.removeprefix(prefix).removesuffix("”")
    assert shown.endswith("…")
    assert LONG.startswith(shown.removesuffix("…") + " "), "cut after a whole word"
    result = export_book(book, tmp_path / "b.pdf", looks)
    reader = PdfReader(tmp_path / "b.pdf")
    page = " ".join(reader.pages[result.plan.puzzles[0].page - 1].extract_text().split())
    contents = " ".join(reader.pages[1].extract_text().split())
    assert shown in page or shown in contents
    assert LONG not in page + contents


def test_colours_that_print_alike_in_greyscale_are_named_with_the_rest(qtbot: QtBot) -> None:
    """`export-book` said so and the Export the Book dialog, which lists the preflight, did
    not: the warning came only in the status bar once the PDF was written."""
    palette = StudioPalette(
        (
            Colour("white", ".", (255, 255, 255)),
            Colour("red", "r", (255, 0, 0)),
            Colour("green", "g", (0, 148, 0)),  # L* 53, as the red: one grey on paper
        )
    )
    picture = colour_grid_from_text(["rg.", ".gr", "r.g"], palette.chars)
    garden = document_of_picture("nonogram", picture, palette=palette)
    book = Book(entries=(nonogram((10, 10)), BookEntry(garden, "Garden", picture, "unique", 2)))
    assert preflight(book, looks) == ["#2 Garden: red and green would print alike in greyscale"]
