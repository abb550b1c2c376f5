"""The one way the studio reads and writes files: bounded reads, verified atomic writes.

Reading (:func:`read_bytes`, :func:`read_stream`): only a regular file is opened (a device such
as ``/dev/zero``, a FIFO or a socket is refused before anything is read, so nothing blocks or
reads forever), and never more than a stated limit (:data:`PUZZLE_FILE_LIMIT`,
:data:`BOOK_FILE_LIMIT`, :data:`IMAGE_FILE_LIMIT`): a larger file is refused before the work.

Writing (:func:`write_bytes`, :func:`write_text`): the caller renders the whole file to memory
first (drawings too: PDF, PNG and SVG are drawn into a buffer), then the bytes go to a
temporary file beside the target (same file system, so the rename is atomic), are fsync'ed, the
temporary file's size is checked against the bytes, and only then does it replace the target
(:func:`os.replace`). A short or failed write — a full disk, a quota, a file-size limit — keeps
the old file byte for byte, leaves no temporary file, and is reported in one line naming the
file, what was written and why (``book.pdf: cannot write the PDF: No space left on device``).
Trusting a writer that reports success after ``ENOSPC`` (Qt's ``QPainter.end()`` does) once
replaced good PDFs with truncated ones; this module exists so that cannot happen again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO

from studio.core.errors import FormatError, StudioError

MB = 1 << 20

PUZZLE_FILE_LIMIT = 4 * MB
"""The largest puzzle file read. The largest puzzle within the limits in the most verbose
format, a random 200×200 nonogram as webpbn XML, is 0.37 MB; at this size the slowest
reader refuses the worst text in under 3 s (``benchmarks/limits.py``)."""

BOOK_FILE_LIMIT = 64 * MB
"""The largest book file read: 10 000 15×15 puzzles with their solutions take about 30 MB."""

IMAGE_FILE_LIMIT = 32 * MB
"""The largest image file read (the pixel count is checked too, from the image's header)."""

NEW_FILE_MODE = 0o644
"""Permission bits of a file written where there was none (an existing file keeps its own)."""


def read_bytes(path: str | os.PathLike[str], *, limit: int, what: str) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Args:
        limit: the largest size accepted, in bytes.
        what: what the file is, for the message, e.g. ``"a puzzle file"``.

    Raises:
        FormatError: with the path as ``source``, for a missing file, a folder, anything that is
            not a regular file (a device, a FIFO, a socket: refused without reading), a file
            larger than ``limit`` (``10.0 MB, more than the 4 MB a puzzle file may be``), or
            one that cannot be read.
    """
    source = os.fspath(path)
    try:
        # Non-blocking, so that a FIFO put in place after a check could not block the open;
        # the checks are on the open descriptor, so nothing can be swapped in between.
        fd = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FormatError("no such file", source=source) from None
    except IsADirectoryError:
        raise FormatError("is a folder, not a file", source=source) from None
    except OSError as error:
        raise FormatError(f"cannot read the file: {_reason(error)}", source=source) from None
    try:
        status = os.fstat(fd)
        if stat.S_ISDIR(status.st_mode):
            raise FormatError("is a folder, not a file", source=source)
        if not stat.S_ISREG(status.st_mode):
            raise FormatError("not a regular file", source=source)
        check_size(status.st_size, limit, what, source)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as stream:
        try:
            return read_stream(stream, limit=limit, what=what, source=source)
        except OSError as error:
            raise FormatError(f"cannot read the file: {_reason(error)}", source=source) from None


def read_stream(stream: BinaryIO, *, limit: int, what: str, source: str) -> bytes:
    """Everything ``stream`` holds (standard input, say), refused past ``limit`` bytes.

    Raises:
        FormatError: with ``source``, when the stream holds more than ``limit`` bytes (found
            after reading ``limit + 1`` at most).
    """
    data = stream.read(limit + 1)
    check_size(len(data), limit, what, source, known=False)
    return data


def write_bytes(path: str | os.PathLike[str], data: bytes, *, what: str) -> None:
    """Replace the file at ``path`` with ``data``, atomically and verified.

    A symbolic link is followed: the file it points to is replaced and the link kept. An
    existing file keeps its permission bits; a new one gets :data:`NEW_FILE_MODE`. Only a
    regular file is replaced: a device, a FIFO or a socket at ``path`` is refused, as reading
    refuses them (a rename would put a plain file in the place of ``/dev/null``).

    Args:
        what: what is written, for the message, e.g. ``"the PDF"``.

    Raises:
        StudioError: ``<path>: cannot write <what>: <reason>`` when anything fails (the folder
            is missing or read-only, the disk is full, the file came out short, ``path`` is
            not a regular file); the old file is then untouched and no temporary file is left
            behind.
    """
    target = Path(os.path.realpath(path))
    try:
        _refuse_special(target)
        _replace(target, data)
    except OSError as error:
        raise StudioError(f"{os.fspath(path)}: cannot write {what}: {_reason(error)}") from error


def write_text(path: str | os.PathLike[str], text: str, *, what: str) -> None:
    """:func:`write_bytes` of ``text`` in UTF-8, its ``"\\n"`` written as they are.

    Raises:
        StudioError: as :func:`write_bytes`, and for text that cannot be encoded (a lone
            surrogate); nothing is written then.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise StudioError(f"{os.fspath(path)}: cannot write {what}: {error.reason}") from error
    write_bytes(path, data, what=what)


def _refuse_special(target: Path) -> None:
    """Raise unless ``target`` is a regular file or is not there yet."""
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    if stat.S_ISDIR(mode):
        raise OSError(errno.EISDIR, "is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file")


def _replace(target: Path, data: bytes) -> None:
    mode = _mode_of(target)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    temporary = Path(name)
    try:
        with os.fdopen(fd, "wb", buffering=0) as out:
            view = memoryview(data)
            while view:
                written = out.write(view)
                if not written:  # a raw write that takes nothing will never take the rest
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                view = view[written:]
            os.fsync(out.fileno())
        size = temporary.stat().st_size
        if size != len(data):
            raise OSError(errno.EIO, f"the file came out {size} bytes long, not {len(data)}")
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(target.parent)


def check_size(size: int, limit: int, what: str, source: str, *, known: bool = True) -> None:
    """Refuse ``size`` bytes past ``limit``, before any work on them; ``known``: the exact size
    is known (from the file system, a pasted text), not only that it is larger (a stream read up
    to ``limit + 1``).

    Raises:
        FormatError: with ``source``, e.g. ``10.0 MB, more than the 4 MB a puzzle file may be``.
    """
    if size > limit:
        found = f"{size / MB:.1f} MB, more" if known and size >= MB else "more"
        raise FormatError(f"{found} than the {_amount(limit)} {what} may be", source=source)


def _amount(size: int) -> str:
    return f"{size / MB:g} MB" if size >= MB else f"{size} bytes"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


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
