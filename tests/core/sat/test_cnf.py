"""The clause builder: constants simplified away, clauses handed over, cancellation checked."""

from __future__ import annotations

import itertools
from array import array

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.cancel import CancelToken, Stopped
from studio.core.grid import unknown_grid
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.cnf import CHECK_EVERY, FALSE, TRUE, CnfBuilder, clause_chunks
from studio.core.sat.session import SolverSession


def test_constants_are_simplified_away() -> None:
    cnf = CnfBuilder()
    a, b = cnf.new_var(), cnf.new_var()
    cnf.add([a, TRUE])
    cnf.add([a, FALSE, b])
    cnf.add([FALSE])
    assert cnf.clauses == [(TRUE,), (a, b), (FALSE,)]


def test_taking_the_clauses_empties_the_builder_but_not_its_pool() -> None:
    cnf = CnfBuilder()
    a = cnf.new_var()
    cnf.add([a])
    # DIMACS, each clause ending in 0; the last, a tautology, names the last variable.
    assert cnf.take_clauses().tolist() == [TRUE, 0, a, 0, a, -a, 0]
    assert cnf.clauses == []
    assert cnf.clause_count == 0
    assert cnf.new_var() == a + 1


@given(
    st.lists(st.lists(st.integers(-9, 9).filter(bool), max_size=4), max_size=30),
    st.integers(1, 7),
)
def test_chunks_give_back_every_clause_in_order(clauses: list[list[int]], size: int) -> None:
    """Empty clauses included (an unsatisfiable cardinality adds one)."""
    literals = array("i", [literal for clause in clauses for literal in (*clause, 0)])
    chunks = list(clause_chunks(literals, size))
    assert all(1 <= len(chunk) <= size for chunk in chunks)
    assert [clause for chunk in chunks for clause in chunk] == clauses


def test_encoding_stops_soon_after_a_cancel() -> None:
    """Encoding a 200×200 random nonogram took seconds that neither Esc nor --timeout could
    stop; the builder now checks the token every CHECK_EVERY clauses, for every kind."""
    picture = np.random.default_rng(1).random((200, 200)) < 0.5
    puzzle = Nonogram.from_picture(picture)
    token = CancelToken()
    token.cancel()
    cnf = CnfBuilder(token)
    with pytest.raises(Stopped):
        puzzle.encode(cnf, unknown_grid(200, 200))
    assert cnf.clause_count <= CHECK_EVERY


@pytest.mark.parametrize("size", range(1, 6))
def test_cardinality_admits_exactly_the_counts_within_its_bound(size: int) -> None:
    """At most and at least ``bound`` of ``size`` literals, some of them constants: a choice
    of the open literals extends to a model exactly when the count is within the bound."""
    for constants in ([], [TRUE], [FALSE, TRUE]):
        for bound in range(-1, size + len(constants) + 2):
            for at_most in (True, False):
                cnf = CnfBuilder()
                literals = [cnf.new_var() for _ in range(size)]
                (cnf.at_most if at_most else cnf.at_least)([*literals, *constants], bound)
                with SolverSession(cnf) as session:
                    for values in itertools.product((False, True), repeat=size):
                        count = sum(values) + constants.count(TRUE)
                        chosen = [v if on else -v for v, on in zip(literals, values, strict=True)]
                        expected = count <= bound if at_most else count >= bound
                        assert session.solve(chosen) == expected, (values, constants, bound)
