"""CNF of a Mosaic clue: exactly ``k`` of its neighbourhood's cells are filled (docs/algorithms.md,
"Mosaic").

Two encodings of "exactly k of these n literals":

- ``"binomial"`` (the default): no auxiliary variables; every ``k + 1`` of the literals are not
  all true and every ``n - k + 1`` not all false. A neighbourhood has at most 9 cells, so this
  is at most 210 clauses (``k = 4``); unit propagation on it is exactly the one-clue rule.
- ``"seqcounter"``: pysat's ``CardEnc.equals`` with Sinz's sequential counter, auxiliary
  variables taken from the :class:`CnfBuilder`'s pool (``top_id``) so that they never collide
  with the cells or another clue's counter.

Measured on this machine (``benchmarks/mosaic.py``, section 2): SAT alone analyses random
ambiguous 30×30 mosaics about 4 times faster with the binomial encoding (median 127 ms against
543 ms; its learnt clauses are over cells only); the counter is kept for comparison.

Cells already known are constants (:data:`~studio.core.sat.cnf.TRUE`/``FALSE``): a filled one
lowers ``k``, an empty one leaves the neighbourhood, so the solver only sees what is open.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal as Choice

import numpy as np
from pysat.card import CardEnc, EncType

from studio.core.grid import PartialGrid
from studio.core.kinds.mosaic.logic import ClueGrid, neighbourhood
from studio.core.sat.cnf import Clause, CnfBuilder, Literal, LiteralGrid, open_count

Encoding = Choice["binomial", "seqcounter"]
ENCODINGS: tuple[Encoding, ...] = ("binomial", "seqcounter")


def exactly(
    cnf: CnfBuilder,
    literals: Sequence[Literal],
    count: int,
    encoding: Encoding = "binomial",
) -> list[Clause]:
    """Clauses saying that exactly ``count`` of ``literals`` are true; not added to ``cnf``
    (the caller may guard them with an activation literal), but any auxiliary variables are
    taken from its pool.

    Args:
        cnf: the variable pool.
        literals: cell literals, ``TRUE``/``FALSE`` for known cells.
        count: how many must be true.
        encoding: one of :data:`ENCODINGS`.

    Returns:
        The clauses; ``[()]`` (the empty clause) when the constants already rule it out, ``[]``
        when they already meet it.
    """
    open_literals, needed = open_count(literals, count)
    if not 0 <= needed <= len(open_literals):
        return [()]
    if not open_literals:
        return []
    if encoding == "binomial":
        too_many = itertools.combinations([-literal for literal in open_literals], needed + 1)
        too_few = itertools.combinations(open_literals, len(open_literals) - needed + 1)
        return list(itertools.chain(too_many, too_few))
    encoded = CardEnc.equals(
        lits=open_literals, bound=needed, top_id=cnf.num_vars, encoding=EncType.seqcounter
    )
    cnf.num_vars = max(cnf.num_vars, encoded.nv)
    return [tuple(clause) for clause in encoded.clauses]


def encode_mosaic(
    cnf: CnfBuilder, clues: ClueGrid, known: PartialGrid, encoding: Encoding = "binomial"
) -> LiteralGrid:
    """Cell variables (constants where ``known``) and, per clue, exactly ``k`` of its
    neighbourhood filled (:func:`exactly`); returns the ``int64`` literal grid ``(height,
    width)``. A clue the known cells break gets the empty clause: the formula is then
    unsatisfiable, as the puzzle is.

    Args:
        cnf: where the clauses go.
        clues: ``int8`` clue grid, ``NO_CLUE`` (-1) where none.
        known: ``int8`` partial grid of the same shape.
        encoding: one of :data:`ENCODINGS`.
    """
    cells = cnf.cell_literals(known)
    shape = (int(clues.shape[0]), int(clues.shape[1]))
    for r, c in np.argwhere(clues >= 0).tolist():
        literals = [int(cells[near]) for near in neighbourhood((r, c), shape)]
        for clause in exactly(cnf, literals, int(clues[r, c]), encoding):
            cnf.add(clause)
    return cells
