"""The command line against hostile input and a full disk: one line on standard error, exit 2,
nothing lost. Each case broke once (the issue "Nothing lost, nothing hangs").

Most run ``python -m studio`` in a child process, so that what reaches the terminal is seen
whole: Qt writes its warnings to the process's stderr, past Python's own streams.
"""

from __future__ import annotations

import contextlib
import os
import random
import resource
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from studio.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
BOOK = SAMPLES / "sampler.book.json"
SAILBOAT = SAMPLES / "sailboat.json"


def studio(
    *argv: str, stdin: bytes | None = None, limit_file_bytes: int | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m studio argv`` in a child process (with a file-size limit, if given)."""

    def limit() -> None:
        if limit_file_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_bytes, limit_file_bytes))

    return subprocess.run(
        [sys.executable, "-m", "studio", *argv],
        input=None if stdin is None else stdin.decode(),
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def one_error(completed: subprocess.CompletedProcess[str]) -> str:
    """The one line a failed command printed, checked to be all it printed on stderr."""
    assert completed.returncode == 2, completed.stderr
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("studio: error: ")
    return lines[0].removeprefix("studio: error: ")


# Bounded input ------------------------------------------------------------------------------


def test_a_grid_beyond_the_size_limit_is_refused_before_the_work(tmp_path: Path) -> None:
    """A random 400×400 grid once ran 46 s to 7.3 GB and died with a MemoryError traceback."""
    rng = random.Random(1)
    path = tmp_path / "grid400.txt"
    path.write_text("\n".join("".join(rng.choice("#.") for _ in range(400)) for _ in range(400)))
    message = one_error(studio("analyze", "--timeout", "30", str(path)))
    assert message == f"{path}: 400×400 is more than the 200×200 cells a nonogram may have"


def test_a_line_of_a_million_cells_is_refused_at_once(tmp_path: Path) -> None:
    """One line of 1 000 000 '#' once hung past --timeout 5 in the line solver."""
    path = tmp_path / "line.txt"
    path.write_text("#" * 1_000_000)
    message = one_error(studio("analyze", "--timeout", "5", str(path)))
    assert message.endswith("1000000×1 is more than the 200×200 cells a nonogram may have")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_not_read(device: str) -> None:
    """/dev/zero was read until memory ran out."""
    assert one_error(studio("analyze", device)) == f"{device}: not a regular file"


def test_a_fifo_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    assert one_error(studio("analyze", str(fifo))) == f"{fifo}: not a regular file"


def test_a_file_larger_than_a_puzzle_is_refused_by_its_size(tmp_path: Path) -> None:
    """A 10 MB line of 'x' took 19 s and 1.2 GB before its error."""
    path = tmp_path / "x.txt"
    path.write_bytes(b"x" * (10 << 20))
    message = one_error(studio("analyze", str(path)))
    assert message == f"{path}: 10.0 MB, more than the 4 MB a puzzle file may be"


def test_dash_is_standard_input() -> None:
    """'-' was read as a 1×1 Fobidoshi written in Janko's text."""
    completed = studio("analyze", "-", stdin=b"5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1\n")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("standard input: Unique · line-solvable")
    completed = studio("solve", "--kind", "mosaic", "-", stdin=b"#")
    assert one_error(completed) == "standard input: expected a mosaic, found a nonogram"


def test_a_closed_pipe_ends_quietly() -> None:
    """``studio analyze --json MANY | head -c 100`` printed a BrokenPipeError traceback."""
    child = subprocess.Popen(
        [sys.executable, "-m", "studio", "analyze", "--json", *["1x1:1/1"] * 3000],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    assert child.stderr is not None
    assert child.stdout.read(100).startswith(b'{"input":"1x1:1/1"')
    child.stdout.close()  # as head does once it has its 100 bytes
    error = child.stderr.read()
    assert child.wait(timeout=60) == 141
    assert error == b""


def test_a_huge_image_is_one_line(tmp_path: Path) -> None:
    """A 12000×12000 PNG printed Pillow's DecompressionBombWarning (two lines) first."""
    path = tmp_path / "huge.png"
    Image.new("1", (12000, 12000)).save(path)
    message = one_error(studio("import-image", str(path)))
    assert message == (
        f"{path}: image is 12000x12000 pixels, more than the 16777216 pixels that can be imported"
    )


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("100000", "--cell 100000: the image would be 2 000 000 px wide; at most 16 384"),
        ("0", "argument --cell: expected a cell size of at least 1, got '0'"),
        ("nan", "argument --cell: expected a cell size of at least 1, got 'nan'"),
    ],
)
def test_an_image_size_out_of_range_is_refused_up_front(
    tmp_path: Path, cell: str, message: str
) -> None:
    """--cell 100000 printed 38 lines of QPainter warnings; --cell 0 wrote a 1×1 PNG."""
    target = tmp_path / "x.png"
    assert one_error(studio("export", str(SAILBOAT), "-o", str(target), "--cell", cell)).startswith(
        message
    )
    assert not target.exists()


def test_running_out_of_memory_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def greedy(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr("studio.core.analysis_batch.analyze", greedy)  # where analyze runs it
    assert main(["analyze", "1x1:1/1"]) == 2
    assert capsys.readouterr().err == "studio: error: not enough memory for this input\n"


# Books ----------------------------------------------------------------------------------------


def test_an_empty_book_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.book.json"
    path.write_text('{"format": "puzzle-studio-book", "version": 1, "layout": {}, "puzzles": []}')
    assert main(["export-book", str(path), "-o", str(tmp_path / "x.pdf")]) == 2
    assert capsys.readouterr().err == f"studio: error: {path}: the book holds no puzzles\n"


# A full disk ----------------------------------------------------------------------------------


@dataclass
class FullDisk:
    """A folder where writes fail for want of room, the reason the system gives, and the
    file-size limit to run the child with when the folder itself is not full."""

    folder: Path
    reason: str
    limit_file_bytes: int | None


@contextlib.contextmanager
def _tmpfs(root: Path) -> Iterator[Path | None]:
    """A 4 MB tmpfs at ``root`` when this process may mount one (root in a container that
    allows it), else ``None``."""
    root.mkdir()
    mounted = (
        os.geteuid() == 0
        and shutil.which("mount") is not None
        and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(root)], capture_output=True
        ).returncode
        == 0
    )
    try:
        yield root if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(root)], check=True)


@pytest.fixture(params=["tmpfs", "file-size limit"])
def full_disk(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[FullDisk]:
    """A real full disk, two ways: a 4 MB tmpfs, filled by the test once its old file is in
    place (where this process may mount one: root, as CI runs); and the kernel's file-size
    limit (RLIMIT_FSIZE) in the child, which refuses the write just as hard. Both are the
    system refusing the bytes: no mock."""
    if request.param == "file-size limit":
        yield FullDisk(tmp_path, "File too large", 1024)
        return
    with _tmpfs(tmp_path / "tmpfs") as mounted:
        if mounted is None:
            pytest.skip("this user may not mount a tmpfs (the file-size limit case still runs)")
        yield FullDisk(mounted, "No space left on device", None)


def fill(folder: Path) -> None:
    """Fill the file system of ``folder`` to its last block."""
    with contextlib.suppress(OSError), open(folder / "filler", "ab", buffering=0) as out:
        while True:
            out.write(b"\0" * 1024)


@pytest.mark.parametrize(
    ("command", "name", "what"),
    [
        (["export-book", str(BOOK)], "book.pdf", "the PDF"),
        (["export", str(SAILBOAT)], "sailboat.png", "the PNG"),
        (["export", str(SAILBOAT)], "sailboat.svg", "the SVG"),
        (["export", str(SAILBOAT)], "sailboat.pdf", "the PDF"),
        (["convert", str(SAILBOAT)], "sailboat.json", "the puzzle"),
    ],
)
def test_a_full_disk_keeps_the_old_file_and_says_so(
    full_disk: FullDisk, command: list[str], name: str, what: str
) -> None:
    """On a full disk `export-book` said "6 pages", exit 0, and left a 4 KB book.pdf without
    %%EOF; image exports left 0-byte files."""
    target = full_disk.folder / name
    old = b"%PDF-1.4 the complete old file %%EOF\n" * 16  # 608 bytes: it fits, a new one does not
    target.write_bytes(old)
    if full_disk.limit_file_bytes is None:
        fill(full_disk.folder)
    completed = studio(*command, "-o", str(target), limit_file_bytes=full_disk.limit_file_bytes)
    assert one_error(completed) == f"{target}: cannot write {what}: {full_disk.reason}"
    assert target.read_bytes() == old, "the old file is untouched, byte for byte"
    assert sorted(p.name for p in full_disk.folder.iterdir()) == sorted(
        {name, *(["filler"] if full_disk.limit_file_bytes is None else [])}
    ), "no temporary file is left behind"
