"""The shared argument types and options (studio.cli.arguments): sizes are width by height,
and --scheduler without Dask is one error line."""

from __future__ import annotations

import sys

import pytest

from studio.cli.arguments import parse_size
from tests.cli.conftest import (
    GAME_ID,
    run,
)


def test_parse_size_is_width_by_height() -> None:
    assert parse_size("16x12") == (12, 16)
    assert parse_size("3X5") == (5, 3)


@pytest.mark.parametrize("command", [["generate", "--size", "5x5"], ["analyze", GAME_ID]])
def test_scheduler_without_dask_is_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    status, out, err = run(capsys, *command, "--scheduler", "tcp://127.0.0.1:8786")
    assert (status, out) == (2, "")
    assert err == "studio: error: --scheduler needs Dask: pip install 'puzzle-studio[cluster]'\n"
