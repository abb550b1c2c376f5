"""``studio generate`` (studio.cli.generate): reproducible from the seed, the same for any
--jobs and on a Dask cluster, difficulty bands, slow puzzles reported, bad options as one
line."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from studio.core import formats
from studio.core.contract import generation
from studio.core.formats.book_json import load_book
from studio.core.kinds.nonogram import generate as nonogram_generator
from studio.core.sat.analysis import count_solutions
from tests.cli.conftest import (
    KEYS,
    assert_one_error_line,
    json_lines,
    run,
    timeless,
)
from tests.dask_cluster import LocalDaskCluster


@pytest.fixture(autouse=True)
def no_slow_puzzle_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle is said to be slow after :data:`~generation.HINT_AFTER` seconds, by the clock:
    on a loaded machine a line on standard error came and went between runs. Only the test of
    that line asks for it (with 0)."""
    monkeypatch.setattr(generation, "HINT_AFTER", math.inf)


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


@pytest.mark.parametrize(
    "argv",
    [
        ("generate", "--size", "6x5", "--count", "2", "--json"),
        ("fill-book", "BOOK", "--section", "mosaic:6x6", "--count", "2", "--json"),
    ],
)
def test_a_run_without_a_seed_says_the_seed_that_makes_it_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    book = iter(str(tmp_path / name) for name in ("first.book.json", "again.book.json"))
    status, out, err = run(capsys, *(next(book) if word == "BOOK" else word for word in argv))
    assert status == 0
    seed = re.fullmatch(r"studio: seed (\d+) \(--seed \1 makes this run again\)\n", err)
    assert seed is not None, err
    argv = (*(next(book) if word == "BOOK" else word for word in argv), "--seed", seed[1])
    status, again, err = run(capsys, *argv)
    assert (status, err) == (0, ""), "a given seed is not said again"
    assert timeless(json_lines(again)) == timeless(json_lines(out))


def test_generate_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "generate", "--size", "1x300")
    assert status == 2
    assert_one_error_line(err, "--size")


def test_jobs_do_not_change_the_batch(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("generate", "--size", "7x7", "--count", "4", "--seed", "9", "--json")
    one = [r["picture"] for r in json_lines(run(capsys, *argv)[1])]
    two = [r["picture"] for r in json_lines(run(capsys, *argv, "--jobs", "2")[1])]
    assert one == two


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


def test_an_unreachable_scheduler_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "generate", "--size", "5x5", "--scheduler", "nonsense")
    assert (status, out) == (2, "")
    assert_one_error_line(err, "cannot reach the Dask scheduler at nonsense")


def test_min_difficulty_gives_puzzles_that_need_more_than_line_logic(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("generate", "--size", "9x9", "--count", "2", "--seed", "4", "--json")
    status, out, _ = run(capsys, *argv, "--min-difficulty", "3")
    assert status == 0
    records = json_lines(out)
    assert len(records) == 2
    for record in records:
        assert record["status"] == "unique"
        assert not record["line_solvable"]
        assert record["difficulty"]["score"] >= 3
        # The puzzle's seed makes it again alone, under the same option.
        alone = json_lines(
            run(
                capsys,
                "generate",
                "--size",
                "9x9",
                "--seed",
                str(record["seed"]),
                "--json",
                "--min-difficulty",
                "3",
            )[1]
        )
        assert alone[0]["picture"] == record["picture"]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--min-difficulty", "4", "--max-difficulty", "3"), "min difficulty 4 is above max"),
        (("--min-difficulty", "3", "--line-solvable"), "logic-solvable puzzles score 1 to 2"),
        (
            (
                "--min-difficulty",
                "6",
            ),
            "--min-difficulty",
        ),
    ],
)
def test_contradicting_difficulties_are_one_error_line(
    capsys: pytest.CaptureFixture[str], options: tuple[str, ...], words: str
) -> None:
    status, out, err = run(capsys, "generate", "--size", "9x9", *options)
    assert status == 2
    assert out == ""
    assert_one_error_line(err, words)


def test_a_slow_puzzle_says_how_it_is_coming_along_and_what_to_relax(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Off a terminal (no progress bar), one line on standard error per slow puzzle; here
    every puzzle counts as slow (the report and hint delays at 0)."""
    monkeypatch.setattr(generation, "REPORT_EVERY", 0.0)
    monkeypatch.setattr(generation, "HINT_AFTER", 0.0)
    argv = ("generate", "--size", "9x9", "--count", "2", "--seed", "4", "--line-solvable")
    status, _, err = run(capsys, *argv)
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 2
    for number, line in enumerate(lines, start=1):
        assert line.startswith(f"studio: puzzle {number} is slow: 1 try, 0 s")
        assert line.endswith("Faster: a smaller size or not insisting on logic alone")


# fill-book


def test_fill_book_adds_each_section_from_easy_to_hard(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "winter.book.json"
    argv = ("fill-book", str(book), "--section", "nonogram:10x10:3", "--section", "mosaic:7x7")
    status, out, err = run(capsys, *argv, "--count", "3", "--seed", "7", "--json")
    assert (status, err) == (0, "")
    records = json_lines(out)
    assert [(r["kind"], r["width"], r["difficulty"]["score"]) for r in records] == [
        ("nonogram", 10, 1),
        ("nonogram", 10, 2),
        ("nonogram", 10, 3),
        ("mosaic", 7, 1),
        ("mosaic", 7, 2),
        ("mosaic", 7, 3),
    ]
    assert all(len(r["colors"]) == 4 for r in records[:3]), "background and 3 inks"
    saved = load_book(book)
    assert saved.title == "winter"
    documents = [entry.document for entry in saved.entries]
    assert [document.spell(document.picture) for document in documents] == [
        r["picture"] for r in records
    ]
    for document in documents:
        assert count_solutions(document.puzzle, 2, logic_first=False) == 1
    # The same seed into another book gives the same puzzles; the book grows at its end.
    again = tmp_path / "again.book.json"
    run(capsys, "fill-book", str(again), *argv[2:], "--count", "3", "--seed", "7")
    assert [e.document for e in load_book(again).entries] == documents
    assert run(capsys, *argv, "--count", "1", "--seed", "8")[0] == 0
    assert len(load_book(book).entries) == 8


def test_fill_book_leaves_the_book_as_it_was_when_a_level_is_out_of_reach(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No 3×3 nonogram needs probing (the nonogram generator's tests check all 512): the
    error names the level the size reaches and the levels to set."""
    monkeypatch.setattr(nonogram_generator, "MAX_ATTEMPTS", 40)
    book = tmp_path / "kept.book.json"
    assert run(capsys, "fill-book", str(book), "--section", "mosaic:6x6", "--count", "2")[0] == 0
    before = book.read_bytes()
    argv = ("fill-book", str(book), "--section", "mosaic:6x6", "--section", "nonogram:3x3")
    status, out, err = run(capsys, *argv, "--easiest", "3")
    assert (status, out) == (2, "")
    assert_one_error_line(
        err,
        "no 3×3 nonogram of level 3 was found (level 1 was): lower the easiest and hardest "
        "levels to 1",
    )
    assert book.read_bytes() == before


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("nonogram", "expected KIND:WxH or KIND:WxH:K"),
        ("nonogram:10x10:3:1", "expected KIND:WxH or KIND:WxH:K"),
        ("sudoku:10x10", "unknown puzzle kind 'sudoku'"),
        ("nonogram:ten", "expected WxH"),
        ("nonogram:10x10:0", "expected 1 to"),
        ("mosaic:10x10:2", "a mosaic is black and white; 2 colours were asked for"),
        ("fobidoshi:3x3", "at least 4 rows and 4 columns"),
    ],
)
def test_fill_book_refuses_a_bad_section_in_one_line_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, section: str, message: str
) -> None:
    book = tmp_path / "none.book.json"
    status, out, err = run(capsys, "fill-book", str(book), "--section", section)
    assert (status, out) == (2, "")
    assert_one_error_line(err, message)
    assert not book.exists()


def test_fill_book_on_a_dask_cluster_makes_the_puzzles_of_the_local_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, dask_cluster: LocalDaskCluster
) -> None:
    argv = ("--section", "nonogram:8x8", "--section", "mosaic:6x6", "--count", "2", "--json")
    where = ("--seed", "5", "--scheduler", dask_cluster.address)
    status, out, err = run(capsys, "fill-book", str(tmp_path / "b.json"), *argv, *where)
    assert (status, err) == (0, "")
    local = json_lines(run(capsys, "fill-book", str(tmp_path / "a.json"), *argv, "--seed", "5")[1])
    assert len(local) == 4
    assert timeless(json_lines(out)) == timeless(local)


def test_generate_with_a_format_prints_that_file_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """``studio generate --format non > puzzle.non`` wrote the summary line and the ASCII
    grid: standard output is now the file, the summary on standard error."""
    status, out, err = run(capsys, "generate", "--size", "5x5", "--seed", "2", "--format", "non")
    assert status == 0
    document = formats.read_text(out, format="non")
    assert document.puzzle.shape == (5, 5)
    assert err.startswith("studio: Nonogram 5×5 #2: Unique")
