"""What the tests of the command line share: puzzles with known verdicts, the keys of
``analyze --json``, and running ``studio`` in-process.

Most tests call :func:`studio.cli.main` in-process and read ``capsys``; a few run
``python -m studio`` in a subprocess, to see the entry point and what it imports.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from studio.cli import main

# Tatham's generator made this one (../shared/data/nonogram, tatham:5x5-01): unique and
# line-solvable, with this solution.
GAME_ID = "5x5:2/1.1/1.1/3/2.1/3.1/1.1/2/2/1.1"
SOLUTION = ["###.#", "#...#", "..##.", "...##", ".#.#."]


# Two diagonals fit: every cell is variable.
AMBIGUOUS = "2x2:1/1/1/1"
# Column 1 wants 2 filled cells, row 1 none: the clue totals agree, so it passes validation.
IMPOSSIBLE = "2x2:2/0/0/2"

KEYS = [
    "input",
    "kind",
    "width",
    "height",
    "status",
    "solution",
    "variable_cells",
    "line_solvable",
    "seconds",
    "variable_cells_complete",
    "contradiction",
    "difficulty",
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``studio argv`` in-process: exit status, stdout, stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def assert_one_error_line(err: str, *fragments: str) -> None:
    """stderr is exactly one ``studio: error:`` line holding every fragment."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("studio: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


def timeless(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records without ``seconds``, the one field that depends on the run."""
    return [{key: value for key, value in r.items() if key != "seconds"} for r in records]
