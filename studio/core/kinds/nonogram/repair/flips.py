"""Repair by flips: change as few picture cells as possible until the puzzle is unique.

docs/algorithms.md, "Repair". Greedy: each step flips the cell (or pair of cells) whose puzzle
is left with the fewest variable fields, verified by exact analysis, and is applied only if it
leaves fewer than before, so the loop ends. Candidates come in families, tried in order until
one reduces the variable fields:

1. single flips of the variable fields and their neighbours (Chebyshev distance 1);
2. flips of two 4-adjacent cells in that neighbourhood (moving an edge keeps a line's count);
3. single flips at distance 2;
4. single flips anywhere else;
5. as the last resort, a given (:mod:`.givens`), which always removes a variable field.

Within a family every candidate is line-solved (the proxy of :mod:`.search`) and only the best
few are verified with :func:`~studio.core.sat.analysis.analyze`. A flip that would empty a row
or column holding a filled cell in the original picture is never made (a designer choice: an
all-empty line is legal but looks like a mistake, and the thesis §5.3.2 avoids it too).

With ``line_solvable`` the objective is instead the cells line solving (from scratch) leaves
open, with the same families, ranked by the cheaper proxy of :meth:`.Search.line_ranked`, and a
given on an open cell as the last resort. Uniqueness is not sought first: a puzzle line logic
completes is unique, and seeking it first, one exact analysis a step, tripled the time of a
line-solvable 60×60 (13 s against 4 s, measured on three seeds).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from studio.core.contract.repairs import Repair, RepairResult
from studio.core.grid import UNKNOWN, BoolGrid, Picture, cells_of, dilated
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair.givens import best_given, best_line_given
from studio.core.kinds.nonogram.repair.search import Candidate, Change, Design, Search
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Status

#: Single flips ranked best by the proxy from which the two-cell suggestions are made.
PAIR_SEEDS = 8
#: Two-cell flips verified for :func:`flip_suggestions`.
PAIR_SUGGESTIONS = 3


def single_flips(design: Design, region: BoolGrid) -> list[Change]:
    """A flip of each cell of ``region`` (in colour: a change to each other value) that keeps
    every originally non-empty line non-empty."""
    colours = design.puzzle.colours
    if colours == 1:
        changes = [Change(flips=(cell,)) for cell in cells_of(region)]
    else:
        changes = [
            Change(flips=(cell,), colours=(value,))
            for cell in cells_of(region)
            for value in range(colours + 1)
            if value != design.picture[cell]
        ]
    return [change for change in changes if design.keeps_lines(change)]


def adjacent_pairs(
    design: Design, region: BoolGrid, seeds: Iterable[Cell] | None = None
) -> list[Change]:
    """Flips of two 4-adjacent cells of ``region`` (at least one of them in ``seeds``, if
    given) that keep every originally non-empty line non-empty; in colour, two adjacent cells
    of different values swapping them (an edge moved, as a flip of two does in black and
    white)."""
    wanted = None if seeds is None else set(seeds)
    height, width = region.shape
    changes = []
    for r, c in cells_of(region):
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] >= height or other[1] >= width or not region[other]:
                continue
            if wanted is not None and (r, c) not in wanted and other not in wanted:
                continue
            change = Change(flips=((r, c), other))
            if design.puzzle.colours > 1:
                first, second = int(design.picture[r, c]), int(design.picture[other])
                if first == second:
                    continue
                change = Change(flips=((r, c), other), colours=(second, first))
            if design.keeps_lines(change):
                changes.append(change)
    return changes


def flip_families(design: Design, target: BoolGrid) -> Iterator[list[Change]]:
    """The families of flips around the cells of ``target``, in the order they are tried."""
    near = dilated(target, 1)
    wider = dilated(target, 2)
    yield single_flips(design, near)
    yield adjacent_pairs(design, near)
    yield single_flips(design, wider & ~near)
    yield single_flips(design, ~wider)


def flip_step(design: Design, variable: BoolGrid, search: Search) -> Repair[Nonogram] | None:
    """The first family's best verified flip that reduces the variable fields, if any."""
    for changes in flip_families(design, variable):
        repair = search.best(design, changes, variable)
        if repair is not None:
            return repair
    return None


def line_flip_step(design: Design, search: Search) -> Candidate | None:
    """The first family's flip that leaves line logic the fewest open cells, if fewer than now."""
    open_cells = design.puzzle.deduce(search.cancel).grid == UNKNOWN
    for changes in flip_families(design, open_cells):
        candidate = search.fewest_open(design, changes, int(open_cells.sum()))
        if candidate is not None:
            return candidate
    return None


def repair_flips(
    picture: Picture,
    given_cells: Iterable[Cell],
    *,
    line_solvable: bool,
    search: Search,
    colours: int = 1,
) -> RepairResult[Nonogram]:
    """Make the design of ``picture`` (with ``given_cells`` given) unique, and line-solvable if
    asked, by flipping cells; givens are added only when no flip makes progress.

    ``steps`` counts the changes applied (a flip, a pair of flips or a given).
    """
    design = Design.start(picture, given_cells, colours)
    steps = 0
    if line_solvable:
        # A puzzle line logic completes is unique: the line phase alone reaches both.
        while open_cells := search.open_cells(design.puzzle):
            search.left(open_cells, "cells open to line logic")
            candidate = line_flip_step(design, search) or best_line_given(design, search)
            design = design.moved_to(candidate.picture, candidate.puzzle)
            steps += 1
        return design.result(search.analyse(design.puzzle), steps)
    analysis = search.analyse(design.puzzle)
    while analysis.status == Status.MULTIPLE:
        search.left(int(analysis.variable.sum()), "variable fields")
        repair = flip_step(design, analysis.variable, search) or best_given(
            design, analysis.variable, search
        )
        if repair is None:
            break  # every change verified is too easy (min_difficulty)
        design = design.moved_to(repair.picture, repair.puzzle)
        analysis, steps = repair.analysis, steps + 1
    return design.result(analysis, steps)


def flip_suggestions(design: Design, variable: BoolGrid, search: Search) -> list[Repair[Nonogram]]:
    """Verified flips that reduce the variable fields: the best single flips around them by the
    proxy (:attr:`Search.verify` of them), and :data:`PAIR_SUGGESTIONS` flips of two adjacent
    cells next to the best :data:`PAIR_SEEDS` single flips."""
    target = int(variable.sum())
    near = dilated(variable, 1)
    singles = search.ranked(design, single_flips(design, near), variable)
    seeds = [candidate.change.flips[0] for candidate in singles[:PAIR_SEEDS]]
    pairs = search.ranked(design, adjacent_pairs(design, near, seeds), variable)
    verified = [
        *search.verified(singles[: search.verify]),
        *search.verified(pairs[:PAIR_SUGGESTIONS]),
    ]
    return [repair for repair in verified if repair.remaining < target]
