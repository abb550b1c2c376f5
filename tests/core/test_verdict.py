"""The verdict in words (studio/core/verdict.py): what the status bar and the terminal say."""

from __future__ import annotations

from dataclasses import replace

from studio.core.cancel import CancelToken
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.core.sat.analysis import Status, analyze
from studio.core.verdict import describe

DIAGONAL = document_of_picture("nonogram", grid_from_text(["#.", ".#"])).puzzle


def test_an_ambiguous_verdict_counts_the_variable_fields() -> None:
    assert describe(analyze(DIAGONAL)) == "Ambiguous: 4 variable fields"


def test_a_verdict_cut_short_names_what_stopped_it_and_the_limit_given() -> None:
    unknown = analyze(DIAGONAL, cancel=CancelToken(0.0))
    assert describe(unknown) == "Unknown: time limit reached"
    assert describe(unknown, time_limit=60.0) == "Unknown: time limit of 60 s reached"
    partial = replace(analyze(DIAGONAL), complete=False, stop_reason="timeout")
    assert describe(partial, time_limit=0.5) == (
        "Ambiguous: 4 or more variable fields (time limit of 0.5 s reached)"
    )
    assert describe(replace(partial, stop_reason="cancelled")) == (
        "Ambiguous: 4 or more variable fields (stopped)"
    )


def test_no_solution_without_a_line_to_blame_says_how_it_was_found() -> None:
    """Logic found no contradiction; the search found no solution (it read "found by
    search", as if a solution had been found)."""
    analysis = analyze(DIAGONAL)
    none = replace(analysis, status=Status.NONE, solution=None)
    assert none.contradiction is None
    assert describe(none) == "No solution (proved by search: no one clue alone is at fault)"
