"""Shared fixtures: where the read-only sample data lives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
SHARED_DATA = SHARED / "data"


def shared_records(kind: str) -> list[dict[str, Any]]:
    """The records of ``../shared/data/<kind>/puzzles.jsonl``; skips the test if absent."""
    path = SHARED_DATA / kind / "puzzles.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is not available")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
