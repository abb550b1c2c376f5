"""What every generator shares: options, results, seeds (docs/algorithms.md, "Generators").

Each kind's generator (e.g. :mod:`studio.core.kinds.nonogram.generate`) implements
``generate(options, seed, cancel)`` and its declaration lists it as a :class:`KindGenerator`;
:mod:`studio.core.generate` picks it by ``options.kind``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.puzzle import KindSpec
from studio.core.sat.analysis import Analysis, Status

MIN_SIDE, MAX_SIDE = 2, 100


class GeneratorError(StudioError, ValueError):
    """Options a generator cannot work with, or that no puzzle met within its attempts."""


@dataclass(frozen=True)
class GeneratorOptions:
    """What to generate.

    Attributes:
        shape: ``(height, width)``, each ``MIN_SIDE .. MAX_SIDE`` (2..100).
        kind: the puzzle kind (a name of :mod:`studio.core.kinds`).
        strategy: one of the kind's strategies; ``None`` for its default.
        density: fraction of filled cells, strictly between 0 and 1, for the strategies that
            draw a random picture.
        logic_solvable: keep only puzzles the kind's logic solver completes (line logic for a
            nonogram).
        nonempty_lines: every row and column holds at least one filled cell (where the kind
            cares: nonograms).
        max_difficulty: keep only puzzles with ``Analysis.difficulty.score`` at most this
            (1..5); ``None`` for any.
        colours: ink colours of the puzzle, 1 (black and white) or more for a kind whose
            ``spec.max_colours`` allows them (checked by
            :func:`studio.core.generate.resolved`).

    Raises:
        GeneratorError: naming the option that is out of range (the kind and strategy are
            checked by :func:`studio.core.generate.generate`).
    """

    shape: tuple[int, int]
    kind: str = "nonogram"
    strategy: str | None = None
    density: float = 0.5
    logic_solvable: bool = False
    nonempty_lines: bool = True
    max_difficulty: int | None = None
    colours: int = 1

    def __post_init__(self) -> None:
        if len(self.shape) != 2:
            raise GeneratorError(f"shape must be (height, width), got {self.shape!r}")
        for name, side in zip(("height", "width"), self.shape, strict=True):
            if not isinstance(side, int | np.integer) or not MIN_SIDE <= side <= MAX_SIDE:
                raise GeneratorError(f"{name} must be {MIN_SIDE} to {MAX_SIDE} cells, got {side}")
        object.__setattr__(self, "shape", (int(self.shape[0]), int(self.shape[1])))
        if not 0.0 < self.density < 1.0:
            raise GeneratorError(f"density must be between 0 and 1 (exclusive), got {self.density}")
        if self.max_difficulty is not None and not 1 <= self.max_difficulty <= 5:
            raise GeneratorError(f"max difficulty must be 1 to 5, got {self.max_difficulty}")
        if self.colours < 1:
            raise GeneratorError(f"colours must be at least 1, got {self.colours}")


@dataclass(frozen=True, eq=False)
class Generated:
    """One generated puzzle.

    Attributes:
        document: the puzzle and its picture (the unique solution), untitled: a title is the
            designer's to give, and a book prints none for it (the seed is in the notes and
            in :attr:`seed`; :attr:`name` names the puzzle until it has a title).
        analysis: the analysis of the puzzle: unique, with its difficulty.
        seed: the seed that reproduces exactly this puzzle alone.
        attempts: raw pictures (or starting configurations) made for this puzzle.
        repaired_cells: cells repair changed (0 when a raw picture met the options as it was).
    """

    document: Document
    analysis: Analysis
    seed: int
    attempts: int
    repaired_cells: int

    @property
    def name(self) -> str:
        """The puzzle's kind, size and seed, e.g. ``"Mosaic 10×10 #42"``
        (:func:`generated_name`): what lists and messages call it."""
        puzzle = self.document.puzzle
        return generated_name(puzzle.spec, puzzle.shape, self.seed)


def meets(analysis: Analysis, options: GeneratorOptions) -> bool:
    """Unique, solvable by the kind's logic when asked, no harder than asked."""
    if analysis.status != Status.UNIQUE or not analysis.complete:
        return False
    if options.logic_solvable and not analysis.logic_solvable:
        return False
    if options.max_difficulty is not None:
        difficulty = analysis.difficulty
        return difficulty is not None and difficulty.score <= options.max_difficulty
    return True


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of puzzle ``index`` (from 0) of a batch seeded ``seed``.

    Puzzle 0 has the batch's own seed, so a batch of one is ``generate(options, seed)`` and the
    seed in a puzzle's title reproduces it as a batch of one too. Puzzle ``i >= 1`` has the first
    32-bit word of ``numpy.random.SeedSequence(seed).spawn(i + 1)[i]`` (the sequence with spawn
    key ``(i,)``): unlike ``seed + i``, batches of nearby seeds share no puzzles.
    """
    if index == 0:
        return seed
    state = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1)
    return int(state[0])


def check_seed(seed: int) -> None:
    """Raise :class:`GeneratorError` unless ``seed`` is a non-negative integer."""
    if not isinstance(seed, int | np.integer) or isinstance(seed, bool) or seed < 0:
        raise GeneratorError(f"seed must be a non-negative integer, got {seed!r}")


def size_name(shape: tuple[int, int]) -> str:
    """``"W×H"`` of a ``(height, width)`` shape."""
    return f"{shape[1]}×{shape[0]}"


def generated_name(spec: KindSpec, shape: tuple[int, int], seed: int) -> str:
    """The name of a generated puzzle of ``(height, width)``, e.g. ``"Mosaic 10×10 #42"``: its
    kind, size and the seed that makes it again."""
    return f"{spec.title} {size_name(shape)} #{seed}"


def is_generated_name(title: str, spec: KindSpec, shape: tuple[int, int]) -> bool:
    """Whether ``title`` is :func:`generated_name` of a puzzle of this kind and ``(height,
    width)``, for some seed: the title generators gave their puzzles before they left the title
    to the designer (book files of version 1 hold such titles)."""
    prefix = f"{spec.title} {size_name(shape)} #"
    return title.startswith(prefix) and re.fullmatch("[0-9]+", title[len(prefix) :]) is not None


@dataclass(frozen=True)
class KindGenerator:
    """One kind's generator: its strategies (the first is the default), the function, and the
    strategies that read :attr:`GeneratorOptions.density` (the others ignore it)."""

    strategies: tuple[str, ...]
    generate: Callable[[GeneratorOptions, int, CancelToken | None], Generated]
    density_strategies: tuple[str, ...] = ()
