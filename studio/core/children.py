"""Child processes that end with their parent: the Kissat child of a hard puzzle
(:mod:`studio.core.sat.process`) and the workers of a local batch pool
(:mod:`studio.core.parallel.local`).

A parent that ends normally stops its children itself; one that is killed (``kill PID``, the
out-of-memory killer) cannot, and a child busy in a solver call would run on, orphaned, at full
CPU: a ``studio generate --jobs 2`` sent SIGTERM left both workers running. On Linux the kernel
kills the child when its parent dies (``prctl(PR_SET_PDEATHSIG)``).
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1
"""``prctl``'s option that sets the signal a process gets when its parent dies (Linux)."""


def die_with_parent(parent: int) -> None:
    """Have the kernel kill this process when its parent (process id ``parent``) dies (Linux;
    elsewhere the parent's own shutdown is the only guard). A parent that died before this was
    asked for ends the child at once.

    The signal comes when the *thread* that started the child ends: so a child is started by
    the thread that waits for it (the batch's, the analysis's), never one that ends first.
    """
    if sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
