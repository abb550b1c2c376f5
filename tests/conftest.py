"""Shared test helpers: the read-only sample data beside the repository (``../shared/data``), and
a Dask cluster on loopback for the tests of batches on a cluster."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.dask_cluster import LocalDaskCluster

SHARED = Path(__file__).resolve().parents[2] / "shared"
SHARED_DATA = SHARED / "data"


def _load(kind: str) -> list[dict[str, Any]] | None:
    path = SHARED_DATA / kind / "puzzles.jsonl"
    if not path.exists():
        return None
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def shared_records(kind: str) -> list[dict[str, Any]]:
    """The records of ``../shared/data/<kind>/puzzles.jsonl``; skips the test if absent."""
    records = _load(kind)
    if records is None:
        pytest.skip(f"{SHARED_DATA / kind} is not available")
    return records


def shared_record(kind: str, puzzle_id: str) -> dict[str, Any]:
    """The shared record with this ``id``; skips the test if the data is absent."""
    return next(r for r in shared_records(kind) if r["id"] == puzzle_id)


def shared_params(kind: str) -> list[dict[str, Any]]:
    """The shared records for ``pytest.mark.parametrize``: empty (so the test is reported as
    skipped) rather than an error when the data is absent, since this runs at collection."""
    return _load(kind) or []


@pytest.fixture(scope="session")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalDaskCluster]:
    """A Dask scheduler and two workers on loopback, shared by the tests that only use them
    (started at the first such test: a few seconds)."""
    with LocalDaskCluster(tmp_path_factory.mktemp("dask"), workers=2) as cluster:
        yield cluster
