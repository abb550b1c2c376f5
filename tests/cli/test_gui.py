"""``studio gui`` and ``studio`` alone (studio.cli.gui): the window gets the file, and a
missing Qt is one error line."""

from __future__ import annotations

import sys
import types

import pytest

from studio.cli import main
from tests.cli.conftest import (
    assert_one_error_line,
    run,
)


@pytest.mark.parametrize(
    ("argv", "call"),
    [
        ([], (None, None)),
        (["gui"], (None, None)),
        (["gui", "heart.json"], ("heart.json", None)),
        (["gui", "heart.json", "--quit-after", "500"], ("heart.json", 500)),
    ],
)
def test_gui_calls_run_with_the_file(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], call: tuple[str | None, int | None]
) -> None:
    """No command, or ``gui [FILE]``, hands FILE to studio.gui.app.run and returns its status."""
    calls: list[tuple[str | None, int | None]] = []

    def fake_run(file: str | None, *, quit_after_ms: int | None) -> int:
        calls.append((file, quit_after_ms))
        return 7

    monkeypatch.setitem(sys.modules, "studio.gui.app", types.SimpleNamespace(run=fake_run))
    assert main(argv) == 7
    assert calls == [call]


def test_gui_without_qt_is_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "studio.gui.app", None)  # makes the import fail
    status, out, err = run(capsys, "gui")
    assert (status, out) == (1, "")
    assert_one_error_line(err, "cannot open the window", "studio.gui.app")
