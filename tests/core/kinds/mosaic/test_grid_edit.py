"""The grid commands on mosaics: a clue is counted again from the edited picture (mirrored and
turned clue grids are the original's mirrored and turned; inverted clues count the other cells
of their neighbourhood; cells at a moved edge count their new neighbours), the shown clues move
with their cells, and new cells show their clues."""

from __future__ import annotations

import numpy as np
from hypothesis import given

from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.grid_edit import commands, inverted, mirrored, resized, rotated, shifted
from studio.core.kinds import get_kind
from studio.core.kinds.mosaic.logic import NO_CLUE
from studio.core.kinds.mosaic.puzzle import Mosaic
from tests.core.documents import documents

MOSAIC = get_kind("mosaic")


def _clues(document: Document) -> np.ndarray:
    puzzle = document.puzzle
    assert isinstance(puzzle, Mosaic)
    return puzzle.clue_grid()


def _neighbourhood_size(cell: tuple[int, int], shape: tuple[int, int]) -> int:
    """Cells of the 3×3 square around ``cell`` inside a grid of ``shape``."""
    (r, c), (height, width) = cell, shape
    return (min(r + 1, height - 1) - max(r - 1, 0) + 1) * (
        min(c + 1, width - 1) - max(c - 1, 0) + 1
    )


@given(documents(MOSAIC))
def test_a_mirrored_or_turned_mosaic_has_the_clue_grid_mirrored_or_turned(
    document: Document,
) -> None:
    """A neighbourhood is symmetric: it mirrors and turns with its cell."""
    clues = _clues(document)
    assert np.array_equal(_clues(mirrored(document, "left-right")), clues[:, ::-1])
    assert np.array_equal(_clues(mirrored(document, "top-bottom")), clues[::-1, :])
    assert np.array_equal(_clues(rotated(document, 2)), clues[::-1, ::-1])
    assert np.array_equal(_clues(rotated(document, -1)), clues.T[::-1, :])


@given(documents(MOSAIC))
def test_an_inverted_clue_counts_the_other_cells_of_its_neighbourhood(document: Document) -> None:
    clues, flipped = _clues(document), _clues(inverted(document))
    for r, c in np.argwhere(clues != NO_CLUE):
        cell = (int(r), int(c))
        assert flipped[cell] == _neighbourhood_size(cell, clues.shape) - clues[cell]
    assert np.array_equal(flipped == NO_CLUE, clues == NO_CLUE)


def test_clues_at_a_moved_edge_count_their_new_neighbours() -> None:
    picture = grid_from_text(["#..", "...", "..."])
    shown = grid_from_text(["##.", "...", "..#"])
    document = Document(Mosaic.from_picture(picture, shown), picture)
    # Everything wraps one column left: the filled cell to the top right corner, the clues
    # shown to "#.#", "...", ".#.".
    assert _clues(shifted(document, 0, -1, wrap=True)).tolist() == [
        [0, -1, 1],
        [-1, -1, -1],
        [-1, 0, -1],
    ]
    # A column added on the left shows its clues (new cells show theirs, as in a new mosaic).
    assert _clues(resized(document, 0, 0, 1, 0)).tolist() == [
        [1, 1, 1, -1],
        [1, -1, -1, -1],
        [0, -1, -1, 0],
    ]


def test_a_mosaic_offers_invert_and_no_clear_givens() -> None:
    """Its shown clues are the puzzle, not givens added to it."""
    assert commands(MOSAIC) == ("resize", "shift", "mirror", "rotate", "invert", "clear")
