"""``studio generate``: unique puzzles from a seed, in a batch that may run on processes or a
Dask cluster; ``studio fill-book``: a book's ramp of them from easy to hard, as the window's
Book ▸ Fill the Book makes it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from studio.cli.arguments import (
    Commands,
    add_batch,
    add_colours,
    add_command,
    add_format,
    add_kind,
    add_logic_solvable,
    add_seed,
    add_strategy,
    parse_count,
    parse_section,
    parse_size,
    run_seed,
    scheduler_address,
)
from studio.cli.outputs import (
    EXIT_OK,
    json_line,
    make_folder,
    output_name,
    picture_record,
    print_document,
    progress_bar,
    verdict,
)
from studio.core import formats
from studio.core.book import Book, entry_for
from studio.core.formats.book_json import load_book, save_book
from studio.core.generate import Generated, GeneratorOptions, Underway, resolved
from studio.core.generate.batch import generate_batch
from studio.core.generate.ramp import MAX_PER_KIND, fill_book
from studio.core.kinds import KINDS

_EPILOG = """\
Every puzzle is unique. A nonogram's picture is made by the strategy (picture: smoothed noise,
like Tatham's generator; density: each cell filled at random; clue-stats: clues drawn from van
Oers's Table 5.1), then repaired to a unique puzzle. A mosaic shows all the clues of a random
picture, then drops clues while it stays unique (or logic-solvable): a minimal clue set.
Fobidoshi follows Heslenfeld's two generators (connected: a random connected solution;
random-start: random givens), both checked by SAT. Difficulty (of 5): 1-2 the kind's plain logic
solves it, 3-4 it needs one level of "what if", 5 search; a puzzle outside --min-difficulty and
--max-difficulty is passed over for the next picture from the same seed, and a slow puzzle shows
its tries, time and best candidate so far beside the progress bar, and which options to relax
(without a terminal, one line on standard error). The same --seed gives the same puzzles; each
JSON line carries the seed that reproduces that one puzzle alone. A long batch moves to J
processes, or with --scheduler runs on a Dask cluster (README: "Running batches on a
cluster"): the same puzzles, in the same order, each printed as soon as it is made.

examples:
  studio generate --size 20x20 --count 5 --line-solvable -o puzzles/
  studio generate --size 40x40 --strategy density --seed 7 --json
  studio generate --size 15x15 --count 3 --min-difficulty 3
  studio generate --kind mosaic --size 30x30 --logic-solvable --book mosaics.book.json
  studio generate --kind fobidoshi --size 10x10 --count 3
  studio generate --size 40x40 --count 1000 --seed 7 --json --scheduler tcp://HOST:8786"""


def add_parsers(commands: Commands) -> None:
    """Add ``generate`` and ``fill-book`` to the ``studio`` parser's commands."""
    generate = add_command(commands, "generate", "make unique puzzles", _EPILOG)
    generate.add_argument(
        "--size", type=parse_size, required=True, metavar="WxH", help="columns x rows"
    )
    add_strategy(generate, "how the puzzle is drawn", lambda kind: kind.generator.strategies)
    generate.add_argument(
        "--density", type=float, default=0.5, help="share of filled cells (default: 0.5)"
    )
    generate.add_argument("--count", type=parse_count, default=1, metavar="N")
    add_seed(generate)
    add_logic_solvable(generate, "only puzzles logic alone solves")
    add_colours(generate, "ink colours, a colour nonogram for K > 1 (default: 1)")
    add_kind(generate, default=KINDS[0].name)
    generate.add_argument(
        "--max-difficulty",
        type=int,
        choices=range(1, 6),
        metavar="D",
        help="only puzzles of difficulty 1 to D (of 5)",
    )
    generate.add_argument(
        "--min-difficulty",
        type=int,
        choices=range(1, 6),
        metavar="D",
        help="only puzzles of difficulty D to 5 (3 and up need more than plain logic)",
    )
    generate.add_argument("-o", "--output", metavar="FOLDER", help="write one file per puzzle")
    generate.add_argument(
        "--book", metavar="BOOK", help="add the puzzles to this book file (made if missing)"
    )
    add_batch(generate, "generate", "puzzles")
    generate.add_argument("--json", action="store_true", help="print JSON Lines")
    add_format(generate)
    generate.set_defaults(handler=run_generate)
    _add_fill_book(commands)


class Underways:
    """How the puzzle being made is coming along: beside the progress bar on a terminal;
    elsewhere one line on standard error once it is slow enough to carry a hint."""

    def __init__(self, bar: tqdm[Any]) -> None:
        self.bar = bar
        self.made = 0
        self.hinted = -1

    def progress(self, made: int, _count: int) -> None:
        """``generate_batch``'s progress: ``made`` puzzles so far."""
        self.made = made

    def report(self, underway: Underway) -> None:
        """``generate_batch``'s report on the puzzle being made."""
        self.bar.set_postfix_str(underway.line(), refresh=True)
        if self.bar.disable and underway.hint and self.hinted < self.made:
            self.hinted = self.made
            print(f"studio: puzzle {self.made + 1} is slow: {underway.line()}", file=sys.stderr)


def run_generate(args: argparse.Namespace) -> int:
    """``studio generate``: unique puzzles from a seed, written, printed or as JSON Lines."""
    scheduler = scheduler_address(args)
    height, width = args.size
    options = resolved(
        GeneratorOptions(
            shape=(height, width),
            kind=args.kind,
            strategy=args.strategy,
            density=args.density,
            logic_solvable=args.logic_solvable,
            max_difficulty=args.max_difficulty,
            colours=args.colours,
            min_difficulty=args.min_difficulty,
        )
    )
    with run_seed(args) as seed:
        _generate(args, options, seed, scheduler)
    return EXIT_OK


def _generate(
    args: argparse.Namespace, options: GeneratorOptions, seed: int, scheduler: str | None
) -> None:
    """``generate``'s batch from ``seed``: each puzzle written, printed or added to the book."""
    height, width = options.shape
    folder = None
    if args.output is not None:
        folder = Path(args.output)
        make_folder(folder)
    book = book_to_fill(args.book) if args.book else None
    entries = []
    with progress_bar(args.count, "generating") as bar:
        underways = Underways(bar)
        for generated in generate_batch(
            options,
            seed,
            args.count,
            jobs=args.jobs,
            pool_after=args.pool_after,
            scheduler=scheduler,
            progress=underways.progress,
            report=underways.report,
        ):
            bar.update()
            document = generated.document
            if folder is not None:
                name = f"{options.kind}-{options.strategy}-{width}x{height}-{generated.seed}"
                target = folder / output_name(name, args.format)
                formats.save(document, target, format=args.format)
            if args.book:
                entries.append(entry_for(document, analysis=generated.analysis))
            if args.json:
                print_record(generated)
            elif folder is None and not args.book:
                summary = f"{generated.name}: {verdict(generated.analysis, document)}"
                print_document(summary, document, args.format)
    if book is not None:
        save_book(book.added(*entries), args.book)


def print_record(generated: Generated) -> None:
    """The JSON Lines record of a generated puzzle: its picture's record and its own seed."""
    record = picture_record(generated.name, generated.document, generated.analysis)
    record["seed"] = generated.seed
    print(json_line(record), flush=True)


def book_to_fill(path: str) -> Book:
    """The book file at ``path`` to add to, read before any work (so that a malformed one stops
    the command at once), or a new book titled by its file name when there is none yet."""
    if Path(path).exists():
        return load_book(path)
    return Book(title=Path(path).name.split(".")[0])


# ---------------------------------------------------------------------------------------------
# fill-book

_FILL_EPILOG = f"""\
Each --section is a kind at a size, KIND:WxH, and for a kind that draws in colour its ink
colours, KIND:WxH:K (nonogram:10x10:3 is a 3-colour nonogram). Each section gets --count
puzzles (at most {MAX_PER_KIND}) from --easiest to --hardest, the levels spread evenly (six
from 1 to 3 are 1 1 2 2 3 3), each unique and rated exactly its level by a fresh analysis; the
sections follow one another in the order given, at the end of BOOK (made if missing). The same
--seed gives the same puzzles. A level a section cannot reach at its size stops the command,
BOOK left as it was, with the levels the size does reach and the setting to change: large
grids need more than level 1's plain logic (a 25x25 nonogram: --easiest 2); small ones seldom
need the "what if" of level 3 and up, and a Fobidoshi seldom rates 3 at any size (--hardest 2).

examples:
  studio fill-book winter.book.json --section nonogram:15x15 --section mosaic:15x15 --count 12
  studio fill-book colour.book.json --section nonogram:10x10:3 --count 6 --seed 7
  studio fill-book series.book.json --section nonogram:25x25 --count 200 \\
      --scheduler tcp://HOST:8786"""


def _add_fill_book(commands: Commands) -> None:
    fill = add_command(
        commands, "fill-book", "add puzzles from easy to hard to a book", _FILL_EPILOG
    )
    fill.add_argument("book", metavar="BOOK", help="the book file (made if missing)")
    fill.add_argument(
        "--section",
        dest="sections",
        type=parse_section,
        action="append",
        required=True,
        metavar="KIND:WxH[:K]",
        help="a kind at a size (and K ink colours); repeat for more sections",
    )
    fill.add_argument(
        "--count", type=parse_count, default=6, metavar="N", help="puzzles a section (default: 6)"
    )
    for name, level in (("easiest", 1), ("hardest", 3)):
        fill.add_argument(
            f"--{name}",
            type=int,
            choices=range(1, 6),
            default=level,
            metavar="D",
            help=f"the {name} level, 1 to 5 (default: {level})",
        )
    add_seed(fill)
    add_batch(fill, "generate", "puzzles")
    fill.add_argument("--json", action="store_true", help="print each puzzle as JSON Lines")
    fill.set_defaults(handler=run_fill_book)


def run_fill_book(args: argparse.Namespace) -> int:
    """``studio fill-book``: the ramp's puzzles added to the book at the end, all or none."""
    scheduler = scheduler_address(args)
    book = book_to_fill(args.book)
    with run_seed(args) as seed:
        entries = []
        with progress_bar(args.count * len(args.sections), "filling") as bar:
            underways = Underways(bar)
            ramp = fill_book(
                args.sections,
                args.count,
                seed,
                easiest=args.easiest,
                hardest=args.hardest,
                jobs=args.jobs,
                pool_after=args.pool_after,
                scheduler=scheduler,
                progress=underways.progress,
                report=underways.report,
            )
            for generated in ramp:
                bar.update()
                entries.append(entry_for(generated.document, analysis=generated.analysis))
                if args.json:
                    print_record(generated)
        save_book(book.added(*entries), args.book)
    return EXIT_OK
