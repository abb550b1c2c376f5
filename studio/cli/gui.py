"""``studio gui [FILE]``, and ``studio`` with no command: the window."""

from __future__ import annotations

import argparse

from studio.cli.arguments import Commands, Parser, add_command, parse_count
from studio.cli.outputs import report_error


def add_parsers(commands: Commands) -> None:
    """Add ``gui`` to the ``studio`` parser's commands."""
    gui = add_command(commands, "gui", "open the window", "example:\n  studio gui heart.json")
    gui.add_argument("file", nargs="?", metavar="FILE", help="a puzzle to open")
    # For smoke tests of the built app (tests/packaging/dist_checks.py): quit after MS ms.
    gui.add_argument("--quit-after", type=parse_count, metavar="MS", help=argparse.SUPPRESS)
    gui.set_defaults(handler=run_gui)


def open_by_default(parser: Parser) -> None:
    """Make ``parser`` (``studio``) open the window when no command is given."""
    parser.set_defaults(handler=run_gui, file=None, quit_after=None)


def run_gui(args: argparse.Namespace) -> int:
    """``studio`` / ``studio gui [FILE]``: open the window; exit 1 if it cannot be loaded."""
    try:
        from studio.gui.app import run  # here: only the window and drawing load Qt
    except ImportError as error:  # no PySide6, or a system library Qt needs is missing
        report_error(f"cannot open the window: {error}")
        return 1
    return int(run(args.file, quit_after_ms=args.quit_after))
