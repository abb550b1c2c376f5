"""Palettes: the names, characters and RGB values of a colour puzzle's colours.

A colour puzzle (a nonogram of *k* colours, ``puzzle.colours == k > 1``) numbers its cells 0
(the background) to *k*; its document's :class:`Palette` says what each number looks like and
how files spell it. Black-and-white puzzles have no palette: they are drawn black on white and
spelt ``#`` and ``.`` as always.

For print: :func:`relative_luminance` and :func:`contrast_ratio` (WCAG 2) choose black or white
over a colour (:func:`text_on`), :func:`greyscale_alike` finds the colours a greyscale
printer would print as one grey (CIE L*, :func:`lightness`), and :func:`colours_alike` those
a solver would take for one another in any print (CIE76 colour difference, :func:`cie_lab`).

The shape follows Jan Wolter's webpbn XML format (``<color name="red" char="r">FF0000</color>``,
``webpbn.com/pbn_fmt.html``): a name, one character for text images, an RGB colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

BACKGROUND_CHAR = "."
"""The background's character wherever the studio spells a colour picture itself."""

_DEFAULT_INKS = (
    ("black", (0x00, 0x00, 0x00)),
    ("red", (0xCC, 0x00, 0x00)),
    ("green", (0x73, 0xD2, 0x16)),
    ("blue", (0x20, 0x4A, 0x87)),
    ("orange", (0xF5, 0x79, 0x00)),
    ("plum", (0x75, 0x50, 0x7B)),
    ("brown", (0xC1, 0x7D, 0x11)),
    ("yellow", (0xED, 0xD4, 0x00)),
)
"""Inks of :meth:`Palette.default`, named: black, then Tango's scarlet red, chameleon green, dark
sky blue and orange, whose lightness (CIE L* 0, 42.5, 75.9, 31.7, 64.2) lies at least 10 from
each other's and from white's, so that up to five colours print as distinct greys
(:func:`greyscale_alike`); then plum, chocolate brown and butter yellow, which no longer can;
further colours are greys ("grey 1", …)."""


def hex_of(rgb: tuple[int, int, int]) -> str:
    """``"#rrggbb"``, lower case: the name of a colour the studio cannot name better (an
    imported image's)."""
    return "#" + "".join(f"{value:02x}" for value in rgb)


def default_name(rgb: tuple[int, int, int]) -> str | None:
    """The name :meth:`Palette.default` gives the colour ``rgb`` (``"red"`` for ``#cc0000``),
    ``None`` if it gives it none: a name that says what the colour is, printed in the key."""
    return next((name for name, value in _DEFAULT_INKS if value == rgb), None)


def ink_char(index: int) -> str:
    """The character of the ``index``-th ink (0-based) where the studio names colours itself:
    ``a``, ``b``, ``c``, … ``z``, then ``A`` to ``Z``, then digits."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return letters[index]


MAX_INKS = 62
"""The most inks a palette may have: one character each from :func:`ink_char`'s letters and
digits."""

UNTYPABLE = frozenset("0123456789,")
"""Characters a typed clue cannot spell a colour with: it reads them as part of a run's
length or as a separator (:func:`~studio.core.kinds.nonogram.puzzle.parse_clue`)."""

_SPARE_CHARS = "+-*/=<>?!@#$%&^~_:;"
"""Stand-ins for an untypable character once every letter is some colour's (62 inks, ten of
them spelt with digits, need ten)."""


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
        return hex_of(self.rgb)

    @property
    def given_name(self) -> str | None:
        """The name, unless it is only what the studio calls an unnamed colour (its hex, as
        an imported image's colours are, or its character, as added ones are): what a
        reader on paper can use (``"red"``), else ``None``."""
        return None if self.name in (self.hex, self.char) else self.name


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
        """A palette of ``inks`` colours on white, spelt ``.`` and ``a``, ``b``, …, named by
        what they are (``"white"``, ``"black"``, ``"red"``, …, then ``"grey 1"`` …): a
        generated puzzle's printed key says them."""
        background = Colour("white", BACKGROUND_CHAR, (255, 255, 255))
        return cls((background, *(_default_ink(index) for index in range(inks))))

    @classmethod
    def of_rgb(cls, rgb: list[tuple[int, int, int]]) -> Palette:
        """The palette of RGB colours, background first, spelt ``.`` and ``a``, ``b``, … and
        named by their hex (``"#cc0000"``): what an imported image gets."""
        background = Colour("background", BACKGROUND_CHAR, rgb[0])
        return cls((background, *(_ink(index, value) for index, value in enumerate(rgb[1:]))))

    @property
    def inks(self) -> int:
        """The number of colours besides the background, *k*."""
        return len(self.colours) - 1

    def unused_ink(self) -> tuple[int, int, int]:
        """The colour to offer for a new ink: the first of the default palette's (black, red,
        green, blue, …, then its greys) that this palette holds neither by its look nor by
        its name (a green of another shade is a green), so that a colour added as offered is
        one more distinct colour, named for what it is."""
        held = {colour.rgb for colour in self.colours} | {colour.name for colour in self.colours}
        inks = (_default_ink(index) for index in range(MAX_INKS))
        fresh = (ink.rgb for ink in inks if ink.rgb not in held and ink.name not in held)
        return next(fresh, _DEFAULT_INKS[1][1])

    @property
    def chars(self) -> str:
        """Every colour's character, background first: ``chars[v]`` spells value ``v``."""
        return "".join(colour.char for colour in self.colours)

    @property
    def typing_chars(self) -> str:
        """How a typed clue spells each colour, background first: its own character, or, for
        an ink spelt with one in :data:`UNTYPABLE` (a webpbn file may spell colours ``1``,
        ``2``…), the first letter of :func:`ink_char` that no colour uses (then ``+``,
        ``-``…). The background keeps its own: a clue never names it."""
        chars = self.chars
        spare = (
            char
            for char in (*map(ink_char, range(MAX_INKS)), *_SPARE_CHARS)
            if char not in chars and char not in UNTYPABLE
        )
        inks = (next(spare) if char in UNTYPABLE else char for char in chars[1:])
        return chars[0] + "".join(inks)

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


def _default_ink(index: int) -> Colour:
    """The ``index``-th ink of :meth:`Palette.default`, 0-based."""
    char = ink_char(index)
    if index < len(_DEFAULT_INKS):
        name, rgb = _DEFAULT_INKS[index]
        return Colour(name, char, rgb)
    grey = 32 + (index * 37) % 192
    return Colour(f"grey {index - len(_DEFAULT_INKS) + 1}", char, (grey, grey, grey))


def _ink(index: int, rgb: tuple[int, int, int]) -> Colour:
    """The ``index``-th ink of an imported image's palette: named by its hex."""
    return Colour(hex_of(rgb), ink_char(index), rgb)


# Print: contrast and greyscale -----------------------------------------------------------------

RGB = tuple[int, int, int]


def _linear(rgb: RGB) -> tuple[float, float, float]:
    """The sRGB colour's channels linearised, 0 to 1 (IEC 61966-2-1's transfer function)."""

    def linear(value: int) -> float:
        channel = value / 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = rgb
    return linear(red), linear(green), linear(blue)


_XYZ = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
"""Linear sRGB to CIE XYZ (IEC 61966-2-1); the middle row, Y, is Rec. 709's luminance."""


def relative_luminance(rgb: RGB) -> float:
    """The relative luminance of an sRGB colour (three ints 0-255), 0 for black to 1 for white:
    each channel linearised, weighted by Rec. 709's primaries (WCAG 2's definition,
    ``w3.org/TR/WCAG21/#dfn-relative-luminance``)."""
    return sum(weight * channel for weight, channel in zip(_XYZ[1], _linear(rgb), strict=True))


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2's contrast ratio of two sRGB colours, ``(L1 + 0.05) / (L2 + 0.05)`` of their
    relative luminances, lighter over darker: 1 (the same) to 21 (black and white). WCAG asks
    4.5 of text and 3 of a graphical object against what is next to it."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


BLACK_RGB: RGB = (0, 0, 0)
WHITE_RGB: RGB = (255, 255, 255)


def text_on(rgb: RGB) -> RGB:
    """Black or white, whichever has the higher contrast ratio with ``rgb``
    (:func:`contrast_ratio`): white on colours of a relative luminance below about 0.18 (blue,
    dark red, black), black on the others (pure red, orange, yellow, green, white)."""
    return max((BLACK_RGB, WHITE_RGB), key=lambda text: contrast_ratio(text, rgb))


def cie_lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE 1976 L*a*b* of an sRGB colour: L* 0 (black) to 100 (white), a* green (-) to red
    (+), b* blue (-) to yellow (+), relative to sRGB's white, D65 (CIE 15:2004, section 8.2.1;
    XYZ by :data:`_XYZ`). Equal distances look about equally far apart."""
    linear = _linear(rgb)
    x, y, z = (sum(w * c for w, c in zip(row, linear, strict=True)) for row in _XYZ)
    white_x, white_z = sum(_XYZ[0]), sum(_XYZ[2])  # Y of the white is 1

    def f(ratio: float) -> float:
        delta = 6 / 29
        return float(ratio ** (1 / 3)) if ratio > delta**3 else ratio / (3 * delta**2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x / white_x) - f(y)), 200 * (f(y) - f(z / white_z))


def lightness(rgb: RGB) -> float:
    """CIE 1976 L* of an sRGB colour (:func:`cie_lab`), 0 (black) to 100 (white): the
    lightness a greyscale print keeps of it, on a scale where equal steps look equally far
    apart."""
    return cie_lab(rgb)[0]


def _pairs_closer(points: Sequence[Sequence[float]], threshold: float) -> list[tuple[int, int]]:
    """The index pairs ``(a, b)``, ``a < b``, of ``points`` less than ``threshold`` apart
    (Euclidean), in order of ``a`` then ``b``."""
    return [
        (a, b)
        for a in range(len(points))
        for b in range(a + 1, len(points))
        if math.dist(points[a], points[b]) < threshold
    ]


GREYSCALE_ALIKE = 10.0
"""Two colours whose lightness (:func:`lightness`) differs by less than this print alike in
greyscale. A greyscale print keeps only a colour's lightness; L* is perceptually uniform, so
one threshold serves dark and light pairs. Ten units is the step of a ten-step grey scale from
paper to solid black, about as many greys as an office printer's halftone keeps apart on plain
paper; pairs closer than that (pure red L* 53 and a green of 0,148,0 at L* 53) read as one grey,
pairs 20 or more apart (red and black, 53 and 0) never do."""


def greyscale_alike(
    palette: Palette, threshold: float = GREYSCALE_ALIKE
) -> list[tuple[Colour, Colour]]:
    """The pairs of ``palette``'s colours, the background included, that would print alike in
    greyscale: their lightness (:func:`lightness`) less than ``threshold`` apart. Each pair in
    palette order, pairs in order of their first colour then their second."""
    colours = palette.colours
    levels = [(lightness(colour.rgb),) for colour in colours]
    return [(colours[a], colours[b]) for a, b in _pairs_closer(levels, threshold)]


def greyscale_warning(palette: Palette | None) -> str | None:
    """One line naming the colours of ``palette`` that would print alike in greyscale
    (:func:`greyscale_alike`), e.g. ``"red and green would print alike in greyscale"``, or
    ``"red and green, blue and black would …"``; ``None`` when every pair prints apart or for
    black and white (no palette)."""
    if palette is None:
        return None
    pairs = greyscale_alike(palette)
    if not pairs:
        return None
    named = ", ".join(f"{first.name} and {second.name}" for first, second in pairs)
    return f"{named} would print alike in greyscale"


COLOURS_ALIKE = 10.0
"""Two colours less than this apart in CIE L*a*b* (CIE76 ΔE*ab, :func:`cie_lab`) look alike
in a puzzle's cells. A ΔE*ab of about 2.3 is the least a person notices with the two side by
side (Mahy, Van Eycken and Oosterlinck, *Color Research and Application* 19(2), 1994); a
solver must tell a cell's colour at a glance, in cells a few millimetres wide and apart, so
four times that is asked: near-whites that an icon's gradient gives (``#fcfcfc`` and white,
1.0 apart) are alike, the greys of a three-colour icon (``#94a1ae`` and ``#c3ceda``, 17) are
not."""


def colours_alike(palette: Palette, threshold: float = COLOURS_ALIKE) -> list[list[int]]:
    """The groups of ``palette``'s colours, the background included, that look alike: each
    group the values (0 the background) joined by pairs less than ``threshold`` apart
    (:data:`COLOURS_ALIKE`), in palette order; groups in order of their first value."""
    points = [cie_lab(colour.rgb) for colour in palette.colours]
    group = list(range(len(points)))  # each value's group: the least value joined to it

    def root(value: int) -> int:
        while group[value] != value:
            value = group[value]
        return value

    for a, b in _pairs_closer(points, threshold):
        low, high = sorted((root(a), root(b)))
        group[high] = low
    members: dict[int, list[int]] = {}
    for value in range(len(points)):
        members.setdefault(root(value), []).append(value)
    return [values for values in members.values() if len(values) > 1]


def alike_warning(palette: Palette | None) -> str | None:
    """One line naming the colours of ``palette`` that look alike (:func:`colours_alike`),
    the inks by name and the background last: ``"#f0f0ef, #fcfcfc and the background look
    alike"``, groups apart by ``;``; ``None`` when all look apart or for black and white."""
    if palette is None:
        return None
    lines = []
    for values in colours_alike(palette):
        names = [palette.colours[value].name for value in values if value]
        names += ["the background"] if values[0] == 0 else []
        lines.append(f"{', '.join(names[:-1])} and {names[-1]} look alike")
    return "; ".join(lines) or None
