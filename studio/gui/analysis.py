"""The live analysis job: what the window runs after every edit (on a :class:`LatestOnly`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from studio.core.cancel import CancelToken
from studio.core.puzzle import Puzzle
from studio.core.sat.analysis import Analysis, analyze, rated

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
    """The job analysing ``puzzle`` (a valid one) under the runner's cancel token.

    It rates only a line-solvable puzzle (free): rating another can take longer than the
    analysis (probing), so its verdict shows first and :func:`rating_job` follows.
    """

    def job(cancel: CancelToken) -> AnalysisResult:
        analysis = analyze(puzzle, cancel=cancel, rate=False)
        if analysis.logic_solvable:
            analysis = rated(puzzle, analysis, cancel=cancel)
        return AnalysisResult(puzzle, analysis)

    return job


def rating_job(result: AnalysisResult) -> Callable[[CancelToken], AnalysisResult]:
    """The job adding the difficulty to a unique puzzle's analysis."""

    def job(cancel: CancelToken) -> AnalysisResult:
        return AnalysisResult(result.puzzle, rated(result.puzzle, result.analysis, cancel=cancel))

    return job
