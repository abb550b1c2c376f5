"""The Qt side of every kind (its entry in :data:`studio.gui.kinds.QT_KINDS`: a look and an
editor), offscreen: its scene draws at thumbnail and full size, every overlay shows, and its
editor builds, a drag on the grid edits in one undo step, and it releases its headers and
actions when the view turns to another kind. That the table lists every
registered kind is tests/gui/test_kinds.py's."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
import shiboken6
from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from studio.core.document import Document
from studio.core.grid import FILLED, UNKNOWN, BoolGrid, unknown_grid
from studio.core.kinds import KINDS, get_kind
from studio.core.puzzle import Puzzle
from studio.gui.document_model import DocumentModel
from studio.gui.kinds import QT_KINDS
from studio.gui.puzzle_view import PuzzleView
from studio.render.export import draw_puzzle, thumbnail
from studio.render.grid import Layout
from studio.render.scene import Scene, draw_scene
from tests.contract import data_of, each_kind, each_sample, sample

THUMBNAIL = 48
FULL = QRectF(0, 0, 480, 360)
CELL = 32


def blank_image(width: int, height: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    return image


def full_size(puzzle: Puzzle, solution: BoolGrid | None) -> QImage:
    image = blank_image(int(FULL.width()), int(FULL.height()))
    painter = QPainter(image)
    grid = draw_puzzle(painter, FULL, puzzle, QT_KINDS[puzzle.kind].look, solution=solution)
    painter.end()
    assert FULL.contains(grid)
    assert grid.width() > 0
    return image


def scene_image(scene: Scene) -> QImage:
    height, width = scene.puzzle.shape
    image = blank_image(width * CELL + 2, height * CELL + 2)
    painter = QPainter(image)
    look = QT_KINDS[scene.puzzle.kind].look
    draw_scene(painter, Layout(scene.puzzle.shape, CELL, 1, 1), scene, look)
    painter.end()
    return image


def open_filled(puzzle: Puzzle, solution: BoolGrid) -> bool:
    """True when ``solution`` fills a cell the puzzle does not give."""
    return bool((solution & (puzzle.givens_grid() == UNKNOWN)).any())


def is_blank(image: QImage) -> bool:
    return image == blank_image(image.width(), image.height())


@each_sample
def test_the_scene_draws_at_thumbnail_and_full_size(qtbot: QtBot, name: str, label: str) -> None:
    """Something is drawn at both sizes, and the solution view differs from the puzzle view
    where the solution fills a cell that is not given."""
    del qtbot  # the fixture makes the QApplication drawing needs
    puzzle = sample(name, label)
    solutions = data_of(name).solutions(puzzle)
    solution = solutions[0] if solutions else None
    document = Document(puzzle)
    look = QT_KINDS[name].look
    small = thumbnail(document, look, THUMBNAIL)
    assert (small.width(), small.height()) == (THUMBNAIL, THUMBNAIL)
    assert not is_blank(small)
    large = full_size(puzzle, None)
    assert not is_blank(large)
    if solution is not None and open_filled(puzzle, solution):
        assert thumbnail(document, look, THUMBNAIL, solution=solution) != small
        assert full_size(puzzle, solution) != large


@each_kind
def test_every_overlay_of_the_scene_shows(qtbot: QtBot, name: str) -> None:
    """On a sample whose solution fills a cell not given: the picture, the solution, marks,
    and each overlay over every cell (variable fields, conflict, highlight, changed) change
    what is drawn."""
    del qtbot
    kind_data = data_of(name)
    puzzle, solution = next(
        (p, s[0])
        for p in kind_data.samples.values()
        if (s := kind_data.solutions(p)) and open_filled(p, s[0])
    )
    plain = scene_image(Scene(puzzle, design=True))
    assert not is_blank(plain)
    assert scene_image(Scene(puzzle, picture=solution, design=True)) != plain
    assert scene_image(Scene(puzzle, solution=solution, design=True)) != plain
    marks = unknown_grid(*puzzle.shape)
    marks[solution] = FILLED
    assert (marks != UNKNOWN).any()
    assert scene_image(Scene(puzzle, marks=marks)) != scene_image(Scene(puzzle))
    everywhere = np.ones(puzzle.shape, dtype=bool)
    base = scene_image(Scene(puzzle, picture=solution, design=True))
    for overlay in ("variable", "conflict", "highlight", "changed"):
        shown = Scene(puzzle, picture=solution, design=True, **{overlay: everywhere})
        assert scene_image(shown) != base, overlay


def released(objects: list[QObject]) -> bool:
    return not any(shiboken6.isValid(item) for item in objects)


@each_kind
def test_the_editor_builds_edits_in_one_undo_step_and_releases(qtbot: QtBot, name: str) -> None:
    kind = get_kind(name)
    side = max(4, kind.spec.min_side)
    document = kind.new_document((side, side))
    model = DocumentModel(document)
    view = PuzzleView(model)
    qtbot.addWidget(view)
    view.show()
    editor = view.editor
    assert type(editor) is QT_KINDS[name].editor
    headers = [header for header in editor.headers() if header is not None]
    made: list[QObject] = [*headers, *editor.actions()]
    for header in headers:
        assert header.parent() is not None, "a header sits in the view"

    # A left-drag over two cells, with the view's default tool.
    qtbot.mousePress(view.canvas, Qt.MouseButton.LeftButton, pos=view.cell_center(0, 0))
    qtbot.mouseMove(view.canvas, view.cell_center(0, 1))
    qtbot.mouseRelease(view.canvas, Qt.MouseButton.LeftButton, pos=view.cell_center(0, 1))
    edited = model.document
    assert edited != document
    edited.puzzle.validate()
    assert model.undo_stack.count() == 1, "a stroke is one undo step"
    model.undo_stack.undo()
    assert model.document == document

    other = next(k for k in KINDS if k.name != name)
    model.load(other.new_document((max(4, other.spec.min_side),) * 2))
    assert type(view.editor) is QT_KINDS[other.name].editor
    qtbot.waitUntil(lambda: released(made), timeout=5_000)
