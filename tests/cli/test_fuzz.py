"""Random huge and odd inputs to the command line, in a child process under a memory cap: every
run ends with exit 0 or 2 and at most one line on standard error, whatever it was given.

Hypothesis draws what the input is made of (a format's outline, sizes up to well past the
limits, junk), and the test builds the bytes, so that a run can hold megabytes.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MEMORY_CAP = 3 << 30
"""Address space the child may have (python-sat, numpy and Qt's libraries take about 1 GB of
it before any work); going past it is a MemoryError, which must be one line too."""

SIDES = st.one_of(st.integers(0, 12), st.integers(180, 320), st.integers(1, 100_000))


@st.composite
def grid_text(draw: st.DrawFn) -> bytes:
    height, width = draw(SIDES), draw(SIDES)
    cells = draw(st.sampled_from(["#.", "0123456789.", "-ox", "#.x"]))
    height, width = min(height, 2000), min(width, 2000)  # up to 4 MB of cells
    seed = draw(st.integers(0, 2**16))
    rows = [
        "".join(cells[(seed + r * 7 + c * 13) % len(cells)] for c in range(width))
        for r in range(height)
    ]
    return "\n".join(rows).encode()


@st.composite
def game_id(draw: st.DrawFn) -> bytes:
    width, height = draw(SIDES), draw(SIDES)
    body = draw(st.sampled_from(["1/", "2.1/", "a", "0", "b4442e"])) * draw(st.integers(0, 50_000))
    return f"{width}x{height}:{body}".encode()


@st.composite
def document(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["nonogram", "mosaic", "fobidoshi", "bogus"]))
    width, height = draw(SIDES), draw(SIDES)
    data: dict[str, object] = {
        "format": "puzzle-studio",
        "version": draw(st.integers(0, 3)),
        "kind": kind,
        "width": width,
        "height": height,
    }
    if draw(st.booleans()):
        data["clues"] = {"rows": [[1]] * min(height, 5000), "columns": [[1]] * min(width, 5000)}
    if draw(st.booleans()):
        data["picture"] = ["#" * min(width, 500)] * min(height, 500)
    return json.dumps(data).encode()


@st.composite
def repeated(draw: st.DrawFn) -> bytes:
    unit = draw(st.sampled_from([b"#", b"x", b"\n", b"[", b"(", b"{", b"<a>", b"\xff", b"\0"]))
    return unit * draw(st.integers(0, 5_000_000))


INPUTS = st.one_of(grid_text(), game_id(), document(), repeated(), st.binary(max_size=2000))
COMMANDS = st.sampled_from(
    [
        ["analyze", "--timeout", "2"],
        ["analyze", "--json", "--timeout", "2", "--kind", "mosaic"],
        ["convert", "-o", "-", "--format", "studio", "--timeout", "2"],
    ]
)


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


@pytest.mark.slow
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(content=INPUTS, command=COMMANDS, suffix=st.sampled_from([".txt", ".json", ".xml", ".non"]))
def test_any_input_is_one_line_and_exit_0_or_2(
    tmp_path_factory: pytest.TempPathFactory, content: bytes, command: list[str], suffix: str
) -> None:
    path = Path(tmp_path_factory.mktemp("fuzz")) / f"input{suffix}"
    path.write_bytes(content)
    completed = subprocess.run(
        [sys.executable, "-m", "studio", *command, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_cap_memory,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert completed.returncode in (0, 2), completed.stderr[-2000:]
    lines = completed.stderr.splitlines()
    assert len(lines) <= 1, completed.stderr[-2000:]
    if lines:
        assert lines[0].startswith("studio: "), lines[0]
