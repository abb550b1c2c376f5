"""What the commands put out: exit statuses, one-line errors and notes on standard error,
verdicts, JSON Lines records and puzzle text on standard output, a progress bar, and the files
and folders ``-o`` names."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tqdm import tqdm

from studio.core import formats
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.formats import Format
from studio.core.grid import cells_of
from studio.core.sat.analysis import Analysis
from studio.core.verdict import describe

# The exit statuses, documented in :mod:`studio.cli`.
EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_TIME_LIMIT = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141


# ---------------------------------------------------------------------------------------------
# Standard error


def report_error(message: str | StudioError) -> None:
    """``studio: error: <message>`` on standard error, on one line whatever the message holds."""
    print(f"studio: error: {' '.join(str(message).splitlines())}", file=sys.stderr, flush=True)


def note(message: str) -> None:
    """A remark on standard error that is not an error (``studio: <message>``)."""
    print(f"studio: {message}", file=sys.stderr, flush=True)


def progress_bar(total: int, what: str) -> tqdm[Any]:
    """A progress bar on standard error, shown only on a terminal (and never in the way of
    standard output, which may be JSON Lines)."""
    return tqdm(total=total, desc=what, unit="puzzle", file=sys.stderr, disable=None, leave=False)


# ---------------------------------------------------------------------------------------------
# Standard output


def verdict(analysis: Analysis, document: Document) -> str:
    """The human summary of the analysis of ``document``, e.g. ``Unique · line-solvable
    (0.004 s)``; a colour puzzle's colours by their names in its palette."""
    seconds = f"{analysis.seconds:.3f} s" if analysis.seconds >= 0.001 else "< 0.001 s"
    return f"{describe(analysis, document.colour_names)} ({seconds})"


def analysis_record(argument: str, document: Document, analysis: Analysis) -> dict[str, Any]:
    """The JSON object ``analyze --json`` prints for one input (other commands add to it)."""
    height, width = document.puzzle.shape
    contradiction = analysis.contradiction
    return {
        "input": argument,
        "kind": document.kind,
        "width": width,
        "height": height,
        "status": analysis.status.value,
        "solution": None if analysis.solution is None else document.spell(analysis.solution),
        "variable_cells": [list(cell) for cell in cells_of(analysis.variable)],
        "line_solvable": analysis.logic_solvable,
        "seconds": round(analysis.seconds, 6),
        "variable_cells_complete": analysis.complete,
        "contradiction": (
            None if contradiction is None else contradiction.text(document.colour_names)
        ),
        "difficulty": None if analysis.difficulty is None else asdict(analysis.difficulty),
    }


def picture_record(argument: str, document: Document, analysis: Analysis) -> dict[str, Any]:
    """:func:`analysis_record` plus ``picture`` (rows of ``#`` and ``.``), for a document that
    has its picture (an imported, repaired or generated puzzle); for a colour puzzle the rows
    spell each cell with its colour's character (:meth:`Document.spell`) and ``colors`` lists
    the palette's colours as ``"#rrggbb"``, background first."""
    record = analysis_record(argument, document, analysis)
    assert document.picture is not None  # the commands that print this always made one
    record["picture"] = document.spell(document.picture)
    if document.palette is not None:
        record["colors"] = [colour.hex for colour in document.palette.colours]
    return record


def json_line(record: dict[str, Any]) -> str:
    """One JSON Lines line (no newline) for ``record``."""
    return json.dumps(record, separators=(",", ":"))


def document_text(document: Document, target: Format) -> str:
    """The document as ``target`` writes it, ending in a newline as saved files do."""
    text = target.write(document)
    return text if text.endswith("\n") else text + "\n"


def as_text(document: Document, format_name: str | None = None) -> str:
    """The document as a command prints it: in the format named (``--format``), else in its
    kind's text format (a nonogram's grid of ``#`` and ``.``, a mosaic's clue grid, Janko's
    text)."""
    if format_name is not None:
        target = formats.get_format(format_name)
    else:
        target = formats.format_for_path("puzzle.txt", document.kind)
    return document_text(document, target)


def print_document(summary: str, document: Document, format_name: str | None) -> None:
    """``summary`` (``"heart.json: 3 cells changed → unique"``), then the document as text
    (:func:`as_text`). With a ``--format`` the summary goes to standard error, so that standard
    output is that file (``studio generate --format non > puzzle.non``)."""
    if format_name is None:
        print(summary)
    else:
        note(summary)
    print(as_text(document, format_name), end="", flush=True)


# ---------------------------------------------------------------------------------------------
# Files


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


def output_path(output: str, folder: Path | None, source: str, format_name: str | None) -> Path:
    """Where ``-o`` puts the puzzle made from ``source``: the file ``-o`` names, or
    :func:`output_name` in the folder it names (``folder``, from :func:`output_folder`)."""
    return Path(output) if folder is None else folder / output_name(source, format_name)


def output_name(source: str, format_name: str | None) -> str:
    """``<stem>.json``, or the stem with the extension of the format named (``--format``)."""
    extension = ".json" if format_name is None else formats.get_format(format_name).extensions[0]
    return Path(source).stem + extension
