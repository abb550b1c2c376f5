"""What every generator shares: options, results, seeds (docs/algorithms.md, "Generators").

Each kind's generator (e.g. :mod:`studio.core.kinds.nonogram.generate`) implements
``generate(options, seed, cancel, report)`` and its declaration lists it as a
:class:`KindGenerator`; :mod:`studio.core.generate` picks it by ``options.kind``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.puzzle import KindSpec
from studio.core.sat.analysis import Analysis, Status

MIN_SIDE, MAX_SIDE = 2, 100
#: The highest difficulty score of a puzzle its kind's logic alone solves (``Puzzle.rate``:
#: 1–2 plain logic, 3–4 one level of "what if", 5 search, for every kind).
LOGIC_SCORE = 2


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
        min_difficulty: keep only puzzles with ``Analysis.difficulty.score`` at least this
            (1..5); ``None`` for any. A generator that makes an easier puzzle goes on with
            the next picture or attempt from the same random stream, so the puzzle still
            depends on the seed alone.

    Raises:
        GeneratorError: naming the option that is out of range, or the two that contradict
            each other (a minimum above the maximum; logic-solvable, whose score is at most
            :data:`LOGIC_SCORE`, with a higher minimum). The kind and strategy are checked by
            :func:`studio.core.generate.generate`.
    """

    shape: tuple[int, int]
    kind: str = "nonogram"
    strategy: str | None = None
    density: float = 0.5
    logic_solvable: bool = False
    nonempty_lines: bool = True
    max_difficulty: int | None = None
    colours: int = 1
    min_difficulty: int | None = None

    def __post_init__(self) -> None:
        if len(self.shape) != 2:
            raise GeneratorError(f"shape must be (height, width), got {self.shape!r}")
        for name, side in zip(("height", "width"), self.shape, strict=True):
            if not isinstance(side, int | np.integer) or not MIN_SIDE <= side <= MAX_SIDE:
                raise GeneratorError(f"{name} must be {MIN_SIDE} to {MAX_SIDE} cells, got {side}")
        object.__setattr__(self, "shape", (int(self.shape[0]), int(self.shape[1])))
        if not 0.0 < self.density < 1.0:
            raise GeneratorError(f"density must be between 0 and 1 (exclusive), got {self.density}")
        for name, score in (("max", self.max_difficulty), ("min", self.min_difficulty)):
            if score is not None and not 1 <= score <= 5:
                raise GeneratorError(f"{name} difficulty must be 1 to 5, got {score}")
        low, high = self.min_difficulty or 1, self.max_difficulty or 5
        if low > high:
            raise GeneratorError(f"min difficulty {low} is above max difficulty {high}")
        if self.logic_solvable and low > LOGIC_SCORE:
            raise GeneratorError(
                f"min difficulty {low} asks for more than logic alone: "
                f"logic-solvable puzzles score 1 to {LOGIC_SCORE}"
            )
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
    """Unique, solvable by the kind's logic when asked, no harder and no easier than asked."""
    if analysis.status != Status.UNIQUE or not analysis.complete:
        return False
    if options.logic_solvable and not analysis.logic_solvable:
        return False
    if options.max_difficulty is None and options.min_difficulty is None:
        return True
    difficulty = analysis.difficulty
    return difficulty is not None and (
        (options.min_difficulty or 1) <= difficulty.score <= (options.max_difficulty or 5)
    )


@dataclass(frozen=True)
class Underway:
    """How the puzzle being generated is coming along: what a progress line shows.

    Attributes:
        tries: raw pictures (or attempts) made for this puzzle so far.
        seconds: wall-clock seconds since it began.
        best: the candidate closest to the options so far, in words (e.g. ``"312 cells open
            to line logic"``); empty before there is one, or where the kind has no measure.
        hint: which options to relax to be faster, once the puzzle has taken
            :data:`HINT_AFTER` seconds; empty before.
    """

    tries: int
    seconds: float
    best: str = ""
    hint: str = ""

    def line(self) -> str:
        """All of it in one line, e.g. ``"20 tries, 12 s; best so far: 312 cells open to line
        logic. Faster: a smaller size or not insisting on logic alone"``."""
        text = f"{self.tries} tr{'ies' if self.tries != 1 else 'y'}, {self.seconds:.0f} s"
        if self.best:
            text += f"; best so far: {self.best}"
        return f"{text}. Faster: {self.hint}" if self.hint else text


Report = Callable[[Underway], None]
#: Seconds between two reports of one puzzle (the first comes after this long, so that quick
#: puzzles report nothing).
REPORT_EVERY = 0.5
#: Seconds after which a report carries the hint to relax the options.
HINT_AFTER = 10.0


def relax_hint(options: GeneratorOptions) -> str:
    """Which options to relax to meet ``options`` sooner, in words for people, e.g. ``"a
    larger size or a lower minimum difficulty"``: puzzles of level 1 come sooner on small
    grids, harder ones (2 too, which takes more work than small grids ask) on large grids."""
    ways = []
    if (options.min_difficulty or 1) > 1:
        ways.append("a larger size")
    elif options.logic_solvable or (options.max_difficulty or 5) <= LOGIC_SCORE:
        ways.append("a smaller size")
    if options.logic_solvable:
        ways.append("not insisting on logic alone")
    if (options.min_difficulty or 1) > 1:
        ways.append("a lower minimum difficulty")
    if (options.max_difficulty or 5) < 5:
        ways.append("a higher maximum difficulty")
    if not ways:
        ways.append("a smaller size")
    return " or ".join([", ".join(ways[:-1]), ways[-1]] if len(ways) > 1 else ways)


class Reporter:
    """What a generator tells ``report`` while it makes one puzzle: an :class:`Underway` at
    most every :data:`REPORT_EVERY` seconds, with the hint of :func:`relax_hint` once past
    :data:`HINT_AFTER`. The clock decides only when to report, never what is made.
    """

    def __init__(self, options: GeneratorOptions, report: Report | None) -> None:
        self.options = options
        self.report = report
        self.started = self.last = time.perf_counter()
        self.tries = 0
        self.best = ""

    def tried(self) -> None:
        """One more raw picture or attempt."""
        self.tries += 1
        self.note()

    def closest(self, best: str) -> None:
        """The closest candidate so far, in words."""
        self.best = best
        self.note()

    def note(self) -> None:
        """Report, if it is time to."""
        now = time.perf_counter()
        if self.report is None or now - self.last < REPORT_EVERY:
            return
        self.last = now
        seconds = now - self.started
        hint = relax_hint(self.options) if seconds >= HINT_AFTER else ""
        self.report(Underway(self.tries, seconds, self.best, hint))


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
    """One kind's generator: its strategies (the first is the default), the function
    (``generate(options, seed, cancel, report)``, ``report`` given to a :class:`Reporter`),
    the strategies that read :attr:`GeneratorOptions.density` (the others ignore it), and
    those that draw in :attr:`GeneratorOptions.colours` above 1 (the others draw black and
    white, and are refused colours before any work)."""

    strategies: tuple[str, ...]
    generate: Callable[[GeneratorOptions, int, CancelToken | None, Report | None], Generated]
    density_strategies: tuple[str, ...] = ()
    colour_strategies: tuple[str, ...] = ()
