"""``studio import-image`` (studio.cli.import_image): pictures printed, written to a file or a
folder, or analysed as JSON Lines; a bad image does not stop the others; the defaults (automatic
threshold, fit within 30x30 keeping the aspect ratio) are the core's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from studio.core import formats
from studio.core.grid import grid_to_text
from studio.core.pixelart import FIT_SIDE, ImportOptions, auto_threshold, import_picture
from tests.cli.conftest import (
    KEYS,
    assert_one_error_line,
    json_lines,
    run,
)


def test_import_image_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "import-image", "--help")
    text = " ".join(out.split())
    assert "(default: automatic, Otsu's threshold of the image)" in text
    assert f"fit within {FIT_SIDE}x{FIT_SIDE} keeping the aspect ratio)" in text


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
    """The L=100 pixel is filled under a threshold above 100, empty under 100 or less: --threshold
    overrides the automatic one."""
    assert run(capsys, "import-image", "--threshold", "100", str(images["a"]))[1] == "#..\n...\n"
    assert run(capsys, "import-image", "--threshold", "101", str(images["a"]))[1] == "#..\n..#\n"


def test_import_image_threshold_is_automatic_by_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Greys 60 and 90 on white 200: Otsu's threshold (lies between 91 and 200) fills both greys,
    where a fixed 80 would fill only one; and the command agrees with the core."""
    image = Image.new("L", (4, 1), 200)
    image.putpixel((0, 0), 60)
    image.putpixel((1, 0), 90)
    path = tmp_path / "greys.png"
    image.save(path)
    assert 90 < auto_threshold(image) <= 200
    assert run(capsys, "import-image", str(path))[1] == "##..\n"
    assert run(capsys, "import-image", "--threshold", "80", str(path))[1] == "#...\n"


@pytest.mark.parametrize(
    ("size", "expected"), [((300, 200), (30, 20)), ((200, 300), (20, 30)), ((16, 16), (16, 16))]
)
def test_import_image_default_size_fits_30_keeping_the_aspect(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    size: tuple[int, int],
    expected: tuple[int, int],
) -> None:
    """The issue's example: 300x200 becomes 30x20 (once a distorted 200x200 in the window);
    a 16x16 icon stays 16x16."""
    noise = np.random.default_rng(5).integers(0, 256, (size[1], size[0]), dtype=np.uint8)
    path = tmp_path / "photo.png"
    Image.fromarray(noise, "L").save(path)
    status, out, _ = run(capsys, "import-image", "--json", str(path))
    record = json_lines(out)[0]
    assert (status, record["width"], record["height"]) == (0, *expected)
    assert record["picture"] == grid_to_text(import_picture(path))
    _, out, _ = run(capsys, "import-image", "--size", "40x10", "--json", str(path))
    assert (json_lines(out)[0]["width"], json_lines(out)[0]["height"]) == (40, 10)
    fixed = import_picture(path, ImportOptions(threshold=128, shape=(10, 40)))
    _, out, _ = run(capsys, "import-image", "--size", "40x10", "--threshold", "128", str(path))
    assert out.splitlines() == grid_to_text(fixed)


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
