"""``studio`` itself (studio.cli): the version, the list of commands and their help (kinds and
strategies as the registry has them), the module entry point, which never imports Qt for a
scripting command, and bad input as one line with exit 2."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from studio import __version__
from studio.cli.arguments import noun
from studio.core.contract.kind import Kind
from studio.core.kinds import KINDS
from tests.cli.conftest import (
    GAME_ID,
    SOLUTION,
    assert_one_error_line,
    json_lines,
    run,
)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"studio {__version__}\n", "")


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("gui", "analyze", "solve", "convert", "import-image"):
        assert f"    {command}" in out


@pytest.mark.parametrize("command", ["gui", "analyze", "solve", "convert", "import-image"])
def test_subcommand_help_has_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, "--help")
    assert status == 0
    assert f"usage: studio {command}" in out
    assert f"\n  studio {command} " in out.split("example")[-1]


def test_help_lists_every_registered_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """The kinds named in help come from the registry: a new kind is listed at once."""
    top = " ".join(run(capsys, "--help")[1].split())
    kinds = " ".join(run(capsys, "analyze", "--help")[1].split())
    for kind in KINDS:
        assert noun(kind) in top
        assert kind.name in kinds.split("--kind KIND", 1)[1]


@pytest.mark.parametrize(
    ("command", "strategies"),
    [
        ("generate", lambda kind: kind.generator.strategies),
        ("repair", lambda kind: kind.repairs.strategies),
    ],
)
def test_help_lists_and_describes_every_strategy(
    capsys: pytest.CaptureFixture[str],
    command: str,
    strategies: Callable[[Kind], tuple[str, ...]],
) -> None:
    """--strategy lists each kind's strategies from the registry; the paragraph below the
    options, written by hand, must describe every kind and strategy too (a new one fails here
    until it is described)."""
    out = run(capsys, command, "--help")[1]
    end_of_options = out.index("\n\n", out.index("options:"))
    options = " ".join(out[:end_of_options].split())
    described = " ".join(out[end_of_options:].split())
    for kind in KINDS:
        assert f"{kind.name}: {', '.join(strategies(kind))}" in options
        assert kind.name in described.lower()
        for strategy in strategies(kind):
            assert strategy in described


def test_python_m_studio_analyzes_without_importing_qt(tmp_path: Path) -> None:
    """The module entry point works, and a scripting command never loads PySide6, nor Dask
    without --scheduler."""
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "studio", "analyze", "--json", GAME_ID],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    (record,) = json_lines(completed.stdout)
    assert record["status"] == "unique"
    assert record["solution"] == SOLUTION
    # -X importtime lists every import on stderr; the CLI's own entry shows the list is there.
    assert "studio.cli" in completed.stderr
    assert "PySide6" not in completed.stderr
    assert "shiboken6" not in completed.stderr
    assert "distributed" not in completed.stderr


_FULL_STANDARD_OUTPUT = """
import errno, io, os, sys

class Full(io.RawIOBase):
    # Standard output on a full disk, until its file descriptor points elsewhere.

    def writable(self):
        return True

    def write(self, data):
        if os.path.samestat(os.fstat(1), os.stat(os.devnull)):
            return len(data)
        raise OSError(errno.ENOSPC, "No space left on device")

    def fileno(self):
        return 1

sys.stdout = io.TextIOWrapper(io.BufferedWriter(Full()))
from studio.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("argv", [["solve", GAME_ID], ["analyze", "--json", GAME_ID]])
def test_a_full_standard_output_is_one_line(argv: list[str]) -> None:
    """As ``studio solve … > /dev/full``: one line and status 2, not a traceback."""
    completed = subprocess.run(
        [sys.executable, "-c", _FULL_STANDARD_OUTPUT, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 2
    assert completed.stderr == (
        "studio: error: cannot write to standard output: No space left on device\n"
    )


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["analyze", "5x5:2/1.x"], ["game ID, column 9", "found 'x'"]),
        (["analyze", "missing.txt"], ["missing.txt: no such file"]),
        (["analyze", "--kind", "mosaicx", GAME_ID], ["--kind", "unknown puzzle kind 'mosaicx'"]),
        (["analyze", "--timeout", "0", GAME_ID], ["--timeout", "positive"]),
        (["analyze"], ["INPUT"]),
        (["import-image", "--size", "16", "x.png"], ["--size", "WxH", "'16'"]),
        (["import-image", "--size", "0x4", "x.png"], ["--size", "'0x4'"]),
        (["import-image", "--threshold", "256", "x.png"], ["--threshold", "0 to 255"]),
        (["convert", GAME_ID, "-o", "out.png"], ["no file format", "'.png'"]),
        (["convert", GAME_ID, "-o", "-"], ["--format"]),
        (["convert", GAME_ID, "-o", "x.txt", "--format", "pdf"], ["unknown file format 'pdf'"]),
        (["frobnicate"], ["frobnicate"]),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    fragments: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert_one_error_line(err, *fragments)
    assert list(tmp_path.iterdir()) == []  # nothing written on the way
