"""``studio analyze`` and ``studio solve`` (studio.cli.analyze): verdicts and JSON Lines, in
input order, bad inputs reported while the good ones are analysed, time limits, encodings,
the same output on processes and on a Dask cluster; solve's solution and exit statuses."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from studio.core import formats
from studio.core.document import Document
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.cli.conftest import (
    AMBIGUOUS,
    GAME_ID,
    IMPOSSIBLE,
    KEYS,
    SOLUTION,
    assert_one_error_line,
    json_lines,
    run,
    timeless,
)
from tests.conftest import shared_record, shared_records
from tests.dask_cluster import LocalDaskCluster


@pytest.fixture
def knotty_file(tmp_path: Path) -> Path:
    """Wolter's survey puzzle Knotty (no solver here finds a solution in seconds), as runs."""
    record = shared_record("nonogram", "survey:knotty")
    path = tmp_path / "knotty.txt"
    formats.save(Document(Nonogram(record["rows"], record["cols"])), path, format="runs")
    return path


def test_analyze_json_game_id_has_the_documented_keys_and_types(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "analyze", "--json", GAME_ID)
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 1
    (record,) = json_lines(out)
    assert list(record) == KEYS
    assert record["input"] == GAME_ID
    assert record["kind"] == "nonogram"
    assert (record["width"], record["height"]) == (5, 5)
    assert record["status"] == "unique"
    assert record["solution"] == SOLUTION
    assert record["variable_cells"] == []
    assert record["line_solvable"] is True
    assert isinstance(record["seconds"], float)
    assert record["seconds"] >= 0
    assert record["variable_cells_complete"] is True
    assert record["contradiction"] is None
    assert record["difficulty"]["level"] == "line"
    assert record["difficulty"]["score"] == 1


@pytest.mark.parametrize(
    "format_name", [spec.name for spec in formats.FORMATS if "nonogram" in spec.kinds]
)
def test_analyze_reads_every_nonogram_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, format_name: str
) -> None:
    picture = grid_from_text(SOLUTION)
    path = tmp_path / f"puzzle.{format_name}"  # an unknown extension: the content decides
    formats.save(document_of_picture("nonogram", picture), path, format=format_name)
    status, out, err = run(capsys, "analyze", "--json", str(path))
    assert (status, err) == (0, "")
    (record,) = json_lines(out)
    assert record["input"] == str(path)
    assert (record["status"], record["solution"]) == ("unique", SOLUTION)


def test_analyze_json_keeps_input_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    formats.save(document_of_picture("nonogram", grid_from_text(["#."])), path)
    inputs = [AMBIGUOUS, str(path), IMPOSSIBLE, GAME_ID]
    status, out, _ = run(capsys, "analyze", "--json", *inputs)
    assert status == 0
    records = json_lines(out)
    assert [r["input"] for r in records] == inputs
    assert [r["status"] for r in records] == ["multiple", "unique", "none", "unique"]


def test_analyze_ambiguous_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "analyze", "--json", AMBIGUOUS)
    (record,) = json_lines(out)
    assert record["status"] == "multiple"
    assert record["variable_cells"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert record["variable_cells_complete"] is True
    assert record["line_solvable"] is False
    assert record["solution"] in (["#.", ".#"], [".#", "#."])


def test_analyze_impossible_puzzle_names_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "--json", IMPOSSIBLE)
    assert status == 0
    (record,) = json_lines(out)
    assert record["status"] == "none"
    assert record["solution"] is None
    assert record["variable_cells"] == []
    assert record["contradiction"] == "column 1 cannot hold 2"


def test_analyze_human_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", GAME_ID, AMBIGUOUS, IMPOSSIBLE)
    assert (status, err) == (0, "")
    unique, ambiguous, impossible = out.splitlines()
    assert unique.startswith(f"{GAME_ID}: Unique · line-solvable · difficulty 1/5 (")
    assert unique.endswith(" s)")
    assert ambiguous.startswith(f"{AMBIGUOUS}: Ambiguous: 4 variable fields (")
    assert impossible.startswith(f"{IMPOSSIBLE}: No solution: column 1 cannot hold 2 (")


def test_analyze_timeout_gives_unknown_promptly(
    capsys: pytest.CaptureFixture[str], knotty_file: Path
) -> None:
    started = time.monotonic()
    status, out, _ = run(capsys, "analyze", "--json", "--timeout", "0.5", str(knotty_file))
    elapsed = time.monotonic() - started
    assert status == 0
    (record,) = json_lines(out)
    assert record["status"] == "unknown"
    assert record["variable_cells_complete"] is False
    assert record["solution"] is None
    assert elapsed < 5
    _, out, _ = run(capsys, "analyze", "--timeout", "0.5", str(knotty_file))
    assert out.startswith(f"{knotty_file}: Unknown: time limit reached (")


def test_analyze_batch_reports_bad_inputs_and_keeps_the_good(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "analyze", "--json", GAME_ID, "2x2:1/x", "gone.json", AMBIGUOUS)
    assert status == 2
    assert [r["input"] for r in json_lines(out)] == [GAME_ID, AMBIGUOUS]
    first, second = err.splitlines()
    assert first.startswith("studio: error: game ID (input 2), column 7:")
    assert second == "studio: error: gone.json: no such file"


def test_analyze_invalid_puzzle_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "analyze", "2x2:2/2//")
    assert status == 2
    assert_one_error_line(err, "game ID", "add up to 0", "to 4")


def test_solve_prints_the_grid(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", GAME_ID) == (0, "\n".join(SOLUTION) + "\n", "")


def test_solve_shared_tatham_record(capsys: pytest.CaptureFixture[str]) -> None:
    record = next(r for r in shared_records("nonogram") if r.get("game_id") and r.get("unique"))
    status, out, _ = run(capsys, "solve", record["game_id"])
    assert status == 0
    assert out.splitlines() == record["solution"]


def test_solve_ambiguous_prints_one_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", AMBIGUOUS)
    assert status == 0
    assert out.splitlines() in (["#.", ".#"], [".#", "#."])
    assert err.startswith(f"studio: {AMBIGUOUS}: not unique")
    assert "4 variable fields" in err


def test_solve_impossible_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", IMPOSSIBLE)
    assert (status, out) == (1, "")
    assert err.startswith(f"studio: {IMPOSSIBLE}: No solution: column 1 cannot hold 2 (")


def test_solve_time_limit_exits_3(capsys: pytest.CaptureFixture[str], knotty_file: Path) -> None:
    status, out, err = run(capsys, "solve", "--timeout", "0.5", str(knotty_file))
    assert (status, out) == (3, "")
    assert err.startswith(f"studio: {knotty_file}: Unknown: time limit reached (")


@pytest.mark.parametrize("encoding", ["fast", "thesis", "naive"])
def test_every_encoding_gives_the_same_analysis(
    capsys: pytest.CaptureFixture[str], encoding: str
) -> None:
    status, out, _ = run(capsys, "analyze", "--json", "--encoding", encoding, GAME_ID, AMBIGUOUS)
    assert status == 0
    unique, ambiguous = json_lines(out)
    assert unique["status"] == "unique"
    assert unique["solution"] == SOLUTION
    assert ambiguous["status"] == "multiple"
    assert len(ambiguous["variable_cells"]) == 4


def test_analyze_prints_the_same_on_processes_and_on_a_dask_cluster(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, dask_cluster: LocalDaskCluster
) -> None:
    mosaic = tmp_path / "mosaic.json"
    formats.save(document_of_picture("mosaic", grid_from_text(["#.", ".#"])), mosaic)
    inputs = [GAME_ID, "2x2:1/x", AMBIGUOUS, "gone.json", str(mosaic), IMPOSSIBLE]
    here = run(capsys, "analyze", "--json", "--jobs", "1", *inputs)
    assert here[0] == 2
    assert [r["input"] for r in json_lines(here[1])] == [
        GAME_ID,
        AMBIGUOUS,
        str(mosaic),
        IMPOSSIBLE,
    ]
    assert len(here[2].splitlines()) == 2
    for where in (["--jobs", "2", "--pool-after", "0"], ["--scheduler", dask_cluster.address]):
        status, out, err = run(capsys, "analyze", "--json", *where, *inputs)
        assert (status, err) == (2, here[2])
        assert timeless(json_lines(out)) == timeless(json_lines(here[1]))


def test_analyze_another_encoding_of_a_mosaic_is_a_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mosaic = tmp_path / "mosaic.json"
    formats.save(document_of_picture("mosaic", grid_from_text(["#.", ".#"])), mosaic)
    status, out, err = run(
        capsys, "analyze", "--json", "--encoding", "thesis", str(mosaic), GAME_ID
    )
    assert status == 2
    assert [r["input"] for r in json_lines(out)] == [GAME_ID]
    assert_one_error_line(err, "a mosaic has no 'thesis' encoding; use fast")
