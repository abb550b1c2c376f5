"""``studio hint`` (studio.cli.hint): the steps replayed give the known solution, each line says
what the step decides, and the summary tells solved from stuck from stopped."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.grid import grid_from_text
from tests.cli.conftest import AMBIGUOUS, GAME_ID, SOLUTION, assert_one_error_line, json_lines, run


def test_the_steps_replayed_fill_in_the_known_solution(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "--json", GAME_ID)
    assert status == 0
    *steps, summary = json_lines(out)
    grid = np.full((5, 5), -1)
    for number, step in enumerate(steps, start=1):
        assert step["step"] == number
        assert step["cells"], "every step decides a cell"
        for row, col, filled in step["cells"]:
            assert grid[row, col] == -1, "a cell is decided once"
            grid[row, col] = int(filled)
    assert np.array_equal(grid, grid_from_text(SOLUTION).astype(int))
    assert [s["solved"] for s in steps] == [False] * (len(steps) - 1) + [True]
    assert summary == {"steps": len(steps), "solved": True, "unknown": 0}


def test_each_line_names_the_clue_and_the_cells(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "--steps", "1", "--grid", GAME_ID)
    assert status == 0
    lines = out.splitlines()
    # Row 1's clue (3 1) fills the whole row but its fourth cell: line logic sees it at once.
    assert lines[0] == "1. row 1 (3 1): fills r1 c1, r1 c2, r1 c3, r1 c5; empties r1 c4"
    assert lines[1:6] == ["###.#", "?????", "?????", "?????", "?????"]
    assert lines[-1] == f"{GAME_ID}: stopped after 1 steps, 20 cells left"


def test_an_ambiguous_puzzle_leaves_logic_stuck(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", AMBIGUOUS)
    assert status == 0
    assert out == f"{AMBIGUOUS}: line logic is stuck after 0 steps, 4 cells left\n"


def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "hint", "3x3:1/1")
    assert status == 2
    assert out == ""
    assert_one_error_line(err, "3x3 needs 6")
