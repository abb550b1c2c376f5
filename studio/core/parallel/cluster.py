"""A Dask cluster as a pool, for :func:`studio.core.parallel.in_order` given a scheduler.

Dask (``distributed``) is optional, the ``cluster`` extra, and imported only here when a
scheduler is given, so the studio and its desktop app run without it. The tasks go through
``Client.get_executor()``, Dask's ``concurrent.futures`` executor, so the batch waits on them as
on a local pool's. Dask itself runs again the tasks of a worker lost mid-batch on the workers
left (the scheduler's ``distributed.scheduler.allowed-failures`` times at most); a task that
raised is tried :data:`TASK_RETRIES` more times. Every worker needs the studio installed, the
same version as here: a task is the name of a studio function and its arguments.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TypeVar

from studio.core.errors import StudioError

T = TypeVar("T")

INSTALL_HINT = "pip install 'puzzle-studio[cluster]'"
"""How to install what a cluster needs."""

CONNECT_SECONDS = 20.0
"""How long to try to reach the scheduler before giving up."""

TASK_RETRIES = 2
"""Further tries of a task that raised on a worker: for a failure of the machine (a worker short
of memory, say); a task's result depends on its arguments alone, so a retry never changes the
batch."""

SLOTS_SECONDS = 2.0
"""How often the cluster's thread count is asked again: workers may join or leave."""


class ClusterError(StudioError):
    """A Dask scheduler that cannot be reached, or a task its cluster failed for a reason of its
    own (a worker without the studio, a worker lost too often)."""


class DaskMissing(ClusterError):
    """Dask is not installed here."""


def require_dask(what: str = "running on a Dask cluster") -> None:
    """Raise :class:`DaskMissing`, saying ``what`` needs it, unless Dask can be imported."""
    _distributed(what)


def _distributed(what: str = "running on a Dask cluster") -> ModuleType:
    try:
        import distributed
    except ImportError:
        raise DaskMissing(f"{what} needs Dask: {INSTALL_HINT}") from None
    return distributed


class DaskPool:
    """The workers of a Dask cluster (a :class:`~studio.core.parallel.ordered.Pool`)."""

    def __init__(self, client: Any, executor: Any) -> None:
        self._client = client
        self._executor = executor
        self._slots = 0
        self._slots_asked = -SLOTS_SECONDS

    def submit(self, function: Callable[..., T], /, *arguments: object) -> Future[T]:
        future: Future[T] = self._executor.submit(function, *arguments)
        return future

    def slots(self) -> int:
        """The threads of the cluster's workers, as the scheduler last said (asked again every
        :data:`SLOTS_SECONDS`)."""
        now = time.monotonic()
        if now - self._slots_asked >= SLOTS_SECONDS:
            self._slots = sum(self._client.nthreads().values())
            self._slots_asked = now
        return self._slots


@contextmanager
def dask_pool(address: str, *, timeout: float = CONNECT_SECONDS) -> Iterator[DaskPool]:
    """A client of the Dask scheduler at ``address`` (``tcp://host:port``), closed on leaving
    with every task still pending cancelled.

    Raises:
        DaskMissing: when Dask is not installed.
        ClusterError: when the scheduler cannot be reached within ``timeout`` seconds, and for
            an error of the cluster or a non-studio error of a task while in use (the
            studio's own errors pass as they are).
    """
    distributed = _distributed()
    try:
        # The address is checked first: a client that failed on a malformed one stalls for
        # seconds when it is collected, and prints a traceback.
        distributed.comm.resolve_address(address)
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except Exception as error:  # a malformed address, no scheduler there, TLS not set up...
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    # Not pure: a task's key is its own, so that two batches never share or cancel each
    # other's tasks.
    executor = client.get_executor(pure=False, retries=TASK_RETRIES)
    try:
        yield DaskPool(client, executor)
    except StudioError:
        raise
    except Exception as error:
        raise ClusterError(
            f"on the Dask cluster at {address}: {type(error).__name__}: {error}"
        ) from error
    finally:
        executor.shutdown(wait=False)
        client.close()
