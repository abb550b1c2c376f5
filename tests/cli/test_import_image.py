"""``studio import-image`` (studio.cli.import_image): pictures printed, written to a file or a
folder, or analysed as JSON Lines; a bad image does not stop the others."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from studio.core import formats
from studio.core.grid import grid_to_text
from studio.core.pixelart import DEFAULT_THRESHOLD
from tests.cli.conftest import (
    KEYS,
    assert_one_error_line,
    json_lines,
    run,
)


def test_import_image_help_shows_the_default_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "import-image", "--help")
    assert f"(default: {DEFAULT_THRESHOLD})" in " ".join(out.split())


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
