"""``studio repair`` (studio.cli.repair): JSON Lines of the changes, and a repaired file that
is unique."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core import formats
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.sat.analysis import Status, analyze
from tests.cli.conftest import (
    AMBIGUOUS,
    KEYS,
    json_lines,
    run,
)


def test_repair_json_reports_the_changes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "repair", "--json", "--strategy", "givens", AMBIGUOUS)
    assert (status, err) == (0, "")
    (record,) = json_lines(out)
    assert list(record) == [*KEYS, "picture", "changed_cells", "givens"]
    assert record["status"] == "unique"
    assert record["changed_cells"] == []
    assert len(record["givens"]) == 1
    row, col = record["givens"][0]
    assert record["picture"][row][col] in "#."


def diagonal(folder: Path) -> Path:
    """A studio document of two cells on a diagonal (ambiguous: they can swap), in ``folder``."""
    source = folder / "diagonal.json"
    formats.save(document_of_picture("nonogram", grid_from_text(["#..", ".#.", "..."])), source)
    return source


def test_repair_flips_writes_a_unique_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = diagonal(tmp_path)
    target = tmp_path / "fixed.json"
    status, out, _ = run(capsys, "repair", str(source), "-o", str(target))
    assert status == 0
    assert out.startswith(f"{source}: ")
    assert "→ unique" in out
    repaired = formats.load(target)
    assert analyze(repaired.puzzle).status == Status.UNIQUE
    assert repaired.picture is not None


def test_a_repair_out_of_time_names_its_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = diagonal(tmp_path)
    # A limit long past when the repair begins: it stops at its first check.
    status, out, err = run(capsys, "repair", str(source), "--timeout", "1e-9")
    assert (status, out) == (2, "")
    assert err == f"studio: error: {source}: not repaired: time limit reached\n"


def test_repair_with_a_format_prints_that_file_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = diagonal(tmp_path)
    status, out, err = run(capsys, "repair", str(source), "--format", "webpbn")
    assert status == 0
    assert formats.read_text(out, format="webpbn").picture is not None
    assert err.startswith(f"studio: {source}: ")
