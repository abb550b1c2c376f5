"""The drawing commands (studio.cli.drawing): ``export`` draws the solution view of a unique
puzzle only, in true sizes (a cell in millimetres, a PNG's resolution), alone or beside the
puzzle; ``export-book`` prints a book and warns about ambiguous puzzles."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from studio.core import formats
from studio.core.formats.book_json import load_book
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from tests.cli.conftest import (
    AMBIGUOUS,
    GAME_ID,
    assert_one_error_line,
    json_lines,
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
    assert "5 puzzles (1–2 a page)" in out  # 6×6: two, then one; 8×8: two
    assert pdf.read_bytes().startswith(b"%PDF")


def test_export_book_for_a_press_says_where_each_puzzle_went(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "b.book.json"
    argv = ("generate", "--size", "7x7", "--count", "3", "--seed", "3", "--book", str(book))
    assert run(capsys, *argv)[0] == 0
    pdf = tmp_path / "b.pdf"
    argv = ("export-book", str(book), "-o", str(pdf), "--page-size", "6x9", "--bleed", "3.175")
    status, out, err = run(capsys, *argv, "--pad-even", "--json")
    assert (status, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["number"] for r in records] == [1, 2, 3]
    assert set(records[0]) == {
        "number",
        "title",
        "kind",
        "width",
        "height",
        "page",
        "cell_mm",
        "solution_page",
        "solution_cell_mm",
    }
    assert {(r["title"], r["kind"], r["width"], r["height"]) for r in records} == {
        ("", "nonogram", 7, 7)
    }
    assert len({r["cell_mm"] for r in records}) == 1
    assert all(r["cell_mm"] >= 4 and r["solution_cell_mm"] >= 1.5 for r in records)
    reader = PdfReader(pdf)
    assert len(reader.pages) % 2 == 0
    page = reader.pages[records[0]["page"] - 1]
    assert float(page.mediabox.width) - float(page.trimbox.width) == pytest.approx(18, abs=0.01)
    status, out, _ = run(
        capsys, "export-book", str(book), "-o", str(pdf), "--no-solutions", "--json"
    )
    assert {json.loads(line)["solution_page"] for line in out.splitlines()} == {None}


def two_kinds(capsys: pytest.CaptureFixture[str], folder: Path) -> Path:
    """A book of two 8×8 nonograms, then two 6×6 mosaics."""
    book = folder / "two.book.json"
    for kind, size in (("nonogram", "8x8"), ("mosaic", "6x6")):
        argv = ("generate", "--kind", kind, "--size", size, "--count", "2", "--book", str(book))
        assert run(capsys, *argv, "--seed", "4")[0] == 0
    return book


def test_export_book_sorts_and_so_renumbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--sort puts the puzzles in order before numbering them; given twice, it sorts by each
    in turn, ties keeping their order."""
    book = two_kinds(capsys, tmp_path)
    pdf = str(tmp_path / "b.pdf")

    def kinds(*sort: str) -> list[tuple[int, str]]:
        status, out, err = run(capsys, "export-book", str(book), "-o", pdf, "--json", *sort)
        assert (status, err) == (0, "")
        return [(r["number"], r["kind"]) for r in map(json.loads, out.splitlines())]

    in_book = [(1, "nonogram"), (2, "nonogram"), (3, "mosaic"), (4, "mosaic")]
    assert kinds() == in_book
    assert kinds("--sort", "size") == [
        (1, "mosaic"),
        (2, "mosaic"),
        (3, "nonogram"),
        (4, "nonogram"),
    ]
    assert kinds("--sort", "size", "--sort", "kind") == in_book
    assert load_book(book).entries[0].document.kind == "nonogram", "the book file is as it was"


def test_export_book_sets_cells_rules_font_and_solutions_a_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = two_kinds(capsys, tmp_path)
    pdf = tmp_path / "b.pdf"
    argv = ["export-book", str(book), "-o", str(pdf), "--json", "--font", "DejaVu Serif"]
    look = ["--thin-rule", "0.5", "--thick-rule", "1.5", "--solutions-per-page", "1"]
    status, out, err = run(capsys, *argv, *look, "--least-cell", "3", "--largest-cell", "3.5")
    assert status == 0
    # 3.5 mm cells print their numbers at 5.5 pt, under the 6 pt legibility floor: said.
    assert err.splitlines()
    assert all("prints too small to read: numbers of 5.5 pt" in line for line in err.splitlines())
    records = json_lines(out)
    assert {r["cell_mm"] for r in records} == {3.5}
    assert len({r["solution_page"] for r in records}) == 4, "one solution a page"
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in PdfReader(pdf).pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert "/DejaVuSerif-Bold" in fonts
    status, out, _ = run(capsys, *argv, "--least-cell", "7", "--largest-cell", "20")
    assert status == 0
    assert all(r["cell_mm"] >= 7 for r in json_lines(out))
    status, out, _ = run(capsys, *argv, "--least-cell", "auto", "--solutions-per-page", "auto")
    assert status == 0
    assert len({r["solution_page"] for r in json_lines(out)}) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--thin-rule", "0.1"], "thin rules of 0.1 pt; they must be 0.25 to 4 pt"),
        (["--thin-rule", "2", "--thick-rule", "1"], "thick rules of 1 pt are thinner than"),
        (["--least-cell", "9"], "the least cell of 9 mm; it must be 2 to 8 mm"),
        (["--least-cell", "6", "--largest-cell", "5"], "the largest cell (5 mm) is smaller"),
        (["--font", "No Such Family"], "the font family 'No Such Family' is not installed"),
    ],
)
def test_export_book_refuses_a_look_out_of_range_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], message: str
) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    formats.save(document_of_picture("nonogram", grid_from_text(["#.", "##"])), folder / "p.json")
    pdf = tmp_path / "p.pdf"
    status, _, err = run(capsys, "export-book", str(folder), "-o", str(pdf), *options)
    assert status == 2
    assert_one_error_line(err, message)
    assert not pdf.exists()


@pytest.mark.parametrize("bleed", ["-1", "13", "nan", "3mm"])
def test_export_book_refuses_a_bleed_no_press_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bleed: str
) -> None:
    book = tmp_path / "b.book.json"
    status, _, err = run(
        capsys, "export-book", str(book), "-o", str(tmp_path / "b.pdf"), "--bleed", bleed
    )
    assert status == 2
    assert "--bleed: expected 0 to 12.7 mm" in err


def test_export_book_warns_about_ambiguous_puzzles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    formats.save(document_of_picture("nonogram", grid_from_text(["#.", ".#"])), folder / "d.json")
    status, _, err = run(capsys, "export-book", str(folder), "-o", str(tmp_path / "p.pdf"))
    assert status == 0
    assert err == "studio: warning: #1: has several solutions\n"


def test_export_book_warns_of_puzzles_too_small_to_read_and_titles_cut(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A 75×50 nonogram prints on 6×9 in at about 3 pt (preflight, tests/render/book)."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    picture = np.ones((50, 75), dtype=bool)  # unique, at once
    title = "A Garden Party with a Rather Long Title That Cannot Fit Above Its Puzzle"
    formats.save(document_of_picture("nonogram", picture, title=title), folder / "big.json")
    pdf = tmp_path / "p.pdf"
    status, _, err = run(capsys, "export-book", str(folder), "-o", str(pdf), "--page-size", "6x9")
    assert status == 0
    lines = err.splitlines()
    assert lines[0].startswith(f"studio: warning: #1 {title} (75×50): prints too small to read: ")
    assert lines[0].endswith("(6 pt and 2 mm at least)")
    assert lines[1].startswith(f"studio: warning: #1 {title}: its title is cut to fit ")
    assert len(lines) == 2
    assert pdf.exists()


def test_export_book_refuses_an_output_that_is_not_a_pdf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """It wrote a PDF named x.png."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    formats.save(document_of_picture("nonogram", grid_from_text(["#.", "##"])), folder / "p.json")
    for name, pdf in (("x.png", "x.pdf"), ("book", "book.pdf")):
        status, out, err = run(capsys, "export-book", str(folder), "-o", str(tmp_path / name))
        assert (status, out) == (2, "")
        assert_one_error_line(err, f"{tmp_path / name}: export-book writes a PDF; name it")
        assert err.rstrip().endswith(str(tmp_path / pdf))
        assert not (tmp_path / name).exists()
    assert run(capsys, "export-book", str(folder), "-o", str(tmp_path / "x.PDF"))[0] == 0


def test_export_book_names_each_file_of_a_folder_it_cannot_read_and_prints_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A truncated file, a binary one and one from a newer studio: each named in one line
    (file, line, what was expected), the others printed, exit status 2; with none left, the
    folder's error follows the files'."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    good = document_of_picture("nonogram", grid_from_text(["#.", "##"]))
    formats.save(good, folder / "a.json")
    text = (folder / "a.json").read_text()
    (folder / "b.json").write_text(text[: len(text) // 2])
    (folder / "c.json").write_bytes(bytes(range(128, 256)))
    (folder / "d.json").write_text(re.sub(r'"version": *\d+', '"version": 99', text))
    pdf = tmp_path / "p.pdf"
    status, out, err = run(capsys, "export-book", str(folder), "-o", str(pdf))
    assert status == 2
    assert "1 puzzle (1 a page)" in out
    lines = err.splitlines()
    assert lines[0].startswith(f"studio: error: {folder / 'b.json'}, line ")
    assert "invalid JSON" in lines[0]
    assert lines[1] == f"studio: error: {folder / 'c.json'}, line 1: not UTF-8 text (byte 0x80)"
    assert lines[2].startswith(f"studio: error: {folder / 'd.json'}: made by a newer")
    assert len(lines) == 3
    assert len(PdfReader(pdf).pages) > 0
    (folder / "a.json").unlink()
    status, out, err = run(capsys, "export-book", str(folder), "-o", str(tmp_path / "q.pdf"))
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == f"studio: error: {folder}: no puzzle documents in this folder"
    assert len(err.splitlines()) == 4
    assert not (tmp_path / "q.pdf").exists()


def test_export_draws_the_solution_view(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "solution.png"
    assert run(capsys, "export", GAME_ID, "-o", str(target), "--solution")[0] == 0
    assert target.read_bytes().startswith(b"\x89PNG")
    status, _, err = run(capsys, "export", AMBIGUOUS, "-o", str(target), "--solution")
    assert status == 2
    assert_one_error_line(err, "solution view needs a unique solution")


def test_export_cell_in_millimetres_and_the_png_resolution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """GAME_ID is 5x5 with clues two deep: 7 slots a side, 8 cells with the margins."""
    png = tmp_path / "p.png"
    assert run(capsys, "export", GAME_ID, "-o", str(png), "--cell-mm", "5", "--dpi", "300")[0] == 0
    with Image.open(png) as image:
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert image.size == (8 * 59 + 1, 8 * 59 + 1)  # 5 mm at 300 dpi: 59 whole pixels
    svg = tmp_path / "p.svg"
    assert run(capsys, "export", GAME_ID, "-o", str(svg), "--cell-mm", "5")[0] == 0
    assert re.search(r'<svg width="40mm" height="40mm"', svg.read_text())
    pdf = tmp_path / "p.pdf"
    assert run(capsys, "export", GAME_ID, "-o", str(pdf), "--cell", "10")[0] == 0
    (page,) = PdfReader(pdf).pages
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (80, 80)


def test_export_include_solution(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pdf = tmp_path / "both.pdf"
    assert run(capsys, "export", GAME_ID, "-o", str(pdf), "--include-solution") == (0, "", "")
    assert len(PdfReader(pdf).pages) == 2
    png = tmp_path / "both.png"
    assert (
        run(capsys, "export", GAME_ID, "-o", str(png), "--include-solution", "--cell", "10")[0] == 0
    )
    with Image.open(png) as image:  # 5x5 with its clues is as high as wide: side by side
        assert image.size == ((8 + 7 + 1) * 10 + 1, 8 * 10 + 1)
    status, _, err = run(capsys, "export", AMBIGUOUS, "-o", str(png), "--include-solution")
    assert status == 2
    assert_one_error_line(err, "--include-solution needs a unique solution")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-o", "x.svg", "--dpi", "300"], "--dpi 300: only a PNG has a resolution, not"),
        (["-o", "x.png", "--cell", "10", "--cell-mm", "5"], "not allowed with argument --cell"),
        (["-o", "x.png", "--solution", "--include-solution"], "not allowed with argument"),
        (["-o", "x.png", "--cell-mm", "0"], "expected a positive number, got '0'"),
        (["-o", "x.png", "--cell-mm", "2000"], "--cell-mm 2000: the image would be 60 472 px wide"),
        (["-o", "x.png", "--cell-mm", "0.01"], "--cell-mm 0.01: a cell must be at least 1 px"),
        # Qt's dots a metre overflowed: a traceback.
        (["-o", "x.png", "--dpi", "999999999"], "--dpi: expected 1 to 10000 dots an inch"),
    ],
)
def test_export_size_options_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    argv = [a if not a.startswith("x.") else str(tmp_path / a) for a in argv]
    status, _, err = run(capsys, "export", GAME_ID, *argv)
    assert status == 2
    assert message in err
    assert not list(tmp_path.iterdir())
