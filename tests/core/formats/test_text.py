"""Helpers shared by the text formats: clue checking names the offending entry."""

from __future__ import annotations

import pytest

from studio.core.formats import text


@pytest.mark.parametrize(
    ("values", "clue"),
    [([], ()), ([0], ()), ([3], (3,)), ([1, 2, 3], (1, 2, 3))],
)
def test_clue_from_values_accepts_positive_runs_and_a_lone_zero(
    values: list[object], clue: tuple[int, ...]
) -> None:
    assert text.clue_from_values(values) == clue


@pytest.mark.parametrize(
    ("values", "index", "message"),
    [
        ([1, 0], 1, "expected a positive integer, found 0"),
        ([0, 0], 0, "expected a positive integer, found 0"),
        ([2, -1], 1, "expected a positive integer, found -1"),
        ([1, "x"], 1, 'expected a positive integer, found "x"'),
        ([True], 0, "expected a positive integer, found true"),
        ([2.0], 0, "expected a positive integer, found 2.0"),
        ([None], 0, "expected a positive integer, found null"),
    ],
)
def test_clue_from_values_names_the_bad_entry(
    values: list[object], index: int, message: str
) -> None:
    with pytest.raises(text.ClueError) as caught:
        text.clue_from_values(values)
    assert (caught.value.index, caught.value.message) == (index, message)
