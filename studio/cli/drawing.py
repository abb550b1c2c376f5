"""The drawing commands: ``studio export`` (one puzzle as PNG, SVG or PDF) and ``studio
export-book`` (a book as a print-ready PDF).

They draw with Qt (:mod:`studio.render`), which they load inside their handlers, headless when
there is no display: the other commands never load it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from studio.cli.arguments import (
    Commands,
    add_command,
    add_kind,
    add_timeout,
    parse_bleed,
    parse_cell,
    parse_dpi,
)
from studio.cli.inputs import label, read_input, unique_solution
from studio.cli.outputs import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    json_line,
    note,
    progress_bar,
    report_error,
)
from studio.core.book import (
    PAGE_SIZES,
    PER_PAGE,
    SOLUTIONS_PER_PAGE,
    Book,
    BookLayout,
    SortKey,
)
from studio.core.book.layout import (
    LEAST_CELL_RANGE,
    MAX_BLEED_MM,
    MOST_CELL_RANGE,
    RULE_RANGE_PT,
)
from studio.core.book.plan import BookPlan, Role
from studio.core.errors import StudioError
from studio.core.formats.book_json import load_book
from studio.core.palette import greyscale_warning


def add_parsers(commands: Commands) -> None:
    """Add ``export`` and ``export-book`` to the ``studio`` parser's commands."""
    _add_export(commands)
    _add_export_book(commands)


# ---------------------------------------------------------------------------------------------
# export

_EXPORT_EPILOG = """\
The puzzle as a solver gets it (clues, givens, an empty grid), with --solution filled in, or
with --include-solution both: side by side in a PNG or SVG, on two pages of a PDF. The format
follows OUT's extension: .png, .svg (vector, its width and height in millimetres), .pdf
(vector, a page the drawing's size). A cell is --cell units of the format (PNG: pixels; SVG: CSS
pixels, 1/96 in; PDF: points, 1/72 in) or --cell-mm millimetres (a PNG's at --dpi, rounded to
whole pixels). A PNG records its --dpi. A colour puzzle is drawn in its colours, with a key of
their names under the puzzle; colours that would print alike in greyscale are named on
standard error (the file is written all the same). Runs without a display.

examples:
  studio export heart.json -o heart.png
  studio export heart.json -o heart-solution.svg --solution --cell-mm 5
  studio export heart.json -o heart.png --cell-mm 6 --dpi 300 --include-solution"""


def _add_export(commands: Commands) -> None:
    export = add_command(commands, "export", "draw a puzzle as PNG, SVG or PDF", _EXPORT_EPILOG)
    export.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    export.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.png|svg|pdf")
    shown = export.add_mutually_exclusive_group()
    shown.add_argument("--solution", action="store_true", help="draw the solution view")
    shown.add_argument(
        "--include-solution", action="store_true", help="draw the puzzle and its solution"
    )
    size = export.add_mutually_exclusive_group()
    size.add_argument(
        "--cell",
        type=parse_cell,
        metavar="SIZE",
        help="cell size in the format's unit: px (PNG, SVG) or pt (PDF), at least 1 (default: 24)",
    )
    size.add_argument(
        "--cell-mm", type=_parse_length, metavar="MM", help="cell size in millimetres"
    )
    export.add_argument(
        "--dpi",
        type=parse_dpi,
        metavar="N",
        help="PNG only: pixels an inch, recorded in the file and turning --cell-mm into pixels "
        "(default: 96)",
    )
    add_kind(export)
    add_timeout(export, " for solving, with --solution or --include-solution")
    export.set_defaults(handler=run_export)


def _parse_length(text: str) -> float:
    """A positive, finite number (millimetres, dots an inch)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def run_export(args: argparse.Namespace) -> int:
    """``studio export``: one puzzle as PNG, SVG or PDF, in puzzle view, solution view or both."""
    document = read_input(args.input, kind=args.kind)
    suffix = Path(args.output).suffix.lower()
    if args.dpi is not None and suffix != ".png":
        raise StudioError(f"--dpi {args.dpi:g}: only a PNG has a resolution, not {args.output}")
    start_drawing()
    from studio.gui.kinds import qt_kind
    from studio.render.export import (
        IMAGE_SUFFIXES,
        View,
        check_image_size,
        export_image,
        native_cell,
    )

    look = qt_kind(document.kind).look
    view = View.BOTH if args.include_solution else View.SOLUTION if args.solution else View.PUZZLE
    cell, unit = (args.cell_mm, "mm") if args.cell_mm is not None else (args.cell or 24.0, None)
    dpi = args.dpi or 96.0
    if suffix in IMAGE_SUFFIXES:  # export_image names any other extension
        option = f"--cell-mm {cell:g}" if unit == "mm" else f"--cell {cell:g}"
        try:  # before any solving or drawing
            check_image_size(document, look, suffix, native_cell(suffix, cell, unit, dpi), view)
        except StudioError as error:
            raise StudioError(f"{option}: {error}") from None
    greyscale = greyscale_warning(document.palette)
    if greyscale is not None:
        note(f"warning: {label(args.input)}: {greyscale}")
    solution = None
    if view is not View.PUZZLE:
        shown = "the solution view" if view is View.SOLUTION else "--include-solution"
        need = f"{label(args.input)}: {shown} needs a unique solution"
        solution = unique_solution(document, args.timeout, need)
    export_image(
        document, args.output, look, solution=solution, view=view, cell=cell, unit=unit, dpi=dpi
    )
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# export-book

_EXPORT_BOOK_EPILOG = """\
BOOK is a book file (made by the studio or by 'studio generate --book'), or a folder of
puzzle files, which becomes a book in file-name order; a file of the folder that cannot be
read as a puzzle is named on standard error in one line (the file, the line and what was
expected), the others are printed, and the command then exits with status 2. Before the PDF is
written, standard error names each puzzle that is not unique, each colour puzzle whose colours
would print alike in greyscale, each puzzle that prints too small to read (numbers under 6 pt
or closer than 1.2 pt, cells under 2 mm) and each title cut to fit. OUT must end in .pdf.
Every option defaults to the book's layout.

The PDF is ready for a press: pages of the trim size plus the bleed on every side, with
TrimBox and BleedBox set, fonts embedded, margins mirrored (the gutter on the binding side).
Sections by kind (a kind's colour puzzles in sections of their own, printed in colour with a
key of their colours), each kind's first opened by a page of its rules with a worked example;
puzzles numbered 1..N at one cell size per kind and size (at least 4 mm on 6x9, 5 mm on the
larger pages, fewer puzzles a page when needed); solutions at the back. --json prints, per
puzzle, where it went: number, title, kind, width, height, page, cell_mm, solution_page,
solution_cell_mm. Runs without a display.

The printed look: --least-cell and --largest-cell bound the puzzles' cells (the least by
default 4 mm on 6x9, 5 mm on the larger pages), --thin-rule and --thick-rule set the rules'
widths in points (by default they follow the cell), --font the font family of every text and
clue (installed here; "" for the default). 'auto' leaves a setting to the studio. --sort
puts the puzzles in order first, and so renumbers them; given more than once, it sorts by each
in turn, and ties keep their order: --sort difficulty --sort kind makes each kind's section run
from easy to hard.

examples:
  studio export-book winter.book.json -o winter.pdf --page-size 6x9 --bleed 3.175
  studio export-book puzzles/ -o puzzles.pdf --per-page 4 --no-contents --pad-even
  studio export-book winter.book.json -o winter.pdf --json > placements.jsonl
  studio export-book winter.book.json -o home.pdf --thin-rule 0.5 --thick-rule 1.5 \\
      --font "DejaVu Serif" --least-cell 6 --solutions-per-page 6 --sort difficulty"""

AUTOMATIC = "auto"
"""The value that gives a layout setting back to the studio (``BookLayout``'s ``None``)."""

# The layout switches: --[no-]FLAG, the BookLayout field it sets, what it prints.
_LAYOUT_SWITCHES = (
    ("title-page", "title_page", "a title page"),
    ("contents", "contents", "a contents page"),
    ("rules-pages", "rules_pages", "a rules page with a worked example before each kind"),
    ("solutions", "solutions", "the solutions at the back"),
    ("pad-even", "pad_even", "blank pages at the end up to an even count"),
)


def _add_export_book(commands: Commands) -> None:
    book = add_command(commands, "export-book", "print a book as PDF", _EXPORT_BOOK_EPILOG)
    book.add_argument("book", metavar="BOOK", help="a book file, or a folder of puzzle files")
    book.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    book.add_argument("--page-size", choices=PAGE_SIZES, help="the trim size")
    book.add_argument(
        "--per-page",
        type=int,
        choices=PER_PAGE,
        help="at most this many puzzles a page (default: as many as keep cells readable)",
    )
    book.add_argument(
        "--bleed",
        dest="bleed_mm",
        type=parse_bleed,
        metavar="MM",
        help=f"bleed around the trim, 0 to {MAX_BLEED_MM:g} mm (3.175 = 0.125 in)",
    )
    for flag, name, what in _LAYOUT_SWITCHES:
        book.add_argument(
            f"--{flag}", dest=name, action=argparse.BooleanOptionalAction, help=f"print {what}"
        )
    length = _or_automatic(_parse_length)
    book.add_argument(
        "--least-cell",
        dest="least_cell_mm",
        type=length,
        metavar="MM",
        help=f"the smallest cell a puzzle gets when a page of its own can give it that much, "
        f"{LEAST_CELL_RANGE[0]:g} to {LEAST_CELL_RANGE[1]:g} mm, or auto (the page size's)",
    )
    book.add_argument(
        "--largest-cell",
        dest="most_cell_mm",
        type=_parse_length,
        metavar="MM",
        help=f"the largest cell printed, {MOST_CELL_RANGE[0]:g} to {MOST_CELL_RANGE[1]:g} mm",
    )
    rules = f"{RULE_RANGE_PT[0]:g} to {RULE_RANGE_PT[1]:g} pt, or auto (following the cell)"
    book.add_argument(
        "--thin-rule",
        dest="thin_rule_pt",
        type=length,
        metavar="PT",
        help=f"the width of the rules between cells, {rules}",
    )
    book.add_argument(
        "--thick-rule",
        dest="thick_rule_pt",
        type=length,
        metavar="PT",
        help=f"the width of the rules every five cells and around the grid, {rules}",
    )
    book.add_argument(
        "--font",
        dest="font_family",
        metavar="FAMILY",
        help='the font family of every text and clue, installed here ("": the default)',
    )
    book.add_argument(
        "--solutions-per-page",
        choices=[*map(str, SOLUTIONS_PER_PAGE), AUTOMATIC],
        metavar="N",
        help=f"at most N solutions a page: {', '.join(map(str, SOLUTIONS_PER_PAGE))} or auto "
        "(as many as keep their cells 1.5 mm)",
    )
    book.add_argument(
        "--sort",
        action="append",
        choices=[key.value for key in SortKey],
        help="put the puzzles in this order first, and so renumber them; repeat to sort by "
        "each in turn",
    )
    book.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    book.set_defaults(handler=run_export_book)


def _or_automatic(parse: Callable[[str], float]) -> Callable[[str], float | str]:
    """``parse``, or :data:`AUTOMATIC` as it is."""

    def parsed(text: str) -> float | str:
        return AUTOMATIC if text == AUTOMATIC else parse(text)

    return parsed


def _layout_value(name: str, value: object) -> object:
    """An option's value as the layout takes it: ``auto`` is ``None``; a count an int."""
    if value == AUTOMATIC:
        return None
    return int(str(value)) if name == "solutions_per_page" else value


def run_export_book(args: argparse.Namespace) -> int:
    """``studio export-book``: a book file or a folder of puzzles as a print-ready PDF.

    Returns:
        :data:`EXIT_OK`, or :data:`EXIT_BAD_INPUT` when files of a folder could not be read
        (each named on standard error; the PDF holds the others).

    Raises:
        StudioError: an output not named .pdf, an empty book or folder, a layout setting out
            of range (one line naming it), a font not installed, a PDF that cannot be written.
    """
    output = Path(args.output)
    if output.suffix.lower() != ".pdf":
        pdf = (
            output.with_suffix(".pdf") if output.suffix else output.with_name(output.name + ".pdf")
        )
        raise StudioError(f"-o {args.output}: export-book writes a PDF; name it {pdf}")
    book, unread = _read_book(args.book)
    if not book.entries:
        raise StudioError(f"{args.book}: the book holds no puzzles")
    # An option named as a BookLayout field sets that field.
    changes: dict[str, Any] = {
        name: _layout_value(name, getattr(args, name))
        for name in (layout_field.name for layout_field in fields(BookLayout))
        if getattr(args, name, None) is not None
    }
    book = replace(book, layout=replace(book.layout, **changes))
    for key in args.sort or ():
        book = book.sorted_by(SortKey(key))
    start_drawing()
    from studio.gui.kinds import looks
    from studio.render.book import export_book
    from studio.render.book.preflight import preflight

    for warning in (*book.warnings(), *preflight(book, looks)):
        note(f"warning: {warning}")
    with progress_bar(len(book.entries), "drawing") as bar:
        result = export_book(book, args.output, looks, progress=lambda done, total: bar.update())
    status = EXIT_BAD_INPUT if unread else EXIT_OK
    plan = result.plan
    if args.json:
        for record in placement_records(plan):
            print(json_line(record))
        return status
    count = len(book.entries)
    shares = [len(page.placements) for page in plan.pages if page.role is Role.PUZZLES]
    fewest, most = min(shares), max(shares)
    spread = str(most) if fewest == most else f"{fewest}–{most}"
    print(
        f"{args.output}: {result.pages} pages, {count} puzzle{'s' if count != 1 else ''} "
        f"({spread} a page), {result.seconds:.2f} s"
    )
    return status


def _read_book(path: str) -> tuple[Book, bool]:
    """The book at ``path``, and whether files of it were left out: a book file is read whole
    or refused; a folder's files become a book in file-name order
    (:func:`~studio.core.formats.book_json.load_book`), each file that cannot be read as a
    puzzle named on standard error in one line and left out.

    Raises:
        StudioError: a book file that cannot be read, a folder without a puzzle.
    """
    unread: list[StudioError] = []

    def named(error: StudioError) -> None:
        report_error(error)
        unread.append(error)

    with progress_bar(0, "reading") as bar:

        def read(done: int, total: int) -> None:
            bar.total = total  # the puzzles, known once the book or folder is listed
            bar.update()

        book = load_book(path, unread=named, progress=read)
    return book, bool(unread)


def placement_records(plan: BookPlan) -> list[dict[str, Any]]:
    """One record per puzzle of ``plan``, for ``--json``: where the puzzle and its solution
    went (pages from 1, cells in millimetres to 0.01; the solution's ``null`` without
    solutions)."""
    solutions = {placement.number: placement for placement in plan.solutions}
    records = []
    for placement in plan.puzzles:
        puzzle = placement.entry.document.puzzle
        height, width = puzzle.shape
        solution = solutions.get(placement.number)
        records.append(
            {
                "number": placement.number,
                "title": placement.entry.title,
                "kind": puzzle.kind,
                "width": width,
                "height": height,
                "page": placement.page,
                "cell_mm": round(placement.cell_mm, 2),
                "solution_page": None if solution is None else solution.page,
                "solution_cell_mm": None if solution is None else round(solution.cell_mm, 2),
            }
        )
    return records


# ---------------------------------------------------------------------------------------------
# Qt

_QT: list[object] = []  # the application object drawing needs, kept alive while the CLI runs


def start_drawing() -> None:
    """Make Qt ready to draw without a window: headless (offscreen) when there is no display.
    Only the drawing commands call this: the others never load Qt."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    # The command's own one-line errors say what went wrong; Qt's warnings (a font not found,
    # a painter on a device too large) would only bury them.
    qInstallMessageHandler(lambda *_message: None)
    # The widgets' application object, not only QGuiApplication: a window may follow in the
    # same process (a script, the tests), and Qt aborts on a widget without one.
    if QApplication.instance() is None:
        _QT.append(QApplication(sys.argv[:1]))
