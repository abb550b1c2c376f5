"""The solver session: loading a formula stops on a cancel, and frees the builder's copy."""

from __future__ import annotations

import itertools

import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import LOAD_CHUNK, SolverSession


def chain(cnf: CnfBuilder, length: int) -> list[int]:
    """x1 → x2 → … → xn as clauses, with x1 true: every model sets them all."""
    literals = [cnf.new_var() for _ in range(length)]
    cnf.add([literals[0]])
    for a, b in itertools.pairwise(literals):
        cnf.add([-a, b])
    return literals


def test_a_formula_loads_in_chunks_in_order_and_solves() -> None:
    cnf = CnfBuilder()
    literals = chain(cnf, 3 * LOAD_CHUNK)
    with SolverSession(cnf) as session:
        assert cnf.clauses == [], "the session took the clauses"
        assert session.solve()
        model = session.model()
        assert all(model[v - 1] == v for v in literals)
        assert not session.solve([-literals[-1]])


def test_loading_stops_on_a_cancel() -> None:
    cnf = CnfBuilder()
    chain(cnf, 3 * LOAD_CHUNK)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        SolverSession(cnf, cancel=token)
