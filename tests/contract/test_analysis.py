"""Generic analysis (status, a solution, the exact variable fields, counts) of every kind equals
brute force, with and without the kind's logic first and in every encoding the kind declares;
and anything that validates is analysed, deduced, hinted and rated without an error."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.errors import StudioError
from studio.core.grid import unknown_grid
from studio.core.kinds import get_kind
from studio.core.puzzle import Puzzle
from studio.core.sat.analysis import Status, analyze, count_solutions, solve
from tests.contract import (
    CONTRACT,
    contains,
    data_of,
    each_kind,
    each_sample,
    sample,
    variable,
)
from tests.contract.kinds import KindData


def assert_analysis_matches_brute_force(name: str, kind_data: KindData, puzzle: Puzzle) -> None:
    solutions = kind_data.solutions(puzzle)
    expected = {0: Status.NONE, 1: Status.UNIQUE}.get(len(solutions), Status.MULTIPLE)
    kind = get_kind(name)
    encodings = ["fast", *kind.encodings]
    for encoding in encodings:
        if kind_data.refused(puzzle, encoding):
            with pytest.raises(StudioError):
                kind.encoded(puzzle, encoding)
            continue
        encoded = kind.encoded(puzzle, encoding)
        for logic_first in (True, False):
            where = f"{encoding} encoding, logic first: {logic_first}"
            analysis = analyze(encoded, logic_first=logic_first)
            assert analysis.complete, where
            assert analysis.kind == name
            assert analysis.status == expected, where
            assert np.array_equal(analysis.variable, variable(solutions, puzzle.shape)), where
            if solutions:
                assert analysis.solution is not None
                assert contains(solutions, analysis.solution), where
                assert analysis.contradiction is None
            else:
                assert analysis.solution is None
            assert (analysis.difficulty is not None) == (expected == Status.UNIQUE), where
            found = solve(encoded, logic_first=logic_first)
            assert (found is None) if not solutions else contains(solutions, found), where
            for cap in (1, 2, 3):
                counted = count_solutions(encoded, cap, logic_first=logic_first)
                assert counted == min(cap, len(solutions)), where
        assert analyze(encoded).logic_solvable == encoded.deduce().complete


@each_sample
def test_analysis_of_the_samples_matches_brute_force(name: str, label: str) -> None:
    assert_analysis_matches_brute_force(name, data_of(name), sample(name, label))


@each_kind
@CONTRACT
@given(st.data())
def test_analysis_matches_brute_force(name: str, data: st.DataObject) -> None:
    kind_data = data_of(name)
    assert_analysis_matches_brute_force(name, kind_data, data.draw(kind_data.puzzles))


@each_kind
@CONTRACT
@given(st.data())
def test_anything_valid_is_analysed_deduced_hinted_and_rated(
    name: str, data: st.DataObject
) -> None:
    """Tatham's rule: what passes validation never makes another method raise."""
    puzzle = data.draw(data_of(name).puzzles)
    puzzle.validate()
    analysis = analyze(puzzle)
    assert analysis.complete
    deduction = puzzle.deduce()
    assert deduction.grid.shape == puzzle.shape
    for known in (unknown_grid(*puzzle.shape), puzzle.givens_grid(), deduction.grid):
        puzzle.hint(known)
    rating = puzzle.rate(deduction)
    assert 1 <= rating.score <= 5
    assert rating.level
    assert rating.description
