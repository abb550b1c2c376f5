"""``studio repair``: ambiguous puzzles made unique by one of their kind's repair strategies."""

from __future__ import annotations

import argparse

from studio.cli.arguments import (
    FORMAT_NAMES,
    Commands,
    add_command,
    add_format,
    add_kind,
    add_logic_solvable,
    add_strategy,
    add_timeout,
)
from studio.cli.inputs import is_puzzle_text, label, readers
from studio.cli.outputs import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    json_line,
    output_folder,
    output_path,
    picture_record,
    print_document,
    report_error,
)
from studio.core import formats
from studio.core.analysis_batch import analysed
from studio.core.cancel import CancelToken, Stopped
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.puzzle import Puzzle
from studio.core.repair import RepairResult, repair_document, repaired
from studio.core.verdict import describe

_EPILOG = f"""\
Each puzzle is made unique. Nonograms: flips changes as few picture cells as it can; givens
leaves the picture alone and shows a few cells from the start (kept as few as possible); thesis
is van Oers's clue heuristic (2024, section 5.3.2), kept for comparison: it may fail. Mosaics:
clues shows more of the picture's clues (flipping cells only when even all clues fall short).
Fobidoshi: givens adds circles and crosses of a solution. A puzzle known only by its clues is
repaired from one of its solutions. Without -o the repaired puzzle is printed as text; -o
writes a file for one input, or files into a folder for several. --json prints the object of
'studio analyze --json' for the result plus picture, changed_cells and givens ([row, col],
0-based). Formats: {FORMAT_NAMES}.

examples:
  studio repair icon.json --strategy givens -o icon-unique.json
  studio repair puzzles/*.json --json --line-solvable"""


def add_parsers(commands: Commands) -> None:
    """Add ``repair`` to the ``studio`` parser's commands."""
    repair = add_command(commands, "repair", "make ambiguous puzzles unique", _EPILOG)
    repair.add_argument("inputs", nargs="+", metavar="INPUT", help="puzzle file or game ID")
    add_strategy(repair, "how to repair", lambda kind: kind.repairs.strategies)
    add_logic_solvable(repair, "repair until logic alone solves it too")
    repair.add_argument("-o", "--output", metavar="OUT", help="file (one input) or folder")
    repair.add_argument("--json", action="store_true", help="print JSON Lines")
    add_format(repair)
    add_kind(repair)
    add_timeout(repair, " per input")
    repair.set_defaults(handler=run_repair)


def run_repair(args: argparse.Namespace) -> int:
    """``studio repair``: each input made unique by a strategy, written, printed or analysed;
    a bad input is reported and the others still repaired."""
    folder = output_folder(args.output, len(args.inputs))
    status = EXIT_OK
    for position, (argument, read) in enumerate(
        zip(args.inputs, readers(args.inputs, args.kind), strict=True), start=1
    ):
        try:
            document, result = repair_input(read(), args, label(argument))
            if args.output is not None:
                stem = f"puzzle-{position}" if is_puzzle_text(argument) else argument
                target = output_path(args.output, folder, stem, args.format)
                formats.save(document, target, format=args.format)
            if args.json:
                record = picture_record(argument, document, result.analysis)
                record["changed_cells"] = [list(cell) for cell in result.changed_cells]
                record["givens"] = [list(cell) for cell in result.givens]
                print(json_line(record), flush=True)
            elif args.output is None:
                print_document(f"{label(argument)}: {result.describe()}", document, args.format)
            else:
                print(f"{label(argument)}: {result.describe()}", flush=True)
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
        StudioError: for a puzzle with no solution, one not solved in the time limit, or a
            strategy its kind does not have.
    """
    reference = None
    if document.picture is None:
        analysis = analysed(document.puzzle, timeout=args.timeout)
        if analysis.solution is None:
            raise StudioError(
                f"{name}: nothing to repair: {describe(analysis, document.colour_names)}"
            )
        reference = analysis.solution
    try:
        result = repair_document(
            document,
            reference=reference,
            strategy=args.strategy,
            logic_solvable=args.logic_solvable,
            cancel=CancelToken(timeout=args.timeout),
        )
    except Stopped as stopped:
        raise StudioError(f"{name}: not repaired: {stopped}") from stopped
    return repaired(document, result), result
