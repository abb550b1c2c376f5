"""The mosaic editor: the picture painted on the grid, its clues in the cells, and the choice of
which clues the puzzle shows.

Ctrl+click (or a click with the clue tool) shows or hides one cell's clue; *Show All Clues*
shows every clue of the picture; *Minimal Clues* drops clues, in random order, while the puzzle
keeps the chosen standard (unique, one clue at a time, clue pairs), on a worker and as one undo
step (de Jong, *Mosaic as a SAT problem*, §4.2;
:func:`studio.core.kinds.mosaic.minimal.minimal_clues`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from studio.core.cancel import CancelToken
from studio.core.document import Document
from studio.core.grid import BoolGrid, cell_name, cells_of, filled_cells
from studio.core.kinds.mosaic.logic import NO_CLUE
from studio.core.kinds.mosaic.minimal import Standard, minimal_clues
from studio.core.kinds.mosaic.puzzle import Mosaic
from studio.gui.editors.base import Cell, KindTool
from studio.gui.editors.picture import PictureEditor

if TYPE_CHECKING:
    from studio.gui.puzzle_view import PuzzleView

STANDARD_TITLES: dict[Standard, str] = {
    "unique": "Unique",
    "one-clue": "One clue at a time",
    "pairs": "Clue pairs",
}
"""What *Minimal Clues* keeps, as the Puzzle menu offers it."""


CLUE_TOOL = KindTool(
    "clue", "Cl&ue", "Click a cell to show or hide its clue (or Ctrl+click with any tool)", "C"
)


class MosaicEditor(PictureEditor):
    """Painting from :class:`PictureEditor`; which clues are shown, by the clue tool, Ctrl+click
    and the Puzzle menu's commands."""

    def __init__(self, view: PuzzleView) -> None:
        super().__init__(view)
        # Each run of Minimal Clues tries another order, reproducibly within a session.
        self._seed = 0
        self.show_all_action = QAction("Sho&w All Clues", view)
        self.show_all_action.setToolTip("Show the clue of every cell")
        self.show_all_action.triggered.connect(self.show_all_clues)
        self.minimal_action = QAction("Mi&nimal Clues", view)
        self.minimal_action.setToolTip("Drop clues while the puzzle keeps the chosen standard")
        self.minimal_action.triggered.connect(self.minimal_clues)
        self.standard_menu = QMenu("Minimal Clues &Keep", view)
        self.standards = QActionGroup(view)
        for standard, title in STANDARD_TITLES.items():
            action = self.standard_menu.addAction(f"&{title}")
            action.setCheckable(True)
            action.setData(standard)
            # A published mosaic is solved clue by clue (Tatham's standard), so that is the default.
            action.setChecked(standard == "one-clue")
            self.standards.addAction(action)

    @property
    def puzzle(self) -> Mosaic:
        puzzle = self.view.document.puzzle
        assert isinstance(puzzle, Mosaic)
        return puzzle

    def actions(self) -> list[QAction]:
        return [self.show_all_action, self.minimal_action, self.standard_menu.menuAction()]

    def tools(self) -> list[KindTool]:
        return [*super().tools(), CLUE_TOOL]

    def use_tool(self, name: str, cell: Cell) -> bool:
        if name != CLUE_TOOL.name:
            return super().use_tool(name, cell)
        self.toggle_clue(cell)
        return True

    def press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        if button == Qt.MouseButton.LeftButton and modifiers & Qt.KeyboardModifier.ControlModifier:
            self.toggle_clue(cell)
            return True
        return False

    def status(self) -> str:
        height, width = self.puzzle.shape
        return f"{int(self.puzzle.shown().sum())} of {height * width} clues shown"

    def standard(self) -> Standard:
        """What *Minimal Clues* keeps."""
        checked = self.standards.checkedAction()
        standard: Standard = checked.data() if checked is not None else "one-clue"
        return standard

    def close(self) -> None:
        for action in (self.show_all_action, self.minimal_action, self.standard_menu):
            action.deleteLater()
        super().close()

    def toggle_clue(self, cell: Cell) -> None:
        """Show ``cell``'s clue if hidden, hide it if shown: one undo step. Showing a clue needs
        a picture to count (or the solution of a puzzle known by its clues)."""
        shown = self.puzzle.shown()
        shown[cell] = not shown[cell]
        picture = self.view.picture_shown()
        if picture is not None:
            puzzle = self.puzzle.with_shown(picture, shown)
        elif not shown[cell]:
            clues = self.puzzle.clue_grid()
            clues[cell] = NO_CLUE
            puzzle = Mosaic(clues)
        else:
            self.view.message.emit(
                "A clue counts the picture: paint one, or wait for the solution, to show it"
            )
            return
        verb = "Show" if shown[cell] else "Hide"
        document = replace(self.view.document, puzzle=puzzle, picture=picture)
        self.view.model.replace(document, f"{verb} the clue of {cell_name(cell)}")

    def show_all_clues(self) -> None:
        """Show the clue of every cell (one undo step)."""
        picture = self.view.picture_shown()
        if picture is None:
            self.view.message.emit("No picture to count: paint one first")
            return
        puzzle = self.puzzle.with_shown(picture, np.ones(picture.shape, dtype=bool))
        if puzzle == self.puzzle:
            self.view.message.emit("Every clue is shown already")
            return
        document = replace(self.view.document, puzzle=puzzle, picture=picture)
        self.view.model.replace(document, "Show all clues")

    def minimal_clues(self) -> None:
        """Ask the window to drop clues while the puzzle keeps the chosen standard, starting
        from the clues shown (or from all of them, when those shown fall short); the window
        runs it on a worker, Esc stops it, and it is one undo step."""
        picture = self.view.picture_shown()
        if picture is None:
            self.view.message.emit("No picture to count: paint one first")
            return
        standard = self.standard()
        rng = np.random.default_rng(self._seed)
        self._seed += 1
        cells = cells_of(np.ones(picture.shape, dtype=bool))
        order = [cells[i] for i in rng.permutation(len(cells))]

        def change(document: Document, cancel: CancelToken) -> tuple[Document, str]:
            return minimal_document(document, filled_cells(picture), order, standard, cancel)

        self.view.change_requested.emit("Finding a minimal set of clues", change)


def minimal_document(
    document: Document,
    picture: BoolGrid,
    order: list[Cell],
    standard: Standard,
    cancel: CancelToken,
) -> tuple[Document, str]:
    """``document`` with its mosaic's clues made minimal for ``standard`` (dropped in
    ``order``), and the undo text; ``document`` itself, and why, when even every clue of
    ``picture`` falls short of ``standard``.

    Raises:
        Stopped: when ``cancel`` fires.
    """
    puzzle = document.puzzle
    assert isinstance(puzzle, Mosaic)
    for start in (puzzle.shown(), np.ones(picture.shape, dtype=bool)):
        kept = minimal_clues(picture, start, order, standard=standard, cancel=cancel)
        if kept is not None:
            minimal = puzzle.with_shown(picture, kept)
            count = int(kept.sum())
            text = f"Minimal clues ({STANDARD_TITLES[standard].lower()}): {count} clues"
            return replace(document, puzzle=minimal, picture=picture), text
    return document, (
        f"Minimal clues: even all clues fall short of “{STANDARD_TITLES[standard].lower()}”; "
        "repair the picture first"
    )
