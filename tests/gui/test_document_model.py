"""The open document (studio/gui/document_model.py): what it is called, and what another
program did to its file since the studio last read or wrote it."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from pytestqt.qtbot import QtBot

from studio.core import formats
from studio.core.grid import grid_from_text
from studio.core.kinds import document_of_picture
from studio.gui.document_model import DocumentModel
from studio.gui.edited import DiskFile, News
from studio.gui.main_window import blank_document

HEART = document_of_picture("nonogram", grid_from_text(["#.#", "###", ".#."]))


def test_its_name_is_its_files_else_its_title_else_the_name_it_came_with(
    qtbot: QtBot, tmp_path: Path
) -> None:
    model = DocumentModel(blank_document(3, 3), untitled="Untitled 2")
    model.load(blank_document(3, 3))
    assert model.name == "Untitled 2"
    model.load(blank_document(3, 3), name="Nonogram 3×3 #7")
    assert model.name == "Nonogram 3×3 #7"
    with qtbot.waitSignal(model.file_changed):  # the tab's text follows
        model.replace(replace(model.document, title="Heart"), "Edit properties")
    assert model.name == "Heart"
    with qtbot.waitSignal(model.file_changed):
        model.undo_stack.undo()
    assert model.name == "Nonogram 3×3 #7"
    text = tmp_path / "arrow.txt"
    text.write_text("##.\n#..\n..#\n")
    model.load(formats.load(text), source=text)
    assert (model.name, model.file, model.path) == ("arrow.txt", text, None)
    model.mark_saved(tmp_path / "arrow-2.json")
    assert (model.name, model.file) == ("arrow-2", tmp_path / "arrow-2.json")


def test_another_programs_write_is_news_once_and_the_studios_own_never(tmp_path: Path) -> None:
    path = tmp_path / "heart.json"
    formats.save(HEART, path)
    disk = DiskFile()
    disk.track(path)
    assert (disk.news(), disk.changed) == (None, False)
    formats.save(replace(HEART, title="Heart"), path)  # another program
    assert (disk.news(), disk.changed) == (News.CHANGED, True)
    assert (disk.news(), disk.changed) == (None, True), "told once; Save still asks"
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1))  # written again
    assert disk.news() == News.CHANGED
    formats.save(HEART, path)  # the studio's own save, tracked at once
    disk.track(path)
    assert (disk.news(), disk.changed) == (None, False)
    path.unlink()
    assert (disk.news(), disk.changed) == (News.REMOVED, False), "saving puts it back"
    assert disk.news() is None
    formats.save(replace(HEART, title="Another"), path)
    assert disk.news() == News.CHANGED, "another file in its place"


def test_a_document_without_a_file_has_no_news() -> None:
    disk = DiskFile()
    disk.track(None)
    assert (disk.news(), disk.changed) == (None, False)


def test_a_reload_is_one_undo_step_and_the_files_state(tmp_path: Path) -> None:
    path = tmp_path / "heart.json"
    formats.save(HEART, path)
    model = DocumentModel(HEART)
    model.load(HEART, path=path)
    model.replace(blank_document(3, 3), "Clear")
    edited = model.document
    titled = replace(HEART, title="Heart")
    formats.save(titled, path)
    model.reload(titled)
    assert (model.document, model.modified, model.disk.changed) == (titled, False, False)
    model.undo_stack.undo()
    assert (model.document, model.modified) == (edited, True)
    model.undo_stack.redo()
    model.reload(formats.load(path))  # the same again: no step
    assert model.undo_stack.count() == 2
