"""Colour nonograms on the command line: ``analyze --json``, ``solve`` and ``hint`` spell a webpbn
colour puzzle's cells in the file's own characters; ``import-image --colors K`` quantises an icon
and lists its ``colors``, warning of those that look alike; ``--colors 1`` is the
black-and-white import, byte for byte; ``export`` and ``export-book`` draw in colour and warn
of colours that print alike in greyscale."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from studio.core import formats
from studio.core.grid import colour_grid_from_text, grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.palette import Colour, Palette
from tests.cli.conftest import assert_one_error_line, json_lines, run

WEBPBN = """<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<color name="white" char=".">FFFFFF</color>
<color name="black" char="X">000000</color>
<color name="red" char="r">FF0000</color>
<clues type="columns">
<line><count>1</count><count color="red">1</count></line>
<line><count color="red">2</count></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="red">1</count><count>1</count></line>
<line><count color="red">2</count></line>
</clues>
</puzzle>
</puzzleset>
"""


@pytest.fixture
def webpbn(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.xml"
    path.write_text(WEBPBN)
    return path


def test_analyze_json_spells_the_solution_in_the_files_chars(
    capsys: pytest.CaptureFixture[str], webpbn: Path
) -> None:
    status, out, _ = run(capsys, "analyze", "--json", str(webpbn))
    assert status == 0
    (record,) = json_lines(out)
    assert record["status"] == "unique"
    assert record["solution"] == ["XrX", "rr."]


def test_solve_prints_the_colour_solution(capsys: pytest.CaptureFixture[str], webpbn: Path) -> None:
    assert run(capsys, "solve", str(webpbn))[1] == "XrX\nrr.\n"


def test_the_impossible_line_is_named_with_its_colour(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The row is black then red; the first column holds one red cell, the second one black.
    crossed = WEBPBN.split("<clues")[0] + (
        '<clues type="columns">\n<line><count color="red">1</count></line>\n'
        "<line><count>1</count></line>\n</clues>\n"
        '<clues type="rows">\n<line><count>1</count><count color="red">1</count></line>\n'
        "</clues>\n</puzzle>\n</puzzleset>\n"
    )
    path = tmp_path / "crossed.xml"
    path.write_text(crossed)
    (record,) = json_lines(run(capsys, "analyze", "--json", str(path))[1])
    assert record["status"] == "none"
    assert record["contradiction"] == "column 1 cannot hold 1 in red"  # the file's name
    out = run(capsys, "analyze", str(path))[1]
    assert "No solution: column 1 cannot hold 1 in red" in out


def test_an_invalid_colour_puzzle_names_the_colour_by_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The last row's clue becomes 3 red: the rows hold four red cells, the columns three.
    last_row = '<line><count color="red">2</count></line>\n</clues>\n</puzzle>'
    assert last_row in WEBPBN
    path = tmp_path / "uneven.xml"
    path.write_text(WEBPBN.replace(last_row, last_row.replace(">2<", ">3<")))
    status, _, err = run(capsys, "analyze", str(path))
    assert status == 2
    assert_one_error_line(err, "the row clues add up to 4 cells of red, the column clues to 3")


@pytest.fixture
def icon(tmp_path: Path) -> Path:
    """A 4x2 icon: transparent, then red twice, blue, green on the second row."""
    image = Image.new("RGBA", (4, 2), (0, 0, 0, 0))
    for x, colour in enumerate([(200, 0, 0), (200, 0, 0), (0, 0, 200), (0, 150, 0)]):
        image.putpixel((x, 1), (*colour, 255))
    image.putpixel((1, 0), (200, 0, 0, 255))
    path = tmp_path / "icon.png"
    image.save(path)
    return path


def test_import_image_colors_lists_them_background_first(
    capsys: pytest.CaptureFixture[str], icon: Path
) -> None:
    status, out, _ = run(capsys, "import-image", str(icon), "--colors", "3", "--json")
    assert status == 0
    (record,) = json_lines(out)
    assert record["colors"] == ["#ffffff", "#c80000", "#0000c8", "#009600"]
    assert record["picture"] == [".a..", "aabc"]
    assert record["solution"] == record["picture"]


def test_import_image_warns_of_colours_that_look_alike_and_imports_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An icon whose gradient ends in a near-white: said on stderr, the puzzle made all the
    same; the icon above, of colours apart, imports without a word."""
    icon = Image.new("RGB", (4, 2), (255, 255, 255))
    icon.putpixel((0, 0), (0, 0, 0))
    icon.putpixel((1, 0), (250, 250, 250))
    path = tmp_path / "pale.png"
    icon.save(path)
    status, out, err = run(capsys, "import-image", str(path), "--colors", "2", "--json")
    assert status == 0
    assert json_lines(out)[0]["colors"] == ["#ffffff", "#000000", "#fafafa"]
    assert err == f"studio: warning: {path}: #fafafa and the background look alike\n"


def test_import_image_colors_merges_down_to_k(
    capsys: pytest.CaptureFixture[str], icon: Path
) -> None:
    (record,) = json_lines(run(capsys, "import-image", str(icon), "--colors", "2", "--json")[1])
    assert len(record["colors"]) == 3
    assert {char for row in record["picture"] for char in row} <= {".", "a", "b"}


def test_import_image_one_colour_is_black_and_white(
    capsys: pytest.CaptureFixture[str], icon: Path
) -> None:
    (plain,) = json_lines(run(capsys, "import-image", str(icon), "--json")[1])
    (one,) = json_lines(run(capsys, "import-image", str(icon), "--colors", "1", "--json")[1])
    del plain["seconds"], one["seconds"]
    assert one == plain
    assert "colors" not in plain


def test_import_image_refuses_colours_for_a_mosaic(
    capsys: pytest.CaptureFixture[str], icon: Path
) -> None:
    status, _, err = run(capsys, "import-image", str(icon), "--colors", "3", "--kind", "mosaic")
    assert status == 2
    assert_one_error_line(err, "black and white", "3 colours")


def test_a_colour_puzzle_converts_to_a_text_grid_and_back(
    capsys: pytest.CaptureFixture[str], webpbn: Path, tmp_path: Path
) -> None:
    target = tmp_path / "tiny.json"
    assert run(capsys, "convert", str(webpbn), "-o", str(target))[0] == 0
    (record,) = json_lines(run(capsys, "analyze", "--json", str(target))[1])
    assert record["solution"] == ["XrX", "rr."]


def test_hint_walks_a_colour_puzzle_in_its_chars(
    capsys: pytest.CaptureFixture[str], webpbn: Path
) -> None:
    out = run(capsys, "hint", str(webpbn))[1]
    assert out.splitlines()[0] == (
        "1. row 1 (1 in black, 1 in red, 1 in black): colours X: r1 c1, r1 c3; colours r: r1 c2"
    )
    assert out.rstrip().endswith("solved by line logic in 4 steps")


# Drawing in colour ------------------------------------------------------------------------------


def test_export_draws_an_imported_icon_in_its_colours(
    capsys: pytest.CaptureFixture[str], icon: Path, tmp_path: Path
) -> None:
    """The icon's red, blue and green in the exported PNG, puzzle (clue boxes, key) and
    solution; they print apart in greyscale (L* 42, 24, 54): no warning."""
    document = tmp_path / "icon.json"
    assert run(capsys, "import-image", str(icon), "--colors", "3", "-o", str(document))[0] == 0
    target = tmp_path / "icon.png"
    status, _, err = run(
        capsys, "export", str(document), "-o", str(target), "--include-solution", "--cell", "20"
    )
    assert (status, err) == (0, "")
    pixels = np.asarray(Image.open(target).convert("RGB")).astype(np.int64)
    for rgb in ((200, 0, 0), (0, 0, 200), (0, 150, 0)):
        assert (np.abs(pixels - rgb).max(axis=2) == 0).sum() >= 3 * 20 * 20, rgb


def alike(folder: Path) -> Path:
    """A colour puzzle whose red and green are one grey on paper (L* 53 both)."""
    palette = Palette(
        (
            Colour("white", ".", (255, 255, 255)),
            Colour("red", "r", (255, 0, 0)),
            Colour("green", "g", (0, 148, 0)),
        )
    )
    picture = colour_grid_from_text(["rg.", ".gr", "r.g"], palette.chars)
    path = folder / "alike.json"
    formats.save(document_of_picture("nonogram", picture, palette=palette), path)
    return path


def test_export_warns_of_colours_alike_in_greyscale_and_writes_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = alike(tmp_path)
    target = tmp_path / "alike.pdf"
    status, out, err = run(capsys, "export", str(source), "-o", str(target))
    assert (status, out) == (0, "")
    assert err == f"studio: warning: {source}: red and green would print alike in greyscale\n"
    assert target.read_bytes().startswith(b"%PDF")


def test_export_book_warns_per_puzzle_and_prints_the_colour_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A folder of a black-and-white puzzle (1) and the colour one (2): one warning line for
    puzzle 2, the PDF written with the colour section and its rules page."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    heart = grid_from_text([".#.#.", "#####", "#####", ".###.", "..#.."])
    formats.save(document_of_picture("nonogram", heart), folder / "a-heart.json")
    alike(folder)
    target = tmp_path / "book.pdf"
    status, out, err = run(capsys, "export-book", str(folder), "-o", str(target), "--json")
    assert status == 0
    assert err == "studio: warning: #2: red and green would print alike in greyscale\n"
    assert [record["number"] for record in json_lines(out)] == [1, 2]
    text = " ".join(
        unicodedata.normalize("NFKC", page.extract_text()) for page in PdfReader(target).pages
    )
    assert "How to solve Colour Nonogram puzzles" in " ".join(text.split())
    assert "runs of different colours may touch" in " ".join(text.split())
