"""Clause builder: a variable pool and clauses in DIMACS literals.

Variable 1 is reserved for the constant *true* (fixed by a unit clause), so encoders can use
:data:`TRUE` and :data:`FALSE` as ordinary literals for cells already known, e.g. from the line
solver. :meth:`CnfBuilder.add` simplifies them away: a clause holding ``TRUE`` is dropped, a
``FALSE`` literal is removed. That keeps one code path for known and unknown cells while the
solver only sees what is still open.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeAlias

import numpy as np
import numpy.typing as npt
from pysat.card import CardEnc, EncType

from studio.core.cancel import CancelToken
from studio.core.grid import EMPTY, FILLED, UNKNOWN, PartialGrid

Literal = int
Clause = tuple[Literal, ...]
LiteralStream: TypeAlias = "array[int]"
"""Clauses as the builder keeps them: one ``array("i")`` of DIMACS literals, each clause's
literals then ``0``. A 5-colour 200×200 nonogram's 11 million clauses take 160 MB so; as
tuples of Python ints they took 1.3 GB (and as lists they also made every collection of
Python's cycle collector slower)."""
LiteralGrid = npt.NDArray[np.int64]

TRUE: Literal = 1
FALSE: Literal = -1

PAIRWISE = 6
"""Up to this many values a cell's "at most one" is one clause per pair (at most 15): fewer
variables and more propagation than a counter; beyond it the counter keeps it linear."""

CHECK_EVERY = 4096
"""Clauses added between two checks of the cancel token: about 4 ms of encoding."""


def clause_chunks(literals: LiteralStream, size: int) -> Iterator[list[list[Literal]]]:
    """The clauses of ``literals``, in order, as lists of at most ``size`` clauses (each a
    list of literals), for a solver to take a chunk at a time.

    Keep ``size`` below the cycle collector's first threshold (700 new objects), so that a
    chunk is loaded before a collection can find its lists alive: 16 384 clauses at a time,
    they lived on into the oldest generation, and the full collections that followed tripled
    the time to load 11 million clauses.
    """
    flat = np.frombuffer(literals, dtype=np.intc)
    ends = np.flatnonzero(flat == 0)
    begin = 0
    for first in range(0, len(ends), size):
        # Python arithmetic, not numpy's: numpy lets go of the GIL for arrays of 500 or more
        # and takes it straight back, and each such hand-back keeps a waiting thread from
        # asking for the GIL (CPython's convoy effect). A chunk's 512 ends, subtracted in
        # numpy, left the window's thread waiting up to 1.5 s while a 200×200 puzzle loaded.
        chunk_ends = [end - begin for end in ends[first : first + size].tolist()]
        values = flat[begin : begin + chunk_ends[-1]].tolist()
        starts = [0, *(end + 1 for end in chunk_ends[:-1])]
        yield [values[start:end] for start, end in zip(starts, chunk_ends, strict=True)]
        begin += chunk_ends[-1] + 1


def open_count(literals: Sequence[Literal], count: int) -> tuple[list[Literal], int]:
    """The open literals of a cardinality constraint over ``literals`` (``TRUE`` and ``FALSE``
    left out), and what is left of ``count`` once the ``TRUE`` ones are counted."""
    open_literals = [literal for literal in literals if literal not in (TRUE, FALSE)]
    return open_literals, count - sum(literal == TRUE for literal in literals)


class CnfBuilder:
    """Collects clauses over a growing pool of variables.

    Args:
        cancel: checked every :data:`CHECK_EVERY` clauses, so that every kind's encoder stops
            promptly on a large puzzle without checking for itself.
    """

    def __init__(self, cancel: CancelToken | None = None) -> None:
        self.num_vars = 1
        self.clause_count = 1
        """Clauses added since the builder was made or they were last taken."""
        self._literals = array("i", (TRUE, 0))
        self._cancel = cancel

    def new_var(self) -> Literal:
        """A fresh variable (a positive literal)."""
        self.num_vars += 1
        return self.num_vars

    def new_vars(self, shape: int | tuple[int, ...]) -> LiteralGrid:
        """An array of fresh variables of the given shape, numbered in C order."""
        count = int(np.prod(shape))
        first = self.num_vars + 1
        self.num_vars += count
        return np.arange(first, first + count, dtype=np.int64).reshape(shape)

    def cell_literals(self, known: PartialGrid) -> LiteralGrid:
        """``int64`` literal grid of ``known``'s shape: ``TRUE``/``FALSE`` for the cells known
        filled/empty, fresh variables in row-major order for the rest. Every encoding of a
        grid starts from these."""
        cells = np.where(known == FILLED, TRUE, np.where(known == EMPTY, FALSE, 0))
        cells = cells.astype(np.int64)
        open_cells = known == UNKNOWN
        cells[open_cells] = self.new_vars(int(open_cells.sum()))
        return cells

    def value_literals(self, known: PartialGrid, values: int) -> LiteralGrid:
        """``int64`` literal grid ``(height, width, values)`` of a grid whose cells take one of
        ``values`` values (0 to ``values - 1``; a colour puzzle's background and colours):
        ``[r, c, v]`` is true when cell ``(r, c)`` has value ``v``. A cell ``known`` (an
        ``int8`` partial grid) has constants; an open cell fresh variables, exactly one true:
        one clause that some value holds and, for at most :data:`PAIRWISE` values, a clause
        per pair that not both do, else a sequential counter (:meth:`at_most`, linear in
        the values)."""
        cells = np.where(
            known[:, :, None] == np.arange(values, dtype=np.int8)[None, None, :], TRUE, FALSE
        ).astype(np.int64)
        open_cells = known == UNKNOWN
        fresh = self.new_vars((int(open_cells.sum()), values))
        cells[open_cells] = fresh
        for literals in fresh.tolist():
            self.add(literals)
            if values <= PAIRWISE:
                for i, first in enumerate(literals):
                    for second in literals[i + 1 :]:
                        self.add((-first, -second))
            else:
                self.at_most(literals, 1)
        return cells

    def at_most(self, literals: Sequence[Literal], bound: int) -> None:
        """At most ``bound`` of ``literals`` hold (``TRUE`` ones count, ``FALSE`` ones are
        left out): python-sat's sequential counter (C. Sinz, *Towards an optimal CNF encoding
        of Boolean cardinality constraints*, CP 2005, §2), O(n·bound) clauses and variables,
        on which unit propagation keeps the constraint arc-consistent."""
        open_literals, bound = open_count(literals, bound)
        if bound < 0:
            self.add(())
            return
        encoded = CardEnc.atmost(
            open_literals, bound, top_id=self.num_vars, encoding=EncType.seqcounter
        )
        self.num_vars = max(self.num_vars, encoded.nv)
        for clause in encoded.clauses:
            self.add(clause)

    def at_least(self, literals: Sequence[Literal], bound: int) -> None:
        """At least ``bound`` of ``literals`` hold: at most ``len(literals) - bound`` of their
        negations (:meth:`at_most`)."""
        self.at_most([-literal for literal in literals], len(literals) - bound)

    def add(self, clause: Iterable[Literal]) -> None:
        """Add a clause, dropping it if it holds ``TRUE`` and removing ``FALSE`` literals.

        An empty clause (every literal false) makes the formula unsatisfiable; it is kept as
        the unit clause ``(FALSE,)``, which contradicts variable 1.

        Raises:
            Stopped: when the builder's cancel token has fired (checked now and then).
        """
        literals = [*clause, 0]  # as stored: the clause's literals, then 0
        if TRUE in literals:
            return
        if FALSE in literals:
            literals = [literal for literal in literals if literal != FALSE]
            if len(literals) == 1:
                literals.insert(0, FALSE)
        self._literals.fromlist(literals)
        self.clause_count += 1
        if self._cancel is not None and self.clause_count % CHECK_EVERY == 0:
            self._cancel.check()

    @property
    def clauses(self) -> list[Clause]:
        """The clauses added so far, as tuples: a copy, for looking at a small formula."""
        chunks = clause_chunks(self._literals, max(self.clause_count, 1))
        return [tuple(clause) for chunk in chunks for clause in chunk]

    def take_clauses(self) -> LiteralStream:
        """The clauses added so far (:data:`LiteralStream`), handed over: the builder forgets
        them (its variable pool goes on), so that a solver that has loaded them leaves no
        second copy.

        They end in a tautology over the last variable made so far: a solver's model stops at
        the highest variable its clauses name, and a cell may be in none (a mosaic cell far
        from every clue), so that every variable made so far has a value in every model."""
        self._literals.fromlist([self.num_vars, -self.num_vars, 0])
        literals, self._literals = self._literals, array("i")
        self.clause_count = 0
        return literals

    def add_units(self, literals: Iterable[Literal]) -> None:
        """Add one unit clause per literal."""
        for literal in literals:
            self.add((literal,))
