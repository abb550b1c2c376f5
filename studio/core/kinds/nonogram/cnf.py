"""Nonogram CNF: the order encoding of run starts, O(n·k) clauses per line of n cells and k
runs, in black and white and in colour (docs/algorithms.md, "Nonogram encodings").

For run ``j`` of a line, ``y[j][p]`` means "run j starts at or before cell p". Then

* ``y[j][p] → y[j][p+1]`` (order);
* ``y[j+1][p] → y[j][p − len_j − g_j]`` (run j+1 starts after run j ends, ``g_j`` = 1
  background cell between two runs of one colour, 0 between two colours);
* run j covers cell x iff ``y[j][x] ∧ ¬y[j][x − len_j]``, and covering forces the cell to the
  run's colour (filled, in black and white);
* a cell x that is not the background is covered by the last run starting at or before x:
  ``¬bg(x) → y[0][x]`` and ``¬bg(x) ∧ y[j][x] ∧ ¬y[j+1][x] → ¬y[j][x − len_j]``.

In colour each cell has one literal per value, exactly one true
(:meth:`~studio.core.sat.cnf.CnfBuilder.value_literals`): with covering fixing the colour, a
cell of colour c is covered by a run of colour c in its row and in its column. No auxiliary
variables beyond the ``y`` (and, past six values, a cell's counter). The range of each run's
start comes from the line solver given the cells already known, so ``y`` outside it are
constants and a line the line solver completed contributes nothing but its cells' constants.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from studio.core.sat.cnf import FALSE, TRUE, CnfBuilder, Literal


def _run_starts(cnf: CnfBuilder, length: int, first: int, last: int) -> list[Literal]:
    """``y[p]`` for ``p`` in ``0 .. length`` of a run whose start lies in ``[first, last]``:
    FALSE before ``first``, fresh variables up to ``last``, TRUE from ``last`` on."""
    fresh = [cnf.new_var() for _ in range(last - first)]
    return [FALSE] * first + fresh + [TRUE] * (length + 1 - last)


def encode_line(
    cnf: CnfBuilder,
    runs: Sequence[tuple[int, int]],
    background: Sequence[Literal],
    inks: Mapping[int, Sequence[Literal]],
    starts: Sequence[int],
) -> None:
    """Constrain the cells of one line to spell its clue.

    Args:
        cnf: receives the clauses.
        runs: ``(length, colour)`` per run, lengths ≥ 1; empty for an empty line.
        background: per cell, left to right, the literal "this cell is the background"
            (constants for known cells); in a black-and-white line, the cell literals negated.
        inks: per colour of a run, the literal of each cell "this cell has this colour"; in a
            black-and-white line, ``{1: cells}``. The caller keeps one value per cell.
        starts: per run, a bit mask holding every cell where the run can start (the line
            solver's feasible starts); only its lowest and highest bits are used.
    """
    n, count, add = len(background), len(runs), cnf.add
    if not count:
        cnf.add_units(background)
        return
    bounds = [((mask & -mask).bit_length() - 1, mask.bit_length() - 1) for mask in starts]
    ys = [_run_starts(cnf, n, first, last) for first, last in bounds]
    for (first, last), y in zip(bounds, ys, strict=True):
        for p in range(first, last - 1):
            add((-y[p], y[p + 1]))
    for j in range(count - 1):
        y, following = ys[j], ys[j + 1]
        # Run j+1 starts after run j and the background cell between two runs of one colour.
        apart = runs[j][0] + (runs[j + 1][1] == runs[j][1])
        following_first, following_last = bounds[j + 1]
        # Where y[p - apart] is TRUE the clause holds anyway.
        for p in range(following_first, min(following_last, bounds[j][1] + apart)):
            add((-following[p], y[p - apart]))
    for j, ((first, last), y, (length, colour)) in enumerate(zip(bounds, ys, runs, strict=True)):
        ink = inks[colour]
        for x in range(first, min(n, last + length)):
            started_long_ago = y[x - length] if x >= length else FALSE
            add((-y[x], started_long_ago, ink[x]))
        later = ys[j + 1] if j + 1 < count else None
        # From the later run's last start on, its y is TRUE and the clause holds.
        for x in range(first, bounds[j + 1][1] if later is not None else n):
            started_long_ago = y[x - length] if x >= length else FALSE
            later_started = later[x] if later is not None else FALSE
            add((background[x], -y[x], later_started, -started_long_ago))
    for x in range(n):
        add((background[x], ys[0][x]))
