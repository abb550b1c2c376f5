"""One SAT call in a child process, for the solvers python-sat cannot interrupt.

Kissat finds the first solution of Faase (95×80) in 80–120 s where Glucose, MapleChrono aside
(about 120 s), finds none in 150 s; but python-sat's Kissat and CaDiCaL hold the GIL for the
whole call and ignore ``interrupt()`` (docs/architecture.md, "Known traps"). So the call runs
in a child process, started with ``spawn`` as the batch pool is (forking a process that runs
Qt threads is unsafe), and the parent waits on a pipe in slices of :data:`POLL` seconds,
releasing the GIL, checking the :class:`CancelToken` between them; when it fires the child is
killed. Cancel and time limit act within :data:`POLL` seconds plus the time to kill a process.
"""

from __future__ import annotations

import os
import tempfile
from array import array
from multiprocessing import get_context
from multiprocessing.connection import Connection

from studio.core.cancel import CancelToken
from studio.core.children import die_with_parent
from studio.core.errors import StudioError
from studio.core.sat.cnf import CnfBuilder, clause_chunks
from studio.core.sat.session import LOAD_CHUNK

#: Seconds between two looks at the cancel token while the child solves.
POLL = 0.05

#: The backend for the child process: Kissat 4.0.4 in python-sat.
BACKEND = "kissat404"

#: Bytes of clauses written to the child's file between two looks at the cancel token.
CHUNK = 1 << 20


class ChildFailed(StudioError):
    """The child process ended without an answer (killed from outside, out of memory)."""


def _solve(connection: Connection, backend: str, path: str, parent: int) -> None:
    """The child of process ``parent``: solve the clauses at ``path`` (a
    :data:`~studio.core.sat.cnf.LiteralStream`'s bytes); send the model, or ``None`` when they
    are unsatisfiable."""
    die_with_parent(parent)
    from pysat.solvers import Solver

    literals = array("i")
    with open(path, "rb") as file:
        literals.frombytes(file.read())
    with Solver(name=backend) as solver:
        for chunk in clause_chunks(literals, LOAD_CHUNK):
            solver.append_formula(chunk)
        connection.send(solver.get_model() if solver.solve() else None)


def solve_in_child(
    cnf: CnfBuilder, cancel: CancelToken, backend: str = BACKEND
) -> list[int] | None:
    """A model of ``cnf`` (``model[v - 1]`` is ``±v`` for every variable made so far), or
    ``None`` when it is unsatisfiable, from ``backend`` in a child process.

    The builder's clauses (which it hands over, :meth:`CnfBuilder.take_clauses`) go through a
    temporary file, written in chunks of :data:`CHUNK` bytes between two looks at
    ``cancel`` (a 200×200 puzzle has millions), so that starting the child never waits on a
    pipe; only the model comes back through the pipe. As with the batch pool, a
    script that calls this must guard its main code with ``if __name__ == "__main__":`` (the
    child imports it).

    Raises:
        Stopped: when ``cancel`` fires first; the child is killed.
        ChildFailed: when the child ends without an answer.
    """
    with tempfile.TemporaryDirectory(prefix="studio-sat-") as folder:
        path = os.path.join(folder, "clauses.bin")
        literals = memoryview(cnf.take_clauses()).cast("B")
        with open(path, "wb") as file:
            for start in range(0, len(literals), CHUNK):
                cancel.check()
                file.write(literals[start : start + CHUNK])
        cancel.check()
        context = get_context("spawn")
        receiver, sender = context.Pipe(duplex=False)
        child = context.Process(
            target=_solve, args=(sender, backend, path, os.getpid()), daemon=True
        )
        child.start()
        sender.close()
        try:
            while not receiver.poll(POLL):  # a child that dies closes the pipe: poll says so
                cancel.check()
            try:
                model: list[int] | None = receiver.recv()
            except EOFError as error:
                raise ChildFailed(
                    f"the {backend} process ended without an answer (exit code {child.exitcode})"
                ) from error
            return model
        finally:
            child.kill()
            child.join()
            receiver.close()
