"""Drawing a Fobidoshi: its givens (circles and crosses) and, over the grid, the circled cells of
a solution or of a solver's marks.

Given circles are ink discs and given crosses ink crosses; the circled cells of a solution (the
document's reference solution, the solver's, a hint's marks) are discs in the lighter solution
ink, so that the givens stay distinct in the solution view; a printed answer (:attr:`Scene.clues`
off) draws every circle of the solution in ink, and no crosses. Tints (variable fields, a rule that
cannot be met, a hint's source, a repair's changes) lie under the discs: the corners of a tinted
cell show the tint. Four or more given circles in a row break the rules whatever the solution:
they are tinted as a conflict too. No thick rule every five cells: nobody counts a Fobidoshi's
cells.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPen

from studio.core.grid import FILLED, UNKNOWN, BoolGrid, PartialGrid, mask_of
from studio.core.kinds.fobidoshi.puzzle import BLANK, CIRCLE, CROSS, Fobidoshi
from studio.core.kinds.fobidoshi.rules import long_runs
from studio.render.grid import Layout, Palette, draw_discs, draw_grid
from studio.render.scene import Look, Scene

CIRCLE_RADIUS = 0.36
"""A circle's radius, in cells: a ring of paper stays around it, so that neighbours part."""
CROSS_INSET = 0.25
"""How far a cross's arms stay from the cell's corners, in cells."""


def given_conflicts(puzzle: Fobidoshi) -> BoolGrid:
    """Bool ``(height, width)``: the given circles in runs of four or more in a row or column,
    which no solution can have (the puzzle's own rule violation, before any analysis)."""
    runs = long_runs(puzzle.givens == CIRCLE)
    return mask_of(puzzle.shape, (cell for _line, cells in runs for cell in cells))


def circled_cells(scene: Scene) -> BoolGrid:
    """Bool ``(height, width)``: the cells without a given drawn as circled: those of the
    scene's picture (else its solution) and the circles among its marks."""
    circled = scene.filled()
    puzzle = scene.puzzle
    assert isinstance(puzzle, Fobidoshi)
    circled &= puzzle.givens == BLANK
    return circled


def draw_scene(painter: QPainter, layout: Layout, scene: Scene, palette: Palette) -> None:
    """The grid of a Fobidoshi scene: paper, tints and rules (:func:`.grid.draw_grid`), the
    circled cells, then the givens on top."""
    puzzle = scene.puzzle
    assert isinstance(puzzle, Fobidoshi)
    conflict = given_conflicts(puzzle)
    if scene.conflict is not None:
        conflict |= scene.conflict
    draw_grid(
        painter,
        layout,
        marks=_crosses_only(scene.marks),
        variable=scene.variable,
        conflict=conflict if conflict.any() else None,
        highlight=scene.highlight,
        changed=scene.changed,
        palette=palette,
        major_every=None,  # nothing to count: a thick rule every 5 cells would only cut it up
    )
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    givens = puzzle.givens
    if scene.clues:
        draw_circles(painter, layout, circled_cells(scene), palette.solution_ink)
        draw_circles(painter, layout, givens == CIRCLE, palette.ink)
        draw_crosses(painter, layout, givens == CROSS, palette.ink)
    else:  # a printed answer: every circle of the solution alike
        draw_circles(painter, layout, scene.filled(), palette.ink)
    painter.restore()


def _crosses_only(marks: PartialGrid | None) -> PartialGrid | None:
    """The marks with the circles left out: :func:`.grid.draw_grid` dots the known crosses,
    this module draws the circles."""
    if marks is None:
        return None
    crosses: PartialGrid = np.where(marks == FILLED, UNKNOWN, marks).astype(np.int8)
    return crosses


def draw_circles(painter: QPainter, layout: Layout, mask: BoolGrid, color: str) -> None:
    """A disc in each cell of ``mask`` (bool ``(height, width)``), :data:`CIRCLE_RADIUS` cells
    across."""
    draw_discs(painter, layout, mask, color, CIRCLE_RADIUS * layout.cell)


def draw_crosses(painter: QPainter, layout: Layout, mask: BoolGrid, color: str) -> None:
    """A cross (×) in each cell of ``mask`` (bool ``(height, width)``), its arms
    :data:`CROSS_INSET` cells from the corners."""
    pen = QPen(QColor(color), max(1.0, layout.cell / 10))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    inset = CROSS_INSET * layout.cell
    for row, col in layout.cells(mask):
        rect = layout.cell_rect(row, col).adjusted(inset, inset, -inset, -inset)
        painter.drawLine(rect.topLeft(), rect.bottomRight())
        painter.drawLine(rect.topRight(), rect.bottomLeft())


LOOK = Look(draw_scene)
"""How a fobidoshi is drawn: its grid, clues and all."""
