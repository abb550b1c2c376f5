"""Editing a colour puzzle's palette: add, remove, merge, recolour and rename its colours, and
choose which is the background.

Each edit takes a document drawn from a picture and returns the document with its new picture,
palette and clues (:meth:`~studio.core.document.Document.with_palette`), so that the window's
palette panel and the image import's palette make the same edits, each one undo step in the
window. A black-and-white document is the case of one ink: adding a colour makes it a colour
puzzle (its filled cells keep black), and removing all but one ink makes it black and white.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import ColourGrid
from studio.core.palette import (
    BACKGROUND_CHAR,
    MAX_INKS,
    Colour,
    Palette,
    default_name,
    hex_of,
    ink_char,
)

RGB = tuple[int, int, int]

MAX_NAME_LENGTH = 40
"""The longest name a colour is given here: the status bar's messages and the printed key
name colours (40 characters still fit the key of a 6×9 in page)."""

BLACK_AND_WHITE = Palette(
    (
        Colour("white", BACKGROUND_CHAR, (255, 255, 255)),
        Colour("black", ink_char(0), (0, 0, 0)),
    )
)
"""The colours a black-and-white document is drawn in: black on white, so named (adding a
colour keeps them, spelt ``.`` and ``a`` as :meth:`Palette.default` spells them)."""


def palette_of(document: Document) -> Palette:
    """The document's palette: :data:`BLACK_AND_WHITE` for a black-and-white one."""
    return document.palette if document.palette is not None else BLACK_AND_WHITE


def add_colour(document: Document, rgb: RGB) -> Document:
    """``document`` with one more ink of ``rgb`` (no cell of it yet), named and spelt by the
    first of ``a``, ``b``, … that the palette does not use.

    Raises:
        StudioError: when the kind allows no more colours.
    """
    palette = palette_of(document)
    most = min(document.puzzle.spec.max_colours, MAX_INKS)
    if palette.inks >= most:
        noun = document.puzzle.spec.noun or document.kind
        raise StudioError(
            f"a {noun} is black and white" if most == 1 else f"a {noun} has at most {most} colours"
        )
    char = next(ink_char(i) for i in range(MAX_INKS) if ink_char(i) not in palette.chars)
    names = {colour.name for colour in palette.colours}
    name = next(n for n in (default_name(rgb), char, hex_of(rgb)) if n and n not in names)
    colours = (*palette.colours, Colour(name, char, rgb))
    return document.with_palette(_values(document), Palette(colours))


def remove_colour(document: Document, value: int) -> Document:
    """``document`` without ink ``value`` (1 to *k*): its cells become the background and the
    inks after it move down one; with one ink left the document is black and white.

    Raises:
        ValueError: for a value that is not an ink of the palette.
    """
    palette = palette_of(document)
    _check_ink(palette, value)
    values = _values(document)
    values[values == value] = 0
    values[values > value] -= 1
    colours = palette.colours[:value] + palette.colours[value + 1 :]
    return document.with_palette(values, None if len(colours) == 2 else Palette(colours))


def merge_colours(document: Document, keep: int, gone: int) -> Document:
    """``document`` with the cells of ink ``gone`` painted ``keep``, and ``gone`` removed
    (:func:`remove_colour`): two shades a quantiser told apart that the picture wants alike.

    Raises:
        ValueError: for a value that is not an ink, or ``keep == gone``.
    """
    palette = palette_of(document)
    _check_ink(palette, keep)
    _check_ink(palette, gone)
    if keep == gone:
        raise ValueError("a colour cannot be merged into itself")
    values = _values(document)
    values[values == gone] = keep
    return remove_colour(document.with_palette(values, document.palette), gone)


def recolour(document: Document, value: int, rgb: RGB) -> Document:
    """``document`` with colour ``value`` (0 the background, 1 to *k* an ink) drawn in ``rgb``;
    a colour the studio named for its look (by its hex, as an imported image's, or ``"red"``,
    :func:`~studio.core.palette.default_name`) takes the name of its new look, the name a
    designer gave stays.

    Raises:
        ValueError: for a value outside the palette, or a black-and-white document (whose
            colours are fixed: add a colour first).
    """
    palette = _colour_palette(document, value)
    old = palette.colours[value]
    name = old.name
    if name in (old.hex, default_name(old.rgb)):
        others = {colour.name for colour in palette.colours} - {name}
        name = next(n for n in (default_name(rgb), hex_of(rgb)) if n and n not in others)
    return _with_colour(document, palette, value, Colour(name, old.char, rgb))


def rename_colour(document: Document, value: int, name: str) -> Document:
    """``document`` with colour ``value`` (0 the background, 1 to *k* an ink) called ``name``,
    blanks around it dropped: how messages, the Colours panel and the key printed under the
    puzzle name it (an imported image's colours are named by their hex). Its cells, character
    and RGB stay.

    Raises:
        StudioError: for an empty name, one with a line break or another control character,
            one over :data:`MAX_NAME_LENGTH` characters, or one that another colour has (in
            any case: messages would name two colours alike).
        ValueError: for a value outside the palette, or a black-and-white document.
    """
    palette = _colour_palette(document, value)
    name = name.strip()
    if not name:
        raise StudioError("a colour needs a name")
    if not name.isprintable():
        raise StudioError("a colour's name is one line of printable characters")
    if len(name) > MAX_NAME_LENGTH:
        raise StudioError(f"a colour's name has at most {MAX_NAME_LENGTH} characters")
    for other, colour in enumerate(palette.colours):
        if other != value and colour.name.casefold() == name.casefold():
            raise StudioError(f"another colour is called {colour.name}")
    old = palette.colours[value]
    return _with_colour(document, palette, value, Colour(name, old.char, old.rgb))


def make_background(document: Document, value: int) -> Document:
    """``document`` with ink ``value`` as the background: its cells and the background's swap
    values, and the two colours swap names and RGB (the background keeps the background's
    character, so that text files still spell it ``.``).

    Raises:
        ValueError: for a value that is not an ink of a colour palette.
    """
    palette = document.palette
    if palette is None:
        raise ValueError("a black-and-white puzzle has no ink to make the background")
    _check_ink(palette, value)
    values = _values(document)
    ink, background = values == value, values == 0
    values[ink], values[background] = 0, value
    colours = list(palette.colours)
    old_background, old_ink = colours[0], colours[value]
    colours[0] = Colour(old_ink.name, old_background.char, old_ink.rgb)
    colours[value] = Colour(old_background.name, old_ink.char, old_background.rgb)
    return document.with_palette(values, Palette(tuple(colours)))


def _values(document: Document) -> ColourGrid:
    """A writable ``uint8`` copy of the document's picture (0 the background, 1 to *k*)."""
    if document.picture is None:
        raise ValueError("the palette of a puzzle without a picture is edited on its solution")
    return np.asarray(document.picture).astype(np.uint8)


def _colour_palette(document: Document, value: int) -> Palette:
    """The palette of a colour document, with ``value`` checked to be one of its colours."""
    palette = document.palette
    if palette is None:
        raise ValueError("a black-and-white puzzle is drawn black on white")
    if not 0 <= value <= palette.inks:
        raise ValueError(f"colour {value} is not in the palette")
    return palette


def _with_colour(document: Document, palette: Palette, value: int, colour: Colour) -> Document:
    """``document`` with ``palette``, colour ``value`` replaced by ``colour``: only the look
    and the names change."""
    colours = list(palette.colours)
    colours[value] = colour
    return replace(document, palette=Palette(tuple(colours)))


def _check_ink(palette: Palette, value: int) -> None:
    if not 1 <= value <= palette.inks:
        raise ValueError(f"colour {value} is not an ink of the palette (1 to {palette.inks})")
