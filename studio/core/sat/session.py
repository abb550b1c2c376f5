"""The one wrapper around python-sat: every solver call in the studio goes through here.

python-sat's plain ``solve()`` holds the GIL for the whole call, which froze the GUI for half a
minute on a hard puzzle (docs/architecture.md, "Known traps").
``solve_limited(expect_interrupt=True)`` on the MiniSat family releases it and honours
``interrupt()``, so this session always uses that path, and turns a time limit, a conflict limit
or a cancel request into an interrupt. Glucose 4 solves puzzles of the common sizes, MiniSat 2.2
large formulas (:func:`backend_for`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType

from pysat.solvers import Solver

from studio.core.cancel import CancelToken, Stopped
from studio.core.sat.cnf import CnfBuilder, Literal, clause_chunks

#: Backends that support ``solve_limited(expect_interrupt=True)``: the MiniSat family.
BACKENDS = ("glucose4", "glucose3", "minisat22", "maplechrono")

GLUCOSE_MAX_CLAUSES = 2_000_000
"""The largest formula given to Glucose 4. Glucose looks at ``interrupt()`` only when it
restarts, and it blocks restarts while its trail is long, which is when a model is near: on a
300×300 mosaic (2.8 million clauses) a cancel waited up to 2 s for it. MiniSat 2.2 looks at
every decision (at most 75 ms late there). Below this size Glucose is the faster of the two on
hard puzzles (random 40×40 nonograms: median 139 ms against 208, slowest 0.36 s against 2.4 s),
and random 100×100 nonograms and 200×200 mosaics stopped within 0.2 s of their limits
(docs/figures.md, "Limits")."""

LOAD_CHUNK = 512
"""Clauses handed to the solver between two checks of the cancel token (python-sat adds them
one by one from Python, about 0.3 µs each: a large puzzle takes seconds to load); fewer than the
cycle collector's first threshold (:func:`~studio.core.sat.cnf.clause_chunks`)."""


_calls_in_progress: set[Callable[[], None]] = set()
"""The ``interrupt`` of every solver call running now, in any thread (:func:`interrupt_all`)."""
_calls_lock = threading.Lock()


def interrupt_all() -> None:
    """Interrupt every solver call in progress, whatever its token: for Ctrl+C on the command
    line (:mod:`studio.cli.interrupt`). Python runs a signal's handler only between bytecodes,
    never inside the solver's C call, so without this a Ctrl+C waited for the call to end (a
    200×200 analysis went on for minutes). Safe from any thread; the interrupted call returns
    at once and the signal's own handler then runs."""
    with _calls_lock:
        interrupts = list(_calls_in_progress)
    for interrupt in interrupts:
        interrupt()


def backend_for(clause_count: int) -> str:
    """The backend for a formula of ``clause_count`` clauses: Glucose 4 up to
    :data:`GLUCOSE_MAX_CLAUSES`, MiniSat 2.2 beyond."""
    return "glucose4" if clause_count <= GLUCOSE_MAX_CLAUSES else "minisat22"


class SolverSession:
    """An incremental SAT solver loaded with a formula.

    Args:
        cnf: the formula; the session takes its clauses (:meth:`CnfBuilder.take_clauses`) and
            keeps growing its variable pool through :meth:`new_var`.
        cancel: stops :meth:`solve` when cancelled or past its deadline.
        backend: one of :data:`BACKENDS`; by default the one for the formula's size
            (:func:`backend_for`).
        conflict_limit: conflicts allowed per :meth:`solve` call (``None``: unlimited).

    Raises:
        ValueError: for a backend outside :data:`BACKENDS`.
        Stopped: when ``cancel`` fires while the formula is being loaded.
    """

    def __init__(
        self,
        cnf: CnfBuilder,
        *,
        cancel: CancelToken | None = None,
        backend: str | None = None,
        conflict_limit: int | None = None,
    ) -> None:
        if backend is not None and backend not in BACKENDS:
            raise ValueError(f"backend {backend!r} cannot be interrupted; use one of {BACKENDS}")
        clause_count = cnf.clause_count
        literals = cnf.take_clauses()
        self.backend = backend or backend_for(clause_count)
        """The backend solving this session's formula."""
        self._cnf = cnf
        self._cancel = cancel if cancel is not None else CancelToken()
        self._conflict_limit = conflict_limit
        self._solver = Solver(name=self.backend)
        try:
            for chunk in clause_chunks(literals, LOAD_CHUNK):
                self._cancel.check()
                self._solver.append_formula(chunk)
        except BaseException:
            self._solver.delete()
            raise
        self._model: list[int] | None = None
        self.calls = 0

    def __enter__(self) -> SolverSession:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Free the solver; the session cannot be used afterwards."""
        self._solver.delete()

    def new_var(self) -> Literal:
        """A fresh variable, e.g. an activation literal for a retractable clause."""
        return self._cnf.new_var()

    def add_clause(self, clause: Iterable[Literal]) -> None:
        self._solver.add_clause(list(clause))

    def set_phases(self, literals: Sequence[Literal]) -> None:
        """Prefer these polarities when the solver branches (a hint, not a constraint)."""
        self._solver.set_phases(list(literals))

    def solve(self, assumptions: Sequence[Literal] = ()) -> bool:
        """Solve under ``assumptions``; True if satisfiable (the model is then kept).

        Raises:
            Stopped: cancelled, past the deadline, or over the conflict limit (``"timeout"``).
        """
        result = self._solve(assumptions, self._conflict_limit)
        if result is None:
            raise Stopped("timeout")
        return result

    def try_solve(self, assumptions: Sequence[Literal], conflicts: int) -> bool | None:
        """:meth:`solve` within ``conflicts`` conflicts (checked at the solver's restarts, so
        Glucose may run past it a little): ``None`` when they run out first, to try something
        else; what the solver learnt meanwhile stays.

        Raises:
            Stopped: cancelled or past the deadline.
        """
        if self._conflict_limit is not None:
            conflicts = min(conflicts, self._conflict_limit)
        return self._solve(assumptions, conflicts)

    def _solve(self, assumptions: Sequence[Literal], conflicts: int | None) -> bool | None:
        """One interruptible solver call; ``None`` when the conflict budget ran out."""
        self._cancel.check()
        self.calls += 1
        # -1 lifts a budget that an earlier call set.
        self._solver.conf_budget(-1 if conflicts is None else conflicts)
        remaining = self._cancel.remaining()
        timer = None
        if remaining is not None:
            timer = threading.Timer(remaining, self._solver.interrupt)
            timer.daemon = True
            timer.start()
        unregister = self._cancel.on_cancel(self._solver.interrupt)
        with _calls_lock:
            _calls_in_progress.add(self._solver.interrupt)
        try:
            result = self._solver.solve_limited(
                assumptions=list(assumptions), expect_interrupt=True
            )
        finally:
            with _calls_lock:
                _calls_in_progress.discard(self._solver.interrupt)
            unregister()
            if timer is not None:
                timer.cancel()
            self._solver.clear_interrupt()
        if result is None:
            self._cancel.check()  # an interrupt, not the budget: raise why
            self._model = None
            return None
        self._model = self._solver.get_model() if result else None
        return bool(result)

    def model(self) -> list[int]:
        """The model of the last satisfiable :meth:`solve`: ``model[v - 1]`` is ``±v``.

        Raises:
            RuntimeError: if the last call was not satisfiable.
        """
        if self._model is None:
            raise RuntimeError("no model: the last solve was not satisfiable")
        return self._model
