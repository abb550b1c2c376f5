"""Brute-force nonogram solving for tiny grids: the independent truth the engine is tested on."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from studio.core.grid import run_lengths


def all_solutions(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]]) -> list[np.ndarray]:
    """Every bool grid whose rows and columns spell the clues.

    Enumerates every combination of row patterns that each spell their own row's clue and keeps
    those whose columns spell theirs; no line logic and no SAT involved.
    """
    height, width = len(rows), len(cols)
    patterns: dict[tuple[int, ...], list[tuple[bool, ...]]] = {}
    for bits in itertools.product((False, True), repeat=width):
        patterns.setdefault(run_lengths(bits), []).append(bits)
    found = []
    for choice in itertools.product(*(patterns.get(tuple(clue), []) for clue in rows)):
        grid = np.array(choice, dtype=bool).reshape(height, width)
        if all(run_lengths(grid[:, c]) == tuple(cols[c]) for c in range(width)):
            found.append(grid)
    return found
