"""The verdict of an analysis in words, as the status bar and the terminal show it."""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.kinds import get_kind
from studio.core.sat.analysis import Analysis, Status


def describe(
    analysis: Analysis, names: Sequence[str] | None = None, *, time_limit: float | None = None
) -> str:
    """One line for a status bar or a terminal, e.g. ``"Ambiguous: 14 variable fields"``;
    ``names`` names the colours of a colour puzzle (its document's
    :attr:`~studio.core.document.Document.colour_names`), e.g. ``"No solution: row 3 cannot
    hold 2 in red"``; ``time_limit``, the seconds the analysis was given, is named when it
    stopped it (``"Unknown: time limit of 60 s reached"``)."""
    limit = f" of {time_limit:g} s" if time_limit is not None else ""
    stopped = {
        None: "still checking",  # an interim analysis: the search goes on
        "timeout": f"time limit{limit} reached",
        "cancelled": "stopped",
        "limit": "enough found",  # a repair search's variable_limit
    }[analysis.stop_reason]
    if analysis.status == Status.UNIQUE:
        if analysis.difficulty is None:
            solvable = get_kind(analysis.kind).spec.logic_solvable
            return f"Unique · {solvable if analysis.logic_solvable else 'not ' + solvable}"
        rating = analysis.difficulty
        return f"Unique · {rating.description} · difficulty {rating.score}/5"
    if analysis.status == Status.MULTIPLE:
        count = int(analysis.variable.sum())
        fields = f"variable field{'s' if count != 1 else ''}"
        if not analysis.complete:
            return f"Ambiguous: {count} or more {fields} ({stopped})"
        return f"Ambiguous: {count} {fields}"
    if analysis.status == Status.NONE:
        contradiction = analysis.contradiction
        if contradiction is None:  # no single line or rule is to blame: "found by search"
            return "No solution (proved by search: no one clue alone is at fault)"
        return f"No solution: {contradiction.text(names)}"
    return f"Unknown: {stopped}"
