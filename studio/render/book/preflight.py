"""Preflight: what of a book would print badly, found before it goes to press, one line each.

As a print shop's preflight check reads a job before it is printed, :func:`preflight` reads the
book's plan as it will print and names:

- a puzzle too small to read: its numbers (a nonogram's clues, a mosaic's digits, a colour
  key's names) under :data:`LEGIBLE_PT`, two numbers side by side on a line closer than
  :data:`LEAST_GAP_PT` (``10 12`` would read ``1012``), or cells under :data:`LEAST_CELL_MM`
  (what the plan gives a puzzle that no page holds at the least cell asked for);
- a title cut to fit above its puzzle or in the contents.

Nothing is assumed of a kind's look: each puzzle is drawn at its planned cell, as its page
draws it (:meth:`.sheet.Sheet.puzzle`), on a :class:`Proof`, a paint device that prints
nothing and keeps every piece of text drawn on it, its size and where it went; and each title
is fitted as its page fits it (:func:`.puzzles.printed_title`, :func:`.front.contents_text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby, pairwise

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import (
    QImage,
    QPaintDevice,
    QPaintEngine,
    QPaintEngineState,
    QPainterPath,
    QPixmap,
    QTextItem,
)

from studio.core.book import Book, greyscale_line, reference
from studio.core.book.layout import LEAST_CELL_RANGE, MM_PER_INCH, POINTS_PER_INCH
from studio.core.book.plan import Placement, Role
from studio.core.cancel import CancelToken
from studio.core.contract.generation import size_name
from studio.render.book import PDF_DPI, book_plan
from studio.render.book.front import contents_row, contents_text
from studio.render.book.puzzles import printed_title
from studio.render.book.sheet import Sheet
from studio.render.scene import Looks

LEGIBLE_PT = 6.0
"""The smallest text a puzzle may print, in points (1/72 in). EU food-labelling law sets the
least legible print by its lower-case x-height, 1.2 mm (Regulation (EU) No 1169/2011, Art.
13(2)); a common sans serif reaches it at about 6.2 pt (Arial, and DejaVu Sans, Qt's usual
default), and a clue's figures, as tall as capitals, then stand 1.5 mm. The trim sizes' least
cells keep above it: a 4 mm cell, the least on 6×9 in, prints its numbers at 6.2 pt."""

LEAST_GAP_PT = LEGIBLE_PT / 5
"""The least room between two numbers side by side on a line, in points: a thin space (a
fifth of an em, as typesetters set it) at :data:`LEGIBLE_PT`."""

LEAST_CELL_MM = LEAST_CELL_RANGE[0]
"""The smallest cell that is printed usefully: below it nobody writes in a cell, whatever is
drawn in it (:data:`~studio.core.book.layout.LEAST_CELL_RANGE`)."""


def preflight(book: Book, looks: Looks, cancel: CancelToken | None = None) -> list[str]:
    """One line per problem of ``book`` as printed with its layout, in number order: a puzzle
    too small to read, with its size (``"#11 (75×50): prints too small to read: numbers of
    2.2 pt, cells of 1.44 mm (6 pt and 2 mm at least)"``), a title cut, with the
    shortest it prints as (``"#2 Three-Colour Garden Party with a Rather Long Title: its title
    is cut to fit above the puzzle and in the contents: “Three-Colour Garden Party with a
    Rather…”"``), colours that would print alike in greyscale (:func:`greyscale_line`).
    Empty when every puzzle prints whole, legible and in greys apart.

    Raises:
        StudioError: an empty book, or a font family that is not installed.
        Stopped: when ``cancel`` fires (checked before each puzzle is measured).
    """
    token = cancel or CancelToken()
    plan = book_plan(book, looks)
    proof = Proof(book.layout.page_mm)
    sheet = Sheet(proof, book.layout)
    try:
        small: dict[int, str] = {}
        for placement in plan.puzzles:
            token.check()
            problem = _too_small(proof.measure(sheet, placement, looks))
            if problem is not None:
                small[placement.number] = problem
        cut: dict[int, list[tuple[str, str]]] = {}  # number: (where, the title as printed)
        for placement in plan.puzzles:
            title = printed_title(sheet, placement) if placement.entry.title else ""
            if title != placement.entry.title:
                cut.setdefault(placement.number, []).append(("above the puzzle", title))
        for page in plan.pages:
            if page.role is Role.CONTENTS:
                for index, line in enumerate(page.lines):
                    text = contents_text(sheet, line, contents_row(sheet, page.number, index, line))
                    if line.number is not None and text != line.text:
                        title = text.removeprefix(f"{line.number}  ")  # as plan puts it
                        cut.setdefault(line.number, []).append(("in the contents", title))
    finally:
        sheet.end()
    lines = []
    for number, entry in book.numbered():
        name = reference(number, entry)
        if number in small:
            size = size_name(entry.document.puzzle.shape)
            lines.append(f"{name} ({size}): prints too small to read: {small[number]}")
        if number in cut:
            places = " and ".join(place for place, _title in cut[number])
            shortest = min((title for _place, title in cut[number]), key=len)
            lines.append(f"{name}: its title is cut to fit {places}: “{shortest}”")
        greyscale = greyscale_line(number, entry)
        if greyscale is not None:
            lines.append(greyscale)
    return lines


@dataclass(frozen=True)
class Measure:
    """How a puzzle prints: its cell in millimetres, its smallest text and the least room
    between two numbers side by side in points (``None`` where it draws none)."""

    cell_mm: float
    text_pt: float | None
    gap_pt: float | None


def _too_small(measure: Measure) -> str | None:
    """What of ``measure`` is under the floors, in words, with the floors (``"numbers of
    2.2 pt, cells of 1.44 mm (6 pt and 2 mm at least)"``); ``None`` if nothing is."""
    found: list[tuple[str, str]] = []
    if measure.text_pt is not None and measure.text_pt < LEGIBLE_PT:
        found.append((f"numbers of {measure.text_pt:.1f} pt", f"{LEGIBLE_PT:g} pt"))
    if measure.gap_pt is not None and measure.gap_pt < LEAST_GAP_PT:
        found.append((f"numbers {measure.gap_pt:.1f} pt apart", f"{LEAST_GAP_PT:g} pt apart"))
    if measure.cell_mm < LEAST_CELL_MM:
        found.append((f"cells of {measure.cell_mm:.2f} mm", f"{LEAST_CELL_MM:g} mm"))
    if not found:
        return None
    floors = " and ".join(floor for _what, floor in found)
    return f"{', '.join(what for what, _floor in found)} ({floors} at least)"


@dataclass(frozen=True)
class DrawnText:
    """A piece of text drawn on a :class:`Proof`: the text, its size and where it went (the
    left end of its baseline, and its advance's width), in the proof's units."""

    text: str
    pixels: float
    left: float
    baseline: float
    width: float


class _Recorder(QPaintEngine):
    """A paint engine that draws nothing and keeps each text item it is given."""

    def __init__(self) -> None:
        super().__init__(QPaintEngine.PaintEngineFeature.AllFeatures)
        self.items: list[DrawnText] = []

    def begin(self, device: QPaintDevice) -> bool:
        return True

    def end(self) -> bool:
        return True

    def type(self) -> QPaintEngine.Type:
        return QPaintEngine.Type.User

    def updateState(self, state: QPaintEngineState) -> None:
        pass

    def drawPixmap(
        self, rect: QRectF | QRect, pixmap: QPixmap | QImage, source: QRectF | QRect
    ) -> None:
        pass

    def drawPath(self, path: object) -> None:
        pass

    def drawPolygon(self, *polygon: object) -> None:
        pass

    def drawTextItem(
        self, position: QPointF | QPoint | QPainterPath.Element, text: QTextItem
    ) -> None:
        assert isinstance(position, QPointF)  # what QPainter hands its engine
        font = text.font()  # sized in pixels (the numbers' font) or in points
        pixels = (
            font.pixelSize()
            if font.pixelSize() > 0
            else font.pointSizeF() * PDF_DPI / POINTS_PER_INCH
        )
        item = DrawnText(text.text(), pixels, position.x(), position.y(), text.width())
        self.items.append(item)


class Proof(QPaintDevice):
    """A page that prints nothing, at the PDF's resolution (:data:`.PDF_DPI`): what is drawn
    on it is measured (:meth:`measure`).

    Args:
        page_mm: ``(width, height)`` of the page, in millimetres.
    """

    def __init__(self, page_mm: tuple[float, float]) -> None:
        super().__init__()
        self._engine = _Recorder()
        unit = PDF_DPI / MM_PER_INCH
        self._metrics = {
            QPaintDevice.PaintDeviceMetric.PdmWidth: round(page_mm[0] * unit),
            QPaintDevice.PaintDeviceMetric.PdmHeight: round(page_mm[1] * unit),
            QPaintDevice.PaintDeviceMetric.PdmWidthMM: round(page_mm[0]),
            QPaintDevice.PaintDeviceMetric.PdmHeightMM: round(page_mm[1]),
            QPaintDevice.PaintDeviceMetric.PdmDpiX: PDF_DPI,
            QPaintDevice.PaintDeviceMetric.PdmDpiY: PDF_DPI,
            QPaintDevice.PaintDeviceMetric.PdmPhysicalDpiX: PDF_DPI,
            QPaintDevice.PaintDeviceMetric.PdmPhysicalDpiY: PDF_DPI,
            QPaintDevice.PaintDeviceMetric.PdmDepth: 32,
            QPaintDevice.PaintDeviceMetric.PdmNumColors: 0xFFFFFF,
            QPaintDevice.PaintDeviceMetric.PdmDevicePixelRatio: 1,
            QPaintDevice.PaintDeviceMetric.PdmDevicePixelRatioScaled: 1,
        }

    def paintEngine(self) -> QPaintEngine:
        return self._engine

    def metric(self, metric: QPaintDevice.PaintDeviceMetric) -> int:
        return self._metrics.get(metric, 0)

    def measure(self, sheet: Sheet, placement: Placement, looks: Looks) -> Measure:
        """Draw ``placement``'s puzzle as its page does, with ``sheet`` (on this proof), and
        measure its text."""
        self._engine.items.clear()
        document = placement.entry.document
        sheet.puzzle(placement.area, document, looks(document.puzzle), placement.cell_mm)
        items = self._engine.items
        points = POINTS_PER_INCH / PDF_DPI
        text = min((item.pixels for item in items), default=None)
        # Numbers only: a name Qt draws in two runs (a glyph from a fallback font) is one text.
        numbers = sorted(
            (item for item in items if item.text.isdigit()),
            key=lambda item: (round(item.baseline), item.left),
        )
        gaps = [
            right.left - (left.left + left.width)
            for _baseline, line in groupby(numbers, key=lambda item: round(item.baseline))
            for left, right in pairwise(line)
        ]
        return Measure(
            placement.cell_mm,
            None if text is None else text * points,
            min(gaps) * points if gaps else None,
        )
