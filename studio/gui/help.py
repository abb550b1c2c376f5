"""The Help menu: the keyboard shortcuts, how to play each kind, and About.

The shortcuts are read from the window's menus as they are (so the list never drifts from
them), with the keys the grid takes itself; the rules come from each kind's declaration
(:attr:`~studio.core.puzzle.KindSpec.rules`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio import APP_NAME, __version__
from studio.core.kinds import KINDS

GRID_KEYS: tuple[tuple[str, str], ...] = (
    ("Arrows", "Move the keyboard's cell"),
    ("Shift+Arrows", "Paint while moving (one undo step until Shift is let go)"),
    ("Space", "Do what a click does on the keyboard's cell"),
    ("Delete", "Clear the keyboard's cell"),
    ("Ctrl+Home, Ctrl+End", "The first cell, the last cell"),
    ("Right drag", "Clear cells (paint the background)"),
    ("Shift+drag", "A straight line, with the pencil"),
    ("Ctrl+click", "Paint with the colour of the cell clicked (a mosaic: show or hide its clue)"),
    ("Ctrl+wheel", "Zoom"),
    (
        "Double click on a clue",
        "Type a nonogram line's clue, 3 1 2, in colour 3r 2 1g (Tab: the next line)",
    ),
)
"""Keys and mouse actions the grid takes itself (:meth:`PuzzleView.keyPressEvent`,
:mod:`studio.gui.strokes`), beside the menus' shortcuts."""

CREDITS = (
    "Puzzles and formats: Simon Tatham's Portable Puzzle Collection (Pattern, Mosaic); "
    "Steve Simpson's .non format and nonogram-db; Jan Wolter's webpbn XML; Otto Janko's "
    "Fobidoshi puzzles.",
    "Algorithms: N. van Oers, Pattern as an SAT problem (2024); T. de Jong, Mosaic as a SAT "
    "problem; N. Heslenfeld, Solving and generating Fobidoshi puzzles (2024); M. Patil and "
    "E. New-Schmidt, a nonogram lab report (2020).",
    "Libraries: Qt and PySide6, python-sat (PySAT), numpy, Pillow, platformdirs, Dask.",
)
"""Whose work the studio builds on (docs/algorithms.md gives each algorithm's source)."""


def fill_help_menu(menu: QMenu, window: QMainWindow) -> None:
    """Add Keyboard Shortcuts, How to Play (a page per kind) and About to ``menu``."""
    shortcuts = menu.addAction("&Keyboard Shortcuts")
    shortcuts.setShortcut(QKeySequence("Ctrl+/"))
    shortcuts.setToolTip("Every shortcut of the menus and the keys of the grid")
    shortcuts.triggered.connect(lambda: ShortcutsDialog(window).exec())
    rules = menu.addMenu("&How to Play")
    for kind in KINDS:
        action = rules.addAction(f"&{kind.spec.title}")
        action.setToolTip(f"The rules of {kind.spec.title}")
        action.triggered.connect(
            lambda _checked=False, spec=kind.spec: QMessageBox.information(
                window, f"How to play {spec.title}", spec.rules
            )
        )
    menu.addSeparator()
    about = menu.addAction(f"&About {APP_NAME}")
    about.setMenuRole(QAction.MenuRole.AboutRole)
    about.setToolTip("The version, the licence and whose work the studio builds on")
    about.triggered.connect(lambda: QMessageBox.about(window, f"About {APP_NAME}", about_text()))


def about_text() -> str:
    """What About says: the version, the licence, the credits."""
    credits = "".join(f"<p>{line}</p>" for line in CREDITS)
    return (
        f"<h3>{APP_NAME} {__version__}</h3>"
        "<p>Design grid logic puzzles, check that each has one solution, repair those that "
        "do not, and publish them in books.</p>"
        "<p>Free software under the MIT licence.</p>"
        f"{credits}"
    )


def menu_shortcuts(window: QMainWindow) -> list[tuple[str, str, str]]:
    """``(menu, command, keys)`` for every command of the window's menus that has a shortcut,
    in menu order; a command with several keys lists the one its menu shows and the others on
    a letter, digit or sign (Redo: ``Ctrl+Shift+Z, Ctrl+Y``; :func:`_on_a_letter`)."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            # The icon text: Qt's text without its letter and "...", and the fixed "Undo" and
            # "Redo", whose menu text names the step ("Undo Fill 1 cell").
            title = action.iconText()
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                walk(submenu, f"{path} ▸ {title}")
            elif action.shortcuts():
                first, *others = action.shortcuts()
                shown = [first, *filter(_on_a_letter, others)]
                native = QKeySequence.SequenceFormat.NativeText
                rows.append((path, title, ", ".join(keys.toString(native) for keys in shown)))

    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            menu.aboutToShow.emit()  # menus filled when opened (the Puzzle menu) fill now
            walk(menu, action.text().replace("&", ""))
    return rows


def _on_a_letter(keys: QKeySequence) -> bool:
    """Whether ``keys`` are on letters, digits or signs (Qt numbers those keys by their
    character, below ``Key_Escape``): a command's other keys worth listing, such as Redo's
    Ctrl+Y, and not the stand-ins that the platform adds to the standard commands on keys of
    their own (Copy's Ctrl+Insert, Undo's F14 or Undo key)."""
    # PySide6's stubs lack QKeySequence's indexing (each chord, a QKeyCombination).
    chords = [keys[index] for index in range(keys.count())]  # type: ignore[index]
    return all(chord.key().value < Qt.Key.Key_Escape.value for chord in chords)


class ShortcutsDialog(QDialog):
    """Every shortcut of the window's menus, then the keys the grid takes itself: where and
    the keys as wide as they need, what each does wrapped in the width left."""

    def __init__(self, window: QMainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Keyboard Shortcuts")
        rows = [*menu_shortcuts(window), *(("Grid", what, keys) for keys, what in GRID_KEYS)]
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Where", "What", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        for row, texts in enumerate(rows):
            for col, text in enumerate(texts):
                self.table.setItem(row, col, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The keys never cut: the long descriptions of the grid's keys wrap instead.
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(640, 560)
