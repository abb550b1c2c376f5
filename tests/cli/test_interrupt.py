"""Ctrl+C stops a solver call at once: a child process, told by its own output that a long SAT
call has begun, gets SIGINT and must end with ``KeyboardInterrupt`` without waiting for it."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

_CHILD = textwrap.dedent(
    """
    import signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
    from studio.cli.interrupt import solver_calls_interruptible
    from studio.core.sat.cnf import CnfBuilder
    from studio.core.sat.session import SolverSession

    # 21 pigeons in 20 holes: unsatisfiable, and beyond any CDCL solver (resolution proofs
    # of the pigeonhole principle grow exponentially).
    cnf = CnfBuilder()
    holes = cnf.new_vars((21, 20))
    for pigeon in holes:
        cnf.add(pigeon.tolist())
    for hole in holes.T:
        cnf.at_most(hole.tolist(), 1)
    session = SolverSession(cnf, backend="glucose4")
    with solver_calls_interruptible():
        try:  # a Ctrl+C just before the call starts raises here too, on a loaded machine
            print("solving", flush=True)
            session.solve()
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(130)
    print("solved", flush=True)
    """
)


def test_ctrl_c_interrupts_a_solver_call_in_progress() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD], stdout=subprocess.PIPE, text=True, bufsize=1
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "solving\n"
        child.send_signal(signal.SIGINT)
        # Without the listener the call never ends; this bound only ends the test.
        assert child.wait(timeout=60) == 130
        assert child.stdout.read() == "interrupted\n"
    finally:
        child.kill()
        child.wait()
