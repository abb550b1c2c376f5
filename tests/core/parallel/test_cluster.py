"""Batches on a real Dask cluster (a scheduler and two workers on loopback, tests/dask_cluster.py):
the puzzles of the local run, also when a worker is lost mid-batch, and one-line errors."""

from __future__ import annotations

import re
import socket
import sys
from pathlib import Path

import pytest

from studio.core.cancel import CancelToken
from studio.core.errors import StudioError
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import generate_batch
from studio.core.kinds import get_kind
from studio.core.parallel import INSTALL_HINT, ClusterError, DaskMissing, in_order
from studio.core.parallel.cluster import dask_pool
from tests.dask_cluster import LocalDaskCluster


def test_a_batch_on_a_cluster_is_the_local_batch(dask_cluster: LocalDaskCluster) -> None:
    options = GeneratorOptions((12, 12), kind="mosaic")
    local = [g.document for g in generate_batch(options, 8, 6)]
    progress: list[tuple[int, int]] = []
    remote = generate_batch(
        options, 8, 6, scheduler=dask_cluster.address, progress=lambda *p: progress.append(p)
    )
    assert [g.document for g in remote] == local
    assert progress == [(done, 6) for done in range(1, 7)]


def test_a_worker_lost_mid_batch_costs_only_its_puzzles(tmp_path: Path) -> None:
    # 40×40 nonograms take a good part of a second each, so the batch is still running when
    # one of the two workers is killed while it holds a puzzle.
    options = GeneratorOptions((40, 40))
    local = [g.document for g in generate_batch(options, 3, 4)]
    with LocalDaskCluster(tmp_path, workers=2) as cluster:
        batch = generate_batch(options, 3, 4, scheduler=cluster.address)
        first = next(batch)
        lost = cluster.busy_worker()
        cluster.kill_worker(lost)
        rest = list(batch)
    assert [first.document, *(g.document for g in rest)] == local


def test_the_studios_own_errors_come_back_as_they_were(dask_cluster: LocalDaskCluster) -> None:
    batch = in_order(
        get_kind,
        [("nonogram",), ("nosuchkind",)],
        wanted=2,
        cancel=CancelToken(),
        scheduler=dask_cluster.address,
    )
    assert next(batch).name == "nonogram"
    with pytest.raises(StudioError, match="nosuchkind") as raised:
        next(batch)
    assert not isinstance(raised.value, ClusterError)


def test_other_errors_on_the_cluster_are_one_cluster_error(dask_cluster: LocalDaskCluster) -> None:
    batch = in_order(
        int, [("12",), ("twelve",)], wanted=2, cancel=CancelToken(), scheduler=dask_cluster.address
    )
    assert next(batch) == 12
    with pytest.raises(
        ClusterError, match=r"on the Dask cluster at .*: ValueError: invalid literal"
    ):
        next(batch)


def test_an_unreachable_scheduler_is_one_error() -> None:
    with socket.socket() as probe:  # a port nothing listens on (once the probe is closed)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    unreachable = f"tcp://127.0.0.1:{port}"
    with (
        pytest.raises(ClusterError, match=f"cannot reach the Dask scheduler at {unreachable}: "),
        dask_pool(unreachable, timeout=0.5),
    ):
        pass


@pytest.mark.parametrize("address", ["nonsense", "foo://127.0.0.1:1"])
def test_a_malformed_address_is_one_error(address: str) -> None:
    with pytest.raises(ClusterError, match=f"cannot reach the Dask scheduler at {address}: "):
        list(generate_batch(GeneratorOptions((5, 5)), 1, 1, scheduler=address))


def test_without_dask_a_scheduler_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    with pytest.raises(DaskMissing, match=re.escape(f"needs Dask: {INSTALL_HINT}")):
        generate_batch(GeneratorOptions((5, 5)), 1, 1, scheduler="tcp://127.0.0.1:8786")
