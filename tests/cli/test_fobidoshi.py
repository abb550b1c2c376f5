"""The command line on Fobidoshi puzzles: analyze Janko text files (--json: the nonogram's
object, '#' for a circled cell, plus the difficulty), repair, generate and convert."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from studio.core import formats
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi
from studio.core.sat.analysis import Status, analyze
from tests.cli.conftest import KEYS, json_lines, run
from tests.conftest import shared_record

# Two circles in opposite corners: many ways to join them.
AMBIGUOUS = "o-----\n------\n------\n------\n------\n-----o\n"


def _janko_file(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / f"{record['id']}.txt"
    lines = [str(record["size"][0]), *record["givens"], *record["solution"]]
    path.write_text("\n".join(lines) + "\n")
    return path


def _solution(record: dict[str, Any]) -> list[str]:
    return [row.replace("o", "#").replace("-", ".").replace("x", ".") for row in record["solution"]]


def test_analyze_json_has_the_nonogram_keys_and_a_difficulty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = shared_record("fobidoshi", "janko-fobidoshi-001")
    path = _janko_file(tmp_path, record)
    status, out, err = run(capsys, "analyze", "--kind", "fobidoshi", "--json", str(path))
    assert (status, err) == (0, "")
    (result,) = json_lines(out)
    assert list(result) == KEYS
    assert result["kind"] == "fobidoshi"
    assert (result["width"], result["height"]) == (6, 6)
    assert result["status"] == "unique"
    assert result["solution"] == _solution(record)
    assert result["variable_cells"] == []
    assert set(result["difficulty"]) == {"level", "score", "description", "steps", "probes"}
    assert 1 <= result["difficulty"]["score"] <= 5


def test_analyze_prints_a_verdict_per_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unique = _janko_file(tmp_path, shared_record("fobidoshi", "janko-fobidoshi-010"))
    ambiguous = tmp_path / "ambiguous.txt"
    ambiguous.write_text(AMBIGUOUS)
    status, out, _ = run(capsys, "analyze", str(unique), str(ambiguous))  # sniffed
    assert status == 0
    first, second = out.splitlines()
    assert first.startswith(f"{unique}: Unique · solvable by the rules · difficulty ")
    assert second.startswith(f"{ambiguous}: Ambiguous: ")


def test_analyze_json_ambiguous_and_impossible(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ambiguous = tmp_path / "ambiguous.txt"
    ambiguous.write_text(AMBIGUOUS)
    apart = tmp_path / "apart.txt"
    apart.write_text("4\noxx-\n-xx-\n-xxo\n-xx-\n")
    _, out, _ = run(capsys, "analyze", "--kind", "fobidoshi", "--json", str(ambiguous), str(apart))
    many, none = json_lines(out)
    assert many["status"] == "multiple"
    assert [0, 0] not in many["variable_cells"]
    assert len(many["variable_cells"]) > 10
    assert many["difficulty"] is None
    assert none["status"] == "none"
    assert "cut off" in none["contradiction"]


def test_bad_file_names_line_and_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("4\n----\n--q-\n----\n----\n")
    status, out, err = run(capsys, "analyze", "--kind", "fobidoshi", str(path))
    assert status == 2
    assert out == ""
    assert f"{path}, line 3, column 3" in err
    too_small = tmp_path / "small.txt"
    too_small.write_text("3\n---\n---\n---\n")
    status, _, err = run(capsys, "analyze", "--kind", "fobidoshi", str(too_small))
    assert status == 2
    assert "at least 4 rows and 4 columns" in err


def test_repair_json_adds_givens_from_the_solution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ambiguous.txt"
    path.write_text(AMBIGUOUS)
    target = tmp_path / "fixed.json"
    argv = ("repair", "--kind", "fobidoshi", "--json", str(path), "-o", str(target))
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    (result,) = json_lines(out)
    assert list(result) == [*KEYS, "picture", "changed_cells", "givens"]
    assert result["status"] == "unique"
    assert result["changed_cells"] == []
    assert [0, 0] in result["givens"]
    assert result["solution"] == result["picture"]
    repaired = formats.load(target)
    assert isinstance(repaired.puzzle, Fobidoshi)
    assert analyze(repaired.puzzle).status == Status.UNIQUE


@pytest.mark.parametrize("strategy", ["connected", "random-start"])
def test_generate_is_unique_and_reproducible(
    capsys: pytest.CaptureFixture[str], strategy: str
) -> None:
    argv = ("generate", "--kind", "fobidoshi", "--strategy", strategy, "--size", "7x7")
    status, out, _ = run(capsys, *argv, "--seed", "5", "--json")
    assert status == 0
    (result,) = json_lines(out)
    assert result["kind"] == "fobidoshi"
    assert result["status"] == "unique"
    assert result["seed"] == 5
    assert result["picture"] == result["solution"]
    again = json_lines(run(capsys, *argv, "--seed", "5", "--json")[1])
    assert again[0]["picture"] == result["picture"]


def test_convert_janko_to_studio_json_and_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = shared_record("fobidoshi", "janko-fobidoshi-002")
    source = _janko_file(tmp_path, record)
    document = tmp_path / "puzzle.json"
    back = tmp_path / "back.txt"
    assert run(capsys, "convert", str(source), "-o", str(document))[0] == 0
    assert run(capsys, "convert", str(document), "-o", str(back), "--format", "janko")[0] == 0
    assert formats.load(back).puzzle == Fobidoshi.from_rows(record["givens"])
