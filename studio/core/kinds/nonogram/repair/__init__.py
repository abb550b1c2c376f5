"""Uniqueness repair for nonograms: turn an ambiguous picture into a unique, fair puzzle.

Two entry points (the design, docs/algorithms.md, "Repair"):

* :func:`suggest` lists a few concrete, verified changes for the designer to choose from
  (flip these cells; add this given), ranked by the variable fields they leave.
* :func:`repair` applies changes until the puzzle is unique, by one of three strategies:
  ``"flips"`` (:mod:`.flips`, change few picture cells), ``"givens"`` (:mod:`.givens`, leave the
  picture alone and show a few cells) or ``"thesis"`` (:mod:`.thesis`, the clue-changing
  heuristic of van Oers 2024 §5.3.2, kept for comparison; it can fail).

Every change is verified by exact analysis (:func:`~studio.core.sat.analysis.analyze`); the
line solver only ranks candidates. Randomness only breaks ties, from the generator passed in.
:data:`REPAIRS` is what the nonogram declares (:class:`~studio.core.contract.repairs.KindRepairs`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.generation import LOGIC_SCORE
from studio.core.contract.repairs import VERIFY, KindRepairs, Repair, RepairResult
from studio.core.document import Document
from studio.core.errors import PuzzleError, StudioError
from studio.core.grid import Picture, filled_cells, picture_of
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair.flips import flip_suggestions, repair_flips
from studio.core.kinds.nonogram.repair.givens import given_suggestions, repair_givens
from studio.core.kinds.nonogram.repair.search import Design, Search
from studio.core.kinds.nonogram.repair.thesis import repair_thesis
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Analysis, Status, rated

STRATEGIES: tuple[str, ...] = ("flips", "givens", "thesis")
"""The strategies :func:`repair` knows."""


def _picture(picture: Picture, colours: int) -> Picture:
    grid = np.array(picture_of(picture, colours))
    if grid.ndim != 2 or 0 in grid.shape:
        raise PuzzleError(
            f"a picture is a grid of at least one row and one column, got shape {grid.shape}"
        )
    return grid


def suggest(
    picture: Picture,
    puzzle: Nonogram,
    analysis: Analysis,
    *,
    limit: int = 5,
    cancel: CancelToken | None = None,
    rng: np.random.Generator | None = None,
    verify: int = VERIFY,
) -> list[Repair[Nonogram]]:
    """A few verified changes that make an ambiguous design unique or less ambiguous.

    Candidates: single flips of the variable fields and their neighbours, flips of two adjacent
    cells next to the most promising single flips, and single givens on variable fields
    (:mod:`.flips`, :mod:`.givens`); the best of each by the line-solver proxy are verified.
    Flips never empty a row or column that holds a filled cell.

    Args:
        picture: bool ``(height, width)``: the designer's picture, a solution of ``puzzle``.
        puzzle: the design: clues from ``picture``, with the design's givens.
        analysis: of ``puzzle``; redone under ``cancel`` if it was stopped early.
        limit: at most this many suggestions.
        cancel: stops the search (raises :class:`~studio.core.cancel.Stopped`).
        rng: breaks ties between equally ranked candidates; ``None``: row-major order.
        verify: single flips and givens verified by exact analysis.

    Returns:
        At most ``limit`` suggestions, best first: fewest variable fields left, then fewest
        cells changed, then flips before givens. Each strictly reduces the variable fields.
        With ``limit`` ≥ 2 at least one given is among them (a given always helps). Empty
        when the puzzle is already unique.

    Raises:
        StudioError: ``picture`` is not a solution of ``puzzle``, or ``limit`` < 1.
        Stopped: when ``cancel`` fires.
    """
    grid = _picture(picture, puzzle.colours)
    if limit < 1:
        raise StudioError(f"limit must be at least 1, got {limit}")
    if grid.shape != puzzle.shape or puzzle.check(grid):
        raise StudioError("the picture is not a solution of the puzzle: its clues differ")
    search = Search(cancel or CancelToken(), rng, verify)
    if not analysis.complete:
        analysis = search.analyse(puzzle)
    if analysis.status != Status.MULTIPLE:
        return []
    design = Design(grid, grid, puzzle, frozenset(puzzle.given_cells()))
    flips = flip_suggestions(design, analysis.variable, search)
    givens = given_suggestions(design, analysis.variable, search)
    repairs = sorted(
        [*flips, *givens], key=lambda r: (r.remaining, r.size, bool(r.givens), r.flips, r.givens)
    )
    chosen = repairs[:limit]
    if limit >= 2 and givens and not any(r.givens for r in chosen):
        chosen[-1] = next(r for r in repairs if r.givens)
    return chosen


def repair(
    picture: Picture,
    *,
    strategy: str = "flips",
    given_cells: Iterable[Cell] = (),
    line_solvable: bool = False,
    rng: np.random.Generator | None = None,
    cancel: CancelToken | None = None,
    verify: int = VERIFY,
    colours: int = 1,
    progress: Callable[[str], None] | None = None,
    min_difficulty: int = 1,
) -> RepairResult[Nonogram]:
    """Repair the design of ``picture`` until its puzzle is unique.

    Args:
        picture: ``(height, width)``, at least 1×1: the picture, the intended solution (bool,
            or ``uint8`` colours 0 to ``colours``).
        strategy: ``"flips"`` changes picture cells (givens only as the last resort; always
            succeeds), ``"givens"`` adds givens and keeps the picture (always succeeds),
            ``"thesis"`` applies van Oers §5.3.2 while it helps (may end ambiguous).
        given_cells: cells the design already gives; they stay given.
        line_solvable: also insist that line logic alone solves the result (``"flips"`` and
            ``"givens"`` only).
        rng: breaks ties between equally good changes, reproducibly from its seed; ``None``:
            row-major order, deterministic.
        cancel: stops the repair (raises :class:`~studio.core.cancel.Stopped`).
        verify: candidates verified by exact analysis per round (more: fewer changes, slower).
        colours: the design's colours *k* (1: black and white); flips recolour cells in
            colour.
        progress: hears, before each step of ``"flips"`` and ``"givens"``, what is left in
            words (``"14 variable fields"``, ``"312 cells open to line logic"``).
        min_difficulty: make no change that leaves the puzzle unique but rated below this
            (1..5, :meth:`Nonogram.rate`; ``"flips"`` and ``"givens"``), for a puzzle meant to
            be hard. Such a repair ends ambiguous when every change verified in its last
            step would be too easy.

    Returns:
        The repaired design; ``changed_cells`` lists the cells that differ from ``picture``
        and ``unique`` says whether it worked (always, except for ``"thesis"`` and with a
        ``min_difficulty``).

    Raises:
        StudioError: an unknown strategy, ``line_solvable`` or ``min_difficulty`` with
            ``"thesis"``, a ``min_difficulty`` above what ``line_solvable`` allows, or a bad
            picture or given cell (:class:`~studio.core.errors.PuzzleError`).
        Stopped: when ``cancel`` fires.
    """
    if strategy not in STRATEGIES:
        raise StudioError(f"unknown repair strategy {strategy!r}; use one of {STRATEGIES}")
    if strategy == "thesis" and (line_solvable or min_difficulty > 1):
        raise StudioError("the thesis strategy cannot aim at line-solvable or a difficulty")
    if line_solvable and min_difficulty > LOGIC_SCORE:
        raise StudioError(
            f"line-solvable puzzles score 1 to {LOGIC_SCORE}, not {min_difficulty} or more"
        )
    if strategy == "thesis" and colours > 1:
        raise StudioError("the thesis strategy is for black-and-white nonograms; use flips")
    grid = _picture(picture, colours)
    search = Search(
        cancel or CancelToken(), rng, verify, progress=progress, min_difficulty=min_difficulty
    )
    if strategy == "flips":
        result = repair_flips(
            grid, given_cells, line_solvable=line_solvable, search=search, colours=colours
        )
    elif strategy == "givens":
        result = repair_givens(
            grid, given_cells, line_solvable=line_solvable, search=search, colours=colours
        )
    else:
        result = repair_thesis(filled_cells(grid), given_cells, search)
    return replace(result, analysis=rated(result.puzzle, result.analysis, cancel=search.cancel))


def _nonogram_design(document: Document, reference: Picture | None) -> tuple[Picture, Nonogram]:
    """The picture and nonogram a nonogram repair works on: a puzzle known only by its clues is
    repaired from one of its solutions."""
    puzzle = document.puzzle
    assert isinstance(puzzle, Nonogram)
    picture = document.picture if document.picture is not None else reference
    if picture is None:
        raise StudioError("a nonogram is repaired from its picture or one of its solutions")
    return picture, puzzle


def _repair_nonogram(
    document: Document,
    reference: Picture | None,
    strategy: str,
    logic_solvable: bool,
    rng: np.random.Generator | None,
    cancel: CancelToken | None,
) -> RepairResult[Nonogram]:
    picture, puzzle = _nonogram_design(document, reference)
    return repair(
        picture,
        strategy=strategy,
        given_cells=puzzle.given_cells(),
        line_solvable=logic_solvable,
        rng=rng,
        cancel=cancel,
        colours=puzzle.colours,
    )


def _suggest_nonogram(
    document: Document,
    reference: Picture | None,
    analysis: Analysis,
    limit: int,
    cancel: CancelToken | None,
) -> list[Repair[Nonogram]]:
    picture, puzzle = _nonogram_design(document, reference)
    return suggest(picture, puzzle, analysis, limit=limit, cancel=cancel)


REPAIRS = KindRepairs(STRATEGIES, _repair_nonogram, _suggest_nonogram)
"""The nonogram's repairs, as its declaration lists them."""
