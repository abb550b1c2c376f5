"""A real Dask cluster on loopback for the cluster tests: ``dask scheduler`` and ``dask worker``
started as the README says to start them, as processes of the test, and ended with it.

Everything listens on 127.0.0.1 at ports the system picks (the scheduler writes its address to a
scheduler file), so tests running side by side never collide and nothing is reachable from
another machine. Each process is ended when the cluster is left, even when the test failed, and
a worker whose test process died ends itself once the scheduler is gone (``--death-timeout``),
as the scheduler does when idle (``--idle-timeout``). Every wait has a deadline.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a cluster starts: the other tests run without Dask
    from distributed import Client

START_SECONDS = 60.0
"""How long the scheduler and the workers may take to start (a cold import of distributed on a
busy two-core machine takes seconds)."""

STOP_SECONDS = 10.0
"""How long a process may take to end after SIGTERM before it is killed."""

LOOPBACK = "127.0.0.1"


class ClusterStartError(RuntimeError):
    """The scheduler or a worker did not start in time; the message holds its log."""


class LocalDaskCluster:
    """A scheduler and ``workers`` single-thread workers in ``folder`` (logs, scheduler file,
    the workers' scratch space). Use as a context manager; :attr:`address` is the scheduler's
    and :attr:`client` a client of it for the test to look with."""

    def __init__(self, folder: Path, workers: int = 2) -> None:
        self.folder = folder
        self.worker_count = workers
        self.address = ""
        self.client: Client | None = None
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.workers: dict[str, subprocess.Popen[bytes]] = {}

    def __enter__(self) -> LocalDaskCluster:
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _start(self) -> None:
        scheduler_file = self.folder / "scheduler.json"
        self.scheduler = self._spawn(
            "scheduler",
            "scheduler",
            f"--host={LOOPBACK}",
            "--port=0",
            # Its HTTP server (health, metrics) listens on every interface by default.
            f"--dashboard-address={LOOPBACK}:0",
            f"--scheduler-file={scheduler_file}",
            "--idle-timeout=600s",
        )
        from distributed import Client

        # Dask waits for the file and the connection itself, within the timeout.
        with self._starting("scheduler"):
            client = self.client = Client(
                scheduler_file=str(scheduler_file), timeout=START_SECONDS, set_as_default=False
            )
        self.address = str(client.scheduler.address)
        for index in range(self.worker_count):
            name = f"worker-{index}"
            self.workers[name] = self._spawn(
                name,
                "worker",
                self.address,
                f"--name={name}",
                "--nthreads=1",
                "--no-nanny",  # so that killing the process loses the worker at once
                f"--host={LOOPBACK}",
                f"--dashboard-address={LOOPBACK}:0",
                f"--local-directory={self.folder / name}",
                "--death-timeout=60s",
            )
        with self._starting("workers"):
            client.wait_for_workers(self.worker_count, timeout=START_SECONDS)

    def _spawn(self, name: str, command: str, *args: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{name}.log").open("wb")
        with log:
            return subprocess.Popen(
                [sys.executable, "-m", "dask", command, *args],
                cwd=self.folder,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # a Ctrl-C in the terminal is the test's to handle
            )

    @contextlib.contextmanager
    def _starting(self, what: str) -> Iterator[None]:
        """Turn Dask's time-out while ``what`` starts into one error holding every log."""
        try:
            yield
        except (OSError, TimeoutError) as error:
            raise ClusterStartError(f"the Dask {what}: {error}\n{self.logs()}") from None

    def logs(self) -> str:
        """The tail of every process's log, for a failure message."""
        return "\n".join(
            f"--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-20:])
            for path in sorted(self.folder.glob("*.log"))
        )

    def busy_worker(self) -> str:
        """The name of a worker that holds a task now. Asked once a result of a batch with
        more tasks than workers has come back: by then the scheduler has handed the freed
        worker its next task."""
        client = self.client
        assert client is not None
        info = client.scheduler_info()["workers"]
        processing = client.processing().items()
        busy = [str(info[worker]["name"]) for worker, keys in processing if keys and worker in info]
        assert busy, "no worker holds a task"
        return busy[0]

    def kill_worker(self, name: str) -> None:
        """Kill the worker ``name`` (SIGKILL: no goodbye to the scheduler), and reap it."""
        process = self.workers[name]
        process.kill()
        process.wait(timeout=STOP_SECONDS)

    def close(self) -> None:
        """End the client, the workers, then the scheduler (a worker whose scheduler is gone
        first waits for it): SIGTERM, then SIGKILL if need be."""
        if self.client is not None:
            self.client.close()
            self.client = None
        _end(self.workers.values())
        _end([self.scheduler] if self.scheduler else [])


def _end(processes: Iterable[subprocess.Popen[bytes]]) -> None:
    """End ``processes``: SIGTERM, then SIGKILL to those still running :data:`STOP_SECONDS`
    later."""
    running = [process for process in processes if process.poll() is None]
    for process in running:
        process.terminate()
    for process in running:
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=STOP_SECONDS)
