"""``python -m studio``: the same as the ``studio`` command."""

from __future__ import annotations

from studio.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
