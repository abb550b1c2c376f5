"""``studio convert`` (studio.cli.convert): round trips keep the clues, and a format that
needs the picture gets the solution only when it is unique."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core import formats
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from tests.cli.conftest import (
    AMBIGUOUS,
    GAME_ID,
    IMPOSSIBLE,
    SOLUTION,
    assert_one_error_line,
    run,
)


def test_convert_round_trip_keeps_the_clues(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = tmp_path / "p.json"
    assert run(capsys, "convert", GAME_ID, "-o", str(document))[0] == 0
    assert formats.load(document).picture is None  # a clue-only puzzle is not solved for JSON
    status, out, _ = run(capsys, "convert", str(document), "-o", "-", "--format", "runs")
    assert status == 0
    original = formats.read_text(GAME_ID).puzzle
    assert out == "([[3,1],[1,1],[2],[2],[1,1]],[[2],[1,1],[1,1],[3],[2,1]])\n"
    assert formats.read_text(out).puzzle == original
    runs_file = tmp_path / "p.runs.txt"
    assert run(capsys, "convert", str(document), "-o", str(runs_file), "--format", "runs")[0] == 0
    assert runs_file.read_text() == out
    assert run(capsys, "convert", str(runs_file), "-o", "-", "--format", "tatham")[1:] == (
        GAME_ID + "\n",
        "",
    )


def test_convert_writes_and_reads_clue_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """The typing format is a format like any other, found in the registry by name."""
    help_text = " ".join(run(capsys, "convert", "--help")[1].split())
    assert "clue-lines" in help_text.split("--format NAME", 1)[1]
    status, out, _ = run(capsys, "convert", GAME_ID, "-o", "-", "--format", "clue-lines")
    assert status == 0
    assert out == "rows\n3 1\n1 1\n2\n2\n1 1\ncolumns\n2\n1 1\n1 1\n3\n2 1\n"
    assert formats.read_text(out).puzzle == formats.read_text(GAME_ID).puzzle


def test_convert_clue_only_unique_puzzle_to_grid_writes_the_solution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = tmp_path / "p.txt"
    assert run(capsys, "convert", GAME_ID, "-o", str(grid)) == (0, "", "")
    assert grid.read_text().splitlines() == SOLUTION
    assert run(capsys, "convert", GAME_ID, "-o", "-", "--format", "ascii")[1].split() == SOLUTION


@pytest.mark.parametrize(
    ("puzzle", "why"),
    [(AMBIGUOUS, "(Ambiguous: 4 variable fields)"), (IMPOSSIBLE, "(No solution: column 1")],
)
def test_convert_grid_needs_a_unique_solution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, puzzle: str, why: str
) -> None:
    grid = tmp_path / "p.txt"
    status, out, err = run(capsys, "convert", puzzle, "-o", str(grid))
    assert (status, out) == (2, "")
    assert_one_error_line(err, "ascii format needs the picture", why)
    assert not grid.exists()


def test_convert_grid_keeps_the_picture_of_a_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A document's own picture is written, even when its clues are ambiguous."""
    source = tmp_path / "diagonal.json"
    formats.save(document_of_picture("nonogram", grid_from_text(["#.", ".#"])), source)
    assert run(capsys, "convert", str(source), "-o", "-", "--format", "ascii") == (
        0,
        "#.\n.#\n",
        "",
    )
