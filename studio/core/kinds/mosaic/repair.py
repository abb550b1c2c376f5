"""Uniqueness repair for mosaics: show more of the picture's clues, and change the picture only
when even every clue leaves it ambiguous (docs/algorithms.md, "Repair"; issue 4).

A mosaic drawn from a picture shows some of the picture's clues. Showing one more never adds a
solution, and the picture stays one, so:

1. **Flips**, only if needed: when the puzzle showing *every* clue still has other solutions,
   flip picture cells near its variable fields, one at a time, each time the flip whose
   all-clue puzzle is left with the fewest variable fields (verified by exact analysis), until
   the all-clue puzzle is unique. Families of candidates as in the nonogram repair
   (:mod:`studio.core.kinds.nonogram.repair.flips`): the variable fields and their neighbours,
   two 4-adjacent cells there, then distance 2, then anywhere.
2. **Clues**: add, one at a time, the clue that leaves the fewest variable fields. Only a clue
   next to a variable field can matter (the others count cells every solution agrees on); if
   no single one of them helps, all of them are added at once, which is as good as showing
   every clue, so the loop ends. So are they while more than :data:`GREEDY_LIMIT` cells are
   variable: winnowing then picks among them.
3. **Winnowing**: every added clue the puzzle stays unique without is dropped again (last
   added first), by :func:`~.minimal.minimal_clues`.

With ``logic_solvable`` the standard is the kind's logic solver (one clue at a time and clue
pairs, what the analysis calls logic-solvable): the objective is then the cells it leaves open,
exact and cheap. Candidates for
the unique standard are ranked by a proxy, the cells the logic solver (with pairs) leaves open,
and only the best :data:`VERIFY` are verified by exact analysis. Randomness only breaks ties,
from the generator passed in.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.reference import reference_solution
from studio.core.contract.repairs import (
    VERIFY,
    KindRepairs,
    Repair,
    RepairResult,
    exact_analysis,
    flipped,
    tie_order,
)
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import (
    UNKNOWN,
    BoolGrid,
    Picture,
    cells_of,
    dilated,
    filled_cells,
    mask_of,
    unknown_grid,
)
from studio.core.kinds.mosaic.logic import solve as logic_solve
from studio.core.kinds.mosaic.minimal import Standard, minimal_clues
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Analysis, Status, rated

STRATEGIES = ("clues",)
"""The repair strategies of a mosaic; the first is the default."""

#: Above this many bad cells, phase 2 shows every clue that can matter at once and leaves the
#: choice to winnowing: one clue at a time would cost an exact analysis of a very ambiguous
#: puzzle per candidate (82 s for a random 20×20 picture showing a fifth of its clues, against
#: 0.5 s so).
GREEDY_LIMIT = 30


@dataclass(frozen=True)
class _Objective:
    """What a repair drives to zero: variable fields (``"unique"``) or the cells the logic of
    the standard (one clue at a time, or with clue pairs) leaves open, with the means to stop."""

    standard: Standard
    cancel: CancelToken

    def bad_cells(self, puzzle: Mosaic) -> BoolGrid:
        """The cells still in the way: variable fields, or cells logic leaves open."""
        if self.standard == "unique":
            return exact_analysis(puzzle, self.cancel).variable
        return self.open_cells(puzzle, pairs=self.standard == "pairs")

    def open_cells(self, puzzle: Mosaic, *, pairs: bool) -> BoolGrid:
        deduction = logic_solve(
            puzzle.clue_grid(), unknown_grid(*puzzle.shape), pairs=pairs, cancel=self.cancel
        )
        open_cells: BoolGrid = deduction.grid == UNKNOWN
        return open_cells

    def promising(self, puzzles: Sequence[Mosaic], ties: Sequence[int]) -> list[int]:
        """The indices of ``puzzles``, fewest cells left open by clue-pair logic first (then
        by ``ties``): the order in which exact analyses are worth their cost."""
        return sorted(
            range(len(puzzles)),
            key=lambda i: (int(self.open_cells(puzzles[i], pairs=True).sum()), ties[i]),
        )

    def best(
        self, trials: Sequence[tuple[Mosaic, BoolGrid]], now: int, ties: Sequence[int]
    ) -> tuple[Mosaic, BoolGrid, BoolGrid] | None:
        """The trial ``(puzzle, picture)`` with the fewest bad cells, if fewer than ``now``:
        ``(puzzle, picture, bad cells)``; ``None`` if none does better.

        For a logic standard the open cells are the objective itself, exact and cheap; for
        uniqueness they rank the trials (with pairs) and the best :data:`VERIFY` are analysed.
        """
        if self.standard != "unique":
            scored = [self.bad_cells(puzzle) for puzzle, _ in trials]
            if not scored:
                return None
            index = min(range(len(trials)), key=lambda i: (int(scored[i].sum()), ties[i]))
            if int(scored[index].sum()) >= now:
                return None
            return (*trials[index], scored[index])
        ranked = self.promising([puzzle for puzzle, _ in trials], ties)
        best: tuple[Mosaic, BoolGrid, BoolGrid] | None = None
        for index in ranked[:VERIFY]:
            puzzle, picture = trials[index]
            target = now if best is None else int(best[2].sum())
            analysis = exact_analysis(puzzle, self.cancel, limit=target - 1)
            if not analysis.complete:
                continue
            bad = analysis.variable
            if int(bad.sum()) < target:
                best = (puzzle, picture, bad)
                if not bad.any():
                    break
        return best


def mosaic_of(document: Document) -> Mosaic:
    """The document's mosaic.

    Raises:
        StudioError: for another kind of puzzle.
    """
    if not isinstance(document.puzzle, Mosaic):
        raise StudioError(f"a {document.kind} is not a mosaic")
    return document.puzzle


def _flip_families(bad: BoolGrid) -> Iterator[list[tuple[Cell, ...]]]:
    """The flips to try, family by family, as the nonogram repair's
    (:mod:`studio.core.kinds.nonogram.repair.flips`): single cells near the bad cells, two
    4-adjacent cells there, single cells a little further, and anywhere else."""
    height, width = bad.shape
    near = dilated(bad, 1)
    wider = dilated(bad, 2)
    yield [(cell,) for cell in cells_of(near)]
    yield [
        ((r, c), other)
        for r, c in cells_of(near)
        for other in ((r, c + 1), (r + 1, c))
        if other[0] < height and other[1] < width and near[other]
    ]
    yield [(cell,) for cell in cells_of(wider & ~near)]
    yield [(cell,) for cell in cells_of(~wider)]


def repair_picture(
    picture: BoolGrid,
    objective: _Objective,
    rng: np.random.Generator | None,
) -> tuple[BoolGrid, int]:
    """Flip cells until the puzzle of every clue of the picture meets the standard (phase 1);
    the picture and the flips made. Stops early, short of it, if no flip of one cell or of
    two neighbours helps."""
    everything = np.ones(picture.shape, dtype=bool)
    bad = objective.bad_cells(Mosaic.from_picture(picture))
    steps = 0
    while bad.any():
        found = None
        for family in _flip_families(bad):
            trials = [
                (Mosaic.from_picture(trial, everything), trial)
                for trial in (flipped(picture, list(cells)) for cells in family)
            ]
            found = objective.best(trials, int(bad.sum()), tie_order(len(trials), rng))
            if found is not None:
                break
        if found is None:
            break
        _, picture, bad = found
        steps += 1
    return picture, steps


def add_clues(
    picture: BoolGrid, shown: BoolGrid, objective: _Objective, rng: np.random.Generator | None
) -> tuple[BoolGrid, list[Cell]]:
    """Show clues of ``picture`` until the puzzle meets the standard (phase 2), given that
    showing every clue does (else as far as every clue goes); the clues shown and those added,
    in order."""
    shown = shown.copy()
    added: list[Cell] = []
    bad = objective.bad_cells(Mosaic.from_picture(picture, shown))
    while bad.any():
        cells = cells_of(dilated(bad, 1) & ~shown)
        if not cells:
            break  # every clue that can matter is shown: phase 1 fell short of the standard
        found = None
        if int(bad.sum()) <= GREEDY_LIMIT:
            trials = []
            for cell in cells:
                trial = shown.copy()
                trial[cell] = True
                trials.append((Mosaic.from_picture(picture, trial), trial))
            found = objective.best(trials, int(bad.sum()), tie_order(len(trials), rng))
        if found is None:
            # Every clue that can matter: as good as all of them.
            for cell in cells:
                shown[cell] = True
            added.extend(cells)
            bad = objective.bad_cells(Mosaic.from_picture(picture, shown))
            continue
        _, trial, bad = found
        (cell,) = cells_of(trial & ~shown)
        shown = trial
        added.append(cell)
    return shown, added


def repair(
    document: Document,
    reference: Picture | None,
    strategy: str = "clues",
    logic_solvable: bool = False,
    rng: np.random.Generator | None = None,
    cancel: CancelToken | None = None,
) -> RepairResult[Mosaic]:
    """Make ``document``'s mosaic unique (or solvable by logic alone) by showing more of
    its picture's clues, flipping picture cells first only if every clue together is not
    enough; then drop each added clue not needed (see the module docstring).

    Args:
        document: the design; its picture, if any, is the intended solution.
        reference: the solution to work from when the document has no picture (else the
            solver's).
        strategy: ``"clues"``, the only one.
        logic_solvable: insist that logic (one clue at a time and clue pairs) alone solves
            the result, as the analysis's ``logic_solvable`` means.
        rng: breaks ties between equally good changes; ``None``: row-major order.
        cancel: stops the repair.

    Returns:
        The repaired design: ``picture`` after the flips, ``changed_cells`` the cells flipped,
        ``givens`` every clue the puzzle shows (as for every kind, :class:`RepairResult`),
        ``steps`` the flips and clues added before winnowing. It falls short of the standard
        only if no flip of one cell or of two neighbours could bring every clue together
        closer to it.

    Raises:
        StudioError: an unknown strategy, or nothing to repair from.
        Stopped: when ``cancel`` fires.
    """
    if strategy not in STRATEGIES:
        raise StudioError(f"unknown repair strategy {strategy!r}; use one of {STRATEGIES}")
    token = cancel or CancelToken()
    original = filled_cells(reference_solution(document, reference, token))
    objective = _Objective("pairs" if logic_solvable else "unique", token)
    picture, flips = repair_picture(original, objective, rng)
    start = mosaic_of(document).shown()
    shown, added = add_clues(picture, start, objective, rng)
    kept = minimal_clues(picture, shown, added[::-1], standard=objective.standard, cancel=token)
    if kept is not None:
        shown = kept
    puzzle = Mosaic.from_picture(picture, shown)
    analysis = rated(puzzle, exact_analysis(puzzle, token), cancel=token)
    return RepairResult(
        picture=picture,
        puzzle=puzzle,
        changed_cells=tuple(cells_of(picture != original)),
        givens=tuple(cells_of(shown)),
        added_givens=tuple(cells_of(shown & ~start)),
        analysis=analysis,
        steps=flips + len(added),
    )


def suggest(
    document: Document,
    reference: Picture | None,
    analysis: Analysis,
    limit: int = 5,
    cancel: CancelToken | None = None,
) -> list[Repair[Mosaic]]:
    """A few verified changes that make an ambiguous mosaic unique or less ambiguous, best
    first: a clue of the picture shown (next to a variable field), or, when no such clue
    helps, a flip of one of its cells (the clues shown stay the same).

    Returns:
        At most ``limit`` suggestions: fewest variable fields left, then row-major. Each
        strictly reduces the variable fields. Empty when the puzzle is not ambiguous.

    Raises:
        StudioError: for a puzzle with no solution or a picture that does not solve it, or
            ``limit`` < 1.
        Stopped: when ``cancel`` fires.
    """
    if limit < 1:
        raise StudioError(f"limit must be at least 1, got {limit}")
    token = cancel or CancelToken()
    puzzle = mosaic_of(document)
    if not analysis.complete:
        analysis = exact_analysis(puzzle, token)
    if analysis.status != Status.MULTIPLE:
        return []
    picture = filled_cells(reference_solution(document, reference, token))
    shown = puzzle.shown()
    variable = analysis.variable
    near = dilated(variable, 1)
    objective = _Objective("unique", token)
    clues = [
        ((), (cell,), picture, Mosaic.from_picture(picture, shown | mask_of(shown.shape, [cell])))
        for cell in cells_of(near & ~shown)
    ]
    repairs = _verified(clues, int(variable.sum()), objective, limit)
    if not repairs:
        # No clue helps (none is hidden near the variable fields, or those that are cannot
        # tell the solutions apart): only the picture can change; the clues shown stay the
        # designer's (their counts follow the picture).
        flips = [
            ((cell,), (), trial, Mosaic.from_picture(trial, shown))
            for cell in cells_of(near)
            for trial in [flipped(picture, [cell])]
        ]
        repairs = _verified(flips, int(variable.sum()), objective, limit)
    return repairs


_Candidate = tuple[tuple[Cell, ...], tuple[Cell, ...], BoolGrid, Mosaic]
"""A change to try: the cells flipped, the clues added, the picture and the puzzle after it."""


def _verified(
    candidates: Sequence[_Candidate], target: int, objective: _Objective, limit: int
) -> list[Repair[Mosaic]]:
    """The candidates most promising by clue-pair logic (given in row-major order), verified by
    an exact analysis: those that leave fewer than ``target`` variable fields, best first, at
    most ``limit``."""
    order = objective.promising([c[3] for c in candidates], range(len(candidates)))
    repairs = []
    for flips, clues, trial, trial_puzzle in [candidates[i] for i in order[: max(VERIFY, limit)]]:
        exact = exact_analysis(trial_puzzle, objective.cancel)
        if int(exact.variable.sum()) < target:
            repairs.append(Repair(flips, clues, trial, trial_puzzle, exact))
    repairs.sort(key=lambda r: (r.remaining, r.flips, r.givens))
    return repairs[:limit]


REPAIRS = KindRepairs(STRATEGIES, repair, suggest)
"""These repairs, as the mosaic's declaration lists them."""
