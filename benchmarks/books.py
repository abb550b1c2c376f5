"""Books at scale: batch generation throughput, and the time to print a 100-puzzle book.

Usage: ``python benchmarks/books.py [--count N] [--book-size N] [--sizes 15,25] [--jobs 1,2]
[--kind nonogram] [--seed N] [--out DIR]``

1. Batch generation (``generate_batch``, what ``studio generate --count N --jobs J`` runs): for
   each size and J, the wall-clock time for ``--count`` distinct unique puzzles, in puzzles per
   second, and whether the batch is identical to the J = 1 batch (it must be: per-puzzle seeds).
   J = 2 runs twice: as the CLI does (a pool only once the rest should take over 1 s) and with a
   pool from the first puzzle. Spawning the pool's processes is included (about a second).
2. Book export (``export_book``): a book of ``--book-size`` generated puzzles, a mix of sizes,
   printed on each page size with the automatic layout; pages, puzzles a page, seconds, size.

There are no published figures for either: the issue asks for ours.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

from PySide6.QtGui import QGuiApplication

from studio.core.book import PAGE_SIZES, Book, BookLayout, entry_for
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import POOL_AFTER_SECONDS, generate_batch
from studio.gui.kinds import looks
from studio.render.book import export_book


def timed_batch(
    options: GeneratorOptions, seed: int, count: int, jobs: int, pool_after: float
) -> tuple[float, list[object]]:
    """Seconds for one batch and its puzzles, timed in a fresh process: the line solver's cache
    starts cold, as in a real ``studio generate`` run, and earlier rows cannot warm it."""
    started = time.perf_counter()
    batch = list(generate_batch(options, seed, count, jobs=jobs, pool_after=pool_after))
    return time.perf_counter() - started, [generated.document.puzzle for generated in batch]


def generation_table(kind: str, sizes: list[int], jobs: list[int], count: int, seed: int) -> None:
    print(f"Batch generation: {count} distinct {kind}s per run, seed {seed}")
    print(
        f"{'size':>7} {'J':>3} {'pool after':>10} {'seconds':>8} {'puzzles/s':>10} "
        f"{'same as J=1':>12}"
    )
    runs = [(j, POOL_AFTER_SECONDS) for j in jobs] + [(j, 0.0) for j in jobs if j > 1]
    for size in sizes:
        options = GeneratorOptions((size, size), kind=kind)
        first: list[object] | None = None
        for j, pool_after in runs:
            with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as fresh:
                seconds, puzzles = fresh.submit(
                    timed_batch, options, seed, count, j, pool_after
                ).result()
            first = puzzles if first is None else first
            same = "yes" if puzzles == first else "NO"
            after = "-" if j == 1 else f"{pool_after:.1f} s"
            print(
                f"{size:>4}×{size:<2} {j:>3} {after:>10} {seconds:>8.2f} "
                f"{count / seconds:>10.2f} {same:>12}"
            )


def mixed_book(kind: str, size: int, seed: int) -> Book:
    """``size`` puzzles: a third each 10×10, 15×15 and 20×20, generated on two processes."""
    entries = []
    for index, side in enumerate((10, 15, 20)):
        share = size // 3 + (1 if index < size % 3 else 0)
        options = GeneratorOptions((side, side), kind=kind)
        for generated in generate_batch(options, seed + index, share, jobs=2):
            entries.append(entry_for(generated.document, analysis=generated.analysis))
    return Book(title=f"{size} Puzzles", author="benchmarks/books.py", entries=tuple(entries))


def per_page(slots: tuple[int, ...]) -> str:
    """Puzzles a page as a range, e.g. ``1–4``."""
    low, high = min(slots), max(slots)
    return str(low) if low == high else f"{low}–{high}"


def export_table(book: Book, out: Path) -> None:
    print(f"\nBook export: {len(book.entries)} puzzles (10×10, 15×15, 20×20), automatic layout")
    print(f"{'page size':>9} {'pages':>6} {'per page':>9} {'seconds':>8} {'PDF KiB':>8}")
    for page_size in PAGE_SIZES:
        target = out / f"book-{page_size}.pdf"
        printed = Book(book.title, book.author, BookLayout(page_size=page_size), book.entries)
        result = export_book(printed, target, looks)
        kib = target.stat().st_size / 1024
        print(
            f"{page_size:>9} {result.pages:>6} {per_page(result.per_page):>9} "
            f"{result.seconds:>8.2f} {kib:>8.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--book-size", type=int, default=100)
    parser.add_argument("--sizes", default="15,25")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--kind", default="nonogram")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, help="keep the PDFs here (default: a temp folder)")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # PDFs need no screen
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    print(
        f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs\n"
    )
    sizes = [int(s) for s in args.sizes.split(",")]
    jobs = [int(j) for j in args.jobs.split(",")]
    generation_table(args.kind, sizes, jobs, args.count, args.seed)
    book = mixed_book(args.kind, args.book_size, args.seed)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        export_table(book, args.out)
    else:
        with tempfile.TemporaryDirectory() as folder:
            export_table(book, Path(folder))
    del app


if __name__ == "__main__":
    main()
