"""Nonogram CNF, the naive way: every placement of a line's runs, joined by Tseytin (thesis Ch. 3).

van Oers 2024, "Pattern as an SAT problem", Chapter 3: for each line, generate all its
possibilities (§3.2.1); the line's formula is the disjunction over possibilities of the
conjunction over its cells (a DNF); the puzzle is the conjunction of the lines' DNFs, turned into
CNF with the Tseytin transformation (§3.2.2, §2.4). Kept to measure against
(docs/algorithms.md, "Nonogram encodings"), not to solve with: the number of placements, and so
the formula, explodes with the free space of a line, which is why :func:`encode` refuses puzzles
above :data:`MAX_PLACEMENTS`.

Tseytin as applied here: each placement's conjunction ``l_1 ∧ … ∧ l_n`` (``l_i`` the cell's
literal, negated where the placement leaves the cell empty) gets one fresh name ``x`` with the
clauses of ``x ↔ (l_1 ∧ … ∧ l_n)`` (Table 2.1's rule for ∧, n-ary): ``¬x ∨ l_i`` for each cell
and ``x ∨ ¬l_1 ∨ … ∨ ¬l_n``. That is one auxiliary variable per placement; the thesis's binary
reading would name every nested pair too, which only adds variables. The line's disjunction is
the formula's top level, named and asserted true, so its Tseytin clauses reduce to the one
clause ``x_1 ∨ … ∨ x_P`` (§3.2.2: "the outer conjunction does not need to be transformed").

Per line of ``n`` cells and ``k`` runs with ``f = n − (Σ runs + k − 1)`` free cells there are
``P = C(f + k, k)`` placements: ``P`` variables and ``P·(n + 1) + 1`` clauses.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence

from studio.core.errors import StudioError
from studio.core.grid import PartialGrid, line_values
from studio.core.kinds.nonogram.linesolve import format_clue
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.cnf import CnfBuilder, Literal, LiteralGrid

#: Placements over all lines above which :func:`encode` refuses: at 25 cells a line that is 26
#: million clauses, gigabytes as Python lists; Tatham's 25×25 puzzles need at most 90 000.
MAX_PLACEMENTS = 1_000_000


class EncodingTooLarge(StudioError):
    """The naive encoding of a puzzle would exceed the placement limit."""


def _free_cells(clue: Sequence[int], length: int) -> int:
    """Empty cells beyond the one gap between each two runs (negative if the clue cannot fit)."""
    return length - sum(clue) - max(len(clue) - 1, 0)


def placement_count(clue: Sequence[int], length: int) -> int:
    """Placements of the runs ``clue`` in a line of ``length`` cells: ``C(free + k, k)``."""
    free = _free_cells(clue, length)
    return math.comb(free + len(clue), len(clue)) if free >= 0 else 0


def placements(clue: Sequence[int], length: int) -> Iterator[list[int]]:
    """The start cell of each run, for every placement, in the thesis's order (§3.2.1).

    The free empty cells go into the ``k + 1`` gaps around the runs; every increasing ordering
    (multiset) of gap indices of length ``free`` is one placement, as in Example 3.2.1.
    """
    free = _free_cells(clue, length)
    if free < 0:
        return
    for gaps in itertools.combinations_with_replacement(range(len(clue) + 1), free):
        starts, position = [], 0
        for run, size in enumerate(clue):
            position += gaps.count(run)
            starts.append(position)
            position += size + 1
        yield starts


def encode_line(cnf: CnfBuilder, clue: Sequence[int], cells: Sequence[Literal]) -> None:
    """Constrain the literals ``cells`` of one line to spell ``clue``: the Tseytin form of the
    disjunction over :func:`placements` of the conjunction of the line's cells (§3.2.2)."""
    names = []
    for starts in placements(clue, len(cells)):
        filled = [False] * len(cells)
        for start, size in zip(starts, clue, strict=True):
            filled[start : start + size] = [True] * size
        conjuncts = [cell if on else -cell for cell, on in zip(cells, filled, strict=True)]
        name = cnf.new_var()
        for literal in conjuncts:
            cnf.add((-name, literal))
        cnf.add([name, *(-literal for literal in conjuncts)])
        names.append(name)
    cnf.add(names)


def encode(
    cnf: CnfBuilder,
    puzzle: Nonogram,
    known: PartialGrid,
    *,
    max_placements: int = MAX_PLACEMENTS,
) -> LiteralGrid:
    """The naive encoding of ``puzzle`` (same contract as :meth:`Nonogram.encode`).

    ``known`` only fixes cell literals (:meth:`Nonogram.cell_literals`); the placements are
    those of the bare clues, as published.

    Returns:
        The ``int64`` literal grid ``(height, width)`` of the cells.

    Raises:
        EncodingTooLarge: when the lines hold more than ``max_placements`` placements in all;
            the message names the line with the most.
    """
    cells = puzzle.cell_literals(cnf, known)
    lines = [(line, clue, line_values(cells, line).tolist()) for line, clue in puzzle.lines()]
    counts = [placement_count(clue, len(literals)) for _, clue, literals in lines]
    if sum(counts) > max_placements:
        worst = max(range(len(lines)), key=counts.__getitem__)
        line, clue, literals = lines[worst]
        raise EncodingTooLarge(
            f"the naive encoding needs {sum(counts):,} placements, over the limit of "
            f"{max_placements:,}; {line} alone has {counts[worst]:,} "
            f"(clue {format_clue(clue)} in {len(literals)} cells)"
        )
    for _, clue, literals in lines:
        encode_line(cnf, clue, literals)
    return cells
