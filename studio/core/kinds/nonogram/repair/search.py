"""The search every repair strategy shares: a design under repair, candidate changes to it,
a cheap proxy that ranks them, and exact verification of the best few.

The proxy is the line solver (:func:`~studio.core.kinds.nonogram.linesolve.line_solve`) on the
changed puzzle, *anchored*: it starts from the changed picture everywhere except on the variable
fields of now (and the givens), as if the rest stayed determined, and counts the cells it leaves
open, i.e. how much of the present ambiguity the changed lines settle by line logic. It is not a
bound (a change can make other cells variable) but it ranks well: on the 41 ambiguous pictures of
the shared pixel-art sets and of random 20×20 pictures, its best 12 single flips hold the flip that
leaves the fewest variable fields in 34 cases (line solving from scratch, which stalls early on
ambiguous pictures: 26), and ranking by both changed as many cells over 51 repairs (175 against 176)
in 1.7 times the time. Only the best :attr:`Search.verify` changes per round are verified by
:func:`~studio.core.sat.analysis.analyze`; a family of changes gets at most :attr:`Search.rounds`
rounds before the caller falls back to another.

The line-solvable phase's objective, the cells line solving from scratch leaves open
(:meth:`Nonogram.deduce`), is exact, but on a large grid solving every line of every candidate
from scratch is what costs (a 60×60 family holds thousands of flips): its proxy goes on from
what line logic knows of the design now and solves again only the lines a change touches
(:meth:`Search.line_ranked`), and only the best few are solved from scratch
(:meth:`Search.fewest_open`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.contract.repairs import (
    VERIFY,
    Repair,
    RepairResult,
    exact_analysis,
    flipped,
    tie_order,
)
from studio.core.errors import PuzzleError
from studio.core.grid import (
    UNKNOWN,
    BoolGrid,
    LineRef,
    Picture,
    cell_name,
    cells_of,
    filled_cells,
    picture_of,
)
from studio.core.kinds.nonogram.linesolve import LineGrid, line_masks, runs
from studio.core.kinds.nonogram.puzzle import Clue, Nonogram
from studio.core.puzzle import Cell
from studio.core.sat.analysis import Analysis, rated

#: Rounds of :data:`VERIFY` candidates tried in one family of changes before falling back.
ROUNDS = 3


@dataclass(frozen=True)
class Change:
    """Cells to change in the picture and cells to add as givens.

    Attributes:
        flips: cells whose value changes: toggled in black and white; in colour, each set to
            its entry of ``colours``.
        givens: cells shown from the start, with the value the (changed) picture has there.
        colours: in colour, the new value of each cell of ``flips``; empty in black and white.
    """

    flips: tuple[Cell, ...] = ()
    givens: tuple[Cell, ...] = ()
    colours: tuple[int, ...] = ()


def changed(picture: Picture, change: Change) -> Picture:
    """A read-only copy of ``picture`` with ``change``'s flips applied (toggled in black and
    white, recoloured in colour)."""
    if np.asarray(picture).dtype == np.bool_:
        return flipped(picture, change.flips)
    result = np.array(picture, dtype=np.uint8)
    for (r, c), colour in zip(change.flips, change.colours, strict=True):
        result[r, c] = colour
    result.setflags(write=False)
    return result


@dataclass(frozen=True, eq=False)
class Design:
    """A picture under repair and its puzzle (the design's givens and those added so far).

    Attributes:
        original: ``(height, width)``, read-only: the picture the repair started from (bool, or
            ``uint8`` colours).
        picture: the picture now, alike.
        puzzle: the nonogram of ``picture`` with the givens now.
        original_givens: the cells the design gave before the repair.
    """

    original: Picture
    picture: Picture
    puzzle: Nonogram
    original_givens: frozenset[Cell]

    @classmethod
    def start(cls, picture: Picture, given_cells: Iterable[Cell], colours: int = 1) -> Design:
        """The design of ``picture`` with ``given_cells`` given, before any change.

        Raises:
            PuzzleError: for a given cell outside the picture or given twice.
        """
        picture = changed(picture_of(picture, colours), Change())
        height, width = picture.shape
        cells = [(int(r), int(c)) for r, c in given_cells]
        for cell in cells:
            # Checked before Nonogram.from_picture reads the picture there (and wraps negatives).
            if not (0 <= cell[0] < height and 0 <= cell[1] < width):
                raise PuzzleError(
                    f"the given at {cell_name(cell)} lies outside the {width}×{height} grid"
                )
        design = cls(
            picture, picture, Nonogram.from_picture(picture, cells, colours), frozenset(cells)
        )
        design.puzzle.validate()
        return design

    @cached_property
    def lines(self) -> tuple[list[int], list[int]]:
        """The picture's filled cells as bit masks of its rows and of its columns
        (:func:`~studio.core.kinds.nonogram.linesolve.line_masks`), black and white."""
        return line_masks(filled_cells(self.picture))

    def after(self, change: Change) -> tuple[Picture, Nonogram]:
        """The picture and puzzle after ``change``; only the lines it touches are recounted
        (in black and white)."""
        picture = changed(self.picture, change)
        cells = [*self.puzzle.given_cells(), *change.givens]
        if self.puzzle.colours > 1:
            return picture, Nonogram.from_picture(picture, cells, self.puzzle.colours)
        rows, cols = list(self.puzzle.rows), list(self.puzzle.cols)
        for line, clue in self.recounted(change.flips):
            (rows if line.axis == "row" else cols)[line.index] = clue
        return picture, Nonogram(rows, cols, ((r, c, bool(picture[r, c])) for r, c in cells))

    def moved_to(self, picture: Picture, puzzle: Nonogram) -> Design:
        """The same repair, now at ``picture`` and ``puzzle`` (from :meth:`after`)."""
        return Design(self.original, picture, puzzle, self.original_givens)

    def keeps_lines(self, change: Change) -> bool:
        """False if ``change`` empties a row or column that holds a filled cell in the original
        picture: a repair never introduces an empty line."""
        picture = changed(self.picture, change)
        return all(picture[r].any() or not self.original[r].any() for r, _ in change.flips) and all(
            picture[:, c].any() or not self.original[:, c].any() for _, c in change.flips
        )

    def recounted(self, flips: Iterable[Cell]) -> list[tuple[LineRef, Clue]]:
        """The clue of every row and column through ``flips`` once those cells are flipped in
        the picture: rows first, each line once (from :attr:`lines`, without copying the
        picture)."""
        rows: dict[int, int] = {}
        cols: dict[int, int] = {}
        for r, c in flips:
            rows[r] = rows.get(r, 0) ^ (1 << c)
            cols[c] = cols.get(c, 0) ^ (1 << r)
        row_masks, col_masks = self.lines
        return [
            *((LineRef("row", r), runs(row_masks[r] ^ rows[r])) for r in sorted(rows)),
            *((LineRef("column", c), runs(col_masks[c] ^ cols[c])) for c in sorted(cols)),
        ]

    def result(self, analysis: Analysis, steps: int) -> RepairResult[Nonogram]:
        """The repair's outcome: this design with ``analysis`` of its puzzle."""
        givens = tuple(sorted(self.puzzle.given_cells()))
        return RepairResult(
            picture=self.picture,
            puzzle=self.puzzle,
            changed_cells=tuple(cells_of(self.picture != self.original)),
            givens=givens,
            added_givens=tuple(cell for cell in givens if cell not in self.original_givens),
            analysis=analysis,
            steps=steps,
        )


@dataclass(frozen=True)
class Candidate:
    """A change with its picture and puzzle, and the cells line solving leaves open (anchored
    or from scratch, as the search that made it says)."""

    change: Change
    picture: Picture
    puzzle: Nonogram
    open_cells: int


@dataclass(frozen=True)
class Search:
    """How hard to look, and the means to stop.

    Attributes:
        cancel: checked between candidates and passed to every analysis.
        rng: breaks ties between equally ranked candidates (shuffled order); ``None`` keeps
            row-major order, so results are deterministic.
        verify: candidates verified by exact analysis per round.
        rounds: rounds per family of changes.
        progress: hears what is left to do after each step, in words (:meth:`left`).
        min_difficulty: :meth:`best` never takes a change that leaves the puzzle unique but
            rated below this (:meth:`Nonogram.rate`, 1..5): the repair of a puzzle meant to be
            hard.
    """

    cancel: CancelToken
    rng: np.random.Generator | None = None
    verify: int = VERIFY
    rounds: int = ROUNDS
    progress: Callable[[str], None] | None = None
    min_difficulty: int = 1

    def left(self, count: int, what: str) -> None:
        """Tell :attr:`progress` that ``count`` of ``what`` are left, e.g. ``"312 cells open
        to line logic"``."""
        if self.progress is not None:
            self.progress(f"{count} {what}")

    def analyse(self, puzzle: Nonogram, limit: int | None = None) -> Analysis:
        """:func:`exact_analysis` under this search's cancel token."""
        return exact_analysis(puzzle, self.cancel, limit)

    def open_cells(self, puzzle: Nonogram) -> int:
        """Cells line solving from scratch leaves open: 0 iff ``puzzle`` is line-solvable."""
        return int(np.count_nonzero(puzzle.deduce(self.cancel).grid == UNKNOWN))

    def anchored_open_cells(self, puzzle: Nonogram, picture: Picture, variable: BoolGrid) -> int:
        """Cells line solving leaves open when every cell but the ``variable`` ones starts at
        its value in ``picture`` (and the givens at theirs): the proxy."""
        givens = puzzle.givens_grid()
        start = np.where(givens != UNKNOWN, givens, np.where(variable, UNKNOWN, picture))
        deduction = puzzle.deduce_from(start.astype(np.int8), self.cancel)
        return int(np.count_nonzero(deduction.grid == UNKNOWN))

    def ties(self, count: int) -> Sequence[int]:
        return tie_order(count, self.rng)

    def ranked(
        self, design: Design, changes: Sequence[Change], variable: BoolGrid
    ) -> list[Candidate]:
        """``changes`` made and ranked by the proxy, best (fewest open cells) first; ties in
        the tie order."""
        scored = []
        for change, tie in zip(changes, self.ties(len(changes)), strict=True):
            self.cancel.check()
            picture, puzzle = design.after(change)
            open_cells = self.anchored_open_cells(puzzle, picture, variable)
            scored.append((open_cells, tie, Candidate(change, picture, puzzle, open_cells)))
        scored.sort(key=lambda item: item[:2])
        return [candidate for _, _, candidate in scored]

    def verified(
        self, candidates: Iterable[Candidate], limit: Callable[[], int | None] = lambda: None
    ) -> Iterator[Repair[Nonogram]]:
        """Each candidate analysed exactly, in order; with ``limit``, an analysis stops once it
        finds more variable fields than ``limit()`` says is still of interest (that repair's
        analysis is then incomplete)."""
        for candidate in candidates:
            change = candidate.change
            yield Repair(
                flips=tuple(sorted(change.flips)),
                givens=tuple(sorted(change.givens)),
                picture=candidate.picture,
                puzzle=candidate.puzzle,
                analysis=self.analyse(candidate.puzzle, limit()),
            )

    def best(
        self, design: Design, changes: Sequence[Change], variable: BoolGrid
    ) -> Repair[Nonogram] | None:
        """The verified change leaving the fewest variable fields, if it leaves fewer than
        ``variable`` holds now and is :meth:`hard_enough`; ``None`` when none of the candidates
        verified does.

        Changes should touch equally many cells: a unique result ends the search.
        """
        target = int(variable.sum())
        candidates = self.ranked(design, changes, variable)[: self.verify * self.rounds]
        best: Repair[Nonogram] | None = None

        def to_beat() -> int:
            # Only a candidate with fewer variable fields than the best so far matters.
            return (target if best is None else best.remaining) - 1

        for index, repair in enumerate(self.verified(candidates, to_beat)):
            if repair.analysis.complete and repair.remaining < to_beat() + 1:
                best = self.hard_enough(repair) or best
            if best is not None and (best.remaining == 0 or (index + 1) % self.verify == 0):
                break
        return best

    def hard_enough(self, repair: Repair[Nonogram]) -> Repair[Nonogram] | None:
        """``repair`` if it leaves the puzzle ambiguous or rated :attr:`min_difficulty` or
        more (rated then, so the rating is kept), else ``None``."""
        if self.min_difficulty <= 1 or repair.remaining:
            return repair
        analysis = rated(repair.puzzle, repair.analysis, cancel=self.cancel)
        difficulty = analysis.difficulty
        if difficulty is None or difficulty.score < self.min_difficulty:
            return None
        return replace(repair, analysis=analysis)

    def line_ranked(self, design: Design, changes: Sequence[Change]) -> list[Candidate]:
        """The best :attr:`verify` × :attr:`rounds` of ``changes`` by the proxy of the
        line-solvable phase, best (fewest open cells) first, ties in the tie order.

        The proxy goes on from what line logic knows of the design now
        (:meth:`~studio.core.kinds.nonogram.linesolve.LineGrid.changed`): the lines a change
        flips get their new clues and its flipped cells are forgotten, its givens are known,
        and line logic continues from there. For a given that is exact (a given only adds to
        what line logic knows, and its fixpoint does not depend on the order); for a flip it is
        optimistic, since what the old clues taught stays known. It costs a few line solves
        where line solving from scratch costs every line several times. Measured against
        ranking every change by line solving from scratch: on the pixel-art sets and random
        20×20 pictures (``benchmarks/repair.py --line-solvable``) as many cells changed in the
        median, 1.6 to 3 times faster; a line-solvable 60×60 took 61 to 172 s on three seeds
        before, 3 to 6 s with this proxy (``benchmarks/logic_generation.py``). A colour design
        is ranked by line solving each changed puzzle from scratch.
        """
        puzzle = design.puzzle
        if puzzle.colours > 1:
            scored = [
                (self.open_cells(design.after(change)[1]), tie, index)
                for index, (change, tie) in enumerate(
                    zip(changes, self.ties(len(changes)), strict=True)
                )
            ]
            return self._candidates(design, changes, sorted(scored))
        givens = set(puzzle.given_cells())
        now = LineGrid(puzzle.rows, puzzle.cols, puzzle.givens_grid())
        now.propagate(self.cancel)
        scored = []
        for index, (change, tie) in enumerate(zip(changes, self.ties(len(changes)), strict=True)):
            self.cancel.check()
            trial = now.changed(design.recounted(change.flips), change.flips)
            for r, c in (*change.givens, *givens.intersection(change.flips)):
                trial.set_cell(r, c, bool(design.picture[r, c]) != ((r, c) in change.flips))
            # Every cell known is the changed picture's, which meets the changed clues: line
            # logic finds no contradiction.
            trial.propagate(self.cancel)
            scored.append((trial.unknown, tie, index))
        return self._candidates(design, changes, sorted(scored))

    def _candidates(
        self, design: Design, changes: Sequence[Change], scored: list[tuple[int, int, int]]
    ) -> list[Candidate]:
        """The best :attr:`verify` × :attr:`rounds` of ``scored`` (open cells, tie, index into
        ``changes``, best first) made into candidates."""
        best = []
        for open_cells, _, index in scored[: self.verify * self.rounds]:
            picture, puzzle = design.after(changes[index])
            best.append(Candidate(changes[index], picture, puzzle, open_cells))
        return best

    def fewest_open(
        self, design: Design, changes: Sequence[Change], target: int
    ) -> Candidate | None:
        """The change whose puzzle line solving (from scratch) leaves with the fewest open
        cells, if fewer than ``target``: the objective of the line-solvable phase.

        The changes are ranked by :meth:`line_ranked` and verified (line solved from scratch)
        in that order, :attr:`verify` a round, until a round holds one that beats ``target``.
        """
        best: Candidate | None = None
        for index, candidate in enumerate(self.line_ranked(design, changes)):
            self.cancel.check()
            open_cells = self.open_cells(candidate.puzzle)
            if open_cells < (target if best is None else best.open_cells):
                best = replace(candidate, open_cells=open_cells)
                if open_cells == 0:
                    break
            if best is not None and (index + 1) % self.verify == 0:
                break
        return best
