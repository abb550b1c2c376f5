"""Repair by givens: leave the picture alone and show some of its cells from the start.

Greedy, then winnowed (docs/algorithms.md, "Repair"), as Simon Tatham's ``patternpicture`` does with
its immutable squares and as the GCHQ 2015 card does: add, one at a time, the given that leaves
the fewest variable fields (among the variable fields, ranked by the line-solver proxy and the
best few verified exactly), until the puzzle is unique; then try dropping each added given, in
the order added, and keep it dropped if the puzzle stays unique. Removing givens only adds
solutions, so after one pass no single given can be dropped. With ``line_solvable`` the
objective is the cells line logic leaves open (a given on an open cell always decides it), and
winnowing keeps line-solvability instead.

A given on a variable field always removes that field and never adds one, so every step makes
progress and the repair always succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from studio.core.contract.repairs import Repair, RepairResult
from studio.core.grid import UNKNOWN, BoolGrid, Picture, cells_of
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair.search import Candidate, Change, Design, Search
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Status, count_solutions


def given_changes(cells: Iterable[Cell]) -> list[Change]:
    """One change per cell: show that cell."""
    return [Change(givens=(cell,)) for cell in cells]


def best_given(design: Design, variable: BoolGrid, search: Search) -> Repair[Nonogram] | None:
    """The verified given that leaves the fewest variable fields (some of the best by the
    line-solver proxy are verified); it always leaves fewer than ``variable`` holds, so it is
    ``None`` only when every one verified is too easy (:attr:`Search.min_difficulty`)."""
    repair = search.best(design, given_changes(cells_of(variable)), variable)
    if repair is None and search.min_difficulty <= 1:
        raise AssertionError("a given on a variable field must remove that field")
    return repair


def given_suggestions(design: Design, variable: BoolGrid, search: Search) -> list[Repair[Nonogram]]:
    """The best :attr:`Search.verify` single givens by the proxy, each verified."""
    ranked = search.ranked(design, given_changes(cells_of(variable)), variable)
    return list(search.verified(ranked[: search.verify]))


def best_line_given(design: Design, search: Search) -> Candidate:
    """The given on a cell line logic leaves open that leaves the fewest open cells (every
    such given decides at least its own cell); the design must not be line-solvable."""
    deduction = design.puzzle.deduce(search.cancel)
    open_cells = deduction.grid == UNKNOWN
    best = search.fewest_open(design, given_changes(cells_of(open_cells)), int(open_cells.sum()))
    if best is None:
        raise AssertionError("a given on an open cell must decide that cell")
    return best


def winnow(puzzle: Nonogram, added: Sequence[Cell], keeps: Callable[[Nonogram], bool]) -> Nonogram:
    """Drop each cell of ``added`` from ``puzzle``'s givens, in order, while ``keeps`` holds
    for the puzzle without it; the other givens stay."""
    for cell in added:
        trial = Nonogram(puzzle.rows, puzzle.cols, (g for g in puzzle.givens if g[:2] != cell))
        if keeps(trial):
            puzzle = trial
    return puzzle


def repair_givens(
    picture: Picture,
    given_cells: Iterable[Cell],
    *,
    line_solvable: bool,
    search: Search,
    colours: int = 1,
) -> RepairResult[Nonogram]:
    """Make the design of ``picture`` (with ``given_cells`` given) unique, or line-solvable,
    by adding givens, then drop every added given not needed; the picture is unchanged.

    ``steps`` counts the givens added before winnowing. In colour a given carries the
    picture's colour.
    """
    design = Design.start(picture, given_cells, colours)
    added: list[Cell] = []
    if line_solvable:
        while open_cells := search.open_cells(design.puzzle):
            search.left(open_cells, "cells open to line logic")
            candidate = best_line_given(design, search)
            added.extend(candidate.change.givens)
            design = design.moved_to(candidate.picture, candidate.puzzle)

        def keeps(puzzle: Nonogram) -> bool:
            return puzzle.deduce(search.cancel).complete
    else:
        analysis = search.analyse(design.puzzle)
        while analysis.status == Status.MULTIPLE:
            search.left(int(analysis.variable.sum()), "variable fields")
            repair = best_given(design, analysis.variable, search)
            if repair is None:
                break  # every given verified is too easy (min_difficulty)
            added.extend(repair.givens)
            design, analysis = design.moved_to(repair.picture, repair.puzzle), repair.analysis

        def keeps(puzzle: Nonogram) -> bool:
            return count_solutions(puzzle, 2, cancel=search.cancel) == 1

    puzzle = winnow(design.puzzle, added, keeps)
    design = design.moved_to(design.picture, puzzle)
    return design.result(search.analyse(puzzle), steps=len(added))
