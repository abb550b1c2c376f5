"""The solver session: loading a formula stops on a cancel and frees the builder's copy;
conflict budgets per call, and what still stops a call."""

from __future__ import annotations

import itertools
import threading

import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.sat import session as session_module
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import LOAD_CHUNK, SolverSession
from tests.core.sat.formulas import pigeonhole


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


def test_glucose_solves_common_formulas_and_minisat_large_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Glucose looks at an interrupt only when it restarts, which kept a cancel waiting 2 s on
    a 300×300 mosaic; MiniSat looks at every decision."""
    with SolverSession(pigeonhole(3)) as session:
        assert session.backend == "glucose4"
    monkeypatch.setattr(session_module, "GLUCOSE_MAX_CLAUSES", 10)
    formula = pigeonhole(3)
    assert formula.clause_count > 10
    with SolverSession(formula) as session:
        assert session.backend == "minisat22"
        assert session.solve() is False
    with SolverSession(pigeonhole(3), backend="glucose3") as session:
        assert session.backend == "glucose3"


def test_a_backend_that_cannot_be_interrupted_is_refused_and_the_formula_kept() -> None:
    formula = pigeonhole(3)
    with pytest.raises(ValueError, match="cannot be interrupted"):
        SolverSession(formula, backend="cadical195")
    assert formula.clauses, "nothing was taken"


def test_loading_stops_on_a_cancel() -> None:
    cnf = CnfBuilder()
    chain(cnf, 3 * LOAD_CHUNK)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Stopped):
        SolverSession(cnf, cancel=token)


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
