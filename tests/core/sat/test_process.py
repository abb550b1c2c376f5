"""A SAT call in a child process: models, unsatisfiability, cancel, and a child that fails;
no child is left behind."""

from __future__ import annotations

import threading
from multiprocessing.context import SpawnProcess

import pytest

from studio.core.cancel import CancelToken, Stopped
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.process import ChildFailed, solve_in_child
from tests.core.sat.formulas import assert_gone, pigeonhole


def test_the_child_returns_a_model_of_every_variable() -> None:
    cnf = CnfBuilder()
    x, y, unused = cnf.new_var(), cnf.new_var(), cnf.new_var()
    cnf.add((x, y))
    cnf.add((-x,))
    model = solve_in_child(cnf, CancelToken())
    assert model is not None
    assert len(model) == cnf.num_vars
    assert model[x - 1] == -x
    assert model[y - 1] == y
    assert abs(model[unused - 1]) == unused


def test_cancel_kills_the_child(spawned: list[SpawnProcess]) -> None:
    token = CancelToken()
    threading.Timer(0.5, token.cancel).start()
    with pytest.raises(Stopped, match="cancelled"):
        solve_in_child(pigeonhole(14), token)
    [child] = spawned
    assert_gone(child)


def test_a_time_limit_kills_the_child(spawned: list[SpawnProcess]) -> None:
    with pytest.raises(Stopped, match="time limit"):
        solve_in_child(pigeonhole(14), CancelToken(timeout=0.5))
    [child] = spawned
    assert_gone(child)


def test_a_child_that_answers_is_gone_too(spawned: list[SpawnProcess]) -> None:
    assert solve_in_child(pigeonhole(3), CancelToken()) is None
    [child] = spawned
    assert_gone(child)


def test_a_child_that_fails_is_reported() -> None:
    with pytest.raises(ChildFailed, match="no-such-solver"):
        solve_in_child(pigeonhole(3), CancelToken(), backend="no-such-solver")
