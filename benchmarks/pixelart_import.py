"""Import the shared pixel-art sets, analyse each picture as a nonogram, print one table per set.

Usage: ``python benchmarks/pixelart_import.py [--threshold N] [--data DIR]``

For each set (Tango 16x16 RGBA icons, X11 bitmaps): images imported, pictures left empty (all
cells empty: a degenerate puzzle, counted apart and not analysed), % unique and % line-solvable
of the rest, median and max analysis time (:func:`studio.core.sat.analysis.analyze`, solve plus
exact variable fields), median import time (file to bool picture). Then the published figures of
van Oers (2024), thesis Table 6.5, for comparison: other machine, other images, solve time only.
Times are wall clock on this machine; nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.pixelart import DEFAULT_THRESHOLD, ImportOptions, import_picture
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


def print_results(results: list[SetResult], threshold: int) -> None:
    print(f"Pixel-art import at threshold {threshold} (this machine)")
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
    parser.add_argument("--threshold", type=int, default=DEFAULT_THRESHOLD)
    parser.add_argument("--data", type=Path, default=DATA, help="folder holding the image sets")
    args = parser.parse_args()
    options = ImportOptions(threshold=args.threshold)
    missing = [name for name, _ in SETS if not (args.data / name).is_dir()]
    if missing:
        parser.error(f"{args.data} lacks {', '.join(missing)}")
    print_results(
        [run_set(args.data / name, pattern, options) for name, pattern in SETS], args.threshold
    )


if __name__ == "__main__":
    main()
