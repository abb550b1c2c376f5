"""Every registered kind is in every table of the core, and brings its contract data."""

from __future__ import annotations

import numpy as np

from studio.core.contract.kind import Kind
from studio.core.formats import FORMATS, get_format, studio_json
from studio.core.grid import FILLED
from studio.core.kinds import KINDS, get_kind, kind_of, new_document
from studio.core.palette import greyscale_alike
from studio.core.puzzle import DrawnPuzzle
from studio.core.sat.analysis import Status, analyze
from tests.contract import NAMES, data_of, each_kind
from tests.contract.kinds import DATA


def registered(name: str) -> Kind:
    """The kind registered as ``name``, found in the registry's list itself."""
    return next(kind for kind in KINDS if kind.name == name)


def test_every_registered_kind_has_contract_data_and_no_other_kind_does() -> None:
    assert sorted(DATA) == sorted(NAMES)


@each_kind
def test_the_kind_is_found_by_its_name_and_aliases(name: str) -> None:
    kind = registered(name)
    assert kind.spec.name == name
    for key in (name, name.upper(), *kind.spec.aliases):
        assert get_kind(key) is kind
    others = {
        key for other in KINDS if other is not kind for key in (other.name, *other.spec.aliases)
    }
    assert not others & {name, *kind.spec.aliases}, "a name or alias of two kinds"


@each_kind
def test_every_puzzle_of_the_kind_says_so(name: str) -> None:
    kind = registered(name)
    for puzzle in data_of(name).samples.values():
        assert puzzle.kind == name
        assert puzzle.spec is kind.spec
        assert kind_of(puzzle) is kind
        assert isinstance(puzzle, DrawnPuzzle) == kind.drawn


@each_kind
def test_every_format_of_the_kind_is_registered_and_holds_it(name: str) -> None:
    kind = registered(name)
    assert name in studio_json.FORMAT.kinds
    for spec in kind.formats:
        assert spec in FORMATS
        assert get_format(spec.name) is spec
        assert name in spec.kinds
        assert spec.extensions
        assert all(ext.startswith(".") and ext == ext.lower() for ext in spec.extensions)
    names = [spec.name for spec in FORMATS]
    assert len(names) == len(set(names))


@each_kind
def test_the_kind_has_generator_and_repair_strategies(name: str) -> None:
    kind = registered(name)
    for strategies in (kind.generator.strategies, kind.repairs.strategies):
        assert strategies
        assert len(set(strategies)) == len(strategies)
    assert set(kind.generator.density_strategies) <= set(kind.generator.strategies)
    assert set(data_of(name).partial_repairs) <= set(kind.repairs.strategies)


@each_kind
def test_a_new_document_of_the_smallest_size_is_valid(name: str) -> None:
    kind = registered(name)
    shape = (kind.spec.min_side, kind.spec.min_side + 1)
    document = new_document(name, shape, title="t")
    assert document.kind == name
    assert document.puzzle.shape == shape
    assert document.title == "t"
    document.puzzle.validate()
    if kind.drawn:
        assert document.picture is not None
        assert not document.picture.any()
        picture = np.zeros(shape, dtype=bool)
        picture[0, 0] = True
        drawn = kind.document_of(picture)
        assert drawn.puzzle.check(picture) == []
    else:
        assert document.picture is None


@each_kind
def test_the_samples_have_one_several_and_no_solutions(name: str) -> None:
    """The data's own check: its samples are valid and cover every verdict."""
    data = data_of(name)
    counts = set()
    for puzzle in data.samples.values():
        puzzle.validate()
        counts.add(min(2, len(data.solutions(puzzle))))
    assert counts == {0, 1, 2}


@each_kind
def test_the_worked_example_is_tiny_unique_and_solved_by_logic(name: str) -> None:
    """The example a book's rules page draws: its picture is the one solution (by the kind's
    brute force, not the studio's solver), and the kind's logic reaches it unaided."""
    document = registered(name).example()
    puzzle = document.puzzle
    assert document.kind == name
    assert max(puzzle.shape) <= 6, "small enough to solve in the head on a rules page"
    puzzle.validate()
    assert document.picture is not None
    assert [s.tobytes() for s in data_of(name).solutions(puzzle)] == [document.picture.tobytes()]
    deduction = puzzle.deduce()
    assert deduction.complete
    assert np.array_equal(deduction.grid == FILLED, document.picture)


@each_kind
def test_a_kind_with_colours_declares_a_colour_example_and_its_rules(name: str) -> None:
    """The colour rules page of a book: its example is tiny, in every colour of its palette,
    apart in greyscale, and has one solution, its picture, which the analysis proves (brute
    force cannot enumerate 4^25 grids) and the kind's logic reaches unaided."""
    kind = registered(name)
    if not kind.spec.has_colours:
        assert kind.colour_example is None
        assert kind.spec.colour_rules == ""
        return
    assert kind.colour_example is not None
    assert "colour" in kind.spec.colour_rules
    document = kind.colour_example()
    puzzle = document.puzzle
    assert document.kind == name
    assert max(puzzle.shape) <= 6
    assert puzzle.colours > 1
    assert document.palette is not None
    assert greyscale_alike(document.palette) == []
    assert document.picture is not None
    assert set(np.unique(document.picture)) == set(range(puzzle.colours + 1))
    puzzle.validate()
    analysis = analyze(puzzle)
    assert analysis.status is Status.UNIQUE
    assert np.array_equal(analysis.solution, document.picture)
    deduction = puzzle.deduce()
    assert deduction.complete
    assert np.array_equal(deduction.grid, document.picture)
