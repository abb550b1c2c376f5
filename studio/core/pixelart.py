"""Pixel-art import: an image file becomes a boolean picture and then a nonogram.

The rule, for every pixel of the (optionally rescaled) image:

* **Alpha decides whether a pixel belongs to the picture.** A pixel whose alpha is below
  :data:`OPAQUE_ALPHA` (128) is empty, whatever its colour and whether or not ``invert`` is set:
  the transparent background of an icon is never ink. Alpha is used directly rather than by
  compositing onto white because anti-aliased outline pixels (alpha 128-254) then keep their
  colour and icon outlines stay one unbroken line; compositing broke them (seen on the Tango
  icons). Transparency comes from the alpha channel (RGBA, LA, PA), from a palette's
  transparency index or per-entry alpha, or from a PNG colour key (``info["transparency"]``).
* **Luminance decides ink.** An opaque pixel is filled when its luminance is below
  ``threshold``; ``invert`` swaps filled and empty for opaque pixels only. The threshold is
  automatic unless given: Otsu's, computed on the luminance of the image's opaque pixels
  (:func:`auto_threshold`). Luminance is ITU-R BT.601 as computed by Pillow's ``convert("L")``:
  ``L = (19595 R + 38470 G + 7471 B + 32768) >> 16`` (0-255, rounded), after Pillow's
  conversion of the pixel to RGB (palette lookup, CMYK, ...). 16-bit grey (``I;16``, and
  ``I``, read as 16-bit samples) uses the high byte, as Pillow does for 16-bit RGB; Pillow's own
  ``convert("L")`` would clip every value above 255 to white.
* **XBM** bitmaps are read the X11 way: set bits are the foreground, drawn black, so they come
  out filled (Pillow reads them as white; :func:`open_image` corrects that).

Scaling to a target shape is nearest neighbour and happens before thresholding, so every cell of
the result is one pixel of the image, never a blend. Without a target shape an image that fits
within :data:`FIT_SIDE` x :data:`FIT_SIDE` pixels keeps its size, pixel for pixel (16x16 icons
stay 16x16); a larger one is scaled down to fit, keeping its aspect ratio, after pixel art drawn
at a whole multiple of its size (each pixel a uniform k x k block) is first taken at its own
size (:func:`default_shape`).

**Colour** (``ImportOptions.colours`` K > 1, :func:`colours_from_image`): transparent pixels
are the background as above; the opaque ones are quantised to at most K colours by Pillow's
median cut (``Image.quantize(method=MEDIANCUT)``, P. Heckbert, "Color image quantization for
frame buffer display", SIGGRAPH 1982; without dithering, so that every cell keeps one colour),
and the colours are numbered by how many cells they cover, most first (ties by RGB). An image
with no transparent pixel is quantised to K + 1 colours, and the one covering the most pixels
of its border becomes the background (white paper around a drawing). The luminance threshold
plays no part. K = 1 is the black-and-white rule above, unchanged.

Sources: N. Otsu, "A threshold selection method from gray-level histograms", IEEE Transactions
on Systems, Man, and Cybernetics 9(1), 62-66, 1979 (the automatic threshold).
"""

from __future__ import annotations

import io
import math
import os
import warnings
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageChops, UnidentifiedImageError

from studio.core import files
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import BoolGrid, ColourGrid, Picture
from studio.core.kinds import document_of_picture
from studio.core.palette import MAX_INKS, Palette

FORMATS: tuple[str, ...] = ("PNG", "GIF", "BMP", "XBM")
"""The Pillow formats :func:`open_image` reads; anything else is refused as unsupported."""

# Chosen from the 40 Tango 16x16 icons (RGBA) of ../shared/data/pixelart/tango16, pixels opaque
# at alpha >= 128. Threshold: mean share of filled pixels, unique puzzles (of the non-empty),
# pictures left empty:
#    96: 11.4 %, 13/34, 6 empty     128: 18.9 %, 11/35, 5 empty     144: 29.4 %, 12/40, 0 empty
#   152: 31.7 %, 16/40, 0 empty     160: 34.6 %, 18/40, 0 empty     192: 43.1 %, 28/40, 0 empty
# Looked at side by side, 128 loses the grey outlines of documents, devices and speech bubbles
# (Tango Aluminium 4 #888a85, L = 137) and leaves five icons blank; 144-152 still lose text lines
# drawn at L = 153-155; 192 floods the faces and swallows highlights (Aluminium 3 #babdb6,
# L = 187). 160 fills every Tango outline shade (the darkest shade of each hue, L <= 153) and
# keeps the light body shades empty (Chameleon 2 #73d216 is L = 160 exactly, hence "below").
# The 1-bit XBMs come out the same for any threshold from 1 to 255. Otsu's automatic threshold,
# the default now, gives 16/40 unique and no empty picture (benchmarks/pixelart_import.py).
DEFAULT_THRESHOLD: int = 160
"""Luminance (0-255): the fixed threshold chosen on the Tango icons. The automatic threshold
falls back to it when the opaque pixels have fewer than two luminances (Otsu's method needs two
classes); an opaque pixel is filled when its luminance is below the threshold."""

FIT_SIDE: int = 30
"""Without a target shape, an image larger than this many pixels a side is scaled down to fit
within ``FIT_SIDE`` x ``FIT_SIDE`` cells, keeping its aspect ratio (a 300x200 image becomes
30x20); a smaller one keeps its size."""

OPAQUE_ALPHA: int = 128
"""Alpha (0-255) from which a pixel counts as part of the picture; below it, it is empty."""

MIN_PIXEL_ART: int = 8
"""Fewest pixels on the longer side of pixel art found drawn at a multiple of its size
(:func:`default_shape`); the smallest X bitmaps in the shared data are 8x8."""

MAX_SIDE: int = 200
"""Largest number of rows or columns of an imported picture: larger nonograms are impractical."""

MAX_IMAGE_PIXELS: int = 4096 * 4096
"""Largest image (width x height) read at all; checked before decoding, against image bombs."""

_SIXTEEN_BIT_MODES = frozenset({"I;16", "I;16L", "I;16B", "I;16N", "I"})


@dataclass(frozen=True)
class ImportOptions:
    """How an image becomes a picture; validated by :func:`picture_from_image`.

    Attributes:
        threshold: luminance 0-255; an opaque pixel is filled when its luminance is below it.
            ``None`` (the default): automatic, :func:`auto_threshold` of the image.
        invert: fill the light opaque pixels instead of the dark ones (transparent pixels stay
            empty).
        shape: ``(height, width)`` of the result in cells, each 1 to :data:`MAX_SIDE`; the image
            is resampled to it by nearest neighbour. ``None`` (the default):
            :func:`default_shape` of the image, its own size when it fits within
            :data:`FIT_SIDE` x :data:`FIT_SIDE`.
        colours: at most this many ink colours, 1 to :data:`~studio.core.palette.MAX_INKS`;
            1 (the default) is black and white by the threshold, more quantises the opaque
            pixels (:func:`colours_from_image`; ``threshold`` and ``invert`` then play no
            part).
    """

    threshold: int | None = None
    invert: bool = False
    shape: tuple[int, int] | None = None
    colours: int = 1


_DEFAULT_OPTIONS = ImportOptions()


def open_image(path: str | os.PathLike[str]) -> Image.Image:
    """The first frame of a PNG, GIF, BMP or XBM file, fully decoded, the file closed.

    XBM bitmaps are returned with their set bits black (X11 draws set bits in the foreground
    colour); other images are returned as Pillow reads them, ``info["transparency"]`` included.

    Raises:
        FormatError: naming the file, when it is missing or unreadable, not a regular file or
            larger than :data:`~studio.core.files.IMAGE_FILE_LIMIT`, not one of
            :data:`FORMATS`, corrupt or truncated, has no pixels, or has more than
            :data:`MAX_IMAGE_PIXELS` pixels (checked from the header, before decoding).
    """
    name = os.fspath(path)
    data = files.read_bytes(name, limit=files.IMAGE_FILE_LIMIT, what="an image file")
    return image_from_bytes(data, name)


def image_from_bytes(data: bytes, source: str) -> Image.Image:
    """The first frame of the PNG, GIF, BMP or XBM image in ``data`` (a file's bytes, or an
    image pasted from the clipboard), fully decoded, as :func:`open_image` returns it.

    Raises:
        FormatError: naming ``source``, for data larger than
            :data:`~studio.core.files.IMAGE_FILE_LIMIT` or as :func:`open_image`.
    """
    files.check_size(len(data), files.IMAGE_FILE_LIMIT, "an image file", source)
    try:
        with warnings.catch_warnings():
            # Pillow warns of "decompression bombs" from 89 million pixels; our own limit,
            # checked below, is far lower and says so in one line.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as image:
                _check_pixel_count(image)
                image.load()
                frame = image.copy()
                if image.format == "XBM":
                    frame = ImageChops.invert(frame)
    except FormatError as error:
        raise error.located(source) from error
    except UnidentifiedImageError as error:
        # Pillow also refuses zero-size images here, without saying why.
        raise FormatError(
            f"not a readable {', '.join(FORMATS[:-1])} or {FORMATS[-1]} image", source=source
        ) from error
    except Image.DecompressionBombError as error:
        # Pillow refuses past twice its own limit before the header is ours to check.
        raise FormatError(
            f"image has more than the {MAX_IMAGE_PIXELS} pixels that can be imported",
            source=source,
        ) from error
    except OSError as error:  # Pillow's own words: "image file is truncated", a disk error
        raise FormatError(
            f"cannot read the image: {error.strerror or error}", source=source
        ) from error
    except (ValueError, EOFError, SyntaxError) as error:
        # A decoder's parse error ("invalid literal for int()") says nothing to a designer.
        raise FormatError(
            "cannot read the image: its data is damaged or cut short", source=source
        ) from error
    return frame


def picture_from_image(image: Image.Image, options: ImportOptions = _DEFAULT_OPTIONS) -> BoolGrid:
    """The picture of ``image`` under the rule of this module's docstring; ``image`` is unchanged.

    Args:
        image: any Pillow image of at least one pixel, in any mode Pillow can convert to RGBA
            (1, L, LA, P, PA, RGB, RGBA, CMYK, ...) or a 16-bit grey mode (I;16, I).
        options: threshold (``None``: automatic), invert and target shape (``None``: the
            default shape).

    Returns:
        A new bool array of shape ``(height, width)`` (the target shape, or
        :func:`default_shape`), True = filled.

    Raises:
        FormatError: for a threshold outside 0-255, a target shape outside 1 to
            :data:`MAX_SIDE` per side, an image with no pixels or more than
            :data:`MAX_IMAGE_PIXELS`, or a mode with no RGBA conversion. The error has no
            source: callers that know the file attach it (see :func:`import_picture`).
    """
    threshold, (height, width) = _resolve(image, options)
    if image.size != (width, height):
        image = image.resize((width, height), Image.Resampling.NEAREST)
    luminance, opaque = luminance_and_opacity(image)
    dark = luminance < threshold
    filled: BoolGrid = opaque & (dark != options.invert)
    return filled


def colours_from_image(
    image: Image.Image, options: ImportOptions = _DEFAULT_OPTIONS
) -> tuple[Picture, Palette | None]:
    """The picture of ``image`` in at most ``options.colours`` colours, by the colour rule of
    this module's docstring, with its palette (background first, the background's RGB white
    for a transparent one); for one colour, :func:`picture_from_image` and no palette. A
    picture whose opaque pixels come out in one colour is black and white too.

    Returns:
        ``(picture, palette)``: ``uint8`` ``(height, width)`` (0 the background, 1 to K by
        area) with its :class:`~studio.core.palette.Palette`; or bool and ``None``.

    Raises:
        FormatError: as :func:`picture_from_image`, and for ``colours`` outside 1 to
            :data:`~studio.core.palette.MAX_INKS`.
    """
    if not 1 <= options.colours <= MAX_INKS:
        raise FormatError(f"colours must be 1 to {MAX_INKS}, got {options.colours}")
    if options.colours == 1:
        return picture_from_image(image, options), None
    _, (height, width) = _resolve(image, options)
    if image.size != (width, height):
        image = image.resize((width, height), Image.Resampling.NEAREST)
    _, opaque = luminance_and_opacity(image)
    rgb = np.asarray(image.convert("RGB"), dtype=np.uint8)
    seen = opaque.any()
    background_rgb = (255, 255, 255)
    if opaque.all():
        values, table = _quantised(rgb.reshape(-1, 3), options.colours + 1)
        values = values.reshape(height, width)
        border = np.concatenate((values[0], values[-1], values[:, 0], values[:, -1]))
        paper = int(np.bincount(border, minlength=len(table)).argmax())
        background_rgb = table[paper]
        opaque = values != paper
        values, table = values[opaque], [rgb_ for index, rgb_ in enumerate(table) if index != paper]
        values = values - (values > paper)
    elif seen:
        values, table = _quantised(rgb[opaque], options.colours)
    else:
        return np.zeros((height, width), dtype=bool), None
    counts = np.bincount(values, minlength=len(table))
    order = sorted(
        (index for index in range(len(table)) if counts[index]),
        key=lambda index: (-counts[index], table[index]),
    )
    if len(order) < 2:
        return opaque.copy(), None
    rank = np.zeros(len(table), dtype=np.uint8)
    rank[order] = np.arange(1, len(order) + 1, dtype=np.uint8)
    picture: ColourGrid = np.zeros((height, width), dtype=np.uint8)
    picture[opaque] = rank[values]
    return picture, Palette.of_rgb([background_rgb, *(table[index] for index in order)])


def _quantised(
    pixels: npt.NDArray[np.uint8], colours: int
) -> tuple[npt.NDArray[np.intp], list[tuple[int, int, int]]]:
    """Pillow's median cut of ``pixels`` (``(n, 3)`` RGB) to at most ``colours``: each pixel's
    index and the table of RGB values."""
    strip = Image.fromarray(pixels.reshape(1, -1, 3), "RGB")
    quantised = strip.quantize(
        colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    indices = np.asarray(quantised, dtype=np.intp).ravel()
    flat = quantised.getpalette() or []
    count = int(indices.max()) + 1
    table = [(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]) for i in range(count)]
    return indices, table


def resolved_options(
    image: Image.Image, options: ImportOptions = _DEFAULT_OPTIONS
) -> ImportOptions:
    """``options`` with what they leave automatic filled in for ``image``, as
    :func:`picture_from_image` uses them: the threshold (:func:`auto_threshold`) and the shape
    (:func:`default_shape`).

    Raises:
        FormatError: as :func:`picture_from_image`, without a source.
    """
    threshold, shape = _resolve(image, options)
    return replace(options, threshold=threshold, shape=shape)


def _resolve(image: Image.Image, options: ImportOptions) -> tuple[int, tuple[int, int]]:
    """The threshold and ``(height, width)`` that ``options`` give for ``image``, checked; the
    image's pixels are read once, and only when something is automatic."""
    _check_pixel_count(image)
    if options.threshold is not None and not 0 <= options.threshold <= 255:
        raise FormatError(f"threshold must be 0 to 255, got {options.threshold}")
    if options.shape is not None:
        height, width = options.shape
        if not (1 <= height <= MAX_SIDE and 1 <= width <= MAX_SIDE):
            raise FormatError(
                f"target size of {height} rows and {width} columns is out of range: "
                f"each must be 1 to {MAX_SIDE}"
            )
    threshold, shape = options.threshold, options.shape
    if threshold is None or shape is None:
        luminance, opaque = luminance_and_opacity(image)
        if threshold is None:
            threshold = _auto_threshold(luminance, opaque)
        if shape is None:
            shape = _default_shape(luminance, opaque)
    return threshold, shape


def auto_threshold(image: Image.Image) -> int:
    """The automatic threshold of ``image`` (0-255): Otsu's (:func:`otsu_threshold`) over the
    luminance histogram of its opaque pixels only (a transparent background, whatever its
    colour, is no part of the picture), or :data:`DEFAULT_THRESHOLD` when those pixels have
    fewer than two luminances (a one-colour silhouette: black is then filled, white empty).

    Raises:
        FormatError: for an image with no pixels, more than :data:`MAX_IMAGE_PIXELS`, or a
            mode with no RGBA conversion.
    """
    _check_pixel_count(image)
    return _auto_threshold(*luminance_and_opacity(image))


def otsu_threshold(histogram: npt.ArrayLike) -> int | None:
    """Otsu's threshold of a 256-bin luminance histogram, as this module uses thresholds:
    pixels of luminance below it form one class (filled), the others the other class.

    Otsu (1979) chooses the split that maximises the between-class variance
    ``w0 w1 (m0 - m1)^2`` (class weights ``w``, class means ``m``), equivalently
    ``(N S0 - S n0)^2 / (n0 n1)`` with ``n0`` pixels of total luminance ``S0`` below the
    threshold out of ``N`` pixels of total ``S``; it is computed here in exact integer
    arithmetic, so ties are real ties. Between two neighbouring luminances that occur, every
    threshold splits the pixels alike; of all the thresholds that reach the maximum this returns
    the middle one (the lower of the two middles), so that black and white split at 128, not 1.

    Args:
        histogram: 256 non-negative pixel counts, index = luminance 0-255.

    Returns:
        The threshold, 1 to 255, or ``None`` when fewer than two luminances occur (no split
        leaves both classes non-empty).

    Raises:
        ValueError: for a histogram that is not 256 non-negative integers.
    """
    counts = np.asarray(histogram)
    if counts.shape != (256,) or not np.issubdtype(counts.dtype, np.integer) or (counts < 0).any():
        raise ValueError("a histogram is 256 non-negative integer counts")
    n_below = [int(n) for n in np.cumsum(counts, dtype=np.int64)]
    s_below = [int(s) for s in np.cumsum(counts.astype(np.int64) * np.arange(256))]
    total, weight = n_below[-1], s_below[-1]
    best: Fraction | None = None
    chosen: list[int] = []
    # Threshold t puts luminances 0 .. t-1 below; index t-1 of the running sums.
    for threshold in range(1, 256):
        n0, s0 = n_below[threshold - 1], s_below[threshold - 1]
        if n0 == 0 or n0 == total:
            continue
        variance = Fraction((total * s0 - weight * n0) ** 2, n0 * (total - n0))
        if best is None or variance > best:
            best, chosen = variance, [threshold]
        elif variance == best:
            chosen.append(threshold)
    return chosen[(len(chosen) - 1) // 2] if chosen else None


def default_shape(image: Image.Image, fit: int = FIT_SIDE) -> tuple[int, int]:
    """``(height, width)`` in cells that an image becomes without a target shape.

    * An image of at most ``fit`` pixels a side keeps its size, pixel for pixel.
    * A larger one that is pixel art drawn at a whole multiple ``k`` of its size (every pixel
      a uniform ``k`` x ``k`` block, :func:`pixel_block`) is first taken at its own size,
      ``1/k`` of the image: a 16x16 icon saved at 4x (64x64) becomes 16x16 again. Not when
      that size would have fewer than :data:`MIN_PIXEL_ART` pixels on its longer side: a
      300x200 flag of three stripes is three shapes, not 3x2 pixel art.
    * What is still larger than ``fit`` is scaled down to fit within ``fit`` x ``fit``,
      keeping its aspect ratio (:func:`fit_within`): 300x200 becomes 30x20.

    Raises:
        FormatError: for an image with no pixels, more than :data:`MAX_IMAGE_PIXELS`, or a
            mode with no RGBA conversion.
    """
    _check_pixel_count(image)
    width, height = image.size
    if width <= fit and height <= fit:
        return height, width
    return _default_shape(*luminance_and_opacity(image), fit=fit)


def fit_within(width: int, height: int, fit: int = FIT_SIDE) -> tuple[int, int]:
    """``(height, width)`` of a ``width`` x ``height`` image scaled down to fit within ``fit`` x
    ``fit``, keeping its aspect ratio: the longer side becomes ``fit`` and the other is rounded
    to the nearest whole cell (halves up), at least 1. An image that fits already keeps its size.

    Raises:
        ValueError: for a side or ``fit`` below 1.
    """
    if min(width, height, fit) < 1:
        raise ValueError(f"sides must be at least 1, got {width}x{height} within {fit}")
    longest = max(width, height)
    if longest <= fit:
        return height, width

    def scaled(side: int) -> int:
        # Exact: side * fit / longest, rounded half up, in integers.
        return max(1, (2 * side * fit + longest) // (2 * longest))

    return scaled(height), scaled(width)


def keep_aspect(
    width: int, height: int, *, columns: int | None = None, rows: int | None = None
) -> tuple[int, int]:
    """``(rows, columns)`` for a ``width`` x ``height`` image with one side chosen (``columns``
    or ``rows``) and the other following the image's aspect ratio, rounded (halves up), both 1
    to :data:`MAX_SIDE`. When the other side would pass :data:`MAX_SIDE`, it is held there
    and the chosen side follows it instead.

    Raises:
        ValueError: unless exactly one of ``columns`` and ``rows`` is given, or for a side
            below 1.
    """
    if (columns is None) == (rows is None):
        raise ValueError("give exactly one of columns and rows")
    if min(width, height) < 1:
        raise ValueError(f"sides must be at least 1, got {width}x{height}")

    def follow(side: int, along: int, across: int) -> int:
        return max(1, (2 * side * across + along) // (2 * along))

    if columns is not None:
        columns = min(max(1, columns), MAX_SIDE)
        rows = follow(columns, width, height)
        if rows > MAX_SIDE:
            rows = MAX_SIDE
            columns = min(MAX_SIDE, follow(rows, height, width))
        return rows, columns
    assert rows is not None
    rows = min(max(1, rows), MAX_SIDE)
    columns = follow(rows, height, width)
    if columns > MAX_SIDE:
        columns = MAX_SIDE
        rows = min(MAX_SIDE, follow(columns, width, height))
    return rows, columns


def pixel_block(image: Image.Image) -> int:
    """The side ``k`` of the largest uniform blocks ``image`` is drawn in: pixel art saved at
    ``k`` times its size, each of its pixels a ``k`` x ``k`` block aligned at the top left.
    1 for an image that is not, and for an image of one colour (nothing tells its size).
    Two pixels count as the same when this module's rule cannot tell them apart: both
    transparent, or both opaque of equal luminance.

    Raises:
        FormatError: for an image with no pixels, more than :data:`MAX_IMAGE_PIXELS`, or a
            mode with no RGBA conversion.
    """
    _check_pixel_count(image)
    return _pixel_block(*luminance_and_opacity(image))


def import_picture(
    path: str | os.PathLike[str], options: ImportOptions = _DEFAULT_OPTIONS
) -> BoolGrid:
    """:func:`picture_from_image` of :func:`open_image`; bool ``(height, width)``, True = filled.

    Raises:
        FormatError: naming the file, for every reason either function gives.
    """
    image = open_image(path)
    try:
        return picture_from_image(image, options)
    except FormatError as error:
        raise error.located(os.fspath(path)) from error


def document_from_image(
    image: Image.Image,
    options: ImportOptions = _DEFAULT_OPTIONS,
    kind: str = "nonogram",
    **metadata: Any,
) -> Document:
    """A document of ``kind`` (one drawn from a picture: nonogram, mosaic) made from
    :func:`colours_from_image` of ``image``: its picture (in ``options.colours`` colours at
    most) with its palette; ``metadata`` (``title``, ...) as
    :func:`~studio.core.kinds.document_of_picture`. What ``studio import-image`` and the Import
    Image dialog make, before the dialog's palette edits (:mod:`studio.core.palette_edit`).

    Raises:
        FormatError: as :func:`colours_from_image`, without a source.
        StudioError: for a kind not drawn from a picture, or colours for a black-and-white
            kind.
    """
    picture, palette = colours_from_image(image, options)
    return document_of_picture(kind, picture, palette=palette, **metadata)


def import_document(
    path: str | os.PathLike[str],
    options: ImportOptions = _DEFAULT_OPTIONS,
    kind: str = "nonogram",
) -> Document:
    """:func:`document_from_image` of :func:`open_image`, titled with the file's stem.

    Raises:
        FormatError: naming the file, for every reason either function gives.
        StudioError: as :func:`document_from_image`.
    """
    image = open_image(path)
    try:
        return document_from_image(image, options, kind, title=Path(path).stem)
    except FormatError as error:
        raise error.located(os.fspath(path)) from error


def _check_pixel_count(image: Image.Image) -> None:
    width, height = image.size
    if width == 0 or height == 0:
        raise FormatError(f"image is {width}x{height} pixels: it has no pixels")
    if width * height > MAX_IMAGE_PIXELS:
        raise FormatError(
            f"image is {width}x{height} pixels, more than the {MAX_IMAGE_PIXELS} pixels "
            "that can be imported"
        )


def _auto_threshold(luminance: npt.NDArray[np.uint8], opaque: npt.NDArray[np.bool_]) -> int:
    histogram = np.bincount(luminance[opaque], minlength=256)
    threshold = otsu_threshold(histogram)
    return DEFAULT_THRESHOLD if threshold is None else threshold


def _default_shape(
    luminance: npt.NDArray[np.uint8], opaque: npt.NDArray[np.bool_], fit: int = FIT_SIDE
) -> tuple[int, int]:
    height, width = luminance.shape
    if width <= fit and height <= fit:
        return height, width
    block = _pixel_block(luminance, opaque)
    if max(width, height) // block < MIN_PIXEL_ART:
        block = 1  # a few large shapes (a flag's stripes), not pixel art
    return fit_within(width // block, height // block, fit)


def _pixel_block(luminance: npt.NDArray[np.uint8], opaque: npt.NDArray[np.bool_]) -> int:
    # What the rule sees of a pixel: its luminance when opaque, -1 when transparent.
    seen = np.where(opaque, luminance.astype(np.int16), np.int16(-1))
    height, width = seen.shape
    # A block boundary is where a column (row) differs from the one before it anywhere; the
    # blocks are k x k exactly when every boundary, and both sides, are multiples of k.
    columns = np.flatnonzero((seen[:, 1:] != seen[:, :-1]).any(axis=0)) + 1
    rows = np.flatnonzero((seen[1:, :] != seen[:-1, :]).any(axis=1)) + 1
    if columns.size == 0 and rows.size == 0:
        return 1
    return math.gcd(width, height, *(int(x) for x in columns), *(int(y) for y in rows))


def luminance_and_opacity(
    image: Image.Image,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """What this module's rule sees of each pixel: its luminance (uint8, 0-255, BT.601 as
    Pillow computes it; 16-bit grey by its high byte) and whether it is opaque (bool, alpha at
    least :data:`OPAQUE_ALPHA`), both ``(height, width)``.

    Raises:
        FormatError: for a mode with no RGBA conversion.
    """
    if image.mode in _SIXTEEN_BIT_MODES:
        samples = np.asarray(image).astype(np.int64)
        luminance = (np.clip(samples, 0, 0xFFFF) >> 8).astype(np.uint8)
        # PNG keys transparency of 16-bit grey on the full sample, not on its high byte.
        key = image.info.get("transparency")
        opaque = samples != key if isinstance(key, int) else np.ones(samples.shape, dtype=bool)
        return luminance, opaque
    try:
        rgba = image.convert("RGBA")
    except ValueError as error:
        raise FormatError(f"cannot read the colours of a {image.mode} image") from error
    # Pillow's RGBA -> L ignores alpha, which is what the rule needs.
    luminance = np.asarray(rgba.convert("L"), dtype=np.uint8)
    opaque = np.asarray(rgba.getchannel("A"), dtype=np.uint8) >= OPAQUE_ALPHA
    return luminance, opaque
