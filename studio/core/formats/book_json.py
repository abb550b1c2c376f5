"""A puzzle book as a JSON file: the book's metadata, its print layout, and its puzzles, each
an embedded Puzzle Studio document (:mod:`.studio_json`) with its title, status, difficulty and
solution.

::

    {
      "format": "puzzle-studio-book",
      "version": 3,
      "title": "Winter Puzzles",
      "author": "Ann",
      "layout": {"page_size": "6x9", "per_page": null, "margin_mm": 15, "gutter_mm": 5,
                 "bleed_mm": 3.175, "title_page": true, "contents": true,
                 "rules_pages": true, "solutions": true, "pad_even": false,
                 "least_cell_mm": null, "most_cell_mm": 8, "thin_rule_pt": 0.5,
                 "thick_rule_pt": null, "font_family": "", "solutions_per_page": 12},
      "puzzles": [
        {"title": "Sailboat", "status": "unique", "difficulty": 1,
         "solution": ["...#...", "..."], "document": {"format": "puzzle-studio", ...}}
      ]
    }

Every layout field may be left out (:class:`~studio.core.book.BookLayout`'s default); ``null``
is "automatic" where the layout allows ``None``. Version 2 had no cell limits, rule widths,
font or solutions per page (version 3 added them; a studio that reads only version 2 says the
book was made by a newer one rather than refuse the fields one by one). Version 1 had no
``bleed_mm``, ``rules_pages`` or ``pad_even``; its puzzles' titles may be those the
generators gave before they left titles to the designer (``"Nonogram 20×20 #1378448770"``:
:func:`~studio.core.contract.generation.is_generated_name`), which are read as no title, so that
a book never prints a seed number. Unknown fields are refused; a newer version is refused with
a message saying so. Reading is bounded (:data:`~studio.core.files.BOOK_FILE_LIMIT`); saving is
atomic and verified (:func:`studio.core.files.write_text`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from pathlib import Path

from studio.core import files
from studio.core.book import (
    PAGE_SIZES,
    PER_PAGE,
    SOLUTIONS_PER_PAGE,
    Book,
    BookEntry,
    BookLayout,
    entry_for,
)
from studio.core.cancel import CancelToken
from studio.core.contract.generation import is_generated_name
from studio.core.contract.json_fields import check_known, fail, field, positive, text, typed
from studio.core.contract.text import bad_cell_message, first_bad_cell
from studio.core.document import Document
from studio.core.errors import FormatError, PuzzleError, StudioError
from studio.core.formats import decode, load, studio_json
from studio.core.grid import Picture, colour_grid_from_text, grid_from_text
from studio.core.sat.analysis import Status

MARKER = "puzzle-studio-book"
VERSION = 3
EXTENSION = ".book.json"
"""Book files end so, to tell them from puzzle documents (``.json``) at a glance."""

_FIELDS = ("format", "version", "title", "author", "layout", "puzzles")
_FLAGS = ("title_page", "contents", "rules_pages", "solutions", "pad_even")
_LENGTHS = ("margin_mm", "gutter_mm", "bleed_mm", "most_cell_mm")
_AUTOMATIC = ("least_cell_mm", "thin_rule_pt", "thick_rule_pt")
"""Numbers that may be ``null``: automatic."""
_LAYOUT = tuple(layout_field.name for layout_field in fields(BookLayout))
_ENTRY = ("title", "status", "difficulty", "solution", "document")
_STATUSES = tuple(status.value for status in Status)


def write(book: Book) -> str:
    """The book as JSON text (UTF-8, two-space indent, a final newline)."""
    layout = book.layout
    data = {
        "format": MARKER,
        "version": VERSION,
        "title": book.title,
        "author": book.author,
        "layout": {name: getattr(layout, name) for name in _LAYOUT},
        "puzzles": [
            {
                "title": entry.title,
                "status": entry.status,
                "difficulty": entry.difficulty,
                "solution": None
                if entry.solution is None
                else entry.document.spell(entry.solution),
                "document": json.loads(studio_json.write(entry.document)),
            }
            for entry in book.entries
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


Progress = Callable[[int, int], None]
"""``progress(done, total)``: puzzles read so far, of how many."""


def read(
    text: str,
    source: str | None = None,
    *,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> Book:
    """Parse a book file.

    Args:
        progress: called after each puzzle read.
        cancel: checked after each puzzle.

    Raises:
        FormatError: naming the field at fault (``puzzles[3].document.clues.rows[0]: ...``),
            attributed to ``source``.
        PuzzleError: for a puzzle of the book that cannot be valid.
        Stopped: when ``cancel`` fires.
    """
    try:
        return _read(studio_json.decode(text), progress, cancel)
    except FormatError as error:
        raise (error.located(source) if source else error) from None


def load_book(
    path: str | os.PathLike[str],
    *,
    unread: Callable[[StudioError], None] | None = None,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> Book:
    """The book in the file at ``path``, or a book of the puzzle files in a folder (hidden
    files aside), in file-name order, titled as the documents are, each puzzle analysed for
    its solution (:func:`entries_of_files`).

    Args:
        unread: given the error of each file of a folder that could not be read as a puzzle,
            in order, once all are read, and may raise it; without one, the first is raised.
        progress: called after each puzzle read (and analysed, for a folder).
        cancel: checked after each puzzle, and inside each analysis.

    Raises:
        FormatError: a missing or malformed file, one that is not a regular file or is larger
            than :data:`~studio.core.files.BOOK_FILE_LIMIT`, or a folder without puzzles
            (after ``unread`` has heard of every file).
        PuzzleError: a puzzle that cannot be valid.
        Stopped: when ``cancel`` fires.
    """
    location = Path(path)
    if location.is_dir():
        return _book_of_folder(location, unread or _refuse, progress, cancel)
    source = os.fspath(location)
    data = files.read_bytes(source, limit=files.BOOK_FILE_LIMIT, what="a book file")
    return read(decode(data, source), source, progress=progress, cancel=cancel)


def save_book(book: Book, path: str | os.PathLike[str]) -> None:
    """Write ``book`` to ``path`` atomically and verified.

    Raises:
        StudioError: when the file cannot be written (the old file is then unchanged).
    """
    files.write_text(path, write(book), what="the book")


def entries_of_files(
    paths: Sequence[str | os.PathLike[str]],
    *,
    time_limit: float | None = None,
    progress: Progress | None = None,
    cancel: CancelToken | None = None,
) -> tuple[list[BookEntry], list[StudioError]]:
    """A book entry for each puzzle file of ``paths``, in their order, titled as the document
    is and analysed for its solution, verdict and difficulty (:func:`entry_for`).

    Args:
        time_limit: seconds each puzzle's analysis may take; one that takes longer is added
            unproven (:attr:`BookEntry.warning` says so). ``None``: no limit.
        progress: called with ``(files done, files)`` after each file.
        cancel: checked after each file, and inside each analysis.

    Returns:
        ``(entries, errors)``: the entries of the files read, and for each file that was not,
        its error in one line naming the file: a :class:`FormatError` for a file that cannot
        be read or is no puzzle, a :class:`PuzzleError` for a puzzle that cannot be valid.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    entries: list[BookEntry] = []
    errors: list[StudioError] = []
    for done, path in enumerate(paths, start=1):
        try:
            document = load(path)  # validated; its errors name the file
        except (FormatError, PuzzleError) as error:
            errors.append(error)
        else:
            limited = CancelToken(time_limit)
            unregister = cancel.on_cancel(limited.cancel) if cancel is not None else None
            try:
                entries.append(entry_for(document, cancel=limited))
            finally:
                if unregister is not None:
                    unregister()
        _step(done, len(paths), progress, cancel)
    return entries, errors


def _book_of_folder(
    folder: Path,
    unread: Callable[[StudioError], None],
    progress: Progress | None,
    cancel: CancelToken | None,
) -> Book:
    paths = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    entries, errors = entries_of_files(paths, progress=progress, cancel=cancel)
    for error in errors:
        unread(error)
    if not entries:
        raise FormatError("no puzzle documents in this folder", source=str(folder))
    return Book(title=folder.name, entries=tuple(entries))


def _refuse(error: StudioError) -> None:
    raise error


def _step(done: int, total: int, progress: Progress | None, cancel: CancelToken | None) -> None:
    if cancel is not None:
        cancel.check()
    if progress is not None:
        progress(done, total)


def _read(value: object, progress: Progress | None, cancel: CancelToken | None) -> Book:
    data = typed(value, dict, "")
    if data.get("format") != MARKER:
        fail("format", f'expected "{MARKER}" (a Puzzle Studio book)')
    version = positive(field(data, "version", int), "version")
    if version > VERSION:
        raise FormatError(
            f"made by a newer Puzzle Studio (book version {version}); this one reads up to "
            f"{VERSION}"
        )
    check_known(data, _FIELDS, "")
    layout = _layout(field(data, "layout", dict))
    puzzles = field(data, "puzzles", list)
    entries = []
    for index, item in enumerate(puzzles):
        entry = _entry(item, f"puzzles[{index}]")
        puzzle = entry.document.puzzle
        if version == 1 and is_generated_name(entry.title, puzzle.spec, puzzle.shape):
            entry = replace(entry, title="")
        entries.append(entry)
        _step(index + 1, len(puzzles), progress, cancel)
    return Book(
        title=text(data.get("title", ""), "title"),
        author=text(data.get("author", ""), "author"),
        layout=layout,
        entries=tuple(entries),
    )


def _layout(data: Mapping[str, object]) -> BookLayout:
    check_known(data, _LAYOUT, "layout.")
    values: dict[str, object] = {}
    for name in _FLAGS:
        if name in data:
            values[name] = _flag(data[name], f"layout.{name}")
    if "page_size" in data:
        size = typed(data["page_size"], str, "layout.page_size")
        if size not in PAGE_SIZES:
            fail("layout.page_size", f"expected one of {', '.join(PAGE_SIZES)}, found {size!r}")
        values["page_size"] = size
    if data.get("per_page") is not None:
        count = typed(data["per_page"], int, "layout.per_page")
        if count not in PER_PAGE:
            fail("layout.per_page", f"expected one of {PER_PAGE} or null, found {count}")
        values["per_page"] = count
    if data.get("solutions_per_page") is not None:
        count = typed(data["solutions_per_page"], int, "layout.solutions_per_page")
        if count not in SOLUTIONS_PER_PAGE:
            fail(
                "layout.solutions_per_page",
                f"expected one of {SOLUTIONS_PER_PAGE} or null, found {count}",
            )
        values["solutions_per_page"] = count
    for name in (*_LENGTHS, *_AUTOMATIC):
        if name in data and not (name in _AUTOMATIC and data[name] is None):
            number = data[name]
            if not isinstance(number, int | float) or isinstance(number, bool) or number < 0:
                unit = "points" if name.endswith("_pt") else "millimetres"
                fail(f"layout.{name}", f"expected a length in {unit}, found {number!r}")
            values[name] = float(number)
    if "font_family" in data:
        values["font_family"] = text(data["font_family"], "layout.font_family")
    try:
        return BookLayout(**values)  # type: ignore[arg-type]
    except StudioError as error:  # margins too wide for the page, a bleed too wide, ...
        raise FormatError(f"layout: {error}") from None


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, f"expected true or false, found {value!r}")
    return value


def _entry(value: object, where: str) -> BookEntry:
    data = typed(value, dict, where)
    check_known(data, _ENTRY, f"{where}.")
    embedded = field(data, "document", dict, f"{where}.")
    try:
        document = studio_json.read_object(embedded)
        document.puzzle.validate()
    except FormatError as error:
        raise FormatError(f"{where}.document: {error}") from None
    except PuzzleError as error:
        raise PuzzleError(f"{where}: {error}") from None
    status = text(data.get("status", Status.UNKNOWN.value), f"{where}.status")
    if status not in _STATUSES:
        fail(f"{where}.status", f"expected one of {', '.join(_STATUSES)}, found {status!r}")
    difficulty = data.get("difficulty")
    if difficulty is not None:
        difficulty = typed(difficulty, int, f"{where}.difficulty")
        if not 1 <= difficulty <= 5:
            fail(f"{where}.difficulty", f"expected 1 to 5 or null, found {difficulty}")
    return BookEntry(
        document=document,
        title=text(data.get("title", ""), f"{where}.title"),
        solution=_solution(data.get("solution"), document, f"{where}.solution"),
        status=status,
        difficulty=difficulty,
    )


def _solution(value: object, document: Document, where: str) -> Picture | None:
    """A solution spelt as :meth:`Document.spell` spells it (``#`` and ``.``, or the colours'
    characters)."""
    if value is None:
        return None
    height, width = document.puzzle.shape
    rows = typed(value, list, where)
    if len(rows) != height:
        fail(where, f"expected {height} rows (the puzzle's height), found {len(rows)}")
    chars = document.spelling
    for index, row in enumerate(rows):
        cells = typed(row, str, f"{where}[{index}]")
        bad = (
            first_bad_cell(cells)
            if not chars
            else next((i for i, char in enumerate(cells) if char not in chars), None)
        )
        if bad is not None:
            message = (
                bad_cell_message(cells[bad])
                if not chars
                else f"expected one of {chars!r}, found {cells[bad]!r}"
            )
            fail(f"{where}[{index}][{bad}]", message)
        if len(cells) != width:
            fail(f"{where}[{index}]", f"expected {width} cells, found {len(cells)}")
    return grid_from_text(rows) if not chars else colour_grid_from_text(rows, chars)
