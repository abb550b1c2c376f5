"""Time the nonogram analysis (solve + exact variable fields) on the shared corpus and random 40x40.

Usage: ``python benchmarks/analysis_corpus.py [--timeout S] [--hard-timeout S] [--skip-hard]
[--seed N] [--random-count N] [--json PATH] [--data FILE]``

1. Every puzzle of the shared ``nonogram/puzzles.jsonl``, grouped: Simon Tatham's generator by
   size, designer pictures (nonogram-db, with the pictures removed from it as non-unique), Jan
   Wolter's survey set, the pynogram/nonogrid examples, the n-Dom family. Per group: count,
   median and max ms, status counts, line-solvable count, and the thesis figures beside ours.
2. The two hard ones (Knotty, pynogram's frans_faase) apart, under a longer cap: what the
   analysis reached in that time.
3. Random 40x40 pictures of density 0.5 (thesis Table 6.2, first strategy).
4. Our targets (docs/figures.md) against what was measured.

Each analysis is :func:`studio.core.sat.analysis.analyze` with a :class:`CancelToken` time limit,
timed with ``time.perf_counter`` on this machine. Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.grid import UNKNOWN
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.sat.analysis import Status, analyze

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "nonogram" / "puzzles.jsonl"
HARD = ("survey:knotty", "pynogram:frans_faase")
HARD_NOTES = {
    "survey:knotty": "published: two solutions, differing in 14 cells",
    "pynogram:frans_faase": "no published status",
}
STATUSES = (Status.UNIQUE, Status.MULTIPLE, Status.NONE, Status.UNKNOWN)

# van Oers 2024, thesis Table 6.1 (improved encoding, Tatham puzzles): encode + solve ms.
THESIS_TABLE_6_1 = {
    "5x5": (6.08, 0.05),
    "10x10": (26.63, 0.14),
    "15x15": (90.37, 0.98),
    "20x20": (249.5, 6.24),
    "25x25": (770.78, 34.87),
    "40x40": (4283.21, 937.39),
}
# Thesis Table 6.2, first strategy (random 40x40, density 0.5): solve ms, % unique.
THESIS_TABLE_6_2_RANDOM = (22190.0, 0.0)


@dataclass
class Result:
    """One analysed puzzle; ``ms`` is wall clock around :func:`analyze`."""

    id: str
    group: str
    width: int
    height: int
    ms: float
    status: str
    complete: bool
    stop_reason: str | None
    line_solvable: bool
    determined: int  # cells the line solver determined before any SAT call
    variable: int
    solution_found: bool
    solution_checks: bool | None  # the solution found satisfies every clue
    sat_calls: int
    labelled_unique: bool | None  # the corpus record's "unique", where given

    @property
    def cells(self) -> int:
        return self.width * self.height


def group_of(puzzle_id: str) -> str:
    prefix, _, rest = puzzle_id.partition(":")
    if prefix == "tatham":
        return f"Tatham {rest.split('-')[0]}"
    if prefix in ("mikix", "mikix-removed"):
        return "designer pictures"
    if prefix == "survey":
        return "survey (Wolter)"
    if prefix in ("pynogram", "nonogrid"):
        return "pynogram/nonogrid"
    if prefix == "dom":
        return "n-Dom"
    return f"other ({prefix})"


def group_order(group: str) -> tuple[int, int, str]:
    if group.startswith("Tatham "):
        return (0, int(group.split()[1].split("x")[0]), group)
    fixed = ["designer pictures", "survey (Wolter)", "pynogram/nonogrid", "n-Dom"]
    return (1, fixed.index(group) if group in fixed else len(fixed), group)


def run_one(
    puzzle_id: str,
    group: str,
    puzzle: Nonogram,
    timeout: float,
    labelled_unique: bool | None = None,
) -> Result:
    puzzle.validate()
    height, width = puzzle.shape
    cancel = CancelToken(timeout)
    started = time.perf_counter()
    analysis = analyze(puzzle, cancel=cancel)
    ms = 1000 * (time.perf_counter() - started)
    solution = analysis.solution
    return Result(
        id=puzzle_id,
        group=group,
        width=width,
        height=height,
        ms=ms,
        status=str(analysis.status),
        complete=analysis.complete,
        stop_reason=analysis.stop_reason,
        line_solvable=analysis.logic_solvable,
        determined=int(np.count_nonzero(analysis.deduction.grid != UNKNOWN)),
        variable=int(np.count_nonzero(analysis.variable)),
        solution_found=solution is not None,
        solution_checks=None if solution is None else not puzzle.check(solution),
        sat_calls=analysis.sat_calls,
        labelled_unique=labelled_unique,
    )


# --- tables --------------------------------------------------------------------------------------


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], left: int = 1) -> str:
    """Plain-text table; the first ``left`` columns are left-aligned, the rest right-aligned."""
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 1000 else f"{value:,.0f}"


def median_ms(results: Sequence[Result]) -> float:
    return statistics.median(r.ms for r in results)


def count(results: Iterable[Result], predicate: Callable[[Result], bool]) -> int:
    return sum(1 for r in results if predicate(r))


def published_6_1(group: str) -> str:
    size = group.removeprefix("Tatham ")
    if size not in THESIS_TABLE_6_1:
        return ""
    encode, solve = THESIS_TABLE_6_1[size]
    return f"{encode:g} + {solve:g}"


def print_corpus(results: list[Result], timeout: float) -> None:
    print(f"1. Shared corpus: analysis time per puzzle (limit {timeout:g} s each)")
    groups: dict[str, list[Result]] = {}
    for r in results:
        groups.setdefault(r.group, []).append(r)
    rows = []
    for group in sorted(groups, key=group_order):
        rs = groups[group]
        rows.append(
            [
                group,
                len(rs),
                ms(median_ms(rs)),
                ms(max(r.ms for r in rs)),
                *(count(rs, lambda r, s=s: r.status == s) for s in STATUSES),
                count(rs, lambda r: r.line_solvable),
                published_6_1(group),
            ]
        )
    rows.append(
        [
            "all",
            len(results),
            ms(median_ms(results)),
            ms(max(r.ms for r in results)),
            *(count(results, lambda r, s=s: r.status == s) for s in STATUSES),
            count(results, lambda r: r.line_solvable),
            "",
        ]
    )
    headers = ["group", "count", "median ms", "max ms", *STATUSES, "line-solv."]
    print(table([*headers, "thesis 6.1 ms (enc + solve)"], rows))
    print("thesis 6.1: van Oers 2024, Table 6.1, improved encoding, their machine: encode + one")
    print("solve, no uniqueness; ours: line solver + encode + solve + exact variable fields.")
    slowest = max(results, key=lambda r: r.ms)
    print(f"slowest: {slowest.id} ({slowest.width}x{slowest.height}) {ms(slowest.ms)} ms")
    print_disagreements(results)


def print_disagreements(results: Iterable[Result]) -> None:
    problems = []
    for r in results:
        if r.solution_checks is False:
            problems.append(f"{r.id}: the solution found breaks a clue")
        if r.complete and r.labelled_unique is True and r.status != Status.UNIQUE:
            problems.append(f"{r.id}: labelled unique, analysed {r.status}")
        if r.complete and r.labelled_unique is False and r.status == Status.UNIQUE:
            problems.append(f"{r.id}: labelled not unique, analysed unique")
    if problems:
        print("DISAGREEMENTS with the corpus labels or the clues:")
        for problem in problems:
            print(f"  {problem}")
    else:
        print("every status agrees with the corpus label (where labelled); every solution checks")


def print_hard(results: list[Result], timeout: float) -> None:
    print(f"2. Hard puzzles, limit {timeout:g} s each")
    rows = []
    for r in results:
        reached = "complete" if r.complete else f"stopped ({r.stop_reason})"
        rows.append(
            [
                r.id,
                f"{r.width}x{r.height}",
                ms(r.ms),
                r.status,
                reached,
                f"{r.determined}/{r.cells} ({100 * r.determined / r.cells:.0f}%)",
                "yes" if r.solution_found else "no",
                r.variable,
                r.sat_calls,
                HARD_NOTES.get(r.id, ""),
            ]
        )
    headers = ["puzzle", "size", "ms", "status", "analysis", "line solver", "solution"]
    print(table([*headers, "variable", "SAT calls", "note"], rows))
    print("line solver: cells determined by line logic alone, before any SAT call;")
    print("variable: cells that differ between solutions (a subset when stopped early)")
    print_disagreements(results)


def print_random(results: list[Result], seed: int, density: float, size: int) -> None:
    print(f"3. Random {size}x{size} pictures, density {density:g}, seed {seed}")
    rows = [
        [
            "ours (solve + variable fields)",
            len(results),
            ms(median_ms(results)),
            ms(max(r.ms for r in results)),
            f"{statistics.median(r.variable for r in results):g}",
            f"{100 * count(results, lambda r: r.status == Status.UNIQUE) / len(results):.0f}",
            count(results, lambda r: not r.complete),
            count(results, lambda r: r.line_solvable),
        ],
        [
            "thesis 6.2, first strategy (solve)",
            "",
            ms(THESIS_TABLE_6_2_RANDOM[0]),
            "",
            "",
            f"{THESIS_TABLE_6_2_RANDOM[1]:g}",
            "",
            "",
        ],
    ]
    headers = ["", "count", "median ms", "max ms", "median variable", "% unique", "stopped"]
    print(table([*headers, "line-solv."], rows))


def print_targets(
    corpus: list[Result], hard: list[Result], random: list[Result], timeout: float
) -> None:
    print("4. Targets (docs/figures.md) on this machine")
    rows = []

    def verdict(ok: bool) -> str:
        return "yes" if ok else "NO"

    tatham25 = [r for r in corpus if r.group == "Tatham 25x25"]
    if tatham25:
        value = median_ms(tatham25)
        rows.append(["Tatham 25x25, median", "<= 10 ms", f"{ms(value)} ms", verdict(value <= 10)])
    tatham40 = [r for r in corpus if r.group == "Tatham 40x40"]
    if tatham40:
        value = median_ms(tatham40)
        rows.append(["Tatham 40x40, median", "<= 20 ms", f"{ms(value)} ms", verdict(value <= 20)])
    else:
        rows.append(["Tatham 40x40, median", "<= 20 ms", "none in the corpus", "-"])
    if random:
        value = median_ms(random)
        rows.append(
            ["random 40x40 d=0.5, median", "<= 300 ms", f"{ms(value)} ms", verdict(value <= 300)]
        )
    everything = corpus + hard
    slowest = max(everything, key=lambda r: r.ms)
    within = all(r.complete and r.ms <= 10_000 for r in everything)
    note = f"max {ms(slowest.ms)} ms ({slowest.id})"
    if not all(r.complete for r in everything):
        note += f", {count(everything, lambda r: not r.complete)} stopped"
    rows.append(["shared corpus, each", "<= 10 s", note, verdict(within)])
    survey = [r for r in everything if r.group == "survey (Wolter)"]
    if survey:
        value = median_ms(survey)
        label = "survey, median" + ("" if any(r.id in HARD for r in survey) else " (w/o Knotty)")
        rows.append([label, "<= 100 ms", f"{ms(value)} ms", verdict(value <= 100)])
    print(table(["target", "goal", "measured", "met"], rows))
    if timeout < 10 and not all(r.complete for r in corpus):
        print(f"(per-puzzle limit was {timeout:g} s)")


def print_published() -> None:
    print("Published figures (other machines; compare ratios, not milliseconds)")
    rows: list[list[object]] = [
        [f"Tatham {size}", f"{enc:g}", f"{solve:g}", ""]
        for size, (enc, solve) in THESIS_TABLE_6_1.items()
    ]
    rows.append(["random 40x40 d=0.5", "", ms(THESIS_TABLE_6_2_RANDOM[0]), "0 % unique"])
    print(table(["van Oers 2024, Tables 6.1/6.2", "encode ms", "solve ms", "note"], rows))
    print("Our targets (docs/figures.md), analysis = solve + variable fields:")
    print("Tatham 25x25 median <= 10 ms; Tatham 40x40 median <= 20 ms; random 40x40 median")
    print("<= 300 ms; every shared-corpus puzzle <= 10 s; survey median <= 100 ms.")


# --- main ----------------------------------------------------------------------------------------


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the corpus (puzzles.jsonl)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle (10)")
    parser.add_argument(
        "--hard-timeout", type=float, default=60.0, help=f"seconds for {', '.join(HARD)} (60)"
    )
    parser.add_argument("--skip-hard", action="store_true", help=f"leave out {', '.join(HARD)}")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random pictures")
    parser.add_argument("--random-count", type=int, default=20, help="random pictures (20)")
    parser.add_argument("--random-size", type=int, default=40, help="their side (40)")
    parser.add_argument("--density", type=float, default=0.5, help="their density (0.5)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="write per-puzzle numbers here")
    args = parser.parse_args(argv)
    if not args.data.is_file():
        parser.error(f"{args.data} not found (pass --data path/to/nonogram/puzzles.jsonl)")

    records = load(args.data)
    print(
        f"Nonogram analysis benchmark: Python {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs; corpus {args.data} ({len(records)} puzzles)"
    )
    print("ms = wall clock around analyze(): line solver, SAT solve, exact variable fields")
    print()
    # Warm-up (imports, first solver): an ambiguous 2x2 needs the line solver and SAT both.
    run_one("warm-up", "", Nonogram.from_picture(np.eye(2, dtype=bool)), 10)

    corpus: list[Result] = []
    hard: list[Result] = []
    for number, record in enumerate(records, 1):
        puzzle_id = record["id"]
        puzzle = Nonogram(record["rows"], record["cols"])
        if puzzle_id in HARD:
            if args.skip_hard:
                continue
            progress(f"[{number}/{len(records)}] {puzzle_id} (up to {args.hard_timeout:g} s)")
            hard.append(
                run_one(
                    puzzle_id,
                    group_of(puzzle_id),
                    puzzle,
                    args.hard_timeout,
                    record.get("unique"),
                )
            )
        else:
            if number % 20 == 0:
                progress(f"[{number}/{len(records)}] ...")
            corpus.append(
                run_one(puzzle_id, group_of(puzzle_id), puzzle, args.timeout, record.get("unique"))
            )

    rng = np.random.default_rng(args.seed)
    random: list[Result] = []
    size = args.random_size
    progress(f"{args.random_count} random {size}x{size} pictures")
    for index in range(args.random_count):
        picture = rng.random((size, size)) < args.density
        random.append(
            run_one(f"random-{index}", "random", Nonogram.from_picture(picture), args.timeout)
        )

    print_corpus(corpus, args.timeout)
    print()
    if hard:
        print_hard(hard, args.hard_timeout)
    else:
        print(f"2. Hard puzzles: skipped ({', '.join(HARD)}; --skip-hard)")
    print()
    if random:
        print_random(random, args.seed, args.density, size)
        print()
    print_targets(corpus, hard, random, args.timeout)
    print()
    print_published()

    if args.json:
        payload = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "args": {k: str(v) for k, v in vars(args).items()},
            "corpus": [asdict(r) for r in corpus],
            "hard": [asdict(r) for r in hard],
            "random": [asdict(r) for r in random],
        }
        args.json.write_text(json.dumps(payload, indent=1) + "\n")
        print(f"\nper-puzzle numbers written to {args.json}")


if __name__ == "__main__":
    main()
