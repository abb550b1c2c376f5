"""Time the nonogram generator per size and strategy, beside van Oers 2024, Tables 6.2 and 6.3.

Usage: ``python benchmarks/generation.py [--count N] [--big-count N] [--repair-count N]
[--sizes 5,10,...] [--strategies density,clue-stats,picture] [--seed N] [--density D]
[--line-solvable]``

For each size (square) and strategy, ``--count`` puzzles (``--big-count`` from 30×30 up), the
i-th from seed ``puzzle_seed(--seed, i)`` as a batch (``generate_batch``) makes it:

- raw ms: the strategy's first raw picture of that seed, empty lines filled (the thesis's
  "Generation" column also counts their CNF encoding; ours has none);
- verify ms: :func:`analyze` of that raw picture (solve + exact variable fields; the thesis's
  "Solving" is one solve plus one uniqueness call);
- % unique raw: raw pictures already unique (thesis Table 6.2 "Unique" of the plain strategies);
- % unique after: returned puzzles that :func:`count_solutions` (cap 2) finds unique, checked
  apart from the generator (should be 100);
- repaired, cells: returned puzzles that repair changed, median cells changed; total ms: wall
  clock of :func:`generate` per returned puzzle (every raw picture, its analysis and the repair
  included); attempts: mean and max raw pictures made;
- the first ``--repair-count`` raw pictures that were not unique, repaired alone: variable
  fields, repair ms, success (beside thesis Table 6.3, their reduction). This is what every
  puzzle would cost if the generator repaired its first raw picture instead of screening.

Then the thesis tables as published and the target for 40×40 (docs/figures.md). Times are wall clock
(``time.perf_counter``) on this machine; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from analysis_corpus import ms, table  # the sibling benchmark's table helpers

from studio.core.contract.pictures import fill_empty_lines
from studio.core.generate import GeneratorOptions, generate, puzzle_seed
from studio.core.kinds.nonogram.generate import SCREEN, STRATEGIES, raw_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair import repair
from studio.core.sat.analysis import Status, analyze, count_solutions

SIZES = (5, 10, 15, 20, 25, 30, 35, 40)
BIG = 30  # from this side up, --big-count puzzles

# van Oers 2024, Table 6.2 (500 puzzles per row, their machine): size, strategy, generation ms,
# solving ms, % unique. "First" = random density 0.5, "Second" = clue statistics, "Second,
# reduced" = clue statistics then their clue-moving reduction (§5.3.2).
THESIS_TABLE_6_2: tuple[tuple[int, str, float, float, float], ...] = (
    (5, "First", 4.11, 0.02, 77.6),
    (5, "Second", 8.31, 0.02, 91.2),
    (5, "Second, reduced", 7.50, 1.08, 93.8),
    (10, "First", 28.02, 0.24, 54.2),
    (10, "Second", 35.48, 0.14, 73.5),
    (10, "Second, reduced", 38.44, 1.31, 95.9),
    (15, "First", 93.69, 3.56, 27.0),
    (15, "Second", 121.35, 0.82, 59.2),
    (15, "Second, reduced", 118.2, 4.38, 89.1),
    (20, "First", 301.27, 49.88, 15.4),
    (20, "Second", 300.84, 3.34, 42.7),
    (20, "Second, reduced", 321.4, 17.49, 87.6),
    (25, "First", 875.49, 297.84, 5.2),
    (25, "Second", 889.69, 6.81, 29.4),
    (25, "Second, reduced", 915.83, 50.32, 83.4),
    (30, "First", 1284.65, 1626.93, 3.4),
    (30, "Second", 1323.4, 11.65, 19.0),
    (30, "Second, reduced", 1128.25, 110.33, 72.6),
    (35, "First", 2413.2, 10020.04, 0.8),
    (35, "Second", 2166.94, 14.44, 7.9),
    (35, "Second, reduced", 2014.88, 235.57, 63.9),
    (40, "First", 3638.45, 22190.12, 0.0),
    (40, "Second", 3523.75, 23.49, 3.4),
    (40, "Second, reduced", 3549.5, 767.03, 56.6),
)
# Thesis Table 6.3: size -> (puzzles reduced, reduction ms, solutions, % success).
THESIS_TABLE_6_3: dict[int, tuple[int, float, int, float]] = {
    5: (48, 1.08, 2, 93.8),
    10: (121, 1.07, 3, 95.9),
    15: (201, 1.37, 4, 89.1),
    20: (274, 7.30, 35, 87.6),
    25: (379, 26.08, 98, 83.4),
    30: (420, 126.61, 155, 72.6),
    35: (457, 526.55, 205, 63.9),
    40: (472, 1013.40, 238, 56.6),
}
# Our strategies beside the thesis's rows they correspond to.
THESIS_ROWS = {"density": ("First",), "clue-stats": ("Second", "Second, reduced"), "picture": ()}
TARGET_SIZE, TARGET_MS = 40, 1000.0  # docs/figures.md: 100 % unique, <= 1 s median


@dataclass
class Row:
    """The measurements of one size and strategy."""

    size: int
    strategy: str
    raw_ms: list[float]
    verify_ms: list[float]
    unique_raw: int
    unique_after: int
    repair_cells: list[int]
    total_ms: list[float]
    attempts: list[int]
    repaired: int  # returned puzzles that repair changed (cells flipped or givens added)
    variable: list[int]  # variable fields of the raw pictures that were not unique
    repair_ms: list[float]  # repair of the first --repair-count of those, alone
    repair_ok: int  # those that repair alone made acceptable

    @property
    def count(self) -> int:
        return len(self.total_ms)


def measure(options: GeneratorOptions, seed: int, count: int, repair_count: int) -> Row:
    size = options.shape[0]
    row = Row(size, options.strategy, [], [], 0, 0, [], [], [], 0, [], [], 0)
    for index in range(count):
        puzzle_seed_ = puzzle_seed(seed, index)
        rng = np.random.default_rng(puzzle_seed_)
        started = time.perf_counter()
        picture = raw_picture(options, rng)
        if options.nonempty_lines:
            picture = fill_empty_lines(picture, rng)
        row.raw_ms.append(1000 * (time.perf_counter() - started))
        started = time.perf_counter()
        analysis = analyze(Nonogram.from_picture(picture))
        row.verify_ms.append(1000 * (time.perf_counter() - started))
        wanted = analysis.status == Status.UNIQUE and (
            analysis.logic_solvable or not options.logic_solvable
        )
        row.unique_raw += wanted
        if not wanted:
            row.variable.append(int(analysis.variable.sum()))
        if not wanted and len(row.repair_ms) < repair_count:
            started = time.perf_counter()
            repaired = repair(
                picture,
                line_solvable=options.logic_solvable,
                rng=np.random.default_rng(puzzle_seed_),
            )
            row.repair_ms.append(1000 * (time.perf_counter() - started))
            row.repair_ok += repaired.unique and (
                repaired.analysis.logic_solvable or not options.logic_solvable
            )

        started = time.perf_counter()
        generated = generate(options, puzzle_seed_)
        row.total_ms.append(1000 * (time.perf_counter() - started))
        row.repair_cells.append(generated.repaired_cells)
        row.repaired += bool(generated.repaired_cells or generated.document.puzzle.givens)
        row.attempts.append(generated.attempts)
        row.unique_after += count_solutions(generated.document.puzzle, 2) == 1
    return row


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}" if whole else "-"


def print_rows(rows: list[Row]) -> None:
    headers = ["size", "strategy", "N", "raw ms", "verify ms", "% unique raw", "% unique after"]
    headers += ["repaired", "cells", "median ms", "max ms", "attempts", "thesis 6.2 row"]
    headers += ["gen ms", "solve ms", "unique %"]
    lines: list[list[object]] = []
    for row in rows:
        ours = [
            f"{row.size}x{row.size}",
            row.strategy,
            row.count,
            ms(statistics.median(row.raw_ms)),
            ms(statistics.median(row.verify_ms)),
            percent(row.unique_raw, row.count),
            percent(row.unique_after, row.count),
            f"{row.repaired}/{row.count}",
            f"{statistics.median(row.repair_cells):g}",
            ms(statistics.median(row.total_ms)),
            ms(max(row.total_ms)),
            f"{statistics.mean(row.attempts):.1f} / {max(row.attempts)}",
        ]
        published: list[tuple[object, ...]] = [
            published_row[1:]
            for published_row in THESIS_TABLE_6_2
            if published_row[0] == row.size and published_row[1] in THESIS_ROWS[row.strategy]
        ] or [("", "", "", "")]
        for i, (name, gen, solve, unique) in enumerate(published):
            lines.append([*(ours if i == 0 else [""] * len(ours)), name, gen, solve, unique])
    print(table(headers, lines, left=2))
    print("raw, verify: medians over the N first raw pictures; repaired: puzzles repair changed;")
    print("cells: median cells it changed (0 for a raw picture kept as it was); median/max ms:")
    print("generate() per puzzle, all raw pictures, analyses and repair included; attempts: mean /")
    print(f"max raw pictures per puzzle (up to {SCREEN} analysed, then the closest repaired).")
    print("thesis 6.2: van Oers 2024, 500 puzzles per row, their machine; gen ms includes their")
    print(
        "CNF encoding, solve ms is one solve + one uniqueness call (ours: exact variable fields)."
    )


def print_repair(rows: list[Row]) -> None:
    print("Repair alone of the first --repair-count raw pictures that were not unique (no retry),")
    print("beside thesis Table 6.3 (their clue-moving reduction of the non-unique Second-strategy")
    print("puzzles, §5.3.2; 'solutions' is their mean solution count, ours the variable fields)")
    headers = ["size", "strategy", "non-unique", "variable", "repaired", "repair ms", "max ms"]
    headers += ["success %"]
    headers += ["thesis reduced", "ms", "solutions", "success %"]
    lines: list[list[object]] = []
    for row in rows:
        published: list[object] = ["", "", "", ""]
        if row.strategy == "clue-stats" and row.size in THESIS_TABLE_6_3:
            reduced, reduction_ms, solutions, success = THESIS_TABLE_6_3[row.size]
            published = [reduced, f"{reduction_ms:g}", solutions, f"{success:g}"]
        repaired = bool(row.repair_ms)
        lines.append(
            [
                f"{row.size}x{row.size}",
                row.strategy,
                f"{len(row.variable)}/{row.count}",
                f"{statistics.median(row.variable):g}" if row.variable else "-",
                len(row.repair_ms),
                ms(statistics.median(row.repair_ms)) if repaired else "-",
                ms(max(row.repair_ms)) if repaired else "-",
                percent(row.repair_ok, len(row.repair_ms)),
                *published,
            ]
        )
    print(table(headers, lines, left=2))
    print("variable: median variable fields of the non-unique raw pictures; repair ms: median and")
    print("max of repair() alone on the first of them; success: repair alone made it unique.")


def print_target(rows: list[Row]) -> None:
    print(f"Target (docs/figures.md): generation {TARGET_SIZE}x{TARGET_SIZE}, 100 % unique, <= 1 s")
    print("median (thesis Table 6.2, second strategy + reduction: 3 550 + 767 ms, 56.6 % unique)")
    lines = []
    for row in rows:
        if row.size != TARGET_SIZE:
            continue
        median = statistics.median(row.total_ms)
        met = row.unique_after == row.count and median <= TARGET_MS
        lines.append(
            [
                row.strategy,
                row.count,
                percent(row.unique_after, row.count),
                ms(median),
                ms(max(row.total_ms)),
                "yes" if met else "NO",
            ]
        )
    if lines:
        print(table(["strategy", "N", "% unique", "median ms", "max ms", "met"], lines))
    else:
        print(f"({TARGET_SIZE}x{TARGET_SIZE} not measured in this run)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles per size and strategy (20)")
    parser.add_argument(
        "--big-count", type=int, default=20, help=f"puzzles from {BIG}x{BIG} up (20)"
    )
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="square sides")
    parser.add_argument("--strategies", default=",".join(STRATEGIES), help="comma-separated")
    parser.add_argument(
        "--repair-count", type=int, default=5, help="non-unique raw pictures repaired alone (5)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="batch seed (2024)")
    parser.add_argument("--density", type=float, default=0.5, help="density and picture (0.5)")
    parser.add_argument("--line-solvable", action="store_true", help="insist on line-solvable")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    strategies = args.strategies.split(",")

    print(
        f"Nonogram generation benchmark: Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; seed {args.seed}, "
        f"density {args.density:g}{', line-solvable' if args.line_solvable else ''}"
    )
    print()
    generate(GeneratorOptions((5, 5)), 0)  # warm-up: imports, the first solver
    rows = []
    for size in sizes:
        for strategy in strategies:
            count = args.big_count if size >= BIG else args.count
            print(f"{size}x{size} {strategy}: {count} puzzles", file=sys.stderr, flush=True)
            options = GeneratorOptions(
                (size, size),
                strategy=strategy,
                density=args.density,
                logic_solvable=args.line_solvable,
            )
            rows.append(measure(options, args.seed, count, args.repair_count))
    print_rows(rows)
    print()
    print_repair(rows)
    print()
    print_target(rows)


if __name__ == "__main__":
    main()
