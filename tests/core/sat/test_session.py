"""The solver session: conflict budgets per call, and what still stops a call."""

from __future__ import annotations

import threading

import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import SolverSession
from tests.core.sat.formulas import pigeonhole


def test_a_call_over_its_budget_gives_none_and_the_next_call_is_unlimited() -> None:
    with SolverSession(pigeonhole(8)) as session:
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
    with SolverSession(pigeonhole(12), cancel=token) as session:
        threading.Timer(0.2, token.cancel).start()
        with pytest.raises(Stopped, match="cancelled"):
            session.try_solve((), 10**9)
