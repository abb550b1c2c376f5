"""The solver session: conflict budgets per call, and what still stops a call."""

from __future__ import annotations

import threading

import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import SolverSession


def _pigeonhole(holes: int) -> CnfBuilder:
    """``holes + 1`` pigeons in ``holes`` holes: unsatisfiable, and hard for resolution."""
    cnf = CnfBuilder()
    sits = [[cnf.new_var() for _ in range(holes)] for _ in range(holes + 1)]
    for pigeon in sits:
        cnf.add(pigeon)
    for hole in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                cnf.add((-sits[a][hole], -sits[b][hole]))
    return cnf


def test_a_call_over_its_budget_gives_none_and_the_next_call_is_unlimited() -> None:
    with SolverSession(_pigeonhole(8)) as session:
        assert session.try_solve((), 10) is None
        assert session.try_solve((), 10) is None
        assert session.solve() is False  # the budget of the last call does not linger


def test_a_call_within_its_budget_answers() -> None:
    cnf = CnfBuilder()
    x = cnf.new_var()
    cnf.add((x,))
    with SolverSession(cnf) as session:
        assert session.try_solve((), 1000) is True
        assert session.try_solve((-x,), 1000) is False


def test_cancel_still_stops_a_budgeted_call() -> None:
    token = CancelToken()
    with SolverSession(_pigeonhole(12), cancel=token) as session:
        threading.Timer(0.2, token.cancel).start()
        with pytest.raises(Stopped, match="cancelled"):
            session.try_solve((), 10**9)
