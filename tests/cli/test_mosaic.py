"""The command line with mosaics: analyze (Tatham Mosaic IDs, text grids, JSON with the same
keys as for nonograms plus difficulty), generate and repair with ``--kind mosaic``."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core import formats
from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.sat.analysis import Status, analyze, count_solutions
from tests.cli.conftest import KEYS, json_lines, run
from tests.conftest import shared_records

# The first shared Tatham mosaic, with its solution.
GAME_ID = "5x5:b4442e5b2a5e2a1"
SOLUTION = [".#.##", ".#.##", "..#..", "###..", "#...#"]
# One clue 1 in the corner of a 2x2 grid: any one of the four cells.
AMBIGUOUS = "2x2:1c"
# A 4 in the corner and a 0 beside it cannot both hold.
IMPOSSIBLE = "2x2:40b"


def test_analyze_json_of_a_game_id(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", "--kind", "mosaic", "--json", GAME_ID)
    assert (status, err) == (0, "")
    (record,) = json_lines(out)
    assert list(record) == KEYS
    assert record["kind"] == "mosaic"
    assert (record["width"], record["height"]) == (5, 5)
    assert record["status"] == "unique"
    assert record["solution"] == SOLUTION
    assert record["variable_cells"] == []
    assert record["line_solvable"] is True
    assert record["contradiction"] is None
    assert record["difficulty"]["level"] == "one-clue"
    assert record["difficulty"]["score"] == 1


def test_analyze_without_kind_sniffs_a_mosaic_id(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", GAME_ID)
    assert status == 0
    assert out.startswith(f"{GAME_ID}: Unique · solvable clue by clue · difficulty 1/5")


def test_analyze_ambiguous_and_impossible_mosaics(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "--kind", "mosaic", "--json", AMBIGUOUS, IMPOSSIBLE)
    assert status == 0
    ambiguous, impossible = json_lines(out)
    assert ambiguous["status"] == "multiple"
    assert ambiguous["variable_cells"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert ambiguous["difficulty"] is None
    assert impossible["status"] == "none"
    assert "row 1, column" in impossible["contradiction"]


def test_analyze_reads_every_mosaic_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = formats.read_text(GAME_ID)
    paths = []
    for spec in formats.FORMATS:
        if "mosaic" in spec.kinds:
            path = tmp_path / f"puzzle.{spec.name}"
            formats.save(document, path, format=spec.name)
            paths.append(str(path))
    status, out, err = run(capsys, "analyze", "--kind", "mosaic", "--json", *paths)
    assert (status, err) == (0, "")
    records = json_lines(out)
    assert len(records) == 3
    assert all(r["solution"] == SOLUTION for r in records)


def test_analyze_the_shared_mosaics(capsys: pytest.CaptureFixture[str]) -> None:
    records = shared_records("mosaic")[::8]
    status, out, _ = run(capsys, "analyze", "--json", *(r["id"] for r in records))
    assert status == 0
    for record, result in zip(records, json_lines(out), strict=True):
        assert result["status"] == "unique"
        expected = ["".join("#" if v else "." for v in row) for row in record["solution"]]
        assert result["solution"] == expected


def test_generate_mosaics_reproducibly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ("generate", "--kind", "mosaic", "--size", "7x6", "--count", "2", "--seed", "3")
    status, out, _ = run(capsys, *argv, "--json", "--logic-solvable")
    assert status == 0
    first = json_lines(out)
    assert [r["kind"] for r in first] == ["mosaic", "mosaic"]
    assert all(r["status"] == "unique" and r["line_solvable"] for r in first)
    again = json_lines(run(capsys, *argv, "--json", "--logic-solvable")[1])
    assert [r["picture"] for r in again] == [r["picture"] for r in first]
    status, _, _ = run(capsys, *argv, "-o", str(tmp_path / "out"))
    assert status == 0
    files = sorted((tmp_path / "out").glob("*.json"))
    assert len(files) == 2
    for file in files:
        puzzle = formats.load(file).puzzle
        assert isinstance(puzzle, Mosaic)
        assert count_solutions(puzzle, 2, logic_first=False) == 1


def test_repair_a_mosaic_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = grid_from_text(["#..#", ".##.", "#...", "..##"])
    shown = grid_from_text(["#...", "....", "....", "...#"])
    source = tmp_path / "sparse.json"
    formats.save(Document(Mosaic.from_picture(picture, shown), picture), source)
    target = tmp_path / "fixed.json"
    status, out, _ = run(capsys, "repair", "--kind", "mosaic", str(source), "-o", str(target))
    assert status == 0
    assert "→ unique" in out
    repaired = formats.load(target)
    assert isinstance(repaired.puzzle, Mosaic)
    assert analyze(repaired.puzzle).status == Status.UNIQUE
    assert repaired.puzzle.shown()[shown].all()


def test_repair_json_of_a_mosaic_id(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "repair", "--json", "--kind", "mosaic", AMBIGUOUS)
    assert (status, err) == (0, "")
    (record,) = json_lines(out)
    assert record["status"] == "unique"
    assert record["kind"] == "mosaic"
    assert "givens" in record
