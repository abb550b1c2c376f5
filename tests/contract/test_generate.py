"""Every generator strategy of every kind makes, from a seed, the same puzzle each time, unique
by brute force with its picture as the solution; asked for, one its kind's logic solves."""

from __future__ import annotations

import numpy as np
import pytest

from studio.core.contract.generation import generated_name
from studio.core.generate import GeneratorOptions, generate
from studio.core.grid import picture_of
from studio.core.kinds import KINDS
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


@each_kind
def test_colour_puzzles_are_generated_unique(name: str) -> None:
    """Where a kind has colours, its data names a strategy and a number of colours: the puzzle
    made is unique by brute force, in that many colours, its picture the solution."""
    kind_data = data_of(name)
    if kind_data.colour_generation is None:
        return
    strategy, colours = kind_data.colour_generation
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
