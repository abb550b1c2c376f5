"""Fobidoshi: SAT with lazy connectivity cuts, the logic solver and the thesis's backtracking
search, and both generators, beside Heslenfeld (2024) Tables 1 and 2 and docs/figures.md.

Usage: ``python benchmarks/fobidoshi.py [--data DIR] [--repeat N] [--search-timeout S]
[--attempts N] [--count N] [--sizes 4,5,...] [--seed N]``

1. The shared Janko puzzles (``fobidoshi/puzzles.jsonl``) by size: solve + uniqueness
   (:func:`analyze` without rating: the rules first, then SAT on what is open, with exact
   variable fields) and SAT alone (``logic_first=False``: the whole encoding, every cut found
   by the solver), median and max ms (best of ``--repeat`` runs each), SAT calls; the
   reference lazy-cut run recorded in the data file beside them; the target of docs/figures.md
   (<= 50 ms at 12×12). Every status and solution is checked against the data. Then designs in
   progress as the studio's live analysis sees them (blank and sparse 12×12 to 20×20, many
   solutions): time for the exact variable fields.
2. The logic solver on the same puzzles: the rules alone (:meth:`Fobidoshi.deduce`) and with
   probing (one level of backtracking, as :meth:`Fobidoshi.rate` does): ms and how many they
   finish without search; then the thesis's backtracking search (§3.2) with the improvement
   sets of its Figure 15 (none, barriers, good moves, both; §3.3.3's neighbour choice off, as
   there) and ours (all, plus the unreachable-cell rule), each under ``--search-timeout``
   (the thesis used 5 s): how many finish, median and max ms of those, median calls; once to
   the first solution (what the thesis measured), once on to a proof that there is no second
   (what uniqueness needs).
3. Generators per size (``--sizes``, default 4 to 12): ``--attempts`` single attempts of each
   (§4.1 random start, §4.2 connected): % valid by the thesis's criterion, ms per attempt, ms
   per valid puzzle (all attempts' time over the valid ones), % of cells given a cross, beside
   thesis Tables 1 and 2; then ``--count`` calls of :func:`generate` per size up to 16×16:
   median and max ms per returned puzzle, mean attempts, % unique (checked again by SAT alone:
   should be 100).

Times are wall clock (``time.perf_counter``) on this machine; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from analysis_corpus import ms, table  # the sibling benchmark's table helpers

from studio.core.cancel import CancelToken, Stopped
from studio.core.generate import GeneratorOptions, generate
from studio.core.kinds.fobidoshi.generate import ATTEMPTS, STRATEGIES
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.rules import long_runs, probe
from studio.core.kinds.fobidoshi.search import LOGIC, Improvements, backtrack
from studio.core.sat.analysis import Status, analyze, count_solutions

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# Heslenfeld 2024, Table 1 (§4.1, random start) and Table 2 (§4.2, random solution): size,
# % valid configurations, mean ms per configuration, % of cells holding a cross.
THESIS_TABLE_1 = {
    4: (55.48, 0.110214, 16.5162),
    5: (52.08, 0.479135, 13.3479),
    6: (47.36, 2.56269, 11.937),
    7: (43.72, 22.2286, 11.8154),
    8: (38.28, 238.846, 11.385),
    9: (29.64, 714.703, 10.523),
}
THESIS_TABLE_2 = {
    4: (0.3, 0.188889, 0.138889),
    5: (0.55, 0.518679, 0.602393),
    6: (2.09, 2.40665, 0.197345),
    7: (1.86, 8.97021, 0.173252),
    8: (1.29, 43.0763, 0.278354),
    9: (0.89, 172.376, 0.198133),
    10: (0.79, 250.595, 0.362771),
    11: (0.25, 397.917, 0.112161),
    12: (0.19, 561.233, 0.532407),
}
THESIS_TABLES = {
    "random-start": ("Table 1", THESIS_TABLE_1),
    "connected": ("Table 2", THESIS_TABLE_2),
}
SEARCHES = (
    ("none (§3.2)", Improvements(barriers=False, good_moves=False, neighbours=False)),
    ("barriers", Improvements(good_moves=False, neighbours=False)),
    ("good moves", Improvements(barriers=False, neighbours=False)),
    ("both", Improvements(neighbours=False)),
    ("all + ours", LOGIC),
)
TARGET_MS_12 = 50.0


def best_ms(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The fastest of ``repeat`` runs in ms, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        times.append((time.perf_counter() - started) * 1000)
    return min(times), result


def med_max(values: Sequence[float]) -> tuple[str, str]:
    if not values:
        return "-", "-"
    return ms(statistics.median(values)), ms(max(values))


def by_size(records: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    sizes: dict[int, list[dict[str, Any]]] = {}
    for record in records:
        sizes.setdefault(record["size"][0], []).append(record)
    return dict(sorted(sizes.items()))


def solution_of(record: dict[str, Any]) -> np.ndarray:
    return np.array([[char == "o" for char in row] for row in record["solution"]], dtype=bool)


def print_sat(records: list[dict[str, Any]], repeat: int) -> None:
    print("1. Shared Janko puzzles: solve + uniqueness (exact variable fields), ms")
    rows, wrong = [], []
    for size, group in by_size(records).items():
        logic, alone, calls, reference = [], [], [], []
        for record in group:
            puzzle = Fobidoshi.from_rows(record["givens"])
            took, analysis = best_ms(lambda p=puzzle: analyze(p, rate=False), repeat)
            logic.append(took)
            took, bare = best_ms(lambda p=puzzle: analyze(p, rate=False, logic_first=False), repeat)
            alone.append(took)
            calls.append(bare.sat_calls)
            reference.append(1000 * record.get("lazy_sat_seconds", float("nan")))
            for found in (analysis, bare):
                if (
                    found.status != Status.UNIQUE
                    or not (found.solution == solution_of(record)).all()
                ):
                    wrong.append(record["id"])
        rows.append(
            (
                f"{size}×{size}",
                len(group),
                *med_max(logic),
                *med_max(alone),
                statistics.median(calls),
                *med_max(reference),
            )
        )
    print(
        table(
            (
                "size",
                "puzzles",
                "rules+SAT med",
                "max",
                "SAT alone med",
                "max",
                "SAT calls med",
                "data file med",
                "max",
            ),
            rows,
        )
    )
    print(f"   wrong status or solution: {', '.join(wrong) if wrong else 'none'}")
    print(
        "   Product brief (docs/figures.md): 13–28 ms mean, 1 s max on 250 Janko puzzles with\n"
        "   lazy cuts (the static rank encoding: 1.2 s mean, 31 s max); target <= "
        f"{TARGET_MS_12:g} ms solve + uniqueness at 12×12."
    )


def print_designs(seed: int, timeout: float) -> None:
    """What the studio's live analysis costs on designs in progress, which have many
    solutions: a blank grid and a sparse one (10 % circles, 5 % crosses given at random)."""
    print(f"\n   Designs in progress (many solutions; exact variable fields, limit {timeout:g} s):")
    rng = np.random.default_rng(seed)
    rows = []
    for size in (12, 16, 20):
        sparse = np.where(rng.random((size, size)) < 0.1, CIRCLE, BLANK)
        sparse[(rng.random((size, size)) < 0.05) & (sparse == BLANK)] = CROSS
        for name, puzzle in (
            ("blank", Fobidoshi.blank((size, size))),
            ("sparse", Fobidoshi(sparse)),
        ):
            if long_runs(puzzle.givens == CIRCLE):
                continue
            analysis = analyze(puzzle, rate=False, cancel=CancelToken(timeout=timeout))
            rows.append(
                (
                    f"{name} {size}×{size}",
                    analysis.status.value,
                    "yes" if analysis.complete else "no",
                    int(analysis.variable.sum()),
                    analysis.sat_calls,
                    ms(analysis.seconds * 1000),
                )
            )
    print(table(("design", "status", "complete", "variable", "SAT calls", "ms"), rows))


def print_logic(records: list[dict[str, Any]], timeout: float) -> None:
    print("\n2. Logic solver and backtracking search on the shared puzzles")
    rows = []
    for size, group in by_size(records).items():
        rules_ms, probe_ms, by_rules, by_probing = [], [], 0, 0
        for record in group:
            puzzle = Fobidoshi.from_rows(record["givens"])
            started = time.perf_counter()
            deduction = puzzle.deduce()
            rules_ms.append((time.perf_counter() - started) * 1000)
            by_rules += deduction.complete
            started = time.perf_counter()
            probed = probe(deduction.grid) if not deduction.complete else deduction
            probe_ms.append((time.perf_counter() - started) * 1000 + rules_ms[-1])
            by_probing += probed.complete
        rows.append(
            (
                f"{size}×{size}",
                len(group),
                by_rules,
                *med_max(rules_ms),
                by_probing,
                *med_max(probe_ms),
            )
        )
    print(
        table(
            (
                "size",
                "puzzles",
                "rules finish",
                "ms med",
                "max",
                "+probing finish",
                "ms med",
                "max",
            ),
            rows,
        )
    )
    for limit, what in (
        (1, "first solution, as the thesis measured"),
        (2, "and a proof that it is the only one"),
    ):
        print(f"\n   Backtracking search, {what} (limit {timeout:g} s per puzzle):")
        print_searches(records, timeout, limit)
    print(
        "   Thesis §6.1, Figure 15 (first solution, 5 s limit): without improvements 76 % finish\n"
        "   at N=7 and 16 % at N=8; with one or both improvements close to all up to N=12, mostly\n"
        "   within a second (their machine, C++)."
    )


def print_searches(records: list[dict[str, Any]], timeout: float, limit: int) -> None:
    headers = ["size"]
    for name, _ in SEARCHES:
        headers += [name, "ms med", "max", "calls"]
    rows = []
    for size, group in by_size(records).items():
        row: list[object] = [f"{size}×{size}"]
        for _, improvements in SEARCHES:
            times, calls, finished = [], [], 0
            for record in group:
                start = Fobidoshi.from_rows(record["givens"]).givens_grid()
                started = time.perf_counter()
                try:
                    found = backtrack(
                        start,
                        limit=limit,
                        improvements=improvements,
                        cancel=CancelToken(timeout=timeout),
                    )
                except Stopped:
                    continue
                assert len(found.solutions) == 1
                assert (found.solutions[0] == solution_of(record)).all()
                times.append((time.perf_counter() - started) * 1000)
                calls.append(found.calls)
                finished += 1
            median_calls = f"{statistics.median(calls):.0f}" if calls else "-"
            row += [f"{finished}/{len(group)}", *med_max(times), median_calls]
        rows.append(row)
    print(table(headers, rows))


def print_generators(sizes: Sequence[int], attempts: int, seed: int) -> None:
    print("\n3. Generators: single attempts per size (thesis Tables 1 and 2 beside)")
    for strategy in STRATEGIES:
        name, published = THESIS_TABLES[strategy]
        attempt = ATTEMPTS[strategy]
        rows = []
        for size in sizes:
            rng = np.random.default_rng([seed, size])
            token = CancelToken()
            valid, crosses, started = 0, [], time.perf_counter()
            for _ in range(attempts):
                result = attempt((size, size), rng, token)
                if result.puzzle is not None:
                    valid += 1
                    crosses.append(100 * float(np.mean(result.puzzle.givens == CROSS)))
            total = (time.perf_counter() - started) * 1000
            thesis = published.get(size)
            rows.append(
                (
                    f"{size}×{size}",
                    f"{100 * valid / attempts:.1f}",
                    f"{total / attempts:.2f}",
                    ms(total / valid) if valid else "-",
                    f"{statistics.mean(crosses):.1f}" if crosses else "-",
                    f"{thesis[0]:g}" if thesis else "",
                    ms(thesis[1]) if thesis else "",
                    f"{thesis[2]:.1f}" if thesis else "",
                )
            )
        print(f"\n   {strategy} ({attempts} attempts per size; thesis {name})")
        print(
            table(
                (
                    "size",
                    "% valid",
                    "ms/attempt",
                    "ms/valid",
                    "% crosses",
                    "thesis % valid",
                    "ms",
                    "% crosses",
                ),
                rows,
            )
        )


def print_generate(sizes: Sequence[int], count: int, seed: int) -> None:
    print(f"\n   generate(): {count} puzzles per size and strategy, every call returns a puzzle")
    rows = []
    for strategy in STRATEGIES:
        for size in sizes:
            times, attempts, unique = [], [], 0
            for index in range(count):
                options = GeneratorOptions((size, size), kind="fobidoshi", strategy=strategy)
                started = time.perf_counter()
                generated = generate(options, seed + index)
                times.append((time.perf_counter() - started) * 1000)
                attempts.append(generated.attempts)
                puzzle = generated.document.puzzle
                unique += count_solutions(puzzle, 2, logic_first=False) == 1
            rows.append(
                (
                    strategy,
                    f"{size}×{size}",
                    *med_max(times),
                    f"{statistics.mean(attempts):.1f}",
                    f"{100 * unique / count:.0f}",
                )
            )
    print(table(("strategy", "size", "ms med", "max", "attempts", "% unique"), rows, left=2))
    print("   Target (docs/figures.md): 100 % valid generation (every call returns a unique one).")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data folder")
    parser.add_argument("--repeat", type=int, default=3, help="runs per analysis (best kept)")
    parser.add_argument("--search-timeout", type=float, default=2.0, help="seconds per search")
    parser.add_argument("--attempts", type=int, default=200, help="generator attempts per size")
    parser.add_argument("--count", type=int, default=5, help="generate() calls per size")
    parser.add_argument("--sizes", default="4,5,6,7,8,9,10,11,12", help="generator sizes")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    path = args.data / "fobidoshi" / "puzzles.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    sizes = [int(size) for size in args.sizes.split(",")]
    print_sat(records, args.repeat)
    print_designs(args.seed, 20.0)
    print_logic(records, args.search_timeout)
    print_generators(sizes, args.attempts, args.seed)
    print_generate([4, 8, 12, 16], args.count, args.seed)


if __name__ == "__main__":
    main()
