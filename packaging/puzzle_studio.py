"""Entry script of the bundled desktop app (packaging/puzzle-studio.spec): the ``studio`` command.

``puzzle-studio`` with no command opens the window, like ``studio``.
"""

from __future__ import annotations

import multiprocessing

from studio.cli import main

if __name__ == "__main__":
    # Batch generation runs on a process pool; in a frozen app a worker process starts this same
    # executable, and freeze_support() turns it into the worker instead of a second studio.
    multiprocessing.freeze_support()
    raise SystemExit(main())
