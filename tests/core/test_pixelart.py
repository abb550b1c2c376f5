"""Pixel-art import: which pixels come out filled, for every image mode, the automatic
threshold, the default size, and the errors.

Every behaviour test builds its own tiny image with Pillow (in memory or in ``tmp_path``) so the
expected cells are known by construction; the automatic threshold is checked against a brute
force over every threshold, the default size against exact fractions; the shared Tango icons and
X bitmaps are only read to check that real files import, and skip when absent.
"""

from __future__ import annotations

import re
import struct
import zlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from PIL import Image

from studio.core.errors import FormatError, StudioError
from studio.core.grid import BoolGrid, grid_from_text, grid_to_text
from studio.core.kinds import document_of_picture
from studio.core.pixelart import (
    DEFAULT_THRESHOLD,
    FIT_SIDE,
    MAX_IMAGE_PIXELS,
    MAX_SIDE,
    MIN_PIXEL_ART,
    OPAQUE_ALPHA,
    ImportOptions,
    auto_threshold,
    colours_from_image,
    default_shape,
    document_from_image,
    fit_within,
    import_document,
    import_picture,
    keep_aspect,
    open_image,
    otsu_threshold,
    picture_from_image,
    pixel_block,
    resolved_options,
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
    fixed = ImportOptions(threshold=DEFAULT_THRESHOLD)
    assert grid_to_text(picture_from_image(image, fixed)) == ["#..#"]


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
        bits = xbm_bits(path.read_text())
        own_size = ImportOptions(shape=bits.shape)
        assert np.array_equal(import_picture(path, own_size), bits), path.name


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


def test_large_image_is_scaled_down_to_fit_keeping_its_aspect(tmp_path: Path) -> None:
    path = tmp_path / "photo.png"
    big = np.full((MAX_SIDE + 50, 2 * MAX_SIDE), 255, dtype=np.uint8)
    big[: (MAX_SIDE + 50) // 2] = 0
    big[0, 0] = 1  # not pixel art in blocks
    Image.fromarray(big, "L").save(path)
    picture = import_picture(path)
    # 400 wide, 250 high: 30 columns and 250 * 30 / 400 = 18.75 rows.
    assert picture.shape == (19, FIT_SIDE)
    assert picture[:9].all()
    assert not picture[10:].any()
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
    scaled = picture_from_image(image, ImportOptions(threshold=DEFAULT_THRESHOLD, shape=shape))
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
    fixed = ImportOptions(threshold=DEFAULT_THRESHOLD)
    assert grid_to_text(picture_from_image(image, fixed)) == ["#" * 8, "." * 8]


# --- the automatic threshold (Otsu 1979) ------------------------------------------------------


def between_class_variances(levels: npt.NDArray[np.int64]) -> dict[int, float]:
    """Brute force: for every threshold t (1-255) that leaves pixels on both sides, the
    between-class variance of the pixels below t and the others, w0 w1 (m0 - m1)^2, from the
    pixels themselves with numpy's means (not from a histogram's running sums)."""
    variances = {}
    for t in range(1, 256):
        below, above = levels[levels < t], levels[levels >= t]
        if below.size and above.size:
            w0, w1 = below.size / levels.size, above.size / levels.size
            variances[t] = w0 * w1 * (below.mean() - above.mean()) ** 2
    return variances


@given(levels=hnp.arrays(np.int64, st.integers(1, 60), elements=st.integers(0, 255)))
def test_otsu_threshold_maximises_the_between_class_variance(
    levels: npt.NDArray[np.int64],
) -> None:
    threshold = otsu_threshold(np.bincount(levels, minlength=256))
    variances = between_class_variances(levels)
    if not variances:  # a single luminance: no split
        assert threshold is None
        return
    assert threshold is not None
    best = max(variances.values())
    assert variances[threshold] == pytest.approx(best, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize(
    ("low", "high", "expected"), [(0, 255, 128), (137, 187, 162), (10, 11, 11), (0, 1, 1)]
)
def test_otsu_threshold_splits_two_luminances_in_the_middle(
    low: int, high: int, expected: int
) -> None:
    """Every threshold from low + 1 to high splits two luminances alike: the middle one (the
    lower of two middles) is taken, and it is one of the brute force's maxima."""
    levels = np.array([low] * 3 + [high] * 5, dtype=np.int64)
    threshold = otsu_threshold(np.bincount(levels, minlength=256))
    assert threshold == expected
    variances = between_class_variances(levels)
    maxima = [t for t, v in variances.items() if v == pytest.approx(max(variances.values()))]
    assert maxima == list(range(low + 1, high + 1))
    assert threshold == maxima[(len(maxima) - 1) // 2]


@pytest.mark.parametrize("bad", [np.zeros(255, np.int64), np.full(256, -1), np.zeros(256) + 0.5])
def test_otsu_threshold_wants_a_histogram(bad: npt.NDArray[np.generic]) -> None:
    with pytest.raises(ValueError, match="256 non-negative integer"):
        otsu_threshold(bad)


def test_auto_threshold_ignores_transparent_pixels() -> None:
    """The histogram is of the opaque pixels only: the colour of a transparent background
    changes nothing."""
    pixels = np.zeros((4, 4, 4), dtype=np.uint8)  # transparent black
    pixels[1:3, 1:3] = (100, 100, 100, 255)
    pixels[1, 1] = pixels[2, 2] = (200, 200, 200, 255)
    on_black = Image.fromarray(pixels, "RGBA")
    pixels[..., :3] = np.where(pixels[..., 3:] == 0, 255, pixels[..., :3])
    on_white = Image.fromarray(pixels, "RGBA")
    assert auto_threshold(on_black) == auto_threshold(on_white) == 150  # 101 .. 200
    assert grid_to_text(picture_from_image(on_white)) == ["....", "..#.", ".#..", "...."]


@pytest.mark.parametrize(
    ("colour", "expected"),
    [((0, 0, 0, 255), "#"), ((255, 255, 255, 255), "."), ((0, 0, 0, 0), ".")],
)
def test_one_colour_falls_back_to_the_fixed_threshold(
    colour: tuple[int, ...], expected: str
) -> None:
    """One luminance cannot be split: a black silhouette is filled, white left empty."""
    image = Image.new("RGBA", (3, 2), colour)
    assert auto_threshold(image) == DEFAULT_THRESHOLD
    assert grid_to_text(picture_from_image(image)) == [expected * 3] * 2


@given(
    pixels=hnp.arrays(np.uint8, st.tuples(st.integers(1, 6), st.integers(1, 6), st.just(4))),
    invert=st.booleans(),
)
def test_the_default_threshold_is_the_automatic_one(
    pixels: npt.NDArray[np.uint8], invert: bool
) -> None:
    image = Image.fromarray(pixels, "RGBA")
    threshold = auto_threshold(image)
    picture = picture_from_image(image, ImportOptions(invert=invert))
    assert np.array_equal(picture, expected_picture(pixels, threshold, invert))
    assert resolved_options(image, ImportOptions(invert=invert)) == ImportOptions(
        threshold=threshold, invert=invert, shape=pixels.shape[:2]
    )


# --- the default size ----------------------------------------------------------------------------


def rounded(value: Fraction) -> int:
    """Halves up, in exact arithmetic."""
    return int(value + Fraction(1, 2))


@given(width=st.integers(1, 5000), height=st.integers(1, 5000), fit=st.integers(1, 60))
def test_fit_within_keeps_the_aspect_ratio(width: int, height: int, fit: int) -> None:
    rows, columns = fit_within(width, height, fit)
    if max(width, height) <= fit:
        assert (rows, columns) == (height, width)
        return
    scale = Fraction(fit, max(width, height))
    assert (rows, columns) == (max(1, rounded(height * scale)), max(1, rounded(width * scale)))
    assert max(rows, columns) == fit
    # Each side is within half a cell of the exact scaled side (unless held at 1 cell).
    assert abs(columns - width * scale) <= Fraction(1, 2) or columns == 1
    assert abs(rows - height * scale) <= Fraction(1, 2) or rows == 1


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        ((300, 200), (20, 30)),
        ((200, 300), (30, 20)),
        ((16, 16), (16, 16)),
        ((30, 8), (8, 30)),
        ((31, 31), (30, 30)),
        ((4000, 10), (1, 30)),
        ((640, 480), (23, 30)),
    ],
)
def test_fit_within_examples(size: tuple[int, int], expected: tuple[int, int]) -> None:
    assert fit_within(*size) == expected


def test_default_shape_of_a_photo_is_30_by_20() -> None:
    """The issue's example: a 300x200 image once defaulted to a distorted 200x200."""
    noise = np.random.default_rng(3).integers(0, 256, (200, 300), dtype=np.uint8)
    image = Image.fromarray(noise, "L")
    assert pixel_block(image) == 1
    assert default_shape(image) == (20, 30)
    assert picture_from_image(image).shape == (20, 30)


@given(
    pixels=hnp.arrays(np.uint8, st.tuples(st.integers(2, 12), st.integers(2, 12), st.just(4))),
    factor=st.integers(2, 6),
)
def test_pixel_block_finds_the_scale_of_pixel_art(
    pixels: npt.NDArray[np.uint8], factor: int
) -> None:
    # Pixel (0, 0) unlike its neighbours: the small picture itself is not drawn in blocks.
    pixels[0, 0] = (0, 0, 0, 255)
    pixels[0, 1:] = pixels[1:, 0] = (255, 255, 255, 255)
    large = np.kron(pixels, np.ones((factor, factor, 1), dtype=np.uint8))
    assert pixel_block(Image.fromarray(large, "RGBA")) == factor
    assert pixel_block(Image.fromarray(pixels, "RGBA")) == 1


def test_pixel_block_treats_pixels_alike_as_the_rule_does() -> None:
    """Transparent pixels of different colours, and opaque ones of one luminance, are alike."""
    pixels = np.zeros((2, 4, 4), dtype=np.uint8)
    pixels[0, :2] = (10, 20, 30, 0)
    pixels[0, 2:] = (0, 0, 0, 255)
    pixels[1, :2] = (200, 0, 0, 5)
    pixels[1, 2:] = (1, 1, 1, OPAQUE_ALPHA)
    pixels[1, 3] = (0, 0, 0, 255)
    assert pixel_block(Image.fromarray(np.kron(pixels, np.ones((3, 3, 1), np.uint8)), "RGBA")) == 3
    assert pixel_block(Image.new("L", (40, 40), 7)) == 1, "one colour tells no size"


def test_a_few_large_shapes_are_not_pixel_art() -> None:
    """Three stripes of 100 pixels are 3x2 blocks, but a 3x2 picture is not what was meant."""
    flag = Image.new("RGB", (300, 200), "white")
    flag.paste((0, 0, 0), (0, 0, 100, 200))
    assert pixel_block(flag) == 100
    assert max(300, 200) // 100 < MIN_PIXEL_ART
    assert default_shape(flag) == (20, 30)
    assert grid_to_text(picture_from_image(flag)) == ["#" * 10 + "." * 20] * 20


@given(
    width=st.integers(1, 4000),
    height=st.integers(1, 4000),
    side=st.integers(-5, MAX_SIDE + 50),
    by_columns=st.booleans(),
)
def test_keep_aspect_follows_the_image(
    width: int, height: int, side: int, by_columns: bool
) -> None:
    rows, columns = (
        keep_aspect(width, height, columns=side)
        if by_columns
        else keep_aspect(width, height, rows=side)
    )
    assert 1 <= rows <= MAX_SIDE
    assert 1 <= columns <= MAX_SIDE
    chosen, other = (columns, rows) if by_columns else (rows, columns)
    along, across = (width, height) if by_columns else (height, width)
    if chosen == min(max(1, side), MAX_SIDE) and other < MAX_SIDE:
        assert other == max(1, rounded(Fraction(chosen * across, along)))
    else:  # the other side was held at MAX_SIDE and the chosen one follows it
        assert other == MAX_SIDE
        assert chosen == min(MAX_SIDE, max(1, rounded(Fraction(MAX_SIDE * along, across))))


def test_keep_aspect_wants_one_side() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        keep_aspect(3, 2)
    with pytest.raises(ValueError, match="exactly one"):
        keep_aspect(3, 2, rows=1, columns=1)


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
    """The file holds no pixel data at all: only the header's size can have been checked.
    Past Pillow's own bomb limit the message is still ours."""
    path = tmp_path / "bomb.png"
    path.write_bytes(png_header_only(side, side))
    with pytest.raises(
        FormatError, match=rf"bomb\.png: .*more than the {MAX_IMAGE_PIXELS} pixels that can be"
    ):
        open_image(path)


def test_a_damaged_xbm_says_so_in_our_words(tmp_path: Path) -> None:
    path = tmp_path / "cut.xbm"
    path.write_bytes(b"#define icon_width 2x2_height\n")
    with pytest.raises(
        FormatError, match=r"/cut\.xbm: cannot read the image: its data is damaged or cut short$"
    ):
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
def test_every_shared_image_imports_at_its_pixel_size_or_fitted(folder: str, pattern: str) -> None:
    """Those of at most 30 pixels a side (every Tango icon, 34 of the X bitmaps) keep their
    size pixel for pixel; the three 32x32 X bitmaps (not drawn in blocks) become 30x30."""
    paths = shared_images(folder, pattern)
    assert paths
    for path in paths:
        with Image.open(path) as image:
            width, height = image.size
        picture = import_picture(path)
        if max(width, height) <= FIT_SIDE:
            assert picture.shape == (height, width), path.name
            own = import_picture(path, ImportOptions(threshold=auto_threshold(open_image(path))))
            assert np.array_equal(picture, own), path.name
        else:
            assert picture.shape == (FIT_SIDE, FIT_SIDE), path.name


@pytest.mark.parametrize("threshold", [DEFAULT_THRESHOLD, None], ids=["fixed", "automatic"])
def test_no_tango_icon_is_blank(threshold: int | None) -> None:
    """At 128 five of the icons came out blank; the fixed default was chosen to avoid that,
    and the automatic threshold avoids it too."""
    paths = shared_images("tango16", "*.png")
    options = ImportOptions(threshold=threshold)
    blank = [path.name for path in paths if not import_picture(path, options).any()]
    assert blank == []


@pytest.mark.parametrize("factor", [2, 3, 4])
def test_a_tango_icon_saved_larger_imports_as_the_icon(tmp_path: Path, factor: int) -> None:
    """A 16x16 icon saved at 2x, 3x or 4x (each pixel a block) gives the icon's own picture."""
    icon_path = shared_images("tango16", "emotes-face-smile.png")[0]
    icon = open_image(icon_path)
    large = tmp_path / "smile-large.png"
    icon.resize((16 * factor, 16 * factor), Image.Resampling.NEAREST).save(large)
    assert np.array_equal(import_picture(large), import_picture(icon_path))


def test_colours_quantise_the_opaque_pixels_by_area() -> None:
    """Transparent pixels are the background; the opaque ones keep their colours, numbered by
    how many cells each covers (most first)."""
    image = Image.new("RGBA", (3, 2), (0, 0, 0, 0))
    for xy, colour in (((0, 0), (0, 0, 255)), ((1, 0), (255, 0, 0)), ((2, 0), (255, 0, 0))):
        image.putpixel(xy, (*colour, 255))
    picture, palette = colours_from_image(image, ImportOptions(colours=4))
    assert picture.tolist() == [[2, 1, 1], [0, 0, 0]]
    assert palette is not None
    assert [colour.hex for colour in palette.colours] == ["#ffffff", "#ff0000", "#0000ff"]
    assert palette.chars == ".ab"


def test_colours_without_transparency_take_the_border_as_background() -> None:
    image = Image.new("RGB", (4, 4), (250, 250, 250))
    image.putpixel((1, 1), (200, 0, 0))
    image.putpixel((2, 1), (200, 0, 0))
    image.putpixel((2, 2), (0, 0, 200))
    picture, palette = colours_from_image(image, ImportOptions(colours=2))
    assert picture.tolist() == [[0, 0, 0, 0], [0, 1, 1, 0], [0, 0, 2, 0], [0, 0, 0, 0]]
    assert palette is not None
    assert palette.colours[0].rgb == (250, 250, 250)


def test_one_colour_is_the_black_and_white_import() -> None:
    image = Image.new("L", (3, 1), 255)
    image.putpixel((0, 0), 0)
    picture, palette = colours_from_image(image, ImportOptions(colours=1))
    assert palette is None
    assert np.array_equal(picture, picture_from_image(image))


def test_document_from_image_carries_the_palette_of_its_colours() -> None:
    """The one pipeline of import-image and the Import Image dialog: quantised picture,
    palette and clues of the kind; the same file through import_document gives the same."""
    image = Image.new("RGBA", (3, 2), (0, 0, 0, 0))
    for xy, colour in (((0, 0), (0, 0, 255)), ((1, 0), (255, 0, 0)), ((2, 0), (255, 0, 0))):
        image.putpixel(xy, (*colour, 255))
    document = document_from_image(image, ImportOptions(colours=3), title="flag")
    assert document.title == "flag"
    assert document.picture is not None
    assert document.picture.tolist() == [[2, 1, 1], [0, 0, 0]]
    assert document.palette is not None
    assert [colour.hex for colour in document.palette.colours] == ["#ffffff", "#ff0000", "#0000ff"]
    assert document.puzzle.colours == 2
    # The clues are the picture's: row 0 is a blue run of 1 touching a red run of 2.
    assert document.puzzle.rows[0] == (1, 2)
    assert document.puzzle.row_colours[0] == (2, 1)


def test_document_from_image_in_one_colour_is_black_and_white(tmp_path: Path) -> None:
    image = Image.new("L", (3, 1), 255)
    image.putpixel((0, 0), 0)
    document = document_from_image(image, kind="mosaic")
    assert document.palette is None
    assert document.kind == "mosaic"
    assert np.array_equal(document.picture, [[True, False, False]])
    path = tmp_path / "dot.png"
    image.save(path)
    assert import_document(path, kind="mosaic") == document_from_image(
        image, kind="mosaic", title="dot"
    )


def test_document_from_image_refuses_colours_for_a_black_and_white_kind() -> None:
    image = Image.new("RGB", (3, 1), (255, 255, 255))
    image.putpixel((0, 0), (255, 0, 0))
    image.putpixel((1, 0), (0, 0, 255))
    with pytest.raises(
        StudioError, match="a mosaic is black and white; this picture has 2 colours"
    ):
        document_from_image(image, ImportOptions(colours=2), kind="mosaic")
