"""Drawing a mosaic: its grid (picture, solution or solver's marks) with the clues in the cells.

Puzzle view is a blank grid with the shown clues; solution view and the designer's canvas draw
the picture under them; a printed answer (:attr:`Scene.clues` off) is the picture alone. A
digit on a filled cell is drawn in the paper's colour, so that clues read on dark and light
cells alike (Tatham's Mosaic does the same). On the designer's canvas (:attr:`Scene.design`)
the clues of the picture that are not shown are drawn faint, so that the designer sees what
could be shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPainter

from studio.core.grid import BoolGrid, filled_cells
from studio.core.kinds.mosaic.logic import NO_CLUE, ClueGrid
from studio.core.kinds.mosaic.puzzle import Mosaic, picture_clues
from studio.render.grid import (
    DOT_IN_CORNER,
    Layout,
    Palette,
    clue_font,
    draw_picture_grid,
    is_tiny,
)
from studio.render.scene import Look, Scene

HIDDEN_CLUE_ALPHA = 90
"""Opacity (0–255) of a clue the puzzle does not show: visible, but plainly not a clue."""


def draw_scene(painter: QPainter, layout: Layout, scene: Scene, palette: Palette) -> None:
    """The grid of a mosaic scene and its clues; a mosaic has nothing around its grid."""
    puzzle = scene.puzzle
    assert isinstance(puzzle, Mosaic)
    # Known empty cells dotted in a corner: a dot in the middle blotted the digit.
    draw_picture_grid(painter, layout, scene, palette, dots_at=DOT_IN_CORNER)
    if is_tiny(layout) or not scene.clues:  # a thumbnail's digits would be smudges
        return
    dark = scene.filled()  # digits on these are drawn light
    if scene.design and scene.picture is not None:
        draw_clues(
            painter,
            layout,
            picture_clues(filled_cells(scene.picture), ~puzzle.shown()),
            dark,
            palette,
            alpha=HIDDEN_CLUE_ALPHA,
        )
    draw_clues(painter, layout, puzzle.clue_grid(), dark, palette)


def draw_clues(
    painter: QPainter,
    layout: Layout,
    clues: ClueGrid,
    dark: BoolGrid,
    palette: Palette,
    *,
    alpha: int = 255,
) -> None:
    """Draw each clue of ``clues`` (``int8``, ``NO_CLUE`` where none) centred in its cell: in
    the clue colour, or the paper colour on the cells of ``dark``; ``alpha`` (0–255) makes
    them faint."""
    font = QFont(clue_font(layout.cell, family=layout.font_family))
    font.setBold(True)
    painter.setFont(font)
    on_light, on_dark = QColor(palette.clue_text), QColor(palette.paper)
    on_light.setAlpha(alpha)
    on_dark.setAlpha(alpha)
    for cell in layout.cells(clues != NO_CLUE):
        painter.setPen(on_dark if dark[cell] else on_light)
        painter.drawText(layout.cell_rect(*cell), Qt.AlignmentFlag.AlignCenter, str(clues[cell]))


LOOK = Look(draw_scene)
"""How a mosaic is drawn: its grid, clues and all."""
