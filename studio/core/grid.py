"""Grids and lines: the vocabulary every puzzle kind shares.

Grids are numpy arrays of shape ``(height, width)``, indexed ``(row, col)``. A *picture* or a
*solution* of a black-and-white puzzle is a ``bool`` grid (True = filled); of a colour puzzle
(a puzzle whose ``colours`` is more than 1) a ``uint8`` grid, 0 for the background and 1 to *k*
for the colours. A *partial* grid is ``int8`` with ``UNKNOWN`` (-1), ``EMPTY`` (0, the
background) and ``FILLED`` (1) or, in a colour puzzle, the colour 1 to *k*.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

import numpy as np
import numpy.typing as npt

T = TypeVar("T", bound=np.generic)

BoolGrid = npt.NDArray[np.bool_]
ColourGrid = npt.NDArray[np.uint8]
Picture = npt.NDArray[np.bool_ | np.uint8]
"""A picture or solution: a :data:`BoolGrid` for a black-and-white puzzle, a :data:`ColourGrid`
for a colour puzzle."""
PartialGrid = npt.NDArray[np.int8]

UNKNOWN = -1
EMPTY = 0
FILLED = 1

FILLED_CHAR = "#"
EMPTY_CHAR = "."

Axis = Literal["row", "column"]


@dataclass(frozen=True, order=True)
class LineRef:
    """A row or a column of a grid; ``index`` is 0-based, ``str()`` is 1-based for people."""

    axis: Axis
    index: int

    def __str__(self) -> str:
        return f"{self.axis} {self.index + 1}"


def line_values(grid: npt.NDArray[T], line: LineRef) -> npt.NDArray[T]:
    """The cells of ``grid`` along a row (left to right) or a column (top to bottom)."""
    return grid[line.index] if line.axis == "row" else grid[:, line.index]


def window_sum(values: npt.NDArray[T], reach: tuple[int, int] = (1, 1)) -> npt.NDArray[T]:
    """Sum over the window of ``±reach`` rows and columns around each cell, clipped to the grid
    (the 3×3 neighbourhood by default: a Mosaic clue, a smoothing box)."""
    height, width = values.shape
    rows, cols = reach
    padded = np.pad(values, ((rows, rows), (cols, cols)))
    total = np.zeros_like(values)
    for dr in range(2 * rows + 1):
        for dc in range(2 * cols + 1):
            total += padded[dr : dr + height, dc : dc + width]
    return total


def cell_name(cell: tuple[int, int]) -> str:
    """A cell as people name it, 1-based: ``"row 3, column 5"``."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def cells_text(cells: Iterable[tuple[int, int]]) -> str:
    """Cells in short, 1-based, as a list: ``"r3 c5, r3 c6"``."""
    return ", ".join(f"r{row + 1} c{col + 1}" for row, col in cells)


def unknown_grid(height: int, width: int) -> PartialGrid:
    """A partial grid of shape ``(height, width)`` where nothing is known."""
    return np.full((height, width), UNKNOWN, dtype=np.int8)


def run_lengths(line: npt.ArrayLike) -> tuple[int, ...]:
    """Lengths of the runs of filled cells in a 1-D line, left to right; ``()`` if none."""
    cells = np.asarray(line, dtype=bool)
    padded = np.concatenate(([False], cells, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return tuple(int(n) for n in edges[1::2] - edges[0::2])


def row_runs(grid: BoolGrid) -> list[tuple[int, ...]]:
    """:func:`run_lengths` of every row of ``grid`` (bool ``(height, width)``) at once, top to
    bottom (the columns' are ``row_runs(grid.T)``): one pass of numpy over the grid, so that
    the clues of a large picture follow each step of a stroke."""
    cells = np.asarray(grid, dtype=bool)
    height = cells.shape[0]
    padded = np.zeros((height, cells.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = cells
    rows, cols = np.nonzero(np.diff(padded, axis=1))
    # Edges alternate start, end along each row (row-major order): pair them up.
    lengths = (cols[1::2] - cols[0::2]).tolist()
    counts = np.bincount(rows[0::2], minlength=height).tolist()
    runs, start = [], 0
    for count in counts:
        runs.append(tuple(lengths[start : start + count]))
        start += count
    return runs


def picture_of(grid: npt.ArrayLike, colours: int) -> Picture:
    """The picture of ``grid`` (cell values, ``(height, width)``) for a puzzle of ``colours``
    ink colours: ``bool`` (True where filled) for 1, ``uint8`` (the colour, 0 background) for
    more. Unknown (negative) values become the background."""
    values = np.asarray(grid)
    if colours == 1:
        filled: BoolGrid = values > 0
        return filled
    coloured: ColourGrid = np.maximum(values, 0).astype(np.uint8)
    return coloured


def filled_cells(picture: Picture) -> BoolGrid:
    """The cells of ``picture`` that are not the background, as a bool grid: the picture
    itself for a black-and-white one."""
    filled: BoolGrid = np.asarray(picture, dtype=bool)
    return filled


def colour_runs(line: npt.ArrayLike) -> tuple[tuple[int, int], ...]:
    """The runs of a 1-D line of colours (0 the background), left to right, as ``(length,
    colour)`` pairs; two runs of one colour are apart, runs of two colours may touch."""
    cells = np.asarray(line, dtype=np.int64)
    if cells.size == 0:
        return ()
    edges = np.flatnonzero(np.diff(cells)) + 1
    starts = np.concatenate(([0], edges))
    ends = np.concatenate((edges, [cells.size]))
    return tuple(
        (int(end - start), int(cells[start]))
        for start, end in zip(starts, ends, strict=True)
        if cells[start] != 0
    )


def grid_to_text(grid: BoolGrid) -> list[str]:
    """One string per row, ``#`` for filled and ``.`` for empty."""
    table = np.array([EMPTY_CHAR, FILLED_CHAR])
    return ["".join(row) for row in table[np.asarray(grid, dtype=np.intp)]]


def colour_grid_to_text(grid: ColourGrid, chars: str) -> list[str]:
    """One string per row of a colour grid, cell ``v`` spelt ``chars[v]`` (``chars[0]`` the
    background)."""
    table = np.array(list(chars))
    return ["".join(row) for row in table[np.asarray(grid, dtype=np.intp)]]


def colour_grid_from_text(rows: Sequence[str], chars: str) -> ColourGrid:
    """Inverse of :func:`colour_grid_to_text`: equally long rows of the characters ``chars``.

    Raises:
        ValueError: on ragged rows or another character (callers add file and line context).
    """
    width = len(rows[0]) if rows else 0
    codes = {char: value for value, char in enumerate(chars)}
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {r + 1} has {len(row)} cells, row 1 has {width}")
        bad = next((c for c in row if c not in codes), None)
        if bad is not None:
            expected = ", ".join(repr(char) for char in chars)
            raise ValueError(f"row {r + 1} holds {bad!r}; expected one of {expected}")
    cells = [[codes[c] for c in row] for row in rows]
    return np.array(cells, dtype=np.uint8).reshape(len(rows), width)


def grid_from_text(rows: Sequence[str]) -> BoolGrid:
    """Inverse of :func:`grid_to_text`; rows must be equally long strings of ``#`` and ``.``.

    Raises:
        ValueError: on ragged rows or another character (callers add file and line context).
    """
    if not rows:
        return np.zeros((0, 0), dtype=bool)
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {r + 1} has {len(row)} cells, row 1 has {width}")
        bad = next((c for c in row if c not in (FILLED_CHAR, EMPTY_CHAR)), None)
        if bad is not None:
            raise ValueError(f"row {r + 1} holds {bad!r}; expected '#' or '.'")
    return np.array([[c == FILLED_CHAR for c in row] for row in rows], dtype=bool).reshape(
        len(rows), width
    )


def with_givens(givens: PartialGrid, known: PartialGrid) -> PartialGrid:
    """``known`` with the cells ``givens`` decides filled in (a given wins); both ``int8``
    partial grids of one shape."""
    merged: PartialGrid = np.where(givens != UNKNOWN, givens, known).astype(np.int8)
    return merged


def cells_of(mask: BoolGrid) -> list[tuple[int, int]]:
    """The ``(row, col)`` positions where ``mask`` is True, in row-major order."""
    return [(int(r), int(c)) for r, c in np.argwhere(mask)]


def mask_of(shape: tuple[int, int], cells: Iterable[tuple[int, int]]) -> BoolGrid:
    """Bool ``shape`` grid, True at ``cells`` (``(row, col)`` pairs): :func:`cells_of` undone."""
    mask = np.zeros(shape, dtype=bool)
    positions = list(cells)
    if positions:
        rows, cols = zip(*positions, strict=True)
        mask[list(rows), list(cols)] = True
    return mask


def dilated(mask: BoolGrid, radius: int) -> BoolGrid:
    """Cells within Chebyshev distance ``radius`` of a True cell of ``mask`` (same shape): the
    mask dilated by a square of side ``2 * radius + 1``."""
    grown: BoolGrid = window_sum(mask.astype(np.int32), (radius, radius)) > 0
    return grown
