"""Grid symmetries: the maps themselves, orbits, and the symmetries a nonogram's clues have."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.symmetry import Box, dihedral, orbit_closure
from tests.conftest import shared_record
from tests.contract.kinds.nonogram import solutions
from tests.core.pictures import NUMPY_MAPS, symmetric_pictures


@pytest.mark.parametrize("shape", [(5, 5), (3, 6)])
def test_dihedral_maps_of_the_whole_grid_are_numpy_rotations_and_flips(
    shape: tuple[int, int],
) -> None:
    grid = np.random.default_rng(1).random(shape) < 0.5
    maps = dihedral(shape, Box(0, shape[0] - 1, 0, shape[1] - 1))
    assert len(maps) == (7 if shape[0] == shape[1] else 3)
    for symmetry in maps:
        assert np.array_equal(symmetry.apply(grid), NUMPY_MAPS[symmetry.name](grid))


def test_maps_of_a_box_move_the_box_and_leave_the_rest() -> None:
    grid = np.arange(30).reshape(5, 6)
    box = Box(1, 3, 2, 4)
    for symmetry in dihedral(grid.shape, box):
        moved = symmetry.apply(grid)
        inside = (slice(1, 4), slice(2, 5))
        assert np.array_equal(moved[inside], NUMPY_MAPS[symmetry.name](grid[inside]))
        outside = np.ones(grid.shape, dtype=bool)
        outside[inside] = False
        assert np.array_equal(moved[outside], grid[outside])


def test_orbit_closure_adds_the_images_of_every_cell() -> None:
    maps = [s for s in dihedral((4, 4), Box(0, 3, 0, 3)) if "rotate" in s.name]
    cell = np.zeros((4, 4), dtype=bool)
    cell[0, 1] = True
    assert sorted(map(tuple, np.argwhere(orbit_closure(cell, maps)))) == [
        (0, 1),
        (1, 3),
        (2, 0),
        (3, 2),
    ]


def test_a_symmetric_picture_gives_a_symmetric_puzzle() -> None:
    cross = np.eye(5, dtype=bool) | np.eye(5, dtype=bool)[::-1]
    names = {s.name for s in Nonogram.from_picture(cross).symmetries()}
    assert names == set(NUMPY_MAPS)
    lopsided = cross.copy()
    lopsided[0, 0] = False
    assert {s.name for s in Nonogram.from_picture(lopsided).symmetries()} == {"transpose"}


def test_a_given_keeps_only_the_maps_that_take_it_to_a_given() -> None:
    corner = np.array([[1, 1, 1, 0], [1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]], dtype=bool)
    assert {s.name for s in Nonogram.from_picture(corner).symmetries()} == {"transpose"}
    assert not Nonogram.from_picture(corner, [(0, 2)]).symmetries()
    both_ends = Nonogram.from_picture(corner, [(0, 2), (2, 0)])
    assert {s.name for s in both_ends.symmetries()} == {"transpose"}


def test_knotty_turns_by_quarters_once_its_empty_border_is_left_out() -> None:
    record = shared_record("nonogram", "survey:knotty")
    puzzle = Nonogram(record["rows"], record["cols"])
    assert {s.name for s in puzzle.symmetries()} == {"rotate 90°", "rotate 180°", "rotate 270°"}


@settings(max_examples=200, deadline=None)
@given(symmetric_pictures())
def test_every_symmetry_found_maps_solutions_to_solutions(picture: np.ndarray) -> None:
    puzzle = Nonogram.from_picture(picture)
    truth = solutions(puzzle)
    keys = {s.tobytes() for s in truth}
    for symmetry in puzzle.symmetries():
        for solution in truth:
            assert symmetry.apply(solution).tobytes() in keys, symmetry.name
