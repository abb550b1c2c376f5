"""Colour nonograms: pixel-art icons imported in K colours, random colour pictures, and the two
CNF encodings of a colour line measured side by side.

Usage: ``python benchmarks/colour.py [--data DIR] [--count N] [--seed S]``

1. The Tango 16x16 icons of ``../shared/data/pixelart/tango16`` imported as ``studio
   import-image --colors K`` does (:func:`studio.core.pixelart.import_document`), K = 1 (black
   and white, the automatic threshold) to 4: how many come out unique and line-solvable, the
   median and max analysis ms (:func:`studio.core.sat.analysis.analyze`: line solver, SAT,
   exact variable fields), the median colours used, and how many a repair by flips
   (:func:`studio.core.repair.repair_document`) makes unique.
2. Random colour pictures (the generator's smoothed noise, density 0.5, each filled cell taking
   the colour of the highest of K smoothed noise fields: :func:`~studio.core.kinds.nonogram.
   generate.coloured`), 20x20 and 40x40, 5 colours, ``--count`` of each (default 10): median
   and max analysis ms, % unique, median variable fields. The target is 40x40 in 5 colours
   analysed in at most 100 ms median.
3. The encodings, each puzzle of section 2 sent whole to SAT (``logic_first=False``, one solve
   plus the exact variable fields): the order encoding of run starts the studio uses
   (:mod:`studio.core.kinds.nonogram.cnf`) against the regular (automaton) encoding of each
   line (G. Pesant, *A regular language membership constraint for finite sequences of
   variables*, CP 2004; its CNF by F. Bacchus, *GAC via unit propagation*, CP 2007), written
   here only to be measured: median variables, clauses and ms.

Published anchors (webpbn colour survey, solve only, other machines and languages): nonogrid
4 ms for "Map" (31x18, 5 colours), 0.76 s for "Gecko" (75x45, 5 colours), 2-7 s for
"Censored" (48x64, 4 colours). Those puzzles are not in the shared data, so they are printed
beside our random pictures, not measured. Times are wall clock on this machine; nothing here
asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.pictures import smoothed_picture
from studio.core.grid import PartialGrid, Picture, line_values, with_givens
from studio.core.kinds.nonogram.encodings import EncodedPuzzle
from studio.core.kinds.nonogram.generate import coloured
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.pixelart import ImportOptions, import_document
from studio.core.repair import repair_document
from studio.core.sat.analysis import Analysis, Status, analyze
from studio.core.sat.cnf import FALSE, TRUE, CnfBuilder, LiteralGrid

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "pixelart"

ANCHORS = (
    ("nonogrid, webpbn survey: Map", "31x18", 5, "4 ms"),
    ("nonogrid, webpbn survey: Gecko", "75x45", 5, "760 ms"),
    ("webpbn survey: Censored", "48x64", 4, "2-7 s"),
)


def timed(puzzle: Nonogram | EncodedPuzzle[Nonogram], logic_first: bool = True) -> Analysis:
    """The analysis, within a 60 s limit (an analysis never raises when stopped)."""
    return analyze(puzzle, cancel=CancelToken(60.0), logic_first=logic_first)


def milliseconds(analysis: Analysis) -> float:
    return analysis.seconds * 1000


# --- 1. Tango icons in K colours ---------------------------------------------------------------


@dataclass
class IconRow:
    colours: int
    images: int
    unique: int
    line_solvable: int
    repaired: int
    used: list[int]
    times: list[float]


def icon_row(paths: Sequence[Path], colours: int) -> IconRow:
    row = IconRow(colours, 0, 0, 0, 0, [], [])
    for path in paths:
        document = import_document(path, ImportOptions(colours=colours))
        row.images += 1
        row.used.append(document.puzzle.colours)
        analysis = timed(document.puzzle)
        row.times.append(milliseconds(analysis))
        row.unique += analysis.status == Status.UNIQUE
        row.line_solvable += analysis.logic_solvable
        if analysis.status == Status.UNIQUE:
            row.repaired += 1
        elif analysis.status == Status.MULTIPLE:
            result = repair_document(document, strategy="flips", rng=np.random.default_rng(0))
            row.repaired += result.unique
    return row


def print_icons(folder: Path) -> None:
    paths = sorted(folder.glob("*.png"))
    print(f"1. Tango 16x16 icons ({len(paths)}, {folder}), imported with --colors K")
    header = ("K", "images", "unique", "line-solv.", "unique after flips", "median colours")
    print(
        f"{header[0]:>2}  {header[1]:>6}  {header[2]:>6}  {header[3]:>10}  {header[4]:>18}  "
        f"{header[5]:>14}  median ms  max ms"
    )
    for colours in (1, 2, 3, 4):
        row = icon_row(paths, colours)
        print(
            f"{row.colours:>2}  {row.images:>6}  {row.unique:>6}  {row.line_solvable:>10}  "
            f"{row.repaired:>18}  {statistics.median(row.used):>14g}  "
            f"{statistics.median(row.times):>9.1f}  {max(row.times):>6.1f}"
        )
    print("K = 1 is black and white (Otsu's threshold), as `studio import-image` without --colors.")
    print()


# --- 2. and 3. Random colour pictures, two encodings -------------------------------------------


def random_picture(side: int, colours: int, rng: np.random.Generator) -> Picture:
    return coloured(smoothed_picture((side, side), 0.5, rng), colours, rng)


def regular_encode(cnf: CnfBuilder, puzzle: Nonogram, known: PartialGrid) -> LiteralGrid:
    """The regular encoding of every line over one-hot cell literals (the whole puzzle: the
    givens and ``known`` only as constants)."""
    merged = with_givens(puzzle.givens_grid(), known)
    values = cnf.value_literals(merged, puzzle.colours + 1)
    for line, _ in puzzle.lines():
        _regular_line(cnf, puzzle.runs(line), line_values(values, line))
    return values if puzzle.colours > 1 else values[:, :, 1]


def _regular_line(cnf: CnfBuilder, runs: Sequence[tuple[int, int]], cells: np.ndarray) -> None:
    """One line as a deterministic automaton unrolled over its cells: state 0 is the
    background before the first run, then each cell of each run, then the background after
    each run. ``a[x][q]``: after ``x`` cells the automaton is in ``q``. A state says the value
    of the cell that entered it, so ``a[x+1][q]`` implies that value and one of its
    predecessors at ``x``; transitions carry ``a[x][s] ∧ value`` forward."""
    symbol = [0]  # the value read entering each state
    successors: list[dict[int, int]] = [{}]
    gaps: list[int] = [0]  # the background state after each run; 0 before the first
    for j, (length, colour) in enumerate(runs):
        first = len(symbol)
        for offset in range(length):
            symbol.append(colour)
            successors.append({})
            if offset:
                successors[first + offset - 1][colour] = first + offset
        gap = len(symbol)
        symbol.append(0)
        successors.append({0: gap})
        before = gaps[-1]
        successors[before][colour] = first  # from the background before it
        if j and runs[j - 1][1] != colour:
            successors[first - 2][colour] = first  # touching the run before, another colour
        successors[gap - 1][0] = gap
        gaps.append(gap)
    successors[0][0] = 0
    # After the last run's background, or right at its last cell; an empty line stays in 0.
    accepting = {gaps[-1], gaps[-1] - 1} if runs else {0}
    n, states = len(cells), len(symbol)
    a = [[TRUE if q == 0 else FALSE for q in range(states)]]
    a += [[int(v) for v in cnf.new_vars(states)] for _ in range(n)]
    predecessors: list[list[int]] = [[] for _ in range(states)]
    for s, moves in enumerate(successors):
        for t in moves.values():
            predecessors[t].append(s)
    for x in range(n):
        for s in range(states):
            for value in range(cells.shape[1]):
                target = successors[s].get(value)
                clause = [-a[x][s], -int(cells[x][value])]
                cnf.add(clause if target is None else [*clause, a[x + 1][target]])
        for t in range(states):
            cnf.add((-a[x + 1][t], int(cells[x][symbol[t]])))
            cnf.add((-a[x + 1][t], *(a[x][s] for s in predecessors[t])))
    cnf.add(tuple(a[n][q] for q in accepting))


def regular(puzzle: Nonogram) -> EncodedPuzzle[Nonogram]:
    def encode(cnf: CnfBuilder, nonogram: Nonogram, known: PartialGrid) -> LiteralGrid:
        if nonogram.colours == 1:
            raise ValueError("measured in colour only")
        return regular_encode(cnf, nonogram, known)

    return EncodedPuzzle(puzzle, encode, "regular")


def size_of(
    encoder: Callable[[CnfBuilder, Nonogram, PartialGrid], LiteralGrid], puzzle: Nonogram
) -> tuple[int, int]:
    cnf = CnfBuilder()
    encoder(cnf, puzzle, np.full(puzzle.shape, -1, dtype=np.int8))
    return cnf.num_vars, cnf.clause_count


def print_random(count: int, seed: int, colours: int) -> None:
    rng = np.random.default_rng(seed)
    print(
        f"2. Random {colours}-colour pictures (smoothed noise per colour, density 0.5), "
        f"{count} of each size, seed {seed}"
    )
    print("size    median ms  max ms  % unique  median variable  line-solv.")
    puzzles: dict[int, list[Nonogram]] = {}
    for side in (20, 40):
        puzzles[side] = [
            Nonogram.from_picture(random_picture(side, colours, rng), colours=colours)
            for _ in range(count)
        ]
        analyses = [timed(puzzle) for puzzle in puzzles[side]]
        times = [milliseconds(a) for a in analyses]
        unique = sum(a.status == Status.UNIQUE for a in analyses)
        variable = statistics.median(int(a.variable.sum()) for a in analyses)
        solvable = sum(a.logic_solvable for a in analyses)
        print(
            f"{side}x{side}  {statistics.median(times):>9.1f}  {max(times):>6.1f}  "
            f"{100 * unique / count:>8.0f}  {variable:>15g}  {solvable:>10}"
        )
    print("target: 40x40 in 5 colours, analysis <= 100 ms median")
    print()
    print("Published anchors (solve only, other machines; not in the shared data, not measured):")
    for name, size, ink, figure in ANCHORS:
        print(f"  {name:<32} {size:>6}, {ink} colours: {figure}")
    print()
    print("3. Encodings, the whole puzzle to SAT (solve + exact variable fields), median")
    print("size    encoding  variables  clauses  ms")
    order = lambda cnf, p, known: p.encode(cnf, known)  # noqa: E731
    for side, group in puzzles.items():
        for name, make, encoder in (
            ("order", lambda p: p, order),
            ("regular", regular, lambda cnf, p, known: regular_encode(cnf, p, known)),
        ):
            sizes = [size_of(encoder, puzzle) for puzzle in group]
            times = [milliseconds(timed(make(puzzle), logic_first=False)) for puzzle in group]
            print(
                f"{side}x{side}  {name:<8}  {statistics.median(v for v, _ in sizes):>9g}  "
                f"{statistics.median(c for _, c in sizes):>7g}  {statistics.median(times):.1f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="folder holding tango16/")
    parser.add_argument("--count", type=int, default=10, help="random pictures per size (10)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random pictures")
    parser.add_argument("--colours", type=int, default=5, help="colours of the pictures (5)")
    args = parser.parse_args()
    if not (args.data / "tango16").is_dir():
        parser.error(f"{args.data} lacks tango16")
    print_icons(args.data / "tango16")
    print_random(args.count, args.seed, args.colours)


if __name__ == "__main__":
    main()
