"""``studio convert``: a puzzle read in any format, written in another."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from studio.cli.arguments import (
    FORMAT_NAMES,
    Commands,
    add_command,
    add_format,
    add_kind,
    add_timeout,
)
from studio.cli.inputs import label, read_input, unique_solution
from studio.cli.outputs import EXIT_OK, document_text
from studio.core import formats
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.formats import Format

_EPILOG = f"""\
The output format is --format ({FORMAT_NAMES}) or else OUT's extension: .json is the studio
document, .txt the text grid. -o - writes to standard output and needs --format. The text grid
holds the picture: a puzzle known only by its clues is solved and its solution written, which
fails (exit 2) unless the solution is unique.

examples:
  studio convert 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1 -o heart.json
  studio convert heart.json -o - --format runs"""


def add_parsers(commands: Commands) -> None:
    """Add ``convert`` to the ``studio`` parser's commands."""
    convert = add_command(commands, "convert", "convert between file formats", _EPILOG)
    convert.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    convert.add_argument("-o", "--output", required=True, metavar="OUT", help="file, or -")
    add_format(convert)
    add_kind(convert)
    add_timeout(convert, " for solving a puzzle whose picture is needed")
    convert.set_defaults(handler=run_convert)


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
    for a puzzle of ``kind``.

    Raises:
        StudioError: for standard output without ``--format``, or an extension no format of
            ``kind`` has.
    """
    if name is not None:
        return formats.get_format(name)
    if output == "-":
        raise StudioError(
            f"writing to standard output (-o -) needs --format: one of {FORMAT_NAMES}"
        )
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
    solution = unique_solution(
        document,
        timeout,
        f"{name}: the {target.name} format needs the picture, and the puzzle's solution "
        "is not unique",
    )
    return replace(document, picture=solution)
