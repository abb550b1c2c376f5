"""Pixel-art import: which pixels come out filled, for every image mode, and the errors.

Every behaviour test builds its own tiny image with Pillow (in memory or in ``tmp_path``) so the
expected cells are known by construction; the shared Tango icons and X bitmaps are only read to
check that real files import, and skip when absent.
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from PIL import Image

from studio.core.errors import FormatError
from studio.core.grid import BoolGrid, grid_from_text, grid_to_text
from studio.core.kinds import document_of_picture
from studio.core.pixelart import (
    DEFAULT_THRESHOLD,
    MAX_IMAGE_PIXELS,
    MAX_SIDE,
    OPAQUE_ALPHA,
    ImportOptions,
    import_document,
    import_picture,
    open_image,
    picture_from_image,
)
from tests.conftest import shared_path


def bt601(rgb: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Luminance of ``(..., 3)`` RGB as Pillow computes it (fixed point, rounded).

    Not ``(299 R + 587 G + 114 B) // 1000``: over all 2^24 colours that floor formula differs
    from Pillow's ``convert("L")`` on 8 380 358 colours, and rounding it still on 9 040; this
    one on none (checked exhaustively with Pillow 13).
    """
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    return (19595 * r + 38470 * g + 7471 * b + 0x8000) >> 16


def expected_picture(
    rgba: npt.NDArray[np.uint8], threshold: int = DEFAULT_THRESHOLD, invert: bool = False
) -> BoolGrid:
    """The documented rule, computed without Pillow: opaque, and dark (or light when inverted)."""
    opaque = rgba[..., 3] >= 128
    dark = bt601(rgba[..., :3]) < threshold
    result: BoolGrid = opaque & (dark ^ invert)
    return result


def grid(*rows: str) -> BoolGrid:
    return grid_from_text(rows)


def png_header_only(width: int, height: int) -> bytes:
    """A PNG signature and IHDR claiming ``width`` x ``height`` 8-bit grey, and no pixel data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def xbm_bits(text: str) -> BoolGrid:
    """An X bitmap's set bits, parsed independently of Pillow (rows padded to bytes, LSB first)."""
    width, height = (int(re.findall(rf"_{side}\s+(\d+)", text)[0]) for side in ("width", "height"))
    data = text[text.index("{") : text.index("}")]
    values = np.array([int(h, 16) for h in re.findall(r"0x[0-9a-fA-F]+", data)], dtype=np.uint8)
    row_bytes = (width + 7) // 8
    bits = np.unpackbits(values.reshape(height, row_bytes), axis=1, bitorder="little")
    result: BoolGrid = bits[:, :width].astype(bool)
    return result


# --- transparency ------------------------------------------------------------------------------


def test_rgba_alpha_below_the_cutoff_is_empty_whatever_the_colour() -> None:
    black, white = (0, 0, 0), (255, 255, 255)
    pixels = np.array(
        [
            [(*black, 255), (*black, 0), (*black, OPAQUE_ALPHA - 1), (*black, OPAQUE_ALPHA)],
            [(*white, 255), (*white, 0), (*white, OPAQUE_ALPHA - 1), (*white, OPAQUE_ALPHA)],
        ],
        dtype=np.uint8,
    )
    image = Image.fromarray(pixels, "RGBA")
    assert grid_to_text(picture_from_image(image)) == ["#..#", "...."]
    # Inverting swaps ink for opaque pixels only: the transparent background stays empty.
    assert grid_to_text(picture_from_image(image, ImportOptions(invert=True))) == ["....", "#..#"]


def test_la_uses_its_alpha_channel() -> None:
    pixels = np.array([[(0, 255), (0, 0), (255, 255), (255, 0)]], dtype=np.uint8)
    image = Image.fromarray(pixels, "LA")
    assert grid_to_text(picture_from_image(image)) == ["#..."]
    assert grid_to_text(picture_from_image(image, ImportOptions(invert=True))) == ["..#."]


def palette_image(indices: list[list[int]]) -> Image.Image:
    image = Image.fromarray(np.array(indices, dtype=np.uint8), "P")
    image.putpalette([0, 0, 0, 255, 255, 255, 200, 0, 0])  # black, white, red (L = 60)
    return image


def test_gif_transparency_index_makes_that_palette_entry_empty(tmp_path: Path) -> None:
    path = tmp_path / "icon.gif"
    palette_image([[0, 1, 2], [2, 0, 0]]).save(path, transparency=0)
    assert open_image(path).mode == "P"
    assert grid_to_text(import_picture(path)) == ["..#", "#.."]


def test_png_palette_per_entry_alpha(tmp_path: Path) -> None:
    path = tmp_path / "icon.png"
    # Entry alphas: black opaque, white opaque, red barely transparent.
    palette_image([[0, 1, 2], [2, 1, 0]]).save(path, transparency=bytes([255, 255, 127]))
    image = open_image(path)
    assert isinstance(image.info["transparency"], bytes)
    assert grid_to_text(import_picture(path)) == ["#..", "..#"]
    assert grid_to_text(import_picture(path, ImportOptions(invert=True))) == [".#.", ".#."]


def test_rgb_colour_key_is_transparent(tmp_path: Path) -> None:
    path = tmp_path / "key.png"
    pixels = np.array([[(0, 0, 0), (1, 2, 3), (255, 255, 255)]], dtype=np.uint8)
    Image.fromarray(pixels, "RGB").save(path, transparency=(1, 2, 3))
    assert grid_to_text(import_picture(path)) == ["#.."]
    assert grid_to_text(import_picture(path, ImportOptions(invert=True))) == ["..#"]


# --- modes without alpha -----------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".png", ".bmp", ".gif"])
def test_one_bit_black_is_filled(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"bits{suffix}"
    Image.fromarray(np.array([[False, True], [True, False]])).save(path)
    assert grid_to_text(import_picture(path)) == ["#.", ".#"]


def test_grey_threshold_boundary() -> None:
    """Filled means strictly below the threshold; inverted, at or above it."""
    t = 100
    image = Image.fromarray(np.array([[t - 1, t, t + 1]], dtype=np.uint8), "L")
    assert grid_to_text(picture_from_image(image, ImportOptions(threshold=t))) == ["#.."]
    inverted = ImportOptions(threshold=t, invert=True)
    assert grid_to_text(picture_from_image(image, inverted)) == [".##"]


def test_threshold_extremes() -> None:
    image = Image.fromarray(np.array([[0, 255]], dtype=np.uint8), "L")
    assert grid_to_text(picture_from_image(image, ImportOptions(threshold=0))) == [".."]
    assert grid_to_text(picture_from_image(image, ImportOptions(threshold=255))) == ["#."]
    assert grid_to_text(picture_from_image(image, ImportOptions(threshold=0, invert=True))) == [
        "##"
    ]


def test_sixteen_bit_grey_uses_the_high_byte_and_its_colour_key(tmp_path: Path) -> None:
    path = tmp_path / "deep.png"
    samples = np.array([[0, 0x7FFF, 0x8000, 0xFFFF, 1000]], dtype=np.uint16)
    Image.fromarray(samples).save(path, transparency=1000)
    assert open_image(path).mode == "I;16"
    # High bytes 0, 127, 128, 255, 3; the last sample is the transparent key.
    assert grid_to_text(import_picture(path, ImportOptions(threshold=128))) == ["##..."]
    inverted = ImportOptions(threshold=128, invert=True)
    assert grid_to_text(import_picture(path, inverted)) == ["..##."]


def test_32_bit_integer_grey_is_read_as_16_bit_samples() -> None:
    samples = np.array([[-5, 0x7FFF, 0x8000, 70000]], dtype=np.int32)
    image = Image.fromarray(samples)
    assert image.mode == "I"
    assert grid_to_text(picture_from_image(image, ImportOptions(threshold=128))) == ["##.."]


def test_cmyk_goes_through_pillows_rgb_conversion() -> None:
    image = Image.new("CMYK", (4, 1))
    for x, ink in enumerate([(0, 0, 0, 255), (255, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 128)]):
        image.putpixel((x, 0), ink)
    # Luminances 0, 179 (cyan), 255, 127.
    assert grid_to_text(picture_from_image(image)) == ["#..#"]


def test_mode_without_rgba_conversion_is_a_format_error() -> None:
    image = Image.new("La", (2, 2))
    try:
        image.convert("RGBA")
    except ValueError:
        pass
    else:
        pytest.skip("this Pillow converts La to RGBA; pick another unconvertible mode")
    with pytest.raises(FormatError, match="La image"):
        picture_from_image(image)


# --- XBM ---------------------------------------------------------------------------------------

TINY_XBM = """#define tiny_width 10
#define tiny_height 3
static char tiny_bits[] = {
   0x01, 0x02, 0xfe, 0x00, 0x00, 0x03 };
"""


def test_xbm_set_bits_are_filled(tmp_path: Path) -> None:
    path = tmp_path / "tiny.xbm"
    path.write_text(TINY_XBM)
    expected = ["#........#", ".#######..", "........##"]
    assert grid_to_text(xbm_bits(TINY_XBM)) == expected
    assert grid_to_text(import_picture(path)) == expected


def test_xbm_invert_fills_exactly_the_clear_bits(tmp_path: Path) -> None:
    """1-bit XBMs have no transparency: invert fills exactly the clear bits."""
    path = tmp_path / "tiny.xbm"
    path.write_text(TINY_XBM)
    assert np.array_equal(import_picture(path, ImportOptions(invert=True)), ~xbm_bits(TINY_XBM))


def test_shared_xbms_match_their_hex_data() -> None:
    folder = shared_path("data", "pixelart", "xbitmaps")
    paths = sorted(folder.glob("*.xbm"))
    assert paths
    star = folder / "star.xbm"
    assert grid_to_text(import_picture(star))[1] == ".......#........"  # 0x80, 0x00
    for path in paths:
        assert np.array_equal(import_picture(path), xbm_bits(path.read_text())), path.name


# --- frames and scaling ------------------------------------------------------------------------


def test_animated_gif_uses_the_first_frame(tmp_path: Path) -> None:
    path = tmp_path / "blink.gif"
    first = palette_image([[0, 1, 1]])
    second = palette_image([[1, 1, 0]])
    first.save(path, save_all=True, append_images=[second], duration=100, loop=0)
    with Image.open(path) as check:
        assert getattr(check, "n_frames", 1) == 2
    assert grid_to_text(import_picture(path)) == ["#.."]


def test_scaling_down_picks_one_pixel_per_cell() -> None:
    blocks = np.kron(np.array([[0, 255], [255, 0]], dtype=np.uint8), np.ones((3, 3), np.uint8))
    image = Image.fromarray(blocks, "L")
    assert grid_to_text(picture_from_image(image, ImportOptions(shape=(2, 2)))) == ["#.", ".#"]


def test_scaling_to_an_unequal_shape() -> None:
    image = Image.fromarray(np.array([[0, 255]], dtype=np.uint8), "L")
    picture = picture_from_image(image, ImportOptions(shape=(3, 4)))
    assert grid_to_text(picture) == ["##..", "##..", "##.."]


def test_large_image_needs_a_target_size(tmp_path: Path) -> None:
    path = tmp_path / "photo.png"
    big = np.full((MAX_SIDE + 50, 2 * MAX_SIDE), 255, dtype=np.uint8)
    big[: (MAX_SIDE + 50) // 2] = 0
    Image.fromarray(big, "L").save(path)
    with pytest.raises(FormatError, match=r"photo\.png.*target size"):
        import_picture(path)
    picture = import_picture(path, ImportOptions(shape=(10, 20)))
    assert picture.shape == (10, 20)
    assert picture[:5].all()
    assert not picture[5:].any()


@given(
    pixels=hnp.arrays(np.uint8, st.tuples(st.integers(1, 4), st.integers(1, 4), st.just(4))),
    factor=st.tuples(st.integers(1, 3), st.integers(1, 3)),
)
def test_integer_upscaling_repeats_cells(
    pixels: npt.NDArray[np.uint8], factor: tuple[int, int]
) -> None:
    height, width = pixels.shape[:2]
    image = Image.fromarray(pixels, "RGBA")
    shape = (height * factor[0], width * factor[1])
    scaled = picture_from_image(image, ImportOptions(shape=shape))
    assert np.array_equal(scaled, np.kron(expected_picture(pixels), np.ones(factor, dtype=bool)))


# --- the rule, against an independent computation ----------------------------------------------


@given(
    pixels=hnp.arrays(np.uint8, st.tuples(st.integers(1, 6), st.integers(1, 6), st.just(4))),
    threshold=st.integers(0, 255),
    invert=st.booleans(),
)
def test_rgba_picture_follows_the_documented_rule(
    pixels: npt.NDArray[np.uint8], threshold: int, invert: bool
) -> None:
    image = Image.fromarray(pixels, "RGBA")
    picture = picture_from_image(image, ImportOptions(threshold=threshold, invert=invert))
    assert picture.dtype == np.bool_
    assert picture.shape == pixels.shape[:2]
    assert np.array_equal(picture, expected_picture(pixels, threshold, invert))


def test_picture_from_image_leaves_the_image_alone() -> None:
    image = Image.fromarray(np.array([[0, 255]], dtype=np.uint8), "L")
    before = image.tobytes()
    picture_from_image(image, ImportOptions(shape=(4, 4), invert=True))
    assert (image.mode, image.size, image.tobytes()) == ("L", (2, 1), before)


def test_default_threshold_separates_tango_outlines_from_fills() -> None:
    """The evidence behind DEFAULT_THRESHOLD: Tango draws outlines in the darkest shade of a hue
    (and Aluminium 4-6) and bodies and highlights in the lighter shades."""
    outlines = ["c4a000", "ce5c00", "8f5902", "4e9a06", "204a87", "5c3566", "a40000", "888a85"]
    lights = ["fce94f", "edd400", "fcaf3e", "e9b96e", "8ae234", "73d216", "eeeeec", "babdb6"]
    colours = [[tuple(bytes.fromhex(h)) for h in row] for row in (outlines, lights)]
    image = Image.fromarray(np.array(colours, dtype=np.uint8), "RGB")
    assert grid_to_text(picture_from_image(image)) == ["#" * 8, "." * 8]


# --- errors ------------------------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.png"
    with pytest.raises(FormatError, match=r"nowhere\.png: no such file"):
        import_picture(path)


def test_text_file_named_png(tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("row 1: 3 1\n")
    with pytest.raises(FormatError, match=r"notes\.png: not a readable PNG"):
        open_image(path)


def test_unsupported_format(tmp_path: Path) -> None:
    path = tmp_path / "scan.tiff"
    Image.new("L", (2, 2)).save(path)
    with pytest.raises(FormatError, match=r"scan\.tiff: not a readable"):
        import_picture(path)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match=re.escape(str(tmp_path))):
        import_picture(tmp_path)


@pytest.mark.parametrize(("width", "height"), [(0, 0), (0, 5), (5, 0)])
def test_zero_size_png(tmp_path: Path, width: int, height: int) -> None:
    path = tmp_path / "empty.png"
    path.write_bytes(png_header_only(width, height))
    with pytest.raises(FormatError, match=r"empty\.png"):
        import_picture(path)


def test_zero_size_image_in_memory() -> None:
    with pytest.raises(FormatError, match="no pixels"):
        picture_from_image(Image.new("L", (0, 3)))


@pytest.mark.parametrize(
    "side", [int(MAX_IMAGE_PIXELS**0.5) + 1, 20_000], ids=["over-our-limit", "pillow-bomb"]
)
def test_huge_image_is_refused_before_decoding(tmp_path: Path, side: int) -> None:
    """The file holds no pixel data at all: only the header's size can have been checked."""
    path = tmp_path / "bomb.png"
    path.write_bytes(png_header_only(side, side))
    with pytest.raises(FormatError, match=r"bomb\.png: .*pixels"):
        open_image(path)


def test_truncated_png(tmp_path: Path) -> None:
    path = tmp_path / "cut.png"
    noise = np.random.default_rng(7).integers(0, 256, (64, 64), dtype=np.uint8)
    Image.fromarray(noise, "L").save(path)
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(FormatError, match=r"cut\.png: cannot read the image"):
        import_picture(path)


@pytest.mark.parametrize("shape", [(0, 5), (5, 0), (-1, 4), (MAX_SIDE + 1, 10)])
def test_bad_target_shape_names_the_file(tmp_path: Path, shape: tuple[int, int]) -> None:
    path = tmp_path / "icon.png"
    Image.new("L", (4, 4)).save(path)
    with pytest.raises(FormatError, match=r"icon\.png: target size .* out of range"):
        import_picture(path, ImportOptions(shape=shape))


@pytest.mark.parametrize("threshold", [-1, 256])
def test_bad_threshold_names_the_file(tmp_path: Path, threshold: int) -> None:
    path = tmp_path / "icon.png"
    Image.new("L", (4, 4)).save(path)
    with pytest.raises(FormatError, match=r"icon\.png: threshold must be 0 to 255"):
        import_picture(path, ImportOptions(threshold=threshold))


# --- documents and real files ------------------------------------------------------------------


def test_import_document_is_a_nonogram_titled_by_the_stem(tmp_path: Path) -> None:
    path = tmp_path / "little heart.v2.png"
    rows = [".#.#.", "#####", ".###.", "..#.."]
    Image.fromarray(np.where(grid(*rows), 0, 255).astype(np.uint8), "L").save(path)
    document = import_document(path)
    assert document == document_of_picture("nonogram", grid(*rows), title="little heart.v2")
    assert document.kind == "nonogram"


def shared_images(folder: str, pattern: str) -> list[Path]:
    directory = shared_path("data", "pixelart", folder)
    return sorted(directory.glob(pattern))


@pytest.mark.parametrize(("folder", "pattern"), [("tango16", "*.png"), ("xbitmaps", "*.xbm")])
def test_every_shared_image_imports_at_its_pixel_size(folder: str, pattern: str) -> None:
    paths = shared_images(folder, pattern)
    assert paths
    for path in paths:
        with Image.open(path) as image:
            width, height = image.size
        assert import_picture(path).shape == (height, width), path.name


def test_no_tango_icon_is_blank_at_the_default_threshold() -> None:
    """At 128 five of the icons came out blank; the default was chosen to avoid that."""
    paths = shared_images("tango16", "*.png")
    blank = [path.name for path in paths if not import_picture(path).any()]
    assert blank == []
