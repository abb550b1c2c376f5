"""INPUT (studio.cli.inputs): when an argument is the puzzle itself rather than a file name."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.cli.inputs import is_puzzle_text
from tests.cli.conftest import (
    GAME_ID,
)


@pytest.mark.parametrize(
    ("argument", "expected"),
    [
        (GAME_ID, True),
        ("([[1]],[[1]])", True),
        ("#.\n.#", True),
        ("missing.txt", False),  # a known extension: a missing file, not a grid
        ("./missing", False),  # starts like a path, although '.' starts a grid
        ("nothing-like-a-puzzle", False),
    ],
)
def test_is_puzzle_text(argument: str, expected: bool) -> None:
    assert is_puzzle_text(argument) is expected


def test_an_existing_file_wins_over_puzzle_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("#.#").write_text("###\n")
    assert not is_puzzle_text("#.#")
