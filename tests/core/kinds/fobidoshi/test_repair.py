"""Fobidoshi repair: givens from the reference solution on variable fields until unique, then
every added given not needed dropped; suggestions verified; through the kind registry."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.kinds import get_kind
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.repair import minimal_givens, repair, suggest
from studio.core.repair import repair_document, suggest_repairs
from studio.core.sat.analysis import Status, analyze, count_solutions
from tests.conftest import shared_params, shared_records

RECORDS = shared_params("fobidoshi")


def _solution(rows: list[str]) -> np.ndarray:
    return np.array([[char == "o" for char in row] for row in rows], dtype=bool)


def _thinned(record: dict[str, Any], seed: int) -> Fobidoshi:
    """The shared puzzle with half its givens taken away: ambiguous."""
    puzzle = Fobidoshi.from_rows(record["givens"])
    givens = puzzle.givens.copy()
    cells = puzzle.given_cells()
    for index in np.random.default_rng(seed).permutation(len(cells))[: len(cells) // 2]:
        givens[cells[index]] = BLANK
    return Fobidoshi(givens)


def _agrees(puzzle: Fobidoshi, solution: np.ndarray) -> bool:
    givens = puzzle.givens
    return bool((solution[givens == CIRCLE]).all() and not (solution[givens == CROSS]).any())


@pytest.mark.parametrize("record", RECORDS[::3], ids=[r["id"] for r in RECORDS[::3]])
def test_repair_makes_a_thinned_puzzle_unique_with_needed_givens(record: dict[str, Any]) -> None:
    solution = _solution(record["solution"])
    design = _thinned(record, 1)
    assert analyze(design, rate=False).status == Status.MULTIPLE
    result = repair(Document(design, solution), None, rng=np.random.default_rng(0))
    assert result.analysis.status == Status.UNIQUE
    assert result.analysis.difficulty is not None
    assert (result.picture == solution).all()
    assert result.changed_cells == ()
    puzzle = result.puzzle
    assert _agrees(puzzle, solution)
    assert set(design.given_cells()) <= set(result.givens)
    assert tuple(puzzle.given_cells()) == result.givens
    added = tuple(cell for cell in result.givens if cell not in design.given_cells())
    assert result.added_givens == added
    assert result.describe().startswith(f"{len(added)} given")
    # Winnowed: every given the repair added is needed.
    for cell in set(result.givens) - set(design.given_cells()):
        assert count_solutions(puzzle.with_given(cell, BLANK), 2) == 2


def test_logic_solvable_repair_is_solved_by_the_rules() -> None:
    record = shared_records("fobidoshi")[4]
    solution = _solution(record["solution"])
    result = repair(Document(_thinned(record, 2), solution), None, logic_solvable=True)
    assert result.puzzle.deduce().complete
    assert _agrees(result.puzzle, solution)
    assert result.analysis.status == Status.UNIQUE


def test_a_unique_puzzle_needs_nothing() -> None:
    record = shared_records("fobidoshi")[0]
    puzzle = Fobidoshi.from_rows(record["givens"])
    result = repair(Document(puzzle), None)
    assert result.puzzle == puzzle
    assert result.steps == 0


def test_repair_refuses_what_it_cannot_work_from() -> None:
    apart = Fobidoshi.from_rows(["oxx-", "-xx-", "-xxo", "-xx-"])
    with pytest.raises(StudioError, match="no solution"):
        repair(Document(apart), None)
    wrong = np.zeros((4, 4), dtype=bool)
    with pytest.raises(StudioError, match="does not solve the puzzle: row 1, column 1 is given"):
        repair(Document(Fobidoshi.from_rows(["o---"] + ["----"] * 3), wrong), None)
    with pytest.raises(StudioError, match="unknown repair strategy 'flips'"):
        repair_document(Document(Fobidoshi.blank((4, 4))), strategy="flips")


def test_suggestions_are_verified_single_givens_best_first() -> None:
    record = shared_records("fobidoshi")[5]
    solution = _solution(record["solution"])
    design = _thinned(record, 3)
    document = Document(design, solution)
    analysis = analyze(design, rate=False)
    before = int(analysis.variable.sum())
    suggestions = suggest_repairs(document, analysis, limit=4)
    assert 1 <= len(suggestions) <= 4
    remaining = [s.remaining for s in suggestions]
    assert remaining == sorted(remaining)
    for suggestion in suggestions:
        (cell,) = suggestion.givens
        assert analysis.variable[cell]
        assert suggestion.flips == ()
        assert suggestion.remaining < before
        assert suggestion.remaining == int(analyze(suggestion.puzzle).variable.sum())
        assert suggestion.describe().startswith("add 1 given → ")
    assert (
        suggest(
            Document(Fobidoshi.from_rows(record["givens"])),
            None,
            analyze(Fobidoshi.from_rows(record["givens"])),
        )
        == []
    )
    with pytest.raises(StudioError, match="limit must be at least 1"):
        suggest(document, None, analysis, limit=0)


def test_registered_for_the_kind() -> None:
    assert get_kind("fobidoshi").repairs.strategies == ("givens",)


def test_minimal_givens_keeps_only_the_givens_a_unique_puzzle_needs() -> None:
    record = shared_records("fobidoshi")[0]
    puzzle = Fobidoshi.from_rows(record["givens"])
    solution = _solution(record["solution"])
    # Every cell of the solution given: unique, and most givens are not needed.
    full = Fobidoshi(np.where(solution, CIRCLE, CROSS).astype(np.int8))
    kept = minimal_givens(full)
    assert count_solutions(kept, 2) == 1
    assert _agrees(kept, solution)
    assert len(kept.given_cells()) < len(full.given_cells())
    for cell in kept.given_cells():
        assert count_solutions(kept.with_given(cell, BLANK), 2) == 2, cell
    assert minimal_givens(puzzle, []) == puzzle
