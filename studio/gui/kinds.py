"""The Qt side's table of kinds: how each kind is drawn (its look, :mod:`studio.render`) and
edited (its editor, :mod:`studio.gui.editors`), listed once.

The core's registry (:mod:`studio.core.kinds`) holds everything else a kind declares. Adding a
kind is one entry there and one here; a test checks that the two list the same kinds. The
drawing functions are handed a look (or :func:`looks`, for a book of several kinds) rather
than looking one up, so that drawing needs nothing from the window.
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.core.puzzle import Puzzle
from studio.gui.editors.base import KindEditor
from studio.gui.editors.fobidoshi import FobidoshiEditor
from studio.gui.editors.mosaic import MosaicEditor
from studio.gui.editors.nonogram import NonogramEditor
from studio.render import fobidoshi, mosaic, nonogram
from studio.render.scene import Look


@dataclass(frozen=True)
class QtKind:
    """How one kind appears in Qt: its look (drawing) and its editor class (the puzzle view's
    tools and panels for it)."""

    look: Look
    editor: type[KindEditor]


QT_KINDS: dict[str, QtKind] = {
    "nonogram": QtKind(nonogram.LOOK, NonogramEditor),
    "mosaic": QtKind(mosaic.LOOK, MosaicEditor),
    "fobidoshi": QtKind(fobidoshi.LOOK, FobidoshiEditor),
}
"""Each kind's Qt side, by kind name."""


def qt_kind(kind: str) -> QtKind:
    """The Qt side of ``kind`` (its name).

    Raises:
        KeyError: for a kind the table does not list (a programming error: a test checks that
            every registered kind is here).
    """
    return QT_KINDS[kind]


def looks(puzzle: Puzzle) -> Look:
    """How ``puzzle`` is drawn: the look of its kind."""
    return QT_KINDS[puzzle.kind].look
