"""The Generate dialog: new unique puzzles made on a worker, with progress and Cancel; a slow
puzzle shows how it is coming along (tries, time, best candidate, what to relax). It opens on
the choices of its last run, kept between sessions (:class:`studio.gui.settings.GenerateSettings`),
with a new seed."""

from __future__ import annotations

import os
from collections.abc import Iterable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QWidget,
)

from studio.core.cancel import CancelToken
from studio.core.generate import (
    MAX_SIDE,
    MIN_SIDE,
    Generated,
    GeneratorError,
    GeneratorOptions,
)
from studio.core.generate.batch import generate_batch
from studio.core.kinds import KINDS, get_kind
from studio.gui.forms import SeedBox, add_row, colours_box, difficulty_range, pair_row, spin_box
from studio.gui.generating_dialog import GeneratingDialog, Report
from studio.gui.settings import GenerateSettings, Settings
from studio.gui.workers import Progress

MAX_TABS = 20
"""Puzzles one run may open as tabs."""
MAX_INTO_BOOK = 500
"""Puzzles one run may add to the book; scripts make more (``studio generate --book``)."""

STRATEGY_TITLES = {
    "picture": "Picture-like (smoothed noise)",
    "density": "Random cells (density)",
    "clue-stats": "Clue statistics (thesis Table 5.1)",
    "connected": "Random connected solution (Heslenfeld §4.2)",
    "random-start": "Random starting givens (Heslenfeld §4.1)",
}


class GenerateDialog(GeneratingDialog):
    """Size, strategy, density, colours, seed, line-solvable, difficulty from and to, and
    count, as the last run left them; then generates on a worker. Options that contradict each
    other (a difficulty from above the to, or above 2 with logic alone) are named in one line
    and nothing starts.

    ``made`` carries the puzzles.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Generate puzzles")
        self.width_box = spin_box(MIN_SIDE, MAX_SIDE, 15)
        self.height_box = spin_box(MIN_SIDE, MAX_SIDE, 15)
        self.kind = QComboBox()
        for kind in KINDS:
            self.kind.addItem(kind.spec.title, kind.name)
        self.strategy = QComboBox()
        # As wide as the longest strategy of any kind: choosing another kind moves nothing and
        # cuts nothing ("Random connected solution (Heslenfeld §4.2" was cut).
        titles = [
            STRATEGY_TITLES.get(name, name) for kind in KINDS for name in kind.generator.strategies
        ]
        self.strategy.setMinimumContentsLength(max(map(len, titles)))
        self.strategy.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.kind.currentIndexChanged.connect(self._fill_strategies)
        self.strategy.currentIndexChanged.connect(self._enable_options)
        self.density = QDoubleSpinBox()
        self.density.setRange(0.05, 0.95)
        self.density.setSingleStep(0.05)
        self.density.setValue(0.5)
        self.colours = colours_box(1)
        self.seed = SeedBox()
        self.logic_solvable = QCheckBox("Only puzzles that &logic alone solves")
        self.logic_solvable.setChecked(True)
        self.easiest, self.hardest = difficulty_range(1, 5)
        self._fill_strategies()
        self.count = spin_box(1, MAX_TABS, 1)
        self.into_book = QCheckBox("Add them to the &book (instead of opening tabs)")
        self.into_book.toggled.connect(
            lambda book: self.count.setMaximum(MAX_INTO_BOOK if book else MAX_TABS)
        )

        form = QFormLayout()
        size_row = pair_row(self.width_box, "×", self.height_box)
        add_row(form, "&Size (columns × rows):", size_row, self.width_box)
        form.addRow("&Kind:", self.kind)
        form.addRow("S&trategy:", self.strategy)
        form.addRow("&Density:", self.density)
        form.addRow("C&olours:", self.colours)
        add_row(form, "S&eed:", self.seed, self.seed.spin)
        form.addRow("", self.logic_solvable)
        difficulty_row = pair_row(self.easiest, "to", self.hardest)
        add_row(form, "Di&fficulty from:", difficulty_row, self.easiest)
        form.addRow("&Count:", self.count)
        form.addRow("", self.into_book)
        self.generate_button = self.lay_out(form, "&Generate")
        self._settings = Settings()
        self._set_choices(self._settings.generate_settings())
        self._refused = False  # the status line says what the choices contradict
        for box in (self.kind, self.strategy):
            box.currentIndexChanged.connect(self._check_choices)
        for spin in (self.width_box, self.height_box, self.colours, self.easiest, self.hardest):
            spin.valueChanged.connect(self._check_choices)
        self.density.valueChanged.connect(self._check_choices)
        self.logic_solvable.toggled.connect(self._check_choices)

    def _check_choices(self) -> None:
        """Once Generate has said what the choices contradict, take it back as soon as they no
        longer do (it stayed, stale), or say the new contradiction."""
        if not self._refused or self.batch.busy:
            return
        try:
            self.options()
        except GeneratorError as error:
            self.status.setText(str(error))
            return
        self._refused = False
        self.status.setText("")

    def _choices(self) -> GenerateSettings:
        """The choices as set, the seed aside."""
        return GenerateSettings(
            kind=str(self.kind.currentData()),
            strategy=str(self.strategy.currentData()),
            width=self.width_box.value(),
            height=self.height_box.value(),
            density=self.density.value(),
            colours=self.colours.value(),
            logic_solvable=self.logic_solvable.isChecked(),
            easiest=self.easiest.value(),
            hardest=self.hardest.value(),
            count=self.count.value(),
            into_book=self.into_book.isChecked(),
        )

    def _set_choices(self, choices: GenerateSettings) -> None:
        """Set ``choices``, each within what the kind allows (a kind or strategy the studio no
        longer has: the first)."""
        self.kind.setCurrentIndex(max(0, self.kind.findData(choices.kind)))
        self.strategy.setCurrentIndex(max(0, self.strategy.findData(choices.strategy)))
        self.width_box.setValue(choices.width)
        self.height_box.setValue(choices.height)
        self.density.setValue(choices.density)
        self.colours.setValue(choices.colours)
        self.logic_solvable.setChecked(choices.logic_solvable)
        self.easiest.setValue(choices.easiest)
        self.hardest.setValue(choices.hardest)
        self.into_book.setChecked(choices.into_book)  # first: it sets the count's most
        self.count.setValue(choices.count)

    def options(self) -> GeneratorOptions:
        """The options as set.

        Raises:
            GeneratorError: for options that contradict each other.
        """
        easiest, hardest = self.easiest.value(), self.hardest.value()
        return GeneratorOptions(
            shape=(self.height_box.value(), self.width_box.value()),
            kind=str(self.kind.currentData()),
            strategy=str(self.strategy.currentData()),
            density=self.density.value(),
            colours=self.colours.value() if self._draws_in_colour() else 1,
            logic_solvable=self.logic_solvable.isChecked(),
            min_difficulty=easiest if easiest > 1 else None,
            max_difficulty=hardest if hardest < 5 else None,
        )

    def adds_to_book(self) -> bool:
        """Whether the puzzles go into the window's book rather than into new windows."""
        return self.into_book.isChecked()

    def _fill_strategies(self) -> None:
        """The kind's strategies, its smallest size, and its logic."""
        kind = str(self.kind.currentData())
        self.logic_solvable.setToolTip(f"No guessing needed: {get_kind(kind).spec.logic} alone")
        self.strategy.clear()
        for name in get_kind(kind).generator.strategies:
            self.strategy.addItem(STRATEGY_TITLES.get(name, name), name)
        spec = get_kind(kind).spec
        for side in (self.width_box, self.height_box):
            side.setRange(max(MIN_SIDE, spec.min_side), min(MAX_SIDE, spec.max_side))
        self.colours.setMaximum(spec.max_colours)

    def _draws_in_colour(self) -> bool:
        generator = get_kind(str(self.kind.currentData())).generator
        return self.strategy.currentData() in generator.colour_strategies

    def _enable_options(self) -> None:
        """Density and colours only for the strategies that read them."""
        generator = get_kind(str(self.kind.currentData())).generator
        self.density.setEnabled(self.strategy.currentData() in generator.density_strategies)
        self.colours.setEnabled(self._draws_in_colour())

    def start(self) -> None:
        """Generate on a worker; the dialog stays responsive and Cancel stops it."""
        if self.batch.busy:
            return
        try:
            options = self.options()
        except GeneratorError as error:
            self.status.setText(str(error))
            self._refused = True
            return
        self._settings.set_generate_settings(self._choices())
        seed, count = self.seed.value(), self.count.value()
        jobs = os.cpu_count() or 1  # used only once puzzles prove slow

        def make(cancel: CancelToken, progress: Progress, report: Report) -> Iterable[Generated]:
            return generate_batch(
                options, seed, count, jobs=jobs, cancel=cancel, progress=progress, report=report
            )

        self.run(make, count, f"Generating {count} puzzle{'s' if count != 1 else ''}…")

    def set_running(self, running: bool) -> None:
        super().set_running(running)
        for box in (
            self.width_box,
            self.height_box,
            self.kind,
            self.strategy,
            self.density,
            self.colours,
            self.seed,
            self.logic_solvable,
            self.easiest,
            self.hardest,
            self.count,
            self.into_book,
        ):
            box.setEnabled(not running)
        if not running:
            self._enable_options()
