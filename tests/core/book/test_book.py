"""Books: entries analysed on the way in (colour ones keeping their colours), reordering,
sorting, warnings (and colours that would print alike in greyscale)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from studio.core.book import Book, BookEntry, SortKey, entry_for
from studio.core.document import Document
from studio.core.grid import colour_grid_from_text, grid_from_text
from studio.core.kinds import document_of_picture, new_document
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette

UNIQUE = document_of_picture("nonogram", grid_from_text(["###", "#..", "##."]), title="S")
AMBIGUOUS = document_of_picture("nonogram", grid_from_text(["#.", ".#"]), title="Diagonal")
CLUES_ONLY = Document(Nonogram([(1,), (2,)], [(1,), (2,)]))


def test_entries_carry_their_solution_status_and_difficulty() -> None:
    entry = entry_for(UNIQUE)
    assert entry.status == "unique"
    assert entry.difficulty == 1
    assert entry.title == "S"
    assert np.array_equal(entry.solution, UNIQUE.picture)
    assert entry.warning is None
    clues_only = entry_for(CLUES_ONLY)
    assert clues_only.solution is not None, "a clue-only puzzle gets its solution from analysis"
    ambiguous = entry_for(AMBIGUOUS)
    assert ambiguous.status == "multiple"
    assert ambiguous.difficulty is None
    assert ambiguous.warning == "has several solutions"


def test_an_ambiguous_puzzle_keeps_one_solution_and_says_it_is_one_of_several() -> None:
    """Its solutions page prints one of them with a note rather than "no solution known": the
    designer's picture when there is one, else the one the analysis found."""
    with_picture = entry_for(AMBIGUOUS)
    assert np.array_equal(with_picture.solution, AMBIGUOUS.picture)
    clues_only = entry_for(Document(Nonogram([(1,), (1,)], [(1,), (1,)])))
    assert clues_only.status == "multiple"
    assert clues_only.solution is not None
    assert clues_only.document.puzzle.check(clues_only.solution) == []
    assert clues_only.solution_note == "one of several"
    assert entry_for(UNIQUE).solution_note is None
    notes = {
        status: replace(clues_only, solution=None, status=status).solution_note
        for status in ("multiple", "none", "unknown")
    }
    assert notes == {
        "multiple": "several solutions",
        "none": "no solution",
        "unknown": "no solution known",
    }
    assert replace(clues_only, status="unknown").solution_note == "not proven unique"


def test_reordering_and_warnings() -> None:
    book = Book(title="T").added(
        entry_for(UNIQUE), entry_for(AMBIGUOUS), entry_for(CLUES_ONLY, "L")
    )
    assert book.titles() == ["S", "Diagonal", "L"]
    moved = book.moved(2, 0)
    assert moved.titles() == ["L", "S", "Diagonal"]
    assert moved.warnings() == ["#3 Diagonal: has several solutions"]
    assert book.removed(1).titles() == ["S", "L"]
    untitled = Book().added(entry_for(Document(UNIQUE.puzzle)), entry_for(AMBIGUOUS, "-"))
    untitled = untitled.with_entries([untitled.entries[0], replace(untitled.entries[1], title="")])
    assert untitled.titles() == ["Puzzle 1", "Puzzle 2"]
    assert untitled.warnings() == ["#2: has several solutions"], "no title is made up"


def rated(title: str, difficulty: int | None, shape: tuple[int, int], kind: str) -> BookEntry:
    picture = np.zeros(shape, dtype=bool)
    picture[0, 0] = True
    if kind == "fobidoshi":
        document = new_document(kind, shape)
    else:
        document = document_of_picture(kind, picture)
    status = "unique" if difficulty is not None else "multiple"
    return BookEntry(document, title, picture, status, difficulty)


def sortable() -> Book:
    return Book().added(
        rated("a", 3, (10, 10), "mosaic"),
        rated("b", None, (5, 5), "nonogram"),
        rated("c", 1, (6, 6), "fobidoshi"),
        rated("d", 3, (5, 5), "nonogram"),
        rated("e", 1, (10, 5), "nonogram"),
        rated("f", 2, (5, 10), "mosaic"),
    )


def test_sorting_by_difficulty_size_or_kind_is_stable() -> None:
    book = sortable()
    # Worked out by hand: ties keep the book's order; unrated last.
    assert book.sorted_by(SortKey.DIFFICULTY).titles() == ["c", "e", "f", "a", "d", "b"]
    # Cells: a 100, b 25, c 36, d 25, e 50, f 50; e (10 rows) after f (5 rows).
    assert book.sorted_by(SortKey.SIZE).titles() == ["b", "d", "c", "f", "e", "a"]
    # The registry's order: nonogram, mosaic, Fobidoshi.
    assert book.sorted_by(SortKey.KIND).titles() == ["b", "d", "e", "a", "f", "c"]
    # Stable: by kind after by difficulty gives each kind from easy to hard.
    twice = book.sorted_by(SortKey.DIFFICULTY).sorted_by(SortKey.KIND)
    assert twice.titles() == ["e", "d", "b", "f", "a", "c"]
    # The entries themselves move (nothing copied, nothing lost), and the book keeps the rest.
    assert set(map(id, twice.entries)) == set(map(id, book.entries))
    assert (twice.title, twice.layout) == (book.title, book.layout)


def test_numbers_follow_the_order_after_a_sort() -> None:
    book = sortable().with_entries(
        [replace(e, title="") if e.title in "bd" else e for e in sortable().entries]
    )
    by_size = book.sorted_by(SortKey.SIZE)
    assert [number for number, _entry in by_size.numbered()] == [1, 2, 3, 4, 5, 6]
    assert by_size.titles()[:3] == ["Puzzle 1", "Puzzle 2", "c"]
    assert by_size.warnings() == ["#1: has several solutions"]


COLOURS = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("red", "r", (255, 0, 0)),
        Colour("green", "g", (0, 148, 0)),  # red's lightness: alike in greyscale
    )
)
COLOURED = colour_grid_from_text(["rg", "g."], COLOURS.chars)


def test_a_colour_entry_keeps_its_colours_and_warns_of_greys_alike() -> None:
    document = document_of_picture("nonogram", COLOURED, palette=COLOURS)
    entry = entry_for(document)
    assert entry.solution is not None
    assert entry.solution.dtype == np.uint8
    assert np.array_equal(entry.solution, COLOURED)
    book = Book().added(entry_for(UNIQUE), entry)
    assert book.greyscale_warnings() == ["#2: red and green would print alike in greyscale"]
    assert book.warnings() == [], "it prints: a warning, not a puzzle to fix"


def test_sorting_by_kind_puts_a_kinds_colour_puzzles_after_its_black_and_white() -> None:
    colour = BookEntry(
        document_of_picture("nonogram", COLOURED, palette=COLOURS), "colour", COLOURED
    )
    book = sortable().added(colour).moved(6, 0)
    assert book.sorted_by(SortKey.KIND).titles() == ["b", "d", "e", "colour", "a", "f", "c"]
