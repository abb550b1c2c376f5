"""The puzzles the commands work on: an INPUT read from a file, from standard input (``-``) or
from the argument itself (a game ID or other puzzle text); how output names an input; the unique
solution some commands need before their work."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from studio.core import files, formats
from studio.core.analysis_batch import analysed
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.sat.analysis import Status
from studio.core.verdict import describe

STANDARD_INPUT = "-"
"""The INPUT that means standard input, as in every Unix tool."""

# A missing argument ending in one of these, or starting like a path, is reported as a missing
# file rather than parsed as puzzle text (whose error would be about an unexpected character).
_EXTENSIONS = frozenset(ext for spec in formats.FORMATS for ext in spec.extensions)
_PATH_STARTS = ("/", "./", "../", "~", ".\\", "..\\", "\\")
_LABEL_WIDTH = 40


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


def readers(arguments: Sequence[str], kind: str | None) -> list[Callable[[], Document]]:
    """One :func:`read_input` call a command-line INPUT, to make when its turn comes; puzzle
    text is named by its place when there are several inputs.

    Each reader raises :class:`StudioError` as :func:`read_input` does.
    """
    several = len(arguments) > 1
    return [
        partial(read_input, argument, kind=kind, position=position if several else None)
        for position, argument in enumerate(arguments, start=1)
    ]


def label(argument: str) -> str:
    """How human-readable output names an input: the argument, long puzzle text shortened."""
    if argument == STANDARD_INPUT:
        return "standard input"
    if not is_puzzle_text(argument) or len(argument) <= _LABEL_WIDTH:
        return argument
    return argument[: _LABEL_WIDTH - 3] + "..."


def unique_solution(document: Document, timeout: float | None, need: str) -> Picture:
    """The solution of the document's puzzle, found within ``timeout`` seconds, for work that
    needs it to be the only one; ``need`` names the input and that work.

    Raises:
        StudioError: ``<need> (<verdict>)``, when the puzzle has several solutions, none, or
            the time limit stopped the search.
    """
    analysis = analysed(document.puzzle, timeout=timeout)
    if analysis.status is not Status.UNIQUE or analysis.solution is None:
        raise StudioError(f"{need} ({describe(analysis, document.colour_names)})")
    return analysis.solution
