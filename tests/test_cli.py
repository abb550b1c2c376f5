"""The command line (studio.cli): commands, output, exit statuses and the no-Qt rule.

Most tests call :func:`studio.cli.main` in-process and read ``capsys``; one runs
``python -m studio`` in a subprocess to check the entry point and that Qt is never imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from studio import __version__
from studio.cli import main
from studio.cli.arguments import parse_size
from studio.cli.inputs import is_puzzle_text
from studio.core import formats
from studio.core.document import Document
from studio.core.formats.book_json import load_book
from studio.core.grid import grid_from_text, grid_to_text
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.pixelart import DEFAULT_THRESHOLD
from studio.core.sat.analysis import Status, analyze
from tests.conftest import shared_record, shared_records
from tests.dask_cluster import LocalDaskCluster

# Tatham's generator made this one (../shared/data/nonogram, tatham:5x5-01): unique and
# line-solvable, with this solution.
GAME_ID = "5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1"
SOLUTION = ["###.#", "#...#", "..##.", "...##", ".#.#."]
# Two diagonals fit: every cell is variable.
AMBIGUOUS = "2x2:1/1/1/1"
# Column 1 wants 2 filled cells, row 1 none: the clue totals agree, so it passes validation.
IMPOSSIBLE = "2x2:2/0/0/2"

KEYS = [
    "input",
    "kind",
    "width",
    "height",
    "status",
    "solution",
    "variable_cells",
    "line_solvable",
    "seconds",
    "variable_cells_complete",
    "contradiction",
    "difficulty",
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``studio argv`` in-process: exit status, stdout, stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def assert_one_error_line(err: str, *fragments: str) -> None:
    """stderr is exactly one ``studio: error:`` line holding every fragment."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("studio: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.fixture
def knotty_file(tmp_path: Path) -> Path:
    """Wolter's survey puzzle Knotty (no solver here finds a solution in seconds), as runs."""
    record = shared_record("nonogram", "survey:knotty")
    path = tmp_path / "knotty.txt"
    formats.save(Document(Nonogram(record["rows"], record["cols"])), path, format="runs")
    return path


# --- top level and gui ------------------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"studio {__version__}\n", "")


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("gui", "analyze", "solve", "convert", "import-image"):
        assert f"    {command}" in out


@pytest.mark.parametrize("command", ["gui", "analyze", "solve", "convert", "import-image"])
def test_subcommand_help_has_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, "--help")
    assert status == 0
    assert f"usage: studio {command}" in out
    assert f"\n  studio {command} " in out.split("example")[-1]


def test_import_image_help_shows_the_default_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "import-image", "--help")
    assert f"(default: {DEFAULT_THRESHOLD})" in " ".join(out.split())


@pytest.mark.parametrize(
    ("argv", "call"),
    [
        ([], (None, None)),
        (["gui"], (None, None)),
        (["gui", "heart.json"], ("heart.json", None)),
        (["gui", "heart.json", "--quit-after", "500"], ("heart.json", 500)),
    ],
)
def test_gui_calls_run_with_the_file(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], call: tuple[str | None, int | None]
) -> None:
    """No command, or ``gui [FILE]``, hands FILE to studio.gui.app.run and returns its status."""
    calls: list[tuple[str | None, int | None]] = []

    def fake_run(file: str | None, *, quit_after_ms: int | None) -> int:
        calls.append((file, quit_after_ms))
        return 7

    monkeypatch.setitem(sys.modules, "studio.gui.app", types.SimpleNamespace(run=fake_run))
    assert main(argv) == 7
    assert calls == [call]


def test_gui_without_qt_is_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "studio.gui.app", None)  # makes the import fail
    status, out, err = run(capsys, "gui")
    assert (status, out) == (1, "")
    assert_one_error_line(err, "cannot open the window", "studio.gui.app")


def test_python_m_studio_analyzes_without_importing_qt(tmp_path: Path) -> None:
    """The module entry point works, and a scripting command never loads PySide6, nor Dask
    without --scheduler."""
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "studio", "analyze", "--json", GAME_ID],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    (record,) = json_lines(completed.stdout)
    assert record["status"] == "unique"
    assert record["solution"] == SOLUTION
    # -X importtime lists every import on stderr; the CLI's own entry shows the list is there.
    assert "studio.cli" in completed.stderr
    assert "PySide6" not in completed.stderr
    assert "shiboken6" not in completed.stderr
    assert "distributed" not in completed.stderr


# --- helpers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argument", "expected"),
    [
        (GAME_ID, True),
        ("([[1]],[[1]])", True),
        ("#.\n.#", True),
        ("missing.txt", False),  # a known extension: a missing file, not a grid
        ("./missing", False),  # starts like a path, although '.' starts a grid
        ("nothing-like-a-puzzle", False),
    ],
)
def test_is_puzzle_text(argument: str, expected: bool) -> None:
    assert is_puzzle_text(argument) is expected


def test_an_existing_file_wins_over_puzzle_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("#.#").write_text("###\n")
    assert not is_puzzle_text("#.#")


def test_parse_size_is_width_by_height() -> None:
    assert parse_size("16x12") == (12, 16)
    assert parse_size("3X5") == (5, 3)


# --- analyze ----------------------------------------------------------------------------------


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


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["analyze", "5x5:2/1.x"], ["game ID, column 9", "found 'x'"]),
        (["analyze", "missing.txt"], ["missing.txt: no such file"]),
        (["analyze", "--kind", "mosaicx", GAME_ID], ["--kind", "unknown puzzle kind 'mosaicx'"]),
        (["analyze", "--timeout", "0", GAME_ID], ["--timeout", "positive"]),
        (["analyze"], ["INPUT"]),
        (["import-image", "--size", "16", "x.png"], ["--size", "WxH", "'16'"]),
        (["import-image", "--size", "0x4", "x.png"], ["--size", "'0x4'"]),
        (["import-image", "--threshold", "256", "x.png"], ["--threshold", "0 to 255"]),
        (["convert", GAME_ID, "-o", "out.png"], ["no file format", "'.png'"]),
        (["convert", GAME_ID, "-o", "-"], ["--format"]),
        (["convert", GAME_ID, "-o", "x.txt", "--format", "pdf"], ["unknown file format 'pdf'"]),
        (["frobnicate"], ["frobnicate"]),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    fragments: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert_one_error_line(err, *fragments)
    assert list(tmp_path.iterdir()) == []  # nothing written on the way


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


# --- solve ------------------------------------------------------------------------------------


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


# --- convert ----------------------------------------------------------------------------------


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


# --- import-image -----------------------------------------------------------------------------


@pytest.fixture
def images(tmp_path: Path) -> dict[str, Path]:
    """Tiny PNGs with known cells: ``a`` 3x2 grey (black, mid-grey L=100, white), ``b`` 2x1 RGB."""
    a = Image.new("L", (3, 2), 255)
    a.putpixel((0, 0), 0)
    a.putpixel((2, 1), 100)
    b = Image.new("RGB", (2, 1), (255, 255, 255))
    b.putpixel((0, 0), (0, 0, 0))
    paths = {"a": tmp_path / "a.png", "b": tmp_path / "b.png"}
    a.save(paths["a"])
    b.save(paths["b"])
    return paths


def test_import_image_prints_the_picture(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path]
) -> None:
    assert run(capsys, "import-image", str(images["a"])) == (0, "#..\n..#\n", "")


def test_import_image_threshold(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path]
) -> None:
    """The L=100 pixel is filled below the default threshold (160), empty under 100 or less."""
    assert run(capsys, "import-image", "--threshold", "100", str(images["a"]))[1] == "#..\n...\n"
    assert run(capsys, "import-image", "--threshold", "101", str(images["a"]))[1] == "#..\n..#\n"


def test_import_image_invert(capsys: pytest.CaptureFixture[str], images: dict[str, Path]) -> None:
    assert run(capsys, "import-image", "--invert", str(images["a"]))[1] == ".##\n##.\n"


def test_import_image_size_is_width_by_height(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path]
) -> None:
    """``b`` is 2 wide, 1 high, left pixel black: 4x3 gives 3 rows of 4 cells."""
    assert run(capsys, "import-image", "--size", "4x3", str(images["b"]))[1] == "##..\n" * 3


def test_import_image_several_images_print_in_order(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path]
) -> None:
    status, out, _ = run(capsys, "import-image", str(images["b"]), str(images["a"]))
    assert (status, out) == (0, "#.\n\n#..\n..#\n")
    _, out, _ = run(capsys, "import-image", "--format", "tatham", str(images["a"]))
    assert out == "3x2:1//1/1/1\n"


def test_import_image_output_file(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path], tmp_path: Path
) -> None:
    out_file = tmp_path / "puzzle.json"
    assert run(capsys, "import-image", str(images["a"]), "-o", str(out_file)) == (0, "", "")
    document = formats.load(out_file)
    assert document.picture is not None
    assert grid_to_text(document.picture) == ["#..", "..#"]
    assert document.title == "a"


def test_import_image_output_folder(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path], tmp_path: Path
) -> None:
    folder = tmp_path / "new" / "puzzles"
    argv = ["import-image", str(images["a"]), str(images["b"]), "-o", str(folder)]
    assert run(capsys, *argv) == (0, "", "")
    assert sorted(p.name for p in folder.iterdir()) == ["a.json", "b.json"]
    picture = formats.load(folder / "b.json").picture
    assert picture is not None
    assert np.array_equal(picture, [[True, False]])
    assert run(capsys, *argv, "--format", "runs")[0] == 0
    assert (folder / "a.txt").read_text() == "([[1],[1]],[[1],[],[1]])\n"


def test_import_image_json_adds_the_picture(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path]
) -> None:
    status, out, _ = run(capsys, "import-image", "--json", str(images["a"]), str(images["b"]))
    assert status == 0
    first, second = json_lines(out)
    assert list(first) == [*KEYS, "picture"]
    assert first["input"] == str(images["a"])
    assert first["picture"] == ["#..", "..#"]
    assert (first["width"], first["height"]) == (3, 2)
    assert first["status"] == "multiple"  # the two cells could swap with the other diagonal
    assert first["variable_cells"] == [[0, 0], [0, 2], [1, 0], [1, 2]]
    assert (second["status"], second["picture"]) == ("unique", ["#."])


def test_import_image_bad_image_does_not_stop_the_others(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path], tmp_path: Path
) -> None:
    not_an_image = tmp_path / "c.png"
    not_an_image.write_text("hello")
    argv = [str(images["a"]), str(not_an_image), str(tmp_path / "gone.png"), str(images["b"])]
    status, out, err = run(capsys, "import-image", "--json", *argv)
    assert status == 2
    assert [r["input"] for r in json_lines(out)] == [str(images["a"]), str(images["b"])]
    first, second = err.splitlines()
    assert first.startswith(f"studio: error: {not_an_image}: not a readable")
    assert second == f"studio: error: {tmp_path / 'gone.png'}: no such file"


def test_import_image_same_stem_twice_is_refused(
    capsys: pytest.CaptureFixture[str], images: dict[str, Path], tmp_path: Path
) -> None:
    other = tmp_path / "sub"
    other.mkdir()
    (other / "a.png").write_bytes(images["b"].read_bytes())
    folder = tmp_path / "out"
    status, _, err = run(
        capsys, "import-image", str(images["a"]), str(other / "a.png"), "-o", str(folder)
    )
    assert status == 2
    assert_one_error_line(err, "already written")
    picture = formats.load(folder / "a.json").picture
    assert picture is not None
    assert grid_to_text(picture) == ["#..", "..#"]  # the first image's file was kept


# --- encodings, repair, generate ---------------------------------------------------------------


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


def test_repair_flips_writes_a_unique_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "diagonal.json"
    formats.save(document_of_picture("nonogram", grid_from_text(["#..", ".#.", "..."])), source)
    target = tmp_path / "fixed.json"
    status, out, _ = run(capsys, "repair", str(source), "-o", str(target))
    assert status == 0
    assert out.startswith(f"{source}: ")
    assert "→ unique" in out
    repaired = formats.load(target)
    assert analyze(repaired.puzzle).status == Status.UNIQUE
    assert repaired.picture is not None


def test_generate_is_reproducible_from_the_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ("generate", "--size", "7x5", "--count", "2", "--seed", "11", "--json")
    status, out, _ = run(capsys, *argv)
    assert status == 0
    first, second = json_lines(out)
    assert list(first) == [*KEYS, "picture", "seed"]
    assert (first["width"], first["height"]) == (7, 5)
    assert first["status"] == second["status"] == "unique"
    again = json_lines(run(capsys, *argv)[1])
    assert [(r["picture"], r["seed"]) for r in again] == [
        (r["picture"], r["seed"]) for r in (first, second)
    ]
    # Each puzzle's own seed reproduces it alone.
    single = json_lines(
        run(capsys, "generate", "--size", "7x5", "--seed", str(second["seed"]), "--json")[1]
    )
    assert single[0]["picture"] == second["picture"]
    status, _, _ = run(
        capsys,
        "generate",
        "--size",
        "7x5",
        "--count",
        "2",
        "--seed",
        "11",
        "-o",
        str(tmp_path / "out"),
    )
    assert status == 0
    assert len(list((tmp_path / "out").glob("*.json"))) == 2


def test_generate_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "generate", "--size", "1x300")
    assert status == 2
    assert_one_error_line(err, "--size")


# --- books and drawing --------------------------------------------------------------------------


def test_generate_into_a_book_then_export_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "b.book.json"
    argv = ("generate", "--size", "6x6", "--count", "3", "--seed", "5", "--book", str(book))
    assert run(capsys, *argv, "--jobs", "2")[0] == 0
    assert run(capsys, "generate", "--size", "8x8", "--count", "2", "--book", str(book))[0] == 0
    assert len(load_book(book).entries) == 5
    pdf = tmp_path / "b.pdf"
    status, out, err = run(capsys, "export-book", str(book), "-o", str(pdf), "--per-page", "2")
    assert (status, err) == (0, "")
    assert out.startswith(f"{pdf}: ")
    assert "5 puzzles (2 a page)" in out
    assert pdf.read_bytes().startswith(b"%PDF")


def test_jobs_do_not_change_the_batch(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("generate", "--size", "7x7", "--count", "4", "--seed", "9", "--json")
    one = [r["picture"] for r in json_lines(run(capsys, *argv)[1])]
    two = [r["picture"] for r in json_lines(run(capsys, *argv, "--jobs", "2")[1])]
    assert one == two


# --- batches on a Dask cluster ----------------------------------------------------------------


def timeless(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records without ``seconds``, the one field that depends on the run."""
    return [{key: value for key, value in r.items() if key != "seconds"} for r in records]


def test_generate_on_a_dask_cluster_makes_the_puzzles_of_the_local_run(
    capsys: pytest.CaptureFixture[str], dask_cluster: LocalDaskCluster
) -> None:
    # Issue 15's check: a scheduler and two workers, as the README starts them.
    argv = ("generate", "--size", "25x25", "--count", "12", "--seed", "77", "--json")
    local = json_lines(run(capsys, *argv)[1])
    status, out, err = run(capsys, *argv, "--scheduler", dask_cluster.address)
    assert (status, err) == (0, "")
    assert len(local) == 12
    assert timeless(json_lines(out)) == timeless(local)


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


@pytest.mark.parametrize("command", [["generate", "--size", "5x5"], ["analyze", GAME_ID]])
def test_scheduler_without_dask_is_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    status, out, err = run(capsys, *command, "--scheduler", "tcp://127.0.0.1:8786")
    assert (status, out) == (2, "")
    assert err == "studio: error: --scheduler needs Dask: pip install 'puzzle-studio[cluster]'\n"


def test_an_unreachable_scheduler_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "generate", "--size", "5x5", "--scheduler", "nonsense")
    assert (status, out) == (2, "")
    assert_one_error_line(err, "cannot reach the Dask scheduler at nonsense")


def test_export_book_warns_about_ambiguous_puzzles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    formats.save(document_of_picture("nonogram", grid_from_text(["#.", ".#"])), folder / "d.json")
    status, _, err = run(capsys, "export-book", str(folder), "-o", str(tmp_path / "p.pdf"))
    assert status == 0
    assert err == "studio: warning: #1 d: has several solutions\n"


def test_export_draws_the_solution_view(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "solution.png"
    assert run(capsys, "export", GAME_ID, "-o", str(target), "--solution")[0] == 0
    assert target.read_bytes().startswith(b"\x89PNG")
    status, _, err = run(capsys, "export", AMBIGUOUS, "-o", str(target), "--solution")
    assert status == 2
    assert_one_error_line(err, "solution view needs a unique solution")
