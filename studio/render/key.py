"""The colour key printed under a colour puzzle: each ink's swatch and name, so that a solver
tells the colours apart, and can name them, on paper. An ink the designer has not named (its
name only its hex, ``#94a1ae``, or its character) has its swatch alone: such a name tells a
reader nothing the swatch does not (:attr:`~studio.core.palette.Colour.given_name`).

The key is measured in cells, as everything around a puzzle's grid is: it takes whole rows of
cell slots under the grid (:func:`key_rows`), part of the puzzle's extent
(:func:`studio.render.export.extent`), so that a book's plan keeps room for it and it never
runs into the next puzzle or the margin. A key entry is a swatch one cell square (inset as a
clue's box) and any name after it in the clue font (:func:`~studio.render.grid.clue_font`);
entries run left to right and wrap to the width of the drawing. Black and white has no key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from studio.core.palette import Colour
from studio.core.palette import Palette as Inks
from studio.render.grid import Palette, clue_font, draw_swatch

KEY_GAP = 0.5
"""Cells between the grid and the key."""
SWATCH_INSET = 0.12
"""How far a swatch stays inside its cell, in cells."""
NAME_GAP = 0.2
"""Cells between a swatch and its name."""
ENTRY_GAP = 0.8
"""Cells between one entry's name and the next swatch."""
MEASURE_CELL = 400.0
"""The cell, in pixels, at which names are measured: large, so that the font's whole-pixel
sizes cost nothing; a name's width in cells is the same at every size give or take
:data:`ROOM`."""
ROOM = 1.1
"""A name is given this much more than it measures, for the rounding of small font sizes."""


@dataclass(frozen=True)
class KeyEntry:
    """One ink of the key, in cells from the key's top-left corner: its row, where its swatch
    starts across, and the name printed after it (``""``: none) and that name's width."""

    colour: Colour
    row: int
    left: float
    name: str
    name_width: float


def key_entries(inks: Inks, width: int, font_family: str = "") -> list[KeyEntry]:
    """Where each ink's entry goes in a key ``width`` cells wide (the whole drawing's, clues
    and grid): entries left to right, wrapping to the next row; an entry wider than the key
    has a row of its own (its name elided when drawn)."""
    metrics = QFontMetricsF(clue_font(MEASURE_CELL, family=font_family))
    entries, row, left = [], 0, 0.0
    for colour in inks.colours[1:]:
        name = colour.given_name or ""
        name_width = metrics.horizontalAdvance(name) / MEASURE_CELL * ROOM
        size = 1 + (NAME_GAP + name_width if name else 0.0)
        if left > 0 and left + size > width:
            row, left = row + 1, 0.0
        entries.append(KeyEntry(colour, row, left, name, name_width))
        left += size + ENTRY_GAP
    return entries


def key_rows(inks: Inks | None, width: int, font_family: str = "") -> int:
    """Whole rows of cells the key of ``inks`` takes under a drawing ``width`` cells wide,
    with :data:`KEY_GAP` above it; 0 without inks (black and white)."""
    if inks is None:
        return 0
    rows = max(entry.row for entry in key_entries(inks, width, font_family)) + 1
    return math.ceil(KEY_GAP + rows)


def draw_key(
    painter: QPainter,
    area: QRectF,
    cell: float,
    inks: Inks,
    palette: Palette,
    *,
    hairline: float = 1.0,
    font_family: str = "",
) -> None:
    """Draw the key of ``inks`` in ``area`` (the rows :func:`key_rows` gave, in the painter's
    units, the drawing's width), cells of ``cell``: each swatch in its ink, outlined if
    close to the paper (:func:`~studio.render.grid.draw_swatch`), its given name in the clue
    colour."""
    width = round(area.width() / cell)
    painter.setFont(clue_font(cell, family=font_family))
    metrics = QFontMetricsF(painter.font())
    top = area.top() + KEY_GAP * cell
    inset = max(hairline, SWATCH_INSET * cell)
    for entry in key_entries(inks, width, font_family):
        x, y = area.left() + entry.left * cell, top + entry.row * cell
        swatch = QRectF(x, y, cell, cell).adjusted(inset, inset, -inset, -inset)
        draw_swatch(painter, swatch, entry.colour.rgb, palette, hairline)
        if not entry.name:
            continue
        name_left = x + (1 + NAME_GAP) * cell
        room = QRectF(name_left, y, area.right() - name_left, cell)
        name = metrics.elidedText(entry.name, Qt.TextElideMode.ElideRight, room.width())
        painter.setPen(QColor(palette.clue_text))
        painter.drawText(room, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
