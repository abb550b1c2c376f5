"""Checks of the built desktop app, ``dist/puzzle-studio/puzzle-studio`` (``make dist``), run
headless (``QT_QPA_PLATFORM=offscreen``) in a scratch folder.

``make dist-check`` (part of ``make test``) builds the bundle when the sources changed and
runs them all: ``python -m tests.packaging.dist_checks [EXE]``, exit 1 if one fails, 2 if there
is no bundle.

Each check is a function ``check_*(executable, workdir)`` that raises :class:`DistCheckError`
with what went wrong; :data:`CHECKS` lists them in order.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import studio

REPO = Path(__file__).resolve().parents[2]
EXECUTABLE = REPO / "dist" / "puzzle-studio" / "puzzle-studio"
SAMPLE = REPO / "resources" / "samples" / "sailboat.json"

# Tatham's generator made this one (../shared/data/nonogram, tatham:5x5-01): unique and
# line-solvable, with this solution.
GAME_ID = "5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1"
SOLUTION = ["###.#", "#...#", "..##.", "...##", ".#.#."]

COMMAND_TIMEOUT = 120.0  # seconds; generous, for a first start from a cold disk cache
WINDOW_SECONDS = 3.0  # how long the window must stay up before it is closed


class DistCheckError(AssertionError):
    """The bundle failed a check; the message says how."""


Check = Callable[[Path, Path], None]


def run(
    executable: Path, workdir: Path, *args: str, status: int = 0
) -> subprocess.CompletedProcess[str]:
    """``executable args`` in ``workdir``, offscreen; the finished process.

    Raises:
        DistCheckError: if it exits with another status than ``status`` or outlives
            COMMAND_TIMEOUT.
    """
    try:
        done = subprocess.run(
            [str(executable), *args],
            cwd=workdir,
            env=offscreen_env(workdir),
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise DistCheckError(f"{' '.join(args)}: still running after {error.timeout} s") from None
    if done.returncode != status:
        raise DistCheckError(
            f"{' '.join(args)}: exit status {done.returncode}\n{done.stdout}{done.stderr}"
        )
    return done


def offscreen_env(workdir: Path) -> dict[str, str]:
    """This environment with Qt drawing offscreen, no display to find, and the studio's settings
    and state in ``workdir`` (the user's recent files stay as they are, and unsaved work that a
    killed studio of the user's left behind is not offered in a dialog no one would answer)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PUZZLE_STUDIO_CONFIG_DIR"] = str(workdir / "config")
    env["PUZZLE_STUDIO_STATE_DIR"] = str(workdir / "state")
    return env


# ---------------------------------------------------------------------------------------------
# The checks


def check_version(executable: Path, workdir: Path) -> None:
    """``--version`` names this source tree's version."""
    out = run(executable, workdir, "--version").stdout.strip()
    if out != f"studio {studio.__version__}":
        raise DistCheckError(f"--version printed {out!r}, expected 'studio {studio.__version__}'")


def check_analyze_json(executable: Path, workdir: Path) -> None:
    """``analyze --json`` on a game ID: one JSON object, unique, with the known solution (the
    SAT solver from python-sat's compiled ``pysolvers`` and the line solver both ran)."""
    out = run(executable, workdir, "analyze", "--json", GAME_ID).stdout
    lines = out.splitlines()
    if len(lines) != 1:
        raise DistCheckError(f"analyze --json printed {len(lines)} lines, expected 1:\n{out}")
    record = json.loads(lines[0])
    expected = {"input": GAME_ID, "status": "unique", "solution": SOLUTION, "line_solvable": True}
    wrong = {key: record.get(key) for key, value in expected.items() if record.get(key) != value}
    if wrong:
        raise DistCheckError(f"analyze --json: got {wrong}, expected {expected}")


def check_analyze_sample(executable: Path, workdir: Path) -> None:
    """``analyze`` on the sample studio document: unique and line-solvable."""
    out = run(executable, workdir, "analyze", str(SAMPLE)).stdout
    if "Unique · line-solvable" not in out:
        raise DistCheckError(f"analyze {SAMPLE.name}: {out!r} is not 'Unique · line-solvable'")


def check_generate_on_processes(executable: Path, workdir: Path) -> None:
    """``generate --jobs 2`` (a spawned process pool: each worker starts the executable again)
    makes the same unique puzzles as ``--jobs 1``; the clue-statistics strategy reads the
    bundled ``studio/resources/clue_statistics.json``."""

    def generate(jobs: str) -> list[dict[str, object]]:
        args = ["generate", "--size", "8x8", "--strategy", "clue-stats", "--count", "3"]
        # --pool-after 0: the pool starts after the first puzzle however fast it came.
        options = ("--seed", "7", "--jobs", jobs, "--pool-after", "0", "--json")
        out = run(executable, workdir, *args, *options).stdout
        return [json.loads(line) for line in out.splitlines()]

    runs = [generate("1"), generate("2")]
    solutions = [[record.get("solution") for record in records] for records in runs]
    if len(runs[0]) != 3 or None in solutions[0] or solutions[0] != solutions[1]:
        raise DistCheckError(f"generate: --jobs 1 made {solutions[0]}, --jobs 2 {solutions[1]}")
    if any(record.get("status") != "unique" for record in runs[0]):
        raise DistCheckError(f"generate: not all unique: {runs[0]}")


def check_scheduler_needs_dask(executable: Path, workdir: Path) -> None:
    """The app leaves Dask out: ``generate --scheduler`` says in one line how to get it, and
    exits 2."""
    args = ("generate", "--size", "5x5", "--scheduler", "tcp://127.0.0.1:8786")
    err = run(executable, workdir, *args, status=2).stderr
    expected = "studio: error: --scheduler needs Dask: pip install 'puzzle-studio[cluster]'\n"
    if err != expected:
        raise DistCheckError(f"generate --scheduler: stderr {err!r}, expected {expected!r}")


def check_export_images(executable: Path, workdir: Path) -> None:
    """``export`` draws with Qt offscreen: a PNG, and an SVG (QtSvg's generator)."""
    for name, magic in (("puzzle.png", b"\x89PNG\r\n\x1a\n"), ("puzzle.svg", b"<svg")):
        run(executable, workdir, "export", GAME_ID, "-o", name)
        if magic not in (workdir / name).read_bytes()[:4096]:
            raise DistCheckError(f"export -o {name}: the file does not hold {magic!r}")


def check_export_book(executable: Path, workdir: Path) -> None:
    """``generate --book`` then ``export-book``: a book of four puzzles as a print-ready PDF
    (Qt's PDF writer and fonts, and pypdf for the print boxes, in the bundle): title page,
    contents, rules page, puzzles, solutions, a TrimBox on the pages."""
    book = workdir / "four.book.json"
    run(executable, workdir, "generate", "--size", "10x10", "--count", "4", "--book", str(book))
    argv = ("export-book", str(book), "-o", "four.pdf", "--page-size", "6x9", "--bleed", "3.175")
    out = run(executable, workdir, *argv).stdout
    pdf = (workdir / "four.pdf").read_bytes()
    if not pdf.startswith(b"%PDF") or b"/TrimBox" not in pdf or "4 puzzles" not in out:
        raise DistCheckError(f"export-book: {out!r}, the file starts {pdf[:8]!r}")


def check_window_starts(executable: Path, workdir: Path) -> None:
    """``gui SAMPLE`` opens the window offscreen (Qt's platform, image-format and SVG plugins
    load at start) and quits cleanly WINDOW_SECONDS later."""
    run(executable, workdir, "gui", str(SAMPLE), "--quit-after", str(int(WINDOW_SECONDS * 1000)))


CHECKS: tuple[Check, ...] = (
    check_version,
    check_analyze_json,
    check_analyze_sample,
    check_generate_on_processes,
    check_scheduler_needs_dask,
    check_export_images,
    check_export_book,
    check_window_starts,
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every check on the executable ``argv[0]`` (default :data:`EXECUTABLE`); print one line
    per check and a summary; return 0 if all passed, 1 if any failed, 2 if there is no bundle."""
    args = list(sys.argv[1:] if argv is None else argv)
    executable = Path(args[0]).resolve() if args else EXECUTABLE
    if not os.access(executable, os.X_OK):
        print(f"dist-check: no executable {executable}: run make dist first", file=sys.stderr)
        return 2
    failed = 0
    for check in CHECKS:
        with tempfile.TemporaryDirectory(prefix="dist-check-") as workdir:
            started = time.monotonic()
            try:
                check(executable, Path(workdir))
            except DistCheckError as error:
                failed += 1
                print(f"FAIL {check.__name__}: {error}", flush=True)
                continue
            print(f"ok   {check.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
    print(f"{len(CHECKS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
