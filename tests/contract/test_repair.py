"""Every repair strategy of every kind makes a design whose picture passes ``check`` and that is
unique by brute force (but for strategies allowed to fall short, whose verdict is then
right), the same again from the same seed; each suggestion is verified as it claims."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.kinds import KINDS
from studio.core.puzzle import Puzzle
from studio.core.repair import repair_document, suggest_repairs
from studio.core.sat.analysis import analyze
from tests.contract import CONTRACT, contains, data_of, each_kind, variable
from tests.contract.kinds import KindData

STRATEGIES = [
    pytest.param(kind.name, strategy, id=f"{kind.name}:{strategy}")
    for kind in KINDS
    for strategy in kind.repairs.strategies
]


def design(kind_data: KindData, puzzle: Puzzle) -> Document:
    """The puzzle with its first solution as the picture (the reference a repair keeps to)."""
    return Document(puzzle, kind_data.solutions(puzzle)[0])


def solvable(kind_data: KindData) -> st.SearchStrategy[Puzzle]:
    return kind_data.puzzles.filter(lambda puzzle: len(kind_data.solutions(puzzle)) > 0)


@pytest.mark.parametrize(("name", "strategy"), STRATEGIES)
@CONTRACT
@given(st.data())
def test_a_repair_is_unique_by_brute_force_and_its_picture_passes_check(
    name: str, strategy: str, data: st.DataObject
) -> None:
    kind_data = data_of(name)
    original = design(kind_data, data.draw(solvable(kind_data)))
    seed = data.draw(st.integers(0, 2**32 - 1))
    if kind_data.refused(original.puzzle, strategy):
        with pytest.raises(StudioError):
            repair_document(original, strategy=strategy)
        return
    result = repair_document(original, strategy=strategy, rng=np.random.default_rng(seed))
    puzzle = result.puzzle
    assert puzzle.kind == name
    puzzle.validate()
    assert puzzle.check(result.picture) == []
    solutions = kind_data.solutions(puzzle)
    assert contains(solutions, result.picture)
    assert result.unique == (len(solutions) == 1)
    if strategy not in kind_data.partial_repairs:
        assert result.unique
    assert np.array_equal(result.analysis.variable, variable(solutions, puzzle.shape))
    assert original.picture is not None
    changed = result.picture != original.picture
    assert result.changed_cells == tuple(map(tuple, np.argwhere(changed).tolist()))
    again = repair_document(original, strategy=strategy, rng=np.random.default_rng(seed))
    assert again.puzzle == puzzle
    assert np.array_equal(again.picture, result.picture)


def assert_suggestions_are_what_they_claim(kind_data: KindData, puzzle: Puzzle) -> int:
    """Checks the suggestions for ``puzzle``; returns how many there are."""
    original = design(kind_data, puzzle)
    analysis = analyze(puzzle)
    before = int(analysis.variable.sum())
    suggestions = suggest_repairs(original, analysis, limit=3)
    assert len(suggestions) <= 3
    if before == 0:
        assert list(suggestions) == []
        return 0
    remaining = [suggestion.remaining for suggestion in suggestions]
    assert remaining == sorted(remaining), "best first"
    for suggestion in suggestions:
        assert suggestion.puzzle.check(suggestion.picture) == []
        solutions = kind_data.solutions(suggestion.puzzle)
        assert contains(solutions, suggestion.picture)
        assert suggestion.remaining == int(variable(solutions, puzzle.shape).sum())
        assert suggestion.remaining < before
        assert suggestion.size >= 1
        assert suggestion.describe()
    return len(suggestions)


@each_kind
def test_some_ambiguous_sample_gets_suggestions_each_what_it_claims(name: str) -> None:
    kind_data = data_of(name)
    counts = [
        assert_suggestions_are_what_they_claim(kind_data, puzzle)
        for puzzle in kind_data.samples.values()
        if kind_data.solutions(puzzle)
    ]
    assert any(counts)


@each_kind
def test_every_ambiguous_sample_gets_a_suggestion(name: str) -> None:
    """The Repair panel is never empty for an ambiguous design."""
    kind_data = data_of(name)
    for label, puzzle in kind_data.samples.items():
        if len(kind_data.solutions(puzzle)) > 1:
            analysis = analyze(puzzle)
            assert suggest_repairs(design(kind_data, puzzle), analysis, limit=3), label


@each_kind
@CONTRACT
@given(st.data())
def test_each_suggestion_is_what_it_claims(name: str, data: st.DataObject) -> None:
    kind_data = data_of(name)
    assert_suggestions_are_what_they_claim(kind_data, data.draw(solvable(kind_data)))
