"""Books: layout checks, entries analysed on the way in, reordering, warnings."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.book import Book, BookLayout, entry_for
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram

UNIQUE = document_of_picture("nonogram", grid_from_text(["###", "#..", "##."]), title="S")
AMBIGUOUS = document_of_picture("nonogram", grid_from_text(["#.", ".#"]), title="Diagonal")
CLUES_ONLY = Document(Nonogram([(1,), (2,)], [(1,), (2,)]))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"page_size": "A5"}, "unknown page size 'A5'"),
        ({"per_page": 3}, "not 3"),
        ({"margin_mm": -1.0}, "negative"),
    ],
)
def test_layout_refuses_what_cannot_be_printed(changes: dict, message: str) -> None:
    with pytest.raises(StudioError, match=message):
        BookLayout(**changes)


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
    untitled = Book().added(entry_for(Document(UNIQUE.puzzle)))
    assert untitled.titles() == ["Puzzle 1"]
