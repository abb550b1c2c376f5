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
  ``threshold``; ``invert`` swaps filled and empty for opaque pixels only. Luminance is ITU-R
  BT.601 as computed by Pillow's ``convert("L")``:
  ``L = (19595 R + 38470 G + 7471 B + 32768) >> 16`` (0-255, rounded), after Pillow's
  conversion of the pixel to RGB (palette lookup, CMYK, ...). 16-bit grey (``I;16``, and
  ``I``, read as 16-bit samples) uses the high byte, as Pillow does for 16-bit RGB; Pillow's own
  ``convert("L")`` would clip every value above 255 to white.
* **XBM** bitmaps are read the X11 way: set bits are the foreground, drawn black, so they come
  out filled (Pillow reads them as white; :func:`open_image` corrects that).

Scaling to a target shape is nearest neighbour and happens before thresholding, so every cell of
the result is one pixel of the image, never a blend.
"""

from __future__ import annotations

import io
import os
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageChops, UnidentifiedImageError

from studio.core import files
from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.grid import BoolGrid
from studio.core.kinds import document_of_picture

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
# The 1-bit XBMs come out the same for any threshold from 1 to 255.
DEFAULT_THRESHOLD: int = 160
"""Luminance (0-255): an opaque pixel is filled when its luminance is below this."""

OPAQUE_ALPHA: int = 128
"""Alpha (0-255) from which a pixel counts as part of the picture; below it, it is empty."""

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
        invert: fill the light opaque pixels instead of the dark ones (transparent pixels stay
            empty).
        shape: ``(height, width)`` of the result in cells, each 1 to :data:`MAX_SIDE`; the image
            is resampled to it by nearest neighbour. ``None`` keeps the image's pixel size.
    """

    threshold: int = DEFAULT_THRESHOLD
    invert: bool = False
    shape: tuple[int, int] | None = None


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
        raise error.located(name) from error
    except UnidentifiedImageError as error:
        # Pillow also refuses zero-size images here, without saying why.
        raise FormatError(
            f"not a readable {', '.join(FORMATS[:-1])} or {FORMATS[-1]} image", source=name
        ) from error
    except Image.DecompressionBombError as error:
        raise FormatError(str(error), source=name) from error
    except (OSError, ValueError, EOFError, SyntaxError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise FormatError(f"cannot read the image: {reason}", source=name) from error
    return frame


def picture_from_image(image: Image.Image, options: ImportOptions = _DEFAULT_OPTIONS) -> BoolGrid:
    """The picture of ``image`` under the rule of this module's docstring; ``image`` is unchanged.

    Args:
        image: any Pillow image of at least one pixel, in any mode Pillow can convert to RGBA
            (1, L, LA, P, PA, RGB, RGBA, CMYK, ...) or a 16-bit grey mode (I;16, I).
        options: threshold, invert and target shape.

    Returns:
        A new bool array of shape ``(height, width)`` (the target shape, or the image's
        ``(height, width)`` in pixels), True = filled.

    Raises:
        FormatError: for a threshold outside 0-255, a target shape outside 1 to
            :data:`MAX_SIDE` per side, an image with no pixels or more than
            :data:`MAX_IMAGE_PIXELS`, an image larger than :data:`MAX_SIDE` when no shape is
            given, or a mode with no RGBA conversion. The error has no source: callers that
            know the file attach it (see :func:`import_picture`).
    """
    _check_pixel_count(image)
    if not 0 <= options.threshold <= 255:
        raise FormatError(f"threshold must be 0 to 255, got {options.threshold}")
    if options.shape is None:
        width, height = image.size
        if height > MAX_SIDE or width > MAX_SIDE:
            raise FormatError(
                f"image is {width}x{height} pixels, more than a {MAX_SIDE}x{MAX_SIDE} nonogram "
                "can hold: give a target size to scale it down"
            )
    else:
        height, width = options.shape
        if not (1 <= height <= MAX_SIDE and 1 <= width <= MAX_SIDE):
            raise FormatError(
                f"target size of {height} rows and {width} columns is out of range: "
                f"each must be 1 to {MAX_SIDE}"
            )
        image = image.resize((width, height), Image.Resampling.NEAREST)
    luminance, opaque = _luminance_and_opacity(image)
    dark = luminance < options.threshold
    filled: BoolGrid = opaque & (dark != options.invert)
    return filled


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


def import_document(
    path: str | os.PathLike[str],
    options: ImportOptions = _DEFAULT_OPTIONS,
    kind: str = "nonogram",
) -> Document:
    """A document of ``kind`` (one drawn from a picture: nonogram, mosaic) made from the
    picture of ``path``, titled with the file's stem.

    Raises:
        FormatError: naming the file, as :func:`import_picture`.
        StudioError: for a kind not drawn from a picture.
    """
    picture = import_picture(path, options)
    return document_of_picture(kind, picture, title=Path(path).stem)


def _check_pixel_count(image: Image.Image) -> None:
    width, height = image.size
    if width == 0 or height == 0:
        raise FormatError(f"image is {width}x{height} pixels: it has no pixels")
    if width * height > MAX_IMAGE_PIXELS:
        raise FormatError(
            f"image is {width}x{height} pixels, more than the {MAX_IMAGE_PIXELS} pixels "
            "that can be imported"
        )


def _luminance_and_opacity(
    image: Image.Image,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Luminance (uint8) and opacity (bool) per pixel, both ``(height, width)``."""
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
