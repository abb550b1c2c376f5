"""A painter on a paged device (a PDF writer, a printer, a print preview's printer) that
draws in the millimetres of a book's plan (:mod:`studio.core.book.layout`): page rectangles,
text in points in the book's font (a line too long for its room cut after a word, with an
ellipsis), puzzles with the book's rules, the page number at the outer corner. It also draws
on the proof of :mod:`.preflight`, which measures what is drawn and has no pages.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
)

from studio.core.book.layout import MM_PER_INCH, POINTS_PER_INCH, Area, BookLayout, is_recto
from studio.core.document import Document
from studio.core.errors import StudioError
from studio.core.grid import Picture
from studio.render.export import draw_puzzle
from studio.render.grid import PRINT_HAIRLINE_PT
from studio.render.scene import Look

INK = QColor("#000000")
"""Text on the page: pure black, as presses want it."""
FOLIO_PT = 9.0
"""The page number's size."""
ELLIPSIS = "…"
"""Ends a line cut to fit its room."""

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
TOP_CENTRE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def page_layout(layout: BookLayout) -> QPageLayout:
    """The device's page for ``layout``: the trim and its bleed (:attr:`BookLayout.page_mm`),
    without margins, rounded up to whole points (Qt keeps page sizes in whole points; the
    PDF's boxes then give the exact size, :mod:`.pdf`)."""
    width, height = (side / MM_PER_INCH * POINTS_PER_INCH for side in layout.page_mm)
    size = QSizeF(math.ceil(width - 1e-6), math.ceil(height - 1e-6))
    exact = QPageSize.SizeMatchPolicy.ExactMatch
    page = QPageSize(size, QPageSize.Unit.Point, layout.trim.title, exact)
    return QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0))


def require_font(layout: BookLayout) -> None:
    """Refuse a layout whose font family is not installed here: Qt would quietly print in
    another, and the proofs would not be the book.

    Raises:
        StudioError: ``the font family 'Garamond' is not installed here``.
    """
    family = layout.font_family
    if family and not QFontDatabase.hasFamily(family):
        raise StudioError(f"the font family {family!r} is not installed here")


class Sheet:
    """Draws a book's pages on ``device`` in millimetres from each page's top-left corner.

    A paged device gets the book's page (:func:`page_layout`); any other (the proof of
    :mod:`.preflight`) is drawn on as one page. The device's resolution (its logical dots an
    inch), whatever it is, only sets how many device units make a millimetre.

    Raises:
        StudioError: when the layout's font family is not installed (:func:`require_font`),
            or no painter can begin on the device.
    """

    def __init__(self, device: QPaintDevice, layout: BookLayout) -> None:
        require_font(layout)
        self.device = device
        self.layout = layout
        if isinstance(device, QPagedPaintDevice):
            device.setPageLayout(page_layout(layout))
        dpi = device.logicalDpiX()  # a PDF writer's or a printer's resolution
        self.unit = dpi / MM_PER_INCH
        """Device units in a millimetre."""
        self.hairline = self.pt(PRINT_HAIRLINE_PT)
        """The thinnest rule, in device units."""
        self.painter = QPainter()
        if not self.painter.begin(device):
            raise StudioError("cannot draw on the page device")
        self.painter.setRenderHint(QPainter.RenderHint.Antialiasing)

    def mm(self, length: float) -> float:
        """``length`` millimetres in device units."""
        return float(length * self.unit)

    def pt(self, length: float) -> float:
        """``length`` points (1/72 in) in device units."""
        return self.mm(length / POINTS_PER_INCH * MM_PER_INCH)

    def rect(self, area: Area) -> QRectF:
        """``area`` in device units."""
        return QRectF(
            self.mm(area.left), self.mm(area.top), self.mm(area.width), self.mm(area.height)
        )

    def font(self, points: float, *, bold: bool = False) -> QFont:
        """The book's font (:attr:`BookLayout.font_family`, or Qt's default) at ``points``
        (1/72 in), set on the painter."""
        font = QFont()
        if self.layout.font_family:
            font.setFamily(self.layout.font_family)
        font.setPointSizeF(points)
        font.setBold(bold)
        self.painter.setFont(font)
        return font

    def metrics(self, points: float, *, bold: bool = False) -> QFontMetricsF:
        """How text of that size measures on this device."""
        return QFontMetricsF(self.font(points, bold=bold), self.device)

    def text(
        self,
        area: Area | QRectF,
        text: str,
        points: float,
        align: Qt.AlignmentFlag = LEFT,
        *,
        bold: bool = False,
        color: QColor = INK,
        wrap: bool = False,
    ) -> None:
        """``text`` in ``area`` (millimetres, or device units): wrapped at its words with
        ``wrap``, else in one line, cut to fit if it must (:meth:`fitted`)."""
        rect = area if isinstance(area, QRectF) else self.rect(area)
        if wrap:
            self.font(points, bold=bold)
            self.painter.setPen(color)
            self.painter.drawText(rect, align | Qt.TextFlag.TextWordWrap, text)
        else:
            line = self.fitted(text, points, rect.width(), bold=bold)
            self.painter.setPen(color)
            self.painter.drawText(rect, align, line)

    def fitted(self, text: str, points: float, width: float, *, bold: bool = False) -> str:
        """``text`` as it prints in one line ``width`` device units wide: whole if it fits,
        else cut after the last word that leaves room for an ellipsis, the punctuation before
        the cut dropped (``"Three-Colour Garden Party with a Rather Long…"``); within its first
        word only if even that word does not fit."""
        metrics = self.metrics(points, bold=bold)
        if metrics.horizontalAdvance(text) <= width:
            return text
        words = text.split(" ")
        for count in range(len(words) - 1, 0, -1):
            kept = " ".join(words[:count]).rstrip(" ,.;:-–—")
            if kept and metrics.horizontalAdvance(kept + ELLIPSIS) <= width:
                return kept + ELLIPSIS
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)

    def puzzle(
        self,
        area: Area,
        document: Document,
        look: Look,
        cell_mm: float,
        *,
        solution: Picture | None = None,
        clues: bool = True,
    ) -> QRectF:
        """Draw ``document``'s puzzle in ``area`` with cells of ``cell_mm`` millimetres, in the
        book's rules (:attr:`BookLayout.thin_rule_pt`, :attr:`~BookLayout.thick_rule_pt`, never
        under the hairline) and font, in its palette's colours:
        :func:`studio.render.export.draw_puzzle`, with ``solution`` filled in and, with
        ``clues`` off, the grid alone (no clues around it or in it, no colour key).

        Returns:
            The rectangle the grid took, in device units.
        """
        layout = self.layout
        thin, thick = layout.thin_rule_pt, layout.thick_rule_pt
        return draw_puzzle(
            self.painter,
            self.rect(area),
            document.puzzle,
            look,
            solution=solution,
            inks=document.palette,
            surround=clues,
            clues=clues,
            cell=self.mm(cell_mm),
            hairline=self.hairline,
            thin_rule=None if thin is None else self.pt(thin),
            thick_rule=None if thick is None else self.pt(thick),
            font_family=layout.font_family,
        )

    def folio(self, page: int) -> None:
        """The page number at the outer end of the foot of the live area: right on a
        right-hand page, left on a left-hand one. It sits at the band's bottom, so that about
        3 mm stay clear between it and a puzzle that reaches the foot of the body."""
        bottom = Qt.AlignmentFlag.AlignBottom
        align = Qt.AlignmentFlag.AlignRight if is_recto(page) else Qt.AlignmentFlag.AlignLeft
        self.text(self.layout.folio_area(page), str(page), FOLIO_PT, align | bottom)

    def new_page(self) -> None:
        """Start the next page.

        Raises:
            StudioError: when the device cannot make one (a printer out of paper, say).
        """
        device = self.device
        if not (isinstance(device, QPagedPaintDevice) and device.newPage()):
            raise StudioError("cannot start a new page")

    def end(self) -> bool:
        """Finish the last page; False if the device could not complete the document."""
        return self.painter.end()
