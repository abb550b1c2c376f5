"""Atomic file writes: a crash, a full disk or a failed write never leaves a half-written puzzle.

The text goes to a temporary file in the target's directory (same file system, so the final
rename is atomic), is flushed and fsync'ed, and only then replaces the target with
:func:`os.replace`. Until that moment the old file is untouched; after it, the new one is
complete. On any failure the temporary file is removed and the error propagates.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

NEW_FILE_MODE = 0o644


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` encoded as UTF-8, atomically.

    Raises:
        OSError: if the directory cannot be written or the disk is full; the target is then
            unchanged and no temporary file is left behind.
        UnicodeEncodeError: if ``text`` holds a lone surrogate; likewise nothing changes.
    """
    # newline="": the text's "\n" are written as they are, on every system.
    with replacing(path) as temporary, open(temporary, "w", encoding="utf-8", newline="") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary file beside ``path`` to write the new file into; when the block ends
    without an error it replaces ``path`` atomically (for writers that want a file name, such
    as Qt's PDF and image writers).

    A symbolic link is followed: the file it points to is replaced and the link kept. An
    existing file keeps its permission bits; a new one gets :data:`NEW_FILE_MODE`. The
    temporary file is hidden and ends in the target's extension, so that writers choosing a
    format by extension choose the same.

    Raises:
        OSError: if the directory cannot be written; on any error in the block the target is
            unchanged and the temporary file is removed.
    """
    target = Path(os.path.realpath(path))
    mode = _mode_of(target)
    handle, name = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=target.suffix
    )
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(target.parent)


def _mode_of(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return NEW_FILE_MODE


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable; not every system can open a directory (Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
