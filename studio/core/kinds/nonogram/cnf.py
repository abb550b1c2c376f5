"""Nonogram CNF: the order encoding of run starts, O(n·k) clauses per line (docs/algorithms.md,
"Nonogram encodings").

For run ``j`` of a line, ``y[j][p]`` means "run j starts at or before cell p". Then

* ``y[j][p] → y[j][p+1]`` (order);
* ``y[j+1][p] → y[j][p − len_j − 1]`` (run j+1 starts at least one cell after run j ends);
* run j covers cell x iff ``y[j][x] ∧ ¬y[j][x − len_j]``, and covering forces the cell filled;
* a filled cell x is covered by the last run starting at or before x: ``x → y[0][x]`` and
  ``x ∧ y[j][x] ∧ ¬y[j+1][x] → ¬y[j][x − len_j]``.

No auxiliary variables beyond the ``y``. The range of each run's start comes from the line
solver given the cells already known, so ``y`` outside it are constants and a line the line
solver completed contributes nothing but its cells' constants.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.sat.cnf import FALSE, TRUE, CnfBuilder, Literal


def _run_starts(cnf: CnfBuilder, length: int, first: int, last: int) -> list[Literal]:
    """``y[p]`` for ``p`` in ``0 .. length`` of a run whose start lies in ``[first, last]``:
    FALSE before ``first``, fresh variables up to ``last``, TRUE from ``last`` on."""
    fresh = [cnf.new_var() for _ in range(last - first)]
    return [FALSE] * first + fresh + [TRUE] * (length + 1 - last)


def encode_line(
    cnf: CnfBuilder, clue: Sequence[int], cells: Sequence[Literal], starts: Sequence[int]
) -> None:
    """Constrain the literals ``cells`` of one line to spell ``clue``.

    Args:
        cnf: receives the clauses.
        clue: run lengths, each ≥ 1; empty for an empty line.
        cells: the literal of each cell, left to right (constants for known cells).
        starts: per run, a bit mask holding every cell where the run can start (the line
            solver's feasible starts); only its lowest and highest bits are used.
    """
    n, runs, add = len(cells), len(clue), cnf.add
    if not runs:
        cnf.add_units(-cell for cell in cells)
        return
    bounds = [((mask & -mask).bit_length() - 1, mask.bit_length() - 1) for mask in starts]
    ys = [_run_starts(cnf, n, first, last) for first, last in bounds]
    for (first, last), y in zip(bounds, ys, strict=True):
        for p in range(first, last - 1):
            add((-y[p], y[p + 1]))
    for j in range(runs - 1):
        y, following, length = ys[j], ys[j + 1], clue[j]
        following_first, following_last = bounds[j + 1]
        # Where y[p - length - 1] is TRUE the clause holds anyway.
        for p in range(following_first, min(following_last, bounds[j][1] + length + 1)):
            add((-following[p], y[p - length - 1]))
    for j, ((first, last), y, length) in enumerate(zip(bounds, ys, clue, strict=True)):
        for x in range(first, min(n, last + length)):
            started_long_ago = y[x - length] if x >= length else FALSE
            add((-y[x], started_long_ago, cells[x]))
        later = ys[j + 1] if j + 1 < runs else None
        # From the later run's last start on, its y is TRUE and the clause holds.
        for x in range(first, bounds[j + 1][1] if later is not None else n):
            started_long_ago = y[x - length] if x >= length else FALSE
            later_started = later[x] if later is not None else FALSE
            add((-cells[x], -y[x], later_started, -started_long_ago))
    for x in range(n):
        add((-cells[x], ys[0][x]))
