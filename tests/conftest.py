"""Shared test helpers: the read-only sample data beside the repository (``../shared/data``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
