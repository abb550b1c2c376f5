"""Fill the Book: N puzzles of each kind chosen, from easy to hard, made on a worker.

The dialog opens on the choices of its last run, kept between sessions
(:class:`studio.gui.settings.FillBookSettings`), with a new seed.

The dialog asks for the kinds and each one's size (and ink colours, for a kind whose generator
draws in colour), the puzzles per kind, the difficulty levels from and to, and the seed;
:func:`~studio.core.generate.ramp.fill_book` makes the puzzles on a
:class:`~studio.gui.workers.Batch` (processes too, once they prove slow), with progress and how
a slow puzzle is coming along. Esc or Cancel stops it and adds nothing; a level a kind cannot
reach at its size is named in the dialog, which stays open, with the levels the size reaches
and which end of the range to move (:func:`~studio.core.generate.ramp.fill_book`). ``made``
carries the puzzles.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from studio.core.cancel import CancelToken
from studio.core.contract.kind import Kind
from studio.core.generate import MAX_SIDE, MIN_SIDE, Generated, GeneratorError
from studio.core.generate.ramp import Section, fill_book
from studio.core.kinds import KINDS
from studio.gui.forms import (
    SeedBox,
    add_row,
    colours_box,
    difficulty_range,
    pair_row,
    spin_box,
)
from studio.gui.generating_dialog import GeneratingDialog, Report
from studio.gui.settings import FillBookSettings, FillKind, Settings
from studio.gui.workers import Progress

DEFAULT_SIDE = 10
"""Each kind's side to begin with (within its sizes): every kind reaches levels 1 to 3 there."""
MAX_PER_KIND = 100
"""Puzzles of one kind one run may add; scripts make more (``fill_book``)."""


@dataclass(frozen=True)
class KindRow:
    """One kind's row: ticked or not, and its fields (greyed out, labels and all, while it is
    not): its size, and its ink colours where its generator's default strategy draws in colour
    (``colours`` is ``None`` for a kind that does not)."""

    chosen: QCheckBox
    fields: QWidget
    width: QSpinBox
    height: QSpinBox
    colours: QSpinBox | None

    def choices(self) -> FillKind:
        """The row as set, to offer again."""
        colours = self.colours.value() if self.colours else 1
        return FillKind(self.chosen.isChecked(), self.width.value(), self.height.value(), colours)

    def set_choices(self, choices: FillKind) -> None:
        """Set the row as ``choices`` say, each within what the kind allows."""
        self.chosen.setChecked(choices.chosen)
        self.width.setValue(choices.width)
        self.height.setValue(choices.height)
        if self.colours is not None:
            self.colours.setValue(choices.colours)

    def section(self, name: str) -> Section:
        """The ramp's section of this kind, as set."""
        colours = self.colours.value() if self.colours else 1
        return Section(name, (self.height.value(), self.width.value()), colours=colours)

    @classmethod
    def of(cls, kind: Kind, form: QFormLayout) -> KindRow:
        """The row of ``kind``, added to ``form``: ticked, at :data:`DEFAULT_SIDE` within the
        kind's sizes, black and white."""
        spec, generator = kind.spec, kind.generator
        low, high = max(MIN_SIDE, spec.min_side), min(MAX_SIDE, spec.max_side)
        side = min(max(DEFAULT_SIDE, low), high)
        chosen = QCheckBox(spec.title)
        chosen.setChecked(True)
        width, height = spin_box(low, high, side), spin_box(low, high, side)
        row = pair_row(width, "×", height)
        colours = None
        if generator.strategies[0] in generator.colour_strategies:
            colours = colours_box(spec.max_colours)
            label = QLabel("C&olours:")
            label.setBuddy(colours)
            row.insertWidget(row.count() - 1, label)  # before the stretch
            row.insertWidget(row.count() - 1, colours)
        fields = QWidget()
        fields.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        chosen.toggled.connect(fields.setEnabled)
        form.addRow(chosen, fields)
        return cls(chosen, fields, width, height, colours)


class FillBookDialog(GeneratingDialog):
    """Kinds and sizes, puzzles per kind, difficulty from and to, seed; then fills on a worker.
    ``made`` carries the puzzles kind after kind, each kind's from easy to hard."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, "Each kind from easy to hard, added at the end of the book.")
        self.setWindowTitle("Fill the Book")
        form = QFormLayout()
        self.kinds = {kind.name: KindRow.of(kind, form) for kind in KINDS}
        self.count = spin_box(1, MAX_PER_KIND, 6)
        self.easiest, self.hardest = difficulty_range(1, 3)
        self.seed = SeedBox()
        form.addRow("&Puzzles of each kind:", self.count)
        add_row(form, "&Difficulty from:", pair_row(self.easiest, "to", self.hardest), self.easiest)
        add_row(form, "S&eed:", self.seed, self.seed.spin)

        self.fill_button = self.lay_out(form, "&Fill")
        self._settings = Settings()
        last = self._settings.fill_book_settings(self.kinds)
        for name, choices in last.kinds.items():
            self.kinds[name].set_choices(choices)
        self.count.setValue(last.count)
        self.easiest.setValue(last.easiest)
        self.hardest.setValue(last.hardest)

    def sections(self) -> list[Section]:
        """The kinds ticked, each at its size and colours, in the menu's order of kinds."""
        return [row.section(name) for name, row in self.kinds.items() if row.chosen.isChecked()]

    def start(self) -> None:
        """Fill on a worker; the dialog stays responsive, and Esc or Cancel stops it."""
        if self.batch.busy:
            return
        sections, count, seed = self.sections(), self.count.value(), self.seed.value()
        easiest, hardest = self.easiest.value(), self.hardest.value()
        jobs = os.cpu_count() or 1  # used only once puzzles prove slow
        try:  # bad requests are refused at once, before the worker
            fill_book(sections, count, seed, easiest=easiest, hardest=hardest)
        except GeneratorError as error:
            self.status.setText(str(error))
            return
        kinds = {name: row.choices() for name, row in self.kinds.items()}
        self._settings.set_fill_book_settings(FillBookSettings(kinds, count, easiest, hardest))

        def make(cancel: CancelToken, progress: Progress, report: Report) -> Iterable[Generated]:
            return fill_book(
                sections,
                count,
                seed,
                easiest=easiest,
                hardest=hardest,
                jobs=jobs,
                cancel=cancel,
                progress=progress,
                report=report,
            )

        total = count * len(sections)
        self.run(make, total, f"Making {total} puzzles…")

    def set_running(self, running: bool) -> None:
        super().set_running(running)
        for box in (self.count, self.easiest, self.hardest, self.seed):
            box.setEnabled(not running)
        for row in self.kinds.values():  # a kind not ticked keeps its fields off
            row.chosen.setEnabled(not running)
            row.fields.setEnabled(not running and row.chosen.isChecked())
