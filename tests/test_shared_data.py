"""Shared data that is missing fails a test under CI and skips it elsewhere (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests import conftest
from tests.conftest import in_ci, missing, shared_params, shared_path, shared_records


@pytest.fixture
def no_shared_data(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(conftest, "SHARED", tmp_path / "shared")
    monkeypatch.setattr(conftest, "SHARED_DATA", tmp_path / "shared" / "data")


@pytest.mark.parametrize(
    ("value", "ci"),
    [("", False), ("0", False), ("false", False), ("1", True), ("true", True), ("yes", True)],
)
def test_ci_is_told_by_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, ci: bool
) -> None:
    monkeypatch.setenv("CI", value)
    assert in_ci() == ci


@pytest.mark.parametrize(
    ("ci", "outcome"), [("1", pytest.fail.Exception), ("", pytest.skip.Exception)]
)
@pytest.mark.usefixtures("no_shared_data")
def test_missing_data_fails_under_ci_and_skips_elsewhere(
    monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="is not available"):
        missing("somewhere")
    with pytest.raises(outcome, match="data/nonogram is not available"):
        shared_records("nonogram")
    with pytest.raises(outcome, match="pixelart is not available"):
        shared_path("data", "pixelart")
    # At collection nothing can stop: one stand-in record, whose test stops when it reads it.
    (record,) = shared_params("mosaic", keep=lambda r: r["no such field"])
    assert record["id"] == "no-shared-mosaic-data"
    with pytest.raises(outcome, match="data/mosaic is not available"):
        record["clues"]


def test_present_data_is_read() -> None:
    records = shared_params("nonogram")
    assert records == shared_records("nonogram")
    assert shared_params("nonogram", keep=lambda r: r["id"] == records[1]["id"]) == [records[1]]
    assert all("id" in record for record in records)
    assert shared_path("data", "nonogram").is_dir()
