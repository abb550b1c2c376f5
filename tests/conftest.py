"""Shared test helpers: the read-only sample data beside the repository (``../shared/data``), and
a Dask cluster on loopback for the tests of batches on a cluster.

A test whose shared data is missing fails under CI (``CI`` set, as ``.ci/run`` does) and is
skipped on a developer's machine without the data (:func:`missing`)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from tests.dask_cluster import LocalDaskCluster

SHARED = Path(__file__).resolve().parents[2] / "shared"
SHARED_DATA = SHARED / "data"


def in_ci() -> bool:
    """True under CI (``.ci/run`` exports ``CI=1``; CI services set ``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(what: Path | str) -> NoReturn:
    """Stop the test for shared data that is not there: a failure under CI, which must have
    the shared corpus, and a skip on a developer's machine without it."""
    message = f"{what} is not available"
    if in_ci():
        pytest.fail(f"{message}, and CI must have the shared data", pytrace=False)
    pytest.skip(message)


def shared_path(*parts: str) -> Path:
    """``../shared/<parts>``, or :func:`missing` if it does not exist."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        missing(path)
    return path


def _load(kind: str) -> list[dict[str, Any]] | None:
    path = SHARED_DATA / kind / "puzzles.jsonl"
    if not path.exists():
        return None
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def shared_records(kind: str) -> list[dict[str, Any]]:
    """The records of ``../shared/data/<kind>/puzzles.jsonl``; :func:`missing` if absent."""
    records = _load(kind)
    if records is None:
        missing(SHARED_DATA / kind)
    return records


def shared_record(kind: str, puzzle_id: str) -> dict[str, Any]:
    """The shared record with this ``id``; :func:`missing` if the data is absent."""
    return next(r for r in shared_records(kind) if r["id"] == puzzle_id)


class _MissingRecord(dict[str, Any]):
    """What :func:`shared_params` gives for absent data: one record with an ``id`` and no
    other field; the test that reads another field stops there (:func:`missing`)."""

    def __init__(self, kind: str) -> None:
        super().__init__(id=f"no-shared-{kind}-data")
        self.kind = kind

    def __missing__(self, key: str) -> Any:
        missing(SHARED_DATA / self.kind)


def shared_params(
    kind: str, keep: Callable[[dict[str, Any]], bool] | None = None
) -> list[dict[str, Any]]:
    """The shared records (those ``keep`` accepts, if given) for ``pytest.mark.parametrize``.

    This runs at collection, so it cannot stop a test itself: when the data is absent it gives
    one stand-in record (``keep`` is not asked), whose test fails under CI and is skipped
    elsewhere as soon as it reads a field other than ``id``.
    """
    records = _load(kind)
    if records is None:
        return [_MissingRecord(kind)]
    return [record for record in records if keep is None or keep(record)]


@pytest.fixture(scope="session")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalDaskCluster]:
    """A Dask scheduler and two workers on loopback, shared by the tests that only use them
    (started at the first such test: a few seconds)."""
    with LocalDaskCluster(tmp_path_factory.mktemp("dask"), workers=2) as cluster:
        yield cluster
