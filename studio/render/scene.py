"""What is drawn on a puzzle's grid, for any kind, and how a kind is drawn.

A :class:`Scene` is plain data: the puzzle and what to show over it (the designer's picture, a
solver's solution or partial knowledge, the analysis's overlays). :func:`draw_scene` hands it
to the kind's routine, part of its :class:`Look`; the canvas, images and printed pages all draw
through it (one drawing code for screen and print: docs/architecture.md, "Drawing").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PySide6.QtGui import QPainter

from studio.core.grid import FILLED, BoolGrid, PartialGrid, Picture, filled_cells
from studio.core.palette import Palette as Inks
from studio.core.puzzle import Puzzle
from studio.render.grid import DEFAULT_PALETTE, Layout, Palette


@dataclass(frozen=True, eq=False)
class Scene:
    """A puzzle and what to show on its grid (bool, ``uint8`` or ``int8`` grids of the puzzle's
    shape).

    Attributes:
        puzzle: the puzzle: its givens and in-cell clues are always drawn.
        picture: the designer's picture (bool, or ``uint8`` colours), drawn in ink or in its
            colours.
        solution: a solver's solution, drawn in a lighter ink (lighter colours) where there is
            no picture.
        marks: a solver's partial grid (hint steps): filled cells inked (in colour, each known
            colour), empty ones dotted.
        variable: the variable fields, tinted.
        conflict: cells of a rule that cannot be met, tinted.
        highlight: cells to shade (the clue a hint comes from).
        changed: cells a previewed repair changes.
        design: the designer's canvas rather than an image or a page: a kind may add aids
            there (a mosaic's clues that are not shown, drawn faint).
        clues: draw what the solver is told inside the grid (a mosaic's numbers, the marks of
            given cells); False for a printed answer, which shows the solved cells alone, all
            in ink (the solutions at the back of a book).
        inks: what the colours of a colour puzzle look like (its document's
            :attr:`~studio.core.document.Document.palette`), in which it is drawn; ``None`` in
            black and white.
    """

    puzzle: Puzzle
    picture: Picture | None = None
    solution: Picture | None = None
    marks: PartialGrid | None = None
    variable: BoolGrid | None = None
    conflict: BoolGrid | None = None
    highlight: BoolGrid | None = None
    changed: BoolGrid | None = None
    design: bool = False
    clues: bool = True
    inks: Inks | None = None

    def filled(self) -> BoolGrid:
        """Bool ``(height, width)``: the cells drawn filled: the picture's (else the
        solution's) and the filled marks."""
        shown = self.picture if self.picture is not None else self.solution
        filled = (
            np.zeros(self.puzzle.shape, dtype=bool) if shown is None else filled_cells(shown).copy()
        )
        if self.marks is not None:
            filled |= self.marks == FILLED
        return filled


Renderer = Callable[[QPainter, Layout, Scene, Palette], None]
"""A kind's routine drawing a scene's grid into a layout."""


@dataclass(frozen=True)
class Surround:
    """What a kind draws around its grid in print (a nonogram's clues): the cell slots it takes
    above and left of the grid, ``slots(puzzle) -> (top, left)``, and how to draw it."""

    slots: Callable[[Puzzle], tuple[int, int]]
    draw: Renderer


@dataclass(frozen=True)
class Look:
    """How a kind is drawn: its grid routine, and its surround if it has clues around the grid.
    Each kind's drawing module has one (``LOOK``); the Qt side's table of kinds
    (:mod:`studio.gui.kinds`) lists them, and the drawing functions are handed the look of
    what they draw."""

    draw: Renderer
    surround: Surround | None = None

    def surround_slots(self, puzzle: Puzzle) -> tuple[int, int]:
        """Cell slots above and left of ``puzzle``'s grid taken by the surround, ``(top,
        left)``; ``(0, 0)`` without one."""
        return (0, 0) if self.surround is None else self.surround.slots(puzzle)


Looks = Callable[[Puzzle], Look]
"""The look of any puzzle (a lookup in the Qt side's table of kinds), for drawing functions
that draw puzzles of several kinds: a book."""


def draw_scene(
    painter: QPainter, layout: Layout, scene: Scene, look: Look, palette: Palette = DEFAULT_PALETTE
) -> None:
    """Draw ``scene``'s grid into ``layout`` with its kind's ``look``, in ``palette``; a colour
    scene's grid in print's (:data:`~studio.render.grid.DEFAULT_PALETTE`) whatever ``palette``.

    A colour puzzle's colours are its design, and are what will print: the designer sees them
    as they print, on white paper under print's rules, also on a dark desktop (whose paper would
    swallow a black cell). The surround (a nonogram's clues) stays in ``palette``."""
    look.draw(painter, layout, scene, palette if scene.inks is None else DEFAULT_PALETTE)
