"""Colour nonograms in the formats that hold them: the studio document (version 3, its palette),
the text grid with ``; color`` lines, webpbn XML with the format's colour rules; the others
refuse them by name; black-and-white documents are written as before (version 2)."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError
from studio.core.formats import studio_json
from studio.core.kinds.nonogram.formats import grid, tatham, webpbn
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import Colour, Palette

PICTURE = np.array([[1, 2, 0], [2, 2, 1]], dtype=np.uint8)
PALETTE = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("black", "X", (0, 0, 0)),
        Colour("red", "r", (255, 0, 0)),
    )
)
DOCUMENT = Document(
    Nonogram.from_picture(PICTURE, [(0, 2)], colours=2), PICTURE, title="t", palette=PALETTE
)


@pytest.mark.parametrize("format", [studio_json, grid, webpbn])
def test_a_colour_document_round_trips(format: object) -> None:
    document = (
        DOCUMENT
        if format is studio_json
        else Document(Nonogram.from_picture(PICTURE, colours=2), PICTURE, palette=PALETTE)
    )
    text = format.write(document)  # type: ignore[attr-defined]
    back = format.read(text)  # type: ignore[attr-defined]
    assert back.puzzle == document.puzzle
    assert back.palette == document.palette
    assert back.picture is not None
    assert np.array_equal(back.picture, PICTURE)


def test_the_studio_document_of_colour_is_version_3_with_its_palette() -> None:
    text = studio_json.write(DOCUMENT)
    assert '"version": 3' in text
    assert '{"name": "red", "char": "r", "rgb": "#ff0000"}' in text
    assert "[[1, 1], [1, 2]]" in text  # a row's runs: length and colour
    assert '"Xr.",' in text
    assert studio_json.read(text) == DOCUMENT


def test_black_and_white_stays_version_2() -> None:
    document = Document(Nonogram.from_picture(PICTURE > 0), PICTURE > 0)
    assert '"version": 2' in studio_json.write(document)


def test_a_version_2_file_with_a_palette_is_refused() -> None:
    text = studio_json.write(DOCUMENT).replace('"version": 3', '"version": 2')
    with pytest.raises(FormatError, match='unknown field "palette"'):
        studio_json.read(text)


def test_the_text_grid_declares_the_palette() -> None:
    text = grid.write(Document(Nonogram.from_picture(PICTURE, colours=2), PICTURE, palette=PALETTE))
    assert text.splitlines() == [
        "; color . #ffffff white",
        "; color X #000000 black",
        "; color r #ff0000 red",
        "Xr.",
        "rrX",
    ]


def test_webpbn_default_colour_rules() -> None:
    """Counts without ``color`` are the default colour; black and white need no <color>."""
    text = """<puzzleset><puzzle defaultcolor="red">
<color name="red" char="r">f00</color><color name="green" char="g">00FF00</color>
<clues type="columns"><line><count>1</count></line><line><count color="green">1</count></line>
</clues><clues type="rows"><line><count>1</count><count color="green">1</count></line></clues>
</puzzle></puzzleset>"""
    document = webpbn.read(text)
    assert document.palette is not None
    assert [c.name for c in document.palette.colours] == ["white", "red", "green"]
    assert [c.rgb for c in document.palette.colours][1:] == [(255, 0, 0), (0, 255, 0)]
    assert document.puzzle.runs(next(iter(document.puzzle.lines()))[0]) == ((1, 1), (1, 2))
    written = webpbn.write(document)
    assert 'defaultcolor="red"' in written
    assert '<count color="green">1</count>' in written
    assert webpbn.read(written).puzzle == document.puzzle


def test_webpbn_colours_drawn_with_one_character_are_one_line() -> None:
    # Found by the fuzzer: a colour given the background's character '.'.
    text = """<puzzleset><puzzle>
<color name="grey" char=".">888</color><color name="black" char="X">000</color>
<clues type="columns"><line><count color="grey">1</count></line></clues>
<clues type="rows"><line><count color="grey">1</count></line></clues>
</puzzle></puzzleset>"""
    with pytest.raises(FormatError, match=r"line 1: .*the character '\.' stands for two colours"):
        webpbn.read(text)


def test_black_and_white_formats_refuse_colour_by_name() -> None:
    with pytest.raises(FormatError, match="black-and-white nonograms, and this one has 2 colours"):
        tatham.write(DOCUMENT)
