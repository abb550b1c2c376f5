"""Nonogram CNF as the thesis's improved algorithm: start and part-of-block variables, rules 1–11.

van Oers 2024, "Pattern as an SAT problem", Chapter 4. Per line ``l``, block (run) ``b`` and
field (cell) ``f`` there are two variables, ``is_start_of_block(l, b, f)`` and
``is_part_of_block(l, b, f)`` (§4.2), beside the cell variables ``field_is_black(f)``, shared
with the naive encoding (§4.1). The rules of §4.4 are implications ``A → B``, written as the
clauses ``¬A ∨ B`` (§4.5); no auxiliary variables. Kept to measure against
(docs/algorithms.md, "Nonogram encodings"); the product solves with the order encoding of
:mod:`.cnf`.

Where the printed formulas need reading (fields are 0-based here, 1-based in the thesis):

* Rule 4: the fields after the start that belong to the block are the next ``size(b) − 1`` (the
  rule's text); the formula's upper bound ``f + size(b)`` would contradict rule 9, which makes
  field ``f + size(b)`` not part of the block. Fields past the end of the line do not exist.
* Rule 5 ("for f ≠ f′") lists each clause ``¬start(f) ∨ ¬start(f′)`` twice, as ``(f, f′)`` and
  ``(f′, f)``; it is emitted once.
* Rule 10 quantifies over the cells, for the row and the column through each; here each line
  emits its half.
* The DIMACS renumbering of §4.6 (Algorithm 1, a list searched for every literal) is left out:
  the clause builder numbers each variable when it makes it.

Per line of ``n`` cells and ``k`` runs ``s_1 … s_k``: ``2·k·n`` variables and

* rules 1, 2: ``k·n`` each; rule 3: ``k + Σ(s_b − 1)``; rule 4: ``Σ(s_b − 1)(n − s_b/2)``;
* rules 5, 8: ``k·n(n − 1)/2`` each; rule 6: ``k·(n − 1)``; rule 7: ``Σ(n − s_b)``;
* rule 9: ``Σ(n − s_b)(n − s_b + 1)/2``; rule 10: ``n``; rule 11: ``(k − 1)·n(n + 1)/2``

clauses: O(n²·k), against the order encoding's O(n·k).
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.grid import PartialGrid, line_values
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.cnf import CnfBuilder, Literal, LiteralGrid


def encode_line(cnf: CnfBuilder, clue: Sequence[int], cells: Sequence[Literal]) -> None:
    """Constrain the literals ``cells`` (the line's ``field_is_black``) to spell ``clue`` with the
    thesis's rules 1–11 (§4.4), in the thesis's order."""
    n, add = len(cells), cnf.add
    starts = [cnf.new_vars(n).tolist() for _ in clue]  # is_start_of_block(l, b, ·)
    parts = [cnf.new_vars(n).tolist() for _ in clue]  # is_part_of_block(l, b, ·)
    blocks = list(zip(clue, starts, parts, strict=True))
    for _, start, part in blocks:  # Rule 1: the start of a block is part of it.
        for f in range(n):
            add((-start[f], part[f]))
    for _, _, part in blocks:  # Rule 2: a field that is part of a block is black.
        for f in range(n):
            add((-part[f], cells[f]))
    for size, start, _ in blocks:  # Rule 3: each block starts where it fits, nowhere else.
        fits = max(n - size + 1, 0)
        add(start[:fits])
        cnf.add_units(-start[f] for f in range(fits, n))
    for size, start, part in blocks:  # Rule 4: the next size(b) − 1 fields are part of it.
        for f in range(n):
            for g in range(f + 1, min(f + size, n)):
                add((-start[f], part[g]))
    for _, start, _ in blocks:  # Rule 5: a block starts at one field only.
        for f in range(n):
            for g in range(f + 1, n):
                add((-start[f], -start[g]))
    for _, start, _ in blocks:  # Rule 6: the field before a block is white.
        for f in range(1, n):
            add((-start[f], -cells[f - 1]))
    for size, start, _ in blocks:  # Rule 7: the first field after a block is white.
        for f in range(n - size):
            add((-start[f], -cells[f + size]))
    for _, start, part in blocks:  # Rule 8: the fields before the start are not part of it.
        for f in range(n):
            for g in range(f):
                add((-start[f], -part[g]))
    for size, start, part in blocks:  # Rule 9: the fields after its end are not part of it.
        for f in range(n):
            for g in range(f + size, n):
                add((-start[f], -part[g]))
    for f in range(n):  # Rule 10: a black field is part of some block of the line.
        add([-cells[f], *(part[f] for part in parts)])
    for (_, start, _), following in zip(blocks, starts[1:], strict=False):
        # Rule 11: the next block does not start before or at this block's start.
        for f in range(n):
            for g in range(f + 1):
                add((-start[f], -following[g]))


def encode(cnf: CnfBuilder, puzzle: Nonogram, known: PartialGrid) -> LiteralGrid:
    """The thesis's improved encoding of ``puzzle`` (same contract as :meth:`Nonogram.encode`).

    ``known`` only fixes cell literals (:meth:`Nonogram.cell_literals`); the start and
    part-of-block variables are those of the bare clues, as published.

    Returns:
        The ``int64`` literal grid ``(height, width)`` of the cells.
    """
    cells = puzzle.cell_literals(cnf, known)
    for line, clue in puzzle.lines():
        encode_line(cnf, clue, line_values(cells, line).tolist())
    return cells
