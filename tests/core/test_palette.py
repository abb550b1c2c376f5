"""Palettes (studio.core.palette) and a document's palette: one per colour puzzle, its colours
the puzzle's, none for black and white."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette, ink_char

WHITE = Colour("white", ".", (255, 255, 255))


def test_the_default_palette_spells_a_b_c() -> None:
    palette = Palette.default(3)
    assert palette.chars == ".abc"
    assert palette.inks == 3
    assert [ink_char(i) for i in (0, 25, 26, 52)] == ["a", "z", "A", "0"]


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
