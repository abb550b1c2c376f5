"""Fobidoshi ("forbidden four", Naoki Inaba): circle cells so that all circles form one
orthogonally connected group and no row or column holds four or more circles in a row.

Givens are circles and crosses (a cross: never a circle); a good puzzle has exactly one
solution. Grids are at least 4×4 (Heslenfeld 2024, §2: N > 3); the rules need no square, so
rectangles are allowed (the Janko text format holds squares only).

In the puzzle's own array (:attr:`Fobidoshi.givens`) a cell is :data:`BLANK` (no given, the
Janko text's ``-``), :data:`CIRCLE` (``o``) or :data:`CROSS` (``x``). In partial grids and
solutions, as for every kind, a circle is ``FILLED`` and a cross ``EMPTY``.

SAT (docs/algorithms.md, "Fobidoshi"): one clause per window of four cells in a row or column, and
connectivity lazily (:meth:`Fobidoshi.lazy_clauses`): a model whose circles fall apart gets,
for each group K of its circles, "a circle of K and a circle outside K are not both circled
unless some cell beside K is", and the solver tries again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from studio.core.cancel import CancelToken
from studio.core.errors import PuzzleError
from studio.core.grid import (
    EMPTY,
    FILLED,
    UNKNOWN,
    PartialGrid,
    Picture,
    cell_name,
    with_givens,
)
from studio.core.kinds.fobidoshi.rules import (
    MAX_RUN,
    components,
    long_runs,
    neighbours,
    next_step,
    probe,
    propagate,
    run_violation,
)
from studio.core.puzzle import Cell, Deduction, Difficulty, Hint, KindSpec, Violation
from studio.core.sat.cnf import FALSE, TRUE, CnfBuilder, LiteralGrid
from studio.core.symmetry import Symmetry

BLANK, CIRCLE, CROSS = 0, 1, 2
"""The codes of :attr:`Fobidoshi.givens`: no given, a given circle, a given cross."""

CHARS = "-ox"
"""The character of each code in text (``CHARS[code]``): Janko's ``-``, ``o`` and ``x``."""

MIN_SIDE = 4
"""The fewest rows or columns (thesis §2: N > 3)."""

MAX_SIDE = 100
"""The most rows or columns. Published puzzles stop near 15×15; a blank 100×100 (the hardest
case: nothing given) uses under 100 MB and stops at its time limit within 0.05 s."""

#: A puzzle the rules solve is rated 2 (not 1) past this many rule steps per cell.
EASY_STEPS_PER_CELL = 0.25
#: A puzzle probing completes is rated 3 up to this many fruitful guesses, 4 beyond.
FEW_PROBES = 4


SPEC = KindSpec(
    name="fobidoshi",
    title="Fobidoshi",
    rules=(
        "Circle some cells of the grid. All the circles form one group: from any circle you "
        "can reach any other through circles that share a side. No row or column holds four "
        "or more circles in a row. Circles and crosses shown from the start are givens: a "
        "given circle stays a circle, a cross is never one. The solution is the one way to "
        "decide every other cell, circle or not, that keeps both rules. To start, cross the "
        "cells at both ends of three circles in a row, then look for cells that must be "
        "circled to keep the circles connected."
    ),
    aliases=("forbidden-four",),
    noun="Fobidoshi",
    min_side=MIN_SIDE,
    max_side=MAX_SIDE,
    logic="rule logic",
    logic_solvable="solvable by the rules",
)
"""The fobidoshi's identity, words and size limits (:attr:`Fobidoshi.spec`)."""


@dataclass(frozen=True)
class Fobidoshi:
    """A Fobidoshi puzzle: its givens, one code per cell in row-major order.

    Construction takes the givens as a 2-D array of codes (:data:`BLANK`, :data:`CIRCLE`,
    :data:`CROSS`); it does not validate (a half-made design must be representable): call
    :meth:`validate`.

    Raises:
        PuzzleError: from the constructor, for givens that are not a 2-D grid of small
            integers.
    """

    kind: ClassVar[str] = "fobidoshi"
    spec: ClassVar[KindSpec] = SPEC

    height: int
    width: int
    codes: bytes

    def __init__(self, givens: npt.ArrayLike) -> None:
        array = np.asarray(givens)
        if array.ndim != 2:
            raise PuzzleError(f"the givens must be a grid of rows and columns, got {array.ndim}-D")
        if array.size and (
            not np.issubdtype(array.dtype, np.integer) or array.min() < 0 or array.max() > 127
        ):
            raise PuzzleError("the givens must be codes 0 (blank), 1 (circle) or 2 (cross)")
        object.__setattr__(self, "height", int(array.shape[0]))
        object.__setattr__(self, "width", int(array.shape[1]))
        object.__setattr__(self, "codes", array.astype(np.int8).tobytes())

    @classmethod
    def blank(cls, shape: tuple[int, int]) -> Fobidoshi:
        """A puzzle of ``(height, width)`` without givens."""
        return cls(np.zeros(shape, dtype=np.int8))

    @classmethod
    def from_rows(cls, rows: Sequence[str]) -> Fobidoshi:
        """A puzzle from rows of ``-``, ``o`` and ``x`` (the Janko text and the shared data).

        Raises:
            PuzzleError: for ragged rows or another character, naming the row and column.
        """
        width = len(rows[0]) if rows else 0
        codes = []
        for r, row in enumerate(rows):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, row 1 has {width}")
            line = []
            for c, char in enumerate(row):
                code = given_code(char)
                if code is None:
                    raise PuzzleError(f"{cell_name((r, c))}: {bad_char_message(char)}")
                line.append(code)
            codes.append(line)
        return cls(np.array(codes, dtype=np.int8).reshape(len(rows), width))

    @property
    def colours(self) -> int:
        """1: a Fobidoshi's cells are circled or not."""
        return 1

    @property
    def shape(self) -> tuple[int, int]:
        return self.height, self.width

    @property
    def givens(self) -> npt.NDArray[np.int8]:
        """``int8`` ``(height, width)``, read-only: :data:`BLANK`, :data:`CIRCLE` or
        :data:`CROSS` per cell."""
        return np.frombuffer(self.codes, dtype=np.int8).reshape(self.shape)

    def rows(self) -> list[str]:
        """The givens as rows of ``-``, ``o`` and ``x``."""
        return ["".join(CHARS[code] for code in row) for row in self.givens.tolist()]

    def with_given(self, cell: Cell, code: int) -> Fobidoshi:
        """The same puzzle with ``cell``'s given set to ``code``."""
        givens = self.givens.copy()
        givens[cell] = code
        return Fobidoshi(givens)

    def given_cells(self) -> list[Cell]:
        """The cells holding a circle or a cross, row-major."""
        return [(int(r), int(c)) for r, c in np.argwhere(self.givens != BLANK)]

    def givens_grid(self) -> PartialGrid:
        """``int8`` partial grid ``(height, width)``: ``FILLED`` for given circles, ``EMPTY``
        for given crosses, ``UNKNOWN`` elsewhere."""
        givens = self.givens
        grid: PartialGrid = np.full(self.shape, UNKNOWN, dtype=np.int8)
        grid[givens == CIRCLE] = FILLED
        grid[givens == CROSS] = EMPTY
        return grid

    def validate(self) -> None:
        """Raise :class:`PuzzleError` for the first problem found.

        Checks: the size (:meth:`KindSpec.check_shape`: :data:`MIN_SIDE` to
        :data:`MAX_SIDE` rows and columns); every code known; no four given circles in a row.
        """
        SPEC.check_shape(self.shape)
        givens = self.givens
        bad = np.argwhere(~np.isin(givens, (BLANK, CIRCLE, CROSS)))
        if bad.size:
            cell = (int(bad[0][0]), int(bad[0][1]))
            raise PuzzleError(
                f"{cell_name(cell)} holds the code {int(givens[cell])}; "
                f"expected {BLANK} (blank), {CIRCLE} (circle) or {CROSS} (cross)"
            )
        runs = long_runs(givens == CIRCLE)
        if runs:
            line, cells = runs[0]
            raise PuzzleError(f"{line} holds {len(cells)} given circles in a row {_span(cells)}")

    def check(self, grid: Picture) -> list[Violation]:
        """Givens ``grid`` contradicts, runs of four or more circles (rows, then columns), and
        every group of circles but the largest (the first of the largest stays), in that
        order."""
        circles = np.asarray(grid, dtype=bool)
        givens = self.givens
        broken = ((givens == CIRCLE) & ~circles) | ((givens == CROSS) & circles)
        violations = [
            Violation(
                f"{cell_name((r, c))} is given a {'circle' if givens[r, c] == CIRCLE else 'cross'}",
                ((r, c),),
            )
            for r, c in ((int(r), int(c)) for r, c in np.argwhere(broken))
        ]
        violations += [
            run_violation(line, cells, forced=False) for line, cells in long_runs(circles)
        ]
        groups = components(circles)
        if len(groups) > 1:
            largest = max(range(len(groups)), key=lambda i: (len(groups[i]), -i))
            violations += [
                Violation(
                    f"the circles at {cell_name(group[0])} are cut off from the others"
                    if len(group) > 1
                    else f"the circle at {cell_name(group[0])} is cut off from the others",
                    tuple(group),
                )
                for i, group in enumerate(groups)
                if i != largest
            ]
        return violations

    def deduce(self, cancel: CancelToken | None = None) -> Deduction:
        """The rules from the givens to a fixpoint (:func:`.rules.propagate`: forced
        crosses next to runs, barriers, cuts)."""
        return propagate(self.givens_grid(), cancel=cancel)

    def hint(self, known: PartialGrid) -> Hint | None:
        """The next rule deduction from ``known`` (``int8``) and the givens (see
        :func:`.rules.next_step`); givens are never part of a hint."""
        step = next_step(with_givens(self.givens_grid(), known))
        if step is None:
            return None
        return Hint(step.reason, step.cells, step.source)

    def rate(self, deduction: Deduction, cancel: CancelToken | None = None) -> Difficulty:
        """Solvable by the rules (score 1–2), by a little backtracking (3–4), or by much (5).

        A puzzle the rules complete is a 2 when they take more than
        :data:`EASY_STEPS_PER_CELL` steps per cell. Otherwise a little backtracking is
        probing (:func:`.rules.probe`): guesses the rules refute at once, one level
        deep; a puzzle it completes is a 3 up to :data:`FEW_PROBES` fruitful guesses, a 4
        beyond. What probing leaves open needs deeper backtracking: a 5.

        Raises:
            Stopped: when ``cancel`` fires.
        """
        if deduction.complete:
            hard = deduction.steps > EASY_STEPS_PER_CELL * self.height * self.width
            return Difficulty("rules", 2 if hard else 1, "solvable by the rules", deduction.steps)
        probed = probe(deduction.grid, cancel)
        steps = deduction.steps + probed.steps
        if probed.complete:
            score = 3 if probed.probes <= FEW_PROBES else 4
            description = "needs a little backtracking" if score == 3 else "needs backtracking"
            return Difficulty("backtracking", score, description, steps, probed.probes)
        return Difficulty("search", 5, "needs much backtracking", steps, probed.probes)

    def encode(self, cnf: CnfBuilder, known: PartialGrid) -> LiteralGrid:
        """One clause per window of four cells in a row or column (not all four circled);
        connectivity is left to :meth:`lazy_clauses`.

        The givens and the cells ``known`` become ``TRUE``/``FALSE``. Implied clauses help the
        solver: once some circle is known, every other circled cell has a circled neighbour
        (it must join that circle).
        """
        merged = with_givens(self.givens_grid(), known)
        cells = cnf.cell_literals(merged)
        open_cells = merged == UNKNOWN
        window = MAX_RUN + 1
        for r in range(self.height):
            for c in range(self.width - window + 1):
                cnf.add((-cells[r, c : c + window]).tolist())
        for c in range(self.width):
            for r in range(self.height - window + 1):
                cnf.add((-cells[r : r + window, c]).tolist())
        known_circles = int(np.count_nonzero(merged == FILLED))
        if known_circles:
            flat = cells.ravel().tolist()
            around = neighbours(self.shape)
            needy = open_cells | ((merged == FILLED) & (known_circles > 1))
            for index in np.flatnonzero(needy).tolist():
                cnf.add([-flat[index], *(flat[other] for other in around[index])])
        return cells

    def probe(self, known: PartialGrid, cancel: CancelToken | None = None) -> Deduction:
        """Nothing beyond ``known``: the probe pays off on hard nonograms, not tried here."""
        return Deduction(grid=known.copy())

    def symmetries(self) -> tuple[Symmetry, ...]:
        """None looked for: the symmetric search pays off on nonograms (Knotty), not tried here."""
        return ()

    def lazy_clauses(self, cells: LiteralGrid, grid: Picture) -> list[list[int]]:
        """Cuts for a model whose circles fall apart (docs/algorithms.md, "Fobidoshi"): for each
        group K of its circles, ``¬a ∨ ¬c ∨ (a cell beside K is circled)`` with ``a`` a circle
        of K and ``c`` one outside K (known circles preferred: their literal drops out); ``[]``
        when the circles are connected.

        This runs after every SAT model of an analysis, so it is one flood fill over plain
        lists (numpy masks per group took two thirds of a blank 20×20's analysis).
        """
        circled = np.asarray(grid, dtype=bool).ravel().tolist()
        literals = cells.ravel().tolist()
        around = neighbours(self.shape)
        seen = [False] * len(circled)
        groups: list[tuple[int, list[int]]] = []  # (a circle's literal, border literals)
        for start, inside in enumerate(circled):
            if not inside or seen[start]:
                continue
            seen[start] = True
            todo, members, border = [start], [start], set()
            while todo:
                index = todo.pop()
                for other in around[index]:
                    if not circled[other]:
                        border.add(other)
                    elif not seen[other]:
                        seen[other] = True
                        todo.append(other)
                        members.append(other)
            known = any(literals[index] == TRUE for index in members)
            pick = TRUE if known else literals[start]  # start: the group's first cell
            groups.append((pick, [literals[index] for index in sorted(border)]))
        if len(groups) <= 1:
            return []
        clauses = []
        for number, (pick, border_literals) in enumerate(groups):
            others = [other for index, (other, _) in enumerate(groups) if index != number]
            outside = TRUE if TRUE in others else others[0]
            clause = [
                literal for literal in (-pick, -outside, *border_literals) if literal != FALSE
            ]
            clauses.append(clause or [FALSE])
        return clauses


def given_code(char: str) -> int | None:
    """The code of a text character (``-``, ``o``, ``x``), or ``None`` for another one."""
    code = CHARS.find(char) if len(char) == 1 else -1
    return None if code < 0 else code


def bad_char_message(char: str) -> str:
    return f"expected '-' (blank), 'o' (circle) or 'x' (cross), found {char!r}"


def _span(cells: tuple[Cell, ...]) -> str:
    """``"(columns 2 to 5)"`` or ``"(rows 1 to 4)"`` for a run of cells in one line."""
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    if r0 == r1:
        return f"(columns {c0 + 1} to {c1 + 1})"
    return f"(rows {r0 + 1} to {r1 + 1})"
