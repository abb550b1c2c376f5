"""Book files: round trips, errors naming the field, folders as books, atomic saves."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from studio.core import formats
from studio.core.book import Book, BookLayout, entry_for
from studio.core.cancel import CancelToken, Stopped
from studio.core.errors import FormatError, PuzzleError, StudioError
from studio.core.formats.book_json import entries_of_files, load_book, read, save_book, write
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture

PICTURES = [["###", "#..", "##."], ["#.", ".#"], ["###", "#.#"]]


def sample_book() -> Book:
    entries = [
        entry_for(
            document_of_picture(
                "nonogram", grid_from_text(rows), title=f"P{i}", license=f"CC-BY-{i}.0"
            )
        )
        for i, rows in enumerate(PICTURES)
    ]
    layout = BookLayout(
        page_size="6x9",
        per_page=4,
        bleed_mm=3.175,
        title_page=False,
        rules_pages=False,
        pad_even=True,
        least_cell_mm=4.5,
        most_cell_mm=7.0,
        thin_rule_pt=0.4,
        thick_rule_pt=None,
        font_family="DejaVu Serif",
        solutions_per_page=12,
    )
    return Book(title="Winter", author="Ann", layout=layout, entries=tuple(entries))


def test_round_trip(tmp_path: Path) -> None:
    book = sample_book()
    path = tmp_path / "w.book.json"
    save_book(book, path)
    again = load_book(path)
    assert (again.title, again.author, again.layout) == (book.title, book.author, book.layout)
    assert again.titles() == book.titles()
    for before, after in zip(book.entries, again.entries, strict=True):
        assert after.document == before.document
        assert after.document.license == before.document.license
        assert (after.status, after.difficulty) == (before.status, before.difficulty)
        assert np.array_equal(after.solution, before.solution)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="x"), 'format: expected "puzzle-studio-book"'),
        (lambda d: d.update(version=9), "newer Puzzle Studio"),
        (lambda d: d["layout"].update(page_size="A5"), "layout.page_size: expected one of"),
        (lambda d: d["layout"].update(per_page=5), "layout.per_page"),
        (lambda d: d["layout"].update(pad_even=1), "layout.pad_even: expected true or false"),
        (lambda d: d["layout"].update(bleed_mm="3"), "layout.bleed_mm: expected a length"),
        (lambda d: d["layout"].update(bleed_mm=13), "layout: a bleed of 13 mm"),
        (lambda d: d["layout"].update(margin_mm=50), "layout: margins of 50 mm"),
        (lambda d: d["layout"].update(thin_rule_pt=0.1), "layout: thin rules of 0.1 pt"),
        (lambda d: d["layout"].update(thick_rule_pt="2"), "layout.thick_rule_pt: expected a le"),
        (lambda d: d["layout"].update(most_cell_mm=None), "layout.most_cell_mm: expected a le"),
        (lambda d: d["layout"].update(least_cell_mm=9), "layout: the least cell of 9 mm"),
        (lambda d: d["layout"].update(font_family=3), "layout.font_family: expected a string"),
        (lambda d: d["layout"].update(font_family="A\tB"), "layout: a font family is a name"),
        (lambda d: d["layout"].update(solutions_per_page=5), "layout.solutions_per_page"),
        (lambda d: d["puzzles"][1].update(difficulty=7), r"puzzles\[1\].difficulty"),
        (lambda d: d["puzzles"][0].update(solution=["#"]), r"puzzles\[0\].solution: expected 3"),
        (
            lambda d: d["puzzles"][2]["document"]["clues"].update(rows=[[9], [1]]),
            r"puzzles\[2\]: row 1: clue 9 needs 9 cells",
        ),
        (lambda d: d.update(extra=1), 'unknown field "extra"'),
    ],
)
def test_errors_name_the_field(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(write(sample_book()))
    edit(data)
    with pytest.raises((FormatError, PuzzleError), match=message):
        read(json.dumps(data))


def test_a_folder_of_puzzles_is_a_book_in_file_name_order(tmp_path: Path) -> None:
    for name, rows, title in zip(
        ("b.json", "a.txt", "c.json"), PICTURES, ("B", "", "C"), strict=True
    ):
        document = document_of_picture("nonogram", grid_from_text(rows), title=title)
        formats.save(document, tmp_path / name)
    notes = tmp_path / "0-notes.md"
    notes.write_text("not a puzzle")
    with pytest.raises(FormatError, match=r"0-notes\.md"):
        load_book(tmp_path)  # without a word on each file not read, the first is refused
    unread: list[StudioError] = []
    book = load_book(tmp_path, unread=unread.append)
    assert [getattr(error, "source", None) for error in unread] == [str(notes)]
    # Titled as the documents are: a file's name (often a generator's, seed and all) is not
    # a title to print.
    assert [e.title for e in book.entries] == ["", "B", "C"]
    assert [e.status for e in book.entries] == ["multiple", "unique", "unique"]


def test_automatic_settings_are_null_and_round_trip() -> None:
    book = sample_book()
    automatic = BookLayout(page_size="A4")
    data = json.loads(write(Book(layout=automatic, entries=book.entries)))
    assert data["version"] == 3
    assert {name: data["layout"][name] for name in ("least_cell_mm", "thin_rule_pt")} == {
        "least_cell_mm": None,
        "thin_rule_pt": None,
    }
    assert read(json.dumps(data)).layout == automatic


def test_a_version_2_book_reads_with_the_new_settings_automatic() -> None:
    """Books saved before cell limits, rule widths, fonts and solutions per page."""
    data = json.loads(write(sample_book()))
    data["version"] = 2
    for name in (
        "least_cell_mm",
        "most_cell_mm",
        "thin_rule_pt",
        "thick_rule_pt",
        "font_family",
        "solutions_per_page",
    ):
        del data["layout"][name]
    layout = read(json.dumps(data)).layout
    assert layout == BookLayout(
        page_size="6x9",
        per_page=4,
        bleed_mm=3.175,
        title_page=False,
        rules_pages=False,
        pad_even=True,
    )


def test_a_version_1_book_reads_without_the_titles_generators_gave(tmp_path: Path) -> None:
    """Generators once titled puzzles by kind, size and seed; a book must not print those."""
    data = json.loads(write(sample_book()))
    data["version"] = 1
    for name in ("bleed_mm", "rules_pages", "pad_even"):
        del data["layout"][name]
    data["layout"] = {
        name: value
        for name, value in data["layout"].items()
        if name in ("page_size", "per_page", "margin_mm", "gutter_mm", "title_page", "contents")
        or name == "solutions"
    }
    titles = ["Nonogram 3×3 #1378448770", "Nonogram 2×2 #7", "Nonogram 3×3 #7 (the owl)"]
    for puzzle, title in zip(data["puzzles"], titles, strict=True):
        puzzle["title"] = title
    book = read(json.dumps(data))
    assert [entry.title for entry in book.entries] == ["", "", "Nonogram 3×3 #7 (the owl)"]
    assert (book.layout.bleed_mm, book.layout.rules_pages, book.layout.pad_even) == (
        0.0,
        True,
        False,
    )
    # A designer's title of that form in a book of today is the designer's.
    data["version"] = 2
    assert read(json.dumps(data)).entries[0].title == "Nonogram 3×3 #1378448770"


def test_missing_book_and_empty_folder(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="no such file"):
        load_book(tmp_path / "none.book.json")
    with pytest.raises(FormatError, match="no puzzle documents"):
        load_book(tmp_path)


def test_a_field_at_fault_is_named_once() -> None:
    data = json.loads(write(sample_book()))
    data["puzzles"][0]["document"] = 5
    with pytest.raises(FormatError) as caught:
        read(json.dumps(data))
    assert str(caught.value) == "puzzles[0].document: expected an object {...}, found 5"


def test_reading_reports_progress_and_stops_when_cancelled(tmp_path: Path) -> None:
    path = tmp_path / "w.book.json"
    save_book(sample_book(), path)
    seen: list[tuple[int, int]] = []
    load_book(path, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]

    token = CancelToken()
    with pytest.raises(Stopped):
        load_book(path, progress=lambda done, total: token.cancel(), cancel=token)


def test_a_book_file_that_is_not_a_regular_file_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.book.json"
    os.mkfifo(fifo)
    with pytest.raises(FormatError, match=r"not a regular file$"):
        load_book(fifo)


def test_puzzle_files_become_entries_and_each_file_not_read_says_why(tmp_path: Path) -> None:
    """Add Puzzle Files: the puzzles read are analysed and kept in order; each other file gives
    one line naming it, whatever went wrong."""
    paths = []
    for name, rows, title in zip(("b.json", "a.json"), PICTURES, ("B", ""), strict=False):
        paths.append(tmp_path / name)
        formats.save(document_of_picture("nonogram", grid_from_text(rows), title=title), paths[-1])
    (tmp_path / "notes.md").write_text("a note, not a puzzle")
    (tmp_path / "wide.txt").write_text("2x2:3/0/0/0\n")  # Tatham's game ID: a clue too long
    paths[1:1] = [tmp_path / "notes.md", tmp_path / "missing.json", tmp_path / "wide.txt"]
    seen: list[tuple[int, int]] = []
    entries, errors = entries_of_files(paths, progress=lambda *step: seen.append(step))
    assert [(e.title, e.status) for e in entries] == [("B", "unique"), ("", "multiple")]
    assert seen == [(done, 5) for done in range(1, 6)]
    assert [type(error) for error in errors] == [FormatError, FormatError, PuzzleError]
    for error, name in zip(errors, ("notes.md", "missing.json", "wide.txt"), strict=True):
        assert str(error).startswith(str(tmp_path / name)), error
        assert "\n" not in str(error)


def test_puzzle_files_stop_when_cancelled_and_each_analysis_keeps_to_its_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / "p.json"
    formats.save(document_of_picture("nonogram", grid_from_text(PICTURES[0])), path)
    token = CancelToken()
    with pytest.raises(Stopped):
        entries_of_files([path, path], progress=lambda *_: token.cancel(), cancel=token)
    (entry,), _ = entries_of_files([path], time_limit=0.0)
    assert entry.status == "unknown"
    assert entry.warning == "was not shown to be unique"
