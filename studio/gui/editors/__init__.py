"""Each kind's editor for the puzzle view (see :class:`.base.KindEditor`), by kind name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from studio.gui.editors.base import KindEditor
from studio.gui.editors.fobidoshi import FobidoshiEditor
from studio.gui.editors.mosaic import MosaicEditor
from studio.gui.editors.nonogram import NonogramEditor

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView

EDITORS: dict[str, type[KindEditor]] = {
    "nonogram": NonogramEditor,
    "mosaic": MosaicEditor,
    "fobidoshi": FobidoshiEditor,
}


def editor_for(view: PuzzleView) -> KindEditor:
    """A new editor for the kind of the document the view shows.

    Raises:
        KeyError: for a kind without an editor (a programming error).
    """
    return EDITORS[view.document.kind](view)
