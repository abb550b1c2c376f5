"""Every generator strategy of every kind makes, from a seed, the same puzzle each time, unique
by brute force with its picture as the solution; asked for, one its kind's logic solves."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.contract.generation import generated_name
from studio.core.generate import GeneratorError, GeneratorOptions, generate, resolved
from studio.core.grid import picture_of
from studio.core.kinds import KINDS, get_kind
from studio.core.sat.analysis import Status
from tests.contract import data_of, each_kind

STRATEGIES = [
    pytest.param(kind.name, strategy, id=f"{kind.name}:{strategy}")
    for kind in KINDS
    for strategy in kind.generator.strategies
]
each_strategy = pytest.mark.parametrize(("name", "strategy"), STRATEGIES)


@each_strategy
@pytest.mark.parametrize("seed", [0, 1])
def test_a_seed_makes_the_same_unique_puzzle_each_time(name: str, strategy: str, seed: int) -> None:
    kind_data = data_of(name)
    for shape in kind_data.generated_shapes:
        options = GeneratorOptions(shape, kind=name, strategy=strategy)
        generated = generate(options, seed)
        again = generate(options, seed)
        assert again.document == generated.document
        assert (again.attempts, again.repaired_cells) == (
            generated.attempts,
            generated.repaired_cells,
        )
        document = generated.document
        assert document.kind == name
        assert document.puzzle.shape == shape
        document.puzzle.validate()
        assert document.picture is not None
        assert [s.tobytes() for s in kind_data.solutions(document.puzzle)] == [
            document.picture.tobytes()
        ], "unique, with the picture as its solution"
        assert generated.seed == seed
        assert generated.analysis.status == Status.UNIQUE
        assert np.array_equal(generated.analysis.solution, document.picture)
        assert generated.analysis.difficulty is not None
        assert document.title == "", "a title is the designer's; a book prints none for it"
        assert generated.name == generated_name(document.puzzle.spec, shape, seed)
        assert f"strategy {strategy}" in document.notes
        assert f"seed {seed}" in document.notes


@each_strategy
def test_two_seeds_make_two_puzzles(name: str, strategy: str) -> None:
    for shape in data_of(name).generated_shapes:
        options = GeneratorOptions(shape, kind=name, strategy=strategy)
        assert generate(options, 0).document.puzzle != generate(options, 1).document.puzzle


@each_strategy
def test_a_logic_solvable_puzzle_is_solved_by_the_kinds_logic(name: str, strategy: str) -> None:
    kind_data = data_of(name)
    shape = kind_data.generated_shapes[-1]
    generated = generate(
        GeneratorOptions(shape, kind=name, strategy=strategy, logic_solvable=True), 2
    )
    puzzle = generated.document.puzzle
    deduction = puzzle.deduce()
    assert deduction.complete
    assert generated.analysis.logic_solvable
    assert generated.document.picture is not None
    assert np.array_equal(picture_of(deduction.grid, puzzle.colours), generated.document.picture)
    assert len(kind_data.solutions(puzzle)) == 1


COLOUR_STRATEGIES = [
    pytest.param(kind.name, strategy, id=f"{kind.name}:{strategy}")
    for kind in KINDS
    for strategy in kind.generator.colour_strategies
]


@pytest.mark.parametrize(("name", "strategy"), COLOUR_STRATEGIES)
def test_colour_strategies_make_unique_colour_puzzles(name: str, strategy: str) -> None:
    """A strategy that draws in colours makes, in up to 3 of them, a puzzle unique by brute
    force, its picture the solution."""
    kind_data = data_of(name)
    colours = min(3, get_kind(name).spec.max_colours)
    options = GeneratorOptions((3, 3), kind=name, strategy=strategy, colours=colours)
    for seed in (0, 1):
        document = generate(options, seed).document
        assert document.puzzle.colours == colours
        assert document.palette is not None
        assert document.palette.inks == colours
        assert document.picture is not None
        assert [s.tobytes() for s in kind_data.solutions(document.puzzle)] == [
            document.picture.tobytes()
        ]


@each_strategy
def test_a_strategy_asked_for_colours_it_cannot_draw_is_refused_before_work(
    name: str, strategy: str
) -> None:
    """Colours for a black-and-white kind, or for a strategy that draws black and white, are
    one :class:`GeneratorError` from :func:`resolved`, the check made before any work."""
    kind = get_kind(name)
    options = GeneratorOptions((5, 5), kind=name, strategy=strategy, colours=2)
    if kind.spec.has_colours and strategy in kind.generator.colour_strategies:
        assert resolved(options).colours == 2
    else:
        with pytest.raises(GeneratorError, match="black and white"):
            resolved(options)


@each_kind
def test_only_a_kind_with_colours_has_colour_strategies(name: str) -> None:
    kind = get_kind(name)
    assert set(kind.generator.colour_strategies) <= set(kind.generator.strategies)
    assert bool(kind.generator.colour_strategies) == kind.spec.has_colours
