"""Palettes (studio.core.palette) and a document's palette: one per colour puzzle, its colours
the puzzle's, none for black and white."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import (
    Colour,
    Palette,
    alike_warning,
    cie_lab,
    colours_alike,
    contrast_ratio,
    greyscale_alike,
    greyscale_warning,
    ink_char,
    lightness,
    relative_luminance,
    text_on,
)

WHITE = Colour("white", ".", (255, 255, 255))


def test_the_default_palette_spells_a_b_c() -> None:
    palette = Palette.default(3)
    assert palette.chars == ".abc"
    assert palette.inks == 3
    assert [ink_char(i) for i in (0, 25, 26, 52)] == ["a", "z", "A", "0"]


def test_only_a_name_someone_gave_is_a_given_name() -> None:
    """An imported image's colours are named by their hex and added ones by their character:
    neither is a name to print; "red", or a hex that is not the colour's own, is. A default
    palette's colours are named what they are, so a generated puzzle's key says them."""
    imported = Palette.of_rgb([(255, 255, 255), (148, 161, 174)]).colours[1]
    assert (imported.name, imported.given_name) == ("#94a1ae", None)
    assert Colour("a", "a", (1, 1, 1)).given_name is None  # named "a", spelt "a"
    assert [c.given_name for c in Palette.default(3).colours[1:]] == ["black", "red", "green"]
    assert Colour("red", "r", (200, 0, 0)).given_name == "red"
    assert Colour("#000000", "a", (1, 1, 1)).given_name == "#000000"


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        ((WHITE,), "at least one colour"),
        ((WHITE, Colour("white", "x", (0, 0, 0))), "used twice"),
        ((WHITE, Colour("red", ".", (0, 0, 0))), "stands for two colours"),
        ((WHITE, Colour("red", "|", (0, 0, 0))), "not '|'"),
        ((WHITE, Colour("red", "r", (0, 0, 256))), "not 0-255"),
    ],
)
def test_a_palette_that_cannot_be_is_refused(colours: tuple[Colour, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Palette(colours)


def test_a_colour_document_gets_the_default_palette_and_black_and_white_none() -> None:
    picture = np.array([[1, 2]], dtype=np.uint8)
    document = Document(Nonogram.from_picture(picture), picture)
    assert document.palette == Palette.default(2)
    assert document.spell(picture) == ["ab"]
    plain = Document(Nonogram.from_picture(picture > 0), picture > 0)
    assert plain.palette is None
    assert plain.spell(picture > 0) == ["##"]
    with pytest.raises(ValueError, match="no palette"):
        Document(plain.puzzle, palette=Palette.default(1))
    with pytest.raises(ValueError, match="3 colours, the puzzle 2"):
        Document(document.puzzle, palette=Palette.default(3))


RED = Colour("red", "r", (255, 0, 0))
GREEN = Colour("green", "g", (0, 148, 0))  # Rec. 709 luminance 0.212, as pure red's 0.213
BLACK = Colour("black", "k", (0, 0, 0))


def test_relative_luminance_and_lightness_of_known_colours() -> None:
    """WCAG's relative luminance (0.2126 R + 0.7152 G + 0.0722 B of linear sRGB) and CIE L*:
    the values published for the sRGB primaries, black and white."""
    assert [relative_luminance(rgb) for rgb in ((0, 0, 0), (255, 255, 255))] == [0.0, 1.0]
    assert relative_luminance((255, 0, 0)) == pytest.approx(0.2126)
    assert relative_luminance((0, 255, 0)) == pytest.approx(0.7152)
    assert relative_luminance((128, 128, 128)) == pytest.approx(0.2158, abs=1e-4)
    assert lightness((255, 0, 0)) == pytest.approx(53.24, abs=0.01)
    assert lightness((0, 255, 0)) == pytest.approx(87.73, abs=0.01)
    assert lightness((0, 0, 255)) == pytest.approx(32.30, abs=0.01)
    assert (lightness((0, 0, 0)), lightness((255, 255, 255))) == (0.0, pytest.approx(100.0))


@pytest.mark.parametrize(
    ("rgb", "text"),
    [
        ((0, 0, 0), (255, 255, 255)),
        ((0, 0, 255), (255, 255, 255)),
        ((0xCC, 0, 0), (255, 255, 255)),  # the default red: contrast 5.9 with white, 3.6 black
        ((255, 0, 0), (0, 0, 0)),  # pure red: 5.3 with black, 4.0 with white
        ((255, 128, 0), (0, 0, 0)),
        ((255, 255, 0), (0, 0, 0)),
        ((255, 255, 255), (0, 0, 0)),
    ],
)
def test_text_on_a_colour_is_black_or_white_of_the_higher_contrast(
    rgb: tuple[int, int, int], text: tuple[int, int, int]
) -> None:
    assert text_on(rgb) == text


def test_red_and_green_of_one_luminance_print_alike_black_and_white_do_not() -> None:
    palette = Palette((WHITE, BLACK, RED, GREEN))
    assert greyscale_alike(palette) == [(RED, GREEN)]
    assert greyscale_warning(palette) == "red and green would print alike in greyscale"
    assert greyscale_alike(Palette((WHITE, BLACK))) == []
    assert greyscale_warning(Palette((WHITE, BLACK))) is None
    assert greyscale_warning(None) is None


def test_the_background_counts_and_every_pair_is_named() -> None:
    """A pale yellow ink on white paper, and two pairs: each named, in palette order."""
    yellow = Colour("yellow", "y", (255, 255, 160))
    palette = Palette((WHITE, RED, yellow, GREEN))
    assert greyscale_alike(palette) == [(WHITE, yellow), (RED, GREEN)]
    assert greyscale_warning(palette) == (
        "white and yellow, red and green would print alike in greyscale"
    )


def test_the_default_palette_prints_five_colours_apart_in_greyscale() -> None:
    """Its first five inks are at least 10 L* from each other and from the white paper; a
    sixth cannot be (the plum is as dark as the red and the blue)."""
    for inks in range(1, 6):
        assert greyscale_warning(Palette.default(inks)) is None
    assert greyscale_warning(Palette.default(6)) == (
        "red and plum, blue and plum would print alike in greyscale"
    )


@pytest.mark.parametrize(
    ("rgb", "lab"),
    [
        ((255, 0, 0), (53.24, 80.09, 67.20)),
        ((0, 255, 0), (87.73, -86.18, 83.18)),
        ((0, 0, 255), (32.30, 79.19, -107.86)),
        ((255, 255, 255), (100.0, 0.0, 0.0)),
        ((0, 0, 0), (0.0, 0.0, 0.0)),
        ((128, 128, 128), (53.59, 0.0, 0.0)),
    ],
)
def test_cie_lab_of_known_colours(rgb: tuple[int, int, int], lab: tuple[float, ...]) -> None:
    """The published L*a*b* (D65) of the sRGB primaries and greys (Lindbloom's calculator,
    which uses the exact matrix where the studio uses IEC 61966-2-1's four digits)."""
    assert cie_lab(rgb) == pytest.approx(lab, abs=0.05)


def test_colours_that_look_alike_are_grouped_and_named_background_last() -> None:
    """A quantised icon: two near-whites and white are one group, its grey is apart; red and
    green of one lightness look apart in colour, though they print alike in greyscale."""
    icon = Palette.of_rgb([(255, 255, 255), (0x9E, 0xA0, 0x9C), (0xF0, 0xF0, 0xEF), (0xFC,) * 3])
    assert colours_alike(icon) == [[0, 2, 3]]
    assert alike_warning(icon) == "#f0f0ef, #fcfcfc and the background look alike"
    palette = Palette((WHITE, BLACK, RED, GREEN))
    assert (colours_alike(palette), alike_warning(palette)) == ([], None)
    dark = Colour("soot", "s", (20, 20, 20))
    two = Palette((WHITE, BLACK, dark, Colour("snow", "n", (250, 250, 250))))
    assert alike_warning(two) == "snow and the background look alike; black and soot look alike"
    assert alike_warning(None) is None
    assert alike_warning(Palette.default(6)) is None  # the studio's own inks look apart


def test_colours_alike_is_a_grouping_of_pairs_closer_than_the_threshold() -> None:
    """Brute force over greys 0, 6, 12, … 48: a chain of pairs each under the threshold is one
    group, though its ends are far apart."""
    greys = [(value,) * 3 for value in range(0, 49, 6)]
    palette = Palette(tuple(Colour(f"g{v[0]}", chr(65 + i), v) for i, v in enumerate(greys)))
    lab = [cie_lab(rgb) for rgb in greys]
    steps = [abs(b[0] - a[0]) for a, b in itertools.pairwise(lab)]
    threshold = (max(steps) + min(steps)) / 2  # some steps join, some do not
    groups = colours_alike(palette, threshold)
    joined = [step < threshold for step in steps]
    expected, current = [], [0]
    for index, join in enumerate(joined, start=1):
        if join:
            current.append(index)
        else:
            expected.append(current)
            current = [index]
    expected.append(current)
    assert groups == [group for group in expected if len(group) > 1]
    assert any(len(group) > 2 for group in groups)


def test_contrast_ratio_runs_from_1_to_21_either_way_round() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast_ratio((255, 0, 0), (255, 0, 0)) == pytest.approx(1.0)
    assert contrast_ratio((255, 0, 0), (255, 255, 255)) == pytest.approx(4.0, abs=0.01)


def test_a_new_ink_is_offered_in_a_default_colour_not_yet_held() -> None:
    """Add Colour opened on red whatever the palette held, red included."""
    assert Palette.default(1).unused_ink() == (0xCC, 0x00, 0x00), "black held: red"
    assert Palette.default(3).unused_ink() == (0x20, 0x4A, 0x87), "black, red, green: blue"
    held = Palette.of_rgb([(255, 255, 255), (0xCC, 0x00, 0x00)])
    assert held.unused_ink() == (0, 0, 0), "an imported red: black is free"
    full = Palette.default(20)
    assert full.unused_ink() not in {colour.rgb for colour in full.colours}
