"""The registry: names, extensions, sniffing, validation, load and save with their errors."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from studio.core import formats
from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError, StudioError
from studio.core.formats import FORMATS, format_for_path, get_format, load, read_text, save
from studio.core.kinds import document_of_picture
from studio.core.kinds.nonogram.puzzle import Nonogram

PICTURE = np.array([[True, False, True], [True, False, False]])
PICTURE_DOC = document_of_picture("nonogram", PICTURE, title="t", author="a", notes="n")
CLUES_DOC = Document(PICTURE_DOC.puzzle)

GRID_DOC = document_of_picture("nonogram", PICTURE)

SAMPLES = {
    "studio": formats.studio_json.write(PICTURE_DOC),
    "ascii": "#.#\n#..\n",
    "tatham": "3x2:2//1/1.1/1",
    "runs": "([[1,1],[1]],[[2],[],[1]])",
    "clue-lines": "rows\n1 1\n1\ncolumns\n2\n0\n1\n",
    "non": 'title "t"\nby "a"\nnote "n"\nwidth 3\nheight 2\nrows\n1,1\n1\ncolumns\n2\n0\n1\n'
    'goal "101100"\n',
    "webpbn": formats.get_format("webpbn").write(PICTURE_DOC),
}
EXPECTED = {
    "studio": PICTURE_DOC,
    "ascii": GRID_DOC,
    "tatham": CLUES_DOC,
    "runs": CLUES_DOC,
    "clue-lines": CLUES_DOC,
    "non": PICTURE_DOC,
    "webpbn": PICTURE_DOC,
}
GIVENS_DOC = Document(Nonogram.from_picture(PICTURE, [(0, 1), (1, 0)]), PICTURE)
NONOGRAM_FORMATS = [spec for spec in FORMATS if "nonogram" in spec.kinds]

# The other kinds' formats: their own tests read them; here they must sniff apart from the rest.
OTHER_SAMPLES = {
    "mosaic-grid": "4.\n..\n",
    "tatham-mosaic": "3x2:4e",
    "janko": "4\n----\n-o--\n--x-\n----\n",
}
ALL_SAMPLES = SAMPLES | OTHER_SAMPLES
ALL_EXPECTED = EXPECTED | {
    name: get_format(name).read(text) for name, text in OTHER_SAMPLES.items()
}


def test_names_are_unique_and_every_kind_has_its_formats() -> None:
    assert [spec.name for spec in FORMATS] == [
        "studio",
        "ascii",
        "tatham",
        "runs",
        "clue-lines",
        "non",
        "webpbn",
        "mosaic-grid",
        "tatham-mosaic",
        "janko",
    ]
    assert [spec.name for spec in NONOGRAM_FORMATS] == list(SAMPLES)
    assert get_format("studio").kinds == ("nonogram", "mosaic", "fobidoshi")
    assert {name: get_format(name).kinds for name in OTHER_SAMPLES} == {
        "mosaic-grid": ("mosaic",),
        "tatham-mosaic": ("mosaic",),
        "janko": ("fobidoshi",),
    }


def test_get_format_is_case_insensitive_and_lists_names_when_unknown() -> None:
    assert get_format("Tatham") is get_format("tatham")
    with pytest.raises(StudioError, match="unknown file format 'pbn'; known: studio, ascii"):
        get_format("pbn")


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("a.json", "studio"),
        ("A.JSON", "studio"),
        ("dir.v2/a.txt", "ascii"),
        (Path("x.txt"), "ascii"),
        ("db/webpbn/1.non", "non"),
        ("export.XML", "webpbn"),
    ],
)
def test_format_for_path_goes_by_extension(path: str | Path, name: str) -> None:
    assert format_for_path(path).name == name


@pytest.mark.parametrize("path", ["puzzle.pbn", "puzzle"])
def test_format_for_path_refuses_unknown_extensions(path: str) -> None:
    with pytest.raises(
        StudioError, match=r"no file format for .*; use \.json, \.non, \.txt, \.xml"
    ):
        format_for_path(path)


@pytest.mark.parametrize("name", list(ALL_SAMPLES))
def test_read_text_sniffs_every_format(name: str) -> None:
    assert read_text("\n\n" + ALL_SAMPLES[name]) == ALL_EXPECTED[name]


@pytest.mark.parametrize("name", list(ALL_SAMPLES))
def test_each_sample_is_recognised_first_by_its_own_format(name: str) -> None:
    matches = [spec.name for spec in FORMATS if spec.sniff(ALL_SAMPLES[name])]
    # A Mosaic game ID also starts like a Pattern one, whose test is loose: it is tried last.
    assert matches == (["tatham", name] if name == "tatham-mosaic" else [name])
    assert read_text(ALL_SAMPLES[name]).puzzle == read_text(ALL_SAMPLES[name], format=name).puzzle


def test_sniffed_names_the_format_a_text_looks_like_or_none() -> None:
    assert formats.sniffed(ALL_SAMPLES["clue-lines"]) is get_format("clue-lines")
    assert formats.sniffed(OTHER_SAMPLES["tatham-mosaic"]) is get_format("tatham-mosaic")
    assert formats.sniffed(OTHER_SAMPLES["tatham-mosaic"], kind="nonogram") is get_format("tatham")
    assert formats.sniffed(SAMPLES["runs"], kind="mosaic") is None
    assert formats.sniffed("hello") is None


def test_a_grid_of_dots_alone_is_a_nonogram_and_with_a_digit_a_mosaic() -> None:
    assert read_text("..\n..\n").kind == "nonogram"
    assert read_text("..\n.0\n").kind == "mosaic"


def test_text_no_format_recognises_is_read_as_a_grid() -> None:
    with pytest.raises(FormatError, match=r"line 1, column 1: expected '#' or '\.', found 'h'"):
        read_text("hello")


@pytest.mark.parametrize(
    ("sample", "kind", "found"),
    [("webpbn", "mosaic", "nonogram"), ("non", "fobidoshi", "nonogram")],
)
def test_another_kinds_file_says_what_it_holds(
    tmp_path: Path, sample: str, kind: str, found: str
) -> None:
    """Not that its first character is no clue: ``--kind mosaic`` on a webpbn file once said
    ``line 1, column 1: expected a clue 0–9 or '.', found '<'``."""
    path = tmp_path / f"puzzle{get_format(sample).extensions[0]}"
    path.write_text(ALL_SAMPLES[sample])
    with pytest.raises(FormatError, match=rf"^{path}: expected a {kind}, found a {found}$"):
        load(path, kind=kind)


def test_another_kinds_game_id_says_what_it_holds() -> None:
    with pytest.raises(FormatError, match=r"^game ID: expected a fobidoshi, found a mosaic$"):
        read_text(ALL_SAMPLES["tatham-mosaic"], source="game ID", kind="fobidoshi")


@pytest.mark.parametrize("name", list(ALL_SAMPLES))
def test_an_explicit_format_is_not_second_guessed(name: str) -> None:
    other = SAMPLES["tatham" if name != "tatham" else "runs"]
    with pytest.raises(FormatError):
        read_text(other, format=name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Well-formed, but the clues cannot hold: the validator speaks, prefixed by the source.
        ("2x1:1/1/3", "puzzle.txt: row 1: clue 3 needs 3 cells, the row has 2"),
        ("2x1:1/1/1", "puzzle.txt: the row clues add up to 1 filled cells, the column clues to 2"),
    ],
)
def test_invalid_puzzles_raise_puzzle_error_with_the_source(text: str, message: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text(text, source="puzzle.txt")
    assert str(caught.value) == message
    assert not isinstance(caught.value, FormatError)


def test_format_errors_carry_the_source() -> None:
    with pytest.raises(FormatError) as caught:
        read_text("10x10:2/x", source="game ID")
    assert str(caught.value) == "game ID, column 9: expected a digit or '/', found 'x'"
    assert caught.value.source == "game ID"


def test_without_source_errors_are_unchanged() -> None:
    with pytest.raises(PuzzleError, match=r"^row 1: clue 3"):
        read_text("2x1:1/1/3")


def test_kind_accepts_aliases_and_rejects_unknown_kinds() -> None:
    assert read_text(SAMPLES["tatham"], kind="Pattern") == CLUES_DOC
    with pytest.raises(StudioError, match="unknown puzzle kind 'sudoku'; known: nonogram"):
        read_text(SAMPLES["tatham"], kind="sudoku")


def test_load_reads_by_extension_then_content(tmp_path: Path) -> None:
    for name, text in SAMPLES.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        if name == "studio":
            # .txt is shared, so the content decides, even for JSON.
            assert load(path) == PICTURE_DOC
        else:
            assert load(path).puzzle == CLUES_DOC.puzzle
    noext = tmp_path / "puzzle"
    noext.write_text(SAMPLES["runs"])
    assert load(noext) == CLUES_DOC


@pytest.mark.parametrize(("name", "suffix"), [("non", ".non"), ("webpbn", ".xml")])
def test_load_trusts_the_extensions_of_the_new_formats(
    tmp_path: Path, name: str, suffix: str
) -> None:
    path = tmp_path / f"puzzle{suffix}"
    path.write_text(SAMPLES[name])
    assert load(path) == EXPECTED[name]
    path.write_text(SAMPLES["tatham"])
    with pytest.raises(FormatError, match=f"^{path}, line 1"):
        load(path)


@pytest.mark.parametrize("spec", NONOGRAM_FORMATS, ids=lambda spec: spec.name)
def test_only_the_formats_that_hold_givens_write_them(spec: formats.Format) -> None:
    if spec.name in ("studio", "tatham"):
        assert spec.read(spec.write(GIVENS_DOC)).puzzle == GIVENS_DOC.puzzle
    else:
        with pytest.raises(FormatError, match="cannot hold given cells, and this puzzle has 2"):
            spec.write(GIVENS_DOC)


def test_load_trusts_a_json_extension(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(SAMPLES["tatham"])
    with pytest.raises(FormatError) as caught:
        load(path)
    assert str(caught.value) == f"{path}, line 1, column 2: invalid JSON: Extra data"


def test_load_with_a_format_overrides_the_extension(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(SAMPLES["tatham"])
    assert load(path, format="tatham") == CLUES_DOC


def test_load_skips_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_bytes(b"\xef\xbb\xbf" + SAMPLES["studio"].encode())
    assert load(path) == PICTURE_DOC


def test_load_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    with pytest.raises(FormatError) as caught:
        load(path)
    assert str(caught.value) == f"{path}: no such file"


def test_load_a_folder(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="is a folder, not a file"):
        load(tmp_path)


def test_load_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"#.#\n#..\n; \xe9t\xe9\n")
    with pytest.raises(FormatError) as caught:
        load(path)
    assert str(caught.value) == f"{path}, line 3: not UTF-8 text (byte 0xe9)"


def test_load_names_the_file_in_puzzle_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("2x1:1/1/3\n")
    with pytest.raises(PuzzleError, match=f"^{path}: row 1"):
        load(path)


@pytest.mark.parametrize(
    ("name", "document"),
    list(ALL_EXPECTED.items()),
)
def test_save_then_load_gives_an_equal_document(
    tmp_path: Path, name: str, document: Document
) -> None:
    path = tmp_path / "puzzle.out"
    save(document, path, format=name)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    assert not text.endswith("\n\n")
    assert load(path, format=name) == document
    assert load(path) == document  # content sniffing finds the same format


def test_save_chooses_the_format_by_extension(tmp_path: Path) -> None:
    save(PICTURE_DOC, tmp_path / "p.txt")
    save(PICTURE_DOC, tmp_path / "p.json")
    assert (tmp_path / "p.txt").read_text() == "#.#\n#..\n"
    assert load(tmp_path / "p.json") == PICTURE_DOC


@pytest.mark.parametrize(("file", "format"), [("p.json", "non"), ("p.txt", "studio")])
def test_save_refuses_a_format_named_otherwise(tmp_path: Path, file: str, format: str) -> None:
    """``.non`` text in ``p.json`` could not be read back: a file is read by its extension
    when it has a known one (an unknown one, ``.out`` above, is sniffed)."""
    path = tmp_path / file
    with pytest.raises(StudioError, match=rf"^{path}: the .* is named \.\w+, not \.\w+"):
        save(PICTURE_DOC, path, format=format)
    assert not path.exists()


def test_save_refuses_what_the_format_cannot_hold(tmp_path: Path) -> None:
    path = tmp_path / "clues.txt"
    with pytest.raises(FormatError) as caught:
        save(CLUES_DOC, path)
    assert str(caught.value) == f"{path}: this puzzle has no picture to write as a grid"
    assert not path.exists()


def test_save_failure_is_a_studio_error_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.json"
    save(PICTURE_DOC, path)
    before = path.read_bytes()

    def fail(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(StudioError, match="cannot write the puzzle: Permission denied"):
        save(CLUES_DOC, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["p.json"]


class _Sudoku:
    """A stand-in for a kind no format knows."""

    kind: ClassVar[str] = "sudoku"
    shape = (1, 1)
    colours = 1


@pytest.mark.parametrize("name", list(ALL_SAMPLES))
def test_writers_refuse_other_kinds(name: str) -> None:
    document = Document(_Sudoku(), np.zeros((1, 1), dtype=bool))  # type: ignore[arg-type]
    # Each kind's formats say what they hold; the studio document, every kind it knows.
    with pytest.raises(FormatError, match=r"holds [\w ]+s, not sudoku|no place for a sudoku"):
        get_format(name).write(document)


@pytest.mark.parametrize(
    ("text", "format_name", "message"),
    [
        ("201x1:" + "/".join(["0"] * 202), "tatham", "201×1 is more than the 200×200"),
        ("1x301:" + "a" * 301, "tatham-mosaic", "1×301 is more than the 300×300"),
        ("#" * 201, "ascii", "201×1 is more than the 200×200"),
        ("\n".join(["1"] * 301), "mosaic-grid", "1×301 is more than the 300×300"),
        ("101\n" + "-" * 101, "janko", "101×101 is more than the 100×100"),
        ("x" * 5000, "janko", "5000×5000 is more than the 100×100"),
        (
            '{"format": "puzzle-studio", "version": 1, "kind": "nonogram", "width": 100000, '
            '"height": 1, "clues": "not even read"}',
            "studio",
            "100000×1 is more than the 200×200",
        ),
    ],
)
def test_a_size_beyond_the_kind_is_refused_before_the_rest_is_read(
    text: str, format_name: str, message: str
) -> None:
    """A 1 MB row of '#' once took six seconds to become clues and be refused."""
    with pytest.raises(PuzzleError, match=f"^game: {message} cells a "):
        formats.read_text(text, source="game", format=format_name)
