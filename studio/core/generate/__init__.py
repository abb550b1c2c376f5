"""Puzzle generators: unique puzzles by construction, reproducible from a seed.

Every kind's generator lives in its package (e.g. :mod:`studio.core.kinds.nonogram.generate`:
a raw picture by strategy ``"picture"`` (Tatham's smoothed noise), ``"density"`` (van Oers 2024,
§5.1.1) or ``"clue-stats"`` (thesis §5.1.2, Table 5.1), repaired to a unique puzzle) and its
declaration lists it (:attr:`studio.core.contract.kind.Kind.generator`). Randomness comes only
from a ``numpy.random.Generator`` seeded with the puzzle's seed (docs/algorithms.md,
"Generators").
"""

from __future__ import annotations

import dataclasses

from studio.core.cancel import CancelToken
from studio.core.contract.generation import (
    MAX_SIDE,
    MIN_SIDE,
    Generated,
    GeneratorError,
    GeneratorOptions,
    KindGenerator,
    Report,
    Underway,
    check_seed,
    puzzle_seed,
)
from studio.core.errors import PuzzleError
from studio.core.kinds import get_kind


def generator(kind: str) -> KindGenerator:
    """The generator of ``kind`` (a name or alias), as its declaration lists it.

    Raises:
        StudioError: for an unknown kind.
    """
    return get_kind(kind).generator


def resolved(options: GeneratorOptions) -> GeneratorOptions:
    """``options`` with the kind's own name and a strategy (its default if none was given).

    Raises:
        GeneratorError: for a strategy the kind does not have, a size outside the kind's
            ``min_side`` to ``max_side``, more colours than its ``max_colours``, or colours for
            a strategy that draws black and white (checked before any work).
    """
    kind = generator(options.kind)
    spec = get_kind(options.kind).spec
    try:
        spec.check_shape(options.shape)
    except PuzzleError as error:
        raise GeneratorError(str(error)) from None
    if options.colours > spec.max_colours:
        noun = spec.noun or spec.name
        raise GeneratorError(
            f"a {noun} is black and white; {options.colours} colours were asked for"
            if not spec.has_colours
            else f"a {noun} has at most {spec.max_colours} colours, not {options.colours}"
        )
    strategy = options.strategy or kind.strategies[0]
    if strategy not in kind.strategies:
        raise GeneratorError(
            f"unknown strategy {strategy!r} for {options.kind}; "
            f"choose one of {', '.join(kind.strategies)}"
        )
    if options.colours > 1 and strategy not in kind.colour_strategies:
        raise GeneratorError(
            f"{strategy} draws black and white; for colours use "
            f"{' or '.join(kind.colour_strategies)}"
        )
    return dataclasses.replace(options, kind=spec.name, strategy=strategy)


def generate(
    options: GeneratorOptions,
    seed: int,
    *,
    cancel: CancelToken | None = None,
    report: Report | None = None,
) -> Generated:
    """A unique puzzle of ``options.kind`` from ``seed``: the same options and seed give the
    same puzzle.

    ``report`` hears how a puzzle that takes long is coming along (an
    :class:`~studio.core.contract.generation.Underway` every half second: tries, seconds, the
    closest candidate so far, and after ten seconds which options to relax); it changes
    nothing in what is made.

    Raises:
        GeneratorError: bad options or seed, or no puzzle met the options in the kind's
            attempts.
        Stopped: when ``cancel`` fires.
    """
    check_seed(seed)
    options = resolved(options)
    return generator(options.kind).generate(options, seed, cancel, report)


__all__ = [
    "MAX_SIDE",
    "MIN_SIDE",
    "Generated",
    "GeneratorError",
    "GeneratorOptions",
    "KindGenerator",
    "Report",
    "Underway",
    "generate",
    "generator",
    "puzzle_seed",
    "resolved",
]
