"""Small formulas with a known answer, for the tests of solver calls; and a check that a child
process is gone."""

from __future__ import annotations

import os
from multiprocessing.context import SpawnProcess

import pytest

from studio.core.sat.cnf import CnfBuilder


def pigeonhole(holes: int, cnf: CnfBuilder | None = None) -> CnfBuilder:
    """``holes + 1`` pigeons in ``holes`` holes, added to ``cnf`` (a new builder by default):
    unsatisfiable, and exponentially hard for resolution, so a solver takes long from about a
    dozen holes on."""
    cnf = cnf if cnf is not None else CnfBuilder()
    sits = [[cnf.new_var() for _ in range(holes)] for _ in range(holes + 1)]
    for pigeon in sits:
        cnf.add(pigeon)
    for hole in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                cnf.add((-sits[a][hole], -sits[b][hole]))
    return cnf


def assert_gone(process: SpawnProcess) -> None:
    """``process`` has ended and was reaped: no process is left with its id (as the parent's
    child, it cannot have been reused by then)."""
    assert process.exitcode is not None
    with pytest.raises(ProcessLookupError):
        os.kill(process.pid, 0)
