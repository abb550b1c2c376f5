"""The Repair panel: verified suggestions that make an ambiguous puzzle unique.

The live analysis (:mod:`studio.gui.live_analysis`) computes the suggestions on a worker after
each analysis that finds the puzzle ambiguous (:func:`studio.core.repair.suggest_repairs`), and
the window hands them here. Hovering or selecting a
suggestion previews it on the canvas; Apply (or a double-click, or Enter) applies it as one undo
step. *Repair all* runs a whole repair (flips or givens) on a worker.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.grid import cells_text
from studio.core.kinds import get_kind
from studio.core.puzzle import Puzzle
from studio.core.repair import Repair

STRATEGY_TITLES = {
    "flips": "Change cells",  # flip in black and white, recolour in colour
    "givens": "Add givens",
    "clues": "Add clues",
}
"""The repair strategies offered by *Repair all*, with their titles."""
NO_BREAK = "\u00a0"
NAMED_CELLS = 2
"""Suggestions touching at most this many cells name them."""


def _label(repair: Repair[Puzzle], names: Sequence[str] | None) -> str:
    """What the list shows: the effect, and where for a small change (``r9 c12``, which a line
    of the list never breaks: a no-break space holds the row to its column); in colour
    (``names``, the colours' names), what each cell becomes (``r9 c12 → red``): otherwise
    "recolour 1 cell" to red and to green read the same."""
    cells = [*repair.flips, *repair.givens]
    if len(cells) > NAMED_CELLS:
        return repair.describe()
    shown = []
    for cell in cells:
        where = cells_text([cell]).replace(" ", NO_BREAK)
        becomes = f"{NO_BREAK}→{NO_BREAK}{names[int(repair.picture[cell])]}" if names else ""
        shown.append(where + becomes)
    return f"{repair.describe()}  ({', '.join(shown)})"


def _tooltip(repair: Repair[Puzzle]) -> str:
    """The whole suggestion: its effect and every cell it changes."""
    lines = [repair.describe()]
    given = repair.puzzle.spec.given
    for title, cells in (("Changes", repair.flips), (f"Adds {given}s at", repair.givens)):
        if cells:
            lines.append(f"{title}: {cells_text(cells)}")
    return "\n".join(lines)


class RepairPanel(QWidget):
    """Lists repairs; previews and applies them.

    Signals:
        preview(object): the :class:`Repair` to preview, or ``None`` to stop previewing.
        apply(object): apply this :class:`Repair` (one undo step).
        repair_all(str, bool): run a whole repair with this strategy; line-solvable too or not.
    """

    preview = Signal(object)
    apply = Signal(object)
    repair_all = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._busy: str | None = None
        """The change of the whole document under way ("Repairing"), if any."""
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.setMinimumWidth(220)
        self.suggestions = QListWidget()
        # Long suggestions wrap to the panel's width instead of being cut off.
        self.suggestions.setWordWrap(True)
        self.suggestions.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.suggestions.setResizeMode(QListView.ResizeMode.Adjust)
        self.suggestions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.suggestions.setToolTip("Verified changes that make the puzzle unique, best first")
        self.suggestions.setMouseTracking(True)
        self.suggestions.itemEntered.connect(self._hovered)
        self.suggestions.currentItemChanged.connect(self._selected)
        self.suggestions.itemActivated.connect(self._activated)
        self.apply_button = QPushButton("&Apply")
        self.apply_button.setToolTip("Apply the selected suggestion (one undo step)")
        self.apply_button.clicked.connect(self._apply_current)
        self.strategy = QComboBox()
        self.strategy.setToolTip("How Repair all makes the puzzle unique")
        self.kind = ""
        self.line_solvable = QCheckBox("and line-solvable")
        self.line_solvable.setToolTip("Repair all also makes logic alone solve the puzzle")
        self.repair_all_button = QPushButton("&Repair all")
        self.repair_all_button.setToolTip(
            "Change the puzzle until it is unique, on a worker (Esc stops; one undo step)"
        )
        self.repair_all_button.clicked.connect(self._repair_all)
        all_row = QHBoxLayout()
        all_row.addWidget(self.strategy, 1)
        all_row.addWidget(self.repair_all_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.suggestions, 1)
        layout.addWidget(self.apply_button)
        layout.addLayout(all_row)
        layout.addWidget(self.line_solvable)
        self.line_solvable.toggled.connect(self._restore)  # it may be all Repair all needs
        self.set_unique(logic_solvable=True)

    def leaveEvent(self, event: object) -> None:
        self._selected(self.suggestions.currentItem())

    # What the window tells the panel -------------------------------------------------------

    def set_kind(self, kind: str) -> None:
        """Offer the whole-repair strategies of ``kind``'s puzzles, in its words."""
        if kind == self.kind:
            return
        self.kind = kind
        self.line_solvable.setText(f"and {get_kind(kind).spec.logic_solvable}")
        self.strategy.clear()
        for name in get_kind(kind).repairs.strategies:
            if name in STRATEGY_TITLES:  # the others are kept for comparison, not offered
                self.strategy.addItem(STRATEGY_TITLES[name], name)

    def set_unique(self, logic_solvable: bool) -> None:
        """The puzzle is unique; one that logic alone does not solve can still be made to
        (Repair all with "and line-solvable" ticked, the only Repair all offered then)."""
        if logic_solvable:
            self._show("Nothing to repair: the puzzle is unique.", [], repairable=False)
            return
        word = get_kind(self.kind).spec.logic_solvable
        self._show(
            f"Unique, but not {word}: Repair all with “and {word}” ticked makes it so.",
            [],
            logic_only=True,
        )

    def set_idle(self, text: str) -> None:
        """Nothing to suggest for now (no analysis yet, no solution, an invalid puzzle)."""
        self._show(text, [], repairable=False)

    def set_searching(self, variable_fields: int) -> None:
        self._show(
            f"Ambiguous ({variable_fields} variable fields). Looking for repairs…",
            [],
            searching=True,
        )

    def set_suggestions(
        self, repairs: list[Repair[Puzzle]], names: Sequence[str] | None = None
    ) -> None:
        """List ``repairs``, best first; ``names``: the colours' names, in colour."""
        text = (
            "Hover a suggestion to preview it; double-click or Apply to use it."
            if repairs
            else "No single change helps: try Repair all."
        )
        self._show(text, repairs, names=names)

    def set_search_timed_out(self, seconds: float) -> None:
        """The search for suggestions stopped at its time limit of ``seconds``."""
        self._show(f"No suggestion found within {seconds:g} s: try Repair all.", [])

    def set_busy(self, doing: str | None) -> None:
        """While a change of the whole document runs (``doing``, e.g. ``"Repairing"``), no
        other change from here; ``None`` when it is over: the panel is as it was before (the
        change may leave the puzzle as it was, or be stopped). News that comes meanwhile (the
        search for suggestions timing out, say) is shown once it is over."""
        self._busy = doing
        self._restore()

    def repairs(self) -> list[Repair[Puzzle]]:
        """The suggestions listed, best first."""
        return [
            self.suggestions.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.suggestions.count())
        ]

    # Internals -----------------------------------------------------------------------------

    def _show(
        self,
        text: str,
        repairs: list[Repair[Puzzle]],
        *,
        searching: bool = False,
        repairable: bool = True,
        logic_only: bool = False,
        names: Sequence[str] | None = None,
    ) -> None:
        self._state = (text, searching, repairable, logic_only)
        self.suggestions.clear()
        for repair in repairs:
            item = QListWidgetItem(_label(repair, names))
            item.setToolTip(_tooltip(repair))
            item.setData(Qt.ItemDataRole.UserRole, repair)
            self.suggestions.addItem(item)
        self._restore()
        self.preview.emit(None)

    def _restore(self) -> None:
        """Text and buttons as the change under way, else the last state shown, says."""
        if self._busy is not None:
            self.summary.setText(f"{self._busy}…")
            for widget in (self.repair_all_button, self.apply_button, self.suggestions):
                widget.setEnabled(False)
            return
        text, searching, repairable, logic_only = self._state
        self.summary.setText(text)
        self.apply_button.setEnabled(self.suggestions.count() > 0)
        self.repair_all_button.setEnabled(
            repairable and (not logic_only or self.line_solvable.isChecked())
        )
        self.suggestions.setEnabled(not searching)

    def _hovered(self, item: QListWidgetItem) -> None:
        self.preview.emit(item.data(Qt.ItemDataRole.UserRole))

    def _selected(self, item: QListWidgetItem | None) -> None:
        self.preview.emit(None if item is None else item.data(Qt.ItemDataRole.UserRole))

    def _activated(self, item: QListWidgetItem) -> None:
        self.apply.emit(item.data(Qt.ItemDataRole.UserRole))

    def _apply_current(self) -> None:
        item = self.suggestions.currentItem() or self.suggestions.item(0)
        if item is not None:
            self.apply.emit(item.data(Qt.ItemDataRole.UserRole))

    def _repair_all(self) -> None:
        self.repair_all.emit(str(self.strategy.currentData()), self.line_solvable.isChecked())
