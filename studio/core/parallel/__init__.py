"""Batches of independent work on several processes or machines, with results in order.

:func:`~.ordered.in_order` is the one batch mechanism (generation in
:mod:`studio.core.generate.batch`, analysis in :mod:`studio.core.analysis_batch`): it runs a
top-level function over a stream of arguments and yields the results in the order of the
stream, as soon as the next one is ready. It starts in this process, then moves to a pool once
the batch proves long: a local process pool (:mod:`.local`), or a Dask cluster
(:mod:`.cluster`) when given a scheduler's address (docs/architecture.md, "Batches"). Both pools
hand out ``concurrent.futures`` futures, so ordering, the bounded window of tasks in flight and
cancelling live in one place.
"""

from __future__ import annotations

from studio.core.parallel.cluster import INSTALL_HINT, ClusterError, DaskMissing, require_dask
from studio.core.parallel.ordered import POOL_AFTER_SECONDS, Pool, Ready, in_order

__all__ = [
    "INSTALL_HINT",
    "POOL_AFTER_SECONDS",
    "ClusterError",
    "DaskMissing",
    "Pool",
    "Ready",
    "in_order",
    "require_dask",
]
