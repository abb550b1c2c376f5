"""The drawing commands (studio.cli.drawing): ``export`` draws the solution view of a unique
puzzle only, ``export-book`` prints a book and warns about ambiguous puzzles."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core import formats
from studio.core.formats.book_json import load_book
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from tests.cli.conftest import (
    AMBIGUOUS,
    GAME_ID,
    assert_one_error_line,
    run,
)


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
