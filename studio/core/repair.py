"""Uniqueness repair of any kind's design, through the repairs its declaration lists
(:attr:`studio.core.contract.kind.Kind.repairs`).

Two entry points (the design: docs/algorithms.md, "Repair"): :func:`suggest_repairs` lists a
few concrete, verified changes for the designer to choose from, best first; :func:`repair_document`
changes the design until its puzzle is unique, by one of the kind's strategies. Each kind's
search is in its package (e.g. :mod:`studio.core.kinds.nonogram.repair`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.repairs import Repair, RepairResult
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.core.kinds import get_kind
from studio.core.puzzle import Puzzle
from studio.core.sat.analysis import Analysis

__all__ = ["Repair", "RepairResult", "repair_document", "repaired", "suggest_repairs"]


def repaired(document: Document, repair: Repair[Puzzle] | RepairResult[Puzzle]) -> Document:
    """``document`` with a repair applied: its puzzle and picture; title, author and notes kept.
    The window (Apply, Repair all) and the command line (``studio repair``) both make this
    edit."""
    return replace(document, puzzle=repair.puzzle, picture=repair.picture)


def repair_document(
    document: Document,
    *,
    reference: Picture | None = None,
    strategy: str | None = None,
    logic_solvable: bool = False,
    rng: np.random.Generator | None = None,
    cancel: CancelToken | None = None,
) -> RepairResult[Puzzle]:
    """Repair ``document``'s puzzle until it is unique, by its kind's ``strategy``.

    Args:
        document: the design; its picture (if any) is the intended solution.
        reference: a solution to work from where the document has no picture (e.g. the one
            the studio shows for a puzzle known by its clues).
        strategy: one of the kind's repair strategies (default: its first).
        logic_solvable: also insist that the kind's logic alone solves the result.
        rng: breaks ties, reproducibly; ``None``: deterministic.
        cancel: stops the repair.

    Raises:
        StudioError: an unknown strategy or kind, or nothing to repair from.
        Stopped: when ``cancel`` fires.
    """
    repairs = get_kind(document.kind).repairs
    chosen = strategy or repairs.strategies[0]
    if chosen not in repairs.strategies:
        raise StudioError(
            f"unknown repair strategy {chosen!r} for {document.kind}; "
            f"use one of {', '.join(repairs.strategies)}"
        )
    return repairs.repair(document, reference, chosen, logic_solvable, rng, cancel)


def suggest_repairs(
    document: Document,
    analysis: Analysis,
    *,
    reference: Picture | None = None,
    limit: int = 5,
    cancel: CancelToken | None = None,
) -> Sequence[Repair[Puzzle]]:
    """A few verified changes that make ``document``'s ambiguous puzzle unique or less
    ambiguous, best first (see the kind's own ``suggest``).

    Raises:
        StudioError: nothing to repair from.
        Stopped: when ``cancel`` fires.
    """
    return get_kind(document.kind).repairs.suggest(document, reference, analysis, limit, cancel)
