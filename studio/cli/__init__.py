"""The command line: ``studio analyze|solve|hint|convert|import-image|repair|generate|
fill-book|export|export-book|gui`` (docs/architecture.md, "Layers").

The commands drive :mod:`studio.core`; only ``gui`` (the window) and the drawing commands
``export`` and ``export-book`` load Qt, inside their handlers, headless when there is no
display.

Exit status:

- 0: the command did its work, whatever the verdict (ambiguous and impossible puzzles included);
- 1: ``solve`` only: the puzzle has no solution;
- 2: bad input (a malformed or missing file, an unknown kind or format, a bad option) or an
  output that cannot be written (a full disk behind a file or standard output), reported as
  one line ``studio: error: <message>`` on standard error; commands that take several inputs
  still process the good ones and exit 2 at the end;
- 3: ``solve`` only: the time limit was reached before a solution was found;
- 130: interrupted (Ctrl+C); 141: standard output was closed early (``studio ... | head``), as
  a program killed by SIGPIPE reports; nothing more is printed in either case.

Running out of memory is reported as bad input (exit 2, one line): the limits of
:meth:`~studio.core.puzzle.KindSpec.check_shape` and :mod:`studio.core.files` keep it from
happening on this machine's inputs.

``gui`` returns the window's exit status, or 1 when the window cannot be loaded (no Qt).

Each command group is a module that holds its commands' parsers, help and handlers side by
side (:mod:`~studio.cli.analyze`: analyze and solve; :mod:`~studio.cli.hint`;
:mod:`~studio.cli.convert`; :mod:`~studio.cli.import_image`; :mod:`~studio.cli.repair`;
:mod:`~studio.cli.generate`: generate and fill-book;
:mod:`~studio.cli.drawing`: export and export-book; :mod:`~studio.cli.gui`); what they share is
in :mod:`~studio.cli.arguments` (parsing), :mod:`~studio.cli.inputs` (reading INPUT) and
:mod:`~studio.cli.outputs` (printing, writing, the exit statuses).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import studio
from studio.cli import analyze, convert, drawing, generate, gui, hint, import_image, repair
from studio.cli.arguments import Parser, listed, noun
from studio.cli.interrupt import solver_calls_interruptible
from studio.cli.outputs import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    report_error,
)
from studio.core.errors import StudioError
from studio.core.kinds import KINDS

# Each command module adds its commands' parsers, in the order ``studio --help`` lists them.
_ADD_PARSERS = (
    gui.add_parsers,
    analyze.add_parsers,
    hint.add_parsers,
    convert.add_parsers,
    import_image.add_parsers,
    repair.add_parsers,
    generate.add_parsers,
    drawing.add_parsers,
)


def build_parser() -> Parser:
    """The ``studio`` argument parser; each subcommand's handler is its ``handler`` default."""
    parser = Parser(
        prog="studio",
        description="Puzzle Studio: design, analyse and publish "
        f"{listed([noun(kind) for kind in KINDS], 'and')} puzzles. Without a command, opens the "
        "window.",
        epilog="Run 'studio COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"studio {studio.__version__}")
    gui.open_by_default(parser)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for add_parsers in _ADD_PARSERS:
        add_parsers(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and usage errors: argparse has printed
        return EXIT_OK if stop.code is None else int(stop.code)
    try:
        with solver_calls_interruptible():
            status = int(args.handler(args))
        sys.stdout.flush()  # a full disk behind standard output shows here, not at exit
        return status
    except StudioError as error:
        report_error(error)
        return EXIT_BAD_INPUT
    except MemoryError:
        report_error("not enough memory for this input")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader left (``| head``): say nothing (Python's "SIGPIPE" recipe).
        _drop_standard_output()
        return EXIT_BROKEN_PIPE
    except OSError as error:
        if error.filename is not None:
            raise  # a file's error has its name; the studio's own paths report those
        # Only writing to standard output fails without a file name (a full disk, a quota).
        _drop_standard_output()
        report_error(f"cannot write to standard output: {error.strerror or error}")
        return EXIT_BAD_INPUT


def _drop_standard_output() -> None:
    """Point standard output at nothing, so that the interpreter's final flush of what is still
    buffered does not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
