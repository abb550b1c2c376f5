"""Nonogram CNF: the order encoding of run starts, O(n·k) clauses per line (DESIGN.md §3).

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


class _RunStarts:
    """The literals ``y[p]`` of one run whose start lies in ``[first, last]``."""

    def __init__(self, cnf: CnfBuilder, first: int, last: int) -> None:
        self.first = first
        self.last = last
        # y[p] for first <= p < last; y[last] is TRUE and y[p < first] is FALSE.
        self._vars = [cnf.new_var() for _ in range(last - first)]

    def at_or_before(self, p: int) -> Literal:
        if p < self.first:
            return FALSE
        if p >= self.last:
            return TRUE
        return self._vars[p - self.first]


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
    if not clue:
        cnf.add_units(-cell for cell in cells)
        return
    runs = [
        _RunStarts(cnf, (mask & -mask).bit_length() - 1, mask.bit_length() - 1) for mask in starts
    ]
    for run in runs:
        for p in range(run.first, run.last - 1):
            cnf.add((-run.at_or_before(p), run.at_or_before(p + 1)))
    for j in range(len(runs) - 1):
        run, following, length = runs[j], runs[j + 1], clue[j]
        for p in range(following.first, min(following.last, run.last + length + 1)):
            cnf.add((-following.at_or_before(p), run.at_or_before(p - length - 1)))
    for j, (run, length) in enumerate(zip(runs, clue, strict=True)):
        later = runs[j + 1] if j + 1 < len(runs) else None
        for x in range(run.first, len(cells)):
            starts_by_x = run.at_or_before(x)
            started_long_ago = run.at_or_before(x - length)
            cnf.add((-starts_by_x, started_long_ago, cells[x]))
            later_started = later.at_or_before(x) if later is not None else FALSE
            cnf.add((-cells[x], -starts_by_x, later_started, -started_long_ago))
    first_run = runs[0]
    for x in range(first_run.first):
        cnf.add((-cells[x],))
    for x in range(first_run.first, len(cells)):
        cnf.add((-cells[x], first_run.at_or_before(x)))
