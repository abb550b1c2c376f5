"""The print boxes of a book's PDF, set with pypdf on the PDF Qt wrote.

A press reads where to cut from each page's TrimBox, and how far printing may run past the cut
from its BleedBox (PDF 1.7, ISO 32000-1 §14.11.2, "Page boundaries"). Qt's PDF writer sets
neither, and keeps page sizes in whole points (:func:`.sheet.page_layout` rounds the page up),
so every page gets here: MediaBox, CropBox and BleedBox the exact trim and bleed, TrimBox the
trim. Qt draws from the top-left corner of its page, so the boxes keep that corner and the
rounding falls off the bottom and the right.
"""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject

from studio.core.book.layout import MM_PER_INCH, POINTS_PER_INCH, BookLayout


def points(millimetres: float) -> float:
    """``millimetres`` in PDF points (1/72 in)."""
    return millimetres / MM_PER_INCH * POINTS_PER_INCH


def with_print_boxes(pdf: bytes, layout: BookLayout) -> bytes:
    """``pdf`` (as Qt wrote it for ``layout``) with every page's MediaBox, CropBox and
    BleedBox the trim and bleed, and its TrimBox the trim, in points.

    Raises:
        pypdf.errors.PdfReadError: for bytes that are no PDF (a bug: Qt wrote them).
    """
    writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
    width, height = (points(side) for side in layout.page_mm)
    trim = layout.trim
    bleed = points(layout.bleed_mm)
    trim_width, trim_height = points(trim.width_mm), points(trim.height_mm)
    for page in writer.pages:
        top = float(page.mediabox.top)  # where Qt's drawing starts
        whole = RectangleObject((0, top - height, width, top))
        page.mediabox = whole
        page.cropbox = whole
        page.bleedbox = whole
        page.trimbox = RectangleObject(
            (bleed, top - bleed - trim_height, bleed + trim_width, top - bleed)
        )
    out = BytesIO()
    writer.write(out)
    return out.getvalue()
