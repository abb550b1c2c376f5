"""``studio hint``: the steps a person could take to solve a puzzle, one deduction of the kind's
own logic at a time (:mod:`studio.core.hints`, as the window's Solve ▸ Hint)."""

from __future__ import annotations

import argparse
import itertools

from studio.cli.arguments import Commands, add_command, add_kind, parse_count
from studio.cli.inputs import label, read_input
from studio.cli.outputs import EXIT_OK, json_line
from studio.core.document import Document
from studio.core.grid import EMPTY, FILLED, UNKNOWN, PartialGrid, cells_text
from studio.core.hints import Step, start, step, walk

_EPILOG = """\
Prints each step: the clue it follows from and the cells it decides (filled or empty), from
the givens until the kind's logic decides no more cells (a nonogram's line logic, a mosaic's
clue logic, a Fobidoshi's rules); then whether that solved the puzzle. --grid also prints the
grid after each step (# filled, . empty, ? not known yet). --json prints one object per step
(step, reason, cells as [row, col, filled] 0-based, solved), and a last one with the summary.

examples:
  studio hint 5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1
  studio hint --steps 3 --grid puzzle.json"""

_CHARS = {FILLED: "#", EMPTY: "."}


def add_parsers(commands: Commands) -> None:
    """Add ``hint`` to the ``studio`` parser's commands."""
    hint = add_command(commands, "hint", "solve step by step, as a person would", _EPILOG)
    hint.add_argument("input", metavar="INPUT", help="puzzle file or game ID")
    add_kind(hint)
    hint.add_argument("--steps", type=parse_count, metavar="N", help="print only the first N steps")
    hint.add_argument("--grid", action="store_true", help="print the grid after each step")
    hint.add_argument("--json", action="store_true", help="print JSON Lines")
    hint.set_defaults(handler=run_hint)


def run_hint(args: argparse.Namespace) -> int:
    """``studio hint``: each step, then whether the kind's logic solved the puzzle."""
    document = read_input(args.input, kind=args.kind)
    puzzle = document.puzzle
    known = start(puzzle)
    count = 0
    for count, taken in enumerate(itertools.islice(walk(puzzle), args.steps), start=1):
        known = taken.known
        reason = taken.hint.text(document.colour_names)
        if args.json:
            cells = [[row, col, filled] for row, col, filled in taken.hint.cells]
            record = {"step": count, "reason": reason, "cells": cells}
            print(json_line({**record, "solved": taken.solved}), flush=True)
            continue
        print(f"{count}. {reason}: {_decided(taken, document)}", flush=True)
        if args.grid:
            print("\n".join(_grid_text(known, document)) + "\n", flush=True)
    unknown = int((known == UNKNOWN).sum())
    stuck = unknown > 0 and step(puzzle, known) is None
    if args.json:
        print(json_line({"steps": count, "solved": unknown == 0, "unknown": unknown}), flush=True)
        return EXIT_OK
    logic = puzzle.spec.logic
    if unknown == 0:
        summary = f"solved by {logic} in {count} steps"
    elif stuck:
        summary = f"{logic} is stuck after {count} steps, {unknown} cells left"
    else:
        summary = f"stopped after {count} steps, {unknown} cells left"
    print(f"{label(args.input)}: {summary}", flush=True)
    return EXIT_OK


def _decided(step: Step, document: Document) -> str:
    """The cells a step decides, grouped: ``fills r1 c2, r1 c3; empties r1 c5``; in colour
    ``colours r1 c2 r; empties r1 c5`` by each colour's character."""
    chars = document.spelling
    verbs = [(1, "fills"), (0, "empties")]
    if chars:
        verbs = [*((v, f"colours {chars[v]}:") for v in range(1, len(chars))), (0, "empties")]
    groups = []
    for wanted, verb in verbs:
        cells = [(r, c) for r, c, value in step.hint.cells if int(value) == wanted]
        if cells:
            groups.append(f"{verb} {cells_text(cells)}")
    return "; ".join(groups)


def _grid_text(known: PartialGrid, document: Document) -> list[str]:
    """Rows of ``#``, ``.`` (or the colours' characters) and ``?`` (not known yet)."""
    chars = dict(enumerate(document.spelling)) or _CHARS
    return ["".join(chars.get(int(value), "?") for value in row) for row in known]
