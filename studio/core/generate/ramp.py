"""A difficulty ramp: N puzzles of each kind, from easy to hard, to fill a book.

Difficulty scores mean the same for every kind (``Puzzle.rate``: 1–2 the kind's plain logic,
3–4 one level of "what if", 5 search), so one ramp serves them all. Each kind's section gets
``count`` levels spread evenly from ``easiest`` to ``hardest`` (:func:`ramp_levels`), and the
puzzles of one level of one section are one batch (:func:`~studio.core.generate.batch.
generate_batch`) with that level as both minimum and maximum difficulty, seeded by
:func:`ramp_seed` from the ramp's seed, the section's place and the level: so the ramp depends
on its arguments alone, and no two of its puzzles are alike (a batch makes distinct puzzles, and
puzzles of different levels differ).

Not every level comes at every size: a large grid's puzzles take more than the plain logic of
level 1 (a 25×25 nonogram rarely rates 1), a small one's seldom need the "what if" of level 3,
and some levels are rare at many sizes (no Fobidoshi of level 3 came in 5000 attempts at
20×20, 25×25 or 30×30, where levels 1 and 2 came within three minutes). When a level is out of
reach, the ramp says which levels next to it were reached (those below made already, the next
one above tried with one puzzle, and if neither, the next one below), and so which end of the
range to move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.generation import (
    Generated,
    GeneratorError,
    GeneratorOptions,
    Report,
    check_seed,
    size_name,
)
from studio.core.generate import resolved
from studio.core.generate.batch import POOL_AFTER_SECONDS, generate_batch
from studio.core.kinds import get_kind
from studio.core.parallel import require_dask

__all__ = ["MAX_PER_KIND", "TOP_LEVEL", "Section", "fill_book", "ramp_levels", "ramp_seed"]

TOP_LEVEL = 5
"""The hardest difficulty level: the puzzle needs search (levels run 1 to 5)."""

MAX_PER_KIND = 500
"""The most puzzles of one kind one ramp makes."""


@dataclass(frozen=True)
class Section:
    """One kind's part of the ramp.

    Attributes:
        kind: the kind's name (or an alias).
        shape: ``(height, width)`` of its puzzles, within the kind's sizes.
        strategy: one of the kind's strategies; ``None`` for its default.
        colours: ink colours of its puzzles: 1 black and white, more a colour puzzle (for a
            kind with colours and a strategy that draws in them, checked by
            :func:`~studio.core.generate.resolved`).
    """

    kind: str
    shape: tuple[int, int]
    strategy: str | None = None
    colours: int = 1

    def options(self, level: int) -> GeneratorOptions:
        """What to generate for one puzzle of ``level`` (1..5) in this section."""
        return GeneratorOptions(
            self.shape,
            kind=self.kind,
            strategy=self.strategy,
            colours=self.colours,
            min_difficulty=level,
            max_difficulty=level,
        )


def ramp_levels(count: int, easiest: int = 1, hardest: int = 5) -> list[int]:
    """``count`` difficulty levels from ``easiest`` to ``hardest`` (1..5), never decreasing,
    spread evenly and holding both ends when ``count`` is 2 or more: level ``j`` (from 0) is
    ``easiest`` plus ``j × (hardest − easiest) / (count − 1)`` rounded half up, e.g. six from
    1 to 3 are 1 1 2 2 3 3.

    Raises:
        GeneratorError: for a negative count, a level outside 1..5, or ``easiest`` above
            ``hardest``.
    """
    if count < 0:
        raise GeneratorError(f"count must be 0 or more, got {count}")
    for name, level in (("easiest", easiest), ("hardest", hardest)):
        if not 1 <= level <= TOP_LEVEL:
            raise GeneratorError(f"the {name} level must be 1 to {TOP_LEVEL}, got {level}")
    if easiest > hardest:
        raise GeneratorError(f"the easiest level {easiest} is above the hardest {hardest}")
    if count == 1:
        return [easiest]
    span, steps = hardest - easiest, count - 1
    return [easiest + (2 * j * span + steps) // (2 * steps) for j in range(count)]


def ramp_seed(seed: int, section: int, level: int) -> int:
    """The seed of the batch of ``level`` in section ``section`` (from 0) of a ramp seeded
    ``seed``: the first 32-bit word of ``numpy.random.SeedSequence(seed, spawn_key=(section,
    level))``, so that sections and levels share no puzzles."""
    state = np.random.SeedSequence(seed, spawn_key=(section, level)).generate_state(1)
    return int(state[0])


def fill_book(
    sections: Sequence[Section],
    count: int,
    seed: int,
    *,
    easiest: int = 1,
    hardest: int = 5,
    jobs: int = 1,
    pool_after: float = POOL_AFTER_SECONDS,
    scheduler: str | None = None,
    cancel: CancelToken | None = None,
    progress: Callable[[int, int], None] | None = None,
    report: Report | None = None,
) -> Iterator[Generated]:
    """``count`` puzzles for each of ``sections``, section after section, each from
    ``easiest`` to ``hardest`` (:func:`ramp_levels`), every puzzle rated exactly its level.

    Args:
        sections: the kinds, their sizes, strategies and colours, in the order wanted.
        count: puzzles per section, 0 to :data:`MAX_PER_KIND`.
        seed: the ramp's seed; the puzzles depend on the arguments alone.
        easiest, hardest: the ramp's first and last difficulty level (1..5).
        jobs, pool_after, scheduler: where each level's batch runs: on up to ``jobs``
            processes once it is expected to take ``pool_after`` seconds more, or on the Dask
            cluster of ``scheduler`` (:func:`~studio.core.generate.batch.generate_batch`); the
            puzzles are the same wherever.
        cancel: checked between puzzles and inside each.
        progress: ``progress(done, total)`` after each puzzle, of ``count × len(sections)``.
        report: how a puzzle made in this process that takes long is coming along.

    Raises:
        GeneratorError: at once for a bad count, seed, level or section (its kind, size,
            strategy or colours); while iterating, when a level cannot be reached at a
            section's size: the message names the levels reached and the setting that helps
            (``"no 25×25 nonogram of level 1 was found (level 2 was): raise the easiest level
            to 2, or make the puzzles smaller"``).
        DaskMissing, ClusterError: for a ``scheduler``, as
            :func:`~studio.core.generate.batch.generate_batch`.
        Stopped: when ``cancel`` fires.
    """
    check_seed(seed)
    if count > MAX_PER_KIND:
        raise GeneratorError(f"at most {MAX_PER_KIND} puzzles of a kind, got {count}")
    levels = ramp_levels(count, easiest, hardest)
    if not sections:
        raise GeneratorError("a ramp needs at least one kind")
    for section in sections:
        resolved(section.options(easiest))  # kind, size, strategy and colours, before any work
    if scheduler is not None:
        require_dask("a scheduler")  # at once, not at the first level's batch
    batch = functools.partial(
        generate_batch,
        jobs=jobs,
        pool_after=pool_after,
        scheduler=scheduler,
        cancel=cancel or CancelToken(),
        report=report,
    )
    return _ramp(sections, levels, seed, batch, progress, hardest)


Batch = Callable[[GeneratorOptions, int, int], Iterator[Generated]]
"""``batch(options, seed, count)``: :func:`~studio.core.generate.batch.generate_batch`."""


def _ramp(
    sections: Sequence[Section],
    levels: list[int],
    seed: int,
    batch: Batch,
    progress: Callable[[int, int], None] | None,
    hardest: int,
) -> Iterator[Generated]:
    total, done = len(levels) * len(sections), 0
    for place, section in enumerate(sections):
        last: int | None = None  # the last level made
        for level in sorted(set(levels)):
            made = 0
            try:
                seeded = ramp_seed(seed, place, level)
                for generated in batch(section.options(level), seeded, levels.count(level)):
                    made, done = made + 1, done + 1
                    if progress is not None:
                        progress(done, total)
                    yield generated
            except GeneratorError:
                if made:  # the level was reached: too few distinct puzzles, said as it is
                    raise
                # The levels next to it that the size reaches, past the ramp's ends too: a
                # ramp of level 1 alone at 25×25 is told that level 2 comes.
                above = _first_reached(batch, section, seed, place, range(level + 1, TOP_LEVEL + 1))
                below = last
                if below is None and above is None:  # then any level under the ramp's
                    below = _first_reached(batch, section, seed, place, range(level - 1, 0, -1))
                raise _out_of_reach(section, level, below, above, levels[0], hardest) from None
            last = level


def _first_reached(
    batch: Batch, section: Section, seed: int, place: int, levels: range
) -> int | None:
    """The first of ``levels`` at which one puzzle of ``section`` (in place ``place`` of a
    ramp seeded ``seed``) is made, the one its batch would make first; ``None`` if none is."""
    for level in levels:
        try:
            next(batch(section.options(level), ramp_seed(seed, place, level), 1))
        except GeneratorError:
            continue
        return level
    return None


def _out_of_reach(
    section: Section,
    level: int,
    below: int | None,
    above: int | None,
    easiest: int,
    hardest: int,
) -> GeneratorError:
    """The error of a ``level`` no puzzle of ``section`` reached, naming the levels reached
    next to it, ``below`` and ``above`` (``None``: none), and what to change in a ramp from
    ``easiest`` to ``hardest``: a level below those reached asks for a higher easiest level,
    or smaller puzzles (plain logic is for small grids); one above them for a lower hardest
    level (a larger grid is no sure way to the "what if" levels: see the module docstring)."""
    spec = get_kind(section.kind).spec
    noun = spec.noun or spec.name
    if section.colours > 1:
        noun = f"{section.colours}-colour {noun}"
    failed = f"no {size_name(section.shape)} {noun} of level {level} was found"
    found = [found for found in (below, above) if found is not None]
    if not found:
        return GeneratorError(f"{failed}, nor of any other level: try another size")
    were = f"levels {found[0]} and {found[1]} were" if len(found) == 2 else f"level {found[0]} was"
    if below is not None and above is not None:
        advice = f"leave level {level} out: end at level {below} or start at level {above}"
    elif above is not None and above > hardest:
        advice = f"raise the easiest and hardest levels to {above}, or make the puzzles smaller"
    elif above is not None:
        advice = f"raise the easiest level to {above}, or make the puzzles smaller"
    elif below is not None and below >= easiest:
        advice = f"lower the hardest level to {below}"
    else:
        advice = f"lower the easiest and hardest levels to {below}"
    return GeneratorError(f"{failed} ({were}): {advice}")
