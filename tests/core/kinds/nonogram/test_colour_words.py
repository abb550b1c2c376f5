"""Colour clues in words: typed as people type them (``3r 2 1g``: format_clue and parse_clue,
which read back what they write for any palette a person can type), and messages that name
colours by the palette's names (``cannot hold 2 in red``) or by number without one."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.document import Document
from studio.core.errors import PuzzleError
from studio.core.grid import LineRef
from studio.core.kinds.nonogram.linesolve import Runs, format_clue
from studio.core.kinds.nonogram.puzzle import Nonogram, parse_clue
from studio.core.palette import MAX_INKS, Colour, Palette, name_colours

ROW = LineRef("row", 2)
PALETTE = Palette(
    (
        Colour("white", ".", (255, 255, 255)),
        Colour("black", "X", (0, 0, 0)),
        Colour("red", "r", (204, 0, 0)),
        Colour("green", "g", (78, 154, 6)),
    )
)
CHARS = PALETTE.chars

# Characters a palette may spell an ink with that typing can tell apart: not blank, not '|'
# (a palette refuses both), not a digit or a comma (they read as a length or a separator).
TYPEABLE = st.characters(
    blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp", "Nd"), blacklist_characters="|,"
)


@st.composite
def palettes_and_clues(draw: st.DrawFn) -> tuple[str, Runs]:
    """A palette's characters (background first) and a clue of its inks."""
    inks = draw(st.lists(TYPEABLE, min_size=2, max_size=6, unique=True))
    background = draw(TYPEABLE.filter(lambda char: char not in inks))
    count = len(inks)
    runs = draw(
        st.lists(st.tuples(st.integers(1, 12), st.integers(1, count)), min_size=0, max_size=8).map(
            tuple
        )
    )
    return background + "".join(inks), runs


@settings(max_examples=300, deadline=None)
@given(palettes_and_clues())
def test_what_format_clue_writes_parse_clue_reads_back(case: tuple[str, Runs]) -> None:
    chars, runs = case
    text = format_clue(runs, chars)
    assert parse_clue(text, ROW, 200, chars) == runs


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 9), max_size=6).map(tuple))
def test_black_and_white_clues_round_trip_as_plain_lengths(lengths: tuple[int, ...]) -> None:
    text = format_clue(lengths)
    assert text == (" ".join(map(str, lengths)) or "0")
    assert parse_clue(text, ROW, 200) == tuple((length, 1) for length in lengths)


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("3r 2 1g", ((3, 2), (2, 1), (1, 3))),
        ("3r,2X, 1g", ((3, 2), (2, 1), (1, 3))),
        ("3r.2", ((3, 2), (2, 1))),  # the background's '.' separates, as in black and white
        ("0", ()),
        ("", ()),
    ],
)
def test_typed_colour_clues(text: str, runs: Runs) -> None:
    assert parse_clue(text, ROW, 10, CHARS) == runs


@pytest.mark.parametrize(
    ("text", "chars", "message"),
    [
        ("3r 2 1x", CHARS, "row 3: 'x' is not a colour of the palette (X, r, g)"),
        ("3rg", CHARS, "row 3: 'rg' is not a colour of the palette (X, r, g)"),
        ("r3", CHARS, "row 3: 'r3' is not a run length"),
        ("3r", "", "row 3: '3r' is not a run length"),
        ("3r 0g", CHARS, "row 3: run lengths must be positive, got 3r 0g"),
        ("3r 3r 3", CHARS, "row 3: clue 3r 3r 3 needs 10 cells, the row has 9"),
    ],
)
def test_a_bad_typed_clue_names_the_line_and_the_token(text: str, chars: str, message: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        parse_clue(text, ROW, 9, chars)
    assert str(caught.value) == message


# Any character a palette accepts: digits and commas too (a webpbn file may spell colours so).
SPELLABLE = st.characters(
    blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp"), blacklist_characters="|"
)


def palette_of(chars: str) -> Palette:
    return Palette(tuple(Colour(f"c{i}", char, (0, 0, 0)) for i, char in enumerate(chars)))


@settings(max_examples=300, deadline=None)
@given(st.lists(SPELLABLE, min_size=3, max_size=8, unique=True), st.data())
def test_every_palette_can_be_typed_by_its_typing_characters(
    chars: list[str], data: st.DataObject
) -> None:
    """Typed clues of any palette read back, each colour keeping its own character unless a
    clue would misread it (a digit, a comma)."""
    typing = palette_of("".join(chars)).typing_chars
    assert len(set(typing)) == len(chars)
    assert not set(typing[1:]) & set("0123456789,")
    pairs = zip(typing, chars, strict=True)
    assert all(mine == theirs for mine, theirs in pairs if theirs not in "0123456789,")
    assert typing[0] == chars[0], "the background is never typed"
    runs = data.draw(st.lists(st.tuples(st.integers(1, 12), st.integers(1, len(chars) - 1))))
    assert parse_clue(format_clue(tuple(runs), typing), ROW, 300, typing) == tuple(runs)


def test_with_every_letter_taken_digits_are_typed_as_signs() -> None:
    palette = Palette.default(MAX_INKS)  # inks a…z, A…Z, 0…9
    assert palette.typing_chars == "." + palette.chars[1:53] + "+-*/=<>?!@"


def test_a_colour_spelt_dot_is_a_colour_not_a_separator() -> None:
    chars = "-." + "r"
    assert parse_clue("3. 2r", ROW, 9, chars) == ((3, 1), (2, 2))
    assert format_clue(((3, 1), (2, 2)), chars) == "3 2r", "the first colour goes bare"


def test_names_fill_the_fields_and_a_wording_without_colours_is_left_alone() -> None:
    assert name_colours("cannot hold 2 in {0}", (2,)) == "cannot hold 2 in colour 2"
    assert name_colours("cannot hold 2 in {0}", (2,), PALETTE.names) == "cannot hold 2 in red"
    assert name_colours("{0} then {1}", (0, 3), PALETTE.names) == "white then green"
    assert name_colours("a {brace}", ()) == "a {brace}"
    assert Palette.default(2).names == ("white", "black", "red")
    assert Palette.default(10).names[-2:] == ("grey 1", "grey 2")
    assert Palette.of_rgb([(255, 255, 255), (0, 0, 0)]).names == ("background", "#000000")


def crossed() -> Nonogram:
    """One row, black then red; column 1 holds one red cell, column 2 one black: no solution."""
    return Nonogram.of_runs([[(1, 1), (1, 2)]], [[(1, 2)], [(1, 1)]], colours=2)


def test_the_impossible_line_names_its_colour_by_the_palette() -> None:
    contradiction = crossed().deduce().contradiction
    assert contradiction is not None
    assert contradiction.message == "column 1 cannot hold 1 in colour 2"
    assert contradiction.text(PALETTE.names) == "column 1 cannot hold 1 in red"


def test_violations_and_hints_name_colours() -> None:
    # black red black / red red background, the background of r2 c3 given.
    picture = np.array([[1, 2, 1], [2, 2, 0]], dtype=np.uint8)
    puzzle = Nonogram.from_picture(picture, [(1, 2)])
    wrong = np.array([[2, 1, 1], [2, 2, 1]], dtype=np.uint8)
    given_violation, row_violation, *_ = puzzle.check(wrong)
    assert given_violation.message == "row 2, column 3 is given the background"
    assert given_violation.text(PALETTE.names) == "row 2, column 3 is given white"
    assert row_violation.text(PALETTE.names) == (
        "row 1 has runs 1 in red, 2 in black, its clue is 1 in black, 1 in red, 1 in black"
    )
    hint = puzzle.hint(puzzle.givens_grid())
    assert hint is not None
    assert hint.text(PALETTE.names) == "row 1 (1 in black, 1 in red, 1 in black)"
    assert hint.reason == "row 1 (1 in colour 1, 1 in colour 2, 1 in colour 1)"


def test_a_documents_validation_names_colours_by_its_palette() -> None:
    uneven = Nonogram.of_runs([[(2, 2)]], [[(1, 2)], [(1, 3)]], colours=3)
    with pytest.raises(PuzzleError) as caught:
        uneven.validate()
    assert str(caught.value) == "the row clues add up to 2 cells of colour 2, the column clues to 1"
    with pytest.raises(PuzzleError) as caught:
        Document(uneven, palette=PALETTE).validate()
    assert str(caught.value) == "the row clues add up to 2 cells of red, the column clues to 1"
