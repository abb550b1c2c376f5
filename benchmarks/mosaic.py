"""Time mosaic analysis, generation and repair, beside Tatham's generator and docs/figures.md.

Usage: ``python benchmarks/mosaic.py [--data DIR] [--count N] [--big-count N] [--sizes 5,10,...]
[--standards unique,one-clue,pairs] [--seed N] [--encoding-count N] [--repair-count N]``

1. Analysis of every puzzle of ``mosaic/puzzles.jsonl`` (Tatham's generator, 5×5 to 20×20), per
   size: median and max ms of :func:`analyze` as the studio runs it (logic solver first), and
   of SAT alone (``logic_first=False``: solve + exact variable fields); statuses, and whether
   every solution is the published one.
2. The two encodings of a clue (:mod:`studio.core.kinds.mosaic.cnf`) on random ambiguous 30×30
   mosaics (density 0.5, 40 % of the clues shown), SAT alone: median and max ms, variable
   fields.
3. Generation per size (``--sizes``, default 5 to 30) and clue-removal standard
   (``--standards``: ``unique``; ``one-clue``, the ``logic_solvable`` option, Tatham's
   standard; ``pairs``, ``max_difficulty`` 4, left out by default as it is slow): median and
   max s per puzzle, clue density (clues shown per cell), pictures tried, difficulty levels;
   ``--count`` puzzles per row (``--big-count`` from 25×25 up), the i-th from
   ``puzzle_seed(--seed, i)``. Tatham's ≈ 0.3 s at 30×30 (docs/figures.md; his C generator, his
   machine) and our target (minimal-clue unique 30×30, median ≤ 1 s) beside.
4. Repair of random designs (density 0.5, a fifth of the clues shown) per size: ms, clues
   added, cells flipped.

Times are wall clock (``time.perf_counter``) on this machine; nothing here asserts on time.
About a minute with the defaults.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from analysis_corpus import ms, table  # the sibling benchmark's table helpers

from studio.core.document import Document
from studio.core.generate import GeneratorOptions, generate, puzzle_seed
from studio.core.grid import PartialGrid
from studio.core.kinds.mosaic.cnf import ENCODINGS, Encoding, encode_mosaic
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.core.repair import repair_document
from studio.core.sat.analysis import Status, analyze, count_solutions
from studio.core.sat.cnf import CnfBuilder, LiteralGrid

SIZES = (5, 10, 15, 20, 25, 30)
BIG = 25  # from this side up, --big-count puzzles
TATHAM_30 = 0.3  # s per 30×30 puzzle, Tatham's generator (docs/figures.md)
TARGET_30 = 1.0  # s, median, minimal-clue unique 30×30 (docs/figures.md)


class CountedMosaic(Mosaic):
    """A mosaic encoded with another clue encoding, to compare encodings."""

    encoding: Encoding = "binomial"

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        return encode_mosaic(cnf, self.clue_grid(), known, self.encoding)


def seconds(start: float) -> float:
    return time.perf_counter() - start


def corpus(path: Path) -> None:
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    print(f"1. Shared corpus ({path}): analysis per puzzle, ms")
    by_size: dict[int, list[dict[str, object]]] = {}
    for record in records:
        by_size.setdefault(int(record["width"]), []).append(record)
    rows = []
    for size, group in sorted(by_size.items()):
        studio, sat, statuses, right = [], [], Counter[str](), 0
        for record in group:
            puzzle = Mosaic(record["clues"])  # type: ignore[arg-type]
            start = time.perf_counter()
            analysis = analyze(puzzle)
            studio.append(seconds(start) * 1000)
            start = time.perf_counter()
            alone = analyze(puzzle, logic_first=False, rate=False)
            sat.append(seconds(start) * 1000)
            statuses[analysis.status.value] += 1
            expected = np.array(record["solution"], dtype=bool)
            right += (
                all(
                    a.solution is not None and np.array_equal(a.solution, expected)
                    for a in (analysis, alone)
                )
                and alone.status == Status.UNIQUE
            )
        rows.append(
            (
                f"{size}x{size}",
                len(group),
                ms(statistics.median(studio)),
                ms(max(studio)),
                ms(statistics.median(sat)),
                ms(max(sat)),
                " ".join(f"{k} {v}" for k, v in sorted(statuses.items())),
                f"{right}/{len(group)}",
            )
        )
    print(
        table(
            ("size", "n", "median", "max", "SAT median", "SAT max", "status", "solution ok"),
            rows,
        )
    )
    print()


def encodings(count: int, seed: int) -> None:
    print(f"2. Clue encodings, SAT alone, {count} random ambiguous 30x30 mosaics, ms")
    rng = np.random.default_rng(seed)
    designs = [
        Mosaic.from_picture(rng.random((30, 30)) < 0.5, rng.random((30, 30)) < 0.4)
        for _ in range(count)
    ]
    rows = []
    for encoding in ENCODINGS:
        times, variable = [], []
        for design in designs:
            puzzle = CountedMosaic(design.clue_grid())
            puzzle.encoding = encoding
            start = time.perf_counter()
            analysis = analyze(puzzle, logic_first=False, rate=False)
            times.append(seconds(start) * 1000)
            variable.append(int(analysis.variable.sum()))
        rows.append(
            (
                encoding,
                ms(statistics.median(times)),
                ms(max(times)),
                statistics.median(variable),
            )
        )
    print(table(("encoding", "median", "max", "variable fields (median)"), rows))
    print()


#: The generator options of each clue-removal standard (:mod:`studio.core.kinds.mosaic.generate`).
STANDARD_OPTIONS = {
    "unique": {},
    "one-clue": {"logic_solvable": True},
    "pairs": {"max_difficulty": 4},
}


def generation(
    sizes: Sequence[int], standards: Sequence[str], count: int, big_count: int, seed: int
) -> float | None:
    print("3. Generation: minimal clue set, unique (checked apart by SAT), per puzzle")
    rows = []
    median_30 = None
    for size in sizes:
        for standard in standards:
            extra: dict[str, Any] = STANDARD_OPTIONS[standard]
            options = GeneratorOptions((size, size), kind="mosaic", **extra)
            times, density, attempts, levels, unique = [], [], [], Counter[str](), 0
            for index in range(big_count if size >= BIG else count):
                start = time.perf_counter()
                generated = generate(options, puzzle_seed(seed, index))
                times.append(seconds(start))
                puzzle = generated.document.puzzle
                assert isinstance(puzzle, Mosaic)
                density.append(float(puzzle.shown().mean()))
                attempts.append(generated.attempts)
                rating = generated.analysis.difficulty
                levels[rating.level if rating else "?"] += 1
                unique += count_solutions(puzzle, 2, logic_first=False) == 1
            if size == 30 and standard == "unique":
                median_30 = statistics.median(times)
            rows.append(
                (
                    f"{size}x{size}",
                    standard,
                    len(times),
                    f"{statistics.median(times):.3f}",
                    f"{max(times):.3f}",
                    f"{statistics.mean(density):.3f}",
                    f"{statistics.mean(attempts):.1f}",
                    f"{unique}/{len(times)}",
                    " ".join(f"{k} {v}" for k, v in sorted(levels.items())),
                    f"≈ {TATHAM_30:g}" if size == 30 else "",
                )
            )
    print(
        table(
            (
                "size",
                "standard",
                "n",
                "median s",
                "max s",
                "clues/cell",
                "pictures",
                "unique",
                "levels",
                "Tatham s",
            ),
            rows,
            left=2,
        )
    )
    print()
    return median_30


def repairs(count: int, seed: int) -> None:
    print(f"4. Repair of random designs (a fifth of the clues shown), {count} per row")
    rows = []
    rng = np.random.default_rng(seed)
    for size in (10, 20, 30):
        for logic in (False, True):
            times, added, flipped, unique = [], [], [], 0
            for _ in range(count):
                picture = rng.random((size, size)) < 0.5
                shown = rng.random((size, size)) < 0.2
                document = Document(Mosaic.from_picture(picture, shown), picture)
                start = time.perf_counter()
                result = repair_document(document, logic_solvable=logic)
                times.append(seconds(start) * 1000)
                added.append(len(result.givens) - int(shown.sum()))  # givens: all shown
                flipped.append(len(result.changed_cells))
                unique += result.unique
            rows.append(
                (
                    f"{size}x{size}",
                    "logic" if logic else "unique",
                    ms(statistics.median(times)),
                    ms(max(times)),
                    statistics.median(added),
                    statistics.median(flipped),
                    f"{unique}/{count}",
                )
            )
    print(
        table(
            ("size", "standard", "median ms", "max ms", "clues added", "cells flipped", "unique"),
            rows,
            left=2,
        )
    )
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_data = Path(__file__).resolve().parents[2] / "shared" / "data"
    parser.add_argument("--data", type=Path, default=default_data)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--big-count", type=int, default=7)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument(
        "--standards", default="unique,one-clue", help=f"of {', '.join(STANDARD_OPTIONS)}"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--encoding-count", type=int, default=5)
    parser.add_argument("--repair-count", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"Mosaic benchmarks: {platform.python_version()}, {os.cpu_count()} CPUs")
    print()
    path = args.data / "mosaic" / "puzzles.jsonl"
    if path.exists():
        corpus(path)
    else:
        print(f"1. skipped: {path} not found", file=sys.stderr)
    encodings(args.encoding_count, args.seed)
    sizes = [int(size) for size in args.sizes.split(",")]
    standards = args.standards.split(",")
    median_30 = generation(sizes, standards, args.count, args.big_count, args.seed)
    repairs(args.repair_count, args.seed)
    if median_30 is not None:
        met = "met" if median_30 <= TARGET_30 else "NOT met"
        print(
            f"Target (docs/figures.md): minimal-clue unique 30x30 median <= {TARGET_30:g} s: "
            f"{median_30:.3f} s, {met} (Tatham's generator: ≈ {TATHAM_30:g} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
