"""Janko's Fobidoshi text: the shared puzzles round-trip, the bare and the sized layouts read
alike, sniffing picks it, and malformed text names the line and column."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError
from studio.core.formats import load, read_text, save
from studio.core.kinds.fobidoshi.formats import janko
from studio.core.kinds.fobidoshi.puzzle import Fobidoshi
from studio.core.kinds.nonogram.puzzle import Nonogram
from tests.conftest import shared_params, shared_records

RECORDS = shared_params("fobidoshi")


def _text(record: dict[str, Any], *, size: bool = True, solution: bool = True) -> str:
    lines = [str(record["size"][0])] if size else []
    lines += record["givens"] + (record["solution"] if solution else [])
    return "\n".join(lines) + "\n"


def _solution(rows: list[str]) -> np.ndarray:
    return np.array([[char == "o" for char in row] for row in rows], dtype=bool)


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_shared_puzzles_round_trip_with_their_solutions(record: dict[str, Any]) -> None:
    text = _text(record)
    document = janko.read(text)
    assert document.puzzle == Fobidoshi.from_rows(record["givens"])
    assert document.picture is not None
    assert (document.picture == _solution(record["solution"])).all()
    # The solution is written with '-' for every cell without a circle.
    solution = [row.replace("x", "-") for row in record["solution"]]
    assert janko.write(document) == _text({**record, "solution": solution})
    assert janko.read(janko.write(document)).puzzle == document.puzzle


def test_the_layouts_read_alike() -> None:
    record = shared_records("fobidoshi")[0]
    full = janko.read(_text(record))
    bare = janko.read(_text(record, size=False))
    givens_only = janko.read(_text(record, solution=False))
    bare_givens = janko.read(_text(record, size=False, solution=False))
    assert full.puzzle == bare.puzzle == givens_only.puzzle == bare_givens.puzzle
    assert givens_only.picture is None
    assert bare_givens.picture is None
    assert bare.picture is not None
    assert (bare.picture == full.picture).all()


def test_docstring_example_reads() -> None:
    assert janko.__doc__ is not None
    text = janko.__doc__.split("::")[1].split("- The first")[0]
    document = janko.read("\n".join(line.strip() for line in text.splitlines()))
    assert document.puzzle.shape == (6, 6)
    assert document.picture is not None


def test_spaces_between_cells_and_blank_lines_are_skipped() -> None:
    text = "\n4\n\n- o - x\no - - -\n- - - -\n- - - o\n\n"
    assert janko.read(text).puzzle == Fobidoshi.from_rows(["-o-x", "o---", "----", "---o"])


def test_write_without_picture_is_size_and_givens() -> None:
    puzzle = Fobidoshi.from_rows(["-o-x", "o---", "----", "---o"])
    assert janko.write(Document(puzzle)) == "4\n-o-x\no---\n----\n---o\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "found nothing"),
        ("4\n----\n--q-\n----\n----\n", "line 3, column 3: expected '-' .*found 'q'"),
        ("4\n----\n---\n----\n----\n", "line 3: expected 4 cells, found 3"),
        ("4\n----\n----\n----\n", "expected 4 rows of givens .*found 3"),
        ("4\n----\n----\n----\n----\n-o--\n", "line 6: expected 4 rows of the solution"),
        ("0\n", "expected a positive size"),
        ("4\n-o--\n----\n----\n----\n" + "-?--\n" * 4, "line 6, column 2: expected 'o'"),
        (
            "4\n-o--\n----\n----\n----\n" + "----\n" * 4,
            "line 6: the solution does not solve the puzzle: row 1, column 2 is given a circle",
        ),
        (
            "4\n" + "----\n" * 4 + "oooo\n" + "----\n" * 3,
            "line 6: the solution does not solve the puzzle: row 1 has 4 circles in a row",
        ),
        ("4\n" + "----\n" * 8 + "----\n", "line 10: expected nothing after"),
    ],
)
def test_errors_name_the_place(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        janko.read(text)


def test_write_refuses_other_kinds_and_rectangles() -> None:
    with pytest.raises(FormatError, match="holds Fobidoshi puzzles, not nonogram"):
        janko.write(Document(Nonogram([(1,)], [(1,)])))
    with pytest.raises(FormatError, match="holds square grids; this one is 5×4"):
        janko.write(Document(Fobidoshi.blank((4, 5))))


def test_sniffing_reads_janko_text_as_a_fobidoshi() -> None:
    assert janko.sniff("6\n-xo--o\n")
    assert janko.sniff("-xo--o\n----o-\n")
    assert not janko.sniff("#..#\n....\n")
    assert not janko.sniff("3x2:2//1/1.1/1")
    assert not janko.sniff('{"format": "puzzle-studio"}')
    record = shared_records("fobidoshi")[0]
    assert read_text(_text(record)).kind == "fobidoshi"
    assert read_text(_text(record, size=False), kind="forbidden-four").kind == "fobidoshi"


def test_read_text_validates_the_puzzle() -> None:
    with pytest.raises(PuzzleError, match=r"puzzle\.txt: row 2 holds 4 given circles"):
        read_text("4\n----\noooo\n----\n----\n", source="puzzle.txt")
    with pytest.raises(PuzzleError, match="at least 4 rows"):
        read_text("3\n---\n---\n---\n", format="janko")


def test_save_and_load_a_file(tmp_path: Any) -> None:
    record = shared_records("fobidoshi")[0]
    document = janko.read(_text(record))
    path = tmp_path / "fobidoshi.txt"
    save(document, path, format="janko")
    loaded = load(path)
    assert loaded.puzzle == document.puzzle
    assert loaded.picture is not None
    assert (loaded.picture == document.picture).all()
