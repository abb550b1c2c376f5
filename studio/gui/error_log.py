"""Unexpected errors: the user reads one line, the traceback goes to a log file.

A bug in the core must reach the user (a worker that dies silently looks like a hang), but a
traceback in a dialog tells a designer nothing and hides what to do. So the dialog gets one
line, what happened and where the details are, and the traceback is kept, newest last, in
``errors.log`` in the user's state folder (:func:`~studio.gui.settings.state_dir`). The log
keeps its last :data:`LOG_LIMIT` bytes and is written through the studio's one verified file
path.
"""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

from studio import APP_NAME, __version__
from studio.core import files
from studio.core.errors import StudioError
from studio.gui.settings import state_dir

LOG_LIMIT = 256 * 1024
"""The most bytes the log keeps (the oldest entries go first)."""


def log_path() -> Path:
    """Where the tracebacks of unexpected errors are kept."""
    return state_dir() / "errors.log"


def summary(error: BaseException) -> str:
    """What went wrong, in words, on one line (``not enough memory``, ``ValueError: ...``)."""
    if isinstance(error, MemoryError):
        return "not enough memory"
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


def record(error: BaseException) -> str:
    """Append ``error``'s traceback to the log; the one line to show the user, naming the log
    (or only what went wrong, when even the log cannot be written)."""
    entry = "".join(
        [
            f"--- {datetime.now().isoformat(timespec='seconds')} {APP_NAME} {__version__}\n",
            *traceback.format_exception(error),
        ]
    )
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            old = files.read_bytes(path, limit=LOG_LIMIT, what="the error log")
        except StudioError:  # none yet, or not one of ours: start afresh
            old = b""
        files.write_bytes(path, (old + entry.encode())[-LOG_LIMIT:], what="the error log")
    except (OSError, StudioError):
        return summary(error)
    return f"{summary(error)} (details in {path})"
