"""The live analysis job: what the window runs after every edit (on a :class:`LatestOnly`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from studio.core.cancel import CancelToken
from studio.core.puzzle import Puzzle
from studio.core.sat.analysis import Analysis, analyze

DEBOUNCE_MS = 60
"""Quiet time after an edit before analysis starts: short enough to feel immediate."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds an analysis may run before the status says it stopped (the hardest puzzles known)."""


@dataclass(frozen=True)
class AnalysisResult:
    """An analysis and the puzzle it is of."""

    puzzle: Puzzle
    analysis: Analysis


def analysis_job(puzzle: Puzzle) -> Callable[[CancelToken], AnalysisResult]:
    """The job analysing ``puzzle`` (a valid one) under the runner's cancel token."""

    def job(cancel: CancelToken) -> AnalysisResult:
        return AnalysisResult(puzzle, analyze(puzzle, cancel=cancel))

    return job
