"""Palettes: the names, characters and RGB values of a colour puzzle's colours.

A colour puzzle (a nonogram of *k* colours, ``puzzle.colours == k > 1``) numbers its cells 0
(the background) to *k*; its document's :class:`Palette` says what each number looks like and
how files spell it. Black-and-white puzzles have no palette: they are drawn black on white and
spelt ``#`` and ``.`` as always.

The shape follows Jan Wolter's webpbn XML format (``<color name="red" char="r">FF0000</color>``,
``webpbn.com/pbn_fmt.html``): a name, one character for text images, an RGB colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BACKGROUND_CHAR = "."
"""The background's character wherever the studio spells a colour picture itself."""

_DEFAULT_RGB = (
    (0x00, 0x00, 0x00),
    (0xCC, 0x00, 0x00),
    (0x34, 0x65, 0xA4),
    (0x4E, 0x9A, 0x06),
    (0xF5, 0x79, 0x00),
    (0x75, 0x50, 0x7B),
    (0xC1, 0x7D, 0x11),
    (0xED, 0xD4, 0x00),
)
"""Inks of :meth:`Palette.default`, black first, then Tango's darker shades of red, blue,
green, orange, plum, chocolate and butter; further colours are greys."""


def ink_char(index: int) -> str:
    """The character of the ``index``-th ink (0-based) where the studio names colours itself:
    ``a``, ``b``, ``c``, … ``z``, then ``A`` to ``Z``, then digits."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return letters[index]


MAX_INKS = 62
"""The most inks a palette may have: one character each from :func:`ink_char`'s letters and
digits."""


@dataclass(frozen=True)
class Colour:
    """One colour: its ``name`` (``"red"``), its ``char`` in text images (one character, not
    blank, not ``|``) and its ``rgb`` (three ints 0-255)."""

    name: str
    char: str
    rgb: tuple[int, int, int]

    @property
    def hex(self) -> str:
        """``"#rrggbb"``, lower case."""
        return "#" + "".join(f"{value:02x}" for value in self.rgb)


@dataclass(frozen=True)
class Palette:
    """The colours of a colour puzzle: ``colours[0]`` the background, ``colours[v]`` the ink of
    cells of value ``v`` (1 to *k*).

    Raises:
        ValueError: for fewer than two colours, more than :data:`MAX_INKS` inks, a name or
            character used twice, a character that is blank, ``|`` or longer than one, or an
            RGB value outside 0-255.
    """

    colours: tuple[Colour, ...]

    def __post_init__(self) -> None:
        if len(self.colours) < 2:
            raise ValueError("a palette needs the background and at least one colour")
        if len(self.colours) > MAX_INKS + 1:
            raise ValueError(f"{len(self.colours) - 1} colours; at most {MAX_INKS} are drawn")
        names: set[str] = set()
        chars: set[str] = set()
        for colour in self.colours:
            if not colour.name or colour.name in names:
                raise ValueError(f"the colour name {colour.name!r} is empty or used twice")
            if len(colour.char) != 1 or colour.char.isspace() or colour.char == "|":
                raise ValueError(
                    f"the colour {colour.name!r} needs one character, not blank, not '|'"
                )
            if colour.char in chars:
                raise ValueError(f"the character {colour.char!r} stands for two colours")
            if len(colour.rgb) != 3 or not all(0 <= value <= 255 for value in colour.rgb):
                raise ValueError(f"the colour {colour.name!r} has RGB {colour.rgb}, not 0-255")
            names.add(colour.name)
            chars.add(colour.char)

    @classmethod
    def default(cls, inks: int) -> Palette:
        """A palette of ``inks`` colours on white, spelt ``.`` and ``a``, ``b``, … (names
        ``"white"``, ``"a"``, ``"b"``, …)."""
        background = Colour("white", BACKGROUND_CHAR, (255, 255, 255))
        return cls((background, *(_ink(index, _default_rgb(index)) for index in range(inks))))

    @classmethod
    def of_rgb(cls, rgb: list[tuple[int, int, int]]) -> Palette:
        """The palette of RGB colours, background first, spelt ``.`` and ``a``, ``b``, … and
        named by their hex (``"#cc0000"``): what an imported image gets."""
        background = Colour("background", BACKGROUND_CHAR, rgb[0])
        return cls(
            (background, *(_ink(index, value, hexed=True) for index, value in enumerate(rgb[1:])))
        )

    @property
    def inks(self) -> int:
        """The number of colours besides the background, *k*."""
        return len(self.colours) - 1

    @property
    def chars(self) -> str:
        """Every colour's character, background first: ``chars[v]`` spells value ``v``."""
        return "".join(colour.char for colour in self.colours)

    @property
    def names(self) -> tuple[str, ...]:
        """How messages name each colour, ``names[v]`` for value ``v``: its name (``"red"``),
        or ``"colour a"`` for a name of one character (a default palette's ``a``, ``b``, …),
        which would not read as a colour alone."""
        return tuple(
            f"colour {colour.name}" if len(colour.name) == 1 else colour.name
            for colour in self.colours
        )


def colour_name(value: int, names: Sequence[str] | None = None) -> str:
    """How a message names colour ``value`` (0 the background): ``names[value]`` (a palette's
    :attr:`Palette.names`), else ``"the background"`` or ``"colour 2"``."""
    if names is not None:
        return names[value]
    return f"colour {value}" if value else "the background"


def name_colours(wording: str, colours: Sequence[int], names: Sequence[str] | None = None) -> str:
    """A message that names colours, said: ``wording`` holds ``{0}``, ``{1}``, … where it names
    the colours ``colours`` (values, 0 the background), and each becomes :func:`colour_name`
    of its value. A wording that names no colour is returned as it is (braces and all), so
    that only messages built to name colours are ever formatted.

    The core words a message once, without knowing the palette (an analysis runs on the
    puzzle alone); the window and the command line say it with the document's names:
    ``"row 3 cannot hold 2 in {0}"`` with ``(2,)`` says ``row 3 cannot hold 2 in colour 2``,
    or ``row 3 cannot hold 2 in red`` with a palette that names colour 2 red.
    """
    if not colours:
        return wording
    return wording.format(*(colour_name(value, names) for value in colours))


def _default_rgb(index: int) -> tuple[int, int, int]:
    if index < len(_DEFAULT_RGB):
        return _DEFAULT_RGB[index]
    grey = 32 + (index * 37) % 192
    return (grey, grey, grey)


def _ink(index: int, rgb: tuple[int, int, int], *, hexed: bool = False) -> Colour:
    char = ink_char(index)
    colour = Colour(char, char, rgb)
    return Colour(colour.hex, char, rgb) if hexed else colour
