"""A SAT call in a child process: models, unsatisfiability, cancel, and a child that fails;
no child is left behind."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
from multiprocessing.context import SpawnProcess
from pathlib import Path

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


_PARENT = """
from multiprocessing.context import SpawnProcess

start = SpawnProcess.start


def announce(process):
    start(process)
    print(process.pid, flush=True)


SpawnProcess.start = announce

if __name__ == "__main__":
    from studio.core.cancel import CancelToken
    from studio.core.sat.process import solve_in_child
    from tests.core.sat.formulas import pigeonhole

    solve_in_child(pigeonhole(14), CancelToken())
"""


def _running(pid: int) -> bool:
    """True while ``pid`` is a process that has not ended (a zombie has)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="the kernel's parent-death signal")
def test_the_child_dies_with_a_parent_that_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(_PARENT)
    root = Path(__file__).resolve().parents[3]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
    }
    with subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env, cwd=root
    ) as parent:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        ended = os.pidfd_open(child)  # readable once the child has ended: no polling
        assert _running(child)
        parent.kill()
        parent.wait()
    try:
        readable, _, _ = select.select([ended], [], [], 10)
    finally:
        os.close(ended)
    assert readable, "the child ends with its parent"
