"""Drawing a nonogram: its grid (picture, solution or solver's marks; givens framed) and the
row and column clues around it; a colour nonogram in its colours, each clue number on a box of
its run's colour."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from studio.core.kinds.nonogram.puzzle import Nonogram
from studio.core.palette import RGB, text_on
from studio.core.palette import Palette as Inks
from studio.core.puzzle import Puzzle
from studio.render.grid import (
    DEFAULT_PALETTE,
    Layout,
    Palette,
    clue_font,
    draw_picture_grid,
    draw_swatch,
)
from studio.render.scene import Look, Scene, Surround


def clue_depth(clues: Sequence[Sequence[int]]) -> int:
    """Slots the longest clue needs (at least 1, for the ``0`` of an empty line)."""
    return max((len(clue) for clue in clues), default=0) or 1


def clue_slots(puzzle: Puzzle) -> tuple[int, int]:
    """Cell slots the clues take above and left of the grid: ``(top, left)``."""
    assert isinstance(puzzle, Nonogram)
    return clue_depth(puzzle.cols), clue_depth(puzzle.rows)


def draw_surround(painter: QPainter, layout: Layout, scene: Scene, palette: Palette) -> None:
    """The row clues left of the grid and the column clues above it (for print and images;
    the window draws them in its own panels)."""
    puzzle = scene.puzzle
    assert isinstance(puzzle, Nonogram)
    top, left = clue_slots(puzzle)
    inks = scene.inks
    for clues, colours, axis, depth in (
        (puzzle.rows, puzzle.row_colours, "row", left),
        (puzzle.cols, puzzle.col_colours, "column", top),
    ):
        run_colours = colours if inks is not None else None
        draw_clues(
            painter,
            layout,
            clues,
            axis=axis,
            depth=depth,
            palette=palette,
            run_colours=run_colours,
            inks=inks,
        )


def draw_scene(painter: QPainter, layout: Layout, scene: Scene, palette: Palette) -> None:
    """The grid of a nonogram scene, its givens framed unless the scene is a printed answer;
    its clues are drawn apart (:func:`draw_clues`)."""
    puzzle = scene.puzzle
    assert isinstance(puzzle, Nonogram)
    draw_picture_grid(painter, layout, scene, palette, puzzle.givens if scene.clues else ())


def draw_clues(
    painter: QPainter,
    layout: Layout,
    clues: Sequence[Sequence[int]],
    *,
    axis: str,
    depth: int,
    conflict_line: int | None = None,
    highlight_lines: Collection[int] = (),
    palette: Palette = DEFAULT_PALETTE,
    run_colours: Sequence[Sequence[int]] | None = None,
    inks: Inks | None = None,
) -> None:
    """Draw the row clues (``axis="row"``, right-aligned to the left of the grid) or the column
    clues (``axis="column"``, bottom-aligned above it), one number per cell slot.

    In colour (``run_colours`` and ``inks`` given), each number sits on a box of its run's
    colour, the cell slot a little inset (:data:`BOX_INSET`, so that two runs of one colour
    read as two), in black or white, whichever reads better on it
    (:func:`~studio.core.palette.text_on`); a box that stands out too little from the paper
    (:data:`~studio.render.grid.LEAST_CONTRAST`) gets a thin outline. A line's highlight lies
    under its boxes, so that they keep their colour; a conflict's tint lies over them and
    outlines them in the conflict colour.

    Args:
        layout: the grid's layout; clues are drawn outside it, ``depth`` slots deep, for the
            rows (columns) of its window.
        clues: one clue per line; an empty clue is drawn as ``0``.
        depth: number of slots to draw into (the longest clue, at least 1); a longer clue
            shows its runs nearest the grid and ``…`` in the last slot.
        conflict_line: index of a line to draw in the conflict colour.
        highlight_lines: indexes of lines to shade (the one under the mouse, a hint's).
        run_colours: the colour of each run, line for line beside ``clues`` (a colour
            nonogram's :attr:`~studio.core.kinds.nonogram.puzzle.Nonogram.row_colours`);
            ``None`` in black and white.
        inks: what those colours look like (the document's palette); ``None`` in black and
            white.
    """
    cell = layout.cell
    widest = max((str(n) for clue in clues for n in clue), key=len, default="0")
    painter.setFont(clue_font(cell, widest, layout.font_family))
    for index in layout.rows if axis == "row" else layout.cols:
        clue = clues[index]
        rgbs: list[RGB | None] = [None] * len(clue)
        if run_colours is not None and inks is not None:
            rgbs = [inks.colours[colour].rgb for colour in run_colours[index]]
        slots = list(zip((str(n) for n in clue), rgbs, strict=True)) or [("0", None)]
        if len(slots) > depth:  # more runs than slots (mid-stroke): the far ones elided
            slots = [("…", None), *slots[len(slots) - depth + 1 :]] if depth > 1 else [("…", None)]
        left, top = layout.left, layout.top
        if axis == "row":
            band = QRectF(left - depth * cell, top + index * cell, depth * cell, cell)
        else:
            band = QRectF(left + index * cell, top - depth * cell, cell, depth * cell)
        placed: list[tuple[QRectF, str, RGB | None]] = []  # from the grid outwards
        for slot, (text, rgb) in enumerate(reversed(slots)):
            if axis == "row":
                rect = QRectF(band.right() - (slot + 1) * cell, band.top(), cell, cell)
            else:
                rect = QRectF(band.left(), band.bottom() - (slot + 1) * cell, cell, cell)
            placed.append((rect, text, rgb))
        if index in highlight_lines:  # under the boxes: a box shows its colour as it is
            painter.fillRect(band, QColor(palette.highlight))
        boxes = [(rect, rgb) for rect, _text, rgb in placed if rgb is not None]
        for rect, rgb in boxes:
            draw_swatch(painter, _box(layout, rect), rgb, palette, layout.hairline)
        if index == conflict_line:
            painter.fillRect(band, QColor(palette.conflict))
            _outline_boxes(painter, layout, palette, boxes)
        text_pen = QColor(palette.conflict_text if index == conflict_line else palette.clue_text)
        for rect, text, rgb in placed:
            painter.setPen(text_pen if rgb is None else QColor(*text_on(rgb)))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


BOX_INSET = 0.08
"""How far a clue's colour box stays inside its cell slot, in cells."""


def _box(layout: Layout, rect: QRectF) -> QRectF:
    inset = max(layout.hairline, BOX_INSET * layout.cell)
    return rect.adjusted(inset, inset, -inset, -inset)


def _outline_boxes(
    painter: QPainter, layout: Layout, palette: Palette, boxes: Sequence[tuple[QRectF, RGB]]
) -> None:
    """The boxes of a line whose clue cannot be met, outlined in the conflict colour."""
    painter.setPen(QPen(QColor(palette.conflict_text), max(layout.hairline, layout.cell / 12)))
    for rect, _rgb in boxes:
        painter.drawRect(_box(layout, rect))


LOOK = Look(draw_scene, Surround(clue_slots, draw_surround))
"""How a nonogram is drawn: its grid, and its clues around it in print."""
