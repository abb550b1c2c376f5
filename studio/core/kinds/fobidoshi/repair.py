"""Uniqueness repair for Fobidoshi: add givens from a reference solution (docs/algorithms.md,
"Repair").

An ambiguous design has variable fields: cells circled in some solutions and not in others. A
given on a variable field, a circle or a cross as the reference solution has it, removes that
field and never adds one (every solution of the new puzzle was one of the old), so adding
givens on variable fields always ends unique. :func:`repair` adds them in rounds (the best
tenth of the variable fields by a cheap proxy, then a new analysis), then drops each added
given the puzzle stays unique without (winnowing, as the nonogram's givens repair does):
winnowing decides how many givens remain, so rounds of several givens cost little in the
result and save most of the analyses. With ``logic_solvable`` the objective is the cells the
rules leave open (a given on an open cell always decides it) and winnowing keeps the rules
sufficient.

The proxy is the number of cells the rules (:meth:`Fobidoshi.deduce`) leave open with the
given added. :func:`suggest` verifies the best :data:`VERIFY` single givens by exact analysis.
Randomness only breaks ties, from the generator passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.reference import reference_solution
from studio.core.contract.repairs import (
    VERIFY,
    KindRepairs,
    Repair,
    RepairResult,
    exact_analysis,
    tie_order,
)
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import UNKNOWN, BoolGrid, Picture, cells_of, filled_cells
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Analysis, Status, count_solutions, rated

STRATEGIES = ("givens",)
"""The repair strategies of a Fobidoshi; the first is the default."""

#: The share of the variable fields :func:`unique_givens` gives per round.
BATCH = 0.1


def with_given(puzzle: Fobidoshi, solution: BoolGrid, cell: Cell) -> Fobidoshi:
    """``puzzle`` with ``cell`` given as ``solution`` has it: a circle or a cross."""
    return puzzle.with_given(cell, CIRCLE if solution[cell] else CROSS)


def open_after(puzzle: Fobidoshi, cancel: CancelToken | None) -> tuple[int, int]:
    """The proxy candidates are ranked by: the cells the rules leave undecided in ``puzzle``,
    then the rule steps they take."""
    deduction = puzzle.deduce(cancel)
    return int(np.count_nonzero(deduction.grid == UNKNOWN)), deduction.steps


def _ranked(
    puzzle: Fobidoshi,
    solution: BoolGrid,
    cells: Sequence[Cell],
    rng: np.random.Generator | None,
    cancel: CancelToken | None,
) -> list[Cell]:
    """``cells`` by the proxy, fewest open cells first; ties in random (else row-major)
    order."""
    ties = tie_order(len(cells), rng)
    keys = [
        (open_after(with_given(puzzle, solution, cell), cancel), tie, cell)
        for cell, tie in zip(cells, ties, strict=True)
    ]
    return [cell for *_, cell in sorted(keys)]


def _verified(
    puzzle: Fobidoshi, solution: BoolGrid, cells: Sequence[Cell], cancel: CancelToken | None
) -> list[Repair[Fobidoshi]]:
    """Each cell added as a given and analysed exactly."""
    repairs: list[Repair[Fobidoshi]] = []
    for cell in cells:
        trial = with_given(puzzle, solution, cell)
        analysis = exact_analysis(trial, cancel)
        repairs.append(Repair((), (cell,), solution, trial, analysis))
    return repairs


def suggest(
    document: Document,
    reference: Picture | None,
    analysis: Analysis,
    limit: int = 5,
    cancel: CancelToken | None = None,
) -> list[Repair[Fobidoshi]]:
    """A few verified single givens (a circle or a cross, from the reference solution) that
    make an ambiguous design unique or less ambiguous, best first.

    Candidates are the variable fields; the best :data:`VERIFY` by the rules' proxy are
    analysed exactly.

    Returns:
        At most ``limit`` suggestions: fewest variable fields left, then row-major. Each
        strictly reduces the variable fields. Empty when the puzzle is not ambiguous.

    Raises:
        StudioError: for a puzzle with no solution or a reference that does not solve it, or
            ``limit`` < 1.
        Stopped: when ``cancel`` fires.
    """
    if limit < 1:
        raise StudioError(f"limit must be at least 1, got {limit}")
    puzzle = _puzzle(document)
    if not analysis.complete:
        analysis = exact_analysis(puzzle, cancel)
    if analysis.status != Status.MULTIPLE:
        return []
    solution = filled_cells(reference_solution(document, reference, cancel))
    candidates = _ranked(puzzle, solution, cells_of(analysis.variable), None, cancel)
    repairs = _verified(puzzle, solution, candidates[: max(VERIFY, limit)], cancel)
    repairs.sort(key=lambda repair: (repair.remaining, repair.givens))
    return repairs[:limit]


def repair(
    document: Document,
    reference: Picture | None,
    strategy: str = "givens",
    logic_solvable: bool = False,
    rng: np.random.Generator | None = None,
    cancel: CancelToken | None = None,
) -> RepairResult[Fobidoshi]:
    """Make ``document``'s Fobidoshi unique (or solvable by the rules alone) by adding givens
    from the reference solution, then drop every added given not needed.

    Args:
        document: the design; its picture, if any, is the reference solution.
        reference: the solution to work towards when the document has no picture (else the
            solver's).
        strategy: ``"givens"``, the only one.
        logic_solvable: add givens until the rules alone solve the puzzle.
        rng: breaks ties between equally good givens; ``None``: row-major order.
        cancel: stops the repair.

    Returns:
        The repaired puzzle; ``picture`` is the reference solution, ``changed_cells`` empty,
        ``givens`` every given cell, ``steps`` the givens added before winnowing.

    Raises:
        StudioError: an unknown strategy, or no solution to work towards.
        Stopped: when ``cancel`` fires.
    """
    if strategy not in STRATEGIES:
        raise StudioError(f"unknown repair strategy {strategy!r}; use one of {STRATEGIES}")
    token = cancel or CancelToken()
    solution = filled_cells(reference_solution(document, reference, token))
    start = _puzzle(document)
    if logic_solvable:
        puzzle, added = logic_givens(start, solution, rng, token)
    else:
        puzzle, added = unique_givens(start, solution, rng, token)
    analysis = rated(puzzle, exact_analysis(puzzle, token), cancel=token)
    givens = tuple(sorted(puzzle.given_cells()))
    design = set(start.given_cells())
    return RepairResult(
        picture=solution,
        puzzle=puzzle,
        changed_cells=(),
        givens=givens,
        added_givens=tuple(cell for cell in givens if cell not in design),
        analysis=analysis,
        steps=len(added),
    )


def unique_givens(
    puzzle: Fobidoshi, solution: BoolGrid, rng: np.random.Generator | None, cancel: CancelToken
) -> tuple[Fobidoshi, list[Cell]]:
    """Givens until ``puzzle`` is unique (``solution`` its solution), then winnowed; returns
    the puzzle and the cells added before winnowing.

    Each round adds givens on the best :data:`BATCH` share of the variable fields by the
    rules' proxy (at least one), then analyses again: each removes its variable field, so the
    rounds end, and winnowing drops what the later givens made unneeded.
    """
    analysis = exact_analysis(puzzle, cancel)
    added: list[Cell] = []
    while analysis.status == Status.MULTIPLE:
        candidates = _ranked(puzzle, solution, cells_of(analysis.variable), rng, cancel)
        chosen = candidates[: max(1, round(BATCH * len(candidates)))]
        for cell in chosen:
            puzzle = with_given(puzzle, solution, cell)
        added.extend(chosen)
        analysis = exact_analysis(puzzle, cancel)
    return minimal_givens(puzzle, added, cancel), added


def minimal_givens(
    puzzle: Fobidoshi, cells: Sequence[Cell] | None = None, cancel: CancelToken | None = None
) -> Fobidoshi:
    """The unique ``puzzle`` without the given of each of ``cells`` (default: every given, row
    by row), in order, that it stays unique without. One pass leaves a minimal set among
    ``cells``: a given needed once stays needed as others go.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    chosen = puzzle.given_cells() if cells is None else cells
    return winnow(puzzle, chosen, lambda trial: count_solutions(trial, 2, cancel=cancel) == 1)


def logic_givens(
    puzzle: Fobidoshi,
    solution: BoolGrid,
    rng: np.random.Generator | None,
    cancel: CancelToken,
    max_steps: int | None = None,
) -> tuple[Fobidoshi, list[Cell]]:
    """Givens until the rules alone solve ``puzzle`` (in at most ``max_steps`` steps, if
    given), each time the one the proxy ranks best, then winnowed; returns the puzzle and the
    cells added before winnowing.

    Once the rules solve it, further givens go on the cells that were not given, fewest steps
    first; with every cell given the rules take no step, so this ends.
    """

    def solved(trial: Fobidoshi) -> bool:
        deduction = trial.deduce(cancel)
        return deduction.complete and (max_steps is None or deduction.steps <= max_steps)

    added: list[Cell] = []
    while not solved(puzzle):
        deduction = puzzle.deduce(cancel)
        open_cells = cells_of(deduction.grid == UNKNOWN) or cells_of(puzzle.givens == BLANK)
        cell = _ranked(puzzle, solution, open_cells, rng, cancel)[0]
        puzzle = with_given(puzzle, solution, cell)
        added.append(cell)
    return winnow(puzzle, added, solved), added


def winnow(
    puzzle: Fobidoshi, cells: Sequence[Cell], keeps: Callable[[Fobidoshi], bool]
) -> Fobidoshi:
    """Drop the given of each of ``cells``, in order, while ``keeps`` holds without it."""
    for cell in cells:
        trial = puzzle.with_given(cell, BLANK)
        if keeps(trial):
            puzzle = trial
    return puzzle


def _puzzle(document: Document) -> Fobidoshi:
    if not isinstance(document.puzzle, Fobidoshi):
        raise StudioError(f"a {document.kind} is not a Fobidoshi")
    return document.puzzle


REPAIRS = KindRepairs(STRATEGIES, repair, suggest)
"""These repairs, as the fobidoshi's declaration lists them."""
