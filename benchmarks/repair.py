"""Uniqueness repair on real and random pictures, per strategy, beside the thesis's figures.

Usage: ``python benchmarks/repair.py [--data DIR] [--count N] [--per-size N] [--seed S]
[--verify K] [--line-solvable] [--flips-max-size N]``

1. Sets: the shared pixel-art imports (Tango 16x16 icons, X11 bitmaps; default threshold, empty
   pictures left out) and ``--count`` random 20x20 pictures of density 0.5 (``--seed``). Per set:
   pictures, % unique as imported, and per strategy (:func:`studio.core.repair.repair` with
   ``flips``, ``givens``, ``thesis``; ``--line-solvable`` adds the first two with
   ``line_solvable=True``) over the ambiguous ones: success rate (% unique after), % of the
   whole set unique after, median and max cells changed (flips, thesis) or givens added
   (givens), median and max ms, and how many flips repairs needed a given or a two-cell flip.
2. Van Oers 2024, thesis Table 6.3 (its heuristic on the ambiguous puzzles of its clue-statistics
   generator) beside our re-implementation of that heuristic and our flips, on ambiguous random
   pictures of density 0.5 (``--per-size`` per size, 5x5 to 40x40; flips up to
   ``--flips-max-size``; not the thesis's generator): success rate and mean ms per size.
3. Thesis Table 6.5 (pixel-art 16x16, % unique as drawn) beside our sets before and after repair.

Times are wall clock on this machine (a repair includes its final analysis with the difficulty
rating); nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from studio.core.contract.repairs import VERIFY, RepairResult
from studio.core.grid import BoolGrid
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair import repair
from studio.core.pixelart import DEFAULT_THRESHOLD, ImportOptions, import_picture, open_image
from studio.core.sat.analysis import Status, analyze

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "pixelart"
SETS = (("tango16", "*.png"), ("xbitmaps", "*.xbm"))

# van Oers 2024, Table 6.3: size, reduced puzzles, reduction ms, solutions, success rate %.
THESIS_TABLE_6_3 = (
    (5, 48, 1.08, 2, 93.8),
    (10, 121, 1.07, 3, 95.9),
    (15, 201, 1.37, 4, 89.1),
    (20, 274, 7.30, 35, 87.6),
    (25, 379, 26.08, 98, 83.4),
    (30, 420, 126.61, 155, 72.6),
    (35, 457, 526.55, 205, 63.9),
    (40, 472, 1013.40, 238, 56.6),
)
# van Oers 2024, Table 6.5: pixel-art 16x16 sets, images and % unique as drawn.
THESIS_TABLE_6_5 = (
    ("Controller", 60, 68.33),
    ("Keyboard", 74, 0.0),
    ("Icons 1", 441, 62.59),
    ("Icons 2", 441, 67.57),
    ("Tiles", 240, 55.0),
)


@dataclass
class Run:
    """One strategy over the ambiguous pictures of a set."""

    strategy: str
    unique: int = 0
    changes: list[int] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    fallbacks: int = 0


@dataclass
class SetResult:
    name: str
    pictures: int
    ambiguous: list[BoolGrid]
    runs: list[Run]


Strategy = tuple[str, Callable[[BoolGrid], RepairResult]]


def strategies(verify: int, line_solvable: bool) -> list[Strategy]:
    chosen: list[Strategy] = [
        (name, partial(repair, strategy=name, verify=verify))
        for name in ("flips", "givens", "thesis")
    ]
    if line_solvable:
        chosen += [
            (f"{name}+line", partial(repair, strategy=name, line_solvable=True, verify=verify))
            for name in ("flips", "givens")
        ]
    return chosen


def is_ambiguous(picture: BoolGrid) -> bool:
    return analyze(Nonogram.from_picture(picture)).status == Status.MULTIPLE


def run_set(name: str, pictures: Sequence[BoolGrid], chosen: list[Strategy]) -> SetResult:
    ambiguous = [p for p in pictures if is_ambiguous(p)]
    result = SetResult(name, len(pictures), ambiguous, [])
    for label, apply in chosen:
        run = Run(label)
        for picture in ambiguous:
            started = time.perf_counter()
            repaired = apply(picture)
            run.ms.append(1000 * (time.perf_counter() - started))
            run.unique += repaired.unique
            added = len(repaired.givens)
            flipped = len(repaired.changed_cells)
            run.changes.append(added if label.startswith("givens") else flipped)
            if label.startswith("flips"):
                run.fallbacks += added > 0
        result.runs.append(run)
        print(f"  {name}: {label} done", flush=True)
    return result


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "-"


def median_max(values: Sequence[float], digits: int) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


def print_sets(results: list[SetResult]) -> None:
    print()
    print("Repair per set and strategy (this machine); over the ambiguous pictures of each set")
    header = (
        f"{'set':<12} {'strategy':<12} {'pictures':>8} {'% unique':>8} {'ambig.':>6} "
        f"{'success %':>9} {'% unique':>8} {'changed med/max':>15} {'ms median/max':>17} "
        f"{'fallback':>8}"
    )
    print(f"{'':<12} {'':<12} {'':>8} {'before':>8} {'':>6} {'':>9} {'after':>8}")
    print(header)
    print("-" * len(header))
    for r in results:
        before = r.pictures - len(r.ambiguous)
        for run in r.runs:
            fallback = str(run.fallbacks) if run.strategy.startswith("flips") else ""
            print(
                f"{r.name:<12} {run.strategy:<12} {r.pictures:>8} {percent(before, r.pictures):>8} "
                f"{len(r.ambiguous):>6} {percent(run.unique, len(r.ambiguous)):>9} "
                f"{percent(before + run.unique, r.pictures):>8} "
                f"{median_max(run.changes, 0):>15} {median_max(run.ms, 1):>17} {fallback:>8}"
            )
    print(
        "changed = cells that differ from the picture (flips, thesis) or givens added (givens);\n"
        "fallback = flips repairs that needed a given (no flip reduced the variable fields)"
    )


def as_drawn(path: Path) -> BoolGrid:
    """The picture at the image's own size and the fixed threshold 160: the import the figures
    of docs/figures.md were measured on, kept when the defaults became automatic."""
    width, height = open_image(path).size
    return import_picture(path, ImportOptions(threshold=DEFAULT_THRESHOLD, shape=(height, width)))


def random_pictures(size: int, count: int, rng: np.random.Generator) -> list[BoolGrid]:
    return [rng.random((size, size)) < 0.5 for _ in range(count)]


def ambiguous_pictures(size: int, count: int, rng: np.random.Generator) -> list[BoolGrid]:
    found: list[BoolGrid] = []
    while len(found) < count:
        picture = rng.random((size, size)) < 0.5
        if is_ambiguous(picture):
            found.append(picture)
    return found


def print_table_6_3(per_size: int, seed: int, verify: int, flips_max_size: int) -> None:
    print()
    print(
        "Reduction by size: van Oers 2024 Table 6.3 (their generator, their machine) beside ours"
        f" ({per_size} ambiguous random pictures of density 0.5 per size, seed {seed})"
    )
    header = (
        f"{'size':<6} {'thesis: n':>9} {'ms':>8} {'solutions':>9} {'success %':>9} | "
        f"{'ours: var.':>10} {'thesis %':>8} {'ms':>8} {'flips %':>7} {'ms':>8} {'changed':>7}"
    )
    print(header)
    print("-" * len(header))
    rng = np.random.default_rng(seed)
    for size, reduced, ms, solutions, success in THESIS_TABLE_6_3:
        pictures = ambiguous_pictures(size, per_size, rng)
        variable = [int(analyze(Nonogram.from_picture(p)).variable.sum()) for p in pictures]
        columns = [f"{statistics.median(variable):>10.0f}"]
        for name in ("thesis", "flips"):
            if name == "flips" and size > flips_max_size:
                break
            unique, times, cells = 0, [], []
            for picture in pictures:
                started = time.perf_counter()
                result = repair(picture, strategy=name, verify=verify)
                times.append(1000 * (time.perf_counter() - started))
                unique += result.unique
                cells.append(len(result.changed_cells))
            width = 8 if name == "thesis" else 7
            columns += [
                f"{percent(unique, len(pictures)):>{width}}",
                f"{statistics.mean(times):>8.1f}",
            ]
            if name == "flips":
                columns.append(f"{statistics.median(cells):>7.0f}")
        print(
            f"{f'{size}x{size}':<6} {reduced:>9} {ms:>8.2f} {solutions:>9} {success:>9.1f} | "
            + " ".join(columns)
        )
    print(
        "thesis: solutions = their reported number of solutions; ours: var. = median variable\n"
        "fields before repair; ms = mean per ambiguous picture, including the final analysis\n"
        "with its difficulty rating (seconds at 40x40); changed = median cells flipped;\n"
        f"flips only up to {flips_max_size}x{flips_max_size} (--flips-max-size)"
    )


def print_table_6_5(results: list[SetResult]) -> None:
    print()
    print("Pixel art: van Oers 2024 Table 6.5 (16x16 sets, % unique as drawn) beside ours")
    header = f"{'set':<12} {'images':>6} {'% unique':>8} {'% unique after flips':>21}"
    print(header)
    print("-" * len(header))
    for name, images, unique in THESIS_TABLE_6_5:
        print(f"{name:<12} {images:>6} {unique:>8.2f} {'(no repair)':>21}")
    for r in results:
        if r.name.startswith("random"):
            continue
        before = r.pictures - len(r.ambiguous)
        flips = next(run for run in r.runs if run.strategy == "flips")
        print(
            f"{r.name:<12} {r.pictures:>6} {percent(before, r.pictures):>8} "
            f"{percent(before + flips.unique, r.pictures):>21}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="folder holding the image sets")
    parser.add_argument("--count", type=int, default=20, help="random 20x20 pictures")
    parser.add_argument("--per-size", type=int, default=20, help="pictures per size, Table 6.3")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--verify", type=int, default=VERIFY, help="candidates verified a round")
    parser.add_argument("--line-solvable", action="store_true", help="also insist on line logic")
    parser.add_argument(
        "--flips-max-size", type=int, default=20, help="largest size of the flips column, Table 6.3"
    )
    args = parser.parse_args()
    missing = [name for name, _ in SETS if not (args.data / name).is_dir()]
    if missing:
        parser.error(f"{args.data} lacks {', '.join(missing)}")
    chosen = strategies(args.verify, args.line_solvable)
    results = []
    for name, pattern in SETS:
        pictures = [as_drawn(path) for path in sorted((args.data / name).glob(pattern))]
        results.append(run_set(name, [p for p in pictures if p.any()], chosen))
    rng = np.random.default_rng(args.seed)
    results.append(run_set("random20", random_pictures(20, args.count, rng), chosen))
    print_sets(results)
    print_table_6_3(args.per_size, args.seed, args.verify, args.flips_max_size)
    print_table_6_5(results)


if __name__ == "__main__":
    main()
