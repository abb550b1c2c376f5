"""Raw pictures: random density (van Oers 2024, §5.1.1), smoothed noise (Tatham's pattern.c),
and the filling of empty lines."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from studio.core.contract.pictures import (
    density_picture,
    fill_empty_lines,
    smoothed_picture,
)
from studio.core.grid import BoolGrid


@pytest.mark.parametrize("density", [0.1, 0.3, 0.5, 0.8])
def test_density_picture_fills_about_the_density(density: float) -> None:
    cells = 200 * 200
    picture = density_picture((200, 200), density, np.random.default_rng(2024))
    sigma = math.sqrt(density * (1 - density) / cells)
    assert abs(picture.mean() - density) < 5 * sigma


def test_density_picture_is_reproducible() -> None:
    first = density_picture((9, 13), 0.4, np.random.default_rng(1))
    assert first.shape == (9, 13)
    assert np.array_equal(first, density_picture((9, 13), 0.4, np.random.default_rng(1)))
    assert not np.array_equal(first, density_picture((9, 13), 0.4, np.random.default_rng(2)))


def tatham_smoothed(shape: tuple[int, int], density: float, seed: int) -> BoolGrid:
    """pattern.c ``generate()`` written as its loops, drawing the same numbers: the average of
    the in-grid 3×3 neighbours, not across a dimension of 2; the highest averages filled."""
    rng = np.random.default_rng(seed)
    h, w = shape
    noise = rng.random(shape)
    smooth = np.zeros(shape)
    for i in range(h):
        for j in range(w):
            values = [
                noise[i + p, j + q]
                for p in (-1, 0, 1)
                for q in (-1, 0, 1)
                if 0 <= i + p < h and 0 <= j + q < w and not (h == 2 and p) and not (w == 2 and q)
            ]
            smooth[i, j] = sum(values) / len(values)
    wanted = density * h * w
    filled = math.floor(wanted) + (rng.random() < wanted - math.floor(wanted))
    threshold = np.sort(smooth, axis=None)[h * w - filled] if filled else np.inf
    picture: BoolGrid = smooth >= threshold
    return picture


@pytest.mark.parametrize("shape", [(2, 2), (2, 7), (7, 2), (3, 3), (5, 9), (16, 11)])
@pytest.mark.parametrize("density", [0.25, 0.5, 0.7])
def test_smoothed_picture_is_tathams(shape: tuple[int, int], density: float) -> None:
    ours = smoothed_picture(shape, density, np.random.default_rng(8))
    assert np.array_equal(ours, tatham_smoothed(shape, density, 8))


@pytest.mark.parametrize("density", [0.2, 0.5, 0.65])
def test_smoothed_picture_fills_the_density_rounded_either_way(density: float) -> None:
    rng = np.random.default_rng(4)
    filled = [int(smoothed_picture((7, 9), density, rng).sum()) for _ in range(400)]
    wanted = density * 63
    assert set(filled) <= {math.floor(wanted), math.ceil(wanted)}
    assert np.mean(filled) == pytest.approx(wanted, abs=0.1)


def test_smoothed_pictures_are_blobbier_than_random_ones() -> None:
    """Neighbours agree more often than in independent noise of the same density (0.5 there)."""

    def agreement(picture: BoolGrid) -> float:
        across = picture[:, 1:] == picture[:, :-1]
        down = picture[1:, :] == picture[:-1, :]
        return float((across.sum() + down.sum()) / (across.size + down.size))

    rng = np.random.default_rng(12)
    assert agreement(density_picture((60, 60), 0.5, rng)) == pytest.approx(0.5, abs=0.02)
    assert agreement(smoothed_picture((60, 60), 0.5, rng)) > 0.65


@settings(max_examples=80, deadline=None)
@given(
    picture=st.integers(1, 12).flatmap(
        lambda h: st.integers(1, 12).flatmap(lambda w: arrays(bool, (h, w)))
    ),
    seed=st.integers(0, 1000),
)
def test_fill_empty_lines_fills_one_cell_per_empty_line_and_nothing_else(
    picture: BoolGrid, seed: int
) -> None:
    filled = fill_empty_lines(picture, np.random.default_rng(seed))
    assert filled.any(axis=1).all()
    assert filled.any(axis=0).all()
    assert not (picture & ~filled).any()  # nothing cleared
    added = filled & ~picture
    empty_rows = ~picture.any(axis=1)
    empty_cols = ~picture.any(axis=0)
    assert not (added & ~(empty_rows[:, None] | empty_cols[None, :])).any()
    assert added.sum() <= empty_rows.sum() + empty_cols.sum()


def test_fill_empty_lines_returns_a_picture_without_empty_lines_unchanged() -> None:
    picture = np.eye(4, dtype=bool)
    assert fill_empty_lines(picture, np.random.default_rng(0)) is picture
