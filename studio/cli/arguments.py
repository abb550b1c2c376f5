"""What the commands' parsers share: the parser whose errors are one line, the argument types
(kinds, formats, counts, seconds, sizes, cell sizes, thresholds, a book's sections), the options
several commands take (``--kind``, ``--format``, ``--timeout``, ``--encoding``, ``--strategy``,
``--logic-solvable``, ``--seed``, ``--jobs``, ``--pool-after`` and ``--scheduler``), and the
words their help takes from the registry of kinds (:data:`studio.core.kinds.KINDS`), so that a
kind, a strategy or an encoding is listed the moment it is registered."""

from __future__ import annotations

import argparse
import math
import os
import secrets
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn, TypeAlias

from studio.cli.outputs import EXIT_BAD_INPUT
from studio.core import formats, pixelart
from studio.core.book.layout import MAX_BLEED_MM, MAX_DPI
from studio.core.contract.kind import Kind
from studio.core.errors import StudioError
from studio.core.generate.batch import POOL_AFTER_SECONDS
from studio.core.generate.ramp import Section
from studio.core.kinds import KINDS, get_kind
from studio.core.palette import MAX_INKS
from studio.core.parallel import require_dask


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``studio: error: <message>``, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"studio: error: {message} (see '{self.prog} --help')\n")


Commands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""The ``studio`` parser's subparsers action, to which each command module adds its own."""


def add_command(commands: Commands, name: str, summary: str, epilog: str) -> Parser:
    """The parser of the command ``name``: ``summary`` in the list of commands and atop its
    help, ``epilog`` (kept as written: paragraphs and examples) below its options."""
    return commands.add_parser(
        name,
        help=summary,
        description=summary,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


# ---------------------------------------------------------------------------------------------
# Help from the registries of kinds and formats

FORMAT_NAMES = ", ".join(spec.name for spec in formats.FORMATS)


def listed(words: Sequence[str], conjunction: str) -> str:
    """``a, b or c`` (with ``conjunction`` ``"or"``); ``a`` alone."""
    *rest, last = words
    return f"{', '.join(rest)} {conjunction} {last}" if rest else last


def noun(kind: Kind) -> str:
    """The kind's name inside a sentence: ``nonogram``, ``Fobidoshi``."""
    return kind.spec.noun or kind.name


def by_kind(values: Callable[[Kind], Iterable[str]]) -> str:
    """``nonogram: a, b; mosaic: c``: the ``values`` of each kind that has any."""
    return "; ".join(
        f"{kind.name}: {', '.join(named)}" for kind in KINDS if (named := tuple(values(kind)))
    )


# ---------------------------------------------------------------------------------------------
# Options several commands take


def add_kind(parser: Parser, default: str | None = None) -> None:
    """``--kind KIND``: a registered kind, or ``default`` without the option."""
    parser.add_argument(
        "--kind",
        type=parse_kind,
        default=default,
        help="accept only puzzles of this kind: " + listed([kind.name for kind in KINDS], "or"),
    )


def add_format(parser: Parser) -> None:
    """``--format NAME``: the file format to write."""
    parser.add_argument("--format", type=parse_format, metavar="NAME", help=FORMAT_NAMES)


def add_timeout(parser: Parser, what: str) -> None:
    """``--timeout SECONDS``; ``what`` says what the limit applies to (`` per input``)."""
    parser.add_argument(
        "--timeout", type=parse_timeout, metavar="SECONDS", help=f"time limit{what} (default: none)"
    )


def add_encoding(parser: Parser) -> None:
    """``--encoding``: the kinds' CNF encodings, ``fast`` first (the default)."""
    parser.add_argument(
        "--encoding",
        choices=("fast", *dict.fromkeys(name for kind in KINDS for name in kind.encodings)),
        default="fast",
        help="CNF encoding: fast (ours, after the kind's logic solver), or for measurement the "
        f"whole puzzle to SAT in another ({by_kind(lambda kind: kind.encodings)}); default: fast",
    )


def add_strategy(parser: Parser, what: str, strategies: Callable[[Kind], Iterable[str]]) -> None:
    """``--strategy NAME``: ``what`` it decides, then each kind's ``strategies``."""
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        help=f"{what} (default: the kind's first): {by_kind(strategies)}",
    )


def add_logic_solvable(parser: Parser, what: str) -> None:
    """``--line-solvable``, or ``--logic-solvable``: ``what`` it asks for, then each kind's
    logic."""
    parser.add_argument(
        "--line-solvable",
        "--logic-solvable",
        dest="logic_solvable",
        action="store_true",
        help=f"{what} ({by_kind(lambda kind: [kind.spec.logic])})",
    )


def add_seed(parser: Parser) -> None:
    """``--seed``: the run to make again (:func:`run_seed`)."""
    parser.add_argument(
        "--seed", type=int, metavar="S", help="make a run again (default: a random one, shown)"
    )


@contextmanager
def run_seed(args: argparse.Namespace) -> Iterator[int]:
    """``--seed`` (of :func:`add_seed`), or a random one, 0 to 2**31 - 1, said on standard
    error once the run within has ended well: without it a run that pleased could not be made
    again (each puzzle's own seed makes only that puzzle). A run stopped by an error says
    only the error."""
    seed: int = args.seed if args.seed is not None else secrets.randbelow(2**31)
    yield seed
    if args.seed is None:
        print(f"studio: seed {seed} (--seed {seed} makes this run again)", file=sys.stderr)


def add_batch(parser: Parser, verb: str, results: str) -> None:
    """``--jobs``, ``--pool-after`` and ``--scheduler``: where a batch runs (its ``results`` are
    the same wherever it runs); ``verb`` is what the batch does, e.g. ``analyse``."""
    parser.add_argument(
        "--jobs",
        type=parse_count,
        default=os.cpu_count() or 1,
        metavar="J",
        help=f"the most processes to {verb} on, used once the batch proves long; the {results} "
        "are the same for any J (default: the number of CPUs)",
    )
    parser.add_argument(
        "--pool-after",
        type=parse_seconds,
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


def scheduler_address(args: argparse.Namespace) -> str | None:
    """``--scheduler`` (of :func:`add_batch`), once Dask is known to be there to reach it.

    Raises:
        StudioError: when a scheduler is given and Dask is not installed.
    """
    address: str | None = args.scheduler
    if address is not None:
        require_dask("--scheduler")
    return address


# ---------------------------------------------------------------------------------------------
# Argument types: each raises argparse.ArgumentTypeError, which the parser reports on one line


def parse_kind(name: str) -> str:
    """The registered name of the kind ``name`` (or one of its aliases) names."""
    try:
        return get_kind(name).name
    except StudioError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parse_format(name: str) -> str:
    """The registered name of the file format ``name`` names."""
    try:
        return formats.get_format(name).name
    except StudioError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parse_count(text: str) -> int:
    """A positive whole number (of puzzles, processes, milliseconds)."""
    if not (text.isdecimal() and int(text) >= 1):
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def parse_timeout(text: str) -> float:
    """A time limit: a positive number of seconds."""
    seconds = parse_seconds(text)
    if seconds == 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return seconds


def parse_seconds(text: str) -> float:
    """A number of seconds, 0 or more."""
    return _finite(text, "a number of seconds", least=0)


def parse_cell(text: str) -> float:
    """A cell size in pixels or points, at least 1."""
    return _finite(text, "a cell size of at least 1", least=1)


def parse_dpi(text: str) -> float:
    """A PNG's resolution in dots an inch, 1 to :data:`MAX_DPI`."""
    return _finite(text, f"1 to {MAX_DPI} dots an inch", least=1, most=MAX_DPI)


def parse_bleed(text: str) -> float:
    """A book's bleed in millimetres, 0 to :data:`~studio.core.book.layout.MAX_BLEED_MM`."""
    return _finite(text, f"0 to {MAX_BLEED_MM:g} mm", least=0, most=MAX_BLEED_MM)


def _finite(text: str, expected: str, *, least: float, most: float = math.inf) -> float:
    """``text`` as a finite number from ``least`` to ``most`` (NaN and infinity are
    refused)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (least <= value <= most and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
    return value


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (width x height, e.g. ``16x12``) as the ``(height, width)`` shapes take."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(part.isdecimal() for part in parts):
        raise argparse.ArgumentTypeError(f"expected WxH (width x height) like 16x12, got {text!r}")
    width, height = int(parts[0]), int(parts[1])
    if not (1 <= width <= pixelart.MAX_SIDE and 1 <= height <= pixelart.MAX_SIDE):
        raise argparse.ArgumentTypeError(
            f"width and height must be 1 to {pixelart.MAX_SIDE}, got {text!r}"
        )
    return height, width


def parse_section(text: str) -> Section:
    """``KIND:WxH`` or ``KIND:WxH:K`` (K ink colours): one section of a book's ramp, e.g.
    ``nonogram:10x10:3``."""
    parts = text.split(":")
    if len(parts) not in (2, 3):
        raise argparse.ArgumentTypeError(
            f"expected KIND:WxH or KIND:WxH:K like nonogram:15x15 or nonogram:10x10:3, got {text!r}"
        )
    colours = parse_colours(parts[2]) if len(parts) == 3 else 1
    return Section(parse_kind(parts[0]), parse_size(parts[1]), colours=colours)


def parse_threshold(text: str) -> int:
    """A luminance from 0 to 255."""
    if not (text.isdecimal() and 0 <= int(text) <= 255):
        raise argparse.ArgumentTypeError(f"expected a luminance from 0 to 255, got {text!r}")
    return int(text)


def add_colours(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--colors K``: at most K ink colours (1, the default: black and white)."""
    parser.add_argument(
        "--colors", dest="colours", type=parse_colours, default=1, metavar="K", help=help_text
    )


def parse_colours(text: str) -> int:
    """A number of ink colours, 1 to :data:`~studio.core.palette.MAX_INKS`."""
    if not (text.isdecimal() and 1 <= int(text) <= MAX_INKS):
        raise argparse.ArgumentTypeError(f"expected 1 to {MAX_INKS} colours, got {text!r}")
    return int(text)
