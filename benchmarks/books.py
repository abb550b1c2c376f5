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
3. Issue 13's book, for a press: 6 + 4 nonograms of two sizes (10×10, 20×20), 4 mosaics
   (15×15), 3 Fobidoshi (10×10), exported on 6×9 in with a 3.175 mm bleed; the PDF opened with
   pypdf: page and TrimBox sizes, fonts embedded, and per kind and size the puzzles a page and
   the cell sizes of puzzles and solutions; the export's time.

There are no published figures for these: the issue asks for ours (and sets the bar for the
third: pages of 158.8 × 235.0 mm, a 152.4 × 228.6 mm TrimBox, cells of at least 4 mm,
solutions of at least 1.5 mm, a rules page per kind).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject, RectangleObject
from PySide6.QtGui import QGuiApplication

from studio.core.book import PAGE_SIZES, Book, BookLayout, entry_for
from studio.core.book.plan import BookPlan, Placement, Role
from studio.core.generate import GeneratorOptions
from studio.core.generate.batch import POOL_AFTER_SECONDS, generate_batch
from studio.gui.kinds import looks
from studio.render.book import export_book

MM_PER_POINT = 25.4 / 72


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


def per_page(plan: BookPlan) -> str:
    """Puzzles a page of puzzles, as a range, e.g. ``1–4``."""
    shares = [len(page.placements) for page in plan.pages if page.role is Role.PUZZLES]
    low, high = min(shares), max(shares)
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
            f"{page_size:>9} {result.pages:>6} {per_page(result.plan):>9} "
            f"{result.seconds:>8.2f} {kib:>8.0f}"
        )


def issue_13_book(seed: int) -> Book:
    """Issue 13's book: 6 + 4 nonograms of two sizes, 4 mosaics, 3 Fobidoshi; 6×9 in, bleed
    3.175 mm."""
    entries = []
    for index, (kind, side, count) in enumerate(
        (("nonogram", 10, 6), ("nonogram", 20, 4), ("mosaic", 15, 4), ("fobidoshi", 10, 3))
    ):
        options = GeneratorOptions((side, side), kind=kind)
        for generated in generate_batch(options, seed + index, count, jobs=1):
            entries.append(entry_for(generated.document, analysis=generated.analysis))
    layout = BookLayout(page_size="6x9", bleed_mm=3.175)
    return Book("Seventeen Puzzles", "benchmarks/books.py", layout, tuple(entries))


def press_table(book: Book, out: Path) -> None:
    """The PDF as a press sees it, and where the puzzles went."""
    target = out / "issue-13.pdf"
    result = export_book(book, target, looks)
    reader = PdfReader(target)
    media = {_size_mm(page.mediabox) for page in reader.pages}
    trim = {_size_mm(page.trimbox) for page in reader.pages}
    inset = {
        round((float(page.trimbox.left) - float(page.mediabox.left)) * MM_PER_POINT, 3)
        for page in reader.pages
    }
    embedded = all(_embedded(font) for page in reader.pages for font in _fonts(page))
    plan = result.plan
    rules = ", ".join(f"{p.kind} p. {p.number}" for p in plan.pages if p.role is Role.RULES)
    print(f"\nIssue 13's book: {len(book.entries)} puzzles on 6×9 in, bleed 3.175 mm")
    print(
        f"  {len(reader.pages)} pages of {_sizes(media)} mm; TrimBox {_sizes(trim)} mm, "
        f"{', '.join(map(str, sorted(inset)))} mm in; fonts embedded: {embedded}"
    )
    print(
        f"  rules pages: {rules}; export {result.seconds:.2f} s, "
        f"{target.stat().st_size / 1024:.0f} KiB"
    )
    print(
        f"  {'kind':<10} {'size':>6} {'puzzles':>8} {'a page':>7} {'cell mm':>8} "
        f"{'solution cell mm':>17}"
    )
    solutions = {placement.number: placement for placement in plan.solutions}
    on_page = Counter(placement.page for placement in plan.puzzles)
    groups: dict[tuple[str, tuple[int, int]], list[Placement]] = {}
    for placement in plan.puzzles:
        document = placement.entry.document
        groups.setdefault((document.kind, document.puzzle.shape), []).append(placement)
    for (kind, (height, width)), placed in groups.items():
        shares = {on_page[p.page] for p in placed}
        cells = {round(p.cell_mm, 2) for p in placed}
        solution_cells = {round(solutions[p.number].cell_mm, 2) for p in placed}
        print(
            f"  {kind:<10} {f'{width}×{height}':>6} {len(placed):>8} {_spread(shares):>7} "
            f"{_spread(cells):>8} {_spread(solution_cells):>17}"
        )


def _size_mm(box: RectangleObject) -> tuple[float, float]:
    return round(float(box.width) * MM_PER_POINT, 2), round(float(box.height) * MM_PER_POINT, 2)


def _sizes(found: set[tuple[float, float]]) -> str:
    return " / ".join(f"{width:.2f} × {height:.2f}" for width, height in sorted(found))


def _spread(values: set[float] | set[int]) -> str:
    ordered = sorted(values)
    return str(ordered[0]) if len(ordered) == 1 else f"{ordered[0]}–{ordered[-1]}"


def _fonts(page: PageObject) -> list[DictionaryObject]:
    fonts = page["/Resources"].get_object().get("/Font")
    return [] if fonts is None else [font.get_object() for font in fonts.get_object().values()]


def _embedded(font: DictionaryObject) -> bool:
    """Whether the font's program is in the PDF (a Type0 font's is in its descendant's)."""
    if font["/Subtype"] == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font["/FontDescriptor"].get_object()
    return any(name in descriptor for name in ("/FontFile", "/FontFile2", "/FontFile3"))


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
    press = issue_13_book(args.seed)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        export_table(book, args.out)
        press_table(press, args.out)
    else:
        with tempfile.TemporaryDirectory() as folder:
            export_table(book, Path(folder))
            press_table(press, Path(folder))
    del app


if __name__ == "__main__":
    main()
