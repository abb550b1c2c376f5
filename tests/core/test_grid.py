"""Grid helpers against plain-Python definitions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from studio.core.grid import (
    LineRef,
    cell_name,
    cells_of,
    grid_from_text,
    grid_to_text,
    line_values,
    mask_of,
    row_runs,
    run_lengths,
    window_sum,
)

SHAPES = st.tuples(st.integers(1, 6), st.integers(1, 6))


@given(st.lists(st.booleans(), max_size=30))
def test_run_lengths_counts_the_runs_of_filled_cells(cells: list[bool]) -> None:
    text = "".join("#" if c else "." for c in cells)
    assert run_lengths(cells) == tuple(len(run) for run in text.split(".") if run)


@given(arrays(bool, SHAPES))
def test_row_runs_are_each_rows_run_lengths(grid: np.ndarray) -> None:
    assert row_runs(grid) == [run_lengths(row) for row in grid]
    assert row_runs(grid.T) == [run_lengths(col) for col in grid.T]


@given(arrays(bool, SHAPES))
def test_text_round_trip(grid: np.ndarray) -> None:
    assert np.array_equal(grid_from_text(grid_to_text(grid)), grid)


def test_grid_from_text_names_the_bad_row() -> None:
    with pytest.raises(ValueError, match="row 2 holds 'x'"):
        grid_from_text(["#.", "x."])
    with pytest.raises(ValueError, match="row 2 has 1 cells, row 1 has 2"):
        grid_from_text(["#.", "#"])


@given(
    arrays(np.int64, st.tuples(st.integers(1, 6), st.integers(1, 6)), elements=st.integers(0, 9))
)
def test_window_sum_adds_each_cells_neighbourhood_inside_the_grid(values: np.ndarray) -> None:
    height, width = values.shape
    expected = np.array(
        [
            [values[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2].sum() for c in range(width)]
            for r in range(height)
        ]
    )
    assert np.array_equal(window_sum(values), expected)


def test_lines_and_cells_are_named_for_people() -> None:
    grid = np.arange(6).reshape(2, 3)
    assert line_values(grid, LineRef("row", 1)).tolist() == [3, 4, 5]
    assert line_values(grid, LineRef("column", 2)).tolist() == [2, 5]
    assert str(LineRef("column", 2)) == "column 3"
    assert cell_name((0, 4)) == "row 1, column 5"


def test_mask_of_undoes_cells_of() -> None:
    mask = np.array([[True, False, False], [False, True, True]])
    assert np.array_equal(mask_of(mask.shape, cells_of(mask)), mask)
    assert not mask_of((2, 3), []).any()
