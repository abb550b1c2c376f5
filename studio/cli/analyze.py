"""``studio analyze`` (uniqueness, variable fields and line-solvability of each input) and
``studio solve`` (one solution)."""

from __future__ import annotations

import argparse

from studio.cli.arguments import (
    Commands,
    add_batch,
    add_command,
    add_encoding,
    add_kind,
    add_timeout,
    scheduler_address,
)
from studio.cli.inputs import label, read_input, readers
from studio.cli.outputs import (
    EXIT_BAD_INPUT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_TIME_LIMIT,
    analysis_record,
    json_line,
    note,
    progress_bar,
    report_error,
    verdict,
)
from studio.core.analysis_batch import analysed, analyze_batch
from studio.core.errors import StudioError
from studio.core.sat.analysis import Status


def add_parsers(commands: Commands) -> None:
    """Add ``analyze`` and ``solve`` to the ``studio`` parser's commands."""
    _add_analyze(commands)
    _add_solve(commands)


# ---------------------------------------------------------------------------------------------
# analyze

_ANALYZE_EPILOG = """\
INPUT is a puzzle file in any supported format, - for standard input, or the puzzle itself when
no file of that name exists and the text looks like one (a Tatham Pattern or Mosaic game ID such
as 2x2:1/1/1/1 or 5x5:b4442e5b2a5e2a1, runs lists, a grid).

With several inputs every good one is analysed even when others are bad: each bad input is
reported on standard error, prints nothing on standard output (no JSON line either), and the
exit status is then 2. Otherwise it is 0, whatever the verdict.

--json prints one object per input, one per line, in input order: input, kind, width, height,
status (unique, multiple, none, or unknown when the time limit stopped it), solution (rows of
# and .; for a colour nonogram . and each colour's character, a webpbn file's own; or null),
variable_cells ([row, col], 0-based), line_solvable, seconds,
variable_cells_complete (false when the time limit cut the search short) and contradiction
(the impossible line, or null).

A long batch moves to J processes, or with --scheduler runs on a Dask cluster (README: "Running
batches on a cluster"); the inputs are read here either way, and the output is the same.

examples:
  studio analyze 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1
  studio analyze --kind mosaic 5x5:b4442e5b2a5e2a1
  studio analyze --json --timeout 5 puzzles/*.json fobidoshi/*.txt
  studio analyze --json corpus/*.non --scheduler tcp://HOST:8786"""


def _add_analyze(commands: Commands) -> None:
    analyze = add_command(
        commands, "analyze", "uniqueness, variable fields and line-solvability", _ANALYZE_EPILOG
    )
    analyze.add_argument("inputs", nargs="+", metavar="INPUT", help="puzzle file or game ID")
    add_kind(analyze)
    analyze.add_argument("--json", action="store_true", help="print JSON Lines")
    add_timeout(analyze, " per input")
    add_encoding(analyze)
    add_batch(analyze, "analyse", "results")
    analyze.set_defaults(handler=run_analyze)


def run_analyze(args: argparse.Namespace) -> int:
    """``studio analyze``: one verdict (or JSON object) per good input, in input order, each
    as soon as it is known (on a process pool or a Dask cluster once the batch proves long)."""
    batch = analyze_batch(
        readers(args.inputs, args.kind),
        encoding=args.encoding,
        timeout=args.timeout,
        jobs=args.jobs,
        pool_after=args.pool_after,
        scheduler=scheduler_address(args),
    )
    status = EXIT_OK
    with progress_bar(len(args.inputs), "analysing") as bar:
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
                print(f"{label(argument)}: {verdict(analysis, document)}", flush=True)
    return status


# ---------------------------------------------------------------------------------------------
# solve

_SOLVE_EPILOG = """\
Prints the solution as rows of # (filled) and . (empty); a colour nonogram's as . and each
colour's character. Exit status: 0 when a solution is
printed (if the puzzle has several, one of them, and a note on standard error says so); 1 when
the puzzle has no solution; 2 on bad input; 3 when the time limit ran out before a solution.

example:
  studio solve 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1"""


def _add_solve(commands: Commands) -> None:
    solve = add_command(commands, "solve", "print a solution", _SOLVE_EPILOG)
    solve.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    add_kind(solve)
    add_timeout(solve, "")
    add_encoding(solve)
    solve.set_defaults(handler=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    """``studio solve``: print one solution; say on stderr when it is not the only one."""
    document = read_input(args.input, kind=args.kind)
    analysis = analysed(document.puzzle, args.encoding, args.timeout)
    name = label(args.input)
    if analysis.solution is None:
        note(f"{name}: {verdict(analysis, document)}")
        return EXIT_NO_SOLUTION if analysis.status is Status.NONE else EXIT_TIME_LIMIT
    print("\n".join(document.spell(analysis.solution)))
    if analysis.status is Status.MULTIPLE:
        note(f"{name}: not unique ({verdict(analysis, document)}); printed one solution")
    elif analysis.status is Status.UNKNOWN:
        note(f"{name}: time limit reached before uniqueness was checked; printed one solution")
    return EXIT_OK
