"""The three nonogram encodings on Tatham's puzzles, beside van Oers 2024 Table 6.1.

Usage: ``python benchmarks/encodings.py [--data FILE] [--sizes 5,10,...] [--naive-limit SIZE=MS]
[--limit MS] [--skip-naive-above SIZE] [--max-placements N]``

For every puzzle ``tatham:WxH-NN`` of the shared ``nonogram/puzzles.jsonl`` and each encoding of
:mod:`studio.core.kinds.nonogram.encodings` (``naive``: thesis Ch. 3, ``thesis``: Ch. 4, the
thesis's "improved" algorithm, ``fast``: the product's order encoding): variables, clauses,
encode ms (the encoder filling a :class:`CnfBuilder`, the whole puzzle, no line solver before it,
as ``analyze(..., logic_first=False)`` does) and solve ms (loading the clauses into a
:class:`SolverSession` and one ``solve``), the solution checked against the record. As in the
thesis (§6.1), the naive encoding runs under a time limit per size (500 ms for 5–15, 4000 ms for
20, 50000 ms for 25) on encode + solve; a puzzle over the limit, or over the naive encoding's
placement cap, counts as not solved.

Then, for context, the product's full analysis (line solver, SAT solve, exact variable fields)
per size. Times are wall clock on this machine (``time.perf_counter``); the thesis ran Java
(SAT4J) on another machine with 1000 puzzles per size: compare ratios, not milliseconds.
Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from analysis_corpus import DATA, load, ms, progress, table  # the sibling benchmark's helpers

from studio.core.cancel import CancelToken, Stopped
from studio.core.grid import grid_to_text, unknown_grid
from studio.core.kinds.nonogram import naive_cnf as nonogram_naive
from studio.core.kinds.nonogram.encodings import ENCODINGS, EncodeFunction
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze, decode_cells
from studio.core.sat.cnf import CnfBuilder
from studio.core.sat.session import SolverSession

# van Oers 2024, Table 6.1: size, algorithm, limit ms, generation ms, solving ms, success rate
# (means over 1000 Tatham puzzles per size; None where the table has "-").
THESIS_TABLE_6_1: list[tuple[int, str, int | None, float | None, float | None, str]] = [
    (5, "Naive", 500, 2.83, 1.02, "100%"),
    (5, "Improved", None, 6.08, 0.05, "100%"),
    (10, "Naive", 500, 21.92, 1.06, "100%"),
    (10, "Improved", None, 26.63, 0.14, "100%"),
    (15, "Naive", 500, 223.32, 7.61, "99.6%"),
    (15, "Improved", None, 90.37, 0.98, "100%"),
    (20, "Naive", 4000, 2973.33, 124.51, "85.9%"),
    (20, "Improved", None, 249.5, 6.24, "100%"),
    (25, "Naive", 50000, 38105.71, 1942.56, "51%"),
    (25, "Improved", None, 770.78, 34.87, "100%"),
    (30, "Naive", None, None, None, "-"),
    (30, "Improved", None, 1515.35, 129.89, "100%"),
    (35, "Naive", None, None, None, "-"),
    (35, "Improved", None, 2562.76, 351.56, "100%"),
    (40, "Naive", None, None, None, "-"),
    (40, "Improved", None, 4283.21, 937.39, "100%"),
]
THESIS_NAME = {"naive": "Naive", "thesis": "Improved"}
NAIVE_LIMITS_MS = {5: 500, 10: 500, 15: 500, 20: 4000, 25: 50000}
ORDER = ("naive", "thesis", "fast")


@dataclass
class Run:
    """One puzzle through one encoding; a time is None when that step never ran."""

    size: int
    encoding: str
    variables: int | None = None
    clauses: int | None = None
    encode_ms: float | None = None
    load_ms: float | None = None  # the clauses into the solver: part of solve_ms
    solve_ms: float | None = None
    solved: bool = False
    failure: str = ""  # why not solved: "placement cap", "time limit", "wrong solution"


def measure(
    record: dict[str, Any], name: str, encode: EncodeFunction, limit_ms: float | None
) -> Run:
    """Encode and solve one puzzle once; within ``limit_ms`` (encode + solve) if given."""
    puzzle = Nonogram(record["rows"], record["cols"])
    run = Run(puzzle.shape[1], name)
    gc.collect()
    cnf = CnfBuilder()
    started = time.perf_counter()
    try:
        cells = encode(cnf, puzzle, unknown_grid(*puzzle.shape))
    except nonogram_naive.EncodingTooLarge:
        run.failure = "placement cap"
        return run
    run.encode_ms = 1000 * (time.perf_counter() - started)
    run.variables, run.clauses = cnf.num_vars, cnf.clause_count
    if limit_ms is not None and run.encode_ms > limit_ms:
        run.failure = "time limit"
        return run
    remaining = None if limit_ms is None else (limit_ms - run.encode_ms) / 1000
    started = time.perf_counter()
    try:
        with SolverSession(cnf, cancel=CancelToken(remaining)) as session:
            run.load_ms = 1000 * (time.perf_counter() - started)
            found = session.solve()
            solution = decode_cells(cells, session.model()) if found else None
    except Stopped:
        run.failure = "time limit"
        return run
    finally:
        run.solve_ms = 1000 * (time.perf_counter() - started)
    if limit_ms is not None and run.encode_ms + run.solve_ms > limit_ms:
        run.failure = "time limit"
        return run
    run.solved = solution is not None and grid_to_text(solution) == record["solution"]
    run.failure = "" if run.solved else "wrong solution"
    return run


def total_ms(run: Run) -> float:
    return (run.encode_ms or 0.0) + (run.solve_ms or 0.0)


# --- tables --------------------------------------------------------------------------------------


def stat(values: Sequence[float | None], how: Callable[[list[float]], float]) -> str:
    present = [v for v in values if v is not None]
    return ms(how(present)) if present else "-"


def whole(values: Sequence[int | None]) -> str:
    present = [v for v in values if v is not None]
    return f"{statistics.median(present):,.0f}" if present else "-"


def thesis_row(size: int, name: str) -> list[object]:
    algorithm = THESIS_NAME.get(name)
    row = next((r for r in THESIS_TABLE_6_1 if r[0] == size and r[1] == algorithm), None)
    if row is None:
        return ["", "", "", "", ""]
    _, algorithm, limit, generation, solving, success = row
    return [
        algorithm,
        "-" if limit is None else limit,
        "-" if generation is None else str(generation),
        "-" if solving is None else str(solving),
        success,
    ]


def print_encodings(runs: list[Run], limits: dict[str, dict[int, float | None]]) -> None:
    print("1. Encode and solve, per size and encoding (ours: median / mean over the puzzles,")
    print("   each the fastest of --repeat runs;")
    print("   van Oers 2024 Table 6.1: means over 1000 puzzles, Java + SAT4J, their machine)")
    rows = []
    for size in sorted({r.size for r in runs}):
        for name in ORDER:
            rs = [r for r in runs if r.size == size and r.encoding == name]
            if not rs:
                continue
            limit = limits[name].get(size)
            solved = sum(r.solved for r in rs)
            encoded = [r.encode_ms for r in rs]
            solving = [r.solve_ms for r in rs if r.solved]
            loading = [r.load_ms for r in rs if r.solved]
            failures = sorted({r.failure for r in rs if r.failure})
            rows.append(
                [
                    f"{size}x{size}",
                    name,
                    "-" if limit is None else f"{limit:g}",
                    whole([r.variables for r in rs]),
                    whole([r.clauses for r in rs]),
                    f"{stat(encoded, statistics.median)} / {stat(encoded, statistics.mean)}",
                    f"{stat(solving, statistics.median)} / {stat(solving, statistics.mean)}",
                    f"{stat(loading, statistics.median)} / {stat(loading, statistics.mean)}",
                    f"{100 * solved / len(rs):g}% of {len(rs)}"
                    + (f" ({', '.join(failures)})" if failures else ""),
                    "|",
                    *thesis_row(size, name),
                ]
            )
    headers = [
        "size", "encoding", "limit ms", "variables", "clauses", "encode ms", "solve ms",
        "of it load",
        "success", "|", "thesis", "limit ms", "generation ms", "solving ms", "success",
    ]  # fmt: skip
    print(table(headers, rows, left=2))
    measured = {r.size for r in runs}
    missing = sorted({row[0] for row in THESIS_TABLE_6_1} - measured)
    if missing:
        print("Thesis rows without shared Tatham puzzles of that size:")
        print(
            table(
                ["size", "thesis", "limit ms", "generation ms", "solving ms", "success"],
                ([f"{s}x{s}", *thesis_row(s, n)] for s in missing for n in ("naive", "thesis")),
            )
        )


def mean_total(runs: list[Run], size: int, name: str) -> float | None:
    """Mean encode + solve ms over the puzzles this encoding solved."""
    done = [total_ms(r) for r in runs if r.size == size and r.encoding == name and r.solved]
    return statistics.mean(done) if done else None


def thesis_total(size: int, algorithm: str) -> float | None:
    """Table 6.1's mean generation + solving ms, where the thesis ran that size."""
    for z, a, _, generation, solving, _ in THESIS_TABLE_6_1:
        if z == size and a == algorithm and generation is not None and solving is not None:
            return generation + solving
    return None


def print_ratios(runs: list[Run]) -> None:
    print("2. Ratios of mean encode + solve time (machine-independent comparison)")
    rows = []
    for size in sorted({r.size for r in runs}):
        naive, thesis, fast = (mean_total(runs, size, n) for n in ("naive", "thesis", "fast"))
        theirs_naive, theirs_improved = thesis_total(size, "Naive"), thesis_total(size, "Improved")

        def ratio(a: float | None, b: float | None) -> str:
            return f"{a / b:.1f}" if a is not None and b else "-"

        rows.append(
            [
                f"{size}x{size}",
                ratio(naive, thesis),
                ratio(theirs_naive, theirs_improved),
                ratio(thesis, fast),
                ratio(theirs_improved, thesis),
            ]
        )
    headers = [
        "size",
        "naive/thesis (ours)",
        "Naive/Improved (thesis)",
        "thesis/fast (ours)",
        "their Improved / our thesis",
    ]
    print(table(headers, rows))


def print_product(results: dict[int, list[tuple[float, int, bool, bool]]]) -> None:
    print("3. The product's full analysis for context: analyze() with the fast encoding and the")
    print("   line solver first (solve + exact variable fields), per size")
    rows = []
    for size, rs in sorted(results.items()):
        times = [t for t, _, _, _ in rs]
        improved = thesis_total(size, "Improved")
        rows.append(
            [
                f"{size}x{size}",
                len(rs),
                ms(statistics.median(times)),
                ms(statistics.mean(times)),
                ms(max(times)),
                f"{statistics.mean(c for _, c, _, _ in rs):.1f}",
                sum(u for _, _, u, _ in rs),
                sum(line for _, _, _, line in rs),
                "-" if improved is None else f"{improved:.2f}",
            ]
        )
    headers = [
        "size", "puzzles", "median ms", "mean ms", "max ms", "SAT calls", "unique",
        "line-solvable", "thesis Improved encode + solve ms",
    ]  # fmt: skip
    print(table(headers, rows))


# --- main ----------------------------------------------------------------------------------------


def parse_limit(text: str) -> tuple[int, float]:
    size, _, limit = text.partition("=")
    try:
        return int(size), float(limit)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SIZE=MS, e.g. 25=50000, got {text!r}") from None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the corpus (puzzles.jsonl)")
    parser.add_argument(
        "--sizes", default="5,10,15,20,25", help="Tatham sizes to run (5,10,15,20,25)"
    )
    parser.add_argument(
        "--naive-limit",
        type=parse_limit,
        action="append",
        default=[],
        metavar="SIZE=MS",
        help="naive time limit for a size (thesis: 5-15: 500, 20: 4000, 25: 50000)",
    )
    parser.add_argument(
        "--limit",
        type=float,
        default=60000.0,
        metavar="MS",
        help="safety limit for thesis and fast, which the thesis ran without one (60000)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per puzzle and encoding, the fastest kept: this machine is shared (3)",
    )
    parser.add_argument(
        "--skip-naive-above", type=int, metavar="SIZE", help="leave naive out above this size"
    )
    parser.add_argument(
        "--max-placements",
        type=int,
        default=nonogram_naive.MAX_PLACEMENTS,
        help=f"naive placement cap per puzzle ({nonogram_naive.MAX_PLACEMENTS:,})",
    )
    args = parser.parse_args(argv)
    if not args.data.is_file():
        parser.error(f"{args.data} not found (pass --data path/to/nonogram/puzzles.jsonl)")
    sizes = {int(s) for s in args.sizes.split(",")}
    naive_limits = {**NAIVE_LIMITS_MS, **dict(args.naive_limit)}
    encoders: dict[str, EncodeFunction] = {
        **ENCODINGS,
        "naive": partial(nonogram_naive.encode, max_placements=args.max_placements),
    }
    limits: dict[str, dict[int, float | None]] = {
        "naive": {s: naive_limits.get(s) for s in sizes},
        "thesis": {s: None for s in sizes},
        "fast": {s: None for s in sizes},
    }

    records = [
        r
        for r in load(args.data)
        if r["id"].startswith("tatham:") and r["width"] in sizes and r["width"] == r["height"]
    ]
    records.sort(key=lambda r: (r["width"], r["id"]))
    print(
        f"Nonogram encodings benchmark: Python {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs, python-sat glucose4; "
        f"{len(records)} Tatham puzzles from {args.data}"
    )
    print(
        "The thesis ran Java (SAT4J 2.3.6) on another machine, 1000 puzzles per size: compare "
        "ratios, not milliseconds."
    )
    print()
    for name in ORDER:  # warm-up: imports, first solver
        measure(records[0], name, encoders[name], None)

    runs: list[Run] = []
    product: dict[int, list[tuple[float, int, bool, bool]]] = {}
    for number, record in enumerate(records, 1):
        size = record["width"]
        progress(f"[{number}/{len(records)}] {record['id']}")
        for name in ORDER:
            if name == "naive" and args.skip_naive_above and size > args.skip_naive_above:
                continue
            limit = limits[name][size] if name == "naive" else args.limit
            tries = [measure(record, name, encoders[name], limit) for _ in range(args.repeat)]
            runs.append(min(tries, key=lambda r: (not r.solved, total_ms(r))))
        puzzle = Nonogram(record["rows"], record["cols"])
        # One run: a repeat would find the line solver's cache warm with this very puzzle.
        started = time.perf_counter()
        analysis = analyze(puzzle, cancel=CancelToken(args.limit / 1000))
        elapsed = 1000 * (time.perf_counter() - started)
        product.setdefault(size, []).append(
            (
                elapsed,
                analysis.sat_calls,
                analysis.status == Status.UNIQUE,
                analysis.logic_solvable,
            )
        )

    print_encodings(runs, limits)
    print("encode ms: the encoder filling a CnfBuilder with the whole puzzle (no line solver).")
    print("solve ms: the clauses into the solver ('of it load') and one solve, puzzles solved.")
    print("success: the right solution within the limit (naive: on encode + solve, as the")
    print(f"thesis; thesis and fast ran under a {args.limit:g} ms safety limit only).")
    print()
    print_ratios(runs)
    print()
    print_product(product)


if __name__ == "__main__":
    main()
