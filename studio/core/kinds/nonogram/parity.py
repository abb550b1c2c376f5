"""Parity counts: redundant cardinality constraints that carry a counting argument into the
nonogram CNF (docs/algorithms.md, "Parity counts").

The cells of a colour in the odd columns are counted twice: by those columns, whose clues give
the total outright, and by the rows. A row's share depends on where its runs start: a run of
odd length covers one cell more of the odd columns when it starts on one, a run of even length
as many either way. So each row's share lies between the sum of its runs' fewest and most,
over the starts the line solver leaves them. The rows' shares add up to the total; where that
narrows a row's bounds (bounds consistency of the linear equation), the row's odd cells get a
cardinality constraint. The same with rows and columns swapped. The even cells need no count
of their own: a line's even and odd shares add up to its clue's sum, so theirs would mirror it.

Wolter's n-Dom needs exactly this: the odd columns hold n filled cells and each of the n rows
with a run of 3 puts at least one there, so no other row may put any. Resolution cannot count
(the pigeonhole principle needs exponential proofs), and Glucose's proof that 20-Dom is unique
took 325 510 conflicts; with the counts, 3 190. On most puzzles the bounds are far from the
total and nothing is added.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.sat.cnf import CnfBuilder, LiteralGrid

#: One run of a line: its length and the bit mask of the cells where it may start.
Run = tuple[int, int]


def _odd_cells(cells: int) -> int:
    """Bit mask of the odd cells (1, 3, …) of a line of ``cells`` cells."""
    return int("10" * (cells // 2), 2) if cells > 1 else 0


def odd_share(runs: Sequence[Run], cells: int) -> tuple[int, int]:
    """The fewest and the most odd cells (1, 3, …) that the runs of a line of ``cells`` cells
    cover, each run at one of its possible starts.

    Args:
        runs: ``(length, starts)`` per run, ``starts`` a non-empty bit mask of start cells.
        cells: the line's length.
    """
    odd = _odd_cells(cells)
    fewest = most = 0
    for length, starts in runs:
        half = length // 2
        fewest += half
        most += half
        if length % 2:
            # An odd run starts and ends on cells of one parity: one cell more there.
            fewest += not starts & ~odd
            most += bool(starts & odd)
    return fewest, most


def encode_parity_counts(
    cnf: CnfBuilder,
    ink: LiteralGrid,
    row_runs: Sequence[Sequence[Run]],
    col_runs: Sequence[Sequence[Run]],
) -> None:
    """Add the parity counts of one colour (in black and white, of the filled cells).

    Args:
        cnf: receives the constraints (sequential counters, :meth:`CnfBuilder.at_most`).
        ink: ``(height, width)`` literals "this cell has the colour" (constants for known
            cells).
        row_runs, col_runs: per row and per column, its runs of the colour as ``(length,
            starts)``, ``starts`` from the line solver given the cells known
            (:attr:`.linesolve.LineAnalysis.starts`).

    The empty clause is added when no shares can make up the total: there is no solution.
    """
    for lines, crossing, literals in ((row_runs, col_runs, ink), (col_runs, row_runs, ink.T)):
        total = sum(length for runs in crossing[1::2] for length, _ in runs)
        shares = [odd_share(runs, len(crossing)) for runs in lines]
        fewest = sum(low for low, _ in shares)
        most = sum(high for _, high in shares)
        for index, (low, high) in enumerate(shares):
            least, at_most = max(low, total - most + high), min(high, total - fewest + low)
            if least > at_most:
                cnf.add(())
                return
            odd = literals[index, 1::2].tolist()
            if least > low:
                cnf.at_least(odd, least)
            if at_most < high:
                cnf.at_most(odd, at_most)
