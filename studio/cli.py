"""The command line: ``studio analyze|solve|convert|import-image|repair|generate|export|
export-book|gui`` (DESIGN.md §1, item 7).

The commands drive :mod:`studio.core`; only ``gui`` (the window) and the drawing commands
``export`` and ``export-book`` load Qt, inside their handlers, headless when there is no
display.

Exit status:

- 0: the command did its work, whatever the verdict (ambiguous and impossible puzzles included);
- 1: ``solve`` only: the puzzle has no solution;
- 2: bad input (a malformed or missing file, an unknown kind or format, a bad option), reported
  as one line ``studio: error: <message>`` on standard error; commands that take several inputs
  still process the good ones and exit 2 at the end;
- 3: ``solve`` only: the time limit was reached before a solution was found;
- 130: interrupted (Ctrl+C); 141: standard output was closed early (``studio ... | head``), as
  a program killed by SIGPIPE reports; nothing more is printed in either case.

Running out of memory is reported as bad input (exit 2, one line): the limits of
:meth:`~studio.core.puzzle.KindSpec.check_shape` and :mod:`studio.core.files` keep it from
happening on this machine's inputs.

``gui`` returns the window's exit status, or 1 when the window cannot be loaded (no Qt).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import sys
from collections.abc import Sequence
from dataclasses import asdict, replace
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

from tqdm import tqdm

import studio
from studio.core import files, formats, pixelart
from studio.core.analysis_batch import analysed, analyze_batch
from studio.core.book import PAGE_SIZES, PER_PAGE, Book, entry_for
from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.formats import Format
from studio.core.formats.book_json import load_book, save_book
from studio.core.generate import GeneratorOptions, resolved
from studio.core.generate.batch import POOL_AFTER_SECONDS, generate_batch
from studio.core.grid import cells_of, grid_to_text
from studio.core.kinds import KINDS, get_kind
from studio.core.parallel import require_dask
from studio.core.puzzle import Puzzle
from studio.core.repair import RepairResult, repair_document, repaired
from studio.core.sat.analysis import Analysis, Status, analyze
from studio.core.verdict import describe

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_TIME_LIMIT = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

STANDARD_INPUT = "-"
"""The INPUT that means standard input, as in every Unix tool."""

# A missing argument ending in one of these, or starting like a path, is reported as a missing
# file rather than parsed as puzzle text (whose error would be about an unexpected character).
_EXTENSIONS = frozenset(ext for spec in formats.FORMATS for ext in spec.extensions)
_PATH_STARTS = ("/", "./", "../", "~", ".\\", "..\\", "\\")
_LABEL_WIDTH = 40


# ---------------------------------------------------------------------------------------------
# Inputs


def is_puzzle_text(argument: str) -> bool:
    """True if ``argument`` is to be read as the puzzle itself rather than as a file name.

    That is when no file exists under that name, it does not look like a path (a known
    extension, a leading ``/``, ``./``, ``../``, ``~`` or ``\\``), it is not ``-`` (standard
    input), and some format recognises the text: a game ID, runs lists, a studio document, a
    grid.
    """
    if argument == STANDARD_INPUT or os.path.lexists(argument):
        return False
    if "\n" in argument:
        return True
    if Path(argument).suffix.lower() in _EXTENSIONS or argument.startswith(_PATH_STARTS):
        return False
    return any(spec.sniff(argument) for spec in formats.FORMATS)


def read_input(argument: str, *, kind: str | None = None, position: int | None = None) -> Document:
    """The document named by a command-line INPUT: a file, or a game ID (or other puzzle text).

    Args:
        argument: the INPUT as given.
        kind: accept only this kind of puzzle.
        position: the 1-based place of the input among several, named in errors about puzzle
            text (which has no file name to tell the inputs apart).

    Raises:
        StudioError: for a missing or malformed file or text, or a puzzle that cannot be valid.
    """
    if argument == STANDARD_INPUT:
        source = "standard input"
        data = files.read_stream(
            sys.stdin.buffer, limit=files.PUZZLE_FILE_LIMIT, what="a puzzle file", source=source
        )
        return formats.read_text(formats.decode(data, source), source=source, kind=kind)
    if not is_puzzle_text(argument):
        return formats.load(argument, kind=kind)
    source = "game ID" if formats.get_format("tatham").sniff(argument) else "argument"
    if position is not None:
        source = f"{source} (input {position})"
    return formats.read_text(argument, source=source, kind=kind)


def label(argument: str) -> str:
    """How human-readable output names an input: the argument, long puzzle text shortened."""
    if argument == STANDARD_INPUT:
        return "standard input"
    if not is_puzzle_text(argument) or len(argument) <= _LABEL_WIDTH:
        return argument
    return argument[: _LABEL_WIDTH - 3] + "..."


# ---------------------------------------------------------------------------------------------
# Output


def analysis_record(argument: str, document: Document, analysis: Analysis) -> dict[str, Any]:
    """The JSON object ``analyze --json`` prints for one input (``import-image`` adds to it)."""
    height, width = document.puzzle.shape
    contradiction = analysis.contradiction
    return {
        "input": argument,
        "kind": document.kind,
        "width": width,
        "height": height,
        "status": analysis.status.value,
        "solution": None if analysis.solution is None else grid_to_text(analysis.solution),
        "variable_cells": [list(cell) for cell in cells_of(analysis.variable)],
        "line_solvable": analysis.logic_solvable,
        "seconds": round(analysis.seconds, 6),
        "variable_cells_complete": analysis.complete,
        "contradiction": None if contradiction is None else contradiction.message,
        "difficulty": None if analysis.difficulty is None else asdict(analysis.difficulty),
    }


def json_line(record: dict[str, Any]) -> str:
    """One JSON Lines line (no newline) for ``record``."""
    return json.dumps(record, separators=(",", ":"))


def verdict(analysis: Analysis) -> str:
    """The human summary of an analysis, e.g. ``Unique · line-solvable (0.004 s)``."""
    seconds = f"{analysis.seconds:.3f} s" if analysis.seconds >= 0.001 else "< 0.001 s"
    return f"{describe(analysis)} ({seconds})"


def report_error(message: str | StudioError) -> None:
    """``studio: error: <message>`` on standard error, on one line whatever the message holds."""
    print(f"studio: error: {' '.join(str(message).splitlines())}", file=sys.stderr, flush=True)


def note(message: str) -> None:
    """A remark on standard error that is not an error (``studio: <message>``)."""
    print(f"studio: {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Commands


def run_gui(args: argparse.Namespace) -> int:
    """``studio`` / ``studio gui [FILE]``: open the window; exit 1 if it cannot be loaded."""
    try:
        from studio.gui.app import run  # only here: no other command may import Qt
    except ImportError as error:  # no PySide6, or a system library Qt needs is missing
        report_error(f"cannot open the window: {error}")
        return 1
    return int(run(args.file, quit_after_ms=args.quit_after))


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


def run_export(args: argparse.Namespace) -> int:
    """``studio export``: one puzzle as PNG, SVG or PDF, in puzzle view or solution view."""
    document = read_input(args.input, kind=args.kind)
    start_drawing()
    from studio.gui.kinds import qt_kind
    from studio.render.export import check_image_size, export_image

    look = qt_kind(document.kind).look
    try:  # before any solving or drawing
        check_image_size(document, look, Path(args.output).suffix.lower(), args.cell)
    except StudioError as error:
        raise StudioError(f"--cell {args.cell:g}: {error}") from None
    solution = None
    if args.solution:
        analysis = analyze(document.puzzle, cancel=CancelToken(timeout=args.timeout))
        if analysis.status is not Status.UNIQUE:
            raise StudioError(
                f"{label(args.input)}: the solution view needs a unique solution "
                f"({describe(analysis)})"
            )
        solution = analysis.solution
    export_image(document, args.output, look, solution=solution, cell=args.cell)
    return EXIT_OK


def run_export_book(args: argparse.Namespace) -> int:
    """``studio export-book``: a book file or a folder of puzzles as a print-ready PDF."""
    book = load_book(args.book)
    if not book.entries:
        raise StudioError(f"{args.book}: the book holds no puzzles")
    layout = book.layout
    changes = {
        name: value
        for name, value in (
            ("page_size", args.page_size),
            ("per_page", args.per_page),
            ("title_page", args.title_page),
            ("contents", args.contents),
            ("solutions", args.solutions),
        )
        if value is not None
    }
    book = replace(book, layout=replace(layout, **changes))
    for warning in book.warnings():
        note(f"warning: {warning}")
    start_drawing()
    from studio.gui.kinds import looks
    from studio.render.book import export_book

    with progress_bar(len(book.entries), "drawing") as bar:
        result = export_book(book, args.output, looks, progress=lambda done, total: bar.update())
    count = len(book.entries)
    fewest, most = min(result.per_page), max(result.per_page)
    spread = str(most) if fewest == most else f"{fewest}–{most}"
    print(
        f"{args.output}: {result.pages} pages, {count} puzzle{'s' if count != 1 else ''} "
        f"({spread} a page), {result.seconds:.2f} s"
    )
    return EXIT_OK


def run_analyze(args: argparse.Namespace) -> int:
    """``studio analyze``: one verdict (or JSON object) per good input, in input order, each
    as soon as it is known (on a process pool or a Dask cluster once the batch proves long)."""
    several = len(args.inputs) > 1
    readers = [
        partial(read_input, argument, kind=args.kind, position=position if several else None)
        for position, argument in enumerate(args.inputs, start=1)
    ]
    batch = analyze_batch(
        readers,
        encoding=args.encoding,
        timeout=args.timeout,
        jobs=args.jobs,
        pool_after=args.pool_after,
        scheduler=scheduler_address(args),
    )
    status = EXIT_OK
    with progress_bar(len(readers), "analysing") as bar:
        for argument, result in zip(args.inputs, batch, strict=True):
            bar.update()
            if isinstance(result, StudioError):
                report_error(result)
                status = EXIT_BAD_INPUT
                continue
            document, analysis = result
            if args.json:
                print(json_line(analysis_record(argument, document, analysis)), flush=True)
            else:
                print(f"{label(argument)}: {verdict(analysis)}", flush=True)
    return status


def run_solve(args: argparse.Namespace) -> int:
    """``studio solve``: print one solution; say on stderr when it is not the only one."""
    document = read_input(args.input, kind=args.kind)
    analysis = analysed(document.puzzle, args.encoding, args.timeout)
    name = label(args.input)
    if analysis.solution is None:
        note(f"{name}: {verdict(analysis)}")
        return EXIT_NO_SOLUTION if analysis.status is Status.NONE else EXIT_TIME_LIMIT
    print("\n".join(grid_to_text(analysis.solution)))
    if analysis.status is Status.MULTIPLE:
        note(f"{name}: not unique ({verdict(analysis)}); printed one solution")
    elif analysis.status is Status.UNKNOWN:
        note(f"{name}: time limit reached before uniqueness was checked; printed one solution")
    return EXIT_OK


def run_convert(args: argparse.Namespace) -> int:
    """``studio convert``: read any format, write the one named by ``-o`` or ``--format``."""
    document = read_input(args.input, kind=args.kind)
    target = output_format(args.output, args.format, document.kind)
    document = with_picture_for(document, target, args.timeout, label(args.input))
    if args.output == "-":
        sys.stdout.write(document_text(document, target))
    else:
        formats.save(document, args.output, format=target.name)
    return EXIT_OK


def output_format(output: str, name: str | None, kind: str) -> Format:
    """The format to write: ``--format`` if given, else the one of the output's extension
    for a puzzle of ``kind``."""
    if name is not None:
        return formats.get_format(name)
    if output == "-":
        known = ", ".join(spec.name for spec in formats.FORMATS)
        raise StudioError(f"writing to standard output (-o -) needs --format: one of {known}")
    return formats.format_for_path(output, kind)


def with_picture_for(
    document: Document, target: Format, timeout: float | None, name: str
) -> Document:
    """``document``, given its solution as picture when ``target`` cannot write it without one.

    A puzzle known by its clues only (a game ID) has no picture; formats that write the picture
    (the text grid) get the solution instead, which must be unique to stand for the picture.

    Raises:
        StudioError: if the puzzle has several solutions, none, or the time limit stopped it.
    """
    if document.picture is not None or not target.needs_picture:
        return document
    analysis = analyze(document.puzzle, cancel=CancelToken(timeout=timeout))
    if analysis.status is not Status.UNIQUE:
        raise StudioError(
            f"{name}: the {target.name} format needs the picture, and the puzzle's solution "
            f"is not unique ({describe(analysis)})"
        )
    return replace(document, picture=analysis.solution)


def run_import_image(args: argparse.Namespace) -> int:
    """``studio import-image``: each image becomes a nonogram (or a mosaic), written, printed or
    analysed."""
    options = pixelart.ImportOptions(threshold=args.threshold, invert=args.invert, shape=args.size)
    folder = output_folder(args.output, len(args.images))
    written: dict[Path, str] = {}
    status = EXIT_OK
    for position, image in enumerate(args.images):
        try:
            document = pixelart.import_document(image, options, kind=args.kind or "nonogram")
            if args.output is not None:
                path = (
                    Path(args.output)
                    if folder is None
                    else folder / output_name(image, args.format)
                )
                if path in written:
                    raise StudioError(f"{image}: {path} was already written for {written[path]}")
                formats.save(document, path, format=args.format)
                written[path] = image
            if args.json:
                print(json_line(imported_record(image, document, args.timeout)), flush=True)
            elif args.output is None:
                separator = "\n" if position > 0 else ""
                text = document_text(document, text_format(document.kind, args.format))
                print(separator + text, end="", flush=True)
        except StudioError as error:
            report_error(error)
            status = EXIT_BAD_INPUT
    return status


def run_repair(args: argparse.Namespace) -> int:
    """``studio repair``: each input made unique by a strategy, written, printed or analysed."""
    several = len(args.inputs) > 1
    folder = output_folder(args.output, len(args.inputs))
    status = EXIT_OK
    for position, argument in enumerate(args.inputs, start=1):
        try:
            document = read_input(argument, kind=args.kind, position=position if several else None)
            repaired_document, result = repair_input(document, args, label(argument))
            if args.output is not None:
                stem = f"puzzle-{position}" if is_puzzle_text(argument) else argument
                target = (
                    Path(args.output) if folder is None else folder / output_name(stem, args.format)
                )
                formats.save(repaired_document, target, format=args.format)
            if args.json:
                record = analysis_record(argument, repaired_document, result.analysis)
                assert repaired_document.picture is not None  # a repair always has its picture
                record["picture"] = grid_to_text(repaired_document.picture)
                record["changed_cells"] = [list(cell) for cell in result.changed_cells]
                record["givens"] = [list(cell) for cell in result.givens]
                print(json_line(record), flush=True)
            else:
                print(f"{label(argument)}: {result.describe()}", flush=True)
                if args.output is None:
                    text = document_text(repaired_document, text_format(repaired_document.kind))
                    print(text, end="")
        except StudioError as error:
            report_error(error)
            status = EXIT_BAD_INPUT
    return status


def repair_input(
    document: Document, args: argparse.Namespace, name: str
) -> tuple[Document, RepairResult[Puzzle]]:
    """The document repaired by ``args.strategy``; a puzzle known only by its clues is repaired
    from one of its solutions.

    Raises:
        StudioError: for a puzzle with no solution, or one not solved in the time limit.
    """
    reference = None
    if document.picture is None:
        analysis = analyze(document.puzzle, cancel=CancelToken(timeout=args.timeout))
        if analysis.solution is None:
            raise StudioError(f"{name}: nothing to repair: {describe(analysis)}")
        reference = analysis.solution
    result = repair_document(
        document,
        reference=reference,
        strategy=args.strategy,
        logic_solvable=args.logic_solvable,
        cancel=CancelToken(timeout=args.timeout),
    )
    return repaired(document, result), result


def run_generate(args: argparse.Namespace) -> int:
    """``studio generate``: unique puzzles from a seed, written, printed or as JSON Lines."""
    scheduler = scheduler_address(args)
    height, width = args.size
    options = resolved(
        GeneratorOptions(
            shape=(height, width),
            kind=args.kind or "nonogram",
            strategy=args.strategy,
            density=args.density,
            logic_solvable=args.logic_solvable,
            max_difficulty=args.max_difficulty,
        )
    )
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    folder = None
    if args.output is not None:
        folder = Path(args.output)
        make_folder(folder)
    book = load_book(args.book) if args.book and Path(args.book).exists() else None
    entries = []
    with progress_bar(args.count, "generating") as bar:
        for generated in generate_batch(
            options,
            seed,
            args.count,
            jobs=args.jobs,
            pool_after=args.pool_after,
            scheduler=scheduler,
        ):
            bar.update()
            document = generated.document
            assert document.picture is not None  # generated puzzles keep their solution
            if folder is not None:
                name = f"{options.kind}-{options.strategy}-{width}x{height}-{generated.seed}"
                target = folder / output_name(name, args.format)
                formats.save(document, target, format=args.format)
            if args.book:
                entries.append(entry_for(document, analysis=generated.analysis))
            if args.json:
                record = analysis_record(document.title, document, generated.analysis)
                record["picture"] = grid_to_text(document.picture)
                record["seed"] = generated.seed
                print(json_line(record), flush=True)
            elif folder is None and not args.book:
                print(f"{document.title}: {verdict(generated.analysis)}")
                print(document_text(document, text_format(document.kind)), end="", flush=True)
    if args.book:
        save_book(
            (book or Book(title=Path(args.book).name.split(".")[0])).added(*entries), args.book
        )
    return EXIT_OK


def scheduler_address(args: argparse.Namespace) -> str | None:
    """``--scheduler``, once Dask is known to be there to reach it."""
    address: str | None = args.scheduler
    if address is not None:
        require_dask("--scheduler")
    return address


def progress_bar(total: int, what: str) -> tqdm[Any]:
    """A progress bar on standard error, shown only on a terminal (and never in the way of
    standard output, which may be JSON Lines)."""
    return tqdm(total=total, desc=what, unit="puzzle", file=sys.stderr, disable=None, leave=False)


def output_folder(output: str | None, count: int) -> Path | None:
    """The folder ``-o`` names (created if missing), or ``None`` when it names one file.

    ``-o`` is a folder for several inputs, or when it is an existing folder.

    Raises:
        StudioError: when the folder cannot be created.
    """
    if output is None or (count == 1 and not Path(output).is_dir()):
        return None
    folder = Path(output)
    make_folder(folder)
    return folder


def make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) if missing.

    Raises:
        StudioError: when it cannot be created.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StudioError(
            f"{folder}: cannot create the folder: {error.strerror or error}"
        ) from error


def output_name(source: str, format_name: str | None) -> str:
    """``<stem>.json``, or the stem with the extension of the format named (``--format``)."""
    extension = ".json" if format_name is None else formats.get_format(format_name).extensions[0]
    return Path(source).stem + extension


def imported_record(image: str, document: Document, timeout: float | None) -> dict[str, Any]:
    """:func:`analysis_record` of an imported picture, plus the ``picture`` itself."""
    record = analysis_record(
        image, document, analyze(document.puzzle, cancel=CancelToken(timeout=timeout))
    )
    assert document.picture is not None  # an import always has its picture
    record["picture"] = grid_to_text(document.picture)
    return record


def text_format(kind: str, name: str | None = None) -> Format:
    """The format to print a puzzle of ``kind`` in: ``name`` if given, else the kind's text
    format (a nonogram's grid of ``#`` and ``.``, a mosaic's clue grid, Janko's text)."""
    if name is not None:
        return formats.get_format(name)
    return formats.format_for_path("puzzle.txt", kind)


def document_text(document: Document, target: Format) -> str:
    """The document as ``target`` writes it, ending in a newline as saved files do."""
    text = target.write(document)
    return text if text.endswith("\n") else text + "\n"


# ---------------------------------------------------------------------------------------------
# Argument parsing


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``studio: error: <message>``, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"studio: error: {message} (see '{self.prog} --help')\n")


def _kind(name: str) -> str:
    try:
        return get_kind(name).name
    except StudioError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _format(name: str) -> str:
    try:
        return formats.get_format(name).name
    except StudioError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _cell(text: str) -> float:
    return _finite(text, "a cell size of at least 1", least=1)


def _timeout(text: str) -> float:
    seconds = _seconds(text)
    if seconds == 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return seconds


def _seconds(text: str) -> float:
    return _finite(text, "a number of seconds", least=0)


def _finite(text: str, expected: str, *, least: float) -> float:
    """``text`` as a finite number of at least ``least`` (NaN and infinity are refused)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value >= least and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
    return value


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (width x height, e.g. ``16x12``) as the ``(height, width)`` of ImportOptions."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(part.isdecimal() for part in parts):
        raise argparse.ArgumentTypeError(f"expected WxH (width x height) like 16x12, got {text!r}")
    width, height = int(parts[0]), int(parts[1])
    if not (1 <= width <= pixelart.MAX_SIDE and 1 <= height <= pixelart.MAX_SIDE):
        raise argparse.ArgumentTypeError(
            f"width and height must be 1 to {pixelart.MAX_SIDE}, got {text!r}"
        )
    return height, width


def _threshold(text: str) -> int:
    if not (text.isdecimal() and 0 <= int(text) <= 255):
        raise argparse.ArgumentTypeError(f"expected a luminance from 0 to 255, got {text!r}")
    return int(text)


_FORMAT_NAMES = ", ".join(spec.name for spec in formats.FORMATS)
_REPAIR_STRATEGIES = "; ".join(
    f"{kind.name}: {', '.join(kind.repairs.strategies)}" for kind in KINDS
)
_GENERATE_STRATEGIES = "; ".join(
    f"{kind.name}: {', '.join(kind.generator.strategies)}" for kind in KINDS
)

_REPAIR_EPILOG = f"""\
Each puzzle is made unique. Nonograms: flips changes as few picture cells as it can; givens
leaves the picture alone and shows a few cells from the start (kept as few as possible); thesis
is van Oers's clue heuristic (2024, section 5.3.2), kept for comparison: it may fail. Mosaics:
clues shows more of the picture's clues (flipping cells only when even all clues fall short).
Fobidoshi: givens adds circles and crosses of a solution. A puzzle known only by its clues is
repaired from one of its solutions. Without -o the repaired puzzle is printed as text; -o
writes a file for one input, or files into a folder for several. --json prints the object of
'studio analyze --json' for the result plus picture, changed_cells and givens ([row, col],
0-based). Formats: {_FORMAT_NAMES}.

examples:
  studio repair icon.json --strategy givens -o icon-unique.json
  studio repair puzzles/*.json --json --line-solvable"""

_GENERATE_EPILOG = """\
Every puzzle is unique. A nonogram's picture is made by the strategy (picture: smoothed noise,
like Tatham's generator; density: each cell filled at random; clue-stats: clues drawn from van
Oers's Table 5.1), then repaired to a unique puzzle. A mosaic shows all the clues of a random
picture, then drops clues while it stays unique (or logic-solvable): a minimal clue set.
Fobidoshi follows Heslenfeld's two generators (connected: a random connected solution;
random-start: random givens), both checked by SAT. The same --seed gives the same puzzles; each
JSON line carries the seed that reproduces that one puzzle alone. A long batch moves to J
processes, or with --scheduler runs on a Dask cluster (README: "Running batches on a
cluster"): the same puzzles, in the same order, each printed as soon as it is made.

examples:
  studio generate --size 20x20 --count 5 --line-solvable -o puzzles/
  studio generate --size 40x40 --strategy density --seed 7 --json
  studio generate --kind mosaic --size 30x30 --logic-solvable --book mosaics.book.json
  studio generate --kind fobidoshi --size 10x10 --count 3
  studio generate --size 40x40 --count 1000 --seed 7 --json --scheduler tcp://HOST:8786"""

_EXPORT_EPILOG = """\
The puzzle as a solver gets it (clues, givens, an empty grid) or, with --solution, filled in.
The format follows OUT's extension: .png (--cell pixels a cell), .svg, .pdf (vector, one
page the puzzle's size). Runs without a display.

examples:
  studio export heart.json -o heart.png
  studio export heart.json -o heart-solution.svg --solution"""

_EXPORT_BOOK_EPILOG = """\
BOOK is a book file (made by the studio or by 'studio generate --book'), or a folder of
puzzle files, which becomes a book in file-name order. A puzzle that is not unique is named on
standard error before the PDF is written. Page size, puzzles a page, title page, contents and
solutions default to the book's layout. Runs without a display.

examples:
  studio export-book winter.book.json -o winter.pdf --page-size 6x9
  studio export-book puzzles/ -o puzzles.pdf --per-page 4 --no-contents"""

_ANALYZE_EPILOG = """\
INPUT is a puzzle file in any supported format, - for standard input, or the puzzle itself when
no file of that name exists and the text looks like one (a Tatham Pattern or Mosaic game ID such
as 2x2:1/1/1/1 or 5x5:b4442e5b2a5e2a1, runs lists, a grid).

With several inputs every good one is analysed even when others are bad: each bad input is
reported on standard error, prints nothing on standard output (no JSON line either), and the
exit status is then 2. Otherwise it is 0, whatever the verdict.

--json prints one object per input, one per line, in input order: input, kind, width, height,
status (unique, multiple, none, or unknown when the time limit stopped it), solution (rows of
# and ., or null), variable_cells ([row, col], 0-based), line_solvable, seconds,
variable_cells_complete (false when the time limit cut the search short) and contradiction
(the impossible line, or null).

A long batch moves to J processes, or with --scheduler runs on a Dask cluster (README: "Running
batches on a cluster"); the inputs are read here either way, and the output is the same.

examples:
  studio analyze 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1
  studio analyze --kind mosaic 5x5:b4442e5b2a5e2a1
  studio analyze --json --timeout 5 puzzles/*.json fobidoshi/*.txt
  studio analyze --json corpus/*.non --scheduler tcp://HOST:8786"""

_SOLVE_EPILOG = """\
Prints the solution as rows of # (filled) and . (empty). Exit status: 0 when a solution is
printed (if the puzzle has several, one of them, and a note on standard error says so); 1 when
the puzzle has no solution; 2 on bad input; 3 when the time limit ran out before a solution.

example:
  studio solve 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1"""

_CONVERT_EPILOG = f"""\
The output format is --format ({_FORMAT_NAMES}) or else OUT's extension: .json is the studio
document, .txt the text grid. -o - writes to standard output and needs --format. The text grid
holds the picture: a puzzle known only by its clues is solved and its solution written, which
fails (exit 2) unless the solution is unique.

examples:
  studio convert 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1 -o heart.json
  studio convert heart.json -o - --format runs"""

_IMPORT_EPILOG = f"""\
Without -o each picture is printed as a text grid (or in --format), a blank line between
images; with --json only the JSON lines are printed: the object of 'studio analyze --json' plus
picture (rows of # and .). With -o, one image is written to that file (format from its
extension unless --format) and several go into that folder, created if missing, as
<stem>.json (or the extension of --format). A bad image is reported on standard error and the
others are still imported; the exit status is then 2. Formats: {_FORMAT_NAMES}.

examples:
  studio import-image icon.png --size 16x16
  studio import-image icons/*.png --threshold 128 -o puzzles/ --json"""


def _subparser(
    commands: argparse._SubParsersAction[_Parser], name: str, summary: str, epilog: str
) -> _Parser:
    return commands.add_parser(
        name,
        help=summary,
        description=summary,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _add_kind(parser: _Parser) -> None:
    parser.add_argument(
        "--kind", type=_kind, help="accept only puzzles of this kind: nonogram, mosaic or fobidoshi"
    )


def _add_encoding(parser: _Parser) -> None:
    parser.add_argument(
        "--encoding",
        choices=("fast", *dict.fromkeys(name for kind in KINDS for name in kind.encodings)),
        default="fast",
        help="CNF encoding: fast (ours, after the line solver), or the thesis's thesis or naive "
        "(whole puzzle to SAT, for measurement); default: fast",
    )


def _add_batch(parser: _Parser, verb: str, results: str) -> None:
    """--jobs, --pool-after and --scheduler: where a batch runs (its results are the same)."""
    parser.add_argument(
        "--jobs",
        type=_count,
        default=os.cpu_count() or 1,
        metavar="J",
        help=f"the most processes to {verb} on, used once the batch proves long; the {results} "
        "are the same for any J (default: the number of CPUs)",
    )
    parser.add_argument(
        "--pool-after",
        type=_seconds,
        default=POOL_AFTER_SECONDS,
        metavar="SECONDS",
        help=f"move to J processes once the rest is expected to take this long here "
        f"(starting them costs about a second; default: {POOL_AFTER_SECONDS:g})",
    )
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help=f"{verb} on the Dask cluster of this scheduler instead, from the start (J and "
        f"--pool-after do not apply; the {results} are the same); needs the cluster extra",
    )


def _count(text: str) -> int:
    if not (text.isdecimal() and int(text) >= 1):
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def _add_timeout(parser: _Parser, what: str) -> None:
    parser.add_argument(
        "--timeout", type=_timeout, metavar="SECONDS", help=f"time limit{what} (default: none)"
    )


def build_parser() -> _Parser:
    """The ``studio`` argument parser; each subcommand's handler is its ``handler`` default."""
    parser = _Parser(
        prog="studio",
        description="Puzzle Studio: design, analyse and publish nonograms, mosaics and Fobidoshi. "
        "Without a command, opens the window.",
        epilog="Run 'studio COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"studio {studio.__version__}")
    parser.set_defaults(handler=run_gui, file=None, quit_after=None)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    gui = _subparser(commands, "gui", "open the window", "example:\n  studio gui heart.json")
    gui.add_argument("file", nargs="?", metavar="FILE", help="a puzzle to open")
    # For smoke tests of the built app (tests/packaging/dist_checks.py): quit after MS ms.
    gui.add_argument("--quit-after", type=_count, metavar="MS", help=argparse.SUPPRESS)
    gui.set_defaults(handler=run_gui)

    analyze_ = _subparser(
        commands, "analyze", "uniqueness, variable fields and line-solvability", _ANALYZE_EPILOG
    )
    analyze_.add_argument("inputs", nargs="+", metavar="INPUT", help="puzzle file or game ID")
    _add_kind(analyze_)
    analyze_.add_argument("--json", action="store_true", help="print JSON Lines")
    _add_timeout(analyze_, " per input")
    _add_encoding(analyze_)
    _add_batch(analyze_, "analyse", "results")
    analyze_.set_defaults(handler=run_analyze)

    solve = _subparser(commands, "solve", "print a solution", _SOLVE_EPILOG)
    solve.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    _add_kind(solve)
    _add_timeout(solve, "")
    _add_encoding(solve)
    solve.set_defaults(handler=run_solve)

    convert = _subparser(commands, "convert", "convert between file formats", _CONVERT_EPILOG)
    convert.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    convert.add_argument("-o", "--output", required=True, metavar="OUT", help="file, or -")
    convert.add_argument("--format", type=_format, metavar="NAME", help=_FORMAT_NAMES)
    _add_kind(convert)
    _add_timeout(convert, " for solving a puzzle whose picture is needed")
    convert.set_defaults(handler=run_convert)

    image = _subparser(
        commands, "import-image", "make nonograms or mosaics from images", _IMPORT_EPILOG
    )
    image.add_argument("images", nargs="+", metavar="IMAGE", help="PNG, GIF, BMP or XBM file")
    image.add_argument(
        "--size", type=parse_size, metavar="WxH", help="scale to W columns and H rows"
    )
    image.add_argument(
        "--threshold",
        type=_threshold,
        default=pixelart.DEFAULT_THRESHOLD,
        metavar="N",
        help="pixels darker than this luminance (0-255) are filled (default: %(default)s)",
    )
    image.add_argument("--invert", action="store_true", help="fill the light pixels instead")
    image.add_argument("-o", "--output", metavar="OUT", help="file (one image) or folder")
    image.add_argument("--json", action="store_true", help="print the analysis as JSON Lines")
    image.add_argument("--format", type=_format, metavar="NAME", help=_FORMAT_NAMES)
    _add_timeout(image, " per image for --json")
    _add_kind(image)
    image.set_defaults(handler=run_import_image)

    repair_ = _subparser(commands, "repair", "make ambiguous puzzles unique", _REPAIR_EPILOG)
    repair_.add_argument("inputs", nargs="+", metavar="INPUT", help="puzzle file or game ID")
    repair_.add_argument(
        "--strategy",
        metavar="NAME",
        help="how to repair (default: the kind's first): " + _REPAIR_STRATEGIES,
    )
    repair_.add_argument(
        "--line-solvable",
        "--logic-solvable",
        dest="logic_solvable",
        action="store_true",
        help="repair until logic alone solves it too (line logic for a nonogram)",
    )
    repair_.add_argument("-o", "--output", metavar="OUT", help="file (one input) or folder")
    repair_.add_argument("--json", action="store_true", help="print JSON Lines")
    repair_.add_argument("--format", type=_format, metavar="NAME", help=_FORMAT_NAMES)
    _add_kind(repair_)
    _add_timeout(repair_, " per input")
    repair_.set_defaults(handler=run_repair)

    generate_ = _subparser(commands, "generate", "make unique puzzles", _GENERATE_EPILOG)
    generate_.add_argument(
        "--size", type=parse_size, required=True, metavar="WxH", help="columns x rows"
    )
    generate_.add_argument(
        "--strategy",
        metavar="NAME",
        help="how the puzzle is drawn (default: the kind's first): " + _GENERATE_STRATEGIES,
    )
    generate_.add_argument(
        "--density", type=float, default=0.5, help="share of filled cells (default: 0.5)"
    )
    generate_.add_argument("--count", type=_count, default=1, metavar="N")
    generate_.add_argument(
        "--seed", type=int, metavar="S", help="reproduce a run (default: a random one)"
    )
    generate_.add_argument(
        "--line-solvable",
        "--logic-solvable",
        dest="logic_solvable",
        action="store_true",
        help="only puzzles logic alone solves (line logic for a nonogram)",
    )
    _add_kind(generate_)
    generate_.add_argument(
        "--max-difficulty",
        type=int,
        choices=range(1, 6),
        metavar="D",
        help="only puzzles of difficulty 1 to D (of 5)",
    )
    generate_.add_argument("-o", "--output", metavar="FOLDER", help="write one file per puzzle")
    generate_.add_argument(
        "--book", metavar="BOOK", help="add the puzzles to this book file (made if missing)"
    )
    _add_batch(generate_, "generate", "puzzles")
    generate_.add_argument("--json", action="store_true", help="print JSON Lines")
    generate_.add_argument("--format", type=_format, metavar="NAME", help=_FORMAT_NAMES)
    generate_.set_defaults(handler=run_generate)

    export = _subparser(commands, "export", "draw a puzzle as PNG, SVG or PDF", _EXPORT_EPILOG)
    export.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    export.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.png|svg|pdf")
    export.add_argument("--solution", action="store_true", help="draw the solution view")
    export.add_argument(
        "--cell", type=_cell, default=24.0, metavar="SIZE", help="cell size in px or pt (≥ 1)"
    )
    _add_kind(export)
    _add_timeout(export, " for solving, with --solution")
    export.set_defaults(handler=run_export)

    book = _subparser(commands, "export-book", "print a book as PDF", _EXPORT_BOOK_EPILOG)
    book.add_argument("book", metavar="BOOK", help="a book file, or a folder of puzzle files")
    book.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    book.add_argument("--page-size", choices=PAGE_SIZES, help="default: the book's")
    book.add_argument(
        "--per-page", type=int, choices=PER_PAGE, help="puzzles a page (default: by size)"
    )
    for flag, name, what in (
        ("title-page", "title_page", "a title page"),
        ("contents", "contents", "a contents page"),
        ("solutions", "solutions", "the solutions at the back"),
    ):
        book.add_argument(
            f"--{flag}", dest=name, action=argparse.BooleanOptionalAction, help=f"print {what}"
        )
    book.set_defaults(handler=run_export_book)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and usage errors: argparse has printed
        return EXIT_OK if stop.code is None else int(stop.code)
    try:
        return int(args.handler(args))
    except StudioError as error:
        report_error(error)
        return EXIT_BAD_INPUT
    except MemoryError:
        report_error("not enough memory for this input")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader left (``| head``): say nothing, and point standard output at nothing so
        # that the interpreter's final flush does not fail again (Python's "SIGPIPE" recipe).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
