"""Import the shared pixel-art sets, analyse each picture as a nonogram, print tables per set.

Usage: ``python benchmarks/pixelart_import.py [--threshold N|auto] [--data DIR]``

First, the defaults before and after issue 13 side by side, per set: *before*, every image at
its own pixel size and the fixed threshold 160 (what ``studio import-image`` and the window's
dialog did); *after*, the defaults of :mod:`studio.core.pixelart` (an image of at most 30 pixels
a side at its size, a larger one fitted within 30x30 keeping its aspect ratio; Otsu's automatic
threshold). Columns: images; how many are 16x16 and how many of those come out exactly 16x16;
unique and line-solvable puzzles among the 16x16 ones (an empty picture counts as not unique);
pictures left empty; pictures whose cells differ between before and after. Then every image
that is not 16x16, with its size before and after.

Then, at ``--threshold`` (default: automatic) and the default size: images imported, pictures
left empty (all cells empty: a degenerate puzzle, counted apart and not analysed), % unique and
% line-solvable of the rest, median and max analysis time
(:func:`studio.core.sat.analysis.analyze`, solve plus exact variable fields), median import
time (file to bool picture). Then the published figures of van Oers (2024), thesis Table 6.5,
for comparison: other machine, other images, solve time only. Times are wall clock on this
machine; nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from studio.core.grid import BoolGrid
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.pixelart import DEFAULT_THRESHOLD, ImportOptions, import_picture, open_image
from studio.core.sat.analysis import Status, analyze

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "pixelart"
SETS = (("tango16", "*.png"), ("xbitmaps", "*.xbm"))

# van Oers 2024, Table 6.5: pixel-art 16x16 sets, % unique and mean solve ms; generating the
# puzzles took 87-198 ms.
THESIS_TABLE_6_5 = (
    ("Controller", 68.33, 1.08),
    ("Keyboard", 0.0, 0.88),
    ("Icons 1", 62.59, 0.68),
    ("Icons 2", 67.57, 0.49),
    ("Tiles", 55.0, 9.38),
)


@dataclass
class Outcome:
    """One picture as one import makes it, and its nonogram's verdict."""

    shape: tuple[int, int]
    picture: BoolGrid
    unique: bool
    line_solvable: bool


@dataclass
class Comparison:
    """One set imported the old way and the new way."""

    name: str
    sizes: list[tuple[int, int]]  # (width, height) in pixels
    names: list[str]
    before: list[Outcome]
    after: list[Outcome]


def outcome(path: Path, options: ImportOptions) -> Outcome:
    picture = import_picture(path, options)
    if not picture.any():
        return Outcome(picture.shape, picture, False, False)
    analysis = analyze(Nonogram.from_picture(picture))
    return Outcome(
        picture.shape, picture, analysis.status is Status.UNIQUE, analysis.logic_solvable
    )


def compare_set(folder: Path, pattern: str) -> Comparison:
    """Each image of the set before (own size, threshold 160) and after (the defaults)."""
    paths = sorted(folder.glob(pattern))
    result = Comparison(folder.name, [], [], [], [])
    for path in paths:
        width, height = open_image(path).size
        result.sizes.append((width, height))
        result.names.append(path.name)
        old = ImportOptions(threshold=DEFAULT_THRESHOLD, shape=(height, width))
        result.before.append(outcome(path, old))
        result.after.append(outcome(path, ImportOptions()))
    return result


def print_comparison(results: list[Comparison]) -> None:
    print("Import defaults before (own size, threshold 160) and after (fit 30x30, Otsu)")
    header = (
        f"{'set':<10} {'images':>6} {'16x16':>5} {'kept 16x16':>10} {'unique 16x16':>12} "
        f"{'line-solv. 16x16':>16} {'empty':>5} {'changed':>7}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        icons = [i for i, size in enumerate(r.sizes) if size == (16, 16)]

        def pair(
            test: Callable[[Outcome], bool], r: Comparison = r, icons: list[int] = icons
        ) -> str:
            before = sum(test(r.before[i]) for i in icons)
            after = sum(test(r.after[i]) for i in icons)
            return f"{before}/{after}"

        kept = pair(lambda o: o.shape == (16, 16))
        unique = pair(lambda o: o.unique)
        line = pair(lambda o: o.line_solvable)
        empty = "/".join(
            str(sum(not o.picture.any() for o in outcomes)) for outcomes in (r.before, r.after)
        )
        changed = sum(
            b.shape != a.shape or not np.array_equal(b.picture, a.picture)
            for b, a in zip(r.before, r.after, strict=True)
        )
        print(
            f"{r.name:<10} {len(r.sizes):>6} {len(icons):>5} {kept:>10} {unique:>12} "
            f"{line:>16} {empty:>5} {changed:>7}"
        )
    print("(before/after; unique and line-solvable of the 16x16 images; changed: other cells)")
    others = [
        (r.name, name, size, b.shape, a.shape)
        for r in results
        for name, size, b, a in zip(r.names, r.sizes, r.before, r.after, strict=True)
        if size != (16, 16)
    ]
    if others:
        print("Images not 16x16, width x height: pixels, cells before, cells after")
        for set_name, name, (width, height), before, after in others:
            print(
                f"  {set_name}/{name}: {width}x{height}, {before[1]}x{before[0]}, "
                f"{after[1]}x{after[0]}"
            )
    print()


@dataclass
class SetResult:
    name: str
    images: int
    empty: list[str]
    unique: int
    line_solvable: int
    analysis_ms: list[float]
    import_ms: list[float]


def run_set(folder: Path, pattern: str, options: ImportOptions) -> SetResult:
    paths = sorted(folder.glob(pattern))
    result = SetResult(folder.name, len(paths), [], 0, 0, [], [])
    for path in paths:
        started = time.perf_counter()
        picture = import_picture(path, options)
        result.import_ms.append(1000 * (time.perf_counter() - started))
        if not picture.any():
            result.empty.append(path.stem)
            continue
        analysis = analyze(Nonogram.from_picture(picture))
        result.analysis_ms.append(1000 * analysis.seconds)
        result.unique += analysis.status is Status.UNIQUE
        result.line_solvable += analysis.logic_solvable
    return result


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "-"


def milliseconds(values: list[float], summary: str) -> str:
    if not values:
        return "-"
    return f"{(statistics.median(values) if summary == 'median' else max(values)):.2f}"


def print_results(results: list[SetResult], threshold: int | None) -> None:
    shown = "automatic (Otsu)" if threshold is None else str(threshold)
    print(f"Pixel-art import at threshold {shown}, default size (this machine)")
    header = (
        f"{'set':<10} {'images':>6} {'empty':>5} {'% unique':>8} {'% line-solv.':>12} "
        f"{'median ms':>9} {'max ms':>7} {'import ms':>9}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        analysed = r.images - len(r.empty)
        print(
            f"{r.name:<10} {r.images:>6} {len(r.empty):>5} {percent(r.unique, analysed):>8} "
            f"{percent(r.line_solvable, analysed):>12} {milliseconds(r.analysis_ms, 'median'):>9} "
            f"{milliseconds(r.analysis_ms, 'max'):>7} {milliseconds(r.import_ms, 'median'):>9}"
        )
    print("(% of the non-empty pictures; ms = analysis: solve + exact variable fields)")
    for r in results:
        if r.empty:
            print(f"empty pictures in {r.name}: {', '.join(r.empty)}")
    print()
    print("Published: van Oers 2024, thesis Table 6.5 (pixel art 16x16, their machine)")
    header = f"{'set':<10} {'% unique':>8} {'solve ms':>8}"
    print(header)
    print("-" * len(header))
    for name, unique, solve_ms in THESIS_TABLE_6_5:
        print(f"{name:<10} {unique:>8.2f} {solve_ms:>8.2f}")
    print("(generating those puzzles: 87-198 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--threshold",
        type=lambda text: None if text == "auto" else int(text),
        default=None,
        metavar="N|auto",
        help="threshold of the timing table (default: auto, Otsu's)",
    )
    parser.add_argument("--data", type=Path, default=DATA, help="folder holding the image sets")
    args = parser.parse_args()
    missing = [name for name, _ in SETS if not (args.data / name).is_dir()]
    if missing:
        parser.error(f"{args.data} lacks {', '.join(missing)}")
    print_comparison([compare_set(args.data / name, pattern) for name, pattern in SETS])
    options = ImportOptions(threshold=args.threshold)
    print_results(
        [run_set(args.data / name, pattern, options) for name, pattern in SETS], args.threshold
    )


if __name__ == "__main__":
    main()
