"""The one file path: bounded reads of regular files only, verified atomic writes that keep the
old file on any failure (faults injected, and a real file-size limit in a child process)."""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from studio.core import files
from studio.core.errors import FormatError, StudioError


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# Writing --------------------------------------------------------------------------------------


def test_writes_utf8_text_with_newlines_untranslated(tmp_path: Path) -> None:
    target = tmp_path / "heart.txt"
    files.write_text(target, "Türme\n#.#\n", what="the puzzle")
    assert target.read_bytes() == "Türme\n#.#\n".encode()
    assert os.listdir(tmp_path) == ["heart.txt"]


def test_a_new_file_gets_the_default_mode(tmp_path: Path) -> None:
    target = tmp_path / "new.txt"
    files.write_bytes(target, b"x", what="the puzzle")
    assert _mode(target) == files.NEW_FILE_MODE


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "private.json"
    target.write_text("old")
    target.chmod(0o600)
    files.write_text(str(target), "new", what="the puzzle")
    assert target.read_text() == "new"
    assert _mode(target) == 0o600


@pytest.mark.parametrize("failing", ["replace", "fsync", "chmod"])
def test_a_failure_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "puzzle.json"
    target.write_text("old puzzle")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(
        StudioError, match=r"puzzle\.json: cannot write the puzzle: No space left on device$"
    ):
        files.write_text(target, "new puzzle", what="the puzzle")
    monkeypatch.undo()
    assert target.read_text() == "old puzzle"
    assert os.listdir(tmp_path) == ["puzzle.json"]


class _ShortWrites(io.FileIO):
    """A file whose raw writes take at most ``step`` bytes, then (after ``room`` bytes) none:
    what a file system that fills up mid-write does to a writer that ignores the count."""

    step = 3
    room = 10

    def write(self, data: object) -> int:
        taken = min(self.step, self.room - self.tell(), len(memoryview(data)))  # type: ignore[arg-type]
        return super().write(memoryview(data)[: max(taken, 0)])  # type: ignore[arg-type]


def test_partial_writes_are_completed_and_a_write_that_takes_nothing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fdopen = os.fdopen
    monkeypatch.setattr(
        os,
        "fdopen",
        lambda fd, mode, buffering=-1: (
            _ShortWrites(fd, "wb", closefd=True)
            if "w" in mode
            else real_fdopen(fd, mode, buffering)
        ),
    )
    target = tmp_path / "small.txt"
    files.write_bytes(target, b"0123456789", what="the puzzle")  # ten bytes, three at a time
    assert target.read_bytes() == b"0123456789"
    with pytest.raises(StudioError, match="No space left on device"):
        files.write_bytes(target, b"more than ten bytes", what="the puzzle")
    assert target.read_bytes() == b"0123456789"
    assert os.listdir(tmp_path) == ["small.txt"]


def test_a_short_file_is_caught_before_it_replaces_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that claims success but leaves fewer bytes on disk (seen with full disks and
    network file systems) is found by the size check."""
    target = tmp_path / "book.pdf"
    target.write_bytes(b"%PDF old %%EOF")
    real_fsync = os.fsync

    def truncate_then_sync(fd: int) -> None:
        os.ftruncate(fd, 4)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", truncate_then_sync)
    with pytest.raises(StudioError, match="came out 4 bytes long, not 16"):
        files.write_bytes(target, b"%PDF new... %%EOF"[:16], what="the PDF")
    monkeypatch.undo()
    assert target.read_bytes() == b"%PDF old %%EOF"
    assert os.listdir(tmp_path) == ["book.pdf"]


def test_text_that_cannot_be_encoded_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "puzzle.txt"
    target.write_text("old")
    with pytest.raises(StudioError, match="cannot write the puzzle: surrogates not allowed"):
        files.write_text(target, "bad \ud800", what="the puzzle")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["puzzle.txt"]


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    files.write_text(link, "new", what="the puzzle")
    assert link.is_symlink()
    assert real.read_text() == "new"


def test_a_fifo_is_not_replaced_by_a_file(tmp_path: Path) -> None:
    """A rename would put a plain file where the FIFO was (or, as root, where /dev/null was):
    the write is refused and the FIFO stays, through a symbolic link too."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    for path in (fifo, link):
        with pytest.raises(
            StudioError, match=r"\.json: cannot write the puzzle: not a regular file$"
        ):
            files.write_text(path, "{}", what="the puzzle")
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert sorted(os.listdir(tmp_path)) == ["link.json", "pipe.json"]


def test_a_folder_is_not_written_over(tmp_path: Path) -> None:
    (tmp_path / "book").mkdir()
    with pytest.raises(StudioError, match=r"book: cannot write the PDF: is a folder, not a file$"):
        files.write_bytes(tmp_path / "book", b"%PDF", what="the PDF")
    assert os.listdir(tmp_path) == ["book"]


def test_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(StudioError, match=r"x\.txt: cannot write the puzzle: No such file"):
        files.write_text(tmp_path / "nowhere" / "x.txt", "x", what="the puzzle")
    assert os.listdir(tmp_path) == []


_CHILD = textwrap.dedent(
    """
    import resource, sys
    from studio.core import files
    from studio.core.errors import StudioError
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    try:
        files.write_bytes(sys.argv[1], b"n" * 10_000, what="the PDF")
    except StudioError as error:
        print(error)
    """
)


def test_a_real_file_size_limit_keeps_the_old_file(tmp_path: Path) -> None:
    """The kernel refuses the write past 4 KB (RLIMIT_FSIZE, in a child process): no mock."""
    target = tmp_path / "book.pdf"
    target.write_bytes(b"o" * 5000)
    child = subprocess.run(
        [sys.executable, "-c", _CHILD, str(target)], capture_output=True, text=True, check=True
    )
    assert child.stdout.strip() == f"{target}: cannot write the PDF: File too large"
    assert target.read_bytes() == b"o" * 5000
    assert os.listdir(tmp_path) == ["book.pdf"]


# Reading --------------------------------------------------------------------------------------


def _read(path: str | Path, limit: int = 100) -> bytes:
    return files.read_bytes(path, limit=limit, what="a puzzle file")


def test_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes(b"#.#\n")
    assert _read(path) == b"#.#\n"


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_bytes(b"#" * (10 * files.MB + 1))
    with pytest.raises(FormatError) as caught:
        files.read_bytes(path, limit=8 * files.MB, what="a puzzle file")
    assert str(caught.value) == f"{path}: 10.0 MB, more than the 8 MB a puzzle file may be"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_not_read(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} is missing on this system")
    with pytest.raises(FormatError, match=f"^{device}: not a regular file$"):
        _read(device)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(FormatError, match=r"pipe\.txt: not a regular file$"):
        _read(fifo)


@pytest.mark.parametrize(
    ("name", "message"), [("missing.txt", "no such file"), ("", "is a folder, not a file")]
)
def test_missing_files_and_folders(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(FormatError, match=f"{message}$"):
        _read(tmp_path / name)


def test_a_stream_is_read_up_to_the_limit() -> None:
    assert files.read_stream(io.BytesIO(b"abc"), limit=3, what="input", source="-") == b"abc"
    with pytest.raises(FormatError, match=r"^standard input: more than the 3 bytes input may be$"):
        files.read_stream(io.BytesIO(b"abcd"), limit=3, what="input", source="standard input")


def test_a_file_that_grows_past_its_stated_size_is_still_bounded(tmp_path: Path) -> None:
    """/proc files say they are empty and are not: the read itself stops at the limit."""
    proc = Path("/proc/self/status")
    if not proc.exists():
        pytest.skip("no /proc here")
    assert proc.stat().st_size == 0
    with pytest.raises(FormatError, match="more than the 10 bytes a puzzle file may be"):
        _read(proc, limit=10)
