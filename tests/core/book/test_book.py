"""Books: entries analysed on the way in, reordering, warnings."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from studio.core.book import Book, entry_for
from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram

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
