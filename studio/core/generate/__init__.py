"""Puzzle generators: unique puzzles by construction, reproducible from a seed.

Nonograms (:mod:`.nonogram`): a raw picture by strategy ``"density"`` (van Oers 2024, §5.1.1),
``"clue-stats"`` (thesis §5.1.2, Table 5.1) or ``"picture"`` (Tatham's smoothed noise), repaired
to a unique puzzle. Randomness comes only from a ``numpy.random.Generator`` seeded with the
puzzle's seed (DESIGN.md §3, "Generators").
"""

from studio.core.generate.nonogram import (
    MAX_SIDE,
    MIN_SIDE,
    STRATEGIES,
    Generated,
    GeneratorError,
    GeneratorOptions,
    generate,
    generate_many,
    puzzle_seed,
)

__all__ = [
    "MAX_SIDE",
    "MIN_SIDE",
    "STRATEGIES",
    "Generated",
    "GeneratorError",
    "GeneratorOptions",
    "generate",
    "generate_many",
    "puzzle_seed",
]
