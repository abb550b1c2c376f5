"""The limits and what lies beyond them: time, peak memory and the message of each case.

1. The hardest puzzle of each kind at its size limit (``KindSpec.max_side``): a random
   nonogram picture (about a quarter of its cells start runs), a random mosaic with a fifth of
   its clues shown, a blank Fobidoshi (nothing given); and for each kind with colours, a random
   picture in :data:`COLOURS` colours (half its cells background, the others a colour each at
   random). Each runs in a child process under a time limit, and again cancelled from another
   thread (what Esc does): how long past the limit or the cancel it took to stop, and the peak
   memory (the child's maximum resident set).
2. The hostile inputs of the issue, through the command line in a child process: time, peak
   memory, exit status and the one line printed; with colour images quantised
   (``import-image --colors 8``) at and beyond the image limit.
3. The window: opening a 10 000-puzzle book and a 200×200 grid, the longest gap between two
   ticks of a 10 ms timer on the GUI thread (how long the window froze) and the time to open.

Usage: ``QT_QPA_PLATFORM=offscreen python benchmarks/limits.py [--skip-window]`` (about
six minutes).
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
COLOURS = 5
"""Colours of the random colour pictures of part 1."""
SAILBOAT = ROOT / "resources" / "samples" / "sailboat.json"

# One child per case, so that each peak memory is its own.
_WORST = textwrap.dedent(
    """
    import sys, threading, time
    import numpy as np
    from studio.core.cancel import CancelToken
    from studio.core.kinds import document_of_picture, get_kind, new_document
    from studio.core.kinds.mosaic.puzzle import Mosaic
    from studio.core.palette import Palette
    from studio.core.sat.analysis import analyze
    from studio.core.verdict import describe

    kind, how, seconds, colours = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    side = get_kind(kind).spec.max_side
    rng = np.random.default_rng(1)
    if colours > 1:
        inks = rng.integers(1, colours + 1, (side, side), dtype=np.uint8)
        picture = np.where(rng.random((side, side)) < 0.5, inks, 0).astype(np.uint8)
        puzzle = document_of_picture(kind, picture, palette=Palette.default(colours)).puzzle
    elif kind == "nonogram":
        puzzle = document_of_picture(kind, rng.random((side, side)) < 0.5).puzzle
    elif kind == "mosaic":
        puzzle = Mosaic.from_picture(rng.random((side, side)) < 0.5, rng.random((side, side)) < 0.2)
    else:
        puzzle = new_document(kind, (side, side)).puzzle
    puzzle.validate()
    token = CancelToken(timeout=seconds if how == "time limit" else None)
    if how == "cancel":
        threading.Timer(seconds, token.cancel).start()
    started = time.perf_counter()
    analysis = analyze(puzzle, cancel=token)
    print(time.perf_counter() - started - seconds, describe(analysis), sep="\\t")
    """
)


def measured(argv: list[str], stdin: bytes | None = None) -> tuple[float, float, int, str, str]:
    """Run ``argv`` in a child; its wall seconds, peak MB, exit status, stdout and stderr. A
    fresh Python runs it and reports the peak: ``RUSAGE_CHILDREN`` is a running maximum over
    every child a process had, so each case needs a parent of its own."""
    wrapper = textwrap.dedent(
        """
        import os, resource, subprocess, sys, time
        started = time.perf_counter()
        done = subprocess.run(sys.argv[1:], input=sys.stdin.buffer.read() or None,
                              capture_output=True)
        seconds = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        sys.stderr.buffer.write(done.stderr)
        sys.stdout.write(f"{seconds}\\t{peak}\\t{done.returncode}\\n")
        sys.stdout.buffer.write(done.stdout)
        """
    )
    process = subprocess.run(
        [sys.executable, "-c", wrapper, *argv],
        input=stdin or b"",
        capture_output=True,
        cwd=ROOT,
        timeout=900,
    )
    head, _, out = process.stdout.decode().partition("\n")
    seconds, peak, status = head.split("\t")
    return float(seconds), float(peak), int(status), out, process.stderr.decode()


def worst_cases() -> None:
    print("1. The hardest puzzle of each kind at its size limit")
    header = ("kind", "size", "stopped by", "after s", "late ms", "peak MB")
    print("{:14} {:>8} {:>12} {:>8} {:>8} {:>8}  verdict".format(*header))
    from studio.core.kinds import KINDS

    cases = [(kind.spec, 1) for kind in KINDS]
    cases += [(kind.spec, COLOURS) for kind in KINDS if kind.spec.max_colours >= COLOURS]
    for spec, colours in cases:
        side = spec.max_side
        name = spec.name if colours == 1 else f"{spec.name} k={colours}"
        for how, seconds in (
            ("time limit", 1.0),
            ("time limit", 5.0),
            ("time limit", 15.0),
            ("cancel", 0.5),
            ("cancel", 2.0),
        ):
            _, peak, status, out, err = measured(
                [sys.executable, "-c", _WORST, spec.name, how, str(seconds), str(colours)]
            )
            if status != 0:
                print(f"{name:14} failed: {err.strip().splitlines()[-1:]}")
                continue
            late, verdict = out.strip().split("\t")
            print(
                f"{name:14} {f'{side}×{side}':>8} {how:>12} {seconds:8.1f} "
                f"{float(late) * 1000:8.0f} {peak:8.0f}  {verdict}"
            )
    print("(late: from the time limit or the cancel to the analysis returning; target ≤ 500 ms)")
    print()


def hostile_inputs(folder: Path) -> None:
    print("2. Hostile inputs through the command line")
    rng = random.Random(1)
    grid400 = folder / "grid400.txt"
    grid400.write_text("\n".join("".join(rng.choice("#.") for _ in range(400)) for _ in range(400)))
    line = folder / "line.txt"
    line.write_text("#" * 1_000_000)
    x10 = folder / "x.txt"
    x10.write_bytes(b"x" * (10 << 20))
    fifo = folder / "fifo.txt"
    os.mkfifo(fifo)
    huge = folder / "huge.png"
    from PIL import Image

    Image.new("1", (12000, 12000)).save(huge)
    huge_colour = folder / "huge-colour.png"
    Image.new("RGB", (12000, 12000), (250, 250, 250)).save(huge_colour)
    # The largest image accepted, in colour: 4096×4096 pixels, blocks of 16×16 in 20 colours
    # (a few hundred KB of PNG; random pixels would pass the 32 MB file limit).
    colours = np.random.default_rng(3).integers(0, 256, (20, 3), dtype=np.uint8)
    picked = np.random.default_rng(4).integers(0, 20, (256, 256))
    blocks = colours[picked].repeat(16, axis=0).repeat(16, axis=1)
    largest = folder / "largest-colour.png"
    Image.fromarray(blocks, "RGB").save(largest)
    studio = [sys.executable, "-m", "studio"]
    cases: list[tuple[str, list[str]]] = [
        ("random 400×400 grid (160 KB)", [*studio, "analyze", "--timeout", "30", str(grid400)]),
        ("one line of 1 000 000 '#'", [*studio, "analyze", "--timeout", "5", str(line)]),
        ("/dev/zero", [*studio, "analyze", "/dev/zero"]),
        ("a FIFO", [*studio, "analyze", str(fifo)]),
        ("a 10 MB line of 'x'", [*studio, "analyze", str(x10)]),
        ("a 12000×12000 PNG", [*studio, "import-image", str(huge)]),
        (
            "12000×12000 RGB, --colors 8",
            [*studio, "import-image", "--colors", "8", str(huge_colour)],
        ),
        (
            "4096×4096 RGB, --colors 8 → 200²",
            [
                *studio,
                "import-image",
                "--colors",
                "8",
                "--size",
                "200x200",
                str(largest),
                "-o",
                str(folder / "largest.json"),
            ],
        ),
        (
            "export --cell 100000",
            [*studio, "export", str(SAILBOAT), "-o", str(folder / "x.png"), "--cell", "100000"],
        ),
        (
            "export --cell 0",
            [*studio, "export", str(SAILBOAT), "-o", str(folder / "y.png"), "--cell", "0"],
        ),
    ]
    print(f"{'input':32} {'s':>6} {'peak MB':>8} {'exit':>5}  message")
    for name, argv in cases:
        seconds, peak, status, _, err = measured(argv)
        lines = err.strip().splitlines()
        shown = lines[0] if len(lines) == 1 else f"{len(lines)} lines: {lines[:1]}"
        if not lines and status == 0:
            shown = "(done, nothing to say)"
        shown = shown.replace(f"{folder}/", "")
        print(f"{name:32} {seconds:6.2f} {peak:8.0f} {status:5}  {shown}")
    print()


def window_cases(folder: Path) -> None:
    print("3. The window opening large files (longest freeze of the GUI thread)")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from studio.core.book import Book, BookEntry
    from studio.core.formats.book_json import save_book
    from studio.core.kinds import document_of_picture
    from studio.gui.edited import Choice
    from studio.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    rng = np.random.default_rng(0)
    pictures = [rng.random((15, 15)) < 0.5 for _ in range(10_000)]
    book = folder / "big.book.json"
    save_book(
        Book(
            entries=tuple(
                BookEntry(document_of_picture("nonogram", p), solution=p) for p in pictures
            )
        ),
        book,
    )
    grid = folder / "grid200.txt"
    grid.write_text("\n".join("".join(rng.choice(list("#."), 200)) for _ in range(200)))
    window = MainWindow()
    window.ask_save_changes = lambda: Choice.DISCARD  # type: ignore[method-assign]
    window.book.ask_save_changes = lambda: Choice.DISCARD  # type: ignore[method-assign]
    window.show()
    print(f"{'file':32} {'MB':>6} {'open s':>7} {'longest freeze ms':>18}")
    for name, path, opener in (
        ("a book of 10 000 15×15 puzzles", book, window.book.open_path),
        ("a random 200×200 grid", grid, window.open_path),
    ):
        ticks: list[float] = []
        timer = QTimer()
        timer.timeout.connect(lambda ticks=ticks: ticks.append(time.perf_counter()))
        timer.start(10)
        started = time.perf_counter()
        ticks.append(started)
        assert opener(path)
        ticks.append(time.perf_counter())
        timer.stop()
        gaps = [b - a for a, b in itertools.pairwise(ticks)]
        size = path.stat().st_size / (1 << 20)
        print(f"{name:32} {size:6.1f} {ticks[-1] - started:7.2f} {max(gaps) * 1000:18.0f}")
    window.analysis.shutdown()
    window.close()
    app.processEvents()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-window", action="store_true", help="leave out part 3")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        worst_cases()
        hostile_inputs(folder)
        if not args.skip_window:
            window_cases(folder)


if __name__ == "__main__":
    main()
