"""Unsaved work kept while the studio runs, and found again after it ended without closing.

The window keeps a copy of each document and of the book while they have unsaved changes
(:class:`Session`), and a clean exit removes the copies. When the studio is killed, crashes or
the machine loses power, the copies stay, and the next start offers them back
(:func:`left_behind`).

Each running studio keeps its copies in a folder of its own under the recovery folder and holds
an exclusive lock (``flock``) on a file in it while it runs. The kernel releases the lock when
the process ends, however it ends, so a folder whose lock can be taken belongs to a studio that
is gone, and its copies are the work to offer back. A second studio running beside the first
finds the first's folder locked and leaves it alone; of two starting at once, one takes the
copies and the other does not see them.

A copy is one JSON file: what the work was called, its file (where Save writes, or the file in
another format it was read from), and the studio document or book as Save would write it. It is
written through the studio's one verified path (:func:`studio.core.files.write_text`), so a
copy is either whole or the one before it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from studio.core import files
from studio.core.book import Book
from studio.core.contract.json_fields import field, typed
from studio.core.document import Document
from studio.core.errors import FormatError, StudioError
from studio.core.formats import book_json, decode, studio_json

MARKER = "puzzle-studio-unsaved"
VERSION = 1
LOCK = "lock"
"""The file a running studio holds locked in its folder."""
COPY_LIMIT = 2 * files.BOOK_FILE_LIMIT
"""The largest copy read back: a book file, its text escaped as a JSON string."""


@dataclass(frozen=True)
class Unsaved:
    """A document or book with unsaved changes, as the window shows it.

    Attributes:
        value: the document or the book.
        name: what the window calls it (its tab, "Untitled 2").
        path: the studio file Save writes it to, if it has one.
        source: the file in another format it was read from, if any (Save asks where to save).
    """

    value: Document | Book
    name: str
    path: Path | None = None
    source: Path | None = None


@dataclass(frozen=True, eq=False)
class Copy:
    """A copy left behind: the file it is kept in, and the work (each copy is itself alone:
    two copies of the same work are two)."""

    file: Path
    unsaved: Unsaved

    @property
    def kept_at(self) -> float:
        """When the copy was last written, in seconds since the epoch."""
        return self.file.stat().st_mtime


class Session:
    """The copies this studio keeps, in a folder of its own under ``root``, locked while it
    runs.

    Raises:
        StudioError: when the folder cannot be made or locked (the window then runs without
            keeping copies, and says so).
    """

    def __init__(self, root: Path) -> None:
        try:
            root.mkdir(parents=True, exist_ok=True)
            self.folder = Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=root))
            self._lock: IO[str] | None = _locked(self.folder / LOCK)
        except OSError as error:
            raise StudioError(_cannot(root, "keep copies of unsaved work", error)) from error
        if self._lock is None:
            raise StudioError(f"{self.folder}: cannot keep copies of unsaved work: locked")

    def keep(self, slot: str, unsaved: Unsaved) -> None:
        """Write the copy of ``unsaved`` called ``slot`` (one per document: a later copy of the
        same slot replaces the earlier).

        Raises:
            StudioError: when it cannot be written (the copy before, if any, is kept).
        """
        files.write_text(self.folder / f"{slot}.json", _text(unsaved), what="the copy")

    def drop(self, slot: str) -> None:
        """Remove the copy called ``slot``, if any: its work was saved, discarded or undone.
        A copy that cannot be removed stays, to be offered by the next start: nothing is lost."""
        with contextlib.suppress(OSError):
            (self.folder / f"{slot}.json").unlink(missing_ok=True)

    def end(self) -> None:
        """Remove every copy and the folder: the studio closes with nothing unsaved."""
        shutil.rmtree(self.folder, ignore_errors=True)
        if self._lock is not None:
            self._lock.close()
            self._lock = None


class LeftBehind:
    """The copies of studios that ended without closing, held against another studio taking
    them too until :meth:`release`.

    Attributes:
        copies: those read, those of the studio started first first, each studio's in the
            order it opened their work (its tabs' order, unless tabs were moved).
        unreadable: one line for each copy, or folder of copies, that could not be read (it
            stays on disk until :meth:`discard_unreadable`).
    """

    def __init__(self, root: Path) -> None:
        self.copies: list[Copy] = []
        self.unreadable: list[str] = []
        self._unreadable_files: list[Path] = []
        self._folders: list[tuple[Path, IO[str]]] = []
        try:
            folders = sorted(root.iterdir()) if root.is_dir() else []
        except OSError as error:
            folders = []
            self.unreadable.append(_cannot(root, "look for unsaved work", error))
        for folder in folders:
            try:
                lock = _locked(folder / LOCK) if folder.is_dir() else None
            except OSError as error:
                self.unreadable.append(_cannot(folder, "take its unsaved work", error))
                continue
            if lock is None:
                continue  # a studio still running keeps it
            self._folders.append((folder, lock))
            for file in sorted(folder.glob("*.json")):
                try:
                    self.copies.append(Copy(file, read_copy(file)))
                except StudioError as error:
                    self.unreadable.append(str(error))
                    self._unreadable_files.append(file)
        self.copies.sort(key=_opened)

    def remove(self, copy: Copy) -> None:
        """Forget ``copy``: its work is open again in the window, or discarded."""
        copy.file.unlink(missing_ok=True)
        self.copies.remove(copy)

    def discard(self) -> None:
        """Remove every copy left behind, the unreadable ones too."""
        for folder, lock in self._folders:
            shutil.rmtree(folder, ignore_errors=True)
            lock.close()
        self._folders = []
        self.copies = []

    def discard_unreadable(self) -> None:
        """Remove the copies that could not be read back (a folder that could not be read at
        all stays)."""
        for file in self._unreadable_files:
            file.unlink(missing_ok=True)
        self._unreadable_files = []
        self.unreadable = []

    def release(self) -> None:
        """Let go of the copies not removed, for the next start to offer again; folders left
        with no copy are removed."""
        for folder, lock in self._folders:
            if not any(folder.glob("*.json")):
                shutil.rmtree(folder, ignore_errors=True)
            lock.close()
        self._folders = []


def left_behind(root: Path) -> LeftBehind:
    """The copies under ``root`` that no running studio holds (:class:`LeftBehind`)."""
    return LeftBehind(root)


def read_copy(file: Path) -> Unsaved:
    """The work kept in the copy ``file``.

    Raises:
        FormatError: for a file that is not a copy (naming the field at fault) or whose
            document or book cannot be read, attributed to ``file``.
    """
    source = os.fspath(file)
    try:
        text = decode(files.read_bytes(file, limit=COPY_LIMIT, what="a copy"), source)
        data = typed(studio_json.decode(text), dict, "")
        if data.get("format") != MARKER or data.get("version") != VERSION:
            raise FormatError(f'expected "{MARKER}" version {VERSION} (a copy of unsaved work)')
        content = field(data, "content", str)
        value: Document | Book = (
            book_json.read(content) if field(data, "book", bool) else studio_json.read(content)
        )
        return Unsaved(
            value,
            field(data, "name", str),
            _path(data.get("path"), "path"),
            _path(data.get("source"), "source"),
        )
    except FormatError as error:
        raise error.located(source) from None


def _text(unsaved: Unsaved) -> str:
    value = unsaved.value
    data = {
        "format": MARKER,
        "version": VERSION,
        "name": unsaved.name,
        # Absolute: the next start may run in another working directory.
        "path": None if unsaved.path is None else os.fspath(unsaved.path.absolute()),
        "source": None if unsaved.source is None else os.fspath(unsaved.source.absolute()),
        "book": isinstance(value, Book),
        "content": book_json.write(value) if isinstance(value, Book) else studio_json.write(value),
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _path(value: object, where: str) -> Path | None:
    return None if value is None else Path(typed(value, str, where))


def _opened(copy: Copy) -> tuple[float, int]:
    """When the studio that kept ``copy`` started (its lock, made then and never written),
    and the number of its slot (its work numbered as the studio opened it)."""
    number = copy.file.stem.rpartition("-")[2]
    started = (copy.file.parent / LOCK).stat().st_mtime
    return started, int(number) if number.isdigit() else 0


def _cannot(path: Path, what: str, error: OSError) -> str:
    return f"{path}: cannot {what}: {error.strerror or error}"


def _locked(file: Path) -> IO[str] | None:
    """``file`` opened and locked for this process alone, or ``None`` if another holds it."""
    handle = file.open("a")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle
