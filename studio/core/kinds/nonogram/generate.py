"""The nonogram generator: a raw picture by one of three strategies, repaired to a unique puzzle.

Strategies (docs/algorithms.md, "Generators"):

- ``"density"``: every cell filled with probability ``density`` (van Oers 2024, §5.1.1).
- ``"clue-stats"``: row clues drawn from the clue statistics of published puzzles (thesis
  §5.1.2, Table 5.1, Algorithm 2), runs placed at random; see :mod:`.clue_stats`.
- ``"picture"``: smoothed noise thresholded at the density (Simon Tatham's ``pattern.c``; the
  thesis's ch. 8 suggestion), blobby like a drawing; see :mod:`studio.core.contract.pictures`.

Each raw picture gets its empty lines filled (unless ``nonempty_lines`` is off) and is screened
by line logic: the cells the line solver leaves open (milliseconds; a line-solvable picture is
unique and ends the screening). The :data:`ANALYSED` pictures of :data:`SCREEN` with the fewest
open cells are analysed exactly; one that already meets the options (unique, line-solvable when
asked, no harder than ``max_difficulty`` and no easier than ``min_difficulty``) is returned as
it is, as Tatham's generator does. Otherwise the closest of them to meeting them (fewest
variable fields, then fewest open cells; see :func:`_ambiguity`) goes through
:func:`.repair.repair` (strategy ``"flips"``), and the result is kept if it meets the options
and has no empty line (when asked); otherwise the next :data:`SCREEN` pictures follow.

A ``min_difficulty`` above :data:`LOGIC_SCORE` asks for a puzzle line logic cannot finish
(:meth:`Nonogram.rate` scores the line-solvable 1–2): line-solvable pictures are passed over in
screening instead of ending it, and repair (given the ``min_difficulty``) takes no change that
leaves the puzzle unique but too easy, so that a unique result needs probing or search. Few raw
pictures are unique and need more than line logic (1 to 5 % at 15×15, by strategy), and a
plain repair ends line-solvable 65 to 95 % of the time.

Screening is for speed: an exact analysis of a random 40×40 picture takes 50 to 600 ms (its
first SAT solve), repairing one 1 to 5 s, and the closest of 20 pictures needs far less repair
than the first, when any (``benchmarks/generation.py``).

All randomness comes from one ``numpy.random.Generator`` seeded with the puzzle's seed (raw
pictures, then repair's tie-breaks), and nothing depends on the clock (it only times the
reports), so a seed reproduces its puzzle.
"""

from __future__ import annotations

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.generation import (
    LOGIC_SCORE,
    Generated,
    GeneratorError,
    GeneratorOptions,
    KindGenerator,
    Report,
    Reporter,
    meets,
    relax_hint,
    size_name,
)
from studio.core.contract.pictures import (
    density_picture,
    fill_empty_lines,
    smoothed_picture,
)
from studio.core.document import Document
from studio.core.grid import UNKNOWN, BoolGrid, Picture, window_sum
from studio.core.kinds.nonogram.clue_stats import clue_stats_picture
from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.kinds.nonogram.repair import repair
from studio.core.sat.analysis import Analysis, Status, analyze, rated

STRATEGIES = ("picture", "density", "clue-stats")
"""Ways to draw the raw picture; the first is the default."""
#: Raw pictures screened by line logic before the closest to unique is repaired.
SCREEN = 20
#: Of those, the ones line logic leaves fewest cells open in, analysed exactly.
ANALYSED = 4
#: Raw pictures tried for one puzzle before giving up (a safety net for options that no
#: picture meets; on the sizes benchmarked one round of :data:`SCREEN` suffices).
MAX_ATTEMPTS = 1000
#: When screening for a line-solvable repair, a variable field counts as this many cells left
#: open by the line solver. Measured at 40×40: ranking by open cells alone sent random-density
#: pictures with many variable fields to repair (1.7× slower), ranking by variable fields first
#: sent smoothed pictures the line solver hardly starts on (9× slower); this weight does well
#: on both.
VARIABLE_WEIGHT = 10


def raw_picture(options: GeneratorOptions, rng: np.random.Generator) -> BoolGrid:
    """The strategy's picture before empty lines are filled and before repair.

    Returns:
        bool grid of shape ``options.shape``.
    """
    if options.strategy == "density":
        return density_picture(options.shape, options.density, rng)
    if options.strategy == "clue-stats":
        return clue_stats_picture(options.shape, rng)
    return smoothed_picture(options.shape, options.density, rng)


def coloured(picture: BoolGrid, colours: int, rng: np.random.Generator) -> Picture:
    """The filled cells of ``picture`` coloured: ``picture`` itself for one colour; for more,
    per colour a field of uniform noise summed over each cell's 3×3 neighbourhood (the
    smoothing of :func:`~studio.core.contract.pictures.smoothed_picture`, Tatham's
    ``pattern.c``), and each filled cell takes the colour whose field is highest there, so
    colours come in patches.

    Returns:
        ``picture`` (bool) for one colour, else a ``uint8`` grid of its shape, 0 where it is
        empty and 1 to ``colours`` elsewhere.
    """
    if colours == 1:
        return picture
    fields = np.stack([window_sum(rng.random(picture.shape)) for _ in range(colours)])
    inks = np.argmax(fields, axis=0) + 1
    painted: Picture = np.where(picture, inks, 0).astype(np.uint8)
    return painted


def generate(
    options: GeneratorOptions,
    seed: int,
    cancel: CancelToken | None = None,
    report: Report | None = None,
) -> Generated:
    """A unique nonogram made by ``options.strategy`` from ``seed``.

    Args:
        options: what to generate.
        seed: a non-negative integer; the same options and seed give the same puzzle.
        cancel: checked before each raw picture and passed to every analysis and repair.
        report: hears the raw pictures made and, during repair, what is left to do
            (:class:`~studio.core.contract.generation.Reporter`).

    Raises:
        GeneratorError: for a negative seed, or when no puzzle met the options within
            :data:`MAX_ATTEMPTS` raw pictures.
        Stopped: when ``cancel`` fires.
    """
    token = cancel or CancelToken()
    rng = np.random.default_rng(seed)
    reporter = Reporter(options, report)
    line_logic = options.logic_solvable or _wants_line_logic(options)
    beyond_lines = (options.min_difficulty or 1) > LOGIC_SCORE
    attempts = 0
    while attempts < MAX_ATTEMPTS:
        # Screen raw pictures by line logic (milliseconds each) and analyse exactly only the
        # few it finds closest to unique: a SAT analysis of a random 40×40 picture costs
        # 50-600 ms, and the picture to repair is one of the closest anyway.
        raw: list[tuple[int, int, Picture, Nonogram]] = []
        for index in range(min(SCREEN, MAX_ATTEMPTS - attempts)):
            token.check()
            attempts += 1
            reporter.tried()
            drawn = raw_picture(options, rng)
            if options.nonempty_lines:
                drawn = fill_empty_lines(drawn, rng)
            picture = coloured(drawn, options.colours, rng)
            puzzle = Nonogram.from_picture(picture, colours=options.colours)
            open_cells = int(np.count_nonzero(puzzle.deduce(token).grid == UNKNOWN))
            if open_cells == 0 and beyond_lines:
                continue  # line-solvable: too easy
            raw.append((open_cells, index, picture, puzzle))
            if open_cells == 0:
                break  # line-solvable, hence unique: nothing closer exists
        if not raw:
            continue
        raw.sort(key=lambda item: item[:2])
        screened: list[tuple[tuple[int, int], Picture]] = []
        for _, _, picture, puzzle in raw[:ANALYSED]:
            closest = min((key for key, _ in screened), default=None)
            analysis = analyze(
                puzzle,
                cancel=token,
                rate=False,
                variable_limit=_variable_limit(closest, line_logic),
            )
            token.check()  # an analysis stopped early returns; stop here instead
            if analysis.status == Status.UNIQUE:
                analysis = rated(puzzle, analysis, cancel=token)
            if meets(analysis, options):
                return _generated(puzzle, picture, analysis, options, seed, attempts, 0)
            if analysis.complete:  # else it had more variable fields than the closest so far
                screened.append((_ambiguity(analysis, line_logic), picture))
        closest_picture = min(screened, key=lambda item: item[0])[1]
        result = repair(
            closest_picture,
            strategy="flips",
            line_solvable=line_logic,
            rng=rng,
            cancel=token,
            colours=options.colours,
            progress=reporter.closest,
            min_difficulty=options.min_difficulty or 1,
        )
        token.check()
        if meets(result.analysis, options) and _keeps_lines(result.picture, options):
            return _generated(
                result.puzzle,
                result.picture,
                result.analysis,
                options,
                seed,
                attempts,
                len(result.changed_cells),
            )
    raise GeneratorError(
        f"no {size_name(options.shape)} puzzle met the options in {MAX_ATTEMPTS} attempts; "
        f"try {relax_hint(options)}"
    )


def _ambiguity(analysis: Analysis, line_logic: bool) -> tuple[int, int]:
    """How far a raw picture is from what repair must reach, smaller is closer: its variable
    fields, then the cells the line solver leaves open; when repair must also reach line logic,
    open cells plus :data:`VARIABLE_WEIGHT` per variable field first."""
    variable = int(analysis.variable.sum())
    open_cells = int(np.count_nonzero(analysis.deduction.grid == UNKNOWN))
    if line_logic:
        return open_cells + VARIABLE_WEIGHT * variable, variable
    return variable, open_cells


def _variable_limit(closest: tuple[int, int] | None, line_logic: bool) -> int | None:
    """The most variable fields a raw picture may have and still be closer than ``closest``
    (an :func:`_ambiguity` key), so that its analysis can stop as soon as it has more."""
    if closest is None:
        return None
    return closest[0] // VARIABLE_WEIGHT if line_logic else closest[0]


def _wants_line_logic(options: GeneratorOptions) -> bool:
    """A difficulty cap of :data:`LOGIC_SCORE` or less asks for line-solvable puzzles
    (:meth:`Nonogram.rate` scores those 1-2, the others 3-5), so repair should aim there."""
    return options.max_difficulty is not None and options.max_difficulty <= LOGIC_SCORE


def _keeps_lines(picture: Picture, options: GeneratorOptions) -> bool:
    grid = np.asarray(picture, dtype=bool)
    return not options.nonempty_lines or bool(grid.any(axis=1).all() and grid.any(axis=0).all())


def _generated(
    puzzle: Nonogram,
    picture: Picture,
    analysis: Analysis,
    options: GeneratorOptions,
    seed: int,
    attempts: int,
    repaired: int,
) -> Generated:
    notes = (
        f"Generated by Puzzle Studio: strategy {options.strategy}"
        + ("" if options.strategy == "clue-stats" else f", density {options.density:g}")
        + (f", {options.colours} colours" if options.colours > 1 else "")
        + (", line-solvable" if options.logic_solvable else "")
        + f", seed {seed}; {attempts} raw picture{'s' if attempts != 1 else ''}, "
        + f"{repaired} cell{'s' if repaired != 1 else ''} changed by repair."
    )
    document = Document(puzzle, picture, notes=notes)
    return Generated(document, analysis, seed, attempts, repaired)


GENERATOR = KindGenerator(STRATEGIES, generate, ("picture", "density"), ("picture", "density"))
"""This generator, as the nonogram's declaration lists it."""
