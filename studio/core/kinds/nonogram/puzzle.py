"""Nonogram (Pattern, Griddlers): row and column clues give the runs of filled cells, in order.

Clues are tuples of positive run lengths; an empty line has the clue ``()``. *Givens* are cells
shown to the solver from the start, filled or empty (Tatham's ``patternpicture`` and the GCHQ
card use them to make an ambiguous picture unique without changing it).

**Colour.** A nonogram of *k* colours (:attr:`Nonogram.colours`; black and white is *k* = 1)
also gives each run its colour, 1 to *k* (:attr:`Nonogram.row_colours`,
:attr:`~Nonogram.col_colours`, run for run beside the lengths); its cells are the background
(0) or a colour. Two consecutive runs of one colour have at least one background cell between
them; runs of two colours may touch (Jan Wolter's webpbn rules, ``webpbn.com/pbn_fmt.html``).
Pictures and solutions of a colour nonogram are ``uint8`` grids, of a black-and-white one
``bool`` grids; givens carry the colour. Black and white goes through the same code with every
run of colour 1.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from studio.core.cancel import CancelToken
from studio.core.errors import PuzzleError
from studio.core.grid import (
    UNKNOWN,
    LineRef,
    PartialGrid,
    Picture,
    cell_name,
    colour_runs,
    line_values,
    row_runs,
    run_lengths,
    unknown_grid,
    with_givens,
)
from studio.core.kinds.nonogram.cnf import encode_line
from studio.core.kinds.nonogram.linesolve import (
    Runs,
    analyse_runs,
    as_runs,
    format_clue,
    line_solve,
    next_step,
    probe_solve,
    runs_wording,
)
from studio.core.kinds.nonogram.parity import Run, encode_parity_counts
from studio.core.puzzle import Deduction, Difficulty, Hint, KindSpec, Violation
from studio.core.sat.cnf import CnfBuilder, LiteralGrid
from studio.core.symmetry import Box, Symmetry, dihedral

MAX_SIDE = 200
"""The most rows or columns. The hardest case, a random picture (about a quarter of its cells
are runs), peaks at about 0.4 GB at 200×200 (1 GB in 5 colours) before its time limit stops it;
published puzzles stop near 100×100."""

MAX_COLOURS = 32
"""The most colours a nonogram may have besides the background: webpbn's colour puzzles use up
to a dozen or so; each colour costs a bit mask per line in the line solver."""

EASY_SOLVES_PER_LINE = 3
EASY_PROBES = 5

Clue = tuple[int, ...]
Given = tuple[int, int, int]  # (row, col, value): filled (a bool) in black and white, else colour


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
        "or top to bottom, with at least one empty cell between two runs; a line whose number "
        "is 0 is empty. Cells shown from the start (givens) are framed, filled or crossed "
        "(empty), and stay as shown. The solution is "
        "the one picture that matches every row and column. To start, slide a line's runs as "
        "far left as they go, then as far right: the cells a run covers both times are filled."
    ),
    aliases=("pattern", "griddlers", "picross"),
    max_side=MAX_SIDE,
    logic="line logic",
    logic_solvable="line-solvable",
    max_colours=MAX_COLOURS,
    colour_rules=(
        "Colour some cells of the grid to reveal a picture, each in one of the colours of the "
        "key; the other cells stay empty. The numbers beside a row, and above a column, are "
        "its runs of cells of one colour, in order from left to right or top to bottom, each "
        "number on a box of its run's colour. Two runs of the same colour have at least one "
        "empty cell between them; runs of different colours may touch, with no empty cell "
        "between them. Cells shown from the start (givens) stay as shown. The solution is the "
        "one picture that matches every row and column. To start, slide a line's runs as far "
        "left as they go, then as far right, as in black and white, packing runs of different "
        "colours tight: the cells a run covers both times take its colour."
    ),
)
"""The nonogram's identity, words and size limits (:attr:`Nonogram.spec`)."""


@dataclass(frozen=True)
class Nonogram:
    """A nonogram: ``rows[r]`` is the clue of row ``r`` (top to bottom, run lengths), ``cols[c]``
    of column c, and ``givens`` the cells shown from the start, as sorted ``(row, col, value)``
    triples (``value``: filled, a bool, in black and white; the colour, 0 the background, in
    colour). ``colours`` is *k*, and ``row_colours[r]`` / ``col_colours[c]`` the colour of each
    run of the line's clue (all 1 in black and white, the default).

    Construction normalises clues to tuples of ints and reads ``(0,)`` as an empty line; it does
    not validate (a half-typed puzzle must be representable): call :meth:`validate`.
    """

    kind: ClassVar[str] = "nonogram"
    spec: ClassVar[KindSpec] = SPEC

    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]
    givens: tuple[Given, ...]
    colours: int
    row_colours: tuple[Clue, ...]
    col_colours: tuple[Clue, ...]

    def __init__(
        self,
        rows: Iterable[Iterable[int]],
        cols: Iterable[Iterable[int]],
        givens: Iterable[tuple[int, int, int]] = (),
        colours: int = 1,
        row_colours: Iterable[Iterable[int]] | None = None,
        col_colours: Iterable[Iterable[int]] | None = None,
    ) -> None:
        lengths = {"rows": tuple(_normalise(clue) for clue in rows)}
        lengths["cols"] = tuple(_normalise(clue) for clue in cols)
        for name, given in (("rows", row_colours), ("cols", col_colours)):
            object.__setattr__(self, name, lengths[name])
            object.__setattr__(self, f"{name[:3]}_colours", _run_colours(lengths[name], given))
        object.__setattr__(self, "colours", int(colours))
        value = bool if colours == 1 else int
        object.__setattr__(
            self, "givens", tuple(sorted((int(r), int(c), value(v)) for r, c, v in givens))
        )

    @classmethod
    def of_runs(
        cls,
        rows: Iterable[Iterable[tuple[int, int]]],
        cols: Iterable[Iterable[tuple[int, int]]],
        colours: int,
        givens: Iterable[tuple[int, int, int]] = (),
    ) -> Nonogram:
        """The nonogram of ``(length, colour)`` runs per row and column."""
        row_runs_, col_runs_ = [list(clue) for clue in rows], [list(clue) for clue in cols]
        return cls(
            [[length for length, _ in clue] for clue in row_runs_],
            [[length for length, _ in clue] for clue in col_runs_],
            givens,
            colours,
            [[colour for _, colour in clue] for clue in row_runs_],
            [[colour for _, colour in clue] for clue in col_runs_],
        )

    @classmethod
    def from_picture(
        cls, picture: Picture, given_cells: Iterable[tuple[int, int]] = (), colours: int = 0
    ) -> Nonogram:
        """The nonogram whose clues are the runs of ``picture`` (``(height, width)``: bool, or
        ``uint8`` colours 0 to *k*), with the cells ``given_cells`` of the picture shown as
        givens. ``colours`` is *k* (default: the picture's highest colour); a picture of one
        colour makes a black-and-white nonogram."""
        grid = np.asarray(picture)
        k = max(int(colours), int(grid.max(initial=0)), 1) if grid.dtype != np.bool_ else 1
        height, width = grid.shape
        givens = []
        for r, c in given_cells:
            if not (0 <= r < height and 0 <= c < width):
                raise PuzzleError(
                    f"the given at {cell_name((r, c))} lies outside the {width}×{height} grid"
                )
            givens.append((r, c, int(grid[r, c])))
        if k == 1:
            filled = grid.astype(bool)
            return cls(row_runs(filled), row_runs(filled.T), givens)
        rows = [colour_runs(row) for row in grid]
        cols = [colour_runs(col) for col in grid.T]
        return cls.of_runs(rows, cols, k, givens)

    def with_picture(self, picture: Picture, colours: int | None = None) -> Nonogram:
        """The same design for a new picture: its clues, the same cells given, ``colours``
        ink colours (``None``: as many as now, more if the picture has more; 1 makes it black
        and white, whatever the picture's dtype)."""
        if colours == 1:
            picture = np.asarray(picture).astype(bool)
        k = self.colours if colours is None else colours
        return Nonogram.from_picture(picture, self.given_cells(), k)

    def given_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, c, _ in self.givens]

    def givens_grid(self) -> PartialGrid:
        """``int8`` partial grid ``(height, width)``: the givens, UNKNOWN elsewhere."""
        grid = unknown_grid(*self.shape)
        for r, c, value in self.givens:
            grid[r, c] = int(value)
        return grid

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)

    def clue(self, line: LineRef) -> Clue:
        """The clue of a row or column: its run lengths."""
        return (self.rows if line.axis == "row" else self.cols)[line.index]

    def runs(self, line: LineRef) -> Runs:
        """The clue of a row or column as ``(length, colour)`` runs."""
        colours = (self.row_colours if line.axis == "row" else self.col_colours)[line.index]
        return tuple(zip(self.clue(line), colours, strict=True))

    def with_runs(self, line: LineRef, runs: Runs) -> Nonogram:
        """The same puzzle with one line's clue replaced by ``(length, colour)`` runs (givens
        and colours kept)."""
        height, width = self.shape
        lines = {
            "row": [self.runs(LineRef("row", r)) for r in range(height)],
            "column": [self.runs(LineRef("column", c)) for c in range(width)],
        }
        lines[line.axis][line.index] = runs
        return Nonogram.of_runs(lines["row"], lines["column"], self.colours, self.givens)

    def line_length(self, line: LineRef) -> int:
        return len(self.cols) if line.axis == "row" else len(self.rows)

    def lines(self) -> Iterable[tuple[LineRef, Clue]]:
        """Every line with its clue: rows top to bottom, then columns left to right."""
        for r, clue in enumerate(self.rows):
            yield LineRef("row", r), clue
        for c, clue in enumerate(self.cols):
            yield LineRef("column", c), clue

    def _clues(self) -> tuple[list[Runs] | tuple[Clue, ...], list[Runs] | tuple[Clue, ...]]:
        """The row and column clues as the line solver reads them: run lengths in black and
        white, ``(length, colour)`` runs in colour."""
        if self.colours == 1:
            return self.rows, self.cols
        height, width = self.shape
        rows = [self.runs(LineRef("row", r)) for r in range(height)]
        return rows, [self.runs(LineRef("column", c)) for c in range(width)]

    def _wording(self, runs: Runs, first: int = 0) -> tuple[str, tuple[int, ...]]:
        """A clue as a message words it: ``3 1`` in black and white, ``3 in {0}, 1 in {1}``
        and its colours in colour (:func:`.linesolve.runs_wording`)."""
        if self.colours == 1:
            return format_clue(runs), ()
        return runs_wording(runs, first)

    def validate(self) -> None:
        """Raise :class:`PuzzleError` for the first problem found.

        Checks: the size (1 to :data:`MAX_SIDE` rows and columns); the colours (1 to
        :data:`MAX_COLOURS`, each run's colour among them); run lengths positive; each clue
        fits its line (runs plus a background cell between two runs of one colour); rows and
        columns hold the same number of cells of each colour; each given lies in the grid,
        once, with a value the puzzle has.
        """
        SPEC.check_shape(self.shape)
        if not 1 <= self.colours <= MAX_COLOURS:
            raise PuzzleError(
                f"a nonogram has 1 to {MAX_COLOURS} colours besides the background, "
                f"this one {self.colours}"
            )
        height, width = self.shape
        seen: set[tuple[int, int]] = set()
        for r, c, value in self.givens:
            if not (0 <= r < height and 0 <= c < width):
                raise PuzzleError(
                    f"the given at {cell_name((r, c))} lies outside the {width}×{height} grid"
                )
            if (r, c) in seen:
                raise PuzzleError(f"{cell_name((r, c))} is given twice")
            if not 0 <= value <= self.colours:
                raise PuzzleError(
                    f"{cell_name((r, c))} is given colour {value}; the puzzle has colours 1 to "
                    f"{self.colours} and the background 0"
                )
            seen.add((r, c))
        for line, clue in self.lines():
            colours = (self.row_colours if line.axis == "row" else self.col_colours)[line.index]
            if len(colours) != len(clue):
                raise PuzzleError(f"{line}: {len(clue)} runs but {len(colours)} run colours")
            bad = next((colour for colour in colours if not 1 <= colour <= self.colours), None)
            if bad is not None:
                raise PuzzleError(
                    f"{line}: a run of colour {bad}; the puzzle has colours 1 to {self.colours}"
                )
            runs = self.runs(line)
            _check_clue(line, runs, self.line_length(line), self._wording(runs))
        for colour in range(1, self.colours + 1):
            row_total = _total(self.rows, self.row_colours, colour)
            col_total = _total(self.cols, self.col_colours, colour)
            if row_total != col_total:
                cells = "filled cells" if self.colours == 1 else "cells of {0}"
                raise PuzzleError(
                    f"the row clues add up to {row_total} {cells}, the column clues to {col_total}",
                    colours=(colour,) if self.colours > 1 else (),
                )

    def check(self, grid: Picture) -> list[Violation]:
        """Givens that ``grid`` contradicts, then lines whose runs differ from their clue, in
        :meth:`lines` order."""
        if self.colours == 1:
            picture = np.asarray(grid, dtype=bool)
        else:
            picture = np.asarray(grid, dtype=np.int64)
        violations = [
            self._given_violation(r, c, int(value))
            for r, c, value in self.givens
            if int(picture[r, c]) != int(value)
        ]
        for line, _ in self.lines():
            cells = line_values(picture, line)
            runs = colour_runs(cells) if self.colours > 1 else as_runs(run_lengths(cells))
            if runs == self.runs(line):
                continue
            found, found_colours = self._wording(runs)
            expected, colours = self._wording(self.runs(line), len(found_colours))
            violations.append(
                Violation(
                    f"{line} has runs {found}, its clue is {expected}",
                    _line_cells(line, self.shape),
                    found_colours + colours,
                )
            )
        return violations

    def _given_violation(self, row: int, col: int, value: int) -> Violation:
        where = cell_name((row, col))
        if self.colours == 1:
            return Violation(f"{where} is given {'filled' if value else 'empty'}", ((row, col),))
        return Violation(f"{where} is given {{0}}", ((row, col),), (value,))

    def deduce(self, cancel: CancelToken | None = None) -> Deduction:
        """The line solver from the givens (see :func:`.linesolve.line_solve`)."""
        return self.deduce_from(self.givens_grid(), cancel)

    def deduce_from(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        """The line solver from the cells ``known`` (``int8`` partial grid), givens or not."""
        rows, cols = self._clues()
        return line_solve(rows, cols, known, cancel, self.colours)

    def probe(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        """Line solving and probing from ``known`` and the givens (see
        :func:`.linesolve.probe_solve`)."""
        rows, cols = self._clues()
        known = with_givens(self.givens_grid(), known)
        return probe_solve(rows, cols, known, cancel, self.colours)

    def hint(self, known: PartialGrid) -> Hint | None:
        """The line that decides the most cells from ``known`` and the givens (see
        :func:`next_step`); givens are never part of a hint."""
        rows, cols = self._clues()
        step = next_step(rows, cols, with_givens(self.givens_grid(), known), self.colours)
        if step is None:
            return None
        wording, colours = self._wording(self.runs(step.line))
        return Hint(
            f"{step.line} ({wording})", step.cells, _line_cells(step.line, self.shape), colours
        )

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
        rows, cols = self._clues()
        probed = probe_solve(rows, cols, deduction.grid, cancel, self.colours)
        if probed.complete:
            hard = probed.probes > EASY_PROBES
            return Difficulty(
                "probing", 4 if hard else 3, "needs probing", probed.steps, probed.probes
            )
        return Difficulty("search", 5, "needs search", probed.steps, probed.probes)

    def lazy_clauses(self, cells: LiteralGrid, grid: Picture) -> list[list[int]]:
        """None: the order encoding holds every rule of a nonogram."""
        return []

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The rotations and reflections that map the clues and givens onto themselves.

        They act on the grid without its border lines of clue ``0`` (empty in every solution,
        so any map may leave them in place): Knotty's knot is rotation-symmetric in its
        39×39 cells, not with its empty 40th row and column. A map keeps the puzzle when it
        takes every line of that box onto a line whose clue reads the same in the direction
        the cells go, and every given onto a given of the same value. None are looked for in
        a colour puzzle, whose cells the encoding makes one-hot.
        """
        if self.colours > 1:
            return ()
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
        cells ``known``, fresh variables in row-major order for the rest. Every black-and-white
        nonogram encoding starts from these."""
        return cnf.cell_literals(with_givens(self.givens_grid(), known))

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        """Order encoding of every line (:mod:`.cnf`), ranges narrowed by ``known``: one
        literal per cell in black and white, one-hot ``(height, width, colours + 1)`` in colour;
        then each colour's parity counts (:mod:`.parity`), redundant constraints that let the
        solver count.

        A line that ``known`` (or the givens) leaves no placement gets the empty clause: the
        formula is then unsatisfiable, as the puzzle is.
        """
        merged = with_givens(self.givens_grid(), known)
        height, width = self.shape
        if self.colours == 1:
            cells = cnf.cell_literals(merged)
            inks = {1: cells}
        else:
            cells = cnf.value_literals(merged, self.colours + 1)
            inks = {colour: cells[:, :, colour] for colour in range(1, self.colours + 1)}
        # Per colour, per row then per column: the line's runs of that colour as (length, starts).
        runs_of: dict[int, list[list[Run]]] = {
            colour: [[] for _ in range(height + width)] for colour in inks
        }
        for number, (line, _) in enumerate(self.lines()):
            states = line_values(merged, line)
            open_cells = states == UNKNOWN
            possible = tuple(_mask((states == v) | open_cells) for v in range(self.colours + 1))
            runs = self.runs(line)
            placements = analyse_runs(runs, len(states), possible)
            if placements is None:
                cnf.add(())
                return cells
            literals = line_values(cells, line)
            if self.colours == 1:
                background, by_colour = (-literals).tolist(), {1: literals.tolist()}
            else:
                background = literals[:, 0].tolist()
                by_colour = {colour: literals[:, colour].tolist() for _, colour in runs}
            encode_line(cnf, runs, background, by_colour, placements.starts)
            for (length, colour), starts in zip(runs, placements.starts, strict=True):
                runs_of[colour][number].append((length, starts))
        for colour, lines in runs_of.items():
            encode_parity_counts(cnf, inks[colour], lines[:height], lines[height:])
        return cells


_DIGITS = "0123456789"


def parse_clue(text: str, line: LineRef, length: int, chars: str = "") -> Runs:
    """A clue as people type it, as ``(length, colour)`` runs, checked to fit a line of
    ``length`` cells.

    Runs are separated by spaces or commas (or dots, unless a colour is spelt ``.``); ``""`` or
    ``"0"`` is an empty line. In black and white a run is its length: ``"3 1 2"``, every run
    of colour 1. In colour, ``chars`` spells the colours (a palette's
    :attr:`~studio.core.palette.Palette.chars`, background first): a run is its length
    followed by its colour's character, a bare length being of the first colour: ``"3r 2 1g"``,
    as :func:`.linesolve.format_clue` writes it. (A colour spelt with a digit or a comma would
    read as part of the length or a separator: the window types its stand-in from
    :attr:`~studio.core.palette.Palette.typing_chars`.)

    Raises:
        PuzzleError: naming the line and the first bad token, e.g. ``row 3: 'x' is not a run
            length``, ``row 3: 'x' is not a colour of the palette (r, g, b)``, or a clue that
            does not fit (``row 3: clue 3r 2 needs 6 cells, the row has 5``).
    """
    inks = chars[1:]
    for separator in "," if "." in inks else ",.":
        text = text.replace(separator, " ")
    runs = []
    for token in text.split():
        digits = len(token) - len(token.lstrip(_DIGITS))
        colour = token[digits:]
        if not digits or (colour and not inks):
            raise PuzzleError(f"{line}: {token!r} is not a run length")
        if colour and (len(colour) > 1 or colour not in inks):
            raise PuzzleError(
                f"{line}: {colour!r} is not a colour of the palette ({', '.join(inks)})"
            )
        runs.append((int(token[:digits]), inks.index(colour) + 1 if colour else 1))
    clue = () if runs == [(0, 1)] else tuple(runs)
    _check_clue(line, clue, length, (format_clue(clue, chars), ()))
    return clue


def _check_clue(line: LineRef, runs: Runs, length: int, clue: tuple[str, tuple[int, ...]]) -> None:
    """Refuse runs that are not positive, or that do not fit the line; ``clue`` is how the
    messages word the runs, and the colours that wording names."""
    wording, colours = clue
    if any(n < 1 for n, _ in runs):
        raise PuzzleError(f"{line}: run lengths must be positive, got {wording}", colours=colours)
    apart = sum(1 for first, second in itertools.pairwise(runs) if first[1] == second[1])
    needed = sum(n for n, _ in runs) + apart
    if needed > length:
        raise PuzzleError(
            f"{line}: clue {wording} needs {needed} cells, the {line.axis} has {length}",
            colours=colours,
        )


def _total(clues: Sequence[Clue], colours: Sequence[Clue], colour: int) -> int:
    """The cells of ``colour`` the clues of one direction hold."""
    return sum(
        n
        for clue, run_colours in zip(clues, colours, strict=True)
        for n, c in zip(clue, run_colours, strict=False)
        if c == colour
    )


def _run_colours(
    clues: tuple[Clue, ...], given: Iterable[Iterable[int]] | None
) -> tuple[Clue, ...]:
    """The colour of each run: all 1 when not ``given``; an empty line's ``(0,)`` has none."""
    if given is None:
        return tuple((1,) * len(clue) for clue in clues)
    return tuple(
        tuple(int(c) for c in colours) if clue else ()
        for clue, colours in zip(clues, given, strict=False)
    )


def _normalise(clue: Iterable[int]) -> Clue:
    runs = tuple(int(n) for n in clue)
    return () if runs == (0,) else runs


def _mask(flags: Sequence[bool] | np.ndarray) -> int:
    return sum(1 << i for i, flag in enumerate(flags) if flag)
