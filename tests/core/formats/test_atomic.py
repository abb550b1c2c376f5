"""Atomic writes: the old file survives any failure, no temporary file is left, modes are kept."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from studio.core.formats import atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_writes_utf8_text_with_newlines_untranslated(tmp_path: Path) -> None:
    target = tmp_path / "heart.txt"
    atomic.write_text(target, "Türme\n#.#\n")
    assert target.read_bytes() == "Türme\n#.#\n".encode()
    assert os.listdir(tmp_path) == ["heart.txt"]


def test_a_new_file_gets_the_default_mode(tmp_path: Path) -> None:
    target = tmp_path / "new.txt"
    atomic.write_text(target, "x")
    assert _mode(target) == atomic.NEW_FILE_MODE


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "private.json"
    target.write_text("old")
    target.chmod(0o600)
    atomic.write_text(str(target), "new")
    assert target.read_text() == "new"
    assert _mode(target) == 0o600


@pytest.mark.parametrize("failing", ["replace", "fsync", "chmod"])
def test_a_failure_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "puzzle.json"
    target.write_text("old puzzle")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError, match="No space left"):
        atomic.write_text(target, "new puzzle")
    monkeypatch.undo()
    assert target.read_text() == "old puzzle"
    assert os.listdir(tmp_path) == ["puzzle.json"]


def test_text_that_cannot_be_encoded_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "puzzle.txt"
    target.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        atomic.write_text(target, "bad \ud800")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["puzzle.txt"]


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    atomic.write_text(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"


def test_a_missing_directory_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        atomic.write_text(tmp_path / "nowhere" / "x.txt", "x")
    assert os.listdir(tmp_path) == []
