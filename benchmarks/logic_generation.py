"""Generation at the ends of the difficulty scale: hard small nonograms, large logic-solvable
ones, and a book filled from easy to hard.

Usage: ``python benchmarks/logic_generation.py [--seeds N] [--big-sizes 60,100]
[--big-limit S] [--hard-count N] [--seed S] [--skip-big] [--skip-ramp]``

1. ``--min-difficulty 3`` at 15×15 (issue 13: "seconds, not minutes"), per nonogram strategy:
   ``--hard-count`` puzzles of a batch (``generate_batch``, puzzle *i* from seed
   ``puzzle_seed(--seed, i)``), median and max seconds per puzzle, raw pictures tried, and the
   levels the puzzles were rated by a fresh analysis (each must be 3 or more).
2. Logic-solvable nonograms at ``--big-sizes`` (issue 13: 60×60 in 10 s median), ``--seeds``
   seeds each, every one under a ``--big-limit`` seconds cancel token: median and max seconds
   of those made, how many were stopped, cells changed by repair, raw pictures, and the last
   progress line the generator reported (what the window and the command line show).
3. Fill the Book's default ramp (six of each kind at 10×10 from level 1 to 3) and the same to
   level 5, seconds per kind, and the levels rated.

Times are wall clock (``time.perf_counter``) in this process; nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from analysis_corpus import table  # the sibling benchmark's table helper

from studio.core.cancel import CancelToken, Stopped
from studio.core.generate import GeneratorError, GeneratorOptions, Underway, generate
from studio.core.generate.batch import generate_batch
from studio.core.generate.ramp import Section, fill_book
from studio.core.kinds.nonogram.generate import STRATEGIES
from studio.core.sat.analysis import analyze

HARD_SIZE, HARD_LEVEL = 15, 3
RAMP_SIDE = 10


def seconds(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} / {max(values):.2f}" if values else "-"


def print_hard(count: int, seed: int) -> None:
    print(
        f"\nNonograms {HARD_SIZE}×{HARD_SIZE} with --min-difficulty {HARD_LEVEL}, "
        f"{count} a strategy (seed {seed})"
    )
    rows = []
    for strategy in STRATEGIES:
        options = GeneratorOptions(
            (HARD_SIZE, HARD_SIZE), strategy=strategy, min_difficulty=HARD_LEVEL
        )
        times, tries, levels = [], [], Counter[int]()
        started = time.perf_counter()
        for generated in generate_batch(options, seed, count):
            times.append(time.perf_counter() - started)
            tries.append(generated.attempts)
            rating = analyze(generated.document.puzzle).difficulty
            levels[rating.score if rating else 0] += 1
            started = time.perf_counter()
        rows.append(
            (
                strategy,
                seconds(times),
                f"{statistics.median(tries):.0f} / {max(tries)}",
                " ".join(f"{level}:{n}" for level, n in sorted(levels.items())),
            )
        )
    print(table(["strategy", "s median / max", "pictures median / max", "levels"], rows))


def print_big(sizes: list[int], seeds: int, limit: float) -> None:
    print(f"\nLogic-solvable nonograms (picture strategy), {seeds} seeds a size, {limit:g} s limit")
    rows = []
    for size in sizes:
        made: list[float] = []
        changed, tries, last = [], [], ""
        stopped = 0
        for seed in range(seeds):
            heard: list[Underway] = []
            started = time.perf_counter()
            try:
                generated = generate(
                    GeneratorOptions((size, size), logic_solvable=True),
                    seed,
                    cancel=CancelToken(limit),
                    report=heard.append,
                )
            except Stopped:
                stopped += 1
            else:
                made.append(time.perf_counter() - started)
                changed.append(generated.repaired_cells)
                tries.append(generated.attempts)
            if heard:
                last = heard[-1].line()
            print(f"  {size}×{size} seed {seed}: {time.perf_counter() - started:.1f} s", flush=True)
        rows.append(
            (
                f"{size}×{size}",
                seconds(made),
                stopped,
                f"{statistics.median(changed):.0f}" if changed else "-",
                f"{statistics.median(tries):.0f}" if tries else "-",
                last,
            )
        )
    print(
        table(
            ["size", "s median / max", "stopped", "cells changed", "pictures", "last report"],
            rows,
        )
    )


def print_ramp(seed: int) -> None:
    print(f"\nFill the Book: six of each kind at {RAMP_SIDE}×{RAMP_SIDE} (seed {seed})")
    side = (RAMP_SIDE, RAMP_SIDE)
    sections = {
        "nonogram": Section("nonogram", side),
        "mosaic": Section("mosaic", side),
        "fobidoshi": Section("fobidoshi", side),
        **{f"nonogram, {k} inks": Section("nonogram", side, colours=k) for k in (2, 3, 4)},
    }
    rows, refusals = [], []
    for hardest in (3, 5):
        for name, section in sections.items():
            started = time.perf_counter()
            try:
                ramp = fill_book([section], 6, seed, easiest=1, hardest=hardest)
                levels = " ".join(
                    str(g.analysis.difficulty.score if g.analysis.difficulty else "?") for g in ramp
                )
            except GeneratorError as error:
                levels = "refused"
                refusals.append(f"{name}, 1 to {hardest}: {error}")
            rows.append((f"1 to {hardest}", name, f"{time.perf_counter() - started:.1f}", levels))
    print(table(["levels", "kind", "s", "levels rated"], rows, left=2))
    for refusal in refusals:
        print(f"  {refusal}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hard-count", type=int, default=10, help="puzzles a strategy")
    parser.add_argument("--seeds", type=int, default=3, help="seeds a large size")
    parser.add_argument("--big-sizes", default="60,100", help="sides of the large puzzles")
    parser.add_argument("--big-limit", type=float, default=300.0, help="seconds a large puzzle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-big", action="store_true", help="leave out the large puzzles")
    parser.add_argument("--skip-ramp", action="store_true", help="leave out the book's ramp")
    args = parser.parse_args()
    print_hard(args.hard_count, args.seed)
    if not args.skip_ramp:
        print_ramp(args.seed)
    if not args.skip_big:
        print_big([int(side) for side in args.big_sizes.split(",")], args.seeds, args.big_limit)


if __name__ == "__main__":
    main()
