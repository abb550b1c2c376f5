"""The verdict of an analysis in words, as the status bar and the terminal show it."""

from __future__ import annotations

from studio.core.kinds import get_kind
from studio.core.sat.analysis import Analysis, Status


def describe(analysis: Analysis) -> str:
    """One line for a status bar or a terminal, e.g. ``"Ambiguous: 14 variable fields"``."""
    stopped = {"timeout": "time limit reached", "cancelled": "stopped"}.get(
        analysis.stop_reason or "", ""
    )
    if analysis.status == Status.UNIQUE:
        if analysis.difficulty is None:
            solvable = get_kind(analysis.kind).spec.logic_solvable
            return f"Unique · {solvable if analysis.logic_solvable else 'not ' + solvable}"
        rating = analysis.difficulty
        return f"Unique · {rating.description} · difficulty {rating.score}/5"
    if analysis.status == Status.MULTIPLE:
        count = int(analysis.variable.sum())
        more = f" or more ({stopped})" if not analysis.complete else ""
        return f"Ambiguous: {count}{more} variable field{'s' if count != 1 else ''}"
    if analysis.status == Status.NONE:
        where = analysis.contradiction.message if analysis.contradiction else "found by search"
        return f"No solution: {where}"
    return f"Unknown: {stopped}"
