"""The solution a repair works towards, for kinds repaired by showing more of it (givens, clues)."""

from __future__ import annotations

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.sat.analysis import solve


def reference_solution(
    document: Document, reference: Picture | None, cancel: CancelToken | None
) -> Picture:
    """The document's picture, else ``reference``, else a solution the solver finds: bool
    ``(height, width)``, read-only.

    Raises:
        StudioError: the puzzle has no solution, or the picture or reference is of another
            size or does not solve the puzzle (the message names the first rule it breaks).
        Stopped: when ``cancel`` fires.
    """
    puzzle = document.puzzle
    chosen = document.picture if document.picture is not None else reference
    if chosen is None:
        chosen = solve(puzzle, cancel=cancel)
        if chosen is None:
            raise StudioError("nothing to repair: the puzzle has no solution")
    solution = np.array(chosen, dtype=bool)
    if solution.shape != puzzle.shape:
        raise StudioError("the reference solution is not of the puzzle's size")
    broken = puzzle.check(solution)
    if broken:
        raise StudioError(f"the reference solution does not solve the puzzle: {broken[0].message}")
    solution.setflags(write=False)
    return solution
