"""Mosaic formats: Tatham Mosaic game IDs, the text grid and the studio document's ``clues``.
Published IDs round-trip; malformed text names the place; sniffing keeps mosaic and nonogram
texts apart; any text gives an error or a document that is safe to use."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError
from studio.core.formats import FORMATS, get_format, load, read_text, save, studio_json
from studio.core.grid import grid_from_text
from studio.core.kinds.mosaic.formats import grid as mosaic_grid
from studio.core.kinds.mosaic.formats import tatham as tatham_mosaic
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.kinds.nonogram.formats import tatham
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import analyze
from tests.conftest import shared_records
from tests.core.formats.strategies import pictures

SMALL_ID = "5x5:b4442e5b2a5e2a1"
SMALL_ROWS = ["..444", "2....", ".5..2", ".5...", "..2.1"]
SMALL = Mosaic([[None if ch == "." else int(ch) for ch in row] for row in SMALL_ROWS])
MOSAIC_FORMATS = ("tatham-mosaic", "mosaic-grid")


@st.composite
def mosaics(draw: st.DrawFn) -> Mosaic:
    """The mosaic of a random picture showing a random set of its clues."""
    picture = draw(pictures(max_side=8))
    shown = draw(st.lists(st.booleans(), min_size=picture.size, max_size=picture.size))
    return Mosaic.from_picture(picture, np.array(shown, dtype=bool).reshape(picture.shape))


def test_every_published_game_id_round_trips_and_matches_its_clues() -> None:
    for record in shared_records("mosaic"):
        document = tatham_mosaic.read(record["id"])
        assert document.puzzle == Mosaic(record["clues"]), record["id"]
        assert document.puzzle.shape == (record["height"], record["width"])
        assert document.picture is None
        assert tatham_mosaic.write(document) == record["id"]


def test_letters_are_runs_of_cells_without_a_clue() -> None:
    assert tatham_mosaic.read(SMALL_ID).puzzle == SMALL
    assert tatham_mosaic.read("  3x1:a1a \n").puzzle == Mosaic([[None, 1, None]])


def test_runs_longer_than_26_are_split_after_z() -> None:
    puzzle = Mosaic([[None] * 30 + [0]])
    assert tatham_mosaic.write(Document(puzzle)) == "31x1:zd0"
    assert tatham_mosaic.read("31x1:zd0").puzzle == puzzle
    assert tatham_mosaic.write(Document(Mosaic([[None] * 26]))) == "26x1:z"
    assert tatham_mosaic.write(Document(Mosaic([[None] * 27]))) == "27x1:za"


@given(mosaics())
@settings(max_examples=100, deadline=None)
def test_every_format_round_trips_a_mosaic(puzzle: Mosaic) -> None:
    document = Document(puzzle)
    for name in (*MOSAIC_FORMATS, "studio"):
        spec = get_format(name)
        text = spec.write(document)
        assert spec.read(text) == document, name
        assert read_text(text, kind="mosaic") == document, name


def test_the_studio_document_keeps_clues_picture_and_metadata() -> None:
    picture = grid_from_text(["#..", ".#.", "..."])
    puzzle = Mosaic.from_picture(picture, grid_from_text(["#..", "...", "..#"]))
    document = Document(puzzle, picture, title="Tiny", author="Me", notes="two\nlines")
    text = studio_json.write(document)
    assert '"kind": "mosaic"' in text
    assert '  "clues": [\n    "2..",\n    "...",\n    "..1"\n  ],' in text
    assert studio_json.read(text) == document
    assert read_text(text) == document


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a game ID like 3x3:4b5a1a3a, found nothing"),
        ("x", r"column 1: expected the size, like 10x10, found 'x'"),
        ("5:aaa", "the ID covers 3 cells, 5x5 has 25"),  # N: is an NxN square, as Tatham's
        ("5x:a", r"column 3: expected a digit after 'x', found ':'"),
        ("0x5:a", r"column 1: the size must be at least 1x1, found 0x5"),
        ("2x2;d", r"column 4: expected ':' after the size, found ';'"),
        ("2x2:1/2a", r"column 6: expected a clue 0–9 or a letter a–z \(cells without a clue\)"),
        ("2x2:1A2a", r"column 6: expected a clue 0–9 or a letter a–z"),
        ("2x2:c", "the ID covers 3 cells, 2x2 has 4"),
        ("2x2:da", r"column 6: the ID covers more than the 4 cells of 2x2"),
        ("\n\n2x2:d/", r"line 3, column 6: expected a clue 0–9"),
    ],
)
def test_malformed_game_ids_name_the_place(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        tatham_mosaic.read(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected rows of clues 0–9 and '.', found no grid"),
        ("; only a comment\n", "found no grid"),
        ("1.\n.x\n", r"line 2, column 2: expected a clue 0–9 or '.' \(no clue\), found 'x'"),
        ("1.\n#.\n", r"line 2, column 1: expected a clue 0–9 or '.' \(no clue\), found '#'"),
        ("1..\n..\n", "line 2: expected 3 cells like line 1, found 2"),
        ("1.\n\n..\n", "line 2: expected a row of the grid, found a blank line"),
    ],
)
def test_malformed_text_grids_name_the_place(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        mosaic_grid.read(text)


def test_the_text_grid_skips_comments_and_blank_lines_around_it() -> None:
    text = "; a mosaic\n\n" + "\n".join(SMALL_ROWS) + "   \n\n; the end\n"
    assert mosaic_grid.read(text).puzzle == SMALL
    assert mosaic_grid.write(Document(SMALL)) == "".join(f"{row}\n" for row in SMALL_ROWS)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("clues", '"..."', r"clues: expected a list \[...\], found"),
        ("clues", '["...", "..."]', "clues: expected 3 rows \\(the height\\), found 2"),
        ("clues", '["...", "..", "..."]', r"clues\[1\]: expected 3 cells \(the width\), found 2"),
        ("clues", '["...", ".x.", "..."]', r"clues\[1\]\[1\]: expected a clue 0–9 or '.'"),
        ("clues", '["...", 5, "..."]', r"clues\[1\]: expected a string, found 5"),
    ],
)
def test_bad_studio_fields_name_the_field(field: str, value: str, message: str) -> None:
    text = studio_json.write(Document(Mosaic([[None] * 3] * 3)))
    start = text.index(f'"{field}": ') + len(field) + 4
    end = text.index("]", start) + 1
    with pytest.raises(FormatError, match=message):
        studio_json.read(text[:start] + value + text[end:])


def test_the_studio_document_refuses_a_missing_clues_field() -> None:
    text = studio_json.write(Document(Mosaic([[None]])))
    start = text.index('  "clues"')
    end = text.index("],", start) + 3
    with pytest.raises(FormatError, match="clues: missing"):
        studio_json.read(text[:start] + text[end:])


def test_writers_refuse_other_kinds_and_nonogram_writers_refuse_mosaics() -> None:
    nonogram = Document(Nonogram([(1,)], [(1,)]))
    for name in MOSAIC_FORMATS:
        with pytest.raises(FormatError, match="holds mosaics, not nonogram"):
            get_format(name).write(nonogram)
    with pytest.raises(FormatError, match="holds nonograms, not mosaic"):
        tatham.write(Document(SMALL))


def test_a_clue_of_two_digits_cannot_be_written() -> None:
    with pytest.raises(FormatError, match="row 1, column 2 holds 12"):
        tatham_mosaic.write(Document(Mosaic([[1, 12]])))


def test_sniffing_keeps_mosaic_and_pattern_ids_apart() -> None:
    pattern = "3x2:2//1/1.1/1"
    assert tatham_mosaic.sniff(SMALL_ID)
    assert not tatham_mosaic.sniff(pattern)
    assert not tatham_mosaic.sniff("5x5#12345")
    # Text without a '/' is no Pattern ID: a short Mosaic ID gets the Mosaic error, and the
    # Pattern's error comes when the nonogram kind is asked for.
    with pytest.raises(FormatError, match="the ID covers 3 cells, 2x2 has 4"):
        read_text("2x2:c", kind="mosaic")
    with pytest.raises(FormatError, match="the ID covers 25 cells, 10x10 has 100"):
        read_text("10x10:2x")
    with pytest.raises(FormatError, match=r"expected a digit, '\.' or '/', found 'x'"):
        read_text("10x10:2x", kind="nonogram")
    assert read_text(SMALL_ID).puzzle == SMALL
    assert isinstance(read_text(pattern).puzzle, Nonogram)
    for record in shared_records("nonogram"):
        if "game_id" in record:
            assert not tatham_mosaic.sniff(record["game_id"]), record["game_id"]


def test_sniffing_keeps_mosaic_and_nonogram_grids_apart() -> None:
    assert mosaic_grid.sniff("1.\n.2\n")
    assert not mosaic_grid.sniff("#.\n.#\n")
    assert isinstance(read_text("..\n..\n").puzzle, Nonogram)  # the nonogram grid is first
    assert not mosaic_grid.sniff("3\n-xo\n---\n")  # a Janko file
    assert not mosaic_grid.sniff(SMALL_ID)
    assert isinstance(read_text("1.\n.2\n").puzzle, Mosaic)
    assert isinstance(read_text("#.\n.#\n").puzzle, Nonogram)
    assert read_text("..\n..\n", kind="mosaic").puzzle == Mosaic([[None] * 2] * 2)
    # A mosaic grid starting with '.' is sniffed among the mosaic formats when asked for.
    text = "\n".join(SMALL_ROWS)
    assert read_text(text, kind="mosaic").puzzle == SMALL


def test_reading_validates_the_puzzle() -> None:
    with pytest.raises(PuzzleError, match="game ID: row 1, column 1: clue 5 is more than the 4"):
        read_text("2x2:5c", source="game ID")


def test_files_round_trip(tmp_path: Path) -> None:
    document = Document(SMALL, title="t")
    save(document, tmp_path / "m.json")
    assert load(tmp_path / "m.json") == document
    for name in MOSAIC_FORMATS:
        path = tmp_path / f"m.{name}"
        save(document, path, format=name)
        assert load(path, kind="mosaic").puzzle == SMALL


ALPHABETS = {
    "tatham-mosaic": "0123456789x:az#/ \n",
    "mosaic-grid": "0123456789.;#x \n",
}


@pytest.mark.parametrize("name", [*MOSAIC_FORMATS, None])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_text_gives_an_error_or_a_safe_document(name: str | None, data: st.DataObject) -> None:
    """The Tatham rule: what reads without error validates, analyses, and writes back."""
    alphabet = ALPHABETS[name] if name else "".join(ALPHABETS.values())
    text = data.draw(st.text(alphabet=alphabet, max_size=60))
    try:
        document = read_text(text, kind="mosaic", format=name)
    except (FormatError, PuzzleError) as error:
        message = str(error)
    else:
        message = ""
    if message:
        return
    analyze(document.puzzle)
    for spec in FORMATS:
        if "mosaic" in spec.kinds:
            assert spec.read(spec.write(document)) == document
