"""The print boxes: exact to the millimetre even where Qt rounds a page to whole points."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from studio.core.book import Book, BookEntry, BookLayout
from studio.core.kinds import document_of_picture
from studio.gui.kinds import looks
from studio.render.book import export_book

MM_PER_POINT = 25.4 / 72


def test_boxes_are_exact_on_a4_with_a_3_mm_bleed(qtbot: QtBot, tmp_path: Path) -> None:
    """A4 plus 3 mm a side is 612.28 × 858.90 pt: Qt makes 613 × 859, the boxes put it right,
    and keep the trim 3 mm in from every edge of the page."""
    picture = np.eye(5, dtype=bool)
    entry = BookEntry(document_of_picture("nonogram", picture), solution=picture, status="unique")
    layout = BookLayout(page_size="A4", bleed_mm=3.0)
    export_book(Book(entries=(entry,), layout=layout), tmp_path / "a4.pdf", looks)
    for page in PdfReader(tmp_path / "a4.pdf").pages:
        media, trim = page.mediabox, page.trimbox
        assert list(page.bleedbox) == list(media)
        assert list(page.cropbox) == list(media)
        assert float(media.width) * MM_PER_POINT == pytest.approx(216, abs=1e-3)
        assert float(media.height) * MM_PER_POINT == pytest.approx(303, abs=1e-3)
        assert float(trim.width) * MM_PER_POINT == pytest.approx(210, abs=1e-3)
        assert float(trim.height) * MM_PER_POINT == pytest.approx(297, abs=1e-3)
        for inset in (
            float(trim.left) - float(media.left),
            float(media.right) - float(trim.right),
            float(trim.bottom) - float(media.bottom),
            float(media.top) - float(trim.top),
        ):
            assert inset * MM_PER_POINT == pytest.approx(3, abs=1e-3)
