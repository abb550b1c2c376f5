"""The contract suite: one set of tests run over every kind of the registry
(:data:`studio.core.kinds.KINDS`), each kind adding only data (:mod:`tests.contract.kinds`).

No test here asks which kind it runs on: what differs between kinds is in their data.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from studio.core.grid import BoolGrid, Picture, picture_of
from studio.core.kinds import KINDS
from studio.core.puzzle import Puzzle
from tests.contract.kinds import DATA, KindData

NAMES = [kind.name for kind in KINDS]
"""Every registered kind, by name."""

each_kind = pytest.mark.parametrize("name", NAMES)
"""Run a test once for each registered kind, given its ``name``."""

SAMPLES = [
    pytest.param(name, label, id=f"{name}:{label.replace(' ', '-')}")
    for name in NAMES
    for label in (DATA[name].samples if name in DATA else ())
]
each_sample = pytest.mark.parametrize(("name", "label"), SAMPLES)
"""Run a test once for each sample puzzle of each kind, given the kind's ``name`` and the
sample's ``label``."""

CONTRACT = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
"""Hypothesis settings of the suite: few examples, so that it takes well under a minute."""


def data_of(name: str) -> KindData:
    """The contract data of the kind ``name``; the test fails if it has none."""
    if name not in DATA:
        pytest.fail(f"the {name} kind has no contract data: add tests/contract/kinds/{name}.py")
    return DATA[name]


def sample(name: str, label: str) -> Puzzle:
    return data_of(name).samples[label]


def variable(solutions: tuple[Picture, ...], shape: tuple[int, int]) -> BoolGrid:
    """The cells that differ between ``solutions`` (none when there are fewer than two)."""
    if not solutions:
        return np.zeros(shape, dtype=bool)
    stack = np.array(solutions).astype(np.int64)
    found: BoolGrid = (stack != stack[0]).any(axis=0)
    return found


def contains(solutions: tuple[Picture, ...], grid: Picture) -> bool:
    """True when ``grid`` is one of ``solutions``."""
    return any(np.array_equal(grid, solution) for solution in solutions)


def grids_near(draw: st.DrawFn, puzzle: Puzzle, solutions: tuple[Picture, ...]) -> Picture:
    """A random grid, or a solution with up to two cells changed (flipped in black and white,
    another colour in colour)."""
    height, width = puzzle.shape
    values = puzzle.colours + 1
    if solutions and draw(st.booleans()):
        grid = np.array(draw(st.sampled_from(solutions)))
        for _ in range(draw(st.integers(0, 2))):
            cell = draw(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)))
            grid[cell] = (int(grid[cell]) + draw(st.integers(1, values - 1))) % values
        return grid
    cells = draw(
        st.lists(st.integers(0, values - 1), min_size=height * width, max_size=height * width)
    )
    return picture_of(np.array(cells).reshape(height, width), puzzle.colours)


def every_grid(puzzle: Puzzle) -> list[Picture]:
    """Every grid of the puzzle's shape and values, for a tiny puzzle."""
    height, width = puzzle.shape
    values = puzzle.colours + 1
    codes = np.arange(values ** (height * width))[:, None] // values ** np.arange(height * width)
    return [
        picture_of(grid, puzzle.colours) for grid in (codes % values).reshape(-1, height, width)
    ]
