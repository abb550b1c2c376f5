"""Nonogram (Pattern, Griddlers): row and column clues give the runs of filled cells, in order.

Clues are tuples of positive run lengths; an empty line has the clue ``()``. *Givens* are cells
shown to the solver from the start, filled or empty (Tatham's ``patternpicture`` and the GCHQ
card use them to make an ambiguous picture unique without changing it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.errors import PuzzleError
from studio.core.grid import (
    EMPTY,
    FILLED,
    BoolGrid,
    LineRef,
    PartialGrid,
    cell_name,
    line_values,
    row_runs,
    run_lengths,
    unknown_grid,
    with_givens,
)
from studio.core.kinds.nonogram.cnf import encode_line
from studio.core.kinds.nonogram.linesolve import (
    analyse_line,
    format_clue,
    line_solve,
    next_step,
    probe_solve,
)
from studio.core.puzzle import Deduction, Difficulty, Hint, KindSpec, Violation
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.symmetry import Box, Symmetry, dihedral

MAX_SIDE = 200
"""The most rows or columns. The hardest case, a random picture (about a quarter of its cells
are runs), peaks at about 1 GB at 200×200 (3.3 GB at 300×300) before its time limit stops it;
published puzzles stop near 100×100."""

EASY_SOLVES_PER_LINE = 3
EASY_PROBES = 5

Clue = tuple[int, ...]
Given = tuple[int, int, bool]  # (row, col, filled)


def _line_cells(line: LineRef, shape: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    height, width = shape
    if line.axis == "row":
        return tuple((line.index, c) for c in range(width))
    return tuple((r, line.index) for r in range(height))


SPEC = KindSpec(
    name="nonogram",
    title="Nonogram",
    rules=(
        "Fill some cells of the grid to reveal a picture. The numbers beside a row, and above "
        "a column, are the lengths of its runs of filled cells, in order from left to right "
        "or top to bottom, with at least one empty cell between two runs; a line without "
        "numbers is empty. Cells shown from the start (givens) stay as shown. The solution is "
        "the one picture that matches every row and column. To start, slide a line's runs as "
        "far left as they go, then as far right: the cells a run covers both times are filled."
    ),
    aliases=("pattern", "griddlers", "picross"),
    max_side=MAX_SIDE,
    logic="line logic",
    logic_solvable="line-solvable",
)
"""The nonogram's identity, words and size limits (:attr:`Nonogram.spec`)."""


@dataclass(frozen=True)
class Nonogram:
    """A nonogram: ``rows[r]`` is the clue of row ``r`` (top to bottom), ``cols[c]`` of column c,
    and ``givens`` the cells shown from the start, as sorted ``(row, col, filled)`` triples.

    Construction normalises clues to tuples of ints and reads ``(0,)`` as an empty line; it does
    not validate (a half-typed puzzle must be representable): call :meth:`validate`.
    """

    kind: ClassVar[str] = "nonogram"
    spec: ClassVar[KindSpec] = SPEC

    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]
    givens: tuple[Given, ...]

    def __init__(
        self,
        rows: Iterable[Iterable[int]],
        cols: Iterable[Iterable[int]],
        givens: Iterable[tuple[int, int, bool]] = (),
    ) -> None:
        object.__setattr__(self, "rows", tuple(_normalise(clue) for clue in rows))
        object.__setattr__(self, "cols", tuple(_normalise(clue) for clue in cols))
        object.__setattr__(
            self, "givens", tuple(sorted((int(r), int(c), bool(v)) for r, c, v in givens))
        )

    @classmethod
    def from_picture(
        cls, picture: BoolGrid, given_cells: Iterable[tuple[int, int]] = ()
    ) -> Nonogram:
        """The nonogram whose clues are the runs of ``picture`` (bool, ``(height, width)``), with
        the cells ``given_cells`` of the picture shown as givens."""
        grid = np.asarray(picture, dtype=bool)
        height, width = grid.shape
        givens = []
        for r, c in given_cells:
            if not (0 <= r < height and 0 <= c < width):
                raise PuzzleError(
                    f"the given at {cell_name((r, c))} lies outside the {width}×{height} grid"
                )
            givens.append((r, c, bool(grid[r, c])))
        return cls(row_runs(grid), row_runs(grid.T), givens)

    def with_picture(self, picture: BoolGrid) -> Nonogram:
        """The same design for a new picture: its clues, and the same cells given."""
        return Nonogram.from_picture(picture, self.given_cells())

    def given_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, c, _ in self.givens]

    def givens_grid(self) -> PartialGrid:
        """``int8`` partial grid ``(height, width)``: the givens, UNKNOWN elsewhere."""
        grid = unknown_grid(*self.shape)
        for r, c, filled in self.givens:
            grid[r, c] = FILLED if filled else EMPTY
        return grid

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)

    def clue(self, line: LineRef) -> Clue:
        """The clue of a row or column."""
        return (self.rows if line.axis == "row" else self.cols)[line.index]

    def with_clue(self, line: LineRef, clue: Iterable[int]) -> Nonogram:
        """The same puzzle with one line's clue replaced (givens kept)."""
        rows, cols = list(self.rows), list(self.cols)
        (rows if line.axis == "row" else cols)[line.index] = _normalise(clue)
        return Nonogram(rows, cols, self.givens)

    def line_length(self, line: LineRef) -> int:
        return len(self.cols) if line.axis == "row" else len(self.rows)

    def lines(self) -> Iterable[tuple[LineRef, Clue]]:
        """Every line with its clue: rows top to bottom, then columns left to right."""
        for r, clue in enumerate(self.rows):
            yield LineRef("row", r), clue
        for c, clue in enumerate(self.cols):
            yield LineRef("column", c), clue

    def validate(self) -> None:
        """Raise :class:`PuzzleError` for the first problem found.

        Checks: the size (1 to :data:`MAX_SIDE` rows and columns); run lengths positive; each
        clue fits its line (runs plus one gap between each); rows and columns hold the same
        number of filled cells; each given lies in the grid, once.
        """
        SPEC.check_shape(self.shape)
        height, width = self.shape
        seen: set[tuple[int, int]] = set()
        for r, c, _ in self.givens:
            if not (0 <= r < height and 0 <= c < width):
                raise PuzzleError(
                    f"the given at {cell_name((r, c))} lies outside the {width}×{height} grid"
                )
            if (r, c) in seen:
                raise PuzzleError(f"{cell_name((r, c))} is given twice")
            seen.add((r, c))
        for line, clue in self.lines():
            _check_clue(line, clue, self.line_length(line))
        row_total = sum(sum(clue) for clue in self.rows)
        col_total = sum(sum(clue) for clue in self.cols)
        if row_total != col_total:
            raise PuzzleError(
                f"the row clues add up to {row_total} filled cells, the column clues to {col_total}"
            )

    def check(self, grid: BoolGrid) -> list[Violation]:
        """Givens that ``grid`` contradicts, then lines whose runs differ from their clue, in
        :meth:`lines` order."""
        picture = np.asarray(grid, dtype=bool)
        violations = [
            Violation(f"{cell_name((r, c))} is given {'filled' if filled else 'empty'}", ((r, c),))
            for r, c, filled in self.givens
            if bool(picture[r, c]) != filled
        ]
        for line, clue in self.lines():
            runs = run_lengths(line_values(picture, line))
            if runs != clue:
                violations.append(
                    Violation(
                        f"{line} has runs {format_clue(runs)}, its clue is {format_clue(clue)}",
                        _line_cells(line, self.shape),
                    )
                )
        return violations

    def deduce(self, cancel: CancelToken | None = None) -> Deduction:
        """The line solver from the givens (see :func:`.linesolve.line_solve`)."""
        return line_solve(self.rows, self.cols, self.givens_grid(), cancel=cancel)

    def probe(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        """Line solving and probing from ``known`` and the givens (see
        :func:`.linesolve.probe_solve`)."""
        return probe_solve(self.rows, self.cols, with_givens(self.givens_grid(), known), cancel)

    def hint(self, known: PartialGrid) -> Hint | None:
        """The line that decides the most cells from ``known`` and the givens (see
        :func:`next_step`); givens are never part of a hint."""
        step = next_step(self.rows, self.cols, with_givens(self.givens_grid(), known))
        if step is None:
            return None
        reason = f"{step.line} ({format_clue(self.clue(step.line))})"
        return Hint(reason, step.cells, _line_cells(step.line, self.shape))

    def rate(self, deduction: Deduction, cancel: CancelToken | None = None) -> Difficulty:
        """Line-solvable (score 1–2), needs probing (3–4), or needs search (5).

        Within a level the score grows with the work: more than :data:`EASY_SOLVES_PER_LINE`
        line solves per line on average makes a line-solvable puzzle a 2 (on the shared corpus
        Tatham's 5×5 to 25×25 puzzles take 1.3 to 5.7), more than :data:`EASY_PROBES` fruitful
        probes makes a probing one a 4.
        """
        lines = sum(self.shape)
        if deduction.complete:
            hard = deduction.steps > EASY_SOLVES_PER_LINE * lines
            return Difficulty("line", 2 if hard else 1, "line-solvable", deduction.steps)
        probed = probe_solve(self.rows, self.cols, deduction.grid, cancel)
        if probed.complete:
            hard = probed.probes > EASY_PROBES
            return Difficulty(
                "probing", 4 if hard else 3, "needs probing", probed.steps, probed.probes
            )
        return Difficulty("search", 5, "needs search", probed.steps, probed.probes)

    def lazy_clauses(self, cells: LiteralGrid, grid: BoolGrid) -> list[list[int]]:
        """None: the order encoding holds every rule of a nonogram."""
        return []

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The rotations and reflections that map the clues and givens onto themselves.

        They act on the grid without its border lines of clue ``0`` (empty in every solution,
        so any map may leave them in place): Knotty's knot is rotation-symmetric in its
        39×39 cells, not with its empty 40th row and column. A map keeps the puzzle when it
        takes every line of that box onto a line whose clue reads the same in the direction
        the cells go, and every given onto a given of the same value.
        """
        height, width = self.shape
        rows = [r for r, clue in enumerate(self.rows) if clue]
        cols = [c for c, clue in enumerate(self.cols) if clue]
        if not rows:
            return ()
        box = Box(rows[0], rows[-1], cols[0], cols[-1])
        index = np.arange(height * width).reshape(height, width)
        clues: dict[tuple[int, ...], Clue] = {}
        for r in range(box.top, box.bottom + 1):
            cells = index[r, box.left : box.right + 1]
            clues[tuple(cells)], clues[tuple(cells[::-1])] = self.rows[r], self.rows[r][::-1]
        for c in range(box.left, box.right + 1):
            cells = index[box.top : box.bottom + 1, c]
            clues[tuple(cells)], clues[tuple(cells[::-1])] = self.cols[c], self.cols[c][::-1]
        givens = self.givens_grid()
        return tuple(
            symmetry
            for symmetry in dihedral(self.shape, box)
            if all(
                clues.get(tuple(symmetry.image.ravel()[list(cells)])) == clue
                for cells, clue in clues.items()
            )
            and np.array_equal(symmetry.apply(givens), givens)
        )

    def cell_literals(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        """``int64`` literal grid ``(height, width)``: ``TRUE``/``FALSE`` for the givens and the
        cells ``known``, fresh variables in row-major order for the rest. Every nonogram
        encoding starts from these."""
        return cnf.cell_literals(with_givens(self.givens_grid(), known))

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        """Order encoding of every line (:mod:`.cnf`), ranges narrowed by ``known``.

        A line that ``known`` (or the givens) leaves no placement gets the empty clause: the
        formula is then unsatisfiable, as the puzzle is.
        """
        cells = self.cell_literals(cnf, known)
        merged = with_givens(self.givens_grid(), known)
        for line, clue in self.lines():
            states = line_values(merged, line)
            placements = analyse_line(clue, len(states), _mask(states == 1), _mask(states == 0))
            if placements is None:
                cnf.add(())
                continue
            encode_line(cnf, clue, line_values(cells, line).tolist(), placements.starts)
        return cells


def parse_clue(text: str, line: LineRef, length: int) -> Clue:
    """A clue as people type it, ``"3 1 2"`` (spaces, commas or dots between runs; ``""`` or
    ``"0"`` for an empty line), checked to fit a line of ``length`` cells.

    Raises:
        PuzzleError: naming the line and what is wrong, e.g. ``row 3: 'x' is not a run length``.
    """
    tokens = text.replace(",", " ").replace(".", " ").split()
    bad = next((token for token in tokens if not token.isdecimal()), None)
    if bad is not None:
        raise PuzzleError(f"{line}: {bad!r} is not a run length")
    clue = _normalise(int(token) for token in tokens)
    _check_clue(line, clue, length)
    return clue


def _check_clue(line: LineRef, clue: Clue, length: int) -> None:
    if any(n < 1 for n in clue):
        raise PuzzleError(f"{line}: run lengths must be positive, got {format_clue(clue)}")
    needed = sum(clue) + len(clue) - 1
    if needed > length:
        raise PuzzleError(
            f"{line}: clue {format_clue(clue)} needs {needed} cells, the {line.axis} has {length}"
        )


def _normalise(clue: Iterable[int]) -> Clue:
    runs = tuple(int(n) for n in clue)
    return () if runs == (0,) else runs


def _mask(flags: Sequence[bool] | np.ndarray) -> int:
    return sum(1 << i for i, flag in enumerate(flags) if flag)
