"""Batches beyond one machine: puzzles a second here, on a local process pool, and on a local Dask
cluster of two workers.

Usage: ``python benchmarks/cluster_batches.py [--sizes 25,40] [--count 200] [--big-count 24]
[--analyses 24] [--seed N]``

Three places for the same batch:

- this process alone (``--jobs 1``);
- the local process pool of two (``--jobs 2 --pool-after 0``: the pool from the first puzzle;
  spawning its processes is timed);
- a Dask cluster on loopback: a scheduler and two single-thread worker processes
  (``distributed.LocalCluster``, what ``dask scheduler`` and two ``dask worker --nthreads 1``
  start), reached through ``--scheduler``; connecting to it is timed.

1. Generation (``generate_batch``, what ``studio generate`` runs): nonograms of each size,
   ``--count`` of them (``--big-count`` from 30×30 up).
2. Analysis (``analyze_batch``, what ``studio analyze`` runs): ``--analyses`` random 40×40
   pictures of density 0.5, the hard end of analysis (docs/figures.md), read here and analysed
   where the batch runs.

Each row: wall-clock seconds from the call to the last result, puzzles a second, and whether the
results are those of this process alone (they must be). The cluster's workers stay up between
rows, as a real cluster's do, so they are warm after the first; the pool's processes are new for
every row. Both places have the same two cores here, so the cluster can only show its overhead:
its gain is the machines it adds. There are no published figures: these are ours. Needs the
cluster extra (``pip install 'puzzle-studio[cluster]'``; ``make test`` installs it).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from studio.core.analysis_batch import analyze_batch
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import generate_batch
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.parallel import INSTALL_HINT

BIG = 30  # from this side up, --big-count puzzles

Batch = Callable[[dict[str, Any]], Iterable[object]]
"""A batch run with the keyword arguments that say where (jobs, pool_after, scheduler)."""


def places(scheduler: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("this process (J=1)", {"jobs": 1}),
        ("process pool (J=2)", {"jobs": 2, "pool_after": 0.0}),
        ("Dask, 2 workers", {"scheduler": scheduler}),
    ]


def timed(batch: Batch, where: dict[str, Any]) -> tuple[float, list[object]]:
    started = time.perf_counter()
    results = list(batch(where))
    return time.perf_counter() - started, results


def rows(
    what: str, count: int, batch: Batch, scheduler: str, same: Callable[[object], object]
) -> None:
    first: list[object] | None = None
    for name, where in places(scheduler):
        seconds, results = timed(batch, where)
        key = [same(result) for result in results]
        first = key if first is None else first
        print(
            f"{what:>8} {name:<20} {count:>6} {seconds:>8.2f} {count / seconds:>10.2f} "
            f"{'yes' if key == first else 'NO':>5}"
        )


def header(title: str) -> None:
    print(f"\n{title}")
    print(f"{'':>8} {'where':<20} {'count':>6} {'seconds':>8} {'puzzles/s':>10} {'same':>5}")


def generation(sizes: Sequence[int], count: int, big_count: int, seed: int, scheduler: str) -> None:
    header(f"Generation: nonograms, seed {seed}")
    for size in sizes:
        wanted = big_count if size >= BIG else count
        options = GeneratorOptions((size, size))
        rows(
            f"{size}×{size}",
            wanted,
            lambda where, o=options, n=wanted: generate_batch(o, seed, n, **where),
            scheduler,
            lambda generated: generated.document,
        )


def analysis(count: int, seed: int, scheduler: str) -> None:
    header(f"Analysis: random 40×40 pictures of density 0.5, seed {seed}")
    rng = np.random.default_rng(seed)
    documents = [Document(Nonogram.from_picture(rng.random((40, 40)) < 0.5)) for _ in range(count)]
    readers = [lambda d=document: d for document in documents]

    def outcome(result: object) -> object:
        if isinstance(result, StudioError):
            return str(result)
        _, found = result
        return found.status, found.variable.tobytes(), found.solution is None

    rows("40×40", count, lambda where: analyze_batch(readers, **where), scheduler, outcome)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="25,40")
    parser.add_argument("--count", type=int, default=200, help="puzzles below 30×30 (200)")
    parser.add_argument("--big-count", type=int, default=24, help="puzzles from 30×30 (24)")
    parser.add_argument("--analyses", type=int, default=24, help="random 40×40 analysed (24)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    try:
        from distributed import LocalCluster
    except ImportError:
        print(f"skipped: Dask is not installed ({INSTALL_HINT})")
        return
    print(
        f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (others' work shares them)"
    )
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # its HTTP server stays on loopback, at a free port
    ) as cluster:
        sizes = [int(side) for side in args.sizes.split(",")]
        generation(sizes, args.count, args.big_count, args.seed, cluster.scheduler_address)
        analysis(args.analyses, args.seed, cluster.scheduler_address)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
